"""What a sweep builds: for each series (a family and one of its knobs) a few levels of the knob, and at
each level some seeded cases; `sweep_jobs` turns that into build jobs, each case's level recorded.

Levels are written LOW..HIGH[:STEP]: `2..8` (every int), `2..8:2`, `0..3:0.5`; float bounds without a step
give FLOAT_LEVELS evenly spaced levels."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field, replace
from typing import Any

from assetgen.errors import ConfigError
from assetgen.generate.jobs import Job
from assetgen.generate.registry import get_family
from assetgen.generate.rng import case_id
from assetgen.generate.variants import check_variants, variant_jobs
from assetgen.media.lang import lang_suffix

MAX_LEVELS = 50  # a range giving more is a typo (a missing step), not a sweep
MAX_CASES = 20_000
FLOAT_LEVELS = 5


@dataclass(frozen=True)
class Series:
    """One curve of a sweep: `knob` of `family` at `levels`, other knobs at `fixed` (else their defaults)."""

    family: str
    knob: str
    levels: tuple[float | int, ...]
    fixed: dict[str, Any] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return f"{self.family}.{self.knob}"


def _number(text: str, spec: str) -> int | float:
    try:
        return int(text)
    except ValueError:
        pass
    try:
        value = float(text)
    except ValueError:
        raise ConfigError(f"--knob {spec!r}: {text!r} is not a number; write NAME=LOW..HIGH[:STEP]") from None
    if not math.isfinite(value):
        raise ConfigError(f"--knob {spec!r}: {text!r} is not a finite number")
    return value


def parse_levels(text: str, spec: str | None = None) -> tuple[int | float, ...]:
    """'2..8' -> (2, ..., 8); '2..8:2' -> (2, 4, 6, 8); '0..2:0.5' -> (0.0, 0.5, ..., 2.0); '0.0..3.0' ->
    FLOAT_LEVELS levels. An empty range (LOW > HIGH), a step <= 0 or more than MAX_LEVELS levels is refused."""
    spec = spec or text
    bounds, colon, step_text = text.partition(":")
    low_text, dots, high_text = bounds.partition("..")
    if not dots or not low_text.strip() or not high_text.strip() or (colon and not step_text.strip()):
        raise ConfigError(f"--knob {spec!r}: levels must look like LOW..HIGH or LOW..HIGH:STEP, e.g. rows=2..8")
    low, high = _number(low_text.strip(), spec), _number(high_text.strip(), spec)
    step = _number(step_text.strip(), spec) if colon else None
    if low > high:
        raise ConfigError(f"--knob {spec!r}: the range is empty ({low} > {high})")
    if step is not None and step <= 0:
        raise ConfigError(f"--knob {spec!r}: the step must be > 0")
    integral = all(isinstance(v, int) for v in (low, high, step if step is not None else 1))
    if step is None and not integral:
        count = FLOAT_LEVELS if high > low else 1
        return tuple(round(low + (high - low) * k / max(1, count - 1), 10) for k in range(count))
    step = 1 if step is None else step
    count = math.floor((high - low) / step + 1e-9) + 1
    if count > MAX_LEVELS:
        raise ConfigError(f"--knob {spec!r}: {count} levels is too many (at most {MAX_LEVELS}); give a larger STEP")
    if integral:
        return tuple(int(low + k * step) for k in range(count))
    return tuple(round(low + k * step, 10) for k in range(count))


def parse_knob_range(text: str) -> tuple[str, tuple[int | float, ...]]:
    """'rows=2..8:2' -> ('rows', (2, 4, 6, 8))."""
    name, sep, levels = text.partition("=")
    if not sep or not name.strip() or "." in name:
        raise ConfigError(f"--knob {text!r} must look like NAME=LOW..HIGH[:STEP], e.g. rows=2..8")
    return name.strip(), parse_levels(levels.strip(), text)


def parse_fixed(texts: tuple[str, ...]) -> dict[str, Any]:
    """--set NAME=VALUE ...: knobs held for every level; values are JSON when they parse as JSON."""
    fixed: dict[str, Any] = {}
    for text in texts:
        name, sep, raw = text.partition("=")
        if not sep or not name.strip() or "." in name:
            raise ConfigError(f"--set {text!r} must look like NAME=VALUE, e.g. question=transcribe")
        try:
            fixed[name.strip()] = json.loads(raw)
        except json.JSONDecodeError:
            fixed[name.strip()] = raw
    return fixed


def check_series(series: Series) -> None:
    """One line naming the problem: a family without the knob (and its knobs), a knob that is no number,
    a level out of the knob's range."""
    family = get_family(series.family)
    knobs = {k.name: k for k in family.knobs}
    if series.knob not in knobs:
        valid = ", ".join(f"{k.name} ({k.describe_range()})" for k in family.knobs) or "none"
        raise ConfigError(f"{series.family} has no knob {series.knob!r}; its knobs: {valid}")
    if series.knob in series.fixed:
        raise ConfigError(f"{series.knob!r} is both swept and held with --set")
    knob = knobs[series.knob]
    if knob.kind not in ("int", "float"):
        raise ConfigError(f"{series.family}.{series.knob} is a {knob.kind} knob ({knob.describe_range()}); "
                          "a sweep needs a number")
    for level in series.levels:
        family.resolve_knobs({**series.fixed, series.knob: level})


@dataclass(frozen=True)
class Planned:
    """A case of a sweep: which series and level it measures, and which base case it is a variant of."""

    case_id: str
    series: str
    level: int | float
    base: str  # the case id of variant 0 (the case itself when there are no variants)


def sweep_jobs(series: list[Series], per_level: int, seed: int, variants: int = 1,
               langs: tuple[str, ...] = ("en",)) -> tuple[list[Job], list[Planned]]:
    """Jobs for every series, level and case (with `variants` > 1, that many variants of each), and what
    each case measures. Indices run on per family across series, so every case id is distinct. In several
    `langs` (issue #35) each case is asked in each, as its own series ('color_grid.gap [ja]'), same scenes."""
    if not 1 <= per_level <= 1000:
        raise ConfigError(f"--per-level {per_level} must be between 1 and 1000")
    if seed < 0:
        raise ConfigError(f"--seed {seed} must be >= 0")
    if variants != 1:
        check_variants(variants)
    if not series:
        raise ConfigError("a sweep needs at least one family and a --knob (or a --preset)")
    names = [s.name for s in series]
    if len(set(names)) != len(names):
        twice = sorted({n for n in names if names.count(n) > 1})
        raise ConfigError(f"a family is swept twice over one knob: {', '.join(twice)}")
    jobs: list[Job] = []
    planned: list[Planned] = []
    next_index: dict[str, int] = {}
    for s in series:
        check_series(s)
        family = get_family(s.family)
        for level in s.levels:
            knobs = family.resolve_knobs({**s.fixed, s.knob: level})
            for _ in range(per_level):
                index = next_index.get(s.family, 0)
                next_index[s.family] = index + 1
                base = case_id(s.family, seed, index)
                if variants > 1:
                    group = variant_jobs([(s.family, index, seed, knobs)], variants)
                else:
                    group = [Job(s.family, index, seed, dict(knobs))]
                for lang in langs:
                    suffix, name = lang_suffix(lang), s.name + ("" if lang == "en" else f" [{lang}]")
                    jobs += [replace(j, lang=lang) for j in group]
                    planned += [Planned(case_id(j.family, j.seed, j.index) + suffix, name, level, base + suffix)
                                for j in group]
    if len(jobs) > MAX_CASES:
        raise ConfigError(f"the sweep has {len(jobs)} cases (at most {MAX_CASES}); fewer levels or --per-level")
    return jobs, planned


# The telling knobs, over ranges where the reference endpoint's accuracy changes (measured: README), with
# few cases per level so the preset runs in minutes on a laptop. Clips go as 8 uniformly sampled frames
# (PRESET_REQUEST): seeing every frame, the reference endpoint counts pulses and bounces at any period or
# speed these families allow, and 8 frames is what a server sampling by container fps often shows.
PRESETS: dict[str, tuple[Series, ...]] = {
    "vision-limits": (
        Series("color_grid", "gap", (0, 1, 2, 4, 6), {"question": "grid", "cell": 40}),
        Series("text_card", "font_size", (10, 12, 14, 18, 22), {"question": "transcribe", "blur": 1.0}),
        Series("text_card", "blur", (0.0, 0.75, 1.5, 2.25, 3.0), {"question": "transcribe"}),
        Series("text_card", "noise", (0.0, 10.0, 20.0, 30.0, 40.0), {"question": "transcribe"}),
        Series("bar_chart", "bars", (4, 6, 8, 10, 12), {"question": "value"}),
        Series("bounce_count", "speed", (0.5, 1.5, 3.0, 4.5, 6.0)),
        Series("pulsing_circle", "period", (3, 5, 7, 9, 12)),
    ),
}
PRESET_PER_LEVEL = 2
PRESET_REQUEST = {"video_mode": "jpeg-sequence", "num_frames": 8}  # unless --video-mode or --num-frames is given


def preset(name: str) -> list[Series]:
    if name not in PRESETS:
        raise ConfigError(f"unknown preset {name!r}; presets: {', '.join(PRESETS)}")
    return list(PRESETS[name])
