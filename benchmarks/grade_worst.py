"""Worst-case grading time: adversarial answers (deep nesting, huge numbers, megabytes of markup) at
growing sizes, through every grader of the golden set.

    python benchmarks/grade_worst.py [--sizes 10000 100000 1000000]

Prints one JSON line per input: the slowest grader's seconds at each size and the ratio between
consecutive sizes (about 10 for 10x the text is linear; 100 would be quadratic). POLICY.md 7.1 asks
for a 1 MB answer in well under a second.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's graders, before an installed `graders` of another checkout

from graders import grade  # noqa: E402
from graders.records import CaseSpec  # noqa: E402

GOLDEN = ROOT / "golden" / "cases.jsonl"

# each unit is repeated to the size asked for
UNITS = {
    "nested-json": '{"a":',
    "closed-nesting": '{"a":[',
    "open-braces": "{",
    "balanced-braces": "{}",
    "quotes-in-braces": '{"',
    "number-words": "hundred ",
    "digits": "9",
    "thousands": "1,000,",
    "answer-markers": "answer: ",
    "marker-newlines": "answer:\n",
    "bold": "**",
    "boxed": "\\boxed{",
    "parentheses": "(",
    "negations": "not ",
    "asides": "though (not ",
    "think-tags": "<think>",
    "fences": "```\n",
    "keys": "sk-proj-",
    "masks": "sk-…",
    "positions": "row 1, column ",
    "colors": "red or ",
    "letters": "(A) ",
    "sentences": "I see 5. ",
    "equals": "x = ",
    "loop": "edg",
    "spaces": " ",
    "newlines": "\n",
    "unicode": "−×’ ",
    "conditions": "x if ",
    "letters-and": " and B",
    "letter-lists": "(A, B, ",
    "based-on": "Based on the x, ",
    "either-or": "not either a or ",
    "spaced-digits": "12 75 ",
    "subscript-lines": "KE\nA\n=\n2\n",  # a letter alone on a line between formula lines, scanned once per text
    "bracketed-then-spaces": "(A)          ",
    "lettered-lines": "(C) Bufo bufo\n",
    "letters-then-sentence": "Answer: (A, B) The depth is 1.9 km. ",
    "latex-letters": "\\( \\text{A} \\) ",
}

# choice cases the golden set lacks: options that are their own letters, a negative and an unknowable option
def _listed(options: list[str]) -> str:
    return " ".join(f"({chr(65 + n)}) {o}" for n, o in enumerate(options))


EXTRA = [
    {"id": f"extra-{k}", "family": "real_mc", "category": "c", "modality": "image",
     "prompt": f"Which one? Select from the following choices. {_listed(opts)}",
     "truth": {"kind": "choice", "value": "B", "choices": opts}, "grader": {"name": "choice"}}
    for k, opts in enumerate((["A", "B", "C", "D"], ["True", "False", "Insufficient Information"],
                              ["Set A", "Set B", "Neither set A nor set B"]))
]


def cases() -> list[CaseSpec]:
    """One case per grader (and per grader option that changes the path taken)."""
    chosen: dict[str, CaseSpec] = {}
    for line in GOLDEN.read_text().splitlines():
        case = CaseSpec.model_validate_json(line)
        key = f"{case.grader.name}:{sorted(case.grader.args)}:{case.truth.kind}:{bool(case.sampling)}"
        chosen.setdefault(key, case)
    return list(chosen.values()) + [CaseSpec.model_validate(extra) for extra in EXTRA]


def slowest(all_cases: list[CaseSpec], text: str) -> tuple[float, str]:
    worst, name = 0.0, ""
    for case in all_cases:
        start = time.perf_counter()
        grade(case, {"content": text, "finish_reason": "stop"})
        elapsed = time.perf_counter() - start
        if elapsed > worst:
            worst, name = elapsed, case.id
    return worst, name


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000, 1_000_000])
    parser.add_argument("--only", nargs="*", help="input names to run (default: all)")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core, as benchmarks/grade.py
    all_cases = cases()
    overall = 0.0
    for name, unit in UNITS.items():
        if args.only and name not in args.only:
            continue
        row: dict = {"input": name}
        previous = None
        for size in args.sizes:
            text = (unit * (size // len(unit) + 1))[:size]
            seconds, case_id = slowest(all_cases, text)
            overall = max(overall, seconds)
            row[f"s@{size}"] = round(seconds, 4)
            if previous:
                row[f"ratio@{size}"] = round(seconds / previous, 1)
            previous = max(seconds, 1e-6)
            row["slowest_case"] = case_id
        print(json.dumps(row), flush=True)
    print(json.dumps({"worst_seconds": round(overall, 3), "cases_per_input": len(all_cases)}))


if __name__ == "__main__":
    main()
