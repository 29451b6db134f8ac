"""Ground combat (the ``combat`` phase), every hour before the air (caf.combat.timing.every_hour_before_air):
every box holding both sides (caf.combat.trigger.opposing_units_share_box) is fought over, one after another.
The side that moved in attacks, the side that was there defends, hour after hour
(caf.combat.attacker_defender_roles). A Japanese attacker may first declare Banzai attacks
(caf.combat.banzai.japanese_only, caf.combat.banzai.doubled_dice). Both sides roll at once
(caf.combat.both_sides_roll; the faces are read by :func:`combat.hour_result`), and the results are applied in
order (caf.combat.resolution_defaults): hits (caf.combat.hit_on_six, caf.combat.hit_costs_one_step), with the
owner picking the unit when several could take a step; then a defender's 5, which sends an overland attacker
back where it came from (caf.combat.defender_five_forces_retreat, caf.combat.retreat_overland_to_start;
caf.combat.blocked_retreat_default) and costs a seaborne one a step more
(caf.combat.seaborne_no_retreat_extra_step); then the Banzai steps (caf.combat.banzai.automatic_step_loss).
Last, who holds the box: it changes hands only when every enemy step there is gone and a friendly one is left
(caf.combat.occupation.requires_elimination_and_survivor, caf.combat.occupation.contested_otherwise).
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from typing import TYPE_CHECKING

from ...engine import Context, GameState, Roll, RuleError
from ...engine.flow import Faces
from ...engine.state import Unit
from . import facts
from .actions import Banzai, Fight, TakeLoss
from .air import begin_raids
from .combat import GROUND_D6, hour_result, rolled_dice
from .data import STACK_LIMIT
from .events import (
    BanzaiDeclared,
    Battles,
    GroundCombat,
    Held,
    NobodyHolds,
    NoRetreatFromTheSea,
    Occupied,
    RetreatBlocked,
    Retreated,
    StillContested,
)
from .handlers import handlers
from .shared import lose_step
from .state import Allocation, Battle, Task

if TYPE_CHECKING:
    from .rules import Cactus

HITS = ["caf.combat.hit_on_six", "caf.combat.hit_costs_one_step", "caf.combat.resolution_defaults"]


def attackers(rules: Cactus, state: GameState, box: str) -> list[Unit]:
    f = state.rules_state.fights.get(box)
    return rules.ground.units_in(state, box, f.attacker) if f else []


def defenders(rules: Cactus, state: GameState, box: str) -> list[Unit]:
    f = state.rules_state.fights.get(box)
    return rules.ground.units_in(state, box, f.defender) if f else []


def hour_dice(rules: Cactus, state: GameState, box: str, banzai: Collection[str]) -> tuple[int, int]:
    """(the attacker's dice, the defender's) in ``box``'s hour of combat: one die per point of the left numbers
    (caf.components.counters.left_number_is_dice), twice that for a unit in ``banzai`` (caf.combat.banzai.doubled_dice)."""
    att = sum(rolled_dice(rules.dice_of(u), u.id in banzai) for u in attackers(rules, state, box))
    return att, sum(rules.dice_of(u) for u in defenders(rules, state, box))


def approach(rules: Cactus, state: GameState, box: str) -> tuple[bool, bool]:
    """(seaborne, overland): whether any attacker in ``box`` came in from the sea, and whether any came overland (a
    defender's 5 treats them differently: caf.combat.seaborne_no_retreat_extra_step)."""
    att = attackers(rules, state, box)
    return any(facts.seaborne(state, u) for u in att), any(not facts.seaborne(state, u) for u in att)


# ----------------------------------------------------------------------------------------------- which boxes


@handlers.auto("combat.battles")
def find_battles(rules: Cactus, ctx: Context) -> None:
    """caf.combat.trigger.opposing_units_share_box: every contested box is fought over this hour."""
    s = ctx.state
    boxes = rules.ground.contested_boxes(s)
    s.rules_state.battles = list(boxes)
    if boxes and not ctx.quiet:
        ctx.emit(Battles(boxes), "Ground combat this hour in " + ", ".join(rules.where(b) for b in boxes) + ".",
                 ["caf.combat.trigger.opposing_units_share_box", "caf.combat.timing.every_hour_before_air"])
    next_battle(rules, ctx)


def next_battle(rules: Cactus, ctx: Context) -> None:
    """The next box still contested: to the Banzai step for a Japanese attacker, else to the dice; when none is
    left, the air operations (caf.combat.timing.every_hour_before_air)."""
    s = ctx.state
    mine = s.rules_state
    while mine.battles:
        box = mine.battles.pop(0)
        if not rules.ground.contested(s, box):
            continue
        f = mine.fights[box]
        mine.battle = Battle(box, f.attacker, f.defender)
        ctx.goto("combat.banzai" if f.attacker == rules.japanese else "combat.roll")
        return
    mine.battle = None
    begin_raids(rules, ctx)


# ----------------------------------------------------------------------------------------------- Banzai


@handlers.candidates("combat.banzai", checked=[Banzai])
def offer_banzai(rules: Cactus, state: GameState) -> Iterator[Fight | Banzai]:
    """Roll, or a Banzai by each attacking unit :func:`check_banzai` accepts (a Japanese one that has not declared
    its Banzai yet): the listing calls no check."""
    yield Fight()
    b = state.rules_state.battle
    japanese, declared = rules.japanese, b.banzai
    yield from (Banzai(u.id) for u in attackers(rules, state, b.box) if u.side == japanese and u.id not in declared)


handlers.unchecked(Fight)  # the attacker may always roll without (more) Banzai attacks (caf.combat.both_sides_roll)


@handlers.check(Banzai)
def check_banzai(rules: Cactus, state: GameState, action: Banzai) -> RuleError | None:
    """caf.combat.banzai.japanese_only: a Japanese attacking unit, once an hour (caf.combat.banzai.doubled_dice)."""
    b = state.rules_state.battle
    u = state.units.get(action.unit)
    if u is None or u.side != rules.japanese:
        return RuleError("Only the Japanese make Banzai attacks.", "caf.combat.banzai.japanese_only")
    if u.id not in [x.id for x in attackers(rules, state, b.box)]:
        return RuleError(f"{u.id} is not attacking in {rules.where(b.box)}: only an attacking unit makes a Banzai "
                         "attack.", "caf.combat.banzai.japanese_only")
    if u.id in b.banzai:
        return RuleError(f"{u.id} has declared its Banzai attack already (its dice are doubled once).",
                         "caf.combat.banzai.doubled_dice")
    return None


@handlers.effect(Fight)
def fight(rules: Cactus, ctx: Context, action: Fight) -> None:
    ctx.goto("combat.roll")


@handlers.effect(Banzai)
def banzai(rules: Cactus, ctx: Context, action: Banzai) -> None:
    """caf.combat.banzai.doubled_dice: the unit's dice are doubled this hour; when every attacker has declared, roll."""
    s = ctx.state
    b = s.rules_state.battle
    b.banzai.append(action.unit)
    u = s.units[action.unit]
    if not ctx.quiet:
        ctx.emit(BanzaiDeclared(u.id), f"{u.id} makes a Banzai attack: {rolled_dice(rules.dice_of(u), True)} dice "
                 f"instead of {rules.dice_of(u)}, and a step lost after the combat.",
                 ["caf.combat.banzai.japanese_only", "caf.combat.banzai.doubled_dice"], u.side)
    if all(x.id in b.banzai for x in attackers(rules, s, b.box)):
        ctx.goto("combat.roll")


# ----------------------------------------------------------------------------------------------- the dice


@handlers.roll("combat.roll")
def combat_dice(rules: Cactus, state: GameState) -> Roll:
    """caf.combat.both_sides_roll: one die per point of the left numbers (caf.components.counters.left_number_is_dice),
    doubled for a Banzai unit."""
    b = state.rules_state.battle
    att, dfn = hour_dice(rules, state, b.box, b.banzai)
    banzai = ", Banzai" if b.banzai else ""
    return Roll.of([(GROUND_D6, att), (GROUND_D6, dfn)],
                   [f"{b.attacker} (attacking{banzai})", f"{b.defender} (defending)"], b.box, [b.attacker, b.defender])


@handlers.resolve("combat.roll")
def combat_result(rules: Cactus, ctx: Context, faces: Faces) -> None:
    """caf.combat.hit_on_six, caf.combat.defender_five_forces_retreat: the hour's result, applied in order
    (caf.combat.resolution_defaults)."""
    s = ctx.state
    b = s.rules_state.battle
    box = b.box
    seaborne, overland = approach(rules, s, box)
    res = hour_result(faces[0], faces[1], banzai=len(b.banzai), seaborne=seaborne, overland=overland)
    five = ", and at least one 5" if res.defender_five else ""
    ctx.emit(GroundCombat(box, res.attacker_steps_lost, res.defender_steps_lost, res.attacker_retreats,
                          res.defender_five),
             f"In {rules.where(box)}: {b.attacker} score {res.defender_steps_lost} hit(s) with 6s; {b.defender} score "
             f"{res.attacker_hits} hit(s){five}.",
             ["caf.combat.both_sides_roll", "caf.combat.hit_on_six", "caf.combat.hit_costs_one_step"])
    why = "a 6 rolled against it"
    results = b.queue  # both sides' results are recorded first, then applied together (engine.simultaneous)
    results.record(Task("loss", b.defender, res.defender_steps_lost, None, why, list(HITS)))
    results.record(Task("loss", b.attacker, res.attacker_hits, None, why, list(HITS)))
    if res.defender_five:
        results.record(Task("five"))
    if b.banzai:
        results.record(Task("banzai"))
    results.record(Task("settle"))
    run_queue(rules, ctx)


# ----------------------------------------------------------------------------------------------- the results


def run_queue(rules: Cactus, ctx: Context) -> None:
    """Apply the hour's results in order, stopping when an owner must pick the unit that takes a step."""
    s = ctx.state
    b = s.rules_state.battle
    while b.queue:
        task = b.queue.next
        if task.kind == "loss":
            if take_losses(rules, ctx, task):
                return
            b.queue.done()
            continue
        b.queue.done()
        if task.kind == "five":
            five(rules, ctx)
        elif task.kind == "banzai":
            for uid in b.banzai:
                u = s.units[uid]
                if u.alive:
                    lose_step(rules, ctx, u, ["caf.combat.banzai.automatic_step_loss", "caf.combat.resolution_defaults"],
                              "the Banzai attack's step")
        else:
            settle(rules, ctx)
            if not ctx.is_over():  # Japanese troops alone in Guadalcanal: sudden death, no more battles
                next_battle(rules, ctx)
            return


def take_losses(rules: Cactus, ctx: Context, task: Task) -> bool:
    """Take a loss task's steps; ``True`` when the owner must choose (the game waits at the losses step)."""
    s = ctx.state
    box = s.rules_state.battle.box
    while task.n > 0:
        units = [u for u in rules.ground.units_in(s, box, task.side) if task.only is None or u.id in task.only]
        if not units:
            task.n = 0
            break
        if len(units) == 1 or task.n >= sum(u.strength for u in units):
            task.n -= 1
            lose_step(rules, ctx, units[0], task.clauses, task.why)
            continue
        s.rules_state.allocation = Allocation(task.side, task.n, tuple(u.id for u in units), task.why,
                                              tuple(task.clauses), box, "caf.combat.resolution_defaults")
        ctx.goto("combat.losses")
        return True
    return False


@handlers.effect(TakeLoss, at="combat.losses")
def take_combat_loss(rules: Cactus, ctx: Context, action: TakeLoss) -> None:
    """caf.combat.resolution_defaults: the owner's pick takes the step; the hour's results go on."""
    s = ctx.state
    mine = s.rules_state
    alloc = mine.allocation
    mine.allocation = None
    mine.battle.queue.next.n -= 1
    lose_step(rules, ctx, s.units[action.unit], alloc.clauses, alloc.why)
    run_queue(rules, ctx)


def five(rules: Cactus, ctx: Context) -> None:
    """caf.combat.defender_five_forces_retreat: overland attackers go back where they came from
    (caf.combat.retreat_overland_to_start) or, blocked, lose a step (caf.combat.blocked_retreat_default); seaborne
    ones lose one step more (caf.combat.seaborne_no_retreat_extra_step)."""
    s = ctx.state
    mine = s.rules_state
    b = mine.battle
    box = b.box
    ground, where = rules.ground, rules.where
    att = ground.units_in(s, box, b.attacker)
    overland = [u for u in att if not facts.seaborne(s, u)]
    seaborne = [u for u in att if facts.seaborne(s, u)]
    for u in overland:
        dest = facts.came_from(s, u)
        blocked = None
        if dest is None or dest not in rules.board.areas:
            blocked = "it has no box to go back to"
        elif ground.enemy_in(s, dest, u.side):
            blocked = f"the enemy is in {where(dest)}"
        elif ground.steps(s, dest, u.side) + u.strength > STACK_LIMIT:
            blocked = f"{where(dest)} would hold more than {STACK_LIMIT} {u.side} steps"
        if blocked:
            if not ctx.quiet:
                ctx.emit(RetreatBlocked(u.id), f"{u.id} cannot retreat ({blocked}): it stays and loses a step instead.",
                         ["caf.combat.blocked_retreat_default", "caf.combat.defender_five_forces_retreat"], u.side)
            lose_step(rules, ctx, u, ["caf.combat.blocked_retreat_default"], "a blocked retreat")
            continue
        u.at = dest
        facts.settle(s, u)
        mine.pinned.pop(u.id, None)
        if not ctx.quiet:
            ctx.emit(Retreated(u.id, box, dest), f"The defender's 5 sends {u.id} back to {where(dest)}, where it came "
                     "from.", ["caf.combat.defender_five_forces_retreat", "caf.combat.retreat_overland_to_start"], u.side)
    if seaborne:
        if not ctx.quiet:
            ctx.emit(NoRetreatFromTheSea(), "Troops that came by sea do not retreat: they lose one step more.",
                     ["caf.combat.seaborne_no_retreat_extra_step", "caf.combat.defender_five_forces_retreat"],
                     b.attacker)
        b.queue.first(Task("loss", b.attacker, 1, [u.id for u in seaborne], "no retreat from the sea",
                               ["caf.combat.seaborne_no_retreat_extra_step"]))


def settle(rules: Cactus, ctx: Context) -> None:
    """caf.combat.occupation.requires_elimination_and_survivor: the box changes hands only when one side is gone
    and the other is left; else it stays contested (caf.combat.occupation.contested_otherwise)."""
    s = ctx.state
    mine = s.rules_state
    b = mine.battle
    box = b.box
    where = rules.where
    att = rules.ground.units_in(s, box, b.attacker)
    dfn = rules.ground.units_in(s, box, b.defender)
    if att and dfn:
        if not ctx.quiet:
            ctx.emit(StillContested(box), f"Both sides still have steps in {where(box)}: the fight goes on next hour.",
                     ["caf.combat.occupation.contested_otherwise"])
        return
    mine.fights.pop(box, None)
    for u in att + dfn:
        facts.settle(s, u)
        mine.pinned.pop(u.id, None)
    if ctx.quiet:  # (batch play keeps no log: no words to write)
        return
    if att:
        ctx.emit(Occupied(box), f"Every {b.defender} step in {where(box)} is gone and {b.attacker} steps remain: "
                 f"{b.attacker} occupy it (and gain AA fire there).",
                 ["caf.combat.occupation.requires_elimination_and_survivor", "caf.air.aa.occupier_gains_flak"],
                 b.attacker)
    elif dfn:
        ctx.emit(Held(box), f"No {b.attacker} steps are left in {where(box)}: {b.defender} hold it.",
                 ["caf.combat.occupation.requires_elimination_and_survivor"], b.defender)
    else:
        ctx.emit(NobodyHolds(box), f"Neither side has a step left in {where(box)}: nobody occupies it.",
                 ["caf.combat.occupation.requires_elimination_and_survivor"])
