"""Suites: which families, how many cases, with which knobs.

The golden suite is at least the battery of the article the project grew from (20 images in 7
categories); `full` takes every family with its default knobs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from assetgen.errors import ConfigError
from assetgen.registry import all_families


@dataclass(frozen=True)
class Entry:
    family: str
    knobs: dict[str, Any] = field(default_factory=dict)
    count: int = 1


GOLDEN: tuple[Entry, ...] = (
    # single image understanding (5)
    Entry("color_grid", {"question": "grid"}),
    Entry("color_grid", {"question": "cell", "rows": 6, "cols": 6, "cell": 60}),
    Entry("color_grid", {"question": "count", "rows": 5, "cols": 5, "colors": 4}),
    Entry("shapes", {"question": "list"}),
    Entry("shapes", {"question": "relation", "count": 6}),
    # multi-image comparison (2)
    Entry("grid_diff", {"changes": 2}),
    Entry("shape_compare", {"images": 3}),
    # OCR / text extraction (3)
    Entry("text_card", {"question": "transcribe", "api_key": True}),
    Entry("text_card", {"question": "field", "font_size": 16, "blur": 0.6, "noise": 8.0, "jpeg_quality": 60}),
    Entry("text_card", {"question": "api_key", "api_key": True, "rotation": 3.0, "contrast": 0.55}),
    # chart interpretation (3)
    Entry("bar_chart", {"question": "value"}),
    Entry("bar_chart", {"question": "largest", "bars": 7, "value_labels": False}),
    Entry("line_chart", {"question": "difference"}),
    # math from image (2)
    Entry("equation", {"kind": "quadratic"}),
    Entry("arithmetic", {"operator": "multiply"}),
    # code reading (2)
    Entry("code_reading", {"question": "transcribe"}),
    Entry("code_reading", {"question": "trace", "trace_length": 24}),
    # visual reasoning & logic (3)
    Entry("circle_overlap", {}),
    Entry("line_intersections", {}),
    Entry("sequence_pattern", {}),
)

SUITES = ("golden", "full")


def suite_entries(suite: str, per_family: int | None = None) -> tuple[Entry, ...]:
    if suite == "golden":
        entries = GOLDEN
        if per_family is not None:
            raise ConfigError("--per-family applies to suite 'full' only")
    elif suite == "full":
        n = 3 if per_family is None else per_family
        if not 1 <= n <= 100_000:
            raise ConfigError(f"--per-family {n} is out of range 1..100000")
        entries = tuple(Entry(name, {}, n) for name in all_families())
    else:
        raise ConfigError(f"unknown suite {suite!r}; known suites: {', '.join(SUITES)}")
    known = all_families()
    for entry in entries:
        if entry.family not in known:
            raise ConfigError(f"suite {suite!r} names unknown family {entry.family!r}")
    return entries
