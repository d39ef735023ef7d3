"""Answers from pixels with classical vision, chosen by what the question asks.

Each solver is a regular expression on the question and a function of (match, images, clips).
Only the request's own text and media are used: no case, scene or truth is ever read.
"""

from __future__ import annotations

import ast
import itertools
import json
import re
from collections.abc import Callable

import cv2
import numpy as np

from assetgen.media.colors import PALETTE, nearest_name
from assetgen.reference import minipy, ocr
from assetgen.reference.shapes import distance, near, things

CANNOT = "I cannot determine the answer from the image."
Solver = Callable[["Found", list[np.ndarray], list[list[np.ndarray]]], str | None]
_SOLVERS: list[tuple[tuple[re.Pattern, ...], Solver]] = []


class Found:
    """The groups of a solver's patterns, matched one after another (`.group(k)` like re.Match)."""

    def __init__(self, groups: list[str | None]):
        self.groups = groups

    def group(self, k: int) -> str | None:
        return self.groups[k - 1]


def solver(*patterns: str, first: bool = False):
    """Register a solver for a question matching `patterns` in order, each after the previous one.

    A pattern never has an unbounded `.*` followed by more pattern: on a prompt repeating its start,
    each start would scan to the end (quadratic); split it into patterns instead, which are searched
    once each (`tests/test_reference_hostile.py` checks this). `first` puts it ahead of broader
    patterns that would also match."""
    def register(function: Solver) -> Solver:
        entry = (tuple(re.compile(p, re.IGNORECASE | re.DOTALL) for p in patterns), function)
        _SOLVERS.insert(0, entry) if first else _SOLVERS.append(entry)
        return function

    return register


def patterns() -> list[str]:
    """Every registered question pattern."""
    return [p.pattern for entry, _ in _SOLVERS for p in entry]


def _match(entry: tuple[re.Pattern, ...], text: str) -> Found | None:
    groups: list[str | None] = []
    start = 0
    for pattern in entry:
        match = pattern.search(text, start)
        if match is None:
            return None
        groups += match.groups()
        start = match.end()
    return Found(groups)


def solve(text: str, images: list[np.ndarray], clips: list[list[np.ndarray]]) -> str:
    if images and not clips and re.search(r"\bvideos?\b", text, re.IGNORECASE):
        # a harness that cannot send video sends frames as images: read them as the clip(s), in order
        count = 2 if re.search(r"\btwo videos\b", text, re.IGNORECASE) else 1
        size = len(images) // count
        clips = [Clip(images[k * size:(k + 1) * size]) for k in range(count)]
        images = []
    for entry, function in _SOLVERS:
        match = _match(entry, text)
        if match:
            try:
                answer = function(match, images, clips)
            except Exception:  # pixels a reader cannot make sense of give no answer, not a 500
                answer = None
            if answer is not None:
                return answer
    return CANNOT


# --- pixel helpers ---------------------------------------------------------------------------------------

def ink(image: np.ndarray, background=(255, 255, 255), threshold: int = 60) -> np.ndarray:
    return distance(image, background) > threshold


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


@solver(r"circle in this video pulses", r"How many times does it reach its largest size")
def pulses(m, images, clips):
    areas = [int(ink(f).sum()) for f in clips[0]]
    peaks = sum(areas[i - 1] < areas[i] > areas[i + 1] for i in range(1, len(areas) - 1))
    return f"The answer is {peaks}."


@solver(r"Objects appear one at a time in this video", r"How many objects appear in total")
def appearing(m, images, clips):
    seen = set()
    for frame in clips[0]:
        for cx, cy, _, _ in blobs(ink(frame), 100):
            if not any(abs(cx - x) < 15 and abs(cy - y) < 15 for x, y in seen):
                seen.add((cx, cy))
    return f"The answer is {len(seen)}."




# --- shapes ----------------------------------------------------------------------------------------------

def _label(t) -> str:
    return f"{t.color} {t.shape}"


@solver(r"List every shape in this image as 'color shape'")
def list_shapes(m, images, clips):
    return ", ".join(_label(t) for t in sorted(things(images[0]), key=lambda t: (t.x, t.y)))


@solver(r"How many (\w+?)s are in this image\?")
def count_shape(m, images, clips):
    return f"The answer is {sum(t.shape == m.group(1).lower() for t in things(images[0]))}."


@solver(r"How many (\w+) shapes are in this image\?")
def count_color(m, images, clips):
    return f"The answer is {sum(t.color == m.group(1).lower() for t in things(images[0]))}."


@solver(r"Which shape is furthest to the left\?")
def leftmost(m, images, clips):
    return f"The {_label(min(things(images[0]), key=lambda t: t.x))}."


@solver(r"Is the (\w+) (\w+) (to the left of|above) the (\w+) (\w+)\?")
def relation(m, images, clips):
    found = {(t.color, t.shape): t for t in things(images[0])}
    a, b = found[(m.group(1), m.group(2))], found[(m.group(4), m.group(5))]
    holds = a.x < b.x if m.group(3) == "to the left of" else a.y < b.y
    return "Yes." if holds else "No."


@solver(r"You are shown (\d+) images, in order\. Which image contains the most (\w+?)s\?")
def most_of_shape(m, images, clips):
    counts = [sum(t.shape == m.group(2) for t in things(image)) for image in images]
    best = counts.index(max(counts))
    return f"({'ABCDEFGH'[best]}) Image {best + 1}"


_OPTION = re.compile(r"\([A-L]\) ")


def _options(text: str) -> list[str]:
    """'(A) one (B) two' -> ['one', 'two']: the text between markers (one pass; no parentheses inside)."""
    marks = list(_OPTION.finditer(text))
    ends = [m.start() for m in marks[1:]] + [len(text)]
    spans = (text[m.end():end] for m, end in zip(marks, ends, strict=True))
    return [o.strip() for o in spans if o.strip() and "(" not in o and ")" not in o]


@solver(r"follow a repeating pattern\. Which shape comes next", r"(\(A\).*)$")
def next_in_pattern(m, images, clips):
    shown = sorted((t for t in things(images[0]) if t.area > 400), key=lambda t: t.x)
    shown = [t for t in shown if t.color != "black" or t.shape != "star"]  # the '?' glyph is not a shape
    def period(seq):
        return next(p for p in range(1, len(seq) + 1) if all(seq[i] == seq[i % p] for i in range(len(seq))))
    shapes, colors = [t.shape for t in shown], [t.color for t in shown]
    guess = f"{colors[len(colors) % period(colors)]} {shapes[len(shapes) % period(shapes)]}"
    options = _options(m.group(1))
    if guess not in options:
        return None
    return f"({'ABCDEFGHIJKL'[options.index(guess)]}) {guess}"


@solver(r"One shape in this grid differs from all the others")
def odd_one(m, images, clips):
    found = things(images[0])
    kinds = [(t.shape, t.color) for t in found]
    odd = [t for t, k in zip(found, kinds, strict=True) if kinds.count(k) == 1]
    if len(odd) != 1:
        return None
    cell = odd[0]
    ys = sorted({round(t.y) for t in found})
    xs = sorted({round(t.x) for t in found})
    rows = [y for i, y in enumerate(ys) if i == 0 or y - ys[i - 1] > 10]
    cols = [x for i, x in enumerate(xs) if i == 0 or x - xs[i - 1] > 10]
    r = min(range(len(rows)), key=lambda i: abs(rows[i] - cell.y)) + 1
    c = min(range(len(cols)), key=lambda i: abs(cols[i] - cell.x)) + 1
    return f"({r}, {c})"


@solver(r"How many points are there where two of the line segments in this image cross")
def crossings(m, images, clips):
    image = images[0]
    masks = []
    for name in {nearest_name(p) for p in image[ink(image)].reshape(-1, 3)[::7]}:
        mask = near(image, PALETTE[name], 40)
        if mask.sum() > 200:
            masks.append(cv2.dilate(mask.astype(np.uint8), np.ones((7, 7), np.uint8)).astype(bool))
    total = sum(len(blobs(masks[i] & masks[j], 4)) for i in range(len(masks)) for j in range(i + 1, len(masks)))
    return f"The answer is {total}."


# --- video: one tracker, many questions ---------------------------------------------------------------------

class Clip(list):
    """Frames the server looked at, and the seconds the whole clip spans (None when unknown)."""

    seconds: float | None = None
    tracked: list[list] | None = None  # track()'s result, kept with the frames: a solver may ask twice


def track(frames: list[np.ndarray]) -> list[list]:
    """Per frame, the objects on the frame's background colour (measured once per clip)."""
    if isinstance(frames, Clip) and frames.tracked is not None:
        return frames.tracked
    out = []
    for frame in frames:
        background = tuple(int(v) for v in np.median(np.array(
            [frame[2, 2], frame[2, -3], frame[-3, 2], frame[-3, -3]]), axis=0))
        out.append(things(frame, background, min_area=80))
    if isinstance(frames, Clip):
        frames.tracked = out
    return out


def _main_path(frames) -> list[tuple[float, float]]:
    return [(max(objs, key=lambda t: t.area).x, max(objs, key=lambda t: t.area).y) for objs in track(frames) if objs]


def _direction(dx: float, dy: float) -> str:
    if abs(dy) < 0.35 * abs(dx):
        return "left to right" if dx > 0 else "right to left"
    if abs(dx) < 0.35 * abs(dy):
        return "top to bottom" if dy > 0 else "bottom to top"
    return f"toward the {'bottom' if dy > 0 else 'top'} {'right' if dx > 0 else 'left'}"


def _choose(options_text: str, answer: str) -> str | None:
    options = _options(options_text)
    return f"({'ABCDEFGHIJKL'[options.index(answer)]}) {answer}" if answer in options else None


def _sign_changes(values) -> int:
    signs = [1 if v > 0 else -1 for v in values if abs(v) > 0.5]
    return sum(a != b for a, b in itertools.pairwise(signs))


@solver(r"Describe in one sentence what happens in this video")
def describe(m, images, clips):
    objs = track(clips[0])
    first = max(objs[0], key=lambda t: t.area)
    path = _main_path(clips[0])
    way = _direction(path[-1][0] - path[0][0], path[-1][1] - path[0][1])
    noun = "ball" if first.shape == "circle" else first.shape
    return f"A {first.color} {noun} moves across the frame from {way}."


@solver(r"In which direction does the ball move in this video\?(.*)$")
def direction(m, images, clips):
    path = _main_path(clips[0])
    return _choose(m.group(1), _direction(path[-1][0] - path[0][0], path[-1][1] - path[0][1]))


@solver(r"How does the ball move in this video\? It moves in (.*)$")
def motion_kind(m, images, clips):
    path = _main_path(clips[0])
    xs, ys = np.array([p[0] for p in path]), np.array([p[1] for p in path])
    radii = np.hypot(xs - xs.mean(), ys - ys.mean())
    if len(path) >= 5 and radii.mean() > 20 and np.abs(radii - radii.mean()).max() < 0.08 * radii.mean():
        kind = "a circle"
    elif _sign_changes(np.diff(xs)) + _sign_changes(np.diff(ys)):
        kind = "bouncing off the walls"
    else:
        kind = "a straight line"
    return _choose(m.group(1), kind)


@solver(r"moves around a circle\. Does it go clockwise or counterclockwise", r"(\(A\).*)$")
def turning(m, images, clips):
    path = np.array(_main_path(clips[0]))
    centre = path.mean(axis=0)
    angles = np.arctan2(path[:, 1] - centre[1], path[:, 0] - centre[0])
    turn = float(np.sum((np.diff(angles) + np.pi) % (2 * np.pi) - np.pi))
    return _choose(m.group(1), "clockwise" if turn > 0 else "counterclockwise")  # image y points down


@solver(r"How many times does the ball bounce off a wall")
def bounces(m, images, clips):
    path = np.array(_main_path(clips[0]))
    return f"The answer is {_sign_changes(np.diff(path[:, 0])) + _sign_changes(np.diff(path[:, 1]))}."


def _travel(clip) -> float:
    path = _main_path(clip)
    return path[-1][0] - path[0][0]


@solver(r"two videos, each with one moving ball\. In which video does the ball move faster\?(.*)$")
def faster(m, images, clips):
    a, b = abs(_travel(clips[0])), abs(_travel(clips[1]))
    return _choose(m.group(1), "the first video" if a > b else "the second video")


@solver(r"two videos, each with one moving ball\. Do the two balls move in the same direction")
def same_direction(m, images, clips):
    return "Yes." if (_travel(clips[0]) > 0) == (_travel(clips[1]) > 0) else "No."


@solver(r"where in the frame will it be ([\d.]+) seconds after the video ends\?", r"(\(A\).*)$")
def predict(m, images, clips):
    clip = clips[0]
    seconds = getattr(clip, "seconds", None) or (len(clip) - 1) / 2.0  # unknown rate: assume 2 fps
    path = _main_path(clip)
    (xa, ya), (xb, yb) = path[0], path[-1]
    ahead = float(m.group(1)) / seconds
    x, y = xb + (xb - xa) * ahead, yb + (yb - ya) * ahead
    h, w = clip[0].shape[:2]
    row = ("top", "middle", "bottom")[min(2, int(3 * y / h))]
    return _choose(m.group(2), f"{row} {('left', 'center', 'right')[min(2, int(3 * x / w))]}")


@solver(r"Two balls move toward the black finish line in this video\. Which ball reaches the line first")
def race(m, images, clips):
    first = clips[0][0]
    line = int(np.argmax(np.all(first < 60, axis=2).sum(axis=0)))
    colors = {t.color for t in things(first) if t.color != "black" and t.area > 300}
    for frame in clips[0]:
        # each ball by its own colour: touching the black line does not merge it away
        reach = {}
        for name in colors:
            xs = np.nonzero(near(frame, PALETTE[name], 60).any(axis=0))[0]
            if len(xs):
                reach[name] = int(xs.max())
        across = {name: x for name, x in reach.items() if x >= line - 1}
        if across:
            return f"The {max(across, key=across.get)} ball."
    return None


@solver(r"Colored squares appear one after another in this video\. List their colors in the order")
def appearance_order(m, images, clips):
    order: list[str] = []
    for objs in track(clips[0]):
        for t in sorted(objs, key=lambda t: t.x):
            if t.color not in order:
                order.append(t.color)
    return ", ".join(order)


@solver(r"The object in this video changes shape over time\. List every shape it takes")
def morph(m, images, clips):
    shapes = [max(objs, key=lambda t: t.area).shape for objs in track(clips[0]) if objs]
    return ", ".join(s for i, s in enumerate(shapes) if i == 0 or s != shapes[i - 1])


def _moving_object(clip):
    objs = [max(o, key=lambda t: t.area) for o in track(clip) if o]
    way = "right" if objs[-1].x > objs[0].x else "left"
    shapes = [o.shape for o in objs]
    return objs[0].color, max(set(shapes), key=shapes.count), way


@solver(r"What color is the moving object in this video\? Answer with exactly one word")
def one_word_color(m, images, clips):
    return _moving_object(clips[0])[0]


@solver(r"Give the moving object's color, its shape, and the direction it moves")
def comma_triplet(m, images, clips):
    return ", ".join(_moving_object(clips[0]))


@solver(r"Reply with only a JSON object with the keys")
def json_report(m, images, clips):
    color, shape, way = _moving_object(clips[0])
    return json.dumps({"color": color, "shape": shape, "direction": way})


def circles(image: np.ndarray) -> list[tuple[float, float, float]]:
    """Outlined circles, found with the Hough transform on the dark outlines."""
    dark = (np.all(image < 100, axis=2) * 255).astype(np.uint8)
    h, w = dark.shape
    found = cv2.HoughCircles(cv2.GaussianBlur(dark, (5, 5), 1.5), cv2.HOUGH_GRADIENT, dp=1, minDist=12,
                             param1=100, param2=40, minRadius=15, maxRadius=min(h, w) // 2)
    if found is None:
        return []
    kept: list[tuple[float, float, float]] = []
    angles = np.linspace(0, 2 * np.pi, 120, endpoint=False)
    offsets = np.arange(-4, 5)
    for x, y, r in found[0].tolist():
        # refine centre and radius (Hough is a few pixels off), then demand a real outline: nearly the
        # whole circumference dark
        cx = x + offsets[:, None, None, None]
        cy = y + offsets[None, :, None, None]
        rr = r + offsets[None, None, :, None]
        xs = np.clip((cx + rr * np.cos(angles)).astype(int), 0, w - 1)
        ys = np.clip((cy + rr * np.sin(angles)).astype(int), 0, h - 1)
        share = (dark[ys, xs] > 0).mean(axis=3)
        i, j, k = np.unravel_index(int(np.argmax(share)), share.shape)
        if share[i, j, k] < 0.9:
            continue
        bx, by, br = x + offsets[i], y + offsets[j], r + offsets[k]
        if not any(abs(bx - a) < 8 and abs(by - b) < 8 and abs(br - c) < 8 for a, b, c in kept):
            kept.append((bx, by, br + 1.5))  # the stroke is drawn inward from the true radius
    return kept


@solver(r"How many circles are in this image\? Overlapping circles count separately", first=True)
def count_circles(m, images, clips):
    return f"The answer is {len(circles(images[0]))}."


@solver(r"How many pairs of circles in this image overlap", first=True)
def overlapping_pairs(m, images, clips):
    found = circles(images[0])
    pairs = sum(np.hypot(a[0] - b[0], a[1] - b[1]) < a[2] + b[2]
                for i, a in enumerate(found) for b in found[i + 1:])
    return f"The answer is {pairs}."


# --- text: OCR -----------------------------------------------------------------------------------------------

def _tidy(row: str) -> str:
    return re.sub(r"\s*=\s*", " = ", row.strip())


def upright(image: np.ndarray) -> np.ndarray:
    """Undo a small rotation of a text card, and stretch faint text to full contrast."""
    gray = image.min(axis=2)
    ink = gray < (int(gray.max()) + int(gray.min())) // 2
    ys, xs = np.nonzero(ink)
    if len(xs) > 50:
        _, _, angle = cv2.minAreaRect(np.column_stack([xs, ys]).astype(np.float32))
        angle = angle - 90 if angle > 45 else angle
        if 0.3 < abs(angle) < 15:
            height, width = gray.shape
            turn = cv2.getRotationMatrix2D((width / 2, height / 2), angle, 1.0)
            image = cv2.warpAffine(image, turn, (width, height), flags=cv2.INTER_CUBIC,
                                   borderValue=(255, 255, 255))
    low, high = np.percentile(image, 1), np.percentile(image, 99.5)
    if high - low < 64:  # ink on under 1% of the pixels (a small card on a large page): stretch from the darkest
        low = float(image.min())
    stretched = np.clip((image.astype(float) - low) * 255.0 / max(1.0, high - low), 0, 255)
    return stretched.astype(np.uint8)


@solver(r"Transcribe all the text in this image exactly")
def transcribe_card(m, images, clips):
    return "\n".join(_tidy(row) for row in ocr.read_lines(upright(images[0])))


@solver(r"What is the value of (\w+) in this image\?")
def card_field(m, images, clips):
    for row in ocr.read_lines(upright(images[0])):
        key, sep, value = _tidy(row).partition(" = ")
        if sep and key.strip().lower() == m.group(1).lower():
            return value.strip()
    return None


_SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")
_DASHES = str.maketrans("−–—‐‑‒", "------")  # OCR reads a minus sign as any of these


def _polynomial(text: str) -> tuple[int, int, int, int] | None:
    """'2x²+2x−4=0' -> (a, b, c, rhs) for a x^2 + b x + c = rhs."""
    text = text.translate(_DASHES).replace(" ", "").replace("X", "x")
    text = re.sub(r"x[\^]?[²2](?![\d])", "x^2", text.translate(_SUPERSCRIPTS)) if "²" in text else text
    if "=" not in text:
        return None
    left, right = text.split("=", 1)
    try:
        rhs = int(right)
    except ValueError:
        return None
    a = b = c = 0
    for sign, coef, var in re.findall(r"([+-]?)(\d*)(x\^2|x)?", left):
        if not coef and not var:
            continue
        value = int(coef) if coef else 1
        value = -value if sign == "-" else value
        if var == "x^2":
            a += value
        elif var == "x":
            b += value
        else:
            c += value
    return a, b, c, rhs


@solver(r"Solve the equation in this image for x\. Give every solution")
def quadratic(m, images, clips):
    poly = _polynomial("".join(line.text for line in ocr.read(images[0])))
    if not poly or not poly[0]:
        return None
    a, b, c, rhs = poly
    c -= rhs
    disc = b * b - 4 * a * c
    if disc < 0:
        return None
    roots = sorted({(-b - disc ** 0.5) / (2 * a), (-b + disc ** 0.5) / (2 * a)})
    return "x = " + " or x = ".join(f"{r:g}" for r in roots)


@solver(r"Solve the equation in this image for x\. Answer with the value of x")
def linear(m, images, clips):
    poly = _polynomial("".join(line.text for line in ocr.read(images[0])))
    if not poly or poly[0] or not poly[1]:
        return None
    _, b, c, rhs = poly
    return f"x = {(rhs - c) / b:g}"


def _operator_between(image: np.ndarray, left, right) -> str | None:
    """The operator glyph between two numbers, from its ink: a flat stroke is a minus."""
    top, bottom = int(min(left.y0, right.y0)), int(max(left.y1, right.y1))
    patch = np.all(image[top:bottom, int(left.x1) + 2:int(right.x0) - 2] < 100, axis=2)
    ys, xs = np.nonzero(patch)
    if len(xs) < 10:
        return None
    height, width = ys.max() - ys.min() + 1, xs.max() - xs.min() + 1
    if height < 0.35 * width:
        return "-"
    centre = patch[ys.min():ys.max() + 1, (xs.min() + xs.max()) // 2]
    return "+" if centre.mean() > 0.8 else "x"


@solver(r"Compute the result of the expression in this image")
def arithmetic(m, images, clips):
    lines = sorted(ocr.read(images[0]), key=lambda piece: piece.x0)  # one line of text: read left to right
    text = " ".join(line.text for line in lines).translate(_DASHES)
    found = re.search(r"(\d+)\s*([×xX*+\-])\s*(\d+)", text)
    if found:
        a, op, b = int(found.group(1)), found.group(2), int(found.group(3))
    else:  # the operator was not read: two numbers, and the glyph between them from pixels
        numbers = sorted((line for line in lines if re.fullmatch(r"\s*\d+\s*", line.text)), key=lambda piece: piece.x0)
        if len(numbers) != 2:
            return None
        op = _operator_between(images[0], numbers[0], numbers[1])
        if op is None:
            return None
        a, b = int(numbers[0].text), int(numbers[1].text)
    value = a + b if op == "+" else a - b if op == "-" else a * b
    return f"The answer is {value}."


# --- charts ------------------------------------------------------------------------------------------------

def _number(text: str) -> float | None:
    found = re.fullmatch(r"\s*(-?\d+(?:\.\d+)?)\s*", text.replace("−", "-"))
    return float(found.group(1)) if found else None


def _axis(lines, left_of: float):
    """value = a * y + b, fitted on the numeric tick labels left of the plot."""
    ticks = [(line.cy, _number(line.text)) for line in lines if line.x1 < left_of and _number(line.text) is not None]
    if len(ticks) < 2:
        return None
    ys, vs = np.array([t[0] for t in ticks]), np.array([t[1] for t in ticks])
    a, b = np.polyfit(ys, vs, 1)
    return lambda y: float(a * y + b)


def _chart_marks(image: np.ndarray, kind: str):
    """Bars (x centre, top y, bottom y) or markers (x, y), found by their saturated colour."""
    saturated = (image.max(axis=2).astype(int) - image.min(axis=2)) > 80
    if kind == "markers":
        blue = near(image, PALETTE["blue"], 40)
        return sorted((b[0], b[1]) for b in blobs(blue, 20))
    return sorted((x + w / 2, float(y), float(y + h)) for *_, (x, y, w, h) in blobs(saturated, 200))


def _label_pieces(line, marks_x: list[float]) -> list[tuple[float, str]]:
    """(centre x, text) of an OCR line under the marks. OCR may read neighbouring labels as one line
    ('Apples Cherries'): a line spanning several marks is split into words, each placed by its share
    of the line's characters."""
    words = line.text.split()
    if len(words) < 2 or sum(line.x0 <= x <= line.x1 for x in marks_x) < 2:
        return [(line.cx, line.text.strip())]
    pieces, at = [], 0
    for word in words:
        start = line.text.index(word, at)
        at = start + len(word)
        pieces.append((line.x0 + (line.x1 - line.x0) * (start + len(word) / 2) / len(line.text), word))
    return pieces


def _labels_under(lines, marks_x: list[float], below: float) -> list[str | None]:
    under = [piece for line in lines if line.cy > below and _number(line.text) is None
             for piece in _label_pieces(line, marks_x)]
    out = []
    for x in marks_x:
        near = min(under, key=lambda piece: abs(piece[0] - x), default=None)
        out.append(near[1] if near is not None and abs(near[0] - x) < 40 else None)
    return out


def _values(lines, points: list[tuple[float, float]], axis, lift: float = 0.0) -> list[float | None]:
    """A printed value just above each point (above `lift` pixels over it: a marker's own half-height), else the
    axis reading at the point itself."""
    out = []
    for x, top in points:
        above = [line for line in lines if _number(line.text) is not None and abs(line.cx - x) < 25
                 and 0 < top - lift - line.cy < 40]
        if above:
            out.append(_number(min(above, key=lambda line: top - line.cy).text))
        else:
            out.append(round(axis(top)) if axis else None)
    return out


def _bar_chart(image):
    lines = ocr.read(image)
    bars = _chart_marks(image, "bars")
    if not bars:
        raise ValueError("no bars")
    labels = _labels_under(lines, [b[0] for b in bars], max(b[2] for b in bars))
    axis = _axis(lines, min(b[0] for b in bars) - 20)
    values = _values(lines, [(b[0], b[1]) for b in bars], axis)
    return labels, values, bars


def _find(labels, name: str) -> int:
    wanted = name.strip().lower()
    return next(i for i, label in enumerate(labels) if label and label.lower() == wanted)


@solver(r"In this bar chart, what is the value of the bar labelled '([^']{1,100})'")
def bar_value(m, images, clips):
    labels, values, _ = _bar_chart(images[0])
    return f"The answer is {values[_find(labels, m.group(1))]:g}."


@solver(r"Which category has the (largest|smallest) value in this bar chart")
def bar_extreme(m, images, clips):
    labels, _, bars = _bar_chart(images[0])
    heights = [bottom - top for _, top, bottom in bars]  # pixels decide; no number needed
    pick = max if m.group(1) == "largest" else min
    return labels[heights.index(pick(heights))]


@solver(r"In this bar chart, how much larger is '([^']{1,100})' than '([^']{1,100})'")
def bar_difference(m, images, clips):
    labels, values, _ = _bar_chart(images[0])
    return f"The answer is {values[_find(labels, m.group(1))] - values[_find(labels, m.group(2))]:g}."


def _line_chart(image):
    lines = ocr.read(image)
    marks = _chart_marks(image, "markers")
    if not marks:
        raise ValueError("no markers")
    labels = _labels_under(lines, [x for x, _ in marks], max(y for _, y in marks) + 10)
    axis = _axis(lines, min(x for x, _ in marks) - 20)
    values = _values(lines, marks, axis, lift=4)
    return labels, values, marks


@solver(r"In this line chart, what is the value for (\w+)\?")
def line_value(m, images, clips):
    labels, values, _ = _line_chart(images[0])
    return f"The answer is {values[_find(labels, m.group(1))]:g}."


@solver(r"In this line chart, by how much did the value change from (\w+) to (\w+)\?")
def line_change(m, images, clips):
    labels, values, _ = _line_chart(images[0])
    return f"The answer is {values[_find(labels, m.group(2))] - values[_find(labels, m.group(1))]:g}."


@solver(r"In this line chart, which month has the highest value")
def line_peak(m, images, clips):
    labels, _, marks = _line_chart(images[0])
    ys = [y for _, y in marks]
    return labels[ys.index(min(ys))]


# --- code ------------------------------------------------------------------------------------------------

def _right_of(image: np.ndarray, piece: ocr.Line, left: float) -> ocr.Line | None:
    """The part of a text box right of `left`, read again (recognition only), its left edge at its first ink."""
    top, bottom = max(0, int(piece.y0)), min(image.shape[0], int(piece.y1) + 1)
    crop = image[top:bottom, int(left):min(image.shape[1], int(piece.x1) + 1)]
    gray = crop.min(axis=2)
    ink = np.nonzero((gray < (int(gray.max()) + int(gray.min())) // 2).any(axis=0))[0] if crop.size else []
    if not len(ink):
        return None
    start = int(ink[0])
    text = ocr.recognise(crop[:, max(0, start - 3):])
    return ocr.Line(text, int(left) + start, piece.y0, piece.x1, piece.y1)


def read_code(image: np.ndarray) -> str:
    """Source code from a dark-theme screenshot: gutter dropped, indentation from x offsets."""
    # bright text on dark becomes dark text on light, read at its own size: it was read at twice its size,
    # which made detection four times the work (the slowest cases) and read no line differently
    light = np.stack([255 - image.max(axis=2)] * 3, axis=2)
    pieces = ocr.read(light)
    numbers = [p for p in pieces if re.fullmatch(r"\s*\d+\s*", p.text)]
    gutter = max((p.x1 for p in numbers), default=0) + 4
    # a box that joined a line number to its code (an unindented line, close to the gutter) is read again
    # from the gutter on, alone: the other lines keep their first reading
    pieces = [_right_of(light, p, gutter) if p.x0 < gutter else p for p in pieces if p.x1 > gutter]
    pieces = [p for p in pieces if p is not None and p.text.strip()]
    if not pieces:
        raise ValueError("no code")
    widths = [(p.x1 - p.x0) / len(p.text) for p in pieces if len(p.text) >= 8]
    char = float(np.median(widths)) if widths else 10.0
    base = min(p.x0 for p in pieces)
    rows: list[list] = []
    for piece in sorted(pieces, key=lambda p: p.cy):
        if rows and abs(rows[-1][0].cy - piece.cy) < 0.5 * (piece.y1 - piece.y0):
            rows[-1].append(piece)
        else:
            rows.append([piece])
    out = []
    for row in rows:
        row.sort(key=lambda p: p.x0)
        indent = int(round((row[0].x0 - base) / char / 4)) * 4
        out.append(" " * indent + " ".join(p.text.strip() for p in row))
    return "\n".join(out) + "\n"


@solver(r"Transcribe the Python code in this image exactly")
def transcribe_code(m, images, clips):
    return "```python\n" + read_code(images[0]) + "```"


def _call(text: str) -> tuple[str, list]:
    found = re.fullmatch(r"\s*(\w+)\((.*)\)\s*", text)
    if not found:
        raise minipy.Unsupported("not a call")
    argument = ast.literal_eval(found.group(2)) if found.group(2).strip() else None
    return found.group(1), [] if argument is None else [argument]


@solver(r"What does (\w+\(.{0,200}?\)) return, for the function in this image")
def code_value(m, images, clips):
    name, args = _call(m.group(1))
    try:
        return f"It returns {minipy.Interpreter().call(minipy.function_named(read_code(images[0]), name), args)}."
    except (minipy.Unsupported, SyntaxError):
        return None


@solver(r"Trace (\w+\(.{0,200}?\)) for the function in this image step by step")
def code_trace(m, images, clips):
    name, args = _call(m.group(1))
    lines: list[str] = []

    def note(env: dict) -> None:
        shown = ", ".join(f"{k} = {v}" for k, v in env.items() if isinstance(v, int) and k not in ("n", "values"))
        lines.append(shown)

    try:
        result = minipy.Interpreter(on_iteration=note).call(minipy.function_named(read_code(images[0]), name), args)
    except (minipy.Unsupported, SyntaxError):
        return None
    return "\n".join(lines + [f"Answer: {result}"])
