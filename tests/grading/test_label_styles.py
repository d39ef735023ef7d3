"""POLICY.md 4.6: a grade does not change when the options are relabelled in another style, consistently in prompt
and answer ('(a) …', 'a) …', 'a. …', '1. …', '(1) …', 'i. …', '(i) …', 'Option A: …', 'A: …').

Over the real multiple-choice corpora (both parts; a failure names row ids only, as the held-back rows' answers are
not to be read), the golden choice cases with the realistic answers to them, and fresh_classes.jsonl's label rows.
"""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from relabelling import STYLES, relabel_answer, relabel_case

from graders import grade
from graders.labelstyle import canonical, style

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "grading"
LETTERS = "ABCDEFGHIJKL"


def _mc_case(row: dict) -> dict:
    """As benchmarks/grading_agreement.py's mc_case: the options listed after the question, each with its letter."""
    letters = sorted(row["options"])
    listing = " ".join(f"({k}) {row['options'][k]}" for k in letters)
    return {"id": f"{row['source']}/{row['model']}/{row['question_id']}", "family": "real_mc", "category": "mc",
            "modality": "image", "prompt": f"{row.get('question') or ''}\nSelect from the following choices. {listing}",
            "truth": {"kind": "choice", "value": row["truth"] if row.get("truth") in letters else "A",
                      "choices": [row["options"][k] for k in letters]}, "grader": {"name": "choice"}}


def _corpus() -> list[tuple[dict, str]]:
    pairs = []
    for path in sorted(DATA.glob("real_mc*.jsonl.gz"))[::3]:  # a third of the draws keeps the test quick
        with gzip.open(path, "rt", encoding="utf-8") as handle:
            for line in handle:
                row = json.loads(line)
                if not row.get("question_lists_options") and None not in row["options"].values():
                    pairs.append((_mc_case(row), row["answer"]))
    golden = {c["id"]: c for c in map(json.loads, (ROOT / "golden" / "cases.jsonl").read_text("utf-8").splitlines())}
    for name in ("realistic.jsonl", "realistic_2.jsonl"):
        for row in map(json.loads, filter(None, (DATA / name).read_text("utf-8").splitlines())):
            case = golden.get(row["case_id"])
            content = row["response"].get("content")
            if case and case["grader"]["name"] == "choice" and isinstance(content, str):
                pairs.append((case, content))
    return pairs


PAIRS = _corpus()


def _same_grade(case: dict, answer: str, name: str) -> tuple | None:
    new_case = relabel_case(case, name)
    new_answer = relabel_answer(answer, case["truth"]["choices"], name)
    if new_case is None or new_answer is None:
        return None
    before = grade(case, {"content": answer, "finish_reason": "stop"})
    after = grade(new_case, {"content": new_answer, "finish_reason": "stop"})
    return (before.extracted, before.verdict, before.cause), (after.extracted, after.verdict, after.cause)


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(0, len(PAIRS) - 1), name=st.sampled_from(sorted(STYLES)))
def test_relabelling_keeps_the_grade(index, name):
    case, answer = PAIRS[index]
    result = _same_grade(case, answer, name)
    if result is not None:
        before, after = result
        assert before == after, f"{case['id']} in style {name!r}"  # the row id only (held-back answers unread)


def test_every_golden_choice_case_in_every_style():
    cases = [c for c, _ in PAIRS if c["family"] != "real_mc"]
    assert cases
    for case in {c["id"]: c for c in cases}.values():
        for name in STYLES:
            if relabel_case(case, name) is None:
                continue
            letter = case["truth"]["value"]
            kind = STYLES[name][0]
            said = {"lower": letter.lower(), "upper": letter}.get(kind)
            if said is None:
                said = relabel_answer(letter, case["truth"]["choices"], name)
            if said is None:
                continue
            got = grade(relabel_case(case, name), said)
            assert (got.verdict, got.extracted) == ("correct", letter), (case["id"], name, said)


@pytest.mark.parametrize("name", sorted(STYLES))
def test_the_prompt_style_is_read(name):
    options = ["red", "blue", "green", "white"]
    case = {"prompt": "Which color? " + " ".join(f"({k}) {o}" for k, o in zip(LETTERS, options, strict=False)),
            "truth": {"choices": options}}
    relabelled = relabel_case(case, name)["prompt"]
    found = style(relabelled, tuple(options))
    assert found is not None and "(A) red (B) blue (C) green (D) white" in found.question


def test_canonical_prompts_and_answers_are_left_alone():
    options = ("red", "blue", "green")
    question = "Which color? (A) red (B) blue (C) green"
    answer = "The kite is blue, so the answer is (B)."
    assert canonical(question, options, answer) == (question, answer)


def test_fresh_label_rows_agree():
    rows = [json.loads(line) for line in (DATA / "fresh_classes.jsonl").read_text("utf-8").splitlines() if line]
    misses = []
    for row in rows:
        if row["class"] != "labels":
            continue
        got = grade(row["case"], row["response"])
        if (got.verdict, got.cause) != (row["human"]["verdict"], row["human"]["cause"]):
            misses.append((row["id"], got.explanation))
    assert not misses
