"""What the commands print on a terminal: the renderings of `report` (rich tables of a run, a comparison, a
sweep; a probe's lines), the graders' summary, and the one-line error. `assetgen.cli` prints through here, as
it imports only the application layer."""

from __future__ import annotations

from assetgen.report.console import print_comparison, print_report, print_sweep
from assetgen.report.probe import terminal_lines as probe_lines
from assetgen.run.untrusted import printable
from graders import RULES, __version__, format_summary

__all__ = ["GRADERS", "error_line", "format_summary", "print_comparison", "print_report", "print_sweep",
           "probe_lines"]

GRADERS = f"graders {__version__} (rules {RULES})"  # the graders installed, as `assetgen grade --diff` names them


def error_line(message: str) -> str:
    """`message` as one line, with nothing a server put in it (ESC, ...) that would act on the terminal."""
    return printable(" ".join(message.split()), keep_newlines=False)
