"""War at Sea: Troop-Landing rules (ruleset id ``warsea``): the ruleset class (clauses in
../shared/rules/war_at_sea_landing.toml).

A grid of square sea sectors with islands on the objectives. Each turn: initiative (2d6 a side, ties again, the
winner chooses who moves first); Sea Movement, with troops loaded as it opens (only in the owner's deployment area,
up to each carrier's capacity, from an unlimited supply) and unloaded as it closes (on the island in the carrier's
sector, some or all); Air Mission; Air Defense; Air Attack; Surface Attack; Infantry Combat (troops on one island
must fight: 5 or 6 marks an enemy troop, removed at the end of the phase); Submarine Attack (it passes: no submarine
is in play); Air Return; End of Turn (Regroup, then the victory check: sole troops claim an island, islands and sunk
ships score, a total above the scenario's amount wins).

The landing rules lean on the base game for everything else: the map, the unit cards, the attack dice and the damage
rule, initiative, movement and the air missions are a small model fixed by the ``was.base.*`` and ``*_default``
clauses, with the scenario's values (``options.py``) shown as illustrative. What each step does is in its phase module:
``initiative.py``, ``sea.py`` (loading, moves, unloading), ``air.py`` (missions and return), ``attacks.py`` (Air
Defense, Air Attack, Surface Attack, Rescue Operations), ``infantry.py``, ``end_turn.py`` (Submarine Attack, Regroup,
the victory check); ``flow.py`` passes over a phase with nothing to do. The combat functions are in ``combat.py``, the
odds in ``odds.py``, the map's rules in ``board.py``. This module is the class: its data, the set-up, the end and the
views.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ...engine import Action, Context, GameState, Outcome, Ruleset, Terrain, UnitType
from ...engine.state import Aboard, Board, DisplayBox, Location, Unit
from ...odds import OddsReport
from . import board
from .actions import (
    ALL,
    Attack,
    EndAttacks,
    EndLoading,
    EndMissions,
    EndMoves,
    EndUnloading,
    Fly,
    Load,
    Mark,
    Move,
    Order,
    Unload,
)
from .attacks import WEAPON_WORDS, WEAPONS, dice_for
from .data import BOMBARD, RESCUE
from .events import Deployed
from .handlers import handlers
from .odds import WarseaOdds, attack_report
from .options import WarseaOptions
from .sequence import REFUSALS, SEQUENCE
from .state import WarseaState


class Warsea(Ruleset[WarseaState]):
    id = "warsea"
    name = "War at Sea: Troop-Landing rules"
    sequence = SEQUENCE
    refusals = REFUSALS
    handlers = handlers
    actions = ALL
    state_type = WarseaState
    board_kinds = ("area",)
    terrain = {
        "sea": Terrain("sea", "Sea", "sea", ("was.base.map_sectors_default",),
                       "A sea sector: any number of ships of both sides may share it."),
        "island": Terrain("island", "Island (objective)", "jungle",
                          ("was.setup.islands.at_objective_positions", "was.victory.island_is_objective"),
                          "An island on an objective position: troops land on it, fight for it and claim it."),
    }
    unit_types = {
        "ship": UnitType("ship", "Ship", "ship", "steps", 1, {"counts": "hull points"}),
        "aircraft": UnitType("aircraft", "Aircraft", "aircraft", "steps", 1),
        "troop": UnitType("troop", "Troop counter", "infantry", "steps", 2, {"armour": 5}),
    }
    options_model = WarseaOptions
    odds_cli = WarseaOdds()
    options: WarseaOptions

    def __init__(self, board_: Board, options: WarseaOptions | None, sides: Sequence[str] = (),
                 first: str | None = None) -> None:
        super().__init__(board_, options if options is not None else WarseaOptions(), sides, first)
        self.classes: dict[str, str] = {}
        """Each ship's and aircraft's class id, read at set-up (the counters' own facts, for the map's words)."""
        self.fixed = board.map_memory(board_)
        """What the listings work out from the map alone, remembered for every game on this board
        (:func:`board.map_memory`)."""

    # ================================================================================================ set-up
    def validate_scenario(self, scenario: Any) -> list[tuple[str, str]]:
        from .checks import scenario_problems

        return scenario_problems(self, scenario)

    def setup(self, ctx: Context) -> None:
        """Read each ship's and aircraft's class off the scenario (its card: was.base.unit_data_default), give ships
        their hull points, and note each aircraft's airfield."""
        s = ctx.state
        mine = WarseaState()
        for u in s.units.values():
            cid = u.attrs.pop("class", None)
            if isinstance(cid, str):
                mine.classes[u.id] = cid
                c = self.options.classes[cid]
                if u.kind == "ship":
                    u.max_strength = u.strength = c.hull
            if isinstance(u.at, DisplayBox):
                mine.bases[u.id] = u.at.display
        mine.new_turn()
        s.rules_state = mine
        self.classes = dict(mine.classes)
        areas = "; ".join(f"{side}: {', '.join(board.deployment_area(self, side))}" for side in s.sides)
        isles = ", ".join(f"{self.where(i)} ({board.island_value(self, i)} points)" for i in board.islands(self))
        ctx.emit(Deployed(), f"Deployment areas: {areas}. Islands (objectives): {isles}. No carrier starts with troops "
                 "aboard.", ["was.base.map_sectors_default", "was.setup.islands.at_objective_positions",
                             "was.setup.no_preloaded_deployment"])

    # ================================================================================================ the end
    def end_if(self, state: GameState) -> Outcome | None:
        """Decided at the victory check (``end_turn.py`` writes the verdict)."""
        mine = self.mine(state)
        if mine is None or not mine.over:
            return None
        return Outcome(mine.winner, mine.reason, ("was.victory.check.win_if_exceeds",
                                                  "was.victory.threshold_and_tie_default"))

    def invariants(self, state: GameState) -> list[str]:
        from .checks import broken_invariants

        return super().invariants(state) + broken_invariants(self, state)

    # ================================================================================================ seats
    def sees(self, state: GameState, side: str, unit: Unit) -> bool:
        """Every unit, both sides': the catalog has no hidden units (and no secret declarations: attacks are
        declared in the open, the initiative winner first: was.base.simultaneous_phase_default)."""
        return True

    def suggest(self, state: GameState) -> Action | None:
        """The computer, winning the initiative, lets the enemy move first (was.base.initiative_default)."""
        if state.position == "initiative.choose" and state.result is None:
            return Order(state.other(self.mine(state).initiative))
        return None

    # ================================================================================================ views
    def where(self, at: Location) -> str:
        return board.where(self, at)

    def describe(self, state: GameState, action: Action) -> str:
        words = WORDS.get(type(action))
        return words(self, state, action) if words is not None else type(action).__name__

    def turn_context(self, state: GameState) -> str | None:
        """In Sea Movement, how far each of the moving side's ships has gone this turn (was.base.sea_movement_default):
        a ship that has used its Speed may not move again, and the map does not show it."""
        if not state.position.startswith("sea.") or state.rules_state is None:
            return None
        moved = self.mine(state).moved
        gone = [f"{uid} {moved[uid]} of its Speed {c.speed}"
                for uid in self.own(state, sorted(u for u, n in moved.items() if n), self.to_act(state))
                if (c := board.card(self, state, state.units[uid])) is not None]
        return f"{self.clock(state)}; moved this Sea Movement: {', '.join(gone) if gone else 'none yet'}"

    def clock(self, state: GameState) -> str:
        turns = self.options.turns
        return f"Turn {state.turn}" + (f" of {turns}" if turns else "")

    def unit_title(self, unit: Unit) -> str:
        if unit.kind == "troop":
            return f"{unit.side} troop counter {unit.id}"
        cid = self.scenario_class(unit)
        c = self.options.classes.get(cid) if cid else None
        return f"{unit.side} {c.name if c else unit.kind} {unit.id}"

    def scenario_class(self, unit: Unit) -> str | None:
        """A unit's class id, as the game was set up with it."""
        return self.classes.get(unit.id)

    def badge_text(self, unit: Unit) -> str | None:
        """A carrier's troop capacity ("2T"), "R" for Rescue Operations, "B" for Bombard or Shore Support."""
        cid = self.scenario_class(unit)
        c = self.options.classes.get(cid) if cid else None
        if c is None:
            return None
        from .data import capacity_of

        room = capacity_of(c.abilities)[0]
        marks = ([f"{room}T"] if room else []) + (["R"] if RESCUE in c.abilities else []) + (
            ["B"] if any(a in BOMBARD for a in c.abilities) else [])
        return " ".join(marks) or None

    def action_location(self, state: GameState, action: Action) -> Location:
        """A load acts at its carrier, an unloading at the island it goes to; a move or a flight where it goes; an
        attack or a marker at its target."""
        if isinstance(action, (Load, Unload)) and action.unit in state.units:
            return state.place_of(action.unit)
        if isinstance(action, (Attack, Mark)) and action.target in state.units:
            return state.place_of(action.target)
        return super().action_location(state, action)

    def odds(self, state: GameState, actor: str, target: str) -> OddsReport | None:
        """The attack ``actor`` would make at ``target`` (with the phase's weapon, else the one it has)."""
        u, t = state.units.get(actor), state.units.get(target)
        if u is None or t is None or not u.alive or not t.alive or u.side == t.side:
            return None
        if isinstance(t.at, Aboard) or board.is_troop(u):
            return None
        weapons = WEAPONS.get(state.phase_id) or (("anti_air",) if board.is_aircraft(t) else ("bombs", "gunnery"))
        best = max(((dice_for(self, state, u, t, w), w) for w in weapons), key=lambda x: x[0][0])
        (n, clauses), weapon = best
        if n == 0:
            return None
        return attack_report(f"{u.id} at {t.id} with {WEAPON_WORDS[weapon]} ({n} dice)", n,
                             board.target_of(self, state, t), clauses)


def _unit(state: GameState, uid: str) -> str:
    return uid if uid in state.units else repr(uid)


WORDS: dict[type[Action], Callable[[Warsea, GameState, Any], str]] = {
    Order: lambda r, s, a: f"{a.first} move first",
    Load: lambda r, s, a: f"Load a troop counter onto {a.unit}",
    EndLoading: lambda r, s, a: "No more loading",
    Move: lambda r, s, a: f"Move {a.unit} to {r.where(a.to)}",
    EndMoves: lambda r, s, a: "No more moves",
    Unload: lambda r, s, a: f"Put {a.unit} ashore on {r.where(s.place_of(a.unit))}" if a.unit in s.units
    else f"Put {a.unit} ashore",
    EndUnloading: lambda r, s, a: "Keep the rest aboard",
    Fly: lambda r, s, a: f"Fly {a.unit} to {r.where(a.to)}",
    EndMissions: lambda r, s, a: "No more air missions",
    Attack: lambda r, s, a: f"{a.unit} attacks {a.target} with {WEAPON_WORDS.get(a.weapon, a.weapon)}",
    EndAttacks: lambda r, s, a: "No more attacks this phase",
    Mark: lambda r, s, a: f"Mark {a.target} destroyed",
}
"""Each action in words, for buttons and the log (``Warsea.describe``)."""

__all__ = ["WORDS", "Warsea", "WarseaOptions"]
