"""The few statistics a report needs: Wilson and clustered-bootstrap intervals, and the exact McNemar test.

Written out here (a dozen lines each) rather than pulling in scipy for them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

Z95 = 1.959963984540054  # the standard normal's 97.5% quantile
BOOTSTRAP_RESAMPLES = 2000
BOOTSTRAP_SEED = 0  # a fixed seed: the same run always reports the same interval


def wilson(right: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for `right` successes out of `n` (95% by default); (0, 1) when n is 0.
    `right` may be fractional: a pooled share times a number of clusters."""
    if n <= 0:
        return 0.0, 1.0
    p = right / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    denominator = 1 + z * z / n
    return max(0.0, (centre - spread) / denominator), min(1.0, (centre + spread) / denominator)


def cluster_bootstrap(clusters: Sequence[tuple[int, int]], *, resamples: int = BOOTSTRAP_RESAMPLES,
                      seed: int = BOOTSTRAP_SEED) -> tuple[float, float]:
    """95% percentile interval of the pooled accuracy when whole clusters (one case's repeated answers,
    given as (right, answered)) are resampled with replacement, so repeats of one case do not count as
    independent evidence. When every resample agrees (all right or all wrong) the bootstrap has seen no
    variation it could show, so the Wilson interval over the number of clusters is returned instead."""
    clusters = [(r, n) for r, n in clusters if n > 0]
    if not clusters:
        return 0.0, 1.0
    right = np.array([r for r, _ in clusters], dtype=np.int64)
    answered = np.array([n for _, n in clusters], dtype=np.int64)
    rng = np.random.default_rng(seed)
    picks = rng.integers(0, len(clusters), size=(resamples, len(clusters)))
    rates = right[picks].sum(axis=1) / answered[picks].sum(axis=1)
    low, high = np.quantile(rates, [0.025, 0.975])
    if low == high:
        share = right.sum() / answered.sum()
        return wilson(float(share) * len(clusters), len(clusters))
    return float(low), float(high)


def mcnemar_exact(right_to_wrong: int, wrong_to_right: int) -> float:
    """Two-sided exact McNemar p-value on paired answers: under 'no difference' each discordant pair is
    equally likely to go either way, so the smaller count is a Binomial(b + c, 1/2) tail, doubled."""
    n = right_to_wrong + wrong_to_right
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, i) for i in range(min(right_to_wrong, wrong_to_right) + 1))
    return min(1.0, 2 * tail / 2**n)
