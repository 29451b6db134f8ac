"""More checks of hexlab.odds, the shared way every ruleset writes its exact chances, written to close the gaps
mutation testing found (``make mutation``): the numbers a student reads must be the exact ones."""

from __future__ import annotations

from fractions import Fraction

import pytest

from hexlab import odds
from hexlab.odds import Sweep, chance, fraction_str, is_fraction, number, parse_values, percent


def test_a_chance_is_written_as_a_percentage_and_optionally_the_exact_fraction():
    assert chance(Fraction(1, 8)) == "12.5%"
    assert chance("1/8", exact=True) == "12.5% (1/8)"
    assert chance(Fraction(2, 3), True) == "66.7% (2/3)"
    assert chance(0) == "0.0%" and chance(1) == "100.0%"
    assert chance(0, exact=True) == "0.0% (0/1)" and chance(1, exact=True) == "100.0% (1/1)"


def test_a_possible_chance_is_never_shown_as_impossible_or_certain():
    assert chance(Fraction(1, 10**6)) == "<0.1%"
    assert chance(Fraction(1, 10**6), exact=True) == "<0.1% (1/1000000)"
    assert chance(Fraction(10**6 - 1, 10**6)) == ">99.9%"
    assert chance(Fraction(10**6 - 1, 10**6), exact=True) == ">99.9% (999999/1000000)"
    assert chance(Fraction(1, 1000)) == "0.1%"  # big enough to show as it is
    assert chance(Fraction(999, 1000)) == "99.9%"


def test_expected_values_and_plain_percentages():
    assert number(Fraction(3, 2)) == "1.50"
    assert number("3/2", exact=True) == "1.50 (3/2)"
    assert number(2, exact=True) == "2.00"  # a whole number needs no fraction
    assert number(Fraction(-1, 3), True) == "-0.33 (-1/3)"
    assert percent(Fraction(1, 6)) == "16.7%"
    assert percent("1/6") == "16.7%"
    assert percent(1) == "100.0%"


def test_exact_fractions_are_written_a_over_b():
    assert fraction_str(Fraction(1, 6)) == "1/6"
    assert fraction_str(1) == "1/1" and fraction_str(0) == "0/1"
    assert is_fraction("1/6") and is_fraction("-2/3") and is_fraction("0/1")
    assert not is_fraction("1/6x") and not is_fraction("16.7%") and not is_fraction(Fraction(1, 6))
    assert not is_fraction(" 1/6")


def test_long_tails_are_folded_into_or_more():
    assert odds._capped([0, 1, 2], 3) == {0: "0", 1: "1", 2: "2"}
    assert odds._capped([0, 1, 2, 3, 4], 3) == {0: "0", 1: "1", 2: "2 or more", 3: "2 or more", 4: "2 or more"}
    assert odds._capped([0, 1, 2, 3], 4) == {0: "0", 1: "1", 2: "2", 3: "3"}
    assert odds._capped([5, 6, 7, 8], 2) == {5: "5", 6: "6 or more", 7: "6 or more", 8: "6 or more"}


def test_table_cells_total_and_blank():
    total = odds._total(["1/6", Fraction(1, 3), 0])
    assert total == Fraction(1, 2) and isinstance(total, Fraction)
    assert odds._total([]) == 0 and isinstance(odds._total([]), Fraction)
    assert odds._show(None, True) == "-" and odds._show(None, False) == "-"
    assert odds._show(Fraction(1, 8), True) == "1/8"
    assert odds._show(Fraction(1, 8), False) == "12.5%"


def test_sweep_values_from_the_command_line():
    assert parse_values("1-4") == ["1", "2", "3", "4"]
    assert parse_values("1..3") == ["1", "2", "3"]
    assert parse_values("3-1") == ["3", "2", "1"]
    assert parse_values("2-2") == ["2"]
    assert parse_values(" countryside, ,forest,town ") == ["countryside", "forest", "town"]
    assert parse_values("1,3-5") == ["1", "3", "4", "5"]
    assert parse_values("-2..1") == ["-2", "-1", "0", "1"]
    assert parse_values("") == []
    assert odds._natural_value("3") == 3 and odds._natural_value("-12") == -12
    assert odds._natural_value("3a") == "3a" and odds._natural_value(4) == 4


def test_a_heat_map_pivot_puts_each_chance_in_its_cell():
    rows = [{"a": 1, "b": "x", "p_hit": Fraction(1, 6), "p_miss": Fraction(5, 6)},
            {"a": 1, "b": "y", "p_hit": Fraction(1, 3)},
            {"a": 2, "b": "x", "p_hit": Fraction(1, 2)}]
    sweep = Sweep("test", ["a", "b"], [], ["p_hit", "p_miss"], rows)
    assert sweep.pivot() == ([1, 2], ["x", "y"], [[Fraction(1, 6), Fraction(1, 3)], [Fraction(1, 2), None]])
    assert sweep.pivot("p_miss") == ([1, 2], ["x", "y"], [[Fraction(5, 6), None], [None, None]])
    with pytest.raises(ValueError, match="^a pivot needs a sweep over exactly two parameters$"):
        Sweep("test", ["a"], [], ["p_hit"], rows).pivot()
