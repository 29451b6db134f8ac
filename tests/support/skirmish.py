"""Skirmish: a small ruleset used only by the tests, to prove the engine's core.

It is not a published game. It exercises what the five real rulesets need from the core: a hex map
with terrain costs and hexside walls, units measured in steps that flip when hit, a deck and hands of
command cards, hidden units (scouts the enemy cannot see until they fight), a dice step with exact
chance outcomes, simultaneous combat (both sides roll, losses removed together), automatic bookkeeping
steps and a victory check. Its clause ids start with ``sk.``; they are listed in :data:`CLAUSES`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict, Field

from hexlab import rulesets
from hexlab.dice import D6, through_mixed
from hexlab.engine import (
    Action,
    Context,
    GameState,
    RuleError,
    Ruleset,
    SequenceOfPlay,
    Terrain,
    UnitType,
    phase,
    step,
)
from hexlab.hexes import Hex, hex_distance, hex_reachable, line_of_sight
from hexlab.odds import OddsCommand, OddsReport, fraction_str

CLAUSES = {
    "sk.order.play_card": "The active side plays one command card from its hand each turn.",
    "sk.order.activations": "The card's number is how many actions the side may take this turn.",
    "sk.act.once": "A unit acts (moves or attacks) at most once a turn.",
    "sk.act.pass": "The active side may stop acting at any time.",
    "sk.move.allowance": "A unit moves up to its allowance; clear costs 1, woods 2.",
    "sk.move.water": "No unit may enter water.",
    "sk.move.wall": "No unit may cross a wall.",
    "sk.move.enemy": "No unit may enter or pass through a hex holding an enemy.",
    "sk.stack.one": "At most one unit may end its move in a hex.",
    "sk.attack.range": "A unit attacks an enemy 1 or 2 hexes away.",
    "sk.attack.los": "Attacks at range 2 need line of sight; woods block it (a line along a hex edge is "
                     "blocked only if woods lie on both sides).",
    "sk.attack.hidden": "A hidden unit cannot be attacked until it is revealed.",
    "sk.combat.dice": "The attacker rolls one die per step, one less if the target is in woods or across a "
                      "wall; hits on 5 or 6.",
    "sk.combat.return_fire": "An adjacent target fires back at the same time with one die per step, "
                             "hitting on 6; losses on both sides are removed together.",
    "sk.combat.step_loss": "Each hit removes one step; a unit flips to its reduced face and is "
                           "eliminated at zero.",
    "sk.score.elimination": "A side scores a point for each enemy unit it eliminates.",
    "sk.hidden.scouts": "Scouts start hidden from the enemy; a scout is revealed when it attacks.",
    "sk.draw.card": "At the end of its turn the active side draws a card; an empty deck is reshuffled "
                    "from the discards.",
    "sk.victory.annihilation": "A side with no units left loses.",
    "sk.victory.turns": "After the last turn the side with more points wins; equal points is a draw.",
}

MOVE_COST = {"clear": 1, "woods": 2}
CARDS = {"order1": 1, "order2": 2}


class SkirmishOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    turns: int = Field(default=8, ge=1, le=100)
    hand_size: int = Field(default=2, ge=1, le=5)
    deck: dict[str, int] = Field(default_factory=lambda: {"order1": 6, "order2": 4})


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    card: str
    verb = "card"


@dataclass(frozen=True, slots=True)
class Move(Action):
    unit: str
    to: Hex
    verb = "move"


@dataclass(frozen=True, slots=True)
class Attack(Action):
    unit: str
    target: str
    verb = "battle"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    verb = "pass"


def combat_odds(attack_dice: int, return_dice: int):
    """Exact distribution of (hits on the target, hits on the attacker), through ``Skirmish.combat``."""
    return through_mixed([(D6, attack_dice), (D6, return_dice)], lambda faces: Skirmish.combat(*faces))


class SkirmishOdds(OddsCommand):
    """Exact odds of one Skirmish combat."""

    def arguments(self, parser):
        parser.add_argument("--attack", type=int, required=True, help="the attacker's dice")
        parser.add_argument("--return-fire", type=int, default=0, help="the target's dice back")

    def report(self, args):
        if not 1 <= args.attack <= 12 or not 0 <= args.return_fire <= 12:
            from hexlab.engine import HexlabError

            raise HexlabError("--attack must be 1-12 and --return-fire 0-12")
        dist = combat_odds(args.attack, args.return_fire)
        return {
            "outcomes": [{"hits": h, "hits_back": b, "p": fraction_str(p)} for (h, b), p in dist.items()],
            "expected_hits": fraction_str(dist.expectation(lambda r: r[0])),
            "p_at_least_one_hit": fraction_str(dist.p(lambda r: r[0] >= 1)),
        }


class Skirmish(Ruleset):
    id = "skirmish"
    name = "Skirmish (test ruleset)"
    sequence = SequenceOfPlay((
        phase("command", "Command", [
            step("play", "Play a command card", ["sk.order.play_card", "sk.order.activations"],
                 "Choose a card from your hand: its number is how many units may act.", next=["action.act"]),
        ]),
        phase("action", "Action", [
            step("act", "Move or attack", ["sk.act.once", "sk.act.pass", "sk.move.allowance", "sk.attack.range"],
                 "Move a unit or attack with it; each unit acts once.",
                 next=["combat.roll", "draw.draw"]),
        ]),
        phase("combat", "Combat", [
            step("roll", "Roll for combat", ["sk.combat.dice", "sk.combat.return_fire", "sk.combat.step_loss"],
                 "Both sides roll at once; hits remove steps.", kind="dice",
                 next=["action.act", "draw.draw"]),
        ]),
        phase("draw", "End of turn", [
            step("draw", "Draw a card", ["sk.draw.card"], "Draw back up.", kind="auto"),
            step("check", "Check victory", ["sk.victory.annihilation", "sk.victory.turns"],
                 "Is the game over?", kind="auto", next=["command.play"]),
        ]),
    ))
    actions = (PlayCard, Move, Attack, Pass)
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
    clauses = frozenset(CLAUSES)
    odds_cli = SkirmishOdds()

    # ----------------------------------------------------------------------- setup
    def validate_scenario(self, scenario):
        problems = []
        seen = {}
        for i, u in enumerate(scenario.units):
            if u.at in seen:
                problems.append((f"unit[{i}].at", f"hex already holds {seen[u.at]} (sk.stack.one)"))
            seen[u.at] = u.id
        for card in self.options.deck:
            if card not in CARDS:
                problems.append((f"rules.deck.{card}", f"unknown card (known: {', '.join(CARDS)})"))
        return problems

    def setup(self, ctx: Context) -> None:
        s = ctx.state
        deck = [card for card, n in sorted(self.options.deck.items()) for _ in range(n)]
        ctx.shuffle(deck)
        s.decks = {"deck": deck, "discard": []}
        for side in s.sides:
            for _ in range(self.options.hand_size):
                self._draw(ctx, side)
        for u in s.units.values():
            if u.kind == "scout":
                u.attrs["hidden"] = True
        s.vars = {"activations": 0, "acted": [], "attack": None}
        ctx.event("Setup", f"Each side draws {self.options.hand_size} cards.", ["sk.draw.card"])

    def _draw(self, ctx: Context, side: str) -> None:
        s = ctx.state
        if not s.decks["deck"]:
            s.decks["deck"], s.decks["discard"] = s.decks["discard"], []
            ctx.shuffle(s.decks["deck"])
            ctx.event("Reshuffled", "The discards are shuffled into a new deck.", ["sk.draw.card"])
        if s.decks["deck"]:
            s.hands[side].append(s.decks["deck"].pop())

    # ----------------------------------------------------------------------- movement
    def _cost(self, state: GameState, side: str):
        board = self.board
        enemy = {u.at for u in state.units.values() if u.alive and u.side != side}

        def cost(a: Hex, b: Hex):
            if b not in board.terrain or b in enemy:
                return None
            if board.hexside(a, b) == "wall":
                return None
            return MOVE_COST.get(board.terrain[b])

        return cost

    def _moves(self, state: GameState, unit) -> dict[Hex, int]:
        allowance = self.unit_types[unit.kind].stats["move"]
        reach = hex_reachable(unit.at, allowance, self._cost(state, unit.side))
        occupied = {u.at for u in state.units.values() if u.alive}
        return {h: c for h, c in reach.items() if h not in occupied}

    def _blocks(self, h: Hex) -> bool:
        return self.board.terrain.get(h) == "woods"

    def _attack_dice(self, attacker, target) -> int:
        n = attacker.strength
        if self.board.terrain[target.at] == "woods":
            n -= 1
        if hex_distance(attacker.at, target.at) == 1 and self.board.hexside(attacker.at, target.at) == "wall":
            n -= 1
        return max(n, 1)

    # ----------------------------------------------------------------------- decisions
    def legal_actions(self, state: GameState) -> Iterator[Action]:
        if state.step_id == "play":
            for card in sorted(set(state.hands[state.active])):
                yield PlayCard(card)
            return
        yield Pass()
        if state.vars["activations"] <= 0:
            return
        acted = set(state.vars["acted"])
        for unit in sorted(state.units_of(state.active), key=lambda u: u.id):
            if unit.id in acted:
                continue
            for h in sorted(self._moves(state, unit)):
                if h != unit.at:
                    yield Move(unit.id, h)
            for enemy in sorted(state.units_of(state.other(state.active)), key=lambda u: u.id):
                if self._attack_error(state, unit, enemy) is None:
                    yield Attack(unit.id, enemy.id)

    def _attack_error(self, state, unit, enemy) -> RuleError | None:
        if enemy.attrs.get("hidden"):
            return RuleError(f"{enemy.id} is hidden: you cannot see it yet.", "sk.attack.hidden")
        d = hex_distance(unit.at, enemy.at)
        if not 1 <= d <= 2:
            return RuleError(f"{enemy.id} is {d} hexes away; attacks reach 1 or 2 hexes.", "sk.attack.range")
        if d == 2 and not line_of_sight(unit.at, enemy.at, self._blocks).clear:
            return RuleError(f"Woods block the line of sight to {enemy.id}.", "sk.attack.los")
        return None

    def check(self, state: GameState, action: Action) -> RuleError | None:
        if state.step_id == "play":
            if not isinstance(action, PlayCard):
                return RuleError("First play a command card.", "sk.order.play_card")
            if action.card not in state.hands[state.active]:
                return RuleError(f"You have no {action.card!r} card in your hand.", "sk.order.play_card")
            return None
        if isinstance(action, PlayCard):
            return RuleError("You have already played a card this turn.", "sk.order.play_card")
        if isinstance(action, Pass):
            return None
        unit = state.units.get(action.unit)
        if unit is None or not unit.alive:
            return RuleError(f"There is no unit {action.unit!r} on the map.", "sk.act.once")
        if unit.side != state.active:
            return RuleError(f"{unit.id} belongs to {unit.side}; it is {state.active}'s turn.", "sk.act.once")
        if state.vars["activations"] <= 0:
            return RuleError("Your card's actions are used up.", "sk.order.activations")
        if unit.id in state.vars["acted"]:
            return RuleError(f"{unit.id} has already acted this turn.", "sk.act.once")
        if isinstance(action, Move):
            return self._move_error(state, unit, action.to)
        if isinstance(action, Attack):
            enemy = state.units.get(action.target)
            if enemy is None or not enemy.alive or enemy.side == unit.side:
                return RuleError(f"{action.target!r} is not an enemy unit on the map.", "sk.attack.range")
            return self._attack_error(state, unit, enemy)
        return RuleError("Unknown action.", None)

    def _move_error(self, state, unit, to: Hex) -> RuleError | None:
        if to not in self.board.terrain:
            return RuleError("That hex is off the map.", "sk.move.allowance")
        if to == unit.at:
            return RuleError("A move must leave the unit's hex.", "sk.move.allowance")
        if self.board.terrain[to] == "water":
            return RuleError("No unit may enter water.", "sk.move.water")
        if any(u.at == to and u.alive for u in state.units.values()):
            enemy = any(u.at == to and u.alive and u.side != unit.side for u in state.units.values())
            if enemy:
                return RuleError("An enemy holds that hex.", "sk.move.enemy")
            return RuleError("Another unit already holds that hex.", "sk.stack.one")
        if to in self._moves(state, unit):
            return None
        if hex_distance(unit.at, to) == 1 and self.board.hexside(unit.at, to) == "wall":
            return RuleError("A wall stands between those hexes.", "sk.move.wall")
        allowance = self.unit_types[unit.kind].stats["move"]
        return RuleError(f"{unit.id} cannot reach {self.where(to)} with {allowance} movement points.",
                         "sk.move.allowance")

    def apply(self, ctx: Context, action: Action) -> None:
        s = ctx.state
        if isinstance(action, PlayCard):
            s.hands[s.active].remove(action.card)
            s.decks["discard"].append(action.card)
            s.vars["activations"] = CARDS[action.card]
            s.vars["acted"] = []
            ctx.event("CardPlayed", f"{s.active} plays {action.card}: {CARDS[action.card]} action(s).",
                      ["sk.order.play_card", "sk.order.activations"], s.active, card=action.card)
            ctx.goto("action.act")
        elif isinstance(action, Pass):
            ctx.event("Passed", f"{s.active} stops acting.", ["sk.act.pass"], s.active)
            ctx.goto("draw.draw")
        elif isinstance(action, Move):
            unit = s.units[action.unit]
            frm = unit.at
            unit.at = action.to
            self._spend(s, unit.id)
            ctx.event("UnitMoved", f"{unit.id} moves {self.where(frm)} to {self.where(action.to)}.",
                      ["sk.move.allowance"], unit.side, unit=unit.id, frm=frm, to=action.to)
            if s.vars["activations"] <= 0:
                ctx.goto("draw.draw")
        elif isinstance(action, Attack):
            unit = s.units[action.unit]
            self._spend(s, unit.id)
            if unit.attrs.get("hidden"):
                unit.attrs["hidden"] = False
                ctx.event("Revealed", f"{unit.id} is revealed.", ["sk.hidden.scouts"], unit.side, unit=unit.id)
            s.vars["attack"] = {"unit": unit.id, "target": action.target}
            ctx.event("Attack", f"{unit.id} attacks {action.target}.", ["sk.attack.range"], unit.side,
                      unit=unit.id, target=action.target)
            ctx.goto("combat.roll")

    @staticmethod
    def _spend(s: GameState, uid: str) -> None:
        s.vars["activations"] -= 1
        s.vars["acted"].append(uid)

    # ----------------------------------------------------------------------- automatic steps
    def dice(self, state: GameState):
        att = state.units[state.vars["attack"]["unit"]]
        tgt = state.units[state.vars["attack"]["target"]]
        back = tgt.strength if hex_distance(att.at, tgt.at) == 1 else 0
        return [(D6, self._attack_dice(att, tgt)), (D6, back)]

    @staticmethod
    def combat(attack_faces, return_faces) -> tuple[int, int]:
        """The combat function: rolled faces -> (hits on the target, hits on the attacker)."""
        return sum(1 for f in attack_faces if f >= 5), sum(1 for f in return_faces if f == 6)

    def resolve(self, ctx: Context, faces) -> None:
        s = ctx.state
        att = s.units[s.vars["attack"]["unit"]]
        tgt = s.units[s.vars["attack"]["target"]]
        on_target, on_attacker = self.combat(*faces)
        for unit, hits in ((tgt, on_target), (att, on_attacker)):  # removed together
            self._hit(ctx, unit, hits)
        s.vars["attack"] = None
        if s.vars["activations"] > 0 and s.units_of(s.active) and s.units_of(s.other(s.active)):
            ctx.goto("action.act")
        else:
            ctx.goto("draw.draw")

    def _hit(self, ctx: Context, unit, hits: int) -> None:
        if hits <= 0:
            return
        lost = min(hits, unit.strength)
        unit.strength -= lost
        ctx.event("StepLost", f"{unit.id} loses {lost} step(s).", ["sk.combat.step_loss"], unit.side,
                  unit=unit.id, lost=lost)
        if unit.strength == 0:
            other = ctx.state.other(unit.side)
            ctx.state.score[other] += 1
            ctx.event("Eliminated", f"{unit.id} is eliminated; {other} scores a point.",
                      ["sk.combat.step_loss", "sk.score.elimination"], other, unit=unit.id)
        else:
            unit.attrs["reduced"] = True

    def auto(self, ctx: Context) -> None:
        s = ctx.state
        if s.step_id == "draw":
            self._draw(ctx, s.active)
            ctx.event("CardDrawn", f"{s.active} draws a card.", ["sk.draw.card"], s.active)
            ctx.advance()
            return
        # check victory
        for side in s.sides:
            if not s.units_of(side):
                ctx.end(s.other(side), f"{side} has no units left", ["sk.victory.annihilation"])
                return
        last_side = s.sides[-1]
        if s.active == last_side and s.turn >= self.options.turns:
            a, b = s.sides
            winner = a if s.score[a] > s.score[b] else b if s.score[b] > s.score[a] else None
            ctx.end(winner, f"after turn {s.turn}: {s.score[a]} to {s.score[b]}", ["sk.victory.turns"])
            return
        if s.active == last_side:
            s.turn += 1
        s.active = s.other(s.active)
        s.vars["activations"] = 0
        s.vars["acted"] = []
        ctx.goto("command.play")
        ctx.event("TurnBegan", f"{s.active}'s turn ({self.clock(s)}).", ["sk.order.play_card"], s.active)

    # ----------------------------------------------------------------------- views and checks
    def dice_groups(self, state: GameState) -> list[str]:
        att = state.units[state.vars["attack"]["unit"]]
        tgt = state.units[state.vars["attack"]["target"]]
        return [f"{att.id} attacks", f"{tgt.id} fires back"]

    def sight(self, state: GameState, frm, to):
        if isinstance(frm, Hex) and isinstance(to, Hex):
            return line_of_sight(frm, to, self._blocks)
        return None

    def odds(self, state: GameState, actor: str, target: str) -> OddsReport | None:
        att, tgt = state.units.get(actor), state.units.get(target)
        if att is None or tgt is None or not att.alive or not tgt.alive or att.side == tgt.side:
            return None
        if self._attack_error(state, att, tgt) is not None:
            return None
        dice = self._attack_dice(att, tgt)
        back = tgt.strength if hex_distance(att.at, tgt.at) == 1 else 0
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
        broken = []
        places = [u.at for u in state.units.values() if u.alive]
        if len(places) != len(set(places)):
            broken.append("two units share a hex (sk.stack.one)")
        for u in state.units.values():
            if not 0 <= u.strength <= u.max_strength:
                broken.append(f"{u.id} has strength {u.strength} (sk.combat.step_loss)")
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


rulesets.register(Skirmish)
