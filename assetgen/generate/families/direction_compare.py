"""Two clips: do the balls move in the same direction?"""

from __future__ import annotations

from assetgen.generate.families import _ask
from assetgen.generate.families._video import BALL_COLORS, choose
from assetgen.generate.families.speed_compare import TwoBallClips, sideways, travel
from assetgen.generate.registry import register
from assetgen.generate.video_family import base_scene


@register
class DirectionCompare(TwoBallClips):
    name = "direction_compare"
    category = "multi_video"
    summary = "Two clips of a ball moving sideways; same or opposite direction?"

    def sample(self, rng, knobs):
        scene = base_scene(knobs, self.name)
        w, n = scene["width"], scene["frames"]
        first = choose(rng, (1, -1))
        second = first if rng.integers(2) else -first
        colors = [BALL_COLORS[int(i)] for i in rng.choice(len(BALL_COLORS), 2, replace=False)]
        clips = [sideways(rng, scene, color, direction, float(rng.uniform(0.4, 0.75)) * (w - 108) / (n - 1))
                 for direction, color in zip((first, second), colors, strict=True)]
        return scene | {"clips": clips}

    def answer(self, scene, timeline, indices):
        first, second = travel(timeline, indices)
        return "yes" if (first > 0) == (second > 0) else "no"

    def ask(self, scene, value):
        return _ask.choice("You are shown two videos, each with one moving ball. Do the two balls move in the same "
                           "direction? Answer yes or no.", value, ["yes", "no"])
