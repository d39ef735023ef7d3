"""A circle whose radius pulses with a short period: count the pulses."""

from __future__ import annotations

import math

from assetgen.generate.families import _ask
from assetgen.generate.families._video import BALL_COLORS, choose
from assetgen.generate.registry import Knob, register
from assetgen.generate.video_family import VIDEO_KNOBS, VideoFamily, base_scene, frame_state, obj


def peaks(values: list[float]) -> int:
    """Interior local maxima: the times the circle reaches full size between smaller sizes."""
    return sum(values[i - 1] < values[i] > values[i + 1] for i in range(1, len(values) - 1))


@register
class PulsingCircle(VideoFamily):
    name = "pulsing_circle"
    category = "video_description"
    summary = "A circle grows and shrinks with a period of a few frames; count the pulses."
    knobs = (*VIDEO_KNOBS, Knob("period", 4, "frames per pulse", low=3, high=12))

    def sample(self, rng, knobs):
        scene = base_scene(knobs, self.name)
        period, n = knobs["period"], scene["frames"]
        # no peak on the first or last frame: a pulse there is not visibly a pulse
        offset = int(rng.integers(1, period))
        if (n - 1 - offset) % period == 0:
            offset = offset + 1 if offset + 1 < period else offset - 1
        base = min(scene["width"], scene["height"]) / 6
        return scene | {"period": period, "offset": offset, "color": choose(rng, BALL_COLORS),
                        "r_mean": round(base, 1), "r_amp": round(base * 0.45, 1)}

    def radius(self, scene, k: int) -> float:
        return scene["r_mean"] + scene["r_amp"] * math.cos(2 * math.pi * (k - scene["offset"]) / scene["period"])

    def timeline(self, scene):
        frames = [frame_state(k, scene["fps"], "white", [obj("circle", "circle", scene["color"], scene["width"] / 2,
                                                             scene["height"] / 2, self.radius(scene, k))])
                  for k in range(scene["frames"])]
        events = [{"frame": k, "type": "peak", "object": "circle"}
                  for k in range(1, scene["frames"] - 1) if (k - scene["offset"]) % scene["period"] == 0]
        return {"frames": frames, "events": events}

    def answer(self, scene, timeline, indices):
        return peaks([timeline["frames"][i]["objects"][0]["r"] for i in indices])

    def ask(self, scene, value):
        return _ask.number("The circle in this video pulses: it grows and shrinks again and again. How many times "
                           "does it reach its largest size? Answer with a number.", value)
