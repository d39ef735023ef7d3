"""A ball moving steadily: where will it be shortly after the clip ends?"""

from __future__ import annotations

from assetgen.generate.families import _ask
from assetgen.generate.families._video import BALL_COLORS, choose, positions
from assetgen.generate.registry import Knob, register
from assetgen.generate.video_family import VIDEO_KNOBS, VideoFamily, base_scene, frame_state, obj

ROWS, COLS = ("top", "middle", "bottom"), ("left", "center", "right")
REGIONS = [f"{r} {c}" for r in ROWS for c in COLS]


def region(x: float, y: float, w: int, h: int) -> str:
    return f"{ROWS[min(2, int(3 * y / h))]} {COLS[min(2, int(3 * x / w))]}"


@register
class PredictPosition(VideoFamily):
    name = "predict_position"
    category = "video_reasoning"
    summary = "A ball moves at constant velocity; in which ninth of the frame will it be a few seconds later?"
    knobs = (*VIDEO_KNOBS, Knob("ahead", 2.0, "seconds after the clip ends", kind="float", low=0.5, high=10.0))

    def sample(self, rng, knobs):
        scene = base_scene(knobs, self.name)
        w, h, n = scene["width"], scene["height"], scene["frames"]
        steps = knobs["ahead"] * scene["fps"]
        for _ in range(2000):
            x0, y0 = float(rng.uniform(0.1, 0.9)) * w, float(rng.uniform(0.1, 0.9)) * h
            x1, y1 = float(rng.uniform(0.1, 0.9)) * w, float(rng.uniform(0.1, 0.9)) * h
            vx, vy = (x1 - x0) / (n - 1 + steps), (y1 - y0) / (n - 1 + steps)
            end = (x0 + vx * (n - 1), y0 + vy * (n - 1))
            # the target must sit well inside one region, and the ball must visibly move
            fx, fy = 3 * x1 / w, 3 * y1 / h
            if (min(fx % 1, 1 - fx % 1) > 0.2 and min(fy % 1, 1 - fy % 1) > 0.2
                    and ((end[0] - x0) ** 2 + (end[1] - y0) ** 2) ** 0.5 > 0.25 * min(w, h)):
                return scene | {"color": choose(rng, BALL_COLORS), "x0": x0, "y0": y0, "vx": vx, "vy": vy,
                                "ahead": knobs["ahead"], "steps": steps}
        raise ValueError("predict_position: no clean path found")

    def timeline(self, scene):
        return {"frames": [frame_state(k, scene["fps"], "white", [obj(
            "ball", "circle", scene["color"], scene["x0"] + scene["vx"] * k, scene["y0"] + scene["vy"] * k, 20)])
            for k in range(scene["frames"])], "events": []}

    def answer(self, scene, timeline, indices):
        (xa, ya), (xb, yb) = positions(timeline, "ball", [indices[0], indices[-1]])
        span = indices[-1] - indices[0]
        steps = scene["frames"] - 1 - indices[-1] + scene["steps"]
        return region(xb + (xb - xa) / span * steps, yb + (yb - ya) / span * steps, scene["width"], scene["height"])

    def ask(self, scene, value):
        return _ask.choice(
            f"The ball in this video moves at a constant speed in a straight line. If it keeps moving the same way, "
            f"where in the frame will it be {scene['ahead']:g} seconds after the video ends? Think of the frame as a "
            f"3x3 grid. {_ask.options_text(REGIONS)}", value, REGIONS)
