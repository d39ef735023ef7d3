"""A ball circling: clockwise or counterclockwise? Fast circling aliases when frames are dropped."""

from __future__ import annotations

import itertools
import math

from assetgen.generate.families import _ask
from assetgen.generate.families._video import BALL_COLORS, choose, positions
from assetgen.generate.registry import Knob, register
from assetgen.generate.video_family import VIDEO_KNOBS, VideoFamily, base_scene, frame_state, obj


@register
class CircularMotion(VideoFamily):
    name = "circular_motion"
    category = "motion"
    summary = "A ball moves around a circle; clockwise or counterclockwise (as seen on screen)."
    knobs = (*VIDEO_KNOBS, Knob("step", 50.0, "degrees turned per frame", kind="float", low=5.0, high=170.0))

    def sample(self, rng, knobs):
        scene = base_scene(knobs, self.name)
        sign = float(choose(rng, (-1, 1)))
        return scene | {"color": choose(rng, BALL_COLORS), "r": 24, "R": min(scene["width"], scene["height"]) * 0.33,
                        "step": sign * knobs["step"], "phase": float(rng.uniform(0, 360))}

    def timeline(self, scene):
        cx, cy = scene["width"] / 2, scene["height"] / 2
        frames = []
        for k in range(scene["frames"]):
            a = math.radians(scene["phase"] + scene["step"] * k)
            frames.append(frame_state(k, scene["fps"], "white", [
                obj("ball", "circle", scene["color"], cx + scene["R"] * math.cos(a), cy + scene["R"] * math.sin(a),
                    scene["r"])]))
        return {"frames": frames, "events": []}

    def answer(self, scene, timeline, indices):
        cx, cy = scene["width"] / 2, scene["height"] / 2
        angles = [math.atan2(y - cy, x - cx) for x, y in positions(timeline, "ball", indices)]
        turn = sum((b - a + math.pi) % (2 * math.pi) - math.pi for a, b in itertools.pairwise(angles))
        # image y points down: an increasing angle turns clockwise on screen
        return "clockwise" if turn > 0 else "counterclockwise"

    def ask(self, scene, value):
        options = ["clockwise", "counterclockwise"]
        return _ask.choice("The ball in this video moves around a circle. Does it go clockwise or counterclockwise "
                           f"(as seen on screen)? {_ask.options_text(options)}", value, options)
