"""A light that flashes on for single frames: how many flashes?"""

from __future__ import annotations

import itertools

from assetgen.generate.families import _ask
from assetgen.generate.registry import Knob, register
from assetgen.generate.video_family import VIDEO_KNOBS, VideoFamily, base_scene, frame_state, obj


def runs_on(states: list[bool]) -> int:
    return sum(on and (i == 0 or not states[i - 1]) for i, on in enumerate(states))


@register
class FlashingLight(VideoFamily):
    name = "flashing_light"
    category = "counting"
    summary = "A lamp flashes on for one frame at a time, several times; count the flashes."
    knobs = (*VIDEO_KNOBS, Knob("flashes", 5, "number of flashes", low=1, high=12))

    def sample(self, rng, knobs):
        scene = base_scene(knobs, self.name)
        n, count = scene["frames"], knobs["flashes"]
        # flashes on interior frames, never adjacent, so every flash is one separate 'on'
        candidates = list(range(1, n - 1))
        for _ in range(1000):
            on = sorted(int(c) for c in rng.choice(candidates, count, replace=False))
            if all(b - a >= 2 for a, b in itertools.pairwise(on)):
                return scene | {"on": on, "r": min(scene["width"], scene["height"]) // 6}
        raise ValueError(f"flashing_light: {count} separate flashes do not fit in {n} frames")

    def timeline(self, scene):
        cx, cy = scene["width"] / 2, scene["height"] / 2
        frames = [frame_state(k, scene["fps"], "black", [
            obj("lamp", "circle", "yellow" if k in scene["on"] else "gray", cx, cy, scene["r"])])
            for k in range(scene["frames"])]
        events = [e for k in scene["on"] for e in ({"frame": k, "type": "flash_on", "object": "lamp"},
                                                   {"frame": k + 1, "type": "flash_off", "object": "lamp"})]
        return {"frames": frames, "events": events}

    def answer(self, scene, timeline, indices):
        return runs_on([timeline["frames"][i]["objects"][0]["color"] == "yellow" for i in indices])

    def ask(self, scene, value):
        return _ask.number("The lamp in this video is gray when off and lights up yellow when it flashes. How many "
                           "times does it flash? Answer with a number.", value)
