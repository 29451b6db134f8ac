"""The best any player could do against ``random``, worked out exactly: a ceiling for the computer opponent's rows.

Issue 26 asks the veteran to beat ``random`` in 90% of games from each seat "where the scenario's own balance
allows it". This tool answers that question for a scenario small enough to search whole: expectimax through the
engine's own moves (``hexlab.ai.world.World``, the same ``apply``/``resolve`` the game plays with), the seat
maximising its chance of winning, the random player's choices averaged uniformly over ``legal_actions()`` (as
``hexlab.players.RandomPlayer`` picks them), every dice step branched on its outcomes with their exact odds.
Positions already worked out are looked up, not searched again.

Run from the project root::

    .venv/bin/python benchmarks/exact_ceiling.py warsea/drill_landing --seat "United States"
    .venv/bin/python benchmarks/exact_ceiling.py cactus/drill_turn --seat Japan --split 2 --parts 2 --part 0
    .venv/bin/python benchmarks/exact_ceiling.py cactus/drill_turn --seat Japan --split 2 --parts 2 --part 1
    .venv/bin/python benchmarks/exact_ceiling.py cactus/drill_turn --seat Japan --split 2 --parts 2 --combine
    .venv/bin/python benchmarks/exact_ceiling.py cactus/drill_turn --seat Japan --split 2 --parts 2 --compare veteran

Without ``--split`` the whole game is searched in one process. With ``--split T`` the game is cut at the start of
turn ``T``: every distinct position there is listed (the turns before it walked whole), the parts work out those
positions' values (each part a contiguous block of them, saved every 100 as JSON to ``--store`` so that a
stopped part resumes where it was), and ``--combine`` searches the turns before ``T`` with those values at the
cut. Values are floats; ``--exact`` keeps them as fractions (slower; for the tests' small positions). With the
value, the tool prints what best play does first: the seat's likeliest first decisions and each one's best choices
with their odds (:func:`report_openings`). With ``--compare PLAYER`` (after the parts, where the game is cut) it
plays ``--games`` of the benchmark's games of that player at the seat against ``random`` instead, and shows where its
play parts from best play: each decision's exact shortfall (the best move's value less the value of the move made),
summed by the clock and step, and the largest (:func:`compare`, :func:`report_compare`).

With ``--against PLAYER`` the other side is that player instead of ``random`` (its moves as the benchmark's player
of that kind makes them: :func:`player_choice`), so the value is the best any player could do against it, and
``--compare`` sets the moves of a player at the seat against that best. With ``--draws-half`` a draw counts half a
win: the value is then the expected score, and a seat that cannot score over one half against the other player
cannot win more games than it loses against it, however it plays::

    .venv/bin/python benchmarks/exact_ceiling.py cactus/drill_turn --seat Japan --against veteran --draws-half
    .venv/bin/python benchmarks/exact_ceiling.py cactus/drill_turn --seat Japan --against veteran --draws-half --play veteran

With ``--play PLAYER`` a player decides for the seat as well, and the value is that player's own, exact: every roll
followed, no game left to chance (for two players whose moves are functions of the position, such as two veterans).

For Cactus the positions are keyed in a form that merges positions which play on the same, and dice outcomes that
the rules read the same are merged before they are resolved (:func:`cactus_key`, :func:`cactus_outcomes`, each
with the reason it is exact). ``tests/test_exact_ceiling.py`` checks both against the plain search (the engine's
``state_key`` and every outcome listed) on positions small enough for it, and a value worked out by hand.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from fractions import Fraction
from hashlib import blake2b
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import hexlab  # noqa: E402
from hexlab.ai.search import state_key  # noqa: E402
from hexlab.ai.world import World  # noqa: E402
from hexlab.engine import GameState  # noqa: E402
from hexlab.rulesets.cactus.combat import hour_result  # noqa: E402

Key = Callable[[GameState], Any]
Outcomes = Callable[[GameState], list]


# ------------------------------------------------------------------------------------------- Cactus


def cactus_key(rules: Any) -> Key:
    """Equal keys for Cactus positions that play on the same from here (exact for this ruleset, not a guess):

    - the score as the difference between the sides: after the last turn the side with more VP wins
      (caf.victory.uncontested_location_vp), and nothing else reads the score;
    - the record of play left out (the round's log, the VP awards and bonuses: read only by the log and the checks);
    - the units that moved this turn left out once no ground move is left this turn (the last hour, past the moves:
      ``moved`` is read only by the move rules and is emptied at the next turn, caf.movement.once_per_turn);
      the refits this turn and the air refits left out in the last turn (read only by the refit, which comes
      only between turns, caf.supply.refit.*); the pins and how attackers arrived left out in the last hour of
      the last turn, past the moves and the combat (read only by the moves and the combat's retreats);
    - lists whose order nothing reads sorted (the units that moved, the Banzai units, who may take a loss);
    - units of the same kind, side, place and strength interchangeable: two SNLF counters swapped give the same
      key (the smaller of the two keys is kept), since no rule reads a unit's id.

    The key is a 128-bit BLAKE2 digest of that tuple's text, as a number: the same in every process, so that parts
    run in different processes (and on different days) agree. (Python's own ``hash`` would not: in Python 3.11
    ``hash(None)`` comes from an address, which changes from one process to the next.)"""
    hours, turns = rules.options.hours, rules.options.turns

    def build(s: GameState, swap: dict[str, str]) -> tuple:
        g = swap.get
        a, b = s.sides
        rs = s.rules_state
        r, t, bt, al = rs.round, rs.turn, rs.battle, rs.allocation
        late = rs.hour >= hours
        last = s.turn >= turns
        moving = s.position.startswith("ground.")
        return (s.position, s.active, s.turn, s.score[a] - s.score[b],
                tuple(sorted((g(u.id, u.id), u.at, u.strength) for u in s.units.values())),
                rs.hour, None if r is None else (tuple(r.order), r.to_act, r.passes, r.lead, r.passes_each,
                                                  tuple(sorted(r.streak.items()))),
                tuple(sorted(rs.fights.items())),
                None if (last and late and not moving) else tuple(sorted((g(k, k), v) for k, v in rs.pinned.items())),
                None if (last and late and s.position.startswith(("air.", "end."))) else
                tuple(sorted((g(k, k), v) for k, v in rs.attackers.items())),
                tuple(rs.battles),
                None if bt is None else (bt.box, bt.attacker, bt.defender, tuple(sorted(g(i, i) for i in bt.banzai)),
                                         tuple((q.kind, q.side, q.n,
                                                None if q.only is None else tuple(sorted(g(i, i) for i in q.only)),
                                                q.why) for q in bt.queue.pending)),
                None if al is None else (al.side, al.n, tuple(sorted(g(i, i) for i in al.units)), al.why, al.box,
                                         al.refusal),
                tuple(rs.raided), rs.raid,
                None if (late and not moving) else tuple(sorted(g(i, i) for i in t.moved)),
                None if last else tuple(sorted(t.refitted)),
                None if last else tuple(sorted(t.air_refits.items())),
                tuple(sorted((k, tuple(sorted(v))) for k, v in rs.bombed.items())),
                rs.finished)

    def twins(s: GameState) -> list[dict[str, str]]:
        """The swaps of two interchangeable units (same side, kind and full strength): each may be swapped."""
        groups: dict[tuple, list[str]] = {}
        for u in s.units.values():
            groups.setdefault((u.side, u.kind, u.max_strength), []).append(u.id)
        return [{x: y, y: x} for ids in groups.values() if len(ids) == 2 for x, y in [sorted(ids)]]

    swaps: list[dict[str, str]] | None = None

    def key(s: GameState) -> Any:
        nonlocal swaps
        if s.result is not None:
            return ("over", s.result.get("winner"))
        if swaps is None:
            swaps = twins(s)
        text = min(repr(build(s, swap)) for swap in [{}, *swaps])
        return int.from_bytes(blake2b(text.encode(), digest_size=16).digest(), "big")

    return key


def cactus_outcomes(world: World, exact: bool = False) -> Outcomes:
    """A dice step's outcomes with those the rules read the same merged, their odds added (exact for this ruleset):
    a ground combat's faces are classed by :func:`cactus.combat.hour_result`, the function the engine resolves the
    hour with (its hits each way and the defender's 5: the Banzai, seaborne and overland flags the engine adds are
    the same for every outcome of one step); a bombing raid reads only whether any AA die hit and whether the bomb
    die reached the scenario's ``bomb_hit`` (``cactus.air.bomb_result``, which has no pure function to call). Other
    dice steps are listed as they are."""
    rules = world.rules
    aa_hit, bomb_hit = rules.options.aa_hit, rules.options.bomb_hit
    cache: dict[tuple, list] = {}

    def outcomes(state: GameState) -> list:
        pool = rules.roll(state).pool
        ck = (state.position, pool)
        got = cache.get(ck)
        if got is None:
            merged: dict[Any, list] = {}
            for faces, p in world.outcomes(state):
                if state.position == "combat.roll":
                    r = hour_result(faces[0], faces[1])
                    c = (r.defender_steps_lost, r.attacker_hits, r.defender_five)
                elif state.position == "air.bomb":
                    c = (len(faces) > 1 and any(f >= aa_hit for f in faces[0]), faces[-1][0] >= bomb_hit)
                else:
                    c = faces
                if c in merged:
                    merged[c][1] += p
                else:
                    merged[c] = [faces, p]
            got = cache[ck] = [(f, p if exact else float(p)) for f, p in merged.values()]
        return got

    return outcomes


# ------------------------------------------------------------------------------------------- the search


class Solver:
    """Expectimax for ``hero`` against the uniform random player (or another player: ``other``), with every
    position's value remembered."""

    def __init__(self, rules: Any, hero: str, key: Key | None = None, outcomes: Outcomes | None = None,
                 exact: bool = False, cut: Callable[[GameState, Any], Any] | None = None,
                 other: Callable[[GameState], Any] | None = None, draw_half: bool = False,
                 mine: Callable[[GameState], Any] | None = None) -> None:
        self.world = World(rules)
        self.hero = hero
        self.key = key or state_key
        self.outcomes = outcomes or (lambda s: [(f, p if exact else float(p)) for f, p in self.world.outcomes(s)])
        self.one, self.zero = (Fraction(1), Fraction(0)) if exact else (1.0, 0.0)
        self.draw = (Fraction(1, 2) if exact else 0.5) if draw_half else self.zero
        """What a drawn game is worth: nothing (the value is the chance of winning), or half a win (the value is
        the expected score, which is over one half exactly when the hero wins more games than it loses)."""
        self.cut = cut
        """Called with each position and its key before it is searched: a value to use there instead (the turn
        cut), or None."""
        self.other = other
        """The other side's move at a position where it decides (a player's choice: :func:`player_choice`), or
        None: the uniform random player, every legal move averaged."""
        self.mine = mine
        """The hero's own move (a player's choice), or None: its best. With one, the value is that player's exact
        chance of winning (or expected score) against the other side, every roll followed."""
        self.memo: dict[Any, Any] = {}
        self.positions = 0

    def value(self, state: GameState) -> Any:
        """The hero's value from ``state`` (``state`` itself is never changed): its chance of winning, or its expected
        score with :attr:`draw`, with its best play, or with its player's moves where :attr:`mine` is set."""
        world, memo = self.world, self.memo
        k0 = self.key(state)
        v = memo.get(k0)
        if v is not None:
            return v
        while world.kind(state) == "auto":
            state = world.auto(state)
        k = self.key(state)
        v = memo.get(k)
        if v is None:
            v = self.cut(state, k) if self.cut is not None else None
            if v is None:
                self.positions += 1
                kind = world.kind(state)
                if kind == "over":
                    winner = (state.result or {}).get("winner")
                    v = self.one if winner == self.hero else self.draw if winner is None else self.zero
                elif kind == "dice":
                    v = self.zero
                    for faces, p in self.outcomes(state):
                        v += p * self.value(world.resolve(state, faces))
                elif world.to_act(state) == self.hero and self.mine is None:
                    v = max(self.value(world.apply(state, a)) for a in world.legal(state))
                elif (choose := self.mine if world.to_act(state) == self.hero else self.other) is not None:
                    legal = world.legal(state)
                    v = self.value(world.apply(state, legal[0] if len(legal) == 1 else choose(state)))
                else:
                    children = [self.value(world.apply(state, a)) for a in world.legal(state)]
                    v = sum(children) / len(children)
            memo[k] = v
        memo[k0] = v
        return v


def benchmark_seed(game_seed: int, at_seat: bool) -> int:
    """The seed ``bench_ai.py``'s ``play_one`` gives the player at the seat (``at_seat``) or the other side's in the game
    of ``game_seed``: one formula for every player this tool asks, so its games and values are the benchmark's."""
    return game_seed * 7919 + (101 if at_seat else 202)


def player_choice(rules: Any, kind: str, seed: int) -> Callable[[GameState], Any]:
    """A player's move at a position, as the benchmark's player of that kind with that seed would make it in a game
    standing there (the levels held to their node budgets while it is asked: :func:`node_budgets`). The veteran's
    move is a function of the position (its search has no noise, and samples dice only past 2,000 outcomes); the
    novice's noise and samples are drawn from its seed and what it sees, so with positions merged by
    :func:`cactus_key` its move at a merged position is the one it makes at the first of them searched."""
    from hexlab.engine.game import Game
    from hexlab.players import make_player

    player = make_player(kind, seed)

    def choose(state: GameState) -> Any:
        with node_budgets():
            return player.choose(Game(rules, state, seed=0, batch=True))

    return choose


def choices(solver: Solver, state: GameState) -> list[tuple[float, str]]:
    """At a position where the hero decides: each legal action in words with the hero's chance of winning after
    it (best play from there on), best first. Looked up in the solver's memory where already worked out."""
    world, rules = solver.world, solver.world.rules
    rows = [(float(solver.value(world.apply(state, a))), rules.describe(state, a)) for a in world.legal(state)]
    return sorted(rows, key=lambda r: -r[0])


def first_decisions(solver: Solver, root: GameState) -> list[tuple[float, GameState]]:
    """The positions where the hero first decides, each with the chance of reaching it (the other side playing at
    random, the dice by their odds), likeliest first: the openings whose best answers :func:`choices` shows."""
    world, key = solver.world, solver.key
    found: dict[Any, list] = {}
    stack: list[tuple[float, GameState]] = [(1.0, root)]
    while stack:
        p, state = stack.pop()
        state = world.settle(state)
        kind = world.kind(state)
        if kind == "over":
            continue
        if kind == "dice":
            stack.extend((p * float(q), world.resolve(state, faces)) for faces, q in solver.outcomes(state))
        elif world.to_act(state) == solver.hero:
            found.setdefault(key(state), [0.0, state])[0] += p
        else:
            stack.extend((p * q, child) for q, child in other_moves(solver, state))
    return sorted((tuple(row) for row in found.values()), key=lambda r: -r[0])


def other_moves(solver: Solver, state: GameState) -> list[tuple[float, GameState]]:
    """Where the other side decides: the positions its moves lead to, each with its chance (every legal move
    alike for the random player; the one move a player's choice makes)."""
    world = solver.world
    legal = world.legal(state)
    if solver.other is not None and len(legal) > 1:
        return [(1.0, world.apply(state, solver.other(state)))]
    return [(1.0 / len(legal), world.apply(state, a)) for a in legal]


def report_openings(solver: Solver, root: GameState, shown: int = 6) -> None:
    """Print the hero's best answers to the likeliest openings: what best play does first."""
    openings, rules = first_decisions(solver, root), solver.world.rules
    print(f"Its first decision comes at {len(openings)} distinct positions; the likeliest {min(shown, len(openings))}:")
    for p, state in openings[:shown]:
        units = ", ".join(f"{u.id} {rules.board.label(u.at)} {u.strength}" for u in state.units.values() if u.alive)
        print(f"  {p:.1%} of games, {rules.clock(state)}: {units}")
        for v, words in choices(solver, state)[:4]:
            print(f"    {v:.4f}  {words}")


def compare(solver: Solver, new_game: Callable[[int], Any], player: str, seeds: range,
            other: str = "random") -> list[dict]:
    """Play ``player`` at the solver's seat against ``other`` in the games ``new_game(seed)`` makes (each player
    seeded as ``bench_ai.py`` seeds them, so these are the benchmark's games, the levels held to their node budgets;
    :func:`scenario_games` makes them from a scenario's name), and at each of its decisions with more than
    one choice, look up the exact value of the move it made and of the best move: where its play parts from best
    play. One row per game: its seed, its winner and its decisions (the clock, the step, the move made and its value,
    the best value and the best moves). The values are the hero's chance of winning with best play from there on;
    the sum of a game's shortfalls (best less made), averaged over many games, estimates what the player loses
    against best play (the values are exact, the average is over the games played)."""
    with node_budgets():
        return _compare(solver, new_game, player, seeds, other)


@contextmanager
def node_budgets() -> Iterator[None]:
    """The computer's levels held to their node budgets (their wall-time stop lifted, as ``bench_ai.py`` plays
    them): the same moves however busy the machine is. Put back as they were after."""
    import dataclasses
    import importlib

    levels = importlib.import_module("hexlab.ai.search").LEVELS
    kept = dict(levels)
    levels.update({name: dataclasses.replace(level, seconds=None) for name, level in kept.items()})
    try:
        yield
    finally:
        levels.clear()
        levels.update(kept)


def _compare(solver: Solver, new_game: Callable[[int], Any], player: str, seeds: range, other: str) -> list[dict]:
    from hexlab.players import make_player

    world, hero = solver.world, solver.hero
    games = []
    for seed in seeds:
        game = new_game(seed)
        seat_index = game.state.sides.index(hero)
        players = {hero: make_player(player, benchmark_seed(seed, True)),
                   game.state.sides[1 - seat_index]: make_player(other, benchmark_seed(seed, False))}
        rows = []
        while not game.is_over:
            if game.current_step.automatic:
                game.step()
                continue
            side = game.to_act
            action = players[side].choose(game)
            if side == hero:
                state = game.state
                legal = world.legal(state)
                if len(legal) > 1:
                    values = [(float(solver.value(world.apply(state, a))), a) for a in legal]
                    best = max(v for v, _ in values)
                    made = next(v for v, a in values if a == action)
                    rows.append({"clock": game.rules.clock(state), "step": state.position,
                                 "made": game.rules.describe(state, action), "made_value": made, "best_value": best,
                                 "best": [game.rules.describe(state, a) for v, a in values if v == best]})
            game.apply(action)
        games.append({"seed": seed, "winner": (game.state.result or {}).get("winner"), "decisions": rows})
    return games


def scenario_games(scenario: str) -> Callable[[int], Any]:
    """Games of a scenario by seed, as the benchmark plays them (no undo snapshots or narration)."""
    return lambda seed: hexlab.load(scenario, seed=seed).batch_mode()


def report_compare(games: list[dict], hero: str, ceiling: float | None = None, shown: int = 8,
                   scored: bool = False) -> None:
    """Print where a player's play parted from best play (:func:`compare`): its record, its shortfall by clock and
    step, and its largest shortfalls. ``scored``: the values count a draw as half a win (``--draws-half``), so what
    the long run gives is an expected score, not a share of games won."""
    n = len(games)
    won = sum(g["winner"] == hero for g in games)
    lost = sum(g["winner"] not in (hero, None) for g in games)
    short = [sum(d["best_value"] - d["made_value"] for d in g["decisions"]) for g in games]
    mean = sum(short) / n
    print(f"{n} games: {won}-{lost}-{n - won - lost} (won-lost-drawn); shortfall against best play "
          f"{mean:.4f} a game" + (f", so about {ceiling - mean:.1%} {'scored' if scored else 'won'} in the long run"
                                  if ceiling is not None else ""))
    by: dict[tuple[str, str], list[float]] = {}
    for g in games:
        for d in g["decisions"]:
            by.setdefault((d["clock"], d["step"]), []).append(d["best_value"] - d["made_value"])
    print("By clock and step (decisions, shortfall a game):")
    for (clock, step), xs in sorted(by.items(), key=lambda kv: -sum(kv[1])):
        print(f"  {clock}, {step}: {len(xs)}, {sum(xs) / n:.4f}")
    worst = [r for r in sorted(((d["best_value"] - d["made_value"], g["seed"], d) for g in games
                                for d in g["decisions"]), key=lambda r: -r[0])[:shown] if r[0] > 0]
    print("The largest:" if worst else "Every move made was one of the best.")
    for _, seed, d in worst:
        print(f"  seed {seed}, {d['clock']}, {d['step']}: made {d['made']} ({d['made_value']:.4f}); best "
              f"{d['best'][0]} ({d['best_value']:.4f})")


def positions_at_turn(solver: Solver, root: GameState, turn: int) -> dict[Any, GameState]:
    """Every distinct position at the start of ``turn`` (its first decision or dice step) reachable from ``root``,
    in the order a depth-first walk meets them."""
    world, key = solver.world, solver.key
    seen: set[Any] = set()
    found: dict[Any, GameState] = {}
    stack = [root]
    while stack:
        state = stack.pop()
        k0 = key(state)
        if k0 in seen:
            continue
        seen.add(k0)
        while world.kind(state) == "auto":
            state = world.auto(state)
        kind = world.kind(state)
        if kind == "over":
            continue
        if state.turn >= turn:
            found.setdefault(key(state), state)
            continue
        k = key(state)
        if k != k0:
            if k in seen:
                continue
            seen.add(k)
        if kind == "dice":
            stack.extend(world.resolve(state, faces) for faces, _ in reversed(solver.outcomes(state)))
        elif world.to_act(state) == solver.hero:
            stack.extend(world.apply(state, a) for a in reversed(world.legal(state)))
        else:
            stack.extend(child for _, child in reversed(other_moves(solver, state)))
    return found


def make_solver(scenario: str, seat: str, exact: bool = False, against: str = "random", against_seed: int = 1,
                draw_half: bool = False, play: str | None = None) -> tuple[Solver, GameState]:
    """The solver for ``seat`` in ``scenario`` and the game's first position. ``against`` another player than
    ``random``: that player decides for the other side, seeded as in the benchmark's game ``against_seed``; ``play``:
    a player decides for the seat too (seeded as the benchmark's player at the seat), for its exact value."""
    game = hexlab.load(scenario, seed=1).batch_mode()
    if seat not in game.state.sides:
        raise SystemExit(f"{scenario}: no side {seat!r} (sides: {', '.join(game.state.sides)})")
    other = None if against == "random" else player_choice(game.rules, against, benchmark_seed(against_seed, False))
    mine = None if play is None else player_choice(game.rules, play, benchmark_seed(against_seed, True))
    solver = Solver(game.rules, seat, exact=exact, other=other, draw_half=draw_half, mine=mine)
    if game.rules.id == "cactus":
        solver.key, solver.outcomes = cactus_key(game.rules), cactus_outcomes(solver.world, exact)
    return solver, game.state.copy()


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("scenario")
    ap.add_argument("--seat", required=True, help="the side whose best play is worked out")
    ap.add_argument("--exact", action="store_true", help="values as fractions")
    ap.add_argument("--split", type=int, help="cut the game at the start of this turn")
    ap.add_argument("--parts", type=int, default=1)
    ap.add_argument("--part", type=int)
    ap.add_argument("--combine", action="store_true")
    ap.add_argument("--store", default=str(ROOT / "benchmarks" / "results" / "ceiling"),
                    help="where the parts keep the values at the cut")
    ap.add_argument("--against", metavar="PLAYER", default="random",
                    help="the other side's player (random, the default; or veteran, novice...: its moves, seeded as "
                         "in the benchmark's game --first-seed)")
    ap.add_argument("--draws-half", action="store_true",
                    help="count a draw as half a win: the value is the expected score, over 0.5 exactly when the "
                         "seat wins more games than it loses")
    ap.add_argument("--play", metavar="PLAYER",
                    help="the seat's own player instead of its best play: its exact chance of winning (or score) "
                         "against the --against player, every roll followed (not with --split or --compare)")
    ap.add_argument("--compare", metavar="PLAYER",
                    help="play this player (veteran, novice...) at the seat against the --against player and show "
                         "where its play parts from best play (with --split, after --combine's parts are worked out)")
    ap.add_argument("--games", type=int, default=100, help="games for --compare (seeds 1 to N)")
    ap.add_argument("--first-seed", type=int, default=1, help="the first seed for --compare")
    args = ap.parse_args(argv)
    if args.parts < 1 or not 0 <= (args.part or 0) < args.parts:
        ap.error(f"--part must be from 0 to {args.parts - 1} (--parts {args.parts})")
    if (args.part is not None or args.combine) and not args.split:
        ap.error("--part and --combine work on a game cut with --split")
    if args.play and (args.split or args.compare):
        ap.error("--play works out one player's value over the whole game: not with --split or --compare")
    solver, root = make_solver(args.scenario, args.seat, args.exact, args.against, args.first_seed, args.draws_half,
                               args.play)
    seeds = range(args.first_seed, args.first_seed + args.games)
    what = ("scores" if args.draws_half else "wins") + f" against {args.against}"
    t0 = time.perf_counter()
    if args.compare and not args.split:
        ceiling = float(solver.value(root))
        games = compare(solver, scenario_games(args.scenario), args.compare, seeds, args.against)
        report_compare(games, args.seat, ceiling, scored=args.draws_half)
        return
    if not args.split:
        v = solver.value(root)
        print(f"{args.scenario}, {args.seat}: {args.play or 'best play'} {what} {float(v):.4f}"
              f"{f' ({v})' if args.exact else ''}; {solver.positions} positions, {time.perf_counter() - t0:.0f} s")
        if not args.play:
            report_openings(solver, root)
        return
    store = Path(args.store)
    store.mkdir(parents=True, exist_ok=True)
    stem = f"{args.scenario.replace('/', '_')}_{args.seat.replace(' ', '_')}_turn{args.split}"
    if args.against != "random" or args.draws_half:  # (against random, counting wins: the names the parts had)
        stem += f"_vs_{args.against}{args.first_seed}" + ("_score" if args.draws_half else "")
    cut = positions_at_turn(solver, root, args.split)
    items = list(cut.items())
    print(f"{len(items)} distinct positions at the start of turn {args.split} "
          f"({time.perf_counter() - t0:.0f} s)", flush=True)
    if args.combine or args.compare:
        values: dict[Any, Any] = {}
        for i in range(args.parts):
            values.update(load(store / f"{stem}_{i}of{args.parts}.json"))
        missing = [k for k in cut if k not in values]
        if missing:
            raise SystemExit(f"{len(missing)} of {len(cut)} positions at the cut are not worked out yet")
        solver.cut = lambda s, k: values.get(k) if s.turn >= args.split else None
        v = solver.value(root)
        if args.compare:
            games = compare(solver, scenario_games(args.scenario), args.compare, seeds, args.against)
            report_compare(games, args.seat, float(v), scored=args.draws_half)
            return
        print(f"{args.scenario}, {args.seat}: best play {what} {float(v):.4f}; "
              f"{solver.positions} positions before the cut")
        report_openings(solver, root)
        return
    part = args.part or 0
    lo, hi = len(items) * part // args.parts, len(items) * (part + 1) // args.parts
    path = store / f"{stem}_{part}of{args.parts}.json"
    done = load(path)
    print(f"part {part}: positions {lo} to {hi - 1}, {len(done)} already worked out", flush=True)
    for n, (k, state) in enumerate(items[lo:hi], 1):
        if k in done:
            continue
        done[k] = solver.value(state)
        if n % 100 == 0 or n == hi - lo:
            save(path, done)
            print(f"{n} of {hi - lo}: {solver.positions} positions searched, {time.perf_counter() - t0:.0f} s",
                  flush=True)
    save(path, done)


def load(path: Path) -> dict[Any, float]:
    """Values at the cut saved by a part (none if it has not started): plain JSON, each key a number (Cactus) or
    the engine's ``state_key`` text."""
    if not path.exists():
        return {}
    try:
        rows = json.loads(path.read_text())["values"]
        return {k: float(v) for k, v in rows}
    except (ValueError, KeyError, TypeError) as e:
        raise SystemExit(f"{path}: not a file of values this tool wrote ({e})") from None


def save(path: Path, values: dict[Any, Any]) -> None:
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps({"values": [[k, float(v)] for k, v in values.items()]}))
    os.replace(tmp, path)


if __name__ == "__main__":
    main()
