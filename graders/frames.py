"""Run level: how many frames does the server appear to show the model?

Each graded video case says which frame counts N are consistent with its answer: a correct answer
needs N >= the case's min_frames; a frame-sampling partial names its own range. The N that most
cases agree on is the estimate — the root cause the seed article found by hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from pydantic import BaseModel

from graders.records import CaseSpec, Grade


class FrameEstimate(BaseModel):
    frames_low: int
    frames_high: int
    clip_frames: int
    agreeing: int  # video answers consistent with the estimate
    informative: int  # video answers that constrain N (correct, or frame sampling)
    answered: int  # video answers graded (transport errors excluded)
    supported: bool  # a majority of answered video cases agree
    message: str


def estimate_frames(cases: Mapping[str, CaseSpec], grades: Iterable[Grade]) -> FrameEstimate | None:
    consistent: list[set[int]] = []
    clip = 0
    answered = 0
    for g in grades:
        case = cases.get(g.case_id)
        if case is None or case.sampling is None:
            continue
        frames = case.sampling.frames
        clip = max(clip, frames)
        answered += g.verdict != "error"
        if g.verdict == "correct":
            # right answers fit every N whose frames already show the truth
            misleading = {n for a in case.sampling.apparent for n in range(a.frames_low, a.frames_high + 1)}
            consistent.append(set(range(2, frames + 1)) - misleading)
        elif g.cause == "frame_sampling" and g.frames_consistent:
            consistent.append(set(range(g.frames_consistent[0], g.frames_consistent[1] + 1)))
    if not consistent:
        return None
    support = {n: sum(n in s for s in consistent) for n in range(1, clip + 1)}
    best = max(support.values())
    winners = [n for n, count in support.items() if count == best]
    low, high = winners[0], winners[-1]
    # runs of winners may be split; report the first contiguous run
    for n in winners:
        if n > low and n - 1 not in winners:
            break
        high = n
    agree = f"{best} of {answered} video answers agree"
    if answered < 3:
        message = f"too few video answers to estimate the frames seen ({answered}; at least 3 needed)"
    elif best < max(3, answered / 2):
        # wrong answers can match a sampled view by chance; claim nothing without a majority
        message = (f"no frame count is supported: only {best} of {answered} video answers fit any one number "
                   "of frames")
    elif high >= clip:
        message = f"answers consistent with seeing all {clip} frames ({agree})"
    else:
        seen = f"{low}" if low == high else f"{low}-{high}"
        message = (f"answers consistent with {seen} of {clip} frames ({agree}); the container fps or the "
                   "server's media_io_kwargs likely limit how many frames the model sees")
    return FrameEstimate(frames_low=low, frames_high=high, clip_frames=clip, agreeing=best,
                         informative=len(consistent), answered=answered, supported=best >= max(3, answered / 2),
                         message=message)
