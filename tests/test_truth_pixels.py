"""Truth must agree with the pixels: each family's render is read back independently of its truth code."""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest
from conftest import make, mask_of

from assetgen.generate.drawing import polygon
from assetgen.generate.families import bar_chart, charts, code_reading, color_grid, line_chart
from assetgen.media.colors import rgb
from assetgen.media.imaging import font, polygon_area

SEEDS = range(4)


def components(mask: np.ndarray):
    _, labels, stats, centroids = cv2.connectedComponentsWithStats(mask.astype(np.uint8), connectivity=8)
    return labels, stats[1:], centroids[1:]


def assert_shape_drawn(image, shape: str, color: str, x: float, y: float, r: float):
    """The shape's colour region around (x, y): right area, centroid and bounding box."""
    labels, stats, centroids = components(mask_of(image, rgb(color)))
    label = labels[int(round(y)), int(round(x))]
    assert label > 0, f"{color} {shape} not found at ({x}, {y})"
    area, (cx, cy) = stats[label - 1][cv2.CC_STAT_AREA], centroids[label - 1]
    points = np.array(polygon(shape, x, y, r))
    expected_area = math.pi * r * r if shape == "circle" else polygon_area(points.tolist())
    # rasterising covers boundary pixels: allow about one pixel along the perimeter
    perimeter = float(np.sum(np.hypot(*(np.roll(points, -1, axis=0) - points).T)))
    assert abs(area - expected_area) <= perimeter + 4, (shape, area, expected_area)
    assert math.hypot(cx - x, cy - y) <= 2.0, (shape, cx, cy, x, y)
    width = stats[label - 1][cv2.CC_STAT_WIDTH]
    assert abs(width - (points[:, 0].max() - points[:, 0].min())) <= 3, (shape, width)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("question", ["grid", "cell", "count"])
def test_color_grid_cells(seed, question):
    case, [image] = make("color_grid", seed=seed, question=question, rows=3 + seed, cols=8 - seed)
    scene = case.scene
    for r, row in enumerate(scene["grid"]):
        for c, name in enumerate(row):
            x, y = color_grid.cell_centre(scene, r, c)
            assert tuple(image[y, x]) == rgb(name)
    if question == "grid":
        assert case.truth.value == [c for row in scene["grid"] for c in row]
    elif question == "count":
        assert case.truth.value == sum(c == scene["question"]["color"] for row in scene["grid"] for c in row)


@pytest.mark.parametrize("seed", SEEDS)
def test_shapes_are_where_the_scene_says(seed):
    case, [image] = make("shapes", seed=seed, count=8)
    for s in case.scene["shapes"]:
        assert_shape_drawn(image, s["shape"], s["color"], s["x"], s["y"], s["r"])
    _, stats, _ = components(~mask_of(image, (255, 255, 255)))
    assert len(stats) == 8


@pytest.mark.parametrize("seed", SEEDS)
def test_shape_compare_panels(seed):
    case, images = make("shape_compare", seed=seed, images=4)
    assert len(images) == 4
    counts = []
    for image, panel in zip(images, case.scene["panels"], strict=True):
        for s in panel:
            assert_shape_drawn(image, s["shape"], s["color"], s["x"], s["y"], s["r"])
        _, stats, _ = components(~mask_of(image, (255, 255, 255)))
        assert len(stats) == len(panel)
        counts.append(sum(s["shape"] == case.scene["target"] for s in panel))
    assert case.truth.value == "ABCD"[counts.index(max(counts))] and counts.count(max(counts)) == 1


@pytest.mark.parametrize("seed", SEEDS)
def test_grid_diff_changed_cells(seed):
    case, (before, after) = make("grid_diff", seed=seed, changes=1 + seed)
    scene, differing = case.scene, []
    for r in range(scene["rows"]):
        for c in range(scene["cols"]):
            x, y = color_grid.cell_centre(scene, r, c)
            if tuple(before[y, x]) != tuple(after[y, x]):
                differing.append(f"({r + 1}, {c + 1})")
    assert sorted(differing) == sorted(case.truth.value)
    assert len(differing) == 1 + seed


def text_rows(image: np.ndarray, background, threshold: int = 60, min_gap: int = 5) -> list[tuple[int, int]]:
    """Bands of rows holding ink (pixels far from the background), top to bottom.

    Gaps under `min_gap` rows are inside one line (an underscore sits apart from its letters)."""
    ink = np.abs(image.astype(int) - np.array(background)).sum(axis=2) > threshold
    rows = ink.any(axis=1)
    bands, start = [], None
    for y, on in enumerate(rows):
        if on and start is None:
            start = y
        elif not on and start is not None:
            if bands and start - bands[-1][1] < min_gap:
                start = bands.pop()[0]
            bands.append((start, y))
            start = None
    return bands


@pytest.mark.parametrize("seed", SEEDS)
def test_text_card_lines_and_lengths(seed):
    case, [image] = make("text_card", seed=seed, question="transcribe")
    lines = [f"{k} = {v}" for k, v in case.scene["lines"]]
    assert case.truth.value == "\n".join(lines)
    assert len(text_rows(image, (255, 255, 255))) == len(lines)
    advance = font("mono", case.scene["font_size"]).getlength("x")
    ink = np.abs(image.astype(int) - 255).sum(axis=2) > 60
    for (top, bottom), line in zip(text_rows(image, (255, 255, 255)), lines, strict=True):
        right = np.nonzero(ink[top:bottom].any(axis=0))[0].max()
        assert abs((right - 40) - len(line) * advance) <= advance, line


def test_text_card_key_is_fake_and_seeded():
    case, _ = make("text_card", seed=5, question="api_key")
    key = case.truth.value
    assert key.startswith("sk-proj-") and len(key) == 32 and case.truth.secrets == [key]
    assert make("text_card", seed=5, question="api_key")[0].truth.value == key
    assert make("text_card", seed=6, question="api_key")[0].truth.value != key


def test_text_card_degradations_change_pixels_but_not_truth():
    clean, [a] = make("text_card", seed=1, question="field")
    noisy, [b] = make("text_card", seed=1, question="field", blur=1.0, noise=10.0, jpeg_quality=40, rotation=4.0)
    assert clean.truth == noisy.truth
    assert a.shape == b.shape and np.abs(a.astype(int) - b.astype(int)).mean() > 3


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("labels", [True, False])
def test_bar_heights_read_back_from_pixels(seed, labels):
    case, [image] = make("bar_chart", seed=seed, bars=3 + 2 * seed, value_labels=labels)
    scene = case.scene
    n, color = len(scene["values"]), rgb(scene["color"])
    assert image.shape == (charts.HEIGHT, charts.WIDTH, 3)
    for i, value in enumerate(scene["values"]):
        x = int(round(charts.data_to_pixel_x(i, bar_chart.xlim(n))))
        column = mask_of(image[:, x - 1:x + 2], color, tolerance=2).all(axis=1)
        rows = np.nonzero(column)[0]
        height_px = rows.max() - rows.min() + 1
        read = height_px / (charts.HEIGHT * charts.AXES_BOX[3]) * scene["ymax"]
        assert abs(read - value) <= 0.6, (i, read, value)
        assert abs(charts.value_to_pixel_y(value, scene["ymax"]) - rows.min()) <= 1.5


@pytest.mark.parametrize("seed", SEEDS)
def test_line_chart_markers_at_values(seed):
    case, [image] = make("line_chart", seed=seed, points=4 + 2 * seed)
    scene = case.scene
    _, stats, centroids = components(mask_of(image, rgb("blue"), tolerance=30))
    found = sorted((cx, cy) for (cx, cy), s in zip(centroids, stats, strict=True) if s[cv2.CC_STAT_AREA] > 20)
    n = len(scene["values"])
    assert len(found) == n
    for i, (value, (cx, cy)) in enumerate(zip(scene["values"], found, strict=True)):
        assert abs(cx - charts.data_to_pixel_x(i, line_chart.xlim(n))) <= 1.5
        assert abs(cy - charts.value_to_pixel_y(value, scene["ymax"])) <= 1.5


@pytest.mark.parametrize("seed", range(8))
def test_equation_truth_solves_the_rendered_equation(seed):
    case, [image] = make("equation", seed=seed)
    s = case.scene
    for root in s["roots"]:
        lhs = s["a"] * root**2 + s["b"] * root + s["c"] if s["kind"] == "quadratic" else s["a"] * root + s["b"]
        assert lhs == (0 if s["kind"] == "quadratic" else s["c"])
    assert (image < 128).any()
    other, [other_image] = make("equation", seed=seed + 100, kind=s["kind"])
    if other.scene["b"] != s["b"] or other.scene["c"] != s["c"]:
        assert image.shape != other_image.shape or (image != other_image).any()


@pytest.mark.parametrize("seed", SEEDS)
def test_arithmetic_ink_matches_expression(seed):
    case, [image] = make("arithmetic", seed=seed)
    s = case.scene
    assert case.truth.value == {"add": s["a"] + s["b"], "subtract": s["a"] - s["b"], "multiply": s["a"] * s["b"]}[
        s["operator"]]
    ink_columns = np.nonzero((image < 128).any(axis=2).any(axis=0))[0]
    text = f"{s['a']} {'+−×'[['add', 'subtract', 'multiply'].index(s['operator'])]} {s['b']} = ?"
    assert abs((ink_columns.max() - ink_columns.min()) - font("sans", s["font_size"]).getlength(text)) < 12


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("question", ["evaluate", "trace", "transcribe"])
def test_code_truth_matches_executing_the_rendered_source(seed, question):
    case, [image] = make("code_reading", seed=seed, question=question)
    scene = case.scene
    namespace: dict = {}
    exec(code_reading.source(scene), namespace)  # test-only cross-check of the generator's semantics
    result = namespace[scene["name"]](scene["argument"])
    if question == "transcribe":
        assert case.truth.value == code_reading.source(scene)
    else:
        assert case.truth.value == result
    if question == "trace":
        assert case.grader.args["trace"][-1] == result and len(case.grader.args["trace"]) == 24
    background = tuple(int(v) for v in image[2, 2])
    assert len(text_rows(image, background)) == code_reading.source(scene).count("\n")


@pytest.mark.parametrize("seed", range(6))
def test_circle_outlines_and_overlaps_from_raster(seed):
    case, [image] = make("circle_overlap", seed=seed, question="pairs", circles=4 + seed % 3)
    circles = case.scene["circles"]
    dark = (image < 100).all(axis=2)
    discs = []
    for x, y, r in circles:
        hits = sum(any(dark[int(round(y + d * math.sin(t))), int(round(x + d * math.cos(t)))]
                       for d in (r - 2.5, r - 1.5, r - 0.5))
                   for t in np.linspace(0, 2 * math.pi, 72, endpoint=False))
        assert hits >= 65, (x, y, r, hits)
        disc = np.zeros(image.shape[:2], np.uint8)
        cv2.circle(disc, (int(round(x)), int(round(y))), int(round(r)), 1, -1)
        discs.append(disc.astype(bool))
    pairs = sum((discs[i] & discs[j]).any() for i in range(len(discs)) for j in range(i + 1, len(discs)))
    assert case.truth.value == pairs


@pytest.mark.parametrize("seed", range(6))
def test_line_crossings_counted_from_pixels(seed):
    case, [image] = make("line_intersections", seed=seed, segments=3 + seed % 4)
    scene, kernel = case.scene, np.ones((7, 7), np.uint8)
    masks = []
    for seg, color in zip(scene["segments"], scene["colors"], strict=True):
        # a later line covers an earlier one at a crossing: grow each colour mask over that gap
        mask = cv2.dilate(mask_of(image, rgb(color), 40).astype(np.uint8), kernel).astype(bool)
        for t in np.linspace(0.02, 0.98, 25):  # the whole segment is drawn, end to end
            assert mask[int(round(seg[1] + t * (seg[3] - seg[1]))), int(round(seg[0] + t * (seg[2] - seg[0])))]
        masks.append(mask)
    crossings = sum(components(masks[i] & masks[j])[1].shape[0]
                    for i in range(len(masks)) for j in range(i + 1, len(masks)))
    assert case.truth.value == crossings


@pytest.mark.parametrize("seed", SEEDS)
def test_nested_squares_counted_by_scanline(seed):
    case, [image] = make("nested_squares", seed=seed, squares=2 + 2 * seed)
    x, y, side = case.scene["squares"][-1]
    row = (image[int(y + side / 2)] < 100).all(axis=1)[: int(x + side / 2)]
    runs = int(np.sum(row[1:] & ~row[:-1]) + row[0])
    assert case.truth.value == runs == 2 + 2 * seed


@pytest.mark.parametrize("seed", SEEDS)
def test_sequence_pattern_cells(seed):
    from assetgen.generate.families.sequence_pattern import CELL

    case, [image] = make("sequence_pattern", seed=seed)
    for k, (shape, color) in enumerate(case.scene["sequence"]):
        assert_shape_drawn(image, shape, color, 10 + k * CELL + CELL / 2, 10 + CELL / 2, CELL * 0.38)
    shapes, colors = [s for s, _ in case.scene["sequence"]], [c for _, c in case.scene["sequence"]]
    nxt = case.scene["next"]
    period = lambda seq: next(p for p in range(1, len(seq)) if all(seq[i] == seq[i % p] for i in range(len(seq))))  # noqa: E731
    assert nxt == [shapes[len(shapes) % period(shapes)], colors[len(colors) % period(colors)]]
    assert case.truth.choices[ord(case.truth.value) - 65] == f"{nxt[1]} {nxt[0]}"


@pytest.mark.parametrize("seed", range(6))
def test_odd_one_out_found_from_pixels(seed):
    from assetgen.generate.families.odd_one_out import CELL

    case, [image] = make("odd_one_out", seed=seed)
    scene, signatures = case.scene, {}
    for r in range(scene["rows"]):
        for c in range(scene["cols"]):
            patch = image[r * CELL:(r + 1) * CELL, c * CELL:(c + 1) * CELL]
            ink = ~mask_of(patch, (255, 255, 255))
            colour = tuple(int(v) for v in patch[CELL // 2, CELL // 2])
            signatures[(r + 1, c + 1)] = (colour, int(ink.sum()) // 40)
    values = list(signatures.values())
    odd = [pos for pos, sig in signatures.items() if values.count(sig) == 1]
    assert len(odd) == 1 and case.truth.value == f"({odd[0][0]}, {odd[0][1]})"
