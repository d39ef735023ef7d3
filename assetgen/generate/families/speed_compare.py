"""Two clips, one ball each: which ball is faster?"""

from __future__ import annotations

from assetgen.generate.families import _ask
from assetgen.generate.families._video import BALL_COLORS, choose, positions
from assetgen.generate.registry import register
from assetgen.generate.video_family import VIDEO_KNOBS, VideoFamily, base_scene, frame_state, obj

OPTIONS = ["the first video", "the second video"]


def sideways(rng, scene: dict, color: str, direction: int, speed: float) -> dict:
    """A ball that enters from the side it moves away from, at a random height."""
    x0 = 54 if direction > 0 else scene["width"] - 54
    return {"color": color, "x0": x0, "vx": direction * speed, "y": float(rng.uniform(80, scene["height"] - 80))}


def travel(timeline: dict, indices: list[int]) -> list[float]:
    """Signed horizontal travel of each clip's ball between the first and last frames seen."""
    out = []
    for clip in timeline["clips"]:
        (xa, _), (xb, _) = positions(clip, "ball", [indices[0], indices[-1]])
        out.append(xb - xa)
    return out


class TwoBallClips(VideoFamily):
    """Two clips, one sideways-moving ball each."""

    modality = "multi_video"
    clips = 2
    knobs = VIDEO_KNOBS

    def timeline(self, scene):
        return {"clips": [ball_clip(scene, clip) for clip in scene["clips"]]}


def ball_clip(scene: dict, clip: dict) -> dict:
    n = scene["frames"]
    return {"frames": [frame_state(k, scene["fps"], "white", [obj(
        "ball", "circle", clip["color"], clip["x0"] + clip["vx"] * k, clip["y"], 24)]) for k in range(n)],
        "events": []}


@register
class SpeedCompare(TwoBallClips):
    name = "speed_compare"
    category = "multi_video"
    summary = "Two clips of a ball moving sideways at different speeds; which is faster?"

    def sample(self, rng, knobs):
        scene = base_scene(knobs, self.name)
        w, n = scene["width"], scene["frames"]
        fast, slow = 0.75 * (w - 60) / (n - 1), float(rng.uniform(0.25, 0.45)) * (w - 60) / (n - 1)
        speeds = [fast, slow] if rng.integers(2) else [slow, fast]
        colors = [BALL_COLORS[int(i)] for i in rng.choice(len(BALL_COLORS), 2, replace=False)]
        clips = [sideways(rng, scene, color, choose(rng, (1, -1)), speed)
                 for speed, color in zip(speeds, colors, strict=True)]
        return scene | {"clips": clips}

    def answer(self, scene, timeline, indices):
        first, second = (abs(t) for t in travel(timeline, indices))
        return OPTIONS[0] if first > second else OPTIONS[1]

    def ask(self, scene, value):
        return _ask.choice("You are shown two videos, each with one moving ball. In which video does the ball move "
                           f"faster? {_ask.options_text(OPTIONS)}", value, OPTIONS)
