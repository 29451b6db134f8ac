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
- Operation Cartwheel gives each die to one unit (this interceptor fires this die, that bomber bombs with that
  one), so the order of its faces matters and its outcomes are the ordered faces, each die's faces weighted by
  how many sides show them (:data:`ORDERED`). The other rulesets read a group of dice as a handful, so a sorted
  multiset is one outcome, weighted by how many orders give it.
- A roll with more outcomes than :data:`MOST_OUTCOMES` (Operation Cartwheel's aerial combat, a strike of four
  bombers or more) is estimated instead: sets of faces are drawn by a generator seeded from the game's seed and
  the roll's place in the history (so the same game always gives the same report), each is resolved by the same
  ruleset function, and the mean is the expectation, with the half-width of its 95% interval (1.96 standard
  errors) as the error the report states. Samples are drawn :data:`SAMPLES` at a time until every side's error
  is at most :data:`TARGET` hits, up to :data:`MOST_SAMPLES`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import product
from typing import Any

from ..dice import Die, Rng, outcome_count, roll_multisets_mixed
from ..engine import Game, GameState
from ..engine.events import DiceRolled, Event
from ..engine.game import STEP
from ..engine.ruleset import Context, Ruleset

MOST_OUTCOMES = 6_000
"""The largest roll (in distinct outcomes) whose exact expectation is worked out by listing every outcome; a
bigger one is estimated from :data:`SAMPLES` seeded samples."""

SAMPLES = 1_000
"""The fewest seeded sets of faces that estimate a roll too big to list (each one resolved through the rules)."""

MOST_SAMPLES = 20_000
"""The most: sampling goes on, :data:`SAMPLES` at a time, until every side's error is at most :data:`TARGET`."""

TARGET = 0.02
"""The 95% error, in hits, that a sampled roll's estimate is brought down to (or as near as ``MOST_SAMPLES`` get)."""

Z95 = 1.96
"""Standard errors either side of a sampled mean that hold the true expectation 95 times in 100."""

ORDERED = frozenset({"cartwheel"})
"""Rulesets whose dice each belong to one unit, so that the same faces in another order are another outcome."""

NEVER_COSTS = frozenset({("cartwheel", "ops.scramble")})
"""Dice steps (ruleset, step) whose resolution can take nothing off anyone, whatever the faces (fighters scramble
or stay on the ground): not attacks, so their outcomes are not listed at all (the tests check each one)."""

EXACT = "exact"
SAMPLED = "sampled"


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
    """Whether its expectation is in the sums (``False`` only for a roll that could not be resolved at all)."""
    expected: dict[str, Fraction] = field(default_factory=dict)
    """Hits each side's dice were expected to score in this roll (exact, or the mean of the samples)."""
    actual: dict[str, int] = field(default_factory=dict)
    """Hits each side's dice scored in this roll."""
    method: str = EXACT
    """``"exact"`` (every outcome listed) or ``"sampled"`` (estimated from ``samples`` seeded samples)."""
    samples: int = 0
    error: dict[str, float] = field(default_factory=dict)
    """For a sampled roll: each side's 95% error on ``expected`` (half the width of the interval), in hits."""


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

    def sampled(self, turn: int | None = None) -> list[Attack]:
        """The counted attacks whose expectation was estimated by sampling (in ``turn``, or in the whole game)."""
        return [a for a in self.attacks if a.counted and a.method == SAMPLED and (turn is None or a.turn == turn)]

    def error(self, side: str, turn: int | None = None) -> float:
        """The 95% error on :meth:`expected` that the sampled attacks bring (0 when every one was exact): the
        samples of different rolls are independent, so their standard errors add in quadrature."""
        se2 = sum((a.error.get(side, 0.0) / Z95) ** 2 for a in self.sampled(turn))
        return Z95 * math.sqrt(se2)


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
            "roll was resolved. The expectation is exact wherever the roll's outcomes can be listed: every possible "
            "outcome of the roll was resolved by the game's own rules, weighted by its probability. A loss the "
            "rules add in the same resolution (a step a Banzai attack costs, a retreat that cannot be made) counts "
            "in both columns alike, so it does not change the difference. A roll that could cost nobody anything "
            "whatever its faces (who moves first, an activation, a scramble, a medic's roll) is not an attack and "
            "is left out.")
    if ruleset == "cadet":
        base += (" In Cadet Commander the attacker keeps one of the ATK dice, a choice made after the roll: what "
                 "counts for luck is what the dice offered, the best result (Hit and Run, then Ouch), as the odds "
                 "module counts it; its STR loss is the hit.")
    if ruleset == "memoir44":
        base += (" Hits beyond a unit's last figure and losses from a retreat that is blocked come later or not at "
                 "all, so they are not counted; flags are not hits.")
    if ruleset in ORDERED:
        base += (" Each die belongs to one aircraft or unit, so the same faces in another order are another outcome"
                 " and are listed as such.")
    return base + (f" A roll with more than {MOST_OUTCOMES:,} possible outcomes is estimated instead, from samples "
                   f"drawn with a fixed seed and resolved by the same rules (at least {SAMPLES:,}, and more until "
                   f"the error is {TARGET} hits or less, up to {MOST_SAMPLES:,}); its error (95% of such estimates "
                   "fall within it) is given beside it, and the same game always gives the same estimate.")


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


def ordered_count(pool: Sequence[tuple[Die, int]]) -> int:
    """How many ordered outcomes a pool has (faces shown by several sides counted once)."""
    return math.prod(len(die.distinct) ** n for die, n in pool)


def ordered_outcomes(pool: Sequence[tuple[Die, int]]) -> Iterator[tuple[tuple[tuple[Any, ...], ...], Fraction]]:
    """Every ordered outcome of ``pool`` (one faces tuple per group, in roll order) with its exact probability."""
    per_die: list[list[tuple[Any, Fraction]]] = []
    shape: list[int] = []
    for die, n in pool:
        weights = die.weights
        faces = [(f, Fraction(weights[f], die.sides)) for f in die.distinct]
        per_die += [faces] * n
        shape.append(n)
    for combo in product(*per_die):
        p = Fraction(1)
        flat = []
        for f, q in combo:
            p *= q
            flat.append(f)
        groups, at = [], 0
        for n in shape:
            groups.append(tuple(flat[at:at + n]))
            at += n
        yield tuple(groups), p


def _error(total: int, squares: int, n: int) -> float:
    """The 95% error (1.96 standard errors) of the mean of ``n`` samples with this sum and sum of squares."""
    mean = total / n
    var = max(0.0, squares / n - mean * mean) * n / max(1, n - 1)
    return Z95 * math.sqrt(var / n)


def sample_seed(game_seed: int, index: int) -> int:
    """The seed of the samples that estimate the roll at ``index`` of a game played from ``game_seed``."""
    return Rng.seed_from(f"hexlab luck {game_seed} {index}")


def attack_at(rules: Ruleset[Any], index: int, before: GameState, after: GameState, events: list[Event],
              sides: list[str], seed: int = 0, samples: int = SAMPLES, most: int = MOST_OUTCOMES,
              most_samples: int = MOST_SAMPLES, target: float = TARGET) -> Attack | None:
    """The attack a dice step made, or ``None`` if the roll could cost nobody anything. A roll of more than
    ``most`` outcomes is estimated from seeded samples (seeded from ``seed``, the game's, and ``index``), drawn
    ``samples`` at a time until each side's 95% error is at most ``target`` hits or ``most_samples`` are drawn."""
    rolled = next((e for e in events if isinstance(e.payload, DiceRolled)), None)
    if rolled is None or (rules.id, before.position) in NEVER_COSTS:
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
    ordered = rules.id in ORDERED
    n = ordered_count(pool) if ordered else outcome_count(pool)
    attack = Attack(index, before.turn, before.position, roller, rolled.text, n, True, {}, actual)
    expected: dict[str, Fraction] = {}
    if n <= most:
        listed = ordered_outcomes(pool) if ordered else roll_multisets_mixed(pool).items()
        for faces, p in listed:
            for side, hits in hits_of(rules, before, faces, sides, roller).items():
                expected[side] = expected.get(side, Fraction(0)) + p * hits
    else:
        rng = Rng(sample_seed(seed, index))
        samples = max(1, samples)
        totals: dict[str, int] = {}
        squares: dict[str, int] = {}
        drawn = 0
        while True:
            for _ in range(samples):
                faces = tuple(rng.roll_many(die, k) for die, k in pool)
                if not ordered:
                    faces = tuple(die.canonical(fs) for (die, _), fs in zip(pool, faces, strict=True))
                for side, hits in hits_of(rules, before, faces, sides, roller).items():
                    totals[side] = totals.get(side, 0) + hits
                    squares[side] = squares.get(side, 0) + hits * hits
            drawn += samples
            attack.error = {side: _error(t, squares[side], drawn) for side, t in totals.items()}
            if drawn + samples > most_samples or all(e <= target for e in attack.error.values()):
                break
        expected = {side: Fraction(t, drawn) for side, t in totals.items()}
        attack.method, attack.samples = SAMPLED, drawn
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
            found = attack_at(game.rules, index, before, after, events, sides, seed=game.seed)
            if found is not None:
                attacks.append(found)
    return Luck(sides, attacks, counting_note(game.rules.id))
