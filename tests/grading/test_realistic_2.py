"""realistic_2.jsonl (a second set of hand-labelled realistic answers) is well formed.

Each row names a golden case, loads as a graders Response, and carries a verdict and cause the policy
knows (no cause on a correct answer, a cause on every other), with a one-line reason.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from graders.records import CAUSES, Response

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "data" / "grading" / "realistic_2.jsonl"
VERDICTS = {"correct", "partial", "incorrect", "no_answer"}


def _rows():
    return [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines() if line.strip()]


def _case_ids():
    lines = (ROOT / "golden" / "cases.jsonl").read_text(encoding="utf-8").splitlines()
    return {json.loads(line)["id"] for line in lines if line.strip()}


ROWS = _rows()


def test_covers_every_case_with_unique_ids():
    cases = _case_ids()
    assert {row["case_id"] for row in ROWS} == cases
    ids = [row["id"] for row in ROWS]
    assert len(ids) == len(set(ids)) >= 220


@pytest.mark.parametrize("row", ROWS, ids=[row["id"] for row in ROWS])
def test_row_is_valid(row):
    assert row["case_id"] in _CASES
    assert row["id"].startswith(row["case_id"] + "-w")
    Response(case_id=row["case_id"], **row["response"])
    human = row["human"]
    assert human["verdict"] in VERDICTS
    if human["verdict"] == "correct":
        assert human["cause"] is None
    else:
        assert human["cause"] in CAUSES
    assert human["why"].strip() and "\n" not in human["why"]


_CASES = _case_ids()
