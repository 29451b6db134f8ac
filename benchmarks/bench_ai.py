"""How well and how fast the computer opponent plays (issue 26): win rates with 95% intervals, decision times.

For every scenario of the five rulesets and each pairing (``veteran`` against ``random``, ``veteran`` against
``novice``), from each seat, it plays ``--games`` seeded games (seeds 1..N; the veteran sits at the seat named,
the other player at the other) and reports the veteran's wins, losses and draws (W-L-D) with a Wilson 95%
interval on its win rate, and the veteran's decision times: median and 95th percentile of wall time and of CPU
time (on a shared machine the wall time includes waiting for a CPU), decisions with one legal move left out
(they take no search). ``--jobs`` plays games in parallel processes; ``--minutes`` stops after that much wall
time and reports the games finished (games are played seed by seed, so every row gets about as many). The
table is printed and written to ``benchmarks/results/ai.md``.

    .venv/bin/python benchmarks/bench_ai.py                       # the full count: 100 games a pairing and seat
    .venv/bin/python benchmarks/bench_ai.py --games 10 --scenarios cadet/village --json out.json
    .venv/bin/python benchmarks/bench_ai.py --jobs 1 --minutes 20  # what fits in 20 minutes

A benchmark, not a test: nothing here asserts.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import json
import math
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor, TimeoutError
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import hexlab  # noqa: E402
from hexlab.players import make_player  # noqa: E402

SCENARIOS = [
    "memoir44/tenaru", "cactus/guadalcanal", "warsea/tokyo_express", "cadet/village", "cartwheel/wewak",
    "memoir44/normandy", "memoir44/drill_basic", "memoir44/drill_commissar", "memoir44/drill_cover", "memoir44/drill_desert",
    "memoir44/drill_los", "memoir44/drill_overrun", "memoir44/drill_pacific", "memoir44/drill_resistance",
    "memoir44/drill_retreat", "memoir44/drill_terrain",
    "cadet/drill_bump", "cadet/drill_crowd", "cadet/drill_punch", "cadet/drill_push",
    "cactus/drill_turn", "warsea/drill_landing", "warsea/drill_rescue", "cartwheel/campaign",
]
"""Every scenario of the five rulesets (``scenarios/*/*.toml``), each ruleset's main scenario first (a run stopped by
``--minutes`` has those)."""
PAIRINGS = [("veteran", "random"), ("veteran", "novice")]


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def play_one(job: tuple[str, str, str, int, int, int, bool]) -> dict:
    scenario, hero, other, seat_index, seed, max_steps, wall_stop = job
    if not wall_stop:  # the node budget alone: the same moves however busy the machine is
        levels = importlib.import_module("hexlab.ai.search").LEVELS
        for name, level in list(levels.items()):
            levels[name] = dataclasses.replace(level, seconds=None)
    game = hexlab.load(scenario, seed=seed).batch_mode()  # no undo snapshots or narration: the players only read
    sides = game.state.sides
    seat = sides[seat_index]
    players = {seat: make_player(hero, seed * 7919 + 101),
               sides[1 - seat_index]: make_player(other, seed * 7919 + 202)}
    times: list[float] = []
    cpu: list[float] = []
    steps = 0
    start = time.perf_counter()
    error = ""
    try:
        while not game.is_over and steps < max_steps:
            steps += 1
            if game.current_step.automatic:
                game.step()
                continue
            side = game.to_act
            if side == seat and game.legal_actions().count() > 1:
                t, c = time.perf_counter(), time.process_time()
                action = players[side].choose(game)
                times.append(time.perf_counter() - t)
                cpu.append(time.process_time() - c)
            else:
                action = players[side].choose(game)
            game.apply(action)
    except Exception as exc:  # noqa: BLE001 - one broken game is reported, and the run goes on
        error = f"{type(exc).__name__}: {exc}"
    winner = (game.result or {}).get("winner") if game.is_over else "unfinished"
    lost = winner not in (seat, None, "unfinished")
    return {"scenario": scenario, "hero": hero, "other": other, "seat": seat, "seed": seed, "winner": winner,
            "won": winner == seat, "lost": lost, "times": times, "cpu": cpu, "error": error,
            "cut_short": getattr(players[seat], "cut_short", 0),
            "seconds": time.perf_counter() - start}


def _quantiles(values: list[float]) -> tuple[float, float]:
    if not values:
        return 0.0, 0.0
    v = sorted(values)
    return statistics.median(v), v[min(len(v) - 1, int(0.95 * len(v)))]


def report(records: list[dict], args: argparse.Namespace, wall: float, stopped: bool, planned: int) -> list[str]:
    """The Markdown the benchmark prints and writes: one row per scenario, seat and pairing."""
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    lines = [
        "# The computer opponent: win rates and decision times",
        "",
        f"{len(records)} of {planned} planned games ({args.games} a scenario, pairing and seat"
        + (f"; stopped by --minutes {args.minutes}" if stopped else "") + f") in {wall:.0f} s with {args.jobs} "
        f"process(es), {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; load average {load:.1f} on "
        f"{os.cpu_count()} CPUs when it ended (a shared machine: wall times include waiting for a CPU, the CPU "
        "columns do not).",
        "",
        "W-L-D is the veteran's: games won, lost, and drawn or unfinished; the interval is Wilson's 95%. Decision "
        "times are the veteran's, decisions with one legal move left out; 'stops' counts decisions where the "
        "safety stop on wall time cut the search short"
        + (" (on: --wall-stop)." if args.wall_stop else " (off: the levels played on their node budgets alone)."),
        "",
        "| scenario | veteran's seat | pairing | n | W-L-D | win rate (95% CI) | median | p95 | CPU median | CPU p95 "
        "| stops |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    keys: list[tuple[str, str, str, str]] = []
    for r in records:
        key = (r["scenario"], r["hero"], r["other"], r["seat"])
        if key not in keys:
            keys.append(key)
    by_ruleset: dict[str, tuple[list[float], list[float]]] = {}
    for key in keys:
        rs = [r for r in records if (r["scenario"], r["hero"], r["other"], r["seat"]) == key]
        n = len(rs)
        won = sum(r["won"] for r in rs)
        lost = sum(r["lost"] for r in rs)
        lo, hi = wilson(won, n)
        times = [t for r in rs for t in r["times"]]
        cpu = [t for r in rs for t in r.get("cpu", [])]
        wall_ts, cpu_ts = by_ruleset.setdefault(key[0].split("/")[0], ([], []))
        wall_ts += times
        cpu_ts += cpu
        med, p95 = _quantiles(times)
        cmed, cp95 = _quantiles(cpu)
        stops = sum(r.get("cut_short", 0) for r in rs)
        lines.append(f"| {key[0]} | {key[3]} | {key[1]} vs {key[2]} | {n} | {won}-{lost}-{n - won - lost} "
                     f"| {100 * won / n:.0f}% ({100 * lo:.0f}-{100 * hi:.0f}%) | {med:.3f} s | {p95:.3f} s "
                     f"| {cmed:.3f} s | {cp95:.3f} s | {stops} |")
    errors = [r for r in records if r.get("error")]
    if errors:
        lines += ["", f"{len(errors)} game(s) stopped by an error (counted as unfinished):", ""]
        lines += [f"- {r['scenario']} seed {r['seed']} ({r['hero']} as {r['seat']} vs {r['other']}): {r['error'][:200]}"
                  for r in errors]
    lines += ["", "| ruleset | veteran decisions | median | p95 | CPU median | CPU p95 |",
              "| --- | --- | --- | --- | --- | --- |"]
    everything: tuple[list[float], list[float]] = ([], [])
    for rid, (ts, cs) in by_ruleset.items():
        everything[0].extend(ts)
        everything[1].extend(cs)
        (med, p95), (cmed, cp95) = _quantiles(ts), _quantiles(cs)
        lines.append(f"| {rid} | {len(ts)} | {med:.3f} s | {p95:.3f} s | {cmed:.3f} s | {cp95:.3f} s |")
    (med, p95), (cmed, cp95) = _quantiles(everything[0]), _quantiles(everything[1])
    lines.append(f"| all | {len(everything[0])} | {med:.3f} s | {p95:.3f} s | {cmed:.3f} s | {cp95:.3f} s |")
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100, help="games a pairing and seat (default 100)")
    ap.add_argument("--scenarios", default=",".join(SCENARIOS))
    ap.add_argument("--pairings", default=",".join(f"{a}:{b}" for a, b in PAIRINGS))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--max-steps", type=int, default=20_000, help="a game not over by then counts as unfinished")
    ap.add_argument("--json", help="write every game's record here")
    ap.add_argument("--out", default=str(Path(__file__).resolve().parent / "results" / "ai.md"),
                    help="write the Markdown table here (default benchmarks/results/ai.md; '' for none)")
    ap.add_argument("--wall-stop", action="store_true",
                    help="keep the levels' safety stop on wall time (by default the benchmark plays on the node budget "
                    "alone, so that a busy machine does not change the moves)")
    ap.add_argument("--minutes", type=float, default=0.0,
                    help="stop after this many minutes of wall time and report the games finished (0: no limit)")
    args = ap.parse_args(argv)
    pairings = [tuple(p.split(":")) for p in args.pairings.split(",")]
    jobs = []
    scenarios = args.scenarios.split(",")
    for seed in range(1, args.games + 1):  # seed by seed, so a run stopped by --minutes has every row about even
        for scenario in scenarios:
            for hero, other in pairings:
                for seat_index in (0, 1):
                    jobs.append((scenario, hero, other, seat_index, seed, args.max_steps, args.wall_stop))
    start = time.perf_counter()
    deadline = start + 60 * args.minutes if args.minutes else None
    records = []
    pool = ProcessPoolExecutor(max_workers=args.jobs)
    futures = [pool.submit(play_one, job) for job in jobs]
    stopped = False
    for f in futures:
        left = None if deadline is None else max(0.0, deadline - time.perf_counter())
        try:
            records.append(f.result(timeout=left))
        except TimeoutError:
            stopped = True
            break
    children = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=not stopped, cancel_futures=True)
    if stopped:  # the game still being played is not waited for
        for child in children:
            child.terminate()
    wall = time.perf_counter() - start
    if args.json:
        Path(args.json).write_text(json.dumps(records, indent=1))
    lines = report(records, args, wall, stopped, len(jobs))
    print("\n".join(lines))
    if args.out:
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        Path(args.out).write_text("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
