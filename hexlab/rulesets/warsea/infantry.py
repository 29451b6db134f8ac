"""Infantry Combat: on every island where both sides have troops, both must fight; one die a troop, each 5 or 6 marks a
different enemy troop (the roller chooses which), marked troops still roll, and the marked are removed when the phase
ends; a side left alone on the island controls it, and an island both still hold is fought over next turn
(was.combat.troop.*)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ...dice import D6
from ...engine import Action, Context, GameState, Roll, RuleError
from ...engine.flow import Faces
from . import board, combat, flow
from .actions import Mark
from .events import InfantryHits, IslandControl, Marked, TroopRemoved
from .handlers import handlers
from .state import Marking

if TYPE_CHECKING:
    from .rules import Warsea


def contested(rules: Warsea, state: GameState) -> list[str]:
    """Islands where both sides have troops ashore (was.combat.troop.mandatory_same_island): each side with a living
    troop on it (``board.troops_on``), found in one pass over the units rather than one an island and a side."""
    ashore = {(u.at, u.side) for u in state.units.values()
              if u.kind == "troop" and u.strength > 0 and isinstance(u.at, str)}
    return [sector for sector in board.islands(rules) if all((sector, side) in ashore for side in state.sides)]


def fights(rules: Warsea, state: GameState) -> list[tuple[str, str, int]]:
    """``(island, side, dice)`` for each side on each contested island, the initiative winner first: one die a
    troop (was.combat.troop.one_die_per_counter)."""
    mine = rules.mine(state)
    order = [mine.initiative, state.other(mine.initiative)] if mine.initiative else list(state.sides)
    return [(sector, side, len(board.troops_on(state, sector, side)))
            for sector in contested(rules, state) for side in order]


@flow.needed("infantry.roll")
def any_fight(rules: Warsea, state: GameState) -> bool:
    return bool(contested(rules, state))


@handlers.roll("infantry.roll")
def infantry_dice(rules: Warsea, state: GameState) -> Roll:
    groups = fights(rules, state)
    places = {sector for sector, _, _ in groups}
    return Roll.of([(D6, n) for _, _, n in groups], [f"{side} on {rules.where(sector)}" for sector, side, _ in groups],
                   at=next(iter(places)) if len(places) == 1 else None, by=[side for _, side, _ in groups])


@handlers.resolve("infantry.roll")
def infantry_results(rules: Warsea, ctx: Context, faces: Faces) -> None:
    s, mine = ctx.state, rules.mine(ctx.state)
    groups = fights(rules, s)
    mine.fought = sorted({sector for sector, _, _ in groups}, key=board.islands(rules).index)
    for (sector, side, n), rolled in zip(groups, faces, strict=True):
        hits = combat.infantry_hits(rolled)
        enemies = board.troops_on(s, sector, s.other(side))
        ctx.emit(InfantryHits(sector, side, n, hits), f"{side} on {rules.where(sector)} roll {n} "
                 f"{'die' if n == 1 else 'dice'}: {hits} hit{'s' if hits != 1 else ''}.",
                 ["was.combat.troop.mandatory_same_island", "was.combat.troop.one_die_per_counter",
                  "was.combat.troop.hit_on_5_or_6"], side)
        marked = combat.marks(hits, len(enemies))
        if marked == len(enemies):
            for t in enemies:
                _mark(rules, ctx, t.id, side)
        elif marked:
            mine.marking.append(Marking(sector, side, marked))
    if mine.marking:
        ctx.goto("infantry.mark")
    else:
        finish(rules, ctx)


def _mark(rules: Warsea, ctx: Context, tid: str, side: str) -> None:
    rules.mine(ctx.state).marked.append(tid)
    ctx.emit(Marked(tid, side), f"{side} mark {tid} destroyed (it still fights this phase).",
             ["was.combat.troop.hit_on_5_or_6", "was.combat.troop.hard_to_kill_not_vs_troops",
              "was.combat.troop.simultaneous_removal"], side)


@handlers.candidates("infantry.mark")
def offer_marks(rules: Warsea, state: GameState) -> Iterator[Action]:
    m = rules.mine(state).marking[0]
    for t in board.troops_on(state, m.island, state.other(m.side)):
        yield Mark(t.id)


@handlers.check(Mark)
def check_mark(rules: Warsea, state: GameState, action: Mark) -> RuleError | None:
    mine = rules.mine(state)
    m = mine.marking[0]
    t = state.units.get(action.target)
    if t is None or not t.alive or t.side == m.side or not board.is_troop(t) or t.at != m.island:
        return RuleError(f"{m.side}'s hits mark enemy troops on {rules.where(m.island)}.",
                         "was.combat.troop.hit_on_5_or_6")
    if t.id in mine.marked:
        return RuleError(f"{t.id} is marked already: each hit marks a different troop.", "was.combat.troop.hit_on_5_or_6")
    return None


@handlers.effect(Mark)
def mark(rules: Warsea, ctx: Context, action: Mark) -> None:
    mine = rules.mine(ctx.state)
    m = mine.marking[0]
    _mark(rules, ctx, action.target, m.side)
    m.left -= 1
    if m.left == 0:
        mine.marking.pop(0)
    if not mine.marking:
        finish(rules, ctx)


def finish(rules: Warsea, ctx: Context) -> None:
    """The end of the phase: the marked troops go, and each island fought over is controlled or still contested."""
    s, mine = ctx.state, rules.mine(ctx.state)
    for tid in mine.marked:
        t = s.units[tid]
        t.strength = 0
        ctx.emit(TroopRemoved(tid), f"{tid} is removed.", ["was.combat.troop.simultaneous_removal"], t.side)
    mine.marked = []
    for sector in mine.fought:
        left = [side for side in s.sides if board.troops_on(s, sector, side)]
        where = rules.where(sector)
        if len(left) == 1:
            mine.control[sector] = left[0]
            ctx.emit(IslandControl(sector, left[0]), f"{left[0]} alone are left on {where}: they control it.",
                     ["was.combat.troop.control_if_sole_survivor"], left[0])
        elif left:
            ctx.emit(IslandControl(sector), f"Both sides still have troops on {where}: it is still fought over, and "
                     "the fight goes on next turn.", ["was.combat.troop.contested_continues"])
        else:
            mine.control.pop(sector, None)
            ctx.emit(IslandControl(sector), f"No troops are left on {where}.", ["was.combat.troop.control_if_sole_survivor"])
    flow.proceed(rules, ctx)
