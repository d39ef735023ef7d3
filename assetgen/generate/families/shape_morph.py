"""An object that changes shape; one of its shapes lasts only a few frames."""

from __future__ import annotations

from assetgen.generate.drawing import SHAPES
from assetgen.generate.families import _ask
from assetgen.generate.families._video import BALL_COLORS, choose
from assetgen.generate.registry import Knob, register
from assetgen.generate.video_family import VIDEO_KNOBS, VideoFamily, base_scene, frame_state, obj


def dedupe(sequence: list[str]) -> list[str]:
    return [s for i, s in enumerate(sequence) if i == 0 or s != sequence[i - 1]]


@register
class ShapeMorph(VideoFamily):
    name = "shape_morph"
    category = "video_description"
    summary = "A shape turns into others in turn; one stage is brief. List the shapes in order."
    knobs = (*VIDEO_KNOBS, Knob("stages", 3, "shapes the object takes", low=2, high=5),
             Knob("brief", 2, "frames the brief stage lasts", low=1, high=6))

    def sample(self, rng, knobs):
        scene = base_scene(knobs, self.name)
        n, stages = scene["frames"], knobs["stages"]
        shapes = [SHAPES[int(i)] for i in rng.choice(len(SHAPES), stages, replace=False)]
        brief_stage = int(rng.integers(1, stages)) if stages > 2 else 1
        long = (n - knobs["brief"]) / (stages - 1)
        lengths = [knobs["brief"] if s == brief_stage else 0 for s in range(stages)]
        rest = [s for s in range(stages) if s != brief_stage]
        for k, s in enumerate(rest):
            lengths[s] = int(round(long * (k + 1))) - int(round(long * k))
        if sum(lengths) != n or min(lengths) < 1:
            raise ValueError(f"shape_morph: {n} frames cannot hold {stages} stages with a brief one of "
                             f"{knobs['brief']}")
        return scene | {"shapes": shapes, "lengths": lengths, "color": choose(rng, BALL_COLORS),
                        "r": min(scene["width"], scene["height"]) // 5}

    def timeline(self, scene):
        frames, events, k = [], [], 0
        for stage, (shape, length) in enumerate(zip(scene["shapes"], scene["lengths"], strict=True)):
            if stage:
                events.append({"frame": k, "type": "shape_change", "object": "shape", "to": shape})
            for _ in range(length):
                frames.append(frame_state(k, scene["fps"], "white", [
                    obj("shape", shape, scene["color"], scene["width"] / 2, scene["height"] / 2, scene["r"])]))
                k += 1
        return {"frames": frames, "events": events}

    def answer(self, scene, timeline, indices):
        return dedupe([timeline["frames"][i]["objects"][0]["shape"] for i in indices])

    def ask(self, scene, value):
        return _ask.items("The object in this video changes shape over time. List every shape it takes, in order, "
                          "as a comma-separated list.", value, ordered=True, vocabulary="shape")
