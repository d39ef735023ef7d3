"""Objects appear one at a time, each for a few frames: how many appeared in all?"""

from __future__ import annotations

from assetgen.generate.drawing import place_discs
from assetgen.generate.families import _ask
from assetgen.generate.families._video import BALL_COLORS
from assetgen.generate.registry import Knob, register
from assetgen.generate.video_family import VIDEO_KNOBS, VideoFamily, base_scene, frame_state, obj


@register
class AppearingObjects(VideoFamily):
    name = "appearing_objects"
    category = "counting"
    summary = "Objects appear one at a time for 1-3 frames each; count how many appeared."
    knobs = (*VIDEO_KNOBS, Knob("objects", 6, "objects that appear", low=1, high=12),
             Knob("max_visible", 3, "longest time an object stays, in frames", low=1, high=8))

    def sample(self, rng, knobs):
        scene = base_scene(knobs, self.name)
        n, count = scene["frames"], knobs["objects"]
        discs = place_discs(rng, count, 22, 32, scene["width"], scene["height"])
        slots = n // count
        if slots < 2:
            raise ValueError(f"appearing_objects: {count} objects do not fit one at a time in {n} frames")
        items = []
        for k, (x, y, r) in enumerate(discs):
            length = int(rng.integers(1, min(knobs["max_visible"], slots - 1) + 1))
            start = k * slots + int(rng.integers(0, slots - length + 1))
            items.append({"id": f"o{k + 1}", "color": BALL_COLORS[int(rng.integers(len(BALL_COLORS)))],
                          "x": x, "y": y, "r": r, "start": start, "end": start + length})
        return scene | {"items": items}

    def timeline(self, scene):
        frames = [frame_state(k, scene["fps"], "white", [
            obj(i["id"], "circle", i["color"], i["x"], i["y"], i["r"], i["start"] <= k < i["end"])
            for i in scene["items"]]) for k in range(scene["frames"])]
        events = [e for i in scene["items"] for e in (
            {"frame": i["start"], "type": "appear", "object": i["id"]},
            {"frame": i["end"], "type": "disappear", "object": i["id"]})]
        return {"frames": frames, "events": sorted(events, key=lambda e: e["frame"])}

    def answer(self, scene, timeline, indices):
        return len({o["id"] for i in indices for o in timeline["frames"][i]["objects"] if o["visible"]})

    def ask(self, scene, value):
        return _ask.number("Objects appear one at a time in this video, each only briefly. How many objects appear "
                           "in total? Answer with a number.", value)
