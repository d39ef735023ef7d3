"""Decoding what a request carries: image data URLs, MP4 data URLs, vLLM's jpeg-sequence videos."""

from __future__ import annotations

import base64
import binascii
import io

import numpy as np
from PIL import Image

MAX_PIXELS = 40_000_000  # decompression-bomb guard: no image or frame larger than this


class MediaError(ValueError):
    """A request's media cannot be decoded; the server answers 400 with this message."""


def _b64(data: str, what: str) -> bytes:
    try:
        return base64.b64decode(data, validate=True)
    except (binascii.Error, ValueError):
        raise MediaError(f"{what}: invalid base64") from None


def _split(url: str, what: str) -> tuple[str, str]:
    if not isinstance(url, str) or not url.startswith("data:") or "," not in url:
        raise MediaError(f"{what}: only data: URLs are accepted (no network fetches)")
    header, data = url[5:].split(",", 1)
    return header, data


def decode_image_url(url: str) -> np.ndarray:
    _header, data = _split(url, "image_url")
    raw = _b64(data, "image_url")
    try:
        with Image.open(io.BytesIO(raw)) as image:
            if image.width * image.height > MAX_PIXELS:
                raise MediaError(f"image_url: {image.width}x{image.height} is over {MAX_PIXELS} pixels")
            return np.asarray(image.convert("RGB"))
    except (OSError, Image.DecompressionBombError) as exc:
        raise MediaError(f"image_url: not a decodable image ({exc.__class__.__name__})") from None


def decode_video_url(url: str) -> tuple[list[np.ndarray], float | None]:
    """(frames, container fps or None for a frame sequence)."""
    header, data = _split(url, "video_url")
    if header.startswith("video/jpeg"):
        frames = []
        for k, part in enumerate(data.split(",")):
            with Image.open(io.BytesIO(_b64(part, f"video_url frame {k}"))) as image:
                if image.width * image.height > MAX_PIXELS:
                    raise MediaError(f"video_url frame {k}: too large")
                frames.append(np.asarray(image.convert("RGB")))
        return frames, None
    import av

    raw = _b64(data, "video_url")
    try:
        with av.open(io.BytesIO(raw)) as container:
            stream = container.streams.video[0]
            if stream.width * stream.height > MAX_PIXELS:
                raise MediaError("video_url: frames too large")
            fps = float(stream.average_rate or 0) or None
            frames = [f.to_ndarray(format="rgb24") for f in container.decode(stream)]
    except (av.error.FFmpegError, IndexError) as exc:
        raise MediaError(f"video_url: not a decodable video ({exc.__class__.__name__})") from None
    return frames, fps
