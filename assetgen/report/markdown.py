"""report.md: the tables of a run and one row per answer, every model-made string escaped."""

from __future__ import annotations

import html
import re

from assetgen.report.grading import RunReport
from assetgen.report.text import spec_line
from assetgen.run.untrusted import printable

# what can open a link, an image, emphasis, code or a table cell in Markdown, and ':', '.' and '@', which
# renderers that autolink bare URLs, domains and e-mail addresses look for; '<', '>', '&': html.escape
_MARKUP = re.compile(r"([\\`*_\[\]()!~|:.@])")


def _md_escape(text: str) -> str:
    """Text as Markdown shows it literally: one line, control characters visible, Markdown punctuation
    backslash-escaped (no `[link](javascript:...)`, `![beacon](http://...)`, bare URL or domain is ever
    live) and HTML escaped."""
    one_line = printable(" ".join(str(text).split()), keep_newlines=False)
    return html.escape(_MARKUP.sub(r"\\\1", one_line), quote=False)


def _code(text: str) -> str:
    """A code span: nothing in it is Markdown, once backticks and line breaks are out."""
    return "`" + printable(" ".join(str(text).split()), keep_newlines=False).replace("`", "'") + "`"


def markdown(report: RunReport, plots: list[str]) -> str:
    info = report.info
    lines = [f"# assetgen eval: {_md_escape(info.model)}", "",
             f"Endpoint {_code(info.endpoint)} · run {_code(info.run_id)} · {_md_escape(info.started)}", ""]
    for label, summary in report.summaries.items():
        if len(report.summaries) > 1:
            lines += [f"## Thinking {label}", ""]
        lines += ["| Category | Tests | Perfect | Partial | Failed | Errors |", "|---|---|---|---|---|---|"]
        for row in [*summary.rows, summary.total]:
            name = f"**{_md_escape(row.category)}**" if row is summary.total else _md_escape(row.category)
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
        if report.spec.suspicious:
            lines += [f"**Warning:** {report.spec.suspicious}", ""]
    lines += [f"![{p}]({p})" for p in plots] + [""]
    lines += ["## Cases", "", "| Case | Thinking | Verdict | Cause | Explanation |", "|---|---|---|---|---|"]
    for record, g in report.grades:
        lines.append(f"| {_md_escape(record.case_id)} | {_md_escape(record.thinking_label)} | {g.verdict} | "
                     f"{g.cause or ''} | {_md_escape(g.explanation)} |")
    return "\n".join(lines) + "\n"
