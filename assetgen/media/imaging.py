"""Shared rendering helpers: deterministic PNG bytes, bundled fonts, degradations, figures."""

from __future__ import annotations

import io
from functools import cache
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

# Fonts come from matplotlib's bundled DejaVu files by path: no system font lookup, the same
# glyphs on every machine that has the same matplotlib.
FONT_FILES = {
    "sans": "DejaVuSans.ttf",
    "sans-bold": "DejaVuSans-Bold.ttf",
    "serif": "DejaVuSerif.ttf",
    "mono": "DejaVuSansMono.ttf",
}


@cache
def font_path(kind: str) -> Path:
    import matplotlib

    return Path(matplotlib.get_data_path()) / "fonts" / "ttf" / FONT_FILES[kind]


@cache
def font(kind: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(font_path(kind)), size)


def png_bytes(array: np.ndarray) -> bytes:
    """Encode an RGB uint8 array as PNG with no metadata, so equal pixels give equal bytes."""
    if array.dtype != np.uint8 or array.ndim != 3 or array.shape[2] != 3:
        raise ValueError(f"expected an HxWx3 uint8 array, got {array.dtype} {array.shape}")
    buffer = io.BytesIO()
    Image.fromarray(array, "RGB").save(buffer, format="PNG", compress_level=6)
    return buffer.getvalue()


def decode_image(data: bytes) -> np.ndarray:
    with Image.open(io.BytesIO(data)) as image:
        return np.asarray(image.convert("RGB"))


def canvas(width: int, height: int, color: tuple[int, int, int] = (255, 255, 255)):
    image = Image.new("RGB", (width, height), color)
    return image, ImageDraw.Draw(image)


def degrade(
    image: Image.Image,
    *,
    rotation: float = 0.0,
    blur: float = 0.0,
    noise: float = 0.0,
    noise_seed: int = 0,
    jpeg_quality: int = 100,
    fill: tuple[int, int, int] = (255, 255, 255),
) -> np.ndarray:
    """SynthDoG-style degradations, in a fixed order; the noise comes from the scene's own seed."""
    if rotation:
        image = image.rotate(rotation, resample=Image.BICUBIC, expand=False, fillcolor=fill)
    if blur:
        image = image.filter(ImageFilter.GaussianBlur(blur))
    array = np.asarray(image, dtype=np.uint8)
    if noise:
        rng = np.random.default_rng(noise_seed)
        noisy = array.astype(np.float32) + rng.normal(0.0, noise, array.shape).astype(np.float32)
        array = np.clip(np.rint(noisy), 0, 255).astype(np.uint8)
    if jpeg_quality < 100:
        buffer = io.BytesIO()
        Image.fromarray(array).save(buffer, format="JPEG", quality=int(jpeg_quality))
        array = decode_image(buffer.getvalue())
    return np.ascontiguousarray(array)


def polygon_area(points: list[tuple[float, float]]) -> float:
    pts = np.asarray(points, dtype=float)
    x, y = pts[:, 0], pts[:, 1]
    return float(abs(np.dot(x, np.roll(y, -1)) - np.dot(np.roll(x, -1), y)) / 2.0)
