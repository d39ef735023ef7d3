"""A ball moves across the frame: describe what happens."""

from __future__ import annotations

from assetgen.generate.families._video import BALL_COLORS, choose, positions
from assetgen.generate.registry import Knob, Question, register
from assetgen.generate.video_family import VIDEO_KNOBS, VideoFamily, base_scene, frame_state, obj
from graders.records import GraderSpec, Truth

SIDE_WORDS = {"left to right": [["left to right", "to the right", "rightward", "right side", "towards the right"],
                                ["right to left", "to the left", "leftward"]],
              "right to left": [["right to left", "to the left", "leftward", "towards the left", "left side"],
                                ["left to right", "to the right", "rightward"]]}


@register
class BallAcross(VideoFamily):
    name = "ball_across"
    category = "video_description"
    summary = "A colored ball crosses the frame horizontally; describe the video."
    knobs = (*VIDEO_KNOBS, Knob("radius", 30, "ball radius in pixels", low=8, high=80))

    def sample(self, rng, knobs):
        scene = base_scene(knobs, self.name)
        w, r = scene["width"], knobs["radius"]
        direction = choose(rng, ("left to right", "right to left"))
        start, end = (r + 20, w - r - 20) if direction == "left to right" else (w - r - 20, r + 20)
        return scene | {"color": choose(rng, BALL_COLORS), "r": r, "x0": start, "x1": end,
                        "y": round(float(rng.uniform(r + 40, scene["height"] - r - 40)), 1)}

    def timeline(self, scene):
        n = scene["frames"]
        frames = [frame_state(k, scene["fps"], "white", [obj(
            "ball", "circle", scene["color"], scene["x0"] + (scene["x1"] - scene["x0"]) * k / (n - 1), scene["y"],
            scene["r"])]) for k in range(n)]
        return {"frames": frames, "events": []}

    def answer(self, scene, timeline, indices):
        (xa, _), (xb, _) = positions(timeline, "ball", [indices[0], indices[-1]])
        return "left to right" if xb > xa else "right to left"

    def ask(self, scene, value):
        concepts = [[scene["color"]], ["ball", "circle", "sphere", "dot", "disc", "disk"],
                    ["mov", "travel", "roll", "slid", "cross", "go", "pass", "glid"], SIDE_WORDS[value][0]]
        return Question(
            "Describe in one sentence what happens in this video: what object, what color, and how it moves.",
            Truth(kind="text", value=f"a {scene['color']} ball moves from {value}"),
            GraderSpec(name="keywords", args={"concepts": concepts, "forbidden": [SIDE_WORDS[value][1]]}))
