"""The tactic cards' special effects (m44.order.cards.data, each card's text in ``cards.toml``).

What a played card changes: which units it may order (Their Finest Hour's roll, a fallback, Gung-Ho!,
Close Assault, Firefight, Infantry Assault's one section), how far they move (Infantry Assault, Artillery
Bombard, Behind Enemy Lines), the extra battle die; and the cards that act by themselves: Barrage and Air
Power strike targets picked anywhere (m44.resolve.symbol.star for Air Power's stars), Medics & Mechanics
heals, Their Finest Hour rolls for its orders, and Ambush lets a close-assaulted unit battle first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from ...engine import Context, GameState, Roll, RuleError
from ...engine.flow import Faces
from ...engine.state import Unit
from ...hexes import hex_distance
from . import events as ev
from .actions import DoneTargets, Hold, PlayAmbush, Target
from .cards import Slot, with_gung_ho
from .combat import Dice, battle_dice, reach_error
from .data import ARMOR, ARTILLERY, BATTLE_DIE, INFANTRY
from .handlers import handlers
from .state import AmbushedAttack, BattleInProgress, FinestHour

if TYPE_CHECKING:
    from .rules import Memoir44


# ----------------------------------------------------------------------------------- the card's effect
def effect(rules: Memoir44, state: GameState) -> str:
    """The played card's effect, unless it fell back to ordering 1 unit of the player's choice."""
    t = state.rules_state.turn
    if not t.card or t.fallback:
        return ""
    return rules.card(t.card).effect


def slot_key(rules: Memoir44, state: GameState) -> tuple[Any, ...]:
    """All the ordering slots of this turn hang on, as a small key: Their Finest Hour's roll, a fallback, or the card
    played (with Gung-Ho! for the US Marines, forced when a Counter-Attack copies a Japanese card)."""
    t = state.rules_state.turn
    if t.finest is not None:
        f = t.finest
        return ("finest", f.infantry, f.armor, f.any)
    if t.fallback:
        return ("fallback",)
    if rules.nation(state.active) == "usmc":
        return (t.card, "usmc", t.counter and rules.nation(state.other(state.active)) == "japan")
    return (t.card,)


def slots(rules: Memoir44, state: GameState) -> tuple[Slot, ...]:
    """The ordering slots of the card played this turn (Gung-Ho!, a fallback, Their Finest Hour's roll). Made once
    for each :func:`slot_key` and handed out again (the cards never change; a tuple of frozen slots is safe to
    share), so every listing of the orders does not build them anew."""
    return slots_for(rules, slot_key(rules, state))


def slots_for(rules: Memoir44, key: tuple[Any, ...]) -> tuple[Slot, ...]:
    """The ordering slots a :func:`slot_key` stands for (see :func:`slots`)."""
    made: dict[tuple[Any, ...], tuple[Slot, ...]] = rules.__dict__.setdefault("_m44_slots", {})
    found = made.get(key)
    if found is None:
        if key[0] == "finest":
            _, infantry, armor, anything = key
            found = (Slot(None, frozenset({INFANTRY}), infantry), Slot(None, frozenset({ARMOR}), armor),
                     Slot(None, None, anything))
        elif key[0] == "fallback":
            found = (Slot(None, None, 1),)
        elif len(key) == 3:
            found = with_gung_ho(rules.card(key[0]), force=key[2])  # m44.nation.usmc.counter_attack_bonus
        else:
            found = rules.card(key[0]).slots
        made[key] = found
    return found


def order_extra(rules: Memoir44, state: GameState) -> Callable[[Unit, Slot], bool] | None:
    """A card's condition on which units it may order (beyond sections and types)."""
    kind = effect(rules, state)
    if kind == "close_assault":
        return lambda u, slot: next_to_enemy(rules, state, u)
    if kind == "firefight":
        return lambda u, slot: not next_to_enemy(rules, state, u)
    return None


def next_to_enemy(rules: Memoir44, state: GameState, u: Unit) -> bool:
    """Whether an enemy unit stands next to ``u``; remembered for the unit while the legal actions are listed
    (``GameState.cached``: the orders ask it for each slot of the card, and again once the unit is ordered)."""
    return state.cached(("m44.next_to_enemy", u.id), lambda: bool(rules.field.adjacent_enemies(state, u)))


def one_section(rules: Memoir44, state: GameState, units: list[Unit]) -> bool:
    """Infantry Assault orders the infantry of one section: the units must share a section."""
    if effect(rules, state) != "infantry_assault" or not units:
        return True
    common = set(rules.sections_of(units[0]))
    for u in units[1:]:
        common &= set(rules.sections_of(u))
    if state.rules_state.turn.counter:  # a copied Infantry Assault goes in the section the opponent used
        theirs = state.rules_state.ia_section.get(state.other(state.active))
        if theirs:
            common &= {{"left": "right", "right": "left"}.get(theirs, theirs)}
    return bool(common)


def allowance(rules: Memoir44, state: GameState, u: Unit) -> int:
    """Hexes a unit may move: its own, or what the card allows."""
    return how_far(rules, state, u)[0]


def free_move(rules: Memoir44, state: GameState, u: Unit) -> bool:
    """Behind Enemy Lines: infantry moves free of terrain movement limits."""
    return how_far(rules, state, u)[1]


def how_far(rules: Memoir44, state: GameState, u: Unit) -> tuple[int, bool]:
    """:func:`allowance` and :func:`free_move` at once (the card in play looked up once, for a listing's searches)."""
    kind = effect(rules, state)
    if u.kind == INFANTRY:
        if kind == "infantry_assault":
            return rules.field.allowance(u) + 1, False
        if kind == "behind_enemy_lines":
            return 3, True
    elif u.kind == ARTILLERY and kind == "artillery_bombard":
        return 3, False
    return rules.field.allowance(u), False


def card_bonus(rules: Memoir44, state: GameState, u: Unit, close: bool, overrun: bool) -> tuple[int, str]:
    """Extra battle dice a tactic card gives (+1), with the card's name."""
    kind = effect(rules, state)
    if kind == "armor_assault" and u.kind == ARMOR and close:
        return 1, "Armor Assault"
    if kind == "close_assault" and close and not overrun:
        return 1, "Close Assault"
    if kind == "firefight" and not close:
        return 1, "Firefight"
    if kind == "their_finest_hour":
        return 1, "Their Finest Hour"
    if kind == "behind_enemy_lines" and u.kind == INFANTRY:
        return 1, "Behind Enemy Lines"
    return 0, ""


def attack_dice(rules: Memoir44, state: GameState, u: Unit, t: Unit, overrun: bool = False) -> Dice:
    """The dice ``u`` rolls at ``t`` now: range, terrain and the nations (combat.battle_dice) with the
    card's extra die (m44.order.cards.data). The battle and the odds panel both count them here."""
    close = hex_distance(u.at, t.at) == 1
    bonus, name = card_bonus(rules, state, u, close, overrun)
    return battle_dice(rules.field, state, u, t, bonus=bonus, bonus_reason=name, bonus_clause="m44.order.cards.data")


# ----------------------------------------------------------------------------------- card.target
@handlers.candidates("card.target")
def offer_targets(rules: Memoir44, state: GameState) -> Iterator[Target | DoneTargets]:
    """m44.order.cards.data: Done once a target is picked, then every unit the card may pick."""
    if state.rules_state.turn.targets:
        yield DoneTargets()
    for u in sorted(state.units.values(), key=lambda u: u.id):
        if u.alive:
            yield Target(u.id)


@handlers.check(DoneTargets)
def check_done_targets(rules: Memoir44, state: GameState, action: DoneTargets) -> RuleError | None:
    """m44.order.cards.data: a card that strikes needs a target."""
    return None if state.rules_state.turn.targets else RuleError("Pick a target first.", "m44.order.cards.data")


@handlers.check(Target)
def check_target(rules: Memoir44, state: GameState, action: Target) -> RuleError | None:
    """m44.order.cards.data: Barrage strikes one enemy unit, Air Power up to 4 side by side, Medics &
    Mechanics tends one of your own damaged units."""
    side = state.active
    kind = effect(rules, state)
    chosen = state.rules_state.turn.targets
    u = state.units.get(action.unit)
    if u is None or not u.alive:
        return RuleError(f"There is no unit {action.unit!r} on the map.", "m44.order.cards.data")
    if kind == "medics_mechanics":
        if u.side != side or u.strength >= u.max_strength:
            return RuleError("Medics & Mechanics tends one of your own units that has lost figures.",
                             "m44.order.cards.data")
        return None
    if u.side == side:
        return RuleError("Pick an enemy unit.", "m44.order.cards.data")
    if u.id in chosen:
        return RuleError(f"{u.id} is already a target.", "m44.order.cards.data")
    if kind == "barrage" and chosen:
        return RuleError("Barrage strikes one unit.", "m44.order.cards.data")
    if kind == "air_power":
        if len(chosen) >= 4:
            return RuleError("Air Power strikes at most 4 units.", "m44.order.cards.data")
        if chosen and not any(hex_distance(state.units[c].at, u.at) == 1 for c in chosen):
            return RuleError("Air Power's targets must be side by side: pick a unit next to one already "
                             "picked.", "m44.order.cards.data")
    return None


@handlers.effect(Target)
def pick_target(rules: Memoir44, ctx: Context, action: Target) -> None:
    """m44.order.cards.data: a picked target; Barrage's one, or Air Power's fourth, strikes at once."""
    s = ctx.state
    t = s.rules_state.turn
    t.targets.append(action.unit)
    kind = effect(rules, s)
    u = s.units[action.unit]
    if not ctx.quiet:
        ctx.emit(ev.TargetPicked(u.id), f"{rules.card(t.card).name}: {u.id} in {rules.where(u.at)}.",
                 ["m44.order.cards.data"], s.active)
    if kind == "medics_mechanics":
        ctx.goto("card.heal")
    elif kind == "barrage" or len(t.targets) >= 4:
        t.queue = list(t.targets)
        start_card_attack(rules, ctx)


@handlers.effect(DoneTargets)
def done_targets(rules: Memoir44, ctx: Context, action: DoneTargets) -> None:
    """m44.order.cards.data: Air Power strikes the units picked so far, one after another."""
    t = ctx.state.rules_state.turn
    t.queue = list(t.targets)
    start_card_attack(rules, ctx)


def start_card_attack(rules: Memoir44, ctx: Context) -> None:
    """Barrage and Air Power: strike the next target in the queue, or end the turn's action."""
    s = ctx.state
    t = s.rules_state.turn
    while t.queue:
        target = s.units[t.queue.pop(0)]
        if not target.alive:
            continue
        air = effect(rules, s) == "air_power"
        n = (2 if s.active == rules.allies(s) else 1) if air else 4
        t.battle = BattleInProgress(None, target.id, n, False, "air" if air else "barrage", target.at)
        name = "Air Power" if air else "Barrage"
        if not ctx.quiet:
            ctx.emit(ev.BattleDeclared(n), f"{name} strikes {target.id} in {rules.where(target.at)} with {n} dice, "
                     "ignoring terrain.", ["m44.order.cards.data"], s.active)
        ctx.goto("battle.roll")
        return
    t.battle = None
    ctx.goto("draw.draw")


# ----------------------------------------------------------------------------------- card.heal, card.finest
@handlers.roll("card.heal", "card.finest")
def card_dice(rules: Memoir44, state: GameState) -> Roll:
    """One die per card in hand, and one for the card just played (m44.order.cards.data)."""
    return Roll.of([(BATTLE_DIE, len(state.hands[state.active]) + 1)],
                   [rules.card(state.rules_state.turn.card).name])


@handlers.resolve("card.heal")
def heal(rules: Memoir44, ctx: Context, faces: Faces) -> None:
    """Medics & Mechanics: the unit's own symbol or a star brings a figure back, never above its start
    (m44.resolve.symbol.star); a unit healed is ordered."""
    s = ctx.state
    t = s.rules_state.turn
    u = s.units[t.targets[0]]
    good = sum(1 for f in faces[0] if f == "star" or (f == u.kind and u.kind in (INFANTRY, ARMOR)))
    back = min(good, u.max_strength - u.strength)
    u.strength += back
    ctx.emit(ev.Healed(u.id, back), f"Medics & Mechanics: {u.id} gets {back} figure(s) back"
             + (f" ({good - back} more rolled than it had lost)" if good > back else "") + ".",
             ["m44.order.cards.data", "m44.resolve.symbol.star"], u.side)
    if back:
        t.ordered = [u.id]
        ctx.emit(ev.UnitOrdered(u.id), f"{u.id} is ordered and may move and battle.", ["m44.order.cards.data"],
                 u.side)
        ctx.goto("move.move")
    else:
        ctx.goto("draw.draw")


@handlers.resolve("card.finest")
def finest_hour(rules: Memoir44, ctx: Context, faces: Faces) -> None:
    """Their Finest Hour: each infantry symbol orders an infantry unit, each armor symbol an armor unit,
    each star a unit of any kind (m44.resolve.symbol.star)."""
    s = ctx.state
    rolled = faces[0]
    f = FinestHour(rolled.count("infantry"), rolled.count("armor"), rolled.count("star"))
    s.rules_state.turn.finest = f
    ctx.emit(ev.FinestHour(f.infantry, f.armor, f.any), f"Their Finest Hour: {f.infantry} infantry, {f.armor} "
             f"armor and {f.any} unit(s) of any kind may be ordered; they battle with 1 extra die.",
             ["m44.order.cards.data", "m44.resolve.symbol.star"], s.active)
    ctx.goto("order.announce")


# ----------------------------------------------------------------------------------- battle.ambush
def can_ambush(rules: Memoir44, s: GameState, ambusher: Unit, attacker: Unit) -> bool:
    """Ambush needs the attacked unit able to battle its attacker (range, sight, at least one die)."""
    if rules.board.terrain[ambusher.at] == "ocean":
        return False
    if reach_error(rules.field, s, ambusher, attacker) is not None:
        return False
    return battle_dice(rules.field, s, ambusher, attacker).count > 0


@handlers.candidates("battle.ambush")
def offer_ambush(rules: Memoir44, state: GameState) -> Iterator[Hold | PlayAmbush]:
    """m44.order.cards.data: the close-assaulted unit may play Ambush, or let the attack come."""
    b = state.rules_state.turn.battle
    yield Hold(b.target)
    yield PlayAmbush(b.target)


@handlers.check(Hold, at="battle.ambush")
def check_no_ambush(rules: Memoir44, state: GameState, action: Hold) -> RuleError | None:
    """m44.order.cards.data: only the close-assaulted unit decides."""
    return None if action.unit == state.rules_state.turn.battle.target else rules.not_a_choice(state)


@handlers.check(PlayAmbush)
def check_ambush(rules: Memoir44, state: GameState, action: PlayAmbush) -> RuleError | None:
    """m44.order.cards.data: the close-assaulted unit plays Ambush, before the roll."""
    if action.unit != state.rules_state.turn.battle.target:
        return RuleError("Ambush is played when one of your units is close assaulted, before the roll.",
                         "m44.order.cards.data")
    return None


@handlers.effect(Hold, at="battle.ambush")
def no_ambush(rules: Memoir44, ctx: Context, action: Hold) -> None:
    """The attack is rolled as declared (m44.turn.battle.steps)."""
    ctx.goto("battle.roll")


@handlers.effect(PlayAmbush)
def ambush(rules: Memoir44, ctx: Context, action: PlayAmbush) -> None:
    """m44.order.cards.data: the ambushed unit battles its attacker first, with its normal dice; the
    attack goes on afterwards if the attacker is still there. The card is replaced at the end of the turn."""
    s = ctx.state
    mine = s.rules_state
    b = mine.turn.battle
    ambusher, attacker = s.units[b.target], s.units[b.attacker]
    owner = ambusher.side
    s.hands[owner].remove("ambush")
    s.decks["discard"].append("ambush")
    mine.ambush_draw = owner
    dice = battle_dice(rules.field, s, ambusher, attacker)
    mine.turn.ambushed = AmbushedAttack(b, attacker.at)
    mine.turn.battle = BattleInProgress(ambusher.id, attacker.id, dice.count, True, "ambush", attacker.at)
    ctx.emit(ev.Ambush(dice.count), f"{owner} plays Ambush: {ambusher.id} battles {attacker.id} first with "
             f"{dice.words()} dice.", ["m44.order.cards.data", *dice.clauses], owner)
    ctx.goto("battle.ambush_roll")
