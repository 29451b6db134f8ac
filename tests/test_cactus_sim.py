"""Cactus Air Force Ground Combat: seeded random games of the Guadalcanal scenario, checked after every step
(undo, redo, saves, legal actions, refusals) against the ruleset's invariants and against these, worked out
independently from the board and the event log."""

from __future__ import annotations

from collections import Counter

import pytest

from hexlab.engine import Game
from hexlab.rulesets.cactus import facts
from hexlab.rulesets.cactus.counters import KINDS, counters_aside
from hexlab.testing import play_random, random_sim_test


def four_steps_a_side_in_a_box(game: Game) -> list[str]:
    """Stacking: at most 4 steps a side in a box (caf.stacking.four_steps_per_box)."""
    steps: Counter[tuple] = Counter()
    for u in game.state.units.values():
        if u.alive:
            steps[(u.at, u.side)] += u.strength
    return [f"{side} have {n} steps in {box}" for (box, side), n in steps.items() if n > 4]


def steps_within_each_counter(game: Game) -> list[str]:
    """caf.components.counters.*: steps between 0 and the counter's full strength, the face up matching them, and
    never more copies of a counter in use than the variant provides."""
    out = []
    for u in game.state.units.values():
        top = KINDS[u.kind].max_steps
        if not 0 <= u.strength <= top:
            out.append(f"{u.id} has {u.strength} steps (0 to {top})")
        elif u.strength and (facts.counter(u), facts.face(u)) != KINDS[u.kind].at_steps(u.strength)[:2]:
            out.append(f"{u.id} shows the wrong face for {u.strength} steps")
    out += [f"counter {c} over-used" for c, n in counters_aside(game.state.units.values()).items() if n < 0]
    return out


class NoExitFromContestedBoxes:
    """caf.movement.no_exit_from_contested_box: a unit that was in a contested box after one step is still there
    (or gone) after the next, unless the log shows it retreating."""

    def __init__(self) -> None:
        self.game: Game | None = None
        self.before: dict[str, str] = {}
        self.seen = 0

    @staticmethod
    def pinned(game: Game) -> dict[str, str]:
        sides: dict[str, set[str]] = {}
        for u in game.state.units.values():
            if u.alive:
                sides.setdefault(u.at, set()).add(u.side)
        return {u.id: u.at for u in game.state.units.values() if u.alive and len(sides[u.at]) > 1}

    def __call__(self, game: Game) -> list[str]:
        out = []
        if game is self.game:
            retreated = {e.data["unit"] for e in game.log[self.seen:] if e.kind == "Retreated"}
            for uid, box in self.before.items():
                u = game.state.units[uid]
                if u.alive and u.at != box and uid not in retreated:
                    out.append(f"{uid} left the contested box {box} for {u.at}")
        self.game, self.before, self.seen = game, self.pinned(game), len(game.log)
        return out


def points_once_a_turn_per_location(game: Game) -> list[str]:
    """caf.victory.uncontested_location_vp (and the target VP): each box scores at most once a turn, and the score
    is exactly the points the log awards."""
    out = []
    awards = Counter((e.turn, e.data["box"]) for e in game.log if e.kind == "VictoryPoint")
    out += [f"{box} scored {n} times in turn {turn}" for (turn, box), n in awards.items() if n > 1]
    for side in game.state.sides:
        logged = sum(e.data["vp"] for e in game.log if e.side == side and e.kind in ("VictoryPoint", "TargetBombed",
                                                                                       "TargetHeld"))
        if logged != game.state.score[side]:
            out.append(f"{side} have {game.state.score[side]} VP, the log awards {logged}")
    return out


@pytest.mark.rule("caf.stacking.four_steps_per_box", "caf.movement.no_exit_from_contested_box",
                  "caf.victory.uncontested_location_vp")
def test_random_games_keep_the_rules():
    report = random_sim_test("cactus/guadalcanal", games=5, seed=0, save_every=150,
                             invariants=[four_steps_a_side_in_a_box, steps_within_each_counter,
                                         NoExitFromContestedBoxes(), points_once_a_turn_per_location])
    assert report.games == report.finished == 5
    assert report.actions > 50


def test_more_random_games_reach_every_part_of_the_turn():
    kinds: Counter[str] = Counter()
    results: Counter[str] = Counter()
    for seed in range(20, 32):
        game = play_random("cactus/guadalcanal", seed)
        kinds.update(e.kind for e in game.log)
        results[game.result["winner"] or "draw"] += 1
        assert not game.rules.invariants(game.state)
    for kind in ("UnitMoved", "BattleJoined", "GroundCombat", "StepLost", "Retreated", "NoRetreatFromTheSea",
                 "BanzaiDeclared", "RaidOrdered", "Refitted", "VictoryPoint", "Occupied"):
        assert kinds[kind] > 0, kind
    assert sum(results.values()) == 12
