"""The graders against realistic answers to the QUALITY text cases, labelled by a careful human
(tests/data/grading/text_realistic.jsonl; see its README). Misses are listed, not relabelled."""

from __future__ import annotations

import importlib
import json
from pathlib import Path

from graders import grade

DATA = Path(__file__).resolve().parent.parent / "data" / "grading" / "text_realistic.jsonl"
# rows where the graders and the human label disagree today, with why (all in the shared numeric and refusal
# reading, none in the text graders; listed, not relabelled)
KNOWN_MISSES: dict[str, str] = {
    "reasoning-s0-0000-r05": "a sum cut at max_tokens leads with its first step (48 + 17 = 65): POLICY 6.6 counts what "
                             "a cut answer leads with, so 65 is read as the answer (wrong) where a human sees a "
                             "truncation",
    "reasoning-s0-0004-r03": "'Total spent: ... = 900 yen. One kiwi costs 50 yen.': the total marker (2.1) wins over "
                             "the sentence that answers the question asked",
    "reasoning-s0-0005-r03": "'0.67 km per minute, which is 40 km/h': the relative clause is an aside (3.2), so the "
                             "km/h value asked for is not read",
    "tool_calling-s0-0000-r03": "'I don't have real-time data access, but you can check ...' is not recognised as a "
                                "refusal: graded no_tool_call (incorrect) where a human says refusal (no_answer)",
}


def _cases() -> dict[str, dict]:
    build = importlib.import_module("assetgen.generate.build")
    from assetgen.generate.suites import QUALITY

    jobs, index = [], {}
    for entry in QUALITY:
        for _ in range(entry.count):
            k = index.get(entry.family, 0)
            index[entry.family] = k + 1
            jobs.append(build.Job(entry.family, k, 0, dict(entry.knobs), None))
    return {(c := build.generate(job).case).id: c.model_dump() for job in jobs}


def test_graders_agree_with_the_human_labels():
    cases = _cases()
    rows = [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines()]
    assert len(rows) >= 60 and {r["case_id"] for r in rows} == set(cases)
    misses = {}
    for row in rows:
        got = grade(cases[row["case_id"]], row["response"])
        want = row["human"]
        if (got.verdict, got.cause) != (want["verdict"], want["cause"]):
            misses[row["id"]] = f"{got.verdict}/{got.cause} vs human {want['verdict']}/{want['cause']}: " \
                                f"{got.explanation}"
    agreement = 1 - len(misses) / len(rows)
    print(f"agreement {agreement:.1%} on {len(rows)} rows; misses: {json.dumps(misses, indent=1)}")
    assert set(misses) == set(KNOWN_MISSES), misses
