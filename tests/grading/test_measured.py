"""graders/POLICY.md section 8, one row per rule: measurement cases (latency, forced length, TTFT) are checked
on the whole record — the answer arrived, the length was honoured — never on a truth they do not have."""

from __future__ import annotations

import pytest

from graders import grade
from graders.measured import is_measurement


def case(**args):
    return {"id": "m", "family": "output_length", "category": "latency", "modality": "text", "prompt": "An essay.",
            "truth": {"kind": "structured", "value": {}}, "grader": {"name": "measured", "args": args}}


LADDER = case(max_tokens=64, forced=False)
FORCED = case(max_tokens=256, forced=True)
TTFT = case(content=True, level="short")


def answer(content="Prose.", tokens=64, finish="length", reasoning=None, status="ok", error=None):
    return {"content": content, "reasoning": reasoning, "finish_reason": finish, "status": status, "error": error,
            "usage": None if tokens is None else {"completion_tokens": tokens}}


ROWS = [
    ("8.1-nothing-generated", LADDER, answer(content=None, tokens=0, finish="stop"), "no_answer", "wrong",
     "nothing was generated"),
    ("8.2-over-max-tokens", LADDER, answer(tokens=80), "incorrect", "wrong", "over max_tokens 64"),
    ("8.3-forced-honoured", FORCED, answer(tokens=256), "correct", None, "forced length honoured: 256 tokens"),
    ("8.3-forced-ignored-short", FORCED, answer(tokens=37, finish="stop"), "incorrect", "wrong",
     "got 37 tokens, finish_reason stop: the server ignored min_tokens / ignore_eos"),
    ("8.3-forced-no-usage", FORCED, answer(tokens=None), "incorrect", "wrong", "reported no usage"),
    ("8.3-forced-right-count-wrong-finish", FORCED, answer(tokens=256, finish="stop"), "incorrect", "wrong",
     "ignored min_tokens"),
    ("8.4-ttft-reasoning-exhausted", TTFT, answer(content=None, reasoning="Let me think", tokens=1024),
     "no_answer", "reasoning_exhausted", "no time to first content token"),
    ("8.4-ttft-reasoning-only-stop", TTFT, answer(content=None, reasoning="Hmm", tokens=3, finish="stop"),
     "no_answer", "wrong", "only reasoning"),
    ("8.5-ladder-cut-at-budget", LADDER, answer(tokens=64), "correct", None, "64 tokens, finish_reason length "
     "within max_tokens 64"),
    ("8.5-ladder-reasoning-only-counts", LADDER, answer(content=None, reasoning="Plan " * 64, tokens=64),
     "correct", None, "(reasoning only)"),
    ("8.5-ttft-content", TTFT, answer(content="113", tokens=2, finish="stop"), "correct", None, "the answer arrived"),
    ("6.1-refused-is-transport", FORCED, answer(content=None, tokens=None, status="error",
                                               error="HTTP 400: unsupported parameter: min_tokens"),
     "error", "transport", "HTTP 400: unsupported parameter: min_tokens"),
]


@pytest.mark.parametrize(("rule", "spec", "response", "verdict", "cause", "says"), ROWS, ids=[r[0] for r in ROWS])
def test_measurement_policy(rule, spec, response, verdict, cause, says):
    g = grade(spec, response)
    assert (g.verdict, g.cause) == (verdict, cause), g.explanation
    assert says in g.explanation
    assert g.score == (1.0 if verdict == "correct" else 0.0)


def test_a_cut_essay_is_not_a_truncation_failure():
    # the cause rules of section 6 would call a long-form answer cut at max_tokens a truncation: a
    # measurement asked for the cut, so it is right
    g = grade(LADDER, answer(content="The history of computing began " * 20, tokens=64))
    assert g.verdict == "correct"


def test_only_measured_cases_are_measurements():
    assert is_measurement(LADDER) and not is_measurement({"grader": {"name": "exact"}})
