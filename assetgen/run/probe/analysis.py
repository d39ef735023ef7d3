"""Pure arithmetic of the probes: sampling rules, frames from answers, frames from token steps, knees."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence

import numpy as np

from assetgen.media.video import sample_indices
from assetgen.run.probe.records import Estimate


def _qwen2_vl(total: int, n: int) -> list[int]:
    # transformers' Qwen2VLVideoProcessor (and vLLM's port): torch.arange(0, total, total / n).int(), float32
    step = np.float32(total) / np.float32(n)
    return [min(total - 1, int(np.float32(k) * step)) for k in range(n)]


# How servers pick n of a clip's frames. 'uniform' is assetgen's (and the reference endpoint's): linspace
# rounded; 'uniform-floor' vLLM's generic loader (linspace, dtype=int); 'first' a jpeg-sequence cut to its
# first n frames (vLLM's num_frames on data:video/jpeg).
RULES: dict[str, Callable[[int, int], list[int]]] = {
    "uniform": sample_indices,
    "uniform-floor": lambda total, n: list(range(total)) if n >= total else
    [int(i) for i in np.linspace(0, total - 1, n)],
    "qwen2-vl": lambda total, n: list(range(total)) if n >= total else _qwen2_vl(total, n),
    "first": lambda total, n: list(range(min(n, total))),
}


def frames_from_answers(apparent: Sequence[dict[tuple[str, int], float]], values: Sequence[float | None],
                        total: int) -> Estimate:
    """The frame counts N (and sampling rules) whose view of each clip gives the answer the model gave.

    `apparent[k][(rule, n)]` is what clip k shows through n frames picked by `rule`. A count is claimed
    only when a majority of the answered clips (and at least 3) agree with it, as run-level estimates do."""
    answered = [(a, v) for a, v in zip(apparent, values, strict=True) if v is not None]
    if len(answered) < 3:
        return Estimate(note=f"too few answers with a number ({len(answered)} of {len(values)}; at least 3 needed)")
    keys = list(answered[0][0])
    support = {key: sum(a[key] == v for a, v in answered) for key in keys}
    best = max(support.values())
    if best < max(3, math.ceil(len(answered) / 2 + 0.01)):
        return Estimate(note=f"no frame count fits the answers: at best {best} of {len(answered)} answers agree "
                             "with any one count")
    winners = [key for key, count in support.items() if count == best]
    counts = sorted({n for _, n in winners})
    rules = sorted({r for r, _ in winners}, key=list(RULES).index)
    low, high = counts[0], counts[-1]
    shown = f"{low}" if low == high else f"{low}-{high}"
    everything = " (every frame)" if low >= total else ""
    return Estimate(low=low, high=high, rules=rules,
                    note=f"{best} of {len(answered)} answers fit {shown} of {total} frames{everything}, "
                         f"sampled {' or '.join(rules)}")


def step_size(values: Sequence[int], tolerance: float = 0.04) -> int | None:
    """The cost of one step (a frame pair) from token counts that differ by whole steps: the largest step
    that every difference is a whole multiple of, within `tolerance` of a step (timestamps a model adds
    per pair may vary by a token). None with fewer than 3 distinct counts: two could differ by any number
    of steps."""
    distinct = sorted(set(values))
    if len(distinct) < 3:
        return None
    diffs = [b - a for a, b in itertools.pairwise(distinct)]
    best = None
    for d in diffs:
        for k in range(1, 7):
            c = d / k
            if c < 2 or (best is not None and c <= best):
                continue
            slack = max(1.0, tolerance * c)
            if all(abs((v - distinct[0]) / c - round((v - distinct[0]) / c)) * c <= slack for v in distinct):
                best = c
    return round(best) if best is not None else None


def pairs(media_tokens: int, step: int, overhead: int) -> int:
    return max(0, round((media_tokens - overhead) / step))


def overhead_of(values: Sequence[int], step: int) -> int:
    """Tokens per clip beside its pairs, taken to be under one pair's cost (2 for Qwen-VL)."""
    return min(values) % step


def knee(points: Sequence[tuple[int, int]]) -> tuple[float | None, int | None, int | None]:
    """(pixels per token while tokens grow, the cap in pixels, tokens at the cap) from (pixels, media
    tokens) points sorted by pixels. Tokens that stop growing (within 2%) over the largest sizes mark a
    cap: the pixels the model gets is the plateau's tokens times the growth rate's pixels per token."""
    points = sorted(p for p in points if p[1] is not None and p[1] > 0)
    if len(points) < 3:
        return None, None, None
    top = points[-1][1]
    plateau = [p for p in points if abs(p[1] - top) <= max(2, 0.02 * top)]
    growing = [p for p in points if p not in plateau]
    if len(plateau) < 2 or len(growing) < 2:  # still growing at the largest size: no cap within reach
        return _line(points)[0], None, None
    rate, fixed = _line(growing)
    if rate is None:
        return None, None, top
    return rate, round((top - fixed) * rate), top


def _line(points: Sequence[tuple[int, int]]) -> tuple[float | None, float]:
    """(pixels per token, tokens per image whatever its size): a least-squares line of tokens over pixels."""
    if len(points) < 2:
        return None, 0.0
    x = np.array([p[0] for p in points], dtype=float)
    y = np.array([p[1] for p in points], dtype=float)
    slope, intercept = np.polyfit(x, y, 1)
    return (float(1 / slope), float(intercept)) if slope > 0 else (None, 0.0)
