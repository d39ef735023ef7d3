"""report.html: one self-contained page with media beside each answer, every model-made string escaped."""

from __future__ import annotations

import base64
import html
import io
from pathlib import Path

import orjson
from PIL import Image

from assetgen.dataset.records import Case
from assetgen.report.grading import RunReport
from assetgen.report.text import spec_line
from assetgen.run.untrusted import printable

MAX_SHOWN_CHARS = 64 * 1024  # of one answer or reasoning on the page; the whole is in responses.jsonl


def _text(value: str) -> str:
    """Escaped for HTML, with control and bidi characters shown as escapes (a NUL or a U+202E that
    reorders the page's text is visible as \\x00 or \\u202e, never acted on)."""
    return html.escape(printable(str(value)))


def _shown(text: str) -> str:
    if len(text) <= MAX_SHOWN_CHARS:
        return _text(text)
    return (_text(text[:MAX_SHOWN_CHARS]) +
            f"\n<i>… {len(text) - MAX_SHOWN_CHARS:,} more characters, in responses.jsonl</i>")


def _thumb(path: Path, width: int = 360) -> str:
    with Image.open(path) as image:
        image = image.convert("RGB")
        image.thumbnail((width, width))
        buffer = io.BytesIO()
        image.save(buffer, format="JPEG", quality=80)
    return "data:image/jpeg;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


def _media_html(case: Case, root: Path) -> str:
    parts = []
    for ref in case.files:
        path = root / ref.path
        if not path.exists():
            continue
        if ref.media_type == "video/mp4":
            data = base64.b64encode(path.read_bytes()).decode("ascii")
            parts.append(f'<video controls loop muted width="320" src="data:video/mp4;base64,{data}"></video>')
        elif ref.media_type.startswith("image/"):
            parts.append(f'<img alt="{html.escape(ref.role)}" src="{_thumb(path)}">')
    return "".join(parts)


CSS = """body{font-family:system-ui,sans-serif;margin:2rem;max-width:1200px;color:#222}
table{border-collapse:collapse;margin:1rem 0}td,th{border:1px solid #ccc;padding:4px 8px;text-align:left;
vertical-align:top}th{background:#f2f2f2}.case{border:1px solid #ddd;border-radius:6px;padding:1rem;margin:1rem 0}
.correct{color:#1a7f37}.partial{color:#b58100}.incorrect,.no_answer{color:#c62828}.error{color:#6a1b9a}
pre{white-space:pre-wrap;background:#f7f7f7;padding:.5rem;max-height:20rem;overflow:auto}img,video{margin:4px}"""


# the page needs nothing from outside itself: should anything slip past the escaping, no script runs and no
# image or beacon loads from elsewhere
CSP = ("<meta http-equiv='Content-Security-Policy' content=\"default-src 'none'; img-src data:; media-src data:; "
       "style-src 'unsafe-inline'\">")


def html_report(report: RunReport, run_dir: Path, plots: list[str]) -> str:
    e = _text
    root = Path(report.info.golden)
    media: dict[str, str] = {}  # per case: a case asked many times (--repeat, thinking both) is encoded once
    body = [f"<h1>assetgen eval: {e(report.info.model)}</h1>",
            f"<p>Endpoint <code>{e(report.info.endpoint)}</code> · run <code>{e(report.info.run_id)}</code></p>"]
    for label, summary in report.summaries.items():
        if len(report.summaries) > 1:
            body.append(f"<h2>Thinking {e(label)}</h2>")
        rows = "".join(f"<tr><td>{e(r.category)}</td><td>{r.tests}</td><td>{r.perfect}</td><td>{r.partial}</td>"
                       f"<td>{r.failed}</td><td>{r.errors}</td></tr>" for r in [*summary.rows, summary.total])
        body.append("<table><tr><th>Category</th><th>Tests</th><th>Perfect</th><th>Partial</th><th>Failed</th>"
                    f"<th>Errors</th></tr>{rows}</table>")
        if summary.causes:
            body.append("<p>Causes: " + e(", ".join(f"{c} {n}" for c, n in summary.causes.items())) + "</p>")
        if summary.frames:
            body.append(f"<p><b>Frames:</b> {e(summary.frames.message)}</p>")
        perf = "".join(f"<tr><td>{e(k)}</td><td>{e(v)}</td></tr>" for k, v in report.perf[label].line_items())
        body.append(f"<table>{perf}</table>")
    if report.spec:
        body.append(f"<p>{e(spec_line(report.spec))}</p>")
        if report.spec.suspicious:
            body.append(f"<p><b>Warning:</b> {e(report.spec.suspicious)}</p>")
    for plot in plots:
        data = base64.b64encode((run_dir / plot).read_bytes()).decode("ascii")
        body.append(f'<img alt="{e(plot)}" src="data:image/png;base64,{data}">')
    body.append("<h2>Cases</h2>")
    for record, g in report.grades:
        case = report.cases[record.case_id]
        if case.id not in media:
            media[case.id] = _media_html(case, root)
        truth = case.truth.value if isinstance(case.truth.value, str) else orjson.dumps(case.truth.value).decode()
        answer = record.content if record.content is not None else (record.partial_content or "")
        reasoning = (f"<details><summary>reasoning ({len(record.reasoning)} chars)</summary><pre>"
                     f"{_shown(record.reasoning)}</pre></details>") if record.reasoning else ""
        error = f"<p class='error'>{e(record.error)}</p>" if record.error else ""
        body.append(
            f"<div class='case'><h3>{e(case.id)} <small>{e(case.category)} · thinking {e(record.thinking_label)}"
            f"</small></h3>{media[case.id]}"
            f"<p><b>Prompt:</b> {e(case.prompt)}</p>"
            f"<p><b>Truth:</b> <code>{e(truth)}</code></p>{reasoning}<p><b>Answer:</b></p><pre>{_shown(answer)}</pre>"
            f"{error}<p class='{e(g.verdict)}'><b>{e(g.verdict)}</b>{' · ' + e(g.cause) if g.cause else ''}"
            f" — {e(g.explanation)}</p></div>")
    return (f"<!doctype html><html><head><meta charset='utf-8'>{CSP}<title>assetgen {e(report.info.run_id)}</title>"
            f"<style>{CSS}</style></head><body>{''.join(body)}</body></html>")
