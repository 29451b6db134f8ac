"""Cactus Air Force: Ground Combat (ruleset id ``cactus``): the ruleset class (clauses in
../shared/rules/cactus_ground.toml).

Four boxes, two small armies. Every hour each side may move ground units that have not moved this turn,
straight to another box: overland along a land link, by sea (fighter cover over the whole route) into an
empty or friendly box, or by amphibious invasion into an enemy box. Then every box holding both sides is
fought over: both roll their counters' dice at once, 6s cost the other side a step, and any defender 5 throws
an overland attacker back where it came from or costs a seaborne one a step more. The Japanese may make
Banzai attacks (double dice, a step lost after). A box changes hands only when all the enemy's steps there are
gone and one of the attacker's is left. Then the air: bombers raid boxes (the troops or the installation) and
the side holding a box fires AA. At the end of a turn every box held alone scores 1 VP, and each side may
trade an air refit for one ground step. Japanese troops alone in Guadalcanal win the game at once
(caf.victory.sudden_death_guadalcanal).

The variant leaves the base game's numbers to the base game: the turns and hours, the fighters and bombers,
the bombing and AA rolls, the refits; the scenario gives them (``options.py``) and lists them as illustrative.
What each step does is in its phase module: ``moves.py`` (ground moves), ``battle.py`` (ground combat),
``air.py`` (raids and AA), ``refit.py`` (the Reinforcement Phase), ``clock.py`` (hours, turns, VP and the end);
``shared.py`` has what they share. The actions are in ``actions.py``, the sequence of play in ``sequence.py``,
the typed state in ``state.py``, the events in ``events.py``, the counters in ``counters.py``, the boxes, routes,
air cover and FLAK in ``board.py``, the tables in ``data.py``; the combat function is ``combat.hour_result``; the
odds are in ``odds.py`` (one hour) and ``chain.py`` (whole battles). This module is the class: its data, the
set-up, the end condition and the views.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ...engine import Action, Context, DiceRolled, GameState, Outcome, RuleError, Ruleset, Terrain, UnitType
from ...engine.state import Board, Location, Unit
from ...hexes import Hex, hex_distance
from ...odds import OddsReport
from . import clock, facts
from .actions import (
    Banzai,
    CactusOptions,
    EndMoves,
    EndRaids,
    EndRefit,
    Fight,
    Move,
    Raid,
    Refit,
    TakeLoss,
)
from .board import Ground
from .checks import broken_invariants, scenario_problems
from .combat import GROUND_D6
from .counters import COUNTERS, KINDS, counters_aside, face_text
from .data import GUADALCANAL, HOW_WORDS
from .events import BattleJoined, CountersAside, Setup
from .handlers import handlers
from .odds import CactusOdds, hour_report
from .sequence import REFUSALS, SEQUENCE
from .state import CactusState, Roles, TurnFacts


class Cactus(Ruleset[CactusState]):
    id = "cactus"
    name = "Cactus Air Force: Ground Combat"
    sequence = SEQUENCE
    refusals = REFUSALS
    handlers = handlers
    actions = (Move, EndMoves, Banzai, Fight, TakeLoss, Raid, EndRaids, Refit, EndRefit)
    state_type = CactusState
    board_kinds = ("area",)
    retired_attrs = frozenset(facts.SCENARIO_ATTRS)  # kept in CactusState.attackers or read off the steps since issue 22
    terrain = {
        "sea": Terrain("sea", "Sea", "sea", ("caf.air.cover.required_for_sea_moves",),
                       "A box of open sea: sea moves pass through, under fighter cover."),
        "jungle": Terrain("jungle", "Island (jungle)", "jungle", ("caf.movement.overland_connections",),
                          "Land. Ground units stand only in the four boxes; the land links join them."),
        "airfield": Terrain("airfield", "Airfield", "airfield", ("caf.air.advanced_flak.airstrips",),
                            "An airstrip: with advanced FLAK it fires the AA printed for it."),
    }
    unit_types = {
        k.id: UnitType(k.id, k.title, k.symbol, "steps", k.max_steps, {"nation": k.nation, "chain": list(k.chain)})
        for k in KINDS.values()
    }
    options_model = CactusOptions
    dice_kinds = (GROUND_D6,)
    odds_cli = CactusOdds()

    def __init__(self, board: Board, options: CactusOptions | None, sides: Sequence[str] = (),
                 first: str | None = None) -> None:
        super().__init__(board, options, sides, first)
        self.options: CactusOptions = options if options is not None else CactusOptions()
        self.sides = list(self.sides) or ["US Marines", self.options.japanese]
        self.first = self.first or self.sides[0]
        self.order = [self.first, next(x for x in self.sides if x != self.first)]
        """The order the sides decide in, each hour and each Reinforcement Phase (caf.sequence.ground_move_timing)."""
        self.ground = Ground(board, self.options, self.sides)
        self.japanese = self.options.japanese
        self.guadalcanal = GUADALCANAL

    # =========================================================================================== setup
    def validate_scenario(self, scenario: Any) -> list[tuple[str, str]]:
        return scenario_problems(self, scenario)

    def air_refits(self) -> dict[str, int]:
        """Each side's air-unit refits for a turn (caf.supply.refit.costs_air_refit; 1 unless the scenario says)."""
        return {side: self.options.air_refits.get(side, 1) for side in self.sides}

    def setup(self, ctx: Context) -> None:
        """caf.setup.*: the counters up, the fights going on in boxes that start contested
        (caf.combat.attacker_defender_roles), then the first hour (unless Japan has won already)."""
        s = ctx.state
        ground = self.ground
        arrivals = {u.id: facts.take_scenario_attrs(u) for u in s.units.values()}
        fights: dict[str, Roles] = {}
        pinned: dict[str, str] = {}
        for box in ground.boxes:
            if ground.contested(s, box):
                att = next(u.side for u in ground.units_in(s, box)
                           if arrivals[u.id].came_from is not None or arrivals[u.id].seaborne)
                fights[box] = Roles(att, ground.other(att))
                for u in ground.units_in(s, box):
                    pinned[u.id] = box
        s.rules_state = CactusState(fights=fights, pinned=pinned, turn=TurnFacts(air_refits=self.air_refits()),
                                    bombed={side: [] for side in s.sides})
        for u in s.units.values():
            if u.at in fights and fights[u.at].attacker == u.side:
                facts.arrive(s, u, arrivals[u.id].came_from, arrivals[u.id].seaborne)
        placed = "; ".join(f"{u.id} ({face_text(u.kind, u.strength)}) in {self.where(u.at)}" for u in s.units.values())
        clauses = ["caf.setup.allied.mar1_guadalcanal", "caf.setup.allied.mar1_res_beach_red",
                   "caf.setup.japan.snlf_cape_esperance", "caf.setup.japan.snlf_munda"]
        ctx.emit(Setup(), f"Set up: {placed}.", clauses)
        aside = counters_aside(s.units.values())
        words = ", ".join(f"{n} x {COUNTERS[c].name} {COUNTERS[c].front}/{COUNTERS[c].back}" for c, n in aside.items() if n)
        ctx.emit(CountersAside(aside), f"Held aside until losses call for them: {words}.",
                 ["caf.setup.reduced_counters_held_aside", "caf.components.counters.blank_counters_required"])
        for box, f in fights.items():
            ctx.emit(BattleJoined(box), f"{f.attacker} are attacking {f.defender} in {self.where(box)}.",
                     ["caf.combat.attacker_defender_roles", "caf.combat.trigger.opposing_units_share_box"], f.attacker)
        if not ctx.is_over():  # Japanese troops may stand alone in Guadalcanal from the start
            clock.begin_hour(self, ctx)

    # =========================================================================================== the end
    def end_if(self, state: GameState) -> Outcome | None:
        """caf.victory.sudden_death_guadalcanal, then the VP after the last turn (``clock.py``)."""
        mine = state.rules_state
        if mine is None:
            return None
        if mine.finished:
            return clock.sudden_death(self, state) or clock.final_outcome(self, state)
        # Before the end only sudden death can end the game, and it needs a Japanese unit in Guadalcanal: asked after
        # every change, and mostly none is there, which one look at the units finds (final_outcome waits for the end)
        gc, japanese = self.guadalcanal, self.japanese
        for u in state.units.values():
            if u.at == gc and u.side == japanese and u.strength > 0:
                return clock.sudden_death(self, state)
        return None

    # =========================================================================================== decisions
    def dice_of(self, u: Unit) -> int:
        """The left number of the face up: dice rolled in ground combat (caf.components.counters.left_number_is_dice)."""
        return KINDS[u.kind].dice(u.strength)

    def not_now(self, state: GameState, action: Action) -> RuleError:
        """A Banzai by a unit that is not Japanese is refused for that, at any step
        (caf.combat.banzai.japanese_only); any other action as the sequence of play says (:data:`REFUSALS`)."""
        if isinstance(action, Banzai):
            u = state.units.get(action.unit)
            if u is None or u.side != self.japanese:
                return RuleError("Only the Japanese make Banzai attacks.", "caf.combat.banzai.japanese_only")
        return super().not_now(state, action)

    # =========================================================================================== views
    def describe(self, state: GameState, action: Action) -> str:
        words = WORDS.get(type(action))
        return words(self, action) if words is not None else type(action).__name__

    def _raid_words(self, action: Raid) -> str:
        g = self.ground.bomber(action.group)
        return f"{g.name if g else action.group}: bomb the {action.aim} in {self.where(action.to)}"

    def strength_text(self, unit: Unit) -> str | None:
        """The counter's printed face: dice and steps, "5-4" (caf.components.counters.left_number_is_dice)."""
        return f"{KINDS[unit.kind].dice(unit.strength)}-{unit.strength}" if unit.alive else None

    def face_words(self, roll: DiceRolled, group: int, face: Any) -> str | None:
        """What a ground combat die's face does, from the side that rolled it (for the dice tray): a 6 costs the
        other side a step (caf.combat.hit_on_six); the defender's 5 throws the attacker back, or costs one that
        came by sea a step more (caf.combat.defender_five_forces_retreat); the attacker's 5s and 1 to 4 do
        nothing. The attacker's dice are the first group, the defender's the second."""
        if roll.dice[group] != GROUND_D6.name or len(roll.dice) != 2:
            return None
        other = roll.by[1 - group] if len(roll.by) == 2 else ("the defender", "the attacker")[group]
        if face == 6:
            return f"a hit, costing {other} a step"
        if face == 5:
            return f"{other} must fall back (by sea: a step more)" if group == 1 else \
                "no effect (only the defender's 5s count)"
        return "no effect"

    def map_routes(self) -> list[tuple[str, str, str]]:
        """The land links (caf.movement.overland_connections), and for a box no land link reaches (Munda), a
        sea lane to the nearest box: sea routes run in straight lines of boxes, so every sea move out of it
        passes there first (caf.air.cover.route_and_speed_defaults)."""
        routes = super().map_routes()
        areas = self.board.areas
        for area in areas.values():
            if area.links:
                continue
            others = [a for a in areas.values() if a.id != area.id]
            if others:
                near = min(others, key=lambda a: (hex_distance(a.anchor, area.anchor), a.id))
                routes.append((area.id, near.id, "sea"))
        return routes

    def turn_context(self, state: GameState) -> str | None:
        """The turn and hour, and the units that have moved this turn already (caf.movement.once_per_turn), which
        the map does not mark."""
        if state.rules_state is None:
            return None
        side = self.to_act(state)
        mine = self.own(state, state.rules_state.turn.moved, side)
        moved = f"{', '.join(mine)} moved this turn already" if mine else f"no {side} unit has moved this turn"
        return f"{self.clock(state)}; {moved}"

    def clock(self, state: GameState) -> str:
        """The hour, in the phases that come round every hour (``repeat`` in the sequence of play); else the
        end of the turn."""
        if not self.sequence.lookup(state.position)[0].repeat:
            return f"Turn {state.turn}, end of turn"
        hour = state.rules_state.hour if state.rules_state is not None else 1
        return f"Turn {state.turn}, hour {hour}"

    def unit_title(self, unit: Unit) -> str:
        return f"{unit.side} {face_text(unit.kind, unit.strength)} ({unit.id})"

    def action_location(self, state: GameState, action: Action) -> Location:
        """A Banzai, a step loss or a refit acts where its unit is; a move or a raid where it goes."""
        uid = getattr(action, "unit", None)
        if getattr(action, "to", None) is None and uid is not None:
            u = state.units.get(uid)
            return u.at if u is not None else None
        return super().action_location(state, action)

    def intent(self, state: GameState, unit: str, where: Location) -> Action | None:
        """A click on the unit's own box means what the step takes for a unit (a Banzai, a step loss, a refit); a
        click on another box at the ground moves, a move there (overland if a land link joins them)."""
        u = state.units.get(unit)
        if u is None:
            return None
        box = self.board.area_of(where) if isinstance(where, Hex) else where
        accepts = self.sequence.lookup(state.position)[1].accepts
        for cls in (Banzai, TakeLoss, Refit):
            if cls.__name__ in accepts and box == u.at:
                return cls(unit)
        if "Move" not in accepts or not isinstance(box, str) or box == u.at or not isinstance(u.at, str):
            return None
        if self.ground.linked(u.at, box):
            return Move(unit, box, "overland")
        return Move(unit, box, "invasion" if self.ground.enemy_in(state, box, u.side) else "transport")

    def suggest(self, state: GameState) -> Action | None:
        """The computer's pick of the unit that takes a step: the one with the most steps (the first of them in
        the scenario's order). :func:`odds.battle_odds` assumes the same pick. ``None`` at other steps."""
        alloc = state.rules_state.allocation
        if state.result is not None or alloc is None:
            return None
        units = [state.units[uid] for uid in alloc.units]
        best = max(u.strength for u in units)
        return TakeLoss(next(u.id for u in units if u.strength == best))

    def odds(self, state: GameState, actor: str, target: str) -> OddsReport | None:
        """One hour of combat in the target's box: the fight going on there, or the one ``actor`` would start by
        moving in (overland along a link, else by amphibious invasion)."""
        u, t = state.units.get(actor), state.units.get(target)
        if u is None or t is None or not u.alive or not t.alive or u.side == t.side or not isinstance(t.at, str):
            return None
        box = t.at
        notes: list[str] = []
        fight = state.rules_state.fights.get(box)
        situation = ""
        if fight is not None:
            att = self.ground.units_in(state, box, fight.attacker)
            dfn = self.ground.units_in(state, box, fight.defender)
            seaborne = any(facts.seaborne(state, x) for x in att)
            overland = any(not facts.seaborne(state, x) for x in att)
            if u.at != box:
                notes.append(f"the fight going on in {self.where(box)}, without {u.id}")
                situation = f"the fight already going on there ({u.id} is not in it)"
        elif isinstance(u.at, str):
            att = [u, *self.ground.units_in(state, box, u.side)]
            dfn = self.ground.units_in(state, box, t.side)
            overland = self.ground.linked(u.at, box)
            seaborne = not overland
            situation = f"if {u.id} moves in {'overland' if overland else 'by amphibious invasion'} this hour"
            notes.append(situation)
        else:
            return None
        attacker = att[0].side
        a_dice = sum(self.dice_of(x) for x in att)
        d_dice = sum(self.dice_of(x) for x in dfn)
        if attacker == self.japanese:
            notes.append(f"with Banzai the attacker would roll {2 * a_dice} dice and lose a step per Banzai unit after")
        def dice(n: int) -> str:
            return f"{n} {'die' if n == 1 else 'dice'}"

        report = hour_report(f"{attacker} ({dice(a_dice)}) against {dfn[0].side} ({dice(d_dice)}) in {self.where(box)}",
                             a_dice, d_dice, banzai=0, seaborne=seaborne, overland=overland,
                             defender_steps=sum(x.strength for x in dfn), attacker_steps=sum(x.strength for x in att),
                             notes=notes)
        report.situation = situation
        return report

    def invariants(self, state: GameState) -> list[str]:
        return broken_invariants(self, state)


WORDS: dict[type[Action], Callable[[Cactus, Any], str]] = {
    Move: lambda rules, a: f"{a.unit} {HOW_WORDS.get(a.how, a.how)} to {rules.where(a.to)}",
    EndMoves: lambda rules, a: "No more moves",
    Banzai: lambda rules, a: f"{a.unit} makes a Banzai attack",
    Fight: lambda rules, a: "Roll the combat dice",
    TakeLoss: lambda rules, a: f"{a.unit} takes the step loss",
    Raid: Cactus._raid_words,
    EndRaids: lambda rules, a: "No more raids",
    Refit: lambda rules, a: f"Refit {a.unit} (one step, for an air refit)",
    EndRefit: lambda rules, a: "No refit",
}
"""Each action in words, for buttons and the log (``Cactus.describe``)."""

__all__ = ["Banzai", "Cactus", "CactusOptions", "EndMoves", "EndRaids", "EndRefit", "Fight", "Move", "Raid", "Refit",
           "TakeLoss"]
