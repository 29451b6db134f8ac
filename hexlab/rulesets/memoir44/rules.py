"""Memoir '44 (clauses in ../shared/rules/memoir44.toml): the ruleset put together, its end and its views.

A turn: play a command card (``orders.py``), order units within its limits, move them one at a time
(``movement.py``), battle one at a time (``battle.py``: roll, remove figures, retreat for flags in
``retreat.py``, take ground, armor overrun and British battle back in ``take_ground.py``), draw a card
and count the objectives (``turn_end.py``); then the other side. The tactic cards' effects are in
``tactics.py``. Units, terrain, dice and cards are data (``data.py``, ``cards.toml``); the battlefield's
questions (sections, sight, movement) are in ``board.py``; the combat function is
``combat.resolve_faces``; which flags a unit ignores is ``flags.py``. The game ends when a side reaches
its medal target (m44.victory.medals.target, :meth:`Memoir44.end_if`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ... import words
from ...engine import Action, Context, DiceRolled, GameState, Outcome, RuleError, Ruleset, Terrain, UnitType
from ...engine.seats import HIDDEN, hidden
from ...engine.state import Board, Location, Unit
from ...hexes import Hex, LosResult, to_offset
from ...odds import OddsReport
from ...words import possessive
from . import events as ev
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
from .board import Field, UnitFacts
from .cards import Card, load_deck, standard_deck
from .combat import reach_error
from .data import ARMOR, ARTILLERY, BADGE_MARKS, BADGES, BATTLE_DIE, FIGURES, INFANTRY, NATIONS, OBSTACLES, TERRAIN
from .handlers import handlers
from .odds import Memoir44Odds, Memoir44Sight, battle_report
from .options import MemoirOptions
from .sequence import NOT_A_CHOICE, REFUSALS, SEQUENCE
from .state import Memoir44State
from .turn_end import pop

WORDS: dict[type[Action], Callable[[Any, Any], str]] = {
    PlayCard: lambda r, a: f"Play {r.card(a.card).name}",
    PutUnderChip: lambda r, a: f"Put {r.card(a.card).name} under the chip",
    KeepCard: lambda r, a: f"Keep {r.card(a.card).name}",
    Discard: lambda r, a: f"Discard {r.card(a.card).name}",
    Order: lambda r, a: f"Order {a.unit}",
    Move: lambda r, a: f"Move {a.unit} to {r.where(a.to)}",
    Battle: lambda r, a: f"{a.unit} battles {a.target}",
    Retreat: lambda r, a: f"Retreat {a.unit} to {r.where(a.to)}",
    DoneOrdering: lambda r, a: "Done ordering",
    EndMoves: lambda r, a: "End moves",
    EndBattles: lambda r, a: "End battles",
    RemoveWire: lambda r, a: "Remove the wire",
    IgnoreFlag: lambda r, a: "Ignore a flag",
    StopRetreat: lambda r, a: "Stop retreating",
    TakeGround: lambda r, a: "Take ground",
    Hold: lambda r, a: "Hold position",
    BattleBack: lambda r, a: "Battle back",
    PlayAmbush: lambda r, a: f"Play Ambush: {a.unit} battles first",
    Target: lambda r, a: f"Pick {a.unit}",
    DoneTargets: lambda r, a: "Done picking",
}
"""Each action in words, for buttons and the log (every action type has its words: a test checks)."""

PLACES: dict[type[Action], Callable[[GameState, Any], Location]] = {
    Order: lambda s, a: s.units[a.unit].at,
    TakeGround: lambda s, a: s.rules_state.turn.battle.frm if s.rules_state.turn.battle else None,
}
"""Where on the map the actions without a ``to`` or an enemy ``target`` act."""


class Memoir44(Ruleset[Memoir44State]):
    id = "memoir44"
    name = "Memoir '44"
    sequence = SEQUENCE
    refusals = REFUSALS
    refusal = NOT_A_CHOICE
    handlers = handlers
    actions = ACTIONS
    state_type = Memoir44State
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
    retired_attrs = frozenset({"nation", "badge"})  # kept in Field.units since issue 22; older saves hold them
    dice_kinds = (BATTLE_DIE,)
    odds_cli = Memoir44Odds()
    los_cli = Memoir44Sight()
    options: MemoirOptions

    def __init__(self, board: Board, options: MemoirOptions, sides: Sequence[str] = (), first: str | None = None) -> None:
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
        self.cards = load_deck()[0]

    def validate_scenario(self, scenario: Any) -> list[tuple[str, str]]:
        problems = []
        opts, sides = self.options, list(scenario.meta.sides)
        if opts.bottom not in sides:
            problems.append(("rules.bottom", f"{opts.bottom!r} is not one of the sides {sides}"))
        for side, nation in opts.nations.items():
            if side not in sides:
                problems.append((f"rules.nations.{side}", f"no side {side!r}"))
            if nation not in NATIONS:
                problems.append((f"rules.nations.{side}", f"unknown nation {nation!r} ({', '.join(NATIONS)})"))
        for key, table in (("medals", opts.medals), ("hand_size", opts.hand_size)):
            if isinstance(table, dict):
                for side in table:
                    if side not in sides:
                        problems.append((f"rules.{key}.{side}", f"no side {side!r}"))
        problems += self._playable_counts(sides)
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
            if not isinstance(u.at, Hex):
                problems.append((f"unit[{i}].at", "missing: every unit starts on a hex of the map"))
            if u.at is not None and u.at in seen:
                problems.append((f"unit[{i}].at", f"hex already holds {seen[u.at]} (m44.stack.one_unit_per_hex)"))
            seen[u.at] = u.id
            if isinstance(u.at, Hex):
                blocker = self.field.impassable_to_place(u)
                if blocker:
                    problems.append((f"unit[{i}].at", f"{u.kind} cannot stand on {blocker} ({self.board.label(u.at)})"))
            badge = u.attrs.get("badge")
            if badge is not None and badge not in BADGES:
                problems.append((f"unit[{i}].attrs.badge", f"unknown badge {badge!r} ({', '.join(BADGES)})"))
            if badge == "elite_armor" and u.kind != ARMOR:
                problems.append((f"unit[{i}].attrs.badge", "Elite Armor badges go on armor units"))
            if badge == "french_resistance" and u.kind != INFANTRY:
                problems.append((f"unit[{i}].attrs.badge", "French Resistance units are infantry"))
        return problems

    def _playable_counts(self, sides: list[str]) -> list[tuple[str, str]]:
        """Medal targets a side must win toward (at least 1: a target of 0 would be reached before a shot is
        fired, m44.victory.medals.target) and hands the deck can deal (m44.setup.hand_size): every hand at
        least one card, and all of them together leaving two cards in the deck, so that the first draws
        (Recon draws two) never find the deck and the discards both empty."""
        problems = []
        opts = self.options
        for side in sides:
            where = f"rules.medals.{side}" if isinstance(opts.medals, dict) else "rules.medals"
            if self.medal_target(side) < 1:
                problems.append((where, f"a medal target must be at least 1, not {self.medal_target(side)}"))
                if where == "rules.medals":
                    break  # one target for every side: said once
        dealt = 0
        for side in sides:
            per_side = isinstance(opts.hand_size, dict)
            size = opts.hand_size.get(side) if per_side else opts.hand_size
            if size is None:
                size = 6 if opts.nations.get(side) == "italy" else 5
            elif size < 1:
                problems.append((f"rules.hand_size.{side}" if per_side else "rules.hand_size",
                                 f"a hand must hold at least 1 command card, not {size}"))
            dealt += max(size, 0)
        deck = len(standard_deck())
        if dealt > deck - 2:
            problems.append(("rules.hand_size", f"the hands take {dealt} command cards, but the deck has {deck} and "
                                                "must keep 2 to draw from: at most "
                                                f"{deck - 2} cards in all hands together"))
        return problems

    def setup(self, ctx: Context) -> None:
        """Each unit's nation and badge read from the scenario (its ``attrs``) into :attr:`Field.units
        <.board.Field.units>`, the deck shuffled, the hands dealt (m44.setup.hand_size)."""
        s = ctx.state
        opts = self.options
        if self.first is None and "Allies" in s.sides:
            s.active = "Allies"  # m44.turn.first_player.scenario: the Allies start unless the scenario says
        self.field.units.clear()
        for u in s.units.values():
            nation = u.attrs.pop("nation", None) or opts.nations.get(u.side, "standard")
            badge = u.attrs.pop("badge", None)
            self.field.units[u.id] = UnitFacts(str(nation), None if badge is None else str(badge))
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
                s.hands[side].append(pop(ctx))
        s.rules_state = Memoir44State.start(s.sides, hand)
        for obj in opts.objectives:
            s.features.setdefault(self.board.parse(obj.hex), []).append("medal")
        ctx.emit(ev.Setup(), "Each side is dealt its command cards: "
                 + ", ".join(f"{k} {v}" for k, v in hand.items()) + ".", ["m44.setup.hand_size"])
        if self.nation(s.active) == "soviet":
            ctx.goto("card.chip")

    # =========================================================================================== the end
    def end_if(self, state: GameState) -> Outcome | None:
        """A side that reaches its medal target wins (m44.victory.medals.target); the sides are asked in
        the scenario's order."""
        medals = self.options.medals
        known = self.__dict__.get("_medal_targets")
        if known is None or known[0] is not medals:  # asked after every action: found once for the scenario's medals
            known = self._medal_targets = (medals, {})
        targets = known[1]
        for side in state.sides:
            target = targets.get(side)
            if target is None:
                target = targets[side] = self.medal_target(side)
            if state.score.get(side, 0) >= target:
                return Outcome(side, f"{words.side(side)} {words.agree(side, 'reaches', 'reach')} {target} medals",
                               ("m44.victory.medals.target",))
        return None

    # =========================================================================================== what a seat sees
    public_piles = frozenset({"discard"})
    """The discards lie face up, as at a real table; the deck and the cards under a Commissar chip do not."""

    def hide(self, rules_state: Memoir44State, state: GameState, side: str) -> Memoir44State:
        """The enemy never sees the card waiting under a Soviet Commissar chip, nor the two cards a Recon
        draws while its player chooses one (m44.nation.soviet.commissar.timing, m44.order.cards.data); the
        hands and the deck are hidden by the engine."""
        for owner, card in rules_state.chip.items():
            if card is not None and owner != side:
                rules_state.chip[owner] = HIDDEN
        if rules_state.keep and state.active != side:
            rules_state.keep = hidden(rules_state.keep)
        return rules_state

    def not_a_choice(self, state: GameState) -> RuleError:
        """The refusal of a choice that does not belong to the current step, in the step's own words
        (:data:`~.sequence.NOT_A_CHOICE`, with the step's first clause)."""
        return self.refuse(state, self.refusal)

    # =========================================================================================== helpers
    def nation(self, side: str) -> str:
        return self.options.nations.get(side, "standard")

    def facts(self, unit: Unit) -> UnitFacts:
        """A unit's nation and badge, as the scenario set it up (:class:`~.board.UnitFacts`)."""
        return self.field.facts(unit)

    def medal_target(self, side: str) -> int:
        m = self.options.medals
        return m.get(side, 6) if isinstance(m, dict) else m

    def allies(self, state: GameState) -> str:
        """The side that rolls 2 dice a hex with Air Power."""
        if self.options.allies:
            return self.options.allies
        return "Allies" if "Allies" in state.sides else self.options.bottom

    def card(self, card_id: str) -> Card:
        return self.cards[card_id]

    def turn_context(self, state: GameState) -> str | None:
        """The command card in play and what it does (m44.order.cards.data): Infantry Assault lets infantry move
        3 hexes without battling, Firefight forbids moves, and so on."""
        card_id = state.rules_state.turn.card
        if not card_id:
            return None
        card = self.card(card_id)
        return f"The card in play is {card.name}: {card.summary}"

    def sections_of(self, unit: Unit) -> list[str]:
        return self.field.sections_of(unit.at, unit.side) if isinstance(unit.at, Hex) else []

    def badge_text(self, unit: Unit) -> str | None:
        """Special Forces, French Resistance and Elite Armor show a mark in the counter's corner."""
        return BADGE_MARKS.get(self.facts(unit).badge or "") or None

    def face_words(self, roll: DiceRolled, group: int, face: Any) -> str | None:
        """What a battle die's face does to the unit it is rolled at (for the dice tray): m44.resolve.symbol.*,
        m44.resolve.flag.timing. Only for a battle ("J3 at M2"); a card's roll keeps the die's own words."""
        if roll.dice[group] != BATTLE_DIE.name or group >= len(roll.groups) or " at " not in roll.groups[group]:
            return None
        return {"infantry": "a hit if the target is infantry", "armor": "a hit if the target is armor",
                "grenade": "a hit on any target", "star": "a miss (stars hit only in an Air Power strike)",
                "flag": "the target retreats a hex (unless it may ignore it)"}.get(str(face))

    # =========================================================================================== views
    def describe(self, state: GameState, action: Action) -> str:
        words = WORDS.get(type(action))
        return words(self, action) if words else type(action).__name__

    def action_help(self, state: GameState, action: Action) -> str:
        """A card's text, for the tooltip of the button that plays, keeps or discards it."""
        card = getattr(action, "card", None)
        if isinstance(card, str) and action.verb == "card":
            found = self.cards.get(card)
            return found.summary if found is not None else ""
        return ""

    def clock(self, state: GameState) -> str:
        return f"Turn {state.turn} · medals " + ", ".join(f"{s} {state.score.get(s, 0)}/{self.medal_target(s)}"
                                                          for s in state.sides)

    def unit_title(self, unit: Unit) -> str:
        badge = {"special_forces": "special forces ", "french_resistance": "French Resistance ",
                 "elite_armor": "elite "}.get(self.facts(unit).badge or "", "")
        return f"{unit.side} {badge}{unit.kind} {unit.id}"

    def action_location(self, state: GameState, action: Action) -> Location:
        """Where an action acts: an ordered unit's hex, the hex ground is taken into, else the default."""
        where = PLACES.get(type(action))
        return where(state, action) if where else super().action_location(state, action)

    def sight(self, state: GameState, frm: Location, to: Location) -> LosResult | None:
        if isinstance(frm, Hex) and isinstance(to, Hex):
            return self.field.sight(state, frm, to)
        return None

    def map_lines(self) -> list[tuple[Location, Location]]:
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
        mine = state.rules_state
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
            if set(mine.eliminated[side]) - enemy_dead:
                broken.append(f"{possessive(side, start=True)} medals name units that are not eliminated")
            if state.score[side] != len(mine.eliminated[side]) + len(mine.held[side]):
                broken.append(f"{side} has {state.score[side]} medals, not eliminated units + objectives "
                              "(m44.victory.medal.last_figure)")
        dead = sum(1 for u in state.units.values() if not u.alive)
        if dead != sum(len(x) for x in mine.eliminated.values()):
            broken.append("an eliminated unit gave no medal (m44.victory.medal.last_figure)")
        cards = sum(len(h) for h in state.hands.values()) + sum(len(d) for d in state.decks.values()) + len(
            mine.keep)
        if cards != len(standard_deck()):
            broken.append(f"{cards} command cards in play, not {len(standard_deck())}")
        return broken
