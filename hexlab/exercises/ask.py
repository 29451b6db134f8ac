"""What every kind of exercise asks the engine: the position's legal actions, its refusals with their clauses,
and what an allowed action logs; the keys of places and units in an answer."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from .. import saves
from ..engine import Game, HexlabError
from ..engine.actions import Action
from ..hexes import Hex, hex_distance
from .model import Exercise, Why

ODDS_TOLERANCE = Fraction(1, 50)
"""How far a typed chance may be from the exact value and still count: two percentage points."""


def key_of(game: Game, where: Any) -> str:
    """An item's key in an answer: a hex's label in the ruleset's notation, an area's id, a unit's id."""
    if isinstance(where, Hex):
        return game.board.label(where)
    return str(where)


def place_of(game: Game, key: str) -> Any:
    """The place an answer's key names (a hex, or an area id), for the map."""
    if game.board.terrain and key not in game.board.areas:
        return game.board.parse(key)
    return key


def _step_clause(game: Game) -> str:
    step = game.current_step
    return step.clauses[0] if step.clauses else ""


def _legal(game: Game) -> list[Action]:
    if game.is_over or game.current_step.automatic:
        return []
    return list(game.legal_actions())


def _side_units(game: Game, side: str | None, *, enemy: bool = False) -> list[Any]:
    return [u for u in game.state.units.values() if u.alive and u.at is not None
            and ((u.side != side) if enemy else (u.side == side))]


def _exercise(game: Game, kind: str, subject: dict[str, str], question: str, answer_type: str,
              expected: Iterable[str], why: dict[str, Why], **more: Any) -> Exercise:
    scenario = game.scenario.id if game.scenario is not None else ""
    if not scenario:
        raise HexlabError("an exercise needs a game loaded from a scenario (hexlab.load)")
    from .generate import builtin_ids

    if scenario not in builtin_ids():
        more["source"] = game.scenario.source
    context = game.rules.turn_context(game.state)
    if context and context not in question:  # what the map does not show, and the answer may hang on
        question = f"{question} ({context if context.endswith('.') else context + '.'})"
    return Exercise(ruleset=game.rules.id, kind=kind, scenario=scenario, seed=game.seed,
                    history=tuple(saves.history_data(game)), subject=subject, question=question,
                    answer_type=answer_type, expected=tuple(sorted(expected, key=natural)), why=why, **more)


def natural(text: str) -> tuple[Any, ...]:
    """Sort key that puts "9,4" before "10,4" (numbers by value, the rest as text)."""
    import re

    return tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", text))


def allowed_why(game: Game, action: Action, fallback: str) -> Why:
    """Why an action in the answer is allowed, in the engine's own words: the first event it logs that names a rule
    (taken on the position, then undone), else the step's rule."""
    try:
        events = game.apply(action)
    except HexlabError:
        return Why(_step_clause(game), fallback)
    try:
        for e in events:
            if e.clauses and e.text:
                # an event names the general rule first and the particular one last (a move: "once a turn", then
                # the unit type's range): the particular one decides this item
                return Why(e.clauses[-1], f"allowed: {e.text}")
    finally:
        game.undo()
    return Why(_step_clause(game), fallback)


def _by_unit(actions: list[Action], cls: tuple[type, ...] | None = None, verb: str | None = None,
             how: str | None = None) -> dict[str, list[Action]]:
    out: dict[str, list[Action]] = {}
    for a in actions:
        if cls is not None and not isinstance(a, cls):
            continue
        if verb is not None and a.verb != verb:
            continue
        if not hasattr(a, "unit") or not hasattr(a, "to"):
            continue
        if how is not None and getattr(a, "how", None) not in how.split("|"):
            continue
        out.setdefault(a.unit, []).append(a)
    return out


def _cls(game: Game, name: str) -> tuple[type, ...]:
    return tuple(c for c in game.rules.actions if c.__name__ == name)


def _hex(game: Game, where: Any) -> Hex:
    return where if isinstance(where, Hex) else game.board.parse(where)


def _area_steps(game: Game, start: str) -> dict[str, int]:
    """How many links from ``start`` each area is (breadth first over the map's links)."""
    steps, frontier = {start: 0}, [start]
    while frontier:
        nxt = []
        for a in frontier:
            for b in game.board.areas[a].links:
                if b not in steps:
                    steps[b] = steps[a] + 1
                    nxt.append(b)
        frontier = nxt
    return steps


def _distance(a: Any, b: Any) -> int:
    return hex_distance(a, b) if isinstance(a, Hex) and isinstance(b, Hex) else 99


def _battles(game: Game) -> dict[str, list[Action]]:
    out: dict[str, list[Action]] = {}
    for a in _legal(game):
        if a.verb == "battle" and hasattr(a, "unit") and isinstance(getattr(a, "target", None), str) \
                and a.target in game.state.units:
            out.setdefault(a.unit, []).append(a)
    return out
