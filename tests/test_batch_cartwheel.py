"""Operation Cartwheel's fast listing (issue 27 point 5): every step whose offer already weighs its candidates says so
(``candidates(checked=...)``), so neither batch nor interactive play checks them a second time; the strikes are found
from each airbase's bomber reach, a side's "anything left to do?" stops at the first yes, and the answers that hang on
the map alone (a fleet's voyages, a side's supply for a given set of enemy-held hexes) are worked out once. The tests
below hold each shortcut to the plain definition: the full check, the full listing, the search done afresh."""

from __future__ import annotations

from collections import deque
from typing import Any

import pytest

import hexlab
from hexlab.engine.flow import PassOver
from hexlab.players import players_for
from hexlab.rulesets.cartwheel import board, flow
from hexlab.rulesets.cartwheel.actions import (
    Airdrop,
    Build,
    Designate,
    Disembark,
    Dismantle,
    Embark,
    FlyRecon,
    March,
    PlaceMagic,
    PlaceRecon,
    Sail,
    StrikeBase,
    StrikeGround,
    StrikeShip,
)
from hexlab.rulesets.cartwheel.closing import trace
from hexlab.rulesets.cartwheel.data import NAVAL_MOVE
from hexlab.rulesets.cartwheel.operations import voyages
from hexlab.rulesets.cartwheel.strikes import bomber_reaches, strike_force

CHECKED = {
    "ops.mission": {"StrikeBase", "StrikeShip", "StrikeGround", "Sail", "Airdrop"},
    "ground.move": {"March", "Embark", "Disembark"},
    "initiative.designate": {"Designate"},
    "initiative.recon": {"FlyRecon", "PlaceMagic"},
    "initiative.place": {"PlaceRecon"},
    "construction.build": {"Build"},
    "regroup.dismantle": {"Dismantle"},
}
"""The action types each decision step lists without calling their checks."""


def _every_candidate(game: hexlab.Game) -> list[Any]:
    """Every action of the kinds the current step lists without a check, made with every unit, airbase and hex of the
    game (legal or not): what the full check is asked about one by one."""
    state, rules = game.state, game.rules
    accepts = set(CHECKED.get(state.position, ()))
    bases = list(rules.mine(state).bases)
    hexes = [board.label(rules, h) for h in rules.board.terrain]
    units = list(state.units)
    made: list[Any] = []
    if "StrikeBase" in accepts:
        made += [StrikeBase(b, t) for b in bases for t in bases]
        made += [kind(b, u) for kind in (StrikeShip, StrikeGround) for b in bases for u in units]
        made += [Sail(u.id, h) for u in state.units.values() if board.is_naval(u) for h in hexes]
        made += [Airdrop(u.id, h) for u in state.units.values() if u.kind == "parachute" for h in hexes]
    if "March" in accepts:
        ground = [u.id for u in state.units.values() if board.is_ground(u)]
        made += [kind(u, h) for kind in (March, Disembark) for u in ground for h in hexes]
        made += [Embark(u, t) for u in ground for t in units]
    if "Designate" in accepts:
        made += [Designate(u) for u in units]
    if "FlyRecon" in accepts:
        made += [FlyRecon(u) for u in units] + [PlaceMagic(h, d) for h in hexes for d in ["", *bases]]
    if "PlaceRecon" in accepts:
        made += [PlaceRecon(u.id, h, d) for u in state.units.values() if u.kind == "recon" for h in hexes
                 for d in ["", *bases]]
    if "Build" in accepts:
        made += [Build(d, h) for d in bases for h in hexes]
    if "Dismantle" in accepts:
        made += [Dismantle(d) for d in bases]
    return made


@pytest.mark.rule("oc.base.strike_mission_default", "oc.base.naval_mission_default",
                  "oc.components.air.c47_carries_parachute", "oc.base.ground_operations_default",
                  "oc.components.naval.cargo_capacity", "oc.air.unit_regroup.designation",
                  "oc.air.recon.basing_any_operating_airbase", "oc.air.recon.magic_pby",
                  "oc.air.recon.place_within_range", "oc.air.mobile.place_under_construction", "oc.air.mobile.dismantle")
def test_what_cartwheel_lists_without_a_check_is_exactly_what_the_full_check_accepts() -> None:
    """At every decision of whole random games, the actions listed of each kind the step yields unchecked are exactly
    those the full check (``Game.explain``, outside any listing) accepts among every unit, airbase and hex of the
    game, in both ways of listing (batch play's list at once and the one-by-one listing) and in the same order."""
    rules_checked = hexlab.load("cartwheel/campaign", seed=0).rules._handlers().checked_at
    assert {step: set(names) for step, names in rules_checked.items()} == CHECKED
    seen: dict[str, int] = dict.fromkeys(CHECKED, 0)
    for seed in (3, 11):
        game = hexlab.load("cartwheel/campaign", seed=seed).batch_mode()
        player = players_for(game, "random")
        while not game.is_over:
            game.play_to_decision()
            if game.is_over:
                break
            state = game.state
            listed = game.rules.legal_action_list(state)
            assert listed == list(game.rules.legal_actions(state)), state.position
            if state.position in CHECKED:
                kinds = CHECKED[state.position]
                accepted = [a for a in _every_candidate(game) if game.explain(a) is None]
                assert {a for a in listed if type(a).__name__ in kinds} == set(accepted), f"seed {seed} {state.position}"
                seen[state.position] += 1
            for _ in game.run(player, 1):
                pass
    assert all(seen[step] for step in ("ops.mission", "ground.move", "initiative.recon", "construction.build")), seen


@pytest.mark.rule("oc.sequence.phase.air_naval_end_on_passes", "oc.base.ground_operations_default")
def test_whether_a_side_has_a_mission_or_a_ground_move_left_agrees_with_its_listing() -> None:
    """A round passes over a side that has nothing left to do, asking "anything left?" and stopping at the first yes: at
    every position of whole games, for both sides, at the mission and ground move steps (asked there even when it is
    not that side's turn) the answer is that of listing everything the side may do."""
    steps: PassOver = flow.STEPS
    assert {"ops.mission", "ground.move"} <= set(steps.any_work)
    asked = {"ops.mission": 0, "ground.move": 0}
    for seed in (1, 5):
        game = hexlab.load("cartwheel/campaign", seed=seed).batch_mode()
        players = players_for(game, "random")
        while not game.is_over:
            state = game.state
            key = state.position
            if key in asked and state.rules_state.round is not None:
                for side in state.sides:
                    listed = state.standing(steps.work[key], game.rules, state, side)
                    assert steps.has_work(game.rules, state, key, side) == bool(listed), f"seed {seed} {key} {side}"
                    asked[key] += 1
            for _ in game.run(players, 1):
                pass
    assert all(asked.values()), asked


@pytest.mark.rule("oc.base.strike_mission_default", "oc.components.air.range",
                  "oc.air.concept.one_bombing_mission_per_turn")
def test_a_strike_reaches_a_hex_exactly_where_its_force_has_a_bomber() -> None:
    """The listing finds strikes from each airbase's bomber reach: at every mission step of whole games, for each
    airbase of each side and each hex of the map, the hex is within the reach exactly when the strike force flown
    there would have a bomber."""
    checked = 0
    for seed in (2, 7):
        game = hexlab.load("cartwheel/campaign", seed=seed).batch_mode()
        players = players_for(game, "random")
        rules = game.rules
        hexes = [board.label(rules, h) for h in rules.board.terrain if board.in_play(rules, h)]
        while not game.is_over:
            state = game.state
            if state.position == "ops.mission":
                for side in state.sides:
                    reaches = state.standing(bomber_reaches, rules, state, side)
                    for d, b in rules.mine(state).bases.items():
                        if b.side != side:
                            continue
                        reach = reaches.get(d)
                        for h in hexes:
                            within = reach is not None and (reach <= 0 or board.distance(rules, b.hex, h) <= reach)
                            assert within == bool(strike_force(rules, state, d, h)[0]), f"seed {seed}: {d} at {h}"
                            checked += within
            for _ in game.run(players, 1):
                pass
    assert checked > 0


def _voyages_afresh(rules: Any, start: str) -> list[str]:
    """The naval mission's reach by its definition (oc.base.naval_mission_default), searched anew."""
    seen, frontier = {start: 0}, deque([start])
    while frontier:
        h = frontier.popleft()
        if seen[h] < NAVAL_MOVE:
            for n in board.neighbours(rules, h):
                if n not in seen and (board.terrain(rules, n) == "sea" or board.coastal(rules, n) and rules.is_port(n)):
                    seen[n] = seen[h] + 1
                    if board.terrain(rules, n) == "sea":
                        frontier.append(n)
    return sorted(h for h in seen if h != start)


def _supply_afresh(rules: Any, state: Any, side: str) -> list[str]:
    """The hexes a side's supply reaches by its definition (oc.supply.phase.trace_requirement), searched anew."""
    blocked = {u.at for u in state.units.values() if u.alive and board.is_ground(u) and u.side != side}
    sources = [h for h in rules.options.supply_sources.get(side, []) if board.hx(rules, h) not in blocked]
    seen, frontier = set(sources), deque(sources)
    while frontier:
        for n in board.neighbours(rules, frontier.popleft()):
            if n not in seen and board.hx(rules, n) not in blocked:
                seen.add(n)
                frontier.append(n)
    return sorted(seen)


@pytest.mark.rule("oc.base.naval_mission_default", "oc.supply.phase.trace_requirement")
def test_voyages_and_supply_remembered_for_the_game_are_those_searched_afresh() -> None:
    """A fleet's voyages from a hex, and a side's supply for the hexes the enemy's ground units hold, are remembered for
    the game (they hang on the map alone, and on those hexes): asked again they answer as a fresh search does, after
    the enemy's units have moved too, and changing an answer handed out changes nothing remembered."""
    game = hexlab.load("cartwheel/campaign", seed=0)
    rules, state = game.rules, game.state
    sea = [board.label(rules, h) for h in rules.board.terrain if board.terrain(rules, board.label(rules, h)) == "sea"]
    for start in sea:
        assert list(voyages(rules, start)) == _voyages_afresh(rules, start) == list(voyages(rules, start))
    for side in state.sides:
        first = trace(rules, state, side)
        assert first == _supply_afresh(rules, state, side)
        first.clear()  # a new list each time: the one remembered is untouched
        assert trace(rules, state, side) == _supply_afresh(rules, state, side) != []
    # an Allied unit standing on a Japanese source (and beside it) cuts Japan's supply there: a new answer, not the old
    japan_source = rules.options.supply_sources["Japan"][0]
    allied = next(u for u in state.units.values() if u.side == "Allies" and board.is_ground(u) and board.on_map(u))
    before = trace(rules, state, "Japan")
    allied.at = board.hx(rules, japan_source)
    assert trace(rules, state, "Japan") == _supply_afresh(rules, state, "Japan") != before
