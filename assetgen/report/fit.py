"""The psychometric curve of a sweep: a two-parameter logistic in the knob's level, fitted by maximum
likelihood with Newton steps (IRLS) on the per-level counts.

Hand-written with numpy (scipy is not a dependency, and this is thirty lines): the level is standardised,
the slope gets a weak ridge prior (RIDGE) so that data separated perfectly (all right below some level,
all wrong above) still give a finite, centred curve instead of an infinite slope, and the direction
comes out of the slope's sign (accuracy may fall or rise with a knob). Whether the curve changes at all is
a likelihood-ratio test against a constant accuracy; a flat curve gives no 50% or 90% level."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

RIDGE = 0.05  # prior precision on the slope per standard deviation of the level: a weak pull towards flat
FLAT_P = 0.05  # slope not significant at this level: the curve is called flat
STEPS = 100


@dataclass(frozen=True)
class Logistic:
    """accuracy(level) = 1 / (1 + exp(-(intercept + slope * level)))."""

    intercept: float
    slope: float
    p_flat: float  # likelihood-ratio test of slope 0 (chi-square, 1 df)
    low: float  # the swept range
    high: float

    def predict(self, level):
        return 1.0 / (1.0 + np.exp(-(self.intercept + self.slope * np.asarray(level, dtype=float))))

    @property
    def flat(self) -> bool:
        return self.p_flat >= FLAT_P or self.slope == 0

    @property
    def direction(self) -> str:
        return "flat" if self.flat else "falling" if self.slope < 0 else "rising"

    def level_at(self, accuracy: float) -> float | None:
        """The level where the curve crosses `accuracy`, when it does inside the swept range (no extrapolation)."""
        if self.flat:
            return None
        level = (math.log(accuracy / (1 - accuracy)) - self.intercept) / self.slope
        return level if self.low <= level <= self.high else None


def _loglik(eta: np.ndarray, right: np.ndarray, total: np.ndarray) -> float:
    # log p = -log(1 + e^-eta), log(1 - p) = -log(1 + e^eta), both stable through logaddexp
    return float(np.sum(-right * np.logaddexp(0, -eta) - (total - right) * np.logaddexp(0, eta)))


def fit_logistic(levels, right, total, ridge: float = RIDGE) -> Logistic | None:
    """Fit per-level counts (`right` of `total` at each level). None without two levels that have answers."""
    x, k, n = (np.asarray(v, dtype=float) for v in (levels, right, total))
    keep = n > 0
    x, k, n = x[keep], k[keep], n[keep]
    if len(np.unique(x)) < 2:
        return None
    mean, sd = float(x.mean()), float(x.std())
    z = (x - mean) / sd
    design = np.column_stack([np.ones_like(z), z])
    penalty = np.diag([0.0, ridge])
    share = np.clip(k.sum() / n.sum(), 1e-6, 1 - 1e-6)
    beta = np.array([math.log(share / (1 - share)), 0.0])

    def objective(b: np.ndarray) -> float:
        return _loglik(design @ b, k, n) - 0.5 * ridge * b[1] ** 2

    for _ in range(STEPS):
        p = 1.0 / (1.0 + np.exp(-(design @ beta)))
        gradient = design.T @ (k - n * p) - penalty @ beta
        hessian = design.T @ (design * (n * p * (1 - p))[:, None]) + penalty + 1e-9 * np.eye(2)
        step = np.linalg.solve(hessian, gradient)
        before, scale = objective(beta), 1.0
        while objective(beta + scale * step) < before - 1e-12 and scale > 1e-6:  # halve until it improves
            scale /= 2
        beta = beta + scale * step
        if np.max(np.abs(scale * step)) < 1e-10:
            break
    # the constant model's maximum is the pooled share; the test compares likelihoods, not penalised ones
    constant = _loglik(np.full_like(z, math.log(share / (1 - share))), k, n)
    statistic = max(0.0, 2 * (_loglik(design @ beta, k, n) - constant))
    p_flat = math.erfc(math.sqrt(statistic / 2))  # chi-square survival with one degree of freedom
    slope = float(beta[1] / sd)
    return Logistic(float(beta[0] - slope * mean), slope, p_flat, float(x.min()), float(x.max()))


def crossing(fit: Logistic | None, accuracy: float, knob: str) -> str:
    """One line on where the curve crosses `accuracy`, or plainly why it gives no level."""
    target = f"{accuracy:.0%}"
    if fit is None:
        return f"{target}: no curve (fewer than two levels with answers)"
    if fit.flat:
        return f"{target}: none — the curve is flat (accuracy does not change with {knob}; p = {fit.p_flat:.2g})"
    level = fit.level_at(accuracy)
    if level is not None:
        return f"{target}: at {knob} ≈ {level:.3g}"
    ends = fit.predict([fit.low, fit.high])
    side = "above" if min(ends) > accuracy else "below"
    return (f"{target}: not crossed between {fit.low:g} and {fit.high:g} — the fitted accuracy stays {side} "
            f"{target} ({ends[0]:.0%} → {ends[1]:.0%})")
