"""The clock and the score: hours and turns (caf.sequence.turn_structure_default, a placeholder shape: every hour
ground moves, ground combat, then air operations; after the last hour, the end of the turn), 1 VP a turn for each
box a side holds alone (caf.victory.uncontested_location_vp), and the two ways the game ends, which
:meth:`Cactus.end_if` asks after every change: Japanese troops alone in Guadalcanal win at once
(caf.victory.sudden_death_guadalcanal), and after the last turn each side scores its held, never bombed targets
and the side with more VP wins (caf.victory.occupied_unbombed_target).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Context, GameState, Outcome
from .data import TARGET_VP
from .events import HourBegan, TargetHeld, TurnScored, VictoryPoint
from .handlers import handlers
from .moves import continue_moves
from .refit import continue_refits
from .shared import new_round
from .state import Award, Bonus

if TYPE_CHECKING:
    from .rules import Cactus


def begin_hour(rules: Cactus, ctx: Context) -> None:
    """A new hour: nobody has finished moving or flown a raid; the ground moves begin."""
    s = ctx.state
    mine = s.rules_state
    new_round(rules, ctx)
    mine.raided = []
    if not ctx.quiet:  # (batch play keeps no log)
        ctx.emit(HourBegan(mine.hour), f"Turn {s.turn}, hour {mine.hour}.", ["caf.sequence.turn_structure_default"])
    ctx.goto("ground.move")
    continue_moves(rules, ctx)


@handlers.auto("air.clock")
def next_hour(rules: Cactus, ctx: Context) -> None:
    """caf.sequence.turn_structure_default: the next hour, or after the last the end of the turn."""
    mine = ctx.state.rules_state
    if mine.hour < rules.options.hours:
        mine.hour += 1
        begin_hour(rules, ctx)
    else:
        ctx.goto("end.vp")


@handlers.auto("end.vp")
def turn_vp(rules: Cactus, ctx: Context) -> None:
    """caf.victory.uncontested_location_vp: each box held by one side alone scores it 1 VP; then the refit, except
    after the last turn."""
    s = ctx.state
    mine = s.rules_state
    gained = {side: 0 for side in s.sides}
    for box in rules.ground.boxes:
        holder = rules.ground.holder(s, box)
        if holder is None:
            continue
        s.score[holder] += 1
        gained[holder] += 1
        mine.awards += (Award(s.turn, box, holder),)
        ctx.emit(VictoryPoint(box, 1), f"{holder} hold {rules.where(box)} alone: 1 VP.",
                 ["caf.victory.uncontested_location_vp"], holder)
    ctx.emit(TurnScored(gained), f"End of turn {s.turn}: " + ", ".join(f"{side} +{n} VP ({s.score[side]} in all)"
                                                                        for side, n in gained.items()) + ".",
             ["caf.victory.uncontested_location_vp"])
    new_round(rules, ctx)
    if s.turn >= rules.options.turns:
        ctx.goto("end.next")
        return
    ctx.goto("end.refit")
    continue_refits(rules, ctx)


@handlers.auto("end.next")
def next_turn(rules: Cactus, ctx: Context) -> None:
    """caf.sequence.turn_structure_default: a new turn from hour 1; after the last, the targets are scored
    (caf.victory.occupied_unbombed_target) and :func:`final_outcome` ends the game."""
    s = ctx.state
    mine = s.rules_state
    if s.turn >= rules.options.turns:
        score_targets(rules, ctx)
        mine.finished = True
        return
    s.turn += 1
    mine.hour = 1
    mine.turn.reset(rules.air_refits())
    begin_hour(rules, ctx)


def score_targets(rules: Cactus, ctx: Context) -> None:
    """caf.victory.occupied_unbombed_target: each side scores the targets on its roster it holds and never bombed."""
    s = ctx.state
    mine = s.rules_state
    for box in rules.ground.boxes:
        holder = rules.ground.holder(s, box)
        if holder is None or not rules.ground.on_roster(holder, box) or box in mine.bombed[holder]:
            continue
        vp = TARGET_VP[rules.ground.nation(holder)]
        s.score[holder] += vp
        mine.bonus += (Bonus("held target", box, holder, vp),)
        ctx.emit(TargetHeld(box, vp), f"{holder} hold {rules.where(box)}, a target on their roster never bombed: "
                 f"{vp} VP.", ["caf.victory.occupied_unbombed_target"], holder)


# ----------------------------------------------------------------------------------------------- the end


def sudden_death(rules: Cactus, state: GameState) -> Outcome | None:
    """caf.victory.sudden_death_guadalcanal: Japanese troops alone in Guadalcanal, once no fight is going on there
    (a fight is decided only when its hour's results are all applied)."""
    gc = rules.guadalcanal
    if gc not in rules.board.areas or gc in state.rules_state.fights:
        return None
    if rules.ground.holder(state, gc) != rules.japanese:
        return None
    return Outcome(rules.japanese, f"Japanese troops alone hold {rules.where(gc)}: sudden death",
                   ("caf.victory.sudden_death_guadalcanal",))


def final_outcome(rules: Cactus, state: GameState) -> Outcome | None:
    """After the last turn: the side with more VP wins (caf.victory.uncontested_location_vp,
    caf.victory.occupied_unbombed_target); equal VP is a draw."""
    if not state.rules_state.finished:
        return None
    a, b = state.sides
    score = f"{a} {state.score[a]} VP, {b} {state.score[b]} VP"
    winner = a if state.score[a] > state.score[b] else b if state.score[b] > state.score[a] else None
    return Outcome(winner, f"after {rules.options.turns} turns: {score}",
                   ("caf.victory.uncontested_location_vp", "caf.victory.occupied_unbombed_target"))
