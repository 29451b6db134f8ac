"""How well and how fast the computer opponent plays (issue 26): win rates with 95% intervals, decision times.

For every scenario of the five rulesets and each pairing (``veteran`` against ``random``, ``veteran`` against
``novice``), from each seat, it plays ``--games`` seeded games (seeds 1..N; the veteran sits at the seat named,
the other player at the other) and reports the veteran's wins, losses and draws (W-L-D) with a Wilson 95%
interval on its win rate, and the veteran's decision times: median and 95th percentile of wall time and of CPU
time (on a shared machine the wall time includes waiting for a CPU), decisions with one legal move left out
(they take no search).

The full count is many CPU-hours, so a run can be stopped and resumed, and split between processes or sittings:

- every finished game is appended as one JSON line to ``--out-games`` (default
  ``benchmarks/results/ai_games.jsonl``): scenario, pairing, seat, seed, result, decision times (wall and CPU),
  the commit and the fingerprint of the sources that played it (:func:`fingerprint`: the engine, the computer, the
  scenario's ruleset and its scenarios, and the modules a game loads; not the other rulesets, nor the words of the
  computer's reasons, :data:`WORDS_ONLY`);
- a rerun skips the games the file already holds under their ruleset's current fingerprint (change the engine or the
  computer and every game is played again; change one ruleset and only its games are);
- ``--shard i/k`` plays only every k-th job, starting at the i-th (run ``1/2`` and ``2/2`` side by side);
- ``--minutes`` stops after that much wall time (games are played seed by seed, so every row gets about as
  many), ``--jobs`` plays games in parallel processes;
- the Markdown (``--out``, default ``benchmarks/results/ai.md``) is built from every game in the file with the
  current fingerprint of its ruleset, the count shown in each row; ``--report-only`` rebuilds it without playing. Notes
  written under the line ``<!-- notes: kept by bench_ai.py -->`` of that file are kept.

    .venv/bin/python benchmarks/bench_ai.py                       # the full count: 100 games a pairing and seat
    nice -n 10 .venv/bin/python benchmarks/bench_ai.py --jobs 1 --minutes 60 --shard 1/2   # one sitting of one half
    .venv/bin/python benchmarks/bench_ai.py --games 10 --scenarios cadet/village --pairings veteran:random
    .venv/bin/python benchmarks/bench_ai.py --report-only

A benchmark, not a test: nothing here asserts.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import importlib
import json
import math
import os
import statistics
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor, TimeoutError
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"
FINGERPRINTED = ("hexlab/engine", "hexlab/ai", "hexlab/rulesets", "scenarios")
"""The folders whose sources decide how the computer plays (see :func:`fingerprint`): of ``hexlab/ai``,
``hexlab/rulesets`` and ``scenarios``, a ruleset's fingerprint takes the shared files and its own, not the other
rulesets'."""
GAME_MODULES = ("__init__", "dice", "guard", "hexes", "odds", "players", "saves", "scenario", "scenario_areas",
                "style", "words")
"""The top-level ``hexlab`` modules a game loads (its scenario read, its players made, its rules and the computer
imported); ``tests/test_ai_bench.py`` checks the list against what a fresh process loads."""
WORDS_ONLY = ("hexlab/ai/explain.py",)
"""Files of the fingerprinted folders that cannot change a move, so left out of the fingerprint: the words of the
computer's reasons and hints (:mod:`hexlab.ai.explain`), made from a search's result after the move is chosen
(``hexlab.players.SearchPlayer.choose``). Rewording a reason replays no game; of what the benchmark measures, it
can touch only the decision times, by the cost of formatting one line."""
SAME_SOURCES: dict[str, str] = {
    "2da61dbf6199": "8b1cee6fc87b",
    "71500af275cc": "e18438cd8719",
    "65bbbde3f419": "de2f435cd679",
    "7998e9462439": "40ad672127fe",
    "4b1224cf7b3e": "a9e8e49a7d6e",
}
"""Each ruleset's fingerprint -> the one the same sources had while :data:`WORDS_ONLY` was still hashed in (taken
from one checkout, commit 6f3dbfc, on 25 November 2026, before ``explain.py`` was next changed): the games recorded
under the old one were played by exactly the sources the new one hashes, so they count as its games. The old
values are fixed, so no game of other sources is let in; once a ruleset's sources change, its key no longer
matches and its games are played again, as for any change."""
SAME_PLAY: dict[str, str] = {
    # 26 November 2026, fifteenth sitting: the search's optional ``finished`` hook and ``Choice.wins``
    "5f41e3defb2c": "293b241876b5",  # memoir44
    "68b77aa75310": "5300a04f9c8c",  # cadet
    "36a0bd2a1fad": "bec80503079c",  # warsea
    "e92fc35724d4": "c7571a7c6fe3",  # cartwheel
    # its review: ``Searcher.terms_after`` gives the chance of winning at once (no second settle), and Cactus'
    # last count is one function again
    "a82f000d323b": "5f41e3defb2c",  # memoir44
    "ffa70abe0286": "68b77aa75310",  # cadet
    "43f9f3b1fe67": "36a0bd2a1fad",  # warsea
    "12bd8e3c8de0": "e92fc35724d4",  # cartwheel
    "9447c584d5e7": "ad654b432ff4",  # cactus
}
"""Each ruleset's fingerprint -> an earlier one of other sources shown to play the same, move for move: a change to
shared code that cannot change a move of that ruleset, argued in the commit that made it and checked by playing
benchmark games with the sources before and after, every action compared (``benchmarks/results/ai.md``, fifteenth
sitting: 104 games of the four rulesets the search's hook left alone, then 224 of all five after its review). Its
games count as the new one's, and the old one's own earlier fingerprints' too (followed back, as
:data:`SAME_SOURCES`'s are)."""
KEEP_MARK = "<!-- notes: kept by bench_ai.py -->"
"""A rebuilt ``ai.md`` keeps everything from this line on: the notes written by hand under the table."""

sys.path.insert(0, str(ROOT))

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
    cpu_start = time.process_time()
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
                times.append(round(time.perf_counter() - t, 4))  # a tenth of a millisecond is enough
                cpu.append(round(time.process_time() - c, 4))
            else:
                action = players[side].choose(game)
            game.apply(action)
    except Exception as exc:  # noqa: BLE001 - one broken game is reported, and the run goes on
        error = f"{type(exc).__name__}: {exc}"
    winner = (game.result or {}).get("winner") if game.is_over else "unfinished"
    lost = winner not in (seat, None, "unfinished")
    return {"scenario": scenario, "hero": hero, "other": other, "seat": seat, "seat_index": seat_index, "seed": seed,
            "winner": winner, "steps": steps, "cpu_total": time.process_time() - cpu_start,
            "won": winner == seat, "lost": lost, "times": times, "cpu": cpu, "error": error,
            "cut_short": getattr(players[seat], "cut_short", 0),
            "seconds": time.perf_counter() - start, "finished": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}


def _quantiles(values: list[float]) -> tuple[float, float]:
    if not values:
        return 0.0, 0.0
    v = sorted(values)
    return statistics.median(v), v[min(len(v) - 1, int(0.95 * len(v)))]


def report(records: list[dict], args: argparse.Namespace, fp: str | dict[str, str], other_fps: int,
           wall: float | None, stopped: bool) -> list[str]:
    """The Markdown the benchmark prints and writes: one row per scenario, pairing and seat, from the games recorded
    under fingerprint ``fp`` (``other_fps``: how many other fingerprints the games file also holds)."""
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    commits = sorted({r.get("commit", "unknown") for r in records})
    when = sorted(r.get("finished", "") for r in records if r.get("finished"))
    cpu_total = sum(r.get("cpu_total", 0.0) for r in records)
    source = "this run"
    if args.out_games:
        path = Path(args.out_games).resolve()
        source = f"`{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}`"
    lines = [
        "# The computer opponent: win rates and decision times",
        "",
        f"Built by `benchmarks/bench_ai.py` from the games in {source} played by the sources of fingerprint"
        f"{'s' if not isinstance(fp, str) or ',' in fp else ''} {_fps_text(fp)} (the engine, the computer, the "
        f"ruleset and its scenarios; commit(s) {', '.join(commits) or 'none'})"
        + (f", games {when[0]} to {when[-1]}" if when else "")
        + f": {len(records)} game(s), {cpu_total / 60:.1f} CPU-minutes in all."
        + (f" The file also holds games of {other_fps} other fingerprint(s), not counted here." if other_fps else ""),
        "",
        (f"This run: {wall:.0f} s of wall time with {args.jobs} process(es)"
         + (f", stopped by --minutes {args.minutes}" if stopped else "")
         + f"; load average {load:.1f} on {os.cpu_count()} CPUs when it ended (a shared machine: wall times include "
         "waiting for a CPU, the CPU columns do not).") if wall is not None else
        "Rebuilt from the games file alone (--report-only, or nothing left to play).",
        "",
        "n is the games in the row (seeds 1..n when complete); W-L-D is the first-named player's (the veteran's but in "
        "rows of a level against itself or random against random, which show how balanced a scenario is): games won, "
        "lost, and drawn or unfinished, from the seat named; the interval is Wilson's 95%. Decision times are that "
        "player's, decisions with one legal move left out; 'stops' counts decisions where the safety stop on wall "
        "time cut the search short"
        + (" (on: --wall-stop)." if args.wall_stop else " (off: the levels played on their node budgets alone)."),
        "",
        "| scenario | seat | pairing | n | W-L-D | win rate (95% CI) | median | p95 | CPU median | CPU p95 "
        "| stops |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    keys: list[tuple[str, str, str, str]] = []
    for r in records:
        key = (r["scenario"], r["hero"], r["other"], r["seat"])
        if key not in keys:
            keys.append(key)
    for key in keys:
        rs = [r for r in records if (r["scenario"], r["hero"], r["other"], r["seat"]) == key]
        n = len(rs)
        won = sum(r["won"] for r in rs)
        lost = sum(r["lost"] for r in rs)
        lo, hi = wilson(won, n)
        times = [t for r in rs for t in r["times"]]
        cpu = [t for r in rs for t in r.get("cpu", [])]
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
    for rid, (cs, ts) in veteran_times(records).items():
        everything[0].extend(ts)
        everything[1].extend(cs)
        (med, p95), (cmed, cp95) = _quantiles(ts), _quantiles(cs)
        lines.append(f"| {rid} | {len(ts)} | {med:.3f} s | {p95:.3f} s | {cmed:.3f} s | {cp95:.3f} s |")
    (med, p95), (cmed, cp95) = _quantiles(everything[0]), _quantiles(everything[1])
    lines.append(f"| all | {len(everything[0])} | {med:.3f} s | {p95:.3f} s | {cmed:.3f} s | {cp95:.3f} s |")
    return lines


def fingerprint(root: Path = ROOT, ruleset: str | None = None) -> str:
    """A short hash of the sources that decide how the computer plays ``ruleset``'s games: the engine, the modules a
    game loads (:data:`GAME_MODULES`), the computer's search and its shared files, and the ruleset's own folder, its
    module under ``hexlab/ai/rulesets`` and its scenarios; the other rulesets' are left out (and compiled caches).
    ``None``: every ruleset's at once. Games recorded under another fingerprint were played by other code, so a
    rerun plays them again and the report leaves them out; a change to one ruleset leaves the others' games
    standing."""
    rulesets_dir = root / "hexlab" / "rulesets"
    others = set() if ruleset is None else {
        p.name for p in rulesets_dir.iterdir() if p.is_dir() and p.name != ruleset and not p.name.startswith("_")}
    files = [root / "hexlab" / f"{name}.py" for name in GAME_MODULES]
    for folder in FINGERPRINTED:
        files += sorted((root / folder).rglob("*"))
    digest = hashlib.sha256()
    for path in files:
        if not path.is_file() or "__pycache__" in path.parts or path.suffix in (".pyc", ".pyo"):
            continue
        rel = path.relative_to(root).parts
        if path.relative_to(root).as_posix() in WORDS_ONLY:
            continue
        owner = (rel[2] if rel[:2] == ("hexlab", "rulesets") and len(rel) > 3
                 else path.stem if rel[:3] == ("hexlab", "ai", "rulesets") and len(rel) == 4
                 else rel[1] if rel[0] == "scenarios" and len(rel) > 2 else None)
        if owner in others:
            continue
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:12]


def same_play(fp: str) -> set[str]:
    """``fp`` and the fingerprints recorded before it of the same sources or the same play (:func:`earlier`)."""
    return {fp, *(old for old, _ in earlier(fp))}


def earlier(fp: str) -> list[tuple[str, str]]:
    """The fingerprints whose games count as ``fp``'s, newest first, each with why: ``words`` (the same sources while
    ``explain.py`` was hashed in, :data:`SAME_SOURCES`) or ``play`` (other sources shown to play the same,
    :data:`SAME_PLAY`), followed back through both."""
    found: list[tuple[str, str]] = []
    todo = [fp]
    while todo:
        x = todo.pop()
        for table, why in ((SAME_SOURCES, "words"), (SAME_PLAY, "play")):
            old = table.get(x)
            if old is not None and old != fp and all(old != f for f, _ in found):
                found.append((old, why))
                todo.append(old)
    return found


def fingerprints(scenarios: list[str], root: Path = ROOT) -> dict[str, str]:
    """Each ruleset of ``scenarios`` (``ruleset/name``) and its :func:`fingerprint`."""
    return {rid: fingerprint(root, rid) for rid in dict.fromkeys(s.split("/")[0] for s in scenarios)}


def git_commit(root: Path = ROOT) -> str:
    """The checkout's commit, with ``+changes`` when the fingerprinted sources differ from it (read-only git)."""
    try:
        head = subprocess.run(["git", "rev-parse", "--short=10", "HEAD"], cwd=root, capture_output=True, text=True,
                              check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--", *FINGERPRINTED], cwd=root, capture_output=True,
                               text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("+changes" if dirty else "")


def job_key(scenario: str, hero: str, other: str, seat: str, seed: int) -> tuple[str, str, str, str, int]:
    return (scenario, hero, other, seat, seed)


def read_games(path: Path) -> list[dict]:
    """Every game recorded in a JSONL file (one JSON object a line); a line cut short by a run stopped in the middle
    of writing it is skipped with a warning."""
    if not path.exists():
        return []
    games = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip():
            continue
        try:
            games.append(json.loads(line))
        except json.JSONDecodeError:
            print(f"warning: {path}:{number} is not a whole JSON line; skipped", file=sys.stderr)
    return games


def current_games(games: list[dict], fp: str | dict[str, str], wall_stop: bool) -> list[dict]:
    """The games played under fingerprint ``fp`` (or any of several, comma-separated; or, as a dict, each ruleset's
    own) and the same ``--wall-stop`` setting, the last of each job kept."""
    wanted = set().union(*(same_play(x) for x in fp.split(","))) if isinstance(fp, str) else None
    latest: dict[tuple, dict] = {}
    for g in games:
        ok = (g.get("fingerprint") in wanted if wanted is not None
              else g.get("fingerprint") in same_play(fp.get(g["scenario"].split("/")[0], "")))
        if ok and bool(g.get("wall_stop")) == wall_stop:
            latest[job_key(g["scenario"], g["hero"], g["other"], g["seat"], g["seed"])] = g
    return list(latest.values())


def append_game(path: Path, record: dict) -> None:
    """One game as one line, written with a single ``write`` on a file opened for appending, so shards running at
    the same time into the same file do not interleave their lines."""
    line = (json.dumps(record, separators=(",", ":")) + "\n").encode()
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        os.write(fd, line)
    finally:
        os.close(fd)


def parse_shard(text: str) -> tuple[int, int]:
    """``i/k`` (1 <= i <= k): this run plays jobs i, i+k, i+2k... of the ordered list."""
    try:
        i, k = (int(x) for x in text.split("/"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"--shard wants i/k with whole numbers, such as 1/3; got {text!r}") from None
    if not 1 <= i <= k:
        raise argparse.ArgumentTypeError(f"--shard {text}: i must be between 1 and k")
    return i, k


def veteran_times(records: list[dict]) -> dict[str, tuple[list[float], list[float]]]:
    """Each ruleset's veteran decision times, (CPU, wall), in the records' order: the summaries are the veteran's
    alone."""
    out: dict[str, tuple[list[float], list[float]]] = {}
    for r in records:
        if r["hero"] == "veteran":
            cpu, wall = out.setdefault(r["scenario"].split("/")[0], ([], []))
            cpu.extend(r.get("cpu", []))
            wall.extend(r["times"])
    return out


README_START = "<!-- bench_ai.py --readme: from here -->"
README_END = "<!-- bench_ai.py --readme: to here -->"
"""The README's block between these lines is :func:`readme_table`'s, rewritten by ``--readme``."""


def readme_table(records: list[dict]) -> list[str]:
    """The README's short table: for every scenario and each seat, the veteran's W-L-D and win rate against
    ``random`` and against ``novice``, with the games a row holds; then each ruleset's decision times (CPU)."""
    rows: dict[tuple[str, int], dict[str, list[dict]]] = {}
    seat_names: dict[tuple[str, int], str] = {}
    for r in records:
        if r["hero"] != "veteran" or r["other"] not in ("random", "novice"):
            continue
        key = (r["scenario"], r.get("seat_index", 0))
        rows.setdefault(key, {}).setdefault(r["other"], []).append(r)
        seat_names[key] = r["seat"]

    def cell(rs: list[dict]) -> str:
        if not rs:
            return "not played"
        won, lost = sum(g["won"] for g in rs), sum(g["lost"] for g in rs)
        return f"{won}-{lost}-{len(rs) - won - lost} ({100 * won / len(rs):.0f}%)"

    lines = ["| scenario | games a row | veteran as | vs random | vs novice | veteran as | vs random | vs novice |",
             "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    order = SCENARIOS + sorted({k[0] for k in rows} - set(SCENARIOS))
    for scenario in order:
        seats = [k for k in sorted(rows) if k[0] == scenario]
        if not seats:
            continue
        counts = sorted({len(v) for k in seats for v in rows[k].values()})
        games = str(counts[0]) if len(counts) == 1 else f"{counts[0]}-{counts[-1]}"
        cells = []
        for k in seats[:2]:
            cells += [seat_names[k], cell(rows[k].get("random", [])), cell(rows[k].get("novice", []))]
        cells += [""] * (6 - len(cells))
        lines.append(f"| {scenario} | {games} | " + " | ".join(cells) + " |")
    lines += ["", "| ruleset | veteran decisions | CPU median | CPU 95th percentile | wall median | wall 95th percentile |",
              "| --- | --- | --- | --- | --- | --- |"]
    for rid, (cpu, wall) in veteran_times(records).items():
        (med, p95), (wmed, wp95) = _quantiles(cpu), _quantiles(wall)
        lines.append(f"| {rid} | {len(cpu):,} | {med:.3f} s | {p95:.3f} s | {wmed:.3f} s | {wp95:.3f} s |")
    return lines


def write_readme(lines: list[str], path: Path) -> None:
    """Put ``lines`` between :data:`README_START` and :data:`README_END` in ``path``, the rest untouched."""
    text = path.read_text(encoding="utf-8")
    if text.count(README_START) != 1 or text.count(README_END) != 1 or text.index(README_START) > text.index(README_END):
        raise SystemExit(f"--readme {path}: needs one line {README_START!r} and, after it, one {README_END!r}")
    head, rest = text.split(README_START)
    tail = rest.split(README_END)[1]
    path.write_text(head + README_START + "\n" + "\n".join(lines) + "\n" + README_END + tail, encoding="utf-8")


def write_report(lines: list[str], out: Path) -> None:
    """Write the table, keeping whatever the file holds after :data:`KEEP_MARK` (notes written by hand)."""
    kept = ""
    if out.exists():
        old = out.read_text()
        if KEEP_MARK in old:
            kept = old[old.index(KEEP_MARK):]
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("\n".join(lines) + "\n" + ("\n" + kept if kept else ""))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100, help="games a pairing and seat: seeds 1..N (default 100)")
    ap.add_argument("--scenarios", default=",".join(SCENARIOS))
    ap.add_argument("--pairings", default=",".join(f"{a}:{b}" for a, b in PAIRINGS))
    ap.add_argument("--seats", default="0,1", help="the veteran's seats, by index in the scenario's sides (default 0,1)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--max-steps", type=int, default=20_000, help="a game not over by then counts as unfinished")
    ap.add_argument("--out-games", default=str(RESULTS / "ai_games.jsonl"),
                    help="append one JSON line per finished game here, and skip the games it already holds under the "
                    "current fingerprint (default benchmarks/results/ai_games.jsonl; '' to keep the games in memory)")
    ap.add_argument("--shard", type=parse_shard, default=(1, 1), metavar="I/K",
                    help="play only jobs I, I+K, I+2K... of the ordered list (run K processes, one per shard)")
    ap.add_argument("--report-only", action="store_true", help="play nothing: rebuild the Markdown from --out-games")
    ap.add_argument("--fingerprint", help="report the games of this fingerprint (default: each ruleset's current one); "
                    "several, comma-separated, pool games of sources known to play the same")
    ap.add_argument("--json", help="also write this run's new game records here as one JSON list")
    ap.add_argument("--out", default=str(RESULTS / "ai.md"),
                    help="write the Markdown table here (default benchmarks/results/ai.md; '' for none)")
    ap.add_argument("--readme", help="also rewrite the short table between this file's two bench_ai.py marker lines "
                    "(the project's README.md)")
    ap.add_argument("--wall-stop", action="store_true",
                    help="keep the levels' safety stop on wall time (by default the benchmark plays on the node budget "
                    "alone, so that a busy machine does not change the moves)")
    ap.add_argument("--minutes", type=float, default=0.0,
                    help="stop after this many minutes of wall time and report the games finished (0: no limit)")
    args = ap.parse_args(argv)
    if args.report_only and not args.out_games:
        ap.error("--report-only rebuilds the table from --out-games; give a file")
    if args.games < 0 or args.jobs < 1 or args.minutes < 0:
        ap.error("--games, --minutes must not be negative and --jobs must be at least 1")
    pairings = []
    for p in args.pairings.split(","):
        parts = p.split(":")
        if len(parts) != 2 or not all(parts):
            ap.error(f"--pairings: {p!r} is not hero:other (such as veteran:random)")
        pairings.append((parts[0], parts[1]))
    seats = [int(x) for x in args.seats.split(",")]
    if any(x not in (0, 1) for x in seats):
        ap.error("--seats: each seat is 0 or 1")
    scenarios = args.scenarios.split(",")
    fps = fingerprints(scenarios)
    wanted_fp: str | dict[str, str] = args.fingerprint or fps
    commit = git_commit()
    games_file = Path(args.out_games) if args.out_games else None
    recorded = read_games(games_file) if games_file else []
    done = {job_key(g["scenario"], g["hero"], g["other"], g["seat"], g["seed"])
            for g in current_games(recorded, fps, args.wall_stop)}
    # seed by seed, so a run stopped by --minutes has every row about even; then the shard's share, then what the
    # file already holds under this fingerprint is left out
    ordered = []
    for seed in range(1, args.games + 1):
        for scenario in scenarios:
            for hero, other in pairings:
                for seat_index in seats:
                    ordered.append((scenario, hero, other, seat_index, seed, args.max_steps, args.wall_stop))
    i, k = args.shard
    mine = ordered[i - 1::k]
    planned = len(mine)
    jobs = [] if args.report_only else [
        j for j in mine if job_key(j[0], j[1], j[2], _seat_name(j[0], j[3]), j[4]) not in done]
    skipped = planned - len(jobs) if not args.report_only else 0
    start = time.perf_counter()
    deadline = start + 60 * args.minutes if args.minutes else None
    new: list[dict] = []
    stopped = False
    if jobs:
        # everything the games use is imported before the pool forks its workers, so that sources edited while a run
        # goes on do not leak into its games (they are recorded under the fingerprint taken at the start)
        from hexlab.ai import rulesets as ai_rulesets

        for rid in ai_rulesets.MODULES:
            ai_rulesets.hooks_for(rid)
        for scenario in scenarios:
            _seat_name(scenario, 0)
        print(f"fingerprints {_fps_text(fps)} at {commit}: {len(jobs)} game(s) to play, {skipped} already recorded"
              + (f" (shard {i}/{k})" if k > 1 else ""), file=sys.stderr)
        pool = ProcessPoolExecutor(max_workers=args.jobs)
        futures = [pool.submit(play_one, job) for job in jobs]
        for f in futures:
            left = None if deadline is None else max(0.0, deadline - time.perf_counter())
            try:
                record = f.result(timeout=left)
            except TimeoutError:
                stopped = True
                break
            record.update(fingerprint=fps[record["scenario"].split("/")[0]], commit=commit, wall_stop=args.wall_stop,
                          max_steps=args.max_steps)
            new.append(record)
            if games_file:
                append_game(games_file, record)
        children = list((getattr(pool, "_processes", None) or {}).values())
        pool.shutdown(wait=not stopped, cancel_futures=True)
        if stopped:  # the game still being played is not waited for
            for child in children:
                child.terminate()
    wall = time.perf_counter() - start
    if args.json:
        Path(args.json).write_text(json.dumps(new, indent=1))
    if games_file:
        records = current_games(read_games(games_file), wanted_fp, args.wall_stop)
        counted = set().union(*(same_play(x) for x in (wanted_fp.split(",") if isinstance(wanted_fp, str)
                                                         else wanted_fp.values())))
        others = len({g.get("fingerprint") for g in read_games(games_file)} - counted)
    else:
        records, others = new, 0
    records.sort(key=_row_order(scenarios))
    lines = report(records, args, wanted_fp, others, wall if jobs else None, stopped)
    print("\n".join(lines))
    if args.out:
        write_report(lines, Path(args.out))
    if args.readme:
        write_readme(readme_table(records), Path(args.readme))
    return 0


def _fps_text(fp: str | dict[str, str]) -> str:
    def one(x: str, rid: str = "") -> str:
        said = [rid] if rid else []
        said += [f"recorded as `{b}` before `explain.py` was left out" if why == "words"
                 else f"recorded as `{b}` by sources that play the same" for b, why in earlier(x)]
        return f"`{x}`" + (f" ({'; '.join(said)})" if said else "")

    if isinstance(fp, str):
        return ", ".join(one(x) for x in fp.split(","))
    return ", ".join(one(x, rid) for rid, x in fp.items())


_SIDES: dict[str, list[str]] = {}


def _seat_name(scenario: str, index: int) -> str:
    """The name of a scenario's side by its index (read once per scenario, from the scenario itself)."""
    if scenario not in _SIDES:
        _SIDES[scenario] = list(hexlab.load(scenario, seed=1).state.sides)
    return _SIDES[scenario][index]


def _row_order(scenarios: list[str]):
    known = SCENARIOS + [s for s in scenarios if s not in SCENARIOS]
    pairs = [f"{a}:{b}" for a, b in PAIRINGS]

    def key(r: dict) -> tuple:
        scenario_index = known.index(r["scenario"]) if r["scenario"] in known else len(known)
        pairing = f"{r['hero']}:{r['other']}"
        return (scenario_index, r["scenario"], pairs.index(pairing) if pairing in pairs else len(pairs), pairing,
                r.get("seat_index", 0), r["seat"], r["seed"])

    return key


if __name__ == "__main__":
    raise SystemExit(main())
