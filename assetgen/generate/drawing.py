"""Shape geometry shared by image and video families: the scene stores centre and radius only."""

from __future__ import annotations

import math

from PIL import ImageDraw

SHAPES = ("circle", "square", "triangle", "diamond", "star", "hexagon")


def polygon(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """Vertices of a regular, upright shape whose circumscribed circle has radius `r`.

    Every shape here is symmetric about its centre or has its centroid there, so the colour-mask
    centroid of a drawn shape is (cx, cy): tests and the reference solver rely on that.
    """
    if shape == "circle":
        n, start, radii = 64, 0.0, (r,)
    elif shape == "square":
        n, start, radii = 4, 45.0, (r,)
    elif shape == "diamond":
        n, start, radii = 4, 0.0, (r,)
    elif shape == "triangle":
        n, start, radii = 3, -90.0, (r,)
    elif shape == "hexagon":
        n, start, radii = 6, 0.0, (r,)
    elif shape == "star":
        n, start, radii = 10, -90.0, (r, r * 0.45)
    else:
        raise ValueError(f"unknown shape {shape!r}; known: {', '.join(SHAPES)}")
    points = []
    for k in range(n):
        angle = math.radians(start + 360.0 * k / n)
        radius = radii[k % len(radii)]
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points




def draw_shape(draw: ImageDraw.ImageDraw, shape: str, cx: float, cy: float, r: float, fill, outline=None,
               width: int = 0) -> None:
    if shape == "circle":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=outline, width=width)
    else:
        draw.polygon(polygon(shape, cx, cy, r), fill=fill, outline=outline, width=width)


def place_discs(rng, count: int, r_low: float, r_high: float, width: int, height: int, *, margin: float = 8,
                tries: int = 5000) -> list[tuple[float, float, float]]:
    """Sample `count` non-overlapping discs (x, y, r) inside the canvas, or raise a clear error."""
    discs: list[tuple[float, float, float]] = []
    for _ in range(tries):
        if len(discs) == count:
            break
        r = float(rng.uniform(r_low, r_high))
        x = float(rng.uniform(r + margin, width - r - margin))
        y = float(rng.uniform(r + margin, height - r - margin))
        if all(math.hypot(x - a, y - b) > r + c + margin for a, b, c in discs):
            discs.append((round(x, 1), round(y, 1), round(r, 1)))
    if len(discs) < count:
        raise ValueError(
            f"could not place {count} shapes of radius {r_low}..{r_high} on {width}x{height} "
            f"without overlap; use fewer or smaller shapes or a larger canvas"
        )
    return discs
