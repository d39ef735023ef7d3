"""Grades per second on one core, for short answers of the kind most cases get.

    python benchmarks/grade.py [--n 20000]

Cases are validated once (as `assetgen grade` does); each grade validates its response record.
The target is judged on CPU time (process_time): on a machine shared with other jobs the wall clock
also counts their time; both rates are printed.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path

from graders import grade
from graders.records import CaseSpec

GOLDEN = Path(__file__).resolve().parent.parent / "golden" / "cases.jsonl"


def short_answers(case: CaseSpec) -> list[str]:
    value = case.truth.value
    shown = ", ".join(value) if isinstance(value, list) else str(value)
    return [f"The answer is **{shown}**.", f"{shown}", "I think it is 4.", f"Answer: {shown}"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=20000)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    cases = [CaseSpec.model_validate_json(line) for line in GOLDEN.read_text().splitlines()]
    short = [c for c in cases if c.grader.name != "transcription"]
    work = [(c, {"case_id": c.id, "content": a, "finish_reason": "stop"}) for c in short for a in short_answers(c)]
    for c, r in work:  # warm regex caches
        grade(c, r)
    rounds = max(1, args.n // len(work))
    start, cpu_start = time.perf_counter(), time.process_time()
    for _ in range(rounds):
        for c, r in work:
            grade(c, r)
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu_start
    rate, cpu_rate = rounds * len(work) / elapsed, rounds * len(work) / cpu
    print(json.dumps({"grades": rounds * len(work), "seconds": round(elapsed, 3), "grades_per_s": round(rate),
                      "cpu_seconds": round(cpu, 3), "grades_per_cpu_s": round(cpu_rate),
                      "target_per_s": 20000, "meets_target": cpu_rate >= 20000}))


if __name__ == "__main__":
    main()
