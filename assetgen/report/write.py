"""Write all the reports of a graded run: plots/, report.md, report.html, summary.txt (grading is
`assetgen.app.grading`; `assetgen.app.report` does both)."""

from __future__ import annotations

from pathlib import Path

from assetgen.report.html import html_report
from assetgen.report.markdown import markdown
from assetgen.report.plots import write_plots
from assetgen.report.run_report import RunReport
from assetgen.report.text import terminal_text
from assetgen.run.files import write_atomic


def write_pages(report: RunReport, run_dir: Path) -> None:
    """Render `report` into `run_dir`: its plots, then report.md, report.html and summary.txt."""
    plots = write_plots(report, run_dir)
    # each file whole or not at all: a kill mid-write leaves the previous version, never a torn one
    write_atomic(run_dir / "report.md", markdown(report, plots))
    write_atomic(run_dir / "report.html", html_report(report, run_dir, plots))
    write_atomic(run_dir / "summary.txt", terminal_text(report) + "\n")
