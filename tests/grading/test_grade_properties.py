"""Whatever a model (or a broken harness) sends, grading never raises and stays in [0, 1]."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError
from test_grade_table import TABLE

from graders import CAUSES, estimate_frames, grade, grader
from graders.grading import _text_record
from graders.records import CaseSpec, Grade, Response

CASES = {name: c for name, c, *_ in TABLE}
DISTINCT_CASES = list({json.dumps(c, sort_keys=True): c for c in CASES.values()}.values())

json_ish = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=40),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=12), children, max_size=4),
    max_leaves=12,
)
fields = st.fixed_dictionaries({}, optional={
    "content": st.none() | st.text(max_size=400) | json_ish,
    "reasoning": st.none() | st.text(max_size=100) | json_ish,
    "finish_reason": st.none() | st.sampled_from(["stop", "length", "abort", "repetition", "content_filter",
                                                  "tool_calls", "error"]) | st.text(max_size=8) | json_ish,
    "status": st.sampled_from(["ok", "error"]) | json_ish,
    "usage": json_ish,
    "sent": json_ish,
})


def check(result: Grade):
    assert 0.0 <= result.score <= 1.0
    assert result.cause is None or result.cause in CAUSES
    # a cause explains every shortfall; a grader failure (an error grade) has none
    assert (result.cause is None) == (result.verdict == "correct") or (
        result.verdict == "error" and result.explanation.startswith(("grader failed", "unreadable case")))
    assert result.verdict != "error" or result.score == 0.0
    assert result.verdict != "partial" or 0.0 < result.score < 1.0  # POLICY.md 1.1
    assert result.verdict not in ("incorrect", "no_answer") or result.score == 0.0
    # grades are built without validation (graders.grading._new_grade): each must be the Grade validation makes
    again = Grade.model_validate(result.model_dump())
    assert again == result and again.model_fields_set == result.model_fields_set
    assert again.model_dump_json() == result.model_dump_json()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(0, len(DISTINCT_CASES) - 1), text=st.text(max_size=600))
def test_any_string_grades(index, text):
    check(grade(DISTINCT_CASES[index], text))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(0, len(DISTINCT_CASES) - 1), record=fields | json_ish)
def test_any_json_ish_record_grades(index, record):
    check(grade(DISTINCT_CASES[index], record))


@settings(max_examples=200, deadline=None)
@given(text=st.text(alphabet="0123456789-+.,=()*xX \n{}[]\"'abcdefghijklmnopqrstuvwxyz<>/#|", max_size=300))
def test_number_and_markup_soup_grades(text):
    for c in DISTINCT_CASES:
        check(grade(c, text))


text_records = st.fixed_dictionaries({}, optional={
    name: st.none() | st.text(max_size=200) | json_ish
    for name in ("case_id", "content", "reasoning", "reasoning_content", "finish_reason", "status")})


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(0, len(DISTINCT_CASES) - 1), record=text_records)
def test_a_text_record_read_directly_grades_as_its_validated_response(index, record):
    # a record of text fields only is read without validation (graders.grading._text_record): it must grade as
    # the Response validation makes of it, and be refused where validation refuses it
    case = DISTINCT_CASES[index]
    direct = _text_record(record, case["id"])
    try:
        validated = Response.model_validate({"case_id": case["id"], **record})
    except ValidationError:
        assert direct is None
        return
    if direct is not None:
        assert all(getattr(direct, name) == getattr(validated, name) for name in Response.model_fields
                   if name != "format_version")
        assert grade(case, record).model_dump_json() == grade(case, validated).model_dump_json()


def test_every_table_grade_is_the_grade_validation_makes():
    for _name, case, response, *_ in TABLE:
        check(grade(case, response))


def test_graders_stand_alone_without_assetgen_or_rendering_libraries():
    code = (
        "import sys, graders\n"
        "g = graders.grade({'id': 'x', 'family': 'f', 'category': 'c', 'modality': 'image', 'prompt': 'p',"
        " 'truth': {'kind': 'number', 'value': 56}, 'grader': {'name': 'numeric'}}, 'The answer is **56**.')\n"
        "assert g.verdict == 'correct', g\n"
        "bad = [m for m in ('assetgen', 'PIL', 'cv2', 'matplotlib', 'av', 'pygments', 'numpy') if m in sys.modules]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)


def test_duplicate_grader_name_is_refused():
    with pytest.raises(ValueError, match="already registered"):
        @grader("numeric")
        def again(truth, answer, args):  # pragma: no cover
            raise AssertionError


def _video(case_id, min_frames, apparent):
    return CaseSpec.model_validate({
        "id": case_id, "family": "f", "category": "video", "modality": "video", "prompt": "p",
        "truth": {"kind": "number", "value": 1}, "grader": {"name": "numeric"},
        "sampling": {"frames": 30, "min_frames": min_frames, "apparent": apparent}})


def _grade(case_id, verdict, cause=None, frames=None):
    return Grade(case_id=case_id, grader="numeric", score=1.0 if verdict == "correct" else 0.0, verdict=verdict,
                 cause=cause, explanation="x", frames_consistent=frames)


def test_frame_estimate_finds_four_frames():
    cases = {f"v{i}": _video(f"v{i}", m, []) for i, m in enumerate([2, 3, 4, 13, 16, 20])}
    grades = [_grade("v0", "correct"), _grade("v1", "correct"), _grade("v2", "correct"),
              _grade("v3", "partial", "frame_sampling", [3, 5]), _grade("v4", "partial", "frame_sampling", [4, 6]),
              _grade("v5", "partial", "frame_sampling", [2, 4])]
    estimate = estimate_frames(cases, grades)
    assert (estimate.frames_low, estimate.frames_high) == (4, 4)
    assert estimate.agreeing == 6 and "consistent with 4 of 30 frames" in estimate.message
    assert "media_io_kwargs" in estimate.message


def test_frame_estimate_all_frames_when_everything_is_right():
    cases = {f"v{i}": _video(f"v{i}", m, []) for i, m in enumerate([2, 13, 24])}
    estimate = estimate_frames(cases, [_grade(c, "correct") for c in cases])
    assert estimate.frames_high == 30 and "all 30 frames" in estimate.message


def test_frame_estimate_needs_video_grades():
    assert estimate_frames({}, [_grade("x", "correct")]) is None


# the choice grader decides a bare label before the long rules run (graders/choice_whole.py): wherever it does, the
# rules of the later stages (choice_settle.settle) must find the same option in the same place
_OPTION_WORDS = st.sampled_from(["red", "blue", "cyan star", "Image 1", "Image 2", "4", "12", "45°", "point A",
                                 "B", "yes", "no", "True", "False", "None of the above", "cannot be determined",
                                 "left", "right", "a", "b", "(c)", "the second one", "AB = 3", "x"])
_BARE_FORMS = st.sampled_from(["{}", "({})", "{}.", "{})", "[{}]", "({}).", " {} ", "Answer: {}", "Answer: ({})",
                               "The answer is **{}**.", "The answer is ({}).", "**Answer:** {}", "答案：{}",
                               "Final answer: {}.", "The answer is {}", "Answer: \\boxed{{{}}}", "({}"])


@settings(max_examples=400, deadline=None)
@given(options=st.lists(_OPTION_WORDS, min_size=2, max_size=6, unique=True), letter=st.sampled_from("ABCDEFG"),
       form=_BARE_FORMS, listed=st.booleans(), stem=st.sampled_from(["Which one is it?", "Find AB. Which is B?",
                                                                     "Is the point B left of C?", ""]))
def test_a_bare_label_decided_early_is_what_the_full_rules_decide(options, letter, form, listed, stem):
    from graders.choice_options import read_case
    from graders.choice_settle import settle
    from graders.choice_whole import _bare_label, whole_answer

    letters = "ABCDEFGHIJKL"[: len(options)]
    question = stem + (" " + " ".join(f"({k}) {o}" for k, o in zip(letters, options, strict=True)) if listed else "")
    case = read_case(tuple(options), question or None)
    answer = form.format(letter)
    from graders import spans
    label = spans.unwrapped(answer)
    early = _bare_label(answer, label, case) if len(label) <= 12 else None
    if early is not None and whole_answer(answer, case) == early:
        assert settle(answer, case) == early, (answer, options, question)
