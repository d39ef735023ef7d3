"""Decoding what a request carries: image data URLs, MP4 data URLs, vLLM's jpeg-sequence videos.

Everything is bounded before it is decoded: image and frame sizes come from headers, frames are
counted as they decode, and one budget per request caps decoded pixels and decoding time.
"""

from __future__ import annotations

import base64
import binascii
import io
import time
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass

import numpy as np
from PIL import Image

# What browsers and the OpenAI API accept; other Pillow plugins (EPS runs Ghostscript) stay closed.
IMAGE_FORMATS = ("PNG", "JPEG", "WEBP", "GIF")


@dataclass(frozen=True)
class MediaLimits:
    """Caps on what one request may make the server decode (all checked before the pixels are)."""

    image_pixels: int = 4096 * 4096  # one image or video frame
    request_pixels: int = 3 * 4096 * 4096  # every image and frame of a request: 144 MiB as RGB
    clip_frames: int = 512  # frames of one clip (the golden clips have 30)
    media_items: int = 256  # images and videos in one request
    decode_seconds: float = 30.0  # decoding all of a request's media


class MediaError(ValueError):
    """A request's media cannot be decoded; the server answers 400 with this message."""

    status = 400


class MediaTooLarge(MediaError):
    """A request's media are over a cap; the server answers 413."""

    status = 413


class Budget:
    """What is left of one request's limits: pixels declared by headers, pixels decoded, time."""

    def __init__(self, limits: MediaLimits):
        self.limits = limits
        self.declared = self.decoded = 0
        self.deadline = time.monotonic() + limits.decode_seconds

    def fits(self, width: int, height: int, what: str) -> None:
        if width * height > self.limits.image_pixels:
            raise MediaTooLarge(f"{what}: {width}x{height} is over {self.limits.image_pixels} pixels")

    def declare(self, width: int, height: int, what: str, frames: int = 1) -> None:
        """Count pictures by their headers, before anything is decoded."""
        self.fits(width, height, what)
        self.declared += width * height * frames
        self._over(self.declared, what)

    def take(self, width: int, height: int, what: str) -> None:
        """Count a picture as it decodes (a clip may hold more frames than its header says)."""
        self.fits(width, height, what)
        self.decoded += width * height
        self._over(self.decoded, what)

    def _over(self, pixels: int, what: str) -> None:
        if pixels > self.limits.request_pixels:
            raise MediaTooLarge(f"{what}: the request's media are over {self.limits.request_pixels} decoded pixels")

    def tick(self, what: str) -> None:
        if time.monotonic() > self.deadline:
            raise MediaTooLarge(f"{what}: decoding took over {self.limits.decode_seconds:g} s")


def _b64(data: str, what: str) -> bytes:
    try:
        return base64.b64decode(data, validate=True)
    except (binascii.Error, ValueError):
        raise MediaError(f"{what}: invalid base64") from None


def _split(url: object, what: str) -> tuple[str, str]:
    if not isinstance(url, str) or not url.startswith("data:") or "," not in url:
        raise MediaError(f"{what}: only data: URLs are accepted (no network fetches)")
    header, data = url[5:].split(",", 1)
    return header, data


def _header(raw: bytes, what: str, budget: Budget) -> Image.Image:
    try:
        image = Image.open(io.BytesIO(raw), formats=IMAGE_FORMATS)  # reads the header only
    except Image.DecompressionBombError:  # Pillow's own cap, far above ours
        raise MediaTooLarge(f"{what}: over {budget.limits.image_pixels} pixels") from None
    except Exception as exc:  # any decoder failure on untrusted bytes is the sender's error
        raise MediaError(f"{what}: not a decodable image ({exc.__class__.__name__})") from None
    budget.declare(image.width, image.height, what)
    return image


def _pixels(opened: Image.Image, what: str, budget: Budget) -> np.ndarray:
    with opened as image:
        budget.take(image.width, image.height, what)
        try:
            pixels = np.asarray(image.convert("RGB"))
        except Exception as exc:
            raise MediaError(f"{what}: not a decodable image ({exc.__class__.__name__})") from None
    budget.tick(what)
    return pixels


Decoded = np.ndarray | tuple[list[np.ndarray], float | None]


def decode_media(items: list[tuple[str, object]], limits: MediaLimits) -> list[Decoded]:
    """Decode a request's ('image_url' | 'video_url', url) items: an RGB array per image, (frames,
    container fps or None for a frame sequence) per video.

    Every header is read and counted against `limits` before any pixel of any item is decoded."""
    if len(items) > limits.media_items:
        raise MediaTooLarge(f"more than {limits.media_items} images and videos in one request")
    budget = Budget(limits)
    plans = [_plan(kind, url, budget) for kind, url in items]
    return [decode() for decode in plans]


def _plan(kind: str, url: object, budget: Budget) -> Callable[[], Decoded]:
    header, data = _split(url, kind)
    if kind == "image_url":
        image = _header(_b64(data, kind), kind, budget)
        return lambda: _pixels(image, kind, budget)
    if header.startswith("video/jpeg"):
        parts = data.split(",")
        if len(parts) > budget.limits.clip_frames:
            raise MediaTooLarge(f"video_url: more than {budget.limits.clip_frames} frames")
        frames = [_header(_b64(part, f"video_url frame {k}"), f"video_url frame {k}", budget)
                  for k, part in enumerate(parts)]
        return lambda: ([_pixels(f, f"video_url frame {k}", budget) for k, f in enumerate(frames)], None)
    raw = _b64(data, kind)
    with _mp4(raw) as container:
        stream = container.streams.video[0]
        if stream.frames > budget.limits.clip_frames:
            raise MediaTooLarge(f"video_url: more than {budget.limits.clip_frames} frames")
        budget.declare(stream.width, stream.height, "video_url", max(1, stream.frames))
    return lambda: _clip(raw, budget)


@contextmanager
def _mp4(raw: bytes):
    import av

    try:
        # MP4 only: a probed format could be a playlist that names other files or URLs
        with av.open(io.BytesIO(raw), format="mp4") as container:
            yield container
    except MediaError:
        raise
    except Exception as exc:  # FFmpeg errors, no video stream, a broken container
        raise MediaError(f"video_url: not a decodable video ({exc.__class__.__name__})") from None


def _clip(raw: bytes, budget: Budget) -> tuple[list[np.ndarray], float | None]:
    limit = budget.limits.clip_frames
    frames: list[np.ndarray] = []
    with _mp4(raw) as container:
        stream = container.streams.video[0]
        fps = float(stream.average_rate or 0) or None
        for frame in container.decode(stream):  # one frame at a time: counted before it is converted
            if len(frames) == limit:
                raise MediaTooLarge(f"video_url: more than {limit} frames")
            budget.take(frame.width, frame.height, f"video_url frame {len(frames)}")
            frames.append(frame.to_ndarray(format="rgb24"))
            budget.tick("video_url")
    return frames, fps
