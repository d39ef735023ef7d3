"""A row of shapes following a repeating pattern: which comes next?"""

from __future__ import annotations

from assetgen.generate.drawing import SHAPES, draw_shape
from assetgen.generate.families import _ask
from assetgen.generate.registry import Family, Knob, register
from assetgen.media.colors import ON_WHITE, rgb
from assetgen.media.imaging import canvas, font

CELL = 110


@register
class SequencePattern(Family):
    name = "sequence_pattern"
    category = "visual_reasoning"
    summary = "Shapes repeating in shape and color with periods of 2-3; pick the next one."
    knobs = (Knob("shown", 6, "shapes shown before the blank", low=4, high=9),)

    def sample(self, rng, knobs):
        shape_period, color_period = int(rng.integers(2, 4)), int(rng.integers(2, 4))
        shapes = [SHAPES[int(i)] for i in rng.choice(len(SHAPES), shape_period, replace=False)]
        colors = [ON_WHITE[int(i)] for i in rng.choice(len(ON_WHITE), color_period, replace=False)]
        n = knobs["shown"]
        sequence = [[shapes[k % shape_period], colors[k % color_period]] for k in range(n + 1)]
        answer = f"{sequence[n][1]} {sequence[n][0]}"
        distractors = set()
        while len(distractors) < 3:
            s = SHAPES[int(rng.integers(len(SHAPES)))]
            c = (colors + [ON_WHITE[int(rng.integers(len(ON_WHITE)))]])[int(rng.integers(len(colors) + 1))]
            if f"{c} {s}" != answer:
                distractors.add(f"{c} {s}")
        options = sorted(distractors) + [answer]
        order = [int(i) for i in rng.permutation(4)]
        return {"sequence": sequence[:n], "next": sequence[n], "options": [options[i] for i in order]}

    def question(self, scene):
        answer = f"{scene['next'][1]} {scene['next'][0]}"
        return _ask.choice("The shapes in this image follow a repeating pattern. Which shape comes next, in "
                           f"place of the question mark? {_ask.options_text(scene['options'])}",
                           answer, scene["options"])

    def render(self, scene):
        n = len(scene["sequence"]) + 1
        image, draw = canvas(n * CELL + 20, CELL + 20)
        for k, (shape, color) in enumerate(scene["sequence"]):
            draw_shape(draw, shape, 10 + k * CELL + CELL / 2, 10 + CELL / 2, CELL * 0.38, fill=rgb(color))
        draw.text((10 + (n - 1) * CELL + CELL / 2, 10 + CELL / 2), "?", font=font("sans-bold", 64),
                  fill=(20, 20, 20), anchor="mm")
        return [image]
