"""Outlined circles, some overlapping: count circles, or count overlapping pairs."""

from __future__ import annotations

import math

from assetgen.generate.families import _ask
from assetgen.generate.registry import Family, Knob, register
from assetgen.media.imaging import canvas

CLEARANCE = 10  # px: no near-tangent or nested pairs, so 'overlap' is never a judgement call


def overlapping_pairs(circles: list[list[float]]) -> list[tuple[int, int]]:
    return [(i, j) for i in range(len(circles)) for j in range(i + 1, len(circles))
            if math.dist(circles[i][:2], circles[j][:2]) < circles[i][2] + circles[j][2]]


@register
class CircleOverlap(Family):
    name = "circle_overlap"
    category = "visual_reasoning"
    summary = "Outlined circles that may overlap; count the circles or the overlapping pairs."
    knobs = (
        Knob("circles", 5, "number of circles", low=2, high=10),
        Knob("question", "any", "what to ask", kind="choice", choices=("any", "count", "pairs")),
    )

    def sample(self, rng, knobs):
        width, height, circles = 640, 480, []
        for _ in range(20000):
            if len(circles) == knobs["circles"]:
                break
            r = float(rng.uniform(40, 95))
            x, y = float(rng.uniform(r + 6, width - r - 6)), float(rng.uniform(r + 6, height - r - 6))
            ok = True
            for a, b, s in circles:
                d = math.hypot(x - a, y - b)
                if abs(d - (r + s)) < CLEARANCE or d < abs(r - s) + CLEARANCE:
                    ok = False
                    break
            if ok:
                circles.append([round(x, 1), round(y, 1), round(r, 1)])
        if len(circles) < knobs["circles"]:
            raise ValueError(f"circle_overlap: could not place {knobs['circles']} circles cleanly")
        question = _ask.pick(rng, knobs["question"], ("count", "pairs"))
        return {"width": width, "height": height, "circles": circles, "question": question}

    def question(self, scene):
        if scene["question"] == "count":
            return _ask.number("How many circles are in this image? Overlapping circles count separately. "
                               "Answer with a number.", len(scene["circles"]))
        return _ask.number("How many pairs of circles in this image overlap (their outlines cross)? "
                           "Answer with a number.", len(overlapping_pairs(scene["circles"])))

    def render(self, scene):
        image, draw = canvas(scene["width"], scene["height"])
        for x, y, r in scene["circles"]:
            draw.ellipse((x - r, y - r, x + r, y + r), outline=(20, 20, 20), width=3)
        return [image]
