"""Several images of shapes: which image has the most of one shape."""

from __future__ import annotations

from assetgen.generate.drawing import SHAPES
from assetgen.generate.families import _ask
from assetgen.generate.families.shapes import draw_shapes, sample_shapes
from assetgen.generate.registry import Family, Knob, register


@register
class ShapeCompare(Family):
    name = "shape_compare"
    category = "multi_image"
    modality = "multi_image"
    summary = "2-4 images of shapes; which image contains the most of a given shape."
    knobs = (
        Knob("images", 3, "number of images", low=2, high=4),
        Knob("max_count", 7, "most shapes per image", low=3, high=10),
        Knob("width", 480, "image width", low=200, high=1280),
        Knob("height", 360, "image height", low=160, high=960),
    )

    def sample(self, rng, knobs):
        target = SHAPES[int(rng.integers(len(SHAPES)))]
        counts = [int(c) for c in rng.choice(range(0, 5), knobs["images"], replace=False)]  # unique max
        panels = []
        for n_target in counts:
            total = max(n_target, int(rng.integers(3, knobs["max_count"] + 1)))
            shapes = sample_shapes(rng, total, 18, 34, knobs["width"], knobs["height"])
            colors = [s["color"] for s in shapes]
            # make exactly n_target of them the target shape, the rest anything else
            others = [s for s in SHAPES if s != target]
            for k, s in enumerate(shapes):
                s["shape"] = target if k < n_target else others[int(rng.integers(len(others)))]
                s["color"] = colors[k]
            panels.append(shapes)
        return {"target": target, "panels": panels, "width": knobs["width"], "height": knobs["height"]}

    def question(self, scene):
        counts = [sum(s["shape"] == scene["target"] for s in p) for p in scene["panels"]]
        best = counts.index(max(counts))
        options = [f"Image {i + 1}" for i in range(len(counts))]
        return _ask.choice(
            f"You are shown {len(counts)} images, in order. Which image contains the most "
            f"{scene['target']}s? {_ask.options_text(options)}", options[best], options)

    def render(self, scene):
        return [draw_shapes(p, scene["width"], scene["height"]) for p in scene["panels"]]
