"""Questions answered with places (hexes or areas): where a unit may move, retreat, be pushed back or go by sea."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from ..engine import Game
from ..engine.actions import Action
from ..hexes import Hex, hex_distance, hex_range
from .ask import (
    _area_steps,
    _by_unit,
    _cls,
    _exercise,
    _hex,
    _legal,
    _step_clause,
    allowed_why,
    key_of,
    place_of,
)
from .model import Exercise, Why


def _place_exercise(game: Game, kind: str, unit: str, templates: list[Action], question: str,
                    variants: Callable[[Action, Any], list[Action]] | None = None,
                    template: Action | None = None) -> Exercise | None:
    """Where may ``unit`` go with one of the legal actions ``templates`` (all with a ``to``)? The candidates are
    every place near enough to be a fair guess: on a hex map the hexes one step past the farthest legal one, on
    an area map every area. A place not in the answer carries the engine's refusal of going there."""
    if not templates and template is None:
        return None
    state, board = game.state, game.board
    u = state.units[unit]
    legal = {key_of(game, a.to) for a in templates}
    template = template or templates[0]
    labelled = isinstance(template.to, str) and template.to not in board.areas and bool(board.terrain)
    at = state.place_of(u)
    if isinstance(template.to, Hex) or labelled:
        if not templates or not isinstance(at, Hex):
            return None
        far = max(hex_distance(at, _hex(game, a.to)) for a in templates)
        near = [h for h in hex_range(at, far + 1) if h in board.terrain]  # its own hex too: staying is no move
        places: list[Any] = [board.label(h) for h in near] if labelled else near
        answer_type = "hexes"
    else:
        places = list(board.areas)
        answer_type = "areas"
    why: dict[str, Why] = {}
    clause = _step_clause(game)
    by_key = {key_of(game, a.to): a for a in templates}
    for place in places:
        k = key_of(game, place)
        if k in legal:
            why[k] = allowed_why(game, by_key[k], f"{unit} may go to {board.label(place)}.")
            continue
        tries = variants(template, place) if variants else [dataclasses.replace(template, to=place)]
        err = None
        for attempt in tries:
            err = game.explain(attempt)
            if err is None:
                break
        if err is None:  # the engine allows it though it was not offered as such: count it in
            legal.add(k)
            why[k] = Why(clause, f"{unit} may go to {board.label(place)}.")
        else:
            why[k] = Why(err.clause or clause, err.reason)
    return _exercise(game, kind, {"unit": unit}, question, answer_type, legal, why)


def _places_nontrivial(ex: Exercise, game: Game) -> bool:
    """A rule changes the answer: some place as near as the farthest one in the answer is refused (counted in
    hexes, or in links on an area map; for a move by sea, any box refused)."""
    if not ex.expected:
        return False
    at = game.state.place_of(game.state.units[ex.subject["unit"]])
    # staying put is no move: the unit's own place, refused in every position, changes no answer
    refused = [k for k in ex.candidates if k not in ex.expected and place_of(game, k) != at]
    if not refused:
        return False
    if ex.answer_type == "hexes":
        far = max(hex_distance(at, place_of(game, k)) for k in ex.expected)
        return any(hex_distance(at, place_of(game, k)) <= far for k in refused)
    if ex.kind == "seaborne":
        return True
    if not isinstance(at, str) or at not in game.board.areas:
        return False
    steps = _area_steps(game, at)
    far = max(steps.get(k, 99) for k in ex.expected)
    return any(steps.get(k, 99) <= far for k in refused)


def _moves(game: Game) -> dict[str, list[Action]]:
    """The legal moves by unit: Cactus' overland moves only (a move by sea is the ``seaborne`` kind), Memoir '44's
    ``Move`` (not its retreats), Cadet's ``Move`` (not its push-backs), Cartwheel's ``March`` and ``Sail``."""
    names = {"cactus": ("Move",), "memoir44": ("Move",), "cadet": ("Move",), "cartwheel": ("March", "Sail"),
             "warsea": ("Move",)}.get(game.ruleset)
    cls = tuple(c for c in game.rules.actions if names is None or c.__name__ in names)
    return _by_unit(_legal(game), cls=cls, verb="move", how="overland" if game.ruleset == "cactus" else None)


def reach_subjects(game: Game) -> list[dict[str, str]]:
    return [{"unit": u} for u in _moves(game)]


def build_reach(game: Game, subject: dict[str, str]) -> Exercise | None:
    unit = subject["unit"]
    moves = _moves(game).get(unit, [])
    words = "areas" if moves and moves[0].to in game.board.areas else "hexes"
    how = " overland" if game.ruleset == "cactus" else ""  # a move by sea is its own kind (seaborne)
    q = f"Which {words} may {unit} ({game.rules.unit_title(game.state.units[unit])}) move to{how} now? Pick every one."
    return _place_exercise(game, "reach", unit, moves, q)


def _simple_places(kind: str, cls_name: str, words: str) -> tuple[Callable, Callable]:
    def subjects(game: Game) -> list[dict[str, str]]:
        return [{"unit": u} for u in _by_unit(_legal(game), cls=_cls(game, cls_name))]

    def build(game: Game, subject: dict[str, str]) -> Exercise | None:
        unit = subject["unit"]
        acts = _by_unit(_legal(game), cls=_cls(game, cls_name)).get(unit, [])
        return _place_exercise(game, kind, unit, acts, words.format(unit=unit))
    return subjects, build


def seaborne_subjects(game: Game) -> list[dict[str, str]]:
    return [{"unit": u} for u in _by_unit(_legal(game), cls=_cls(game, "Move"))]


def build_seaborne(game: Game, subject: dict[str, str]) -> Exercise | None:
    """Cactus: the boxes ``unit`` may reach by sea this hour (naval transport or amphibious invasion), which needs
    air cover over every box of the route (caf.air.cover.required_for_sea_moves)."""
    unit = subject["unit"]
    moves = _by_unit(_legal(game), cls=_cls(game, "Move")).get(unit, [])
    if not moves:  # nothing legal for this unit: ask only at a step where others may move
        u = game.state.units.get(unit)
        if u is None or not _by_unit(_legal(game), cls=_cls(game, "Move")) or u.side != game.to_act:
            return None
        other = next((a for a in game.board.areas if a != u.at), None)
        if other is None:
            return None
        moves = [_cls(game, "Move")[0](unit=unit, to=other, how="transport")]
        acts: list[Action] = []
    else:
        acts = [a for a in moves if a.how in ("transport", "invasion")]
    side = game.state.units[unit].side

    def variants(template: Action, place: Any) -> list[Action]:
        enemy = any(u.alive and u.at == place and u.side != side for u in game.state.units.values())
        return [dataclasses.replace(template, to=place, how="invasion" if enemy else "transport")]

    q = (f"Which boxes may {unit} reach by sea this hour (naval transport, or amphibious invasion where the enemy "
         "is)? Pick every one.")
    return _place_exercise(game, "seaborne", unit, acts, q, variants, template=moves[0])


retreat_subjects, build_retreat = _simple_places(
    "retreat", "Retreat", "{unit} must retreat for a flag now: which hexes may it retreat to? Pick every one.")


pushback_subjects, build_pushback = _simple_places(
    "pushback", "PushBack", "{unit} is pushed back: which hexes may it be pushed back into? Pick every one.")
