"""After a battle's dice: take ground, armor overrun, British battle back; and what follows each battle.

After a close assault that empties the enemy's hex the attacker may move into it (m44.take_ground.infantry,
m44.take_ground.close_assault_only), never artillery (m44.take_ground.artillery.forbidden), never into
impassable terrain or from a beach up a cliff (m44.terrain.cliff.no_take_ground_from_beach). Armor that
takes ground may battle once more (m44.overrun.*), unless it stopped in terrain that forbids it
(m44.overrun.terrain_no_battle). A British Commonwealth unit left with one figure by a close assault
may battle back with one die, ignoring terrain (m44.nation.bcf.battle_back.*). An ambushed attacker
still in place makes its attack; a card's strike moves to its next target (m44.order.cards.data).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ...engine import Context, GameState, RuleError
from ...engine.state import Unit
from ...hexes import Hex
from . import events as ev
from .actions import BattleBack, Hold, TakeGround
from .data import ARMOR, ARTILLERY, INFANTRY
from .handlers import handlers
from .movement import vacate
from .state import BattleInProgress
from .tactics import attack_dice, start_card_attack

if TYPE_CHECKING:
    from .rules import Memoir44


def after_resolution(rules: Memoir44, ctx: Context) -> None:
    """The battle's result is in (and its retreat made): what comes next."""
    s = ctx.state
    turn = s.rules_state.turn
    b = turn.battle
    if ctx.is_over():
        return
    if b is None:
        ctx.goto("battle.choose")
        return
    if b.card_strike:
        turn.retreat = None
        start_card_attack(rules, ctx)
        return
    att, tgt = s.units[b.attacker], s.units[b.target]
    if b.kind == "ambush":
        ambushed = turn.ambushed
        turn.ambushed = None
        turn.retreat = None
        original = s.units[ambushed.battle.attacker]
        # the dice are worked out again: a figure the ambush took can cost the attack Seishin's die
        # (m44.nation.japan.seishin.full_strength)
        dice = attack_dice(rules, s, original, s.units[ambushed.battle.target]) if original.alive else None
        if original.alive and original.at == ambushed.at and dice is not None and dice.count > 0:
            resumed = ambushed.battle
            again = "" if dice.count == resumed.dice else f" with {dice.words()} dice now"
            resumed.dice = dice.count
            turn.battle = resumed
            ctx.emit(ev.AttackGoesOn(), f"{original.id} survived the ambush in place and attacks{again}.",
                     ["m44.order.cards.data"] + (dice.clauses if again else []), original.side)
            ctx.goto("battle.roll")
        else:
            ctx.emit(ev.AttackCancelled(), f"The ambush stops {original.id}'s attack.", ["m44.order.cards.data"],
                     tgt.side)
            end_battle(rules, ctx)
        return
    if b.kind == "battle_back":
        end_battle(rules, ctx)
        return
    if b.close and b.vacated and att.alive and can_take_ground(rules, s, att, b.frm):
        ctx.goto("battle.take_ground")
        return
    if (b.close and tgt.alive and not b.vacated and tgt.strength == 1
            and rules.nation(tgt.side) == "bcf" and att.alive):
        ctx.goto("battle.battle_back")
        return
    end_battle(rules, ctx)


def end_battle(rules: Memoir44, ctx: Context) -> None:
    """The battle is over: the next one may be declared (m44.battle.unit.sequential)."""
    turn = ctx.state.rules_state.turn
    turn.battle = None
    turn.retreat = None
    if not ctx.is_over():
        ctx.goto("battle.choose")


def can_take_ground(rules: Memoir44, s: GameState, u: Unit, h: Hex) -> bool:
    """May ``u`` move into the emptied hex ``h`` (m44.take_ground.*)?"""
    if u.kind == ARTILLERY:
        return False  # m44.take_ground.artillery.forbidden
    if s.unit_at(h) is not None or rules.field.impassable(s, h, u.kind):
        return False  # m44.take_ground.impassable
    if rules.board.terrain[u.at] == "beach" and rules.board.terrain[h] == "cliff":
        return False  # m44.terrain.cliff.no_take_ground_from_beach (a sea bluff allows it)
    return u.kind in (INFANTRY, ARMOR)


# ----------------------------------------------------------------------------------- battle.take_ground
@handlers.candidates("battle.take_ground")
def offer_take_ground(rules: Memoir44, state: GameState) -> Iterator[Hold | TakeGround]:
    """m44.take_ground.infantry: the attacker may move into the emptied hex, or hold."""
    b = state.rules_state.turn.battle
    yield Hold(b.attacker)
    yield TakeGround(b.attacker)


def _not_the_attacker(state: GameState, unit: str) -> RuleError | None:
    """m44.take_ground.infantry: only the unit that battled may advance."""
    attacker = state.rules_state.turn.battle.attacker
    if unit != attacker:
        return RuleError(f"{attacker} is the unit that may advance.", "m44.take_ground.infantry")
    return None


@handlers.check(Hold, at="battle.take_ground")
@handlers.check(TakeGround, at="battle.take_ground")
@handlers.check(Hold, at="battle.overrun")
def check_advance(rules: Memoir44, state: GameState, action: Hold | TakeGround) -> RuleError | None:
    """m44.take_ground.infantry: the attacker decides."""
    return _not_the_attacker(state, action.unit)


@handlers.check(TakeGround, at="battle.overrun")
def check_take_ground_again(rules: Memoir44, state: GameState, action: TakeGround) -> RuleError | None:
    """m44.overrun.take_ground_again: the armor took ground already; it may battle, not advance instead."""
    return _not_the_attacker(state, action.unit) or RuleError(
        "Armor takes ground before its overrun battle, not instead of it.", "m44.overrun.take_ground_again")


@handlers.effect(Hold, at="battle.take_ground")
@handlers.effect(Hold, at="battle.overrun")
def hold(rules: Memoir44, ctx: Context, action: Hold) -> None:
    """m44.take_ground.infantry: taking ground is optional; the battle is over."""
    end_battle(rules, ctx)


@handlers.effect(TakeGround)
def take_ground(rules: Memoir44, ctx: Context, action: TakeGround) -> None:
    """The attacker moves into the emptied hex; armor may then overrun (m44.overrun.armor.take_ground)."""
    s = ctx.state
    turn = s.rules_state.turn
    b = turn.battle
    u = s.units[b.attacker]
    frm, to = u.at, b.frm
    u.at = to
    clause = "m44.overrun.armor.take_ground" if u.kind == ARMOR else "m44.take_ground.infantry"
    if rules.facts(u).badge == "french_resistance":
        clause = "m44.nation.french_resistance.take_ground"
    extra = []
    if rules.board.terrain[to] == "hedgerow":
        extra.append("m44.terrain.hedgerow.take_ground")
    if rules.board.terrain[to] == "beach":
        extra.append("m44.terrain.beach.take_ground")
    if not ctx.quiet:
        ctx.emit(ev.TookGround(u.id, frm, to), f"{u.id} takes ground: {rules.where(frm)} to {rules.where(to)}.",
                 [clause, "m44.take_ground.close_assault_only", *extra], u.side)
    vacate(rules, ctx, frm)
    if u.kind == ARMOR and b.kind == "battle" and u.id not in turn.overrun:
        if [r for r in rules.field.rules_at(s, to) if r.no_battle_after_entry]:
            ctx.emit(ev.NoOverrun(), f"{u.id} stopped in {rules.board.titles.get(rules.board.terrain[to], '')}: "
                     "no overrun battle from there.", ["m44.overrun.terrain_no_battle"], u.side)
            end_battle(rules, ctx)
            return
        ctx.goto("battle.overrun")
        return
    end_battle(rules, ctx)


# ----------------------------------------------------------------------------------- battle.battle_back
@handlers.candidates("battle.battle_back")
def offer_battle_back(rules: Memoir44, state: GameState) -> Iterator[Hold | BattleBack]:
    """m44.nation.bcf.battle_back.trigger: the British unit may battle back, or not."""
    b = state.rules_state.turn.battle
    yield Hold(b.target)
    yield BattleBack(b.target)


@handlers.check(Hold, at="battle.battle_back")
def check_no_battle_back(rules: Memoir44, state: GameState, action: Hold) -> RuleError | None:
    """m44.nation.bcf.battle_back.trigger: only the unit just close assaulted decides."""
    return None if action.unit == state.rules_state.turn.battle.target else rules.not_a_choice(state)


@handlers.check(BattleBack)
def check_battle_back(rules: Memoir44, state: GameState, action: BattleBack) -> RuleError | None:
    """m44.nation.bcf.battle_back.trigger: only the unit just close assaulted."""
    if action.unit != state.rules_state.turn.battle.target:
        return RuleError("Only a British Commonwealth unit left with one figure by a close assault may "
                         "battle back.", "m44.nation.bcf.battle_back.trigger")
    return None


@handlers.effect(Hold, at="battle.battle_back")
def no_battle_back(rules: Memoir44, ctx: Context, action: Hold) -> None:
    """m44.nation.bcf.battle_back.trigger: battling back is optional."""
    ctx.emit(ev.NoBattleBack(), f"{action.unit} does not battle back.", ["m44.nation.bcf.battle_back.trigger"],
             ctx.state.units[action.unit].side)
    end_battle(rules, ctx)


@handlers.effect(BattleBack)
def battle_back(rules: Memoir44, ctx: Context, action: BattleBack) -> None:
    """m44.nation.bcf.battle_back.trigger, .no_terrain: one die at the attacker, no terrain."""
    s = ctx.state
    turn = s.rules_state.turn
    b = turn.battle
    turn.battle = BattleInProgress(b.target, b.attacker, 1, True, "battle_back", None)
    ctx.emit(ev.BattleBack(), f"{b.target} battles back at {b.attacker} with 1 die, ignoring terrain.",
             ["m44.nation.bcf.battle_back.trigger", "m44.nation.bcf.battle_back.no_terrain"],
             s.units[b.target].side)
    ctx.goto("battle.back_roll")
