"""Batch mode against interactive play (issue 27 point 5), per ruleset, measured in the same run.

Run from the project root:  .venv/bin/python benchmarks/bench_batch.py [--games N] [--profile] [--dask]

For each ruleset's scenario the same seeded games (random players) are played twice: interactively (undo
snapshots, the log, listeners: what a notebook's table does) and in batch mode (``Game.batch_mode()``: none of
those, and an action taken from the listing is not checked twice). Both play exactly the same games (checked
here too: the same history and final state), so the ratio is the speed-up alone. Printed: actions (decisions
and automatic steps) per second and games per second, each mode and the ratio, then all of it again as one Markdown table
(scenario, actions/s and games/s of each mode, the ratio, whether both modes played the same games); ``--profile``
adds cProfile's top lines for batch mode (where the time still goes); ``--dask`` times ``hexlab.simulate`` on a
two-process ``LocalCluster`` against one process.

Times are this process's CPU time (``time.process_time``; the profile's too), not the wall clock: on a machine shared
with other work the wall clock counts their time too. The two modes take turns (interactive, batch, interactive,
batch...) and the best run of each counts, so a change in the machine's load falls on both alike; each run starts
from a collected heap and keeps only how its games ended, so neither mode pays for collecting the other's garbage.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import pstats
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import hexlab  # noqa: E402
from hexlab.players import players_for  # noqa: E402

SCENARIOS = ["memoir44/tenaru", "cadet/village", "cactus/guadalcanal", "warsea/tokyo_express", "cartwheel/"]


def _scenarios() -> list[str]:
    out = []
    for sid in SCENARIOS:
        if sid.endswith("/"):  # a ruleset still being written: its first scenario, if one loads
            found = [s["id"] for s in hexlab.scenarios() if s["id"].startswith(sid) and "error" not in s]
            out += found[:1]
        else:
            out.append(sid)
    return out


Outcome = list[tuple[list[Any], dict[str, Any]]]
"""What each game of a run ended with: its history and its final state as data."""


def play(sid: str, seeds: range, batch: bool) -> tuple[float, float, int, Outcome]:
    """Seconds making the games (from the scenario read once, as ``hexlab.simulate`` does) and playing them,
    the actions and steps taken, and how each game ended. The games themselves are let go before the next run, and
    each run starts from a collected heap: a run is not charged for collecting what an earlier one left (the undo
    snapshots of interactive play are many)."""
    from hexlab.scenario import read

    scenario = read(sid)
    gc.collect()
    t0 = time.process_time()
    games = [scenario.new_game(seed) for seed in seeds]
    t1 = time.process_time()
    for game in games:
        if batch:
            game.batch_mode()
        for _ in game.run(players_for(game, "random"), 20_000):
            pass
    t2 = time.process_time()
    return t1 - t0, t2 - t1, sum(len(g.history) for g in games), [(g.history, g.state.to_data()) for g in games]


def timed(sid: str, seeds: range, repeat: int) -> tuple[tuple[float, float, int, Outcome], ...]:
    """Each mode ``repeat`` times, taking turns; the best time of each (interactive first)."""
    runs: dict[bool, list[tuple[float, float, int, Outcome]]] = {False: [], True: []}
    for _ in range(repeat):
        for batch in (False, True):
            runs[batch].append(play(sid, seeds, batch))
    return tuple((min(r[0] for r in rs), min(r[1] for r in rs), rs[0][2], rs[0][3]) for rs in runs.values())


def bench(sid: str, n: int, profile: bool, repeat: int = 2) -> tuple[str, float, float, float, float, float, bool]:
    seeds = range(n)
    (setup, slow, steps, interactive), (_, fast, steps_b, batched) = timed(sid, seeds, repeat)
    same = steps == steps_b and interactive == batched
    print(f"{sid}: {n} games, {steps} actions and steps (same games in both modes: {'yes' if same else 'NO'}); "
          f"making a game from the read scenario: {setup / n * 1000:.1f} ms")
    print(f"  interactive: {steps / slow:9.0f} actions/s {n / slow:8.2f} games/s "
          f"({n / (slow + setup):.2f} with the making)")
    print(f"  batch:       {steps / fast:9.0f} actions/s {n / fast:8.2f} games/s "
          f"({n / (fast + setup):.2f} with the making)")
    print(f"  ratio batch / interactive: {slow / fast:.2f}x ({(slow + setup) / (fast + setup):.2f}x with the making)")
    row = (sid, steps / slow, steps / fast, n / slow, n / fast, slow / fast, same)
    if profile:
        gc.collect()
        prof = cProfile.Profile(time.process_time)  # CPU time, as the rest: other work on the machine counts not
        prof.enable()
        play(sid, seeds, True)
        prof.disable()
        buffer = io.StringIO()
        stats = pstats.Stats(prof, stream=buffer)
        print("  batch mode, " + split(stats))
        stats.sort_stats("tottime").print_stats(8)
        lines = [ln for ln in buffer.getvalue().splitlines() if ln.strip()]
        start = next(i for i, ln in enumerate(lines) if ln.lstrip().startswith("ncalls"))
        print("  batch mode, top lines by own time:")
        for ln in lines[start:start + 9]:
            print("   " + ln.replace(str(ROOT) + "/", ""))
    return row


def table(rows: list[tuple[str, float, float, float, float, float, bool]]) -> str:
    """The runs as one Markdown table (for a note or an issue)."""
    out = ["| scenario | interactive actions/s | batch actions/s | interactive games/s | batch games/s | ratio | same |",
           "| --- | ---: | ---: | ---: | ---: | ---: | --- |"]
    out += [f"| {sid} | {a:.0f} | {b:.0f} | {c:.2f} | {d:.2f} | {r:.2f}x | {'yes' if same else 'NO'} |"
            for sid, a, b, c, d, r, same in rows]
    return "\n".join(out)


def split(stats: pstats.Stats) -> str:
    """Where a profiled run's time went, in words: listing the legal actions (the random players' choices) against
    carrying out the actions and steps (the rules' effects, automatic steps and dice)."""
    table = stats.stats  # type: ignore[attr-defined]  # {(file, line, name): (calls, ncalls, own, cumulative, callers)}

    def cumulative(file: str, name: str) -> float:
        return sum(v[3] for (f, _, n), v in table.items() if f.endswith(file) and n == name)

    total = cumulative("game.py", "run") or 1.0
    listing, doing = cumulative("players.py", "choose"), cumulative("game.py", "_perform_batch")
    return (f"share of the time: listing legal actions {listing / total:.0%}, carrying out actions and steps "
            f"{doing / total:.0%}, the rest {1 - (listing + doing) / total:.0%}")


def bench_dask(games: int) -> None:
    from hexlab.simulate import simulate

    sid = "cadet/village"
    t0 = time.perf_counter()
    one = simulate(sid, games=games, seed=1, workers=1, progress=False)
    t1 = time.perf_counter()
    two = simulate(sid, games=games, seed=1, workers=2, progress=False)
    t2 = time.perf_counter()
    same = [r["winner"] for r in one.records] == [r["winner"] for r in two.records]
    print(f"hexlab.simulate {sid}, {games} games (same results: {'yes' if same else 'NO'})")
    print(f"  one process:                 {games / (t1 - t0):8.1f} games/s")
    print(f"  LocalCluster, two processes: {games / (t2 - t1):8.1f} games/s (cluster start included)")
    print(f"  ratio: {(t1 - t0) / (t2 - t1):.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--dask", action="store_true")
    parser.add_argument("--repeat", type=int, default=2, help="runs of each mode, taking turns; the best counts")
    parser.add_argument("--only", default="", help="only the rulesets named, comma-separated (cadet,warsea)")
    args = parser.parse_args()
    scale = {"memoir44": 1, "cadet": 3, "warsea": 3, "cactus": 10}  # short games get more of them
    only = [s.strip() for s in args.only.split(",") if s.strip()]
    rows = [bench(sid, args.games * scale.get(sid.split("/")[0], 1), args.profile, args.repeat)
            for sid in _scenarios() if not only or sid.split("/")[0] in only]
    if rows:
        print()
        print(table(rows))
    if args.dask:
        bench_dask(200)


if __name__ == "__main__":
    main()
