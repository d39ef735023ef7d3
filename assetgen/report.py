"""Grade a run and report it: terminal tables, report.md, a self-contained report.html, plots."""

from __future__ import annotations

import base64
import html
import io
import statistics
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import orjson
from PIL import Image

from assetgen.figures import figure_pixels, new_figure
from assetgen.golden import load_golden
from assetgen.imaging import png_bytes
from assetgen.metrics import SpecDecode, spec_decode
from assetgen.records import Case
from assetgen.runner import latest, read_responses
from assetgen.runrecords import ResponseRecord, RunGrade, RunInfo, read_run_info
from graders import Grade, Summary, format_summary, grade, summarize


@dataclass
class Performance:
    requests: int
    ok: int
    wall_s: float
    latencies: list[float]
    ttfts: list[float]
    ttfcs: list[float]
    request_tps: list[float]  # output tokens / latency, per answer: the article's "tok/s"
    decode_tps: list[float]  # output tokens / (latency - TTFT), per streamed answer
    output_tokens: int
    run_wall_s: float | None = None  # the whole run's time, when this table covers one of its modes

    def line_items(self) -> list[tuple[str, str]]:
        def stat(values: list[float], unit: str = "s") -> str:
            if not values:
                return "n/a"
            ordered = sorted(values)
            p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
            return f"avg {statistics.fmean(values):.3g}{unit}, p50 {statistics.median(values):.3g}{unit}, " \
                   f"p95 {p95:.3g}{unit}"
        return [
            ("Total requests", str(self.requests)),
            ("Total time", f"{self.wall_s:.1f}s" + (f" (an even share of the {self.run_wall_s:.1f}s run)"
                                                    if self.run_wall_s else "")),
            ("Latency", stat(self.latencies)),
            ("TTFT", stat(self.ttfts)),
            ("Time to first content token", stat(self.ttfcs)),
            ("Average throughput", f"{statistics.fmean(self.request_tps):.1f} tok/s per request (output tokens "
             "/ latency)" if self.request_tps else "n/a"),
            # a median: a server that sends a whole answer in one chunk has a near-zero decode time
            ("Decode speed", f"median {statistics.median(self.decode_tps):.1f} tok/s after the first token"
             if self.decode_tps else "n/a"),
            ("Run throughput", f"{self.output_tokens / self.wall_s:.1f} output tok/s over the run"
             if self.wall_s else "n/a"),
            ("Total output tokens", str(self.output_tokens)),
            ("API success rate", f"{self.ok / self.requests:.0%}" if self.requests else "n/a"),
        ]


def performance(records: list[ResponseRecord], wall_s: float, run_wall_s: float | None = None) -> Performance:
    ok = [r for r in records if r.status == "ok"]
    pick = lambda attr: [getattr(r.timing, attr) for r in ok if getattr(r.timing, attr) is not None]  # noqa: E731
    tokens = sum((r.usage.completion_tokens or 0) for r in ok if r.usage)
    request_tps = [r.usage.completion_tokens / r.timing.latency_s for r in ok
                   if r.usage and r.usage.completion_tokens and r.timing.latency_s]
    return Performance(len(records), len(ok), wall_s, pick("latency_s"), pick("ttft_s"), pick("ttfc_s"),
                       request_tps, pick("decode_tps"), tokens, run_wall_s)


@dataclass
class RunReport:
    info: RunInfo
    cases: dict[str, Case]
    records: list[ResponseRecord]
    grades: list[tuple[ResponseRecord, Grade]]
    summaries: dict[str, Summary]  # by thinking label
    perf: dict[str, Performance]
    spec: SpecDecode | None

    @property
    def accuracy(self) -> float:
        answered = [g for _, g in self.grades if g.verdict != "error"]
        return sum(g.verdict == "correct" for g in answered) / len(answered) if answered else 0.0


def grade_run(run_dir: Path, golden: Path | None = None) -> RunReport:
    """Grade every latest answer of a run (a separate pass: no model is called) and write grades.jsonl."""
    info = read_run_info(run_dir)
    root = golden or Path(info.golden)
    cases = {c.id: c for c in load_golden(root)}
    records = [r for r in latest(read_responses(run_dir / "responses.jsonl")).values() if r.case_id in cases]
    graded = [(r, grade(cases[r.case_id], r)) for r in records]
    lines = [RunGrade(key=r.key, repeat=r.repeat, thinking_label=r.thinking_label, grade=g.model_dump()).model_dump()
             for r, g in graded]
    (run_dir / "grades.jsonl").write_bytes(b"".join(orjson.dumps(line) + b"\n" for line in lines))
    labels = sorted({r.thinking_label for r in records}) or ["server-default"]
    summaries = {label: summarize(cases, [g for r, g in graded if r.thinking_label == label]) for label in labels}
    # modes share one request pool, so the run's time is not split by mode on the clock: each gets an even share
    share = (info.wall_s or 0.0) / max(1, len(labels))
    whole = info.wall_s if len(labels) > 1 else None
    perf = {label: performance([r for r in records if r.thinking_label == label], share, whole) for label in labels}
    degenerate = sum(g.cause == "degenerate_repetition" for _, g in graded)
    spec = spec_decode(info.metrics_before, info.metrics_after, degenerate)
    return RunReport(info, cases, records, graded, summaries, perf, spec)


def terminal_text(report: RunReport) -> str:
    out = [f"assetgen eval: {report.info.model} at {report.info.endpoint} ({report.info.run_id})"]
    for label, summary in report.summaries.items():
        if len(report.summaries) > 1:
            out.append(f"\n== thinking {label} ==")
        out.append("")
        out.append(format_summary(summary))
        out.append("")
        out += [f"{name:<30}{value}" for name, value in report.perf[label].line_items()]
    if report.spec:
        out.append("")
        out.append(spec_line(report.spec))
        if report.spec.suspicious:
            out.append(f"!! {report.spec.suspicious}")
    return "\n".join(out)


def spec_line(spec: SpecDecode) -> str:
    positions = ", ".join(f"@{k} {v:.1%}" for k, v in enumerate(spec.per_position))
    rate = f"{spec.acceptance:.1%}" if spec.acceptance is not None else "n/a"
    return (f"Speculative decoding: {spec.drafts:.0f} drafts, {spec.draft_tokens:.0f} draft tokens, "
            f"{spec.accepted_tokens:.0f} accepted: acceptance {rate}" + (f" ({positions})" if positions else ""))


# --- plots -----------------------------------------------------------------------------------------------

def _plot_accuracy(summary: Summary) -> bytes:
    figure = new_figure(720, 360)
    axes = figure.add_axes((0.28, 0.14, 0.68, 0.76))
    rows = summary.rows
    names = [r.category for r in rows]
    tests = [max(1, r.tests) for r in rows]
    perfect = [r.perfect / t for r, t in zip(rows, tests, strict=True)]
    partial = [r.partial / t for r, t in zip(rows, tests, strict=True)]
    failed = [r.failed / t for r, t in zip(rows, tests, strict=True)]
    y = range(len(rows))
    axes.barh(y, perfect, color=(0.2, 0.6, 0.3), label="perfect")
    axes.barh(y, partial, left=perfect, color=(0.95, 0.7, 0.2), label="partial")
    axes.barh(y, failed, left=[a + b for a, b in zip(perfect, partial, strict=True)], color=(0.8, 0.25, 0.2),
              label="failed")
    axes.set_yticks(list(y), names)
    axes.set_xlim(0, 1)
    axes.set_title("Answers by category")
    axes.legend(loc="lower right", fontsize=8)
    return png_bytes(figure_pixels(figure))


def _plot_histogram(values: dict[str, list[float]], title: str) -> bytes:
    figure = new_figure(560, 300)
    axes = figure.add_axes((0.12, 0.16, 0.84, 0.72))
    everything = [v for data in values.values() for v in data]
    if everything:
        # one set of bin edges for every label, so thinking on and off overlay bar for bar
        edges = np.histogram_bin_edges(everything, bins=min(30, max(5, len(everything) // 2)))
        for label, data in values.items():
            if data:
                axes.hist(data, bins=edges, alpha=0.6, label=label)
    axes.set_title(title)
    axes.set_xlabel("seconds")
    axes.set_ylabel("answers")
    if len(values) > 1:
        axes.legend(fontsize=8)
    return png_bytes(figure_pixels(figure))


def _plot_thinking(report: RunReport) -> bytes:
    labels = list(report.summaries)
    metrics = {
        "accuracy": [report.summaries[m].accuracy for m in labels],
        "avg latency (s)": [statistics.fmean(report.perf[m].latencies) if report.perf[m].latencies else 0
                            for m in labels],
        "output tokens / answer": [report.perf[m].output_tokens / max(1, report.perf[m].ok) for m in labels],
    }
    figure = new_figure(900, 300)
    for k, (name, values) in enumerate(metrics.items()):
        axes = figure.add_axes((0.06 + k * 0.33, 0.15, 0.26, 0.7))
        axes.bar(labels, values, color=[(0.3, 0.45, 0.8), (0.85, 0.5, 0.2)][: len(labels)])
        axes.set_title(name, fontsize=10)
    return png_bytes(figure_pixels(figure))


def write_plots(report: RunReport, run_dir: Path) -> list[str]:
    plots = run_dir / "plots"
    plots.mkdir(exist_ok=True)
    first = next(iter(report.summaries.values()))
    files = {"accuracy.png": _plot_accuracy(first),
             "latency.png": _plot_histogram({m: p.latencies for m, p in report.perf.items()}, "Latency"),
             "ttft.png": _plot_histogram({m: p.ttfts for m, p in report.perf.items()}, "Time to first token")}
    if len(report.summaries) > 1:
        files["thinking.png"] = _plot_thinking(report)
    for name, data in files.items():
        (plots / name).write_bytes(data)
    return [f"plots/{name}" for name in files]


# --- markdown and html -----------------------------------------------------------------------------------

def _md_escape(text: str) -> str:
    return html.escape(text).replace("|", "\\|").replace("\n", " ")


def markdown(report: RunReport, plots: list[str]) -> str:
    lines = [f"# assetgen eval: {_md_escape(report.info.model)}", "",
             f"Endpoint `{report.info.endpoint}` · run `{report.info.run_id}` · {report.info.started}", ""]
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
        if report.spec.suspicious:
            lines += [f"**Warning:** {report.spec.suspicious}", ""]
    lines += [f"![{p}]({p})" for p in plots] + [""]
    lines += ["## Cases", "", "| Case | Thinking | Verdict | Cause | Explanation |", "|---|---|---|---|---|"]
    for record, g in report.grades:
        lines.append(f"| {record.case_id} | {record.thinking_label} | {g.verdict} | {g.cause or ''} | "
                     f"{_md_escape(g.explanation)} |")
    return "\n".join(lines) + "\n"


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


def html_report(report: RunReport, run_dir: Path, plots: list[str]) -> str:
    e = html.escape
    root = Path(report.info.golden)
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
        truth = case.truth.value if isinstance(case.truth.value, str) else orjson.dumps(case.truth.value).decode()
        answer = record.content if record.content is not None else (record.partial_content or "")
        reasoning = (f"<details><summary>reasoning ({len(record.reasoning)} chars)</summary><pre>"
                     f"{e(record.reasoning)}</pre></details>") if record.reasoning else ""
        error = f"<p class='error'>{e(record.error)}</p>" if record.error else ""
        body.append(
            f"<div class='case'><h3>{e(case.id)} <small>{e(case.category)} · thinking {e(record.thinking_label)}"
            f"</small></h3>{_media_html(case, root)}<p><b>Prompt:</b> {e(case.prompt)}</p>"
            f"<p><b>Truth:</b> <code>{e(truth)}</code></p>{reasoning}<p><b>Answer:</b></p><pre>{e(answer)}</pre>"
            f"{error}<p class='{e(g.verdict)}'><b>{e(g.verdict)}</b>{' · ' + e(g.cause) if g.cause else ''}"
            f" — {e(g.explanation)}</p></div>")
    return (f"<!doctype html><html><head><meta charset='utf-8'><title>assetgen {e(report.info.run_id)}</title>"
            f"<style>{CSS}</style></head><body>{''.join(body)}</body></html>")


def write_reports(run_dir: Path, golden: Path | None = None) -> RunReport:
    report = grade_run(run_dir, golden)
    plots = write_plots(report, run_dir)
    (run_dir / "report.md").write_text(markdown(report, plots), encoding="utf-8")
    (run_dir / "report.html").write_text(html_report(report, run_dir, plots), encoding="utf-8")
    (run_dir / "summary.txt").write_text(terminal_text(report) + "\n", encoding="utf-8")
    return report


def compare(a: RunReport, b: RunReport) -> str:
    """An A/B table: per category perfect rates, and performance side by side."""
    sa, sb = next(iter(a.summaries.values())), next(iter(b.summaries.values()))
    rows_a = {r.category: r for r in sa.rows}
    rows_b = {r.category: r for r in sb.rows}
    lines = [f"| Category | A: {a.info.run_id} | B: {b.info.run_id} | Δ |", "|---|---|---|---|"]
    for category in [*rows_a, *[c for c in rows_b if c not in rows_a]]:
        ra, rb = rows_a.get(category), rows_b.get(category)
        pa = ra.perfect / ra.tests if ra and ra.tests else None
        pb = rb.perfect / rb.tests if rb and rb.tests else None
        delta = f"{(pb - pa) * 100:+.0f} pts" if pa is not None and pb is not None else ""
        fmt = lambda p, r: f"{r.perfect}/{r.tests} ({p:.0%})" if r and p is not None else "n/a"  # noqa: E731
        lines.append(f"| {category} | {fmt(pa, ra)} | {fmt(pb, rb)} | {delta} |")
    lines.append(f"| **total** | {sa.total.perfect}/{sa.total.tests} | {sb.total.perfect}/{sb.total.tests} | "
                 f"{(sb.accuracy - sa.accuracy) * 100:+.0f} pts |")
    pa_, pb_ = next(iter(a.perf.values())).line_items(), next(iter(b.perf.values())).line_items()
    lines += ["", "| Metric | A | B |", "|---|---|---|"]
    lines += [f"| {name} | {va} | {vb} |" for (name, va), (_, vb) in zip(pa_, pb_, strict=True)]
    return "\n".join(lines) + "\n"
