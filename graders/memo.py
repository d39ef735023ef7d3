"""Caches of pure functions of an answer's text (graders stay pure: a cache only skips work already done). A grade
reads the same text in several stages ('the places of the answer', 'its canonical words'); each
such function is cached by its text, and all of them are emptied together by `clear` (benchmarks/grade.py does, so
that every answer it grades is read afresh, as in a run, where every answer is new)."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TypeVar

_F = TypeVar("_F", bound=Callable)
_CACHES: list = []
_CLEARS: list[Callable[[], None]] = []  # their cache_clear methods, bound once: clear runs before each grade


def per_text(maxsize: int) -> Callable[[_F], _F]:
    """lru_cache(maxsize) for a pure function of text, registered to be emptied by `clear`."""
    def wrap(function: _F) -> _F:
        cached = lru_cache(maxsize=maxsize)(function)
        _CACHES.append(cached)
        _CLEARS.append(cached.cache_clear)
        return cached  # type: ignore[return-value]
    return wrap


def clear() -> None:
    """Empty every per-text cache: the next grade reads its answer afresh."""
    for clear_cache in _CLEARS:
        clear_cache()
