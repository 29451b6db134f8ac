"""The rules-agnostic core, proven on the Skirmish test ruleset (tests/support/skirmish.py)."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

import hexlab
from hexlab import saves
from hexlab.dice import D6, through_mixed
from hexlab.engine import STEP, Game, RuleError, SaveError, SequenceOfPlay, phase, step
from hexlab.engine.ruleset import Context
from hexlab.hexes import Hex
from hexlab.rulesets.skirmish.combat import combat
from hexlab.scenario import load_text
from hexlab.testing import random_sim_test
from tests.support.skirmish import Attack, Move, Pass, PlayCard, Skirmish

DUEL = """
[scenario]
ruleset = "skirmish"
title = "Duel"
sides = ["Red", "Blue"]

[board]
width = 5
height = 4
default_terrain = "clear"

[[board.terrain]]
type = "woods"
hexes = ["2,2"]

[[board.hexside]]
type = "wall"
between = [["1,0", "2,0"]]

[[unit]]
id = "R1"
side = "Red"
type = "squad"
at = "1,1"

[[unit]]
id = "R2"
side = "Red"
type = "squad"
at = "0,3"

[[unit]]
id = "B1"
side = "Blue"
type = "squad"
at = "2,1"

[[unit]]
id = "B2"
side = "Blue"
type = "scout"
at = "4,3"

[rules]
deck = { order2 = 10 }
turns = 3
"""


def duel(seed: int = 1) -> Game:
    game = load_text(DUEL, "skirmish/duel", seed=seed)
    game.apply(PlayCard("order2"))
    return game


def hx(game: Game, label: str) -> Hex:
    return game.board.parse(label)


def snapshot(game: Game) -> tuple[str, int]:
    return json.dumps(game.state.to_data(), sort_keys=True), len(game.log)


# ------------------------------------------------------------------------ the sequence of play


def test_sequence_validation_finds_unreachable_steps_and_unknown_clauses():
    seq = SequenceOfPlay((
        phase("a", "A", [step("x", "X", ["c.one"], "…", next=["x"]), step("y", "Y", ["c.two"], "…")]),
    ))
    with pytest.raises(ValueError, match="never reached.*a.y"):
        seq.validate()
    ok = SequenceOfPlay((phase("a", "A", [step("x", "X", ["c.one"], "…"), step("y", "Y", ["c.two"], "…")]),))
    ok.validate({"c.one", "c.two"})
    with pytest.raises(ValueError, match="unknown rule clauses: c.two"):
        ok.validate({"c.one"})
    with pytest.raises(ValueError, match="unknown step"):
        SequenceOfPlay((phase("a", "A", [step("x", "X", [], "…", next=["nowhere"])]),))


def test_every_skirmish_step_has_title_clauses_explanation_and_kind():
    for key in Skirmish.sequence.keys():
        ph, st = Skirmish.sequence.lookup(key)
        assert st.title and st.clauses and st.explanation
        assert st.kind in ("decision", "auto", "dice")
        assert (st.decider == "none") == st.automatic


def test_a_ruleset_cannot_jump_to_a_step_its_sequence_does_not_declare():
    game = duel()
    ctx = Context(game.rules, game.state.copy())
    with pytest.raises(AssertionError, match="does not lead to"):
        ctx.goto("command.play")


def test_current_phase_and_step_and_who_decides():
    game = load_text(DUEL, "skirmish/duel", seed=1)
    assert (game.current_phase.id, game.current_step.id) == ("command", "play")
    assert game.to_act == "Red"
    game.apply(PlayCard("order2"))
    assert game.current_phase.title == "Action"
    game.apply(Pass())
    assert game.current_step.kind == "auto" and game.to_act is None


# ------------------------------------------------------------------------ refusals


@pytest.mark.parametrize(("make", "clause"), [
    (lambda g: Move("R1", hx(g, "1,0")), None),  # legal: sanity
    (lambda g: Move("B1", hx(g, "3,1")), "sk.act.once"),  # not your unit
    (lambda g: Move("R1", hx(g, "2,1")), "sk.move.enemy"),
    (lambda g: Move("R1", hx(g, "4,0")), "sk.move.allowance"),
    (lambda g: Attack("R1", "B2"), "sk.attack.hidden"),
    (lambda g: PlayCard("order2"), "sk.order.play_card"),
])
def test_refusals_name_their_clause_and_leave_the_state_untouched(make, clause):
    game = duel()
    action = make(game)
    before = snapshot(game)
    if clause is None:
        assert game.explain(action) is None and action in game.legal_actions()
        return
    err = game.explain(action)
    assert isinstance(err, RuleError) and err.clause == clause
    assert f"[{clause}]" in str(err)
    assert action not in game.legal_actions()
    with pytest.raises(RuleError) as caught:
        game.apply(action)
    assert caught.value.clause == clause
    assert snapshot(game) == before
    assert len(game.history) == 1  # only the card played in duel()


def test_wall_and_woods_refusals():
    game = duel()
    game.apply(Move("R1", hx(game, "1,0")))
    err = game.explain(Move("R2", hx(game, "1,3")))
    assert err is None
    # R1 used its action; a wall stands between 1,0 and 2,0
    game2 = duel()
    game2.apply(Move("R1", hx(game2, "1,0")))
    assert game2.explain(Move("R1", hx(game2, "2,0"))).clause == "sk.act.once"
    # R1 beside the wall, and the way round it through woods costs 3: the wall is the reason
    walled = DUEL.replace('at = "1,1"', 'at = "1,0"').replace('hexes = ["2,2"]', 'hexes = ["1,1"]')
    game3 = load_text(walled, "skirmish/duel", seed=1)
    game3.apply(PlayCard("order2"))
    err = game3.explain(Move("R1", hx(game3, "2,0")))
    assert err.clause == "sk.move.wall"


def test_actions_at_an_automatic_step_and_steps_at_a_decision_are_refused():
    game = duel()
    with pytest.raises(RuleError, match="decision"):
        game.step()
    game.apply(Pass())
    assert game.current_step.automatic
    assert list(game.legal_actions()) == [] and not game.legal_actions()
    err = game.explain(Pass())
    assert err is not None and "automatic" in err.reason
    with pytest.raises(RuleError):
        game.apply(Pass())


def test_legal_actions_is_a_lazy_view_that_supports_in():
    game = duel()
    view = game.legal_actions()
    assert Pass() in view
    assert Attack("R1", "B1") in view
    assert Move("R1", hx(game, "2,1")) not in view
    assert "not an action" not in view
    assert view.count() == len(list(view)) > 3
    assert all(game.is_legal(a) for a in view)


# ------------------------------------------------------------------------ dice, undo and redo


def test_dice_step_offers_exact_chance_outcomes_from_the_same_combat_function():
    game = duel()
    game.apply(Attack("R1", "B1"))
    assert game.current_step.kind == "dice"
    outcomes = game.chance_outcomes()
    assert sum(p for _, p in outcomes) == 1
    assert len(outcomes) == 21 * 21  # two dice each side, as multisets: C(7,2) each
    # P(target loses both steps) from the outcomes agrees with pushing faces through the combat function
    p_both = sum(p for faces, p in outcomes if combat(*faces)[0] == 2)
    assert p_both == Fraction(1, 9)
    exact = through_mixed([(D6, 2), (D6, 2)], lambda faces: combat(*faces))
    assert exact.p(lambda r: r[0] == 2) == p_both
    assert not game.legal_actions() and game.to_act is None


def test_undo_rewinds_the_dice_and_redo_rolls_the_same_faces():
    game = duel(seed=5)
    game.apply(Attack("R1", "B1"))
    before = snapshot(game)
    game.step()
    rolled = [e for e in game.log if e.kind == "DiceRolled"][-1]
    after = snapshot(game)
    assert game.undo()
    assert snapshot(game) == before
    assert game.can_redo
    game.redo()
    assert snapshot(game) == after
    assert [e for e in game.log if e.kind == "DiceRolled"][-1] == rolled
    # undoing twice takes back the attack too; a different action then clears the redo list
    game.undo()
    game.undo()
    assert game.current_step.id == "act" and game.can_redo
    game.apply(Pass())
    assert not game.can_redo


def test_stepping_again_after_undo_gives_the_same_roll_as_redo():
    game = duel(seed=11)
    game.apply(Attack("R1", "B1"))
    game.step()
    first = snapshot(game)
    game.undo()
    game.step()
    assert snapshot(game) == first


def test_simultaneous_combat_removes_losses_on_both_sides_together():
    # find a seed where both sides hit; losses appear in one resolution
    for seed in range(200):
        game = duel(seed)
        game.apply(Attack("R1", "B1"))
        events = game.step()
        lost = {e.data["unit"] for e in events if e.kind == "StepLost"}
        if lost == {"R1", "B1"}:
            kinds = [e.kind for e in events]
            assert kinds[0] == "DiceRolled"
            assert all(e.clauses for e in events)
            return
    pytest.fail("no seed in 200 gave hits on both sides")


def test_restart_goes_back_to_the_start_and_can_be_redone():
    game = duel()
    start = None
    game.undo()
    start = snapshot(game)
    game.redo()
    game.apply(Move("R1", hx(game, "1,0")))
    end = snapshot(game)
    game.restart()
    assert snapshot(game) == start
    while game.redo():
        pass
    assert snapshot(game) == end


def test_listeners_hear_every_change():
    game = duel()
    heard = []
    stop = game.on_change(lambda g, events: heard.append([e.kind for e in events]))
    game.apply(Move("R1", hx(game, "1,0")))
    game.undo()
    assert heard == [["UnitMoved"], []]
    stop()
    game.redo()
    assert len(heard) == 2


# ------------------------------------------------------------------------ log, saves, replays


def test_every_event_carries_clauses_and_its_place_in_the_game():
    game = hexlab.load("skirmish/meadow", seed=4)
    from hexlab.players import players_for

    events = list(game.run(players_for(game, "random"), 200))
    assert events
    for e in game.log:
        assert e.clauses, e
        assert e.position in Skirmish.sequence.keys()
        assert json.loads(json.dumps(e.to_data()))


def test_save_and_load_round_trip_and_replay_from_scenario_seed_and_actions():
    game = hexlab.load("skirmish/meadow", seed=9)
    from hexlab.players import players_for

    for _ in game.run(players_for(game, "random"), 120):
        pass
    game.play_to_decision()
    text = saves.dumps(game)
    loaded = saves.loads(text)
    assert loaded.state == game.state
    assert [e.to_data() for e in loaded.log] == [e.to_data() for e in game.log]
    assert saves.dumps(loaded) == text
    # replay: the same scenario, seed and decisions give the same game
    replay = hexlab.load("skirmish/meadow", seed=9)
    for action in game.actions:
        replay.play_to_decision()
        replay.apply(action)
    replay.play_to_decision()
    assert replay.state == game.state
    # the loaded game can be undone move by move, like the original
    loaded.undo()
    game.undo()
    assert loaded.state == game.state


def test_same_seed_same_game_different_seed_different_game():
    from hexlab.testing import play_random

    a = play_random("skirmish/meadow", 21)
    b = play_random("skirmish/meadow", 21)
    c = play_random("skirmish/meadow", 22)
    assert saves.dumps(a) == saves.dumps(b)
    assert saves.dumps(a) != saves.dumps(c)


@pytest.mark.parametrize(("mangle", "message"), [
    (lambda d: "not json {", "not valid JSON"),
    (lambda d: json.dumps([1, 2]), "not a hexlab save"),
    (lambda d: json.dumps({**d, "version": 99}), "version"),
    (lambda d: json.dumps({**d, "seed": "x"}), "seed"),
    (lambda d: json.dumps({**d, "history": d["history"] + [{"type": "Teleport"}]}), "unknown action type"),
    (lambda d: json.dumps({**d, "history": d["history"] + [{"type": "Move", "unit": "R1", "to": "north"}]}),
     "expected a hex"),
    (lambda d: json.dumps({**d, "history": d["history"] + [{"type": "Move", "unit": "B1", "to": [9, 9]}]}),
     "does not replay"),
    (lambda d: json.dumps({**d, "state": {**d["state"], "turn": 7}}), "does not match"),
    (lambda d: json.dumps({**d, "scenario": {"id": "x/y", "source": "garbage = ["}}), "not valid TOML"),
    (lambda d: json.dumps({**d, "history": [{"type": "__import__", "unit": "os"}]}), "unknown action type"),
])
def test_a_malformed_save_gives_a_clear_error(mangle, message):
    game = duel()
    data = json.loads(saves.dumps(game))
    with pytest.raises(SaveError, match=message):
        saves.loads(mangle(data), name="mysave.json")


def test_history_records_steps_and_actions():
    game = duel()
    game.apply(Attack("R1", "B1"))
    game.step()
    assert game.history[-2:] == [Attack("R1", "B1"), STEP]
    assert game.actions == [PlayCard("order2"), Attack("R1", "B1")]


# ------------------------------------------------------------------------ hidden information


def test_hidden_units_and_hands_are_not_in_the_enemys_observation():
    game = duel()
    red_view = game.observation("Red")
    blue_view = game.observation("Blue")
    assert "B2" not in {u["id"] for u in red_view["units"]}
    assert "B2" in {u["id"] for u in blue_view["units"]}
    assert isinstance(red_view["hands"]["Blue"], int) and isinstance(red_view["hands"]["Red"], list)
    assert all(isinstance(n, int) for n in red_view["decks"].values())


# ------------------------------------------------------------------------ random simulation


def test_random_simulation_of_the_test_ruleset():
    report = random_sim_test("skirmish/meadow", games=6, seed=100)
    assert report.games == 6 and report.finished == 6
    assert report.steps > 100


def test_random_simulation_catches_a_broken_invariant():
    with pytest.raises(AssertionError, match="invariants broken: always"):
        random_sim_test("skirmish/meadow", games=1, seed=1, invariants=[lambda g: ["always"]])


def test_a_log_read_back_gets_its_rulesets_typed_payloads():
    """Two rulesets may each log a ``UnitMoved`` with different fields; reading a log back through the
    ruleset's own kinds gives the right class (issue 9: typed events)."""
    from hexlab.engine.events import Event

    game = hexlab.load("skirmish/meadow", seed=3)
    game.play_to_decision()
    game.apply(next(iter(game.legal_actions())))
    for _ in range(40):
        if game.is_over:
            break
        if game.current_step.automatic:
            game.step()
        else:
            game.apply(list(game.legal_actions())[-1])
    kinds = game.rules.event_kinds()
    for event in game.log:
        back = Event.from_data(event.to_data(), kinds)
        assert back == event and type(back.payload) is type(event.payload)
    assert kinds["UnitMoved"].__module__ == "hexlab.rulesets.skirmish.events"


def test_a_copy_of_a_game_plays_on_its_own_and_keeps_the_history(meadow):
    """A map or table in a notebook shows a copy (``Game.copy``): playing the copy leaves the game alone,
    and the copy's undo and dice are the game's."""
    from hexlab.players import RandomPlayer

    game = meadow
    player = RandomPlayer(1)
    for _ in game.run({s: player for s in game.state.sides}, max_steps=12):
        pass
    before = (game.state.to_data(), len(game.log), list(game.history))
    other = game.copy()
    assert other.state.to_data() == before[0] and other.history == before[2]
    for _ in other.run({s: player for s in other.state.sides}, max_steps=6):
        pass
    assert (game.state.to_data(), len(game.log), list(game.history)) == before
    while other.can_undo:
        other.undo()
    game.restart()
    assert other.state.to_data() == game.state.to_data()
    other.redo()
    game.redo()
    assert other.state.to_data() == game.state.to_data()  # the same dice on a redo
