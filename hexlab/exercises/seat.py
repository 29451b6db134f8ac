"""The student's copy of an exercise: what the student's seat sees, never what it does not.

A teacher's :class:`~hexlab.exercises.model.Exercise` holds the scenario, the seed and every action played to
reach its position. That rebuilds the position exactly, which is what grading and the teacher need; but
replayed, it also shows what the student's side must not see: the units hidden from it (War at Sea, Operation
Cartwheel), the enemy's hand and the order of the deck (Memoir '44's cards follow from the seed). So an exercise
handed to a student, in a file or in an nbgrader assignment, is :func:`student_copy` whenever its game hides
anything (:func:`has_hidden`):

- the position is the seat's own observation (:meth:`hexlab.engine.Game.observation`): what the seat may see,
  with no dice generator in it; the seed and the actions are dropped, so nothing can be replayed;
- the answer and, for every item the student can pick, the clause and reason that decide it are kept, worked
  out beforehand on the full position, so grading needs nothing the file does not hold; a reason that names a
  unit hidden from the seat names only its side ("a Japan unit you cannot see") instead;
- ``digest`` identifies the full position (scenario, seed and actions), so a teacher can match an answer to
  their own copy, and is a one-way hash: it cannot be turned back into the actions.

The trade-off: the answer is in the student's file (as it must be for the notebook to grade itself without a
server). It tells the student no more than the seat would learn in play by trying each move or attack in turn
and reading the engine's refusals.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import re
from typing import Any

from ..engine import Game, HexlabError
from ..engine.seats import PUBLIC, hidden
from ..engine.state import GameState
from .model import SET_TYPES, Exercise, Why

HIDDEN_RULESETS = ("warsea", "cartwheel")
"""Rulesets whose units may be hidden from the enemy: their exercises always go to students as seat copies."""


def digest(scenario: str, seed: int, history: Any) -> str:
    """A one-way fingerprint of a full position (scenario, seed and actions)."""
    text = json.dumps([scenario, seed, list(history)], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def seat_of(ex: Exercise, game: Game) -> str:
    """The side the question is put to: the subject unit's side, else the side to act, else the public view."""
    unit = game.state.units.get(ex.subject.get("unit", ""))
    if unit is not None:
        return unit.side
    side = ex.subject.get("side")
    if side in game.state.sides:
        return side
    return game.to_act if game.to_act in game.state.sides else PUBLIC


def has_hidden(ex: Exercise, game: Game | None = None) -> bool:
    """Whether replaying the exercise's actions would show a student something their seat does not see."""
    if ex.view:
        return False  # already a seat copy
    if ex.ruleset in HIDDEN_RULESETS:
        return True
    game = game or ex.game()
    return game.has_secrets()


def _hidden_ids(game: Game, view: dict[str, Any]) -> dict[str, str]:
    """The units the seat does not see, longest id first (so "K48a" goes before "K4"), each with its side."""
    seen = {u["id"] for u in view["units"]}
    return {u.id: u.side for u in sorted(game.state.units.values(), key=lambda u: -len(u.id)) if u.id not in seen}


def _redact(text: str, hidden: dict[str, str]) -> str:
    """The text with each hidden unit's id replaced by its side alone (a question may need to say whose it is)."""
    for uid, side in hidden.items():
        text = re.sub(rf"(?<![\w-]){re.escape(uid)}(?![\w-])", f"{'an' if side[:1] in 'AEIOU' else 'a'} {side} unit "
                      "you cannot see", text)
    return text


def _pickable(ex: Exercise, game: Game, view: dict[str, Any]) -> list[str]:
    """Every item a student could pick for a set question: the map's hexes or areas, or the units the seat sees."""
    if ex.answer_type == "hexes":
        return [game.board.label(h) for h in game.board.terrain]
    if ex.answer_type == "areas":
        return list(game.board.areas)
    return [u["id"] for u in view["units"]]


def student_copy(ex: Exercise) -> Exercise:
    """The exercise as a student may hold it: the seat's view instead of the actions (see the module's notes).
    An exercise whose game hides nothing is returned as it is (its actions show nothing new)."""
    if ex.view:
        return ex
    game = ex.game()
    if not has_hidden(ex, game):
        return ex
    seat = seat_of(ex, game)
    view = game.observation(seat)
    hidden = _hidden_ids(game, view)
    why = {k: Why(w.clause, _redact(w.reason, hidden)) for k, w in ex.why.items()}
    if ex.answer_type in SET_TYPES:
        from .kinds import explain_item

        asker = _OnGame(**{f.name: getattr(ex, f.name) for f in dataclasses.fields(ex)})
        object.__setattr__(asker, "_game", game)
        for item in _pickable(ex, game, view):
            if item not in why:
                w = explain_item(asker, item)
                why[item] = Why(w.clause, _redact(w.reason, hidden))
    return dataclasses.replace(
        ex, seed=0, history=(), why=why, question=_redact(ex.question, hidden),
        explanation=_redact(ex.explanation, hidden), view={"seat": seat, "state": view},
        digest=digest(ex.scenario, ex.seed, ex.history))


@dataclasses.dataclass(frozen=True)
class _OnGame(Exercise):
    """The teacher's exercise, asked about on one rebuilt position (a copy each time) instead of a replay per item."""

    def game(self) -> Game:
        return self._game.copy()  # type: ignore[attr-defined]


def seat_game(ex: Exercise) -> Game:
    """The position a seat copy shows: the scenario's map and rules, with the seat's view as the state."""
    from ..scenario import load, load_text

    if not ex.view:
        raise HexlabError("not a seat copy: it has no seat's view")
    base = load_text(ex.source, ex.scenario, 0) if ex.source else load(ex.scenario, 0)
    data = dict(ex.view["state"], rng=0)
    for piles in ("hands", "decks"):  # a face-down pile is only a count in a view: back to that many unknown cards
        data[piles] = {k: hidden(["?"] * v) if isinstance(v, int) else v for k, v in data.get(piles, {}).items()}
    try:
        state = GameState.from_data(data, base.rules.state_type, f"exercise {ex.scenario}")
    except (KeyError, TypeError, ValueError) as exc:
        raise HexlabError(f"exercise {ex.scenario}: the seat's view is not a position: {exc}") from None
    return Game(base.rules, state, seed=0, scenario=base.scenario)
