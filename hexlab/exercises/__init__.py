"""Exercises the rules grade: the engine sets a question about a position and grades the answer.

    >>> import hexlab.exercises as ex
    >>> e = ex.generate("memoir44", "reach", seed=3)        # doctest: +SKIP
    >>> e.check(["5,3", "6,3"])                            # doctest: +SKIP

:mod:`.model` holds the exercise and its grade; :mod:`.kinds` is the table of kinds, whose answers
:mod:`.places`, :mod:`.units` and :mod:`.numbers` ask of the engine (through :mod:`.ask`); :mod:`.generate` picks
positions worth asking about; :mod:`.sheet` keeps a notebook's answers and prints a teacher's list;
:mod:`.nbgrader` writes an nbgrader assignment; :mod:`.seat` makes the copy a student may hold (no unit hidden
from their seat). The widget is :func:`widget` (``hexlab.widgets.exercise``; it needs
the widget libraries).
"""

from __future__ import annotations

from typing import Any

from .generate import generate, generate_many
from .kinds import KINDS, kinds_for, make
from .model import Exercise, Grade, Mistake, Why
from .seat import student_copy
from .sheet import Sheet, summary

__all__ = ["KINDS", "Exercise", "Grade", "Mistake", "Sheet", "Why", "check", "generate", "generate_many", "kinds_for",
           "make", "student_copy", "summary", "widget"]


def check(exercise: Exercise, answer: Any, sheet: Sheet | None = None) -> Grade:
    """Grade an answer given in code and keep it on the notebook's sheet (as the widget's Check button does)."""
    return summary(sheet).record(exercise, answer)


def widget(exercise: Exercise, sheet: Sheet | None = None, **kwargs: Any) -> Any:
    """The exercise on the map, to answer by clicking or with the keyboard
    (:class:`hexlab.widgets.exercise.ExerciseView`)."""
    from ..widgets.exercise import ExerciseView

    return ExerciseView(exercise, sheet=sheet, **kwargs)
