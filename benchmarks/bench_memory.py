"""Memory of a long session: a hundred games in a row on one table, as a notebook kernel holds them.

Run from the project root:  .venv/bin/python benchmarks/bench_memory.py [--games 100] [--scenario memoir44/drill_basic]

One :class:`hexlab.widgets.Table` is built, as a notebook cell builds it (the widget objects live in this process
as they would in the kernel; no browser is needed). Both sides are played by the computer's random player. Each
game is started with the table's own "New game" button (pressed twice, as a person confirms leaving an unsaved
game), with a new seed, then played to its end with "Play to next decision"; on the way a few moves are taken
back with "Undo" and made again with "Redo", and a "Hint" is asked, so every part of the table is used.

After games 10, 50 and 100 (and every tenth) it records the process' resident memory (RSS, from /proc), the
Python heap that :mod:`tracemalloc` sees, the number of live ipywidgets and the number of listeners on the game
on the table. It prints them and writes ``benchmarks/results/memory.json``::

    {"games": 100, "start_mb": x, "end_mb": y, "growth_mb": z, "per_game_kb_last_50": w, ...}

The figures are taken between games, with a fresh game on the table. ``start_mb`` is the RSS after game 10
(the first games fill the caches a session keeps: fonts, scenario text, imports), ``end_mb`` after the last game;
``per_game_kb_last_50`` is the heap's growth per game over the last
fifty games (tracemalloc: Python objects only, so not blurred by the allocator keeping freed pages).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import sys
import tracemalloc
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import ipywidgets as widgets  # noqa: E402

from hexlab.scenario import load  # noqa: E402
from hexlab.widgets import Table  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "memory.json"


def rss_mb() -> float:
    """The process' resident memory now (not its peak), in MB."""
    with open("/proc/self/statm", encoding="ascii") as f:
        pages = int(f.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def live_widgets() -> int:
    """How many ipywidgets are alive (registered and not closed)."""
    return len(widgets.Widget._active_widgets) if hasattr(widgets.Widget, "_active_widgets") \
        else len(widgets.Widget.widgets)


def play_one(table: Table, seed: int) -> int:
    """Start a new game on ``table`` by its button, with ``seed``, and play it to the end; returns its length."""
    table.seed_box.value = seed
    table.new_button.click()
    if table.game.seed != seed or table.game.history:  # the table asked to confirm leaving the unsaved game
        table.new_button.click()
    game = table.game
    assert game.seed == seed and not game.actions, f"seed {seed}: the new game did not start"
    stepper = table.stepper
    stepper.run_button.click()
    rounds = 0
    while not game.is_over:
        rounds += 1
        if rounds == 1 and game.actions:
            # take a move back, make it again, ask for a hint (the hint needs a person's seat: it says so)
            stepper.undo_button.click()
            stepper.redo_button.click()
            stepper.hint_button.click()
        stepper.run_button.click()
        if rounds > 1000:
            raise AssertionError(f"seed {seed}: the game does not end")
    return len(game.history)


def measure(games: int = 100, scenario: str = "memoir44/drill_basic", every: int = 10,
            checkpoints: tuple[int, ...] = (10, 50, 100), echo: bool = True) -> dict[str, Any]:
    """Play ``games`` games on one table and return the figures (see the module's docstring)."""
    tracemalloc.start()
    table = Table(load(scenario, seed=1), players="random")
    rows: list[dict[str, Any]] = []
    for n in range(1, games + 1):
        length = play_one(table, seed=n)
        if n % every == 0 or n in checkpoints or n == games:
            # measured between games: the finished game is replaced by a fresh one (as "New game" does), so the
            # figures are what the session keeps, not the size of the game that has just ended
            table.new_button.click()
            if table.game.history != table._kept:
                table.new_button.click()
            gc.collect()
            row = {"game": n, "rss_mb": round(rss_mb(), 2), "heap_mb": round(tracemalloc.get_traced_memory()[0] / 2**20, 3),
                   "widgets": live_widgets(), "listeners": len(table.game._listeners), "last_length": length}
            rows.append(row)
            if echo:
                print(f"after game {n:4d}: RSS {row['rss_mb']:8.2f} MB, Python heap {row['heap_mb']:8.3f} MB, "
                      f"{row['widgets']} live widgets, {row['listeners']} listeners on the game", flush=True)
    tracemalloc.stop()
    table.close()
    at = {r["game"]: r for r in rows}
    first = at[min(g for g in checkpoints if g in at)] if any(g in at for g in checkpoints) else rows[0]
    last = rows[-1]
    mid_game = games - 50 if games > 50 else rows[0]["game"]
    mid = at.get(mid_game, rows[0])
    span = max(1, last["game"] - mid["game"])
    return {
        "games": games, "scenario": scenario,
        "start_mb": first["rss_mb"], "end_mb": last["rss_mb"], "growth_mb": round(last["rss_mb"] - first["rss_mb"], 2),
        "per_game_kb_last_50": round((last["heap_mb"] - mid["heap_mb"]) * 1024 / span, 2),
        "heap_start_mb": first["heap_mb"], "heap_end_mb": last["heap_mb"],
        "widgets_start": first["widgets"], "widgets_end": last["widgets"],
        "rows": rows,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--scenario", default="memoir44/drill_basic")
    ap.add_argument("--out", default=str(RESULTS))
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error("--games must be at least 1")
    result = measure(args.games, args.scenario)
    print(f"\n{args.games} games of {args.scenario} on one table: RSS {result['start_mb']} MB after game 10, "
          f"{result['end_mb']} MB after game {args.games} (growth {result['growth_mb']} MB); Python heap growth "
          f"{result['per_game_kb_last_50']} KB a game over the last 50; live widgets {result['widgets_start']} -> "
          f"{result['widgets_end']}")
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(f"written to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
