"""The faster forms of graders.grading's shortfall (issue #36) decide what the rules they stand for decide: each
property compares the fast form with the rule written plainly, on the golden cases and on generated inputs."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from graders import grading
from graders.matchers import close_enough
from graders.records import ApparentAnswer, CaseSpec, Tolerance, Truth

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "cases.jsonl"


@cache
def golden() -> tuple[CaseSpec, ...]:
    return tuple(CaseSpec.model_validate(json.loads(line)) for line in GOLDEN.read_text("utf-8").splitlines() if line)


def _close_runs_plainly(found: float, apparent: list, truth: Truth) -> list[tuple[int, int]]:
    """The frame runs whose apparent value `found` is close enough to, by matchers.close_enough."""
    return [(a.frames_low, a.frames_high) for a in apparent if close_enough(found, float(a.value), truth)]


_NUMBERS = st.floats(allow_nan=True, allow_infinity=True) | st.integers(-50, 50).map(float) | st.sampled_from(
    [0.0, -0.0, 1e-9, -1e-9, 2e-9, 0.5, 1.0, 3.0, 4.0, 4.000000001, 3.999999999, 1e300])
_VALUES = st.integers(-50, 50) | _NUMBERS | st.sampled_from(["4", "3.5", "-0", "inf", "nan", True, False])
_TOLERANCES = st.none() | st.builds(
    Tolerance, abs=st.floats(0, 10, allow_nan=False) | st.sampled_from([0.0, 0.5, 1.0, float("inf")]),
    rel=st.floats(0, 2, allow_nan=False) | st.sampled_from([0.0, 0.05, 0.1, float("inf")]))


@settings(max_examples=2000, deadline=None)
@given(found=_NUMBERS, values=st.lists(_VALUES, max_size=8), tolerance=_TOLERANCES)
def test_close_runs_are_the_runs_close_enough_finds(found, values, tolerance):
    apparent = [ApparentAnswer.model_construct(frames_low=k + 1, frames_high=k + 2, value=v)
                for k, v in enumerate(values)]
    truth = Truth(kind="number", value=4, tolerance=tolerance)
    assert grading._close_runs(found, apparent, tolerance) == _close_runs_plainly(found, apparent, truth)


def test_close_runs_are_the_runs_close_enough_finds_on_the_golden_clips():
    checked = 0
    for case in golden():
        if case.sampling is None or case.grader.name != "numeric":
            continue
        values = [float(a.value) for a in case.sampling.apparent] + [float(case.truth.value)]
        for found in {v + d for v in values for d in (0.0, 1e-10, -1e-10, 0.5, -1.0, 1.0)}:
            for tolerance in (case.truth.tolerance, Tolerance(abs=0.5), Tolerance(rel=0.1), Tolerance(abs=1, rel=0.2)):
                truth = case.truth.model_copy(update={"tolerance": tolerance})
                got = grading._close_runs(found, case.sampling.apparent, tolerance)
                assert got == _close_runs_plainly(found, case.sampling.apparent, truth)
                checked += bool(got)
    assert checked > 20  # runs found, not only none
