"""An exercise the engine sets and grades: a position, a question, the engine's answer and the clause behind
each part of it.

An :class:`Exercise` is plain data: the scenario, the seed and the actions that lead to the position (so the
position is rebuilt exactly, and the exercise saves as JSON), the subject of the question, the answer the
engine gave, and for every item the student might pick the rule clause that decides it with a short reason.
:meth:`Exercise.check` compares a student's answer with that and returns a :class:`Grade`. Nothing here
decides a rule: the answers come from :mod:`hexlab.exercises.kinds`, which only asks the engine.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from fractions import Fraction
from typing import Any

from ..engine import Game, HexlabError
from ..hexes import Hex

ANSWER_TYPES = ("hexes", "units", "areas", "number", "choice")
"""What a student answers with: hexes, units or areas picked on the map, a number typed, or one choice."""

SET_TYPES = ("hexes", "units", "areas")


@dataclass(frozen=True)
class Why:
    """The clause that decides one item of an answer, and the reason in plain words."""

    clause: str
    reason: str


@dataclass(frozen=True)
class Mistake:
    """One wrong part of an answer: ``missed`` (in the answer, not picked), ``wrong`` (picked, not in the
    answer) or ``value`` (a number or choice that is not the answer)."""

    item: str
    how: str
    clause: str
    reason: str

    def __str__(self) -> str:
        what = {"missed": "missed", "wrong": "not allowed", "value": "not the answer"}[self.how]
        return f"{self.item}: {what}: {self.reason} [{self.clause}]"


@dataclass(frozen=True)
class Grade:
    """How an answer did: the items right, missed and wrong, each mistake with its clause, and a score from 0
    to 1 (the share of right items among those that are in the answer or were picked)."""

    right: tuple[str, ...]
    missed: tuple[str, ...]
    wrong: tuple[str, ...]
    mistakes: tuple[Mistake, ...]
    score: Fraction

    @property
    def correct(self) -> bool:
        return not self.mistakes

    def __str__(self) -> str:
        if self.correct:
            return f"Right ({len(self.right)} of {len(self.right)})." if self.right else "Right."
        lines = [f"Score {float(self.score):.0%}: {len(self.right)} right, {len(self.missed)} missed, "
                 f"{len(self.wrong)} wrong."]
        lines += [f"- {m}" for m in self.mistakes]
        return "\n".join(lines)

    def to_data(self) -> dict[str, Any]:
        return {"right": list(self.right), "missed": list(self.missed), "wrong": list(self.wrong),
                "mistakes": [asdict(m) for m in self.mistakes], "score": str(self.score), "correct": self.correct}


@dataclass(frozen=True)
class Exercise:
    """One question about one position, with the engine's answer.

    ``history`` is the game's history as :func:`hexlab.saves.history_data` writes it: the position is
    ``hexlab.load(scenario, seed)`` with it replayed (:meth:`game`). ``subject`` names what the question is
    about (``unit``, ``target``, ``card``...). For the set answers (``hexes``, ``units``, ``areas``)
    ``expected`` is the items in the answer and ``why`` gives, for every item the student may pick (those in the
    answer and those near that are not), the clause that decides it. For ``number`` and ``choice`` answers
    ``expected`` holds one value (a number as a fraction's text, ``"11/36"``), ``choices`` the options, and
    ``why`` the clauses behind the value under the key ``"answer"``. ``tolerance`` is how far a typed number may
    be from the exact value and still count (``"0"``: exactly)."""

    ruleset: str
    kind: str
    scenario: str
    seed: int
    history: tuple[Any, ...]
    subject: dict[str, str]
    question: str
    answer_type: str
    expected: tuple[str, ...]
    why: dict[str, Why] = field(default_factory=dict)
    choices: tuple[str, ...] = ()
    tolerance: str = "0"
    explanation: str = ""
    source: str = ""
    """The scenario's text, for a scenario that is not one of the kit's (a teacher's own file, a test's board);
    empty when ``scenario`` is the id of one of the kit's scenarios."""
    view: dict[str, Any] = field(default_factory=dict)
    """A student's copy only (:func:`hexlab.exercises.seat.student_copy`): the seat the question is put to and
    what it sees (``{"seat": ..., "state": ...}``), in place of the seed and the actions; empty otherwise."""
    digest: str = ""
    """A student's copy only: a one-way fingerprint of the full position, to match it with the teacher's copy."""

    def __post_init__(self) -> None:
        if self.answer_type not in ANSWER_TYPES:
            raise HexlabError(f"an exercise's answer type is one of {', '.join(ANSWER_TYPES)}, not {self.answer_type!r}")

    # ------------------------------------------------------------------------------------ the position
    def game(self) -> Game:
        """The position, rebuilt from the scenario, the seed and the actions (a fresh game each call); for a
        student's copy, the seat's view of it."""
        if self.view:
            from .seat import seat_game

            return seat_game(self)
        from .. import saves
        from ..scenario import load, load_text

        game = load_text(self.source, self.scenario, self.seed) if self.source else load(self.scenario, self.seed)
        return saves.replay(game, list(self.history), f"exercise {self.scenario}")

    @property
    def candidates(self) -> tuple[str, ...]:
        """The items the question is about: those in the answer and those near that are not."""
        return tuple(k for k in self.why if k != "answer")

    # ------------------------------------------------------------------------------------ grading
    def check(self, answer: Any) -> Grade:
        """Grade an answer: for a set, an iterable of hexes (``Hex`` or their labels), unit ids or area ids;
        for a number, a number or its text (``"11/36"``, ``0.31``, ``"31%"``, ``"two"``); for a choice, one of
        :attr:`choices`. A malformed answer raises :class:`HexlabError` naming the problem."""
        if self.answer_type in SET_TYPES:
            return self._check_set(answer)
        if self.answer_type == "number":
            return self._check_number(answer)
        return self._check_choice(answer)

    def _item(self, raw: Any, board: Any) -> str:
        if isinstance(raw, Hex):
            if board is None:
                board = self.game().board
            return board.label(raw)
        if not isinstance(raw, str) or not raw.strip():
            raise HexlabError(f"{raw!r} is not a {self.answer_type[:-1]}: give labels such as "
                              f"{', '.join(self.candidates[:3]) or 'those on the map'}")
        text = raw.strip()
        if text in self.why or text in self.expected:
            return text
        if self.answer_type == "hexes":
            board = board or self.game().board
            try:
                return board.label(board.parse(text))
            except ValueError as exc:
                raise HexlabError(f"{text!r} is not a hex on this map: {exc}") from None
        if self.answer_type == "areas":
            board = board or self.game().board
            for aid, area in board.areas.items():
                if text.lower() in (aid.lower(), area.name.lower()):
                    return aid
            raise HexlabError(f"{text!r} is not an area of this map ({', '.join(board.areas)})")
        if text in self.game().state.units:
            return text
        raise HexlabError(f"{text!r} is not a unit in this position")

    def _check_set(self, answer: Any) -> Grade:
        if isinstance(answer, (str, Hex)) or not isinstance(answer, Iterable):
            answer = [answer] if answer else []
        board = None
        picked = {self._item(a, board) for a in answer}
        expected = set(self.expected)
        from .kinds import natural

        right = tuple(sorted(picked & expected, key=natural))
        missed = tuple(sorted(expected - picked, key=natural))
        wrong = tuple(sorted(picked - expected, key=natural))
        mistakes = [Mistake(i, "missed", *self._why(i)) for i in missed]
        mistakes += [Mistake(i, "wrong", *self._why(i)) for i in wrong]
        total = len(expected | picked)
        score = Fraction(len(right), total) if total else Fraction(1)
        return Grade(right, missed, wrong, tuple(mistakes), score)

    def _why(self, item: str) -> tuple[str, str]:
        found = self.why.get(item)
        if found is not None:
            return found.clause, found.reason
        if self.view:  # a student's copy holds every item's reason; anything else is off the question
            return self.why.get("answer", Why("", "")).clause, f"{item} is not in the answer"
        # an item far from the subject: ask the engine now (the position is rebuilt)
        from .kinds import explain_item

        w = explain_item(self, item)
        return w.clause, w.reason

    def _check_number(self, answer: Any) -> Grade:
        from ..quiz import as_number

        if answer is None or answer == "":
            raise HexlabError("no answer yet: type a number, such as 3, 1/6 or 25%")
        value = as_number(answer)
        if value is None:
            raise HexlabError(f"{answer!r} is not a number: type one such as 3, 1/6, 0.25 or 25%")
        exact = Fraction(self.expected[0])
        tol = Fraction(self.tolerance)
        value = Fraction(value)
        ok = abs(value - exact) <= max(tol, Fraction(1, 10**9))  # a float typed as 11/36 is that near
        shown = _number_text(exact)
        if ok:
            return Grade((shown,), (), (), (), Fraction(1))
        clause, reason = self._why("answer")
        mistake = Mistake(_number_text(value), "value", clause, f"the answer is {shown}: {reason}")
        return Grade((), (shown,), (_number_text(value),), (mistake,), Fraction(0))

    def _check_choice(self, answer: Any) -> Grade:
        if answer is None or str(answer).strip() == "":
            raise HexlabError(f"no answer yet: choose one of {', '.join(self.choices)}")
        text = str(answer).strip()
        lowered = {c.lower(): c for c in self.choices}
        if text.lower() not in lowered:
            raise HexlabError(f"{text!r} is not one of the choices: {', '.join(self.choices)}")
        text = lowered[text.lower()]
        if text == self.expected[0]:
            return Grade((text,), (), (), (), Fraction(1))
        clause, reason = self._why("answer")
        mistake = Mistake(text, "value", clause, f"the answer is {self.expected[0]}: {reason}")
        return Grade((), (self.expected[0],), (text,), (mistake,), Fraction(0))

    # ------------------------------------------------------------------------------------ data
    def to_data(self) -> dict[str, Any]:
        data = asdict(self)
        data["history"] = list(self.history)
        data["why"] = {k: [w.clause, w.reason] for k, w in self.why.items()}
        data["expected"] = list(self.expected)
        data["choices"] = list(self.choices)
        if not self.view:
            del data["view"], data["digest"]
        return data

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Exercise:
        try:
            return cls(ruleset=data["ruleset"], kind=data["kind"], scenario=data["scenario"], seed=int(data["seed"]),
                       history=tuple(data["history"]), subject=dict(data["subject"]), question=data["question"],
                       answer_type=data["answer_type"], expected=tuple(data["expected"]),
                       why={k: Why(*v) for k, v in data.get("why", {}).items()},
                       choices=tuple(data.get("choices", ())), tolerance=str(data.get("tolerance", "0")),
                       explanation=data.get("explanation", ""), source=data.get("source", ""),
                       view=dict(data.get("view") or {}), digest=str(data.get("digest", "")))
        except (KeyError, TypeError, ValueError) as exc:
            raise HexlabError(f"not an exercise: {exc}") from None

    def dumps(self) -> str:
        return json.dumps(self.to_data())

    @classmethod
    def loads(cls, text: str) -> Exercise:
        return cls.from_data(json.loads(text))

    def answer_text(self) -> str:
        """The answer in words, for a teacher's key."""
        if self.answer_type in SET_TYPES:
            return ", ".join(self.expected) if self.expected else "none"
        if self.answer_type == "number":
            shown = _number_text(Fraction(self.expected[0]))
            return shown + (f" (within {_number_text(Fraction(self.tolerance))})" if Fraction(self.tolerance) else "")
        return self.expected[0]

    def __repr__(self) -> str:
        return f"<Exercise {self.ruleset}/{self.kind} on {self.scenario}: {self.question}>"


def _number_text(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value.numerator}/{value.denominator} ({float(value):.1%})"
