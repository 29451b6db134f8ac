"""What Operation Cartwheel draws beside the map (the ruleset's :meth:`~hexlab.engine.Ruleset.beside_map`), as plain
data the widgets draw: the Turn Record Track and each side's Victory Points Track (oc.components.map_and_pac_charts),
the airbase displays (Ready and Flown halves, Disrupted quadrants, capacity: oc.air.layout.*, oc.air.hosting.*), the
markers the model keeps (oc.components.markers), the Tactical Battle Board while an aerial combat is fought
(oc.components.map.tactical_battle_board) and the Random Events Table for the reader.

Everything is read from the seat's view of the game (``Game.view``): a side sees its own displays in full and the
enemy's only as its recon disclosed them, numbers and the turn (oc.air.airbase.adc_hidden,
oc.air.recon.examine_airbase); nobody's seat (``PUBLIC``) sees no display's contents; the teacher (``None``) sees all.

Markers drawn: Initiative, Turn, Regroup (general regroup on the track; a unit's own, on its counter), Disrupted air
(the Disrupted quadrants; on a Rufe's counter at a port), Mission Target, Air Round, Mobile Airbase, Base Construction,
Base Disrupted and Base Eliminated. Not drawn, because the model does not keep them: Ace, Altitude, Air Battle Move
Sequence, Supply (1 or 2 units), No Supply, Hits (1 or 2), Parafrag, Radar, Fortification, Disrupted naval and land.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ...engine.ruleset import Area, Beside, MapMark, Panel, Piece, draws_beside_map
from ...engine.seats import PUBLIC
from ...engine.state import DisplayBox, GameState, Unit
from . import board
from .data import (
    ABSENT,
    CONSTRUCTION,
    DESTROYED,
    DISRUPTED,
    EVENT_WORDS,
    FIGHTER,
    FLOWN,
    FLOWN_D,
    GONE,
    MOBILE,
    MOBILE_MIXED,
    MOBILE_SAME_TYPE,
    OFFBOARD,
    READY,
    READY_D,
    calendar,
)
from .rules import Cartwheel
from .scoring import totals, vp

if TYPE_CHECKING:
    from .state import CartwheelState

UNMODELLED_MARKERS = ("Ace", "Altitude", "Air Battle Move Sequence", "Supply (1 or 2 units)", "No Supply",
                      "Hits (1 or 2)", "Parafrag", "Radar", "Fortification", "Disrupted (naval)", "Disrupted (land)")
"""oc.components.markers the model has no state for, so nothing draws them."""

QUADRANT_NAMES = {READY: "Ready", READY_D: "Ready · Disrupted", FLOWN: "Flown", FLOWN_D: "Flown · Disrupted"}
BATTLE_STEPS = ("ops.scramble", "ops.combat")
"""The steps during which the air battle is on the Tactical Battle Board: the scramble that puts the interceptors
there, and the round of aerial combat."""
TRACK_MIN = 10
"""A Victory Points Track shows at least the spaces 0-10."""


@draws_beside_map(Cartwheel)
def beside_map(rules: Cartwheel, state: GameState, viewer: str | None) -> Beside:
    """The tracks, displays, battle board and tables of ``state``, a view of the game for ``viewer``."""
    mine = rules.mine(state)
    if mine is None:
        return Beside()
    panels = [turn_track(rules, state, mine), *vp_tracks(rules, state)]
    battle = battle_board(rules, state, mine)
    if battle is not None:
        panels.append(battle)
    panels += displays(rules, state, mine, viewer)
    panels.append(random_events(mine))
    return Beside(tuple(panels), tuple(map_marks(rules, state, mine)))


# ============================================================================== tracks and tables
def turn_track(rules: Cartwheel, state: GameState, mine: CartwheelState) -> Panel:
    """The Turn Record Track: a space per turn with its calendar date, the Turn marker on the current one, the
    general regroup turns marked Regroup; the Initiative marker on the band (oc.components.map_and_pac_charts)."""
    regroup_turns = {t - rules.options.first_turn + 1 for t in mine.general_regroups}
    if mine.marker_turn:
        regroup_turns.add(mine.marker_turn - rules.options.first_turn + 1)
    areas = []
    for t in range(1, rules.options.turns + 1):
        pieces: list[Piece] = []
        if t == state.turn:
            pieces.append(Piece("Turn", title=f"The Turn marker: turn {t} of {rules.options.turns}"))
        if t in regroup_turns:
            pieces.append(Piece("Regroup", title="The Regroup marker: a general regroup turn"))
        areas.append(Area(str(t), tuple(pieces), "current" if t == state.turn else "",
                          calendar(rules.calendar_turn(state) - state.turn + t)))
    markers = (Piece(f"Initiative: {mine.initiative}", side=mine.initiative,
                     title=f"The Initiative marker: {mine.initiative} have the initiative this turn"),) \
        if mine.initiative else ()
    return Panel("turns", "Turn Record Track", "track", None, tuple(areas), markers,
                 (f"Turn {state.turn} of {rules.options.turns} ({calendar(rules.calendar_turn(state))}), "
                  "illustrative calendar.",),
                 columns=len(areas), clauses=("oc.components.map_and_pac_charts", "oc.sequence.turn_calendar_default"))


def vp_tracks(rules: Cartwheel, state: GameState) -> list[Panel]:
    """A Victory Points Track per side, its marker on the side's total (oc.components.map_and_pac_charts,
    oc.victory.concept.vp_track). Awards are public: every side reads both tracks."""
    out = []
    score = totals(rules, state)
    for side in state.sides:
        total = score.get(side, 0)
        top = max(TRACK_MIN, math.ceil(total))
        here = math.floor(total)
        words = vp(int(total * 2))
        areas = tuple(Area(str(n), (Piece(f"{words} VP", side=side, title=f"{side}: {words} VP"),) if n == here else (),
                           "current" if n == here else "") for n in range(0, top + 1))
        out.append(Panel(f"vp-{side}", f"{side} Victory Points Track", "track", side, areas, (), (f"{side}: {words} VP",),
                         columns=len(areas), clauses=("oc.components.map_and_pac_charts", "oc.victory.concept.vp_track")))
    return out


def random_events(mine: CartwheelState) -> Panel:
    """The Random Events Table, printed on the map (oc.components.map_and_pac_charts), with this turn's event."""
    lines = ("1-2: " + EVENT_WORDS["magic"] + ".", "3: " + EVENT_WORDS["submarine"] + ".",
             "4: " + EVENT_WORDS["volcano"] + ".", "5-10: no event.",
             "Roll one die; a 0 reads as 10. The table is illustrative: the published one is not in the rules excerpt.",
             f"This turn: {EVENT_WORDS.get(mine.event, 'not rolled yet') if mine.event else 'not rolled yet'}.")
    return Panel("random-events", "Random Events Table", "table", None, (), (), lines,
                 clauses=("oc.components.map_and_pac_charts", "oc.special.random_event.table_default",
                          "oc.special.random_event.roll_and_apply"))


# ============================================================================== the airbase displays
def counter(rules: Cartwheel, mine: CartwheelState, u: Unit) -> Piece:
    """An aerial unit's counter: its id, type code and factors, and the markers on it."""
    st = mine.air.get(u.id)
    kind = rules.unit_types[u.kind].title.lower() if u.kind in rules.unit_types else u.kind
    if st is None:
        return Piece(u.id, u.id, u.side, "", (), f"{u.side} {kind} {u.id}")
    rng = "U" if st.range <= 0 else str(st.range)
    if u.kind == FIGHTER:
        detail = f"{st.code} {st.af}-{st.df} R{rng}"
    elif u.kind == "bomber":
        detail = f"{st.code} {st.af}-{st.df}-{st.bf} R{rng}"
    else:
        detail = f"{st.code} R{rng}"
    marks: list[str] = []
    if u.strength < u.max_strength:
        marks.append("reduced")
    if u.id in mine.regrouping:
        marks.append("Regroup")
    if board.disrupted(u):
        marks.append("Disrupted")
    factors = f"attack {st.af}, defence {st.df}" + (f", bombing {st.bf}" if u.kind == "bomber" else "")
    title = (f"{u.side} {kind} {u.id} ({st.code}{', ' + st.service if st.service else ''}): "
             + (f"{factors}, " if u.kind in (FIGHTER, "bomber") else "") + f"range {rng}, movement {st.mp}"
             + (", reduced" if "reduced" in marks else "") + (", regrouping" if "Regroup" in marks else ""))
    return Piece(u.id, u.id, u.side, detail, tuple(marks), title)


def status_markers(b) -> tuple[Piece, ...]:
    """The markers on an airbase (oc.components.markers, oc.air.airbase_destruction.eliminated_marker)."""
    out = []
    if b.kind == MOBILE and b.status not in (ABSENT, GONE):
        out.append(Piece("Mobile Airbase", side=b.side, title="A mobile airbase"))
    if b.status == CONSTRUCTION:
        out.append(Piece("Base Construction", side=b.side, title="Under construction: hosts no unit until it flips"))
    if b.status == DISRUPTED:
        out.append(Piece("Base Disrupted", side=b.side,
                         title="Disrupted: AA 1, harder to scramble and evacuate" + (", captured and not yet repaired"
                                                                                       if b.captured else "")))
    if b.status == DESTROYED:
        out.append(Piece("Base Eliminated", side=b.side, title="Destroyed: hosts no unit until repaired"))
    return tuple(out)


def capacity_words(rules: Cartwheel, state: GameState, display: str) -> tuple[str, str]:
    """(the capacity used, in words; a warning if over capacity, else "")."""
    spec = rules.options.airbases[display]
    units = board.based(state, display)
    slots = [s for u in units if (s := board.slot(rules, state, display, u)) is not None]
    free = len(units) - len(slots)
    extra = f" (+{free} recon, no room taken)" if free else ""
    if spec.kind == OFFBOARD:
        return f"Capacity: {len(units)} units, no limit off-board{extra}", ""
    if spec.kind == MOBILE:
        limit = MOBILE_SAME_TYPE if len(set(slots)) <= 1 else MOBILE_MIXED
        how = "one type" if len(set(slots)) <= 1 else "mixed types"
        used = f"Capacity: {len(slots)} of {limit} used ({how}: three of one type or two mixed){extra}"
    else:
        limit = board.capacity(rules, display) or 0
        used = f"Capacity: {len(slots)} of {limit} used{extra}"
    over = board.over_capacity(rules, state, display)
    return used, (f"Over capacity ({len(slots)} of {limit}): its units may only stage out" if over else "")


def displays(rules: Cartwheel, state: GameState, mine: CartwheelState, viewer: str | None) -> list[Panel]:
    """Each side's airbase displays as ``viewer`` may see them: own displays in full, the enemy's by recon only."""
    out: list[Panel] = []
    sides = list(state.sides)
    if viewer in sides:
        sides = [viewer] + [s for s in sides if s != viewer]
    for side in sides:
        unbuilt = []
        for d, b in mine.bases.items():
            if b.side != side:
                continue
            name = rules.base_name(d)
            if b.status in (ABSENT, GONE):
                unbuilt.append(name)
                continue
            full = viewer is None or viewer == side
            out.append(own_display(rules, state, mine, d) if full else enemy_display(rules, state, mine, d, viewer))
        if unbuilt:
            out.append(Panel(f"unbuilt-{side}", f"{side}: not in play", "display", side, (), (),
                             (", ".join(unbuilt) + ": not built, lost or not this side's.",), columns=1))
    return out


def _where(rules: Cartwheel, mine: CartwheelState, d: str) -> str:
    b = mine.bases[d]
    if b.kind == OFFBOARD:
        return "off-board airbase"
    return f"{b.kind} airbase" + (f" in {b.hex}" if b.hex else "")


def own_display(rules: Cartwheel, state: GameState, mine: CartwheelState, d: str) -> Panel:
    """A display in full: its four quadrants with the units on them, the capacity used and the base's markers."""
    b = mine.bases[d]
    units = sorted(board.based(state, d), key=lambda u: u.id)
    areas = []
    for box in (READY, FLOWN, READY_D, FLOWN_D):  # the Ready and Flown halves side by side, Disrupted under each
        here = tuple(counter(rules, mine, u) for u in units if isinstance(u.at, DisplayBox) and u.at.box == box)
        areas.append(Area(QUADRANT_NAMES[box], here, "disrupted" if box in (READY_D, FLOWN_D) else ""))
    used, over = capacity_words(rules, state, d)
    lines = [f"{_where(rules, mine, d)} · {used}"]
    return Panel(d, rules.base_name(d), "display", b.side, tuple(areas), status_markers(b), tuple(lines),
                 (over,) if over else (), 2, ("oc.air.layout.ready_half", "oc.air.layout.flown_half",
                                              "oc.air.layout.disrupted_quadrants", "oc.air.hosting.adc_values_default"))


def enemy_display(rules: Cartwheel, state: GameState, mine: CartwheelState, d: str, viewer: str | None) -> Panel:
    """An enemy display: only its public markers and what ``viewer``'s recon disclosed, numbers and turn."""
    b = mine.bases[d]
    seen = mine.intel.get(viewer, {}).get(d) if viewer not in (None, PUBLIC) else None
    if viewer == PUBLIC:
        lines = ["Hidden: the player to act has not taken the seat."]
        areas: tuple[Area, ...] = ()
    elif seen is None:
        lines = ["Unknown: no recon of yours has examined it."]
        areas = (Area("Ready and Flown", (), "muted", "unknown"),)
    else:
        when = "this turn" if seen.turn == state.turn else f"on turn {seen.turn}; not seen since turn {seen.turn}"
        lines = [f"Recon {when}: {seen.fighters} fighter{'s' if seen.fighters != 1 else ''}, "
                 f"{seen.bombers} bomber{'s' if seen.bombers != 1 else ''}. Which units, and in which quadrant: unknown."]
        areas = (Area("Seen by recon", tuple(Piece(f"{n} {what}", side=b.side, title=f"recon counted {n} {what}")
                                             for n, what in ((seen.fighters, "fighters"), (seen.bombers, "bombers"))),
                      "muted", f"turn {seen.turn}"),)
    return Panel(d, rules.base_name(d), "display", b.side, areas, status_markers(b),
                 (_where(rules, mine, d), *lines), (), 1, ("oc.air.airbase.adc_hidden", "oc.air.recon.examine_airbase"))


# ============================================================================== the battle and the map
def _battle_piece(state: GameState, mine: CartwheelState, uid: str, role: str, side: str) -> Piece:
    u = state.units.get(uid) if uid != "?" else None
    if u is None:
        return Piece(f"unseen {role}", None, side, "status unknown", (), f"An enemy {role} you do not see")
    status = "Disrupted" if board.disrupted(u) else "Normal"
    st = mine.air.get(uid)
    detail = f"AF {st.af} · {status}" if st is not None else status
    return Piece(uid, uid, u.side, detail, (status,), f"{u.side} {role} {uid}: {status}")


def battle_board(rules: Cartwheel, state: GameState, mine: CartwheelState) -> Panel | None:
    """The Tactical Battle Board while a strike's aerial combat is resolved (oc.components.map.tactical_battle_board):
    the Air Battle Round Track (the oc.base.* model fights one round) and each air unit in the battle, its side and
    Normal/Disrupted status."""
    st = mine.strike
    if st is None or state.position not in BATTLE_STEPS:
        return None
    enemy = next((s for s in state.sides if s != st.side), "")
    fighting = state.position == "ops.combat"
    areas = (Area("Round 1", (Piece("Air Round", title="The Air Round marker"),) if fighting else (),
                  "current" if fighting else ""),
             Area("Round 2", (), "muted", "not used"),
             Area("Round 3", (), "muted", "not used"),
             Area(f"{st.side}: bombers", tuple(_battle_piece(state, mine, u, "bomber", st.side) for u in st.bombers)),
             Area(f"{st.side}: escorts", tuple(_battle_piece(state, mine, u, "escort", st.side) for u in st.escorts)),
             Area(f"{enemy}: interceptors",
                  tuple(_battle_piece(state, mine, u, "interceptor", enemy) for u in st.interceptors),
                  note="" if st.interceptors or fighting else "scrambling"))
    target = rules.base_name(st.target) if st.target in mine.bases else st.target
    lines = (f"{st.side} strike {target} at {st.hex}.",
             "Air Battle Round Track: " + ("round 1 of 1." if fighting else "the interceptors scramble first."),
             "Spaces this model does not use: altitude, aces, the Air Battle Move Sequence and rounds after the "
             "first (the oc.base.* model fights one round, so no unit changes altitude and no ace flies).")
    return Panel("tbb", "Tactical Battle Board", "battle", None, areas, (), lines, columns=3,
                 clauses=("oc.components.map.tactical_battle_board", "oc.base.aerial_combat_default"))


def map_marks(rules: Cartwheel, state: GameState, mine: CartwheelState) -> list[MapMark]:
    """Markers on the map: each airbase's status marker on its hex, the Mission Target on a strike's target, and a
    Disrupted marker on a Rufe's counter at a port (oc.components.markers)."""
    out: list[MapMark] = []
    for d, b in mine.bases.items():
        if not b.hex or b.status in (ABSENT, GONE):
            continue
        h = board.hx(rules, b.hex)
        for p in status_markers(b):
            short = {"Mobile Airbase": "Mobile", "Base Construction": "Constr.", "Base Disrupted": "Disr.",
                     "Base Eliminated": "Elim."}[p.text]
            out.append(MapMark(h, short, f"{p.text}: {rules.base_name(d)} ({b.side})"))
    if mine.strike is not None and mine.strike.hex:
        out.append(MapMark(board.hx(rules, mine.strike.hex), "Target", f"Mission Target: {mine.strike.hex}"))
    for uid, marks in mine.afloat.items():
        u = state.units.get(uid)
        if u is not None and u.alive and "Disrupted" in marks and board.on_map(u):
            out.append(MapMark(u.at, "Disr.", f"Disrupted: {uid}"))
    return out



