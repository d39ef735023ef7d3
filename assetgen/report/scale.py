"""The scale dimensions' tables (#15 dimensions 3 and 4), computed once for every report:

- concurrency: per level, success, the burst's wall time, per-request latency (mean, p50, max), aggregate
  tok/s (all output tokens of the burst / its wall time), and the saturation point: the level after
  which aggregate tok/s stops growing by more than SATURATION_GAIN. Single vs the widest level, as the
  second seed article puts "single" next to "N-parallel".
- context: per case, size, prompt tokens (the server's usage, and its /tokenize count), wall time,
  prefill time (TTFT), tok/s and whether the needle was answered right; cases that could not fit the
  server's max_model_len are rows that say so.

These cases are left out of the accuracy figures (report/run_report.py); their correctness is here.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field

from assetgen.run.records import ResponseRecord
from assetgen.run.scale import CONTEXT, SCALE_CATEGORIES
from graders import Grade

Pair = tuple[ResponseRecord, Grade]
SATURATION_GAIN = 0.10
"""A level saturates the server when the next level adds no more than this fraction of aggregate tok/s."""

__all__ = ["SATURATION_GAIN", "SCALE_CATEGORIES", "ConcurrencyRow", "ConcurrencyTable", "ContextRow",
           "ContextTable", "ScaleTables", "Section", "SpeedSummary", "concurrency_grid", "concurrency_table",
           "context_grid", "context_table", "scale_tables", "sections", "speed_grid", "speed_summary"]


@dataclass
class ConcurrencyRow:
    level: int
    asked: int  # copies sent at this level (over repeats)
    ok: int
    wall_s: float | None  # the burst's wall time (release to last answer)
    latencies: list[float]  # per answered request
    output_tokens: int  # per burst (averaged over repeats)
    errors: list[str] = field(default_factory=list)
    ttfts: list[float] = field(default_factory=list)

    @property
    def aggregate_tps(self) -> float | None:
        return self.output_tokens / self.wall_s if self.wall_s and self.output_tokens else None

    @property
    def latency_mean(self) -> float | None:
        return statistics.fmean(self.latencies) if self.latencies else None

    @property
    def latency_p50(self) -> float | None:
        return statistics.median(self.latencies) if self.latencies else None

    @property
    def latency_max(self) -> float | None:
        return max(self.latencies) if self.latencies else None


@dataclass
class ConcurrencyTable:
    label: str  # thinking mode
    rows: list[ConcurrencyRow]  # by level, ascending

    @property
    def saturation(self) -> int | None:
        """The first level whose next level adds at most SATURATION_GAIN of aggregate tok/s; None if none does."""
        for row, nxt in zip(self.rows, self.rows[1:]):  # noqa: B905 - pairs of neighbours
            a, b = row.aggregate_tps, nxt.aggregate_tps
            if a and b is not None and b <= a * (1 + SATURATION_GAIN):
                return row.level
        return None

    @property
    def single(self) -> ConcurrencyRow | None:
        return next((r for r in self.rows if r.level == 1), None)

    @property
    def widest(self) -> ConcurrencyRow | None:
        return self.rows[-1] if self.rows and self.rows[-1].level > 1 else None

    def saturation_line(self) -> str:
        if len(self.rows) < 2 or not all(r.aggregate_tps for r in self.rows):
            return "Saturation: not enough levels with answers to say."
        level = self.saturation
        if level is None:
            return (f"Saturation: none up to {self.rows[-1].level} at once (each level adds more than "
                    f"{SATURATION_GAIN:.0%} aggregate tok/s).")
        nxt = next(r for r in self.rows if r.level > level)
        gain = nxt.aggregate_tps / self.row(level).aggregate_tps - 1
        return (f"Saturation at {level} at once: {nxt.level} at once adds {gain:+.0%} aggregate tok/s "
                f"(at most {SATURATION_GAIN:.0%} counts as no longer growing).")

    def row(self, level: int) -> ConcurrencyRow:
        return next(r for r in self.rows if r.level == level)

    def single_vs_widest(self) -> str | None:
        one, wide = self.single, self.widest
        if not one or not wide or not one.aggregate_tps or not wide.aggregate_tps:
            return None
        return (f"Single {one.aggregate_tps:.1f} tok/s vs {wide.level}-parallel aggregate "
                f"{wide.aggregate_tps:.1f} tok/s ({wide.aggregate_tps / one.aggregate_tps:.2g}×).")


def _tokens(record: ResponseRecord) -> int:
    return record.usage.completion_tokens or 0 if record.usage else 0


def concurrency_table(pairs: list[Pair], label: str) -> ConcurrencyTable | None:
    """Bursts of one thinking mode, one row per level (repeats of a level pooled: their bursts' wall times
    averaged, their latencies together)."""
    bursts: dict[str, list[ResponseRecord]] = {}
    for record, _ in pairs:
        if record.burst and record.thinking_label == label:
            bursts.setdefault(record.burst.id, []).append(record)
    if not bursts:
        return None
    by_level: dict[int, list[list[ResponseRecord]]] = {}
    for copies in bursts.values():
        by_level.setdefault(copies[0].burst.level, []).append(copies)
    rows = []
    for level in sorted(by_level):
        groups = by_level[level]
        copies = [r for g in groups for r in g]
        ok = [r for r in copies if r.status == "ok"]
        walls = [g[0].burst.wall_s for g in groups]
        rows.append(ConcurrencyRow(
            level=level, asked=len(copies), ok=len(ok), wall_s=statistics.fmean(walls),
            latencies=[r.timing.latency_s for r in ok if r.timing.latency_s is not None],
            output_tokens=round(sum(_tokens(r) for r in ok) / len(groups)),
            errors=sorted({r.error or "failed" for r in copies if r.status != "ok"}),
            ttfts=[r.timing.ttft_s for r in ok if r.timing.ttft_s is not None]))
    return ConcurrencyTable(label, rows)


@dataclass
class ContextRow:
    case_id: str
    size: int | None  # the case's nominal size (reference tokens)
    needle: str  # 'end' (7 × 8) or 'fact at 50%'
    prompt_tokens: int | None  # the server's usage
    counted: int | None  # counted before sending (/tokenize, or the estimate)
    counted_by: str | None
    output_tokens: int | None
    wall_s: float | None
    ttft_s: float | None  # prefill time, as a streaming client sees it
    verdict: str  # correct / incorrect / ... / 'skipped' / 'error'
    extracted: str  # what the grader read, or why not sent
    max_model_len: int | None

    @property
    def tps(self) -> float | None:
        return self.output_tokens / self.wall_s if self.output_tokens and self.wall_s else None


@dataclass
class ContextTable:
    label: str
    rows: list[ContextRow]

    @property
    def max_model_len(self) -> int | None:
        return next((r.max_model_len for r in self.rows if r.max_model_len), None)

    @property
    def reach(self) -> int | None:
        """The largest prompt (server's tokens, else counted) answered right."""
        sizes = [r.prompt_tokens or r.counted or 0 for r in self.rows if r.verdict == "correct"]
        return max(sizes) if sizes else None

    def notes(self) -> list[str]:
        out = []
        skipped = [r for r in self.rows if r.verdict == "skipped"]
        if skipped:
            out.append(f"{len(skipped)} size(s) not sent: larger than the server's max_model_len "
                       f"{self.max_model_len:,} with their max_tokens." if self.max_model_len else
                       f"{len(skipped)} size(s) not sent.")
        if any(r.counted_by == "estimate" for r in self.rows):
            out.append("Some prompt sizes were estimated (the server has no /tokenize).")
        reach = self.reach
        out.append(f"Context reach: the longest prompt answered right has {reach:,} tokens." if reach
                   else "Context reach: no needle was answered right.")
        return out


def _needle(case_scene: dict) -> str:
    if case_scene.get("needle") == "fact":
        return f"fact at {case_scene.get('depth', 0):.0%}"
    return "end (7 × 8)"


def _shown(value) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return "no answer" if value is None else str(value)


def context_table(pairs: list[Pair], cases: dict, label: str) -> ContextTable | None:
    rows = []
    for record, grade in pairs:
        case = cases.get(record.case_id)
        if case is None or case.category != CONTEXT or record.thinking_label != label:
            continue
        check = record.context
        skipped = bool(check and check.skipped)
        verdict = "skipped" if skipped else grade.verdict
        extracted = ("not sent" if skipped else
                     (record.error or "failed") if record.status != "ok" else _shown(grade.extracted))
        rows.append(ContextRow(
            case_id=record.case_id, size=case.knobs.get("tokens"), needle=_needle(case.scene),
            prompt_tokens=record.usage.prompt_tokens if record.usage else None,
            counted=check.prompt_tokens if check else None, counted_by=check.counted_by if check else None,
            output_tokens=record.usage.completion_tokens if record.usage else None,
            wall_s=record.timing.latency_s, ttft_s=record.timing.ttft_s, verdict=verdict, extracted=extracted,
            max_model_len=check.max_model_len if check else None))
    if not rows:
        return None
    rows.sort(key=lambda r: (r.size or 0, r.needle != "end (7 × 8)", r.needle, r.case_id))
    return ContextTable(label, rows)


# --- as rows of strings (terminal, summary.txt, report.md, HTML) -----------------------------------------

def _s(value: float | None, digits: str = ".2f", unit: str = "s") -> str:
    return f"{value:{digits}}{unit}" if value is not None else "n/a"


def concurrency_grid(t: ConcurrencyTable) -> tuple[list[str], list[list[str]]]:
    header = ["At once", "Success", "Wall time", "Latency mean", "p50", "max", "Aggregate tok/s", "Errors"]
    rows = [[str(r.level), f"{r.ok}/{r.asked}" + (" ✓" if r.ok == r.asked else ""), _s(r.wall_s),
             _s(r.latency_mean), _s(r.latency_p50), _s(r.latency_max), _s(r.aggregate_tps, ".1f", ""),
             f"{r.asked - r.ok}" + (f": {'; '.join(r.errors)}"[:120] if r.errors else "")] for r in t.rows]
    return header, rows


def context_grid(t: ContextTable) -> tuple[list[str], list[list[str]]]:
    header = ["Size", "Needle", "Prompt tokens", "Counted", "Output tokens", "Wall time", "Prefill (TTFT)",
              "tok/s", "Correct?"]
    rows = []
    for r in t.rows:
        counted = f"{r.counted:,} ({r.counted_by})" if r.counted is not None else "n/a"
        mark = {"correct": "✓", "skipped": "skipped:", "error": "error:"}.get(r.verdict, "✗")
        answer = r.extracted if r.verdict != "skipped" else f"over max_model_len {r.max_model_len:,}" \
            if r.max_model_len else "not sent"
        rows.append([f"~{r.size:,}" if r.size else "n/a", r.needle,
                     f"{r.prompt_tokens:,}" if r.prompt_tokens is not None else "n/a", counted,
                     f"{r.output_tokens:,}" if r.output_tokens is not None else "n/a", _s(r.wall_s), _s(r.ttft_s),
                     _s(r.tps, ".1f", ""), f"{mark} {answer}"[:80]])
    return header, rows


@dataclass
class ScaleTables:
    """Both tables per thinking mode (only the modes that have them)."""

    concurrency: dict[str, ConcurrencyTable] = field(default_factory=dict)
    context: dict[str, ContextTable] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.concurrency or self.context)

    def labels(self) -> list[str]:
        return list(dict.fromkeys([*self.concurrency, *self.context]))

    def speed(self, label: str) -> SpeedSummary:
        return speed_summary(self.concurrency.get(label), self.context.get(label))


def scale_tables(pairs: list[Pair], cases: dict, labels: list[str]) -> ScaleTables:
    out = ScaleTables()
    for label in labels:
        if (c := concurrency_table(pairs, label)) is not None:
            out.concurrency[label] = c
        if (x := context_table(pairs, cases, label)) is not None:
            out.context[label] = x
    return out


@dataclass
class SpeedSummary:
    """One run's line of the second article's side-by-side table."""

    single_tps: float | None
    widest_level: int | None
    widest_tps: float | None
    ttft_s: float | None  # mean TTFT of single requests (concurrency 1, else the smallest context sizes)
    reach: int | None
    max_model_len: int | None
    measured_context: bool = False  # the run has context cases (reach None then means none answered right)


def speed_summary(concurrency: ConcurrencyTable | None, context: ContextTable | None) -> SpeedSummary:
    one = concurrency.single if concurrency else None
    wide = concurrency.widest if concurrency else None
    ttfts = list(one.ttfts) if one else []
    if not ttfts and context:
        ttfts = [r.ttft_s for r in context.rows if r.ttft_s is not None and (r.size or 0) <= 1_000]
    return SpeedSummary(one.aggregate_tps if one else None, wide.level if wide else None,
                        wide.aggregate_tps if wide else None, statistics.fmean(ttfts) if ttfts else None,
                        context.reach if context else None, context.max_model_len if context else None,
                        context is not None)


@dataclass
class Section:
    """One table of a report section: its title, header, rows and the lines under it."""

    title: str
    header: list[str]
    rows: list[list[str]]
    notes: list[str]


def sections(scale: ScaleTables | None) -> list[Section]:
    """The concurrency and context tables as every report shows them (terminal, summary.txt, report.md, HTML)."""
    if not scale:
        return []
    out = []
    several = len(scale.labels()) > 1
    for label, table in scale.concurrency.items():
        notes = [table.saturation_line()]
        if (line := table.single_vs_widest()) is not None:
            notes.append(line)
        notes.append("Each level is one burst of identical requests released together with nothing else in flight; "
                     "aggregate tok/s is the burst's output tokens over its wall time.")
        out.append(Section("Concurrency" + (f", thinking {label}" if several else ""), *concurrency_grid(table), notes))
    for label, table in scale.context.items():
        notes = [*table.notes(), "Prompt tokens: the server's usage; Counted: before sending (/tokenize or the "
                 "case's estimate); Prefill is the time to the first token; tok/s = output tokens / wall time."]
        out.append(Section("Context length" + (f", thinking {label}" if several else ""), *context_grid(table), notes))
    return out


def speed_grid(columns: list[tuple[str, ScaleTables | None]]) -> tuple[list[str], list[list[str]]] | None:
    """The second seed article's side-by-side speed table: one column per run (its model), rows single tok/s,
    N-parallel aggregate tok/s, TTFT, context reach. None when no run has a concurrency or context table."""
    if not any(scale for _, scale in columns):
        return None
    speeds = [scale.speed(scale.labels()[0]) if scale else None for _, scale in columns]
    levels = sorted({s.widest_level for s in speeds if s and s.widest_level})
    parallel = f"{levels[0]}-parallel" if len(levels) == 1 else "N-parallel"
    na = "n/a"

    def cell(s: SpeedSummary | None, what: str) -> str:
        if s is None:
            return na
        if what == "single":
            return _s(s.single_tps, ".1f", " tok/s")
        if what == "parallel":
            if s.widest_tps is None:
                return na
            ratio = f" ({s.widest_tps / s.single_tps:.2g}×)" if s.single_tps else ""
            return f"{s.widest_tps:.1f} tok/s" + ("" if len(levels) == 1 else f" at {s.widest_level}") + ratio
        if what == "ttft":
            return _s(s.ttft_s, ".3f")
        if what == "reach":
            return f"{s.reach:,} tokens" if s.reach else "none answered right" if s.measured_context else na
        return f"{s.max_model_len:,}" if s.max_model_len else na

    header = ["", *[name for name, _ in columns]]
    rows = [[title, *[cell(s, what) for s in speeds]] for title, what in (
        ("Single (1 request) tok/s", "single"), (f"{parallel} aggregate tok/s", "parallel"),
        ("TTFT, single request", "ttft"), ("Context reach (longest right)", "reach"),
        ("max_model_len", "limit"))]
    return header, rows
