"""What each side may see, and who decides (issue 22): the contract War at Sea, Cartwheel, the computer
opponent and the class app stand on.

A seat's observation, log, map and description never hold what the other side hides; no observation holds
anything from which a roll, a shuffle or a draw can be worked out; rolls name the side that rolls; a step's
decider may be a function of the state; rounds of decisions alternate through one engine helper; the play
table plays from a seat, and a hot-seat hand-over shows nothing private before the next player sits down.
"""

from __future__ import annotations

import json

import pytest

import hexlab
from hexlab import saves
from hexlab.engine import Roll
from hexlab.engine.seats import HIDDEN, PUBLIC, Alternation
from hexlab.players import FirstPlayer, RandomPlayer
from hexlab.render import scene, to_svg
from hexlab.rulesets.skirmish.actions import Move
from hexlab.scenario import scenarios
from tests.test_engine import duel, hx

SCENARIOS = sorted(s["id"] for s in scenarios())


def advance(game, player=None) -> None:
    """One step through the engine's one play loop (``Game.run``): the automatic step, or ``player``'s
    choice (by default the first legal one)."""
    for _ in game.run(dict.fromkeys(game.state.sides, player or FirstPlayer()), 1):
        pass


# ------------------------------------------------------------------ nothing predicts the dice


@pytest.mark.parametrize("scenario_id", SCENARIOS)
def test_an_observation_holds_nothing_that_predicts_a_roll_or_a_draw(scenario_id):
    """Two games that differ only in their seed look the same to a side until something random is shown
    to it: the generator is not in the observation, the deck's order is not, the other hands are not."""
    one, two = hexlab.load(scenario_id, seed=1), hexlab.load(scenario_id, seed=2)
    for side in one.state.sides:
        a, b = one.observation(side), two.observation(side)
        assert "rng" not in a
        a["hands"].pop(side, None)  # its own hand was dealt at random, and it may look at it
        b["hands"].pop(side, None)
        assert a == b, f"{scenario_id}: {side}'s observation depends on the seed"
        json.dumps(a)  # and it is data
        assert all(isinstance(n, int) or n == [] for n in a["hands"].values())
        assert isinstance(a["decks"].get("deck", 0), int)


def test_the_observation_no_longer_gives_away_the_enemy_hand_or_the_deck():
    game = hexlab.load("memoir44/normandy", seed=3)
    axis = game.observation("Axis")
    allied_hand = game.state.hands["Allies"]
    assert axis["hands"]["Allies"] == len(allied_hand)
    assert axis["decks"]["deck"] == len(game.state.decks["deck"])
    text = json.dumps(axis)
    assert str(game.state.rng) not in text
    assert game.view("Axis").rng == 0 and game.view(None).rng == 0


# ------------------------------------------------------------------ Memoir '44 through it


def _soviet_game():
    from tests.support.memoir44_boards import give, make

    game = make([("A1", "Allies", "infantry", "6,6"), ("X1", "Axis", "infantry", "6,0")],
                rules={"nations": {"Allies": "soviet"}})
    give(game, "Allies", ["general_advance", "probe_centre", "probe_left", "recon_left", "attack_left"])
    return game


@pytest.mark.rule("m44.nation.soviet.commissar.timing")
def test_the_card_under_the_commissar_chip_is_hidden_from_the_enemy():
    from hexlab.rulesets.memoir44.rules import PutUnderChip

    game = _soviet_game()
    game.apply(PutUnderChip("general_advance"))                                  # the deck's only one
    assert game.view("Axis").rules_state.chip["Allies"] == HIDDEN
    assert game.view("Allies").rules_state.chip["Allies"] == "general_advance"
    assert game.view(None).rules_state.chip["Allies"] == "general_advance"     # the teacher's view
    assert "general_advance" not in json.dumps(game.observation("Axis"))
    assert game.observation("Axis")["decks"]["chip"] == 1                      # a card lies there, face down


@pytest.mark.rule("m44.order.cards.data", "m44.turn.draw.one_card")
def test_the_two_cards_a_recon_draws_are_hidden_while_its_player_chooses_and_the_discards_are_not():
    from hexlab.rulesets.memoir44.rules import DoneOrdering, KeepCard, PlayCard
    from tests.support.memoir44_boards import give, make

    game = make([("A1", "Allies", "infantry", "1,7"), ("X1", "Axis", "infantry", "6,0")])
    give(game, "Allies", ["recon_left", "probe_centre", "probe_left", "attack_left", "attack_right"])
    game.apply(PlayCard("recon_left"))
    game.play_to_decision()
    game.apply(DoneOrdering())
    while game.state.position != "draw.keep":
        advance(game)
    drawn = list(game.state.rules_state.keep)
    assert game.view("Axis").rules_state.keep == [HIDDEN, HIDDEN]
    assert game.view("Allies").rules_state.keep == drawn
    assert not any(card in json.dumps(game.observation("Axis")["rules"]) for card in drawn)
    game.apply(KeepCard(drawn[0]))
    assert "recon_left" in game.observation("Axis")["decks"]["discard"]      # face up, as at a table


# ------------------------------------------------------------------ the log, the map and the words


def test_a_hidden_units_move_reaches_its_enemy_only_as_a_public_summary():
    game = duel()
    scout = game.state.units["B2"]
    assert game.rules.is_hidden(game.state, scout)
    while not (game.to_act == "Blue" and game.state.position == "action.act"):
        advance(game)
    game.apply(Move("B2", hx(game, "3,3")))
    red = [e.text for e in game.log_for("Red")]
    blue = [e.text for e in game.log_for("Blue")]
    assert "Blue moves a hidden unit." in red and not any("B2" in t for t in red)
    assert any("B2 moves" in t for t in blue)
    assert [e.text for e in game.log_for(None)] == [e.text for e in game.log]
    assert all(e.kind == "Private" and not e.data for e in game.log_for("Red") if e.text.endswith("hidden unit."))


def test_a_seats_map_and_words_leave_out_what_it_may_not_see():
    game = duel()
    red_scene = scene(game, viewer="Red")
    assert "B2" not in {c.unit for c in red_scene.counters}
    assert "B2" in {c.unit for c in scene(game, viewer="Blue").counters}
    assert "B2" in {c.unit for c in scene(game).counters}                        # the teacher's map
    assert "B2" not in to_svg(scene(game, viewer=PUBLIC))
    assert "B2" not in game.describe(viewer="Red") and "B2" in game.describe(viewer="Blue")


def test_a_save_is_the_whole_game_and_opens_for_a_seat(tmp_path):
    from hexlab.widgets import resume

    game = duel()
    path = saves.save(game, str(tmp_path / "duel.json"))
    assert "B2" in json.dumps(json.loads(open(path, encoding="utf-8").read())["state"])   # complete
    table = resume(path, seat="Red")
    assert "B2" not in {c.unit for c in table.map._scene.counters}
    assert "B2" not in table.words.value


# ------------------------------------------------------------------ who decides, who rolls


def test_alternating_decisions_end_when_every_side_has_passed_in_a_row():
    r = Alternation.start(["Allies", "Japan"])
    r.acted()
    assert r.to_act == "Japan"
    r.passed()
    assert r.to_act == "Allies" and not r.over
    r.acted()                                 # an action breaks the run of passes
    r.passed()
    r.passed()
    assert r.over and r.log == ["Allies", "Japan passes", "Allies", "Japan passes", "Allies passes"]
    each = Alternation.start(["Japan", "US Marines"], alternate=False)
    each.acted()
    each.acted()
    assert each.to_act == "Japan"             # a side goes on until it passes
    each.passed()
    each.skip()                               # the Marines have nothing to do: passed over
    assert each.over


@pytest.mark.rule("caf.sequence.ground_move_timing")
def test_cactus_rounds_run_through_the_engines_alternation():
    game = hexlab.load("cactus/guadalcanal", seed=1)
    game.play_to_decision()
    rnd = game.state.rules_state.round
    assert isinstance(rnd, Alternation) and not rnd.alternate
    assert game.to_act == rnd.to_act == game.rules.order[0]


@pytest.mark.rule("caf.combat.both_sides_roll", "m44.order.cards.data", "cc.setup.first_player")
def test_rolls_name_the_side_that_rolls():
    assert Roll.of([("d", 1)], by="Japan").roller("US Marines") == "Japan"
    assert Roll.of([("d", 1), ("d", 1)], by=["Japan", "US Marines"]).roller("Japan") is None
    assert Roll.of([("d", 1)]).roller("Japan") == "Japan"
    with pytest.raises(ValueError):
        Roll.of([("d", 1)], by=["Japan", "US Marines"])
    cadet = hexlab.load("cadet/village", seed=1)
    cadet.step()                                                              # the roll-off: both sides roll
    rolled = next(e for e in cadet.log if e.kind == "DiceRolled")
    assert rolled.side is None and rolled.data["by"] == cadet.state.sides
    cactus = hexlab.load("cactus/drill_turn", seed=2)
    pick = RandomPlayer(3)
    for _ in range(400):
        if cactus.is_over or any(e.kind == "DiceRolled" and "attacking" in str(e.data.get("groups"))
                                 for e in cactus.log):
            break
        advance(cactus, pick)
    fight = next(e for e in cactus.log if e.kind == "DiceRolled" and "attacking" in str(e.data.get("groups")))
    assert fight.side is None and len(set(fight.data["by"])) == 2


@pytest.mark.rule("m44.order.cards.data", "m44.retreat.direction.choice")
def test_the_ambush_roll_is_the_ambushing_sides_and_the_ambushed_unit_decides():
    from hexlab.rulesets.memoir44.rules import Battle, PlayAmbush
    from tests.support.memoir44_boards import ASSAULTS, give, make, to_battle

    units = [("A1", "Allies", "infantry", "6,6"), ("X1", "Axis", "infantry", "6,5")]
    game = make(units, ambush=True, hand=ASSAULTS)
    give(game, "Axis", ["ambush", "probe_left", "probe_right", "probe_centre", "attack_left"])
    to_battle(game, "assault_centre", ["A1"])
    game.apply(Battle("A1", "X1"))
    assert game.state.active == "Allies" and game.to_act == "Axis"              # the decider is data
    game.apply(PlayAmbush("X1"))
    game.step()
    rolled = [e for e in game.log if e.kind == "DiceRolled"][-1]
    assert rolled.side == "Axis" and rolled.data["by"] == ["Axis"]


# ------------------------------------------------------------------ the table plays from a seat


def test_a_table_for_one_seat_shows_that_sides_view_only():
    from hexlab.widgets import Table

    game = duel()
    table = Table(game, seat="Red")
    assert table.map.viewer == "Red" and "B2" not in {c.unit for c in table.map._scene.counters}
    with pytest.raises(ValueError, match="not a side"):
        Table(duel(), seat="Green")


def test_hot_seat_hands_over_before_showing_the_next_players_hand():
    from hexlab.widgets import Table

    game = hexlab.load("memoir44/tenaru", seed=1)
    table = Table(game)
    first = game.to_act
    mine = {b.description for b in table.stepper.choices.children}
    assert mine and all(d.startswith("Play ") for d in mine)                  # the first player's cards
    while game.to_act in (first, None) and not game.is_over:
        advance(game)
    other = game.to_act
    assert table._viewer() == PUBLIC and table.map.viewer == PUBLIC
    assert table.stepper.choices.children == ()                               # no card shows
    assert [c for c in table.handover.children if getattr(c, "description", "") == f"I am {other}: show my side"]
    assert not any(card in table.words.value for card in game.state.hands[other])
    table.take_seat(other)
    shown = {b.description for b in table.stepper.choices.children}
    assert shown and shown != mine
    table.teacher.value = True
    assert table.map.viewer is None


def test_hot_seat_without_secrets_needs_no_hand_over():
    from hexlab.widgets import Table

    game = hexlab.load("cadet/village", seed=1)
    table = Table(game)
    sides = set()
    for _ in range(60):
        if game.is_over:
            break
        if game.current_step.automatic:
            game.step()
        else:
            sides.add(game.to_act)
            assert table._waiting_for() is None and table.seat == game.to_act
            game.apply(next(iter(game.legal_actions())))
    assert len(sides) == 2


def test_private_events_keep_their_audience_through_a_log_file():
    from hexlab.engine.events import Event

    game = duel()
    while not (game.to_act == "Blue" and game.state.position == "action.act"):
        advance(game)
    game.apply(Move("B2", hx(game, "3,3")))
    private = next(e for e in game.log if e.to is not None)
    again = Event.from_data(json.loads(json.dumps(private.to_data())), game.rules.event_kinds())
    assert again.to == "Blue" and again.public == "Blue moves a hidden unit."
    assert again.for_side("Red").text == "Blue moves a hidden unit."


def test_cargo_and_off_map_displays_are_seen_through_the_seat():
    """Troops aboard a carrier the enemy does not see are not seen either; a side's off-map display (an
    airbase's boxes) is its own: the enemy sees none of the units in it, the owner sees them all."""
    from pathlib import Path

    import tests.conftest  # noqa: F401  (the area-map test ruleset)

    game = hexlab.load(str(Path(__file__).parent / "maps" / "boxes" / "sectors.toml"), seed=1)
    north, south = game.view("North"), game.view("South")
    assert {"VMF", "VMSB"} <= set(south.units) and not {"VMF", "VMSB"} & set(north.units)
    assert {"N1", "N2"} <= set(south.units)                  # aboard T1, which South sees
    game.state.units["T1"].attrs["hidden"] = True
    assert not {"T1", "N1", "N2"} & set(game.view("South").units)
    assert {"T1", "N1", "N2"} <= set(game.view("North").units)
    assert "VMF" not in to_svg(scene(game, viewer="North"))


@pytest.mark.parametrize("scenario_id", SCENARIOS)
def test_what_a_side_may_not_see_never_reaches_it(scenario_id):
    """Random play on every scenario: at every 20th step, for each side, the units its view leaves out
    appear in none of its observation, its log, its map or its words, and the other hands are counts."""
    game = hexlab.load(scenario_id, seed=4)
    pick = RandomPlayer(4)
    for n in range(600):
        if game.is_over:
            break
        if n % 20 == 0:
            for side in game.state.sides:
                unseen = set(game.state.units) - set(game.view(side).units)
                obs = game.observation(side)
                assert all(isinstance(v, int) or v == [] for s, v in obs["hands"].items() if s != side)
                said = json.dumps(obs) + " ".join(e.text + json.dumps(e.data) for e in game.log_for(side))
                said += game.describe(viewer=side) + to_svg(scene(game, viewer=side))
                for uid in unseen:
                    assert f'"{uid}"' not in said and f">{uid}<" not in said and f" {uid} " not in said, \
                        f"{scenario_id}: {side} learns of {uid}"
        advance(game, pick)


def test_a_roll_can_be_private_to_the_side_that_makes_it():
    """A hidden unit's roll is its side's: the engine logs its DiceRolled event for that side, the other
    side reads only the public words, and the teacher reads it all."""
    import dataclasses

    game = hexlab.load("cadet/village", seed=1)
    rules = game.rules
    original = type(rules).roll
    greeks, ottomans = game.state.sides
    rules.roll = lambda state: dataclasses.replace(original(rules, state), to=greeks,
                                                   public=f"{greeks} roll in secret.")
    game.step()                                   # the roll-off, made private for the test
    rolled = next(e for e in game.log if e.kind == "DiceRolled")
    assert rolled.to == greeks and rolled in game.log_for(greeks) and rolled in game.log_for(None)
    seen = [e for e in game.log_for(ottomans) if e.position == rolled.position and e.turn == rolled.turn]
    assert all(e.kind != "DiceRolled" for e in game.log_for(ottomans))
    assert any(e.kind == "Private" and e.text == f"{greeks} roll in secret." and not e.data for e in seen)
    assert Roll.of([("d6", 1)]).to is None


def test_the_engine_says_who_may_decide_and_whether_anything_is_secret():
    memoir = hexlab.load("memoir44/tenaru", seed=1)
    assert memoir.has_secrets()                                  # the hands
    assert memoir.decides(memoir.to_act) and memoir.decides(None)
    assert not memoir.decides(next(s for s in memoir.state.sides if s != memoir.to_act))
    cadet = hexlab.load("cadet/village", seed=1)
    assert not cadet.has_secrets()                               # nothing is private in Cadet Commander


def test_alternation_lead_and_passes_each() -> None:
    """A round with a lead (the first side's decisions before it alternates: Cartwheel's initiative missions) that
    ends once every side has passed twice of its own turns in a row (``passes_each``)."""
    r = Alternation.start(["Allies", "Japan"], lead=2, passes_each=2)
    r.acted()
    assert r.to_act == "Allies"  # the second lead decision
    r.passed()
    assert r.to_act == "Japan"
    r.acted()
    assert r.to_act == "Allies" and r.streak == {}
    for side in ["Allies", "Japan", "Allies"]:
        assert r.to_act == side and not r.over
        r.passed()
    assert r.to_act == "Japan" and not r.over
    r.passed()
    assert r.over and r.log[-4:] == ["Allies passes", "Japan passes", "Allies passes", "Japan passes"]
    two_leads = Alternation.start(["Japan", "Allies"], lead=2, passes_each=2)
    two_leads.passed()
    two_leads.passed()  # both lead opportunities passed: Japan has passed twice of its own turns
    assert two_leads.to_act == "Allies" and not two_leads.over
    two_leads.passed()
    assert two_leads.to_act == "Japan" and not two_leads.over
    two_leads.passed()
    assert two_leads.over is False  # Allies have passed only once
    assert two_leads.to_act == "Allies"
    two_leads.passed()
    assert two_leads.over
