"""A ball bouncing off the walls: count the bounces."""

from __future__ import annotations

import itertools

from assetgen.generate.families import _ask
from assetgen.generate.families._video import BALL_COLORS, choose, positions, sign_changes, unit
from assetgen.generate.registry import Knob, register
from assetgen.generate.video_family import VIDEO_KNOBS, VideoFamily, base_scene, bouncing_path, frame_state, obj


@register
class BounceCount(VideoFamily):
    name = "bounce_count"
    category = "counting"
    summary = "A ball bounces elastically off the walls; count the bounces."
    knobs = (*VIDEO_KNOBS, Knob("speed", 1.6, "wall-to-wall crossings over the clip", kind="float", low=0.3,
                                high=6.0))

    def sample(self, rng, knobs):
        scene = base_scene(knobs, self.name)
        w, h, n, r = scene["width"], scene["height"], scene["frames"], 24
        for _ in range(1000):
            ux, uy = unit(float(rng.uniform(15, 75)) + 90 * int(rng.integers(4)))
            speed = knobs["speed"] * (w + h) / n
            candidate = scene | {"color": choose(rng, BALL_COLORS), "r": r, "x0": float(rng.uniform(r, w - r)),
                                 "y0": float(rng.uniform(r, h - r)), "vx": ux * speed, "vy": uy * speed}
            timeline = self.timeline(candidate)
            # every bounce must show in the frames: not in the first or last step, one wall at a time
            frames_hit = [e["frame"] for e in timeline["events"]]
            if (len(set(frames_hit)) == len(frames_hit) and all(2 <= f <= n - 2 for f in frames_hit)
                    and self.answer(candidate, timeline, list(range(n))) == len(frames_hit)):
                return candidate
        raise ValueError("bounce_count: no clean bouncing path found; try another speed")

    def timeline(self, scene):
        points, events = bouncing_path(scene["x0"], scene["y0"], scene["vx"], scene["vy"], scene["r"], scene["width"],
                                       scene["height"], scene["frames"])
        return {"frames": [frame_state(k, scene["fps"], "white", [obj("ball", "circle", scene["color"], x, y,
                                                                      scene["r"])])
                           for k, (x, y) in enumerate(points)], "events": events}

    def answer(self, scene, timeline, indices):
        points = positions(timeline, "ball", indices)
        dx = [b[0] - a[0] for a, b in itertools.pairwise(points)]
        dy = [b[1] - a[1] for a, b in itertools.pairwise(points)]
        return sign_changes(dx) + sign_changes(dy)

    def ask(self, scene, value):
        return _ask.number("How many times does the ball bounce off a wall (an edge of the frame) in this video? "
                           "Answer with a number.", value)
