"""Request bodies for a case: images as data URLs, videos by the chosen mode. Built when sent."""

from __future__ import annotations

import base64
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

from assetgen.records import Case
from assetgen.runrecords import SentSummary
from assetgen.video import decode_av, jpeg_bytes, sample_indices

VIDEO_MODES = ("video_url", "frames", "jpeg-sequence")


class MediaCache:
    """A small LRU of encoded media, so repeats and thinking modes reuse them while memory stays flat."""

    def __init__(self, size: int = 32):
        self.size, self.items = size, OrderedDict()

    def get(self, key, make):
        if key in self.items:
            self.items.move_to_end(key)
            return self.items[key]
        value = make()
        self.items[key] = value
        if len(self.items) > self.size:
            self.items.popitem(last=False)
        return value


@dataclass
class RequestOptions:
    model: str
    max_tokens: int | None = 1024
    temperature: float | None = 0.0
    seed: int | None = None
    video_mode: str = "video_url"
    num_frames: int | None = None
    stream: bool = True
    extra_body: dict[str, Any] = field(default_factory=dict)


def _data_url(media_type: str, data: bytes) -> str:
    return f"data:{media_type};base64,{base64.b64encode(data).decode('ascii')}"


def build_body(case: Case, root: Path, options: RequestOptions, thinking: bool | None,
               cache: MediaCache) -> tuple[bytes, SentSummary, int | None]:
    """(JSON body bytes, what was sent, frames shown per clip if known)."""
    parts: list[dict[str, Any]] = []
    images = videos = media_bytes = 0
    frames_shown = None
    for ref in case.inputs:
        path = root / ref.path
        if ref.media_type.startswith("image/"):
            url, size = cache.get(("img", ref.path), lambda p=path, m=ref.media_type: _encoded(m, p.read_bytes()))
            parts.append({"type": "image_url", "image_url": {"url": url}})
            images, media_bytes = images + 1, media_bytes + size
            continue
        if options.video_mode == "video_url":
            url, size = cache.get(("mp4", ref.path), lambda p=path: _encoded("video/mp4", p.read_bytes()))
            parts.append({"type": "video_url", "video_url": {"url": url}})
            videos, media_bytes = videos + 1, media_bytes + size
            continue
        frames = cache.get(("frames", ref.path, options.num_frames), lambda p=path: _jpeg_frames(p, options.num_frames))
        frames_shown = len(frames)
        if options.video_mode == "frames":
            for jpeg in frames:
                parts.append({"type": "image_url", "image_url": {"url": _data_url("image/jpeg", jpeg)}})
            images += len(frames)
        else:  # vLLM's jpeg-sequence video: data:video/jpeg;base64,<f1>,<f2>,...
            url = "data:video/jpeg;base64," + ",".join(base64.b64encode(j).decode("ascii") for j in frames)
            parts.append({"type": "video_url", "video_url": {"url": url}})
            videos += 1
        media_bytes += sum(len(j) for j in frames)
    parts.append({"type": "text", "text": case.prompt})
    messages = ([{"role": "system", "content": case.system_prompt}] if case.system_prompt else []) + [
        {"role": "user", "content": parts}]
    params: dict[str, Any] = {"model": options.model}
    if options.max_tokens is not None:
        params["max_tokens"] = options.max_tokens
    if options.temperature is not None:
        params["temperature"] = options.temperature
    if options.seed is not None:
        params["seed"] = options.seed
    if options.stream:
        params |= {"stream": True, "stream_options": {"include_usage": True}}
    if thinking is not None:
        params["chat_template_kwargs"] = {"enable_thinking": thinking}
    if options.num_frames and options.video_mode == "video_url" and any(
            r.media_type == "video/mp4" for r in case.inputs):
        params["media_io_kwargs"] = {"video": {"num_frames": options.num_frames}}
    params = _merge(params, options.extra_body)
    body = orjson.dumps({**params, "messages": messages})
    summary = SentSummary(images=images, videos=videos, media_bytes=media_bytes, body_bytes=len(body),
                          stream=bool(params.get("stream")), params=params)
    return body, summary, frames_shown


def _encoded(media_type: str, data: bytes) -> tuple[str, int]:
    return _data_url(media_type, data), len(data)


def _jpeg_frames(path: Path, num_frames: int | None) -> list[bytes]:
    frames, _ = decode_av(path.read_bytes())
    indices = sample_indices(len(frames), num_frames) if num_frames else range(len(frames))
    return [jpeg_bytes(frames[i]) for i in indices]


def _merge(base: dict, extra: dict) -> dict:
    out = dict(base)
    for key, value in extra.items():
        out[key] = _merge(out[key], value) if isinstance(value, dict) and isinstance(out.get(key), dict) else value
    return out
