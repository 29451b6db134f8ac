"""The guide's second example, Landing (``tests/support/landing.py``; issue 22, points 8 and 9): a sector grid
with two islands, troops carried aboard, units hidden until searched for, combat resolved for both sides at
once, missions that alternate until both sides pass, and support chosen in secret.

Each test plays the example scenario through the engine, as a player would, and checks one part of the seats
contract: what a side may see, who decides, who rolls.
"""

from __future__ import annotations

import json

import pytest

import hexlab
from hexlab.engine import Aboard, RuleError
from hexlab.engine.seats import HIDDEN, PUBLIC
from hexlab.render import scene, to_svg
from hexlab.testing import force_roll, random_sim_test, refused
from tests.support.landing import Embark, Land, Move, Pass, Search, Support

SCENARIO = "landing/two_islands"
HIDDEN_UNITS = {"J1", "J2", "J3", "J4", "DH"}


def new(seed: int = 1):
    return hexlab.load(SCENARIO, seed=seed)


def play(game, *actions) -> None:
    """Each action in turn, the automatic steps between them done (not a dice step left pending: the
    tests roll those themselves, with ``force_roll``)."""
    for action in actions:
        while game.current_step.kind == "auto":
            game.step()
        game.apply(action)
    while game.current_step.kind == "auto" and not game.is_over:
        game.step()


def supports(game, allies: str = "East Island", japan: str = "East Island") -> None:
    """Both sides choose their support island, in the order the step asks them."""
    for _ in range(2):
        play(game, Support(allies if game.to_act == "Allies" else japan))


def to_turn_two(game) -> None:
    supports(game)
    play(game, Pass(), Pass())
    assert game.state.turn == 2 and game.state.position == "plan.support"


def said_to(game, side: str) -> str:
    """Everything a side is shown: its observation, its log, the position in words and its map."""
    return (json.dumps(game.observation(side)) + " ".join(e.text + json.dumps(e.data) for e in game.log_for(side))
            + game.describe(viewer=side) + to_svg(scene(game, viewer=side)))


def mentions(text: str, uid: str) -> bool:
    return f'"{uid}"' in text or f">{uid}<" in text or f" {uid} " in text or f" {uid}." in text or f" {uid}," in text


# ------------------------------------------------------------------ hidden until searched for


@pytest.mark.rule("ld.hidden.start", "ld.hidden.log", "ld.search.roll")
def test_hidden_units_reach_the_enemy_in_nothing_until_a_search_finds_them():
    game = new()
    allies, japan, public = game.view("Allies"), game.view("Japan"), game.view(PUBLIC)
    assert not HIDDEN_UNITS & set(allies.units) and not HIDDEN_UNITS & set(public.units)
    assert HIDDEN_UNITS <= set(japan.units) and HIDDEN_UNITS <= set(game.view(None).units)
    supports(game)
    play(game, Move("T2", "C2"))                      # M1 and M2 come along, aboard
    play(game, Move("DH", "A5"))                      # Japan's hidden barge, with J4 aboard
    seen_by_allies = [e for e in game.log_for("Allies") if e.side == "Japan" and e.kind != "PhaseBegan"]
    assert [e.text for e in seen_by_allies][-1] == "Japan moves a hidden unit."
    assert seen_by_allies[-1].kind == "Private" and not seen_by_allies[-1].data
    assert any(e.text == "DH sails from A6 to A5 with J4 aboard." for e in game.log_for("Japan"))
    assert game.view("Allies").rules_state.done == ["T2"]          # the barge's mission is Japan's to know
    assert game.view("Japan").rules_state.done == ["T2", "DH"]
    text = said_to(game, "Allies") + said_to(game, PUBLIC)
    assert not [uid for uid in HIDDEN_UNITS if mentions(text, uid)]
    assert all(mentions(said_to(game, "Japan"), uid) for uid in HIDDEN_UNITS)

    play(game, Search("M1"))                          # from aboard T2, in West Island C2, where J1 hides
    rolled = force_roll(game, [6])
    assert "J1" in game.view("Allies").units and not game.state.units["J1"].attrs.get("hidden")
    assert any(e.kind == "Searched" and e.data["found"] == ["J1"] for e in rolled)
    assert mentions(said_to(game, "Allies"), "J1")
    still = HIDDEN_UNITS - {"J1"}
    assert not [uid for uid in still if mentions(said_to(game, "Allies"), uid)]


@pytest.mark.rule("ld.search.roll")
def test_a_missed_search_finds_nothing_and_says_nothing():
    game = new()
    supports(game)
    play(game, Move("T2", "C2"), Pass(), Search("M1"))
    force_roll(game, [3])
    assert game.state.units["J1"].attrs.get("hidden") and "J1" not in game.view("Allies").units
    assert game.log[-1].text == "The search of West Island C2 finds nothing."
    assert game.state.position == "missions.mission" and game.to_act == "Japan"


@pytest.mark.rule("ld.search.roll", "ld.hidden.start")
def test_a_search_finds_a_hidden_ship_and_the_troops_aboard_it_together():
    game = new()
    game.state.units["DH"].at = "C2"                  # the barge lies off West Island (a position for the test)
    supports(game)
    play(game, Move("T2", "C2"), Pass(), Search("M2"))
    force_roll(game, [4])
    assert {"J1", "DH", "J4"} <= set(game.view("Allies").units)
    assert game.log[-1].text == "The search of West Island C2 finds J1, DH, J4."


@pytest.mark.rule("ld.search.roll")
def test_only_the_landing_side_searches():
    game = new()
    supports(game)
    play(game, Pass())
    error = game.explain(Search("J1"))
    assert error is not None and error.clause == "ld.search.roll"
    assert Search("J1") not in set(game.legal_actions())


# ------------------------------------------------------------------ carried aboard


@pytest.mark.rule("ld.ship.sail", "ld.troops.land")
def test_troops_aboard_go_where_their_ship_goes_and_land_from_it():
    game = new()
    supports(game)
    play(game, Move("T1", "C2"))
    s = game.state
    assert s.units["R1"].at == Aboard("T1") and s.place_of("R1") == "C2"
    assert {u.id for u in s.units_in("C2")} >= {"T1", "R1"} and "R1" not in {u.id for u in s.units_at("C2")}
    assert game.log[-1].text == "T1 sails from C3 to West Island C2 with R1 aboard."
    play(game, Pass(), Land("R1"))
    assert s is not game.state and game.state.units["R1"].at == "C2" and game.state.aboard("T1") == []
    play(game, Pass())
    assert refused(game, Land("M1")) == "ld.troops.land"              # T2 is still at sea, in C3


@pytest.mark.rule("ld.hidden.start")
def test_troops_aboard_a_ship_the_enemy_does_not_see_are_not_seen_either():
    game = new()
    state = game.state.copy()
    del state.units["J4"].attrs["hidden"]             # in sight itself, but aboard the hidden barge
    assert not game.rules.sees(state, "Allies", state.units["J4"])
    assert "J4" not in game.rules.view(state, "Allies").units
    del state.units["DH"].attrs["hidden"]             # once the barge is seen, so are its troops
    assert {"DH", "J4"} <= set(game.rules.view(state, "Allies").units)


@pytest.mark.rule("ld.ship.capacity", "ld.troops.board")
def test_a_full_ship_refuses_one_more_troop_and_nothing_changes():
    game = new()
    supports(game)
    play(game, Move("T1", "C2"), Pass(), Move("T2", "C2"), Pass(), Land("M1"), Pass(), Pass())
    assert game.state.turn == 2
    supports(game)
    play(game, Pass())                                # Japan goes first in turn 2
    before = json.dumps(game.state.to_data(), sort_keys=True), len(game.log)
    assert refused(game, Embark("M1", "T1")) == "ld.ship.capacity"
    error = game.explain(Embark("M1", "T1"))
    assert error.reason == "T1 carries 2: it has 2 aboard and M1 needs 1."
    with pytest.raises(RuleError, match="T1 carries 2"):
        game.apply(Embark("M1", "T1"))
    assert (json.dumps(game.state.to_data(), sort_keys=True), len(game.log)) == before
    play(game, Embark("M1", "T2"))                    # T2 holds M2 (1 of 2): room for one more
    assert game.state.load("T2", game.rules.size) == 2 and game.state.units["M1"].at == Aboard("T2")


@pytest.mark.rule("ld.hidden.board", "ld.hidden.log")
def test_a_troop_in_sight_cannot_slip_aboard_a_hidden_ship():
    game = new()
    game.state.units["DH"].at = "C1"                  # the barge waits empty next to West Island (a position
    game.state.units["J4"].at = "B2"                  # for the test), its troop hidden ashore
    supports(game)
    play(game, Move("T2", "C2"), Pass(), Search("M1"))
    force_roll(game, [6])                             # finds J1 in C2; the barge, in C1, stays hidden
    play(game, Move("DH", "C2"), Pass())
    assert game.log_for("Allies")[-2].text == "Japan moves a hidden unit."
    assert "DH" not in game.view("Allies").units and "J1" in game.view("Allies").units
    assert refused(game, Embark("J1", "DH")) == "ld.hidden.board"
    assert game.explain(Embark("J1", "DH")).reason.startswith("A hidden troop boards only a hidden ship")


# ------------------------------------------------------------------ combat for both sides at once


@pytest.mark.rule("ld.combat.together", "ld.combat.hits")
def test_both_sides_fire_before_any_loss_is_taken():
    game = new()
    supports(game)                                    # both on East Island: no support die in the West
    play(game, Move("T2", "C2"), Pass(), Land("M1"), Pass(), Search("M2"))
    force_roll(game, [6])                             # J1 is found in C2, where M1 has landed
    play(game, Pass(), Pass())
    assert game.state.position == "battle.fight"
    roll = game.rules.roll(game.state)
    assert roll.by == ("Allies", "Japan") and [n for _, n in roll.pool] == [2, 2]
    events = force_roll(game, [6, 6], [5, 1])         # J1 is destroyed, and its own die still hits M1
    rolled = next(e for e in events if e.kind == "DiceRolled")
    assert rolled.side is None and rolled.data["by"] == ["Allies", "Japan"]
    assert sorted(rolled.data["faces"][1]) == [1, 5]
    units = game.state.units
    assert units["J1"].strength == 0 and units["M1"].strength == 1
    losses = {e.data["unit"]: e.data["steps"] for e in events if e.kind == "Losses"}
    assert losses == {"J1": 2, "M1": 1}
    assert any(e.text == "J1 loses 2 steps and is destroyed." for e in events)


@pytest.mark.rule("ld.combat.together", "ld.hidden.start")
def test_hidden_troops_neither_fire_nor_are_fired_at():
    game = new()
    supports(game)
    play(game, Move("T2", "C2"), Pass(), Land("M1"), Pass(), Pass())
    assert game.state.position != "battle.fight"      # J1 shares C2 with M1, unseen: no fight
    assert game.state.units["J1"].strength == 2 and game.state.turn == 2


@pytest.mark.rule("ld.support.die")
def test_the_support_island_adds_its_die():
    game = new()
    supports(game, allies="West Island", japan="West Island")
    play(game, Move("T2", "C2"), Pass(), Land("M1"), Pass(), Search("M2"))
    force_roll(game, [6])
    play(game, Pass(), Pass())
    assert [n for _, n in game.rules.roll(game.state).pool] == [3, 3]


# ------------------------------------------------------------------ missions alternate until both pass


@pytest.mark.rule("ld.missions.alternate", "ld.missions.once")
def test_missions_end_only_when_both_sides_pass_in_a_row():
    game = new()
    supports(game)
    assert game.to_act == "Allies"
    play(game, Pass())
    assert game.state.position == "missions.mission" and game.to_act == "Japan"
    play(game, Move("DH", "A5"))                      # an action between the passes starts the count again
    assert game.state.position == "missions.mission" and game.to_act == "Allies"
    play(game, Pass())
    assert game.state.position == "missions.mission" and game.to_act == "Japan"
    assert refused(game, Move("DH", "A4")) == "ld.missions.once"   # one mission a unit a turn
    play(game, Pass())
    assert game.state.turn == 2 and game.state.position == "plan.support"
    assert game.log_for("Allies")[-4].text.endswith("Both sides have passed: the missions are over.")


@pytest.mark.rule("ld.missions.alternate")
def test_a_side_that_passed_may_fly_a_mission_later_in_the_round():
    game = new()
    supports(game)
    play(game, Pass(), Move("J1", "B2"), Move("T1", "C2"))
    assert game.state.units["T1"].at == "C2" and game.to_act == "Japan"
    assert game.state.rules_state.missions.log == ["Allies passes", "Japan", "Allies"]


# ------------------------------------------------------------------ chosen in secret, who decides, who rolls


@pytest.mark.rule("ld.support.secret")
def test_support_is_chosen_in_secret_until_both_have_chosen():
    game = new()
    assert game.to_act == "Allies"
    play(game, Support("West Island"))
    assert game.to_act == "Japan"                     # the decider is a function of the state
    assert game.view("Japan").rules_state.support.chosen == {"Allies": HIDDEN}
    assert game.view("Allies").rules_state.support.chosen == {"Allies": "West Island"}
    assert "West Island" not in json.dumps(game.observation("Japan")["rules"])
    told = game.log_for("Japan")[-1]
    assert told.kind == "Private" and "West Island" not in told.text
    play(game, Support("East Island"))
    assert game.view("Japan").rules_state.support.chosen == {"Allies": "West Island", "Japan": "East Island"}
    assert game.log[-2].text == "Support this turn: Allies at West Island; Japan at East Island."


@pytest.mark.rule("ld.search.roll", "ld.turn.sequence")
def test_the_search_roll_is_the_searching_sides_even_on_the_other_sides_turn():
    game = new()
    to_turn_two(game)
    assert game.state.active == "Japan"
    supports(game)
    play(game, Pass(), Search("T1"))
    rolled = next(e for e in force_roll(game, [2]) if e.kind == "DiceRolled")
    assert rolled.side == "Allies" and rolled.data["by"] == ["Allies"] and rolled.data["at"] == "C3"


# ------------------------------------------------------------------ whole games


def test_two_seeds_look_the_same_to_each_side_at_the_start():
    one, two = new(1), new(2)
    for side in one.state.sides:
        assert one.observation(side) == two.observation(side)
        assert "rng" not in one.observation(side)


def _no_leaks(game) -> list[str]:
    """Invariant for the random games: a unit a side does not see is in nothing that side is shown."""
    out = []
    for side in game.state.sides:
        unseen = set(game.state.units) - set(game.view(side).units)
        said = json.dumps(game.observation(side)) + " ".join(e.text + json.dumps(e.data) for e in game.log_for(side))
        said += game.describe(viewer=side)
        out += [f"{side} learns of {uid}" for uid in unseen if mentions(said, uid)]
    return out


@pytest.mark.rule("ld.victory.islands", "ld.turn.sequence")
def test_random_games_play_to_the_end():
    report = random_sim_test(SCENARIO, games=4, seed=1, invariants=[_no_leaks])
    assert report.finished == report.games == 4


def test_the_landing_side_wins_holding_both_islands():
    game = new()
    for uid in ("J1", "J2", "J3"):                    # a position for the test: the islands' garrisons gone
        game.state.units[uid].strength = 0
    game.state.units["R1"].at, game.state.units["M1"].at = "C2", "B5"
    supports(game)
    play(game, Pass(), Pass())
    assert game.is_over and game.result["winner"] == "Allies"
    assert game.result["reason"] == "the landing side (Allies) holds both islands after turn 1"
