"""Video families: a scene yields a per-frame timeline; truths are read from the timeline.

`answer(scene, timeline, indices)` says what frames `indices` show. The truth is that answer over
every frame; the sampling sensitivity is that answer over N uniformly sampled frames, N = 2..F —
the same code path, so "what a server that samples N frames makes the clip look like" is exact.
"""

from __future__ import annotations

import math
from typing import Any, ClassVar

import numpy as np

from assetgen.generate.drawing import draw_shape
from assetgen.generate.registry import Family, Knob, Question
from assetgen.media.colors import rgb
from assetgen.media.imaging import canvas
from assetgen.media.video import sample_indices
from graders.records import ApparentAnswer, Sampling

VIDEO_KNOBS = (
    Knob("frames", 30, "frames in the clip", low=8, high=240),
    Knob("fps", 2, "frames per second (also written into the MP4 container)", low=1, high=60),
    Knob("width", 640, "frame width (even)", low=64, high=1920),
    Knob("height", 480, "frame height (even)", low=64, high=1080),
)


def obj(oid: str, shape: str, color: str, x: float, y: float, r: float, visible: bool = True) -> dict:
    """One object's state in one frame."""
    return {"id": oid, "shape": shape, "color": color, "rgb": list(rgb(color)), "x": round(float(x), 2),
            "y": round(float(y), 2), "r": round(float(r), 2), "visible": bool(visible)}


def reflect(position: float, low: float, high: float) -> tuple[float, int]:
    """Fold an unbounded coordinate into [low, high] like an elastic bounce; also the bounce count."""
    span = high - low
    offset = position - low
    bounces = int(math.floor(offset / span))
    phase = offset - bounces * span
    return (low + (span - phase if bounces % 2 else phase)), abs(bounces)


def bouncing_path(x0, y0, vx, vy, r, width, height, frames) -> tuple[list[tuple[float, float]], list[dict]]:
    """Positions per frame of a ball bouncing off the walls, and its bounce events (elastic)."""
    positions, events, last = [], [], (0, 0)
    for k in range(frames):
        x, bx = reflect(x0 + vx * k, r, width - r)
        y, by = reflect(y0 + vy * k, r, height - r)
        positions.append((x, y))
        if k and (bx, by) != last:
            walls = []
            if bx != last[0]:
                walls.append("right" if vx * (-1) ** last[0] > 0 else "left")
            if by != last[1]:
                walls.append("bottom" if vy * (-1) ** last[1] > 0 else "top")
            for wall in walls:
                events.append({"frame": k, "type": "bounce", "object": "ball", "wall": wall})
        last = (bx, by)
    return positions, events


class VideoFamily(Family):
    """Base class of video families; subclasses implement sample, timeline, answer and ask."""

    modality: ClassVar[str] = "video"
    clips: ClassVar[int] = 1

    def timeline(self, scene: dict[str, Any]) -> dict[str, Any]:
        """{"frames": [{"index", "time", "background", "objects": [...]}, ...], "events": [...]}
        (for several clips: {"clips": [timeline, ...]})."""
        raise NotImplementedError

    def answer(self, scene: dict[str, Any], timeline: dict[str, Any], indices: list[int]) -> Any:
        """The answer frames `indices` show (every frame: the truth)."""
        raise NotImplementedError

    def ask(self, scene: dict[str, Any], value: Any) -> Question:
        """The question whose truth is `value`."""
        raise NotImplementedError

    # -- derived ---------------------------------------------------------------------------------------

    def question(self, scene):
        timeline = self.timeline(scene)
        truth = self.answer(scene, timeline, list(range(scene["frames"])))
        question = self.ask(scene, truth)
        question.sampling = self.sampling(scene, timeline, truth)
        return question

    def sampling(self, scene, timeline, truth_value) -> Sampling:
        """Raw answers are compared; apparent ones are stored shaped like the graded truth (a choice letter)."""
        frames = scene["frames"]
        seen = {n: self.answer(scene, timeline, sample_indices(frames, n)) for n in range(2, frames + 1)}
        min_frames = frames
        for n in range(frames, 1, -1):
            if seen[n] != truth_value:
                break
            min_frames = n
        runs: list[ApparentAnswer] = []
        for n in range(2, min_frames):
            if seen[n] == truth_value:
                continue
            value = self.ask(scene, seen[n]).truth.value
            if runs and runs[-1].frames_high == n - 1 and runs[-1].value == value:
                runs[-1].frames_high = n
            else:
                runs.append(ApparentAnswer(frames_low=n, frames_high=n, value=value))
        return Sampling(frames=frames, min_frames=min_frames, apparent=runs)

    def clip_timelines(self, scene) -> list[dict]:
        timeline = self.timeline(scene)
        return timeline["clips"] if "clips" in timeline else [timeline]

    def render_clips(self, scene) -> list[list[np.ndarray]]:
        return [[draw_frame(state, scene["width"], scene["height"], scene.get("decor", []))
                 for state in timeline["frames"]] for timeline in self.clip_timelines(scene)]

    def render(self, scene):
        return [frame for clip in self.render_clips(scene) for frame in clip]


def draw_frame(state: dict, width: int, height: int, decor: list[dict]) -> np.ndarray:
    """Pure function of one frame's state: background, fixed decor (lines), visible objects."""
    image, draw = canvas(width, height, rgb(state["background"]))
    for item in decor:
        draw.rectangle(tuple(item["box"]), fill=rgb(item["color"]))
    for o in state["objects"]:
        if o["visible"]:
            draw_shape(draw, o["shape"], o["x"], o["y"], o["r"], fill=tuple(o["rgb"]))
    return np.asarray(image)


def frame_state(index: int, fps: int, background: str, objects: list[dict]) -> dict:
    return {"index": index, "time": round(index / fps, 4), "background": background, "objects": objects}


def check_even(scene_knobs: dict, family: str) -> None:
    if scene_knobs["width"] % 2 or scene_knobs["height"] % 2:
        raise ValueError(f"{family}: width and height must be even for H.264 yuv420p, got "
                         f"{scene_knobs['width']}x{scene_knobs['height']}")


def base_scene(knobs: dict, family: str) -> dict:
    check_even(knobs, family)
    return {k: knobs[k] for k in ("frames", "fps", "width", "height")}
