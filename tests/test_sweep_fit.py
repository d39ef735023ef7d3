"""The sweep's logistic fit on synthetic data with known parameters, and what it says when it has no level."""

from __future__ import annotations

import math

import numpy as np
import pytest

from assetgen.report.fit import crossing, fit_logistic

LEVELS = np.arange(0, 13)


def curve(a: float, b: float, levels=LEVELS) -> np.ndarray:
    return 1 / (1 + np.exp(-(a + b * levels)))


@pytest.mark.parametrize(("a", "b"), [(3.0, -0.5), (-4.0, 0.8), (1.0, -2.0)])
def test_exact_expected_counts_recover_the_parameters(a, b):
    total = np.full(len(LEVELS), 100_000.0)
    fit = fit_logistic(LEVELS, curve(a, b) * total, total)
    assert fit.intercept == pytest.approx(a, rel=1e-3)
    assert fit.slope == pytest.approx(b, rel=1e-3)
    assert fit.level_at(0.5) == pytest.approx(-a / b, abs=1e-2)
    assert fit.direction == ("falling" if b < 0 else "rising")


def test_binomial_draws_land_near_the_true_levels():
    a, b = 3.0, -0.5  # 50% at 6, 90% at (ln 9 - 3) / -0.5 = 1.61
    rng = np.random.default_rng(7)
    total = np.full(len(LEVELS), 200)
    fit = fit_logistic(LEVELS, rng.binomial(total, curve(a, b)), total)
    assert fit.level_at(0.5) == pytest.approx(6.0, abs=0.4)
    assert fit.level_at(0.9) == pytest.approx((math.log(9) - a) / b, abs=0.6)
    assert fit.p_flat < 1e-6


def test_perfect_separation_stays_finite_and_puts_50_percent_between_the_levels():
    fit = fit_logistic([1, 2, 3, 4, 5], [4, 4, 4, 0, 0], [4] * 5)
    assert math.isfinite(fit.slope) and fit.slope < 0
    assert 3 < fit.level_at(0.5) < 4
    assert fit.level_at(0.9) < fit.level_at(0.5)  # falling: 90% comes at an easier level
    # two cases a level, wrong only at the first: the prior must not smooth the step away
    few = fit_logistic([0, 1, 2, 4, 6], [0, 2, 2, 2, 2], [2] * 5)
    assert few.direction == "rising" and 0 < few.level_at(0.5) < 1


def test_flat_data_give_no_level_and_say_so():
    fit = fit_logistic([1, 2, 3, 4, 5], [2, 3, 2, 3, 2], [4] * 5)
    assert fit.flat and fit.level_at(0.5) is None
    assert "flat" in crossing(fit, 0.5, "rows") and "≈" not in crossing(fit, 0.5, "rows")
    wrong = fit_logistic([1, 2, 3], [0, 0, 0], [5, 5, 5])
    assert wrong.flat and wrong.level_at(0.5) is None


def test_a_curve_that_does_not_cross_in_range_gives_no_number():
    total = np.full(5, 10_000.0)
    levels = np.array([1, 2, 3, 4, 5])
    fit = fit_logistic(levels, curve(9.0, -0.8, levels) * total, total)  # 50% at 11.25, outside 1..5
    assert fit.level_at(0.5) is None
    assert "not crossed between 1 and 5" in crossing(fit, 0.5, "rows")
    assert "above 50%" in crossing(fit, 0.5, "rows")


def test_too_little_data_gives_no_fit():
    assert fit_logistic([3, 3], [1, 2], [2, 2]) is None
    assert fit_logistic([1, 2], [0, 1], [0, 2]) is None  # one level without answers
    assert "no curve" in crossing(None, 0.5, "rows")


def test_the_figure_draws_every_count_wilson_gives():
    """Wilson's bound at 0 of 3 comes out as 5e-17, a hair above the point: the error bar must still draw."""
    from assetgen.report.stats import wilson
    from assetgen.report.sweep_record import LevelResult, SeriesResult, SweepResult
    from assetgen.report.sweep_view import plot

    levels = [LevelResult(level=n * 10 + k, cases=n, answered=n, right=k, accuracy=k / n, low=wilson(k, n)[0],
                          high=wilson(k, n)[1]) for n in range(1, 8) for k in range(n + 1)]
    series = SeriesResult(family="color_grid", knob="rows", levels=levels, fit=None, summary="")
    result = SweepResult(endpoint="e", model="m", run="r", suite="s", per_level=1, seed=0, variants=1,
                         series=[series])
    assert plot(result)[:4] == b"\x89PNG"
