"""fresh_seed.jsonl (answers to freshly seeded cases, labelled blind; issue #32 item 3) is well formed.

Each row carries its own case, which must load as a graders CaseSpec, and a response that loads as a graders
Response, with a verdict and cause the policy knows and a one-line reason. Nothing here grades the rows: the
corpus measures the graders' first sight, so it is graded only by benchmarks/grading_agreement.py.
"""
from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from graders.records import CAUSES, CaseSpec, Response

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "data" / "grading" / "fresh_seed.jsonl"
VERDICTS = {"correct", "partial", "incorrect", "no_answer"}
SEED = 90210


def _rows():
    return [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines() if line.strip()]


ROWS = _rows()


def test_ids_unique_and_cases_fresh():
    ids = [row["id"] for row in ROWS]
    assert len(ids) == len(set(ids)) >= 180
    for row in ROWS:
        assert re.fullmatch(rf"fresh-s{SEED}-{re.escape(row['case_id'])}-w\d\d", row["id"]), row["id"]
        assert f"-s{SEED}-" in row["case_id"], "a case from the fresh seed, not golden's seed 0"
    golden = {json.loads(line)["id"] for line in (ROOT / "golden" / "cases.jsonl").read_text("utf-8").splitlines()
              if line.strip()}
    assert not golden & {row["case_id"] for row in ROWS}


def test_every_family_has_two_cases_or_more():
    cases = {row["case_id"]: row["case"]["family"] for row in ROWS}
    per_family = Counter(cases.values())
    assert len(per_family) >= 38
    assert min(per_family.values()) >= 2


def test_one_case_spec_per_case_id():
    seen: dict[str, dict] = {}
    for row in ROWS:
        assert seen.setdefault(row["case_id"], row["case"]) == row["case"], row["id"]


@pytest.mark.parametrize("row", ROWS, ids=[row["id"] for row in ROWS])
def test_row_is_valid(row):
    case = CaseSpec.model_validate(row["case"])
    assert case.id == row["case_id"]
    Response.model_validate({"case_id": row["case_id"], **row["response"]})
    human = row["human"]
    assert human["verdict"] in VERDICTS
    assert (human["cause"] is None) == (human["verdict"] == "correct")
    assert human["cause"] is None or human["cause"] in CAUSES
    assert human["why"].strip()
    assert row["style"]
