"""Schema values a hostile map may carry: refused in one line, never a crash."""

from __future__ import annotations

from gunner.objects import Prop, coerce


def test_an_int_of_hundreds_of_digits_is_refused_not_a_crash():
    # pytmx turns type="int" values into Python ints itself, of any length.
    prop = Prop("int", 3, low=1, high=10000)
    value, problem = coerce("health", prop, int("1" * 400))
    assert value == 3
    assert problem is not None and "health" in problem and "whole number" in problem


def test_a_huge_whole_number_in_range_terms_is_still_compared_exactly():
    prop = Prop("int", 3, low=1, high=10000)
    assert coerce("health", prop, 10000) == (10000, None)
    value, problem = coerce("health", prop, 10001)
    assert value == 3 and problem is not None
