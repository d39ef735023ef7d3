"""The answers the fast-path tests compare each fast path with its long form on: the realistic corpora's and those of
two real multiple-choice draws (a helper module, not a test)."""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import grading_agreement as ga


@cache
def corpus() -> tuple[str, ...]:
    """Answers of the realistic corpora and of two real multiple-choice draws, each once, in order."""
    texts = [r["response"].get("content") or "" for n in ("realistic.jsonl", "realistic_2.jsonl")
             for r in ga.realistic_rows(n)]
    texts += [r["answer"] for n in list(ga.REAL_MC)[:2] for r in ga.real_mc_rows(n)]
    return tuple(dict.fromkeys(t for t in texts if t))
