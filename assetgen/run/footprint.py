"""What the server holds while it answers, read from its /metrics (vLLM's series), and the typed record of it.

One page of /metrics becomes a `Reading`: the KV cache's usage (the share of the reservation in use), the
requests running and waiting, and the cumulative counters of preemptions and prefix-cache queries and hits;
plus `vllm:cache_config_info`, whose labels say what the server reserved. Names differ between vLLM versions
(`kv_cache_usage_perc` now, `gpu_cache_usage_perc` in V0; `prefix_cache_queries` now, `gpu_prefix_cache_queries`
before) and so do label sets (an `engine` label or not, more cache-config labels in newer versions): every known
name is read, every label set accepted. With several engines the usage is the fullest engine's (each engine has
its own reservation) and the counts are summed.

Only numbers are kept from a page (never a label's text), so nothing a server writes reaches a record or a
report as text: the untrusted-input rules hold by construction.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path

from prometheus_client.parser import text_string_to_metric_families
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from assetgen.run.files import write_atomic

VERSION = 1
FILE = "footprint.json"

# gauges and counters read, each under every name vLLM has used for it (newest first)
USAGE = ("vllm:kv_cache_usage_perc", "vllm:gpu_cache_usage_perc")
RUNNING = ("vllm:num_requests_running",)
WAITING = ("vllm:num_requests_waiting",)
PREEMPTIONS = ("vllm:num_preemptions",)
PREFIX_QUERIES = ("vllm:prefix_cache_queries", "vllm:gpu_prefix_cache_queries")
PREFIX_HITS = ("vllm:prefix_cache_hits", "vllm:gpu_prefix_cache_hits")
CACHE_INFO = "vllm:cache_config_info"
_COUNTERS = PREEMPTIONS + PREFIX_QUERIES + PREFIX_HITS
MAX_LABEL_NUMBER = 2.0 ** 53
_WANTED = frozenset(USAGE + RUNNING + WAITING + (CACHE_INFO,) + tuple(n + "_total" for n in _COUNTERS) + _COUNTERS)


class FootprintError(ValueError):
    """The /metrics page is not Prometheus text."""


class CacheConfig(BaseModel):
    """What the server says it reserved for the KV cache (labels of `vllm:cache_config_info`, first engine);
    a label the server's version does not send is None."""

    model_config = ConfigDict(extra="forbid")

    block_size: int | None = Field(None, description="Tokens per KV-cache block.")
    num_gpu_blocks: int | None = Field(None, description="KV-cache blocks reserved (on the GPU, or in CPU memory "
                                       "for vLLM's CPU build).")
    kv_cache_size_tokens: int | None = Field(None, description="Tokens the reservation holds; when the server "
                                             "does not say, block_size x num_gpu_blocks.")
    kv_cache_memory_bytes: int | None = Field(None, description="Bytes reserved for the KV cache, as the server "
                                              "reports it (its --kv-cache-memory-bytes, or what it computed).")
    gpu_memory_utilization: float | None = Field(None, description="The server's --gpu-memory-utilization.")
    kv_cache_max_concurrency: float | None = Field(None, description="Requests of the full context length the "
                                                   "reservation holds at once, as the server computed it.")
    engines: int = Field(1, description="Engines that sent a cache_config_info sample (each has its own "
                         "reservation; the figures are the first's).")

    @property
    def tokens(self) -> int | None:
        if self.kv_cache_size_tokens:
            return self.kv_cache_size_tokens
        return self.block_size * self.num_gpu_blocks if self.block_size and self.num_gpu_blocks else None


class FootprintSample(BaseModel):
    """One reading of /metrics during the run. A series the server did not send is None."""

    model_config = ConfigDict(extra="forbid")

    part: int = Field(ge=0, description="Index of the run part (run.json `parts`) that read it.")
    t_s: float = Field(ge=0, description="Seconds since that part's sampler started.")
    phase: str = Field(description="What the run was asking then: 'pool' (the ordinary cases), 'c<N>' (a "
                       "concurrency burst of N requests), 'context:<case id>' (a context-scaling case).")
    kv_usage: float | None = Field(None, ge=0, description="KV-cache usage, 1 = the whole reservation (the "
                                   "fullest engine's).")
    running: float | None = Field(None, ge=0, description="Requests in the model's batches (summed over engines).")
    waiting: float | None = Field(None, ge=0, description="Requests waiting to be scheduled (summed).")
    preemptions: float | None = Field(None, ge=0, description="Cumulative preemptions (the server's counter).")
    prefix_queries: float | None = Field(None, ge=0, description="Cumulative prefix-cache queries, in tokens.")
    prefix_hits: float | None = Field(None, ge=0, description="Cumulative prefix-cache hits, in tokens.")


class Increase(BaseModel):
    """A counter's increase over the run: the sum of its rises from one reading to the next, a fall being a
    reset (the server restarted) after which the counter counts from zero, as Prometheus' increase() does."""

    model_config = ConfigDict(extra="forbid")

    total: float = Field(0.0, ge=0, description="Summed increase over every reading.")
    last: float | None = Field(None, description="The latest reading (the next one is compared with it).")
    resets: int = Field(0, ge=0, description="Readings lower than the one before (counter resets).")

    def add(self, value: float | None) -> None:
        if value is None:
            return
        if self.last is not None:
            if value >= self.last:
                self.total += value - self.last
            else:
                self.resets += 1
                self.total += value
        self.last = value


class Footprint(BaseModel):
    """footprint.json: the server's /metrics read every `interval_s` while the run asked (issue #34)."""

    model_config = ConfigDict(extra="forbid")

    version: int = Field(VERSION, description="Version of this record's layout.")
    interval_s: float = Field(gt=0, description="Seconds between readings asked for (doubled each time the "
                              "samples were thinned, see `thinned`).")
    max_samples: int = Field(ge=2, description="Samples kept at most; past it, pairs are thinned to one.")
    max_bytes: int = Field(ge=1, description="Bytes of one /metrics page read at most; a longer page is skipped.")
    readings: int = Field(0, ge=0, description="Pages read and parsed, whether or not they had these series.")
    unread: int = Field(0, ge=0, description="Pages that could not be had (no answer, not 200, over max_bytes).")
    unparsed: int = Field(0, ge=0, description="Pages that were not Prometheus text.")
    thinned: int = Field(0, ge=0, description="Times the samples were thinned (each pair kept as its reading of "
                         "higher KV usage, so a peak survives); counters are summed over every reading regardless.")
    usage_sum: float = Field(0.0, ge=0, description="Sum of every KV-usage reading (thinned or not), for the mean.")
    usage_count: int = Field(0, ge=0, description="KV-usage readings summed in usage_sum.")
    cache: CacheConfig | None = Field(None, description="The reservation, as the server last reported it.")
    preemptions: Increase | None = Field(None, description="Preemptions over the run; None when never reported.")
    prefix_queries: Increase | None = Field(None, description="Prefix-cache queried tokens over the run.")
    prefix_hits: Increase | None = Field(None, description="Prefix-cache hit tokens over the run.")
    samples: list[FootprintSample] = Field(default_factory=list, description="The readings, in order.")

    @property
    def reported(self) -> bool:
        """Whether the server sent any of the series at all."""
        return bool(self.cache or self.usage_count or self.preemptions or self.prefix_queries
                    or any(s.running is not None or s.waiting is not None for s in self.samples))

    def add(self, part: int, t_s: float, phase: str, reading: Reading) -> None:
        """One parsed page: counters accumulated at once, the sample kept (thinning the list when full)."""
        self.readings += 1
        if reading.cache is not None:
            self.cache = reading.cache
        for name in ("preemptions", "prefix_queries", "prefix_hits"):
            value = getattr(reading, name)
            if value is not None:
                if getattr(self, name) is None:
                    setattr(self, name, Increase())
                getattr(self, name).add(value)
        if reading.kv_usage is not None:
            self.usage_sum += reading.kv_usage
            self.usage_count += 1
        self.samples.append(FootprintSample(part=part, t_s=t_s, phase=phase, kv_usage=reading.kv_usage,
                                            running=reading.running, waiting=reading.waiting,
                                            preemptions=reading.preemptions, prefix_queries=reading.prefix_queries,
                                            prefix_hits=reading.prefix_hits))
        if len(self.samples) > self.max_samples:
            self._thin()

    def _thin(self) -> None:
        """Halve the samples, each pair kept as its fuller reading, and read half as often from now on."""
        pairs = [self.samples[k:k + 2] for k in range(0, len(self.samples), 2)]
        self.samples = [max(p, key=lambda s: -1.0 if s.kv_usage is None else s.kv_usage) for p in pairs]
        self.interval_s *= 2
        self.thinned += 1


@dataclass
class Reading:
    """The series of one /metrics page (None where the page had none)."""

    kv_usage: float | None = None
    running: float | None = None
    waiting: float | None = None
    preemptions: float | None = None
    prefix_queries: float | None = None
    prefix_hits: float | None = None
    cache: CacheConfig | None = None
    names: set[str] = field(default_factory=set)  # which of the known names were present


def _metric_name(line: str) -> str:
    end = len(line)
    for stop in ("{", " ", "\t"):
        k = line.find(stop)
        if k != -1:
            end = min(end, k)
    return line[:end]


def _kept_lines(text: str) -> str:
    """Only the families read here (their samples, HELP and TYPE): a page of hundreds of histogram lines is
    parsed in a fraction of the time, and a malformed line elsewhere cannot hide these."""
    kept = []
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("#"):
            parts = stripped.split(None, 3)
            if len(parts) >= 3 and parts[1] in ("HELP", "TYPE") and parts[2] in _WANTED:
                kept.append(stripped)
        elif _metric_name(stripped) in _WANTED:
            kept.append(stripped)
    return "\n".join(kept) + "\n"


def _number(labels: dict[str, str], key: str, kind: type) -> float | int | None:
    """A cache-config label as a finite non-negative number, or None ('None', absent, garbage)."""
    raw = labels.get(key)
    try:
        value = float(raw) if raw is not None else math.nan
    except ValueError:
        return None
    # past 2**53 a float no longer holds every integer: no real cache is that large, so it is garbage
    if not math.isfinite(value) or not 0 <= value <= MAX_LABEL_NUMBER or (kind is int and value != int(value)):
        return None
    return int(value) if kind is int else value


def _cache(labels: list[dict[str, str]]) -> CacheConfig | None:
    if not labels:
        return None
    first = labels[0]
    ints = ("block_size", "num_gpu_blocks", "kv_cache_size_tokens", "kv_cache_memory_bytes")
    floats = ("gpu_memory_utilization", "kv_cache_max_concurrency")
    values = {k: _number(first, k, int) for k in ints} | {k: _number(first, k, float) for k in floats}
    return CacheConfig(**values, engines=len(labels))


def read_page(text: str) -> Reading:
    """The series of issue #34 from one /metrics page; FootprintError when it is not Prometheus text."""
    values: dict[str, list[float]] = {}
    cache_labels: list[dict[str, str]] = []
    try:
        for family in text_string_to_metric_families(_kept_lines(text)):
            for s in family.samples:
                if s.name == CACHE_INFO:
                    cache_labels.append(dict(s.labels))
                    continue
                if s.name.endswith("_created") or not math.isfinite(s.value) or s.value < 0:
                    continue
                name = s.name[: -len("_total")] if s.name.endswith("_total") else s.name
                values.setdefault(name, []).append(float(s.value))
    except (ValueError, IndexError, TypeError) as exc:
        raise FootprintError(f"/metrics is not Prometheus text ({exc.__class__.__name__})") from None

    def first(names: tuple[str, ...], combine) -> float | None:
        for name in names:
            if name in values:
                return combine(values[name])
        return None

    reading = Reading(kv_usage=first(USAGE, max), running=first(RUNNING, sum), waiting=first(WAITING, sum),
                      preemptions=first(PREEMPTIONS, sum), prefix_queries=first(PREFIX_QUERIES, sum),
                      prefix_hits=first(PREFIX_HITS, sum), cache=_cache(cache_labels))
    reading.names = set(values) | ({CACHE_INFO} if cache_labels else set())
    return reading


def load(run_dir: Path) -> Footprint | None:
    """The run's footprint.json; None when it has none (older runs, --metrics-interval 0) or it is unreadable."""
    path = run_dir / FILE
    try:
        return Footprint.model_validate_json(path.read_bytes())
    except (OSError, ValidationError, ValueError):
        return None


def save(run_dir: Path, footprint: Footprint) -> None:
    write_atomic(run_dir / FILE, footprint.model_dump_json(indent=1).encode())
