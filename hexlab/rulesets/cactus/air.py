"""Air operations (the ``air`` phase), every hour after the ground combat (caf.combat.timing.every_hour_before_air):
each side in turn sends each bomber group flying this hour against a box in reach (the base game's raids,
caf.special.variant.base_rules_apply), at the ground units there or at the installation
(caf.air.bombing.choose_installation_or_troops): a target on its roster, or a box the enemy holds
(caf.special.new_targets.enemy_may_bomb_occupied), never a box its own troops hold
(caf.special.new_targets.no_bombing_own_occupied). The side holding the box fires AA first
(caf.air.aa.occupier_gains_flak, caf.air.aa.hit_number_default; with advanced FLAK the target's own,
caf.air.advanced_flak.*; the dice in :func:`board.aa_dice`): a hit drives the raid off. Then the bombing roll
(caf.air.bombing.standard_resolution, caf.air.bombing.defaults): a success costs the troops a step, never a
unit's last (caf.air.bombing.success_costs_one_step, caf.air.bombing.last_step_immune), or wrecks the
installation for its VP (caf.victory.new_target_bombing_vp).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ...dice import D6
from ...engine import Context, GameState, Roll, RuleError
from ...engine.actions import made
from ...engine.flow import Faces
from .actions import EndRaids, Raid, TakeLoss
from .board import BOTH, box_view
from .data import TARGET_VP
from .events import BombsHit, BombsMissed, LastStepHolds, RaidDrivenOff, RaidOrdered, TargetBombed
from .handlers import handlers
from .shared import lose_step, new_round, next_decider
from .state import Allocation, Bonus, Sortie

if TYPE_CHECKING:
    from .rules import Cactus

AIMS = ("troops", "installation")


def raid_candidates(rules: Cactus, state: GameState, side: str) -> Iterator[Raid]:
    """Each of ``side``'s bomber groups that flies this hour and has not raided yet (any other raid would be
    refused) to every box, at each aim."""
    raided = state.rules_state.raided
    for g in rules.ground.bombers_up(side, state.rules_state.hour):
        if g.id in raided:
            continue
        for box in rules.ground.boxes:
            for aim in AIMS:
                yield Raid(g.id, box, aim)


def _legal_raids(rules: Cactus, state: GameState, side: str) -> Iterator[tuple[str, str, str]]:
    """The raids of :func:`raid_candidates` that :func:`raid_error` accepts, as (group, box, aim), weighed before any
    :class:`Raid` is made (most candidates are refused)."""
    raided, ground = state.rules_state.raided, rules.ground
    bombed = state.rules_state.bombed[side]
    side_at = box_view(state).side_at
    other = ground.other(side)
    for g in ground.flying(side, state.rules_state.hour):
        if g.id in raided:
            continue
        if ground.bomber(g.id) is not g:  # a second group of an id: the check reads the first, so ask it as it does
            yield from ((g.id, box, aim) for box in ground.box_ids for aim in AIMS
                        if _may_raid(rules, state, side, g.id, box, aim))
            continue
        for box in ground.in_reach(g.id):
            # _may_raid for each aim in turn (in the order of AIMS), with what the aims share worked out once for the
            # box, from who stands where (found once while the state stands still)
            there = side_at.get(box)  # the one side there, BOTH, or None (nobody)
            if there == side:  # (Ground.holder)
                continue
            if there is not None:  # an enemy there (Ground.enemy_in)
                yield g.id, box, "troops"
            holder = None if there is BOTH else there
            if (ground.on_roster(side, box) or holder == other) and box not in bombed:
                yield g.id, box, "installation"


def can_raid(rules: Cactus, state: GameState, side: str) -> bool:
    """Whether ``side`` has a raid to fly: asked for each side every hour, and mostly no group of it flies then or
    every one has raided, which is found first."""
    mine = state.rules_state
    raided = mine.raided
    for g in rules.ground.flying(side, mine.hour):
        if g.id not in raided:
            return state.standing(_any_raid, rules, state, side)
    return False


def _any_raid(rules: Cactus, state: GameState, side: str) -> bool:
    """Whether :func:`_legal_raids` has a first raid (asked while the state stands still: see :func:`can_raid`)."""
    return next(_legal_raids(rules, state, side), None) is not None


def may_raid(rules: Cactus, state: GameState, side: str, action: Raid) -> bool:
    """For a raid :func:`raid_candidates` offers (a group of ``side`` that flies this hour and has not raided, to a
    box, at an aim): whether :func:`raid_error` accepts it, found without writing out the words of a refusal (the
    listing asks it of every box and aim, and most are refused)."""
    return _may_raid(rules, state, side, action.group, action.to, action.aim)


def _may_raid(rules: Cactus, state: GameState, side: str, group: str, to: str, aim: str) -> bool:
    ground = rules.ground
    g = ground.bomber(group)
    if g is None or not g.reaches(ground.anchor(to)):
        return False
    holder = ground.holder(state, to)
    if holder == side:
        return False
    if aim == "troops":
        return ground.enemy_in(state, to, side)
    return (ground.on_roster(side, to) or holder == ground.other(side)) and to not in state.rules_state.bombed[side]


def begin_raids(rules: Cactus, ctx: Context) -> None:
    """After the hour's last battle: the first side with a raid to fly decides."""
    new_round(rules, ctx)
    ctx.goto("air.raids")
    continue_raids(rules, ctx)


def continue_raids(rules: Cactus, ctx: Context) -> None:
    """The next side with a raid to fly decides (back at the raids step); when neither has, the clock."""
    if not next_decider(rules, ctx, can_raid):
        ctx.goto("air.clock")
    else:
        ctx.goto("air.raids")  # nothing when already there


def raid_error(rules: Cactus, state: GameState, side: str, action: Raid) -> RuleError | None:
    ground, where = rules.ground, rules.where
    mine = state.rules_state
    g = ground.bomber(action.group)
    hour = mine.hour
    if g is None or g.side != side:
        return RuleError(f"{action.group!r} is not one of {side}'s bomber groups.",
                         "caf.special.variant.base_rules_apply")
    if not g.flies(hour):
        return RuleError(f"{g.name} does not fly in hour {hour} (it flies in hours {list(g.hours)}).",
                         "caf.special.variant.base_rules_apply")
    if g.id in mine.raided:
        return RuleError(f"{g.name} has flown its raid this hour.", "caf.special.variant.base_rules_apply")
    if action.to not in rules.board.areas:
        return RuleError("Raids on ground troops and occupied locations go to the four boxes.",
                         "caf.movement.locations.four_boxes_only")
    if not g.reaches(ground.anchor(action.to)):
        return RuleError(f"{where(action.to)} is beyond the reach of {g.name} ({g.reach} boxes).",
                         "caf.special.variant.base_rules_apply")
    if action.aim not in AIMS:
        return RuleError("A raid aims at the ground units (troops) or at the installation.",
                         "caf.air.bombing.choose_installation_or_troops")
    holder = ground.holder(state, action.to)
    if holder == side:
        return RuleError(f"{side}'s own troops hold {where(action.to)}: it cannot be bombed by {side}.",
                         "caf.special.new_targets.no_bombing_own_occupied")
    if action.aim == "troops":
        if not ground.enemy_in(state, action.to, side):
            return RuleError(f"No enemy ground units are in {where(action.to)}.",
                             "caf.air.bombing.choose_installation_or_troops")
        return None
    if not (ground.on_roster(side, action.to) or holder == ground.other(side)):
        return RuleError(f"{where(action.to)} is not on {side}'s target roster and the enemy does not hold it.",
                         "caf.special.new_targets.enemy_may_bomb_occupied")
    if action.to in mine.bombed[side]:
        return RuleError(f"{side} has bombed {where(action.to)} successfully already: its VP are scored.",
                         "caf.victory.new_target_bombing_vp")
    return None


# ----------------------------------------------------------------------------------------------- ordering raids


@handlers.candidates("air.raids", checked=[Raid])
def offer_raids(rules: Cactus, state: GameState) -> Iterator[Raid | EndRaids]:
    """Stop ordering raids, or each raid :func:`raid_error` accepts (found by :func:`may_raid`: the listing calls no
    check)."""
    yield EndRaids()
    side = state.active
    yield from (made(Raid, group, box, aim) for group, box, aim in _legal_raids(rules, state, side))


handlers.unchecked(EndRaids)  # a side may always stop ordering raids this hour


@handlers.check(Raid)
def check_raid(rules: Cactus, state: GameState, action: Raid) -> RuleError | None:
    """caf.air.bombing.choose_installation_or_troops, caf.special.new_targets.*: a group flying this hour, in reach."""
    return raid_error(rules, state, state.active, action)


@handlers.effect(EndRaids)
def end_raids(rules: Cactus, ctx: Context, action: EndRaids) -> None:
    ctx.state.rules_state.round.passed()
    continue_raids(rules, ctx)


@handlers.effect(Raid)
def raid(rules: Cactus, ctx: Context, action: Raid) -> None:
    """caf.air.bombing.choose_installation_or_troops: the group flies; the AA it meets is counted now."""
    s = ctx.state
    side = s.active
    g = rules.ground.bomber(action.group)
    assert g is not None
    aa = rules.ground.raid_aa(s, side, action.to, action.aim)
    s.rules_state.raided.append(g.id)
    s.rules_state.raid = Sortie(g.id, side, action.to, action.aim, aa)
    if not ctx.quiet:  # (batch play keeps no log: no words to write)
        what = "the ground units" if action.aim == "troops" else "the installation"
        ctx.emit(RaidOrdered(g.id, action.to, action.aim), f"{g.name} raid {what} in {rules.where(action.to)} "
                 f"(AA: {aa} d6).", ["caf.air.bombing.choose_installation_or_troops",
                                     "caf.special.variant.base_rules_apply"], side)
    ctx.goto("air.bomb")


# ----------------------------------------------------------------------------------------------- AA and bombs


@handlers.roll("air.bomb")
def bomb_dice(rules: Cactus, state: GameState) -> Roll:
    """caf.air.aa.occupier_gains_flak, caf.air.advanced_flak.*: the AA dice (if any), then the bombing die."""
    r = state.rules_state.raid
    g = rules.ground.bomber(r.group)
    name = g.name if g else r.group
    if r.aa:
        return Roll.of([(D6, r.aa), (D6, 1)], [f"AA in {rules.where(r.box)}", f"{name} (bombing)"],
                       by=[state.other(state.active), state.active])  # the raided side fires the AA
    return Roll.of([(D6, 1)], [f"{name} (bombing)"], by=state.active)


@handlers.resolve("air.bomb")
def bomb_result(rules: Cactus, ctx: Context, faces: Faces) -> None:
    """caf.air.aa.hit_number_default, caf.air.bombing.standard_resolution: driven off, missed, the troops hit
    (caf.air.bombing.success_costs_one_step, caf.air.bombing.last_step_immune) or the target wrecked
    (caf.victory.new_target_bombing_vp)."""
    s = ctx.state
    mine = s.rules_state
    ground, where = rules.ground, rules.where
    r = mine.raid
    side = r.side
    box = r.box
    aa_faces = faces[0] if r.aa else ()
    bomb = faces[-1][0]
    aa_hits = sum(1 for f in aa_faces if f >= rules.options.aa_hit)
    quiet = ctx.quiet  # batch play keeps no log: the words and the clauses cited are not worked out
    if aa_hits:
        if not quiet:
            flak = ["caf.air.aa.hit_number_default", "caf.air.aa.occupier_gains_flak"]
            if rules.options.advanced_flak:
                flak += ["caf.air.advanced_flak.recommended",
                         "caf.air.advanced_flak.airstrips" if r.aim == "installation" and ground.airstrip(box)
                         else "caf.air.advanced_flak.ground_targets"]
            ctx.emit(RaidDrivenOff(box), f"AA in {where(box)} scores {aa_hits} hit(s): the raid is driven off.", flak,
                     ground.other(side))
    elif bomb < rules.options.bomb_hit:
        if not quiet:
            ctx.emit(BombsMissed(box), f"Bombing roll {bomb}: the raid on {where(box)} fails.",
                     ["caf.air.bombing.standard_resolution", "caf.air.bombing.defaults"], side)
    elif r.aim == "troops":
        enemy = ground.other(side)
        units = [u for u in ground.units_in(s, box, enemy) if u.strength > 1]
        if not quiet:
            ctx.emit(BombsHit(box), f"Bombing roll {bomb}: the troops in {where(box)} are hit.",
                     ["caf.air.bombing.standard_resolution", "caf.air.bombing.success_costs_one_step"], side)
        if not units:
            if not quiet:
                ctx.emit(LastStepHolds(box), "Every unit there is down to its last step, which bombing cannot take.",
                         ["caf.air.bombing.last_step_immune"], enemy)
        elif len(units) == 1:
            lose_step(rules, ctx, units[0], ["caf.air.bombing.success_costs_one_step", "caf.air.bombing.last_step_immune"],
                      "bombing")
        else:
            mine.allocation = Allocation(enemy, 1, tuple(u.id for u in units), "bombing",
                                         ("caf.air.bombing.success_costs_one_step", "caf.air.bombing.defaults"), box,
                                         "caf.air.bombing.defaults")
            ctx.goto("air.bomb_loss")
            return
    else:
        vp = TARGET_VP[ground.nation(side)]
        s.score[side] += vp
        mine.bombed[side].append(box)
        mine.bonus += (Bonus("bombing", box, side, vp),)
        if not quiet:
            ctx.emit(TargetBombed(box, vp), f"Bombing roll {bomb}: the installation in {where(box)} is hit: {vp} VP "
                     f"to {side}.", ["caf.victory.new_target_bombing_vp", "caf.air.bombing.standard_resolution"], side)
    mine.raid = None
    continue_raids(rules, ctx)


@handlers.effect(TakeLoss, at="air.bomb_loss")
def take_bombing_loss(rules: Cactus, ctx: Context, action: TakeLoss) -> None:
    """caf.air.bombing.defaults: the bombed side's pick loses the step; the raids go on."""
    mine = ctx.state.rules_state
    alloc = mine.allocation
    mine.allocation = None
    lose_step(rules, ctx, ctx.state.units[action.unit], alloc.clauses, alloc.why)
    mine.raid = None
    continue_raids(rules, ctx)
