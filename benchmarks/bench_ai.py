"""How well and how fast the computer opponent plays (issue 26): win rates with 95% intervals, decision times.

For every scenario and pairing (``veteran`` against ``random``, ``veteran`` against ``novice``), from each seat,
it plays ``--games`` seeded games (seeds 1..N; the veteran sits at the seat named, the other player at the
other) and reports the veteran's wins, losses and draws with a Wilson 95% interval on its win rate, and the
veteran's decision times (median and 95th percentile, decisions with one legal move left out: they take no
search). ``--jobs`` plays games in parallel processes (2 on the 2-core machine).

    .venv/bin/python benchmarks/bench_ai.py                       # the full count: 100 games a pairing and seat
    .venv/bin/python benchmarks/bench_ai.py --games 10 --scenarios cadet/village --json out.json

A benchmark, not a test: nothing here asserts; it prints the table the README carries.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import hexlab  # noqa: E402
from hexlab.players import make_player  # noqa: E402

SCENARIOS = ["memoir44/tenaru", "memoir44/normandy", "cadet/village", "cactus/guadalcanal"]
PAIRINGS = [("veteran", "random"), ("veteran", "novice")]


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def play_one(job: tuple[str, str, str, int, int, int]) -> dict:
    scenario, hero, other, seat_index, seed, max_steps = job
    game = hexlab.load(scenario, seed=seed)
    sides = game.state.sides
    seat = sides[seat_index]
    players = {seat: make_player(hero, seed * 7919 + 101),
               sides[1 - seat_index]: make_player(other, seed * 7919 + 202)}
    times: list[float] = []
    steps = 0
    start = time.perf_counter()
    while not game.is_over and steps < max_steps:
        steps += 1
        if game.current_step.automatic:
            game.step()
            continue
        side = game.to_act
        if side == seat and game.legal_actions().count() > 1:
            t = time.perf_counter()
            action = players[side].choose(game)
            times.append(time.perf_counter() - t)
        else:
            action = players[side].choose(game)
        game.apply(action)
    winner = (game.result or {}).get("winner") if game.is_over else "unfinished"
    return {"scenario": scenario, "hero": hero, "other": other, "seat": seat, "seed": seed, "winner": winner,
            "won": winner == seat, "lost": winner not in (seat, None, "unfinished"), "times": times,
            "seconds": time.perf_counter() - start}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100, help="games a pairing and seat (default 100)")
    ap.add_argument("--scenarios", default=",".join(SCENARIOS))
    ap.add_argument("--pairings", default=",".join(f"{a}:{b}" for a, b in PAIRINGS))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--max-steps", type=int, default=20_000, help="a game not over by then counts as unfinished")
    ap.add_argument("--json", help="write every game's record here")
    args = ap.parse_args(argv)
    pairings = [tuple(p.split(":")) for p in args.pairings.split(",")]
    jobs = []
    for scenario in args.scenarios.split(","):
        for hero, other in pairings:
            for seat_index in (0, 1):
                for seed in range(1, args.games + 1):
                    jobs.append((scenario, hero, other, seat_index, seed, args.max_steps))
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        records = list(pool.map(play_one, jobs, chunksize=1))
    wall = time.perf_counter() - start
    if args.json:
        Path(args.json).write_text(json.dumps(records, indent=1))
    print(f"{len(records)} games in {wall:.0f} s ({args.jobs} processes)\n")
    print("| scenario | pairing | veteran's seat | games | won | lost | drawn/unfinished | win rate (95% CI) "
          "| decision median | p95 |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    keys = []
    for r in records:
        key = (r["scenario"], r["hero"], r["other"], r["seat"])
        if key not in keys:
            keys.append(key)
    all_times: list[float] = []
    for key in keys:
        rs = [r for r in records if (r["scenario"], r["hero"], r["other"], r["seat"]) == key]
        n = len(rs)
        won = sum(r["won"] for r in rs)
        lost = sum(r["lost"] for r in rs)
        lo, hi = wilson(won, n)
        times = sorted(t for r in rs for t in r["times"])
        all_times += times
        med = statistics.median(times) if times else 0.0
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))] if times else 0.0
        print(f"| {key[0]} | {key[1]} vs {key[2]} | {key[3]} | {n} | {won} | {lost} | {n - won - lost} "
              f"| {100 * won / n:.0f}% ({100 * lo:.0f}-{100 * hi:.0f}%) | {med:.3f} s | {p95:.3f} s |")
    if all_times:
        all_times.sort()
        print(f"\nall veteran decisions: {len(all_times)}, median {statistics.median(all_times):.3f} s, "
              f"p95 {all_times[int(0.95 * len(all_times))]:.3f} s, max {all_times[-1]:.3f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
