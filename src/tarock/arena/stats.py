"""Means and 95% confidence intervals over duplicate units.

The unit of observation is one **duplicate unit** (a deal with all its rotations, see
:mod:`tarock.arena.schedule`): a player type's value for a unit is its mean score per hand held
in that unit. Units are independent (each has its own deal), the rotations inside one are not,
so the interval is computed over units, never over single hands.

The interval is **Student's t**: ``mean ± t(0.975, N-1) · s / √N`` with ``s`` the sample standard
deviation (divisor ``N-1``). It is exact for normal data and, unlike the normal ``1.96 · s/√N``,
honest for the small N of quick runs; for large N the two agree (t(0.975, 200) = 1.972). With
N = 1 there is no spread to estimate and the bounds are ``None``.

For exactly two types the **paired difference** (first minus second, unit by unit) is the
sharper comparison: both types played the same cards, so the deal's luck cancels in the
difference, and its interval is the same t-interval over the per-unit differences.

A **ratio of two means over the same units** (how much of one difference another closes, such as
the search player's share of what the omniscient player gains, both against the heuristic on the
same deals) gets its interval by the delta method, paired: the ratio ``R = mean(x) / mean(y)``
has the standard error of the mean of the residuals ``x_i − R·y_i`` divided by ``|mean(y)|``.
Deals where seeing the cards is worth much tend to be those where the search gains much, so the
two are correlated, and pairing them gives a narrower interval than treating the two runs as
independent. The approximation needs ``mean(y)`` well away from zero (its interval clear of it).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

CONFIDENCE = 0.95


@dataclass(frozen=True)
class Interval:
    """A mean with its two-sided confidence interval over ``n`` units."""

    mean: float
    ci_low: float | None
    ci_high: float | None
    n: int
    sd: float | None = None  # sample standard deviation (None when n < 2)

    @property
    def half_width(self) -> float | None:
        if self.ci_low is None or self.ci_high is None:
            return None
        return (self.ci_high - self.ci_low) / 2

    def to_json(self, digits: int = 4) -> dict[str, Any]:
        def r(x: float | None) -> float | None:
            return None if x is None else round(x, digits)

        return {"mean": r(self.mean), "ci_low": r(self.ci_low), "ci_high": r(self.ci_high),
                "n": self.n}


def mean_interval(values: Sequence[float], confidence: float = CONFIDENCE) -> Interval:
    """Mean of ``values`` and its t-interval (bounds ``None`` for a single value)."""
    n = len(values)
    if n == 0:
        raise ValueError("no values")
    mean = math.fsum(values) / n
    if n == 1:
        return Interval(mean, None, None, 1)
    sd = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1))
    half = t_quantile(0.5 + confidence / 2, n - 1) * sd / math.sqrt(n)
    return Interval(mean, mean - half, mean + half, n, sd)


def paired_difference(first: Sequence[float], second: Sequence[float],
                      confidence: float = CONFIDENCE) -> Interval:
    """Mean of ``first[i] - second[i]`` with its t-interval."""
    if len(first) != len(second):
        raise ValueError("paired samples must have the same length")
    return mean_interval([a - b for a, b in zip(first, second, strict=True)], confidence)


def ratio_of_means(x: Sequence[float], y: Sequence[float],
                   confidence: float = CONFIDENCE) -> Interval:
    """``mean(x) / mean(y)`` over the same units with its paired delta-method t-interval (see
    the module docstring); bounds ``None`` for a single unit."""
    n = len(x)
    if n != len(y):
        raise ValueError("paired samples must have the same length")
    if n == 0:
        raise ValueError("no values")
    my = math.fsum(y) / n
    if my == 0:
        raise ValueError("the denominator's mean is zero")
    ratio = math.fsum(x) / n / my
    if n == 1:
        return Interval(ratio, None, None, 1)
    residuals = mean_interval([a - ratio * b for a, b in zip(x, y, strict=True)])
    assert residuals.sd is not None
    half = t_quantile(0.5 + confidence / 2, n - 1) * residuals.sd / math.sqrt(n) / abs(my)
    return Interval(ratio, ratio - half, ratio + half, n, residuals.sd / abs(my))


# --------------------------------------------------------------------------------------------
# Student's t distribution, without SciPy


def t_cdf(x: float, df: float) -> float:
    """P(T ≤ x) for Student's t with ``df`` degrees of freedom."""
    if df <= 0:
        raise ValueError("degrees of freedom must be positive")
    tail = 0.5 * _betainc(df / 2, 0.5, df / (df + x * x))  # P(T > |x|)
    return 1 - tail if x >= 0 else tail


def t_quantile(p: float, df: float) -> float:
    """The ``p`` quantile of Student's t with ``df`` degrees of freedom (bisection on the CDF)."""
    if not 0 < p < 1:
        raise ValueError("p must lie strictly between 0 and 1")
    if p < 0.5:
        return -t_quantile(1 - p, df)
    lo, hi = 0.0, 1.0
    while t_cdf(hi, df) < p:
        hi *= 2
    for _ in range(200):
        mid = (lo + hi) / 2
        if t_cdf(mid, df) < p:
            lo = mid
        else:
            hi = mid
        if hi - lo <= 1e-12 * max(1.0, hi):
            break
    return (lo + hi) / 2


def _betainc(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b) (continued fraction, Lentz)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    log_front = (math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                 + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1) / (a + b + 2):
        return math.exp(log_front) * _beta_cf(a, b, x) / a
    return 1 - math.exp(log_front) * _beta_cf(b, a, 1 - x) / b


def _beta_cf(a: float, b: float, x: float) -> float:
    tiny = 1e-300
    c, d = 1.0, 1 - (a + b) * x / (a + 1)
    d = 1 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 500):
        m2 = 2 * m
        for num in (m * (b - m) * x / ((a + m2 - 1) * (a + m2)),
                    -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1))):
            d = 1 + num * d
            d = 1 / (d if abs(d) > tiny else tiny)
            c = 1 + num / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return h
