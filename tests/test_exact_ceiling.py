"""The exact ceiling (benchmarks/exact_ceiling.py): the best any player could do against ``random``, which the
benchmark notes use to say where the veteran's 90% target is out of the scenario's reach. Its Cactus shortcuts (the
merged positions and the merged dice) must give exactly what the plain search gives, the plain search must agree
with a value worked out by hand, and searching must never change the position it is given."""

from __future__ import annotations

import importlib
import importlib.util
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

import hexlab
from hexlab.ai.world import World
from hexlab.players import RandomPlayer

TOOL = Path(__file__).resolve().parents[1] / "benchmarks" / "exact_ceiling.py"


@pytest.fixture(scope="module")
def tool():
    spec = importlib.util.spec_from_file_location("exact_ceiling", TOOL)
    module = importlib.util.module_from_spec(spec)
    sys.modules["exact_ceiling"] = module
    spec.loader.exec_module(module)
    yield module
    sys.modules.pop("exact_ceiling", None)


def drill_position(seed: int, turn: int, hour: int, position: str):
    """The drill turn played by two random players (seeded) up to the first time it reaches ``position`` in that
    turn and hour."""
    game = hexlab.load("cactus/drill_turn", seed=seed).batch_mode()
    players = {side: RandomPlayer(seed * 31 + i) for i, side in enumerate(game.state.sides)}
    while not game.is_over:
        s = game.state
        if s.turn == turn and s.rules_state.hour == hour and s.position == position:
            return game
        if game.current_step.automatic:
            game.step()
        else:
            game.apply(players[game.to_act].choose(game))
    raise AssertionError(f"seed {seed} never reached {position} in turn {turn}, hour {hour}")


def units(game) -> list[tuple]:
    return sorted((u.id, u.at, u.strength) for u in game.state.units.values())


def plain(tool, game):
    return tool.Solver(game.rules, "Japan", exact=True)


def shortcut(tool, game):
    return tool.Solver(game.rules, "Japan", tool.cactus_key(game.rules), tool.cactus_outcomes(World(game.rules), True),
                       exact=True)


@pytest.mark.rule("caf.air.aa.hit_number_default", "caf.air.bombing.defaults", "caf.victory.new_target_bombing_vp",
                  "caf.victory.uncontested_location_vp")
def test_a_last_betty_raid_that_alone_can_win_is_worth_its_odds_worked_out_by_hand(tool):
    """The last hour's raids of the drill: the Marines lead 1 VP to 0 and will score 1 more for Guadalcanal, Japan 1
    for Beach Red. Only a Betty hit on Henderson Field's installation (4 VP) wins for Japan: both AA dice of the
    airstrip must miss (25/36: a 6 drives the raid off) and the bomb die must show 5 or 6 (1/3), so 25/108."""
    game = drill_position(25, 2, 2, "air.raids")
    assert game.to_act == "Japan"
    assert game.state.score == {"US Marines": 1, "Japan": 0}
    assert units(game) == [("1Mar", "guadalcanal", 2), ("1MarRes", None, 0), ("SNLF1", "beach_red", 2),
                           ("SNLF2", None, 0)]
    assert plain(tool, game).value(game.state) == Fraction(25, 108)
    assert shortcut(tool, game).value(game.state) == Fraction(25, 108)


@pytest.mark.parametrize("seed", [10, 48])
def test_the_cactus_shortcuts_give_exactly_what_the_plain_search_gives(tool, seed):
    """The last hour of the drill with all four units on the map: the merged positions and dice reach the same
    fraction as the engine's own state key with every outcome listed, through fewer positions."""
    game = drill_position(seed, 2, 2, "ground.move")
    assert all(u.strength > 0 for u in game.state.units.values())
    a, b = plain(tool, game), shortcut(tool, game)
    va, vb = a.value(game.state), b.value(game.state)
    assert va == vb
    assert 0 < va < 1
    assert b.positions < a.positions


def test_two_snlf_counters_swapped_are_one_position(tool):
    """No rule reads a unit's id: the position with SNLF1 and SNLF2 trading places (and everything the rules
    remember about each) has the same key, and the plain search gives it the same value."""
    game = drill_position(48, 2, 2, "ground.move")
    s = game.state
    a, b = s.units["SNLF1"], s.units["SNLF2"]
    assert (a.at, a.strength) != (b.at, b.strength)
    mirror = s.copy()
    m1, m2 = mirror.units["SNLF1"], mirror.units["SNLF2"]
    m1.at, m1.strength, m2.at, m2.strength = b.at, b.strength, a.at, a.strength
    swap = {"SNLF1": "SNLF2", "SNLF2": "SNLF1"}
    rs = mirror.rules_state
    rs.turn.moved = [swap.get(i, i) for i in rs.turn.moved]
    rs.pinned = {swap.get(k, k): v for k, v in rs.pinned.items()}
    rs.attackers = {swap.get(k, k): v for k, v in rs.attackers.items()}
    key = tool.cactus_key(game.rules)
    assert key(mirror) == key(s)
    assert plain(tool, game).value(mirror) == plain(tool, game).value(s)


def test_searching_leaves_the_position_as_it_was(tool):
    game = drill_position(10, 2, 2, "ground.move")
    before = game.state.to_data()
    shortcut(tool, game).value(game.state)
    plain(tool, game).value(game.state)
    assert game.state.to_data() == before


def test_a_file_of_values_that_is_not_the_tools_is_refused_with_its_name(tool, tmp_path):
    bad = tmp_path / "values.json"
    bad.write_text('{"rows": []}')
    with pytest.raises(SystemExit, match="values.json: not a file of values this tool wrote"):
        tool.load(bad)
    tool.save(bad, {2**127 + 1: 0.5, "text key": 0.25})
    assert tool.load(bad) == {2**127 + 1: 0.5, "text key": 0.25}


def test_a_positions_key_is_the_same_in_every_process(tool):
    """The parts of a split run are separate processes, and ``--combine`` looks their values up by key: a key that
    changed from one process to the next (as Python's ``hash`` of None does) would leave every value unfound."""
    game = drill_position(48, 2, 2, "ground.move")
    here = tool.cactus_key(game.rules)(game.state)
    root = Path(__file__).resolve().parents[1]
    code = ("import sys; sys.path.insert(0, 'benchmarks'); import exact_ceiling as t; "
            "from tests.test_exact_ceiling import drill_position; g = drill_position(48, 2, 2, 'ground.move'); "
            "print(t.cactus_key(g.rules)(g.state))")
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        out = subprocess.run([sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True,
                             check=True).stdout
        assert int(out) == here


@pytest.mark.rule("caf.air.bombing.choose_installation_or_troops", "caf.victory.new_target_bombing_vp")
def test_the_best_choice_shown_is_the_raid_worked_out_by_hand(tool):
    """What best play does is shown with its odds: in the last raid above, only the installation can win (25/108);
    bombing the troops or not raiding leaves Japan behind on points whatever the dice."""
    game = drill_position(25, 2, 2, "air.raids")
    solver = shortcut(tool, game)
    rows = tool.choices(solver, game.state)
    assert rows[0] == (pytest.approx(25 / 108), "Betty bombers (Rabaul): bomb the installation in Guadalcanal")
    assert sorted(words for _, words in rows[1:]) == ["Betty bombers (Rabaul): bomb the troops in Guadalcanal",
                                                      "No more raids"]
    assert all(v == 0 for v, _ in rows[1:])
    assert tool.first_decisions(solver, game.state) == [(1.0, game.state)]


def test_the_openings_shown_are_the_heros_first_decisions_with_their_chances(tool):
    """The Marines' first decisions in the drill's last hour, after Japan's random moves: each is the Marines' to
    make, none is counted twice, and together with the lines where both Marine units are held in fights (no move
    left to them; a combat then ends the game) they make up every game."""
    game = drill_position(10, 2, 2, "ground.move")
    solver = tool.Solver(game.rules, "US Marines", tool.cactus_key(game.rules),
                         tool.cactus_outcomes(World(game.rules)))
    openings = tool.first_decisions(solver, game.state)
    assert all(solver.world.to_act(s) == "US Marines" for _, s in openings)
    assert len({solver.key(s) for _, s in openings}) == len(openings)
    assert [p for p, _ in openings] == sorted((p for p, _ in openings), reverse=True)
    # Japan passes (1/5), or moves one SNLF and passes or moves the other: 4/5 of games then split in thirds.
    # Both SNLFs into different boxes, each holding a Marine unit (4 of the 12 two-move lines), leave the
    # Marines no move: 1 - 4/15.
    assert sum(p for p, _ in openings) == pytest.approx(11 / 15)
    value = solver.value(game.state)
    for _, state in openings:
        best = tool.choices(solver, state)
        assert best[0][0] == max(v for v, _ in best) == solver.value(state)
    assert 0 < value < 1


@pytest.mark.rule("caf.air.bombing.choose_installation_or_troops", "caf.victory.new_target_bombing_vp")
def test_the_comparison_with_best_play_gives_the_shortfall_of_each_move_made(tool, capsys):
    """``--compare``: a player's moves set against best play. At the last raid above (25/108 for the installation,
    nothing otherwise), a player that takes the first move listed ("No more raids") falls short by all of 25/108 at
    that decision, in each game; the veteran bombs the installation and falls short by nothing. The report says so,
    and puts what the player should win in the long run at the best value less the shortfall."""
    game = drill_position(25, 2, 2, "air.raids")
    solver = shortcut(tool, game)
    again = lambda seed: drill_position(25, 2, 2, "air.raids")  # noqa: E731 - the same position, whatever the seed
    first = tool.compare(solver, again, "first", range(1, 3))
    assert [g["seed"] for g in first] == [1, 2] and all(g["winner"] == "US Marines" for g in first)
    for g in first:
        [d] = g["decisions"]
        assert (d["clock"], d["step"], d["made"]) == ("Turn 2, hour 2", "air.raids", "No more raids")
        assert d["made_value"] == 0 and d["best_value"] == pytest.approx(25 / 108)
        assert d["best"] == ["Betty bombers (Rabaul): bomb the installation in Guadalcanal"]
    veteran = tool.compare(solver, again, "veteran", range(1, 2))
    [d] = veteran[0]["decisions"]
    assert d["made"] == d["best"][0] and d["made_value"] == d["best_value"]
    capsys.readouterr()
    tool.report_compare(first, "Japan", 25 / 108)
    out = capsys.readouterr().out
    assert "2 games: 0-2-0 (won-lost-drawn); shortfall against best play 0.2315 a game, so about 0.0% won" in out
    assert "Turn 2, hour 2, air.raids: 2, 0.2315" in out
    assert "seed 1, Turn 2, hour 2, air.raids: made No more raids (0.0000); best Betty bombers" in out
    tool.report_compare(veteran, "Japan", 25 / 108)
    out = capsys.readouterr().out
    assert "shortfall against best play 0.0000 a game, so about 23.1% won" in out
    assert "Every move made was one of the best." in out


@pytest.mark.rule("caf.victory.uncontested_location_vp", "caf.sequence.ground_move_timing")
def test_against_another_player_the_other_side_makes_that_players_moves(tool):
    """``--against veteran``: the best any Japanese player could do against the veteran's Marines. In the drill's
    last hour the other side's moves are the veteran's own (asked as in a game standing there, held to its node
    budget, which is put back after), the merged positions and dice give exactly what the plain search gives, and
    the value is not the one against ``random``. With ``--draws-half`` a draw is worth half a win, so the value is the
    expected score: more than the chance of winning wherever a draw can happen."""
    search_module = importlib.import_module("hexlab.ai.search")

    game = drill_position(10, 2, 2, "ground.move")
    assert game.to_act == "Japan"
    levels = dict(search_module.LEVELS)
    veteran = tool.player_choice(game.rules, "veteran", 1 * 7919 + 202)
    a = tool.Solver(game.rules, "Japan", exact=True, other=veteran)
    b = tool.Solver(game.rules, "Japan", tool.cactus_key(game.rules), tool.cactus_outcomes(World(game.rules), True),
                    exact=True, other=veteran)
    value = a.value(game.state)
    assert value == b.value(game.state)
    assert 0 < value < 1
    assert value != shortcut(tool, game).value(game.state)
    score = tool.Solver(game.rules, "Japan", tool.cactus_key(game.rules), tool.cactus_outcomes(World(game.rules), True),
                        exact=True, other=veteran, draw_half=True).value(game.state)
    assert value < score < 1
    assert search_module.LEVELS == levels
    # the player's moves are the ones it makes in a game: at the Marines' first decision below, the one followed
    state = game.state
    world = World(game.rules)
    while world.to_act(state) == "Japan" or world.kind(state) != "decision":
        state = world.settle(world.apply(state, world.legal(state)[0]))
    [(chance, child)] = tool.other_moves(b, state)
    from hexlab.engine.game import Game
    from hexlab.players import make_player
    with tool.node_budgets():
        made = make_player("veteran", 1 * 7919 + 202).choose(Game(game.rules, state, seed=0, batch=True))
    assert chance == 1.0 and tool.state_key(child) == tool.state_key(world.apply(state, made))


@pytest.mark.rule("caf.air.aa.hit_number_default", "caf.air.bombing.defaults", "caf.victory.new_target_bombing_vp")
def test_a_players_own_value_is_its_moves_followed_through_every_roll(tool):
    """``--play PLAYER``: the seat's moves are a player's, not its best, so the value is that player's own. At the last
    Betty raid worked out by hand above, the veteran bombs Henderson Field's installation and wins 25/108 of games; a
    player that takes the first move listed ("No more raids") wins none. In the drill's last hour against the
    veteran's Marines, the veteran's own value is at most the best play's, and the merged positions give exactly
    the plain search's."""
    raid = drill_position(25, 2, 2, "air.raids")
    for kind, expected in (("veteran", Fraction(25, 108)), ("first", Fraction(0))):
        mine = tool.player_choice(raid.rules, kind, 1 * 7919 + 101)
        assert tool.Solver(raid.rules, "Japan", exact=True, mine=mine).value(raid.state) == expected
    game = drill_position(10, 2, 2, "ground.move")
    veteran_marines = tool.player_choice(game.rules, "veteran", 1 * 7919 + 202)
    veteran_japan = tool.player_choice(game.rules, "veteran", 1 * 7919 + 101)
    merged = dict(key=tool.cactus_key(game.rules), outcomes=tool.cactus_outcomes(World(game.rules), True))
    own = tool.Solver(game.rules, "Japan", exact=True, other=veteran_marines, mine=veteran_japan).value(game.state)
    assert own == tool.Solver(game.rules, "Japan", **merged, exact=True, other=veteran_marines,
                              mine=veteran_japan).value(game.state)
    best = tool.Solver(game.rules, "Japan", **merged, exact=True, other=veteran_marines).value(game.state)
    assert 0 < own <= best
