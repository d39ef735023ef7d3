"""`assetgen eval`: send cases to an endpoint concurrently, record every answer as it arrives."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import platform
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import orjson

from assetgen._version import __version__
from assetgen.dataset.golden import library_versions, load_golden
from assetgen.dataset.records import CaseToSend
from assetgen.errors import AssetgenError, ConfigError
from assetgen.run import footprint as server_footprint
from assetgen.run import scale
from assetgen.run.client import MODEL_CHARS, Client, Outcome, Unreachable
from assetgen.run.endpoint import public_url
from assetgen.run.files import write_atomic
from assetgen.run.metrics import SPEC, MetricsError, spec_counters
from assetgen.run.payload import SHARED_CACHE, VIDEO_MODES, RequestOptions, build_body
from assetgen.run.records import (
    ResponseRecord,
    RunInfo,
    RunPart,
    SpecStats,
    Timing,
    latest,
    read_responses,
    read_run_info,
)
from assetgen.run.sampler import DEFAULT_INTERVAL_S, Sampler
from assetgen.run.scale_records import ContextCheck
from graders.records import Sent, Usage

THINKING = ("on", "off", "both", "server-default")
HEARTBEAT_S = 1.0  # how often a running part records its span: a killed part loses at most this much
MAX_METRICS = 256  # /metrics counters kept in run.json: vLLM has a few dozen spec-decode samples


class EndpointUnreachable(AssetgenError):
    """Exit code 3: nothing answers at the endpoint."""


@dataclass
class EvalOptions:
    endpoint: str | None  # None: the built-in reference endpoint (see report.evaluate)
    golden: Path
    out: Path = Path("runs")
    model: str | None = None
    api_key: str | None = None
    filters: tuple[str, ...] = ()
    limit: int | None = None
    repeat: int = 1
    concurrency: int = 4
    thinking: str = "server-default"
    request: RequestOptions = field(default_factory=lambda: RequestOptions(model=""))
    timeout: float = 300.0
    retries: int = 2
    resume: Path | None = None
    builtin_endpoint: bool = False  # the endpoint is the built-in reference endpoint started for this run
    suite: str = "vision"  # 'vision' asks `golden` as given; 'text' and 'article' are built first (report.evaluate)
    concurrency_levels: tuple[int, ...] = scale.DEFAULT_LEVELS  # the concurrency sweep's burst sizes
    metrics_interval: float = DEFAULT_INTERVAL_S  # seconds between /metrics readings (run/sampler.py); 0: none

    def public(self) -> dict[str, Any]:
        """Options as recorded in run.json: never the key."""
        r = self.request
        return {"filters": list(self.filters), "limit": self.limit, "repeat": self.repeat,
                "concurrency": self.concurrency, "thinking": self.thinking, "max_tokens": r.max_tokens,
                "temperature": r.temperature, "seed": r.seed, "video_mode": r.video_mode, "num_frames": r.num_frames,
                "stream": r.stream, "extra_body": r.extra_body, "timeout": self.timeout, "retries": self.retries,
                "api_key_given": bool(self.api_key), "concurrency_levels": list(self.concurrency_levels),
                "metrics_interval": self.metrics_interval} | (
                    {"suite": self.suite} if self.suite != "vision" else {})


def select(cases: list[CaseToSend], filters: tuple[str, ...], limit: int | None) -> list[CaseToSend]:
    """Cases whose id, family or category matches any filter (substring of the id, or exact name)."""
    chosen = [c for c in cases if not filters or any(f in (c.family, c.category) or f in c.id for f in filters)]
    if filters and not chosen:
        raise ConfigError(f"--filter {', '.join(filters)} matches no case (filter by case id, family or category)")
    return chosen if limit is None else chosen[:limit]


def slots(cases: list[CaseToSend], repeat: int, thinking: str) -> list[tuple[CaseToSend, int, str]]:
    modes = ["on", "off"] if thinking == "both" else [thinking]
    return [(c, r, m) for m in modes for r in range(repeat) for c in cases]


def slot_key(case_id: str, repeat: int, thinking: str) -> str:
    return f"{case_id}#{repeat}#{thinking}"




def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def _slug(text: str) -> str:
    return re.sub(r"[^a-zA-Z0-9]+", "-", text).strip("-").lower()[:40] or "model"


def new_run_dir(out: Path, model: str, golden_hash: str) -> Path:
    """runs/<model>-<suite hash>-<n>: readable, and no clock or random id in it. `model` must already be
    scrubbed: the slug keeps only letters, digits and dashes of it."""
    out.mkdir(parents=True, exist_ok=True)
    stem = f"{_slug(model)}-{golden_hash[:8]}"
    n = 1
    while (out / f"{stem}-{n}").exists():
        n += 1
    path = out / f"{stem}-{n}"
    path.mkdir()
    return path


def versions() -> dict[str, str]:
    import aiohttp

    return {"assetgen": __version__, "python": platform.python_version(), "aiohttp": aiohttp.__version__,
            **library_versions()}


def record_from(outcome: Outcome, case: CaseToSend, repeat: int, thinking: str, summary, frames_shown,
                max_tokens, video_mode) -> ResponseRecord:
    """A record of what the client returned (already scrubbed of every secret: see Client)."""
    usage = Usage(**outcome.usage) if outcome.usage else None
    timing = Timing(latency_s=outcome.latency_s, ttft_s=outcome.ttft_s, ttfc_s=outcome.ttfc_s)
    # a rate needs tokens arriving over time: an answer sent in one chunk has no decode time to measure
    if outcome.latency_s and outcome.ttft_s is not None and usage and usage.completion_tokens \
            and usage.completion_tokens >= 2 and outcome.text_chunks >= 2:
        decode = outcome.latency_s - outcome.ttft_s
        # the first token's time is TTFT: the tokens after it are what the time after it decoded
        timing.decode_tps = (usage.completion_tokens - 1) / decode if decode > 0 else None
    has_video = any(f.media_type == "video/mp4" for f in case.inputs)
    params = summary.params if summary is not None else {}
    # what was sent wins: a case may set its own max_tokens, --extra-body may too
    max_tokens = params.get("max_tokens", params.get("max_completion_tokens", max_tokens))
    return ResponseRecord(
        case_id=case.id, key=slot_key(case.id, repeat, thinking), repeat=repeat, thinking_label=thinking,
        content=outcome.content, reasoning=outcome.reasoning, finish_reason=outcome.finish_reason, usage=usage,
        tool_calls=outcome.tool_calls,
        status=outcome.status, http_status=outcome.http_status, error=outcome.error, model=outcome.model,
        attempts=outcome.attempts, timing=timing, request=summary, partial_content=outcome.partial_content,
        spec=SpecStats(**outcome.spec) if outcome.spec else None,
        sent=Sent(max_tokens=max_tokens, video_mode=video_mode if has_video else None,
                  frames_shown=frames_shown if has_video else None,
                  thinking={"on": True, "off": False}.get(thinking)))


async def _scrape(client: Client, info: RunInfo) -> dict[str, float] | None:
    """The server's speculative-decoding counters; None without /metrics. A page that is not Prometheus
    text is noted in run.json, never fatal: the answers matter more than the counters. Names are the
    server's, so scrubbed, and few are kept."""
    text = await client.get_text(client.base.rsplit("/v1", 1)[0] + "/metrics")
    if not text:
        return None
    try:
        parsed = spec_counters(text)
    except MetricsError as exc:
        info.metrics_error = client.scrub(str(exc))[:300]
        return None
    names = [k for k in parsed if k.startswith(SPEC) and len(k) <= 120 and client.scrub(k) == k]
    # the counters spec_decode reads first (num_*, digits only in a position label), whatever else is sent
    names.sort(key=lambda k: (not k.startswith(f"{SPEC}num_") or any(c.isdigit() for c in k.split("{")[0]), k))
    return {k: parsed[k] for k in names[:MAX_METRICS]}


async def _run(opts: EvalOptions, progress: Callable[[int, int], None] | None) -> Path:
    if opts.request.video_mode not in VIDEO_MODES:
        raise ConfigError(f"--video-mode {opts.request.video_mode!r}; valid: {', '.join(VIDEO_MODES)}")
    if opts.thinking not in THINKING:
        raise ConfigError(f"--thinking {opts.thinking!r}; valid: {', '.join(THINKING)}")
    for name, value, low in (("--concurrency", opts.concurrency, 1), ("--repeat", opts.repeat, 1),
                             ("--retries", opts.retries, 0), ("--limit", opts.limit, 1)):
        if value is not None and value < low:
            raise ConfigError(f"{name} {value} must be >= {low}")
    if opts.resume:
        _restore_options(opts, read_run_info(opts.resume))
    try:
        opts.concurrency_levels = scale.parse_levels(opts.concurrency_levels)
    except ValueError as exc:
        raise ConfigError(str(exc)) from None
    cases = select(load_golden(opts.golden, model=CaseToSend), opts.filters, opts.limit)
    golden_hash = hashlib.sha256((opts.golden / "manifest.json").read_bytes()).hexdigest()
    pooled = [c for c in cases if c.category not in scale.SCALE_CATEGORIES]
    scaled = [c for c in cases if c.category in scale.SCALE_CATEGORIES]
    # a burst's copies must all be in flight at once, whatever --concurrency says of the pooled cases
    widest = max(opts.concurrency_levels) if any(c.category == scale.CONCURRENCY for c in scaled) else 1
    client = Client(opts.endpoint, opts.api_key, concurrency=max(opts.concurrency, widest), timeout=opts.timeout,
                    retries=opts.retries)
    endpoint = public_url(opts.endpoint)
    try:
        if opts.resume:
            run_dir = opts.resume
            info = read_run_info(run_dir)
            if info.golden_sha256 != golden_hash:
                raise ConfigError(f"{run_dir} was run on another suite (manifest sha256 differs)")
            await _reachable(client)  # before anything is asked: a dead endpoint is exit 3, not N errors
            model = info.model
            info.resumed += 1
            if not info.parts and info.wall_s:  # recorded before parts were: its time as one part
                info.parts.append(RunPart(started=info.started, ended=info.finished, wall_s=info.wall_s,
                                          finished=info.finished is not None, endpoint=info.endpoint,
                                          builtin_endpoint=bool(info.builtin_endpoint)))
            # the latest endpoint asked (an --endpoint given on resume overrides); each part keeps its own
            info.endpoint, info.builtin_endpoint = endpoint, opts.builtin_endpoint
        else:
            model = client.scrub.line(await _first_model(client, opts.model), MODEL_CHARS)
            run_dir = new_run_dir(opts.out, model, golden_hash)
            info = RunInfo(run_id=run_dir.name, endpoint=endpoint, model=model,
                           options=opts.public(), golden=str(opts.golden), golden_sha256=golden_hash,
                           case_count=len(cases), versions=versions(), started=_now(),
                           builtin_endpoint=opts.builtin_endpoint)
        opts.request.model = model
        responses = run_dir / "responses.jsonl"
        recorded = latest(read_responses(responses))
        done = {k for k, r in recorded.items() if r.status == "ok"}
        todo = [s for s in slots(pooled, opts.repeat, opts.thinking) if slot_key(s[0].id, s[1], s[2]) not in done]
        # bursts and context cases after the pool, one at a time (a half-done burst is sent again whole)
        scale_todo = scale.plan(slots(scaled, opts.repeat, opts.thinking), opts.concurrency_levels, recorded,
                                slot_key)
        del recorded
        total = len(todo) + sum(len(s.keys) for s in scale_todo)
        if info.metrics_before is None:
            info.metrics_before = await _scrape(client, info)
        part = RunPart(started=_now(), endpoint=endpoint, builtin_endpoint=opts.builtin_endpoint)
        info.parts.append(part)
        _write_info(run_dir, info)
        sampler = _sampler(client, opts, run_dir, len(info.parts) - 1)
        cache = SHARED_CACHE
        pending = iter(todo)
        finished = 0
        start = time.perf_counter()

        def clock() -> None:  # this part's span so far, into run.json
            part.wall_s, part.ended = time.perf_counter() - start, _now()
            info.wall_s = sum(p.wall_s for p in info.parts)

        async def heartbeat() -> None:
            # a part killed at any moment (even kill -9) keeps its time up to its last beat
            while True:
                await asyncio.sleep(HEARTBEAT_S)
                clock()
                _write_info(run_dir, info)
        with responses.open("ab") as sink:
            # answers go through a queue to one writer task: a worker starts its next request at once, and
            # building and writing the record overlaps the network wait instead of delaying it
            answers: asyncio.Queue = asyncio.Queue()

            async def writer() -> None:
                nonlocal finished
                while (item := await answers.get()) is not None:
                    outcome, case, repeat, thinking, summary, frames = item
                    summary.stream = outcome.streamed
                    record = record_from(outcome, case, repeat, thinking, summary, frames, opts.request.max_tokens,
                                         opts.request.video_mode)
                    # one write of a whole line, flushed to the kernel: a process killed at any moment
                    # (even kill -9) leaves whole lines plus at most one torn tail, which resume cuts off;
                    # answers still queued then are asked again on resume, never recorded twice
                    sink.write(record.model_dump_json().encode("utf-8") + b"\n")
                    sink.flush()
                    finished += 1
                    if progress:
                        progress(finished, total)

            async def worker() -> None:
                # a fixed pool pulling from one iterator: memory stays O(concurrency), not O(cases)
                for case, repeat, thinking in pending:
                    if writing.done():  # the writer failed (disk full, ...): stop asking, surface its error
                        return
                    flag = {"on": True, "off": False}.get(thinking)
                    body, summary, frames = build_body(case, opts.golden, opts.request, flag, cache)
                    outcome = await client.chat(body, opts.request.stream)
                    del body
                    answers.put_nowait((outcome, case, repeat, thinking, summary, frames))

            writing = asyncio.create_task(writer())
            beating = asyncio.create_task(heartbeat())
            async def ask_scale() -> None:
                nonlocal finished
                limits = None
                for slot in scale_todo:
                    if writing.done():
                        return
                    if slot.level is None and limits is None:
                        limits = await scale.read_limits(client, model)
                    if sampler:
                        sampler.mark(f"c{slot.level}" if slot.level is not None else f"context:{slot.case.id}")
                    records = await _ask_scale_slot(client, opts, slot, limits, len(info.parts) - 1, cache)
                    # a burst's lines in one write: a kill leaves it whole or cut, and a cut one is sent again
                    sink.write(b"".join(r.model_dump_json().encode("utf-8") + b"\n" for r in records))
                    sink.flush()
                    finished += len(records)
                    if progress:
                        progress(finished, total)

            try:
                await asyncio.gather(*(worker() for _ in range(min(opts.concurrency, max(1, len(todo))))))
                await ask_scale()
            finally:
                sampled = await sampler.stop() if sampler else None
                answers.put_nowait(None)
                await writing
                beating.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await beating
                if sampled:  # the footprint of what was asked, also of a part that ends in an error
                    server_footprint.save(run_dir, sampled)
        clock()
        part.finished = True
        info.metrics_after = await _scrape(client, info)
        info.finished = _now()
        _write_info(run_dir, info)
        return run_dir
    finally:
        await client.close()


async def _ask_scale_slot(client: Client, opts: EvalOptions, slot: scale.Slot, limits: scale.Limits | None,
                          part: int, cache) -> list[ResponseRecord]:
    """A whole burst (its copies released together), or one context case checked against the server's
    context limit first; their records, stamped with the burst or the check."""
    flag = {"on": True, "off": False}.get(slot.thinking)
    body, summary, frames = build_body(slot.case, opts.golden, opts.request, flag, cache)
    sent_max = summary.params.get("max_tokens", summary.params.get("max_completion_tokens"))

    def record(outcome: Outcome) -> ResponseRecord:
        sent = summary.model_copy()
        sent.stream = outcome.streamed
        return record_from(outcome, slot.case, slot.repeat, slot.thinking, sent, frames, opts.request.max_tokens,
                           opts.request.video_mode)

    if slot.level is not None:
        outcomes, wall_s = await scale.release(client, body, opts.request.stream, slot.level)
        return [scale.stamp_burst(record(o), slot, k, part, wall_s) for k, o in enumerate(outcomes)]
    check = ContextCheck(max_model_len=limits.max_model_len if limits else None)
    counted = await scale.count_prompt(client, limits, body) if limits else None
    if counted is not None:
        check.prompt_tokens, check.counted_by = counted, "tokenize"
        check.max_model_len = limits.max_model_len
    elif isinstance(slot.case.knobs.get("tokens"), int):
        check.prompt_tokens, check.counted_by = slot.case.knobs["tokens"], "estimate"
    ok, reason = scale.fits(check, sent_max)
    check.skipped = not ok
    outcome = await client.chat(body, opts.request.stream) if ok else scale.skipped_outcome(reason)
    del body
    result = record(outcome)
    result.context = check
    return [result]


def _sampler(client: Client, opts: EvalOptions, run_dir: Path, part: int) -> Sampler | None:
    """The /metrics sampler of this part, started, continuing the run's footprint.json on resume."""
    if not opts.metrics_interval or opts.metrics_interval <= 0:
        return None
    sampler = Sampler(client, part, server_footprint.load(run_dir) if opts.resume else None,
                      interval_s=opts.metrics_interval)
    sampler.start()
    return sampler


def _restore_options(opts: EvalOptions, info: RunInfo) -> None:
    """A resumed run asks the same cases the same way as its first part did."""
    o = info.options
    # a limit of 0 meant "everything" before --limit 0 was refused
    opts.filters, opts.limit, opts.repeat = tuple(o["filters"]), o["limit"] or None, o["repeat"]
    opts.thinking, opts.golden = o["thinking"], Path(info.golden)
    r = opts.request
    r.max_tokens, r.temperature, r.seed = o["max_tokens"], o["temperature"], o["seed"]
    r.video_mode, r.num_frames, r.stream, r.extra_body = o["video_mode"], o["num_frames"], o["stream"], o["extra_body"]
    opts.concurrency_levels = tuple(o.get("concurrency_levels") or scale.DEFAULT_LEVELS)


async def _reachable(client: Client) -> None:
    """Raise EndpointUnreachable when nothing answers at the endpoint (any HTTP answer will do)."""
    try:
        await client.get_json("/models")
    except Unreachable as exc:
        raise EndpointUnreachable(f"{exc}; pass --endpoint to resume against another") from None
    except ValueError:
        pass


async def _first_model(client: Client, given: str | None) -> str:
    """The model to ask: `given`, else the first listed. Either way the endpoint must answer."""
    try:
        data = await client.get_json("/models")
    except Unreachable as exc:
        raise EndpointUnreachable(str(exc)) from None
    except ValueError as exc:
        if given:  # some servers have no /models; the request itself will tell
            return given
        raise EndpointUnreachable(f"the endpoint answered /models with {exc}; pass --model") from None
    if given:
        return given
    models = data.get("data") if isinstance(data, dict) else None
    first = models[0] if isinstance(models, list) and models else None
    if not isinstance(first, dict) or not isinstance(first.get("id"), str) or not first["id"].strip():
        raise EndpointUnreachable("the endpoint's /models lists no model; pass --model")
    return first["id"]


def _write_info(run_dir: Path, info: RunInfo) -> None:
    write_atomic(run_dir / "run.json", orjson.dumps(info.model_dump(), option=orjson.OPT_INDENT_2))


def run_eval(opts: EvalOptions, progress: Callable[[int, int], None] | None = None) -> Path:
    return asyncio.run(_run(opts, progress))
