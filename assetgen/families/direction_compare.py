"""Two clips: do the balls move in the same direction?"""

from __future__ import annotations

from assetgen.families import _ask
from assetgen.families._video import BALL_COLORS, choose, positions
from assetgen.families.speed_compare import ball_clip
from assetgen.registry import register
from assetgen.video_family import VIDEO_KNOBS, VideoFamily, base_scene


@register
class DirectionCompare(VideoFamily):
    name = "direction_compare"
    category = "multi_video"
    modality = "multi_video"
    clips = 2
    summary = "Two clips of a ball moving sideways; same or opposite direction?"
    knobs = VIDEO_KNOBS

    def sample(self, rng, knobs):
        scene = base_scene(knobs, self.name)
        w, n = scene["width"], scene["frames"]
        first = choose(rng, (1, -1))
        second = first if rng.integers(2) else -first
        colors = [BALL_COLORS[int(i)] for i in rng.choice(len(BALL_COLORS), 2, replace=False)]
        clips = []
        for direction, color in zip((first, second), colors, strict=True):
            speed = float(rng.uniform(0.4, 0.75)) * (w - 108) / (n - 1)
            clips.append({"color": color, "x0": 54 if direction > 0 else w - 54, "vx": direction * speed,
                          "y": float(rng.uniform(80, scene["height"] - 80))})
        return scene | {"clips": clips}

    def timeline(self, scene):
        return {"clips": [ball_clip(scene, clip) for clip in scene["clips"]]}

    def answer(self, scene, timeline, indices):
        signs = []
        for clip in timeline["clips"]:
            (xa, _), (xb, _) = positions(clip, "ball", [indices[0], indices[-1]])
            signs.append(xb > xa)
        return "yes" if signs[0] == signs[1] else "no"

    def ask(self, scene, value):
        return _ask.choice("You are shown two videos, each with one moving ball. Do the two balls move in the same "
                           "direction? Answer yes or no.", value, ["yes", "no"])
