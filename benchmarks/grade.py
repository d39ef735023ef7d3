"""Grades per second on one core, for short answers of the kind most cases get.

    python benchmarks/grade.py [--n 20000]
    python benchmarks/grade.py --against PATH [--pairs 3]   # this checkout's graders against PATH's

Cases are validated once (as `assetgen grade` does); each grade validates its response record and reads
its answer afresh (the per-answer cache is emptied: in a run every answer is new; the rate with the 140
answers repeated, cached, is printed too).
The target is judged on CPU time (process_time): on a machine shared with other jobs the wall clock
also counts their time; both rates are printed. The graders measured are this checkout's, not an
installed copy. With --against, the two checkouts are measured in alternating runs (each its own
process, same cases and answers) and the ratio of their CPU rates is printed from this one run.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path


def _root() -> Path:
    """The checkout whose graders are measured: this one, or the one --root names (used by --against)."""
    if "--root" in sys.argv[:-1]:
        return Path(sys.argv[sys.argv.index("--root") + 1]).resolve()
    return Path(__file__).resolve().parent.parent


ROOT = _root()
sys.path.insert(0, str(ROOT))  # before an installed `graders`, which may be another checkout's

import graders  # noqa: E402
from graders import grade  # noqa: E402
from graders.records import CaseSpec  # noqa: E402
from graders.spans import places  # noqa: E402

TARGET = 50_000  # grades per CPU-second, fresh answers (issue #36; 20,000 before it)
GOLDEN = Path(__file__).resolve().parent.parent / "golden" / "cases.jsonl"


def _answer_caches_clear():
    """What empties the graders' caches of answer texts: graders.memo.clear, or in a checkout before it (--against)
    the one such cache, spans.places."""
    try:
        from graders import memo
    except ImportError:
        return places.cache_clear
    return memo.clear


def short_answers(case: CaseSpec) -> list[str]:
    value = case.truth.value
    shown = ", ".join(value) if isinstance(value, list) else str(value)
    return [f"The answer is **{shown}**.", f"{shown}", "I think it is 4.", f"Answer: {shown}"]


def measure(n: int) -> dict:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    cases = [CaseSpec.model_validate_json(line) for line in GOLDEN.read_text().splitlines()]
    short = [c for c in cases if c.grader.name != "transcription"]
    work = [(c, {"case_id": c.id, "content": a, "finish_reason": "stop"}) for c in short for a in short_answers(c)]
    for c, r in work:  # warm regex caches
        grade(c, r)
    rounds = max(1, n // len(work))
    # answers are cached by their text (graders.memo: spans.places, options.canon), and these 140 repeat: in a run
    # every answer is new, so the caches are emptied before each grade; the rate with repeated answers is printed
    # beside it
    cpu_start = time.process_time()
    for _ in range(rounds):
        for c, r in work:
            grade(c, r)
    repeated = rounds * len(work) / (time.process_time() - cpu_start)
    start, cpu_start = time.perf_counter(), time.process_time()
    fresh = _answer_caches_clear()
    for _ in range(rounds):
        for c, r in work:
            fresh()
            grade(c, r)
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu_start
    rate, cpu_rate = rounds * len(work) / elapsed, rounds * len(work) / cpu
    return {"grades": rounds * len(work), "seconds": round(elapsed, 3), "grades_per_s": round(rate),
            "cpu_seconds": round(cpu, 3), "grades_per_cpu_s": round(cpu_rate),
            "grades_per_cpu_s_repeated_answers": round(repeated),
            "target_per_cpu_s": TARGET, "meets_target": cpu_rate >= TARGET,
            "graders": str(Path(graders.__file__).parent)}


def compare(other: Path, n: int, pairs: int) -> None:
    """This checkout and `other` in alternating runs; the ratio of their summed CPU rates."""
    totals = {"this": [0, 0.0], "other": [0, 0.0]}
    for _ in range(pairs):
        for name, root in (("this", ROOT), ("other", other.resolve())):
            out = subprocess.run([sys.executable, __file__, "--n", str(n), "--root", str(root)], check=True,
                                 capture_output=True, text=True).stdout
            run = json.loads(out)
            totals[name][0] += run["grades"]
            totals[name][1] += run["cpu_seconds"]
            print(json.dumps({"checkout": name, **run}), flush=True)
    this, that = (totals[k][0] / totals[k][1] for k in ("this", "other"))
    print(json.dumps({"this_grades_per_cpu_s": round(this), "other_grades_per_cpu_s": round(that),
                      "ratio_this_over_other": round(this / that, 3), "pairs": pairs}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=20000)
    parser.add_argument("--against", type=Path, help="another checkout to compare with, in the same run")
    parser.add_argument("--pairs", type=int, default=3, help="alternating runs of each checkout (--against)")
    parser.add_argument("--root", type=Path, help=argparse.SUPPRESS)  # read by _root() before the imports
    args = parser.parse_args()
    if args.against:
        compare(args.against, args.n, args.pairs)
    else:
        print(json.dumps(measure(args.n)))


if __name__ == "__main__":
    main()
