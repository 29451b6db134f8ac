"""Checks every ruleset's tests reuse: the random simulation test, in the manner of OpenSpiel's.

``random_sim_test(scenario_id, games, seed)`` plays seeded random games and checks, after every action
and automatic step, that

- undo restores the previous state exactly, and redo gives back the same state (the same dice);
- the state survives a JSON round trip, and the whole game a save and load (replayed);
- the game never stalls: until it ends, either an automatic step is next or some action is legal, and
  every action offered is legal;
- an action that is not legal is refused with a ``RuleError`` and leaves the state untouched;
- the ruleset's own invariants hold (``Ruleset.invariants``, plus any ``invariants`` passed in).

It raises ``AssertionError`` with the scenario, seed and step on the first failure, so the game can be
replayed exactly. No pytest needed: notebooks and benchmarks can call it too.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from . import saves
from .dice import Rng
from .engine import Action, Game, GameState, RuleError
from .scenario import load

Invariant = Callable[[Game], list[str]]


@dataclass
class SimReport:
    games: int = 0
    finished: int = 0
    steps: int = 0
    actions: int = 0
    results: dict[str, int] = field(default_factory=dict)


def _fail(where: str, message: str) -> None:
    raise AssertionError(f"{where}: {message}")


def _check_invariants(game: Game, extra: list[Invariant], where: str) -> None:
    broken = game.rules.invariants(game.state)
    known = game.rules.known_clauses()
    for event in game.log[-12:]:
        unknown = [c for c in event.clauses if c not in known]
        if unknown:
            broken.append(f"event {event.kind} cites unknown clauses {unknown}")
    for check in extra:
        broken += check(game)
    if broken:
        _fail(where, "invariants broken: " + "; ".join(broken))


def random_sim_test(scenario_id: str, games: int = 5, seed: int = 0, *, max_steps: int = 5000,
                    invariants: list[Invariant] | None = None, save_every: int = 25,
                    check_all_legal: bool = True) -> SimReport:
    """Play ``games`` random games of a scenario (seeds ``seed``, ``seed+1``...) checking every step."""
    extra = list(invariants or [])
    report = SimReport()
    for g in range(games):
        game_seed = seed + g
        game = load(scenario_id, seed=game_seed)
        chooser = Rng(game_seed * 31 + 7)
        seen: list[Action] = []
        _check_invariants(game, extra, f"{scenario_id} seed {game_seed} at setup")
        for n in range(max_steps):
            where = f"{scenario_id} seed {game_seed} step {n} ({game.state.position})"
            if game.is_over:
                break
            before = game.state.copy()
            if game.current_step.automatic:
                if list(game.legal_actions()):
                    _fail(where, "actions offered at an automatic step")
                if game.current_step.kind == "dice" and _outcome_count(game) <= 20_000:  # big pools: too slow
                    outcomes = game.chance_outcomes()
                    if not outcomes or sum(p for _, p in outcomes) != 1:
                        _fail(where, "a dice step without chance outcomes summing to 1")
                game.step()
            else:
                legal = list(game.legal_actions())
                if not legal:
                    _fail(where, "stalled: a decision with no legal action")
                if check_all_legal:
                    for action in legal:
                        if game.explain(action) is not None:
                            _fail(where, f"offered {action!r} but explain() refuses it: {game.explain(action)}")
                _probe_illegal(game, seen, legal, where)
                action = _choose(chooser, legal)
                seen.append(action)
                game.apply(action)
                report.actions += 1
            report.steps += 1
            after = game.state.copy()
            # undo, then redo: exactly back, then exactly forward (the same dice)
            game.undo()
            if game.state != before:
                _fail(where, "undo did not restore the state")
            game.redo()
            if game.state != after:
                _fail(where, "redo did not give the same state (dice not rewound?)")
            data = json.loads(json.dumps(game.state.to_data()))
            if GameState.from_data(data, game.rules.state_type) != game.state:
                _fail(where, "the state does not survive a JSON round trip")
            if save_every and n % save_every == 0:
                _check_save(game, where)
            _check_invariants(game, extra, where)
        else:
            _fail(f"{scenario_id} seed {game_seed}", f"not over after {max_steps} steps")
        _check_save(game, f"{scenario_id} seed {game_seed} at the end")
        report.games += 1
        report.finished += game.is_over
        winner = (game.result or {}).get("winner") or "draw"
        report.results[winner] = report.results.get(winner, 0) + 1
    return report


def _outcome_count(game: Game) -> int:
    """How many chance outcomes the dice step has (multisets of each dice group), without listing them."""
    total = 1
    for die, n in game.rules.roll(game.state).pool:
        total *= math.comb(n + len(die.distinct) - 1, n)
    return total


def _choose(chooser: Rng, legal: list[Action]) -> Action:
    """A random legal action; passing ("end moves", "done") is picked only one time in eight when there
    is something else to do, so random games get to the fighting and end."""
    doing = [a for a in legal if a.verb != "pass"]
    if doing and chooser.randbelow(8) != 0:
        return doing[chooser.randbelow(len(doing))]
    return legal[chooser.randbelow(len(legal))]


def _check_save(game: Game, where: str) -> None:
    loaded = saves.loads(saves.dumps(game))
    if loaded.state != game.state or [e.to_data() for e in loaded.log] != [e.to_data() for e in game.log]:
        _fail(where, "a saved and loaded game differs from the original")


def _probe_illegal(game: Game, seen: list[Action], legal: list[Action], where: str) -> None:
    """Try one earlier action that is not legal now: it must be refused, state untouched."""
    legal_set = set(legal)
    for old in reversed(seen[-20:]):
        if old in legal_set:
            continue
        before = game.state.copy()
        log_length = len(game.log)
        try:
            game.apply(old)
        except RuleError:
            if game.state != before or len(game.log) != log_length:
                _fail(where, f"refusing {old!r} changed the state")
            return
        _fail(where, f"{old!r} is not among the legal actions but apply() accepted it")


def snapshot(game: Game) -> tuple[str, int]:
    """The game's state (as sorted JSON) and log length: equal snapshots mean nothing changed."""
    return json.dumps(game.state.to_data(), sort_keys=True), len(game.log)


def refused(game: Game, action: Action) -> str | None:
    """The clause that forbids ``action`` now (``None`` if it is legal), after checking the engine's
    promises: a refused action is not among the legal ones, ``apply`` refuses it with the same clause,
    and the state and log are exactly as they were."""
    err = game.explain(action)
    if err is None:
        assert action in game.legal_actions(), f"{action!r} is legal but not offered"
        return None
    assert action not in set(game.legal_actions()), f"{action!r} is offered but explained as illegal"
    before = snapshot(game)
    try:
        game.apply(action)
    except RuleError as exc:
        assert exc.clause == err.clause, f"apply() refused with {exc.clause}, explain() said {err.clause}"
    else:
        raise AssertionError(f"{action!r} was explained as illegal but apply() accepted it")
    assert snapshot(game) == before, "a refused action changed the state"
    return err.clause


def force_roll(game: Game, *wanted: Any, key: Callable[[Any], Any] = str, tries: int = 50_000) -> list:
    """At a dice step, roll it so the faces come up as wanted: one entry per dice group, either the faces
    (in any order, compared through ``key``) or a test on them. A testing aid: it sets the generator to
    the first seed that rolls so (the engine still rolls and resolves the dice itself) and returns the
    step's events."""
    assert game.current_step.kind == "dice", f"not a dice step: {game.state.position}"
    pool = game.rules.roll(game.state).pool
    assert len(pool) == len(wanted), (pool, wanted)

    def matches(want: Any, faces: tuple) -> bool:
        if callable(want):
            return bool(want(faces))
        return sorted(map(key, faces)) == sorted(map(key, want))

    for seed in range(tries):
        rng = Rng(seed)
        if all(matches(w, rng.roll_many(die, n)) for w, (die, n) in zip(wanted, pool, strict=True)):
            game.state.rng = Rng(seed).state
            return game.step()
    raise AssertionError(f"no seed below {tries} rolls {wanted}")


def play_random(scenario_id: str, seed: int, max_steps: int = 100_000) -> Game:
    """One random game, no checks (for benchmarks and demonstrations)."""
    game = load(scenario_id, seed=seed)
    player = SimPlayer(Rng(seed * 31 + 7))
    for _ in game.run(dict.fromkeys(game.state.sides, player), max_steps):
        pass
    return game


class SimPlayer:
    """The random simulations' chooser as a player (passing one time in eight, see ``_choose``)."""

    def __init__(self, chooser: Rng) -> None:
        self.chooser = chooser

    def choose(self, game: Game) -> Action:
        return _choose(self.chooser, list(game.legal_actions()))


__all__ = ["SimReport", "force_roll", "play_random", "random_sim_test", "refused", "snapshot"]
