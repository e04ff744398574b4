"""Means, t-intervals, the paired difference and the ratio of means on data with known answers."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tarock.arena.stats import (
    mean_interval,
    paired_difference,
    ratio_of_means,
    t_cdf,
    t_quantile,
)


@pytest.mark.parametrize(("df", "t"), [
    (1, 12.7062047), (2, 4.3026527), (5, 2.5705818), (10, 2.2281389), (30, 2.0422725),
    (199, 1.9719565),
])
def test_t_quantile_matches_tables(df: int, t: float):
    assert t_quantile(0.975, df) == pytest.approx(t, abs=1e-6)


def test_t_quantile_tends_to_the_normal():
    assert t_quantile(0.975, 1e7) == pytest.approx(1.959964, abs=1e-5)


def test_t_cdf_known_values():
    assert t_cdf(0.0, 3) == pytest.approx(0.5)
    assert t_cdf(-2.0, 4) == pytest.approx(0.0580583, abs=1e-7)
    assert t_cdf(1.0, 1) == pytest.approx(0.75)  # Cauchy: 1/2 + atan(1)/pi


@given(p=st.floats(0.001, 0.999), df=st.integers(1, 500))
def test_quantile_inverts_cdf(p: float, df: int):
    assert t_cdf(t_quantile(p, df), df) == pytest.approx(p, abs=1e-9)
    assert t_quantile(1 - p, df) == pytest.approx(-t_quantile(p, df), abs=1e-9)


def test_mean_interval_of_one_to_five():
    iv = mean_interval([1, 2, 3, 4, 5])
    half = 2.7764451 * math.sqrt(2.5) / math.sqrt(5)
    assert iv.n == 5
    assert iv.mean == 3
    assert iv.sd == pytest.approx(math.sqrt(2.5))
    assert iv.ci_low == pytest.approx(3 - half, abs=1e-6)
    assert iv.ci_high == pytest.approx(3 + half, abs=1e-6)
    assert iv.half_width == pytest.approx(half, abs=1e-6)
    assert iv.to_json() == {"mean": 3.0, "ci_low": round(3 - half, 4),
                            "ci_high": round(3 + half, 4), "n": 5}


def test_constant_data_has_a_zero_width_interval():
    iv = mean_interval([4.0] * 10)
    assert (iv.mean, iv.ci_low, iv.ci_high) == (4.0, 4.0, 4.0)


def test_a_single_unit_has_no_interval():
    iv = mean_interval([7.5])
    assert (iv.mean, iv.ci_low, iv.ci_high, iv.n) == (7.5, None, None, 1)
    assert iv.to_json() == {"mean": 7.5, "ci_low": None, "ci_high": None, "n": 1}
    with pytest.raises(ValueError):
        mean_interval([])


def test_paired_difference_cancels_the_shared_luck():
    luck = [100.0, -80.0, 30.0, -50.0, 0.0, 60.0]
    first = [x + 5 for x in luck]
    second = [x - 5 for x in luck]
    diff = paired_difference(first, second)
    assert diff.mean == pytest.approx(10)
    assert diff.ci_low == pytest.approx(10) and diff.ci_high == pytest.approx(10)
    # unpaired, the same data would give a wide interval
    assert mean_interval(first).half_width > 50
    with pytest.raises(ValueError):
        paired_difference([1.0], [1.0, 2.0])


def test_ratio_of_means_by_hand():
    iv = ratio_of_means([1, 3, 2], [2, 2, 4])
    assert iv.mean == pytest.approx(0.75)  # 2 / (8/3)
    # residuals x - 0.75 y: -0.5, 1.5, -1.0 (sd sqrt(1.75)); divided by mean(y) = 8/3
    half = 4.3026527 * math.sqrt(1.75) / math.sqrt(3) / (8 / 3)
    assert iv.ci_low == pytest.approx(0.75 - half, abs=1e-6)
    assert iv.ci_high == pytest.approx(0.75 + half, abs=1e-6)


def test_ratio_of_proportional_samples_is_exact():
    iv = ratio_of_means([1, -2, 3, 4], [2, -4, 6, 8])
    assert (iv.mean, iv.ci_low, iv.ci_high) == (0.5, 0.5, 0.5)


def test_ratio_of_means_covers_the_true_ratio():
    """Correlated samples with a known ratio of means (0.6): about 95% of the intervals hold
    it, and they are narrower than the delta method with the two means independent."""
    rng = random.Random(5)
    held = 0
    runs = 400
    for _ in range(runs):
        y = [rng.gauss(3, 4) for _ in range(150)]
        x = [0.6 * b + rng.gauss(0, 2) for b in y]
        iv = ratio_of_means(x, y)
        assert iv.ci_low is not None and iv.ci_high is not None
        held += iv.ci_low <= 0.6 <= iv.ci_high
        mx, my = mean_interval(x), mean_interval(y)
        assert mx.half_width is not None and my.half_width is not None
        independent = abs(iv.mean) * math.hypot(mx.half_width / mx.mean, my.half_width / my.mean)
        assert iv.half_width is not None and iv.half_width < independent
    assert 0.92 * runs <= held <= 0.98 * runs


def test_ratio_of_means_rejects_bad_samples():
    assert ratio_of_means([2.0], [4.0]).ci_low is None
    with pytest.raises(ValueError):
        ratio_of_means([1, 2], [1])
    with pytest.raises(ValueError):
        ratio_of_means([1, 2], [1, -1])
    with pytest.raises(ValueError):
        ratio_of_means([], [])
