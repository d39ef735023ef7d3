"""Where a request's time goes in the reference endpoint: decode, OCR detect, OCR recognise, solve.

Each worker thread keeps its own tally (a thread answers one request at a time); `benchmarks/first_run.py`
reads it around an in-process `_parse` / `_compose` to show the slowest cases' split. Costs a clock read
per phase: always on, never in an answer.
"""

from __future__ import annotations

import threading
import time
from contextlib import contextmanager

_LOCAL = threading.local()


def reset() -> None:
    """Start a new tally for this thread."""
    _LOCAL.tally = {}


def add(name: str, seconds: float) -> None:
    tally = getattr(_LOCAL, "tally", None)
    if tally is None:
        tally = _LOCAL.tally = {}
    tally[name] = tally.get(name, 0.0) + seconds


def tally() -> dict[str, float]:
    """Seconds per phase since this thread's last `reset`."""
    return dict(getattr(_LOCAL, "tally", None) or {})


@contextmanager
def timed(name: str):
    start = time.perf_counter()
    try:
        yield
    finally:
        add(name, time.perf_counter() - start)
