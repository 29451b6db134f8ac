"""Memoir '44: the sequence of play, the actions, and what each does (clauses in ../shared/rules/memoir44.toml).

A turn: play a command card, order units within its limits, move them one at a time, battle one at a
time (roll, remove figures, retreat for flags, take ground, armor overrun, British battle back), draw a
card, check victory; then the other side. Units, terrain, dice and cards are data (``data.py``,
``cards.toml``); the battlefield's questions (sections, sight, movement) are in ``board.py``; the
combat function is ``combat.resolve_faces``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...engine import Action, Context, GameState, RuleError, Ruleset, Terrain, UnitType
from ...engine.state import Location, Unit
from ...hexes import Hex, hex_distance, to_offset
from ...odds import OddsReport
from .actions import (
    ACTIONS,
    Battle,
    BattleBack,
    Discard,
    DoneOrdering,
    DoneTargets,
    EndBattles,
    EndMoves,
    Hold,
    IgnoreFlag,
    KeepCard,
    Move,
    Order,
    PlayAmbush,
    PlayCard,
    PutUnderChip,
    RemoveWire,
    Retreat,
    StopRetreat,
    TakeGround,
    Target,
)
from .board import Field
from .cards import Card, Slot, fits, load_deck, standard_deck, with_gung_ho
from .catalog import CLAUSES
from .combat import battle_dice, reach_error, resolve_faces
from .data import ARMOR, ARTILLERY, BATTLE_DIE, FIGURES, INFANTRY, OBSTACLES, TERRAIN
from .flags import NONE as NO_IGNORES
from .flags import flag_ignores
from .odds import Memoir44Odds, Memoir44Sight, battle_report
from .options import MemoirOptions
from .sequence import SEQUENCE


class Memoir44(Ruleset):
    id = "memoir44"
    name = "Memoir '44"
    sequence = SEQUENCE
    actions = ACTIONS
    terrain = {name: Terrain(name, t.title, t.style, t.clauses) for name, t in TERRAIN.items()}
    features = {**{name: Terrain(name, t.title, t.style, t.clauses) for name, t in OBSTACLES.items()},
                "medal": Terrain("medal", "Medal objective", "medal"),
                "destroyed": Terrain("destroyed", "Destroyed bridge", "mines")}
    unit_types = {
        INFANTRY: UnitType(INFANTRY, "Infantry", "infantry", "figures", FIGURES[INFANTRY]),
        ARMOR: UnitType(ARMOR, "Armor", "armor", "figures", FIGURES[ARMOR]),
        ARTILLERY: UnitType(ARTILLERY, "Artillery", "artillery", "figures", FIGURES[ARTILLERY]),
    }
    options_model = MemoirOptions
    clauses = frozenset(CLAUSES)
    dice_kinds = (BATTLE_DIE,)
    odds_cli = Memoir44Odds()
    los_cli = Memoir44Sight()

    def __init__(self, board, options, sides=(), first=None):
        super().__init__(board, options, sides, first)
        labels = board.labels
        owners = {labels.parse(k): v for k, v in (options.bunker_owners if options else {}).items()}
        sides = list(self.sides)
        if options and len(sides) == 2:
            # m44.terrain.bunker.original_owner: unnamed bunkers belong to the side on whose half they lie
            top = next(x for x in sides if x != options.bottom) if options.bottom in sides else None
            for h, name in board.terrain.items():
                if name == "bunker" and h not in owners and top is not None:
                    row = to_offset(h, board.offset).row
                    if row * 2 < board.height - 1:
                        owners[h] = top
                    elif row * 2 > board.height - 1:
                        owners[h] = options.bottom
        self.field = Field(
            board, options.bottom if options else "",
            {labels.parse(k): v for k, v in (options.heights if options else {}).items()},
            owners,
        )
        self.cards, self.missing_cards = load_deck()

    # =========================================================================================== setup
    def validate_scenario(self, scenario) -> list[tuple[str, str]]:
        problems = []
        opts, sides = self.options, list(scenario.meta.sides)
        if opts.bottom not in sides:
            problems.append(("rules.bottom", f"{opts.bottom!r} is not one of the sides {sides}"))
        for side, nation in opts.nations.items():
            if side not in sides:
                problems.append((f"rules.nations.{side}", f"no side {side!r}"))
            if nation not in ("standard", "japan", "usmc", "bcf", "italy", "soviet"):
                problems.append((f"rules.nations.{side}", f"unknown nation {nation!r} (standard, japan, usmc, bcf, "
                                                          "italy, soviet)"))
        for key, table in (("medals", opts.medals), ("hand_size", opts.hand_size)):
            if isinstance(table, dict):
                for side in table:
                    if side not in sides:
                        problems.append((f"rules.{key}.{side}", f"no side {side!r}"))
        for label, side in opts.bunker_owners.items():
            try:
                h = self.board.parse(label)
            except ValueError as exc:
                problems.append((f"rules.bunker_owners.{label}", str(exc)))
                continue
            if self.board.terrain[h] != "bunker":
                problems.append((f"rules.bunker_owners.{label}", "that hex is not a bunker"))
            if side not in sides:
                problems.append((f"rules.bunker_owners.{label}", f"no side {side!r}"))
        for i, obj in enumerate(opts.objectives):
            try:
                self.board.parse(obj.hex)
            except ValueError as exc:
                problems.append((f"rules.objectives[{i}].hex", str(exc)))
            if obj.side not in sides:
                problems.append((f"rules.objectives[{i}].side", f"no side {obj.side!r}"))
        seen: dict[Any, str] = {}
        for i, u in enumerate(scenario.units):
            if u.at is not None and u.at in seen:
                problems.append((f"unit[{i}].at", f"hex already holds {seen[u.at]} (m44.stack.one_unit_per_hex)"))
            seen[u.at] = u.id
            if isinstance(u.at, Hex):
                blocker = self.field.impassable_to_place(u)
                if blocker:
                    problems.append((f"unit[{i}].at", f"{u.kind} cannot stand on {blocker} ({self.board.label(u.at)})"))
            badge = u.attrs.get("badge")
            if badge is not None and badge not in ("special_forces", "french_resistance", "elite_armor"):
                problems.append((f"unit[{i}].attrs.badge", f"unknown badge {badge!r} (special_forces, "
                                                           "french_resistance, elite_armor)"))
            if badge == "elite_armor" and u.kind != ARMOR:
                problems.append((f"unit[{i}].attrs.badge", "Elite Armor badges go on armor units"))
            if badge == "french_resistance" and u.kind != INFANTRY:
                problems.append((f"unit[{i}].attrs.badge", "French Resistance units are infantry"))
        return problems

    def setup(self, ctx: Context) -> None:
        s = ctx.state
        opts = self.options
        if self.first is None and "Allies" in s.sides:
            s.active = "Allies"  # m44.turn.first_player.scenario: the Allies start unless the scenario says
        for u in s.units.values():
            u.attrs.setdefault("nation", opts.nations.get(u.side, "standard"))
            badge = u.attrs.get("badge")
            full = u.strength == u.max_strength
            if badge == "french_resistance" and u.max_strength == FIGURES[INFANTRY]:
                u.max_strength = 3  # m44.sf.french_resistance.figures
                u.strength = min(u.strength, 3)
            if badge == "elite_armor" and u.max_strength == FIGURES[ARMOR]:
                u.max_strength = 4  # m44.sf.elite_armor.figures
                u.strength = 4 if full else u.strength
        deck = standard_deck()
        ctx.shuffle(deck)
        s.decks = {"deck": deck, "discard": [], "chip": []}
        hand = {}
        for side in s.sides:
            nation = opts.nations.get(side, "standard")
            size = opts.hand_size.get(side) if isinstance(opts.hand_size, dict) else opts.hand_size
            if nation == "italy" and not (isinstance(opts.hand_size, dict) and side in opts.hand_size):
                size = 6  # m44.nation.italy.high_command.start_hand, unless the scenario sets Italy's own
            elif size is None:
                size = 5  # m44.setup.hand_size
            hand[side] = size
            for _ in range(size):
                s.hands[side].append(self._pop(ctx))
        s.vars = {
            "hand_limit": hand, "card": None, "ordered": [], "moved": {}, "battled": [], "overrun": [],
            "battle": None, "retreat": None, "keep": [], "eliminated": {side: [] for side in s.sides},
            "held": {side: [] for side in s.sides}, "chip": {side: None for side in s.sides},
            "fallback": False, "finest": None, "targets": [], "queue": [],
            "last_card": {side: None for side in s.sides}, "counter": False, "again_done": False,
            "pending": None, "ambush_draw": None, "ia_section": {side: None for side in s.sides},
        }
        for obj in opts.objectives:
            s.features.setdefault(self.board.parse(obj.hex), []).append("medal")
        ctx.event("Setup", "Each side is dealt its command cards: " + ", ".join(f"{k} {v}" for k, v in hand.items())
                  + ".", ["m44.setup.hand_size"])
        if self._nation(s.active) == "soviet":
            ctx.goto("card.chip")

    # =========================================================================================== helpers
    def _nation(self, side: str) -> str:
        return self.options.nations.get(side, "standard")

    def _medal_target(self, side: str) -> int:
        m = self.options.medals
        return m.get(side, 6) if isinstance(m, dict) else m

    def _pop(self, ctx: Context) -> str:
        s = ctx.state
        if not s.decks["deck"]:
            s.decks["deck"], s.decks["discard"] = s.decks["discard"], []
            ctx.shuffle(s.decks["deck"])
            ctx.event("Reshuffled", "The command deck is empty: the discards are shuffled into a new deck.",
                      ["m44.turn.deck.reshuffle"])
        return s.decks["deck"].pop()

    def card(self, card_id: str) -> Card:
        return self.cards[card_id]

    def slots(self, state: GameState) -> tuple:
        """The ordering slots of the card played this turn (Gung-Ho!, a fallback, Their Finest Hour's roll)."""
        v = state.vars
        if v.get("finest") is not None:
            f = v["finest"]
            return (Slot(None, frozenset({INFANTRY}), f["infantry"]), Slot(None, frozenset({ARMOR}), f["armor"]),
                    Slot(None, None, f["any"]))
        if v.get("fallback"):
            return (Slot(None, None, 1),)
        card = self.card(v["card"])
        if self._nation(state.active) == "usmc":
            copying_japan = v.get("counter") and self._nation(state.other(state.active)) == "japan"
            return with_gung_ho(card, force=bool(copying_japan))  # m44.nation.usmc.counter_attack_bonus
        return card.slots

    @staticmethod
    def mirrored(card_id: str) -> str:
        """The card a Counter-Attack plays for a flank card: the same flank of the board, which is the
        other flank seen from the other side."""
        if card_id.endswith("_left"):
            return card_id[: -len("left")] + "right"
        if card_id.endswith("_right"):
            return card_id[: -len("right")] + "left"
        return card_id

    def effect(self, state: GameState) -> str:
        """The played card's effect, unless it fell back to ordering 1 unit of the player's choice."""
        card = state.vars.get("card")
        if not card or state.vars.get("fallback"):
            return ""
        return self.card(card).effect

    def _order_extra(self, state: GameState):
        """A card's condition on which units it may order (beyond sections and types)."""
        effect = self.effect(state)
        if effect == "close_assault":
            return lambda u, slot: bool(self.field.adjacent_enemies(state, u))
        if effect == "firefight":
            return lambda u, slot: not self.field.adjacent_enemies(state, u)
        return None

    def _one_section(self, state: GameState, units: list[Unit]) -> bool:
        """Infantry Assault orders the infantry of one section: the units must share a section."""
        if self.effect(state) != "infantry_assault" or not units:
            return True
        common = set(self.sections_of(units[0]))
        for u in units[1:]:
            common &= set(self.sections_of(u))
        if state.vars.get("counter"):  # a copied Infantry Assault goes in the section the opponent used
            theirs = state.vars["ia_section"].get(state.other(state.active))
            if theirs:
                common &= {{"left": "right", "right": "left"}.get(theirs, theirs)}
        return bool(common)

    def _allowance(self, state: GameState, u: Unit) -> int:
        effect = self.effect(state)
        if effect == "infantry_assault" and u.kind == INFANTRY:
            return self.field.allowance(u) + 1
        if effect == "artillery_bombard" and u.kind == ARTILLERY:
            return 3
        if effect == "behind_enemy_lines" and u.kind == INFANTRY:
            return 3
        return self.field.allowance(u)

    def _free_move(self, state: GameState, u: Unit) -> bool:
        return self.effect(state) == "behind_enemy_lines" and u.kind == INFANTRY

    def _moves(self, state: GameState, u: Unit) -> dict:
        return self.field.moves(state, u, self._allowance(state, u), free=self._free_move(state, u))

    def _card_bonus(self, state: GameState, u: Unit, close: bool, overrun: bool) -> tuple[int, str]:
        """Extra battle dice a tactic card gives (+1), with the card's name."""
        effect = self.effect(state)
        if effect == "armor_assault" and u.kind == ARMOR and close:
            return 1, "Armor Assault"
        if effect == "close_assault" and close and not overrun:
            return 1, "Close Assault"
        if effect == "firefight" and not close:
            return 1, "Firefight"
        if effect == "their_finest_hour":
            return 1, "Their Finest Hour"
        if effect == "behind_enemy_lines" and u.kind == INFANTRY:
            return 1, "Behind Enemy Lines"
        return 0, ""

    def _allies(self, state: GameState) -> str:
        if self.options.allies:
            return self.options.allies
        return "Allies" if "Allies" in state.sides else self.options.bottom

    def sections_of(self, unit: Unit) -> list[str]:
        return self.field.sections_of(unit.at, unit.side) if isinstance(unit.at, Hex) else []

    def _moved(self, state: GameState, uid: str) -> dict | None:
        return state.vars["moved"].get(uid)

    def unit_title(self, unit: Unit) -> str:
        badge = {"special_forces": "special forces ", "french_resistance": "French Resistance ",
                 "elite_armor": "elite "}.get(unit.attrs.get("badge", ""), "")
        return f"{unit.side} {badge}{unit.kind} {unit.id}"

    # =========================================================================================== decisions
    def to_act(self, state: GameState) -> str:
        if state.position == "battle.retreat" and state.vars["retreat"]:
            return state.units[state.vars["retreat"]["unit"]].side
        if state.position in ("battle.battle_back", "battle.ambush") and state.vars["battle"]:
            return state.units[state.vars["battle"]["target"]].side
        if state.position == "draw.discard":
            return self._over_limit(state) or state.active
        return state.active

    def legal_actions(self, state: GameState) -> Iterator[Action]:
        pos = state.position
        side = state.active
        if pos == "card.play":
            chip = state.vars["chip"].get(side) if self._nation(side) == "soviet" else None
            for c in sorted(set(state.hands[side]) | ({chip} if chip else set())):
                if self.check(state, PlayCard(c)) is None:
                    yield PlayCard(c)
        elif pos == "card.chip":
            for c in sorted(set(state.hands[side])):
                yield PutUnderChip(c)
        elif pos == "order.announce":
            yield DoneOrdering()
            for u in sorted(state.units_of(side), key=lambda u: u.id):
                if self.check(state, Order(u.id)) is None:
                    yield Order(u.id)
        elif pos == "move.move":
            yield EndMoves()
            for uid in state.vars["ordered"]:
                u = state.units[uid]
                if not u.alive or uid in state.vars["moved"]:
                    continue
                for h in sorted(self._moves(state, u)):
                    yield Move(uid, h)
        elif pos == "again.move":
            yield EndMoves()
            for uid in state.vars["ordered"]:
                u = state.units[uid]
                if u.alive:
                    for h in sorted(self._moves(state, u)):
                        yield Move(uid, h)
        elif pos == "battle.ambush":
            b = state.vars["battle"]
            yield Hold(b["target"])
            yield PlayAmbush(b["target"])
        elif pos == "battle.choose":
            yield EndBattles()
            for uid in state.vars["ordered"]:
                u = state.units.get(uid)
                if u is None or not u.alive:
                    continue
                if self._wire_error(state, u) is None:
                    yield RemoveWire(uid)
                for t in sorted(state.units_of(state.other(u.side)), key=lambda t: t.id):
                    if self._battle_error(state, u, t) is None:
                        yield Battle(uid, t.id)
        elif pos == "card.target":
            if state.vars["targets"]:
                yield DoneTargets()
            for u in sorted(state.units.values(), key=lambda u: u.id):
                if u.alive and self.check(state, Target(u.id)) is None:
                    yield Target(u.id)
        elif pos == "battle.retreat":
            r = state.vars["retreat"]
            uid = r["unit"]
            if r["optional"] > 0:
                yield IgnoreFlag(uid)
            if r["this_flag"] >= 1 and r["this_flag"] < r["max"]:
                yield StopRetreat(uid)
            for h in self._retreat_options(state, state.units[uid]):
                yield Retreat(uid, h)
        elif pos == "battle.take_ground":
            b = state.vars["battle"]
            yield Hold(b["attacker"])
            yield TakeGround(b["attacker"])
        elif pos == "battle.overrun":
            b = state.vars["battle"]
            u = state.units[b["attacker"]]
            yield Hold(u.id)
            for t in sorted(state.units_of(state.other(u.side)), key=lambda t: t.id):
                if self._battle_error(state, u, t, overrun=True) is None:
                    yield Battle(u.id, t.id)
        elif pos == "battle.battle_back":
            b = state.vars["battle"]
            yield Hold(b["target"])
            yield BattleBack(b["target"])
        elif pos == "draw.keep":
            for c in sorted(set(state.vars["keep"])):
                yield KeepCard(c)
        elif pos == "draw.discard":
            who = self._over_limit(state)
            if who:
                for c in sorted(set(state.hands[who])):
                    yield Discard(c)

    def check(self, state: GameState, action: Action) -> RuleError | None:
        pos = state.position
        side = state.active
        wrong = RuleError(f"That is not a choice at this step ({self.sequence.lookup(pos)[1].title.lower()}).",
                          self.sequence.lookup(pos)[1].clauses[0])
        if isinstance(action, PlayCard):
            if pos != "card.play":
                return RuleError("A command card is played only at the start of the turn, once.",
                                 "m44.order.card.one_per_turn")
            chip_card = state.vars["chip"].get(side) if self._nation(side) == "soviet" else None
            if action.card not in state.hands[side] and action.card != chip_card:
                return RuleError(f"There is no {action.card!r} card in {side}'s hand.", "m44.order.card.one_per_turn")
            if action.card == "ambush":
                return RuleError("Ambush is played on the enemy's turn, when one of your units is close assaulted.",
                                 "m44.order.cards.data")
            if action.card == "counter_attack":
                last = state.vars["last_card"].get(state.other(side))
                if last is None:
                    return RuleError("Counter-Attack copies the card your opponent played last turn: there is none "
                                     "yet.", "m44.order.cards.data")
                if last == "counter_attack":
                    return RuleError("Counter-Attack cannot copy a Counter-Attack (a case the references leave "
                                     "open, so hexlab does not allow it).", "m44.order.cards.data")
            if self._nation(side) == "soviet":
                chip = state.vars["chip"][side]
                exempt = action.card in ("ambush", "counter_attack") or action.card.startswith("recon_")
                if action.card != chip and not exempt:
                    return RuleError("The Soviet player plays the card under the Commissar chip (or Ambush, "
                                     "Counter-Attack or a Recon 1 from hand).", "m44.nation.soviet.commissar.no_direct_play")
            return None
        if isinstance(action, PutUnderChip):
            if pos != "card.chip":
                return wrong
            if action.card not in state.hands[side]:
                return RuleError(f"There is no {action.card!r} card in {side}'s hand.",
                                 "m44.nation.soviet.commissar.timing")
            return None
        if isinstance(action, Order | DoneOrdering):
            if pos != "order.announce":
                return RuleError("Units are ordered right after the card is played.", "m44.order.units.announce")
            if isinstance(action, DoneOrdering):
                return None
            u = state.units.get(action.unit)
            if u is None or not u.alive or u.side != side:
                return RuleError(f"{action.unit} is not one of {side}'s units.", "m44.order.only_ordered_act")
            if u.id in state.vars["ordered"]:
                return RuleError(f"{u.id} is already ordered.", "m44.order.units.announce")
            units = [state.units[x] for x in state.vars["ordered"]] + [u]
            if not fits(units, self.slots(state), self.sections_of, self._order_extra(state)) or \
                    not self._one_section(state, units):
                card = self.card(state.vars["card"])
                where = "/".join(self.sections_of(u)) or "nowhere"
                what = "the dice rolled for it" if state.vars.get("finest") else card.summary
                return RuleError(f"{card.name} cannot order {u.id} ({u.kind}, {where}) as well: {what}",
                                 "m44.order.units.announce")
            return None
        if isinstance(action, Target | DoneTargets):
            if pos != "card.target":
                return RuleError("Cards pick their targets right after they are played.", "m44.order.cards.data")
            effect = self.effect(state)
            chosen = state.vars["targets"]
            if isinstance(action, DoneTargets):
                return None if chosen else RuleError("Pick a target first.", "m44.order.cards.data")
            u = state.units.get(action.unit)
            if u is None or not u.alive:
                return RuleError(f"There is no unit {action.unit!r} on the map.", "m44.order.cards.data")
            if effect == "medics_mechanics":
                if u.side != side or u.strength >= u.max_strength:
                    return RuleError("Medics & Mechanics tends one of your own units that has lost figures.",
                                     "m44.order.cards.data")
                return None
            if u.side == side:
                return RuleError("Pick an enemy unit.", "m44.order.cards.data")
            if u.id in chosen:
                return RuleError(f"{u.id} is already a target.", "m44.order.cards.data")
            if effect == "barrage" and chosen:
                return RuleError("Barrage strikes one unit.", "m44.order.cards.data")
            if effect == "air_power":
                if len(chosen) >= 4:
                    return RuleError("Air Power strikes at most 4 units.", "m44.order.cards.data")
                if chosen and not any(hex_distance(state.units[c].at, u.at) == 1 for c in chosen):
                    return RuleError("Air Power's targets must be side by side: pick a unit next to one already "
                                     "picked.", "m44.order.cards.data")
            return None
        if isinstance(action, Move | EndMoves):
            if pos not in ("move.move", "again.move"):
                return RuleError("Units move in the Move phase, before any battle.",
                                 "m44.turn.sequence.move_before_battle")
            if isinstance(action, EndMoves):
                return None
            return self._move_error(state, action)
        if isinstance(action, Battle):
            if pos not in ("battle.choose", "battle.overrun"):
                return RuleError("Battles come after all moves, one at a time.", "m44.battle.unit.sequential")
            u, t = state.units.get(action.unit), state.units.get(action.target)
            if u is None or not u.alive or u.side != side:
                return RuleError(f"{action.unit} is not one of {side}'s units.", "m44.order.only_ordered_act")
            if t is None or not t.alive or t.side == side:
                return RuleError(f"{action.target} is not an enemy unit on the map.", "m44.turn.battle.steps")
            if pos == "battle.overrun" and u.id != state.vars["battle"]["attacker"]:
                return RuleError("Only the armor that took ground may make the overrun battle.",
                                 "m44.overrun.complete_before_next")
            return self._battle_error(state, u, t, overrun=pos == "battle.overrun")
        if isinstance(action, RemoveWire):
            if pos != "battle.choose":
                return RuleError("Wire is removed in place of a battle.", "m44.terrain.wire.infantry_remove")
            u = state.units.get(action.unit)
            if u is None or not u.alive or u.side != side:
                return RuleError(f"{action.unit} is not one of {side}'s units.", "m44.order.only_ordered_act")
            return self._wire_error(state, u)
        if isinstance(action, EndBattles):
            return None if pos == "battle.choose" else wrong
        if isinstance(action, IgnoreFlag | Retreat | StopRetreat):
            if pos != "battle.retreat":
                return RuleError("Retreats come only from flags rolled in a battle.", "m44.retreat.flag.distance")
            r = state.vars["retreat"]
            if action.unit != r["unit"]:
                return RuleError(f"{r['unit']} is the unit retreating.", "m44.retreat.flag.distance")
            if isinstance(action, IgnoreFlag):
                return None if r["optional"] > 0 else RuleError(
                    "No flag may be ignored here.", "m44.retreat.ignore_flag.general")
            if isinstance(action, StopRetreat):
                if 1 <= r["this_flag"] < r["max"]:
                    return None
                return RuleError("Each flag moves the unit back at least one hex.", "m44.retreat.flag.distance")
            options = self._retreat_options(state, state.units[r["unit"]])
            if action.to in options:
                return None
            return self._retreat_reason(state, state.units[r["unit"]], action.to)
        if isinstance(action, TakeGround | Hold):
            if pos in ("battle.take_ground", "battle.overrun"):
                if action.unit != state.vars["battle"]["attacker"]:
                    return RuleError(f"{state.vars['battle']['attacker']} is the unit that may advance.",
                                     "m44.take_ground.infantry")
                if isinstance(action, TakeGround) and pos == "battle.overrun":
                    return RuleError("Armor takes ground before its overrun battle, not instead of it.",
                                     "m44.overrun.take_ground_again")
                return None
            if pos in ("battle.battle_back", "battle.ambush") and isinstance(action, Hold):
                return None if action.unit == state.vars["battle"]["target"] else wrong
            return RuleError("Ground is taken only after a close assault that empties the enemy's hex.",
                             "m44.take_ground.close_assault_only")
        if isinstance(action, PlayAmbush):
            if pos != "battle.ambush" or action.unit != state.vars["battle"]["target"]:
                return RuleError("Ambush is played when one of your units is close assaulted, before the roll.",
                                 "m44.order.cards.data")
            return None
        if isinstance(action, BattleBack):
            if pos != "battle.battle_back" or action.unit != state.vars["battle"]["target"]:
                return RuleError("Only a British Commonwealth unit left with one figure by a close assault may "
                                 "battle back.", "m44.nation.bcf.battle_back.trigger")
            return None
        if isinstance(action, KeepCard):
            if pos != "draw.keep" or action.card not in state.vars["keep"]:
                return RuleError("Keep one of the two cards just drawn.", "m44.order.cards.data")
            return None
        if isinstance(action, Discard):
            who = self._over_limit(state)
            if pos != "draw.discard" or who is None or action.card not in state.hands[who]:
                return RuleError("No card has to be discarded now.", "m44.nation.italy.high_command.discard_on_loss")
            return None
        return wrong

    # ------------------------------------------------------------------------------------ move rules
    def _move_error(self, state: GameState, action: Move) -> RuleError | None:
        u = state.units.get(action.unit)
        if u is None or not u.alive or u.side != state.active:
            return RuleError(f"{action.unit} is not one of {state.active}'s units.", "m44.order.only_ordered_act")
        if u.id not in state.vars["ordered"]:
            return RuleError(f"{u.id} was not ordered this turn: only ordered units move.", "m44.order.only_ordered_act")
        if u.id in state.vars["moved"] and state.position != "again.move":
            return RuleError(f"{u.id} has already moved this turn.", "m44.move.unit.once_per_turn")
        to = action.to
        if to not in self.board.terrain:
            return RuleError("That hex is off the battlefield.", "m44.move.unit.once_per_turn")
        moves = self._moves(state, u)
        if to in moves:
            return None
        other = state.unit_at(to)
        if other is not None:
            return RuleError(f"{other.id} already holds {self.where(to)}: one unit per hex.", "m44.stack.one_unit_per_hex")
        blocker = self.field.impassable(state, to, u.kind)
        if blocker is not None:
            return RuleError(f"{blocker.title} is impassable to {u.kind}.", blocker.impassable_clause)
        allowance = self._allowance(state, u)
        d = hex_distance(u.at, to)
        if d > allowance:
            clause = {INFANTRY: "m44.move.infantry.range", ARMOR: "m44.move.armor.range",
                      ARTILLERY: "m44.move.artillery.range"}[u.kind]
            if u.attrs.get("badge") == "french_resistance":
                clause = "m44.nation.french_resistance.move_range"
            return RuleError(f"{u.id} moves at most {allowance} hex(es); {self.where(to)} is {d} away.", clause)
        name = self.board.terrain[to]
        if name == "beach" and d > 2:
            return RuleError("A move onto a beach covers at most 2 hexes.", "m44.terrain.beach.move")
        if name == "ocean" or self.board.terrain[u.at] == "ocean":
            return RuleError("A move in or into the ocean covers at most 1 hex.", "m44.terrain.ocean.move")
        if name == "hedgerow":
            return RuleError("A unit enters a hedgerow only from a hex next to it.",
                             "m44.terrain.hedgerow.enter_from_adjacent")
        return RuleError(f"No way to {self.where(to)} within {allowance} hex(es): terrain that stops a move, "
                         "a beach, or units in the way.", "m44.stack.no_entry_occupied")

    # ------------------------------------------------------------------------------------ battle rules
    def _battle_error(self, state: GameState, u: Unit, t: Unit, overrun: bool = False) -> RuleError | None:
        v = state.vars
        if u.id not in v["ordered"]:
            return RuleError(f"{u.id} was not ordered this turn: only ordered units battle.", "m44.order.only_ordered_act")
        if overrun:
            if u.id in v["overrun"]:
                return RuleError(f"{u.id} has had its overrun battle this turn.", "m44.overrun.once_per_turn")
        elif u.id in v["battled"]:
            twice = self.effect(state) == "artillery_bombard" and u.kind == ARTILLERY and v["battled"].count(u.id) < 2
            if not twice:
                return RuleError(f"{u.id} has already battled this turn.", "m44.battle.unit.once_per_turn")
        moved = v["moved"].get(u.id)
        if self.board.terrain[u.at] == "ocean":
            return RuleError("A unit in the ocean cannot battle.", "m44.terrain.ocean.no_battle")
        close = hex_distance(u.at, t.at) == 1
        banzai_only = False
        if moved:
            if u.kind == ARTILLERY:
                return RuleError("Artillery either moves or battles, never both.", "m44.move.artillery.move_or_battle")
            badge = u.attrs.get("badge")
            if self.effect(state) == "behind_enemy_lines" and u.kind == INFANTRY:
                pass  # it may battle after a 3-hex move (the card)
            elif self.effect(state) == "infantry_assault" and u.kind == INFANTRY:
                if moved["hexes"] >= 3:
                    return RuleError(f"{u.id} moved 3 hexes under Infantry Assault: no battle after that.",
                                     "m44.order.cards.data")
            elif u.kind == INFANTRY and moved["hexes"] >= 2:
                if badge == "french_resistance":
                    return RuleError("French Resistance that moved 2 hexes cannot battle.",
                                     "m44.sf.french_resistance.two_hex_no_battle")
                if badge != "special_forces":
                    if u.attrs.get("nation") == "japan":
                        banzai_only = True  # m44.nation.japan.banzai.move_two
                    else:
                        return RuleError(f"{u.id} moved 2 hexes: infantry that moves 2 cannot battle.",
                                         "m44.move.infantry.two_hex_no_battle")
            stopped = [r for r in moved["stop_rules"] if r.get("no_battle")]
            if stopped and badge != "french_resistance":
                name = stopped[0]["name"]
                return RuleError(f"{u.id} moved into {name} this turn and cannot battle.",
                                 f"m44.terrain.{name}.no_battle")
        if overrun:
            stopped_here = [r for r in self.field.rules_at(state, u.at) if r.no_battle_after_entry]
            if stopped_here:
                return RuleError(f"{u.id} took ground into {stopped_here[0].title.lower()}: no overrun from there.",
                                 "m44.overrun.terrain_no_battle")
        effect = self.effect(state)
        if effect == "close_assault" and not close and not overrun:
            return RuleError("Close Assault: the ordered units battle only adjacent enemies.", "m44.order.cards.data")
        if effect == "firefight" and close:
            return RuleError("Firefight: the ordered units only fire at range.", "m44.order.cards.data")
        err = reach_error(self.field, state, u, t, close_only=banzai_only and not close)
        if err is not None:
            return err
        dice = battle_dice(self.field, state, u, t)
        if dice.count <= 0:
            return RuleError(f"After terrain, {u.id} would roll no dice at {t.id}.", "m44.terrain.general.min_dice")
        return None

    def _wire_error(self, state: GameState, u: Unit) -> RuleError | None:
        if u.id not in state.vars["ordered"]:
            return RuleError(f"{u.id} was not ordered this turn.", "m44.order.only_ordered_act")
        if u.kind != INFANTRY or "wire" not in state.features.get(u.at, []):
            return RuleError("Only infantry standing in wire may remove it.", "m44.terrain.wire.infantry_remove")
        if u.id in state.vars["battled"]:
            return RuleError(f"{u.id} has already battled this turn.", "m44.battle.unit.once_per_turn")
        return None

    # ------------------------------------------------------------------------------------ retreats
    def _retreat_options(self, state: GameState, u: Unit) -> list[Hex]:
        if self._holds_fast(state, u):
            return []  # m44.terrain.bunker.artillery_no_retreat, m44.terrain.field_bunker.no_retreat
        hexes, _ = self.field.retreat_hexes(u.side, u.at)
        out = []
        for h in hexes:
            if state.unit_at(h) is not None:
                continue  # m44.retreat.units.block
            if self.board.terrain[h] == "ocean":
                continue  # m44.retreat.sea.loss, m44.terrain.ocean.no_retreat
            if self.field.impassable(state, h, u.kind):
                continue  # m44.retreat.terrain.impassable
            out.append(h)
        return out

    def _holds_fast(self, state: GameState, u: Unit) -> bool:
        """Artillery in a bunker, and armor or artillery in a field bunker, never retreat."""
        names = [r.name for r in self.field.rules_at(state, u.at)]
        return (u.kind == ARTILLERY and "bunker" in names) or (u.kind in (ARMOR, ARTILLERY) and "field_bunker" in names)

    def _retreat_reason(self, state: GameState, u: Unit, h: Hex) -> RuleError:
        if self._holds_fast(state, u):
            in_bunker = u.kind == ARTILLERY and self.board.terrain[u.at] == "bunker"
            return RuleError(f"{u.id} cannot retreat from its bunker: each flag costs a figure instead.",
                             "m44.terrain.bunker.artillery_no_retreat" if in_bunker
                             else "m44.terrain.field_bunker.no_retreat")
        hexes, _ = self.field.retreat_hexes(u.side, u.at)
        if h not in hexes:
            return RuleError("A retreat goes to an adjacent hex nearer the unit's own edge of the board.",
                             "m44.retreat.direction.choice")
        if state.unit_at(h) is not None:
            return RuleError("A retreating unit may not enter a hex with another unit.", "m44.retreat.units.block")
        if self.board.terrain[h] == "ocean":
            return RuleError("No unit may retreat into the sea.", "m44.terrain.ocean.no_retreat")
        return RuleError("Impassable terrain.", "m44.retreat.terrain.impassable")

    # =========================================================================================== apply
    def apply(self, ctx: Context, action: Action) -> None:
        s = ctx.state
        v = s.vars
        side = s.active
        if isinstance(action, PlayCard):
            card = self.card(action.card)
            if v["chip"].get(side) == action.card and self._nation(side) == "soviet":
                v["chip"][side] = None  # m44.nation.soviet.commissar.play_from_chip
                s.decks["chip"].remove(action.card)
            else:
                s.hands[side].remove(action.card)
            s.decks["discard"].append(action.card)
            v["last_card"][side] = action.card
            if action.card == "counter_attack":
                copied = self.mirrored(v["last_card"][s.other(side)])
                ctx.event("CounterAttack", f"{side} plays Counter-Attack: it becomes {self.card(copied).name}, the "
                          "card the enemy played last turn.", ["m44.order.cards.data"], side, card=copied)
                v["counter"] = True
                card = self.card(copied)
                action = PlayCard(copied)
            v["card"] = action.card
            named = frozenset().union(*(sl.kinds or frozenset() for sl in card.slots))
            if card.any_fallback and named and not any(u.kind in named for u in s.units_of(side)):
                v["fallback"] = True
                ctx.event("CardFallback", f"{side} has no {' or '.join(sorted(named))} units: {card.name} orders 1 "
                          "unit of the player's choice instead, with no bonus.", ["m44.order.cards.data"], side)
            extra = " (Gung-Ho!: one more unit)" if self._nation(side) == "usmc" and card.gung_ho else ""
            ctx.event("CardPlayed", f"{side} plays {card.name}: {card.summary}{extra}",
                      ["m44.order.card.one_per_turn", "m44.order.cards.data"]
                      + (["m44.nation.usmc.section_plus_one"] if extra and card.kind == "section" else []),
                      side, card=action.card)
            if self._nation(side) == "soviet" and v["chip"].get(side) is None and s.hands[side]:
                ctx.goto("card.chip")
            else:
                self._begin_orders(ctx)
        elif isinstance(action, PutUnderChip):
            s.hands[side].remove(action.card)
            s.decks["chip"].append(action.card)
            v["chip"][side] = action.card
            ctx.event("CommissarChip", f"{side} puts a card under the Commissar chip.",
                      ["m44.nation.soviet.commissar.timing"], side)
            if v["card"] is None:
                ctx.goto("card.play")
            else:
                self._begin_orders(ctx)
        elif isinstance(action, Order):
            v["ordered"].append(action.unit)
            u = s.units[action.unit]
            ctx.event("UnitOrdered", f"{self.unit_title(u)} is ordered ({'/'.join(self.sections_of(u))}).",
                      ["m44.order.units.announce", "m44.order.section.straddle"], side, unit=u.id)
        elif isinstance(action, DoneOrdering):
            effect = self.effect(s)
            if effect == "infantry_assault" and v["ordered"]:
                common = set(self.sections_of(s.units[v["ordered"][0]]))
                for uid in v["ordered"][1:]:
                    common &= set(self.sections_of(s.units[uid]))
                v["ia_section"][side] = sorted(common)[0] if common else None
            if not v["ordered"]:
                ctx.event("NoOrders", "The card orders no unit: the turn passes to the draw.",
                          ["m44.order.cards.data"], side)
                ctx.goto("draw.draw")
            elif effect == "dig_in":
                for uid in v["ordered"]:
                    u = s.units[uid]
                    feats = s.features.setdefault(u.at, [])
                    if "sandbags" not in feats and self.board.terrain[u.at] not in ("ocean", "river"):
                        feats.append("sandbags")
                        ctx.event("DugIn", f"{uid} digs in: sandbags in {self.where(u.at)}.",
                                  ["m44.order.cards.data", "m44.terrain.sandbags.dice"], side, unit=uid)
                ctx.goto("draw.draw")
            elif effect in ("close_assault", "firefight"):
                ctx.event("NoMoves", f"{self.card(v['card']).name}: the ordered units do not move.",
                          ["m44.order.cards.data"], side)
                ctx.goto("battle.choose")
            else:
                ctx.goto("move.move")
        elif isinstance(action, Target):
            v["targets"].append(action.unit)
            effect = self.effect(s)
            u = s.units[action.unit]
            ctx.event("TargetPicked", f"{self.card(v['card']).name}: {u.id} in {self.where(u.at)}.",
                      ["m44.order.cards.data"], side, unit=u.id)
            if effect == "medics_mechanics":
                ctx.goto("card.heal")
            elif effect == "barrage" or len(v["targets"]) >= 4:
                v["queue"] = list(v["targets"])
                self._start_card_attack(ctx)
        elif isinstance(action, DoneTargets):
            v["queue"] = list(v["targets"])
            self._start_card_attack(ctx)
        elif isinstance(action, Move):
            self._move(ctx, s.units[action.unit], action.to)
            if s.position == "again.move":
                v["again_done"] = True
                ctx.goto("draw.draw")
        elif isinstance(action, EndMoves):
            ctx.goto("draw.draw" if s.position == "again.move" else "battle.choose")
        elif isinstance(action, Battle):
            self._begin_battle(ctx, s.units[action.unit], s.units[action.target], s.position == "battle.overrun")
        elif isinstance(action, RemoveWire):
            u = s.units[action.unit]
            s.features[u.at].remove("wire")
            v["battled"].append(u.id)
            ctx.event("WireRemoved", f"{u.id} clears the wire in {self.where(u.at)} instead of battling.",
                      ["m44.terrain.wire.infantry_remove"], side, unit=u.id)
        elif isinstance(action, EndBattles):
            bel = [uid for uid in v["ordered"] if s.units[uid].alive and s.units[uid].kind == INFANTRY]
            if self.effect(s) == "behind_enemy_lines" and bel and not v["again_done"]:
                ctx.goto("again.move")
            else:
                ctx.goto("draw.draw")
        elif isinstance(action, PlayAmbush):
            b = v["battle"]
            ambusher, attacker = s.units[b["target"]], s.units[b["attacker"]]
            owner = ambusher.side
            s.hands[owner].remove("ambush")
            s.decks["discard"].append("ambush")
            v["ambush_draw"] = owner
            dice = battle_dice(self.field, s, ambusher, attacker)
            v["pending"] = dict(b, at=attacker.at)
            v["battle"] = {"attacker": ambusher.id, "target": attacker.id, "dice": dice.count, "close": True,
                           "kind": "ambush", "from": attacker.at}
            ctx.event("Ambush", f"{owner} plays Ambush: {ambusher.id} battles {attacker.id} first with "
                      f"{dice.words()} dice.", ["m44.order.cards.data", *dice.clauses], owner, dice=dice.count)
            ctx.goto("battle.ambush_roll")
        elif isinstance(action, IgnoreFlag):
            r = v["retreat"]
            r["optional"] -= 1
            r["flags"] -= 1
            ctx.event("FlagIgnored", f"{r['unit']} holds its ground and ignores a flag.", [r["ignore_clause"]],
                      s.units[r["unit"]].side, unit=r["unit"])
            self._continue_retreat(ctx)
        elif isinstance(action, Retreat):
            self._retreat_step(ctx, s.units[action.unit], action.to)
            self._continue_retreat(ctx)
        elif isinstance(action, StopRetreat):
            r = v["retreat"]
            r["flags"] -= 1
            r["this_flag"] = 0
            self._continue_retreat(ctx)
        elif isinstance(action, TakeGround):
            self._take_ground(ctx)
        elif isinstance(action, Hold) and s.position == "battle.ambush":
            ctx.goto("battle.roll")
        elif isinstance(action, Hold):
            if s.position == "battle.battle_back":
                ctx.event("NoBattleBack", f"{action.unit} does not battle back.", ["m44.nation.bcf.battle_back.trigger"],
                          s.units[action.unit].side)
            self._end_battle(ctx)
        elif isinstance(action, BattleBack):
            b = v["battle"]
            v["battle"] = {"attacker": b["target"], "target": b["attacker"], "dice": 1, "close": True,
                           "kind": "battle_back", "from": None}
            ctx.event("BattleBack", f"{b['target']} battles back at {b['attacker']} with 1 die, ignoring terrain.",
                      ["m44.nation.bcf.battle_back.trigger", "m44.nation.bcf.battle_back.no_terrain"],
                      s.units[b["target"]].side)
            ctx.goto("battle.back_roll")
        elif isinstance(action, KeepCard):
            s.hands[side].append(action.card)
            rest = list(v["keep"])
            rest.remove(action.card)
            s.decks["discard"].extend(rest)
            v["keep"] = []
            ctx.event("CardKept", f"{side} keeps one of the two cards and discards the other.",
                      ["m44.order.cards.data"], side)
            self._after_draw(ctx)
        elif isinstance(action, Discard):
            who = self._over_limit(s)
            s.hands[who].remove(action.card)
            s.decks["discard"].append(action.card)
            ctx.event("HighCommand", f"{who} discards a command card: High Command shrinks with each lost unit.",
                      ["m44.nation.italy.high_command.discard_on_loss"], who)
            if self._over_limit(s) is None:
                ctx.goto("end.check")

    def _begin_orders(self, ctx: Context) -> None:
        """After the card: pick its targets, roll for it, or order units."""
        s = ctx.state
        effect = self.effect(s)
        if effect == "medics_mechanics" and not any(u.strength < u.max_strength for u in s.units_of(s.active)):
            ctx.event("NoTarget", "Medics & Mechanics: no unit has lost a figure, so the card does nothing.",
                      ["m44.order.cards.data"], s.active)
            ctx.goto("draw.draw")
        elif effect in ("barrage", "air_power") and not s.units_of(s.other(s.active)):
            ctx.event("NoTarget", f"{self.card(s.vars['card']).name}: no enemy unit is left to strike.",
                      ["m44.order.cards.data"], s.active)
            ctx.goto("draw.draw")
        elif effect in ("barrage", "air_power", "medics_mechanics"):
            ctx.goto("card.target")
        elif effect == "their_finest_hour":
            ctx.goto("card.finest")
        else:
            ctx.goto("order.announce")

    def _start_card_attack(self, ctx: Context) -> None:
        """Barrage and Air Power: strike the next target in the queue, or end the turn's action."""
        s = ctx.state
        v = s.vars
        while v["queue"]:
            t = s.units[v["queue"].pop(0)]
            if not t.alive:
                continue
            air = self.effect(s) == "air_power"
            n = (2 if s.active == self._allies(s) else 1) if air else 4
            v["battle"] = {"attacker": None, "target": t.id, "dice": n, "close": False,
                           "kind": "air" if air else "barrage", "from": t.at}
            name = "Air Power" if air else "Barrage"
            ctx.event("BattleDeclared", f"{name} strikes {t.id} in {self.where(t.at)} with {n} dice, ignoring "
                      "terrain.", ["m44.order.cards.data"], s.active, dice=n)
            ctx.goto("battle.roll")
            return
        v["battle"] = None
        ctx.goto("draw.draw")

    def _move(self, ctx: Context, u: Unit, to: Hex) -> None:
        s = ctx.state
        info = self._moves(s, u)[to]
        frm = u.at
        u.at = to
        stop_rules = [{"name": r.name, "no_battle": r.no_battle_after_entry}
                      for r in self.field.rules_at(s, to) if r.move_stop or r.no_battle_after_entry]
        s.vars["moved"][u.id] = {"hexes": info["cost"], "stop_rules": stop_rules}
        clauses = ["m44.move.unit.once_per_turn", {INFANTRY: "m44.move.infantry.range", ARMOR: "m44.move.armor.range",
                                                   ARTILLERY: "m44.move.artillery.range"}[u.kind]]
        clauses += [f"m44.terrain.{r['name']}.move_stop" for r in stop_rules if r["name"] in TERRAIN or r["name"] == "wire"]
        ctx.event("UnitMoved", f"{u.id} moves from {self.where(frm)} to {self.where(to)} ({info['cost']} hex"
                  f"{'es' if info['cost'] != 1 else ''}).", clauses, u.side, unit=u.id, frm=frm, to=to)
        self._vacate(ctx, frm)
        if u.kind == ARMOR and "wire" in s.features.get(to, []):
            s.features[to].remove("wire")
            ctx.event("WireRemoved", f"{u.id}'s tanks crush the wire in {self.where(to)}.",
                      ["m44.terrain.wire.armor_remove"], u.side)

    def _vacate(self, ctx: Context, h: Hex) -> None:
        """Sandbags go when their hex is left (m44.terrain.sandbags.remove); sea walls stay."""
        feats = ctx.state.features.get(h, [])
        if "sandbags" in feats:
            feats.remove("sandbags")
            ctx.event("SandbagsRemoved", f"The sandbags in {self.where(h)} are removed as their unit leaves.",
                      ["m44.terrain.sandbags.remove"])

    # ------------------------------------------------------------------------------------ battles
    def _begin_battle(self, ctx: Context, u: Unit, t: Unit, overrun: bool) -> None:
        s = ctx.state
        close = hex_distance(u.at, t.at) == 1
        bonus, name = self._card_bonus(s, u, close, overrun)
        dice = battle_dice(self.field, s, u, t, bonus=bonus, bonus_reason=name, bonus_clause="m44.order.cards.data")
        if overrun:
            s.vars["overrun"].append(u.id)
        else:
            s.vars["battled"].append(u.id)
        s.vars["battle"] = {"attacker": u.id, "target": t.id, "dice": dice.count, "close": close,
                            "kind": "overrun" if overrun else "battle", "from": t.at}
        how = "close assaults" if close else "fires at"
        ctx.event("BattleDeclared", f"{u.id} {how} {t.id} in {self.where(t.at)}: {dice.words()} dice.",
                  ["m44.battle.close_assault.definition" if close else "m44.battle.fire.definition", *dice.clauses]
                  + (["m44.overrun.armor.extra_battle"] if overrun else []), u.side, dice=dice.count)
        if close and not overrun and "ambush" in s.hands[t.side] and self._can_ambush(s, t, u):
            ctx.goto("battle.ambush")
        else:
            ctx.goto("battle.roll")

    def _can_ambush(self, s: GameState, ambusher: Unit, attacker: Unit) -> bool:
        """Ambush needs the attacked unit able to battle its attacker (range, sight, at least one die)."""
        if self.board.terrain[ambusher.at] == "ocean":
            return False
        if reach_error(self.field, s, ambusher, attacker) is not None:
            return False
        return battle_dice(self.field, s, ambusher, attacker).count > 0

    def dice(self, state: GameState):
        if state.position in ("card.heal", "card.finest"):
            return [(BATTLE_DIE, len(state.hands[state.active]) + 1)]  # the hand, and the card just played
        return [(BATTLE_DIE, state.vars["battle"]["dice"])]

    def dice_location(self, state: GameState):
        b = state.vars.get("battle")
        if state.position in ("battle.roll", "battle.ambush_roll", "battle.back_roll") and b:
            return state.units[b["target"]].at
        return None

    def dice_groups(self, state: GameState) -> list[str]:
        if state.position in ("card.heal", "card.finest"):
            return [self.card(state.vars["card"]).name]
        b = state.vars["battle"]
        who = b["attacker"] or self.card(state.vars["card"]).name
        return [f"{who} at {b['target']}"]

    def resolve(self, ctx: Context, faces) -> None:
        s = ctx.state
        if s.position == "card.heal":
            self._heal(ctx, faces[0])
            return
        if s.position == "card.finest":
            rolled = faces[0]
            f = {"infantry": rolled.count("infantry"), "armor": rolled.count("armor"), "any": rolled.count("star")}
            s.vars["finest"] = f
            ctx.event("FinestHour", f"Their Finest Hour: {f['infantry']} infantry, {f['armor']} armor and "
                      f"{f['any']} unit(s) of any kind may be ordered; they battle with 1 extra die.",
                      ["m44.order.cards.data", "m44.resolve.symbol.star"], s.active, **f)
            ctx.goto("order.announce")
            return
        b = s.vars["battle"]
        att, tgt = (s.units[b["attacker"]] if b["attacker"] else None), s.units[b["target"]]
        by = att.side if att is not None else s.active
        hits, flags = resolve_faces(faces[0], tgt.kind, stars_hit=b["kind"] == "air")
        ctx.event("BattleResult", f"{hits} hit(s) and {flags} flag(s) against {tgt.kind} {tgt.id}.",
                  ["m44.resolve.hit.matching", "m44.resolve.hit.figure_removal"]
                  + (["m44.resolve.symbol.star"] if b["kind"] == "air" else []), by, hits=hits, flags=flags)
        if hits:
            self._lose(ctx, tgt, hits, by, ["m44.resolve.hit.figure_removal"])
        if not tgt.alive:
            if flags:
                ctx.event("FlagsLost", "The unit is gone: its flags have no effect.", ["m44.resolve.excess_hits"])
            b["vacated"] = True
            self._after_resolution(ctx)
            return
        if s.result is not None:
            return
        if flags:
            self._begin_retreat(ctx, tgt, flags, by, may_ignore=b["kind"] not in ("air", "barrage"),
                                attacker_at=att.at if att is not None else None)
        else:
            self._after_resolution(ctx)

    def _heal(self, ctx: Context, rolled) -> None:
        """Medics & Mechanics: the unit's own symbol or a star brings a figure back, never above its start."""
        s = ctx.state
        u = s.units[s.vars["targets"][0]]
        good = sum(1 for f in rolled if f == "star" or (f == u.kind and u.kind in (INFANTRY, ARMOR)))
        back = min(good, u.max_strength - u.strength)
        u.strength += back
        ctx.event("Healed", f"Medics & Mechanics: {u.id} gets {back} figure(s) back"
                  + (f" ({good - back} more rolled than it had lost)" if good > back else "") + ".",
                  ["m44.order.cards.data", "m44.resolve.symbol.star"], u.side, unit=u.id, back=back)
        if back:
            s.vars["ordered"] = [u.id]
            ctx.event("UnitOrdered", f"{u.id} is ordered and may move and battle.", ["m44.order.cards.data"], u.side,
                      unit=u.id)
            ctx.goto("move.move")
        else:
            ctx.goto("draw.draw")

    def _lose(self, ctx: Context, u: Unit, n: int, by: str, clauses: list[str]) -> None:
        s = ctx.state
        lost = min(n, u.strength)
        u.strength -= lost
        ctx.event("FiguresLost", f"{u.id} loses {lost} figure{'s' if lost != 1 else ''}"
                  + (f" ({n - lost} hit(s) more than it had)" if n > lost else "") + ".",
                  clauses + (["m44.resolve.excess_hits"] if n > lost else []), u.side, unit=u.id, lost=lost)
        if u.strength == 0:
            at = u.at
            u.at = None
            s.vars["eliminated"][by].append(u.id)
            self._vacate(ctx, at)
            ctx.event("MedalWon", f"{u.id} is eliminated: {by} takes its last figure as a medal.",
                      ["m44.victory.medal.last_figure"], by, unit=u.id)
            if self._nation(u.side) == "italy":
                limit = s.vars["hand_limit"]
                if limit[u.side] > 3:
                    limit[u.side] -= 1
                    ctx.event("HighCommand", f"High Command: {u.side}'s hand shrinks to {limit[u.side]} cards.",
                              ["m44.nation.italy.high_command.discard_on_loss", "m44.nation.italy.high_command.floor"],
                              u.side)
            self._score(ctx)

    def _score(self, ctx: Context) -> None:
        s = ctx.state
        for side in s.sides:
            s.score[side] = len(s.vars["eliminated"][side]) + len(s.vars["held"][side])
        for side in s.sides:
            if s.result is None and s.score[side] >= self._medal_target(side):
                ctx.end(side, f"{side} reaches {self._medal_target(side)} medals", ["m44.victory.medals.target"])

    def _begin_retreat(self, ctx: Context, u: Unit, flags: int, by: str, may_ignore: bool = True,
                       attacker_at: Hex | None = None) -> None:
        s = ctx.state
        ignores = flag_ignores(self.field, s, u, attacker_at) if may_ignore else NO_IGNORES
        compulsory, optional, clause = ignores.compulsory(flags), ignores.may, ignores.clause
        if compulsory:
            ignored = compulsory
            flags -= ignored
            ctx.event("FlagIgnored", f"{u.id} must ignore {ignored} flag(s).", [clause], u.side, unit=u.id)
        per_flag = 3 if (u.attrs.get("badge") == "french_resistance" or
                         (self._nation(u.side) == "italy")) else 1
        s.vars["retreat"] = {"unit": u.id, "flags": flags, "optional": min(optional, flags), "this_flag": 0,
                             "max": per_flag, "by": by, "ignore_clause": clause}
        self._continue_retreat(ctx)

    def _continue_retreat(self, ctx: Context) -> None:
        s = ctx.state
        r = s.vars["retreat"]
        u = s.units[r["unit"]]
        while True:
            if s.result is not None:
                return
            if not u.alive or r["flags"] <= 0:
                s.vars["retreat"] = None
                if not u.alive:
                    s.vars["battle"]["vacated"] = True
                self._after_resolution(ctx)
                return
            if r["this_flag"] >= r["max"]:
                r["flags"] -= 1
                r["this_flag"] = 0
                continue
            no_retreat = [x for x in self.field.rules_at(s, u.at)
                          if (x.name == "bunker" and u.kind == ARTILLERY) or
                          (x.name == "field_bunker" and u.kind in (ARMOR, ARTILLERY))]
            if no_retreat and r["optional"] == 0:  # the flag it may ignore is decided first (the note's reading)
                clause = ("m44.terrain.bunker.artillery_no_retreat" if no_retreat[0].name == "bunker"
                          else "m44.terrain.field_bunker.no_retreat")
                n = r["flags"]
                r["flags"] = 0
                ctx.event("NoRetreat", f"{u.id} cannot retreat from the {no_retreat[0].title.lower()}: it loses a "
                          "figure for each flag instead.", [clause], u.side)
                self._lose(ctx, u, n, r["by"], [clause])
                continue
            options = self._retreat_options(s, u)
            if r["this_flag"] == 0 and not options and r["optional"] == 0:
                hexes, off = self.field.retreat_hexes(u.side, u.at)
                free = [h for h in hexes if s.unit_at(h) is None]
                if not hexes and off:
                    clause, why = "m44.retreat.off_board.loss", "would leave the battlefield"
                elif free and all(self.board.terrain[h] == "ocean" for h in free):
                    clause, why = "m44.retreat.sea.loss", "would go into the sea"
                else:
                    clause, why = "m44.retreat.blocked.loss", "is blocked"
                n = r["flags"]
                r["flags"] = 0
                ctx.event("RetreatBlocked", f"{u.id}'s retreat {why}: it loses {n} figure(s) instead.",
                          [clause, "m44.retreat.blocked.loss"], u.side, unit=u.id)
                self._lose(ctx, u, n, r["by"], [clause])
                continue
            if r["this_flag"] >= 1 and not options:
                r["flags"] -= 1  # it has retreated at least one hex for this flag; it may stop here
                r["this_flag"] = 0
                continue
            if len(options) == 1 and r["optional"] == 0 and r["max"] == 1:
                self._retreat_step(ctx, u, options[0])
                continue
            ctx.goto("battle.retreat")
            return

    def _retreat_step(self, ctx: Context, u: Unit, to: Hex) -> None:
        s = ctx.state
        r = s.vars["retreat"]
        frm = u.at
        u.at = to
        r["this_flag"] += 1
        if r["this_flag"] >= r["max"]:
            r["flags"] -= 1
            r["this_flag"] = 0
        clauses = ["m44.retreat.flag.distance", "m44.retreat.terrain.no_effect"]
        if r["max"] > 1:
            clauses.append("m44.sf.french_resistance.retreat" if u.attrs.get("badge") == "french_resistance"
                           else "m44.nation.italy.motorized.retreat")
        ctx.event("Retreated", f"{u.id} retreats from {self.where(frm)} to {self.where(to)}.", clauses, u.side,
                  unit=u.id, frm=frm, to=to)
        s.vars["battle"]["vacated"] = True
        self._vacate(ctx, frm)

    def _after_resolution(self, ctx: Context) -> None:
        s = ctx.state
        b = s.vars["battle"]
        if s.result is not None:
            return
        if b is None:
            ctx.goto("battle.choose")
            return
        if b["kind"] in ("air", "barrage"):
            s.vars["retreat"] = None
            self._start_card_attack(ctx)
            return
        att, tgt = s.units[b["attacker"]], s.units[b["target"]]
        if b["kind"] == "ambush":
            pending = s.vars["pending"]
            s.vars["pending"] = None
            s.vars["retreat"] = None
            original = s.units[pending["attacker"]]
            if original.alive and original.at == pending["at"]:
                s.vars["battle"] = {k: pending[k] for k in ("attacker", "target", "dice", "close", "kind", "from")}
                ctx.event("AttackGoesOn", f"{original.id} survived the ambush in place and attacks.",
                          ["m44.order.cards.data"], original.side)
                ctx.goto("battle.roll")
            else:
                ctx.event("AttackCancelled", f"The ambush stops {original.id}'s attack.", ["m44.order.cards.data"],
                          tgt.side)
                self._end_battle(ctx)
            return
        if b["kind"] == "battle_back":
            self._end_battle(ctx)
            return
        if b["close"] and b.get("vacated") and att.alive and self._can_take_ground(s, att, b["from"]):
            ctx.goto("battle.take_ground")
            return
        if (b["close"] and tgt.alive and not b.get("vacated") and tgt.strength == 1
                and self._nation(tgt.side) == "bcf" and att.alive):
            ctx.goto("battle.battle_back")
            return
        self._end_battle(ctx)

    def _can_take_ground(self, s: GameState, u: Unit, h: Hex) -> bool:
        if u.kind == ARTILLERY:
            return False  # m44.take_ground.artillery.forbidden
        if s.unit_at(h) is not None or self.field.impassable(s, h, u.kind):
            return False  # m44.take_ground.impassable
        if self.board.terrain[u.at] == "beach" and self.board.terrain[h] == "cliff":
            return False  # m44.terrain.cliff.no_take_ground_from_beach (a sea bluff allows it)
        return u.kind in (INFANTRY, ARMOR)

    def _take_ground(self, ctx: Context) -> None:
        s = ctx.state
        b = s.vars["battle"]
        u = s.units[b["attacker"]]
        frm, to = u.at, b["from"]
        u.at = to
        clause = "m44.overrun.armor.take_ground" if u.kind == ARMOR else "m44.take_ground.infantry"
        if u.attrs.get("badge") == "french_resistance":
            clause = "m44.nation.french_resistance.take_ground"
        extra = []
        if self.board.terrain[to] == "hedgerow":
            extra.append("m44.terrain.hedgerow.take_ground")
        if self.board.terrain[to] == "beach":
            extra.append("m44.terrain.beach.take_ground")
        ctx.event("TookGround", f"{u.id} takes ground: {self.where(frm)} to {self.where(to)}.",
                  [clause, "m44.take_ground.close_assault_only", *extra], u.side, unit=u.id, frm=frm, to=to)
        self._vacate(ctx, frm)
        if u.kind == ARMOR and b["kind"] == "battle" and u.id not in s.vars["overrun"]:
            if [r for r in self.field.rules_at(s, to) if r.no_battle_after_entry]:
                ctx.event("NoOverrun", f"{u.id} stopped in {self.board.titles.get(self.board.terrain[to], '')}: "
                          "no overrun battle from there.", ["m44.overrun.terrain_no_battle"], u.side)
                self._end_battle(ctx)
                return
            ctx.goto("battle.overrun")
            return
        self._end_battle(ctx)

    def _end_battle(self, ctx: Context) -> None:
        ctx.state.vars["battle"] = None
        ctx.state.vars["retreat"] = None
        if ctx.state.result is None:
            ctx.goto("battle.choose")

    # =========================================================================================== auto
    def auto(self, ctx: Context) -> None:
        s = ctx.state
        if s.position == "draw.draw":
            card = self.card(s.vars["card"]) if s.vars["card"] else None
            owner = s.vars.get("ambush_draw")
            if owner:
                s.hands[owner].append(self._pop(ctx))
                s.vars["ambush_draw"] = None
                ctx.event("CardDrawn", f"{owner} draws a card to replace the Ambush.", ["m44.turn.draw.one_card"], owner)
            if card is not None and card.effect == "their_finest_hour" and not s.vars.get("counter"):
                s.decks["deck"] += s.decks["discard"]
                s.decks["discard"] = []
                ctx.shuffle(s.decks["deck"])
                ctx.event("Reshuffled", "Their Finest Hour: the deck and the discards are shuffled together.",
                          ["m44.order.cards.data"], s.active)
            if card is not None and card.effect == "recon":
                s.vars["keep"] = [self._pop(ctx), self._pop(ctx)]
                ctx.event("CardsDrawn", f"{s.active} draws two cards (Recon) and keeps one.",
                          ["m44.turn.draw.one_card", "m44.order.cards.data"], s.active)
                ctx.goto("draw.keep")
                return
            if len(s.hands[s.active]) < s.vars["hand_limit"][s.active]:
                s.hands[s.active].append(self._pop(ctx))
                ctx.event("CardDrawn", f"{s.active} draws a command card.", ["m44.turn.draw.one_card"], s.active)
            else:
                ctx.event("NoDraw", f"{s.active}'s hand is at its High Command limit: no card is drawn.",
                          ["m44.nation.italy.high_command.discard_on_loss"], s.active)
            self._after_draw(ctx)
            return
        # end.check: objectives, victory, the other side's turn
        held = {side: [] for side in s.sides}
        for obj in self.options.objectives:
            h = self.board.parse(obj.hex)
            u = s.unit_at(h)
            if obj.kind == "permanent" and obj.hex in s.vars["held"][obj.side]:
                held[obj.side].append(obj.hex)
            elif u is not None and u.side == obj.side:
                held[obj.side].append(obj.hex)
        for side in s.sides:
            gained = set(held[side]) - set(s.vars["held"][side])
            lost = set(s.vars["held"][side]) - set(held[side])
            for label in sorted(gained):
                ctx.event("MedalWon", f"{side} holds the objective {label}: one medal.", ["m44.victory.medals.target"],
                          side)
            for label in sorted(lost):
                ctx.event("MedalLost", f"{side} no longer holds the objective {label}.", ["m44.victory.medals.target"],
                          side)
        s.vars["held"] = held
        self._score(ctx)
        if s.result is not None:
            return
        s.vars.update({"card": None, "ordered": [], "moved": {}, "battled": [], "overrun": [], "battle": None,
                       "retreat": None, "fallback": False, "finest": None, "targets": [], "queue": [],
                       "counter": False, "again_done": False, "pending": None})
        if s.active == s.sides[-1]:
            s.turn += 1
        s.active = s.other(s.active)
        if self._nation(s.active) == "soviet" and s.vars["chip"].get(s.active) is None and s.hands[s.active]:
            ctx.goto("card.chip")
        else:
            ctx.goto("card.play")
        ctx.event("TurnBegan", f"Turn {s.turn}: {s.active} to play.", ["m44.turn.first_player.scenario"], s.active)

    def _after_draw(self, ctx: Context) -> None:
        if self._over_limit(ctx.state):
            ctx.goto("draw.discard")
        else:
            ctx.goto("end.check")

    def _over_limit(self, s: GameState) -> str | None:
        for side in s.sides:
            if len(s.hands[side]) > s.vars["hand_limit"][side]:
                return side
        return None

    # =========================================================================================== views
    def describe(self, state: GameState, action: Action) -> str:
        if isinstance(action, PlayCard):
            return f"Play {self.card(action.card).name}"
        if isinstance(action, PutUnderChip):
            return f"Put {self.card(action.card).name} under the chip"
        if isinstance(action, KeepCard):
            return f"Keep {self.card(action.card).name}"
        if isinstance(action, Discard):
            return f"Discard {self.card(action.card).name}"
        if isinstance(action, Order):
            return f"Order {action.unit}"
        if isinstance(action, Move):
            return f"Move {action.unit} to {self.where(action.to)}"
        if isinstance(action, Battle):
            return f"{action.unit} battles {action.target}"
        if isinstance(action, Retreat):
            return f"Retreat {action.unit} to {self.where(action.to)}"
        names = {DoneOrdering: "Done ordering", EndMoves: "End moves", EndBattles: "End battles",
                 RemoveWire: "Remove the wire", IgnoreFlag: "Ignore a flag", StopRetreat: "Stop retreating",
                 TakeGround: "Take ground", Hold: "Hold position", BattleBack: "Battle back"}
        return names.get(type(action), type(action).__name__)

    def clock(self, state: GameState) -> str:
        return f"Turn {state.turn} · medals " + ", ".join(f"{s} {state.score.get(s, 0)}/{self._medal_target(s)}"
                                                          for s in state.sides)

    def action_location(self, state: GameState, action: Action) -> Location:
        if isinstance(action, Order):
            return state.units[action.unit].at
        if isinstance(action, TakeGround) and state.vars.get("battle"):
            return state.vars["battle"]["from"]
        return super().action_location(state, action)

    def sight(self, state: GameState, frm, to):
        if isinstance(frm, Hex) and isinstance(to, Hex):
            return self.field.sight(state, frm, to)
        return None

    def map_lines(self):
        """The two section lines (m44.setup.board.sections), unless the scenario draws its own sections."""
        return self.field.section_lines()

    def odds(self, state: GameState, actor: str, target: str) -> OddsReport | None:
        u, t = state.units.get(actor), state.units.get(target)
        if u is None or t is None or not u.alive or not t.alive or u.side == t.side:
            return None
        if reach_error(self.field, state, u, t) is not None:
            return None
        return battle_report(self, state, u, t)

    def invariants(self, state: GameState) -> list[str]:
        broken = []
        places = [u.at for u in state.units.values() if u.alive]
        if len(places) != len(set(places)):
            broken.append("two units share a hex (m44.stack.one_unit_per_hex)")
        for u in state.units.values():
            if not 0 <= u.strength <= u.max_strength:
                broken.append(f"{u.id} has {u.strength} figures (m44.resolve.hit.figure_removal)")
            if u.alive and isinstance(u.at, Hex):
                name = self.board.terrain.get(u.at)
                if name is None:
                    broken.append(f"{u.id} is off the map")
                elif u.kind in TERRAIN[name].impassable_for and name != "bunker" and name != "bridge":
                    broken.append(f"{u.id} ({u.kind}) stands on {name}, which it cannot enter")
            if not u.alive and u.at is not None:
                broken.append(f"{u.id} is eliminated but still on the map")
        for side in state.sides:
            enemy_dead = {u.id for u in state.units.values() if u.side != side and not u.alive}
            if set(state.vars["eliminated"][side]) - enemy_dead:
                broken.append(f"{side}'s medals name units that are not eliminated")
            if state.score[side] != len(state.vars["eliminated"][side]) + len(state.vars["held"][side]):
                broken.append(f"{side} has {state.score[side]} medals, not eliminated units + objectives "
                              "(m44.victory.medal.last_figure)")
        dead = sum(1 for u in state.units.values() if not u.alive)
        if dead != sum(len(x) for x in state.vars["eliminated"].values()):
            broken.append("an eliminated unit gave no medal (m44.victory.medal.last_figure)")
        cards = sum(len(h) for h in state.hands.values()) + sum(len(d) for d in state.decks.values()) + len(
            state.vars["keep"])
        if cards != len(standard_deck()):
            broken.append(f"{cards} command cards in play, not {len(standard_deck())}")
        return broken
