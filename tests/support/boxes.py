"""Boxes: a tiny area-map ruleset used only by the tests.

It proves the core carries area maps (units stand in named boxes joined by links, as in Cactus Air
Force's four boxes and War at Sea's sectors), d10 dice read 1-10, and a turn split into hours. Each
hour the active side may move one unit to a linked box; at the end of each hour every box holding both
sides is fought over with a d10 per step, 9-10 hitting. After the last hour of the last turn the side
holding more boxes wins. Written in the engine's handler style, as ``docs/adding_a_ruleset.md`` shows.

Units may also stand aboard a transport (``at = { aboard = "T1" }``: they go where it goes and neither move
nor fight by themselves) or in an off-map display's box (they stay there); only units in a box move,
fight and hold it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from pydantic import Field

from hexlab import rulesets
from hexlab.dice import D10
from hexlab.engine import (
    Action,
    Context,
    GameState,
    Handlers,
    Options,
    Outcome,
    Payload,
    Roll,
    RuleError,
    Ruleset,
    SequenceOfPlay,
    Terrain,
    UnitType,
    phase,
    step,
)
from hexlab.engine.flow import Faces
from hexlab.engine.simultaneous import Together

CLAUSES = {"bx.move.link", "bx.move.once", "bx.combat.d10", "bx.clock.hours", "bx.victory.boxes"}
handlers = Handlers()


class BoxesOptions(Options):
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


@dataclass(slots=True)
class BoxesState:
    hour: int = 1
    over: bool = False
    """The last hour of the last turn has been played."""


@dataclass(frozen=True, slots=True)
class UnitMoved(Payload):
    unit: str


@dataclass(frozen=True, slots=True)
class StepsLost(Payload):
    unit: str
    steps: int


def contested(state: GameState) -> list[tuple[str, str, int]]:
    """``(area, side, steps)`` for each side in each box holding both sides, in a fixed order."""
    out = []
    for area, units in sorted((k, v) for k, v in state.occupancy().items() if isinstance(k, str)):
        sides = sorted({u.side for u in units})
        if len(sides) > 1:
            out += [(area, side, sum(u.strength for u in units if u.side == side)) for side in sides]
    return out


@handlers.candidates("hour.move")
def offer(rules: Boxes, state: GameState) -> Iterator[Hold | Shift]:
    yield Hold()
    for u in state.units_of(state.active):
        if u.at not in rules.board.areas:  # aboard a transport or in a display
            continue
        for link in rules.board.areas[u.at].links:
            yield Shift(u.id, link)


handlers.unchecked(Hold)  # a side may always let the hour go by


@handlers.check(Shift)
def check_shift(rules: Boxes, state: GameState, action: Shift) -> RuleError | None:
    u = state.units.get(action.unit)
    if u is None or not u.alive or u.side != state.active:
        return RuleError("Move one of your own units.", "bx.move.once")
    if u.at not in rules.board.areas or action.to not in rules.board.areas[u.at].links:
        return RuleError(f"{action.to} is not linked to {u.at}.", "bx.move.link")
    return None


@handlers.effect(Hold)
def hold(rules: Boxes, ctx: Context, action: Hold) -> None:
    ctx.advance()


@handlers.effect(Shift)
def shift(rules: Boxes, ctx: Context, action: Shift) -> None:
    u = ctx.state.units[action.unit]
    frm, u.at = u.at, action.to
    ctx.emit(UnitMoved(u.id), f"{u.id} moves from {rules.where(frm)} to {rules.where(u.at)}.",
             ["bx.move.link"], u.side)
    ctx.advance()


@handlers.roll("hour.fight")
def fight_dice(rules: Boxes, state: GameState) -> Roll:
    fights = contested(state)
    return Roll.of([(D10, steps) for _, _, steps in fights],
                   [f"{side} in {rules.where(area)}" for area, side, _ in fights], by=[side for _, side, _ in fights])


@handlers.resolve("hour.fight")
def fight(rules: Boxes, ctx: Context, faces: Faces) -> None:
    s = ctx.state
    hits: Together[tuple[str, str, int]] = Together()  # every box's dice first, then the losses, together
    for (area, side, _), rolled in zip(contested(s), faces, strict=True):
        hits.record((area, s.other(side), sum(1 for f in rolled if f >= 9)))
    for area, side, n in hits.take():
        for u in [u for u in s.units_at(area) if u.side == side]:
            take = min(n, u.strength)
            if take:
                u.strength -= take
                n -= take
                ctx.emit(StepsLost(u.id, take), f"{u.id} loses {take} step(s).", ["bx.combat.d10"], u.side)
    ctx.advance()


@handlers.auto("hour.clock")
def clock(rules: Boxes, ctx: Context) -> None:
    s, mine = ctx.state, ctx.state.rules_state
    if mine.hour < rules.options.hours:
        mine.hour += 1
    elif s.turn < rules.options.turns:
        s.turn += 1
        mine.hour = 1
    else:
        mine.over = True
        return
    s.active = s.other(s.active)
    ctx.advance()


class Boxes(Ruleset[BoxesState]):
    id = "boxes"
    name = "Boxes (test ruleset)"
    board_kinds = ("area",)
    sequence = SequenceOfPlay((
        phase("hour", "The hour", [
            step("move", "Move one unit", ["bx.move.link", "bx.move.once"], "Move a unit to a linked box.",
                 accepts=[Shift, Hold]),
            step("fight", "Fight in shared boxes", ["bx.combat.d10"], "Both sides roll d10s.", kind="dice"),
            step("clock", "Advance the clock", ["bx.clock.hours", "bx.victory.boxes"], "Next hour.",
                 kind="auto", next=["hour.move"]),
        ], repeat="every hour"),
    ))
    handlers = handlers
    actions = (Shift, Hold)
    state_type = BoxesState
    terrain = {"sea": Terrain("sea", "Sea", "ocean"), "land": Terrain("land", "Land", "clear"),
               "island": Terrain("island", "Island", "jungle")}
    unit_types = {"battalion": UnitType("battalion", "Battalion", "infantry", "steps", 2),
                  "transport": UnitType("transport", "Transport", "transport", "steps", 1, {"capacity": 2}),
                  "squadron": UnitType("squadron", "Squadron", "aircraft", "steps", 1)}
    options_model = BoxesOptions
    clauses = frozenset(CLAUSES)

    def clock(self, state: GameState) -> str:
        return f"Turn {state.turn}, hour {state.rules_state.hour}"

    def end_if(self, state: GameState) -> Outcome | None:
        if not state.rules_state.over:
            return None
        def boxes(side: str) -> set:
            return {u.at for u in state.units_of(side) if isinstance(u.at, str)}

        held = {side: len(boxes(side) - boxes(state.other(side))) for side in state.sides}
        a, b = state.sides
        winner = a if held[a] > held[b] else b if held[b] > held[a] else None
        return Outcome(winner, f"boxes held {held[a]} to {held[b]}", ("bx.victory.boxes",))


rulesets.register(Boxes)
