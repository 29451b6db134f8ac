"""Battle: one ordered unit at a time picks an enemy in range and sight, rolls, and the faces are resolved
(m44.turn.battle.steps, m44.battle.*, m44.los.required, m44.dice.battle.faces, m44.resolve.*).

The dice come from ``combat.battle_dice`` (range, terrain, nations, a card's bonus); each unit battles
once (Artillery Bombard twice, m44.order.cards.data); a unit next to an enemy may only close assault it
(m44.battle.close_assault.forced); units that moved far or into stopping terrain may not battle
(m44.move.infantry.two_hex_no_battle, m44.terrain.*.no_battle). Infantry in wire may clear it instead
(m44.terrain.wire.infantry_remove). The same roll resolves an armor overrun (m44.overrun.*), an
Ambush, a British battle back and a card's strike: hits remove figures, then flags push the target back
(m44.resolve.flag.timing, ``retreat.py``); what comes after is in ``take_ground.py``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ...engine import Context, GameState, Roll, RuleError
from ...engine.actions import made
from ...engine.flow import Faces
from ...engine.state import Unit
from ...hexes import Hex, hex_distance
from ...words import possessive
from . import events as ev
from .actions import Battle, EndBattles, Hold, RemoveWire
from .combat import battle_dice, reach_error, resolve_faces
from .data import ARTILLERY, BATTLE_DIE, INFANTRY, RANGE_DICE
from .handlers import handlers
from .losses import lose
from .retreat import begin_retreat
from .state import BattleInProgress, living_by_id
from .tactics import attack_dice, can_ambush, effect
from .take_ground import after_resolution

if TYPE_CHECKING:
    from .rules import Memoir44


def battle_error(rules: Memoir44, state: GameState, u: Unit, t: Unit, overrun: bool = False) -> RuleError | None:
    """Why ``u`` may not battle ``t`` now (the turn's limits, the card, range, sight, dice)."""
    turn = state.rules_state.turn
    kind = effect(rules, state)
    if u.id not in turn.ordered:
        return RuleError(f"{u.id} was not ordered this turn: only ordered units battle.", "m44.order.only_ordered_act")
    if overrun:
        if u.id in turn.overrun:
            return RuleError(f"{u.id} has had its overrun battle this turn.", "m44.overrun.once_per_turn")
    elif u.id in turn.battled:
        twice = kind == "artillery_bombard" and u.kind == ARTILLERY and turn.battled.count(u.id) < 2
        if not twice:
            return RuleError(f"{u.id} has already battled this turn.", "m44.battle.unit.once_per_turn")
    moved = turn.moved.get(u.id)
    if rules.board.terrain[u.at] == "ocean":
        return RuleError("A unit in the ocean cannot battle.", "m44.terrain.ocean.no_battle")
    close = hex_distance(u.at, t.at) == 1
    banzai_only = False
    if moved is not None:
        if u.kind == ARTILLERY:
            return RuleError("Artillery either moves or battles, never both.", "m44.move.artillery.move_or_battle")
        facts = rules.facts(u)
        badge = facts.badge
        if kind == "behind_enemy_lines" and u.kind == INFANTRY:
            pass  # it may battle after a 3-hex move (the card)
        elif kind == "infantry_assault" and u.kind == INFANTRY:
            if moved.hexes >= 3:
                return RuleError(f"{u.id} moved 3 hexes under Infantry Assault: no battle after that.",
                                 "m44.order.cards.data")
        elif u.kind == INFANTRY and moved.hexes >= 2:
            if badge == "french_resistance":
                return RuleError("French Resistance that moved 2 hexes cannot battle.",
                                 "m44.sf.french_resistance.two_hex_no_battle")
            if badge != "special_forces":
                if facts.nation == "japan":
                    banzai_only = True  # m44.nation.japan.banzai.move_two
                else:
                    return RuleError(f"{u.id} moved 2 hexes: infantry that moves 2 cannot battle.",
                                     "m44.move.infantry.two_hex_no_battle")
        stopped = [r for r in moved.stop_rules if r.no_battle]
        if stopped and badge != "french_resistance":
            name = stopped[0].name
            return RuleError(f"{u.id} moved into {name} this turn and cannot battle.", f"m44.terrain.{name}.no_battle")
    if overrun:
        stopped_here = [r for r in rules.field.rules_at(state, u.at) if r.no_battle_after_entry]
        if stopped_here:
            return RuleError(f"{u.id} took ground into {stopped_here[0].title.lower()}: no overrun from there.",
                             "m44.overrun.terrain_no_battle")
    if kind == "close_assault" and not close and not overrun:
        return RuleError("Close Assault: the ordered units battle only adjacent enemies.", "m44.order.cards.data")
    if kind == "firefight" and close:
        return RuleError("Firefight: the ordered units only fire at range.", "m44.order.cards.data")
    err = reach_error(rules.field, state, u, t, close_only=banzai_only and not close)
    if err is not None:
        return err
    if battle_dice(rules.field, state, u, t).count <= 0:
        return RuleError(f"After terrain, {u.id} would roll no dice at {t.id}.", "m44.terrain.general.min_dice")
    return None


def wire_error(rules: Memoir44, state: GameState, u: Unit) -> RuleError | None:
    """Why ``u`` may not clear the wire it stands in (m44.terrain.wire.infantry_remove)."""
    turn = state.rules_state.turn
    if u.id not in turn.ordered:
        return RuleError(f"{u.id} was not ordered this turn.", "m44.order.only_ordered_act")
    if u.kind != INFANTRY or "wire" not in state.features.get(u.at, []):
        return RuleError("Only infantry standing in wire may remove it.", "m44.terrain.wire.infantry_remove")
    if u.id in turn.battled:
        return RuleError(f"{u.id} has already battled this turn.", "m44.battle.unit.once_per_turn")
    return None


def check_battle(rules: Memoir44, state: GameState, action: Battle, overrun: bool) -> RuleError | None:
    """The battle's units, the overrun's armor (m44.overrun.complete_before_next), then ``battle_error``."""
    side = state.active
    u, t = state.units.get(action.unit), state.units.get(action.target)
    if u is None or not u.alive or u.side != side:
        return RuleError(f"{action.unit} is not one of {possessive(side)} units.", "m44.order.only_ordered_act")
    if t is None or not t.alive or t.side == side:
        return RuleError(f"{action.target} is not an enemy unit on the map.", "m44.turn.battle.steps")
    if overrun and u.id != state.rules_state.turn.battle.attacker:
        return RuleError("Only the armor that took ground may make the overrun battle.",
                         "m44.overrun.complete_before_next")
    return battle_error(rules, state, u, t, overrun=overrun)


def begin_battle(rules: Memoir44, ctx: Context, u: Unit, t: Unit, overrun: bool) -> None:
    """Declare the battle and its dice; a close-assaulted unit holding Ambush may play it first."""
    s = ctx.state
    turn = s.rules_state.turn
    close = hex_distance(u.at, t.at) == 1
    dice = attack_dice(rules, s, u, t, overrun)
    if overrun:
        turn.overrun.append(u.id)
    else:
        turn.battled.append(u.id)
    turn.battle = BattleInProgress(u.id, t.id, dice.count, close, "overrun" if overrun else "battle", t.at)
    if not ctx.quiet:  # batch play keeps no log: no words to build
        how = "close assaults" if close else "fires at"
        ctx.emit(ev.BattleDeclared(dice.count), f"{u.id} {how} {t.id} in {rules.where(t.at)}: {dice.words()} dice.",
                 ["m44.battle.close_assault.definition" if close else "m44.battle.fire.definition", *dice.clauses]
                 + (["m44.overrun.armor.extra_battle"] if overrun else []), u.side)
    if close and not overrun and "ambush" in s.hands[t.side] and can_ambush(rules, s, t, u):
        ctx.goto("battle.ambush")
    else:
        ctx.goto("battle.roll")


# ----------------------------------------------------------------------------------- battle.choose
@handlers.candidates("battle.choose")
def offer_battles(rules: Memoir44, state: GameState) -> Iterator[EndBattles | RemoveWire | Battle]:
    """m44.turn.battle.steps: each ordered unit, at each enemy (and its wire), filtered by the checks. Left out, as
    their checks would refuse them (``combat.reach_error``): enemies beyond the unit's range, and, for a unit next to an
    enemy, every enemy that is not next to it (m44.battle.close_assault.forced)."""
    yield EndBattles()
    enemies: dict[str, list[Unit]] = {}  # each side's enemies, in the order of their ids
    for uid in state.rules_state.turn.ordered:
        u = state.units.get(uid)
        if u is None or not u.alive:
            continue
        yield made(RemoveWire, uid)
        targets = enemies.get(u.side)
        if targets is None:
            targets = enemies[u.side] = living_by_id(rules, state, state.other(u.side))
        if u.kind not in RANGE_DICE or not isinstance(u.at, Hex):
            for t in targets:
                yield made(Battle, uid, t.id)
            continue
        reach = len(RANGE_DICE[u.kind])
        q, r = u.at
        in_range: list[tuple[Unit, int | None]] = []
        for t in targets:
            at = t.at
            d = None
            if isinstance(at, Hex):
                dq, dr = q - at[0], r - at[1]
                d = (abs(dq) + abs(dr) + abs(dq + dr)) // 2  # hex_distance(u.at, at), without the call
                if d > reach:
                    continue
            in_range.append((t, d))
        close = any(d == 1 for _, d in in_range)
        for t, d in in_range:
            if not close or d is None or d <= 1:
                yield made(Battle, uid, t.id)


@handlers.check(Battle, at="battle.choose")
def check_choose(rules: Memoir44, state: GameState, action: Battle) -> RuleError | None:
    """m44.battle.unit.once_per_turn, m44.battle.close_assault.forced, m44.los.required and the rest."""
    return check_battle(rules, state, action, overrun=False)


@handlers.effect(Battle, at="battle.choose")
def battle(rules: Memoir44, ctx: Context, action: Battle) -> None:
    """m44.battle.unit.sequential: one battle declared, rolled and resolved before the next."""
    begin_battle(rules, ctx, ctx.state.units[action.unit], ctx.state.units[action.target], overrun=False)


@handlers.check(RemoveWire)
def check_wire(rules: Memoir44, state: GameState, action: RemoveWire) -> RuleError | None:
    """m44.terrain.wire.infantry_remove: ordered infantry in wire that has not battled."""
    u = state.units.get(action.unit)
    if u is None or not u.alive or u.side != state.active:
        return RuleError(f"{action.unit} is not one of {possessive(state.active)} units.", "m44.order.only_ordered_act")
    return wire_error(rules, state, u)


@handlers.effect(RemoveWire)
def remove_wire(rules: Memoir44, ctx: Context, action: RemoveWire) -> None:
    """m44.terrain.wire.infantry_remove: instead of battling."""
    s = ctx.state
    u = s.units[action.unit]
    s.features[u.at].remove("wire")
    s.rules_state.turn.battled.append(u.id)
    if not ctx.quiet:
        ctx.emit(ev.WireRemoved(u.id), f"{u.id} clears the wire in {rules.where(u.at)} instead of battling.",
                 ["m44.terrain.wire.infantry_remove"], s.active)


handlers.unchecked(EndBattles)  # m44.turn.battle.steps: an ordered unit need not battle


@handlers.effect(EndBattles)
def end_battles(rules: Memoir44, ctx: Context, action: EndBattles) -> None:
    """The battles are over: Behind Enemy Lines' infantry moves again, else the draw."""
    s = ctx.state
    t = s.rules_state.turn
    bel = [uid for uid in t.ordered if s.units[uid].alive and s.units[uid].kind == INFANTRY]
    if effect(rules, s) == "behind_enemy_lines" and bel and not t.again_done:
        ctx.goto("again.move")
    else:
        ctx.goto("draw.draw")


# ----------------------------------------------------------------------------------- battle.overrun
@handlers.candidates("battle.overrun")
def offer_overrun(rules: Memoir44, state: GameState) -> Iterator[Hold | Battle]:
    """m44.overrun.armor.extra_battle: the armor that took ground may battle once more, or hold."""
    u = state.units[state.rules_state.turn.battle.attacker]
    yield Hold(u.id)
    for t in living_by_id(rules, state, state.other(u.side)):
        yield Battle(u.id, t.id)


@handlers.check(Battle, at="battle.overrun")
def check_overrun(rules: Memoir44, state: GameState, action: Battle) -> RuleError | None:
    """m44.overrun.armor.extra_battle, m44.overrun.target, m44.overrun.once_per_turn."""
    return check_battle(rules, state, action, overrun=True)


@handlers.effect(Battle, at="battle.overrun")
def overrun(rules: Memoir44, ctx: Context, action: Battle) -> None:
    """m44.overrun.armor.extra_battle: the overrun battle, with no Ambush before it."""
    begin_battle(rules, ctx, ctx.state.units[action.unit], ctx.state.units[action.target], overrun=True)


# ----------------------------------------------------------------------------------- the dice
@handlers.roll("battle.roll", "battle.ambush_roll", "battle.back_roll")
def battle_roll(rules: Memoir44, state: GameState) -> Roll:
    """The battle's dice, rolled at the target (m44.dice.battle.faces)."""
    turn = state.rules_state.turn
    b = turn.battle
    who = b.attacker or rules.card(turn.card).name
    by = state.units[b.attacker].side if b.attacker else state.active  # the Ambush's and battle back's own side
    return Roll.of([(BATTLE_DIE, b.dice)], [f"{who} at {b.target}"], state.units[b.target].at, by)


@handlers.resolve("battle.roll", "battle.ambush_roll", "battle.back_roll")
def battle_result(rules: Memoir44, ctx: Context, faces: Faces) -> None:
    """Hits first, then flags (m44.resolve.hit.matching, m44.resolve.flag.timing); Air Power's stars hit
    (m44.resolve.symbol.star); an eliminated unit's flags do nothing."""
    s = ctx.state
    b = s.rules_state.turn.battle
    att, tgt = (s.units[b.attacker] if b.attacker else None), s.units[b.target]
    by = att.side if att is not None else s.active
    hits, flags = resolve_faces(faces[0], tgt.kind, stars_hit=b.kind == "air")
    ctx.emit(ev.BattleResult(hits, flags), f"{hits} hit(s) and {flags} flag(s) against {tgt.kind} {tgt.id}.",
             ["m44.resolve.hit.matching", "m44.resolve.hit.figure_removal"]
             + (["m44.resolve.symbol.star"] if b.kind == "air" else []), by)
    if hits:
        lose(rules, ctx, tgt, hits, by, ["m44.resolve.hit.figure_removal"])
    if not tgt.alive:
        if flags:
            ctx.emit(ev.FlagsLost(), "The unit is gone: its flags have no effect.", ["m44.resolve.excess_hits"])
        b.vacated = True
        after_resolution(rules, ctx)
        return
    if ctx.is_over():
        return
    if flags:
        begin_retreat(rules, ctx, tgt, flags, by, may_ignore=not b.card_strike,
                      attacker_at=att.at if att is not None else None)
    else:
        after_resolution(rules, ctx)
