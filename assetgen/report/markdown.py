"""report.md: the tables of a run and one row per answer (failures first), every untrusted string escaped."""

from __future__ import annotations

import html
import re

from assetgen.report import tables
from assetgen.report.run_report import RunReport
from assetgen.report.text import spec_line
from assetgen.report.variants import worst_case, worst_grid, worst_note
from assetgen.report.visible import visible
from assetgen.run.records import ResponseRecord
from assetgen.run.toolcalls import as_text as answer_text
from graders import category_key
from graders.summary import judged_line

# brackets (links, images), backticks (code), pipes (cells), backslashes; HTML is escaped as entities.
# Emphasis marks stay: they can restyle a word but neither hide text nor link anywhere.
_MARKUP = re.compile(r"([\\`\[\]|])")
# What renderers that autolink bare URLs, domains and e-mail addresses look for (GitHub's among them): a scheme's
# '://', an '@' inside a word and a dot inside a word before a letter. Escaped there, `http://evil.example`,
# `www.evil.example` and `x@evil.example` stay text; every other ':' '@' and '.' is left alone, so times
# (06:38:34), JSON ({"color": "pink"}) and numbers (3.5) read as written
_AUTOLINK = re.compile(r":(?=//)|(?<=\w)@(?=\w)|(?<=\w)\.(?=[^\W\d])")


def md_escape(text: str) -> str:
    """Untrusted text as one literal Markdown table cell: no HTML, no links or images, no code span, no cell
    break; control characters and bidi overrides shown, not obeyed."""
    escaped = _MARKUP.sub(r"\\\1", html.escape(visible(text), quote=False))
    return _AUTOLINK.sub(lambda m: "\\" + m[0], escaped).replace("\n", " ")


def md_code(text: str) -> str:
    """Untrusted text as one inline code span, shown exactly: nothing inside a code span is markup, a link or
    HTML to a renderer, so it needs no escape (one would show); only its fence must outrun the text's own
    backticks. Not for table cells, where a '|' would still end the cell."""
    shown = visible(text).replace("\n", " ")
    fence = "`" * (max((len(run) for run in re.findall(r"`+", shown)), default=0) + 1)
    pad = " " if shown.startswith("`") or shown.endswith("`") else ""
    return f"{fence}{pad}{shown}{pad}{fence}"


def _start(record: ResponseRecord, limit: int = 120) -> str:
    text = " ".join(answer_text(record).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def md_table(header: list[str], rows: list[list[str]]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(md_escape(cell) for cell in row) + " |" for row in rows]
    return lines


def markdown(report: RunReport, plots: list[str]) -> str:
    info = report.info
    lines = [f"# assetgen eval: {md_escape(info.model)}", "",
             f"Endpoint {md_code(info.endpoint)} · run {md_code(info.run_id)} · {md_escape(info.started)}",
             "", md_escape(tables.versions_line(report)), ""]
    lines += [line for w in tables.warnings(report) for line in (f"> **Warning:** {md_escape(w)}", "")]
    several = len(report.summaries) > 1
    for label, summary in report.summaries.items():
        if report.scale and not summary.total.asked:  # only concurrency and context cases: their tables follow
            continue
        if several:
            lines += [f"## Thinking {label}", ""]
        if report.grades or not report.measured:  # a run of measurements only has no accuracy to show
            lines += [*md_table(*tables.results_grid(report, label)), "", tables.interval_note(report, label), ""]
        if summary.causes:
            lines += ["Causes: " + ", ".join(f"{c} {n}" for c, n in summary.causes.items()), ""]
        if judged_line(summary):
            lines += [md_escape(judged_line(summary)), ""]
        if summary.frames:
            lines += [f"Frames: {md_escape(summary.frames.message)}", ""]
        worst = worst_case(report, label)
        if worst:
            lines += [*md_table(*worst_grid(worst)), "", worst_note(worst), ""]
        consistency = tables.consistency(report, label)
        if consistency:
            lines += [f"### Consistency over {consistency.repeats} repeats", "",
                      *md_table(*tables.consistency_grid(consistency)), ""]
            if consistency.flaky:
                lines += ["Flaky cases (right only some of the time): " +
                          ", ".join(f"{md_code(f.case_id)} {f.marks}" for f in consistency.flaky), ""]
        lines += ["| Metric | Value |", "|---|---|"]
        lines += [f"| {k} | {md_escape(v)} |" for k, v in report.perf[label].line_items()]
        lines.append("")
    thinking = tables.thinking(report)
    if thinking:
        lines += ["## Thinking ON vs OFF", "", *md_table(*tables.thinking_grid(thinking)), "",
                  tables.thinking_note(thinking), ""]
    lines += _languages_md(report)
    for section in tables.dimensions(report):  # issue #15's text dimensions, each its own table
        lines += [f"## {section.title}", "", *md_table(section.header, section.rows), "",
                  *(line for note in section.notes for line in (md_escape(note), "")), ""]
    if report.spec:
        lines += [spec_line(report.spec), ""]
    lines += [f"![{p}]({p})" for p in plots] + [""]
    lines += ["## Cases (failures first)", ""]
    order = {cid: k for k, cid in enumerate(report.cases)}
    ranked = sorted(report.grades, key=lambda p: (tables.VERDICT_RANK.get(p[1].verdict, 0),
                                                  category_key(report.cases[p[0].case_id].category),
                                                  order[p[0].case_id], tables.label_key(p[0].thinking_label),
                                                  p[0].repeat))
    header = ["Case", "Thinking", "Repeat", "Verdict", "Cause", "Explanation", "Answer (start)"]
    rows = [[r.case_id, r.thinking_label, str(r.repeat + 1), g.verdict, g.cause or "", g.explanation, _start(r)]
            for r, g in ranked]
    lines += md_table(header, rows)
    return "\n".join(lines) + "\n"


def _languages_md(report) -> list[str]:
    """The per-language section (issue #35), or nothing when one language was asked."""
    from assetgen.report.languages import languages, languages_grid, languages_notes

    table = languages(report)
    if table is None:
        return []
    return ["## Languages: the same cases asked in each", "", *md_table(*languages_grid(table)), "",
            *(line for note in languages_notes(table) for line in (md_escape(note), ""))]
