"""A notebook's answers, kept in the notebook (no server), and a teacher's list of exercises.

Each widget records the answers it checks on a :class:`Sheet` (the notebook's own, :data:`SHEET`, unless it is
given another); :func:`summary` shows how the notebook's exercises went. :func:`to_markdown` and :func:`to_json`
print a list of exercises with their answers, for the command ``hexlab exercises``.
"""

from __future__ import annotations

import html
import json
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .model import SET_TYPES, Exercise, Grade


@dataclass
class Attempt:
    exercise: Exercise
    answer: Any
    grade: Grade


@dataclass(repr=False)
class Sheet:
    """Every answer checked in a notebook, in order; the last answer to an exercise is the one that counts."""

    attempts: list[Attempt] = field(default_factory=list)

    def record(self, exercise: Exercise, answer: Any) -> Grade:
        """Grade ``answer`` and keep it."""
        grade = exercise.check(answer)
        self.attempts.append(Attempt(exercise, answer, grade))
        return grade

    def latest(self) -> list[Attempt]:
        """The last attempt at each exercise, in the order the exercises were first tried."""
        last: dict[str, Attempt] = {}
        for a in self.attempts:
            last[a.exercise.dumps()] = a
        return list(last.values())

    @property
    def score(self) -> Fraction:
        latest = self.latest()
        return sum((a.grade.score for a in latest), Fraction(0)) / len(latest) if latest else Fraction(0)

    def __str__(self) -> str:
        latest = self.latest()
        if not latest:
            return "No exercise answered yet."
        lines = [f"{len(latest)} exercise{'s' if len(latest) != 1 else ''}, {sum(a.grade.correct for a in latest)} right, "
                 f"average score {float(self.score):.0%} (the last answer to each counts)."]
        for i, a in enumerate(latest, 1):
            mark = "right" if a.grade.correct else f"{float(a.grade.score):.0%}"
            lines.append(f"{i}. [{a.exercise.ruleset}/{a.exercise.kind}] {a.exercise.question} {mark}")
            lines += [f"   - {m}" for m in a.grade.mistakes]
        return "\n".join(lines)

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        return "<pre>" + html.escape(str(self)) + "</pre>"

    def to_data(self) -> list[dict[str, Any]]:
        return [{"exercise": a.exercise.to_data(), "answer": _plain(a.answer), "grade": a.grade.to_data()}
                for a in self.attempts]

    def clear(self) -> None:
        self.attempts.clear()


SHEET = Sheet()
"""The notebook's sheet: widgets made without a sheet of their own record here."""


def summary(sheet: Sheet | None = None) -> Sheet:
    """The notebook's answers so far (shown as a summary when it is the cell's result)."""
    return sheet if sheet is not None else SHEET


def _plain(answer: Any) -> Any:
    if isinstance(answer, (list, tuple, set, frozenset)):
        return sorted(str(a) for a in answer)
    return answer if isinstance(answer, (int, float, str)) or answer is None else str(answer)


def to_markdown(exercises: list[Exercise], answers: bool = True) -> str:
    """A teacher's list: each question, its scenario and position, and (with ``answers``) the answer and the
    clause behind each item."""
    lines = []
    for i, ex in enumerate(exercises, 1):
        lines.append(f"{i}. **{ex.question}**  ")
        lines.append(f"   _{ex.scenario}, seed {ex.seed}, after {len(ex.history)} steps_  ")
        if ex.answer_type == "choice":
            lines.append(f"   Choices: {'; '.join(ex.choices)}  ")
        if answers:
            lines.append(f"   Answer: {ex.answer_text()}  ")
            if ex.answer_type in SET_TYPES:
                groups: dict[str, list[str]] = {}
                for k in ex.candidates:
                    if k not in ex.expected:
                        groups.setdefault(ex.why[k].clause, []).append(k)
                for clause, items in sorted(groups.items(), key=lambda g: (len(g[1]), g[0])):
                    shown = ", ".join(items[:6]) + (f" and {len(items) - 6} more" if len(items) > 6 else "")
                    lines.append(f"   - not {shown} [{clause}]: {ex.why[items[0]].reason}  ")
            elif "answer" in ex.why:
                lines.append(f"   Why: {ex.why['answer'].reason} [{ex.why['answer'].clause}]  ")
        lines.append("")
    return "\n".join(lines)


def to_json(exercises: list[Exercise], student: bool = False) -> str:
    """The exercises as JSON: the teacher's copies (each position's seed and actions), or with ``student`` the
    copies a student may hold (:func:`hexlab.exercises.seat.student_copy`: no unit hidden from their seat)."""
    if student:
        from .seat import student_copy

        exercises = [student_copy(ex) for ex in exercises]
    return json.dumps([ex.to_data() for ex in exercises], indent=1)
