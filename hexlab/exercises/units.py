"""Questions answered with units (which enemies a unit may battle, which units a card orders) and with a choice
(may this unit move or battle now, and which rule says no)."""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable
from typing import Any

from ..engine import Game
from ..engine.actions import Action
from ..engine.ruleset import Ruleset
from ..hexes import Hex, hex_distance, hex_neighbors
from .ask import (
    _battles,
    _distance,
    _exercise,
    _legal,
    _side_units,
    _step_clause,
    allowed_why,
)
from .model import Exercise, Why


def _unit_set(game: Game, kind: str, subject: dict[str, str], question: str, legal: set[str],
              candidates: list[str], make: Callable[[str], Action], yes: str) -> Exercise:
    why: dict[str, Why] = {}
    clause = _step_clause(game)
    for c in candidates:
        if c in legal:
            why[c] = allowed_why(game, make(c), yes.format(c=c))
            continue
        err = game.explain(make(c))
        if err is None:
            legal.add(c)
            why[c] = Why(clause, yes.format(c=c))
        else:
            why[c] = Why(err.clause or clause, err.reason)
    return _exercise(game, kind, subject, question, "units", legal, why)


def targets_subjects(game: Game) -> list[dict[str, str]]:
    return [{"unit": u} for u in _battles(game)]


def build_targets(game: Game, subject: dict[str, str]) -> Exercise | None:
    unit = subject["unit"]
    acts = _battles(game).get(unit, [])
    if not acts:
        return None
    u = game.state.units[unit]
    enemies = [e.id for e in _side_units(game, u.side, enemy=True) if game.rules.sees(game.state, u.side, e)]
    legal = {a.target for a in acts}
    has_sight = type(game.rules).sight is not Ruleset.sight  # the ruleset has a line of sight rule
    sight = " (line of sight counts)" if has_sight else ""
    q = f"Which enemy units may {unit} ({game.rules.unit_title(u)}) battle now{sight}? Pick every one."
    return _unit_set(game, "targets", subject, q, legal, enemies, lambda t: dataclasses.replace(acts[0], target=t),
                     f"{unit} may battle {{c}}.")


def _targets_nontrivial(ex: Exercise, game: Game) -> bool:
    """Some enemy as near as the farthest legal target is refused."""
    refused = [k for k in ex.candidates if k not in ex.expected]
    if not refused or not ex.expected:
        return False
    st = game.state
    u = st.units[ex.subject["unit"]]
    if not isinstance(u.at, Hex):
        return True
    far = max(hex_distance(u.at, st.units[t].at) for t in ex.expected)
    return any(isinstance(st.units[t].at, Hex) and hex_distance(u.at, st.units[t].at) <= far for t in refused)


def order_subjects(game: Game) -> list[dict[str, str]]:
    orders = [a for a in _legal(game) if type(a).__name__ == "Order" and hasattr(a, "unit")]
    turn = game.rules.mine(game.state).turn
    return [{"card": turn.card or ""}] if orders and not turn.ordered else []


def build_order(game: Game, subject: dict[str, str]) -> Exercise | None:
    """Memoir '44: which units the card played may order (its section, its count, the unit types it names)."""
    orders = [a for a in _legal(game) if type(a).__name__ == "Order"]
    if not orders:
        return None
    side = game.to_act
    own = [u.id for u in _side_units(game, side)]
    legal = {a.unit for a in orders}
    q = f"Which {side} units may the card in play order? Pick every one."
    return _unit_set(game, "order", subject, q, legal, own, lambda c: dataclasses.replace(orders[0], unit=c),
                     "the card may order {c}.")


def _order_nontrivial(ex: Exercise, game: Game) -> bool:
    return bool(ex.expected) and any(k not in ex.expected for k in ex.candidates)


MAIN_ACTIONS = {"move": ("Move", "March", "Sail"), "battle": ("Battle", "Punch", "Attack")}
"""The actions a "may it move/battle" question is about: a unit's own move or attack (not a retreat, a
push-back or a card's special order)."""


def _intents(game: Game, unit: str, verb: str) -> list[Action]:
    """What a player might try with ``unit``: a move to each neighbouring place, or a battle with each enemy
    (nearest first), as the ruleset's own move or attack action. Where a ruleset has more than one (Cartwheel's
    march and sail), the one that units of the same kind are offered now."""
    st = game.state
    u = st.units[unit]
    legal = [a for a in _legal(game) if type(a).__name__ in MAIN_ACTIONS[verb] and hasattr(a, "unit")]
    same_kind = {type(a) for a in legal if st.units[a.unit].kind == u.kind}
    classes = [c for c in game.rules.actions if c.__name__ in MAIN_ACTIONS[verb]]
    classes = [c for c in classes if c in same_kind] or classes
    field = "target" if verb == "battle" else "to"
    if verb == "battle":
        aims: list[Any] = [e.id for e in sorted(_side_units(game, u.side, enemy=True),
                                                 key=lambda e: (_distance(st.place_of(u), st.place_of(e)), e.id))]
    else:
        at = st.place_of(u)
        if isinstance(at, Hex):
            aims = [h for h in hex_neighbors(at) if h in game.board.terrain]
        elif isinstance(at, str) and at in game.board.areas:
            aims = list(game.board.areas[at].links)
        else:
            aims = []
    out: list[Action] = []
    for cls in classes:
        template = next((a for a in legal if type(a) is cls), None)
        names = {f.name for f in dataclasses.fields(cls) if f.default is dataclasses.MISSING}
        for aim in aims:
            if template is not None:
                if isinstance(aim, Hex) and isinstance(template.to if verb == "move" else None, str):
                    aim = game.board.label(aim)
                out.append(dataclasses.replace(template, unit=unit, **{field: aim}))
            elif names <= {"unit", field}:
                out.append(cls(unit=unit, **{field: aim}))
    return out


def mayit_subjects(game: Game) -> list[dict[str, str]]:
    if game.is_over or game.current_step.automatic:
        return []
    side = game.to_act
    out = []
    legal = _legal(game)
    for verb in ("move", "battle"):
        # ask only at a step where some unit may make that move or battle, so the question is about this unit
        if not any(type(a).__name__ in MAIN_ACTIONS[verb] and hasattr(a, "unit") for a in legal):
            continue
        kinds = {game.state.units[a.unit].kind for a in legal if type(a).__name__ in MAIN_ACTIONS[verb]
                 and hasattr(a, "unit")}
        for u in sorted(_side_units(game, side), key=lambda u: u.id):
            if u.kind in kinds and _intents(game, u.id, verb):
                out.append({"unit": u.id, "verb": verb})
    return out


def build_mayit(game: Game, subject: dict[str, str]) -> Exercise | None:
    """May this unit move (battle) now, and if not, which rule says no? The answer is ``yes`` or the clause of
    the engine's refusal; the other choices are clauses that refuse other units at this step."""
    unit, verb = subject["unit"], subject["verb"]
    intents = _intents(game, unit, verb)
    if not intents:
        return None
    legal = [a for a in _legal(game) if getattr(a, "unit", None) == unit and a.verb == verb]
    if legal:
        answer = "yes"
        allowed = allowed_why(game, legal[0], f"{game.rules.describe(game.state, legal[0])}.")
        reason = f"{unit} may {verb} now, for example: {allowed.reason.removeprefix('allowed: ')}"
        clause = allowed.clause
    else:
        refusals = [e for e in (game.explain(a) for a in intents) if e is not None]
        if not refusals:
            return None
        counts = Counter(e.clause or _step_clause(game) for e in refusals)
        clause = sorted(counts, key=lambda c: (-counts[c], c))[0]
        reason = next(e.reason for e in refusals if (e.clause or _step_clause(game)) == clause)
        answer = f"no: {clause}"
    # other clauses that refuse something at this step, as the other choices
    others: list[str] = []
    for u in sorted(_side_units(game, game.to_act) + _side_units(game, game.to_act, enemy=True), key=lambda u: u.id):
        for a in _intents(game, u.id, verb)[:3]:
            e = game.explain(a)
            if e is not None and e.clause and f"no: {e.clause}" != answer and e.clause not in others:
                others.append(e.clause)
    for c in game.current_step.clauses:
        if f"no: {c}" != answer and c not in others:
            others.append(c)
    choices = ["yes"] if answer == "yes" else ["yes", answer]
    choices += [f"no: {c}" for c in others[: 4 - len(choices)]]
    q = f"May {unit} ({game.rules.unit_title(game.state.units[unit])}) {verb} now? If not, which rule says no?"
    return _exercise(game, "mayit", subject, q, "choice", [answer], {"answer": Why(clause, reason)},
                     choices=tuple(sorted(choices, key=lambda c: (c != "yes", c))))


def _mayit_nontrivial(ex: Exercise, game: Game) -> bool:
    """A "no" always teaches a rule; a "yes" only when the unit is refused some of what it might try."""
    if ex.expected[0] != "yes":
        return True
    return any(game.explain(a) is not None for a in _intents(game, ex.subject["unit"], ex.subject["verb"]))
