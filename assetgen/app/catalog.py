"""`assetgen list` and `assetgen show`: what the generators can draw (families, categories, knobs with ranges),
the cases of a suite folder, and one case (prompt, truth, files)."""

from __future__ import annotations

from pathlib import Path

from assetgen.dataset.describe import describe_case, list_cases
from assetgen.generate.catalog import describe_families


def families(*, as_json: bool = False) -> str:
    """Every registered family with its category and knobs, as a table or JSON."""
    return describe_families(as_json=as_json)


def cases(golden: Path | None = None, *, as_json: bool = False) -> str:
    """The cases of the suite at `golden` (default: the golden set): id, family, category, modality."""
    return list_cases(golden, as_json=as_json)


def case(case_id: str, golden: Path | None = None, *, scene: bool = False) -> str:
    """Prompt, truth and files of one case (and its scene)."""
    return describe_case(case_id, golden, scene=scene)
