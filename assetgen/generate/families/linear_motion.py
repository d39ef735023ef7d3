"""A ball moving in a straight line: which direction?"""

from __future__ import annotations

from assetgen.generate.families import _ask
from assetgen.generate.families._video import BALL_COLORS, DIRECTIONS, choose, direction_name, positions, unit
from assetgen.generate.registry import Knob, register
from assetgen.generate.video_family import VIDEO_KNOBS, VideoFamily, base_scene, frame_state, obj

ANGLES = {"left to right": 0, "right to left": 180, "top to bottom": 90, "bottom to top": 270,
          "toward the bottom right": 37, "toward the bottom left": 143, "toward the top right": 323,
          "toward the top left": 217}


@register
class LinearMotion(VideoFamily):
    name = "linear_motion"
    category = "motion"
    summary = "A ball moves in a straight line (horizontal, vertical or diagonal); name the direction."
    knobs = (*VIDEO_KNOBS, Knob("direction", "any", "direction of travel", kind="choice", choices=("any", *ANGLES)))

    def sample(self, rng, knobs):
        scene = base_scene(knobs, self.name)
        direction = _ask.pick(rng, knobs["direction"], tuple(ANGLES))
        w, h, r = scene["width"], scene["height"], 25
        ux, uy = unit(ANGLES[direction])
        # through the middle, as far as the frame allows with a margin (the centre may shift by 5%)
        margin = r + 10
        half = 0.9 * min((0.45 * w - margin) / max(abs(ux), 1e-9), (0.45 * h - margin) / max(abs(uy), 1e-9))
        length = 2 * half
        cx, cy = w / 2 + float(rng.uniform(-0.05, 0.05)) * w, h / 2 + float(rng.uniform(-0.05, 0.05)) * h
        return scene | {"color": choose(rng, BALL_COLORS), "r": r, "direction": direction,
                        "start": [cx - ux * length / 2, cy - uy * length / 2],
                        "end": [cx + ux * length / 2, cy + uy * length / 2]}

    def timeline(self, scene):
        (x0, y0), (x1, y1), n = scene["start"], scene["end"], scene["frames"]
        return {"frames": [frame_state(k, scene["fps"], "white", [obj(
            "ball", "circle", scene["color"], x0 + (x1 - x0) * k / (n - 1), y0 + (y1 - y0) * k / (n - 1), scene["r"])])
            for k in range(n)], "events": []}

    def answer(self, scene, timeline, indices):
        (xa, ya), (xb, yb) = positions(timeline, "ball", [indices[0], indices[-1]])
        return direction_name(xb - xa, yb - ya)

    def ask(self, scene, value):
        options = list(DIRECTIONS)
        return _ask.choice(f"In which direction does the ball move in this video? {_ask.options_text(options)}",
                           value, options)
