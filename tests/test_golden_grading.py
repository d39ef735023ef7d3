"""The golden set through the graders: true answers pass; answers a 4-frame viewer would give are
recognised as frame sampling, and the run-level estimate finds about 4 frames."""

from __future__ import annotations

import json

import pytest

from assetgen import load_golden
from graders import estimate_frames, grade

CASES = load_golden()
VIDEO = [c for c in CASES if c.sampling is not None]


def stated(case, value) -> str:
    """How a model that believes `value` would typically say it."""
    if case.truth.kind == "structured":
        return "```json\n" + json.dumps(value) + "\n```"
    if case.truth.kind == "choice":
        return f"The answer is ({value})."
    if isinstance(value, list):
        return ", ".join(map(str, value))
    if case.grader.name == "transcription":
        return f"```\n{value}\n```"
    if case.grader.args.get("format") == "one_word":
        return str(value)
    if "trace" in case.grader.args:  # the trace the prompt asks for, then its answer (POLICY.md 5.3)
        steps = [f"i = {i + 1}, total = {t}" for i, t in enumerate(case.grader.args["trace"])]
        return "\n".join([*steps, f"Answer: {value}"])
    return f"The answer is **{value}**."


def test_the_golden_set_has_the_articles_videos():
    assert len(VIDEO) == 17 and all(c.sampling.frames == 30 for c in VIDEO)


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_the_truth_stated_plainly_is_correct(case):
    if case.grader.name == "keywords":
        text = "A " + " ".join(group[0] for group in case.grader.args["concepts"]) + "."
    else:
        text = stated(case, case.truth.value)
    result = grade(case, {"content": text, "finish_reason": "stop"})
    assert result.verdict == "correct", result.explanation


def test_four_frame_answers_are_frame_sampling_and_the_run_estimate_says_four():
    grades = []
    for case in VIDEO:
        apparent = next((a.value for a in case.sampling.apparent if a.frames_low <= 4 <= a.frames_high), None)
        value = case.truth.value if apparent is None else apparent
        text = stated(case, value) if case.grader.name != "keywords" else "A " + " ".join(
            g[0] for g in case.grader.args["concepts"]) + "."
        result = grade(case, {"content": text, "finish_reason": "stop", "sent": {"frames_shown": 4}})
        if apparent is None:
            assert result.verdict == "correct", (case.id, result.explanation)
        else:
            assert result.cause == "frame_sampling", (case.id, result.explanation)
            assert result.verdict == ("partial" if result.score > 0 else "incorrect"), (case.id, result.score)
            assert result.frames_consistent[0] <= 4 <= result.frames_consistent[1]
        grades.append(result)
    sampled = sum(g.cause == "frame_sampling" for g in grades)
    assert sampled >= 6, "the article saw 6 of 17 video partials; the golden set must be at least as sensitive"
    estimate = estimate_frames({c.id: c for c in VIDEO}, grades)
    assert estimate.frames_low <= 4 <= estimate.frames_high and estimate.frames_high < 30
    assert "of 30 frames" in estimate.message


def test_true_answers_estimate_all_frames():
    grades = []
    for case in VIDEO:
        text = ("A " + " ".join(g[0] for g in case.grader.args["concepts"]) + "."
                if case.grader.name == "keywords" else stated(case, case.truth.value))
        grades.append(grade(case, {"content": text, "finish_reason": "stop"}))
    estimate = estimate_frames({c.id: c for c in VIDEO}, grades)
    assert estimate.frames_high == 30 and estimate.agreeing == len(VIDEO)


@pytest.mark.parametrize("count", [1, 2])
def test_too_few_video_answers_claim_nothing(count):
    chosen = [c for c in VIDEO if c.grader.name != "keywords"][:count]
    grades = [grade(c, {"content": stated(c, c.truth.value), "finish_reason": "stop"}) for c in chosen]
    estimate = estimate_frames({c.id: c for c in chosen}, grades)
    assert not estimate.supported and estimate.message.startswith("too few video answers")
