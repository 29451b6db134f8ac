"""Whole scenarios played many times and counted: ``hexlab.simulate(...)`` and ``hexlab simulate SCENARIO``.

Each game is played to its end by the players named (``random``, ``novice``, ``veteran``...) in the engine's batch
mode (:meth:`hexlab.engine.Game.batch_mode`: no undo snapshots, log or listeners, the same game as interactive
play). What is counted: each side's wins with a 95% Wilson interval, draws and games given up, the game's length
(turns, decisions, steps), the score at the end (medals, points), the steps and units each side lost by unit
type, and the share of games decided by each victory condition (the ``GameOver`` reason and its clauses).

Deterministic: game ``i`` is seeded from ``(seed, i)`` alone (:func:`game_seed`), so the same command gives the
same numbers whether it runs in this process, on a laptop's cores or on a cluster. The computer opponent plays
with its node budget alone (its wall-clock safety stop is switched off here, as it would make a game depend on
the machine's speed).

Games run on Dask (``pip install hexlab[sim]``): by default a ``LocalCluster`` with one worker process per core,
or an existing cluster (``scheduler="tcp://host:port"`` or ``client=`` a ``dask.distributed.Client``);
``workers=1`` plays in this process without Dask. Results are gathered as they finish, so the progress bar
moves, and with ``out=FILE`` each game is appended to FILE as a JSON line the moment it is back: an interrupted
run keeps what it has, and a second run with the same scenario, players and seed plays only the games missing.

Monte Carlo where exact math can't reach, with its error said (:class:`Estimate`): the odds modules give the
exact answers, and ``tests/test_simulate.py`` checks that seeded simulations land within four standard errors of
them.
"""

from __future__ import annotations

import csv
import hashlib
import json
import math
import os
import sys
import time
import types
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from .dice import Rng
from .engine import Action, Game, HexlabError

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


# ------------------------------------------------------------------------------------------------ statistics


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default): good at 0 and n and for small n, where
    the textbook p +/- z*se interval is not."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    lo = 0.0 if successes <= 0 else max(0.0, centre - half)
    hi = 1.0 if successes >= n else min(1.0, centre + half)
    return lo, hi


@dataclass(frozen=True)
class Estimate:
    """A simulated chance: ``hits`` out of ``trials``, its standard error and 95% Wilson interval."""

    hits: int
    trials: int

    @property
    def p(self) -> float:
        return self.hits / self.trials if self.trials else 0.0

    @property
    def se(self) -> float:
        """The standard error of :attr:`p` (binomial)."""
        return math.sqrt(self.p * (1 - self.p) / self.trials) if self.trials else 1.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.hits, self.trials)

    def within(self, exact: float, errors: float = 4.0) -> bool:
        """Whether ``exact`` is within ``errors`` standard errors of the estimate (with a floor of one trial's
        worth, so that an estimate of 0 or 1 is not said to have no error at all)."""
        se = max(self.se, 1 / self.trials)
        return abs(self.p - float(exact)) <= errors * se

    def __str__(self) -> str:
        lo, hi = self.interval
        return f"{self.p:.1%} (95% interval {lo:.1%} to {hi:.1%}, {self.trials} trials)"


def estimate(trials: int, seed: int, trial: Callable[[Rng], bool]) -> Estimate:
    """Monte Carlo: ``trial(rng)`` run ``trials`` times with one seeded generator; how often it came true."""
    rng = Rng(seed)
    return Estimate(sum(1 for _ in range(trials) if trial(rng)), trials)


# ------------------------------------------------------------------------------------------------ one game


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run seeded ``seed``: from the two numbers alone (SHA-256), so that a game
    is the same whoever plays it, and games do not share dice."""
    digest = hashlib.sha256(f"hexlab.simulate:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


class _Searcher:
    """The computer opponent at a level, deciding by its node budget alone (no wall-clock stop), so that its
    choices do not depend on the machine's speed or load."""

    def __init__(self, level: str, seed: int) -> None:
        from .ai import LEVELS

        self.level = replace(LEVELS[level], seconds=None)
        self.seed = seed

    def choose(self, game: Game) -> Action:
        from .ai import rulesets, search

        shape = getattr(rulesets.hooks_for(game.rules.id), "shape", None)  # fitted as a named level is
        level = shape(self.level) if shape is not None else self.level
        return search(game, game.to_act, level, self.seed).best


def _players(game: Game, kinds: Sequence[str]) -> dict[str, Any]:
    from .players import LEVEL_ALIASES, players_for

    made = players_for(game, list(kinds))
    for i, side in enumerate(game.state.sides):  # the same seeds players_for gives, without a wall clock
        kind = LEVEL_ALIASES.get(kinds[i], kinds[i]) if len(kinds) > 1 else LEVEL_ALIASES.get(kinds[0], kinds[0])
        if kind in ("novice", "veteran"):
            made[side] = _Searcher(kind, game.seed * 7919 + 101 + i)
    return made


_SCENARIOS: dict[tuple[str, str], Any] = {}


def _scenario(source: tuple[str, bytes, str]) -> Any:
    from .scenario import read_text

    sid, data, name = source
    key = (sid, hashlib.sha256(data).hexdigest())
    if key not in _SCENARIOS:
        _SCENARIOS[key] = read_text(data, sid, name)
    return _SCENARIOS[key]


def _strengths(game: Game) -> dict[str, tuple[str, str, int, int]]:
    return {u.id: (u.side, u.kind, u.strength, u.max_strength) for u in game.state.units.values()}


def play_game(source: tuple[str, bytes, str], index: int, seed: int, players: Sequence[str],
              max_steps: int | None = None, batch: bool = True) -> dict[str, Any]:
    """Play game ``index`` of a run to its end (or ``max_steps``) and say what happened, as JSON-ready data."""
    start = time.perf_counter()
    gseed = game_seed(seed, index)
    game = _scenario(source).new_game(gseed)
    if batch:
        game.batch_mode()
    before = _strengths(game)
    for _ in game.run(_players(game, players), max_steps):
        pass
    after = _strengths(game)
    losses: dict[str, dict[str, int]] = {}
    eliminated: dict[str, dict[str, int]] = {}
    for uid in before.keys() | after.keys():
        side, kind, start_strength, most = before.get(uid) or after[uid]
        if uid not in before:
            start_strength = most
        end = after[uid][2] if uid in after else 0
        lost = max(0, start_strength - end)
        if lost:
            losses.setdefault(side, {})
            losses[side][kind] = losses[side].get(kind, 0) + lost
        if start_strength > 0 and end <= 0:
            eliminated.setdefault(side, {})
            eliminated[side][kind] = eliminated[side].get(kind, 0) + 1
    result = game.result or {}
    return {
        "game": index, "seed": gseed, "finished": game.is_over,
        "winner": result.get("winner"), "reason": result.get("reason"), "clauses": list(result.get("clauses", [])),
        "turns": game.state.turn, "actions": len(game.actions), "steps": len(game.history),
        "score": dict(game.state.score), "losses": losses, "eliminated": eliminated,
        "seconds": round(time.perf_counter() - start, 4),
    }


def play_games(source: tuple[str, bytes, str], indices: Sequence[int], seed: int, players: Sequence[str],
               max_steps: int | None = None, batch: bool = True) -> list[dict[str, Any]]:
    """Several games of a run (one task on a worker)."""
    return [play_game(source, i, seed, players, max_steps, batch) for i in indices]


# ------------------------------------------------------------------------------------------------ the summary


@dataclass
class Simulation:
    """What a run of games came to: :meth:`text` for people, :meth:`to_data` as JSON, :meth:`write_csv` one row
    per game. ``records`` holds every game (``play_game``'s data), in the order of their index."""

    scenario: str
    title: str
    sides: list[str]
    players: list[str]
    seed: int
    records: list[dict[str, Any]] = field(default_factory=list)
    seconds: float = 0.0
    workers: int = 1
    max_steps: int | None = None
    resumed: int = 0
    """Games read back from ``out`` rather than played in this run."""

    @property
    def games(self) -> int:
        return len(self.records)

    def wins(self, side: str) -> int:
        return sum(1 for r in self.records if r["finished"] and r["winner"] == side)

    @property
    def draws(self) -> int:
        return sum(1 for r in self.records if r["finished"] and not r["winner"])

    @property
    def unfinished(self) -> int:
        return sum(1 for r in self.records if not r["finished"])

    def win_rate(self, side: str) -> Estimate:
        """The share of games ``side`` won, all games counted (draws and unfinished as not won)."""
        return Estimate(self.wins(side), self.games)

    def conditions(self) -> list[dict[str, Any]]:
        """How games were decided: each victory condition (its clauses; the first reason seen as its words) with
        the winner, its count and share, most frequent first."""
        groups: dict[tuple[Any, ...], dict[str, Any]] = {}
        for r in self.records:
            if not r["finished"]:
                key: tuple[Any, ...] = ("unfinished",)
                words = f"not over after {self.max_steps} steps" if self.max_steps else "not over"
            else:
                key = (r["winner"], *(r["clauses"] or [r["reason"]]))
                words = r["reason"]
            group = groups.setdefault(key, {"winner": r.get("winner") if r["finished"] else None,
                                            "clauses": r["clauses"] if r["finished"] else [], "reason": words,
                                            "games": 0})
            group["games"] += 1
        out = sorted(groups.values(), key=lambda g: (-g["games"], str(g["reason"])))
        for g in out:
            g["share"] = g["games"] / self.games if self.games else 0.0
        return out

    @staticmethod
    def _stats(values: list[float]) -> dict[str, float]:
        if not values:
            return {"mean": 0.0, "min": 0, "median": 0, "max": 0}
        ordered = sorted(values)
        n = len(ordered)
        median = ordered[n // 2] if n % 2 else (ordered[n // 2 - 1] + ordered[n // 2]) / 2
        return {"mean": sum(ordered) / n, "min": ordered[0], "median": median, "max": ordered[-1]}

    def length(self) -> dict[str, dict[str, float]]:
        return {what: self._stats([r[what] for r in self.records]) for what in ("turns", "actions", "steps")}

    def score(self) -> dict[str, dict[str, float]]:
        """Each side's score at the end of a game (medals, points): mean, min, median, max."""
        return {side: self._stats([r["score"].get(side, 0) for r in self.records]) for side in self.sides
                if any(side in r["score"] for r in self.records)}

    def casualties(self) -> dict[str, dict[str, dict[str, float]]]:
        """Per side and unit type: steps (or figures) lost, and units eliminated, on average a game."""
        n = self.games or 1
        out: dict[str, dict[str, dict[str, float]]] = {}
        for side in self.sides:
            kinds = sorted({k for r in self.records for k in r["losses"].get(side, {})}
                           | {k for r in self.records for k in r["eliminated"].get(side, {})})
            if kinds:
                out[side] = {k: {"lost": sum(r["losses"].get(side, {}).get(k, 0) for r in self.records) / n,
                                 "eliminated": sum(r["eliminated"].get(side, {}).get(k, 0) for r in self.records) / n}
                             for k in kinds}
        return out

    def to_data(self) -> dict[str, Any]:
        wins = {}
        for side in self.sides:
            e = self.win_rate(side)
            wins[side] = {"wins": e.hits, "rate": e.p, "interval95": list(e.interval)}
        return {"scenario": self.scenario, "title": self.title, "players": self.players, "seed": self.seed,
                "games": self.games, "wins": wins, "draws": self.draws, "unfinished": self.unfinished,
                "length": self.length(), "score": self.score(), "casualties": self.casualties(),
                "conditions": self.conditions(), "seconds": round(self.seconds, 3), "workers": self.workers,
                "resumed": self.resumed}

    def text(self) -> str:
        lines = [f"# {self.title}: {self.games} games, {' vs '.join(self.players)}, seed {self.seed}"]
        for side in self.sides:
            e = self.win_rate(side)
            lo, hi = e.interval
            lines.append(f"{side:<16} wins {e.hits:>6}  {e.p:6.1%}  (95% interval {lo:.1%} to {hi:.1%})")
        if self.draws:
            lines.append(f"{'draws':<16}      {self.draws:>6}  {self.draws / self.games:6.1%}")
        if self.unfinished:
            lines.append(f"{'not finished':<16}      {self.unfinished:>6}  {self.unfinished / self.games:6.1%}")
        length = self.length()
        lines.append("game length: " + ", ".join(
            f"{what} {s['mean']:.1f} on average ({s['min']:g} to {s['max']:g})" for what, s in length.items()))
        score = self.score()
        if score:
            lines.append("score at the end: " + ", ".join(f"{side} {s['mean']:.2f} on average" for side, s in
                                                          score.items()))
        casualties = self.casualties()
        if casualties:
            lines.append("lost a game, on average (steps or figures / units eliminated):")
            for side, kinds in casualties.items():
                lines.append(f"  {side}: " + ", ".join(f"{k} {v['lost']:.2f} / {v['eliminated']:.2f}"
                                                       for k, v in kinds.items()))
        lines.append("how the games were decided:")
        for g in self.conditions():
            cite = f"  [{', '.join(g['clauses'])}]" if g["clauses"] else ""
            who = "unfinished" if not g["clauses"] and not g["winner"] and g["reason"] and "not over" in g["reason"] \
                else (g["winner"] or "drawn")
            lines.append(f"  {g['share']:6.1%}  {g['games']:>6}  {who}: {g['reason']}{cite}")
        per = self.seconds / max(1, self.games - self.resumed)
        lines.append(f"{self.seconds:.1f} s on {self.workers} worker{'s' if self.workers != 1 else ''} "
                     f"({per * 1000:.0f} ms a game" + (f"; {self.resumed} games read back from the output file"
                                                         if self.resumed else "") + ")")
        return "\n".join(lines)

    def _repr_markdown_(self) -> str:
        return "```\n" + self.text() + "\n```"

    def write_csv(self, path: str | os.PathLike[str]) -> None:
        """One row per game: its index, seed, winner, reason, length, each side's score and losses."""
        kinds = sorted({(s, k) for r in self.records for s, ks in r["losses"].items() for k in ks})
        with open(path, "w", newline="", encoding="utf-8") as f:
            writer = csv.writer(f)
            writer.writerow(["game", "seed", "finished", "winner", "reason", "turns", "actions", "steps",
                             *(f"score {s}" for s in self.sides), *(f"lost {s} {k}" for s, k in kinds)])
            for r in self.records:
                writer.writerow([r["game"], r["seed"], r["finished"], r["winner"] or "", r["reason"] or "",
                                 r["turns"], r["actions"], r["steps"], *(r["score"].get(s, 0) for s in self.sides),
                                 *(r["losses"].get(s, {}).get(k, 0) for s, k in kinds)])


# ------------------------------------------------------------------------------------------------ running


def _progress(total: int, initial: int, progress: bool | None, title: str) -> Any:
    """A tqdm bar (the notebook's widget bar in Jupyter, text with the time left in a terminal), or nothing."""
    if progress is False:
        return None
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return None
    if progress is None:  # only where someone watches: a terminal, or a notebook
        import sys

        in_notebook = "ipykernel" in sys.modules
        if not in_notebook and not sys.stderr.isatty():
            return None
    return tqdm(total=total, initial=initial, desc=title, unit="game")


def _read_done(out: Path, key: dict[str, Any]) -> dict[int, dict[str, Any]]:
    done: dict[int, dict[str, Any]] = {}
    if not out.exists():
        return done
    with out.open(encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            try:
                record = json.loads(line)
            except json.JSONDecodeError:  # a line cut short by an interrupted write
                continue
            if isinstance(record, dict) and record.get("run") == key and isinstance(record.get("game"), int):
                done[record["game"]] = {k: v for k, v in record.items() if k != "run"}
    return done


def _chunks(indices: list[int], size: int) -> Iterator[list[int]]:
    for i in range(0, len(indices), size):
        yield indices[i:i + size]


def simulate(scenario: str | os.PathLike[str], games: int = 100, players: str | Sequence[str] = "random,random",
             seed: int = 0, *, workers: int | None = None, scheduler: str | None = None, client: Any = None,
             out: str | os.PathLike[str] | None = None, max_steps: int | None = None,
             progress: bool | None = None, chunk: int | None = None) -> Simulation:
    """Play ``games`` games of ``scenario`` (an id or a path) and count what happened (:class:`Simulation`).

    ``players``: one kind per side (``"veteran,veteran"``) or one for every side. ``seed``: game ``i`` is
    seeded from ``(seed, i)``, whatever runs it. Where: ``workers=1`` in this process; ``client`` (a
    ``dask.distributed.Client``) or ``scheduler`` (``"tcp://host:port"``) an existing cluster; otherwise a
    ``LocalCluster`` of ``workers`` processes (default: one per core) made for the run and closed after.
    ``out``: append each game as a JSON line as it finishes, and skip games already in the file.
    ``progress``: a progress bar (``None``: when a terminal or a notebook is watching)."""
    from .scenario import resolve

    if games < 1:
        raise HexlabError("games must be at least 1")
    sid, path = resolve(scenario)
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise HexlabError(f"{path}: cannot read: {exc.strerror}") from None
    source = (sid, data, str(path))
    template = _scenario(source).new_game(0)
    sides = list(template.state.sides)
    kinds = [k.strip() for k in (players.split(",") if isinstance(players, str) else players)]
    if len(kinds) not in (1, len(sides)):
        raise HexlabError(f"give one player per side ({', '.join(sides)}), or one for all: got {len(kinds)}")
    from .players import HUMAN

    if any(k in HUMAN for k in kinds):
        raise HexlabError("a simulation has no person at the table: give computer players (random, novice, veteran)")
    try:
        _players(template, kinds)
    except ValueError as exc:
        raise HexlabError(str(exc)) from None
    if len(kinds) == 1:
        kinds = kinds * len(sides)
    title = template.scenario.title if template.scenario is not None and getattr(template.scenario, "title", None) \
        else sid
    result = Simulation(sid, title, sides, kinds, seed, max_steps=max_steps)
    key = {"scenario": sid, "players": kinds, "seed": seed, "max_steps": max_steps}
    out_path = Path(out) if out is not None else None
    done = {i: r for i, r in _read_done(out_path, key).items() if i < games} if out_path else {}
    todo = [i for i in range(games) if i not in done]
    result.resumed = len(done)
    records: dict[int, dict[str, Any]] = dict(done)
    sink = out_path.open("a", encoding="utf-8") if out_path and todo else None
    bar = _progress(games, len(done), progress, sid) if todo else None
    start = time.perf_counter()

    def take(batch: Iterable[dict[str, Any]]) -> None:
        for record in batch:
            records[record["game"]] = record
            if sink is not None:
                sink.write(json.dumps({"run": key, **record}) + "\n")
                sink.flush()
            if bar is not None:
                bar.update(1)

    try:
        if todo and workers == 1 and client is None and scheduler is None:
            result.workers = 1
            for i in todo:
                take([play_game(source, i, seed, kinds, max_steps)])
        elif todo:
            result.workers = _run_dask(source, todo, seed, kinds, max_steps, workers, scheduler, client, chunk, take)
    finally:
        if sink is not None:
            sink.close()
        if bar is not None:
            bar.close()
        result.seconds = time.perf_counter() - start
        result.records = [records[i] for i in sorted(records)]
    return result


def _run_dask(source: tuple[str, bytes, str], todo: list[int], seed: int, kinds: list[str], max_steps: int | None,
              workers: int | None, scheduler: str | None, client: Any, chunk: int | None,
              take: Callable[[Iterable[dict[str, Any]]], None]) -> int:
    try:
        from dask.distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise HexlabError("simulating on Dask needs dask.distributed (pip install 'hexlab[sim]'), or use "
                          "workers=1 (--workers 1) to play in this process") from None
    cluster = None
    own_client = client is None
    try:
        if client is None:
            if scheduler:
                try:
                    client = Client(scheduler, timeout="10s")
                except (OSError, TimeoutError) as exc:
                    raise HexlabError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from None
            else:
                n = workers or os.cpu_count() or 1
                cluster = LocalCluster(n_workers=n, threads_per_worker=1, processes=True, dashboard_address=None)
                client = Client(cluster)
        n_workers = max(1, len(client.scheduler_info().get("workers", {})))
        size = chunk or max(1, min(25, len(todo) // (n_workers * 8)))
        source_future = client.scatter(source, broadcast=True)
        futures = [client.submit(play_games, source_future, part, seed, kinds, max_steps, pure=False)
                   for part in _chunks(todo, size)]
        try:
            for future in as_completed(futures):
                take(future.result())
        except BaseException:
            client.cancel(futures)
            raise
        return n_workers
    finally:
        if own_client and client is not None:
            client.close()
        if cluster is not None:
            cluster.close()


class _CallableModule(types.ModuleType):
    """``hexlab.simulate(...)`` calls :func:`simulate` even once this module is imported (which makes
    ``hexlab.simulate`` the module rather than the lazy function of ``hexlab/__init__.py``)."""

    def __call__(self, *args: Any, **kwargs: Any) -> Simulation:
        return simulate(*args, **kwargs)


sys.modules[__name__].__class__ = _CallableModule
