"""sweep.json and plan.json: the typed records a sweep writes, and the analysis of a graded sweep run
(per-level accuracy with Wilson intervals, worst case over variants, the logistic fit)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from assetgen.errors import ConfigError
from assetgen.report.fit import crossing, fit_logistic
from assetgen.report.run_report import RunReport
from assetgen.report.stats import wilson

SWEEP_VERSION = 1


class PlannedCase(BaseModel):
    model_config = ConfigDict(extra="forbid")

    case_id: str = Field(description="Id of the case in the sweep's suite.")
    series: str = Field(description="The series it measures, FAMILY.KNOB.")
    level: float = Field(description="The knob's level the case was drawn at.")
    base: str = Field(description="Case id of variant 0 of this case (itself without --variants).")


class SweepPlan(BaseModel):
    """plan.json: what a sweep folder holds; a rerun of another sweep into the folder is refused."""

    model_config = ConfigDict(extra="forbid")

    format_version: int = Field(SWEEP_VERSION, description="Version of this record.")
    spec: dict[str, Any] = Field(description="The sweep as asked: series, levels, per_level, seed, variants, "
                                 "endpoint (without credentials), model and request options.")
    cases: list[PlannedCase] = Field(description="Every case of the suite with its series and level.")


class LevelResult(BaseModel):
    model_config = ConfigDict(extra="forbid")

    level: float = Field(description="The knob's value.")
    cases: int = Field(description="Cases drawn at this level (every variant counted).")
    answered: int = Field(description="Answers that came back (transport errors left out).")
    right: int = Field(description="Perfect answers.")
    accuracy: float | None = Field(description="right / answered; None when nothing was answered.")
    low: float = Field(description="95% Wilson interval, lower bound.")
    high: float = Field(description="95% Wilson interval, upper bound.")
    worst_right: int | None = Field(None, description="With variants: cases whose every variant was right.")
    worst_cases: int | None = Field(None, description="With variants: cases whose every variant was answered.")


class FitResult(BaseModel):
    model_config = ConfigDict(extra="forbid")

    intercept: float = Field(description="a in accuracy = 1 / (1 + exp(-(a + b * level))).")
    slope: float = Field(description="b, per unit of the level; its sign is the direction.")
    p_flat: float = Field(description="Likelihood-ratio test p-value of a constant accuracy (slope 0).")
    direction: str = Field(description="'falling', 'rising' or 'flat' (p_flat >= 0.05).")
    level_50: float | None = Field(description="Level at 50% fitted accuracy; None when not crossed in range "
                                   "or flat (see statement_50).")
    level_90: float | None = Field(description="Level at 90% fitted accuracy; None likewise.")
    statement_50: str = Field(description="One line: where 50% is crossed, or why there is no such level.")
    statement_90: str = Field(description="One line: the same for 90%.")


class SeriesResult(BaseModel):
    model_config = ConfigDict(extra="forbid")

    family: str = Field(description="Generator family.")
    knob: str = Field(description="The knob swept.")
    fixed: dict[str, Any] = Field(default_factory=dict, description="Other knobs set for every level.")
    levels: list[LevelResult] = Field(description="Per level, in increasing order.")
    fit: FitResult | None = Field(description="The logistic fit; None with fewer than two answered levels.")
    summary: str = Field(description="One line: the curve's direction and the 50%/90% levels, or why none.")


class SweepResult(BaseModel):
    """sweep.json: accuracy against a knob's level, per family, with the fit."""

    model_config = ConfigDict(extra="forbid")

    format_version: int = Field(SWEEP_VERSION, description="Version of this record.")
    preset: str | None = Field(None, description="The --preset the series came from, if any.")
    endpoint: str = Field(description="Endpoint asked (no credentials); the built-in one's loopback URL.")
    model: str = Field(description="Model asked (scrubbed).")
    run: str = Field(description="The run folder, relative to the sweep folder: its reports hold every answer.")
    suite: str = Field(description="The suite folder, relative to the sweep folder.")
    per_level: int = Field(description="Base cases per level.")
    seed: int = Field(description="Suite seed.")
    variants: int = Field(description="Variants per case (1: none); worst-case counts need all right.")
    series: list[SeriesResult] = Field(description="One curve per family and knob.")


def read_plan(path: Path) -> SweepPlan | None:
    if not path.exists():
        return None
    try:
        return SweepPlan.model_validate_json(path.read_bytes())
    except ValueError as exc:
        raise ConfigError(f"{path} is not a sweep plan: {str(exc).splitlines()[0]}") from None


def _series_summary(family: str, knob: str, fit, levels: list[LevelResult]) -> str:
    answered = [lv for lv in levels if lv.answered]
    if not answered:
        return f"{family}: no answers"
    if all(lv.right == lv.answered for lv in answered):
        return f"{family}: flat — every answer right at every {knob} level; no 50% or 90% level"
    if not any(lv.right for lv in answered):
        return f"{family}: flat — every answer wrong at every {knob} level; no 50% or 90% level"
    if fit is None:
        return f"{family}: one level answered; no curve"
    if fit.flat:
        return (f"{family}: flat — accuracy does not change significantly with {knob} (p = {fit.p_flat:.2g}); "
                "no 50% or 90% level")
    return f"{family}: {fit.direction} with {knob}; {crossing(fit, 0.5, knob)}; {crossing(fit, 0.9, knob)}"


def analyse(report: RunReport, plan: SweepPlan, series: list[tuple[str, str, dict]], *, preset: str | None,
            run: str, suite: str) -> SweepResult:
    """Per series and level: accuracy (all answers, every variant), worst case over variants, the fit."""
    grades: dict[str, list[str]] = {}
    for record, grade in report.grades:
        grades.setdefault(record.case_id, []).append(grade.verdict)
    spec = plan.spec
    out = []
    for family, knob, fixed in series:
        name = f"{family}.{knob}"
        cases = [c for c in plan.cases if c.series == name]
        levels = []
        for level in sorted({c.level for c in cases}):
            here = [c for c in cases if c.level == level]
            verdicts = [v for c in here for v in grades.get(c.case_id, [])]
            answered = [v for v in verdicts if v != "error"]
            right = sum(v == "correct" for v in answered)
            low, high = wilson(right, len(answered))
            worst_right = worst_cases = None
            if spec["variants"] > 1:
                groups: dict[str, list[str]] = {}
                for c in here:
                    groups.setdefault(c.base, []).extend(grades.get(c.case_id, ["error"]))
                whole = [g for g in groups.values() if g and "error" not in g]
                worst_cases, worst_right = len(whole), sum(all(v == "correct" for v in g) for g in whole)
            levels.append(LevelResult(level=level, cases=len(here), answered=len(answered), right=right,
                                      accuracy=right / len(answered) if answered else None, low=low, high=high,
                                      worst_right=worst_right, worst_cases=worst_cases))
        fit = fit_logistic([lv.level for lv in levels], [lv.right for lv in levels], [lv.answered for lv in levels])
        fitted = None if fit is None else FitResult(
            intercept=fit.intercept, slope=fit.slope, p_flat=fit.p_flat, direction=fit.direction,
            level_50=fit.level_at(0.5), level_90=fit.level_at(0.9), statement_50=crossing(fit, 0.5, knob),
            statement_90=crossing(fit, 0.9, knob))
        out.append(SeriesResult(family=family, knob=knob, fixed=fixed, levels=levels, fit=fitted,
                                summary=_series_summary(family, knob, fit, levels)))
    return SweepResult(preset=preset, endpoint=report.info.endpoint, model=report.info.model, run=run, suite=suite,
                       per_level=spec["per_level"], seed=spec["seed"], variants=spec["variants"], series=out)
