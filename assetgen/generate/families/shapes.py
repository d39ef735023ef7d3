"""Colored shapes on white: which shapes there are, counts, and spatial relations."""

from __future__ import annotations

from assetgen.generate.drawing import SHAPES, draw_shape, place_discs
from assetgen.generate.families import _ask
from assetgen.generate.registry import Family, Knob, register
from assetgen.media.colors import ON_WHITE, rgb
from assetgen.media.imaging import canvas

QUESTIONS = ("list", "count_shape", "count_color", "relation", "leftmost")


def sample_shapes(rng, count: int, r_low: float, r_high: float, width: int, height: int) -> list[dict]:
    """Non-overlapping shapes with no repeated (color, shape) pair, so each is nameable."""
    discs = place_discs(rng, count, r_low, r_high, width, height)
    pairs = [(s, c) for s in SHAPES for c in ON_WHITE]
    chosen = rng.choice(len(pairs), count, replace=False)
    return [{"shape": pairs[i][0], "color": pairs[i][1], "x": x, "y": y, "r": r}
            for i, (x, y, r) in zip(chosen, discs, strict=True)]


def draw_shapes(shapes: list[dict], width: int, height: int):
    image, draw = canvas(width, height)
    for s in shapes:
        draw_shape(draw, s["shape"], s["x"], s["y"], s["r"], fill=rgb(s["color"]))
    return image


def label(s: dict) -> str:
    return f"{s['color']} {s['shape']}"


@register
class Shapes(Family):
    name = "shapes"
    category = "single_image"
    summary = "Colored shapes; ask which there are, counts by shape or color, left/above relations."
    knobs = (
        Knob("count", 5, "number of shapes", low=1, high=12),
        Knob("min_radius", 28, "smallest circumscribed radius in pixels", low=10, high=100),
        Knob("max_radius", 55, "largest circumscribed radius in pixels", low=12, high=140),
        Knob("width", 640, "image width", low=160, high=1600),
        Knob("height", 480, "image height", low=120, high=1200),
        Knob("question", "any", "what to ask", kind="choice", choices=("any", *QUESTIONS)),
    )

    def sample(self, rng, knobs):
        if knobs["min_radius"] > knobs["max_radius"]:
            raise ValueError(f"shapes: min_radius {knobs['min_radius']} > max_radius {knobs['max_radius']}")
        shapes = sample_shapes(rng, knobs["count"], knobs["min_radius"], knobs["max_radius"],
                               knobs["width"], knobs["height"])
        types = QUESTIONS if len(shapes) >= 2 else ("list", "count_shape", "count_color")
        question = {"type": _ask.pick(rng, knobs["question"], types)}
        if question["type"] == "relation" and len(shapes) < 2:
            raise ValueError("shapes: question 'relation' needs count >= 2")
        if question["type"] == "count_shape":
            question["shape"] = shapes[int(rng.integers(len(shapes)))]["shape"]
        elif question["type"] == "count_color":
            question["color"] = shapes[int(rng.integers(len(shapes)))]["color"]
        elif question["type"] == "relation":
            a, b = (int(i) for i in rng.choice(len(shapes), 2, replace=False))
            axis = "x" if abs(shapes[a]["x"] - shapes[b]["x"]) >= abs(shapes[a]["y"] - shapes[b]["y"]) else "y"
            question |= {"a": a, "b": b, "axis": axis}
        return {"width": knobs["width"], "height": knobs["height"], "shapes": shapes, "question": question}

    def question(self, scene):
        q, shapes = scene["question"], scene["shapes"]
        if q["type"] == "list":
            return _ask.items(
                "List every shape in this image as 'color shape' (for example 'red circle'), "
                "separated by commas.", sorted(label(s) for s in shapes), ordered=False, vocabulary="color")
        if q["type"] == "count_shape":
            n = sum(s["shape"] == q["shape"] for s in shapes)
            return _ask.number(f"How many {q['shape']}s are in this image? Answer with a number.", n)
        if q["type"] == "count_color":
            n = sum(s["color"] == q["color"] for s in shapes)
            return _ask.number(f"How many {q['color']} shapes are in this image? Answer with a number.", n)
        if q["type"] == "leftmost":
            leftmost = min(shapes, key=lambda s: s["x"])
            return _ask.text("Which shape is furthest to the left? Answer as 'color shape'.", label(leftmost),
                             vocabulary="color")
        a, b = shapes[q["a"]], shapes[q["b"]]
        if q["axis"] == "x":
            relation, holds = "to the left of", a["x"] < b["x"]
        else:
            relation, holds = "above", a["y"] < b["y"]
        options = ["yes", "no"]
        return _ask.choice(f"Is the {label(a)} {relation} the {label(b)}? Answer yes or no.",
                           "yes" if holds else "no", options)

    def render(self, scene):
        return [draw_shapes(scene["shapes"], scene["width"], scene["height"])]
