"""Short constructors for a question's truth and grader spec, so families read as prose."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from assetgen.generate.registry import Question
from graders.records import GraderSpec, Tolerance, Truth


def pick(rng, knob_value: str, options: Iterable[str]) -> str:
    """The knob's value, or a draw from `options` when the knob says 'any'."""
    options = tuple(options)
    return str(options[int(rng.integers(len(options)))]) if knob_value == "any" else knob_value


def text(prompt: str, value: str, *, aliases: Iterable[str] = (), vocabulary: str | None = None,
         secrets: Iterable[str] = ()) -> Question:
    args = {"vocabulary": vocabulary} if vocabulary else {}
    return Question(prompt, Truth(kind="text", value=value, aliases=list(aliases), secrets=list(secrets)),
                    GraderSpec(name="exact", args=args))


def number(prompt: str, value: float, *, abs_tol: float = 0.0, rel_tol: float = 0.0, unit: str | None = None,
           **args: Any) -> Question:
    tolerance = Tolerance(abs=abs_tol, rel=rel_tol) if (abs_tol or rel_tol) else None
    return Question(prompt, Truth(kind="number", value=value, tolerance=tolerance, unit=unit),
                    GraderSpec(name="numeric", args=args))


def items(prompt: str, values: Iterable[Any], *, ordered: bool, vocabulary: str | None = None,
          **extra: Any) -> Question:
    args = ({"vocabulary": vocabulary} if vocabulary else {}) | extra
    kind = "sequence" if ordered else "set"
    return Question(prompt, Truth(kind=kind, value=[str(v) for v in values]), GraderSpec(name=kind, args=args))


def choice(prompt: str, answer: str, options: list[str]) -> Question:
    letter = "ABCDEFGHIJKL"[options.index(answer)]
    return Question(prompt, Truth(kind="choice", value=letter, aliases=[answer], choices=options),
                    GraderSpec(name="choice"))


def transcription(prompt: str, value: str, *, secrets: Iterable[str] = (), threshold: float = 0.9) -> Question:
    return Question(prompt, Truth(kind="text", value=value, secrets=list(secrets)),
                    GraderSpec(name="transcription", args={"threshold": threshold}))


def options_text(options: list[str]) -> str:
    return " ".join(f"({'ABCDEFGHIJKL'[i]}) {o}" for i, o in enumerate(options))
