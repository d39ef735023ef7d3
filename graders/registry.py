"""Grader registry: one function and one decorator per grader; duplicate names are refused."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from graders.records import Truth


@dataclass(slots=True)  # one or two per grade: slots make them a third cheaper to build
class Match:
    """What a matcher makes of an answer, before causes are considered."""

    score: float  # credit in [0, 1]
    passed: bool  # counts as correct
    extracted: Any  # the answer as understood
    explanation: str  # one line
    format_ok: bool = True  # False: the information is right but not in the form asked for
    details: dict[str, Any] = field(default_factory=dict)
    # an answer of the asked kind was found (a number, a letter, items, keys); None: judge by `extracted`
    answered: bool | None = None

    @property
    def gave_answer(self) -> bool:
        if self.answered is not None:
            return self.answered
        found = self.extracted  # not one of (None, "", [], {}): compared as `in` compares, without building them
        return not (found is None or "" == found or [] == found or {} == found)


Matcher = Callable[[Truth, str, dict[str, Any]], Match]
_GRADERS: dict[str, Matcher] = {}
_BUILTINS_LOADING = False


def _load_builtins() -> None:
    """Import the built-in graders before anything else registers, so a clash is always the newcomer's."""
    global _BUILTINS_LOADING
    if not _BUILTINS_LOADING:
        _BUILTINS_LOADING = True
        import graders.choice
        import graders.codetests
        import graders.constraints
        import graders.labels
        import graders.logic
        import graders.matchers
        import graders.measured
        import graders.toolcalls  # noqa: F401


def grader(name: str) -> Callable[[Matcher], Matcher]:
    _load_builtins()

    def register(function: Matcher) -> Matcher:
        if name in _GRADERS:
            raise ValueError(f"grader {name!r} is already registered by {_GRADERS[name].__qualname__}")
        _GRADERS[name] = function
        return function

    return register


def get_grader(name: str) -> Matcher:
    found = _GRADERS.get(name)  # once loaded, the lookup is all a grade needs
    if found is not None:
        return found
    _load_builtins()
    if name not in _GRADERS:
        raise KeyError(f"unknown grader {name!r}; known graders: {', '.join(sorted(_GRADERS))}")
    return _GRADERS[name]


def grader_names() -> list[str]:
    _load_builtins()
    return sorted(_GRADERS)
