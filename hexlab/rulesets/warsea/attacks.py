"""The attack phases: Air Defense (ships' anti-air at aircraft over them), Air Attack (aircraft at ships and troops in
their sector), Surface Attack (ships' gunnery at ships and troops up to 3 sectors away). In each, both sides declare
their attacks, the initiative winner first; then every attack is rolled and the damage is taken together, so a unit
sunk in the phase still made its attack (was.base.simultaneous_phase_default). A carrier sunk with troops aboard loses
them, unless a Rescue Operations roll saves one (was.naval.carrier_sunk_troops_lost, was.naval.rescue.*)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...dice import D6
from ...engine import Action, Context, GameState, Roll, RuleError, Unit
from ...engine.actions import made
from ...engine.flow import Faces
from ...engine.simultaneous import Together
from ...engine.state import Aboard
from . import board, combat, flow
from .actions import Attack, EndAttacks
from .events import (
    Aborted,
    AttackDeclared,
    AttackResult,
    Damaged,
    Destroyed,
    Rescued,
    Respawned,
    ShipSunk,
    TroopsLost,
)
from .handlers import handlers
from .sea import deciding, listed, new_troop, own
from .state import Declared, Rescue, Sinking

if TYPE_CHECKING:
    from .rules import Warsea

WEAPONS = {"airdef": ("anti_air",), "airatk": ("bombs", "gunnery"), "surface": ("gunnery",)}
"""The weapons each phase offers (torpedoes are never offered: was.base.attack_on_ships_default)."""
WEAPON_WORDS = {"anti_air": "anti-air", "bombs": "bombs", "gunnery": "gunnery", "torpedo": "torpedoes"}
END_ATTACKS = EndAttacks()
"""The pass, made once: a listing offers the same one every time (an action is a frozen value)."""


def _target(rules: Warsea, state: GameState, action: Attack, side: str) -> tuple[Unit | None, RuleError | None]:
    t = state.units.get(action.target)
    if t is None or not t.alive or t.side == side:
        return None, RuleError("Choose an enemy unit to attack.", "was.base.simultaneous_phase_default")
    if action.target in rules.mine(state).aborted:
        return None, RuleError(f"{t.id} was aborted this turn: later attacks ignore it.",
                               "was.base.attack_on_ships_default")
    if isinstance(t.at, Aboard):
        return None, RuleError(f"{t.id} is aboard {t.at.carrier}: troops are attacked only on an island (attack the "
                               "ship).", "was.naval.gunfire_vs_troops.surface_attack_phase")
    return t, None


def why_not_attack(rules: Warsea, state: GameState, action: Attack, side: str, phase: str | None = None
                   ) -> RuleError | None:
    """Why ``side`` may not make this attack in ``phase`` (by default the current one)."""
    phase = phase or state.phase_id
    u, error = own(state, action.unit, side, "units", "was.base.simultaneous_phase_default")
    if u is None:
        return error
    mine = rules.mine(state)
    if any(d.unit == u.id for d in mine.declared):
        return RuleError(f"{u.id} has declared its attack this phase.", "was.base.gunnery_range_default"
                         if phase == "surface" else "was.base.air_missions_default")
    t, error = _target(rules, state, action, side)
    if t is None:
        return error
    check = {"airdef": _air_defense, "airatk": _air_attack, "surface": _surface}[phase]
    return check(rules, state, action, u, t)


def _air_defense(rules: Warsea, state: GameState, action: Attack, u: Unit, t: Unit) -> RuleError | None:
    if not (board.is_ship(u) and board.on_map(u)):
        return RuleError("In Air Defense only ships fire, at enemy aircraft over them.", "was.base.air_missions_default")
    if not board.is_aircraft(t) or t.at != u.at:
        return RuleError(f"{u.id}'s anti-air fire reaches only enemy aircraft in its own sector.",
                         "was.base.air_missions_default")
    if action.weapon != "anti_air" or board.card(rules, state, u).anti_air == 0:  # type: ignore[union-attr]
        return RuleError(f"In Air Defense a ship fires its anti-air dice ({u.id} has "
                         f"{board.card(rules, state, u).anti_air}).", "was.base.air_missions_default")  # type: ignore[union-attr]
    return None


def _air_attack(rules: Warsea, state: GameState, action: Attack, u: Unit, t: Unit) -> RuleError | None:
    if not (board.is_aircraft(u) and board.on_map(u)):
        return RuleError("In Air Attack only aircraft on a mission attack.", "was.air.aircraft_vs_troops.air_attack_phase")
    if u.id in rules.mine(state).aborted:
        return RuleError(f"{u.id} was aborted: it makes no attack this turn.", "was.base.attack_on_ships_default")
    if board.is_aircraft(t):
        return RuleError("Aircraft attack ships and troops; air-to-air combat is not modelled.",
                         "was.base.air_missions_default")
    if t.at != u.at:
        return RuleError(f"{u.id} attacks only in its own sector, {rules.where(u.at)}.", "was.base.air_missions_default")
    if board.is_troop(t) and action.weapon not in ("bombs", "gunnery"):
        return RuleError("Aircraft attack troops only with bombs or gunnery.",
                         "was.air.aircraft_vs_troops.bomb_or_gunnery_only")
    if action.weapon not in ("bombs", "gunnery"):
        return RuleError(f"{WEAPON_WORDS.get(action.weapon, action.weapon).capitalize()}: only bomb and gunnery attacks "
                         "are modelled here.", "was.base.attack_on_ships_default")
    return _dice_check(rules, state, action, u, t)


def _surface(rules: Warsea, state: GameState, action: Attack, u: Unit, t: Unit) -> RuleError | None:
    if not (board.is_ship(u) and board.on_map(u)):
        return RuleError("In Surface Attack only ships fire.", "was.naval.gunfire_vs_troops.surface_attack_phase")
    if u.id in rules.mine(state).unloaded:
        return RuleError(f"{u.id} put troops ashore this turn: it makes only anti-air attacks.",
                         "was.naval.unload.only_anti_air_after")
    if board.is_aircraft(t):
        return RuleError("Ships fire at aircraft only in Air Defense.", "was.base.air_missions_default")
    if board.is_troop(t) and action.weapon != "gunnery":
        return RuleError("Ships attack troops only with gunnery.", "was.naval.gunfire_vs_troops.gunnery_only")
    if action.weapon != "gunnery":
        return RuleError(f"{WEAPON_WORDS.get(action.weapon, action.weapon).capitalize()}: only gunnery attacks are "
                         "modelled in the Surface Attack phase.", "was.base.attack_on_ships_default")
    return _dice_check(rules, state, action, u, t)


def _dice_check(rules: Warsea, state: GameState, action: Attack, u: Unit, t: Unit) -> RuleError | None:
    n, _ = dice_for(rules, state, u, t, action.weapon)
    if n > 0:
        return None
    d = board.distance(str(u.at), str(t.at))
    if board.is_ship(u) and d > combat.GUNNERY_RANGE:
        return RuleError(f"{t.id} is {d} sectors away: gunnery reaches 3.", "was.base.gunnery_range_default")
    away = f"at {d} sector{'s' if d != 1 else ''} (its card gives none at that range)" if board.is_ship(u) else ""
    return RuleError(f"{u.id} has no {WEAPON_WORDS.get(action.weapon, action.weapon)} dice against {t.id} "
                     f"{away}".rstrip() + ".",
                     "was.base.gunnery_range_default" if board.is_ship(u) else "was.base.air_missions_default")


def dice_for(rules: Warsea, state: GameState, u: Unit, t: Unit, weapon: str) -> tuple[int, list[str]]:
    """The dice ``u`` rolls at ``t`` with ``weapon`` (:func:`combat.attack_dice`)."""
    c = board.card(rules, state, u)
    if c is None or not isinstance(u.at, str) or not isinstance(t.at, str):
        return 0, []
    return combat.attack_dice(c, weapon, board.distance(u.at, t.at), board.is_troop(t))


def _attacks(rules: Warsea, state: GameState, side: str, phase: str) -> list[Action]:
    return _each_attack(rules, state, side, phase)


def _each_attack(rules: Warsea, state: GameState, side: str, phase: str, first: bool = False) -> list[Action]:
    """The attacks :func:`why_not_attack` accepts in ``phase``, weighed without writing out the words of a refusal:
    each of ``side``'s units that may fire in the phase at all (of the phase's kind, :data:`_FIRES`, and not
    :func:`_barred`; on the map and not yet declared), in the order of the units, at each enemy it may reach, in the
    order of the units, with each of the phase's weapons it has dice for (:func:`_group`). One pass over the units
    finds both the units that may fire and the living enemies in a sector the phase fires at (aircraft in Air
    Defense, ships and troops otherwise; none aborted, as an aborted unit is ignored by later attacks); with none of
    either nothing is weighed, and a unit with no enemy in reach (in its own sector; within gunnery range in Surface
    Attack) is passed over at once. ``first``: only the first attack found (enough to know whether there is any)."""
    mine = state.rules_state
    kind, barred, aborted, aircraft = _FIRES[phase], _barred(mine, phase), mine.aborted, phase == "airdef"
    firers: list[Unit] = []
    enemies: list[Unit] = []
    for u in state.units.values():
        if u.strength <= 0 or not isinstance(u.at, str):
            continue  # gone, aboard or at an airfield: it neither fires nor is fired at
        if u.side == side:
            if u.kind == kind and u.id not in barred:
                firers.append(u)
        elif (u.kind == "aircraft") == aircraft and u.id not in aborted:
            enemies.append(u)
    out: list[Action] = []
    if not firers or not enemies:
        return out
    declared = {d.unit for d in mine.declared}
    places = {t.at for t in enemies}
    for u in firers:
        if u.id in declared:
            continue
        if phase == "surface":
            if board.within(rules, u.at, combat.GUNNERY_RANGE).keys().isdisjoint(places):  # type: ignore[arg-type]
                continue  # no enemy within gunnery range
        elif u.at not in places:
            continue  # no enemy in its own sector
        out += _group(rules, state, phase, u, enemies, first)
        if first and out:
            break
    return out


def _group(rules: Warsea, state: GameState, phase: str, u: Unit, enemies: list[Unit], first: bool = False
           ) -> list[Action]:
    """The attacks of one unit that may fire (:func:`_each_attack`) at ``enemies`` (of the kind the phase fires at):
    what is left of the phase's check once the unit may fire and the target is of the right kind. In Air Defense:
    the aircraft over it, if the ship has anti-air dice. In Air Attack: the ships and troops in its own sector; in
    Surface Attack those within gunnery range (beyond it a ship has no gunnery dice: was.base.gunnery_range_default);
    in both, with each of the phase's weapons it has dice for there (``combat.attack_dice``, as :func:`dice_for` and
    :func:`_dice_check`: its card read once, and the dice asked once for each distance and kind of target, which is
    all they depend on for one unit). ``first``: stop at the first attack found."""
    weapons, at = WEAPONS[phase], u.at
    if phase == "airdef":
        targets = [t for t in enemies if t.at == at]
        if not targets or board.card(rules, state, u).anti_air == 0:  # type: ignore[union-attr]
            return []
        return [made(Attack, u.id, t.id, w) for t in targets for w in weapons]
    c = board.card(rules, state, u)
    if c is None:
        return []  # no dice at all (dice_for)
    group: list[Action] = []
    armed: dict[tuple[int, bool], tuple[str, ...]] = {}  # (distance, at troops) -> the weapons with dice there
    near = board.within(rules, at, 0 if phase == "airatk" else combat.GUNNERY_RANGE)  # type: ignore[arg-type]
    for t in enemies:
        d = near.get(t.at)  # type: ignore[arg-type]
        if d is None:
            continue  # not in its own sector (Air Attack); beyond gunnery range, where no weapon has dice (Surface)
        key = (d, t.kind == "troop")
        found = armed.get(key)
        if found is None:
            found = armed[key] = tuple(w for w in weapons if combat.attack_dice(c, w, d, key[1])[0] > 0)
        if found:
            group += [made(Attack, u.id, t.id, w) for w in found]
            if first:
                break
    return group


_FIRES = {"airdef": "ship", "airatk": "aircraft", "surface": "ship"}
"""The kind of unit that attacks in each phase (the first test of the phase's check)."""


def _barred(mine: Any, phase: str) -> list[str] | tuple[()]:
    """The units of that kind that may not attack in ``phase`` all the same: the aborted aircraft in Air Attack, the
    ships that put troops ashore this turn in Surface Attack (was.naval.unload.only_anti_air_after)."""
    return mine.aborted if phase == "airatk" else mine.unloaded if phase == "surface" else ()


def attacks(rules: Warsea, state: GameState, side: str, phase: str | None = None) -> list[Action]:
    """The attacks ``side`` may declare in ``phase`` (by default the current one)."""
    phase = phase or state.phase_id
    return state.cached(("attacks", side, phase), lambda: _attacks(rules, state, side, phase))


def _work_in(phase: str) -> Callable[[Warsea, GameState, str], list[Action]]:
    return lambda rules, state, side: attacks(rules, state, side, phase)


def _any_in(phase: str) -> Callable[[Warsea, GameState, str], bool]:
    return lambda rules, state, side: bool(_each_attack(rules, state, side, phase, True))  # stops at the first found


for _phase in ("airdef", "airatk", "surface"):
    flow.WORK[f"{_phase}.declare"] = _work_in(_phase)
    flow.STEPS.any_work[f"{_phase}.declare"] = _any_in(_phase)


@handlers.candidates("airdef.declare", "airatk.declare", "surface.declare", checked=[Attack])  # as check_attack
def offer_attacks(rules: Warsea, state: GameState) -> list[Action]:
    return [*attacks(rules, state, deciding(rules, state)), END_ATTACKS]


@handlers.check(Attack)
def check_attack(rules: Warsea, state: GameState, action: Attack) -> RuleError | None:
    side = deciding(rules, state)
    if listed(state, ("attacks", side, state.phase_id), action):
        return None
    return why_not_attack(rules, state, action, side)


@handlers.effect(Attack)
def declare(rules: Warsea, ctx: Context, action: Attack) -> None:
    s = ctx.state
    u, t = s.units[action.unit], s.units[action.target]
    n, clauses = dice_for(rules, s, u, t, action.weapon)
    rules.mine(s).declared.append(Declared(u.id, t.id, action.weapon, n, u.side))
    if not ctx.quiet:  # batch play keeps no log: no words to write
        ctx.emit(AttackDeclared(u.id, t.id, action.weapon, n),
                 f"{u.id} will attack {t.id} in {rules.where(t.at)} with {WEAPON_WORDS[action.weapon]}: {n} dice.",
                 ["was.base.simultaneous_phase_default", *clauses], u.side)
    flow.acted(rules, ctx)


handlers.unchecked(EndAttacks)  # every attack may be given up


@handlers.effect(EndAttacks)
def end_attacks(rules: Warsea, ctx: Context, action: EndAttacks) -> None:
    flow.passed(rules, ctx, "no more attacks this phase.", ["was.base.simultaneous_phase_default"])


# ------------------------------------------------------------------------------------------------ the dice


def _has_declared(rules: Warsea, state: GameState) -> bool:
    return bool(rules.mine(state).declared)


for _key in ("airdef.fire", "airatk.fire", "surface.fire"):
    flow.NEEDED[_key] = _has_declared


@handlers.roll("airdef.fire", "airatk.fire", "surface.fire")
def attack_dice(rules: Warsea, state: GameState) -> Roll:
    declared = rules.mine(state).declared
    places = {state.units[d.target].at for d in declared}
    return Roll.of([(D6, d.dice) for d in declared],
                   [f"{d.unit} at {d.target} ({WEAPON_WORDS[d.weapon]})" for d in declared],
                   at=next(iter(places)) if len(places) == 1 else None, by=[d.side for d in declared])


@handlers.resolve("airdef.fire", "airatk.fire", "surface.fire")
def attack_results(rules: Warsea, ctx: Context, faces: Faces) -> None:
    s, mine = ctx.state, rules.mine(ctx.state)
    hits: Together[tuple[Declared, tuple[int, ...]]] = Together()
    for d, rolled in zip(mine.declared, faces, strict=True):
        hits.record((d, tuple(rolled)))  # every attack is rolled before any damage is taken
    mine.declared = []
    sunk: list[tuple[Unit, list[str]]] = []
    for d, rolled in hits.take():
        t = s.units[d.target]
        if not t.alive:
            if not ctx.quiet:  # batch play keeps no log: no words to write
                ctx.emit(AttackResult(d.unit, t.id, combat.successes(rolled), "no effect"),
                         f"{d.unit}'s attack on {t.id}: {combat.successes(rolled)} successes, but {t.id} is gone "
                         "already.", ["was.base.simultaneous_phase_default"], d.side)
            continue
        result = combat.attack(rolled, board.target_of(rules, s, t))
        if not ctx.quiet:
            _said(ctx, d, t, result)
        _apply(rules, ctx, t, result.effect, d.side, sunk)
    _after_sinkings(rules, ctx, sunk)
    flow.proceed(rules, ctx)


def _said(ctx: Context, d: Declared, t: Unit, result: combat.Result) -> None:
    """The log's words for one attack's result (before its damage is taken), with the clauses that decided it."""
    clauses = ["was.combat.base_attack_dice_default", "was.base.attack_on_ships_default"]
    if board.is_troop(t):
        clauses = ["was.combat.base_attack_dice_default", "was.combat.base_armour_damage_default",
                   "was.components.troop.armour_5", "was.components.troop.hull_points_2"]
        if t.strength > 1 and result.successes >= combat.TROOP.armour:
            clauses.append("was.combat.troop.hard_to_kill")
    ctx.emit(AttackResult(d.unit, t.id, result.successes, result.effect),
             f"{d.unit} at {t.id}: {result.successes} success{'es' if result.successes != 1 else ''}, "
             f"{result.effect}.", clauses, d.side)


def _apply(rules: Warsea, ctx: Context, t: Unit, effect: str, by: str, sunk: list[tuple[Unit, list[str]]]) -> None:
    s, mine = ctx.state, rules.mine(ctx.state)
    if effect == "damaged":
        t.strength -= 1
        ctx.emit(Damaged(t.id, t.strength), f"{t.id} is damaged: {t.strength} hull point{'s' if t.strength != 1 else ''}"
                 " left.", ["was.base.attack_on_ships_default"], t.side)
    elif effect == "aborted":
        if t.id not in mine.aborted:
            mine.aborted.append(t.id)
            ctx.emit(Aborted(t.id), f"{t.id} is aborted: no attack this turn.", ["was.base.attack_on_ships_default"],
                     t.side)
    elif effect in ("sunk", "destroyed"):
        t.strength = 0
        if board.is_ship(t):
            sunk.append((t, [u.id for u in board.troops_aboard(s, t.id)]))
            c = board.card(rules, s, t)
            mine.sinkings.append(Sinking(t.id, by, c.points if c else 0))
            ctx.emit(ShipSunk(t.id, by, c.points if c else 0), f"{t.id} is sunk ({c.points if c else 0} points to "
                     f"{by}).", ["was.base.attack_on_ships_default", "was.victory.check.point_total"], t.side)
        else:
            if t.id in mine.aborted:
                mine.aborted.remove(t.id)
            ctx.emit(Destroyed(t.id), f"{t.id} is destroyed.", ["was.base.attack_on_ships_default"], t.side)


def _after_sinkings(rules: Warsea, ctx: Context, sunk: list[tuple[Unit, list[str]]]) -> None:
    """Troops go down with their carrier; a friendly Rescue Operations ship still afloat in the sector may roll for
    one of them (the first such ship, in the scenario's order); an Auxiliary comes back with the optional rule."""
    s, mine = ctx.state, rules.mine(ctx.state)
    for ship, troops in sunk:
        sector = ship.at
        if troops:
            for tid in troops:
                troop = s.units[tid]
                troop.strength, troop.at = 0, None
                if tid in mine.rescued:
                    mine.rescued.remove(tid)
            ctx.emit(TroopsLost(ship.id, troops), f"{', '.join(troops)} go down with {ship.id}.",
                     ["was.naval.carrier_sunk_troops_lost"], ship.side)
            rescuer = board.rescuer(rules, s, ship)
            if rescuer is not None:
                mine.rescues.append(Rescue(ship.id, rescuer.id, ship.side))
        c = board.card(rules, s, ship)
        if rules.options.auxiliary_respawn and c is not None and c.auxiliary:
            home = board.deployment_area(rules, ship.side)
            spot = min(home, key=lambda sec: (board.distance(sec, str(sector)), board.steps(sec, str(sector)), sec))
            ship.strength, ship.at = ship.max_strength, spot
            ctx.emit(Respawned(ship.id, spot), f"{ship.id}, an Auxiliary, is placed back in {ship.side}'s deployment "
                     f"area at {rules.where(spot)}.", ["was.special.optional.auxiliary_respawn",
                                                        "was.special.optional.auxiliary_still_scores"], ship.side)


# ------------------------------------------------------------------------------------------------ rescue


def _rescues_owed(rules: Warsea, state: GameState) -> bool:
    return bool(rules.mine(state).rescues)


for _key in ("airatk.rescue", "surface.rescue"):
    flow.NEEDED[_key] = _rescues_owed


@handlers.roll("airatk.rescue", "surface.rescue")
def rescue_dice(rules: Warsea, state: GameState) -> Roll:
    rescues = rules.mine(state).rescues
    return Roll.of([(D6, 1)] * len(rescues), [f"{r.rescuer} rescuing from {r.carrier}" for r in rescues],
                   at=state.units[rescues[0].rescuer].at if len(rescues) == 1 else None, by=[r.side for r in rescues])


@handlers.resolve("airatk.rescue", "surface.rescue")
def rescue_results(rules: Warsea, ctx: Context, faces: Faces) -> None:
    s, mine = ctx.state, rules.mine(ctx.state)
    need = rules.options.rescue_on
    for r, rolled in zip(mine.rescues, faces, strict=True):
        rescuer = s.units[r.rescuer]
        if rolled[0] >= need and rescuer.alive:
            troop = new_troop(rules, s, r.side, Aboard(rescuer.id))
            mine.rescued.append(troop.id)
            ctx.emit(Rescued(rescuer.id, troop.id), f"Rescue Operations: {rolled[0]}, {need} or more. {rescuer.id} "
                     f"picks up one troop counter ({troop.id}) from {r.carrier}, whatever its capacity.",
                     ["was.naval.rescue.success_one_troop", "was.naval.rescue.overrides_capacity",
                      "was.naval.rescue.roll_default"], r.side)
        else:
            ctx.emit(Rescued(rescuer.id), f"Rescue Operations: {rolled[0]}, under {need}. Nobody from {r.carrier} is "
                     "saved.", ["was.naval.rescue.roll_default"], r.side)
    mine.rescues = []
    flow.proceed(rules, ctx)
