"""Suites: which families, how many cases, with which knobs.

The golden suite is at least the battery of the article the project grew from (20 images in 7
categories); `full` takes every family with its default knobs. Issue #15 composes the rest: `vision` is
the golden set, `text` the text dimensions (QUALITY, SPEED, SCALE), `article` both.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from assetgen.errors import ConfigError
from assetgen.generate.registry import all_families


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
    # --- videos: 30 frames at 2 fps, the article's 17 in 6 categories ---
    # video description (4)
    Entry("ball_across", {}),
    Entry("shape_morph", {}),
    Entry("pulsing_circle", {}),
    Entry("color_cycle", {}),
    # motion analysis (3)
    Entry("linear_motion", {}),
    Entry("motion_type", {"kind": "bouncing"}),
    Entry("circular_motion", {}),
    # counting & quantitative (3)
    Entry("appearing_objects", {}),
    Entry("flashing_light", {}),
    Entry("bounce_count", {}),
    # multi-video comparison (2)
    Entry("speed_compare", {}),
    Entry("direction_compare", {}),
    # video reasoning (3)
    Entry("predict_position", {}),
    Entry("race_to_line", {}),
    Entry("color_order", {}),
    # video + text instructions (2)
    Entry("instructed_answer", {"format": "one_word"}),
    Entry("instructed_answer", {"format": "json"}),
)

# Issue #15 dimensions 5-7, text only: reasoning quality, tool calling, instruction following with a
# measurable constraint (the seed articles' tests, generated with computed truth).
QUALITY: tuple[Entry, ...] = (
    # reasoning (8)
    Entry("reasoning", {"task": "arithmetic", "steps": 3}),
    Entry("reasoning", {"task": "linear_equation"}),
    Entry("reasoning", {"task": "syllogism", "form": "some_middle"}),
    Entry("reasoning", {"task": "syllogism", "form": "undistributed_middle"}),
    Entry("reasoning", {"task": "units", "units": "shop"}),
    Entry("reasoning", {"task": "units", "units": "speed"}),
    Entry("reasoning", {"task": "coding", "function": "reverse_list"}),
    Entry("reasoning", {"task": "coding", "function": "running_max"}),
    # tool calling (4)
    Entry("tool_calling", {"task": "single"}),
    Entry("tool_calling", {"task": "choose"}, count=2),
    Entry("tool_calling", {"task": "from_prompt"}),
    # instruction following (6)
    Entry("instructions", {"task": "exact_count", "count": 3}),
    Entry("instructions", {"task": "max_chars", "limit": 50}),
    Entry("instructions", {"task": "max_words"}),
    Entry("instructions", {"task": "forbidden_words"}),
    Entry("instructions", {"task": "json_only"}),
    Entry("instructions", {"task": "exact_count"}),
)

# issue #15 dimensions 1-2: one seeded long-form prompt at five max_tokens, a forced 256-token generation
# (min_tokens + ignore_eos: pure decode speed), and TTFT by prompt complexity
SPEED: tuple[Entry, ...] = (
    *(Entry("output_length", {"max_tokens": n}) for n in (64, 128, 256, 512, 1024)),
    Entry("output_length", {"max_tokens": 256, "forced": True}),
    Entry("prompt_complexity", {"level": "short"}),
    Entry("prompt_complexity", {"level": "medium"}),
    Entry("prompt_complexity", {"level": "long"}),
)

CONTEXT_SIZES = (100, 1_000, 4_000, 16_000, 32_000, 64_000, 128_000)
"""Context scaling: prompt sizes in reference tokens (the seed article went from ~100 to ~128K)."""
NEEDLE_DEPTHS = (0.1, 0.5, 0.9)
NEEDLE_SIZES = (4_000, 32_000, 128_000)
"""Sizes that also hide a fact at each depth (the '7 × 8' question ends every size)."""

SCALE: tuple[Entry, ...] = (
    # concurrency sweep (#15 dimension 3): one prompt, sent at each of the run's --concurrency-levels
    Entry("concurrency_burst", {"topic": "computing"}),
    # context length scaling (#15 dimension 4): the article's '7 × 8' at the end of every size ...
    *(Entry("context_needle", {"tokens": n, "needle": "arithmetic"}) for n in CONTEXT_SIZES),
    # ... and a needle fact at several depths of the longer ones
    *(Entry("context_needle", {"tokens": n, "needle": "fact", "depth": d}) for n in NEEDLE_SIZES
      for d in NEEDLE_DEPTHS),
)

SUITES = ("golden", "full", "vision", "text", "article", "scale")
COMPOSED = {"vision": lambda: GOLDEN, "text": lambda: QUALITY + SPEED + SCALE, "scale": lambda: SCALE,
            "article": lambda: GOLDEN + QUALITY + SPEED + SCALE}
"""The suites of issue #15: `vision` is the golden set, `text` the text dimensions, `article` both, `scale`
concurrency and context alone."""


def suite_entries(suite: str, per_family: int | None = None, *, families: tuple[str, ...] = (),
                  knobs: dict[str, dict[str, Any]] | None = None) -> tuple[Entry, ...]:
    """The entries of a suite; `families` narrows suite 'full', `knobs` overrides per family."""
    known = all_families()
    for name in [*families, *(knobs or {})]:
        if name not in known:
            raise ConfigError(f"unknown family {name!r}; known families: {', '.join(known)}")
    if suite == "golden" or suite in COMPOSED:
        if per_family is not None or families or knobs:
            raise ConfigError("--per-family, --family and --knob apply to suite 'full' only")
        return GOLDEN if suite == "golden" else COMPOSED[suite]()
    if suite != "full":
        raise ConfigError(f"unknown suite {suite!r}; known suites: {', '.join(SUITES)}")
    n = 3 if per_family is None else per_family
    if not 1 <= n <= 100_000:
        raise ConfigError(f"--per-family {n} is out of range 1..100000")
    chosen = families or tuple(known)
    return tuple(Entry(name, dict((knobs or {}).get(name, {})), n) for name in chosen)


def parse_knob(text: str) -> tuple[str, str, Any]:
    """'color_grid.rows=6' -> ('color_grid', 'rows', 6); values are JSON when they parse as JSON."""
    name, sep, raw = text.partition("=")
    family, dot, knob = name.partition(".")
    if not (sep and dot and family and knob):
        raise ConfigError(f"--knob {text!r} must look like FAMILY.KNOB=VALUE, e.g. color_grid.rows=6")
    try:
        value = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    return family, knob, value
