"""The background cycles quickly through colors; one color shows for a single frame."""

from __future__ import annotations

from assetgen.generate.families import _ask
from assetgen.generate.registry import Knob, register
from assetgen.generate.video_family import VIDEO_KNOBS, VideoFamily, base_scene, frame_state
from assetgen.media.colors import ON_WHITE


@register
class ColorCycle(VideoFamily):
    name = "color_cycle"
    category = "video_description"
    summary = "Background colors change every 1-3 frames; one appears for a single frame. Count the colors."
    knobs = (*VIDEO_KNOBS, Knob("colors", 5, "distinct background colors", low=2, high=8))

    def sample(self, rng, knobs):
        scene = base_scene(knobs, self.name)
        n = scene["frames"]
        palette = [ON_WHITE[int(i)] for i in rng.choice(len(ON_WHITE), knobs["colors"], replace=False)]
        rare, common = palette[-1], palette[:-1]
        backgrounds: list[str] = []
        while len(backgrounds) < n:
            options = [c for c in common if not backgrounds or c != backgrounds[-1]] or common
            backgrounds += [options[int(rng.integers(len(options)))]] * int(rng.integers(1, 4))
        backgrounds = backgrounds[:n]
        spot = int(rng.integers(n // 4, 3 * n // 4))  # the rare color: one frame, mid-clip
        backgrounds[spot] = rare
        return scene | {"backgrounds": backgrounds}

    def timeline(self, scene):
        bgs = scene["backgrounds"]
        frames = [frame_state(k, scene["fps"], bg, []) for k, bg in enumerate(bgs)]
        events = [{"frame": k, "type": "color_change", "to": bgs[k]}
                  for k in range(1, len(bgs)) if bgs[k] != bgs[k - 1]]
        return {"frames": frames, "events": events}

    def answer(self, scene, timeline, indices):
        return len({timeline["frames"][i]["background"] for i in indices})

    def ask(self, scene, value):
        return _ask.number("The background color of this video keeps changing. How many different background colors "
                           "appear in the whole video? Answer with a number.", value)
