"""The kinds of exercise, each answered by asking the engine about a position.

Every answer comes from the engine itself: the legal actions of the position (``game.legal_actions()``), the
engine's refusal of an action that is not legal (``game.explain(action)``: its reason and clause), and the
rulesets' own functions for a number (Memoir '44's battle dice, a ruleset's exact odds, War at Sea's ship
capacity, Cartwheel's initiative modifier). No rule is written a second time here.

A kind is a :class:`Kind`: which rulesets it applies to, the subjects it can ask about in a position
(``subjects``), how to build the exercise for one subject (``build``), and whether that exercise is worth
asking (``nontrivial``: a rule changes the answer from the naive one).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..engine import Game, HexlabError
from ..engine.actions import Action
from ..hexes import Hex
from .ask import (
    ODDS_TOLERANCE,
    _step_clause,
    key_of,
    natural,
    place_of,
)
from .model import Exercise, Why
from .numbers import (
    _dice_nontrivial,
    _initiative_nontrivial,
    _odds_nontrivial,
    _steer_recon,
    build_capacity,
    build_dice,
    build_initiative,
    build_odds,
    capacity_subjects,
    dice_subjects,
    initiative_subjects,
    odds_subjects,
)
from .places import (
    _places_nontrivial,
    build_pushback,
    build_reach,
    build_retreat,
    build_seaborne,
    pushback_subjects,
    reach_subjects,
    retreat_subjects,
    seaborne_subjects,
)
from .units import (
    _mayit_nontrivial,
    _order_nontrivial,
    _targets_nontrivial,
    build_mayit,
    build_order,
    build_targets,
    mayit_subjects,
    order_subjects,
    targets_subjects,
)

__all__ = ["ALL", "KINDS", "ODDS_TOLERANCE", "Kind", "explain_item", "key_of", "kind", "kinds_for", "make", "natural",
           "place_of"]


@dataclass(frozen=True)
class Kind:
    """One kind of exercise: where it applies, what it can ask about, how to build it, when it is worth it."""

    name: str
    rulesets: tuple[str, ...]
    subjects: Callable[[Game], list[dict[str, str]]]
    build: Callable[[Game, dict[str, str]], Exercise | None]
    nontrivial: Callable[[Exercise, Game], bool]
    summary: str
    steer: Callable[[Game, list[Action]], list[Action]] | None = None
    """Decisions the generator's random play prefers half the time (those that lead to interesting positions)."""


ALL = ("memoir44", "cadet", "cactus", "warsea", "cartwheel")


KINDS: dict[str, Kind] = {k.name: k for k in [
    Kind("reach", ("memoir44", "cadet", "cactus", "cartwheel"), reach_subjects, build_reach, _places_nontrivial,
         "where a unit may move now"),
    Kind("targets", ("memoir44", "warsea"), targets_subjects, build_targets, _targets_nontrivial,
         "which enemy units it may battle"),
    Kind("dice", ("memoir44",), dice_subjects, build_dice, _dice_nontrivial, "how many dice an attack rolls"),
    Kind("mayit", ALL, mayit_subjects, build_mayit, _mayit_nontrivial, "may this unit move or battle, and why not"),
    Kind("retreat", ("memoir44",), retreat_subjects, build_retreat, _places_nontrivial,
         "where a unit may retreat for its flags"),
    Kind("order", ("memoir44",), order_subjects, build_order, _order_nontrivial, "which units a card may order"),
    Kind("odds", ("memoir44", "cadet", "cactus"), odds_subjects, build_odds, _odds_nontrivial,
         "the chance of an outcome"),
    Kind("pushback", ("cadet",), pushback_subjects, build_pushback, _places_nontrivial,
         "where a unit is pushed back"),
    Kind("seaborne", ("cactus",), seaborne_subjects, build_seaborne, _places_nontrivial,
         "a move by sea, with air cover"),
    Kind("capacity", ("warsea",), capacity_subjects, build_capacity,
         lambda ex, g: "no special abilities" not in ex.question,
         "how many troops a ship carries"),
    Kind("initiative", ("cartwheel",), initiative_subjects, build_initiative, _initiative_nontrivial,
         "the initiative roll's modifier", _steer_recon),
]}


def kinds_for(ruleset: str) -> list[str]:
    """The kinds of exercise a ruleset has."""
    if ruleset not in ALL:
        raise HexlabError(f"no exercises for ruleset {ruleset!r}: the rulesets are {', '.join(ALL)}")
    return [k.name for k in KINDS.values() if ruleset in k.rulesets]


def kind(ruleset: str, name: str) -> Kind:
    kinds_for(ruleset)
    found = KINDS.get(name)
    if found is None:
        raise HexlabError(f"no exercise kind {name!r}: the kinds are {', '.join(KINDS)}")
    if ruleset not in found.rulesets:
        raise HexlabError(f"{ruleset} has no {name!r} exercises: its kinds are {', '.join(kinds_for(ruleset))}")
    return found


def make(game: Game, name: str, **subject: str) -> Exercise:
    """An exercise of kind ``name`` about the game's current position (``unit=``, ``target=``, ``verb=``)."""
    k = kind(game.ruleset, name)
    if not subject:
        options = k.subjects(game)
        if not options:
            raise HexlabError(f"nothing to ask a {name!r} question about at this step ({game.current_step.title})")
        subject = options[0]
    ex = k.build(game, dict(subject))
    if ex is None:
        raise HexlabError(f"no {name!r} question about {subject} at this step ({game.current_step.title})")
    return ex


KIND_ACTIONS = {"reach": ("Move", "March", "Sail"), "retreat": ("Retreat",), "pushback": ("PushBack",),
                "seaborne": ("Move",), "targets": ("Battle", "Punch", "Attack"), "order": ("Order",)}
"""The action each kind of set question is about, to ask the engine about an item far from the subject."""


def explain_item(ex: Exercise, item: str) -> Why:
    """Why an item far from the subject is not in the answer: the engine's refusal of the kind's own action,
    asked on the rebuilt position."""
    game = ex.game()
    unit = ex.subject.get("unit", "")
    names = KIND_ACTIONS.get(ex.kind, ())
    err = None
    for cls in (c for c in game.rules.actions if c.__name__ in names):
        fields = {f.name for f in dataclasses.fields(cls)}
        args: dict[str, Any] = {}
        if "unit" in fields:
            args["unit"] = item if ex.kind == "order" else unit
        if "to" in fields:
            place = place_of(game, item)
            args["to"] = place if isinstance(place, Hex) and ex.ruleset != "cartwheel" else item
        if "target" in fields:
            args["target"] = item
        if "how" in fields and ex.kind == "seaborne":
            args["how"] = "transport"
        try:
            action = cls(**args)
        except TypeError:
            continue
        err = game.explain(action)
        if err is not None:
            break
    if err is not None:
        return Why(err.clause or _step_clause(game), err.reason)
    return Why(_step_clause(game), f"{item} is not in the answer")
