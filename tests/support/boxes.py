"""Boxes: a tiny area-map ruleset used only by the tests.

It proves the core carries area maps (units stand in named boxes joined by links, as in Cactus Air
Force's four boxes and War at Sea's sectors), d10 dice read 1-10, and a turn split into hours. Each
hour the active side may move one unit to a linked box; at the end of each hour every box holding both
sides is fought over with a d10 per step, 9-10 hitting. After the last hour of the last turn the side
holding more boxes wins.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict, Field

from hexlab import rulesets
from hexlab.dice import D10
from hexlab.engine import (
    Action,
    Context,
    GameState,
    RuleError,
    Ruleset,
    SequenceOfPlay,
    Terrain,
    UnitType,
    phase,
    step,
)

CLAUSES = {"bx.move.link", "bx.move.once", "bx.combat.d10", "bx.clock.hours", "bx.victory.boxes"}


class BoxesOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    turns: int = Field(default=2, ge=1)
    hours: int = Field(default=3, ge=1)


@dataclass(frozen=True, slots=True)
class Shift(Action):
    unit: str
    to: str
    verb = "move"


@dataclass(frozen=True, slots=True)
class Hold(Action):
    verb = "pass"


class Boxes(Ruleset):
    id = "boxes"
    name = "Boxes (test ruleset)"
    board_kinds = ("area",)
    sequence = SequenceOfPlay((
        phase("hour", "The hour", [
            step("move", "Move one unit", ["bx.move.link", "bx.move.once"], "Move a unit to a linked box."),
            step("fight", "Fight in shared boxes", ["bx.combat.d10"], "Both sides roll d10s.", kind="auto"),
            step("clock", "Advance the clock", ["bx.clock.hours", "bx.victory.boxes"], "Next hour.",
                 kind="auto", next=["hour.move"]),
        ], repeat="every hour"),
    ))
    actions = (Shift, Hold)
    terrain = {"sea": Terrain("sea", "Sea", "ocean"), "land": Terrain("land", "Land", "clear")}
    unit_types = {"battalion": UnitType("battalion", "Battalion", "infantry", "steps", 2)}
    options_model = BoxesOptions
    clauses = frozenset(CLAUSES)

    def setup(self, ctx: Context) -> None:
        ctx.state.vars = {"hour": 1}

    def clock(self, state: GameState) -> str:
        return f"Turn {state.turn}, hour {state.vars['hour']}"

    def legal_actions(self, state):
        yield Hold()
        for u in state.units_of(state.active):
            for link in self.board.areas[u.at].links:
                yield Shift(u.id, link)

    def check(self, state, action):
        if isinstance(action, Hold):
            return None
        u = state.units.get(action.unit)
        if u is None or not u.alive or u.side != state.active:
            return RuleError("Move one of your own units.", "bx.move.once")
        if action.to not in self.board.areas[u.at].links:
            return RuleError(f"{action.to} is not linked to {u.at}.", "bx.move.link")
        return None

    def apply(self, ctx, action):
        if isinstance(action, Shift):
            u = ctx.state.units[action.unit]
            frm, u.at = u.at, action.to
            ctx.event("UnitMoved", f"{u.id} moves from {self.where(frm)} to {self.where(u.at)}.",
                      ["bx.move.link"], u.side, unit=u.id)
        ctx.advance()

    def auto(self, ctx):
        s = ctx.state
        if s.step_id == "fight":
            for area, units in sorted(s.occupancy().items()):
                sides = {u.side for u in units}
                if len(sides) < 2:
                    continue
                hits = {}
                for side in sorted(sides):
                    steps = sum(u.strength for u in units if u.side == side)
                    faces = ctx.roll(D10, steps, f"{side} in {self.where(area)}", ["bx.combat.d10"], side)
                    hits[s.other(side)] = sum(1 for f in faces if f >= 9)
                for side, n in hits.items():
                    for u in [u for u in units if u.side == side]:
                        take = min(n, u.strength)
                        u.strength -= take
                        n -= take
            ctx.advance()
            return
        if s.vars["hour"] < self.options.hours:
            s.vars["hour"] += 1
        elif s.turn < self.options.turns:
            s.turn += 1
            s.vars["hour"] = 1
        else:
            held = {side: len({u.at for u in s.units_of(side)} - {u.at for u in s.units_of(s.other(side))})
                    for side in s.sides}
            a, b = s.sides
            winner = a if held[a] > held[b] else b if held[b] > held[a] else None
            ctx.end(winner, f"boxes held {held[a]} to {held[b]}", ["bx.victory.boxes"])
            return
        s.active = s.other(s.active)
        ctx.advance()


rulesets.register(Boxes)
