"""Operation Cartwheel (ruleset id ``cartwheel``): the ruleset class (clauses in ../shared/rules/cartwheel.toml).

The air war over New Guinea and the Solomons in 1943 on a stylised hex map of ours: each side keeps its aerial units
on hidden airbase displays (Ready/Flown halves, Disrupted quadrants), sees the enemy's only through recon, and plays a
ten-phase turn (random events and commitments; mobile airbase construction; initiative with general regroup, unit
regroup, recon flights and the initiative roll; alternating air/naval missions; ground moves; operations conclusion;
supply; regroup; reinforcement; victory points). The excerpt stops before the air, naval and ground procedures:
the ``oc.base.*`` clauses fix the small model they are played on, every value illustrative. Phase modules:
``commitments.py``, ``construction.py``, ``initiative.py``, ``operations.py`` (the mission round; a strike's stages in
``strikes.py``, hits on aerial units in ``losses.py``), ``ground.py``, ``closing.py``; the combat functions are in
``combat.py``, the odds in ``odds.py``, the airbase rules in ``board.py``.

Our choices where the excerpt and the catalog are silent (each also said where it is played):

- a strike flies every eligible Ready unit of one airbase that reaches the target (bombers, strafers and the
  Beaufighter as bombers, the other fighters as escorts): no picking of a subset;
- who fires at whom in the one round of aerial combat is fixed by rule (interceptor ``i`` at bomber ``i``, escort
  ``j`` at interceptor ``j``, a bomber's red AF back at its first attacker), and AA hits fall on the bombers in order,
  so no side ever picks among units it cannot see;
- scrambling away (oc.air.concept.scramble_to_escape) uses the scramble roll and its DRMs;
- a disrupted airbase hit again is destroyed; a destroyed or removed airbase's units fly to the nearest friendly
  airbase in range with room (Flown), or are lost; so are recon units with no airbase to return to;
- a recon examines the enemy airbase in the hex it is placed on, if any (an examination is never worth refusing);
- the Magic PBY counts as an Allied recon over Rabaul for the initiative DRM;
- the repair roll also removes the disruption of a bombed (not destroyed) airbase;
- a regrouping reduced unit gets its step back in the Regroup Phase and the enemy scores 1 VP for it;
- the evacuation of a bomber that has bombed this turn uses its SR/MP + 1 (oc.components.air.bomber_mp_after_release);
- a parachute drop takes an empty land hex (no enemy ground unit or airbase); a transport carries ground steps up to
  its cargo digit (T4 = 4, T2 = 2);
- naval units at sea stay there at the Operations Conclusion (returning is optional); supply is traced but its
  penalty (13.3) is not in the excerpt, so it only decides where mobile airbases may be built;
- a target's own factor resists every roll at it (oc.components.air.defense_factor,
  oc.components.ground.combat_factor): the ``oc.base.*`` procedures already fix "a roll at or below the firer's
  factor hits", so the target's DF (an aerial unit, under fire from interceptors, escorts, a bomber's return fire
  and AA) or CF (a ground unit, under bombs) is a DRM on that roll: +1 for each point above the
  scenario's standard factor (``df_standard``, ``cf_standard``: 2, illustrative), -1 for each point below; a target
  of the standard factor is hit exactly as the default says;
- AA dice fire at the bombers in turn (die 1 at the first bomber still in the strike, die 2 at the next, round
  again), and a bomber hit by any of them is disrupted once;
- a ground unit's CF is printed in its title as its attack and defence value; in play it is the unit's resistance
  to bombing (above). A reduced unit keeps its CF;
- a strike may bomb an enemy ground unit on the map (each hit a step), or an enemy naval unit, whose AA fires back
  only if it is a naval combat unit (a transport has none: oc.naval.concept.naval_combat_units); naval gunnery and
  shore bombardment are not modelled (Module 10 is not in the excerpt), so a transport's lack of them shows only as
  no AA;
- occupation VPs (oc.victory.concept.control_by_occupation): the scenario names the hexes and their VPs
  (``occupation_vp``, illustrative); each goes, at the end of the last turn, to the side with a ground combat unit in
  it. A hex only passed through, or left empty, scores nothing, whoever controls it;
- a bomber's model decides whether it is single- or multi-engine (oc.air.concept.single_vs_multi_engine): shown in
  its title; nothing in the excerpt or the defaults plays on it;
- a ground unit's size symbol is shown in its title and plays no part (oc.components.ground.size_decorative);
- an enemy recon in flight is seen as a marker in its hex ("Allies recon over 0203"), never as the unit that left
  the hidden display.

Not modelled (absent, listed in the report): the Tactical Battle Board's own procedure (rounds, altitude, aces; the
board drawn in ``views.py`` shows the default's one round), naval surface combat and shore bombardment, specialist
bombing attacks, and ground combat: a ground unit's CF is never used as an attack (nor as resistance to a ground
attack), because the catalog's ground default (oc.base.ground_operations_default) leaves ground combat out, so a
unit may never enter a hex with an enemy ground unit in it, a garrison's included.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from ...engine import Action, Context, GameState, Outcome, Ruleset, Terrain, UnitType
from ...engine.state import Board, DisplayBox, Location, Unit
from ...odds import OddsReport
from . import board, flow
from .actions import (
    ALL,
    Dismantle,
    StrikeBase,
    StrikeGround,
    StrikeShip,
)
from .combat import resistance
from .data import (
    ABSENT,
    BOMBER,
    DEFAULT_CODE,
    FIGHTER,
    FLOWN,
    FLOWN_D,
    GONE,
    MOBILE,
    OFFBOARD,
    RECON,
    SHIP_TYPES,
    TYPE_CODES,
    calendar,
    carries_cargo,
    naval_combat,
)
from .events import Note
from .handlers import handlers
from .odds import CartwheelOdds, strike_report
from .options import CartwheelOptions
from .sequence import REFUSALS, SEQUENCE
from .state import AirStats, Base, CartwheelState, GroundStats, ShipStats

SIDES = ("Allies", "Japan")
STAT_KEYS = ("af", "df", "bf", "strafe", "range", "mp", "service", "group", "heavy", "floatplane", "two_sided", "code",
             "model")


class Cartwheel(Ruleset[CartwheelState]):
    id = "cartwheel"
    name = "Operation Cartwheel"
    sequence = SEQUENCE
    refusals = REFUSALS
    handlers = handlers
    actions = ALL
    state_type = CartwheelState
    terrain = {
        "sea": Terrain("sea", "Sea", "sea", ("oc.components.map.terrain_effects",),
                       "Open sea: naval units sail here; no airbase."),
        "jungle": Terrain("jungle", "Jungle", "jungle", ("oc.components.map.terrain_effects",),
                          "Jungle: ground units may enter; a mobile airbase may be built."),
        "mountain": Terrain("mountain", "Mountain", "mountain",
                            ("oc.components.map.terrain_effects", "oc.air.airbase.mobile_site_requirements"),
                            "Mountain: no mobile airbase may be built here."),
        "clear": Terrain("clear", "Clear", "clear", ("oc.components.map.terrain_effects",),
                         "Clear ground, where the big airfields are."),
        "edge": Terrain("edge", "Out of play (unnumbered edge hex)", "bunker",
                        ("oc.components.map.fractional_hexes_unplayable",),
                        "A partial hex at the map's edge: out of play, no unit may enter."),
    }
    features = {
        "airbase": Terrain("airbase", "Airfield", "airbase", ("oc.air.airbase.four_types",),
                           "An on-map airbase's site (its units are on the owner's hidden display)."),
        "port": Terrain("port", "Port", "port", ("oc.components.map.terrain_effects",), "A port."),
    }
    unit_types = {
        "fighter": UnitType("fighter", "Fighter", "aircraft", "steps", 2),
        "bomber": UnitType("bomber", "Bomber", "aircraft", "steps", 2),
        "recon": UnitType("recon", "Recon", "recon", "steps", 1),
        "transport": UnitType("transport", "C-47 transport", "aircraft", "steps", 1),
        "naval": UnitType("naval", "Naval unit", "ship", "steps", 2),
        "infantry": UnitType("infantry", "Infantry", "infantry", "steps", 2),
        "marine": UnitType("marine", "Marines", "marine", "steps", 2),
        "parachute": UnitType("parachute", "Parachute", "infantry", "steps", 2),
        "armor": UnitType("armor", "Armored", "armor", "steps", 2),
    }
    options_model = CartwheelOptions
    odds_cli = CartwheelOdds()
    options: CartwheelOptions

    printed: dict[str, str]
    """Unit id -> what its counter shows beyond its type, in words (the view hooks get no state): a bomber's model
    and engines, a ground unit's size and CF, a ship's type and AA."""

    def __init__(self, board_: Board, options: CartwheelOptions | None, sides: Sequence[str] = (),
                 first: str | None = None) -> None:
        super().__init__(board_, options if options is not None else CartwheelOptions(), sides, first)
        self.printed = {}
        self.truk = self._site("truk", "Japan")
        self.rabaul = self._site("rabaul", "Japan")
        self.moresby = self._site("port_moresby", "Allies")

    def _site(self, site: str, side: str) -> str:
        for d, a in self.options.airbases.items():
            disp = self.board.displays.get(d)
            if a.site == site and disp is not None and disp.side == side:
                return d
        return ""

    # ================================================================================ set-up
    def validate_scenario(self, scenario: Any) -> list[tuple[str, str]]:
        out: list[tuple[str, str]] = []
        if tuple(scenario.meta.sides) != SIDES:
            out.append(("scenario.sides", 'Operation Cartwheel is played by ["Allies", "Japan"]'))
        for d, a in self.options.airbases.items():
            disp = self.board.displays.get(d)
            if disp is None or disp.side not in SIDES:
                out.append((f"rules.airbases.{d}", "needs a [[board.display]] of that id with a side"))
            if a.hex is not None:
                try:
                    board.hx(self, a.hex)
                except ValueError:
                    out.append((f"rules.airbases.{d}.hex", f"{a.hex!r} is not a four-digit hex"))
            elif a.kind != MOBILE:
                out.append((f"rules.airbases.{d}.hex", "every airbase but a mobile one needs a hex"))
        for i, u in enumerate(scenario.units):
            code = u.attrs.get("code")
            if code is not None and TYPE_CODES.get(str(code)) != u.kind:
                out.append((f"unit[{i}].attrs.code", f"{code!r} is not a {u.kind}'s type code "
                            f"({', '.join(c for c, k in TYPE_CODES.items() if k == u.kind)})"))
            ship = u.attrs.get("ship")
            if u.kind == "naval" and ship is not None and ship not in SHIP_TYPES:
                out.append((f"unit[{i}].attrs.ship", f"{ship!r} is not a ship type ({', '.join(SHIP_TYPES)})"))
            elif u.kind == "naval" and "cargo" in u.attrs and not carries_cargo(str(ship or "T")):
                out.append((f"unit[{i}].attrs.cargo", f"a {ship} carries no cargo: only transports (T, LST) and the CLT "
                            "do (oc.naval.concept.naval_combat_units)"))
            elif u.kind == "naval" and u.attrs.get("aa") and not naval_combat(str(ship or "T")):
                out.append((f"unit[{i}].attrs.aa", "a transport has no AA factor: it is not a naval combat unit "
                            "(oc.naval.concept.naval_combat_units)"))
            if u.kind in ("fighter", "bomber", "recon", "transport") and not isinstance(u.at, DisplayBox):
                if not (u.kind == RECON and u.at is None):
                    out.append((f"unit[{i}].at",
                                "an aerial unit starts at an airbase display (oc.air.hosting.must_be_based)"))
        return out

    def setup(self, ctx: Context) -> None:
        s = ctx.state
        mine = CartwheelState()
        for u in s.units.values():
            if board.is_air(u):
                printed = {k: u.attrs.pop(k) for k in STAT_KEYS if k in u.attrs}
                if u.kind in (RECON, "transport"):
                    printed["two_sided"] = False
                printed["code"] = printed.get("code") or DEFAULT_CODE[u.kind]
                st = mine.air[u.id] = AirStats(**printed)  # type: ignore[arg-type]
                u.max_strength = 2 if st.two_sided else 1
                u.strength = min(u.strength, u.max_strength) or u.max_strength
        for u in s.units.values():
            if board.is_naval(u):
                mine.ships[u.id] = ShipStats(str(u.attrs.pop("ship", "T")), int(u.attrs.pop("aa", 0)))  # type: ignore[arg-type]
                if "cargo" in u.attrs:
                    mine.cargo[u.id] = int(u.attrs.pop("cargo"))  # type: ignore[arg-type]
            elif board.is_ground(u):
                mine.ground[u.id] = GroundStats(int(u.attrs.pop("cf", 2)), str(u.attrs.pop("size", "")))  # type: ignore[arg-type]
        self.printed = {uid: printed_words(mine, uid) for uid in s.units}
        for d, a in self.options.airbases.items():
            side = self.board.displays[d].side or ""
            mine.bases[d] = Base(side, a.kind, a.hex, a.status)
            if a.kind in ("major", "minor") and a.hex and a.status != ABSENT:
                mine.control[a.hex] = side
        for u in s.units.values():
            if board.is_ground(u) and board.on_map(u):
                mine.control[board.label(self, u.at)] = u.side  # type: ignore[arg-type]
        mine.initiative = self.options.initiative  # oc.sequence.initiative.turn_one_default
        mine.last_initiative = self.options.initiative
        mine.missions = self.options.initiative_missions
        s.rules_state = mine
        from .closing import trace

        mine.supplied = {side: trace(self, s, side) for side in s.sides}
        ctx.emit(Note(), f"Turn 1 is {calendar(self.options.first_turn)} (illustrative calendar). {mine.initiative} "
                 f"have the initiative with {mine.missions} initiative missions (no roll on turn 1). Each side's "
                 "airbase displays are hidden from the other.",
                 ["oc.sequence.initiative.no_roll_turn_one", "oc.sequence.initiative.turn_one_default",
                  "oc.air.airbase.adc_hidden", "oc.air.airbase.adc_holds_units"])
        if not flow.NEEDED["events.roll"](self, s):
            flow.proceed(self, ctx)

    def calendar_turn(self, state: GameState) -> int:
        return self.options.first_turn + state.turn - 1

    # ================================================================================ the end
    def end_if(self, state: GameState) -> Outcome | None:
        mine = self.mine(state)
        if mine is None or not mine.over:
            return None
        return Outcome(mine.winner, mine.reason, ("oc.base.victory_default", "oc.sequence.phase.victory_points_final_turn"))

    def invariants(self, state: GameState) -> list[str]:
        from .checks import broken_invariants

        return super().invariants(state) + broken_invariants(self, state)

    # ================================================================================ seats
    def sees(self, state: GameState, side: str, unit: Unit) -> bool:
        """The default (an enemy's unit on its hidden airbase display is not seen: oc.air.airbase.adc_hidden), and an
        enemy aerial unit that is gone is not seen either (it may never have been seen); a ground or naval unit lost on the
        map was seen to go, and stays named. An enemy recon in flight is not
        seen as itself either: :meth:`view` shows a marker in its hex instead, so the enemy never learns which unit
        left the hidden display (oc.air.recon.place_within_range, oc.air.airbase.adc_hidden)."""
        if unit.side != side and not unit.alive:
            return board.is_ground(unit) or board.is_naval(unit)  # lost on the map, in sight: still named
        mine = self.mine(state)
        if unit.side != side and mine is not None and unit.id in mine.recon_over:
            return False
        return super().sees(state, side, unit)

    def recon_markers(self, state: GameState, side: str) -> dict[str, str]:
        """The enemy recon units in flight, as ``side`` sees them: unit id -> a marker id that names only the side and
        the hex ("Allies recon over 0508", numbered when two share a hex)."""
        mine = self.mine(state)
        out: dict[str, str] = {}
        if mine is None:
            return out
        taken: dict[str, int] = {}
        for uid, hex_ in sorted(mine.recon_over.items(), key=lambda kv: (kv[1], state.units[kv[0]].side)):
            u = state.units[uid]
            if u.side == side:
                continue
            name = f"{u.side} recon over {hex_}"
            taken[name] = taken.get(name, 0) + 1
            out[uid] = name if taken[name] == 1 else f"{name} ({taken[name]})"
        return out

    def view(self, state: GameState, side: str | None) -> GameState:
        """The engine's view, with a marker for each enemy recon in flight at its hex: a stand-in counter that says
        whose recon it is and where, never which unit."""
        v = super().view(state, side)
        if side is None:
            return v
        for uid, marker in self.recon_markers(state, side).items():
            u = state.units[uid]
            v.units[marker] = Unit(marker, u.side, RECON, u.at, 1, 1)
        return v

    def hide(self, rules_state: CartwheelState, state: GameState, side: str) -> CartwheelState:
        """Nothing keyed by an enemy unit the side does not see: its factors, its Regroup marker
        (oc.air.unit_regroup.secret), the strike's or the scramble's unit lists."""
        seen = {u.id for u in state.units.values() if self.sees(state, side, u)}
        m = copy.deepcopy(rules_state)
        m.air = {k: v for k, v in m.air.items() if k in seen}
        m.afloat = {k: v for k, v in m.afloat.items() if k in seen}
        m.regrouping = [u for u in m.regrouping if u in seen]
        m.recon_home = {k: v for k, v in m.recon_home.items() if k in seen}
        markers = self.recon_markers(state, side)
        m.recon_over = {markers.get(k, k): v for k, v in m.recon_over.items() if k in seen or k in markers}
        m.ground = {k: v for k, v in m.ground.items() if k in seen}
        m.ships = {k: v for k, v in m.ships.items() if k in seen}
        m.recon_tried = [u for u in m.recon_tried if u in seen]
        m.bombed = [u for u in m.bombed if u in seen]
        m.destroyed_11th = [u for u in m.destroyed_11th if u in seen]
        m.evacuating = [u for u in m.evacuating if u in seen]
        if m.flying and m.flying != "magic" and m.flying not in seen:
            m.flying = "?"
        if m.strike is not None:
            st = m.strike
            st.bombers = [u if u in seen else "?" for u in st.bombers]
            st.escorts = [u if u in seen else "?" for u in st.escorts]
            st.candidates = [u for u in st.candidates if u in seen]
            st.interceptors = [u if u in seen else "?" for u in st.interceptors]
            st.escaped = [u if u in seen else "?" for u in st.escaped]
            st.aborted = [u if u in seen else "?" for u in st.aborted]
            if st.base in m.bases and m.bases[st.base].side != side:
                st.base = "?"
        for b in m.bases.values():
            if b.side != side:
                b.counts_as = {}
        return m

    # ================================================================================ views
    def base_name(self, display: str) -> str:
        d = self.board.displays.get(display)
        return d.name if d is not None else display

    def site_hex(self, site: str) -> str:
        for a in self.options.airbases.values():
            if a.site == site and a.hex:
                return a.hex
        return ""

    def site_hex_of(self, display: str) -> str | None:
        return self.options.airbases[display].hex

    def port_for(self, state: GameState, side: str) -> str:
        """A port of ``side``'s with a working or disrupted airbase, the first listed ('' if none)."""
        for d, a in self.options.airbases.items():
            b = self.mine(state).bases[d]
            if a.port and a.hex and b.side == side and b.status in ("working", "disrupted"):
                return a.hex
        return ""

    def is_port(self, label: str) -> bool:
        ports = self.__dict__.get("_ports")
        if ports is None:  # the scenario's ports never change: found once
            ports = self._ports = frozenset(a.hex for a in self.options.airbases.values() if a.port)
        return label in ports

    def where(self, at: Location) -> str:
        if isinstance(at, DisplayBox):
            return f"{self.base_name(at.display)} ({at.box})"
        return super().where(at)

    def describe(self, state: GameState, action: Action) -> str:
        words = WORDS.get(type(action))
        return words(self, state, action) if words is not None else type(action).__name__

    def turn_context(self, state: GameState) -> str | None:
        """The turn, and which of the acting side's units have sailed this turn (oc.base.naval_mission_default) or
        moved this Ground Operations phase (oc.base.ground_operations_default): the map does not mark them. Only the
        acting side's own units are named, so nothing hidden from that seat is told."""
        mine, side = self.mine(state), self.to_act(state)
        if mine is None or side is None or not state.position.startswith(("ops.", "ground.")):
            return None
        sailed, moved = (", ".join(self.own(state, ids, side)) or "none yet" for ids in (mine.sailed, mine.moved))
        return f"{self.clock(state)}; sailed this turn: {sailed}; moved this Ground Operations: {moved}"

    def clock(self, state: GameState) -> str:
        return f"Turn {state.turn} of {self.options.turns} ({calendar(self.calendar_turn(state))})"

    def strength_text(self, unit: Unit) -> str | None:
        return None

    def unit_title(self, unit: Unit) -> str:
        kind = self.unit_types[unit.kind].title.lower() if unit.kind in self.unit_types else unit.kind
        printed = getattr(self, "printed", {}).get(unit.id, "")
        return f"{unit.side} {kind} {unit.id}" + (f" ({printed})" if printed else "")

    def action_location(self, state: GameState, action: Action) -> Location:
        mine = self.mine(state)
        if isinstance(action, StrikeBase):
            h = mine.bases[action.airbase].hex
            return board.hx(self, h) if h else None
        if isinstance(action, StrikeShip | StrikeGround):
            t = state.units.get(action.target)
            return t.at if t is not None else None
        if isinstance(action, Dismantle):
            h = mine.bases[action.airbase].hex
            return board.hx(self, h) if h else None
        to = getattr(action, "to", None)
        if isinstance(to, str):
            try:
                return board.hx(self, to)
            except ValueError:
                return None
        return super().action_location(state, action)

    def odds(self, state: GameState, actor: str, target: str) -> OddsReport | None:
        """A strike by ``actor``'s airbase on the enemy naval unit ``target``, or on the enemy airbase whose hex
        ``target`` stands in, as the actor's side knows it: its own bombers and escorts; the enemy's fighters are
        hidden, so counted as none (nothing is read that the side does not see)."""
        from .strikes import strike_force, target_hex

        u, t = state.units.get(actor), state.units.get(target)
        if u is None or t is None or u.side == t.side or not board.is_air(u) or board.base_of(u) is None:
            return None
        view = self.view(state, u.side)
        if target not in view.units:
            return None
        h = target_hex(self, view, target)
        if h is None:
            return None
        bombers, escorts = strike_force(self, view, board.base_of(u) or "", h)
        if not bombers:
            return None
        mine = self.mine(view)
        return strike_report(f"Strike from {self.base_name(board.base_of(u) or '')} at {target}",
                             [mine.air[b].bf or 1 for b in bombers], [mine.air[e].af for e in escorts], 0,
                             bomber_drms=[resistance(mine.air[b].df, self.options.df_standard) for b in bombers])


_UNUSED = (BOMBER, FIGHTER, FLOWN, FLOWN_D, GONE, OFFBOARD)
__all__ = ["WORDS", "Cartwheel", "CartwheelOptions"]

from . import views  # noqa: E402,F401  (registers the panels Cartwheel draws beside the map)
from .words import WORDS, printed_words  # noqa: E402  (the words need the class above)
