"""`assetgen eval`: send cases to an endpoint concurrently, record every answer as it arrives."""

from __future__ import annotations

import asyncio
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
from assetgen.run.client import Client, Outcome, Unreachable
from assetgen.run.endpoint import public_url, scrub
from assetgen.run.metrics import MetricsError, spec_counters
from assetgen.run.payload import SHARED_CACHE, VIDEO_MODES, RequestOptions, build_body
from assetgen.run.records import ResponseRecord, RunInfo, SpecStats, Timing, latest, read_responses, read_run_info
from graders.records import Sent, Usage

THINKING = ("on", "off", "both", "server-default")


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

    def public(self) -> dict[str, Any]:
        """Options as recorded in run.json: never the key."""
        r = self.request
        return {"filters": list(self.filters), "limit": self.limit, "repeat": self.repeat,
                "concurrency": self.concurrency, "thinking": self.thinking, "max_tokens": r.max_tokens,
                "temperature": r.temperature, "seed": r.seed, "video_mode": r.video_mode, "num_frames": r.num_frames,
                "stream": r.stream, "extra_body": r.extra_body, "timeout": self.timeout, "retries": self.retries,
                "api_key_given": bool(self.api_key)}


def select(cases: list[CaseToSend], filters: tuple[str, ...], limit: int | None) -> list[CaseToSend]:
    """Cases whose id, family or category matches any filter (substring of the id, or exact name)."""
    chosen = [c for c in cases if not filters or any(f in (c.family, c.category) or f in c.id for f in filters)]
    if filters and not chosen:
        raise ConfigError(f"--filter {', '.join(filters)} matches no case (filter by case id, family or category)")
    return chosen[:limit] if limit else chosen


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
    """runs/<model>-<suite hash>-<n>: readable, and no clock or random id in it."""
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
                max_tokens, video_mode, secrets) -> ResponseRecord:
    usage = Usage(**outcome.usage) if outcome.usage else None
    timing = Timing(latency_s=outcome.latency_s, ttft_s=outcome.ttft_s, ttfc_s=outcome.ttfc_s)
    # a rate needs tokens arriving over time: an answer sent in one chunk has no decode time to measure
    if outcome.latency_s and outcome.ttft_s is not None and usage and usage.completion_tokens \
            and outcome.text_chunks >= 2:
        decode = outcome.latency_s - outcome.ttft_s
        timing.decode_tps = usage.completion_tokens / decode if decode > 0 else None
    has_video = any(f.media_type == "video/mp4" for f in case.inputs)
    return ResponseRecord(
        case_id=case.id, key=slot_key(case.id, repeat, thinking), repeat=repeat, thinking_label=thinking,
        # the key never reaches disk, not even when a server or model echoes it back
        content=_scrub(outcome.content, secrets), reasoning=_scrub(outcome.reasoning, secrets),
        finish_reason=outcome.finish_reason, usage=usage,
        status=outcome.status, http_status=outcome.http_status,
        error=scrub(outcome.error, secrets) if outcome.error else None, model=outcome.model,
        attempts=outcome.attempts, timing=timing, request=summary,
        partial_content=_scrub(outcome.partial_content, secrets),
        spec=SpecStats(**outcome.spec) if outcome.spec else None,
        sent=Sent(max_tokens=max_tokens, video_mode=video_mode if has_video else None,
                  frames_shown=frames_shown if has_video else None,
                  thinking={"on": True, "off": False}.get(thinking)))


def _scrub(text: str | None, secrets) -> str | None:
    return scrub(text, secrets) if text else text


async def _scrape(client: Client, info: RunInfo, secrets) -> dict[str, float] | None:
    """The server's speculative-decoding counters; None without /metrics. A page that is not Prometheus
    text is noted in run.json, never fatal: the answers matter more than the counters."""
    text = await client.get_text(client.base.rsplit("/v1", 1)[0] + "/metrics")
    if not text:
        return None
    try:
        return spec_counters(text)
    except MetricsError as exc:
        info.metrics_error = scrub(str(exc), secrets)[:300]
        return None


async def _run(opts: EvalOptions, progress: Callable[[int, int], None] | None) -> Path:
    if opts.request.video_mode not in VIDEO_MODES:
        raise ConfigError(f"--video-mode {opts.request.video_mode!r}; valid: {', '.join(VIDEO_MODES)}")
    if opts.thinking not in THINKING:
        raise ConfigError(f"--thinking {opts.thinking!r}; valid: {', '.join(THINKING)}")
    for name, value, low in (("--concurrency", opts.concurrency, 1), ("--repeat", opts.repeat, 1),
                             ("--retries", opts.retries, 0)):
        if value < low:
            raise ConfigError(f"{name} {value} must be >= {low}")
    if opts.resume:
        _restore_options(opts, read_run_info(opts.resume))
    cases = select(load_golden(opts.golden, model=CaseToSend), opts.filters, opts.limit)
    golden_hash = hashlib.sha256((opts.golden / "manifest.json").read_bytes()).hexdigest()
    client = Client(opts.endpoint, opts.api_key, concurrency=opts.concurrency, timeout=opts.timeout,
                    retries=opts.retries)
    secrets = [opts.api_key]
    try:
        if opts.resume:
            run_dir = opts.resume
            info = read_run_info(run_dir)
            if info.golden_sha256 != golden_hash:
                raise ConfigError(f"{run_dir} was run on another suite (manifest sha256 differs)")
            model = info.model
            info.resumed += 1
        else:
            model = await _first_model(client, opts.model)
            run_dir = new_run_dir(opts.out, model, golden_hash)
            info = RunInfo(run_id=run_dir.name, endpoint=public_url(opts.endpoint), model=model,
                           options=opts.public(), golden=str(opts.golden), golden_sha256=golden_hash,
                           case_count=len(cases), versions=versions(), started=_now())
        opts.request.model = model
        responses = run_dir / "responses.jsonl"
        done = {k for k, r in latest(read_responses(responses)).items() if r.status == "ok"}
        todo = [s for s in slots(cases, opts.repeat, opts.thinking) if slot_key(s[0].id, s[1], s[2]) not in done]
        if info.metrics_before is None:
            info.metrics_before = await _scrape(client, info, secrets)
        _write_info(run_dir, info)
        cache = SHARED_CACHE
        pending = iter(todo)
        finished = 0
        start = time.perf_counter()
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
                                         opts.request.video_mode, secrets)
                    # one write of a whole line, flushed to the kernel: a process killed at any moment
                    # (even kill -9) leaves whole lines plus at most one torn tail, which resume cuts off;
                    # answers still queued then are asked again on resume, never recorded twice
                    sink.write(record.model_dump_json().encode("utf-8") + b"\n")
                    sink.flush()
                    finished += 1
                    if progress:
                        progress(finished, len(todo))

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
            try:
                await asyncio.gather(*(worker() for _ in range(min(opts.concurrency, max(1, len(todo))))))
            finally:
                answers.put_nowait(None)
                await writing
        info.wall_s = (info.wall_s or 0.0) + (time.perf_counter() - start)
        info.metrics_after = await _scrape(client, info, secrets)
        info.finished = _now()
        _write_info(run_dir, info)
        return run_dir
    finally:
        await client.close()


def _restore_options(opts: EvalOptions, info: RunInfo) -> None:
    """A resumed run asks the same cases the same way as its first part did."""
    o = info.options
    opts.filters, opts.limit, opts.repeat = tuple(o["filters"]), o["limit"], o["repeat"]
    opts.thinking, opts.golden = o["thinking"], Path(info.golden)
    r = opts.request
    r.max_tokens, r.temperature, r.seed = o["max_tokens"], o["temperature"], o["seed"]
    r.video_mode, r.num_frames, r.stream, r.extra_body = o["video_mode"], o["num_frames"], o["stream"], o["extra_body"]


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
    if not models or not isinstance(models[0], dict) or not models[0].get("id"):
        raise EndpointUnreachable("the endpoint's /models lists no model; pass --model")
    return str(models[0]["id"])


def _write_info(run_dir: Path, info: RunInfo) -> None:
    tmp = run_dir / "run.json.tmp"
    tmp.write_bytes(orjson.dumps(info.model_dump(), option=orjson.OPT_INDENT_2))
    tmp.replace(run_dir / "run.json")


def run_eval(opts: EvalOptions, progress: Callable[[int, int], None] | None = None) -> Path:
    return asyncio.run(_run(opts, progress))
