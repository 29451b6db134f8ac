"""War at Sea landings' typed state: the facts of the game the common state does not hold."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...engine.seats import Alternation


@dataclass(slots=True)
class Declared:
    """An attack declared this phase, rolled with every other when the phase's declarations are done
    (was.base.simultaneous_phase_default)."""

    unit: str
    target: str
    weapon: str
    dice: int
    side: str


@dataclass(slots=True)
class Rescue:
    """A Rescue Operations roll owed: ``carrier`` sank with troops aboard in ``rescuer``'s sector
    (was.naval.rescue.trigger)."""

    carrier: str
    rescuer: str
    side: str


@dataclass(slots=True)
class Marking:
    """Infantry hits the roller still places on enemy troops of one island (was.combat.troop.hit_on_5_or_6)."""

    island: str
    side: str
    left: int


@dataclass(slots=True)
class Sinking:
    """One enemy ship sunk (was.victory.check.point_total): who sank it, and its points."""

    unit: str
    by: str
    points: int


@dataclass(slots=True)
class WarseaState:
    classes: dict[str, str] = field(default_factory=dict)
    """Each ship's and aircraft's class (from the scenario's ``attrs = { class = ... }``, read once at set-up)."""
    bases: dict[str, str] = field(default_factory=dict)
    """Each aircraft's airfield (the display it starts in), where it returns in Air Return."""
    initiative: str = ""
    """This turn's initiative winner (was.base.initiative_default)."""
    order: list[str] = field(default_factory=list)
    """This turn's move order: the side that moves first, then the other."""
    round: Alternation | None = None
    """The round of decisions at the current step: each side in order, until it passes."""
    moved: dict[str, int] = field(default_factory=dict)
    """Sectors each ship has moved this Sea Movement."""
    unloaded: list[str] = field(default_factory=list)
    """Units that put troops ashore this turn: anti-air attacks only (was.naval.unload.only_anti_air_after)."""
    flown: list[str] = field(default_factory=list)
    """Aircraft that flew a mission this turn."""
    aborted: list[str] = field(default_factory=list)
    """Aircraft aborted this turn: no attack, ignored by later attacks (was.base.attack_on_ships_default)."""
    declared: list[Declared] = field(default_factory=list)
    rescues: list[Rescue] = field(default_factory=list)
    rescued: list[str] = field(default_factory=list)
    """Troops aboard beyond their carrier's capacity, put there by Rescue Operations
    (was.naval.rescue.overrides_capacity)."""
    marking: list[Marking] = field(default_factory=list)
    marked: list[str] = field(default_factory=list)
    """Troops marked destroyed this Infantry Combat phase, removed at its end (was.combat.troop.simultaneous_removal)."""
    fought: list[str] = field(default_factory=list)
    """Islands fought over in this turn's Infantry Combat phase."""
    control: dict[str, str] = field(default_factory=dict)
    """Island sector -> the side in control after the last Infantry Combat there
    (was.combat.troop.control_if_sole_survivor)."""
    claims: dict[str, str] = field(default_factory=dict)
    """Island sector -> the side that claimed it at the last victory check; absent: neutral."""
    sinkings: list[Sinking] = field(default_factory=list)
    troops_made: int = 0
    """Troop counters taken from the unlimited supply so far (was.components.troops.unlimited_supply)."""
    winner: str | None = None
    over: bool = False
    reason: str = ""

    def new_turn(self) -> None:
        """The per-turn facts, afresh (was.sequence.base_turn_order_default)."""
        self.initiative = ""
        self.order = []
        self.round = None
        self.moved = {}
        self.unloaded = []
        self.flown = []
        self.aborted = []
        self.declared = []
        self.rescues = []
        self.marking = []
        self.marked = []
        self.fought = []
