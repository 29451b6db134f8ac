"""War at Sea troop landings (ruleset ``warsea``): each test plays a scenario through the engine as a player would
(positions set up by hand where a test needs one) and checks one clause or a few."""

from __future__ import annotations

from pathlib import Path

import pytest

import hexlab
from hexlab.engine import Unit
from hexlab.engine.errors import ScenarioError
from hexlab.engine.state import Aboard
from hexlab.rulesets.warsea import board
from hexlab.rulesets.warsea.actions import (
    Attack,
    EndAttacks,
    EndLoading,
    EndMissions,
    EndMoves,
    EndUnloading,
    Fly,
    Load,
    Mark,
    Move,
    Order,
    Unload,
)
from hexlab.rulesets.warsea.combat import successes
from hexlab.rulesets.warsea.end_turn import has_ships
from hexlab.rulesets.warsea.sequence import TURN
from hexlab.scenario import load_text
from hexlab.testing import force_roll, refused

PASSES = (EndLoading(), EndMoves(), EndUnloading(), EndMissions(), EndAttacks())
SCEN = Path(__file__).resolve().parents[1] / "scenarios" / "warsea"


def new(name: str = "tokyo_express", seed: int = 1):
    return hexlab.load(f"warsea/{name}", seed=seed)


def settle(game) -> None:
    while not game.is_over and game.current_step.kind == "auto":
        game.step()


def until(game, key: str, first: str | None = None, side: str | None = None, rolls: bool = True) -> None:
    """Play on, passing every decision (``first`` moves first), rolling every dice step, until the game stands at
    step ``key`` (with ``side`` to decide, if given)."""
    for _ in range(500):
        if game.is_over:
            raise AssertionError(f"the game ended before {key}")
        if game.state.position == key and (side is None or game.to_act == side):
            return
        step = game.current_step
        if step.kind == "auto":
            game.step()
        elif step.kind == "dice":
            if not rolls:
                raise AssertionError(f"at {game.state.position}, a roll before {key}")
            game.step()
        elif game.state.position == "initiative.choose":
            game.apply(Order(first or game.state.sides[0]))
        elif game.state.position == "infantry.mark":
            game.apply(next(iter(game.legal_actions())))
        else:
            legal = list(game.legal_actions())
            game.apply(next(a for a in legal if a in PASSES))
    raise AssertionError(f"never reached {key}")


def done(game, side: str) -> None:
    """``side`` passes, if it is still deciding (a side with nothing left to do is passed over by itself)."""
    if not game.is_over and game.current_step.kind == "decision" and game.to_act == side:
        game.apply(next(a for a in game.legal_actions() if a in PASSES))


def initiative(game, winner: str) -> None:
    """Roll the initiative so that ``winner`` wins it (12 against 2)."""
    assert game.state.position == "initiative.roll"
    sides = game.state.sides
    force_roll(game, *([6, 6] if s == winner else [1, 1] for s in sides))


def troop(game, uid: str, side: str, at, strength: int = 2) -> Unit:
    u = Unit(uid, side, "troop", at, strength, 2)
    game.state.units[uid] = u
    return u


def events(game, kind: str) -> list:
    return [e for e in game.log if e.kind == kind]


# ------------------------------------------------------------------------------------------------ setting up


@pytest.mark.rule("was.setup.map.any_standard_map", "was.base.map_sectors_default",
                  "was.setup.islands.at_objective_positions", "was.victory.island_is_objective")
def test_any_grid_of_sectors_serves_with_islands_on_the_objectives():
    sizes = {n: new(n).rules.board.sectors for n in ("tokyo_express", "drill_landing", "drill_rescue")}
    assert sizes == {"tokyo_express": (5, 8), "drill_landing": (4, 4), "drill_rescue": (3, 4)}
    game = new()
    rules = game.rules
    assert board.islands(rules) == ["B4", "D3", "D6"]
    assert [board.island_value(rules, i) for i in board.islands(rules)] == [25, 50, 75]
    assert board.deployment_area(rules, "Japan") == ["A1", "B1", "C1", "D1", "E1"]
    assert board.deployment_area(rules, "United States") == ["A8", "B8", "C8", "D8", "E8"]
    assert board.distance("A1", "B2") == 1 and board.distance("A1", "C4") == 3  # king-wise
    assert "Islands (objectives): Savo Island B4 (25 points)" in game.log[0].text


@pytest.mark.rule("was.special.optional.vertical_map")
def test_the_vertical_map_puts_the_deployment_areas_on_the_rows():
    text = (SCEN / "drill_landing.toml").read_text().replace("turns = 4", "turns = 4\nvertical_map = true")
    rules = load_text(text, "warsea/vertical").rules
    assert board.deployment_area(rules, "United States") == ["A1", "A2", "A3", "A4"]
    assert board.deployment_area(rules, "Japan") == ["D1", "D2", "D3", "D4"]


@pytest.mark.rule("was.special.scope.excluded_scenarios")
def test_a_scenario_without_islands_is_not_a_landing_scenario():
    text = (SCEN / "drill_rescue.toml").read_text().replace('terrain = "island"', 'terrain = "sea"')
    with pytest.raises(ScenarioError, match="excluded_scenarios"):
        load_text(text, "warsea/convoy")


@pytest.mark.rule("was.setup.no_preloaded_deployment")
def test_no_unit_deploys_with_troops_aboard():
    text = (SCEN / "drill_rescue.toml").read_text() + '\n[[unit]]\nid = "J9"\nside = "Japan"\ntype = "troop"\n' \
                                                       'at = { aboard = "TK1" }\n'
    with pytest.raises(ScenarioError, match="no_preloaded_deployment"):
        load_text(text, "warsea/preloaded")
    game = new()
    assert not [u for u in game.state.units.values() if isinstance(u.at, Aboard)]


@pytest.mark.rule("was.base.unit_data_default")
def test_each_ship_takes_its_card_from_the_scenario():
    game = new()
    bb = game.state.units["BB1"]
    assert (bb.strength, bb.max_strength) == (3, 3) and "class" not in bb.attrs
    assert board.card(game.rules, game.state, bb).name == "Kongo-class battleship"
    assert game.rules.unit_title(bb) == "Japan Kongo-class battleship BB1"


# ------------------------------------------------------------------------------------------------ initiative


@pytest.mark.rule("was.base.initiative_default")
def test_initiative_ties_are_rolled_again_and_the_winner_chooses_who_moves_first():
    game = new()
    force_roll(game, [3, 3], [2, 4])
    assert game.state.position == "initiative.roll" and "a tie" in game.log[-1].text
    initiative(game, "Japan")
    assert game.state.position == "initiative.choose" and game.to_act == "Japan"
    assert game.rules.suggest(game.state) == Order("United States")  # the computer moves second
    game.apply(Order("United States"))
    assert game.rules.mine(game.state).order == ["United States", "Japan"]
    assert game.to_act == "United States"


# ------------------------------------------------------------------------------------------------ loading


@pytest.mark.rule("was.naval.load.start_of_sea_movement", "was.naval.load.capacity_limit", "was.naval.capacity.landing_10",
                  "was.naval.capacity.no_other_carriers", "was.components.troops.unlimited_supply")
def test_loading_at_the_start_of_sea_movement_up_to_capacity():
    game = new("drill_landing")
    initiative(game, "United States")
    game.apply(Order("United States"))
    assert game.state.position == "sea.load"
    assert refused(game, Load("DD")) == "was.naval.capacity.no_other_carriers"
    game.apply(Load("LST"))
    game.apply(Load("LST"))
    assert len(game.state.aboard("LST")) == 2
    assert game.state.position == "sea.move"  # nothing left to load: passed over
    from hexlab.rulesets.warsea.sea import why_not_load

    assert why_not_load(game.rules, game.state, Load("LST"), "United States").clause == "was.naval.load.capacity_limit"
    assert refused(game, Load("LST")) == "was.naval.load.start_of_sea_movement"
    made = {u.id for u in game.state.units.values() if u.kind == "troop"}
    assert {"UT1", "UT2"} <= made  # new counters from the unlimited supply


@pytest.mark.rule("was.naval.load.deployment_area_only")
def test_troops_are_loaded_only_in_the_deployment_area():
    game = new("drill_landing")
    game.state.units["LST"].at = "B2"
    initiative(game, "United States")
    game.apply(Order("United States"))
    assert game.state.position == "sea.move"  # no carrier in the deployment area: loading is passed over
    game2 = new("drill_landing")
    initiative(game2, "United States")
    game2.apply(Order("United States"))
    game2.state.units["LST"].at = "B2"
    assert refused(game2, Load("LST")) == "was.naval.load.deployment_area_only"


@pytest.mark.rule("was.naval.capacity.landing_10", "was.naval.capacity.vital_cargo", "was.naval.capacity.landing_5",
                  "was.naval.capacity.landing_3", "was.naval.capacity.secret_cargo", "was.naval.capacity.beach_landing_3",
                  "was.naval.capacity.tokyo_express", "was.naval.capacity.evacuate",
                  "was.naval.capacity.land_secret_cargo_2", "was.naval.capacity.no_other_carriers",
                  "was.naval.capacity.multiple_abilities_default", "was.special.no_sea_control_irrelevant")
def test_the_capacity_table():
    from hexlab.rulesets.warsea.data import capacity_of

    table = {"Landing 10": 2, "Vital Cargo": 2, "Landing 5": 1, "Landing 3": 1, "Secret Cargo": 1,
             "Beach Landing 3": 1, "Tokyo Express": 1, "Evacuate": 1, "Land Secret Cargo 2": 1}
    for ability, room in table.items():
        n, clause = capacity_of([ability])
        assert n == room and clause.split(".")[:3] == ["was", "naval", "capacity"]
    assert capacity_of(["Bombard"]) == (0, "was.naval.capacity.no_other_carriers")
    assert capacity_of(["Tokyo Express", "Evacuate"]) == (1, "was.naval.capacity.multiple_abilities_default")
    assert capacity_of(["Landing 5", "Landing 10"])[0] == 2  # the highest, never the sum
    assert capacity_of(["Landing 5", "No Sea Control"]) == capacity_of(["Landing 5"])
    # in play: a Tokyo Express destroyer loads one troop, the Vital Cargo transport two
    game = new()
    initiative(game, "Japan")
    game.apply(Order("Japan"))
    game.apply(Load("DT1"))
    assert refused(game, Load("DT1")) == "was.naval.load.capacity_limit"
    rescue = new("drill_rescue")
    initiative(rescue, "Japan")
    rescue.apply(Order("Japan"))
    rescue.apply(Load("TK1"))
    rescue.apply(Load("TK1"))
    assert len(rescue.state.aboard("TK1")) == 2


# ------------------------------------------------------------------------------------------------ moving and unloading


@pytest.mark.rule("was.base.sea_movement_default")
def test_ships_move_their_speed_one_sector_at_a_time_and_aircraft_do_not():
    game = new()
    initiative(game, "Japan")
    game.apply(Order("Japan"))
    until(game, "sea.move", side="Japan")
    assert refused(game, Move("BB1", "B3")) == "was.base.sea_movement_default"  # two sectors at once
    game.apply(Move("BB1", "B2"))
    assert refused(game, Move("BB1", "B3")) == "was.base.sea_movement_default"  # Speed 1
    game.apply(EndMoves())
    assert refused(game, Move("VB1", "D7")) == "was.base.sea_movement_default"


@pytest.mark.rule("was.naval.unload.end_of_sea_movement", "was.naval.unload.any_island", "was.naval.unload.partial_allowed",
                  "was.naval.unload.only_anti_air_after", "was.victory.no_vp_for_cargo_abilities")
def test_unloading_at_the_end_of_sea_movement_some_or_all():
    game = new("drill_landing")
    initiative(game, "United States")
    game.apply(Order("United States"))
    game.apply(Load("LST"))
    game.apply(Load("LST"))
    assert refused(game, Unload("UT1")) == "was.naval.unload.end_of_sea_movement"
    game.apply(Move("LST", "B2"))
    game.apply(Move("DD", "B2"))
    game.apply(Move("LST", "B3"))
    game.apply(Move("DD", "C3"))  # every ship has used its Speed: the moves end by themselves
    assert game.state.position == "sea.unload"
    game.apply(Unload("UT1"))
    assert game.state.units["UT1"].at == "B3" and game.state.units["UT2"].at == Aboard("LST")
    game.apply(EndUnloading())  # UT2 stays aboard
    assert game.state.units["UT2"].at == Aboard("LST")
    until(game, "surface.declare", side="United States")
    assert refused(game, Attack("LST", "J1", "gunnery")) == "was.naval.unload.only_anti_air_after"
    assert refused(game, Attack("DD", "J1", "gunnery")) is None
    until(game, "end.victory")
    settle(game)
    assert game.state.score == {"United States": 0, "Japan": 50}  # unloading scores nothing


@pytest.mark.rule("was.naval.unload.any_island")
def test_troops_go_ashore_only_on_an_island_in_their_carriers_sector():
    game = new("drill_landing")
    initiative(game, "United States")
    game.apply(Order("United States"))
    game.apply(Load("LST"))
    game.apply(Load("LST"))
    game.apply(Move("LST", "B2"))
    game.apply(EndMoves())
    assert game.state.position != "sea.unload"  # at sea, nothing to unload: passed over
    assert refused(game, Unload("UT1")) == "was.naval.unload.end_of_sea_movement"


# ------------------------------------------------------------------------------------------------ attacks


def landed_japanese(game):
    """Tokyo Express with a Japanese troop on Lunga Point beside the two Marines, and the battleship next to it."""
    troop(game, "JX", "Japan", "D6")
    game.state.units["BB1"].at = "D4"
    return game


@pytest.mark.rule("was.naval.gunfire_vs_troops.surface_attack_phase", "was.naval.gunfire_vs_troops.gunnery_only",
                  "was.combat.bombard_shore_support_bonus", "was.base.gunnery_range_default")
def test_ships_fire_at_troops_with_gunnery_only_and_bombard_adds_two_dice():
    game = landed_japanese(new())
    initiative(game, "Japan")
    until(game, "surface.declare", first="Japan", side="Japan")
    assert refused(game, Attack("BB1", "M1", "torpedo")) == "was.naval.gunfire_vs_troops.gunnery_only"
    assert refused(game, Attack("BB1", "CL1", "gunnery")) == "was.base.gunnery_range_default"  # D8: 4 away
    game.apply(Attack("BB1", "M1", "gunnery"))
    assert game.rules.mine(game.state).declared[0].dice == 4 + 2  # gunnery 4 at range 2, +2 Bombard
    from hexlab.rulesets.warsea.attacks import why_not_attack

    again = why_not_attack(game.rules, game.state, Attack("BB1", "M2", "gunnery"), "Japan")
    assert again.clause == "was.base.gunnery_range_default"  # one gunnery attack a phase


@pytest.mark.rule("was.air.aircraft_vs_troops.air_attack_phase", "was.air.aircraft_vs_troops.bomb_or_gunnery_only",
                  "was.base.air_missions_default")
def test_aircraft_attack_troops_with_bombs_or_gunnery_in_the_air_attack_phase():
    game = landed_japanese(new())
    initiative(game, "United States")
    until(game, "air.mission", first="United States", side="United States")
    assert refused(game, Fly("VB1", "A1")) == "was.base.air_missions_default"  # out of range
    game.apply(Fly("VB1", "D6"))
    game.apply(EndMissions())
    until(game, "airatk.declare", side="United States")
    assert refused(game, Attack("VB1", "JX", "torpedo")) == "was.air.aircraft_vs_troops.bomb_or_gunnery_only"
    assert {a for a in game.legal_actions() if isinstance(a, Attack)} == {
        Attack("VB1", "JX", "bombs"), Attack("VB1", "JX", "gunnery")}
    game.apply(Attack("VB1", "JX", "bombs"))
    done(game, "United States")
    assert game.state.position == "airatk.fire"
    force_roll(game, [6, 6, 6, 6])  # 8 successes: one damage, no more (Hard to Kill)
    assert game.state.units["JX"].strength == 1
    until(game, "airreturn.back", rolls=True)
    settle(game)
    assert str(game.state.units["VB1"].at) == "henderson/Ready"


@pytest.mark.rule("was.combat.base_attack_dice_default", "was.components.troop.armour_5", "was.combat.troop.hard_to_kill",
                  "was.components.troop.hull_points_2", "was.combat.base_armour_damage_default")
def test_the_combat_function_against_troops():
    from hexlab.rulesets.warsea.combat import TROOP, Target, attack

    assert successes((6, 6, 5, 4, 3, 2, 1, 1)) == 6
    assert attack((6, 5, 4, 1), TROOP).effect == "no effect"  # 4 successes under Armour 5
    assert attack((6, 5, 4, 4), TROOP).effect == "damaged"
    assert attack((6,) * 6, TROOP).effect == "damaged"  # 12 successes: Hard to Kill
    assert attack((6, 6, 5), Target("troop", 5, None, 1, True)).effect == "destroyed"
    assert TROOP.hull_left == 2 and TROOP.armour == 5


@pytest.mark.rule("was.base.attack_on_ships_default")
def test_armour_damages_a_ship_and_aborts_an_aircraft_vital_armour_sinks_and_destroys():
    from hexlab.rulesets.warsea.combat import Target, attack

    transport = Target("ship", 3, 6, 1)
    assert attack((6, 6, 6, 1), transport).effect == "sunk"
    assert attack((6, 4), Target("ship", 3, 6, 2)).effect == "damaged"
    bomber = Target("aircraft", 3, 5)
    assert attack((6, 4, 1), bomber).effect == "aborted"
    assert attack((6, 6, 4), bomber).effect == "destroyed"


@pytest.mark.rule("was.base.simultaneous_phase_default", "was.naval.carrier_sunk_troops_lost", "was.naval.rescue.trigger",
                  "was.naval.rescue.success_one_troop", "was.naval.rescue.overrides_capacity",
                  "was.naval.rescue.roll_default", "was.victory.no_vp_for_rescue_operations",
                  "was.victory.check.point_total")
def test_a_sunk_carrier_loses_its_troops_unless_rescue_operations_save_one():
    game = new("drill_rescue")
    initiative(game, "Japan")
    game.apply(Order("Japan"))
    game.apply(Load("TK1"))
    game.apply(Load("TK1"))
    game.apply(Move("TK1", "B2"))
    game.apply(Move("DD1", "B2"))
    game.apply(EndMoves())
    game.apply(Move("CL1", "B3"))
    game.apply(EndMoves())
    until(game, "surface.declare", side="Japan")
    game.apply(Attack("DD1", "CL1", "gunnery"))
    done(game, "Japan")
    game.apply(Attack("CL1", "TK1", "gunnery"))
    done(game, "United States")
    force_roll(game, [6, 6], lambda f: successes(f) >= 5)  # DD1 damages CL1, CL1 sinks TK1: both fired
    s = game.state
    assert not s.units["TK1"].alive and s.units["CL1"].strength == 1
    assert not s.units["JT1"].alive and not s.units["JT2"].alive
    assert events(game, "TroopsLost")[-1].data["troops"] == ["JT1", "JT2"]
    assert s.position == "surface.rescue"
    force_roll(game, [4])
    s = game.state
    aboard = s.aboard("DD1")
    assert len(aboard) == 1 and board.capacity(game.rules, s, s.units["DD1"])[0] == 0
    until(game, "end.victory")
    settle(game)
    assert game.state.score["United States"] == 8 and game.state.score["Japan"] == 0


@pytest.mark.rule("was.naval.rescue.roll_default")
def test_a_failed_rescue_roll_saves_nobody():
    game = new("drill_rescue")
    initiative(game, "Japan")
    game.apply(Order("Japan"))
    game.apply(Load("TK1"))
    game.apply(EndLoading())
    game.apply(Move("DD1", "B2"))
    game.apply(Move("TK1", "B2"))
    game.apply(EndMoves())
    game.apply(Move("CL1", "B3"))
    game.apply(EndMoves())
    until(game, "surface.declare", side="United States")
    game.apply(Attack("CL1", "TK1", "gunnery"))
    done(game, "United States")
    force_roll(game, lambda f: successes(f) >= 5)
    force_roll(game, [3])
    assert game.state.aboard("DD1") == []


# ------------------------------------------------------------------------------------------------ infantry combat


def infantry(game, winner: str = "Japan"):
    initiative(game, winner)
    until(game, "infantry.roll", first=winner)
    return game


@pytest.mark.rule("was.sequence.infantry_combat_phase_placement", "was.combat.troop.mandatory_same_island",
                  "was.combat.troop.one_die_per_counter", "was.combat.troop.hit_on_5_or_6",
                  "was.combat.troop.simultaneous_removal", "was.combat.troop.control_if_sole_survivor",
                  "was.combat.troop.hard_to_kill_not_vs_troops")
def test_infantry_combat_marks_troops_and_removes_them_at_the_end_of_the_phase():
    assert TURN.index("surface.fire") < TURN.index("infantry.roll") < TURN.index("submarine.attack")
    game = infantry(landed_japanese(new()))
    pool = game.rules.roll(game.state)
    assert [n for _, n in pool.pool] == [1, 2] and pool.by == ("Japan", "United States")
    force_roll(game, [6], [5, 4])  # Japan 1 hit on 2 Marines: Japan chooses; the Marines' 5 marks JX
    assert game.state.position == "infantry.mark" and game.to_act == "Japan"
    assert game.state.units["JX"].alive  # marked, but still here until the phase ends
    game.apply(Mark("M2"))
    s = game.state
    assert not s.units["JX"].alive and not s.units["M2"].alive and s.units["M1"].alive
    assert game.rules.mine(s).control["D6"] == "United States"
    assert events(game, "IslandControl")[-1].data == {"island": "D6", "side": "United States"}


@pytest.mark.rule("was.combat.troop.contested_continues", "was.combat.troop.hit_on_5_or_6")
def test_an_island_both_still_hold_is_fought_over_next_turn():
    game = infantry(landed_japanese(new()))
    force_roll(game, [4], [4, 1])  # a 4 hits nobody
    assert all(game.state.units[u].alive for u in ("JX", "M1", "M2"))
    assert "fight goes on next turn" in events(game, "IslandControl")[-1].text
    until(game, "initiative.roll")
    initiative(game, "Japan")
    until(game, "infantry.roll", first="Japan")
    assert game.state.turn == 2


# ------------------------------------------------------------------------------------------------ the end of the turn


@pytest.mark.rule("was.combat.troop.regroup_end_of_turn", "was.sequence.base_turn_order_default")
def test_regroup_removes_troop_damage_at_the_end_of_the_turn():
    game = new()
    game.state.units["M1"].strength = 1
    initiative(game, "Japan")
    until(game, "end.regroup", first="Japan")
    assert game.state.units["M1"].strength == 1
    game.step()
    assert game.state.units["M1"].strength == 2
    said = [e.text for e in game.log if e.kind == "PhaseBegan"]
    assert said[-2].startswith("Air Return") or "Submarine" in " ".join(said)
    assert any(e.kind == "PhasePassed" for e in game.log)  # no submarine in play: the phase passes


@pytest.mark.rule("was.victory.claim.sole_troops_at_check", "was.victory.claim.not_removed",
                  "was.victory.claim.revert_to_neutral", "was.victory.claim.switch_sides",
                  "was.victory.check.end_of_each_turn", "was.victory.island_value_equals_objective",
                  "was.victory.check.continue_otherwise")
def test_claims_are_worked_out_again_at_every_check():
    game = new()
    game.state.units["BB1"].at = "A1"
    initiative(game, "Japan")
    until(game, "initiative.roll", first="Japan")
    assert game.rules.mine(game.state).claims == {"D6": "United States"}
    assert game.state.score == {"United States": 75, "Japan": 0} and game.state.turn == 2
    for m in ("M1", "M2"):  # the Marines are gone and a Japanese troop holds Lunga Point: the claim switches
        game.state.units[m].strength = 0
    troop(game, "JX", "Japan", "D6")
    initiative(game, "Japan")
    until(game, "initiative.roll", first="Japan")
    assert game.rules.mine(game.state).claims == {"D6": "Japan"} and game.state.score["Japan"] == 75
    troop(game, "MX", "United States", "D6")  # both sides there at the next check: neutral again
    initiative(game, "Japan")
    until(game, "infantry.roll", first="Japan")
    force_roll(game, [1], [1])
    until(game, "initiative.roll")
    assert game.rules.mine(game.state).claims == {} and game.state.score["Japan"] == 0
    assert "D6" in game.rules.board.areas and game.rules.board.areas["D6"].terrain == "island"
    texts = [e.text for e in events(game, "Claim")]
    assert any("neutral again" in t for t in texts) and any("now has only Japan troops" in t for t in texts)
    assert len(events(game, "Points")) == 3  # one check a turn
    assert board.island_value(new("drill_landing").rules, "B3") == 50  # no value given: an objective's 50


@pytest.mark.rule("was.victory.check.win_if_exceeds", "was.victory.threshold_and_tie_default",
                  "was.victory.check.continue_otherwise")
def test_a_total_above_the_winning_amount_wins_and_equal_totals_go_on():
    game = new()
    game.rules.options = game.rules.options.model_copy(update={"victory_points": 75})
    initiative(game, "Japan")
    until(game, "initiative.roll", first="Japan")  # exactly 75 does not win
    assert not game.is_over and game.state.turn == 2
    game.rules.options = game.rules.options.model_copy(update={"victory_points": 74})
    initiative(game, "Japan")
    with pytest.raises(AssertionError, match="ended"):
        until(game, "initiative.roll", first="Japan")
    assert game.result["winner"] == "United States"
    tie = new()
    tie.rules.options = tie.rules.options.model_copy(update={"victory_points": 10})
    troop(tie, "JX", "Japan", "D3")
    tie.state.units["D3x"] = Unit("D3x", "Japan", "troop", "B4", 2, 2)  # Japan: 50 + 25 = 75, as the Americans
    initiative(tie, "Japan")
    until(tie, "initiative.roll", first="Japan")
    assert not tie.is_over and tie.state.score == {"United States": 75, "Japan": 75}
    tie.state.units["D3x"].strength = 0
    initiative(tie, "Japan")
    with pytest.raises(AssertionError, match="ended"):
        until(tie, "initiative.roll", first="Japan")
    assert tie.result["winner"] == "United States"  # both above 10: the higher total wins


@pytest.mark.rule("was.special.optional.auxiliary_respawn", "was.special.optional.auxiliary_still_scores",
                  "was.special.optional.auxiliary_not_ship_for_bonus")
def test_the_optional_auxiliary_rule():
    text = (SCEN / "drill_rescue.toml").read_text().replace('abilities = ["Vital Cargo"]',
                                                             'abilities = ["Vital Cargo"]\nauxiliary = true')
    text = text.replace("turns = 3", "turns = 3\nauxiliary_respawn = true\nno_ship_bonus = 30")
    game = load_text(text, "warsea/aux", seed=1)
    initiative(game, "Japan")
    game.apply(Order("Japan"))
    game.apply(EndLoading())
    game.apply(Move("TK1", "B2"))
    game.apply(EndMoves())
    game.apply(Move("CL1", "B3"))
    game.apply(EndMoves())
    until(game, "surface.declare", side="United States")
    game.apply(Attack("CL1", "TK1", "gunnery"))
    done(game, "United States")
    force_roll(game, lambda f: successes(f) >= 5)
    tk = game.state.units["TK1"]
    assert tk.alive and tk.at == "B1" and tk.strength == tk.max_strength
    assert [x.unit for x in game.rules.mine(game.state).sinkings] == ["TK1"]
    game.state.units["DD1"].strength = 0  # only the Auxiliary left: no Ship remains for the bonus
    assert not has_ships(game.rules, game.state, "Japan")
    until(game, "end.victory")
    settle(game)
    assert game.state.score["United States"] == 8 + 30


@pytest.mark.rule("was.base.air_missions_default", "was.base.simultaneous_phase_default")
def test_anti_air_aborts_an_aircraft_before_its_attack():
    game = landed_japanese(new())
    initiative(game, "United States")
    until(game, "air.mission", first="United States", side="United States")
    game.apply(Fly("VB1", "D4"))
    game.apply(EndMissions())
    until(game, "airdef.declare", side="Japan")
    game.apply(Attack("BB1", "VB1", "anti_air"))
    done(game, "Japan")
    force_roll(game, [6, 4, 1])  # 3 successes: aborted
    assert "VB1" in game.rules.mine(game.state).aborted
    assert game.state.position != "airatk.declare"  # the only aircraft is aborted: no air attack
