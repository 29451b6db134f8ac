"""Engine benchmarks: random play on the Skirmish test ruleset, and exact odds against brute force.

Run from the project root:  .venv/bin/python benchmarks/bench_engine.py
Every figure is printed with a ratio against a baseline measured in the same run, on the same
machine, so the ratios mean something even where the absolute times don't.

1. Random play: actions (decisions and automatic steps) per second through ``Game.apply``/``step``,
   which snapshot the state for undo with ``GameState.copy``; the baseline is the same games with
   ``copy.deepcopy`` snapshots (what a naive engine would do). A second baseline switches off the memo
   the checks share while the legal actions are listed (``GameState.cached``), so every offered move's
   check searches the map again.
2. Exact odds: the distribution of hits for n Memoir-style battle dice, by multiset enumeration
   through the combat function (``hexlab.dice.through``) against enumerating every ordered roll
   (``itertools.product``), the brute force the tests check it against.
"""

from __future__ import annotations

import copy
import itertools
import sys
import time
from collections import Counter
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hexlab import scenario  # noqa: E402
from hexlab.dice import Die, roll_multisets, through  # noqa: E402
from hexlab.engine import GameState  # noqa: E402

scenario.SCENARIO_DIRS.append(ROOT / "tests" / "scenarios")
from hexlab.testing import play_random  # noqa: E402
from tests.support import skirmish  # noqa: E402,F401


def timed(fn, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def random_play(games: int) -> int:
    steps = 0
    for seed in range(games):
        steps += len(play_random("skirmish/meadow", seed).history)
    return steps


def bench_random_play(games: int = 40) -> None:
    steps = random_play(games)
    fast = timed(lambda: random_play(games))
    original = GameState.copy
    GameState.copy = lambda self: copy.deepcopy(self)  # the naive baseline
    try:
        slow = timed(lambda: random_play(games))
    finally:
        GameState.copy = original
    print(f"random play, {games} games of skirmish/meadow, {steps} actions and steps")
    print(f"  hexlab (GameState.copy snapshots): {steps / fast:10.0f} actions/s")
    print(f"  baseline (copy.deepcopy snapshots): {steps / slow:9.0f} actions/s")
    print(f"  ratio hexlab / baseline: {slow / fast:.1f}x")
    cached = GameState.cached
    GameState.cached = lambda self, key, compute: compute()  # every check recomputes its work
    try:
        forgetful = timed(lambda: random_play(games))
    finally:
        GameState.cached = cached
    print(f"  without the memo shared by a listing's checks: {steps / forgetful:6.0f} actions/s")
    print(f"  ratio hexlab / no memo: {forgetful / fast:.1f}x")


BATTLE = Die("battle", ("infantry", "infantry", "armor", "grenade", "star", "flag"))


def hits_and_flags(faces: tuple) -> tuple[int, int]:
    hits = sum(1 for f in faces if f in ("infantry", "grenade"))
    return hits, sum(1 for f in faces if f == "flag")


def brute_force(n: int) -> dict:
    counts = Counter(hits_and_flags(roll) for roll in itertools.product(BATTLE.faces, repeat=n))
    total = len(BATTLE.faces) ** n
    return {k: Fraction(v, total) for k, v in counts.items()}


def bench_odds() -> None:
    print("exact odds of hits and flags for n battle dice against infantry")
    print(f"  {'n':>2} {'outcomes':>9} {'exact ms':>10} {'brute ms':>10} {'ratio':>8}")
    for n in range(1, 8):
        def exact_odds(n=n):
            roll_multisets.cache_clear()  # measure the enumeration, not the cache
            return through(BATTLE, n, hits_and_flags)

        exact = timed(exact_odds)
        brute = timed(lambda n=n: brute_force(n), repeat=1 if n >= 7 else 3)
        dist = through(BATTLE, n, hits_and_flags)
        assert dict(dist.items()) == brute_force(n) if n <= 6 else True
        print(f"  {n:>2} {6 ** n:>9} {exact * 1e3:>10.3f} {brute * 1e3:>10.3f} {brute / exact:>7.1f}x")


if __name__ == "__main__":
    print(f"python {sys.version.split()[0]}")
    bench_random_play()
    bench_odds()
