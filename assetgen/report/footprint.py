"""Server footprint (issue #34): what the server held while it answered, beside the speed figures.

Computed once from footprint.json (run/footprint.py) for the terminal, summary.txt, report.md and the viewer:
the KV cache the server reserved, its peak and mean usage, the requests running and waiting at their peak,
preemptions, the prefix-cache hit rate, the peak usage per dimension of the article battery (each concurrency
level, the longest context sent), and the headroom: from the peak, the KV tokens the run needed and the smallest
reservation that would have held them with MARGIN to spare.

The headroom is an estimate of the KV cache alone. vLLM's usage is counted in blocks (a block is in use as soon
as one token of it is), so tokens needed = peak usage x reserved tokens, rounded up to whole blocks, is what the
cache held, not what the model strictly needed. The server does not report the weights' memory, activations,
CUDA graphs or what other processes use, so nothing here is a measured memory figure beyond the reservation
it reports.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from assetgen.report.run_report import RunReport
from assetgen.report.section import Section
from assetgen.run.footprint import CacheConfig, Footprint, FootprintSample

MARGIN = 0.20
"""Room kept above the peak in the smallest reservation suggested (bursts the run did not send, longer answers)."""
NOT_REPORTED = "not reported"

__all__ = ["MARGIN", "NOT_REPORTED", "Headroom", "Summary", "fmt_bytes", "fmt_share", "footprint_section", "headroom",
           "summary", "timeline"]


@dataclass
class Headroom:
    peak_usage: float
    reserved_tokens: int
    block_size: int | None
    needed_tokens: int  # peak usage x reserved tokens, rounded up to whole blocks
    margin_tokens: int  # needed x (1 + MARGIN), rounded up to whole blocks
    one_request: int | None  # tokens of one full-context request (reserved / the server's max concurrency)
    reserved_bytes: int | None

    @property
    def suggested_tokens(self) -> int:
        """The margin's reservation, but never below one full-context request (vLLM would not start)."""
        return max(self.margin_tokens, self.one_request or 0)

    @property
    def suggested_bytes(self) -> int | None:
        """The suggested tokens at the reservation's bytes per token."""
        if not self.reserved_bytes:
            return None
        return math.ceil(self.suggested_tokens * self.reserved_bytes / self.reserved_tokens)

    @property
    def share(self) -> float:
        """The suggested reservation as a share of the reservation now."""
        return self.suggested_tokens / self.reserved_tokens

    def arithmetic(self) -> list[str]:
        block = f", rounded up to whole blocks of {self.block_size}" if self.block_size else ""
        lines = [f"Needed: peak usage {fmt_share(self.peak_usage)} × {self.reserved_tokens:,} reserved tokens = "
                 f"{self.peak_usage * self.reserved_tokens:,.0f}{block} → {self.needed_tokens:,} tokens.",
                 f"With {MARGIN:.0%} margin: {self.needed_tokens:,} × {1 + MARGIN:g}{block} → "
                 f"{self.margin_tokens:,} tokens."]
        if self.one_request:
            lines.append(f"vLLM refuses to start when the cache cannot hold one request of the full context: "
                         f"{self.reserved_tokens:,} / the server's max concurrency = {self.one_request:,} tokens, "
                         + ("which that already holds." if self.margin_tokens >= self.one_request
                            else "so the reservation is raised to it."))
        lines.append(f"Smallest reservation: {self.suggested_tokens:,} tokens, {self.suggested_tokens:,} / "
                     f"{self.reserved_tokens:,} = {fmt_share(self.share)} of the reservation now.")
        if self.reserved_bytes and self.suggested_bytes:
            per = self.reserved_bytes / self.reserved_tokens
            lines.append(f"In bytes: {self.suggested_tokens:,} tokens × {per:,.0f} bytes per token "
                         f"({fmt_bytes(self.reserved_bytes)} / {self.reserved_tokens:,}) = {self.suggested_bytes:,} "
                         f"→ --kv-cache-memory-bytes {self.suggested_bytes} ({fmt_bytes(self.suggested_bytes)}).")
        else:
            lines.append("In bytes: the server does not report its KV-cache bytes, so no --kv-cache-memory-bytes "
                         "value can be derived; the share above applies to its reservation.")
        return lines


@dataclass
class Summary:
    """The footprint's figures; None where the server did not report the series."""

    reported: bool
    cache: CacheConfig | None = None
    readings: int = 0
    interval_s: float = 0.0
    peak_usage: float | None = None
    mean_usage: float | None = None
    peak_running: float | None = None
    peak_waiting: float | None = None
    preemptions: float | None = None
    resets: int = 0
    prefix_queries: float | None = None
    prefix_hits: float | None = None
    by_phase: list[tuple[str, float | None, int]] = field(default_factory=list)  # (what, peak usage, samples)
    headroom: Headroom | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def hit_rate(self) -> float | None:
        return self.prefix_hits / self.prefix_queries if self.prefix_queries and self.prefix_hits is not None \
            else None


def fmt_share(value: float | None) -> str:
    """A share; below 1% with two decimals, so a small model's usage does not read as 0.0%."""
    return "n/a" if value is None else f"{value:.2%}" if 0 < value < 0.01 else f"{value:.1%}"


def fmt_bytes(n: int | float) -> str:
    for unit, size in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= size:
            return f"{n / size:.2f} {unit}"
    return f"{n:.0f} B"


def _count(value: float | None) -> str:
    return "n/a" if value is None else f"{value:,.0f}"


def _peak(samples: list[FootprintSample], name: str) -> float | None:
    values = [v for s in samples if (v := getattr(s, name)) is not None]
    return max(values) if values else None


def _round_up(tokens: float, block: int | None) -> int:
    block = block or 1
    return int(math.ceil(round(tokens, 6) / block)) * block


def headroom(peak: float | None, cache: CacheConfig | None) -> Headroom | None:
    tokens = cache.tokens if cache else None
    if peak is None or not tokens or peak <= 0:
        return None
    needed = _round_up(peak * tokens, cache.block_size)
    # the server's own figure of one full-context request, when it gives one: no smaller cache starts
    concurrency = cache.kv_cache_max_concurrency
    one = _round_up(tokens / concurrency, cache.block_size) if concurrency and concurrency >= 1 else None
    return Headroom(peak, tokens, cache.block_size, needed, _round_up(needed * (1 + MARGIN), cache.block_size), one,
                    cache.kv_cache_memory_bytes)


def _longest_context(report: RunReport) -> tuple[str, int] | None:
    """The context case that sent the most prompt tokens (the server's usage, else the count before sending)."""
    sizes = [(r.usage.prompt_tokens if r.usage and r.usage.prompt_tokens else r.context.prompt_tokens or 0,
              r.case_id) for r in report.records if r.context and not r.context.skipped and r.status == "ok"]
    if not sizes:
        return None
    tokens, case_id = max(sizes)
    return case_id, tokens


def _while_running(fp: Footprint, phase: str) -> list[FootprintSample]:
    """The readings of a phase taken while a request ran (a reading before a burst's release or after its last
    answer says nothing of it); all of the phase's readings when the server reports no running count."""
    return [s for s in fp.samples if s.phase == phase and (s.running is None or s.running > 0)]


def _phases(report: RunReport, fp: Footprint) -> list[tuple[str, float | None, int]]:
    """Peak usage per dimension of the article battery the run sent: each concurrency level, the longest context."""
    out = []
    levels = sorted({int(s.phase[1:]) for s in fp.samples if s.phase[:1] == "c" and s.phase[1:].isdigit()})
    for level in levels:
        during = _while_running(fp, f"c{level}")
        out.append((f"concurrency {level}", _peak(during, "kv_usage"), len(during)))
    longest = _longest_context(report)
    if longest:
        case_id, tokens = longest
        during = _while_running(fp, f"context:{case_id}")
        out.append((f"longest context sent ({tokens:,} prompt tokens)", _peak(during, "kv_usage"), len(during)))
    return out


def summary(report: RunReport) -> Summary | None:
    """None when the run has no footprint.json (older runs, --metrics-interval 0): no section at all then."""
    fp: Footprint | None = report.footprint
    if fp is None:
        return None
    out = Summary(fp.reported, fp.cache, fp.readings, fp.interval_s)
    if not fp.reported:
        return out
    s = fp.samples
    out.peak_usage, out.peak_running, out.peak_waiting = (_peak(s, n) for n in ("kv_usage", "running", "waiting"))
    out.mean_usage = fp.usage_sum / fp.usage_count if fp.usage_count else None
    out.preemptions = fp.preemptions.total if fp.preemptions else None
    # one restart resets every counter at once: the most resets of any counter is the restarts seen
    out.resets = max((c.resets for c in (fp.preemptions, fp.prefix_queries, fp.prefix_hits) if c), default=0)
    out.prefix_queries = fp.prefix_queries.total if fp.prefix_queries else None
    out.prefix_hits = fp.prefix_hits.total if fp.prefix_hits else None
    out.by_phase = _phases(report, fp)
    out.headroom = headroom(out.peak_usage, fp.cache)
    return out


def _reserved(cache: CacheConfig | None) -> list[list[str]]:
    if cache is None:
        return [["KV cache reserved", NOT_REPORTED]]
    blocks = f" ({cache.num_gpu_blocks:,} blocks of {cache.block_size})" if cache.num_gpu_blocks and \
        cache.block_size else ""
    return [["KV cache reserved", f"{cache.tokens:,} tokens{blocks}" if cache.tokens else NOT_REPORTED],
            ["KV cache memory reserved", f"{cache.kv_cache_memory_bytes:,} bytes "
             f"({fmt_bytes(cache.kv_cache_memory_bytes)})" if cache.kv_cache_memory_bytes else NOT_REPORTED],
            ["--gpu-memory-utilization", f"{cache.gpu_memory_utilization:g}"
             if cache.gpu_memory_utilization is not None else NOT_REPORTED],
            ["Max concurrency (server's figure)", f"{cache.kv_cache_max_concurrency:g} requests of full context"
             if cache.kv_cache_max_concurrency is not None else NOT_REPORTED]]


def footprint_section(report: RunReport) -> list[Section]:
    got = summary(report)
    if got is None:
        return []
    if not got.reported:
        return [Section("server-footprint", "Server footprint", ["Figure", "Value"],
                        [["KV cache, requests, preemptions", NOT_REPORTED]],
                        [f"The server's /metrics has none of vLLM's KV-cache series ({got.readings} pages read)."
                         if got.readings else "The server's /metrics could not be read during the run."])]
    tokens = got.cache.tokens if got.cache else None

    def usage(value: float | None) -> str:
        held = f" (≈ {value * tokens:,.0f} tokens)" if value is not None and tokens else ""
        return fmt_share(value) + held if value is not None else NOT_REPORTED

    rows = _reserved(got.cache)
    rows += [["KV-cache usage, peak", usage(got.peak_usage)], ["KV-cache usage, mean", usage(got.mean_usage)],
             ["Requests running, peak", _count(got.peak_running) if got.peak_running is not None else NOT_REPORTED],
             ["Requests waiting, peak", _count(got.peak_waiting) if got.peak_waiting is not None else NOT_REPORTED],
             ["Preemptions during the run", _count(got.preemptions) if got.preemptions is not None else NOT_REPORTED],
             ["Prefix-cache hit rate", f"{got.hit_rate:.1%} ({got.prefix_hits:,.0f} of {got.prefix_queries:,.0f} "
              "tokens)" if got.hit_rate is not None else NOT_REPORTED if got.prefix_queries is None
              else "no queries"]]
    rows += [[f"Peak usage at {what}", usage(peak) if n else "no reading while it ran"]
             for what, peak, n in got.by_phase]
    room = got.headroom
    if room:
        rows += [["KV tokens the run needed (peak)", f"{room.needed_tokens:,}"],
                 [f"Smallest reservation, {MARGIN:.0%} margin", f"{room.suggested_tokens:,} tokens "
                  f"({fmt_share(room.share)} of the reservation now)"],
                 ["--kv-cache-memory-bytes (estimate)", str(room.suggested_bytes) if room.suggested_bytes
                  else NOT_REPORTED]]
    notes = [f"Read from the server's /metrics every {got.interval_s:g} s ({got.readings} readings), and once "
             "more soon after each burst or context case is sent: a peak between two readings is not seen, and a "
             "burst shorter than that may have no reading while it ran. Usage counts whole blocks, the fullest "
             "engine's."]
    if got.resets:
        notes.append(f"The server's counters went back to zero {got.resets} time(s) (it restarted): their increases "
                     "are summed.")
    if room:
        notes += room.arithmetic()
    notes.append("Headroom is an estimate of the KV cache alone, from the peak this run reached: the server does not "
                 "report its weights, activations or what other processes on the machine use, so it is no measured "
                 "memory figure, and no --gpu-memory-utilization can be derived from it (that share also covers the "
                 "weights); a heavier workload needs more.")
    return [Section("server-footprint", "Server footprint", ["Figure", "Value"], rows, notes)]


def timeline(fp: Footprint) -> list[tuple[float, FootprintSample]]:
    """The samples on one time axis across run parts (each part's times follow the previous part's last)."""
    out, offset, last_part, last_t = [], 0.0, None, 0.0
    for s in fp.samples:
        if last_part is not None and s.part != last_part:
            offset += last_t
        last_part, last_t = s.part, s.t_s
        out.append((offset + s.t_s, s))
    return out
