"""War at Sea's fast listings and its short cuts in batch play (issue 27 point 5) held to the plain definitions.

The ruleset lists its loads, moves, unloadings, air missions, attacks and move orders without putting each candidate
through its check (it weighs them itself, without writing out the words of a refusal), asks "has this side anything
left to do?" with functions that stop at the first action found, skips that question after a move by a ship that may
move on, and remembers what follows from the map alone for every game on the same board. These tests check each of
those against the full check (``Game.explain``, outside any listing) at every decision of real games, and batch play
against interactive play, on every War at Sea scenario.
"""

from __future__ import annotations

from typing import Any

import pytest

import hexlab
from hexlab.players import players_for
from hexlab.rulesets.warsea import board
from hexlab.rulesets.warsea.actions import Attack, Fly, Load, Mark, Move, Order, Unload
from hexlab.rulesets.warsea.flow import STEPS
from tests.support.batch import decisions

SCENARIOS = ["warsea/tokyo_express", "warsea/drill_landing", "warsea/drill_rescue"]


def _candidates(game: hexlab.Game) -> list[Any]:
    """Every action of the kinds the current step takes, for every unit, place and weapon (and some that name no unit,
    sector or side at all), unfiltered."""
    state, rules = game.state, game.rules
    units = [*state.units, "nobody"]
    sectors = [*rules.board.areas, "Z9"]
    pos = state.position
    if pos == "initiative.choose":
        return [Order(side) for side in [*state.sides, "nobody"]]
    if pos == "sea.load":
        return [Load(u) for u in units]
    if pos == "sea.move":
        return [Move(u, s) for u in units for s in sectors]
    if pos == "sea.unload":
        return [Unload(u) for u in units]
    if pos == "air.mission":
        return [Fly(u, s) for u in units for s in sectors]
    if pos.endswith(".declare"):
        return [Attack(u, t, w) for u in units for t in units for w in ("anti_air", "bombs", "gunnery", "torpedo")]
    if pos == "infantry.mark":
        return [Mark(u) for u in units]
    return []


def _decisions(scenario: str, seed: int, most: int = 600):
    """The game at each decision of a random batch game (:func:`tests.support.batch.decisions`)."""
    return decisions(scenario, seed, most)


@pytest.mark.rule("was.base.initiative_default", "was.naval.load.deployment_area_only", "was.naval.load.capacity_limit",
                  "was.naval.capacity.no_other_carriers", "was.base.sea_movement_default", "was.naval.unload.any_island",
                  "was.base.air_missions_default", "was.base.gunnery_range_default",
                  "was.naval.unload.only_anti_air_after", "was.base.attack_on_ships_default",
                  "was.combat.troop.hit_on_5_or_6")
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_every_listing_is_exactly_what_the_full_check_accepts(scenario: str) -> None:
    """At every decision of real games, the listing (batch play's and interactive play's alike) holds exactly the
    candidates the full check accepts, of every kind the step takes, and the pass; nothing is left out and nothing
    refused slips in."""
    kinds: set[str] = set()
    for seed in range(2 if scenario == "warsea/tokyo_express" else 3):
        for game in _decisions(scenario, seed):
            where = f"{scenario} seed {seed} at {game.state.position}"
            fast = list(game.legal_actions())
            slow = list(game.rules.legal_actions(game.state))  # interactive play's listing
            assert fast == slow, where
            accepted = [a for a in _candidates(game) if game.explain(a) is None]
            assert {a for a in fast if a.verb != "pass"} == set(accepted), where
            assert len(fast) == len(set(fast)), where  # nothing listed twice
            assert sum(a.verb == "pass" for a in fast) == (0 if game.state.position in ("initiative.choose",
                                                                                       "infantry.mark") else 1), where
            kinds.update(type(a).__name__ for a in accepted)
    assert {"Order", "Move"} <= kinds  # the game reached the steps these listings serve


@pytest.mark.rule("was.naval.load.start_of_sea_movement", "was.base.sea_movement_default",
                  "was.naval.unload.end_of_sea_movement", "was.base.air_missions_default",
                  "was.base.simultaneous_phase_default")
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_whether_each_side_has_work_agrees_with_its_listing_at_every_round_step(scenario: str) -> None:
    """A round passes over a side with nothing to do by asking whether it has anything, stopping at the first action
    found: at every decision of real games, for both sides and at every round step of the turn (not only the current
    one), the answer is whether the full listing of that side's actions there is empty."""
    asked = 0
    for seed in range(2):
        for game in _decisions(scenario, seed, 300):
            state = game.state
            for key in STEPS.work:
                for side in state.sides:
                    listing = STEPS.work[key](game.rules, state, side)
                    assert STEPS.has_work(game.rules, state, key, side) == bool(listing), (scenario, seed, key, side)
                    asked += 1
    assert asked > 0


@pytest.mark.rule("was.base.sea_movement_default")
def test_a_ship_that_may_move_on_keeps_its_side_in_the_round() -> None:
    """After a move by a ship with Speed left, the side still decides (the round is not asked again); after the move
    that uses up the last ship's Speed, the other side moves next or the phase ends."""
    game = hexlab.load("warsea/tokyo_express", seed=2).batch_mode()
    game.play_to_decision()
    game.apply(Order("Japan"))
    game.play_to_decision()
    while game.state.position == "sea.load":
        game.apply(next(a for a in game.legal_actions() if a.verb == "pass"))
        game.play_to_decision()
    assert game.state.position == "sea.move" and game.to_act == "Japan"
    game.apply(Move("BB1", "B2"))  # a battleship of Speed 1: used up
    assert game.to_act == "Japan" and not any(a.unit == "BB1" for a in game.legal_actions() if isinstance(a, Move))
    game.apply(Move("DT1", "C2"))  # Speed 2: it may move once more
    assert game.to_act == "Japan" and any(a.unit == "DT1" for a in game.legal_actions() if isinstance(a, Move))
    for uid in ("DT1", "DT2", "DT2", "DD1", "DD1"):
        assert game.to_act == "Japan"
        game.apply(next(a for a in game.legal_actions() if isinstance(a, Move) and a.unit == uid))
    assert game.to_act == "United States"  # Japan has no move left: passed over, the other side moves


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_batch_and_interactive_play_the_same_games_with_the_same_log(scenario: str) -> None:
    """The same seeds give the same history and final state in both modes; interactive play still writes the whole
    log (the words batch play leaves out), and a replay of the actions writes the same log again."""
    from hexlab import saves

    for seed in range(3):
        slow = hexlab.load(scenario, seed=seed)
        fast = hexlab.load(scenario, seed=seed).batch_mode()
        for game in (slow, fast):
            for _ in game.run(players_for(game, "random"), 3000):
                pass
        assert fast.history == slow.history and fast.state.to_data() == slow.state.to_data(), (scenario, seed)
        assert len(slow.log) > len(fast.log)
        again = saves.loads(saves.dumps(slow))
        assert [e.to_data() for e in again.log] == [e.to_data() for e in slow.log]


def test_what_is_remembered_of_a_map_is_that_maps_alone() -> None:
    """Games on the same board share what follows from the map (their listings stay exact: the tests above play
    several scenarios in one process); a game on another board, even one equal to it, never reads another's memory,
    and what it remembers is only the map's: the islands, sectors within reach, moves and flights."""
    one, two = hexlab.load("warsea/tokyo_express", seed=1), hexlab.load("warsea/drill_landing", seed=1)
    assert one.rules.fixed is not two.rules.fixed
    assert board.islands(one.rules) != board.islands(two.rules)
    same = one.scenario.new_game(2)
    assert same.rules.fixed is one.rules.fixed  # one scenario read: one board, one memory
    assert board.map_memory(one.board) is one.rules.fixed
    islands = board.islands(one.rules)
    islands.append("A1")  # each call has a list of its own
    assert "A1" not in board.islands(one.rules)
    assert board.within(one.rules, "A1", 1) == {"A1": 0, "A2": 1, "B1": 1, "B2": 1}
