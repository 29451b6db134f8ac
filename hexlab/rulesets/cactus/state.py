"""Cactus Air Force Ground Combat's typed state (``state.rules_state``), saved by the engine's codec.

What the rules remember between steps: the hour, which side is done deciding in the current round (moves,
raids, refit), the fights going on and who attacks in each (caf.combat.attacker_defender_roles), the units
pinned in contested boxes (caf.movement.no_exit_from_contested_box), the battle being fought and the results
still to apply, a step loss waiting for its owner's pick, the raid in the air, the per-turn facts (who moved,
who refitted, the air refits left; caf.movement.once_per_turn, caf.supply.refit.*), the targets each side has
bombed, the VP awards, and how each attacking unit came into the box it attacks (overland from a box, or by sea).
Those per-unit facts are read and written only through ``facts.py``; the counter up follows from a unit's steps.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from ...engine.seats import Alternation
from ...engine.simultaneous import Together


@dataclass(frozen=True, slots=True)
class Roles:
    """Who attacks and who defends in a contested box, hour after hour (caf.combat.attacker_defender_roles)."""

    attacker: str
    defender: str


TaskKind = Literal["loss", "five", "banzai", "settle"]


@dataclass(slots=True)
class Task:
    """One result of the hour still to apply, in order (caf.combat.resolution_defaults): ``loss`` (``n`` steps off
    ``side``, from the units in ``only`` if given), ``five`` (the defender's 5), ``banzai`` (the Banzai units'
    steps), ``settle`` (who holds the box now)."""

    kind: TaskKind
    side: str = ""
    n: int = 0
    only: list[str] | None = None
    why: str = ""
    clauses: list[str] = field(default_factory=list)


@dataclass(slots=True)
class Battle:
    """The fight being resolved this hour."""

    box: str
    attacker: str
    defender: str
    banzai: list[str] = field(default_factory=list)
    """The units that declared a Banzai attack this hour (caf.combat.banzai.doubled_dice)."""
    queue: Together[Task] = field(default_factory=Together)
    """The hour's results, recorded from both sides' dice and applied together, in order
    (caf.combat.both_sides_roll: a unit hit this hour has already rolled all its dice)."""


@dataclass(frozen=True, slots=True)
class Allocation:
    """A step loss waiting for its owner to pick the unit (caf.combat.resolution_defaults, caf.air.bombing.defaults)."""

    side: str
    n: int
    units: tuple[str, ...]
    why: str
    clauses: tuple[str, ...]
    box: str
    refusal: str
    """The clause a pick of another unit is refused with."""


@dataclass(frozen=True, slots=True)
class Sortie:
    """A bomber raid in the air: its group, side, box, aim and the AA dice it meets."""

    group: str
    side: str
    box: str
    aim: str
    aa: int


@dataclass(frozen=True, slots=True)
class Award:
    """1 VP for a box held alone at the end of a turn (caf.victory.uncontested_location_vp)."""

    turn: int
    box: str
    side: str


@dataclass(frozen=True, slots=True)
class Bonus:
    """Target VP: a successful bombing (``why="bombing"``) or a held, never bombed target (``"held target"``)."""

    why: str
    box: str
    side: str
    vp: int


@dataclass(frozen=True, slots=True)
class Arrival:
    """How an attacking unit came into the box it attacks: overland from ``came_from``, where a defender's 5
    sends it back (caf.combat.retreat_overland_to_start), or by sea (``seaborne``: it cannot retreat,
    caf.combat.seaborne_no_retreat_extra_step)."""

    came_from: str | None = None
    seaborne: bool = False


@dataclass(slots=True)
class TurnFacts:
    """What is counted once a turn: the units that moved (caf.movement.once_per_turn), the sides that refitted a
    ground step (caf.supply.refit.one_step_per_turn) and the air refits each side has left
    (caf.supply.refit.costs_air_refit)."""

    moved: list[str] = field(default_factory=list)
    refitted: list[str] = field(default_factory=list)
    air_refits: dict[str, int] = field(default_factory=dict)

    def reset(self, air_refits: dict[str, int]) -> None:
        """A new turn: nobody has moved or refitted, and each side has its air refits again."""
        self.moved = []
        self.refitted = []
        self.air_refits = dict(air_refits)


@dataclass(slots=True)
class CactusState:
    hour: int = 1
    round: Alternation | None = None
    """The current round of decisions (moves, raids or refits): each side in order, until it passes."""
    fights: dict[str, Roles] = field(default_factory=dict)
    """The contested boxes and the roles in each."""
    pinned: dict[str, str] = field(default_factory=dict)
    """Unit id -> the contested box it may not leave (caf.movement.no_exit_from_contested_box)."""
    attackers: dict[str, Arrival] = field(default_factory=dict)
    """Unit id -> how it came into the box it attacks, for the units attacking where they stand
    (caf.combat.attacker_defender_roles); read and written through ``facts.py``."""
    battles: list[str] = field(default_factory=list)
    """The boxes still to fight over this hour."""
    battle: Battle | None = None
    allocation: Allocation | None = None
    raided: list[str] = field(default_factory=list)
    """The bomber groups that have flown this hour."""
    raid: Sortie | None = None
    turn: TurnFacts = field(default_factory=TurnFacts)
    bombed: dict[str, list[str]] = field(default_factory=dict)
    """Each side's successfully bombed targets (caf.victory.new_target_bombing_vp)."""
    awards: tuple[Award, ...] = ()
    """Every box VP so far, in order (a record only ever added to: a tuple, shared by copies of the state)."""
    bonus: tuple[Bonus, ...] = ()
    """Every target VP so far, in order."""
    finished: bool = False
    """The last turn is over and the targets are scored: the game ends on VP (caf.victory.*)."""


__all__ = ["Allocation", "Arrival", "Award", "Battle", "Bonus", "CactusState", "Roles", "Sortie", "Task", "TaskKind",
           "TurnFacts"]
