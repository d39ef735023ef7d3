"""A grid of identical shapes with one that differs: find it."""

from __future__ import annotations

from assetgen.generate.drawing import SHAPES, draw_shape
from assetgen.generate.families import _ask
from assetgen.generate.registry import Family, Knob, register
from assetgen.media.colors import ON_WHITE, rgb
from assetgen.media.imaging import canvas

CELL = 90


@register
class OddOneOut(Family):
    name = "odd_one_out"
    category = "visual_reasoning"
    summary = "Grid of identical shapes, one differing in shape or color; give its position."
    knobs = (
        Knob("rows", 3, "grid rows", low=2, high=6),
        Knob("cols", 4, "grid columns", low=2, high=8),
        Knob("differs_by", "any", "how the odd one differs", kind="choice", choices=("any", "shape", "color")),
    )

    def sample(self, rng, knobs):
        shape = SHAPES[int(rng.integers(len(SHAPES)))]
        color = ON_WHITE[int(rng.integers(len(ON_WHITE)))]
        by = _ask.pick(rng, knobs["differs_by"], ("shape", "color"))
        pool = [s for s in SHAPES if s != shape] if by == "shape" else [c for c in ON_WHITE if c != color]
        odd = pool[int(rng.integers(len(pool)))]
        row, col = int(rng.integers(knobs["rows"])) + 1, int(rng.integers(knobs["cols"])) + 1
        odd_item = [odd, color] if by == "shape" else [shape, odd]
        return {"rows": knobs["rows"], "cols": knobs["cols"], "item": [shape, color], "odd": odd_item,
                "position": [row, col]}

    def question(self, scene):
        r, c = scene["position"]
        return _ask.text("One shape in this grid differs from all the others. Give its position as (row, column), "
                         "counting from the top-left cell (1, 1).", f"({r}, {c})", vocabulary="position")

    def render(self, scene):
        image, draw = canvas(scene["cols"] * CELL, scene["rows"] * CELL)
        for r in range(scene["rows"]):
            for c in range(scene["cols"]):
                shape, color = scene["odd"] if [r + 1, c + 1] == scene["position"] else scene["item"]
                draw_shape(draw, shape, c * CELL + CELL / 2, r * CELL + CELL / 2, CELL * 0.36, fill=rgb(color))
        return [image]
