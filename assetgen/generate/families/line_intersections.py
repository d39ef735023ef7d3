"""Line segments: count the points where they cross."""

from __future__ import annotations

import math

from assetgen.generate.families import _ask
from assetgen.generate.registry import Family, Knob, register
from assetgen.media.colors import rgb
from assetgen.media.imaging import canvas

COLORS = ("red", "blue", "green", "orange", "purple", "black", "brown")
MARGIN = 25  # px: crossings keep this far from endpoints and from each other


def crossing(p, q):
    """Intersection point of segments p and q, with the angle between them, or None."""
    (x1, y1, x2, y2), (x3, y3, x4, y4) = p, q
    den = (x1 - x2) * (y3 - y4) - (y1 - y2) * (x3 - x4)
    if den == 0:
        return None
    t = ((x1 - x3) * (y3 - y4) - (y1 - y3) * (x3 - x4)) / den
    u = -((x1 - x2) * (y1 - y3) - (y1 - y2) * (x1 - x3)) / den
    if not (0 <= t <= 1 and 0 <= u <= 1):
        return None
    angle = abs(math.degrees(math.atan2(y2 - y1, x2 - x1) - math.atan2(y4 - y3, x4 - x3))) % 180
    return (x1 + t * (x2 - x1), y1 + t * (y2 - y1)), min(angle, 180 - angle)


def crossings(segments) -> list[tuple[float, float]]:
    points = []
    for i in range(len(segments)):
        for j in range(i + 1, len(segments)):
            hit = crossing(segments[i], segments[j])
            if hit:
                points.append(hit[0])
    return points


def clean(segments) -> bool:
    """No ambiguity: crossings steep enough, away from endpoints, and apart from each other."""
    points = []
    for i in range(len(segments)):
        for j in range(i + 1, len(segments)):
            hit = crossing(segments[i], segments[j])
            ends = [segments[i][:2], segments[i][2:], segments[j][:2], segments[j][2:]]
            if hit is None:
                # a near miss reads like a crossing: keep every endpoint away from the other segment
                continue
            point, angle = hit
            if angle < 20 or any(math.dist(point, e) < MARGIN for e in ends):
                return False
            points.append(point)
    return all(math.dist(a, b) >= MARGIN for k, a in enumerate(points) for b in points[k + 1:])


def near_miss(segments) -> bool:
    for i, s in enumerate(segments):
        for j, t in enumerate(segments):
            if i != j and crossing(s, t) is None:
                for ex, ey in (t[:2], t[2:]):
                    if _distance_to_segment((ex, ey), s) < MARGIN:
                        return True
    return False


def _distance_to_segment(p, s) -> float:
    (px, py), (x1, y1, x2, y2) = p, s
    dx, dy = x2 - x1, y2 - y1
    t = max(0.0, min(1.0, ((px - x1) * dx + (py - y1) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - x1 - t * dx, py - y1 - t * dy)


@register
class LineIntersections(Family):
    name = "line_intersections"
    category = "visual_reasoning"
    summary = "Colored line segments; count the points where they cross."
    knobs = (Knob("segments", 4, "number of segments", low=2, high=7),)

    def sample(self, rng, knobs):
        width, height = 640, 480
        for _ in range(5000):
            segments = []
            for _ in range(knobs["segments"]):
                while True:
                    seg = [round(float(v), 1) for v in (rng.uniform(30, width - 30), rng.uniform(30, height - 30),
                                                        rng.uniform(30, width - 30), rng.uniform(30, height - 30))]
                    if math.dist(seg[:2], seg[2:]) > 200:
                        break
                segments.append(seg)
            if clean(segments) and not near_miss(segments):
                return {"width": width, "height": height, "segments": segments,
                        "colors": [COLORS[k % len(COLORS)] for k in range(len(segments))]}
        raise ValueError(f"line_intersections: no clean layout of {knobs['segments']} segments found")

    def question(self, scene):
        return _ask.number("How many points are there where two of the line segments in this image cross each "
                           "other? Answer with a number.", len(crossings(scene["segments"])))

    def render(self, scene):
        image, draw = canvas(scene["width"], scene["height"])
        for seg, color in zip(scene["segments"], scene["colors"], strict=True):
            draw.line(seg, fill=rgb(color), width=4)
        return [image]
