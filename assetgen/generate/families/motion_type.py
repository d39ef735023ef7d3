"""Straight line, bouncing off the walls, or circling: what kind of motion is it?"""

from __future__ import annotations

import itertools
import math

from assetgen.generate.families import _ask
from assetgen.generate.families._video import BALL_COLORS, choose, positions, sign_changes, unit
from assetgen.generate.registry import Knob, register
from assetgen.generate.video_family import VIDEO_KNOBS, VideoFamily, base_scene, bouncing_path, frame_state, obj

KINDS = ("a straight line", "bouncing off the walls", "a circle")


def classify(points: list[tuple[float, float]]) -> str:
    """What the sampled positions look like: on a circle, bouncing (reversals), or a straight line."""
    if len(points) >= 5:
        cx = sum(p[0] for p in points) / len(points)
        cy = sum(p[1] for p in points) / len(points)
        radii = [math.hypot(x - cx, y - cy) for x, y in points]
        mean = sum(radii) / len(radii)
        if mean > 20 and max(abs(r - mean) for r in radii) < 0.03 * mean:
            return "a circle"
    dx = [b[0] - a[0] for a, b in itertools.pairwise(points)]
    dy = [b[1] - a[1] for a, b in itertools.pairwise(points)]
    return "bouncing off the walls" if sign_changes(dx) + sign_changes(dy) else "a straight line"


@register
class MotionType(VideoFamily):
    name = "motion_type"
    category = "motion"
    summary = "A ball moves straight, bounces off the walls (elastically), or circles; name the motion."
    knobs = (*VIDEO_KNOBS, Knob("kind", "any", "the motion", kind="choice",
                                choices=("any", "straight", "bouncing", "circle")))

    def sample(self, rng, knobs):
        scene = base_scene(knobs, self.name)
        kind = _ask.pick(rng, knobs["kind"], ("straight", "bouncing", "circle"))
        w, h, n, r = scene["width"], scene["height"], scene["frames"], 22
        scene |= {"kind": kind, "color": choose(rng, BALL_COLORS), "r": r}
        if kind == "circle":
            return scene | {"cx": w / 2, "cy": h / 2, "R": min(w, h) * 0.32,
                            "step": float(rng.uniform(20, 40)) * float(choose(rng, (-1, 1)))}
        if kind == "straight":
            ux, uy = unit(float(rng.uniform(0, 360)))
            speed = 0.6 * min(w, h) / n
            return scene | {"x0": w / 2 - ux * speed * n / 2, "y0": h / 2 - uy * speed * n / 2,
                            "vx": ux * speed, "vy": uy * speed}
        ux, uy = unit(float(choose(rng, (30, 60, 120, 150, 210, 240, 300, 330))))
        speed = 2.2 * (w + h) / n  # about three bounces
        return scene | {"x0": float(rng.uniform(r, w - r)), "y0": float(rng.uniform(r, h - r)),
                        "vx": ux * speed, "vy": uy * speed}

    def path(self, scene):
        n = scene["frames"]
        if scene["kind"] == "circle":
            return [(scene["cx"] + scene["R"] * math.cos(math.radians(scene["step"] * k)),
                     scene["cy"] + scene["R"] * math.sin(math.radians(scene["step"] * k))) for k in range(n)], []
        if scene["kind"] == "straight":
            return [(scene["x0"] + scene["vx"] * k, scene["y0"] + scene["vy"] * k) for k in range(n)], []
        return bouncing_path(scene["x0"], scene["y0"], scene["vx"], scene["vy"], scene["r"], scene["width"],
                             scene["height"], n)

    def timeline(self, scene):
        points, events = self.path(scene)
        return {"frames": [frame_state(k, scene["fps"], "white", [obj("ball", "circle", scene["color"], x, y,
                                                                      scene["r"])])
                           for k, (x, y) in enumerate(points)], "events": events}

    def answer(self, scene, timeline, indices):
        return classify(positions(timeline, "ball", indices))

    def ask(self, scene, value):
        options = list(KINDS)
        return _ask.choice(f"How does the ball move in this video? It moves in {_ask.options_text(options)}",
                           value, options)
