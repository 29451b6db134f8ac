"""hexlab.quiz, the "Try it" answer checker (issue 23, item 6): a right answer counts in any case, with any
spacing, as digits or words, and yes/no in any of its usual forms; a wrong one never does."""

from __future__ import annotations

import doctest
import json
import re
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from hexlab import quiz
from hexlab.quiz import as_number, as_words, as_yes_no, check, check_all, same


@pytest.mark.parametrize("answer", ["run away", "run_away", "Run-Away", " RUN AWAY ", "run  away.", "'run away'",
                                    "Run away!", "run - away", "run__away"])
def test_words_count_in_any_case_and_with_spaces_underscores_or_hyphens(answer):
    assert same(answer, "run_away")
    assert same(answer, "run away")


@pytest.mark.parametrize(("answer", "expected"), [("ouch", "run_away"), ("runaway", "run away"), ("run", "run away"),
                                                  ("turn", "turn ends"), ("", "ouch"), (2, "ouch")])
def test_other_words_are_not_right(answer, expected):
    assert not same(answer, expected)


@pytest.mark.parametrize("answer", [2, "2", " 2 ", "two", "Two", "TWO", 2.0, "2.0", Fraction(2), Decimal("2"), "2."])
def test_a_number_counts_as_digits_or_words(answer):
    assert same(answer, 2)
    assert same(answer, "2")
    assert same(answer, "two")


@pytest.mark.parametrize(("n", "word"), list(enumerate(quiz.UNITS)) + [(20, "twenty"), (21, "twenty-one"),
                                                                      (21, "Twenty one"), (35, "thirty_five"),
                                                                      (99, "ninety-nine"), (100, "a hundred"),
                                                                      (0, "none"), (12, "a dozen")])
def test_number_words_from_zero_to_a_hundred(n, word):
    assert as_number(word) == n
    assert same(word, n)
    assert same(str(n), word)


@pytest.mark.parametrize(("answer", "expected"), [(3, 2), ("three", 2), ("2 dice", 2), ("twenty two", 21),
                                                  ("one hundred and one", 101), ("", 0), ("-2", 2), (True, 1),
                                                  (False, 0), ("yes", 1), ("2/3", 2)])
def test_a_wrong_number_or_no_number_is_not_right(answer, expected):
    assert not same(answer, expected)


def test_negative_numbers_keep_their_sign():
    assert as_number("-3") == -3
    assert same("-3", -3)
    assert not same("3", -3)


@pytest.mark.parametrize("answer", [True, "yes", "Yes", "y", "Y", " YES ", "true", "True", "yes."])
def test_yes_counts_in_its_usual_forms(answer):
    assert same(answer, True)
    assert same(answer, "yes")
    assert not same(answer, False)
    assert not same(answer, "no")


@pytest.mark.parametrize("answer", [False, "no", "No", "n", "N", " NO ", "false", "False", "no!"])
def test_no_counts_in_its_usual_forms(answer):
    assert same(answer, False)
    assert same(answer, "no")
    assert not same(answer, True)
    assert not same(answer, "yes")


@pytest.mark.parametrize("answer", [1, 0, "1", "0", "maybe", "", "yesno", "not"])
def test_a_number_or_another_word_is_neither_yes_nor_no(answer):
    assert as_yes_no(answer) is None
    assert not same(answer, True)
    assert not same(answer, False)


@pytest.mark.parametrize("answer", ["11/36", " 11 / 36 ", "22/72", Fraction(11, 36), 11 / 36, "0.31", 0.31, "0.306",
                                    "30.6%", "31%", "0.3056", 0.3056])
def test_a_chance_counts_exactly_or_rounded_to_two_significant_digits_or_more(answer):
    assert same(answer, Fraction(11, 36))


@pytest.mark.parametrize("answer", ["0.3", 0.3, "30%", "0.32", "0.305", "1/3", "11/37", "11/0", 0.30, "3%"])
def test_a_chance_rounded_too_far_or_wrong_is_not_right(answer):
    assert not same(answer, Fraction(11, 36))


def test_float_arithmetic_noise_does_not_make_a_right_answer_wrong():
    assert same(0.1 + 0.2, Fraction(3, 10))
    assert same(0.1 + 0.2, "0.3")


def test_any_of_a_set_of_answers_counts():
    assert same("End of turn", {"turn ends", "end of turn"})
    assert same("turn-ends", {"turn ends", "end of turn"})
    assert not same("keep going", {"turn ends", "end of turn"})


def test_no_answer_is_never_right():
    assert not same(None, None)
    assert not same(None, "none")
    assert not same(None, 0)


def test_the_normal_forms():
    assert as_words("  Hit-and_Run! ") == "hit and run"
    assert as_words("5, 3") == "5,3"
    assert as_number("30.6%") == Decimal("0.306")
    assert as_number("eleven") == 11
    assert as_number("lots") is None
    assert as_number(True) is None
    assert as_number(float("nan")) is None


def test_check_prints_a_friendly_message_with_the_exercise_number(capsys):
    check("Two", 2, number=1)
    check(None, 2, number=2)
    check("three", 2, number=3)
    check("Ouch", "ouch", right="well done!")
    check("run away", "ouch", not_yet="not yet!")
    assert capsys.readouterr().out.splitlines() == ["1: right!", "2: no answer yet", "3: not quite: try again",
                                                    "well done!", "not yet!"]


def test_check_hints_at_the_kind_of_answer_wanted(capsys):
    check("lots", 3)
    check("maybe", True)
    check(3, "yes")
    check("ouch", {"run away", "ouch!"})
    out = capsys.readouterr().out.splitlines()
    assert out[0] == 'not quite: try again (the answer is a number, like 3 or "three")'
    assert out[1] == out[2] == 'not quite: try again (answer "yes" or "no")'
    assert out[3] == "right!"


def test_check_returns_nothing_so_a_cell_shows_no_out_line(capsys):
    assert check(2, 2) is None
    assert check_all([(2, 2)]) is None


def test_check_all_numbers_the_exercises_from_one(capsys):
    check_all([(None, 7), ("seven", 7), ("Yes", True), ("n", True)], right="well done!")
    assert capsys.readouterr().out.splitlines() == ["1: no answer yet", "2: well done!", "3: well done!",
                                                    '4: not quite: try again']


def test_the_modules_examples_run():
    result = doctest.testmod(quiz)
    assert result.attempted > 0 and result.failed == 0


def test_every_try_it_check_in_the_notebooks_marks_answers_with_hexlab_quiz():
    """The notebooks' exercises (a cell that sets ``answer_1 = None``) check answers through this module, so
    every notebook reads an answer the same forgiving way; none keeps a comparison of its own."""
    root = Path(__file__).resolve().parents[1] / "notebooks"
    checks = {}
    for path in sorted(root.glob("*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            source = "".join(cell["source"])
            if cell["cell_type"] == "code" and re.search(r"^answer_1 = None", source, re.MULTILINE):
                checks[path.name] = source
    assert checks, "no Try it checks found in the notebooks"
    for name, source in checks.items():
        assert "from hexlab.quiz import" in source, f"{name}: its Try it check does not use hexlab.quiz"
        assert "def same(" not in source and "== right" not in source, f"{name}: a comparison of its own"
