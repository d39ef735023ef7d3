"""The plain-text report (summary.txt) and the speculative-decoding line every report shares."""

from __future__ import annotations

from assetgen.report import tables
from assetgen.report.run_report import RunReport
from assetgen.report.variants import worst_case, worst_grid, worst_note
from assetgen.report.visible import visible
from graders.summary import judged_line

__all__ = ["plain_table", "spec_line", "terminal_text"]
from assetgen.report.speculative import spec_line


def plain_table(header: list[str], rows: list[list[str]]) -> list[str]:
    """Columns padded to their widest cell; the first left-aligned, the rest right-aligned."""
    cells = [[visible(c).replace("\n", " ") for c in row] for row in [header, *rows]]
    widths = [max(len(row[k]) for row in cells) for k in range(len(header))]
    line = lambda row: "  ".join(c.ljust(w) if k == 0 else c.rjust(w)  # noqa: E731
                                 for k, (c, w) in enumerate(zip(row, widths, strict=True))).rstrip()
    return [line(cells[0]), "-" * len(line(cells[0])), *[line(row) for row in cells[1:]]]


def terminal_text(report: RunReport) -> str:
    info = report.info
    out = [visible(f"assetgen eval: {info.model} at {info.endpoint} ({info.run_id})"),
           visible(tables.versions_line(report))]
    out += [f"!! {visible(w)}" for w in tables.warnings(report)]
    for label, summary in report.summaries.items():
        if report.scale and not summary.total.asked:  # only concurrency and context cases: their tables follow
            continue
        if len(report.summaries) > 1:
            out.append(f"\n== thinking {label} ==")
        out.append("")
        if report.grades or not report.measured:  # a run of measurements only has no accuracy to show
            out += plain_table(*tables.results_grid(report, label))
            out.append(tables.interval_note(report, label))
        if summary.causes:
            out.append("Causes of partial and failed answers: " +
                       ", ".join(f"{cause} {n}" for cause, n in summary.causes.items()))
        if summary.frames:
            out.append(f"Frames: {summary.frames.message}")
        if judged_line(summary):
            out.append(visible(judged_line(summary)))
        worst = worst_case(report, label)
        if worst:
            out += ["", *plain_table(*worst_grid(worst)), worst_note(worst)]
        consistency = tables.consistency(report, label)
        if consistency:
            out += ["", f"Consistency over {consistency.repeats} repeats:",
                    *plain_table(*tables.consistency_grid(consistency))]
            if consistency.flaky:
                out.append("Flaky: " + ", ".join(f"{visible(f.case_id)} {f.marks}" for f in consistency.flaky))
        out.append("")
        out += [f"{name:<30}{visible(value)}" for name, value in report.perf[label].line_items()]
    thinking = tables.thinking(report)
    if thinking:
        out += ["", "== thinking ON vs OFF ==", *plain_table(*tables.thinking_grid(thinking)),
                tables.thinking_note(thinking)]
    out += _languages_text(report)
    for section in tables.dimensions(report):  # issue #15's text dimensions, each its own table
        out += ["", f"== {section.title} ==", *plain_table(section.header, section.rows),
                *(visible(note) for note in section.notes)]
    if report.spec:
        out.append("")
        out.append(spec_line(report.spec))
        if report.verdict and not report.verdict.flagged:
            out.append(visible(tables.headline(report) or ""))
    if report.info.metrics_error:
        out.append(visible(report.info.metrics_error))
    return "\n".join(out)



def _languages_text(report) -> list[str]:
    """The per-language section (issue #35), or nothing when one language was asked."""
    from assetgen.report.languages import languages, languages_grid, languages_notes

    table = languages(report)
    if table is None:
        return []
    return ["", "== languages: the same cases asked in each ==", *plain_table(*languages_grid(table)),
            *(visible(note) for note in languages_notes(table))]
