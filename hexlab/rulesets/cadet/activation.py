"""Who acts: the roll for the first turn, and the chain of activations that makes a turn.

Each player rolls a D6 for the first turn, the higher roll going first (cc.setup.first_player). A turn
then starts with the leader, activated without a roll (cc.turn.activation.leader_first; a band without
its leader starts with the free choice, cc.turn.activation.no_leader); then one figure of the player's
choice, free (cc.turn.activation.free_second); then a D6 for each further figure, 2 to 6 activating one
more and a 1 ending the turn (cc.turn.activation.roll, cc.turn.activation.roll_one). Each figure is
activated at most once a turn (cc.turn.activation.once) and has two actions (cc.action.limit.two); the
player may stop at any point (cc.turn.activation.any_or_all).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ...dice import D6
from ...engine import Context, GameState, Roll, RuleError, Unit
from ...engine.flow import Faces
from .actions import Activate, EndActivation, EndTurn, RollActivation
from .board import in_play
from .events import (
    ActionsDone,
    Activated,
    ActivationEnded,
    ActivationRoll,
    AllActivated,
    FirstPlayer,
    NoLeader,
    RollGood,
    RollOffTied,
    TurnBegan,
    TurnEnded,
    TurnOver,
)
from .handlers import handlers
from .state import Activation, CadetState, Stage

if TYPE_CHECKING:
    from .rules import Cadet

HOW = {"leader": "the leader, activated first without a roll", "free": "the free activation",
       "rolled": "activated after a good roll"}
"""How each stage of the chain is told in the log."""


def mine(state: GameState) -> CadetState:
    """The ruleset's own state of this game."""
    return state.rules_state


def leader(state: GameState, side: str) -> Unit | None:
    """The side's leader, while it is on the board."""
    return next((u for u in state.units.values() if u.side == side and u.kind == "leader" and in_play(u)), None)


def eligible(state: GameState, side: str) -> list[Unit]:
    """The side's figures on the board that have not been activated this turn (cc.turn.activation.once)."""
    done = set(mine(state).activated)
    return sorted((u for u in state.units.values() if u.side == side and in_play(u) and u.id not in done),
                  key=lambda u: u.id)


def first_turn(ctx: Context, side: str, words: str) -> None:
    """``side`` plays the first turn (cc.setup.first_player): it begins now."""
    s = ctx.state
    s.active = side
    mine(s).first = side
    ctx.emit(FirstPlayer(), words, ["cc.setup.first_player"], side)
    ctx.goto("turn.start")
    ctx.emit(TurnBegan(), f"Turn {s.turn}: {side} to play.", ["cc.turn.activation.any_or_all"], side)


# ------------------------------------------------------------------------------------------- the roll-off


@handlers.roll("setup.roll_off")
def roll_off_dice(rules: Cadet, state: GameState) -> Roll:
    """A D6 each (cc.setup.first_player, cc.components.d6)."""
    return Roll.of([(D6, 1), (D6, 1)], list(state.sides), by=list(state.sides))


@handlers.resolve("setup.roll_off")
def roll_off(rules: Cadet, ctx: Context, faces: Faces) -> None:
    """The higher roll plays first; a tie is rolled again (cc.setup.first_player)."""
    a, b = faces[0][0], faces[1][0]
    first, second = ctx.state.sides
    if a == b:
        ctx.emit(RollOffTied(), f"Both roll {a}: roll again.", ["cc.setup.first_player"])
        return
    winner = first if a > b else second
    first_turn(ctx, winner, f"{first} {a}, {second} {b}: the first turn goes to {winner}.")


# ------------------------------------------------------------------------------------------- the chain


def begin(ctx: Context, u: Unit, stage: Stage, clauses: list[str]) -> None:
    """Activate ``u``: two actions (cc.action.limit.two), once a turn (cc.turn.activation.once)."""
    m = mine(ctx.state)
    m.stage = stage
    m.activated.append(u.id)
    m.current = Activation(u.id)
    ctx.emit(Activated(u.id, stage), f"{u.id} is activated ({HOW[stage]}): two actions.",
             [*clauses, "cc.action.limit.two"], u.side)
    ctx.goto("turn.act")


@handlers.auto("turn.start")
def start_turn(rules: Cadet, ctx: Context) -> None:
    """The leader first, without a roll (cc.turn.activation.leader_first); no leader, the free choice
    (cc.turn.activation.no_leader)."""
    s = ctx.state
    first = leader(s, s.active)
    if first is not None:
        begin(ctx, first, "leader", ["cc.turn.activation.leader_first"])
        return
    ctx.emit(NoLeader(), f"No {s.active} leader on the board: the turn starts with the free activation.",
             ["cc.turn.activation.no_leader"], s.active)
    next_activation(ctx, "turn.free")


def next_activation(ctx: Context, step_key: str) -> None:
    """On to the next link of the chain, unless every figure has been activated (cc.turn.activation.once)."""
    s = ctx.state
    if eligible(s, s.active):
        ctx.goto(step_key)
        return
    ctx.emit(AllActivated(), f"Every {s.active} figure on the board has been activated this turn.",
             ["cc.turn.activation.once"], s.active)
    ctx.goto("end.check")


def close_activation(ctx: Context) -> None:
    """The activation is over: after the leader's comes the free one, after that a roll each."""
    s = ctx.state
    m = mine(s)
    cur = m.activation()
    m.current = None
    ctx.emit(ActivationEnded(cur.unit), f"{cur.unit}'s activation ends.", ["cc.stack.limit.end_of_activation"],
             s.active)
    next_activation(ctx, "turn.free" if m.stage == "leader" else "turn.ask")


@handlers.candidates("turn.free", "turn.pick")
def offer_figures(rules: Cadet, state: GameState) -> Iterator[Activate | EndTurn]:
    """The free figure, or the one a good roll allows: any not yet activated (cc.turn.activation.once); or stop."""
    yield EndTurn()
    for u in eligible(state, state.active):
        yield Activate(u.id)


@handlers.candidates("turn.ask")
def offer_roll(rules: Cadet, state: GameState) -> Iterator[EndTurn | RollActivation]:
    """Roll for one more figure, or stop (cc.turn.activation.roll, cc.turn.activation.any_or_all)."""
    yield EndTurn()
    yield RollActivation()


handlers.unchecked(EndTurn)  # the player may stop activating at any point (cc.turn.activation.any_or_all)
handlers.unchecked(RollActivation)  # a roll may always be asked for where the step takes it (cc.turn.activation.roll)


@handlers.check(Activate)
def check_activate(rules: Cadet, state: GameState, action: Activate) -> RuleError | None:
    """One of the player's own figures on the board (cc.outline.band.control), not yet activated this turn
    (cc.turn.activation.once)."""
    u = state.units.get(action.unit)
    if u is None or u.side != state.active or not in_play(u):
        return RuleError(f"{action.unit} is not one of the {state.active} figures on the board.",
                         "cc.outline.band.control")
    if u.id in mine(state).activated:
        return RuleError(f"{u.id} has already been activated this turn.", "cc.turn.activation.once")
    return None


@handlers.effect(EndTurn)
def end_turn(rules: Cadet, ctx: Context, action: EndTurn) -> None:
    """No more activations this turn (cc.turn.activation.any_or_all)."""
    s = ctx.state
    ctx.emit(TurnEnded(), f"No more activations for {s.active} this turn.", ["cc.turn.activation.any_or_all"],
             s.active)
    ctx.goto("end.check")


@handlers.effect(RollActivation)
def ask_for_roll(rules: Cadet, ctx: Context, action: RollActivation) -> None:
    """A D6 for one more figure (cc.turn.activation.roll)."""
    s = ctx.state
    ctx.emit(ActivationRoll(), f"A D6 for one more {s.active} figure.", ["cc.turn.activation.roll"], s.active)
    ctx.goto("turn.roll")


@handlers.effect(Activate, at="turn.free")
def activate_free(rules: Cadet, ctx: Context, action: Activate) -> None:
    """The figure after the leader, without a roll (cc.turn.activation.free_second)."""
    begin(ctx, ctx.state.units[action.unit], "free", ["cc.turn.activation.free_second", "cc.turn.activation.once"])


@handlers.effect(Activate, at="turn.pick")
def activate_rolled(rules: Cadet, ctx: Context, action: Activate) -> None:
    """The figure a good roll allows (cc.turn.activation.roll)."""
    begin(ctx, ctx.state.units[action.unit], "rolled", ["cc.turn.activation.roll", "cc.turn.activation.once"])


@handlers.roll("turn.roll")
def activation_die(rules: Cadet, state: GameState) -> Roll:
    """One D6 (cc.turn.activation.roll, cc.components.d6)."""
    return Roll.of([(D6, 1)], [f"{state.active}: activation"])


@handlers.resolve("turn.roll")
def activation_roll(rules: Cadet, ctx: Context, faces: Faces) -> None:
    """2 to 6: one more figure (cc.turn.activation.roll); a 1 ends the turn (cc.turn.activation.roll_one)."""
    s = ctx.state
    face = faces[0][0]
    if face == 1:
        ctx.emit(TurnOver(), f"A 1: the turn is over for {s.active}.", ["cc.turn.activation.roll_one"], s.active)
        ctx.goto("end.check")
    else:
        ctx.emit(RollGood(), f"A {face}: {s.active} may activate one more figure.", ["cc.turn.activation.roll"],
                 s.active)
        ctx.goto("turn.pick")


# ------------------------------------------------------------------------------------------- the actor


def actor_error(state: GameState, uid: str) -> RuleError | None:
    """Only the activated figure acts (cc.outline.band.control): another is refused with the link of the
    chain it is waiting for (cc.turn.activation.once, cc.turn.activation.leader_first,
    cc.turn.activation.roll)."""
    m = mine(state)
    cur = m.activation()
    u = state.units.get(uid)
    if u is None or u.side != state.active or not in_play(u):
        return RuleError(f"{uid} is not one of the {state.active} figures on the board.", "cc.outline.band.control")
    if uid == cur.unit:
        return None
    if uid in m.activated:
        return RuleError(f"{uid} has already been activated this turn.", "cc.turn.activation.once")
    if m.stage == "leader":
        return RuleError(f"The leader {cur.unit} acts first; {uid} has not been activated.",
                         "cc.turn.activation.leader_first")
    return RuleError(f"Only {cur.unit} is activated now; {uid} needs an activation of its own (after the "
                     "free one, a roll of 2 to 6).", "cc.turn.activation.roll")


handlers.unchecked(EndActivation)  # a figure need not use both its actions (cc.action.limit.two)


@handlers.effect(EndActivation)
def end_activation(rules: Cadet, ctx: Context, action: EndActivation) -> None:
    """The figure does nothing more (cc.action.limit.two); the stacking check follows."""
    cur = mine(ctx.state).activation()
    ctx.emit(ActionsDone(cur.unit), f"{cur.unit} does nothing more.", ["cc.action.limit.two"], ctx.state.active)
    ctx.goto("turn.finish")
