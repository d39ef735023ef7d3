"""Issue #15 dimensions 1-2 as the seed articles print them, computed once for every report.

1. Latency & throughput by output length: per max_tokens, the wall time, output tokens, tok/s (output tokens /
   wall time, the first article's figure) and finish_reason; then pure decode speed as the second article
   measures it: a forced 256-token generation, output tokens after the first over the time after the first
   token. When the server did not honour the forced length (it ignored min_tokens / ignore_eos, or refused
   them with a 400) the row says so instead of printing a rate.
2. Time to first token by prompt complexity: TTFT and time to the first content token (after reasoning),
   thinking ON next to OFF with their ratio (the first article's "improvement").
"""

from __future__ import annotations

import statistics
from collections import Counter
from dataclasses import dataclass, field

from assetgen.report.performance import MIN_DECODE_WINDOW_S
from assetgen.report.run_report import RunReport, label_key
from assetgen.report.section import Section
from assetgen.run.records import ResponseRecord
from graders import Grade

Pair = tuple[ResponseRecord, Grade]
LEVELS = ("short", "medium", "long")

__all__ = ["LengthRow", "TtftRow", "decode_rate", "length_rows", "speed_sections", "ttft_rows"]


def _mean(values: list[float]) -> float | None:
    return statistics.fmean(values) if values else None


def decode_rate(record: ResponseRecord) -> float | None:
    """Tokens after the first over the time after the first token (TTFT excluded), for a paced stream."""
    t, usage = record.timing, record.usage
    tokens = usage.completion_tokens if usage else None
    if t.latency_s is None or t.ttft_s is None or not tokens or tokens < 2:
        return None
    window = t.latency_s - t.ttft_s
    return (tokens - 1) / window if window >= MIN_DECODE_WINDOW_S else None


def _problem(record: ResponseRecord, grade: Grade) -> str | None:
    """Why an answer does not count as a measurement: its transport error, or the check that failed."""
    if grade.verdict == "correct":
        return None
    return record.error or grade.explanation if record.status != "ok" else grade.explanation


@dataclass
class LengthRow:
    label: str  # thinking mode
    max_tokens: int
    forced: bool
    asked: int
    wall_s: float | None = None
    ttft_s: float | None = None
    tokens: float | None = None
    tps: float | None = None  # output tokens / wall time, per answer, averaged
    decode_tps: float | None = None  # forced rows: after the first token; None when not measurable
    finishes: str = ""
    problems: list[str] = field(default_factory=list)

    @property
    def valid(self) -> int:
        return self.asked - len(self.problems)


def _row(label: str, args: dict, pairs: list[Pair]) -> LengthRow:
    row = LengthRow(label, int(args.get("max_tokens") or 0), bool(args.get("forced")), len(pairs))
    good = []
    for record, grade in pairs:
        problem = _problem(record, grade)
        if problem:
            row.problems.append(problem)
        elif record.status == "ok":
            good.append(record)
    answered = [r for r, _ in pairs if r.status == "ok"]
    row.wall_s = _mean([r.timing.latency_s for r in answered if r.timing.latency_s is not None])
    row.ttft_s = _mean([r.timing.ttft_s for r in answered if r.timing.ttft_s is not None])
    row.tokens = _mean([r.usage.completion_tokens for r in answered
                        if r.usage and r.usage.completion_tokens is not None])
    row.tps = _mean([r.usage.completion_tokens / r.timing.latency_s for r in answered
                     if r.usage and r.usage.completion_tokens and r.timing.latency_s])
    if row.forced:  # a rate only from answers whose length was really forced
        row.decode_tps = _mean([rate for r in good if (rate := decode_rate(r)) is not None])
    counts = Counter(r.finish_reason or "none" for r in answered)
    row.finishes = ", ".join(f"{k}" if n == len(answered) else f"{k} ×{n}" for k, n in counts.most_common())
    return row


def _groups(report: RunReport, category: str) -> dict[tuple[str, str], list[Pair]]:
    groups: dict[tuple[str, str], list[Pair]] = {}
    for record, grade in report.measured:
        if report.cases[record.case_id].category == category:
            groups.setdefault((record.case_id, record.thinking_label), []).append((record, grade))
    return groups


def length_rows(report: RunReport) -> list[LengthRow]:
    """Dimension 1, per thinking mode: the max_tokens ladder in order, then the forced generation(s)."""
    rows = [_row(label, report.cases[cid].grader.args, pairs)
            for (cid, label), pairs in _groups(report, "latency").items()]
    return sorted(rows, key=lambda r: (label_key(r.label), r.forced, r.max_tokens))


@dataclass
class TtftRow:
    level: str
    prompt: str
    by_mode: dict[str, tuple[float | None, float | None, int]]  # label -> (TTFT, first content token, answers)
    problems: list[str] = field(default_factory=list)

    def ratio(self) -> float | None:
        """First content token, thinking ON over OFF (the article's 'improvement')."""
        on, off = self.by_mode.get("on"), self.by_mode.get("off")
        return on[1] / off[1] if on and off and on[1] is not None and off[1] else None


def ttft_rows(report: RunReport) -> list[TtftRow]:
    """Dimension 2: per prompt complexity, TTFT and time to first content token per thinking mode."""
    rows: dict[str, TtftRow] = {}
    for (cid, label), pairs in _groups(report, "ttft").items():
        case = report.cases[cid]
        level = str(case.grader.args.get("level") or case.id)
        row = rows.setdefault(cid, TtftRow(level, case.prompt, {}))
        ok = [r for r, _ in pairs if r.status == "ok"]
        row.by_mode[label] = (_mean([r.timing.ttft_s for r in ok if r.timing.ttft_s is not None]),
                              _mean([r.timing.ttfc_s for r in ok if r.timing.ttfc_s is not None]), len(ok))
        row.problems += [f"thinking {label}: {p}" for r, g in pairs if (p := _problem(r, g))]
    order = {level: k for k, level in enumerate(LEVELS)}
    return sorted(rows.values(), key=lambda r: (order.get(r.level, len(LEVELS)), r.prompt))


def _s(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.3g}s" if value >= 1 else f"{value * 1000:.0f} ms"


def _tps(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.1f} tok/s"


def _length_section(rows: list[LengthRow], several: bool) -> Section | None:
    ladder = [r for r in rows if not r.forced]
    if not ladder:
        return None
    header = (["Thinking"] if several else []) + ["Max tokens", "Wall time", "Output tokens", "Throughput", "Finish",
                                                   "Check"]
    cells = [([r.label] if several else []) + [str(r.max_tokens), _s(r.wall_s), "n/a" if r.tokens is None else
                                                f"{r.tokens:.0f}", _tps(r.tps), r.finishes or "n/a",
                                                "ok" if not r.problems else r.problems[0]] for r in ladder]
    return Section("output-length", "Latency & throughput by output length", header, cells,
                   ["Throughput: output tokens / wall time per answer (the first seed article's tok/s). One seeded "
                    "long-form prompt; Check says whether the answer arrived within max_tokens (graders/POLICY.md 8)."])


def _decode_section(rows: list[LengthRow], several: bool) -> Section | None:
    forced = [r for r in rows if r.forced]
    if not forced:
        return None
    header = (["Thinking"] if several else []) + ["Forced tokens", "Output tokens", "TTFT", "Wall time",
                                                   "Decode speed", "Finish"]
    cells, notes = [], []
    for r in forced:
        decode = _tps(r.decode_tps) if r.decode_tps is not None else "not measured"
        cells.append(([r.label] if several else []) + [str(r.max_tokens), "n/a" if r.tokens is None else
                                                       f"{r.tokens:.0f}", _s(r.ttft_s), _s(r.wall_s), decode,
                                                       r.finishes or "n/a"])
        mode = f"thinking {r.label}: " if several else ""
        notes += [f"{mode}{p}" for p in dict.fromkeys(r.problems)]
        if r.decode_tps is None and not r.problems:
            notes.append(f"{mode}no decode rate: the answer was not streamed, or came in one burst "
                         f"(under {MIN_DECODE_WINDOW_S * 1000:g} ms after the first token)")
    return Section("pure-decode", "Pure decode speed (forced length, TTFT excluded)", header, cells,
                   ["Decode speed: output tokens after the first / (wall time - TTFT), from answers that really had "
                    "the forced length (min_tokens = max_tokens, ignore_eos; the second seed article's measure).",
                    *notes])


def _ttft_section(rows: list[TtftRow], labels: list[str]) -> Section | None:
    if not rows:
        return None
    both = {"on", "off"} <= set(labels)
    header = ["Prompt"]
    for label in labels:
        mode = f" {label.upper()}" if label in ("on", "off") else f" ({label})" if len(labels) > 1 else ""
        header += [f"TTFT{mode}", f"First content{mode}"]
    if both:
        header.append("ON/OFF")
    cells = []
    for row in rows:
        cell = [f"{row.level}: {row.prompt}"]
        for label in labels:
            ttft, ttfc, _ = row.by_mode.get(label, (None, None, 0))
            cell += [_s(ttft), _s(ttfc)]
        if both:
            ratio = row.ratio()
            cell.append("n/a" if ratio is None else f"{ratio:.1f}×")
        cells.append(cell)
    notes = ["First content: time to the first content token, after any reasoning; ON/OFF is its ratio, thinking "
             "ON over OFF (the first seed article's improvement)." if both else
             "First content: time to the first content token, after any reasoning; --thinking both puts ON next to "
             "OFF with their ratio."]
    notes += [p for row in rows for p in dict.fromkeys(row.problems)]
    return Section("ttft", "Time to first token by prompt complexity", header, cells, notes)


def speed_sections(report: RunReport) -> list[Section]:
    rows = length_rows(report)
    labels = sorted({r.thinking_label for r, _ in report.measured}, key=label_key)
    several = len(labels) > 1
    found = [_length_section(rows, several), _decode_section(rows, several), _ttft_section(ttft_rows(report), labels)]
    return [s for s in found if s is not None]
