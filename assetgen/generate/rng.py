"""Per-case random generators: no global RNG, nothing from the clock."""

from __future__ import annotations

import hashlib

import numpy as np


def stable_hash(text: str) -> int:
    """A 64-bit hash of `text` that is the same in every process (unlike `hash()`)."""
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


def case_rng(seed: int, family: str, index: int) -> np.random.Generator:
    """The generator for one case: independent of every other case and of build order."""
    if seed < 0 or index < 0:
        raise ValueError(f"seed and index must be >= 0, got seed={seed!r}, index={index!r}")
    return np.random.default_rng(np.random.SeedSequence([seed, stable_hash(family), index]))


def case_id(family: str, seed: int, index: int) -> str:
    return f"{family}-s{seed}-{index:04d}"
