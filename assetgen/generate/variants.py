"""Variants of a case: the same family, knobs and question template drawn again from a new seed.

DynaMath's worst-case accuracy counts a case right only when every variant of it is answered right.
Variant 0 is the case itself (its own seed), so a variant suite holds the original suite; variant k > 0
has a seed derived from the case's seed and k, the same on every machine."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from assetgen.errors import ConfigError
from assetgen.generate.jobs import Job
from assetgen.generate.rng import stable_hash

MAX_VARIANTS = 100
SEED_SPACE = 2**31  # derived seeds stay small positive ints: they appear in case ids


def variant_seed(seed: int, k: int) -> int:
    """The seed of variant k of a case drawn with `seed`: `seed` itself for k = 0."""
    if k == 0:
        return seed
    derived = stable_hash(f"variant:{seed}:{k}") % SEED_SPACE
    return derived if derived != seed else derived + 1


def check_variants(k: int) -> int:
    if not 2 <= k <= MAX_VARIANTS:
        raise ConfigError(f"--variants {k} must be between 2 and {MAX_VARIANTS}")
    return k


def variant_jobs(bases: Iterable[tuple[str, int, int, dict[str, Any]]], k: int) -> list[Job]:
    """K jobs per base (family, index, seed, knobs), each base's variants next to each other. A case's
    family, index and knobs stay, so its variants are recognisable in any suite (`variant_key`)."""
    check_variants(k)
    return [Job(family, index, variant_seed(seed, v), dict(knobs))
            for family, index, seed, knobs in bases for v in range(k)]


def variant_key(family: str, index: int, knobs: dict[str, Any]) -> tuple[str, int, str]:
    """What the variants of one case share (and cases of one seed never do: index is unique per family)."""
    import json

    return family, index, json.dumps(knobs, sort_keys=True, default=str)
