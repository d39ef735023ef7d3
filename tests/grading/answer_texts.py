"""Helpers of the fast-path tests (a module, not a test): the answers they compare each fast path with its long form
on (the realistic corpora's and those of two real multiple-choice draws), and checks two of them share."""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

from graders import spans

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import grading_agreement as ga


@cache
def corpus() -> tuple[str, ...]:
    """Answers of the realistic corpora and of two real multiple-choice draws, each once, in order."""
    texts = [r["response"].get("content") or "" for n in ("realistic.jsonl", "realistic_2.jsonl")
             for r in ga.realistic_rows(n)]
    texts += [r["answer"] for n in list(ga.REAL_MC)[:2] for r in ga.real_mc_rows(n)]
    return tuple(dict.fromkeys(t for t in texts if t))


def assert_marked_value_is_first_place(answer: str) -> None:
    """spans.marked_value of the answer, where it finds one, is the text of the first place spans.places finds there,
    a marker's (the exact and collection graders read it before the places)."""
    marked = spans.marked_value(answer)
    if marked is not None:
        found = spans.places.__wrapped__(answer)
        assert found and found[0] == ("marker", marked), (answer, marked, found[:2])
