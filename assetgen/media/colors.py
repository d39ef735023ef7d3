"""Named colors far apart in RGB, so a name is never ambiguous to a reader (model or OpenCV)."""

from __future__ import annotations

import numpy as np

PALETTE: dict[str, tuple[int, int, int]] = {
    "red": (220, 30, 30),
    "green": (30, 160, 60),
    "blue": (30, 80, 220),
    "yellow": (245, 215, 30),
    "orange": (245, 130, 20),
    "purple": (130, 40, 180),
    "pink": (250, 130, 200),
    "brown": (125, 75, 30),
    "black": (20, 20, 20),
    "white": (250, 250, 250),
    "gray": (128, 128, 128),
    "cyan": (40, 210, 230),
}

# Colors for things drawn on a white background (white itself would vanish).
ON_WHITE = tuple(name for name in PALETTE if name != "white")


def rgb(name: str) -> tuple[int, int, int]:
    return PALETTE[name]


def nearest_name(pixel: np.ndarray | tuple[int, int, int], names: tuple[str, ...] | None = None) -> str:
    """The palette name closest to an RGB pixel (used by tests and the reference solver)."""
    names = names or tuple(PALETTE)
    p = np.asarray(pixel, dtype=float)
    return min(names, key=lambda n: float(np.sum((np.asarray(PALETTE[n], dtype=float) - p) ** 2)))
