"""Properties a grade must hold on answers no one has seen yet (issue #32), over the golden cases with the realistic
answers to them and the real multiple-choice corpora (a third of the draws keeps the tests quick; a failure names
the row id only, as the held-back rows' answers are not to be read).

- Wrappers (POLICY.md 2.1): a short answer (a committed value of at most four words) grades the same when wrapped
  in bold, in \\boxed{}, after a <think> block, or after a marker ('Answer:', 'The answer is', '答案：', '答え：',
  '**Answer:**'). Left out: answers that give several letters ('A, b, c': a list, which a marker reads as a hedge
  and the bare answer by its lead), and a capital followed by a word where the options are letters ('A triangle').
"""
from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graders import grade

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "grading"
WRAPPERS = {"bold": "**{}**", "boxed": "\\boxed{{{}}}", "think": "<think>Let me look at the image carefully.</think>{}",
            "answer": "Answer: {}", "the answer is": "The answer is {}", "答案": "答案：{}", "答え": "答え：{}",
            "bold marker": "**Answer:** {}"}
_SEVERAL_LETTERS = re.compile(r"\b[A-La-l]\s*(?:,|\band\b|\bor\b|&)\s*\(?[A-La-l]\b")
_CAPITAL_WORD = re.compile(r"\W*[A-L]\s+[a-z]")


def _mc_case(row: dict) -> dict:
    """As benchmarks/grading_agreement.py's mc_case."""
    letters = sorted(row["options"])
    listing = " ".join(f"({k}) {row['options'][k]}" for k in letters)
    prompt = row.get("question") or "" if row.get("question_lists_options") else \
        f"{row.get('question') or ''}\nSelect from the following choices. {listing}"
    return {"id": f"{row['source']}/{row['model']}/{row['question_id']}", "family": "real_mc", "category": "mc",
            "modality": "image", "prompt": prompt,
            "truth": {"kind": "choice", "value": row["truth"] if row.get("truth") in letters else "A",
                      "choices": [row["options"][k] or f"unstated option text {k}{k}{k}" for k in letters]},
            "grader": {"name": "choice"}}


def _short(answer) -> bool:
    return isinstance(answer, str) and answer.strip() and "\n" not in answer.strip() and len(answer.split()) <= 4 \
        and not any(mark in answer for mark in ("\\boxed", "**", "<", "__"))


def _pairs() -> list[tuple[str, dict, str]]:
    pairs = []
    golden = {c["id"]: c for c in map(json.loads, (ROOT / "golden" / "cases.jsonl").read_text("utf-8").splitlines())}
    for name in ("realistic.jsonl", "realistic_2.jsonl"):
        for row in map(json.loads, filter(None, (DATA / name).read_text("utf-8").splitlines())):
            response = row["response"]
            if _short(response.get("content")) and response.get("finish_reason") == "stop" and \
                    golden[row["case_id"]]["grader"]["name"] != "transcription":
                pairs.append((row["id"], golden[row["case_id"]], response["content"].strip()))
    for path in sorted(DATA.glob("real_mc*.jsonl.gz"))[::3]:
        with gzip.open(path, "rt", encoding="utf-8") as handle:
            for row in map(json.loads, handle):
                answer = row["answer"].strip()
                if not _short(answer) or _SEVERAL_LETTERS.search(answer):
                    continue
                case = _mc_case(row)
                if all(len(c.strip()) == 1 for c in case["truth"]["choices"]) and _CAPITAL_WORD.match(answer):
                    continue
                pairs.append((case["id"], case, answer))
    return pairs


PAIRS = _pairs()


def _key(g):
    return g.extracted, g.verdict, g.cause


@settings(max_examples=800, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(0, len(PAIRS) - 1), wrapper=st.sampled_from(sorted(WRAPPERS)))
def test_a_wrapped_value_grades_as_the_value(index, wrapper):
    row_id, case, answer = PAIRS[index]
    bare = grade(case, {"content": answer, "finish_reason": "stop"})
    wrapped = grade(case, {"content": WRAPPERS[wrapper].format(answer), "finish_reason": "stop"})
    assert _key(bare) == _key(wrapped), f"{row_id} wrapped as {wrapper!r}"  # the row id only


def test_every_golden_short_answer_in_every_wrapper():
    misses = []
    for row_id, case, answer in PAIRS:
        if case["family"] == "real_mc":
            continue
        bare = _key(grade(case, {"content": answer, "finish_reason": "stop"}))
        misses += [(row_id, w) for w, form in WRAPPERS.items()
                   if _key(grade(case, {"content": form.format(answer), "finish_reason": "stop"})) != bare]
    assert not misses, misses[:10]
