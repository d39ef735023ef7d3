"""Video + text instructions: answer about a moving ball in a fixed format."""

from __future__ import annotations

import json

from assetgen.generate.drawing import SHAPES
from assetgen.generate.families import _ask
from assetgen.generate.families._video import BALL_COLORS, choose, positions
from assetgen.generate.registry import Knob, Question, register
from assetgen.generate.video_family import VIDEO_KNOBS, VideoFamily, base_scene, frame_state, obj
from graders.records import GraderSpec, Truth

FORMATS = ("one_word", "comma_list", "json")


@register
class InstructedAnswer(VideoFamily):
    name = "instructed_answer"
    category = "video_instructions"
    summary = "A shape moves sideways; answer in a required format: one word, a comma list, or JSON."
    knobs = (*VIDEO_KNOBS, Knob("format", "any", "answer format", kind="choice", choices=("any", *FORMATS)))

    def sample(self, rng, knobs):
        scene = base_scene(knobs, self.name)
        w = scene["width"]
        direction = choose(rng, ("left", "right"))
        shape = choose(rng, SHAPES)
        x0, x1 = (60, w - 60) if direction == "right" else (w - 60, 60)
        return scene | {"format": _ask.pick(rng, knobs["format"], FORMATS), "color": choose(rng, BALL_COLORS),
                        "shape": shape, "x0": x0, "x1": x1, "y": scene["height"] / 2}

    def timeline(self, scene):
        n = scene["frames"]
        return {"frames": [frame_state(k, scene["fps"], "white", [obj(
            "thing", scene["shape"], scene["color"], scene["x0"] + (scene["x1"] - scene["x0"]) * k / (n - 1),
            scene["y"], 36)]) for k in range(n)], "events": []}

    def answer(self, scene, timeline, indices):
        (xa, _), (xb, _) = positions(timeline, "thing", [indices[0], indices[-1]])
        return {"color": scene["color"], "shape": scene["shape"], "direction": "right" if xb > xa else "left"}

    def ask(self, scene, value):
        if scene["format"] == "one_word":
            return Question("What color is the moving object in this video? Answer with exactly one word.",
                            Truth(kind="text", value=value["color"]),
                            GraderSpec(name="exact", args={"vocabulary": "color", "format": "one_word"}))
        if scene["format"] == "comma_list":
            return _ask.items("Give the moving object's color, its shape, and the direction it moves (left or right), "
                              "in that order, as one comma-separated line and nothing else.",
                              [value["color"], value["shape"], value["direction"]], ordered=True,
                              format="comma_list")
        keys = json.dumps(list(value))
        return Question(
            f"Reply with only a JSON object with the keys {keys}: the moving object's color, its shape, and the "
            "direction it moves ('left' or 'right').", Truth(kind="structured", value=value),
            GraderSpec(name="json", args={"format": "json"}))
