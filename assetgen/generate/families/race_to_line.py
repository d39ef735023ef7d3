"""Two balls race toward a finish line: which reaches it first?"""

from __future__ import annotations

from assetgen.generate.families import _ask
from assetgen.generate.families._video import BALL_COLORS
from assetgen.generate.registry import register
from assetgen.generate.video_family import VIDEO_KNOBS, VideoFamily, base_scene, frame_state, obj

R = 22


@register
class RaceToLine(VideoFamily):
    name = "race_to_line"
    category = "video_reasoning"
    summary = "Two balls in lanes move right at different speeds; which one reaches the finish line first?"
    knobs = VIDEO_KNOBS

    def sample(self, rng, knobs):
        scene = base_scene(knobs, self.name)
        w, h, n = scene["width"], scene["height"], scene["frames"]
        line = int(0.8 * w)
        colors = [BALL_COLORS[int(i)] for i in rng.choice(len(BALL_COLORS), 2, replace=False)]
        for _ in range(2000):
            # the later starter is faster and closes in: the leader at first is not always the winner
            cross = sorted(float(v) for v in rng.uniform(0.55 * n, 0.95 * n, size=2))
            if cross[1] - cross[0] < 1.5:
                continue
            starts = [float(v) for v in rng.uniform(R + 10, 0.35 * w, size=2)]
            balls = [{"color": colors[k], "x0": starts[k], "vx": (line - R - starts[k]) / cross[k],
                      "y": h * (0.33 if k == 0 else 0.67)} for k in range(2)]
            if rng.integers(2):
                balls = balls[::-1]
            # both stay wholly in frame to the end, so every frame shows them whole
            if all(b["vx"] > 0 and b["x0"] + b["vx"] * (n - 1) + R <= w - 4 for b in balls):
                return scene | {"line": line, "balls": balls, "decor": [
                    {"box": [line, 0, line + 5, h - 1], "color": "black"}]}
        raise ValueError("race_to_line: no race found")

    def timeline(self, scene):
        frames = []
        for k in range(scene["frames"]):
            objects = [obj(f"ball{i + 1}", "circle", b["color"], b["x0"] + b["vx"] * k, b["y"], R)
                       for i, b in enumerate(scene["balls"])]
            frames.append(frame_state(k, scene["fps"], "white", objects))
        events = []
        for i, b in enumerate(scene["balls"]):
            hit = next((k for k in range(scene["frames"]) if b["x0"] + b["vx"] * k + R >= scene["line"]), None)
            if hit is not None:
                events.append({"frame": hit, "type": "reach_line", "object": f"ball{i + 1}"})
        return {"frames": frames, "events": events}

    def answer(self, scene, timeline, indices):
        for i in indices:
            objects = timeline["frames"][i]["objects"]
            across = [o for o in objects if o["x"] + o["r"] >= scene["line"]]
            if across:
                return max(across, key=lambda o: o["x"])["color"]  # both across: the one further on looks first
        return max(timeline["frames"][indices[-1]]["objects"], key=lambda o: o["x"])["color"]

    def ask(self, scene, value):
        return _ask.text("Two balls move toward the black finish line in this video. Which ball reaches the line "
                         "first? Answer with its color.", value, vocabulary="color")
