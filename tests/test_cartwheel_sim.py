"""Operation Cartwheel: seeded random games of both scenarios, checked after every step (undo, redo, saves, legal
actions, refusals) against the ruleset's invariants and against these, worked out from the state and the log."""

from __future__ import annotations

from fractions import Fraction

import pytest

from hexlab.engine import Game
from hexlab.engine.state import DisplayBox
from hexlab.rulesets.cartwheel import board
from hexlab.rulesets.cartwheel.data import FLOWN, FLOWN_D
from hexlab.rulesets.cartwheel.scoring import totals
from hexlab.testing import random_sim_test


def within_capacity(game: Game) -> list[str]:
    """No airbase over capacity, except under the stated penalty: every unit there in the Flown half
    (oc.air.hosting.over_capacity_all_flown), or in the middle of a strike's landing."""
    s, rules = game.state, game.rules
    out = []
    for d in rules.mine(s).bases:
        if board.over_capacity(rules, s, d):
            units = board.based(s, d)
            if any(isinstance(u.at, DisplayBox) and u.at.box not in (FLOWN, FLOWN_D) for u in units) \
                    and not s.position.startswith(("ops.", "events.")):
                out.append(f"{d} over capacity with Ready units")
    return out


def every_aerial_unit_based(game: Game) -> list[str]:
    """oc.air.hosting.must_be_based: on a display of its own side whose airbase hosts units, or a recon over a hex."""
    s, rules = game.state, game.rules
    mine = rules.mine(s)
    out = []
    for u in s.units.values():
        if not u.alive or not board.is_air(u):
            continue
        if isinstance(u.at, DisplayBox):
            b = mine.bases[u.at.display]
            if b.side != u.side or (not board.hosts(rules, s, u.at.display) and u.id not in mine.evacuating):
                out.append(f"{u.id} at {u.at.display} ({b.status})")
        elif u.id in mine.afloat:
            if board.label(rules, u.at) not in [a.hex for a in rules.options.airbases.values() if a.port]:
                out.append(f"the floatplane {u.id} at {u.at}, not at a port")
        elif u.id not in mine.recon_over:
            out.append(f"{u.id} not based ({u.at})")
    return out


def bombs_once_a_turn(game: Game) -> list[str]:
    """oc.air.concept.one_bombing_mission_per_turn: no unit in two strikes' bombers in one turn (the teacher's log)."""
    seen: set[tuple[int, str]] = set()
    out = []
    for e in game.log:
        if e.kind == "StrikeFlown":
            for uid in e.data["bombers"]:
                if (e.turn, uid) in seen:
                    out.append(f"{uid} bombed twice in turn {e.turn}")
                seen.add((e.turn, uid))
    return out


def nothing_hidden_shown(game: Game) -> list[str]:
    """oc.air.airbase.adc_hidden: a side's observation and log never hold the other side's aerial units that sit on
    its airbase displays, nor any of its fighters and bombers (they never leave the displays), by id."""
    s = game.state
    out = []
    for side in s.sides:
        obs = str(game.observation(side))
        log = " ".join(e.text + str(e.data) for e in game.log_for(side))
        for u in s.units.values():
            if u.side == side or not board.is_air(u) or u.id in game.rules.mine(s).afloat:
                continue  # a Rufe at a port sits on the map, in the open (oc.air.hosting.rufe_at_port_on_map)
            if u.kind in ("fighter", "bomber") and (f"'{u.id}'" in obs or u.id in log.split()):
                out.append(f"{side} can read {u.id}")
            elif isinstance(u.at, DisplayBox) and f"'{u.id}'" in obs:
                out.append(f"{side}'s observation holds {u.id}")
    return out


def operations_end_by_passes(game: Game) -> list[str]:
    """oc.sequence.phase.air_naval_end_on_passes: once past the operations phase, its log ends with each side having
    passed twice of its own turns in a row since the last mission, and that was true at no earlier point."""
    s, rules = game.state, game.rules
    if not s.position.startswith(("ground.", "conclusion.", "supply.", "regroup.", "reinforcement.", "vp.")):
        return []
    log = rules.mine(s).ops_log
    streak: dict[str, int] = {}
    for i, entry in enumerate(log):
        side, _, what = entry.partition(" ")
        side = side.rstrip(":")
        if what == "passes":
            streak[side] = streak.get(side, 0) + 1
        else:
            streak = {}
        done = all(streak.get(x, 0) >= 2 for x in s.sides)
        if done and i != len(log) - 1:
            return [f"operations went on after both sides passed twice: {log}"]
    if not all(streak.get(x, 0) >= 2 for x in s.sides):
        return [f"operations ended without two passes each: {log}"]
    return []


def vps_are_their_causes(game: Game) -> list[str]:
    """oc.victory.concept.vp_track: each side's VPs are the sum of the VictoryPoints events in the log."""
    s, rules = game.state, game.rules
    logged = {side: Fraction(0) for side in s.sides}
    for e in game.log:
        if e.kind == "VictoryPoints":
            logged[e.data["side"]] += Fraction(e.data["halves"], 2)
    return [] if logged == totals(rules, s) else [f"VP {totals(rules, s)} but the log says {logged}"]


INVARIANTS = [within_capacity, every_aerial_unit_based, bombs_once_a_turn, nothing_hidden_shown,
              operations_end_by_passes, vps_are_their_causes]


@pytest.mark.rule("oc.air.hosting.must_be_based", "oc.air.hosting.over_capacity_all_flown",
                  "oc.air.concept.one_bombing_mission_per_turn", "oc.air.airbase.adc_hidden",
                  "oc.sequence.phase.air_naval_end_on_passes", "oc.victory.concept.vp_track")
@pytest.mark.parametrize("scenario,games", [("cartwheel/wewak", 4), ("cartwheel/campaign", 2)])
def test_random_games_keep_the_rules(scenario, games):
    report = random_sim_test(scenario, games=games, seed=0, save_every=40, invariants=INVARIANTS)
    assert report.games == report.finished == games
    assert report.actions > 20
