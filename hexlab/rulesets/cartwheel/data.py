"""Operation Cartwheel's tables. The excerpt's own numbers (AA factors, mobile capacities, the recon flight roll, the
initiative threshold, the commitment VPs) carry their clauses; every ``*_default`` value is a placeholder of ours,
shown to readers as illustrative, never as the published PAC tables."""

from __future__ import annotations

FIGHTER, BOMBER, RECON, TRANSPORT = "fighter", "bomber", "recon", "transport"
AIR_TYPES = (FIGHTER, BOMBER, RECON, TRANSPORT)
"""Aerial unit types (oc.air.concept.fighters_and_bombers, oc.components.air.recon_units, C-47: transport)."""
NAVAL = "naval"
GROUND_TYPES = ("infantry", "marine", "parachute", "armor")
"""oc.components.ground.types: all but armor count as infantry."""

READY, READY_D, FLOWN, FLOWN_D = "Ready", "Ready D", "Flown", "Flown D"
BOXES = (READY, READY_D, FLOWN, FLOWN_D)
"""An airbase display's quadrants: Ready/Flown halves, each with its Disrupted (D) area (oc.air.layout.*)."""

MAJOR, MINOR, MOBILE, OFFBOARD = "major", "minor", "mobile", "offboard"
KINDS = (MAJOR, MINOR, MOBILE, OFFBOARD)
"""oc.air.airbase.four_types."""

WORKING, DISRUPTED, DESTROYED, CONSTRUCTION, ABSENT, GONE = (
    "working", "disrupted", "destroyed", "under construction", "absent", "gone")
"""An airbase's status: ``absent`` (not built, or not this side's: a captured airfield is on its new owner's
display), ``gone`` (a mobile airbase overrun: never rebuilt, oc.air.airbase_capture.mobile_removed_permanently)."""

MOBILE_MAX = {"Allies": 3, "Japan": 2}
"""oc.air.airbase.mobile_maximum."""
MOBILE_SAME_TYPE, MOBILE_MIXED = 3, 2
"""oc.air.hosting.mobile_three_same_type, oc.air.hosting.mobile_two_mixed."""
CAPACITY_DEFAULT = {MAJOR: 6, MINOR: 3}
"""oc.air.hosting.adc_values_default (illustrative)."""
AA = {MAJOR: 3, MINOR: 2, MOBILE: 2}
AA_DISRUPTED = 1
"""oc.air.airbase_target.aa_major_3, aa_minor_and_mobile_2, aa_disrupted_1; under construction: 0
(oc.air.mobile.under_construction_bombable_no_aa)."""

RECON_FLIES_AT_MOST = 7
RECON_GENERAL_REGROUP_DRM = 1
"""oc.air.recon.flight_roll_seven_or_less, oc.air.recon.general_regroup_plus_one."""

INITIATIVE_ALLIED_AT_LEAST = 6
RECON_ON_RABAUL_DRM, RECON_ON_MORESBY_DRM = 1, -1
"""oc.sequence.initiative_roll.six_or_more_allied; the DRMs: oc.sequence.initiative_roll.drm_table_default
(illustrative)."""

SCRAMBLE_AT_MOST = 6
"""oc.base.scramble_default (illustrative); +1 each for a disrupted airbase, regrouping, an enemy recon over the hex."""
AA_HIT_AT_MOST = 3
"""oc.base.aa_fire_default (illustrative)."""
STRAFER_BF = 1
"""oc.base.bombing_default: a strafer hits on 1."""
REPAIR_AT_MOST = 5
"""oc.air.airbase_destruction.repair_roll_default (illustrative)."""
EVAC_DRM_BASE_DISRUPTED, EVAC_DRM_UNIT_DISRUPTED, EVAC_DRM_FLOWN = 2, 1, 1
"""oc.air.evacuation.table_default (illustrative)."""
NAVAL_MOVE = 4
"""oc.base.naval_mission_default (illustrative)."""

HIKOSHIDAN_COMMIT_VP = 2
"""Half-points: 1 VP a committed turn (oc.victory.hikoshidan.commitment_vp)."""
HIKOSHIDAN_FLOWN_VP = 1
HIKOSHIDAN_DESTROYED_VP = 2
"""Half-points: 0.5 VP a flown survivor, 1 VP a destroyed unit (oc.victory.hikoshidan.flown_unit_half_vp,
destroyed_unit_vp)."""
BASE_DESTROYED_VP, BASE_CAPTURED_VP = 4, 6
"""Half-points: 2 VP a destroyed enemy airbase, 3 VP a captured one (oc.base.victory_default, illustrative)."""

RANDOM_EVENTS = {1: "magic", 2: "magic", 3: "submarine", 4: "volcano"}
"""oc.special.random_event.table_default (illustrative); 5-10: no event."""
EVENT_WORDS = {"magic": "Magic Intelligence: the Allied Magic PBY recon flies this turn",
               "submarine": "the Japanese submarine (SS) becomes available",
               "volcano": "Rabaul's volcano rumbles (no effect)", "none": "no event"}


def event_for(dr: int) -> str:
    return RANDOM_EVENTS.get(dr, "none")


def missions_for(dr: int) -> int:
    """oc.sequence.initiative_missions.table_default (illustrative): 1-3 one, 4-7 two, 8-10 three."""
    return 1 if dr <= 3 else 2 if dr <= 7 else 3


def month_of(turn: int) -> str:
    """oc.sequence.turn_calendar_default (illustrative): two turns a month from July, turn 8 = October II."""
    months = ["July", "August", "September", "October", "November", "December"]
    i = (turn - 1) // 2
    return months[i] if 0 <= i < len(months) else "later"


def calendar(turn: int) -> str:
    return f"{month_of(turn)} {'I' if turn % 2 else 'II'}"


SEPTEMBER_MARKER_TURN = 8
"""oc.sequence.general_regroup.september_marker: the Regroup marker goes on turn 8 (October II)."""
MOST_GENERAL_REGROUPS = 2

TYPE_CODES = {"F": FIGHTER, "FB": FIGHTER, "B": BOMBER, "D": BOMBER, "P": BOMBER, "S": BOMBER, "T": BOMBER,
              "R": RECON, "C": TRANSPORT}
"""oc.components.air.aircraft_type_codes: each code and the unit type it is; the D, P, S and T specialists make regular
bombing attacks here (oc.components.air.specialist_bombers_may_bomb_normally: no specialist attack is modelled), and
the FB (the RAAF Beaufighter) flies as a bomber or a fighter (oc.components.air.beaufighter_dual_role)."""
DEFAULT_CODE = {FIGHTER: "F", BOMBER: "B", RECON: "R", TRANSPORT: "C"}
REPLACEMENT_VP = 2
"""Half-points the enemy scores for each replacement step a regrouping unit receives
(oc.victory.concept.regroup_replacement_vp: the rate is in Modules 14 and 16, not in the excerpt; 1 VP is ours)."""

SINGLE_ENGINE = {"SBD": "Dauntless", "TBF": "Avenger", "D3A": "Val", "B5N": "Kate", "D4Y": "Judy"}
"""oc.air.concept.single_vs_multi_engine: the single-engine bombers, by type and name; every other bomber is
multi-engine."""


def engines(model: str) -> str:
    """"single-engine" if the bomber model ``model`` ("SBD Dauntless", "TBF", "Val") is one of the five single-engine
    types, else "multi-engine" (oc.air.concept.single_vs_multi_engine)."""
    words = model.replace("-", " ").split()
    single = any(w.upper() in SINGLE_ENGINE or w.capitalize() in SINGLE_ENGINE.values() for w in words)
    return "single-engine" if single else "multi-engine"


SHIP_TYPES = {"CV": "carrier", "CVL": "light carrier", "BB": "battleship", "CA": "heavy cruiser",
              "CLT": "light cruiser and transport", "T": "transport", "LST": "landing ship transport"}
"""oc.components.naval.types: carriers (CV, CVL), surface warships (BB, CA, CLT) and transports (T; LST read as a
transport)."""
TRANSPORTS = ("T", "LST")


def naval_combat(ship: str) -> bool:
    """oc.naval.concept.naval_combat_units: every naval unit but a transport is a naval combat unit (gunnery, AA)."""
    return ship not in TRANSPORTS


def carries_cargo(ship: str) -> bool:
    """A transport carries cargo, and so does a CLT, which is a combat unit too (oc.naval.concept.naval_combat_units)."""
    return ship in TRANSPORTS or ship == "CLT"


SIZES = {"III": "regiment", "X": "brigade", "XX": "division", "II": "battalion"}
"""oc.components.ground.size_decorative: size symbols, for show only."""
