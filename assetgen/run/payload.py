"""Request bodies for a case: images as data URLs, videos by the chosen mode. Built when sent."""

from __future__ import annotations

import base64
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

from assetgen.dataset.paths import resolve_inside
from assetgen.dataset.records import CaseToSend
from assetgen.media.video import decode_av, frame_label, jpeg_bytes, sample_indices
from assetgen.run.records import SentSummary

VIDEO_MODES = ("video_url", "frames", "jpeg-sequence")


class MediaCache:
    """A small LRU of encoded media, so repeats and thinking modes reuse them while memory stays flat."""

    def __init__(self, size: int = 8):
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


SHARED_CACHE = MediaCache()
"""The runner's cache of encoded media: a case's media are encoded once, then reused by repeats."""


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


def build_body(case: CaseToSend, root: Path, options: RequestOptions, thinking: bool | None,
               cache: MediaCache) -> tuple[bytes, SentSummary, int | None]:
    """(JSON body bytes, what was sent, frames shown per clip if known).

    Identical requests (repeats) reuse one serialised body: nothing is encoded twice, and requests in
    flight share a buffer."""
    overrides = case.request.model_dump_json() if case.request else None
    key = ("body", case.id, overrides, thinking, options.model, options.video_mode, options.num_frames,
           options.max_tokens,
           options.temperature, options.seed, options.stream, repr(sorted(options.extra_body.items())))
    body, summary, frames_shown = cache.get(key, lambda: _build_body(case, root, options, thinking, cache))
    return body, summary.model_copy(), frames_shown


def _build_body(case: CaseToSend, root: Path, options: RequestOptions, thinking: bool | None,
                cache: MediaCache) -> tuple[bytes, SentSummary, int | None]:
    key = ("parts", case.id, options.video_mode, options.num_frames)
    media, images, videos, media_bytes, frames_shown = cache.get(key, lambda: _media_parts(case, root, options))
    prompt = "\n\n".join([*_documents(case, root), case.prompt])
    parts = [*media]
    parts.append({"type": "text", "text": prompt})
    if not media:  # text only: a plain string, as every chat server takes (some refuse a list for text)
        parts = prompt
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
    if case.request is not None:
        params = _merge(params, case.request.params())
    params = _merge(params, options.extra_body)
    body = orjson.dumps({**params, "messages": messages})
    summary = SentSummary(images=images, videos=videos, media_bytes=media_bytes, body_bytes=len(body),
                          stream=bool(params.get("stream")), params=params)
    return body, summary, frames_shown


def _media_parts(case: CaseToSend, root: Path, options: RequestOptions):
    """The media content parts of a case, encoded once: (parts, images, videos, media bytes, frames shown)."""
    parts: list[dict[str, Any]] = []
    images = videos = media_bytes = 0
    frames_shown = None
    clips = [ref for ref in case.inputs if ref.media_type == "video/mp4"]
    for ref in case.inputs:
        if ref.media_type == "text/plain":  # a document: part of the prompt's text (see _documents)
            continue
        path = resolve_inside(root, ref.path)  # strictly inside the suite, no links: checked once, in dataset
        if ref.media_type.startswith("image/"):
            url, size = _encoded(ref.media_type, path.read_bytes())
            parts.append({"type": "image_url", "image_url": {"url": url}})
            images, media_bytes = images + 1, media_bytes + size
            continue
        if options.video_mode == "video_url":
            url, size = _encoded("video/mp4", path.read_bytes())
            parts.append({"type": "video_url", "video_url": {"url": url}})
            videos, media_bytes = videos + 1, media_bytes + size
            continue
        frames = _jpeg_frames(path, options.num_frames)
        frames_shown = len(frames)
        if options.video_mode == "frames":
            # a label per clip: which clip the frames are, and that they are one (two clips stay apart)
            parts.append({"type": "text", "text": frame_label(clips.index(ref) + 1, len(clips), len(frames))})
            for jpeg in frames:
                parts.append({"type": "image_url", "image_url": {"url": _data_url("image/jpeg", jpeg)}})
            images += len(frames)
        else:  # vLLM's jpeg-sequence video: data:video/jpeg;base64,<f1>,<f2>,...
            url = "data:video/jpeg;base64," + ",".join(base64.b64encode(j).decode("ascii") for j in frames)
            parts.append({"type": "video_url", "video_url": {"url": url}})
            videos += 1
        media_bytes += sum(len(j) for j in frames)
    return parts, images, videos, media_bytes, frames_shown


def _documents(case: CaseToSend, root: Path) -> list[str]:
    """The case's text files, in order, sent before its prompt (a context-scaling filler). Bytes that are
    not UTF-8 are replaced rather than fatal: a damaged suite gives a wrong prompt, never a crash."""
    return [resolve_inside(root, ref.path).read_bytes().decode("utf-8", "replace")
            for ref in case.inputs if ref.media_type == "text/plain"]


def _encoded(media_type: str, data: bytes) -> tuple[str, int]:
    return _data_url(media_type, data), len(data)


def _jpeg_frames(path: Path, num_frames: int | None) -> list[bytes]:
    """JPEGs of the sampled frames, each encoded as it is decoded: one decoded frame in memory at a time."""
    import av

    with av.open(str(path)) as container:
        stream = container.streams.video[0]
        count = stream.frames or len(decode_av(path.read_bytes())[0])
        wanted = set(sample_indices(count, num_frames) if num_frames else range(count))
        return [jpeg_bytes(frame.to_ndarray(format="rgb24"))
                for index, frame in enumerate(container.decode(stream)) if index in wanted]


def _merge(base: dict, extra: dict) -> dict:
    out = dict(base)
    for key, value in extra.items():
        out[key] = _merge(out[key], value) if isinstance(value, dict) and isinstance(out.get(key), dict) else value
    return out
