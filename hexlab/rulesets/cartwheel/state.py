"""Operation Cartwheel's typed state: the facts of the game the common state does not hold."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...engine.seats import Alternation


@dataclass(slots=True, frozen=True)
class AirStats:
    """One aerial unit's printed factors, read once at set-up (oc.components.air.*): every value illustrative.

    The three printed-facts classes are frozen: nothing changes them in play, so a copy of the game shares them
    instead of copying each (the search copies the game tens of thousands of times a campaign game: campaign seed 1
    took 43.3 s of CPU with them copied, 34.8 s shared)."""

    af: int = 0
    df: int = 0
    bf: int = 0
    strafe: bool = False
    range: int = 0
    mp: int = 0
    service: str = ""
    group: str = ""
    """``"11th"`` for an 11th Hikoshidan unit, ``"tf36"`` for a TF-36 unit."""
    heavy: bool = False
    floatplane: bool = False
    code: str = ""
    """The aircraft type code (oc.components.air.aircraft_type_codes): F, FB, B, D, P, S, T, R or C."""
    model: str = ""
    """The aircraft model printed on the counter ("B-25 Mitchell", "SBD Dauntless"): it decides whether a bomber is
    single- or multi-engine (oc.air.concept.single_vs_multi_engine)."""
    two_sided: bool = True
    """False: nothing on its back (the C-47, a recon): one step loss eliminates it
    (oc.components.pieces.no_back_eliminated)."""


@dataclass(slots=True, frozen=True)
class GroundStats:
    """One ground combat unit's printed facts, read once at set-up: every value illustrative."""

    cf: int = 2
    """Its Combat Factor (oc.components.ground.combat_factor): shown on the counter as its attack and defence value;
    in play it is the unit's resistance to bombing (ground combat, where it would attack, is not modelled)."""
    size: str = ""
    """Its size symbol ("III" regiment, "X" brigade, "XX" division): shown, with no effect on play
    (oc.components.ground.size_decorative)."""


@dataclass(slots=True, frozen=True)
class ShipStats:
    """One naval unit's printed facts, read once at set-up: every value illustrative."""

    ship: str = "T"
    """Its ship type: CV, CVL (carriers), BB, CA, CLT (surface warships), T or LST (transports)
    (oc.components.naval.types)."""
    aa: int = 0
    """Its AA factor; fired only by a naval combat unit (oc.naval.concept.naval_combat_units)."""


@dataclass(slots=True)
class Base:
    """One airbase display's live facts."""

    side: str
    kind: str
    hex: str | None
    status: str
    captured: bool = False
    """Captured this game and not yet repaired (oc.air.airbase_capture.disrupted_until_repaired)."""
    counts_as: dict[str, str] = field(default_factory=dict)
    """Recon unit -> "fighter" or "bomber": the slot it takes at a minor or mobile base
    (oc.air.recon.basing_counts_at_minor_mobile, the owner's choice: ours, as a fighter unless it would overflow)."""


@dataclass(slots=True)
class Sighting:
    """What a recon examination disclosed of an enemy airbase (oc.air.recon.examine_airbase): numbers only."""

    fighters: int
    bombers: int
    turn: int


@dataclass(slots=True)
class Award:
    """Victory points, in half-points, and why (oc.victory.concept.vp_track)."""

    side: str
    halves: int
    cause: str
    clause: str
    turn: int


@dataclass(slots=True)
class Strike:
    """The air strike being flown (oc.base.strike_mission_default)."""

    side: str
    base: str
    target: str
    """An enemy airbase display, or an enemy naval unit."""
    hex: str
    bombers: list[str]
    escorts: list[str]
    candidates: list[str] = field(default_factory=list)
    """Enemy fighters that may try to scramble (oc.air.concept.scramble_to_intercept)."""
    interceptors: list[str] = field(default_factory=list)
    escaped: list[str] = field(default_factory=list)
    """Units at the target that scrambled away, not caught on the ground (oc.air.concept.scramble_to_escape)."""
    aborted: list[str] = field(default_factory=list)

    def still_in(self) -> list[str]:
        """The bombers still in the strike: those not turned back (disrupted or shot down: ``aborted``) so far."""
        return [b for b in self.bombers if b not in self.aborted]


@dataclass(slots=True)
class CartwheelState:
    air: dict[str, AirStats] = field(default_factory=dict)
    bases: dict[str, Base] = field(default_factory=dict)
    ground: dict[str, GroundStats] = field(default_factory=dict)
    ships: dict[str, ShipStats] = field(default_factory=dict)
    cargo: dict[str, int] = field(default_factory=dict)
    """Each transport's cargo capacity in steps (oc.components.naval.cargo_capacity; a Maru T4 carries 4, a Daihatsu
    T2 2: our reading of the digit, oc.components.naval.maru_and_daihatsu)."""
    afloat: dict[str, list[str]] = field(default_factory=dict)
    """A Rufe floatplane based at a port, kept on the port's map hex, -> the markers on its counter ("Flown",
    "Disrupted"): oc.air.hosting.rufe_at_port_on_map."""
    event: str = ""
    """This turn's random event (oc.special.random_event.table_default)."""
    submarine: bool = False
    committed: bool = False
    """The 11th Hikoshidan this turn (oc.special.hikoshidan.*)."""
    tf36: bool = False
    general_regroup: bool = False
    general_regroups: list[int] = field(default_factory=list)
    """Calendar turns declared general regroup turns (oc.sequence.general_regroup.*)."""
    marker_turn: int = 0
    """The Regroup marker's turn on the track after a September general regroup (0: none)."""
    regrouping: list[str] = field(default_factory=list)
    """Aerial units with a Regroup marker this turn (secret: oc.air.unit_regroup.secret)."""
    recon_over: dict[str, str] = field(default_factory=dict)
    """Recon unit -> the hex it was placed on (public: it is on the map)."""
    recon_tried: list[str] = field(default_factory=list)
    recon_home: dict[str, str] = field(default_factory=dict)
    flying: str = ""
    """The recon unit whose flight roll is being made or that is being placed."""
    magic_at: str = ""
    """The Magic PBY marker's hex this turn (oc.air.recon.magic_pby)."""
    intel: dict[str, dict[str, Sighting]] = field(default_factory=dict)
    """Side -> enemy airbase display -> what recon disclosed to that side."""
    initiative: str = ""
    last_initiative: str = ""
    missions: int = 0
    round: Alternation | None = None
    ops_log: list[str] = field(default_factory=list)
    """The Air/Naval Operations opportunities in order ("Allies: strike", "Japan passes"), for the tests."""
    strike: Strike | None = None
    bombed: list[str] = field(default_factory=list)
    """Aerial units that took part in a bombing mission this turn (oc.air.concept.one_bombing_mission_per_turn)."""
    sailed: list[str] = field(default_factory=list)
    moved: list[str] = field(default_factory=list)
    """Ground units moved this Ground Operations phase."""
    control: dict[str, str] = field(default_factory=dict)
    """Hex -> the side that last had a ground combat unit there (oc.special.concept.hex_control)."""
    supplied: dict[str, list[str]] = field(default_factory=dict)
    """Side -> hexes that traced supply at the last Supply Determination Phase."""
    evacuating: list[str] = field(default_factory=list)
    evac_base: str = ""
    evac_base_disrupted: bool = False
    destroyed_11th: list[str] = field(default_factory=list)
    awards: list[Award] = field(default_factory=list)
    over: bool = False
    winner: str | None = None
    reason: str = ""

    def new_turn(self) -> None:
        """The per-turn facts, afresh."""
        self.event = ""
        self.general_regroup = False
        self.regrouping = []
        self.recon_over = {}
        self.recon_tried = []
        self.recon_home = {}
        self.flying = ""
        self.magic_at = ""
        self.missions = 0
        self.round = None
        self.ops_log = []
        self.strike = None
        self.bombed = []
        self.sailed = []
        self.moved = []
        self.destroyed_11th = []
