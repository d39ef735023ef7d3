"""`assetgen eval`: send cases to an endpoint concurrently, record every answer as it arrives."""

from __future__ import annotations

import asyncio
import hashlib
import platform
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

import graders
from assetgen._version import __version__
from assetgen.dataset.golden import library_versions, load_golden
from assetgen.dataset.records import CaseToSend
from assetgen.errors import AssetgenError, ConfigError
from assetgen.run import footprint as server_footprint
from assetgen.run import scale
from assetgen.run.client import MODEL_CHARS, Client, Outcome, Unreachable
from assetgen.run.endpoint import public_url
from assetgen.run.files import LineSink
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
    utc_now,
    write_run_info,
)
from assetgen.run.sampler import DEFAULT_INTERVAL_S, Sampler
from assetgen.run.scale_records import ContextCheck
from graders.records import Sent, Usage

THINKING = ("on", "off", "both", "server-default")
HEARTBEAT_S = 1.0  # how often a running part records its span: a killed part loses at most this much
MAX_METRICS = 256  # /metrics counters kept in run.json: vLLM has a few dozen spec-decode samples
MAX_LISTED = 32  # model ids of /models kept per part in run.json: a server listing thousands is not a model


class EndpointUnreachable(AssetgenError):
    """Exit code 3: nothing answers at the endpoint."""

    exit_code = 3


class RunStopped(AssetgenError):
    """Exit code 4: the run folder could not be written (a full disk, a quota, a read-only mount). The run
    stops at once; every answer recorded before is whole and kept, and `--resume` goes on from there."""

    exit_code = 4

    def __init__(self, path: Path, exc: OSError):
        super().__init__(f"the run stopped: cannot write {path}: {exc.strerror or exc}; the answers recorded so far "
                         f"are kept: make room, then: assetgen eval --resume {path.parent}")


@dataclass
class EvalOptions:
    endpoint: str | None  # None: the built-in reference endpoint (see app.evaluate)
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
    suite: str = "vision"  # 'vision' asks `golden` as given; 'text' and 'article' are built first (app.evaluate)
    concurrency_levels: tuple[int, ...] = scale.DEFAULT_LEVELS  # the concurrency sweep's burst sizes
    # the options the user set (the CLI's names, e.g. 'filters', 'max_tokens'): on --resume each must agree with
    # the run's (RESUME_KEPT), never be dropped silently; a given 'model' also confirms a model the endpoint
    # no longer lists
    given: frozenset[str] = frozenset()
    langs: tuple[str, ...] = ("en",)  # question languages (issue #35): the suite is built in each, paired by case
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
                    {"suite": self.suite} if self.suite != "vision" else {}) | (
                    {"langs": list(self.langs)} if self.langs != ("en",) else {})


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




def _slug(text: str) -> str:
    return re.sub(r"[^a-zA-Z0-9]+", "-", text).strip("-").lower()[:40] or "model"


def new_run_dir(out: Path, model: str, golden_hash: str, builtin: bool = False) -> Path:
    """runs/<model>-<suite hash>-<n>: readable, and no clock or random id in it. `model` must already be
    scrubbed: the slug keeps only letters, digits and dashes of it. A run of the built-in reference endpoint
    is runs/builtin-<model>-…, apart from one of the same model served by `assetgen serve` elsewhere."""
    out.mkdir(parents=True, exist_ok=True)
    stem = f"{'builtin-' if builtin else ''}{_slug(model)}-{golden_hash[:8]}"
    n = 1
    while (out / f"{stem}-{n}").exists():
        n += 1
    path = out / f"{stem}-{n}"
    path.mkdir()
    return path


def versions() -> dict[str, str]:
    import aiohttp

    return {"assetgen": __version__, "graders": graders.__version__, "python": platform.python_version(),
            "aiohttp": aiohttp.__version__, **library_versions()}


def release_versions() -> dict[str, str]:
    """run.json's own fields for the versions of assetgen and of the graders (RunInfo)."""
    return {"assetgen_version": __version__, "graders_version": graders.__version__, "graders_rules": graders.RULES}


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


def check_options(opts: EvalOptions) -> None:
    """Refuse options no run can use, before anything starts (a suite build, the built-in endpoint)."""
    if opts.request.video_mode not in VIDEO_MODES:
        raise ConfigError(f"--video-mode {opts.request.video_mode!r}; valid: {', '.join(VIDEO_MODES)}")
    if opts.thinking not in THINKING:
        raise ConfigError(f"--thinking {opts.thinking!r}; valid: {', '.join(THINKING)}")
    for name, value, low in (("--concurrency", opts.concurrency, 1), ("--repeat", opts.repeat, 1),
                             ("--retries", opts.retries, 0), ("--limit", opts.limit, 1)):
        if value is not None and value < low:
            raise ConfigError(f"{name} {value} must be >= {low}")


async def _run(opts: EvalOptions, progress: Callable[[int, int], None] | None,
               notify: Callable[[str], None] = lambda _: None) -> Path:
    check_options(opts)
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
            # before anything is asked: a dead endpoint is exit 3, not N errors
            listed = await _reachable(client)
            model = info.model
            _same_model(model, listed, "model" in opts.given, notify)
            info.resumed += 1
            if not info.parts and info.wall_s:  # recorded before parts were: its time as one part
                info.parts.append(RunPart(started=info.started, ended=info.finished, wall_s=info.wall_s,
                                          finished=info.finished is not None, endpoint=info.endpoint,
                                          builtin_endpoint=bool(info.builtin_endpoint)))
            # the latest endpoint asked (an --endpoint given on resume overrides); each part keeps its own
            info.endpoint, info.builtin_endpoint = endpoint, opts.builtin_endpoint
        else:
            model, listed = await _first_model(client, opts.model)
            model = client.scrub.line(model, MODEL_CHARS)
            run_dir = new_run_dir(opts.out, model, golden_hash, builtin=bool(opts.builtin_endpoint))
            info = RunInfo(run_id=run_dir.name, endpoint=endpoint, model=model,
                           options=opts.public(), golden=str(opts.golden), golden_sha256=golden_hash,
                           case_count=len(cases), versions=versions(), **release_versions(), started=utc_now(),
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
        part = RunPart(started=utc_now(), endpoint=endpoint, builtin_endpoint=opts.builtin_endpoint, models=listed)
        info.parts.append(part)
        write_run_info(run_dir, info)
        sampler = _sampler(client, opts, run_dir, len(info.parts) - 1)
        cache = SHARED_CACHE
        pending = iter(todo)
        finished = 0
        start = time.perf_counter()

        def clock() -> None:  # this part's span so far, into run.json
            part.wall_s, part.ended = time.perf_counter() - start, utc_now()
            info.wall_s = sum(p.wall_s for p in info.parts)

        async def heartbeat() -> None:
            # a part killed at any moment (even kill -9) keeps its time up to its last beat; a beat that cannot
            # write (disk full) ends the task, which stops the workers as a failed writer does
            while True:
                await asyncio.sleep(HEARTBEAT_S)
                clock()
                write_run_info(run_dir, info)
        with LineSink(responses) as sink:
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
                    # one unbuffered write of a whole line (files.LineSink): a failed write leaves no piece of
                    # it, a process killed at any moment (even kill -9) whole lines plus at most one torn tail,
                    # which resume cuts off; answers still queued then are asked again on resume, never twice
                    sink.write(record.model_dump_json().encode("utf-8") + b"\n")
                    finished += 1
                    if progress:
                        progress(finished, total)

            async def worker() -> None:
                # a fixed pool pulling from one iterator: memory stays O(concurrency), not O(cases)
                for case, repeat, thinking in pending:
                    if stopped():  # the writer or the heartbeat failed (disk full, ...): stop asking
                        return
                    flag = {"on": True, "off": False}.get(thinking)
                    body, summary, frames = build_body(case, opts.golden, opts.request, flag, cache)
                    outcome = await client.chat(body, opts.request.stream)
                    del body
                    answers.put_nowait((outcome, case, repeat, thinking, summary, frames))

            writing = asyncio.create_task(writer())
            beating = asyncio.create_task(heartbeat())

            def stopped() -> bool:
                return writing.done() or beating.done()

            async def ask_scale() -> None:
                nonlocal finished
                limits = None
                for slot in scale_todo:
                    if stopped():
                        return
                    if slot.level is None and limits is None:
                        limits = await scale.read_limits(client, model)
                    if sampler:
                        sampler.mark(f"c{slot.level}" if slot.level is not None else f"context:{slot.case.id}")
                    records = await _ask_scale_slot(client, opts, slot, limits, len(info.parts) - 1, cache)
                    # a burst's lines in one write: a kill leaves it whole or cut, and a cut one is sent again
                    try:
                        sink.write(b"".join(r.model_dump_json().encode("utf-8") + b"\n" for r in records))
                    except OSError as exc:
                        raise RunStopped(responses, exc) from None
                    finished += len(records)
                    if progress:
                        progress(finished, total)

            try:
                await asyncio.gather(*(worker() for _ in range(min(opts.concurrency, max(1, len(todo))))))
                await ask_scale()
            finally:
                sampled = await sampler.stop() if sampler else None
                answers.put_nowait(None)
                beating.cancel()
                # both tasks awaited whatever happened, so no exception of theirs goes unretrieved
                wrote, beat = await asyncio.gather(writing, beating, return_exceptions=True)
                saved = None
                if sampled:  # the footprint of what was asked, also of a part that ends in an error
                    try:
                        server_footprint.save(run_dir, sampled)
                    except OSError as exc:
                        saved = exc
            # the writer's failure first: it is why answers are missing
            for path, error in ((responses, wrote), (run_dir / "run.json", beat),
                                (run_dir / server_footprint.FILE, saved)):
                if isinstance(error, OSError):
                    raise RunStopped(path, error) from None
                if isinstance(error, BaseException) and not isinstance(error, asyncio.CancelledError):
                    raise error
        clock()
        part.finished = True
        info.metrics_after = await _scrape(client, info)
        info.finished = utc_now()
        try:
            write_run_info(run_dir, info)
        except OSError as exc:  # every answer is in; only the part's end could not be recorded
            raise RunStopped(run_dir / "run.json", exc) from None
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


# what a resumed run keeps from run.json, as (option, its value in EvalOptions, its value recorded): an option
# given on --resume with another value is refused, not silently dropped
RESUME_KEPT: dict[str, tuple[str, Callable[[EvalOptions], Any], Callable[[RunInfo], Any]]] = {
    "model": ("--model", lambda e: e.model, lambda i: i.model),
    "suite": ("--suite", lambda e: e.suite, lambda i: i.options.get("suite", "vision")),
    "langs": ("--lang", lambda e: list(e.langs), lambda i: i.options.get("langs", ["en"])),
    "filters": ("--filter", lambda e: sorted(e.filters), lambda i: sorted(i.options["filters"])),
    "limit": ("--limit", lambda e: e.limit, lambda i: i.options["limit"] or None),
    "repeat": ("--repeat", lambda e: e.repeat, lambda i: i.options["repeat"]),
    "thinking": ("--thinking", lambda e: e.thinking, lambda i: i.options["thinking"]),
    "max_tokens": ("--max-tokens", lambda e: e.request.max_tokens, lambda i: i.options["max_tokens"]),
    "temperature": ("--temperature", lambda e: e.request.temperature, lambda i: i.options["temperature"]),
    "seed": ("--seed", lambda e: e.request.seed, lambda i: i.options["seed"]),
    "video_mode": ("--video-mode", lambda e: e.request.video_mode, lambda i: i.options["video_mode"]),
    "num_frames": ("--num-frames", lambda e: e.request.num_frames, lambda i: i.options["num_frames"]),
    "extra_body": ("--extra-body", lambda e: e.request.extra_body, lambda i: i.options["extra_body"]),
    "no_stream": ("--no-stream", lambda e: not e.request.stream, lambda i: not i.options["stream"]),
    "concurrency_levels": ("--concurrency-levels", lambda e: list(e.concurrency_levels),
                           lambda i: list(i.options.get("concurrency_levels") or scale.DEFAULT_LEVELS)),
}


def _shown(value: Any) -> str:
    if isinstance(value, list):
        return ",".join(map(str, value)) or "none"
    if isinstance(value, dict):
        return orjson.dumps(value).decode()
    return "none" if value is None else str(value)


def _check_given(opts: EvalOptions, info: RunInfo) -> None:
    """Refuse options given with --resume that contradict the run's: they would be dropped, and the user would
    believe the rest of the run asks what they said. The suite folder agrees when its manifest does."""
    clashes = []
    for name in sorted(opts.given & RESUME_KEPT.keys()):
        flag, now, then = RESUME_KEPT[name]
        if now(opts) != then(info):
            shown = "given" if name == "no_stream" else _shown(now(opts))
            clashes.append(f"{flag} {shown} (the run has {_shown(then(info)) if name != 'no_stream' else 'streamed'})")
    if "golden" in opts.given:
        try:
            same = hashlib.sha256((opts.golden / "manifest.json").read_bytes()).hexdigest() == info.golden_sha256
        except OSError:
            same = False
        if not same:
            clashes.append(f"--golden {opts.golden} (the run asked the suite {info.golden}, another manifest)")
    if clashes:
        raise ConfigError(f"--resume continues the run as it was started, so it cannot take {'; '.join(clashes)}: "
                          "drop them, or start a new run")


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
    _check_given(opts, info)
    o = info.options
    # a limit of 0 meant "everything" before --limit 0 was refused
    opts.filters, opts.limit, opts.repeat = tuple(o["filters"]), o["limit"] or None, o["repeat"]
    # a --golden that agreed (same manifest) is the suite where it is now; else where the run found it
    opts.thinking, opts.golden = o["thinking"], opts.golden if "golden" in opts.given else Path(info.golden)
    r = opts.request
    r.max_tokens, r.temperature, r.seed = o["max_tokens"], o["temperature"], o["seed"]
    r.video_mode, r.num_frames, r.stream, r.extra_body = o["video_mode"], o["num_frames"], o["stream"], o["extra_body"]
    opts.concurrency_levels = tuple(o.get("concurrency_levels") or scale.DEFAULT_LEVELS)


async def _reachable(client: Client) -> list[str] | None:
    """The models the endpoint lists (None: no list); EndpointUnreachable when nothing answers there (any HTTP
    answer will do)."""
    try:
        return _listed(client, await client.get_json("/models"))
    except Unreachable as exc:
        raise EndpointUnreachable(f"{exc}; pass --endpoint to resume against another") from None
    except ValueError:
        return None


def _listed(client: Client, data: Any) -> list[str] | None:
    """The model ids of a /models page, scrubbed (a server's strings); None when it lists none readable."""
    models = data.get("data") if isinstance(data, dict) else None
    ids = [m["id"] for m in models if isinstance(m, dict) and isinstance(m.get("id"), str) and m["id"].strip()] \
        if isinstance(models, list) else []
    return [client.scrub.line(i, MODEL_CHARS) for i in ids[:MAX_LISTED]] or None


def _same_model(recorded: str, listed: list[str] | None, confirmed: bool, notify: Callable[[str], None]) -> None:
    """A resumed run asks the model it recorded. When the endpoint no longer lists it, the rest of the answers
    would come from another model, mixed into one run: refused, unless --model names the recorded model again
    (a server that serves it under another name, say); then a warning."""
    if listed is None or recorded in listed:
        return
    served = ", ".join(listed[:3]) + (f" and {len(listed) - 3} more" if len(listed) > 3 else "")
    if not confirmed:
        raise ConfigError(f"the endpoint now lists {served}, not {recorded}, the model this run asked: resuming would "
                          f"mix answers of two models in one run; resume where {recorded} is served, or give "
                          f"--model {recorded} to go on anyway")
    notify(f"warning: the endpoint lists {served}, not {recorded}; going on asking for {recorded}, as --model says "
           "(answers record the model the server reports)")


async def _first_model(client: Client, given: str | None) -> tuple[str, list[str] | None]:
    """The model to ask: `given`, else the first listed; and the models listed (None: no list). Either way the
    endpoint must answer."""
    try:
        data = await client.get_json("/models")
    except Unreachable as exc:
        raise EndpointUnreachable(str(exc)) from None
    except ValueError as exc:
        if given:  # some servers have no /models; the request itself will tell
            return given, None
        raise EndpointUnreachable(f"the endpoint answered /models with {exc}; pass --model") from None
    listed = _listed(client, data)
    if given:
        return given, listed
    models = data.get("data") if isinstance(data, dict) else None
    first = models[0] if isinstance(models, list) and models else None
    if not isinstance(first, dict) or not isinstance(first.get("id"), str) or not first["id"].strip():
        raise EndpointUnreachable("the endpoint's /models lists no model; pass --model")
    return first["id"], listed


def run_eval(opts: EvalOptions, progress: Callable[[int, int], None] | None = None,
             notify: Callable[[str], None] = lambda _: None) -> Path:
    """Ask every case of `opts` (or what a resumed run still lacks); the run folder. `notify` gets warnings."""
    return asyncio.run(_run(opts, progress, notify))
