"""Small helpers shared by video family modules."""

from __future__ import annotations

import itertools
import math

from assetgen.media.colors import ON_WHITE

BALL_COLORS = tuple(c for c in ON_WHITE if c not in ("gray", "black"))


def choose(rng, options):
    return options[int(rng.integers(len(options)))]


def direction_name(dx: float, dy: float) -> str:
    """'left to right', 'top to bottom', or a diagonal such as 'toward the bottom right'."""
    horizontal = "right" if dx > 0 else "left"
    vertical = "bottom" if dy > 0 else "top"
    if abs(dy) < 0.35 * abs(dx):
        return "left to right" if dx > 0 else "right to left"
    if abs(dx) < 0.35 * abs(dy):
        return "top to bottom" if dy > 0 else "bottom to top"
    return f"toward the {vertical} {horizontal}"


DIRECTIONS = ("left to right", "right to left", "top to bottom", "bottom to top", "toward the bottom right",
              "toward the bottom left", "toward the top right", "toward the top left")


def unit(angle_degrees: float) -> tuple[float, float]:
    return math.cos(math.radians(angle_degrees)), math.sin(math.radians(angle_degrees))


def positions(timeline: dict, oid: str, indices: list[int]) -> list[tuple[float, float]]:
    out = []
    for i in indices:
        for o in timeline["frames"][i]["objects"]:
            if o["id"] == oid:
                out.append((o["x"], o["y"]))
    return out


def sign_changes(values: list[float]) -> int:
    signs = [1 if v > 0 else -1 for v in values if abs(v) > 1e-9]
    return sum(a != b for a, b in itertools.pairwise(signs))
