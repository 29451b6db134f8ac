"""War at Sea troop landings: seeded random games of every scenario, checked after every step (undo, redo, saves,
legal actions, refusals) against the ruleset's invariants and against these, worked out from the state and the log."""

from __future__ import annotations

import pytest

from hexlab.engine import Game
from hexlab.engine.state import Aboard
from hexlab.rulesets.warsea import board
from hexlab.rulesets.warsea.end_turn import claims
from hexlab.testing import random_sim_test


def carriers_within_capacity(game: Game) -> list[str]:
    """was.naval.load.capacity_limit: no carrier above its capacity, troops rescued beyond it aside."""
    s, rules = game.state, game.rules
    rescued = set(rules.mine(s).rescued)
    out = []
    for u in s.units.values():
        if u.alive and u.kind == "ship":
            n = sum(1 for t in s.aboard(u.id) if t.id not in rescued)
            if n > board.capacity(rules, s, u)[0]:
                out.append(f"{u.id} carries {n}")
    return out


def troops_aboard_or_ashore(game: Game) -> list[str]:
    """Troops only aboard a living carrier of their side or on an island."""
    s, isles = game.state, set(board.islands(game.rules))
    out = []
    for u in s.units.values():
        if u.alive and u.kind == "troop":
            if isinstance(u.at, Aboard):
                c = s.units[u.at.carrier]
                if not c.alive or c.side != u.side:
                    out.append(f"{u.id} aboard {c.id}")
            elif u.at not in isles:
                out.append(f"{u.id} at {u.at}")
    return out


def damage_within_hull(game: Game) -> list[str]:
    return [f"{u.id} at {u.strength}/{u.max_strength}" for u in game.state.units.values()
            if not 0 <= u.strength <= u.max_strength]


def hard_to_kill(game: Game) -> list[str]:
    """was.combat.troop.hard_to_kill: no single ship or aircraft attack destroys a troop that had 2 hull points: a
    troop destroyed by such an attack was damaged before it (in the log, the same turn)."""
    out = []
    damaged: set[tuple[int, str]] = set()
    for e in game.log:
        if e.kind == "Damaged":
            damaged.add((e.turn, e.data["unit"]))
        target = e.data.get("target", "")
        if e.kind == "AttackResult" and e.data["effect"] == "destroyed" and game.state.units[target].kind == "troop":
            if (e.turn, target) not in damaged:
                out.append(f"{e.data['target']} destroyed by one attack at full strength (turn {e.turn})")
    return out


def claims_and_points(game: Game) -> list[str]:
    """At each check the claims are the sole-troops test, and the points are the ships sunk plus the claims."""
    s, rules = game.state, game.rules
    mine = rules.mine(s)
    out = []
    if s.position == "initiative.roll" and s.turn > 1 or game.is_over:
        if mine.claims != claims(rules, s):
            out.append(f"claims {mine.claims} but the troops say {claims(rules, s)}")
        for side in s.sides:
            sunk = sum(e.data["points"] for e in game.log if e.kind == "ShipSunk" and e.data["by"] == side)
            held = sum(board.island_value(rules, i) for i, x in mine.claims.items() if x == side)
            bonus = rules.options.no_ship_bonus  # 0 in these scenarios
            if s.score[side] not in (sunk + held, sunk + held + bonus):
                out.append(f"{side} scored {s.score[side]}, not {sunk} + {held}")
    return out


INVARIANTS = [carriers_within_capacity, troops_aboard_or_ashore, damage_within_hull, hard_to_kill, claims_and_points]


@pytest.mark.rule("was.naval.load.capacity_limit", "was.combat.troop.hard_to_kill", "was.victory.claim.sole_troops_at_check",
                  "was.victory.check.point_total", "was.components.troop.hull_points_2")
@pytest.mark.parametrize("scenario", ["warsea/tokyo_express", "warsea/drill_landing", "warsea/drill_rescue"])
def test_random_games_keep_the_rules(scenario):
    report = random_sim_test(scenario, games=4, seed=0, save_every=40, invariants=INVARIANTS)
    assert report.games == report.finished == 4
    assert report.actions > 20
