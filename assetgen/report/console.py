"""The terminal view of a run with rich: the article's tables, and a progress bar while asking."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from assetgen.report.grading import RunReport
from assetgen.report.text import spec_line
from assetgen.run.untrusted import printable


def _safe(text: str) -> str:
    """A server's or a file's string for the terminal: control characters (ESC ...) shown as escapes,
    rich markup ('[/bold]') shown as text."""
    return escape(printable(str(text), keep_newlines=False))


def _pct(n: int, of: int) -> str:
    return f"{n} ({n / of:.0%})" if of else "0"


def print_report(report: RunReport, console: Console | None = None) -> None:
    console = console or Console()
    info = report.info
    console.print(f"[bold]assetgen eval[/bold]: {_safe(info.model)} at {_safe(info.endpoint)} ({_safe(info.run_id)})",
                  markup=True, highlight=False)
    for label, summary in report.summaries.items():
        title = "Results" if len(report.summaries) == 1 else f"Results, thinking {label}"
        table = Table(title=title, title_justify="left")
        for name in ("Category", "Tests", "Perfect", "Partial", "Failed", "Errors"):
            table.add_column(name, justify="left" if name == "Category" else "right")
        for row in summary.rows:
            table.add_row(_safe(row.category), str(row.tests), _pct(row.perfect, row.tests),
                          _pct(row.partial, row.tests), _pct(row.failed, row.tests), str(row.errors))
        t = summary.total
        table.add_row("[bold]Total[/bold]", str(t.tests), _pct(t.perfect, t.tests), _pct(t.partial, t.tests),
                      _pct(t.failed, t.tests), str(t.errors), end_section=True)
        console.print(table)
        if summary.causes:
            console.print("Causes of partial and failed answers: " +
                          ", ".join(f"{c} {n}" for c, n in summary.causes.items()), highlight=False)
        if summary.causes.get("reasoning_exhausted"):
            console.print(f"[bold red]!! {summary.causes['reasoning_exhausted']} answer(s) never started: reasoning "
                          "used the whole max_tokens budget. Raise max_tokens or turn thinking off.[/bold red]")
        if summary.frames:
            console.print(f"Frames: {_safe(summary.frames.message)}", highlight=False)
        perf = Table(title="Performance", title_justify="left", show_header=False)
        perf.add_column("Metric")
        perf.add_column("Value")
        for name, value in report.perf[label].line_items():
            perf.add_row(name, value)
        console.print(perf)
    if report.spec:
        console.print(spec_line(report.spec), highlight=False)
        if report.spec.suspicious:
            console.print(f"[bold red]!! {_safe(report.spec.suspicious)}[/bold red]")


class ProgressBar:
    """A rich progress bar on stderr while a run asks its questions (silent when stderr is no terminal)."""

    def __init__(self) -> None:
        self.console = Console(stderr=True)
        self.progress = Progress(TextColumn("asking"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                                 console=self.console, transient=True)
        self.task = None

    def __enter__(self):
        if self.console.is_terminal:
            self.progress.start()
        return self

    def __call__(self, done: int, total: int) -> None:
        if not self.console.is_terminal:
            return
        if self.task is None:
            self.task = self.progress.add_task("asking", total=total)
        self.progress.update(self.task, completed=done)

    def __exit__(self, *exc):
        if self.console.is_terminal:
            self.progress.stop()
        return False
