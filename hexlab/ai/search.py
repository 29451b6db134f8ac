"""Expectimax over the engine, from one seat: the computer opponent's search, the same for every ruleset.

What it does, in order (DESIGN.md's anchors, habit 13: OpenSpiel's information-set search):

1. **It looks from its seat.** It reads the game only through ``game.view(side)`` (the typed form of
   ``game.observation(side)``: no dice generator, other hands and the deck face down, unseen units left
   out). It never reads ``game.state``, and it never changes the game it is asked about. The one other
   thing a ruleset may ask for is public: the scenario's own set-up (Cartwheel's order of battle, through its
   ``prepare`` hook), to deal what the view leaves out.
2. **It deals the unseen.** Each *world* it searches is the view with what is face down dealt again, so
   that it agrees with what the side has seen (:mod:`hexlab.ai.world`, the ruleset's ``resample`` hook in
   :mod:`hexlab.ai.rulesets`). A view with nothing face down is searched as it is (one world).
3. **It searches each world** by expectimax: decisions branch on the legal actions (the side's own are
   maximised, the other side's minimised), dice steps branch on their outcomes with their exact
   probabilities (every outcome listed when there are at most ``exact_outcomes``; otherwise
   ``samples`` outcomes drawn from its own generator, which the explanation states), and bookkeeping
   steps are run through. Outcomes that leave the same state are merged, so a battle of four dice with
   70 face combinations costs only its few distinct results. The leaves are scored by the ruleset's
   evaluation (:mod:`hexlab.ai.rulesets`); a leaf at a dice step is rolled out first (the value of an
   attack is the expectation of its dice, never the state before them).
4. **Iterative deepening within a budget.** Depth 1 (one decision ahead: every move valued, the floor
   every level plays from, worked out whole though it may cost more than the budget), then 2, 3... while the
   budget of nodes lasts; each depth searches the root's moves best first by the last depth's values, and below
   the root only the ``width`` most promising moves by a one-decision look (move ordering). A depth the
   budget cuts short is not used, so the choice is the deepest complete search's. Transposition tables
   (keyed by :func:`state_key`) keep every evaluation, dice step and value already worked out, so each depth
   finds the last one's work done and only the new work counts against the budget. A run of dice steps with
   no decision between them is followed for at most :data:`MAX_DICE_RUN` steps.
5. **Its choice is a function of its observation, its seed and its budget.** The budget counts nodes,
   not seconds, so the same view and seed give the same move on any machine; ``seconds`` adds a safety
   stop on wall time for a table that must never feel stuck (when it fires the search is cut short, and
   the choice may then depend on the machine's speed; the benchmark reports how often).

Values are in the evaluation's points, from the searching side's view; a won game is :data:`WIN`, or what the
ruleset's ``finished`` hook makes it where its points are on another scale (Cactus: a sudden-death win before the
game's last hour is worth the position's points and what its evaluation gives the chance of it before the dice).
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..dice import Rng
from ..engine import Action, Game, GameState
from . import rulesets
from .world import World, has_hidden

MAX_DICE_RUN = 6
"""Dice steps in a row (no decision between them: a game where nobody can act for a while) searched at most
before the state is evaluated as it stands."""

WIN = 10_000.0
"""The value of a won game (a lost one is ``-WIN``, a draw 0): larger than any evaluation."""


@dataclass(frozen=True, slots=True)
class Level:
    """How hard the computer thinks: the search's budget and shape."""

    name: str
    nodes: int
    """Node budget per decision (states made plus evaluations): the deterministic budget."""
    max_depth: int = 6
    """Decisions ahead at most (iterative deepening stops here or when the budget runs out)."""
    width: int = 4
    """Below the root, how many of the most promising moves are searched deeper."""
    worlds: int = 2
    """Worlds dealt when the view has something face down (one when it has none)."""
    exact_outcomes: int = 80
    """A dice step with at most this many outcomes is searched outcome by outcome, exactly; past it, sampled. Each
    outcome listed counts against the node budget (it is a state made), so listing more costs depth. With this
    line at 252 for every ruleset, the veteran in War at Sea's landing drill, as the United States, won 2 games
    and lost 10 over seeds 1-12, against 7-4-1 at 80 (benchmarks/results/ai.md). A ruleset's ``shape`` may raise
    it where listing is cheap (Memoir '44's battles, Cactus')."""
    samples: int = 12
    """Outcomes drawn (with their probabilities' weights, from the searcher's generator) past that."""
    noise: float = 0.0
    """Novice: each move's value is jittered by up to this many points before the best is taken."""
    advice: bool = False
    """Take the ruleset's own simple advice (``Ruleset.suggest``, asked of the view) where it gives one."""
    seconds: float | None = None
    """A safety stop on wall time (see the module's notes), ``None``: the node budget alone."""


LEVELS: dict[str, Level] = {
    "novice": Level("novice", nodes=400, max_depth=1, width=1, worlds=1, noise=0.6, advice=True),
    "veteran": Level("veteran", nodes=900, max_depth=4, width=3, worlds=2, seconds=1.5),
}
"""``novice`` plays the best move one decision ahead by the evaluation (dice rolled out exactly), with some
noise, taking the ruleset's own advice where it has some (Cadet's die choice); ``veteran`` searches as deep
as its budget allows."""


class OutOfBudget(Exception):
    """The node budget (or the safety stop) ran out in the middle of a depth."""


@dataclass(slots=True)
class Choice:
    """One root move as the search valued it."""

    action: Action
    value: float
    """Its value averaged over the worlds, at the deepest complete depth."""
    terms: dict[str, float] = field(default_factory=dict)
    """The evaluation's terms one decision ahead (dice rolled out), averaged over worlds: the words' source."""
    chance: ChanceFacts | None = None
    wins: float = 0.0
    """The chance it wins the game at once (its dice's odds, or 1 for a move that simply wins), averaged over the
    worlds: told apart from its value, which weighs a won game as the ruleset's ``finished`` hook does."""


@dataclass(slots=True)
class ChanceFacts:
    """What the dice right after a move may do, from its outcomes' exact (or sampled) probabilities."""

    outcomes: int
    """How many outcomes the dice step has."""
    searched: int
    """How many were searched: all of them (exact), or the samples drawn."""
    exact: bool
    eliminate: Fraction = Fraction(0)
    """Probability an enemy unit is eliminated."""
    lose_unit: Fraction = Fraction(0)
    """Probability one of the side's own units is eliminated."""
    enemy_loss: float = 0.0
    """Expected strength the enemy loses."""
    own_loss: float = 0.0
    """Expected strength the side loses."""
    win: Fraction = Fraction(0)
    """Probability the game is won at once."""


@dataclass(slots=True)
class Result:
    """A search's answer: the moves best first, and what the search did."""

    side: str
    choices: list[Choice]
    depth: int
    """The deepest depth completed (decisions ahead)."""
    nodes: int
    worlds: int
    seconds: float
    cut_short: bool
    """The safety stop on wall time fired."""
    level: Level

    @property
    def best(self) -> Action:
        return self.choices[0].action


class Searcher:
    """Expectimax in worlds agreeing with one side's view, for one decision."""

    def __init__(self, rules: Any, side: str, level: Level, rng: Rng) -> None:
        self.world = World(rules)
        self.rules = rules
        self.side = side
        self.level = level
        self.rng = rng
        self.hooks = rulesets.hooks_for(rules.id)
        self.finished: Callable[[Any, GameState, str], float | None] | None = getattr(self.hooks, "finished", None)
        """The ruleset's worth of a game over at a state, where it is not :data:`WIN` (see :mod:`.rulesets`)."""
        self.nodes = 0
        self.floor = False
        """Working out the floor of every search, each move one decision ahead: the node budget does not stop
        it (the nodes still count), so every level plays a move it has valued (see :func:`search`)."""
        self.deadline: float | None = None
        self.cut_short = False
        # transposition tables, keyed by state_key (a world's hidden cards are in it, so worlds never mix):
        # each depth of the iterative deepening finds the last depth's evaluations, dice and values here
        self.evals: dict[str, float] = {}
        self.chances: dict[str, tuple[list[tuple[GameState, float]], int, bool]] = {}
        self.values: dict[tuple[str, int, int, int], float] = {}

    # --------------------------------------------------------------------------- values
    def evaluate(self, state: GameState, key: str | None = None) -> float:
        if state.result is not None:
            self._tick()
            return self.terminal(state)
        key = key or state_key(state)
        v = self.evals.get(key)
        if v is None:
            self._tick()
            v = self.evals[key] = sum(self.hooks.evaluate(self.rules, state, self.side).values())
        return v

    def terminal(self, state: GameState) -> float:
        if self.finished is not None and (v := self.finished(self.rules, state, self.side)) is not None:
            return v
        winner = (state.result or {}).get("winner")
        return 0.0 if winner is None else (WIN if winner == self.side else -WIN)

    def _tick(self, n: int = 1) -> None:
        self.nodes += n
        if self.nodes > self.level.nodes and not self.floor:
            raise OutOfBudget
        if self.deadline is not None and self.nodes % 16 == 0 and time.perf_counter() > self.deadline:
            self.cut_short = True
            raise OutOfBudget

    def chance_children(self, state: GameState, key: str | None = None) -> tuple[list[tuple[GameState, float]], int, bool]:
        """The distinct states a dice step can lead to, with their probabilities (merged where outcomes
        leave the same state); plus the number of outcomes and whether they were all listed."""
        key = key or state_key(state)
        known = self.chances.get(key)
        if known is not None:
            return known
        found = self._chance_children(state)
        self.chances[key] = found
        return found

    def _chance_children(self, state: GameState) -> tuple[list[tuple[GameState, float]], int, bool]:
        count = self.world.outcome_count(state)
        merged: dict[str, list[Any]] = {}
        if count <= self.level.exact_outcomes:
            pairs: list[tuple[Any, float]] = [(faces, float(p)) for faces, p in self.world.outcomes(state)]
            exact = True
        else:
            exact = False
            listable = count <= 20_000
            pairs = [(self.world.draw(state, self.rng) if listable else None, 1.0 / self.level.samples)
                     for _ in range(self.level.samples)]
        for faces, p in pairs:
            self._tick()
            if faces is None:
                child = self.world.roll(_reseeded(state, self.rng))
            else:
                child = self.world.resolve(state, faces)
            key = state_key(child)
            if key in merged:
                merged[key][1] += p
            else:
                merged[key] = [child, p]
        return [(c, p) for c, p in merged.values()], count, exact

    def value(self, state: GameState, depth: int, quiet: int = 1, run: int = 0) -> float:
        """The expectimax value of ``state`` searched ``depth`` decisions ahead; dice at the leaves are
        rolled out (``quiet`` dice steps at most) before the evaluation."""
        state = self.settle(state)
        key = state_key(state)
        memo = self.values.get((key, depth, quiet, run))
        if memo is not None:
            return memo
        v = self.values[(key, depth, quiet, run)] = self._value(state, key, depth, quiet, run)
        return v

    def _value(self, state: GameState, key: str, depth: int, quiet: int, run: int) -> float:
        kind = self.world.kind(state)
        if kind == "over":
            self._tick()
            return self.terminal(state)
        if kind == "dice":
            if (depth <= 0 and quiet <= 0) or run >= MAX_DICE_RUN:
                return self.evaluate(state, key)
            children, _, _ = self.chance_children(state, key)
            return sum(p * self.value(c, depth, quiet - (depth <= 0), run + 1) for c, p in children)
        if depth <= 0:
            return self.evaluate(state, key)
        actions = self.world.legal(state)
        if not actions:
            return self.evaluate(state, key)
        mine = self.world.to_act(state) == self.side
        children = [self.child(state, a) for a in actions]
        if depth > 1 and len(children) > self.level.width:
            shallow = [self.value(c, 0) for c in children]
            ranked = sorted(range(len(children)), key=lambda i: -shallow[i] if mine else shallow[i])
            children = [children[i] for i in ranked[: self.level.width]]
        values = [self.value(c, depth - 1) for c in children]
        return max(values) if mine else min(values)

    def child(self, state: GameState, action: Action) -> GameState:
        self._tick()
        return self.world.apply(state, action)

    def settle(self, state: GameState) -> GameState:
        while self.world.kind(state) == "auto":
            self._tick()
            state = self.world.auto(state)
        return state

    # --------------------------------------------------------------------------- one step ahead, in terms
    def terms_after(self, state: GameState) -> tuple[dict[str, float], ChanceFacts | None, float]:
        """The evaluation's terms after a move (dice rolled out: expected terms), the dice's facts, and the chance
        the move wins at once (the dice's, or 1 for a move that simply wins)."""
        state = self.settle(state)
        if self.world.kind(state) != "dice":
            return self._terms(state), None, float(_won(state, self.side))
        children, count, exact = self.chance_children(state)
        facts = ChanceFacts(count, count if exact else self.level.samples, exact)
        before = state
        out: dict[str, float] = {}
        for child, p in children:
            child = self.settle(child)
            for k, v in self._terms(child).items():
                out[k] = out.get(k, 0.0) + p * v
            lost = _losses(before, child)
            fp = Fraction(p).limit_denominator(10**9) if not exact else _fraction(p)
            if any(lost_unit for s, lost_unit in lost["eliminated"] if s != self.side):
                facts.eliminate += fp
            if any(lost_unit for s, lost_unit in lost["eliminated"] if s == self.side):
                facts.lose_unit += fp
            facts.enemy_loss += p * sum(n for s, n in lost["strength"] if s != self.side)
            facts.own_loss += p * sum(n for s, n in lost["strength"] if s == self.side)
            if (child.result or {}).get("winner") == self.side:
                facts.win += fp
        return out, facts, float(facts.win)

    def _terms(self, state: GameState) -> dict[str, float]:
        if state.result is not None:
            return {"result": self.terminal(state)}
        return dict(self.hooks.evaluate(self.rules, state, self.side))


def _fraction(p: float) -> Fraction:
    return Fraction(p).limit_denominator(10**12)


def _losses(before: GameState, after: GameState) -> dict[str, list[tuple[str, Any]]]:
    out: dict[str, list[tuple[str, Any]]] = {"eliminated": [], "strength": []}
    for uid, u in before.units.items():
        if not u.alive:
            continue
        v = after.units.get(uid)
        now = v.strength if v is not None else 0
        if now < u.strength:
            out["strength"].append((u.side, u.strength - now))
        if now <= 0:
            out["eliminated"].append((u.side, True))
    return out


def _reseeded(state: GameState, rng: Rng) -> GameState:
    s = state.copy()
    s.rng = Rng(rng.randbelow(2**31)).state
    return s


def state_key(state: GameState) -> str:
    """Equal keys for states that play on the same (the generator left out: a world's dice are searched,
    not rolled)."""
    units = sorted((u.id, repr(u.at), u.strength, repr(u.attrs)) for u in state.units.values())
    return repr((state.position, state.active, state.turn, units, sorted(state.score.items()),
                 sorted(state.hands.items()), sorted(state.decks.items()),
                 sorted((repr(h), v) for h, v in state.features.items()), state.result, state.rules_state))


# ------------------------------------------------------------------------------------------- the entry point


def observation_digest(game: Game, side: str) -> int:
    """A number that depends only on what ``side`` sees now: the searcher's generator is seeded from it and
    the player's seed, so two games that look the same from the seat get the same move."""
    text = json.dumps(game.observation(side), sort_keys=True, default=str)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def search(game: Game, side: str | None = None, level: Level | str = "veteran", seed: int = 0,
           on_depth: Callable[[int, list[Choice]], None] | None = None) -> Result:
    """The moves for ``side`` (by default the side to act) best first, searched from its seat."""
    lv = LEVELS[level] if isinstance(level, str) else level
    shape = getattr(rulesets.hooks_for(game.rules.id), "shape", None)
    if isinstance(level, str) and shape is not None:
        lv = shape(lv)  # a named level, fitted to the ruleset (a Level given as it is is searched as it is)
    side = side or game.to_act
    if side is None:
        raise ValueError("nobody decides now: there is no move to search")
    start = time.perf_counter()
    view = game.view(side)  # the one door: the typed observation, no generator, nothing unseen
    rng = Rng((seed * 1_000_003) ^ observation_digest(game, side))
    searcher = Searcher(game.rules, side, lv, rng)
    if lv.seconds is not None:
        searcher.deadline = start + lv.seconds
    hooks = searcher.hooks
    n_worlds = lv.worlds if has_hidden(view) or hooks.hides_more(game.rules, view, side) else 1
    prepare = getattr(hooks, "prepare", None)
    known = {"known": prepare(game, side)} if prepare is not None else {}
    worlds = [searcher.world.settle(hooks.resample(game.rules, view.copy(), side, Rng(rng.randbelow(2**62)), **known))
              for _ in range(n_worlds)]
    actions = searcher.world.legal(worlds[0])
    if not actions:
        raise ValueError(f"{side} has nothing to choose now")
    # every world agrees with the view, so the side's own choices are the same in each (its own hand, its
    # own units); an action a world does not offer is valued there as its worst (never happens in practice)
    choices = [Choice(a, 0.0) for a in actions]
    if len(actions) == 1:
        return Result(side, choices, 0, 0, n_worlds, time.perf_counter() - start, False, lv)
    if lv.advice:
        advised = game.rules.suggest(worlds[0])
        if advised is not None and advised in actions:
            choices.sort(key=lambda c: c.action != advised)
            return Result(side, choices, 0, 0, n_worlds, time.perf_counter() - start, False, lv)
    # one decision ahead, in terms, for ordering and for the words: the floor, searched whole whatever the node
    # budget (only the safety stop on wall time may cut it short); the budget then goes to the deeper depths
    budget_left = True
    searcher.floor = True
    try:
        for c in choices:
            terms: dict[str, float] = {}
            for w in worlds:
                t, facts, won = searcher.terms_after(searcher.world.apply(w, c.action))
                for k, v in t.items():
                    terms[k] = terms.get(k, 0.0) + v / len(worlds)
                c.chance = c.chance or facts
                c.wins += won / len(worlds)
            c.terms = terms
            c.value = sum(terms.values())
    except OutOfBudget:
        budget_left = False
    searcher.floor = False
    depth_done = 1 if budget_left else 0
    if budget_left:
        _jitter(choices, lv, rng)
        choices.sort(key=lambda c: -c.value)
        if on_depth:
            on_depth(1, choices)
        for depth in range(2, lv.max_depth + 1):
            try:
                values = []
                for c in choices:
                    total = 0.0
                    for w in worlds:
                        total += searcher.value(searcher.world.apply(w, c.action), depth - 1)
                    values.append(total / len(worlds))
            except OutOfBudget:
                break
            for c, v in zip(choices, values, strict=True):
                c.value = v
            choices.sort(key=lambda c: -c.value)
            depth_done = depth
            if on_depth:
                on_depth(depth, choices)
    else:
        # the safety stop on wall time fired before every move was valued one decision ahead: keep the legal
        # order (the first offered)
        pass
    return Result(side, choices, depth_done, searcher.nodes, n_worlds, time.perf_counter() - start,
                  searcher.cut_short, lv)


def _won(state: GameState, side: str) -> bool:
    return state.result is not None and state.result.get("winner") == side


def _jitter(choices: list[Choice], level: Level, rng: Rng) -> None:
    if level.noise <= 0:
        return
    for c in choices:
        if abs(c.value) < WIN / 2 and c.wins < 1:  # a won or lost game is never blurred
            c.value += level.noise * (rng.randbelow(2001) - 1000) / 1000


def choose(game: Game, side: str | None = None, level: Level | str = "veteran", seed: int = 0) -> Action:
    """The move ``side`` would make (see :func:`search`)."""
    return search(game, side, level, seed).best
