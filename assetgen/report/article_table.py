"""The second seed article's side-by-side table over N runs (issue #34): one row per run, speed, quality and memory.

Speed: single-request decode tok/s (the forced-length decode of the article battery when the run has it, else the
median paced decode rate of answers sent alone) and the 4-parallel burst's aggregate tok/s; speculative decoding
on or off, with the speed-up over a run of the same model without it, the acceptance and the shape of its curve.
Quality: accuracy overall and on instruction following. Memory: the KV cache reserved and the peak used (the
Server footprint, report/footprint.py), preemptions. And the fast-but-broken flag (report/speculative.py). Every
figure comes from the existing computations; a run without one says n/a.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass

from assetgen.report import tables
from assetgen.report.footprint import fmt_bytes, fmt_share
from assetgen.report.footprint import summary as footprint_summary
from assetgen.report.performance import paced_decode_tps
from assetgen.report.run_report import RunReport
from assetgen.report.speculative import curve, shape
from assetgen.report.speed_tables import length_rows

PARALLEL = 4  # the article's "4 in parallel"
INSTRUCTIONS = "instruction_following"
NA = "n/a"

__all__ = ["ArticleRow", "article_grid", "article_notes", "article_rows"]


@dataclass
class ArticleRow:
    name: str  # "A: model"
    model: str
    decode_tps: float | None
    decode_source: str  # 'forced' or 'answers'
    parallel_tps: float | None
    spec_on: bool
    acceptance: float | None
    curve: str
    shape: str | None
    accuracy: tables.Accuracy
    instructions: tables.Accuracy | None
    kv_tokens: int | None
    kv_bytes: int | None
    peak_usage: float | None
    preemptions: float | None
    reported: bool | None  # None: no footprint recorded; False: the server reported none of the series
    broken: bool
    speedup: tuple[float, str] | None = None  # (ratio, name of the run without drafting it is measured against)


def single_decode(report: RunReport) -> tuple[float | None, str]:
    """The forced-length decode (the article's measure) when measured, else the median paced decode rate of
    answers that were alone on the run's side (no burst, or a burst of one)."""
    forced = [r.decode_tps for r in length_rows(report) if r.forced and r.decode_tps is not None]
    if forced:
        return statistics.fmean(forced), "forced"
    rates = [rate for r in report.records if r.status == "ok" and (r.burst is None or r.burst.level == 1)
             and (rate := paced_decode_tps(r))]
    return (statistics.median(rates) if rates else None), "answers"


def _parallel(report: RunReport) -> float | None:
    if not report.scale or not report.scale.concurrency:
        return None
    table = report.scale.concurrency[next(iter(report.scale.concurrency))]
    row = next((r for r in table.rows if r.level == PARALLEL), None)
    return row.aggregate_tps if row else None


def _row(name: str, report: RunReport) -> ArticleRow:
    spec = report.spec if report.spec and report.spec.active else None
    acc = tables.accuracies(report)
    decode, source = single_decode(report)
    fp = footprint_summary(report)
    cache = fp.cache if fp else None
    return ArticleRow(name, report.info.model, decode, source, _parallel(report), spec is not None,
                      spec.acceptance if spec else None, curve(spec) if spec else "", shape(spec) if spec else None,
                      acc[tables.TOTAL], acc.get(INSTRUCTIONS), cache.tokens if cache else None,
                      cache.kv_cache_memory_bytes if cache else None, fp.peak_usage if fp else None,
                      fp.preemptions if fp else None, fp.reported if fp else None,
                      bool(report.verdict and report.verdict.flagged))


def article_rows(named: list[tuple[str, RunReport]]) -> list[ArticleRow]:
    """One row per run; a run with drafting gets its speed-up over the first run of the same model without."""
    rows = [_row(name, report) for name, report in named]
    for row in rows:
        if not row.spec_on or row.decode_tps is None:
            continue
        base = next((r for r in rows if not r.spec_on and r.model == row.model and r.decode_tps), None)
        if base:
            row.speedup = (row.decode_tps / base.decode_tps, base.name.split(":")[0])
    return rows


def _tps(value: float | None) -> str:
    return NA if value is None else f"{value:.1f}"


def _accuracy(a: tables.Accuracy | None) -> str:
    return f"{a.value:.0%} ({a.right}/{a.answered})" if a and a.answered else NA


def _spec(row: ArticleRow) -> str:
    if not row.spec_on:
        return "off"
    speed = f", {row.speedup[0]:.2f}× vs {row.speedup[1]}" if row.speedup else ""
    return "on" + speed


def _acceptance(row: ArticleRow) -> str:
    if not row.spec_on or row.acceptance is None:
        return "—" if not row.spec_on else NA
    return f"{row.acceptance:.0%} ({row.curve}{', ' + row.shape if row.shape else ''})"


def _memory(row: ArticleRow) -> tuple[str, str, str]:
    if row.reported is None:
        return NA, NA, NA
    if not row.reported:
        return ("not reported",) * 3
    reserved = f"{row.kv_tokens:,} tok" if row.kv_tokens else "not reported"
    if row.kv_bytes:
        reserved += f" ({fmt_bytes(row.kv_bytes)})"
    peak = NA if row.peak_usage is None else fmt_share(row.peak_usage) + (
        f" ({row.peak_usage * row.kv_tokens:,.0f} tok)" if row.kv_tokens else "")
    return reserved, peak, NA if row.preemptions is None else f"{row.preemptions:,.0f}"


def article_grid(named: list[tuple[str, RunReport]]) -> tables.Grid:
    rows = article_rows(named)
    header = ["Run", "Decode tok/s (1 request)", f"Aggregate tok/s ({PARALLEL} parallel)", "Spec. decoding",
              "Acceptance (by position)", "Accuracy", "Instruction following", "KV reserved", "KV peak used",
              "Preemptions", "Fast but broken"]
    cells = []
    for row in rows:
        reserved, peak, preempted = _memory(row)
        cells.append([row.name, _tps(row.decode_tps) + ("" if row.decode_source == "forced" or row.decode_tps is None
                                                         else "*"),
                      _tps(row.parallel_tps), _spec(row), _acceptance(row), _accuracy(row.accuracy),
                      _accuracy(row.instructions), reserved, peak, preempted,
                      "YES" if row.broken else "no" if row.spec_on else "—"])
    return header, cells


def article_notes(named: list[tuple[str, RunReport]]) -> list[str]:
    rows = article_rows(named)
    notes = ["Decode tok/s: the forced-length generation's decode speed (TTFT excluded)"
             + ("; * the median paced decode of answers sent alone, where the run has no forced generation"
                if any(r.decode_source == "answers" and r.decode_tps is not None for r in rows) else "") + ".",
             f"Aggregate tok/s: the {PARALLEL}-request burst's output tokens over its wall time (the concurrency "
             "sweep). Speed-up: decode tok/s over the first run of the same model without drafting.",
             "KV reserved and peak used: the server's /metrics read during the run (Server footprint); the KV cache "
             "alone, not the weights nor other processes."]
    flagged = [r.name for r in rows if r.broken]
    if flagged:
        notes.append(f"Fast but broken: {', '.join(flagged)} — its speed is no result (see its report).")
    models = {r.model for r in rows}
    if len(models) == 1 and len(rows) > 1 and not any(r.spec_on for r in rows):
        notes.append("Every run asked the same model without drafting: the rows differ by build or settings only.")
    return notes
