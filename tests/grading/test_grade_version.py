"""Every grade carries the graders' version and a hash of their rules (issue #32), so grades compare only when the
same rules made them; older grade records, written before, still read."""
from __future__ import annotations

import shutil
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_grade_properties import DISTINCT_CASES, fields, json_ish

import graders
from graders import RULES, Grade, grade, grade_many
from graders.rules import HASH_LENGTH, rules_hash


def _carries(g: Grade) -> None:
    assert g.graders_version == graders.__version__
    assert g.rules_hash == RULES and len(RULES) == HASH_LENGTH and int(RULES, 16) >= 0


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(0, len(DISTINCT_CASES) - 1), record=fields | json_ish | st.text(max_size=200))
def test_every_grade_carries_the_version_and_the_rules(index, record):
    _carries(grade(DISTINCT_CASES[index], record))


def test_error_grades_carry_them_too():
    _carries(grade({"id": "broken"}, "an answer"))  # an unreadable case
    _carries(grade_many({}, [{"case_id": "nowhere", "content": "x"}])[0])  # an unknown case


def test_the_version_is_2_1_or_later():
    major, minor, _ = (int(p) for p in graders.__version__.split("."))
    assert (major, minor) >= (2, 1)


def test_the_hash_follows_the_rules(tmp_path):
    copy = tmp_path / "graders"
    shutil.copytree(Path(graders.__file__).parent, copy, ignore=shutil.ignore_patterns("__pycache__"))
    assert rules_hash(copy) == RULES
    (copy / "POLICY.md").write_text((copy / "POLICY.md").read_text("utf-8") + "\nOne more rule.\n", "utf-8")
    assert rules_hash(copy) != RULES


def test_an_older_grade_record_still_reads():
    old = {"format_version": 1, "case_id": "c", "grader": "numeric", "score": 1.0, "verdict": "correct",
           "cause": None, "extracted": 5, "explanation": "said 5", "frames_consistent": None}
    g = Grade.model_validate(old)
    assert g.graders_version is None and g.rules_hash is None
