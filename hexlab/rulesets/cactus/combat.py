"""One hour of ground combat as a pure function from the rolled faces to the result (DESIGN.md: combat is
defined once). The engine's dice step rolls the faces and calls :func:`hour_result`; the odds push every
roll through the same function (``odds.py``).

Both sides roll at once (caf.combat.both_sides_roll): the attacker and the defender each roll one d6 per
point of the left numbers of their counters in the box (caf.components.counters.left_number_is_dice), twice
that for a unit making a Banzai attack (caf.combat.banzai.doubled_dice). Then:

- every 6 is a hit, for either side, and every hit costs the other side one step (caf.combat.hit_on_six,
  caf.combat.hit_costs_one_step);
- if any defender die shows a 5, the attacker suffers one retreat result, however many 5s there are; an
  attacker that came in overland goes back where it came from, one that came in by sea stays and loses
  exactly one step more (caf.combat.defender_five_forces_retreat, caf.combat.retreat_overland_to_start,
  caf.combat.seaborne_no_retreat_extra_step); the attacker's own 5s do nothing;
- each unit that made a Banzai attack loses one step afterwards (caf.combat.banzai.automatic_step_loss).

The results are applied in that order: hits, then the retreat or the extra step, then the Banzai steps
(caf.combat.resolution_defaults).

The die. Only 5s and 6s matter, so the engine rolls :data:`GROUND_D6`, a d6 whose faces 1 to 4 are one face
``"1-4"`` (four sides of six): every roll has the same chance as with a plain d6, and a dice step's chance
outcomes stay few (a Banzai attack rolls 8 dice against 5; a plain d6 would give 324,324 outcomes to
enumerate, this die 945). :func:`hour_result` reads plain d6 faces (1 to 6) as well, which is how the tests
check it against brute force over every ordered roll of real d6s.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache

from ...dice import Die, Dist, through_mixed

BLANK = "1-4"
GROUND_D6 = Die("d6 (1-4 no effect)", (BLANK, BLANK, BLANK, BLANK, 5, 6), symbols={BLANK: "·"},
                labels={BLANK: "1 to 4: no effect", 5: "5: retreat (defender)", 6: "6: hit"})
"""A d6 as ground combat reads it: 1 to 4 do nothing, a 5 is the defender's retreat result, a 6 a hit."""

HIT, FIVE = 6, 5


def _check(face: object) -> None:
    if face == BLANK or (isinstance(face, int) and not isinstance(face, bool) and 1 <= face <= 6):
        return
    raise ValueError(f"{face!r} is not a d6 face (1 to 6, or {BLANK!r})")


@dataclass(frozen=True, order=True, slots=True)
class HourResult:
    """What one hour of combat in a box does, before it is applied to the units there.

    Iterating gives the three headline numbers, ``(attacker_steps_lost, defender_steps_lost,
    attacker_retreats)``; the other fields break the attacker's losses down in the order they are applied.
    Losses can exceed the steps a side has left: the engine applies as many as there are."""

    attacker_steps_lost: int
    defender_steps_lost: int
    attacker_retreats: bool
    attacker_hits: int = 0
    """Step losses from the defender's 6s."""
    defender_five: bool = False
    """The defender rolled at least one 5: one retreat result (a retreat, or a seaborne attacker's extra step)."""
    extra_step: int = 0
    """The seaborne attacker's one extra step for the defender's 5s."""
    banzai_steps: int = 0
    """One step for each unit that made a Banzai attack."""

    def __iter__(self) -> Iterator[int | bool]:
        yield self.attacker_steps_lost
        yield self.defender_steps_lost
        yield self.attacker_retreats

    def key(self) -> tuple[int, int, bool]:
        return (self.attacker_steps_lost, self.defender_steps_lost, self.attacker_retreats)


def hour_result(attacker_faces: Iterable[object], defender_faces: Iterable[object], banzai: bool | int = False,
                seaborne: bool = False, overland: bool | None = None) -> HourResult:
    """The rolled faces of one hour's combat in a box -> the result.

    ``banzai``: ``True`` (one unit) or the number of units that made a Banzai attack; their doubled dice are
    already among ``attacker_faces``. ``seaborne``: attacking units that came in by amphibious invasion are in
    the box (a defender's 5 costs them one step); ``overland``: attacking units that came in overland are in
    the box (a defender's 5 sends them back); by default the attacker is one or the other.
    """
    att = list(attacker_faces)
    dfn = list(defender_faces)
    for face in (*att, *dfn):
        _check(face)
    if overland is None:
        overland = not seaborne
    banzai_steps = int(banzai)
    if banzai_steps < 0:
        raise ValueError("banzai counts the units making a Banzai attack: 0 or more")
    defender_lost = sum(1 for f in att if f == HIT)
    attacker_hits = sum(1 for f in dfn if f == HIT)
    five = any(f == FIVE for f in dfn)
    extra = 1 if five and seaborne else 0
    return HourResult(attacker_hits + extra + banzai_steps, defender_lost, five and overland, attacker_hits, five,
                      extra, banzai_steps)


def rolled_dice(dice: int, banzai: bool) -> int:
    """Dice a unit rolls: its left number, doubled for a Banzai attack (caf.combat.banzai.doubled_dice)."""
    return dice * 2 if banzai else dice


@lru_cache(maxsize=4096)
def hour_dist(attacker_rolled: int, defender_rolled: int, banzai: int = 0, seaborne: bool = False,
              overland: bool | None = None) -> Dist[HourResult]:
    """The exact distribution of one hour's result, every roll of :data:`GROUND_D6` pushed through
    :func:`hour_result`. ``attacker_rolled`` counts the dice actually rolled (Banzai dice already doubled)."""
    if attacker_rolled < 0 or defender_rolled < 0:
        raise ValueError("dice counts must be 0 or more")
    return through_mixed([(GROUND_D6, attacker_rolled), (GROUND_D6, defender_rolled)],
                         lambda faces: hour_result(faces[0], faces[1], banzai, seaborne, overland))


__all__ = ["BLANK", "GROUND_D6", "HourResult", "hour_dist", "hour_result", "rolled_dice"]
