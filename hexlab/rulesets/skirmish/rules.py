"""The Skirmish ruleset: its data and handlers put together, its end condition and its view hooks."""

from __future__ import annotations

from typing import Any

from ...engine import Action, Context, GameState, Location, Outcome, Ruleset, Terrain, UnitType
from ...engine.state import Unit
from ...hexes import Hex, LosResult, line_of_sight
from ...odds import OddsReport
from .actions import Attack, Move, Pass, PlayCard
from .board import blocks_sight
from .combat import attack_dice, return_dice
from .data import CARDS, CLAUSES
from .end_of_turn import draw
from .events import Setup
from .handlers import handlers
from .odds import SkirmishOdds, combat_odds
from .options import SkirmishOptions
from .sequence import SEQUENCE
from .state import SkirmishState


class Skirmish(Ruleset[SkirmishState]):
    id = "skirmish"
    name = "Skirmish (example ruleset)"
    sequence = SEQUENCE
    handlers = handlers
    actions = (PlayCard, Move, Attack, Pass)
    state_type = SkirmishState
    terrain = {
        "clear": Terrain("clear", "Clear", "clear"),
        "woods": Terrain("woods", "Woods", "forest", ("sk.move.allowance", "sk.attack.los")),
        "water": Terrain("water", "Water", "water", ("sk.move.water",)),
    }
    hexside_features = {"wall": Terrain("wall", "Wall", "wall", ("sk.move.wall",))}
    features = {"objective": Terrain("objective", "Objective", "objective")}
    unit_types = {
        "squad": UnitType("squad", "Squad", "infantry", "steps", 2, {"move": 2}),
        "scout": UnitType("scout", "Scout", "recon", "steps", 1, {"move": 3}),
    }
    options_model = SkirmishOptions
    retired_attrs = frozenset({"reduced", "hidden"})  # reduced: never read (one below full strength); hidden: in
    # SkirmishState.hidden (issue 22)
    clauses = frozenset(CLAUSES)
    odds_cli = SkirmishOdds()
    options: SkirmishOptions

    # ----------------------------------------------------------------------- the game's start and end
    def validate_scenario(self, scenario: Any) -> list[tuple[str, str]]:
        problems: list[tuple[str, str]] = []
        seen: dict[Location, str] = {}
        for i, u in enumerate(scenario.units):
            if u.at in seen:
                problems.append((f"unit[{i}].at", f"hex already holds {seen[u.at]} (sk.stack.one)"))
            seen[u.at] = u.id
        for card in self.options.deck:
            if card not in CARDS:
                problems.append((f"rules.deck.{card}", f"unknown card (known: {', '.join(CARDS)})"))
        return problems

    def setup(self, ctx: Context) -> None:
        """Shuffle the deck, deal the hands, hide the scouts (sk.draw.card, sk.hidden.scouts)."""
        s = ctx.state
        deck = [card for card, n in sorted(self.options.deck.items()) for _ in range(n)]
        ctx.shuffle(deck)
        s.decks = {"deck": deck, "discard": []}
        for side in s.sides:
            for _ in range(self.options.hand_size):
                draw(ctx, side)
        told = {u.id for u in s.units.values() if u.attrs.pop("hidden", False)}  # a scenario's own hidden units
        s.rules_state = SkirmishState(hidden=[u.id for u in s.units.values() if u.kind == "scout" or u.id in told])
        ctx.emit(Setup(), f"Each side draws {self.options.hand_size} cards.", ["sk.draw.card"])

    def end_if(self, state: GameState) -> Outcome | None:
        """Decided at the victory check: annihilation first, then points after the last turn."""
        if not state.rules_state.game_ends:
            return None
        for side in state.sides:
            if not state.units_of(side):
                return Outcome(state.other(side), f"{side} has no units left", ("sk.victory.annihilation",))
        a, b = state.sides
        winner = a if state.score[a] > state.score[b] else b if state.score[b] > state.score[a] else None
        return Outcome(winner, f"after turn {state.turn}: {state.score[a]} to {state.score[b]}",
                       ("sk.victory.turns",))

    # ----------------------------------------------------------------------- views and checks
    def is_hidden(self, state: GameState, unit: Unit) -> bool:
        """A scout not yet revealed (sk.hidden.scouts): its id is in the typed state's ``hidden``."""
        mine: SkirmishState | None = state.rules_state
        return mine is not None and unit.id in mine.hidden

    def hide(self, rules_state: SkirmishState, state: GameState, side: str) -> SkirmishState:
        """A hidden scout, and one that has acted this turn, is not named to the enemy (sk.hidden.scouts)."""
        rules_state.acted = [uid for uid in rules_state.acted if self.sees(state, side, state.units[uid])]
        rules_state.hidden = [uid for uid in rules_state.hidden if self.sees(state, side, state.units[uid])]
        return rules_state

    def sight(self, state: GameState, frm: Location, to: Location) -> LosResult | None:
        if isinstance(frm, Hex) and isinstance(to, Hex):
            return line_of_sight(frm, to, lambda h: blocks_sight(self.board, h))
        return None

    def odds(self, state: GameState, actor: str, target: str) -> OddsReport | None:
        from .acting import attack_error

        att, tgt = state.units.get(actor), state.units.get(target)
        if att is None or tgt is None or not att.alive or not tgt.alive or att.side == tgt.side:
            return None
        if attack_error(self, state, att, tgt) is not None:
            return None
        dice, back = attack_dice(self.board, att, tgt), return_dice(att, tgt)
        dist = combat_odds(dice, back)
        hits = dist.map(lambda r: min(r[0], tgt.strength))
        outcomes = [(f"{h} step(s) lost", p) for h, p in hits.items()]
        return OddsReport(
            f"{att.id} ({dice} dice) attacks {tgt.id} ({back} dice back)", outcomes,
            {"eliminate": dist.p(lambda r: r[0] >= tgt.strength), "lose a step yourself": dist.p(lambda r: r[1] >= 1)},
            ("sk.combat.dice", "sk.combat.return_fire"), [f"{dice} dice hit on 5-6; {back} hit back on 6"])

    def describe(self, state: GameState, action: Action) -> str:
        if isinstance(action, Move):
            return f"Move {action.unit} to {self.where(action.to)}"
        if isinstance(action, Attack):
            return f"{action.unit} attacks {action.target}"
        if isinstance(action, PlayCard):
            return f"Play {action.card}"
        return "Stop acting"

    def invariants(self, state: GameState) -> list[str]:
        broken = super().invariants(state)
        places = [u.at for u in state.units.values() if u.alive]
        if len(places) != len(set(places)):
            broken.append("two units share a hex (sk.stack.one)")
        for u in state.units.values():
            if u.alive and self.board.terrain.get(u.at) in (None, "water"):
                broken.append(f"{u.id} stands on {u.at} (sk.move.water)")
        for side in state.sides:
            lost = sum(1 for u in state.units.values() if u.side != side and not u.alive)
            if state.score[side] != lost:
                broken.append(f"{side} has {state.score[side]} points but eliminated {lost} (sk.score.elimination)")
        cards = sum(len(h) for h in state.hands.values()) + sum(len(d) for d in state.decks.values())
        if cards != sum(self.options.deck.values()):
            broken.append(f"{cards} cards in play, not {sum(self.options.deck.values())} (sk.draw.card)")
        return broken
