"""report.md: the tables of a run and one row per answer, every model-made string escaped."""

from __future__ import annotations

import html

from assetgen.report.grading import RunReport
from assetgen.report.text import headline, spec_line


def _md_escape(text: str) -> str:
    return html.escape(text).replace("|", "\\|").replace("\n", " ")


def markdown(report: RunReport, plots: list[str]) -> str:
    lines = [f"# assetgen eval: {_md_escape(report.info.model)}", "",
             f"Endpoint `{report.info.endpoint}` · run `{report.info.run_id}` · {report.info.started}", ""]
    if headline(report):
        lines += [f"**{_md_escape(headline(report))}**", ""]
    for label, summary in report.summaries.items():
        if len(report.summaries) > 1:
            lines += [f"## Thinking {label}", ""]
        lines += ["| Category | Tests | Perfect | Partial | Failed | Errors |", "|---|---|---|---|---|---|"]
        for row in [*summary.rows, summary.total]:
            name = f"**{row.category}**" if row is summary.total else row.category
            lines.append(f"| {name} | {row.tests} | {row.perfect} | {row.partial} | {row.failed} | {row.errors} |")
        lines.append("")
        if summary.causes:
            lines += ["Causes: " + ", ".join(f"{c} {n}" for c, n in summary.causes.items()), ""]
        if summary.frames:
            lines += [f"Frames: {summary.frames.message}", ""]
        lines += ["| Metric | Value |", "|---|---|"]
        lines += [f"| {k} | {v} |" for k, v in report.perf[label].line_items()]
        lines.append("")
    if report.spec:
        lines += [spec_line(report.spec), ""]
    lines += [f"![{p}]({p})" for p in plots] + [""]
    lines += ["## Cases", "", "| Case | Thinking | Verdict | Cause | Explanation |", "|---|---|---|---|---|"]
    for record, g in report.grades:
        lines.append(f"| {record.case_id} | {record.thinking_label} | {g.verdict} | {g.cause or ''} | "
                     f"{_md_escape(g.explanation)} |")
    return "\n".join(lines) + "\n"
