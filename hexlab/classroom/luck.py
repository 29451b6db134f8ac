"""Was it luck? Every attack of a game, with the hits its dice scored and the hits the exact odds expected.

A game is replayed from its scenario, seed and history (:mod:`hexlab.saves` does the same). At each dice step
the roll that is about to be made is known (``Ruleset.roll``), so every outcome of it is listed with its exact
probability (:func:`hexlab.dice.roll_multisets_mixed`, the same list as ``Game.chance_outcomes``) and each
outcome is pushed through the ruleset's own resolution of those faces (``Ruleset.resolve``, the step handler
the engine itself calls, and so the ruleset's one combat function). What each side loses in that resolution
(figures, steps, STR: ``Unit.strength``) is counted as the other side's hits. The expected hits of a roll are
then the exact mean over its outcomes, and its actual hits are what the roll that was made did. A roll that can
cost nobody anything (initiative, activation, a card's healing) is not an attack and is left out.

What is counted, and where it differs by ruleset, is said in :func:`counting_note`:

- Cadet Commander: when the ATK dice show several results the attacker keeps one, a decision made after the
  roll. The dice's part is what they offered: the best result by the ruleset's order (``combat.punch_result``
  with no pick, as the odds module counts it), its STR loss a hit.
- A roll with more outcomes than :data:`MOST_OUTCOMES` (Operation Cartwheel's larger strikes) is listed as an
  attack that was not counted, with the number of its outcomes, and left out of the sums.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..dice import outcome_count, roll_multisets_mixed
from ..engine import Game, GameState
from ..engine.events import DiceRolled, Event
from ..engine.game import STEP
from ..engine.ruleset import Context, Ruleset

MOST_OUTCOMES = 6_000
"""The largest roll (in distinct outcomes) whose exact expectation is worked out by listing every outcome."""


@dataclass
class Attack:
    """One roll that could cost a side something."""

    index: int
    """Its place in the game's history (the dice step's index)."""
    turn: int
    position: str
    roller: str | None
    text: str
    """The roll as the log says it ("Battle: infantry, grenade, flag")."""
    outcomes: int
    counted: bool
    """Whether its expectation was worked out (``False``: too many outcomes to list, see ``outcomes``)."""
    expected: dict[str, Fraction] = field(default_factory=dict)
    """Hits each side's dice were expected to score in this roll (exact)."""
    actual: dict[str, int] = field(default_factory=dict)
    """Hits each side's dice scored in this roll."""


@dataclass
class Luck:
    """Every attack of a game, and the sums per side per turn."""

    sides: list[str]
    attacks: list[Attack]
    note: str

    def turns(self) -> list[int]:
        return sorted({a.turn for a in self.attacks if a.counted})

    def expected(self, side: str, turn: int | None = None) -> Fraction:
        """The exact hits ``side`` was expected to score (in ``turn``, or in the whole game)."""
        return sum((a.expected.get(side, Fraction(0)) for a in self.attacks
                    if a.counted and (turn is None or a.turn == turn)), Fraction(0))

    def actual(self, side: str, turn: int | None = None) -> int:
        """The hits ``side`` scored (in ``turn``, or in the whole game), in counted attacks."""
        return sum(a.actual.get(side, 0) for a in self.attacks if a.counted and (turn is None or a.turn == turn))

    def uncounted(self) -> list[Attack]:
        return [a for a in self.attacks if not a.counted]


Strengths = dict[str, tuple[str, int]]


def strengths(state: GameState) -> Strengths:
    """Each unit's side and strength (0 once it is gone)."""
    return {u.id: (u.side, u.strength if u.alive else 0) for u in state.units.values()}


def losses(before: Strengths, after: Strengths) -> dict[str, int]:
    """What each side lost between two moments (strength gained back is not counted)."""
    out: dict[str, int] = {}
    for uid, (side, was) in before.items():
        now = after.get(uid, (side, 0))[1]
        if now < was:
            out[side] = out.get(side, 0) + was - now
    return out


def credited(lost: dict[str, int], sides: list[str], roller: str | None) -> dict[str, int]:
    """Losses turned into hits: a side's loss is its enemy's hit (with more than two sides, the roller's)."""
    hits: dict[str, int] = {}
    for side, n in lost.items():
        if len(sides) == 2:
            by: str | None = sides[1] if side == sides[0] else sides[0]
        else:
            by = roller if roller != side else None
        if by is not None and n:
            hits[by] = hits.get(by, 0) + n
    return hits


def _resolved_hits(rules: Ruleset[Any], before: GameState, faces: Any, sides: list[str],
                   roller: str | None) -> dict[str, int]:
    """The hits one outcome scores: the ruleset's own resolution of ``faces`` on a copy of the state."""
    state = before.copy()
    ctx = Context(rules, state)
    rules.resolve(ctx, faces)
    ctx.is_over()
    return credited(losses(strengths(before), strengths(state)), sides, roller)


def _cadet_hits(rules: Ruleset[Any], before: GameState, faces: Any, sides: list[str],
                roller: str | None) -> dict[str, int]:
    """Cadet Commander: the STR loss of the best result the ATK dice offered (cc.punch.roll.choose_one)."""
    from ..rulesets.cadet.combat import effect, punch_result

    loss = effect(punch_result(list(faces[0]))).str_loss
    return {roller: loss} if roller is not None and loss else {}


HitsOf = Callable[[Ruleset[Any], GameState, Any, list[str], str | None], dict[str, int]]

SPECIAL: dict[tuple[str, str], HitsOf] = {("cadet", "turn.punch"): _cadet_hits}
"""Rolls whose hits are not what their own resolution takes off (a decision comes between): ruleset, step."""


def counting_note(ruleset: str) -> str:
    """What the luck section counts, in plain words, for this ruleset."""
    base = ("A hit here is a figure, step or strength point that a side's dice took off the other side when the "
            "roll was resolved. The expectation is exact: every possible outcome of the roll was resolved by the "
            "game's own rules, weighted by its probability. A loss the rules add in the same resolution (a step "
            "a Banzai attack costs, a retreat that cannot be made) counts in both columns alike, so it does not "
            "change the difference.")
    if ruleset == "cadet":
        base += (" In Cadet Commander the attacker keeps one of the ATK dice, a choice made after the roll: what "
                 "counts for luck is what the dice offered, the best result (Hit and Run, then Ouch), as the odds "
                 "module counts it; its STR loss is the hit.")
    if ruleset == "memoir44":
        base += (" Hits beyond a unit's last figure and losses from a retreat that is blocked come later or not at "
                 "all, so they are not counted; flags are not hits.")
    return base + (f" A roll with more than {MOST_OUTCOMES:,} possible outcomes is listed but not counted.")


def replay(game: Game) -> Iterator[tuple[int, Any, GameState, GameState, list[Event]]]:
    """The game again from its scenario and seed: ``(index, entry, state before, state after, events)`` for each
    entry of its history. ``ValueError`` if the game has no scenario to start from."""
    if game.scenario is None:
        raise ValueError("this game was not built from a scenario, so it cannot be replayed for a report")
    fresh = game.scenario.new_game(game.seed)
    for i, entry in enumerate(game.history):
        before = fresh.state
        events = fresh.step() if entry == STEP else fresh.apply(entry)
        yield i, entry, before, fresh.state, events


def attack_at(rules: Ruleset[Any], index: int, before: GameState, after: GameState, events: list[Event],
              sides: list[str]) -> Attack | None:
    """The attack a dice step made, or ``None`` if the roll could cost nobody anything."""
    rolled = next((e for e in events if isinstance(e.payload, DiceRolled)), None)
    if rolled is None:
        return None
    roll = rules.roll(before)
    pool = list(roll.pool)
    roller = rolled.side
    hits_of = SPECIAL.get((rules.id, before.position), _resolved_hits)
    payload = rolled.payload
    assert isinstance(payload, DiceRolled)
    if hits_of is _resolved_hits:
        actual = credited(losses(strengths(before), strengths(after)), sides, roller)
    else:
        actual = hits_of(rules, before, tuple(tuple(f) for f in payload.faces), sides, roller)
    n = outcome_count(pool)
    attack = Attack(index, before.turn, before.position, roller, rolled.text, n, n <= MOST_OUTCOMES, {}, actual)
    if not attack.counted:
        return attack  # listed whatever its result: a big roll is an attack
    expected: dict[str, Fraction] = {}
    for faces, p in roll_multisets_mixed(pool).items():
        for side, hits in hits_of(rules, before, faces, sides, roller).items():
            expected[side] = expected.get(side, Fraction(0)) + p * hits
    attack.expected = {s: v for s, v in expected.items() if v}
    if not attack.expected and not actual:
        return None
    return attack


def luck(game: Game) -> Luck:
    """Every attack of ``game`` with its expected and actual hits (see the module's note)."""
    sides = list(game.state.sides)
    attacks = []
    for index, entry, before, after, events in replay(game):
        if entry == STEP:
            found = attack_at(game.rules, index, before, after, events, sides)
            if found is not None:
                attacks.append(found)
    return Luck(sides, attacks, counting_note(game.rules.id))
