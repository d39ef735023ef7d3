"""Giving freed memory back to the system after each request (glibc only; elsewhere a no-op).

A request decodes megabytes of frames into numpy arrays; freed, they stay in the C heap, fragmented across
worker threads' arenas, so the process's RSS climbs to the sum of its worst moments (about 700 MB over the
golden set against about 390 MB answered one at a time). `malloc_trim(0)` returns the free pages once per
request. Measured with benchmarks/first_run.py: a fixed mmap threshold (MALLOC_MMAP_THRESHOLD_) bounded
memory as well but cost about 30% more CPU, every large array being mapped afresh.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import sys
from functools import cache


@cache
def _trim():
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        return libc.malloc_trim
    except (OSError, AttributeError):  # musl and other C libraries have no malloc_trim
        return None


def give_back() -> None:
    """Return the C heap's free pages to the system."""
    trim = _trim()
    if trim is not None:
        trim(0)
