"""POLICY.md 7.1: every grader is total on adversarial text (deep nesting, huge numbers, megabytes), and
a grader that still fails gives an error grade, never an exception. Times: benchmarks/grade_worst.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graders import grade, grade_many, grader
from graders.records import CaseSpec

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "cases.jsonl"
CASES = [CaseSpec.model_validate_json(line) for line in GOLDEN.read_text().splitlines()]

# pieces that have broken graders: nesting, number words, digits, markers, markup, negations, keys, loops
UNITS = ['{"a":', '{"a":[', "{", "}", '{"', "hundred ", "9", "1,000,", "answer: ", "answer:\n", "**", "\\boxed{",
         "(", ")", "not ", "though (", "<think>", "</think>", "```\n", "sk-proj-", "sk-…", "row 1, column ", "red or ",
         "(A) ", "c. ", "I see 5. ", "x = ", "edg", " ", "\n", "−×’ ", "from left to ", "top left ", "the first ",
         "Image 3 ", "= (−2 ± √36)/4 ", "I'm sorry, but I can't ", "[REDACTED] ", "yes no ", "x if ", " and B",
         "(A, B, ", "Based on the x, ", "not either a or ", "12 75 ", "\nQuestion: ", "none of the options is ",
         "✗ ", "E360 "]
adversarial = st.lists(st.tuples(st.sampled_from(UNITS), st.integers(1, 400)), min_size=1, max_size=4).map(
    lambda parts: "".join(unit * n for unit, n in parts))


def total(result) -> bool:
    return result.verdict != "error" and 0.0 <= result.score <= 1.0


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(0, len(CASES) - 1), text=adversarial,
       finish=st.sampled_from(["stop", "length", "repetition"]))
def test_adversarial_text_grades(index, text, finish):
    result = grade(CASES[index], {"content": text, "finish_reason": finish})
    assert total(result), result.explanation


WORST = {
    "deep-nesting": '{"a":' * 1000,
    "deep-closed-nesting": '{"a":' * 5000 + "1" + "}" * 5000,
    "number-words-past-int-limit": "hundred " * 2200,
    "digits-past-int-limit": "9" * 5000,
    "megabyte-of-braces": "{" * 1_000_000,
    "megabyte-of-prose": "The ball is not to the left of it (though maybe). " * 20_000,
    "megabyte-of-newlines-after-a-marker": "Answer:" + "\n" * 1_000_000,
}


@pytest.mark.parametrize("text", WORST.values(), ids=WORST.keys())
def test_worst_inputs_grade_in_every_case(text):
    for case in CASES:
        assert total(grade(case, {"content": text, "finish_reason": "stop"})), case.id


NUMBERED = CaseSpec.model_validate({
    "id": "numbers", "family": "real_mc", "category": "c", "modality": "image",
    "prompt": "How much did it rise? (A) 4.4% (B) 4.3% (C) 4.2% (D) 4.1%",
    "truth": {"kind": "choice", "value": "B", "choices": ["4.4%", "4.3%", "4.2%", "4.1%"]},
    "grader": {"name": "choice"}})


@pytest.mark.parametrize("text", ["It rose 12345678901234567890123456789012345.55%.", "'21 " * 100_000,
                                  "4.33 " * 250_000, "x A " * 250_000, "(A) is the correct answer. " * 40_000])
def test_choices_with_numbers_grade_any_answer(text):
    """Numbers read at another precision than the options (POLICY 4.2) on numbers too long to round, and
    megabytes of them."""
    assert total(grade(NUMBERED, {"content": text, "finish_reason": "stop"}))


def test_a_failing_grader_gives_an_error_grade():
    @grader("always-fails-for-test")
    def broken(truth, answer, args):
        raise RecursionError("maximum recursion depth exceeded")

    case = CASES[0].model_dump()
    case["grader"] = {"name": "always-fails-for-test", "args": {}}
    result = grade(case, {"content": "anything", "finish_reason": "stop"})
    assert (result.verdict, result.cause, result.score) == ("error", None, 0.0)
    assert result.explanation.startswith("grader failed: RecursionError")


def test_an_unreadable_case_gives_an_error_grade():
    result = grade({"id": "x", "truth": "not a truth"}, "56")
    assert result.verdict == "error" and result.case_id == "x" and result.explanation.startswith("unreadable case")


def test_a_choice_case_without_options_says_so():
    """A choice case whose truth lists no options is graded `error` with that reason, for any answer (it was a
    regular expression of no letters failing to compile: 'grader failed: error: missing ), …')."""
    case = next(c for c in CASES if c.grader.name == "choice")
    for choices in (None, []):
        bare = case.model_copy(update={"truth": case.truth.model_copy(update={"choices": choices})})
        for answer in ("A", "The answer is A.", "moving left", ""):
            result = grade(bare, {"case_id": case.id, "content": answer or "yes", "finish_reason": "stop"})
            assert (result.verdict, result.cause, result.score) == ("error", None, 0.0)
            assert "a choice case needs its options" in result.explanation, result.explanation


def test_grade_many_never_raises():
    cases = {c.id: c for c in CASES}
    records = [{"case_id": c.id, "content": json.dumps({"a": [1] * 3}) * 3} for c in CASES] + [42, None, {"x": 1}]
    grades = grade_many(cases, records)
    assert len(grades) == len(records) and all(0.0 <= g.score <= 1.0 for g in grades)
