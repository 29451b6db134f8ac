"""Punch ups: the ATK die and what a chosen face does. The one combat function the engine plays with and
the exact odds enumerate (DESIGN.md: combat is defined once).

A punch up rolls the attacker's ATK dice (cc.punch.roll.dice_count); the attacker picks one die and only
that face counts (cc.punch.roll.choose_one). :func:`punch_result` is that step as a pure function: the
rolled faces and the face picked give the result; with no pick it takes the best face by
:data:`ORDER` (Hit and Run > Ouch > Run away > Oh Dear), which is what the ruleset suggests (the
novice takes it; the veteran weighs every pick) and what the odds report.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...dice import Die

OH_DEAR, RUN_AWAY, OUCH, HIT_AND_RUN = "oh_dear", "run_away", "ouch", "hit_and_run"

ATK_ICONS = {
    # what the dice tray draws for each face: the inside of a 50x50 SVG, ink in currentColor
    OH_DEAR: (
        '<circle cx="25" cy="25" r="17" fill="none" stroke="currentColor" stroke-width="3"/><circle cx="1'
        '9" cy="21" r="2.5" fill="currentColor"/><circle cx="31" cy="21" r="2.5" fill="currentColor"/><pa'
        'th d="M17 33 Q25 27 33 33" stroke="currentColor" stroke-width="3" fill="none"/>'
    ),
    RUN_AWAY: (
        '<path d="M40 25 H14 M22 15 L12 25 L22 35" stroke="currentColor" stroke-width="5" fill="none" str'
        'oke-linecap="round" stroke-linejoin="round"/><path d="M40 17 V33" stroke="currentColor" stroke-w'
        'idth="3"/>'
    ),
    OUCH: (
        '<polygon points="25,5 29,18 42,12 33,24 45,30 31,31 34,45 25,35 16,45 19,31 5,30 17,24 8,12 21,1'
        '8" fill="currentColor"/>'
    ),
    HIT_AND_RUN: (
        '<polygon points="18,8 21,18 31,14 25,22 33,27 22,27 24,37 18,29 12,37 14,27 4,27 12,22 6,14 15,1'
        '8" fill="currentColor"/><path d="M46 32 H28 M34 26 L28 32 L34 38" stroke="currentColor" stroke-w'
        'idth="4" fill="none" stroke-linecap="round" stroke-linejoin="round"/>'
    ),
}

ATK_DIE = Die(
    "atk",
    (OH_DEAR, OH_DEAR, RUN_AWAY, RUN_AWAY, OUCH, HIT_AND_RUN),  # cc.dice.atk.faces
    symbols={OH_DEAR: "☹", RUN_AWAY: "⇠", OUCH: "✷", HIT_AND_RUN: "✷⇠"},
    labels={OH_DEAR: "Oh Dear", RUN_AWAY: "Run away", OUCH: "Ouch", HIT_AND_RUN: "Hit and Run"},
    icons=ATK_ICONS,
)
"""The ATK die: 2 Oh Dear, 2 Run away, 1 Ouch, 1 Hit and Run (cc.dice.atk.faces)."""

ORDER: tuple[str, ...] = (HIT_AND_RUN, OUCH, RUN_AWAY, OH_DEAR)
"""Best face first: the order the ruleset's suggestion (and the odds) pick a die by."""


@dataclass(frozen=True, slots=True)
class Effect:
    """What a result does to the defender: STR tokens lost, and whether it moves back towards its flag."""

    str_loss: int
    push: bool
    clause: str
    words: str


EFFECTS: dict[str, Effect] = {
    OH_DEAR: Effect(0, False, "cc.punch.result.oh_dear", "no effect"),
    RUN_AWAY: Effect(0, True, "cc.punch.result.run_away", "moves 1 hex back towards its flag"),
    OUCH: Effect(1, False, "cc.punch.result.ouch", "loses 1 STR"),
    HIT_AND_RUN: Effect(1, True, "cc.punch.result.hit_and_run", "loses 1 STR, then moves 1 hex back towards its flag"),
}


def best_face(faces: Sequence[str]) -> str | None:
    """The best face among ``faces`` by :data:`ORDER`; ``None`` when no die was rolled."""
    for face in ORDER:
        if face in faces:
            return face
    return None


def punch_result(faces: Sequence[str], chosen: str | None = None) -> str:
    """Rolled ATK faces (and the face the attacker picks) -> the result of the punch up.

    The attacker picks exactly one of the dice rolled (cc.punch.roll.choose_one): ``chosen`` must be one
    of ``faces`` (``ValueError`` otherwise). Without a pick, the best face by :data:`ORDER` counts. No dice
    at all (ATK 1 behind a wall) is "Oh Dear": nothing happens (cc.punch.result.oh_dear)."""
    if chosen is not None:
        if chosen not in faces:
            raise ValueError(f"{chosen!r} is not among the dice rolled {tuple(faces)!r}")
        return chosen
    return best_face(faces) or OH_DEAR


def effect(result: str) -> Effect:
    return EFFECTS[result]


def label(result: str) -> str:
    return ATK_DIE.label(result)


__all__ = ["ATK_DIE", "EFFECTS", "Effect", "HIT_AND_RUN", "OH_DEAR", "ORDER", "OUCH", "RUN_AWAY", "best_face",
           "effect", "label", "punch_result"]
