"""Cadet Commander: the board, the bands, the flags, the scenario checks and who plays first."""

from __future__ import annotations

import tomllib

import pytest

import hexlab
from hexlab import rulesets
from hexlab.engine import ScenarioError
from hexlab.rulesets.cadet.rules import (
    BOARD_INCHES,
    HEX_INCHES,
    Activate,
    Cadet,
    EndActivation,
    EndTurn,
    Move,
    RollActivation,
)
from hexlab.scenario import load_text
from tests.support.cadet_boards import G, O, at, force_roll, hx, kinds, make, refused, roll, scenario_text
from tests.support.catalogs import team_catalog

CATALOG = team_catalog("cadet")


def problems(units, **kw) -> str:
    with pytest.raises(ScenarioError) as exc:
        load_text(scenario_text(units, **kw), "cadet/test")
    return str(exc.value)


PAIR = [("GL", G, "leader", "4,7"), ("OL", O, "leader", "4,0")]


def test_the_ruleset_is_registered_and_its_clause_list_matches_the_catalog():
    assert rulesets.get("cadet") is Cadet
    CLAUSES = Cadet.clauses  # read from the catalog in hexlab.reference by the Ruleset base
    assert Cadet.id == "cadet" and Cadet.name == "Cadet Commander"
    assert len(CLAUSES) == 68 and all(c.startswith("cc.") for c in CLAUSES)
    if CATALOG.is_file():
        data = tomllib.loads(CATALOG.read_text(encoding="utf-8"))
        assert set(CLAUSES) == {c["id"] for c in data["clause"]}
    assert Cadet.sequence.clause_ids() <= CLAUSES
    assert not Cadet.sequence.unreachable()


@pytest.mark.rule("cc.components.board.size", "cc.setup.board.grid")
def test_the_village_board_is_a_two_foot_square_of_three_inch_hexes():
    game = hexlab.load("cadet/village", seed=1)
    assert BOARD_INCHES // HEX_INCHES == 8
    assert (game.board.width, game.board.height) == (8, 8) and len(game.board.terrain) == 64
    assert game.board.offset == "odd-r" and game.board.label(hx(game, "3,5")) == "3,5"
    # the baselines are the rows along the two edges
    assert game.rules.ground.baselines == {G: 7, O: 0}
    assert {game.rules.row(u.at) for u in game.state.units.values() if u.side == G} == {7}
    assert {game.rules.row(u.at) for u in game.state.units.values() if u.side == O} == {0}


@pytest.mark.rule("cc.setup.board.grid")
def test_baselines_default_to_the_first_and_last_rows_and_must_lie_on_an_edge():
    game = load_text(scenario_text(PAIR, baselines=False), "cadet/test", seed=1)
    assert game.rules.ground.baselines == {G: 0, O: 7}
    assert {s: game.board.label(h) for s, h in game.rules.flags.items()} == {G: "4,0", O: "4,7"}
    assert "a baseline is the row along a board edge" in problems(PAIR, rules={"baselines": {G: 3, O: 0}})
    assert "different baselines" in problems(PAIR, rules={"baselines": {G: 7, O: 7}})


@pytest.mark.rule("cc.setup.flag.placement", "cc.setup.flag.hex")
def test_each_flag_stands_in_the_middle_of_its_owners_baseline_and_never_moves():
    game = hexlab.load("cadet/village", seed=1)
    flags = game.rules.flags
    assert {s: game.board.label(h) for s, h in flags.items()} == {G: "4,7", O: "4,0"}
    assert sorted(h for h, names in game.state.features.items() if "flag" in names) == sorted(flags.values())
    # default: column width // 2 of the baseline
    plain = make(PAIR, rules={})
    assert {s: plain.board.label(h) for s, h in plain.rules.flags.items()} == {G: "4,7", O: "4,0"}
    # a flag off its owner's baseline, or far from its centre, is refused
    assert "must stand on the Greeks baseline" in problems(PAIR, rules={"flags": {G: "4,6"}})
    assert "centre of the baseline" in problems(PAIR, rules={"flags": {G: "0,7"}})
    assert "cc.setup.flag.placement" in problems(PAIR, rules={"flags": {O: "7,0"}})
    assert "not as board features" in problems(PAIR, features={"flag": ["4,7"]})


@pytest.mark.rule("cc.setup.flag.hex", "cc.move.friendly.pass")
def test_a_flag_is_not_a_figure_so_two_figures_may_stand_on_its_hex():
    game = make([("GL", G, "leader", "4,6"), ("G1", G, "warrior", "4,7"), ("OL", O, "leader", "0,0")])
    game.apply(Move("GL", hx(game, "4,7")))
    game.apply(EndActivation())
    game.play_to_decision()
    assert at(game, "GL") == at(game, "G1") == "4,7"
    assert "Overcrowded" not in kinds(game.log)


@pytest.mark.rule("cc.setup.figures.baseline")
def test_bands_set_up_on_their_own_baseline_at_most_two_a_hex():
    base = [("GL", G, "leader", "3,7"), ("G1", G, "warrior", "3,7"), ("OL", O, "leader", "3,0")]
    load_text(scenario_text(base, deploy="baseline"), "cadet/test", seed=1)
    msg = problems([*base, ("G2", G, "warrior", "3,6")], deploy="baseline")
    assert "unit[3].at" in msg and "set up on their baseline, row 7" in msg
    msg = problems([*base, ("G2", G, "warrior", "3,7")], deploy="baseline")
    assert "at most two figures a hex" in msg and "cc.setup.figures.baseline" in msg
    assert "every figure starts on the board" in problems([*base, ("G2", G, "warrior", None)])


@pytest.mark.rule("cc.setup.band.composition", "cc.setup.str.start", "cc.punch.stats.atk_str",
                  "cc.punch.atk.standard", "cc.punch.atk.leader_hero")
def test_bands_leaders_heroes_warriors_and_their_starting_values():
    game = hexlab.load("cadet/village", seed=1)
    for side in (G, O):
        band = [u for u in game.state.units.values() if u.side == side]
        assert sorted(u.kind for u in band) == ["hero", "leader", "warrior", "warrior", "warrior", "warrior"]
        for u in band:
            expected = {"leader": (3, 4), "hero": (3, 4), "warrior": (2, 3)}[u.kind]
            assert (game.rules.atk(u), u.strength) == expected == (game.rules.atk(u), u.max_strength)
    # the values are the scenario's (illustrative), so the scenario says so
    meta = game.scenario.meta
    assert any("cc.setup.str.start" in item for item in meta.illustrative)
    assert any("cc.setup.band.composition" in item for item in meta.illustrative)
    # a scenario may set other values: STR by max_strength, ATK by attrs
    custom = make([("GL", G, "leader", "4,7", {"max_strength": 5}), ("G1", G, "warrior", "3,7", {"atk": 3}),
                   ("OL", O, "leader", "4,0")])
    assert custom.state.units["GL"].strength == 5 and custom.rules.atk(custom.state.units["G1"]) == 3
    # one leader a band; a figure starts at its starting STR
    assert "a band has one leader" in problems([*PAIR, ("GX", G, "leader", "3,7")])
    assert "cc.setup.str.start" in problems([("GL", G, "leader", "4,7", {"strength": 2}), PAIR[1]])


@pytest.mark.rule("cc.components.list", "cc.components.atk_dice.count")
def test_a_game_needs_two_bands_and_figures_roll_at_most_three_atk_dice():
    msg = problems([*PAIR, ("X1", "Bulgars", "leader", "0,3")], sides=(G, O, "Bulgars"), rules={"baselines": {}})
    assert "two players" in msg
    assert "has no band" in problems([PAIR[0]])
    assert "from 1 to 3" in problems([("GL", G, "leader", "4,7", {"atk": 4}), PAIR[1]])
    # each player has three ATK dice: the leader's punch up uses all three
    assert {u.kind: u.stats["atk"] for u in Cadet.unit_types.values()} == {"leader": 3, "hero": 3, "warrior": 2}


@pytest.mark.rule("cc.outline.band.control")
def test_every_figure_is_a_piece_of_its_own_and_a_player_commands_only_his_band():
    game = hexlab.load("cadet/village", seed=1)
    assert len(game.state.units) == 12 and len({u.at for u in game.state.units.values()}) == 8
    game = make([("GL", G, "leader", "3,5"), ("G1", G, "warrior", "3,5"), ("OL", O, "leader", "3,1")])
    assert refused(game, Move("OL", hx(game, "3,2"))) == "cc.outline.band.control"
    game.apply(Move("GL", hx(game, "3,4")))
    assert at(game, "G1") == "3,5"  # the warrior in the same hex stays put: it acts on its own


@pytest.mark.rule("cc.setup.first_player", "cc.components.d6")
def test_a_roll_off_decides_who_plays_first_ties_are_rolled_again():
    game = load_text(scenario_text(PAIR, first=None), "cadet/test", seed=1)  # no first player named
    assert game.state.position == "setup.roll_off" and game.current_step.kind == "dice"
    assert [d.name for d, _ in game.rules.roll(game.state).pool] == ["d6", "d6"]
    events = force_roll(game, [3], [3])
    assert "RollOffTied" in kinds(events) and game.state.position == "setup.roll_off"
    roll(game, [2], [5])
    assert game.state.active == O and game.state.rules_state.first == O
    assert game.state.rules_state.current.unit == "OL"
    # a scenario may name the first player
    named = make(PAIR, first=O)
    assert named.state.active == O and "FirstPlayer" in kinds(named.log)


@pytest.mark.rule("cc.setup.first_player")
def test_turns_alternate_and_the_turn_number_counts_rounds():
    game = make([*PAIR, ("G1", G, "warrior", "3,7"), ("O1", O, "warrior", "3,0")], first=O)
    seen = []
    for _ in range(4):
        seen.append((game.state.turn, game.state.active))
        game.apply(EndActivation())
        game.play_to_decision()
        game.apply(EndTurn())
        game.play_to_decision()
    assert seen == [(1, O), (1, G), (2, O), (2, G)]
    assert refused(game, RollActivation()) == "cc.turn.activation.leader_first"
    assert refused(game, Activate("GL")) == "cc.turn.activation.leader_first"
