"""Colored objects appear one after another and stay: in which order did the colors appear?"""

from __future__ import annotations

from assetgen.generate.drawing import place_discs
from assetgen.generate.families import _ask
from assetgen.generate.registry import Knob, register
from assetgen.generate.video_family import VIDEO_KNOBS, VideoFamily, base_scene, frame_state, obj
from assetgen.media.colors import ON_WHITE


@register
class ColorOrder(VideoFamily):
    name = "color_order"
    category = "video_reasoning"
    summary = "Squares of different colors appear one at a time, 1-3 frames apart; give the order of colors."
    knobs = (*VIDEO_KNOBS, Knob("objects", 5, "squares that appear", low=2, high=9))

    def sample(self, rng, knobs):
        scene = base_scene(knobs, self.name)
        n, count = scene["frames"], knobs["objects"]
        colors = [ON_WHITE[int(i)] for i in rng.choice(len(ON_WHITE), count, replace=False)]
        discs = place_discs(rng, count, 24, 34, scene["width"], scene["height"])
        gaps = [int(g) for g in rng.integers(1, 4, size=count - 1)]
        start = int(rng.integers(1, max(2, n - sum(gaps) - 1)))
        times = [start]
        for g in gaps:
            times.append(times[-1] + g)
        if times[-1] >= n:
            raise ValueError(f"color_order: {count} appearances do not fit in {n} frames")
        return scene | {"items": [{"id": f"s{k + 1}", "color": c, "x": x, "y": y, "r": r, "start": t}
                                  for k, (c, (x, y, r), t) in enumerate(zip(colors, discs, times, strict=True))]}

    def timeline(self, scene):
        frames = [frame_state(k, scene["fps"], "white", [
            obj(i["id"], "square", i["color"], i["x"], i["y"], i["r"], k >= i["start"]) for i in scene["items"]])
            for k in range(scene["frames"])]
        events = [{"frame": i["start"], "type": "appear", "object": i["id"], "color": i["color"]}
                  for i in scene["items"]]
        return {"frames": frames, "events": events}

    def answer(self, scene, timeline, indices):
        first_seen = {}
        for i in indices:
            for o in timeline["frames"][i]["objects"]:
                if o["visible"] and o["id"] not in first_seen:
                    first_seen[o["id"]] = (i, o["x"])  # appearing together: read left to right
        order = sorted(first_seen, key=lambda oid: first_seen[oid])
        colors = {o["id"]: o["color"] for o in timeline["frames"][0]["objects"]}
        return [colors[oid] for oid in order]

    def ask(self, scene, value):
        return _ask.items("Colored squares appear one after another in this video. List their colors in the order "
                          "they appeared, as a comma-separated list.", value, ordered=True, vocabulary="color",
                          format="comma_list")
