"""Boss bullet patterns (gunner/patterns.py): counts, angles and speeds of each volley."""

from __future__ import annotations

import math

import numpy as np
import pytest

from gunner import patterns


def angles(v: np.ndarray) -> np.ndarray:
    return np.arctan2(v[:, 1], v[:, 0])


def speeds(v: np.ndarray) -> np.ndarray:
    return np.hypot(v[:, 0], v[:, 1])


@pytest.mark.parametrize("count", [1, 2, 5, 21])
def test_a_fan_has_its_count_at_its_speed_spread_evenly_about_its_centre(count):
    v = patterns.fan(count, math.pi / 2, 1.0, 200.0)
    assert v.shape == (count, 2)
    assert np.allclose(speeds(v), 200.0)
    a = angles(v)
    assert math.isclose(a.mean(), math.pi / 2, abs_tol=1e-9)
    if count > 1:
        assert math.isclose(a.max() - a.min(), 1.0, abs_tol=1e-9)
        assert np.allclose(np.diff(a), 1.0 / (count - 1))


def test_an_empty_fan_or_ring_is_empty():
    assert patterns.fan(0, 0.0, 1.0, 100.0).shape == (0, 2)
    assert patterns.ring(0, 100.0).shape == (0, 2)


def test_a_ring_covers_the_circle_evenly():
    v = patterns.ring(8, 150.0, offset=0.1)
    a = np.sort(np.mod(angles(v) - 0.1, 2 * math.pi))
    assert np.allclose(a, np.arange(8) * math.pi / 4, atol=1e-9)
    assert np.allclose(v.sum(axis=0), 0.0, atol=1e-9)  # balanced: no direction favoured


def test_a_spiral_turns_by_its_step_each_volley():
    first = patterns.spiral(0, 5, 0.2, 150.0)
    third = patterns.spiral(2, 5, 0.2, 150.0)
    assert len(first) == len(third) == 5
    turned = np.mod(angles(third) - angles(first), 2 * math.pi)
    assert np.allclose(turned, 0.4)


def test_an_aimed_burst_is_centred_on_its_target():
    v = patterns.aimed_burst(100.0, 50.0, 20.0, 110.0, 5, 0.2, 180.0)
    middle = v[2]
    assert math.isclose(math.atan2(middle[1], middle[0]), math.atan2(60.0, -80.0), abs_tol=1e-9)
    assert np.allclose(speeds(v), 180.0)


def test_rain_leaves_a_gap_where_it_is_told_and_nowhere_else():
    xs = patterns.rain(0.0, 400.0, 20.0, gap_at=200.0, gap=60.0)
    assert not np.any(np.abs(xs - 200.0) <= 30.0)
    gaps = np.diff(xs)
    assert np.count_nonzero(gaps > 20.0 + 1e-9) == 1  # one hole, the rest evenly spaced
    assert xs.min() >= 0.0 and xs.max() < 400.0
    shifted = patterns.rain(0.0, 400.0, 20.0, gap_at=200.0, gap=60.0, phase=10.0)
    assert math.isclose(shifted[0], 10.0)


def test_a_wave_sweeps_back_and_forth():
    centres = [angles(patterns.wave(3, 0.0, 0.2, 100.0, k, 0.5))[1] for k in range(9)]
    assert math.isclose(centres[0], -0.5) and math.isclose(centres[4], 0.5)
    assert math.isclose(centres[8], -0.5)
