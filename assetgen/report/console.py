"""The terminal view of a run with rich: the article's tables, and a progress bar while asking.

Every cell is a `Text` (never parsed as rich markup) of `visible` text (no escape sequence reaches the
terminal), so a model's answer or a suite's name cannot restyle or rewrite the screen.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from assetgen.report import tables
from assetgen.report.run_report import RunReport
from assetgen.report.text import spec_line
from assetgen.report.variants import worst_case, worst_grid, worst_note
from assetgen.report.visible import visible
from graders.summary import judged_line

if TYPE_CHECKING:
    from assetgen.report.compare import Comparison


def plain(text: str, style: str = "") -> Text:
    return Text(visible(text), style=style)


# the results table's verdict columns (Perfect, Partial, Failed, Errors): a count above zero in its colour
VERDICT_STYLES = {2: "green", 3: "yellow", 4: "red", 5: "magenta"}
# where stdout is a file or a pipe rich would assume 80 columns and wrap every wide table: a log keeps rows whole
PIPE_WIDTH = 200


def stdout_console() -> Console:
    """rich's console for stdout; when stdout is no terminal (and COLUMNS is not set) PIPE_WIDTH columns wide."""
    console = Console()
    if console.is_terminal or os.environ.get("COLUMNS"):
        return console
    return Console(width=PIPE_WIDTH)


def rich_table(title: str, header: list[str], rows: list[list[str]], *, total_last: bool = True,
               wrap: bool = False, styles: dict[int, str] | None = None) -> Table:
    """A compact table that fits 80 columns where the content allows: numbers never wrap, headers may;
    `wrap` for tables of long text cells; `styles` colours a column's cells that are not "0"."""
    table = Table(title=plain(title), title_justify="left", box=box.SIMPLE_HEAD, padding=(0, 1, 0, 0),
                  show_edge=False)
    for k, name in enumerate(header):
        widest = max((len(visible(row[k])) for row in rows), default=0)
        table.add_column(plain(name), justify="left" if k == 0 or wrap else "right",
                         min_width=None if wrap else min(widest, 40))
    for k, row in enumerate(rows):
        last = total_last and k == len(rows) - 1
        cells = [plain(c, " ".join(filter(None, ["bold" if last else "", (styles or {}).get(j, "") if c != "0"
                                                  else ""]))) for j, c in enumerate(row)]
        table.add_row(*cells, end_section=last and len(rows) > 1)
    return table


def _thinking_tables(thinking: tables.Thinking) -> list[Table]:
    """ON next to OFF: accuracy, then the four speed measures two at a time, so each table fits a terminal."""
    _, rows = tables.thinking_grid(thinking)
    out = [rich_table("Thinking ON vs OFF: accuracy", ["Category", "ON", "OFF", "Δ"], [r[:4] for r in rows])]
    for start in (0, 2):
        metrics = tables.METRICS[start:start + 2]
        header = ["Category"]
        for key, _, _ in metrics:
            header += [f"{tables.SHORT[key]} ON", "OFF", "ON/OFF"]
        first = 4 + 3 * start
        names = " and ".join(name for _, name, _ in metrics)
        out.append(rich_table(f"Thinking ON vs OFF: {names}, means per answer", header,
                              [[r[0], *r[first:first + 6]] for r in rows]))
    return out


def print_report(report: RunReport, console: Console | None = None) -> None:
    console = console or stdout_console()
    info = report.info
    console.print(Text.assemble(("assetgen eval", "bold"), plain(f": {info.model} at {info.endpoint} ({info.run_id})")))
    console.print(plain(tables.versions_line(report), "dim"))
    for line in tables.warnings(report):
        console.print(plain(f"!! {line}", "bold red"))
    several = len(report.summaries) > 1
    for label, summary in report.summaries.items():
        if report.scale and not summary.total.asked:  # only concurrency and context cases: their tables follow
            continue
        title = f"Results, thinking {label}" if several else "Results"
        if report.grades or not report.measured:  # a run of measurements only has no accuracy to show
            console.print(rich_table(title, *tables.results_grid(report, label), styles=VERDICT_STYLES))
            console.print(plain(tables.interval_note(report, label), "dim"))
        if summary.causes:
            console.print(plain("Causes of partial and failed answers: " +
                                ", ".join(f"{c} {n}" for c, n in summary.causes.items())))
        if summary.frames:
            console.print(plain(f"Frames: {summary.frames.message}"))
        if judged_line(summary):
            console.print(plain(judged_line(summary)))
        worst = worst_case(report, label)
        if worst:
            console.print(rich_table("Average and worst case over variants" + (f", thinking {label}" if several
                                                                               else ""), *worst_grid(worst)))
            console.print(plain(worst_note(worst)))
        consistency = tables.consistency(report, label)
        if consistency:
            console.print(rich_table(f"Consistency over {consistency.repeats} repeats" +
                                     (f", thinking {label}" if several else ""),
                                     *tables.consistency_grid(consistency)))
            if consistency.flaky:
                console.print(plain("Flaky: " + ", ".join(f"{f.case_id} {f.marks}" for f in consistency.flaky)))
        perf = Table(title=plain("Performance" + (f", thinking {label}" if several else "")), title_justify="left",
                     show_header=False)
        perf.add_column("Metric")
        perf.add_column("Value")
        for name, value in report.perf[label].line_items():
            perf.add_row(plain(name), plain(value))
        console.print(perf)
    thinking = tables.thinking(report)
    if thinking:
        for table in _thinking_tables(thinking):
            console.print(table)
        console.print(plain(tables.thinking_note(thinking)))
    _print_languages(report, console)
    for section in tables.dimensions(report):  # issue #15's text dimensions, each its own table
        console.print(rich_table(section.title, section.header, section.rows, total_last=False))
        for note in section.notes:
            console.print(plain(note, "dim"))
    if report.spec:
        console.print(plain(spec_line(report.spec)))


def _print_languages(report, console) -> None:
    """The per-language section (issue #35), when the run asked in more than one language."""
    from assetgen.report.languages import languages, languages_grid, languages_notes

    table = languages(report)
    if table is None:
        return
    console.print(rich_table("Languages: the same cases asked in each", *languages_grid(table)))
    for note in languages_notes(table):
        console.print(plain(note))


def print_comparison(result: tuple[Comparison, list[Path]], console: Console | None = None) -> None:
    """The comparison in the terminal, and where its Markdown and HTML went."""
    from assetgen.report.compare import (
        accuracy_grid,
        article_table,
        flip_grid,
        language_grid,
        language_lines,
        perf_grid,
        runs_grid,
        significance_lines,
        speed_table,
    )

    comparison, written = result
    console = console or stdout_console()
    console.print(rich_table("Runs", *runs_grid(comparison), total_last=False))
    (header, rows), notes = article_table(comparison)
    # eleven columns do not fit a terminal: speed and quality, then memory and the flag, each led by the run
    for title, columns in (("Side by side: speed, quality", range(7)),
                           ("Side by side: memory", [0, *range(7, len(header))])):
        console.print(rich_table(title, [header[k] for k in columns], [[row[k] for k in columns] for row in rows],
                                 total_last=False))
    for note in notes:
        console.print(plain(note, "dim"))
    console.print(rich_table("Accuracy by category (95% CI)", *accuracy_grid(comparison)))
    for line in significance_lines(comparison):
        console.print(plain(line, "bold"))
    if (grid := language_grid(comparison)) is not None:
        console.print(rich_table("By language (95% CI)", *grid))
        for line in language_lines(comparison):
            console.print(plain(line))
    base = comparison.baseline.name
    for side, paired in zip(comparison.sides[1:], comparison.paired, strict=True):
        for title, flips in ((f"Right with {base}, wrong with {side.name}", paired.right_to_wrong),
                             (f"Wrong with {base}, right with {side.name}", paired.wrong_to_right)):
            if flips:
                console.print(rich_table(f"{title} ({len(flips)})", *flip_grid(flips, base, side.name),
                                         total_last=False, wrap=True))
    console.print(rich_table("Performance", *perf_grid(comparison), total_last=False, wrap=True))
    if (speed := speed_table(comparison)) is not None:
        console.print(rich_table("Speed side by side", *speed, total_last=False))
    console.print(plain("written to " + ", ".join(str(p) for p in written)))


# piped (a CI log, `| tee`): a plain progress line at most this often, since a bar cannot redraw there
PIPED_PROGRESS_EVERY_S = 10.0
PROGRESS = "assetgen: asking: "  # every line the command writes to stderr starts 'assetgen: '; progress thus


class ProgressBar:
    """Progress on stderr while a run asks its questions: a rich bar on a terminal; piped, a plain line now and
    then (`assetgen: asking: 12/55 answered, 10 s`) and one at the end, so a long run is never silent in a log."""

    def __init__(self, console: Console | None = None, every_s: float = PIPED_PROGRESS_EVERY_S,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.console = console or Console(stderr=True)
        self.progress = Progress(TextColumn("asking"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                                 console=self.console, transient=True)
        self.task = None
        self.every_s, self.clock = every_s, clock
        self.started: float | None = None
        self.said: float | None = None  # when the last piped line was written

    def __enter__(self):
        if self.console.is_terminal:
            self.progress.start()
        else:  # the time a piped line gives counts from here, as the bar's does
            self.started = self.said = self.clock()
        return self

    def __call__(self, done: int, total: int) -> None:
        if not self.console.is_terminal:
            self._line(done, total)
            return
        if self.task is None:
            self.task = self.progress.add_task("asking", total=total)
        self.progress.update(self.task, completed=done)

    def _line(self, done: int, total: int) -> None:
        now = self.clock()
        if self.started is None:
            self.started = self.said = now
        if done >= total or now - self.said >= self.every_s:
            self.said = now
            self.console.print(f"{PROGRESS}{done}/{total} answered, {now - self.started:.0f} s", markup=False,
                               highlight=False, soft_wrap=True)

    def __exit__(self, *exc):
        if self.console.is_terminal:
            self.progress.stop()
        return False


def print_sweep(result, folder: Path, console: Console | None = None) -> None:
    """A sweep's levels and fits (`sweep_record.SweepResult`), and where its files are.

    The paths name the sweep folder (as given, or the default one under sweeps/), so they open from where the
    command ran; `result.run` alone is relative to that folder.
    """
    from assetgen.report.sweep_view import headline, level_rows

    console = console or stdout_console()
    console.print(plain(headline(result), "bold"))
    console.print(rich_table("Accuracy by level", *level_rows(result), total_last=False))
    for series in result.series:
        console.print(plain(series.summary))
    # soft_wrap: a long path stays on one line, so it can be copied whole
    console.print(plain(f"every answer: {folder / result.run / 'report.html'}; the figure: {folder / 'sweep.png'}"),
                  soft_wrap=True)
