"""other_languages.jsonl and realistic_ja_zh.jsonl (answers in other languages, labelled blind) are well formed.

Every row parses, carries its whole case, which validates as a graders CaseSpec, and a response that loads as a
graders Response; ids, languages and labels are as the data card says. Nothing here grades a row: these corpora
measure the graders' first sight, so only benchmarks/grading_agreement.py may run the graders on them.
"""
from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from graders.records import CAUSES, CaseSpec, Response

DATA = Path(__file__).resolve().parents[1] / "data" / "grading"
VERDICTS = {"correct", "partial", "incorrect", "no_answer"}
CJK = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def _rows(name: str) -> list[dict]:
    return [json.loads(line) for line in (DATA / name).read_text(encoding="utf-8").splitlines() if line.strip()]


OTHER = _rows("other_languages.jsonl")
JAZH = _rows("realistic_ja_zh.jsonl")


def _check_row(row: dict, prefix: str) -> CaseSpec:
    case = CaseSpec.model_validate(row["case"])
    assert case.id == row["case_id"]
    assert row["id"] == f"{prefix}-{row['lang']}-{row['case_id']}-w{row['id'][-2:]}"
    assert re.fullmatch(r"w\d\d", row["id"][-3:])
    Response(case_id=row["case_id"], **row["response"])
    human = row["human"]
    assert human["verdict"] in VERDICTS
    assert (human["cause"] is None) == (human["verdict"] == "correct")
    assert human["cause"] is None or human["cause"] in CAUSES
    assert human["why"].strip() and "\n" not in human["why"]
    return case


@pytest.mark.parametrize("row", OTHER, ids=[row["id"] for row in OTHER])
def test_other_languages_row(row):
    case = _check_row(row, "lang")
    assert row["lang"] in {"zh", "ja", "ko", "es", "fr", "de", "pt", "ru"}
    assert not case.id.endswith(("-ja", "-zh")) and not CJK.search(case.prompt), "the questions are in English"


@pytest.mark.parametrize("row", JAZH, ids=[row["id"] for row in JAZH])
def test_realistic_ja_zh_row(row):
    case = _check_row(row, "jazh")
    assert row["lang"] in {"ja", "zh"} and case.id.endswith("-" + row["lang"])
    assert CJK.search(case.prompt), "the question is asked in Japanese or Chinese"


def test_corpora_sizes_and_mix():
    for rows, minimum in ((OTHER, 25), (JAZH, 60)):
        ids = [row["id"] for row in rows]
        assert len(ids) == len(set(ids))
        assert min(Counter(row["lang"] for row in rows).values()) >= minimum
        verdicts = Counter(row["human"]["verdict"] for row in rows)
        assert 0.55 <= verdicts["correct"] / len(rows) <= 0.65, verdicts
        assert set(verdicts) == VERDICTS
    # one case spec per case id, the same in every row that names it
    for rows in (OTHER, JAZH):
        specs: dict[str, str] = {}
        for row in rows:
            text = json.dumps(row["case"], sort_keys=True)
            assert specs.setdefault(row["case_id"], text) == text
