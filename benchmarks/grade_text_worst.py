"""Worst-case grading time of the text graders (tool_call, constraint, logic; code_tests' code finding):
adversarial answers at growing sizes.

    python benchmarks/grade_text_worst.py [--sizes 4000 40000]

Prints one JSON line per input: the slowest grader's seconds at each size and the ratio between the two
sizes (about 10 for 10x the text is linear; 100 would be quadratic). Answers are read up to 40,000
characters (POLICY.md 7.1), so larger sizes measure the cut, not the graders.
"""

from __future__ import annotations

import argparse
import json
import time

from graders import grade
from graders.codetests import code_of

UNITS = {"tool-call-tags": "<tool_call>", "backticks": "```", "fence-openers": "```python\n",
         "pythonic-call-sites": "get_weather(", "closing-parens": ")", "bullets": "- apple\n",
         "negations": "cannot be determined not true ", "braces": "{", "quoted-keys": '{"name": "'}


def _case(grader: str, value) -> dict:
    return {"id": "t", "family": "f", "category": "c", "modality": "text", "prompt": "p",
            "truth": {"kind": "structured", "value": value}, "grader": {"name": grader, "args": {}}}


CASES = [
    _case("tool_call", {"name": "get_weather", "arguments": {"city": "Oslo"}}),
    _case("constraint", {"kind": "exact_count", "count": 3, "things": "fruits", "vocabulary": ["apple"]}),
    _case("constraint", {"kind": "forbidden_words", "words": ["leaf", "wood"], "topic": ["forest"]}),
    _case("constraint", {"kind": "json_only", "object": {"name": "x"}}),
    _case("logic", "undetermined"),
]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", type=int, nargs=2, default=[4000, 40000])
    sizes = parser.parse_args().sizes
    for name, unit in UNITS.items():
        seconds = []
        for size in sizes:
            text = unit * (size // len(unit))
            worst = 0.0
            for case in CASES:
                start = time.perf_counter()
                grade(case, {"content": text, "finish_reason": "stop"})
                worst = max(worst, time.perf_counter() - start)
            start = time.perf_counter()
            code_of(text, "running_max")
            seconds.append(max(worst, time.perf_counter() - start))
        print(json.dumps({"input": name, "sizes": sizes, "seconds": [round(s, 4) for s in seconds],
                          "ratio": round(seconds[1] / seconds[0], 1) if seconds[0] else None}))


if __name__ == "__main__":
    main()
