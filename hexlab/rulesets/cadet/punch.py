"""Punch ups: the ATK dice, the die the attacker keeps, the push back and the follow-up.

A figure punches up an enemy in its own hex (cc.punch.contact.same_hex) for one action, or free when it
walked in (cc.move.enemy.forced_punch_free). The attacker rolls its ATK dice, 2 for a warrior and 3 for a
leader or hero (cc.punch.atk.standard, cc.punch.atk.leader_hero), one fewer when it came over a wall or
hedge to reach the defender (cc.punch.wall.minus_one, cc.punch.wall.behind); the defender rolls nothing.
The attacker keeps one die (cc.punch.roll.choose_one): Oh Dear, Run away, Ouch or Hit and Run
(cc.punch.result.*, the pure function ``combat.punch_result``). STR lost scores a victory point, one a
punch up (cc.score.vp.str_loss, cc.score.vp.per_event); at STR 0 the figure leaves the board
(cc.punch.str.zero_removed). A figure pushed back moves one hex nearer its own flag, its owner choosing
(cc.punch.retreat.direction); when that is blocked it loses 1 STR and steps aside
(cc.punch.retreat.blocked_*, cc.punch.retreat.enemy_blocks); off the board it goes home
(cc.punch.retreat.off_board). The attacker may then follow up (cc.punch.follow_up).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ...engine import Context, GameState, Roll, RuleError, Unit
from ...engine.flow import Faces
from ...hexes import Hex
from .actions import ChooseDie, Follow, Punch, PushBack, Stay
from .activation import actor_error, mine
from .board import in_play, send_home
from .combat import ATK_DIE, ORDER, effect, label, punch_result
from .data import MAX_PER_HEX
from .events import (
    FollowedUp,
    NoExtraPoint,
    NoFollowUp,
    NoRoomToFollow,
    PunchResult,
    PunchUp,
    PushBlocked,
    PushedBack,
    Removed,
    StoodFast,
    StrLost,
    VictoryPoint,
    WentHome,
)
from .handlers import handlers
from .state import FollowUp, PunchUpInProgress, PushChoice

if TYPE_CHECKING:
    from .rules import Cadet


# ------------------------------------------------------------------------------------------- starting one


@handlers.check(Punch)
def check_punch(rules: Cadet, state: GameState, action: Punch) -> RuleError | None:
    """The activated figure, against an enemy in its own hex (cc.punch.contact.same_hex); a second punch up
    only where the scenario allows it (cc.action.repeat)."""
    error = actor_error(state, action.unit)
    if error is not None:
        return error
    cur = mine(state).activation()
    u = state.units[action.unit]
    t = state.units.get(action.target)
    if t is None or t.side == u.side or not in_play(t):
        return RuleError(f"{action.target} is not an enemy figure on the board.", "cc.punch.contact.same_hex")
    if t.at != u.at:
        return RuleError(f"{t.id} is not in {u.id}'s hex: a punch up is made in the same hex, so move in "
                         "first.", "cc.punch.contact.same_hex")
    if cur.punches >= 1 and not rules.options.allow_double_punch:
        return RuleError(f"{u.id} has punched up once this activation; this scenario allows no second punch "
                         "up.", "cc.action.repeat")
    return None


@handlers.effect(Punch)
def punch(rules: Cadet, ctx: Context, action: Punch) -> None:
    """A punch up for one action (cc.action.limit.two)."""
    s = ctx.state
    cur = mine(s).activation()
    cur.actions -= 1
    start_punch(rules, ctx, s.units[action.unit], s.units[action.target], forced=False, cover=False,
                clauses=["cc.action.limit.two"])


def start_punch(rules: Cadet, ctx: Context, u: Unit, t: Unit, *, forced: bool, cover: bool,
                clauses: list[str]) -> None:
    """Announce the punch up and its dice (cc.punch.roll.dice_count); the dice step follows."""
    s = ctx.state
    cur = mine(s).activation()
    cur.punches += 1
    dice = rules.punch_dice(u, cover)
    mine(s).punch = PunchUpInProgress(u.id, t.id, dice, forced, cover)
    words = [f"{u.id} (ATK {rules.atk(u)}) punches up {t.id}: {dice} ATK {'die' if dice == 1 else 'dice'}"]
    cite = [*clauses, "cc.punch.roll.dice_count", rules.atk_clause(u)]
    if cover:
        assert cur.came_from is not None and isinstance(u.at, Hex)
        words.append(f"one fewer, {t.id} is behind the {rules.ground.crossing(cur.came_from, u.at)}")
        cite += ["cc.punch.wall.minus_one", "cc.punch.wall.behind"]
    if forced:
        words.append("no action spent")
        cite.append("cc.move.enemy.forced_punch_free")
    ctx.emit(PunchUp(u.id, t.id, dice, forced, cover), "; ".join(words) + ".", cite, u.side)
    ctx.goto("turn.punch")


# ------------------------------------------------------------------------------------------- the dice


@handlers.roll("turn.punch")
def atk_dice(rules: Cadet, state: GameState) -> Roll:
    """The attacker's ATK dice, rolled where it stands (cc.punch.roll.dice_count, cc.dice.atk.faces)."""
    p = mine(state).punch_up()
    attacker = state.units[p.attacker]
    return Roll.of([(ATK_DIE, p.dice)], [f"{p.attacker} punches {p.target}"], attacker.at, attacker.side)


@handlers.resolve("turn.punch")
def atk_rolled(rules: Cadet, ctx: Context, faces: Faces) -> None:
    """One result showing (or none): it counts; several: the attacker keeps one (cc.punch.roll.choose_one)."""
    p = mine(ctx.state).punch_up()
    p.faces = list(faces[0])
    if len(set(p.faces)) <= 1:
        resolve_punch(rules, ctx, punch_result(p.faces), chosen=False)
    else:
        ctx.goto("turn.choose")


@handlers.candidates("turn.choose")
def offer_faces(rules: Cadet, state: GameState) -> Iterator[ChooseDie]:
    """Each face rolled, best first (cc.punch.roll.choose_one)."""
    p = mine(state).punch_up()
    for f in ORDER:
        if f in p.faces:
            yield ChooseDie(f)


@handlers.check(ChooseDie)
def check_choose(rules: Cadet, state: GameState, action: ChooseDie) -> RuleError | None:
    """One of the dice rolled (cc.punch.roll.choose_one)."""
    p = mine(state).punch_up()
    if action.face not in p.faces:
        shown = ", ".join(label(f) for f in ORDER if f in p.faces)
        return RuleError(f"No die shows {action.face!r}: keep one of the dice rolled ({shown}).",
                         "cc.punch.roll.choose_one")
    return None


@handlers.effect(ChooseDie)
def choose(rules: Cadet, ctx: Context, action: ChooseDie) -> None:
    """Only the kept die counts (cc.punch.roll.choose_one)."""
    p = mine(ctx.state).punch_up()
    resolve_punch(rules, ctx, punch_result(p.faces, action.face), chosen=True)


def resolve_punch(rules: Cadet, ctx: Context, result: str, chosen: bool) -> None:
    """What the kept face does to the defender (cc.punch.result.*)."""
    s = ctx.state
    p = mine(s).punch_up()
    att, tgt = s.units[p.attacker], s.units[p.target]
    eff = effect(result)
    p.result = result
    how = f"{att.id} keeps {label(result)}" if chosen else f"{label(result)} is the only result showing"
    if p.dice == 0:
        how = "No dice to roll: Oh Dear"
    ctx.emit(PunchResult(att.id, tgt.id, result), f"{how}: {tgt.id} {eff.words}.",
             ["cc.punch.roll.choose_one", eff.clause], att.side)
    if eff.str_loss and lose(rules, ctx, tgt, eff.str_loss, att, [eff.clause]):
        return
    if eff.push and in_play(tgt):
        push(rules, ctx, att, tgt)
        return
    after_punch(ctx)


def lose(rules: Cadet, ctx: Context, u: Unit, n: int, by: Unit, clauses: list[str]) -> bool:
    """``u`` loses ``n`` STR to a punch up by ``by`` and ``by`` scores (cc.score.vp.str_loss,
    cc.score.vp.per_event); True if that won the game (cc.victory.vp.ten), which then ends at once."""
    s = ctx.state
    m = mine(s)
    p = m.punch_up()
    lost = min(n, u.strength)
    u.strength -= lost
    m.count(by.side, caused=lost)
    ctx.emit(StrLost(u.id, lost), f"{u.id} loses {lost} STR ({u.strength} left).",
             [*clauses, "cc.components.scoreboard.tracking"], u.side)
    gained = 0
    if rules.options.vp_per_str_point:
        gained = lost
    elif not p.scored:
        gained = 1
    if gained:
        p.scored = True
        m.count(by.side, scoring_punches=1)
        s.score[by.side] += gained
        ctx.emit(VictoryPoint(gained), f"{gained} VP to {by.side} ({s.score[by.side]} in all).",
                 ["cc.score.vp.str_loss", "cc.score.vp.per_event"], by.side)
    elif lost:
        ctx.emit(NoExtraPoint(), f"This punch up has scored its VP already: no more for {by.side}.",
                 ["cc.score.vp.per_event"], by.side)
    if u.strength == 0:
        frm = u.at
        assert isinstance(frm, Hex)
        u.at = None
        ctx.emit(Removed(u.id, frm), f"{u.id} is out of STR and leaves the board.", ["cc.punch.str.zero_removed"],
                 u.side)
    return ctx.is_over()


# ------------------------------------------------------------------------------------------- push back


def push(rules: Cadet, ctx: Context, att: Unit, tgt: Unit) -> None:
    """One hex nearer its own flag (cc.punch.retreat.direction): off the board, home; one way, there;
    several, its owner chooses; none, 1 STR more and a step aside (cc.punch.retreat.blocked_*)."""
    s = ctx.state
    ground = rules.ground
    closer = ground.towards_flag(tgt)
    if not closer:
        frm = tgt.at
        assert isinstance(frm, Hex)
        send_home(s, tgt)
        ctx.emit(WentHome(tgt.id, frm), f"{tgt.id} is pushed back off the board and goes home to mum (no STR lost).",
                 ["cc.punch.retreat.off_board", "cc.punch.retreat.direction"], tgt.side)
        after_punch(ctx)
        return
    legal = [h for h in closer if ground.push_block(s, tgt, h) is None]
    if len(legal) == 1:
        push_to(rules, ctx, tgt, legal[0], ["cc.punch.retreat.direction"])
        return
    if legal:
        mine(s).push = PushChoice(tgt.id, tuple(legal), blocked=False)
        ctx.goto("turn.push")
        return
    blocks = [ground.push_block(s, tgt, h) for h in closer]
    reasons = "; ".join(f"{rules.where(h)}: {b[0]}" for h, b in zip(closer, blocks, strict=True) if b)
    clauses = list(dict.fromkeys(b[1] for b in blocks if b))
    ctx.emit(PushBlocked(tgt.id), f"{tgt.id} cannot move back towards its flag ({reasons}): it loses 1 STR and "
             "steps aside.", clauses, tgt.side)
    if lose(rules, ctx, tgt, 1, att, clauses):
        return
    if not in_play(tgt):
        after_punch(ctx)
        return
    options = ground.sidestep_hexes(s, tgt)
    if not options:
        ctx.emit(StoodFast(tgt.id), f"{tgt.id} has no hex to step into: it stays where it is.",
                 ["cc.punch.retreat.blocked_destination"], tgt.side)
        after_punch(ctx)
    elif len(options) == 1:
        push_to(rules, ctx, tgt, options[0], ["cc.punch.retreat.blocked_destination"])
    else:
        mine(s).push = PushChoice(tgt.id, tuple(options), blocked=True)
        ctx.goto("turn.push")


@handlers.candidates("turn.push")
def offer_push(rules: Cadet, state: GameState) -> Iterator[PushBack]:
    """Each hex the pushed figure may go to, for its owner to choose (cc.punch.retreat.direction)."""
    p = mine(state).push
    assert p is not None
    for h in p.options:
        yield PushBack(p.unit, h)


@handlers.check(PushBack)
def check_push(rules: Cadet, state: GameState, action: PushBack) -> RuleError | None:
    """The pushed figure, into one of the hexes it may go to (cc.punch.retreat.*)."""
    p = mine(state).push
    assert p is not None
    if action.unit != p.unit:
        return RuleError(f"{p.unit} is the figure being pushed back.", "cc.punch.retreat.direction")
    if action.to in p.options:
        return None
    u = state.units[p.unit]
    if p.blocked:
        where = ", ".join(rules.where(h) for h in p.options)
        return RuleError(f"The way back is blocked: {u.id} steps into a hex next to it that is not a river, "
                         f"holds no enemy and fewer than two figures ({where}).",
                         "cc.punch.retreat.blocked_destination")
    if action.to in rules.ground.towards_flag(u):
        block = rules.ground.push_block(state, u, action.to)
        if block is not None:
            return RuleError(f"{u.id} cannot be pushed into {rules.where(action.to)}: {block[0]}.", block[1])
    return RuleError(f"{rules.where(action.to)} is not one hex nearer {u.id}'s flag.", "cc.punch.retreat.direction")


@handlers.effect(PushBack)
def push_back(rules: Cadet, ctx: Context, action: PushBack) -> None:
    """The chosen hex: back towards the flag (cc.punch.retreat.direction) or aside
    (cc.punch.retreat.blocked_destination)."""
    p = mine(ctx.state).push
    assert p is not None
    clause = "cc.punch.retreat.blocked_destination" if p.blocked else "cc.punch.retreat.direction"
    push_to(rules, ctx, ctx.state.units[action.unit], action.to, [clause])


def push_to(rules: Cadet, ctx: Context, tgt: Unit, to: Hex, clauses: list[str]) -> None:
    """The defender moves; the attacker may follow if the hex would hold no more than two
    (cc.punch.follow_up)."""
    s = ctx.state
    m = mine(s)
    m.push = None
    frm = tgt.at
    assert isinstance(frm, Hex)
    tgt.at = to
    ctx.emit(PushedBack(tgt.id, frm, to), f"{tgt.id} moves back from {rules.where(frm)} to {rules.where(to)}.",
             clauses, tgt.side)
    att = s.units[m.punch_up().attacker]
    if len(rules.ground.figures_at(s, to)) <= MAX_PER_HEX - 1:
        m.follow = FollowUp(att.id, to)
        ctx.goto("turn.follow")
        return
    ctx.emit(NoRoomToFollow(att.id), f"{att.id} cannot follow up: {rules.where(to)} would hold three figures.",
             ["cc.punch.follow_up"], att.side)
    after_punch(ctx)


# ------------------------------------------------------------------------------------------- follow up


@handlers.candidates("turn.follow")
def offer_follow(rules: Cadet, state: GameState) -> Iterator[Follow | Stay]:
    """Follow into the defender's new hex, or stay (cc.punch.follow_up)."""
    f = mine(state).follow
    assert f is not None
    yield Follow(f.unit, f.to)
    yield Stay(f.unit)


def follow_error(rules: Cadet, state: GameState, unit: str) -> RuleError | None:
    f = mine(state).follow
    assert f is not None
    if unit != f.unit:
        return RuleError(f"Only the attacker, {f.unit}, may follow up.", "cc.punch.follow_up")
    return None


@handlers.check(Follow)
def check_follow(rules: Cadet, state: GameState, action: Follow) -> RuleError | None:
    """The attacker, into the defender's new hex (cc.punch.follow_up)."""
    f = mine(state).follow
    assert f is not None
    error = follow_error(rules, state, action.unit)
    if error is None and action.to != f.to:
        return RuleError(f"A follow-up goes into the defender's new hex, {rules.where(f.to)}.", "cc.punch.follow_up")
    return error


@handlers.check(Stay)
def check_stay(rules: Cadet, state: GameState, action: Stay) -> RuleError | None:
    """Only the attacker decides whether to follow up (cc.punch.follow_up)."""
    return follow_error(rules, state, action.unit)


@handlers.effect(Follow)
def follow(rules: Cadet, ctx: Context, action: Follow) -> None:
    """Into the defender's hex, free, staying in contact (cc.punch.follow_up); it moves no further."""
    m = mine(ctx.state)
    cur = m.activation()
    u = ctx.state.units[action.unit]
    frm = u.at
    assert isinstance(frm, Hex)
    u.at = action.to
    cur.came_from = frm
    cur.stopped = True
    m.follow = None
    ctx.emit(FollowedUp(u.id, frm, action.to), f"{u.id} follows up into {rules.where(action.to)} and stays in "
             "contact.", ["cc.punch.follow_up"], u.side)
    after_punch(ctx)


@handlers.effect(Stay)
def stay(rules: Cadet, ctx: Context, action: Stay) -> None:
    """No follow-up (cc.punch.follow_up)."""
    mine(ctx.state).follow = None
    ctx.emit(NoFollowUp(action.unit), f"{action.unit} stays where it is.", ["cc.punch.follow_up"], ctx.state.active)
    after_punch(ctx)


def after_punch(ctx: Context) -> None:
    """The punch up is over: back to the figure's actions, or to the end of its activation."""
    m = mine(ctx.state)
    m.punch = None
    m.engage = None
    if ctx.is_over():
        return
    ctx.goto("turn.act" if m.activation().actions > 0 else "turn.finish")
