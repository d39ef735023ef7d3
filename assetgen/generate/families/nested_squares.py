"""Squares drawn one inside another: count them."""

from __future__ import annotations

from assetgen.generate.families import _ask
from assetgen.generate.registry import Family, Knob, register
from assetgen.media.imaging import canvas


@register
class NestedSquares(Family):
    name = "nested_squares"
    category = "visual_reasoning"
    summary = "Outlined squares nested inside each other with uneven margins; count them."
    knobs = (Knob("squares", 4, "number of nested squares", low=1, high=9),)

    def sample(self, rng, knobs):
        size, squares = 460, []
        x, y, side = 10.0, 10.0, float(size - 20)
        for _ in range(knobs["squares"]):
            squares.append([round(x), round(y), round(side)])
            shrink = float(rng.uniform(0.12, 0.2)) * side + 6
            offset = float(rng.uniform(0.25, 0.75))
            x, y, side = x + shrink * offset, y + shrink * (1 - offset), side - shrink
        return {"size": size, "squares": squares}

    def question(self, scene):
        return _ask.number("How many squares are drawn in this image? Answer with a number.",
                           len(scene["squares"]))

    def render(self, scene):
        image, draw = canvas(scene["size"], scene["size"])
        for x, y, side in scene["squares"]:
            draw.rectangle((x, y, x + side, y + side), outline=(20, 20, 20), width=3)
        return [image]
