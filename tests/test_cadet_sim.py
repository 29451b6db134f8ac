"""Cadet Commander: seeded random games of the village scenario, checked after every step (undo, redo,
saves, legal actions, refusals) against the ruleset's invariants and against these, worked out
independently from the board and the event log."""

from __future__ import annotations

from collections import Counter

import pytest

import hexlab
from hexlab.engine import Game
from hexlab.testing import random_sim_test
from tests.support.cadet_boards import G, O


def two_a_hex_after_each_activation(game: Game) -> list[str]:
    """cc.stack.limit.end_of_activation: between activations no hex holds more than two figures."""
    if game.state.rules_state.current is not None:
        return []
    crowded = Counter(u.at for u in game.state.units.values() if u.alive and u.at is not None)
    return [f"{game.board.label(h)} holds {n} figures between activations" for h, n in crowded.items() if n > 2]


def strength_in_bounds(game: Game) -> list[str]:
    """cc.rest.cap, cc.punch.str.zero_removed: 0 <= STR <= starting STR; at 0 a figure is off the board."""
    out = []
    for u in game.state.units.values():
        if not 0 <= u.strength <= u.max_strength:
            out.append(f"{u.id} has STR {u.strength} of {u.max_strength}")
        if u.strength == 0 and u.at is not None:
            out.append(f"{u.id} has STR 0 but stands on the board")
    return out


def flags_fixed(game: Game) -> list[str]:
    """cc.setup.flag.hex: the two flags stay on the hexes the scenario gave them."""
    flags = sorted(game.board.label(h) for h, names in game.state.features.items() for n in names if n == "flag")
    return [] if flags == ["4,0", "4,7"] else [f"the flags are at {flags}"]


def points_match_losses(game: Game) -> list[str]:
    """cc.score.vp.str_loss, cc.score.vp.per_event: a side's points are one per punch up of its that cost the
    enemy STR (plus the church), read from the log; every STR lost was lost to the other side's punch ups."""
    scoring: Counter[str] = Counter()
    church: Counter[str] = Counter()
    lost_to: Counter[str] = Counter()
    attacker = None
    scored = False
    for e in game.log:
        if e.kind == "PunchUp":
            attacker = e.side
            scored = False
        elif e.kind == "StrLost":
            assert attacker is not None and e.side != attacker
            lost_to[attacker] += e.data["lost"]
            if not scored:
                scoring[attacker] += 1
                scored = True
        elif e.kind == "Rested":
            lost_to[game.state.other(e.side)] -= e.data["gain"]
        elif e.kind == "ObjectiveHeld":
            church[e.side] += e.data["vp"]
    out = []
    for side in (G, O):
        if game.state.score[side] != scoring[side] + church[side]:
            out.append(f"{side}: {game.state.score[side]} VP, but {scoring[side]} scoring punch ups and "
                       f"{church[side]} for the church")
        down = sum(u.max_strength - u.strength for u in game.state.units.values() if u.side != side)
        if down != lost_to[side]:
            out.append(f"{side}'s enemies are {down} STR down, but the log shows {lost_to[side]}")
    return out


@pytest.mark.rule("cc.stack.limit.end_of_activation", "cc.rest.cap", "cc.setup.flag.hex", "cc.score.vp.str_loss",
                  "cc.score.vp.per_event")
def test_random_games_of_the_village_keep_every_invariant():
    report = random_sim_test("cadet/village", games=5, seed=0, save_every=150,
                             invariants=[two_a_hex_after_each_activation, strength_in_bounds, flags_fixed,
                                         points_match_losses])
    assert report.games == report.finished == 5
    assert sum(report.results.values()) == 5 and "draw" not in report.results


def test_the_ruleset_invariants_catch_a_broken_state():
    game = hexlab.load("cadet/village", seed=2)
    game.play_to_decision()
    assert game.rules.invariants(game.state) == []
    s = game.state
    s.units["G3"].at = s.units["G1"].at  # three Greeks in one hex, outside anyone's activation
    s.units["G4"].strength = 7
    s.score[O] = 3
    s.features.clear()
    s.rules_state.current = None
    broken = " | ".join(game.rules.invariants(s))
    for clause in ("cc.stack.limit.end_of_activation", "cc.rest.cap", "cc.setup.flag.hex", "cc.score.vp.str_loss"):
        assert clause in broken


def test_every_event_cites_known_clauses():
    from hexlab.rulesets.cadet import Cadet
    from hexlab.testing import play_random

    for seed in (4, 5):
        game = play_random("cadet/village", seed)
        assert game.is_over
        for e in game.log:
            assert e.clauses, f"{e.kind} cites no clause: {e.text}"
            assert set(e.clauses) <= Cadet.clauses, e
