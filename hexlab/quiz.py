"""Checking the answers to the notebooks' "Try it" exercises, the way a teacher marks them.

A reader types an answer however comes naturally, and a right answer counts whatever its form:

- capitals, spaces around it, quotes and a full stop at the end don't matter, and inside an answer a
  space, an underscore and a hyphen are all the same: ``"Run away"`` is ``"run_away"`` is ``"Run-Away"``;
- a number may be digits or words, text or a number: ``2``, ``"2"``, ``"two"`` and ``"Two"`` are all 2
  (words from zero to ninety-nine, and a hundred): ``"twenty-one"`` and ``"twenty one"`` are 21;
- a chance may be a fraction (``"11/36"``, ``Fraction(11, 36)``, or ``11/36`` typed as Python, a float),
  or a decimal or a percentage rounded to at least two significant digits (``0.31``, ``"30.6%"``);
- yes and no may be ``"yes"``/``"y"``/``"true"``/``True`` and ``"no"``/``"n"``/``"false"``/``False``
  (but a number is never a yes or a no: ``1`` is not ``True`` here).

The kind of the expected answer decides how a reader's answer is read: yes or no, a number, or words.

    >>> from hexlab.quiz import check, same
    >>> same("Run-Away", "run_away"), same("Two", 2), same("y", True), same(" 11 / 36 ", Fraction(11, 36))
    (True, True, True, True)
    >>> check("twenty", 20, number=1)
    1: right!
    >>> check(None, 20, number=2)
    2: no answer yet
    >>> check("lots", 20, number=3)
    3: not quite: try again (the answer is a number, like 3 or "three")

``expected`` may also be a set of answers that all count (``{"turn ends", "end of turn"}``). The module is
pure Python (no widgets): the notebooks import it, and so can a worksheet or a test.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from numbers import Rational
from typing import Any

__all__ = ["as_number", "as_words", "as_yes_no", "check", "check_all", "same"]

RIGHT = "right!"
NOT_YET = "not quite: try again"
EMPTY = "no answer yet"

YES = frozenset({"yes", "y", "true", "t", "yep", "yeah"})
NO = frozenset({"no", "n", "false", "f", "nope"})

UNITS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
         "sixteen seventeen eighteen nineteen").split()
TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()
NUMBER_WORDS = {word: n for n, word in enumerate(UNITS)} | {word: 20 + 10 * i for i, word in enumerate(TENS)}
NUMBER_WORDS |= {"nought": 0, "none": 0, "nil": 0, "a dozen": 12, "hundred": 100, "a hundred": 100,
                 "one hundred": 100}

FLOAT_TOLERANCE = 1e-9
"""How near a Python float must be to the exact value (``11/36`` typed without quotes is a float)."""


def _trimmed(answer: Any) -> str:
    """The answer's text without the spaces, quotes and full stop (or ! or ?) around it, in lower case."""
    text = str(answer).strip().strip("\"'`").strip()
    return text.rstrip(".!?").strip().lower()


def as_words(answer: Any) -> str:
    """An answer as plain words: lower case, trimmed, and every run of spaces, underscores and hyphens inside
    it made one space (and no spaces around a comma or a slash). ``"Run-Away!"`` -> ``"run away"``."""
    text = re.sub(r"[\s_\-]+", " ", _trimmed(answer)).strip()
    return re.sub(r"\s*([,/:;])\s*", r"\1", text)  # "5, 3" is "5,3"


def as_yes_no(answer: Any) -> bool | None:
    """``True`` for a yes, ``False`` for a no, ``None`` for anything else (a number is neither)."""
    if isinstance(answer, bool):
        return answer
    if not isinstance(answer, str):
        return None
    text = as_words(answer)
    return True if text in YES else False if text in NO else None


def _spoken(text: str) -> int | None:
    """``"seven"`` -> 7, ``"twenty one"`` -> 21, ``"a hundred"`` -> 100; ``None`` when it is no number."""
    if text in NUMBER_WORDS:
        return NUMBER_WORDS[text]
    parts = text.split()
    if len(parts) == 2 and parts[0] in TENS and parts[1] in UNITS[1:10]:
        return NUMBER_WORDS[parts[0]] + NUMBER_WORDS[parts[1]]
    return None


def as_number(answer: Any) -> Fraction | Decimal | None:
    """An answer as a number, or ``None`` when it is not one.

    Whole numbers and fractions come back exact, as a :class:`~fractions.Fraction`; a number written with
    decimals, or as a percentage (``"0.31"``, ``0.31``, ``"30.6%"``), comes back as the
    :class:`~decimal.Decimal` it was written as, so that :func:`same` can tell how far it was rounded.
    ``True`` and ``False`` are not numbers."""
    if answer is None or isinstance(answer, bool):
        return None
    if isinstance(answer, Rational):  # int, Fraction
        return Fraction(answer)
    if isinstance(answer, float):
        return Decimal(repr(answer)) if answer == answer and abs(answer) != float("inf") else None
    if isinstance(answer, Decimal):
        return answer if answer.is_finite() else None
    if not isinstance(answer, str):
        return None
    spoken = _spoken(as_words(answer))
    if spoken is not None:
        return Fraction(spoken)
    text = re.sub(r"\s+", "", _trimmed(answer))
    percent = text.endswith("%")
    text = text.removesuffix("%")
    if not percent and re.fullmatch(r"[+-]?\d+(/\d+)?", text):
        try:
            return Fraction(text)
        except ZeroDivisionError:
            return None
    if re.fullmatch(r"[+-]?(\d+(\.\d*)?|\.\d+)", text):
        try:
            value = Decimal(text)
        except InvalidOperation:  # pragma: no cover (the pattern lets through only decimals)
            return None
        return value.scaleb(-2) if percent else value
    return None


def _rounded_from(typed: Decimal, exact: Fraction) -> bool:
    """Whether a decimal is the exact value rounded to the places it was written with, and says enough
    (two significant digits at least): ``0.31`` for 11/36 counts, ``0.3`` does not."""
    if len(typed.normalize().as_tuple().digits) < 2:
        return False
    places = max(0, -int(typed.as_tuple().exponent))
    exact_decimal = Decimal(exact.numerator) / Decimal(exact.denominator)
    return exact_decimal.quantize(Decimal(1).scaleb(-places)) == typed


def same(answer: Any, expected: Any) -> bool:
    """Whether ``answer`` means ``expected`` (see the module's notes for what counts as the same).

    ``expected`` is yes or no (``True``/``False``, or the words ``"yes"``/``"no"``), a number (an ``int``,
    a ``Fraction``, a ``float``, or text that is a number) or words; a set of expected answers counts any
    of them. ``None`` (no answer yet) is never right."""
    if isinstance(expected, (set, frozenset)):
        return any(same(answer, e) for e in expected)
    if answer is None:
        return False
    yes_no = as_yes_no(expected)
    if yes_no is not None:
        return as_yes_no(answer) is yes_no
    want = as_number(expected)
    if want is not None:
        got = as_number(answer)
        if got is None:
            return False
        exact = Fraction(want)
        if isinstance(answer, float) and abs(answer - float(exact)) <= FLOAT_TOLERANCE * max(1.0, abs(float(exact))):
            return True
        return Fraction(got) == exact or (isinstance(got, Decimal) and _rounded_from(got, exact))
    return as_words(answer) == as_words(expected)


def _hint(answer: Any, expected: Any) -> str:
    """A word on the kind of answer wanted, when the answer is not even of that kind."""
    if isinstance(expected, (set, frozenset)):
        return ""
    if as_yes_no(expected) is not None and as_yes_no(answer) is None:
        return ' (answer "yes" or "no")'
    if as_number(expected) is not None and as_number(answer) is None:
        return ' (the answer is a number, like 3 or "three")'
    return ""


def check(answer: Any, expected: Any, *, number: int | str | None = None, right: str = RIGHT,
          not_yet: str = NOT_YET, empty: str = EMPTY) -> None:
    """Print whether ``answer`` is right (:func:`same`), in a friendly word: ``right``, ``not_yet`` (with a
    hint when the answer is not even the kind wanted, a word for a number), or ``empty`` while the answer
    is still ``None``.

    ``number`` puts the exercise's number in front (``"3: right!"``); the three messages let a notebook keep
    its own voice (``right="well done!"``). Nothing is returned, so the check can end a notebook cell without
    an ``Out`` line; ask :func:`same` for a yes or no."""
    lead = f"{number}: " if number is not None else ""
    if answer is None:
        print(lead + empty)
    elif same(answer, expected):
        print(lead + right)
    else:
        print(lead + not_yet + _hint(answer, expected))


def check_all(checks: Iterable[tuple[Any, Any]], *, right: str = RIGHT, not_yet: str = NOT_YET,
              empty: str = EMPTY) -> None:
    """:func:`check` each ``(answer, expected)`` pair, numbered from 1."""
    for i, (given, expected) in enumerate(checks, 1):
        check(given, expected, number=i, right=right, not_yet=not_yet, empty=empty)
