"""Sending a probe's requests through the runner's client, and keeping each media file in the probe folder."""

from __future__ import annotations

import asyncio
import base64
import re
from collections.abc import Awaitable, Callable
from contextlib import ExitStack
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import numpy as np
import orjson

from assetgen.errors import AssetgenError
from assetgen.media.imaging import png_bytes
from assetgen.media.video import encode_mp4, frame_label, jpeg_bytes
from assetgen.run.client import Client, Outcome, Unreachable
from assetgen.run.endpoint import api_key as resolve_key
from assetgen.run.endpoint import base_url, public_url
from assetgen.run.files import write_atomic
from assetgen.run.probe.records import Measurement
from graders.numbers import stated_number

ANSWER_CHARS = 300


@dataclass
class ProbeOptions:
    endpoint: str | None  # None: the built-in reference endpoint, started for the probe
    out: Path = Path("runs")
    model: str | None = None
    api_key: str | None = None
    seed: int = 0
    timeout: float = 300.0
    retries: int = 1
    concurrency: int = 2
    max_tokens: int = 64


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def new_probe_dir(out: Path, kind: str, model: str) -> Path:
    """runs/probe-<kind>-<model>-<n>: no clock or random id in the name."""
    out.mkdir(parents=True, exist_ok=True)
    slug = re.sub(r"[^a-zA-Z0-9]+", "-", model).strip("-").lower()[:40] or "model"
    n = 1
    while (out / f"probe-{kind}-{slug}-{n}").exists():
        n += 1
    path = out / f"probe-{kind}-{slug}-{n}"
    (path / "media").mkdir(parents=True)
    return path


def _url(media_type: str, data: bytes) -> str:
    return f"data:{media_type};base64,{base64.b64encode(data).decode('ascii')}"


@dataclass
class Asker:
    """One probe's connection, model and folder; every request goes through the runner's Client."""

    client: Client
    model: str
    folder: Path
    max_tokens: int
    written: set[str] = field(default_factory=set)

    def keep(self, name: str, data: bytes) -> str:
        """Write a media file once into media/ (its name is ours, never a server's)."""
        rel = f"media/{name}"
        if rel not in self.written:
            write_atomic(self.folder / rel, data)
            self.written.add(rel)
        return rel

    def mp4(self, name: str, frames: list[np.ndarray], fps: int) -> tuple[dict, str]:
        data = encode_mp4(frames, fps)
        return {"type": "video_url", "video_url": {"url": _url("video/mp4", data)}}, self.keep(f"{name}.mp4", data)

    def jpeg_sequence(self, name: str, frames: list[np.ndarray]) -> tuple[dict, list[str]]:
        jpegs = [jpeg_bytes(f) for f in frames]
        files = [self.keep(f"{name}-{k:03d}.jpg", j) for k, j in enumerate(jpegs)]
        url = "data:video/jpeg;base64," + ",".join(base64.b64encode(j).decode("ascii") for j in jpegs)
        return {"type": "video_url", "video_url": {"url": url}}, files

    def frame_images(self, name: str, frames: list[np.ndarray]) -> tuple[list[dict], list[str]]:
        jpegs = [jpeg_bytes(f) for f in frames]
        files = [self.keep(f"{name}-{k:03d}.jpg", j) for k, j in enumerate(jpegs)]
        parts = [{"type": "text", "text": frame_label(1, 1, len(frames))}]
        parts += [{"type": "image_url", "image_url": {"url": _url("image/jpeg", j)}} for j in jpegs]
        return parts, files

    def image(self, name: str, pixels: np.ndarray) -> tuple[dict, str]:
        data = png_bytes(pixels)
        return {"type": "image_url", "image_url": {"url": _url("image/png", data)}}, self.keep(f"{name}.png", data)

    async def ask(self, parts: list[dict] | None, prompt: str, extra: dict[str, Any] | None = None) -> Outcome:
        content: Any = [*parts, {"type": "text", "text": prompt}] if parts else prompt
        body = {"model": self.model, "messages": [{"role": "user", "content": content}],
                "max_tokens": self.max_tokens, "temperature": 0.0, **(extra or {})}
        return await self.client.chat(orjson.dumps(body), stream=False)


def measured(outcome: Outcome, baseline: int | None, question: str | None = None, **fields) -> Measurement:
    """A Measurement of one outcome: its status, tokens, answer and the number it states."""
    usage = outcome.usage or {}
    prompt = usage.get("prompt_tokens")
    answer = outcome.content if outcome.status == "ok" else None
    value = None
    if answer is not None and question is not None:
        value = stated_number(answer, question).value
    return Measurement(status="ok" if outcome.status == "ok" else "error", http_status=outcome.http_status,
                       error=outcome.error, prompt_tokens=prompt,
                       media_tokens=prompt - baseline if prompt is not None and baseline is not None else None,
                       answer=answer[:ANSWER_CHARS] if answer is not None else None, value=value, **fields)


async def open_client(options: ProbeOptions, endpoint: str) -> tuple[Client, str]:
    """A Client on the endpoint and the model to ask (the first /models lists unless given)."""
    client = Client(endpoint, resolve_key(options.api_key), concurrency=options.concurrency, timeout=options.timeout,
                    retries=options.retries)
    try:
        data = await client.get_json("/models")
    except Unreachable as exc:
        await client.close()
        raise AssetgenError(str(exc)) from None
    except ValueError as exc:
        if options.model:
            return client, options.model
        await client.close()
        raise AssetgenError(f"the endpoint answered /models with {exc}; pass --model") from None
    if options.model:
        return client, options.model
    models = data.get("data") if isinstance(data, dict) else None
    first = models[0] if isinstance(models, list) and models else None
    if not isinstance(first, dict) or not isinstance(first.get("id"), str) or not first["id"].strip():
        await client.close()
        raise AssetgenError("the endpoint's /models lists no model; pass --model")
    return client, client.scrub.line(first["id"], 200)


def write_record(folder: Path, record) -> None:
    write_atomic(folder / "probe.json", orjson.dumps(record.model_dump(), option=orjson.OPT_INDENT_2))


async def gather_limited(coros, limit: int) -> list:
    """The results of `coros` in order, at most `limit` in flight."""
    gate = asyncio.Semaphore(limit)

    async def one(coro):
        async with gate:
            return await coro
    return await asyncio.gather(*(one(c) for c in coros))


def run_probe(kind: str, options: ProbeOptions, measure: Callable[[Asker, ProbeOptions], Awaitable[list[Measurement]]],
              analyse: Callable[..., Any]) -> tuple[Path, Any]:
    """A probe end to end: the endpoint (the built-in one when none is given), its model, a new probe folder,
    the measurements, their analysis written as probe.json. Returns (folder, record)."""
    with ExitStack() as stack:
        builtin = options.endpoint is None
        if builtin:  # imported here: the reference endpoint brings OpenCV and OCR, which reading a probe never needs
            from assetgen.reference.server import Running

            endpoint = base_url(stack.enter_context(Running()))
        else:
            endpoint = base_url(options.endpoint)
        return asyncio.run(_probe(kind, options, endpoint, builtin, measure, analyse))


async def _probe(kind, options, endpoint, builtin, measure, analyse):
    started = now()
    client, model = await open_client(options, endpoint)
    try:
        folder = new_probe_dir(options.out, kind, model)
        measurements = await measure(Asker(client, model, folder, options.max_tokens), options)
    finally:
        await client.close()
    record = analyse(measurements, endpoint=public_url(endpoint), builtin=builtin, model=model, started=started,
                     seed=options.seed)
    write_record(folder, record)
    return folder, record
