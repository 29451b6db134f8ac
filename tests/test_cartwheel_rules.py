"""Operation Cartwheel (ruleset ``cartwheel``): each test plays a scenario through the engine as players would
(positions set up by hand where a test needs one) and checks one clause or a few."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

import hexlab
from hexlab.dice import D10
from hexlab.engine.state import DisplayBox
from hexlab.rulesets.cartwheel import board, combat
from hexlab.rulesets.cartwheel.actions import (
    Build,
    Commit,
    CommitTF36,
    Designate,
    Dismantle,
    FlyRecon,
    GeneralRegroup,
    March,
    PassMission,
    PlaceMagic,
    PlaceRecon,
    Sail,
    StrikeBase,
    StrikeShip,
)
from hexlab.rulesets.cartwheel.data import (
    ABSENT,
    CONSTRUCTION,
    DESTROYED,
    DISRUPTED,
    FLOWN,
    FLOWN_D,
    GONE,
    READY,
    READY_D,
    WORKING,
    calendar,
    event_for,
    missions_for,
)
from hexlab.rulesets.cartwheel.scoring import totals
from hexlab.rulesets.cartwheel.sequence import SEQUENCE, TURN
from hexlab.testing import force_roll, refused


def new(name: str = "wewak", seed: int = 1):
    return hexlab.load(f"cartwheel/{name}", seed=seed)


NO = {"Commit": Commit(False), "CommitTF36": CommitTF36(False), "GeneralRegroup": GeneralRegroup(False)}


def until(game, key: str, side: str | None = None, choices: dict | None = None, rolls: dict | None = None) -> None:
    """Play on, passing every decision (no commitment, no general regroup unless ``choices`` says otherwise by
    position), rolling every dice step (with ``rolls[position]`` forced faces), until the game stands at ``key``."""
    choices, rolls = choices or {}, rolls or {}
    for _ in range(2000):
        assert not game.is_over, f"the game ended before {key}"
        if game.state.position == key and (side is None or game.to_act == side):
            return
        step = game.current_step
        if step.kind == "auto":
            game.step()
        elif step.kind == "dice":
            pos = game.state.position
            if pos in rolls:
                force_roll(game, *rolls[pos])
            else:
                game.step()
        else:
            legal = list(game.legal_actions())
            pick = choices.get(game.state.position)
            if pick is not None and pick in legal:
                game.apply(pick)
                continue
            passes = [a for a in legal if a.verb == "pass"] or [a for a in legal if a in NO.values()]
            game.apply(passes[0])
    raise AssertionError(f"never reached {key}")


def mine(game):
    return game.rules.mine(game.state)


def at(game, uid: str):
    return game.state.units[uid].at


def put(game, uid: str, display: str, box: str = READY) -> None:
    game.state.units[uid].at = DisplayBox(display, box)


# =========================================================================== components, die, map
@pytest.mark.rule("oc.components.die.d10_zero_is_ten", "oc.components.die.dr_and_drm",
                  "oc.components.inventory_and_die")
def test_the_die_reads_zero_as_ten_and_adds_drms():
    assert D10.faces == tuple(range(1, 11))
    assert combat.modified(5, 1) == 6
    assert not combat.recon_flies(10, False)  # a 0 is 10: it fails a roll of 7 or less
    g = new()
    assert {d.side for d in g.rules.board.displays.values()} == {"Allies", "Japan"}  # one ADC a side


@pytest.mark.rule("oc.components.map.hex_ids", "oc.components.map.hex_map_data_default",
                  "oc.components.map.terrain_effects", "oc.components.map.fractional_hexes_unplayable")
def test_map_four_digit_hexes_terrain_and_edge():
    g = new()
    r = g.rules
    assert board.terrain(r, "0203") == "clear" and board.terrain(r, "0406") == "mountain"
    assert board.terrain(r, "0103") == "sea" and board.terrain(r, "0000") == "edge"
    assert g.state.units["7AUS"].at == board.hx(r, "0606")
    assert "0506" in board.neighbours(r, "0606") and board.distance(r, "0707", "0605") == 3
    assert all(board.terrain(r, n) != "edge" for n in board.neighbours(r, "0101"))


@pytest.mark.rule("oc.components.map.rabaul_volcano_no_effect", "oc.special.random_event.roll_and_apply",
                  "oc.special.random_event.table_default", "oc.components.naval.japanese_submarine")
def test_random_events_table():
    assert [event_for(d) for d in range(1, 11)] == ["magic", "magic", "submarine", "volcano"] + ["none"] * 6
    g = new()
    assert not any(u.kind == "naval" and u.side == "Japan" and "SS" in u.id for u in g.state.units.values())
    force_roll(g, [4])
    assert mine(g).event == "volcano" and not mine(g).submarine
    g2 = new()
    force_roll(g2, [3])
    assert mine(g2).submarine
    g3 = new()
    force_roll(g3, [10])
    assert mine(g3).event == "none"


@pytest.mark.rule("oc.components.pieces.four_kinds", "oc.components.ground.types", "oc.components.naval.types",
                  "oc.air.concept.aerial_combat_units", "oc.air.concept.fighters_and_bombers",
                  "oc.components.air.recon_units")
def test_kinds_of_pieces():
    g = new("campaign")
    kinds = {u.kind for u in g.state.units.values()}
    assert kinds <= {"fighter", "bomber", "recon", "transport", "naval", "infantry", "marine", "parachute", "armor"}
    u = g.state.units
    assert board.is_combat_air(u["P38a"]) and board.is_combat_air(u["B25a"])
    assert not board.is_combat_air(u["F5a"]) and not board.is_combat_air(u["C47a"])
    assert board.is_ground(u["1MAR"]) and board.is_naval(u["DD1"])
    assert sorted(x.id for x in g.state.units.values() if x.kind == "recon") == ["D46a", "D46b", "F5a"]


@pytest.mark.rule("oc.components.pieces.front_full_back_reduced", "oc.components.pieces.no_back_eliminated",
                  "oc.components.air.c47_no_reduced_side", "oc.base.aerial_combat_default")
def test_hits_disrupt_reduce_eliminate():
    d = combat.hit(combat.Damage(), True)
    assert d == combat.Damage(True, False)
    d = combat.hit(d, True)
    assert d.reduced and not d.eliminated
    assert combat.hit(d, True).eliminated
    assert combat.hit(combat.Damage(True), False).eliminated  # no back: eliminated instead of reduced
    g = new("campaign")
    assert not mine(g).air["C47a"].two_sided and g.state.units["C47a"].max_strength == 1


@pytest.mark.rule("oc.components.air.attack_factor", "oc.components.air.bombing_factor", "oc.components.air.range",
                  "oc.components.air.speed_rating_mp", "oc.components.air.strafing")
def test_factors_drive_the_rolls():
    assert combat.fire_hits(4, 4) and not combat.fire_hits(5, 4)
    assert combat.bomb_hits(3, 3) and not combat.bomb_hits(4, 3)
    assert combat.evacuates(5, 5, 0) and not combat.evacuates(6, 5, 0)
    g = new("campaign")
    r, s = g.rules, g.state
    from hexlab.rulesets.cartwheel.operations import bombing_factor, strike_force

    assert bombing_factor(r, s, "P39a") == 1  # a strafer hits on 1
    assert board.in_range(r, s, s.units["B25a"], "0707", "0203")  # range 7
    assert not board.in_range(r, s, s.units["P40a"], "0908", "0203")
    mine(g).air["P40a"] = replace(mine(g).air["P40a"], range=0)  # U: any hex
    assert board.in_range(r, s, s.units["P40a"], "0908", "0203")
    bombers, _ = strike_force(r, s, "a_milne", "0707")
    assert "P39a" in bombers


@pytest.mark.rule("oc.components.ground.garrison_defend_only", "oc.base.ground_operations_default",
                  "oc.special.concept.hex_control", "oc.sequence.phase.ground_operations")
def test_ground_moves_and_control():
    g = new("campaign")
    until(g, "ground.move", side="Allies")
    assert refused(g, March("7AUS", "0404")) == "oc.base.ground_operations_default"  # not adjacent
    assert refused(g, March("7AUS", "0607")) is None
    g.apply(March("7AUS", "0607"))
    assert mine(g).control["0607"] == "Allies"
    assert refused(g, March("7AUS", "0606")) == "oc.base.ground_operations_default"  # once a phase
    until(g, "ground.move", side="Japan")
    assert refused(g, March("LAEG", "0505")) == "oc.components.ground.garrison_defend_only"


# =========================================================================== sequence of play
@pytest.mark.rule("oc.sequence.turn.phase_order", "oc.sequence.phase.random_events", "oc.sequence.phase.initiative")
def test_ten_phases_in_order():
    assert [p.id for p in SEQUENCE.phases] == ["events", "construction", "initiative", "ops", "ground", "conclusion",
                                               "supply", "regroup", "reinforcement", "vp"]
    assert TURN[:3] == ["events.roll", "events.hikoshidan", "events.tf36"]
    assert TURN[4:11] == ["initiative.regroup", "initiative.designate", "initiative.recon", "initiative.flight",
                          "initiative.place", "initiative.roll", "initiative.missions"]
    g = new("campaign")
    seen = []
    until(g, "ops.mission")
    for e in g.log:
        if e.kind == "PhaseBegan":
            seen.append(e.data["phase"])
    assert g.log[0].position == "events.roll" and seen == ["construction", "initiative", "ops"]


@pytest.mark.rule("oc.special.hikoshidan.decision_timing", "oc.naval.tf36.commitment_declaration",
                  "oc.victory.hikoshidan.commitment_vp", "oc.special.hikoshidan.available_from_start",
                  "oc.special.hikoshidan.no_obligation_to_fly", "oc.victory.concept.vp_track")
def test_commitments_japan_first_then_allies():
    g = new("campaign")
    g.step()
    assert g.state.position == "events.hikoshidan" and g.to_act == "Japan"
    assert any(mine(g).air[u].group == "11th" for u in g.state.units)  # owned from the start
    g.apply(Commit(True))
    assert totals(g.rules, g.state)["Allies"] == 1
    assert g.state.position == "events.tf36" and g.to_act == "Allies"
    g.apply(CommitTF36(True))
    assert mine(g).tf36
    until(g, "ops.mission")
    assert not any(mine(g).air[u].group == "11th" and board.flown(g.state.units[u]) for u in mine(g).air
                   if g.state.units[u].alive)  # committed, none made to fly


@pytest.mark.rule("oc.special.hikoshidan.commit_placement", "oc.special.hikoshidan.rufe_placement")
def test_commit_places_at_rabaul_as_far_as_room_then_truk():
    g = new("campaign")
    g.step()
    g.apply(Commit(True))
    s = g.state
    eleventh = [u for u in mine(g).air if mine(g).air[u].group == "11th"]
    at_rabaul = [u for u in eleventh if board.base_of(s.units[u]) == "j_rabaul"]
    at_truk = [u for u in eleventh if board.base_of(s.units[u]) == "j_truk"]
    assert at_rabaul and not board.over_capacity(g.rules, s, "j_rabaul")
    assert "RUFE" not in at_truk and s.units["RUFE"].at == board.hx(g.rules, "1103")  # no coastal mobile base:
    # the Rufe goes to a port (Rabaul), on the map


@pytest.mark.rule("oc.special.hikoshidan.uncommitted_to_truk", "oc.special.hikoshidan.uncommitted_clears_disruption")
def test_not_committing_sends_the_11th_to_truk_flown_undisrupted():
    g = new("campaign")
    put(g, "Z11", "j_rabaul", READY_D)
    g.step()
    g.apply(Commit(False))
    assert at(g, "Z11") == DisplayBox("j_truk", FLOWN)
    assert not any(board.base_of(g.state.units[u]) != "j_truk" for u in ("Z11", "V11", "D46b", "Z12", "RUFE"))


@pytest.mark.rule("oc.victory.hikoshidan.flown_unit_half_vp", "oc.victory.hikoshidan.destroyed_unit_vp",
                  "oc.victory.hikoshidan.worked_example")
def test_hikoshidan_worked_example_three_vp():
    g = new("campaign")
    g.step()
    g.apply(Commit(True))
    until(g, "ops.mission")
    s = g.state
    put(g, "Z11", "j_rabaul", FLOWN)
    put(g, "V11", "j_rabaul", FLOWN_D)
    s.units["Z12"].strength = 0
    s.units["Z12"].at = None
    mine(g).destroyed_11th.append("Z12")
    before = totals(g.rules, s)["Allies"]
    until(g, "reinforcement.place")
    gained = totals(g.rules, g.state)["Allies"] - before
    assert before == 1 and gained == 2  # 1 (commit) + 2 x 0.5 + 1 = 3 for the turn
    causes = {a.clause for a in mine(g).awards}
    assert {"oc.victory.hikoshidan.flown_unit_half_vp", "oc.victory.hikoshidan.destroyed_unit_vp"} <= causes


@pytest.mark.rule("oc.naval.tf36.commitment_effects_default")
def test_uncommitted_tf36_stays_put():
    g = new("campaign")
    until(g, "ops.mission", side="Allies", choices={"events.tf36": CommitTF36(False)})
    assert not any(isinstance(a, Sail) and a.unit == "CV1" for a in g.legal_actions())
    assert not any(isinstance(a, StrikeBase) and a.base == "a_south_pacific" for a in g.legal_actions())
    g2 = new("campaign")
    until(g2, "ops.mission", side="Allies", choices={"events.tf36": CommitTF36(True)})
    assert any(isinstance(a, Sail) and a.unit == "CV1" for a in g2.legal_actions())


# =========================================================================== airbases
@pytest.mark.rule("oc.air.airbase.four_types", "oc.air.airbase.major_list", "oc.air.airbase.offboard_list",
                  "oc.air.airbase.minor_definition", "oc.air.airbase.mobile_letter_selects_display",
                  "oc.air.layout.title_line", "oc.air.hosting.adc_values_default",
                  "oc.air.hosting.non_mobile_capacity_on_adc", "oc.air.airbase.adc_holds_units")
def test_airbase_types_and_title_lines():
    g = new()
    r = g.rules
    kinds = {d: a.kind for d, a in r.options.airbases.items()}
    assert set(kinds.values()) == {"major", "minor", "mobile", "offboard"}
    assert sorted(r.options.airbases[d].name for d, k in kinds.items() if k == "major") == [
        "Guadalcanal", "Port Moresby", "Rabaul", "Wewak"]
    off = {d: r.board.displays[d].side for d, k in kinds.items() if k == "offboard"}
    assert off == {"j_truk": "Japan", "a_australia": "Allies", "a_south_pacific": "Allies"}
    assert r.options.airbases["j_lae"].kind == "minor" and r.options.airbases["a_mob_b"].letter == "B"
    assert board.capacity(r, "j_rabaul") == 6 and board.capacity(r, "j_lae") == 3
    assert board.capacity(r, "j_truk") is None
    assert all(isinstance(u.at, DisplayBox) for u in g.state.units.values() if board.is_air(u))


@pytest.mark.rule("oc.air.hosting.mobile_three_same_type", "oc.air.hosting.mobile_two_mixed",
                  "oc.air.hosting.offboard_unlimited", "oc.air.recon.basing_counts_at_minor_mobile",
                  "oc.air.recon.basing_free_at_major", "oc.air.hosting.allied_any_onmap_base")
def test_capacity_rules():
    g = new("campaign")
    r, s = g.rules, g.state
    b = mine(g).bases["a_mob_a"]
    b.status, b.hex = WORKING, "0606"
    for uid in ("P38a", "P38b", "P40a"):
        put(g, uid, "a_mob_a")
    assert not board.over_capacity(r, s, "a_mob_a")  # three fighters
    put(g, "P40a", "a_milne")
    put(g, "B25a", "a_mob_a")
    assert board.over_capacity(r, s, "a_mob_a")  # three mixed: two at most
    put(g, "B25a", "a_dobodura")
    put(g, "F5a", "a_mob_a")
    assert not board.over_capacity(r, s, "a_mob_a")  # recon counted as a fighter
    b.counts_as["F5a"] = "bomber"
    assert board.over_capacity(r, s, "a_mob_a")
    for u in list(s.units.values()):
        if board.is_air(u) and u.side == "Japan":
            u.at = DisplayBox("j_truk", READY)
    assert not board.over_capacity(r, s, "j_truk")
    for uid in ("Z1", "Z2", "Z3", "G4a", "G4b", "K43a"):
        put(g, uid, "j_rabaul")
    put(g, "D46a", "j_rabaul")
    assert not board.over_capacity(r, s, "j_rabaul")  # 6 + a recon, free at a major base
    put(g, "K43b", "j_rabaul")
    assert board.over_capacity(r, s, "j_rabaul")
    assert board.may_base(r, s, "a_guadalcanal", s.units["P40a"]) is None  # RAAF at any on-map base


@pytest.mark.rule("oc.air.hosting.australia_usaaf_raaf", "oc.air.hosting.south_pacific_usn_usaaf",
                  "oc.air.hosting.heavy_bombers_port_moresby", "oc.air.hosting.rufe_port_or_coastal_mobile")
def test_nationality_heavy_and_floatplane_limits():
    g = new("campaign")
    r, s = g.rules, g.state
    u = s.units
    assert board.may_base(r, s, "a_australia", u["F4Ua"]) == "oc.air.hosting.australia_usaaf_raaf"
    assert board.may_base(r, s, "a_south_pacific", u["P40a"]) == "oc.air.hosting.south_pacific_usn_usaaf"
    assert board.may_base(r, s, "a_south_pacific", u["B25a"]) is None
    assert board.may_base(r, s, "a_guadalcanal", u["B24a"]) == "oc.air.hosting.heavy_bombers_port_moresby"
    assert board.may_base(r, s, "a_australia", u["B24a"]) is None
    assert board.may_base(r, s, "j_rabaul", u["RUFE"]) == "oc.air.hosting.rufe_port_or_coastal_mobile"
    b = mine(g).bases["j_mob_a"]
    b.status, b.hex = WORKING, "0204"  # coastal
    assert board.coastal(r, "0204") and board.may_base(r, s, "j_mob_a", u["RUFE"]) is None
    b.hex = "0304"
    assert not board.coastal(r, "0304")
    assert board.may_base(r, s, "j_mob_a", u["RUFE"]) == "oc.air.hosting.rufe_port_or_coastal_mobile"


@pytest.mark.rule("oc.air.airbase_target.aa_major_3", "oc.air.airbase_target.aa_minor_and_mobile_2",
                  "oc.air.airbase_target.aa_disrupted_1", "oc.air.mobile.under_construction_bombable_no_aa",
                  "oc.air.mobile.operational_bombable_aa2")
def test_aa_factors():
    g = new()
    r, s = g.rules, g.state
    assert board.aa_factor(r, s, "j_rabaul") == 3 and board.aa_factor(r, s, "j_lae") == 2
    mine(g).bases["j_rabaul"].status = DISRUPTED
    assert board.aa_factor(r, s, "j_rabaul") == 1
    b = mine(g).bases["j_mob_a"]
    b.status, b.hex = CONSTRUCTION, "0304"
    assert board.aa_factor(r, s, "j_mob_a") == 0
    b.status = WORKING
    assert board.aa_factor(r, s, "j_mob_a") == 2


@pytest.mark.rule("oc.sequence.phase.mobile_airbase_construction", "oc.air.mobile.place_under_construction",
                  "oc.air.airbase.mobile_site_requirements", "oc.air.mobile.one_per_hex",
                  "oc.air.airbase.mobile_maximum", "oc.air.mobile.construction_timing",
                  "oc.air.mobile.flip_in_regroup_phase")
def test_mobile_airbase_construction():
    g = new()
    until(g, "construction.build", side="Allies")
    assert refused(g, Build("a_mob_a", "0406")) == "oc.air.airbase.mobile_site_requirements"  # mountain
    assert refused(g, Build("a_mob_a", "0203")) == "oc.air.airbase.mobile_site_requirements"  # not controlled
    assert refused(g, Build("a_mob_a", "0103")) == "oc.air.airbase.mobile_site_requirements"  # sea
    mine(g).supplied["Allies"].remove("0606")
    assert refused(g, Build("a_mob_a", "0606")) == "oc.air.airbase.mobile_site_requirements"  # out of supply
    mine(g).supplied["Allies"].append("0606")
    g.apply(Build("a_mob_a", "0606"))
    assert mine(g).bases["a_mob_a"].status == CONSTRUCTION
    assert refused(g, Build("a_mob_b", "0606")) == "oc.air.mobile.one_per_hex"
    assert refused(g, Build("a_mob_a", "0706")) == "oc.air.mobile.place_under_construction"
    assert board.may_base(g.rules, g.state, "a_mob_a", g.state.units["P38a"]) is not None  # not yet finished
    for h in ("0706",):
        g.apply(Build("a_mob_b", h))
    mine(g).control["0807"] = "Allies"
    mine(g).supplied["Allies"].append("0807")
    g.apply(Build("a_mob_c", "0807"))
    assert mine(g).round.to_act != "Allies"  # three at most: nothing left to build, the Allies are done
    from hexlab.rulesets.cartwheel.construction import why_not_build
    from hexlab.rulesets.cartwheel.state import Base

    mine(g).bases["a_mob_d"] = Base("Allies", "mobile", None, ABSENT)  # a fourth counter, were there one
    mine(g).control["0808"] = "Allies"
    mine(g).supplied["Allies"].append("0808")
    assert why_not_build(g.rules, g.state, Build("a_mob_d", "0808"), "Allies").clause == "oc.air.airbase.mobile_maximum"
    del mine(g).bases["a_mob_d"]
    until(g, "reinforcement.place")
    assert mine(g).bases["a_mob_a"].status == WORKING
    gj = new()
    until(gj, "construction.build", side="Japan")
    mine(gj).control.update({"0304": "Japan", "0305": "Japan", "0204": "Japan"})
    mine(gj).supplied["Japan"] += ["0304", "0305", "0204"]
    gj.apply(Build("j_mob_a", "0304"))
    gj.apply(Build("j_mob_b", "0305"))
    assert mine(gj).round is None or mine(gj).round.to_act != "Japan"  # Japan: two at most


@pytest.mark.rule("oc.air.mobile.dismantle", "oc.air.mobile.rebuild_after_bombing")
def test_dismantle_and_rebuild():
    g = new()
    until(g, "construction.build", side="Allies")
    g.apply(Build("a_mob_a", "0606"))
    until(g, "regroup.dismantle", side="Allies")
    put(g, "P38a", "a_mob_a")
    assert refused(g, Dismantle("a_mob_a")) == "oc.air.mobile.dismantle"
    put(g, "P38a", "a_dobodura")
    mine(g).bases["a_mob_a"].status = DISRUPTED
    assert refused(g, Dismantle("a_mob_a")) == "oc.air.mobile.dismantle"
    mine(g).bases["a_mob_a"].status = WORKING
    g.apply(Dismantle("a_mob_a"))
    assert mine(g).bases["a_mob_a"].status == ABSENT
    until(g, "construction.build", side="Allies")
    assert refused(g, Build("a_mob_a", "0606")) is None  # built again later


# =========================================================================== initiative phase
@pytest.mark.rule("oc.sequence.initiative.no_roll_turn_one", "oc.sequence.initiative.turn_one_default",
                  "oc.sequence.phase.initiative_roles", "oc.sequence.initiative_missions.count_before_opponent",
                  "oc.sequence.phase.air_naval_alternation", "oc.sequence.phase.air_naval_roles")
def test_turn_one_initiative_and_initiative_missions():
    g = new()
    until(g, "ops.mission")
    assert not any(e.kind == "DiceRolled" and e.position == "initiative.roll" for e in g.log)
    assert mine(g).initiative == "Allies" and mine(g).missions == 2
    order = []
    for _ in range(6):
        if g.state.position != "ops.mission":
            break
        order.append(g.to_act)
        g.apply(PassMission())
    assert order[:5] == ["Allies", "Allies", "Japan", "Allies", "Japan"]


@pytest.mark.rule("oc.sequence.phase.air_naval_end_on_passes")
def test_operations_end_after_two_passes_each():
    g = new()
    until(g, "ops.mission", side="Allies")
    g.apply(PassMission())  # Allies' 1st initiative mission passed
    g.apply(PassMission())  # 2nd: Allies have passed twice in a row
    assert g.state.position == "ops.mission" and g.to_act == "Japan"
    g.apply(PassMission())
    assert g.state.position == "ops.mission" and g.to_act == "Allies"
    g.apply(PassMission())  # Allies 3 in a row, Japan 1: not yet
    assert g.state.position == "ops.mission" and g.to_act == "Japan"
    g.apply(PassMission())
    assert not g.state.position.startswith("ops.")
    assert mine(g).ops_log[-5:] == ["Allies passes", "Allies passes", "Japan passes", "Allies passes", "Japan passes"]


@pytest.mark.rule("oc.sequence.initiative_roll.allied_rolls_with_drm", "oc.sequence.initiative_roll.six_or_more_allied",
                  "oc.sequence.initiative_roll.five_or_less_japanese", "oc.sequence.initiative_roll.flip_marker",
                  "oc.sequence.initiative_missions.roll", "oc.sequence.initiative_missions.table_default")
def test_initiative_roll_from_turn_two():
    assert combat.allied_initiative(6, 0) and not combat.allied_initiative(6, -1)
    assert combat.allied_initiative(10, -3)
    assert [missions_for(d) for d in (1, 3, 4, 7, 8, 10)] == [1, 1, 2, 2, 3, 3]
    g = new()
    until(g, "initiative.roll", rolls={})
    assert g.state.turn == 2
    ev = force_roll(g, [5])
    assert mine(g).initiative == "Japan"
    assert any(e.kind == "DiceRolled" and e.data.get("by", "Allies") in ("Allies", ["Allies"]) for e in ev) or ev
    force_roll(g, [8])
    assert mine(g).missions == 3
    until(g, "ops.mission")
    assert g.to_act == "Japan"


@pytest.mark.rule("oc.sequence.initiative_roll.drm_table_default", "oc.air.recon.initiative_drm_trigger")
def test_recon_over_rabaul_and_moresby_modify_initiative():
    from hexlab.rulesets.cartwheel.initiative import initiative_drm

    g = new()
    r, s = g.rules, g.state
    assert initiative_drm(r, s) == 0
    mine(g).recon_over["F5a"] = "1103"
    assert initiative_drm(r, s) == 1
    mine(g).recon_over["D46a"] = "0508"
    assert initiative_drm(r, s) == 0


@pytest.mark.rule("oc.sequence.general_regroup.declaration", "oc.sequence.general_regroup.september_marker",
                  "oc.sequence.general_regroup.second_not_before_marker", "oc.sequence.turn_calendar_default",
                  "oc.sequence.general_regroup.max_two", "oc.sequence.general_regroup.december_first_blocks_second")
def test_general_regroup_limits():
    assert calendar(8) == "October II" and calendar(5) == "September I" and calendar(11) == "December I"
    g = new("campaign")
    until(g, "initiative.regroup")
    g.rules.options.first_turn = 5  # September I
    g.apply(GeneralRegroup(True))
    assert mine(g).general_regroup and mine(g).marker_turn == 8
    until(g, "initiative.regroup")
    g.rules.options.first_turn = 7  # turn 2 = calendar 8: not yet
    assert refused(g, GeneralRegroup(True)) == "oc.sequence.general_regroup.second_not_before_marker"
    g.rules.options.first_turn = 8  # calendar 9: allowed
    assert refused(g, GeneralRegroup(True)) is None
    mine(g).general_regroups.append(9)
    assert refused(g, GeneralRegroup(True)) == "oc.sequence.general_regroup.max_two"
    mine(g).general_regroups[:] = [11]
    mine(g).marker_turn = 0
    g.rules.options.first_turn = 11
    assert refused(g, GeneralRegroup(True)) == "oc.sequence.general_regroup.december_first_blocks_second"


@pytest.mark.rule("oc.air.unit_regroup.designation", "oc.air.unit_regroup.secret",
                  "oc.air.concept.regroup_marker_required", "oc.air.concept.regroup_no_missions",
                  "oc.air.concept.regroup_or_stage_no_attack", "oc.air.airbase_disruption.blocks_unit_regroup",
                  "oc.sequence.phase.regroup")
def test_unit_regroup():
    g = new()
    put(g, "B25a", "a_dobodura", READY_D)
    g.state.units["B25b"].strength = 1
    until(g, "initiative.designate", side="Allies")
    assert refused(g, Designate("P38a")) == "oc.air.concept.regroup_marker_required"
    g.apply(Designate("B25a"))
    g.apply(Designate("B25b"))  # reduced: our reading lets it regroup too
    assert "B25a" not in (mine_view := g.rules.mine(g.view("Japan"))).regrouping and not mine_view.regrouping
    assert all(e.kind == "Private" or "Regroup" not in e.text for e in g.log_for("Japan"))
    until(g, "ops.mission", side="Allies")
    from hexlab.rulesets.cartwheel.operations import strike_force

    bombers, _ = strike_force(g.rules, g.state, "a_dobodura", "0203")
    assert "B25b" not in bombers and "B25a" not in bombers
    until(g, "reinforcement.place")
    assert at(g, "B25a") == DisplayBox("a_dobodura", READY)
    g2 = new()
    put(g2, "B25a", "a_dobodura", READY_D)
    until(g2, "initiative.designate", side="Allies")
    g2.apply(Designate("B25a"))
    until(g2, "ops.mission")
    mine(g2).bases["a_dobodura"].status = DISRUPTED
    until(g2, "regroup.repair")
    force_roll(g2, [9])  # the repair fails
    assert g2.state.position == "regroup.reorganize"
    g2.step()
    assert board.disrupted(g2.state.units["B25a"])  # at a disrupted airbase: no recovery


@pytest.mark.rule("oc.air.recon.flown_in_initiative_phase", "oc.air.recon.alternate_placement",
                  "oc.air.recon.flight_roll_seven_or_less", "oc.air.recon.place_within_range",
                  "oc.air.recon.examine_airbase", "oc.air.airbase.adc_disclosure_sources", "oc.air.recon.allied_p38",
                  "oc.air.recon.duration_and_return", "oc.sequence.phase.operations_conclusion_recon_return")
def test_recon_flight_examines_wewak():
    g = new()
    until(g, "initiative.recon")
    assert g.to_act == "Allies"  # turn 1: the scenario's Initiative player first
    g.apply(FlyRecon("F5a"))
    force_roll(g, [7])
    assert g.state.position == "initiative.place"
    assert refused(g, PlaceRecon("F5a", "1410", "")) == "oc.air.recon.place_within_range"
    g.apply(PlaceRecon("F5a", "0203", "j_wewak"))
    seen = mine(g).intel["Allies"]["j_wewak"]
    assert (seen.fighters, seen.bombers) == (2, 2)
    assert g.to_act == "Japan"  # alternate
    view = g.view("Allies")
    assert not any(u.side == "Japan" and isinstance(u.at, DisplayBox) for u in view.units.values())
    assert g.rules.mine(view).intel["Allies"]["j_wewak"].fighters == 2
    until(g, "supply.trace")
    assert board.base_of(g.state.units["F5a"]) == "a_moresby"


@pytest.mark.rule("oc.air.recon.fail_goes_to_flown", "oc.air.recon.general_regroup_plus_one")
def test_failed_recon_goes_to_flown_and_regroup_plus_one():
    assert combat.recon_flies(7, False) and not combat.recon_flies(7, True) and combat.recon_flies(6, True)
    g = new()
    until(g, "initiative.recon", choices={"initiative.regroup": GeneralRegroup(True)})
    g.apply(FlyRecon("F5a"))
    force_roll(g, [7])  # 7 + 1 = 8: grounded
    assert at(g, "F5a") == DisplayBox("a_moresby", FLOWN)


@pytest.mark.rule("oc.air.recon.flight_roll_seven_or_less", "oc.air.recon.fail_goes_to_flown")
def test_the_log_names_whose_recon_flight_in_good_english():
    """The log read "Allies's recon flight rolls 7 and flies."."""
    g = new()
    until(g, "initiative.recon")
    g.apply(FlyRecon("F5a"))
    force_roll(g, [7])
    assert g.log[-1].text == "The Allies' recon flight rolls 7 and flies."
    g = new()
    until(g, "initiative.recon", side="Japan")
    g.apply(FlyRecon("D46a"))
    force_roll(g, [8])
    assert g.log[-1].text.startswith("Japan's recon flight rolls 8 and does not fly")


@pytest.mark.rule("oc.air.recon.japanese_units", "oc.air.recon.basing_any_operating_airbase")
def test_second_dinah_only_when_committed():
    g = new()
    until(g, "initiative.recon", side="Japan", choices={"events.hikoshidan": Commit(False)})
    put(g, "D46b", "j_rabaul")
    assert refused(g, FlyRecon("D46b")) == "oc.air.recon.japanese_units"
    mine(g).bases["j_wewak"].status = DESTROYED
    assert refused(g, FlyRecon("D46a")) == "oc.air.recon.basing_any_operating_airbase"


@pytest.mark.rule("oc.air.recon.magic_pby", "oc.air.recon.magic_always_flies")
def test_magic_pby():
    g = new()
    force_roll(g, [1])
    until(g, "initiative.recon", side="Allies")
    magic = [a for a in g.legal_actions() if isinstance(a, PlaceMagic)]
    assert magic
    g.apply(PlaceMagic("0203", "j_wewak"))
    assert mine(g).magic_at == "0203" and "j_wewak" in mine(g).intel["Allies"]
    assert not any(e.kind == "DiceRolled" and e.position == "initiative.flight" for e in g.log)
    g2 = new()
    force_roll(g2, [9])
    until(g2, "initiative.recon", side="Allies")
    assert refused(g2, PlaceMagic("0203", "j_wewak")) == "oc.air.recon.magic_pby"


# =========================================================================== missions
def strike_ready(seed: int = 1):
    g = new(seed=seed)
    until(g, "ops.mission", side="Allies")
    return g


@pytest.mark.rule("oc.base.strike_mission_default", "oc.air.airbase_target.may_be_bombed", "oc.air.concept.missions",
                  "oc.base.scramble_default", "oc.air.concept.scramble_to_intercept", "oc.base.aa_fire_default",
                  "oc.air.airbase_target.aa_vs_bombers_and_strafers", "oc.air.concept.airbase_static_combat_unit",
                  "oc.base.bombing_default", "oc.air.layout.flown_half", "oc.air.layout.ready_half")
def test_strike_on_wewak():
    g = strike_ready()
    assert refused(g, StrikeBase("a_dobodura", "j_wewak")) is None
    g.apply(StrikeBase("a_dobodura", "j_wewak"))
    st = mine(g).strike
    assert st.bombers == ["B25a", "B25b"] and st.escorts == ["P38a"]
    assert st.candidates == ["K43a", "K43b", "K61a", "D46a", "K48a", "K48b"]  # Madang's Ki-43 (2 hexes) too; the
    # bombers and the recon on the ground at Wewak may scramble away
    assert g.state.position == "ops.scramble"
    force_roll(g, lambda fs: min(fs) >= 7)  # nobody scrambles
    assert g.state.position == "ops.aa"
    force_roll(g, [10, 10, 10])  # AA 3 dice, all miss
    force_roll(g, [1, 1])  # two hits: destroyed
    assert mine(g).bases["j_wewak"].status == DESTROYED
    assert at(g, "B25a") == DisplayBox("a_dobodura", FLOWN)
    assert totals(g.rules, g.state)["Allies"] == 2
    assert g.state.position == "ops.mission"
    assert all(board.base_of(u) != "j_wewak" for u in g.state.units.values() if u.alive)  # rebased


@pytest.mark.rule("oc.base.aerial_combat_default", "oc.air.layout.disrupted_quadrants", "oc.air.recon.scramble_drm",
                  "oc.air.concept.regroup_scramble_penalty", "oc.air.airbase_disruption.hinders_scramble_and_evacuation")
def test_scramble_and_aerial_combat():
    assert combat.scramble_drm(True, True, True) == 3 and combat.scrambles(6, 0) and not combat.scrambles(6, 1)
    g = strike_ready()
    g.apply(StrikeBase("a_dobodura", "j_wewak"))
    force_roll(g, lambda fs: fs[0] <= 6 and fs[1] >= 7 and fs[2] <= 6 and min(fs[3:]) >= 7)
    assert mine(g).strike.interceptors == ["K43a", "K61a"]
    # both interceptors hit B25a and B25b; the escort hits K43a; the bombers' return fire misses
    force_roll(g, lambda fs: max(fs) <= 3, lambda fs: max(fs) <= 3, lambda fs: min(fs) >= 2)
    assert mine(g).strike is None  # both bombers disrupted: they abort, no AA and no bombing
    assert not any(e.position == "ops.bomb" for e in g.log) and mine(g).bases["j_wewak"].status == WORKING
    assert board.disrupted(g.state.units["K43a"])
    assert g.state.position == "ops.mission"  # no bomber left: no AA, no bombing
    assert at(g, "B25a") == DisplayBox("a_dobodura", FLOWN_D)
    g2 = strike_ready()
    mine(g2).recon_over["F5a"] = "0203"
    g2.apply(StrikeBase("a_dobodura", "j_wewak"))
    from hexlab.rulesets.cartwheel.operations import scramble_drm_of

    assert scramble_drm_of(g2.rules, g2.state, "K43a") == 1


@pytest.mark.rule("oc.air.concept.one_bombing_mission_per_turn", "oc.air.hosting.over_capacity_stage_only")
def test_a_bomber_bombs_once_a_turn():
    g = strike_ready()
    g.apply(StrikeBase("a_moresby", "j_wewak"))
    while g.state.position != "ops.mission":
        g.step()
    put(g, "B24a", "a_moresby", READY)  # even made Ready again, it has bombed this turn
    if g.to_act == "Allies":
        assert refused(g, StrikeBase("a_moresby", "j_lae")) == "oc.air.concept.one_bombing_mission_per_turn"
    g2 = strike_ready()
    for uid in ("K43a", "K61a", "K48a", "K48b", "Z1", "G4a"):
        put(g2, uid, "j_lae")
    assert board.over_capacity(g2.rules, g2.state, "j_lae")
    from hexlab.rulesets.cartwheel.operations import may_fly

    assert not may_fly(g2.rules, g2.state, g2.state.units["K48a"])


@pytest.mark.rule("oc.air.airbase.offboard_invulnerable", "oc.air.recon.immune_in_flight")
def test_offboard_bases_and_recon_in_flight_are_safe():
    g = strike_ready()
    assert refused(g, StrikeBase("a_moresby", "j_truk")) == "oc.air.airbase.offboard_invulnerable"
    from hexlab.rulesets.cartwheel.operations import interceptor_candidates

    mine(g).recon_over["D46a"] = "0508"
    g.state.units["D46a"].at = board.hx(g.rules, "0508")
    assert "D46a" not in interceptor_candidates(g.rules, g.state, "Allies", "0508", "a_moresby")


@pytest.mark.rule("oc.air.mobile.under_construction_removed_if_hit", "oc.air.mobile.operational_removed_if_destroyed",
                  "oc.air.airbase_destruction.eliminated_marker", "oc.air.airbase_destruction.no_basing_until_repaired",
                  "oc.air.recon.vulnerable_only_on_ground", "oc.air.hosting.must_be_based")
def test_bombing_results_on_airbases():
    assert combat.airbase_bombed(1, False, True).status == "removed"
    assert combat.airbase_bombed(1, False, False).status == "disrupted"
    assert combat.airbase_bombed(2, False, False).status == "destroyed"
    assert combat.airbase_bombed(4, False, False).ground_hits == 2
    g = strike_ready()
    from hexlab.engine import Context
    from hexlab.rulesets.cartwheel.operations import bomb_airbase

    ctx = Context(g.rules, g.state)
    b = mine(g).bases["j_mob_a"]
    b.status, b.hex = WORKING, "0304"
    bomb_airbase(g.rules, ctx, "j_mob_a", 2)
    assert b.status == ABSENT and b.hex is None
    bomb_airbase(g.rules, ctx, "j_wewak", 3)  # destroyed, one hit left for a unit on the ground
    assert mine(g).bases["j_wewak"].status == DESTROYED
    assert board.may_base(g.rules, g.state, "j_wewak", g.state.units["K43a"]) is not None
    assert all(board.base_of(u) != "j_wewak" for u in g.state.units.values() if u.alive)
    hit_on_ground = [e for e in ctx.events if e.kind == "AirLoss" and e.data.get("result") == "disrupted"]
    assert len(hit_on_ground) == 1


@pytest.mark.rule("oc.air.airbase_destruction.repair_attempt_each_regroup",
                  "oc.air.airbase_destruction.repair_roll_default")
def test_repairs():
    assert combat.repaired(5) and not combat.repaired(10)
    g = new()
    until(g, "ops.mission")
    mine(g).bases["j_wewak"].status = DESTROYED
    mine(g).bases["j_lae"].status = DISRUPTED
    until(g, "regroup.repair")
    force_roll(g, [3], [9])  # j_lae first (sorted), then j_wewak
    assert mine(g).bases["j_lae"].status == WORKING and mine(g).bases["j_wewak"].status == DESTROYED


@pytest.mark.rule("oc.air.airbase_capture.by_occupation", "oc.air.airbase_capture.disrupted_until_repaired",
                  "oc.air.airbase_capture.evacuation_trigger", "oc.air.evacuation.roll_per_unit",
                  "oc.air.evacuation.success_at_or_below_srmp", "oc.air.evacuation.failure_destroyed",
                  "oc.air.evacuation.stage_within_printed_range", "oc.air.airbase_target.ground_capture_non_mobile",
                  "oc.air.airbase_target.no_ground_defense", "oc.base.victory_default")
def test_capture_of_lae_and_evacuation():
    g = new("campaign")
    until(g, "ground.move", side="Allies")
    g.state.units["LAEG"].strength = 0
    g.state.units["LAEG"].at = None
    put(g, "K48a", "j_lae")
    g.apply(March("7AUS", "0605"))
    assert mine(g).bases["j_lae"].status == ABSENT
    assert mine(g).bases["a_lae"].status == DISRUPTED and mine(g).bases["a_lae"].captured
    assert g.state.position == "ground.evacuate" and mine(g).evacuating == ["K43c", "K48a"]
    force_roll(g, [1, 10])
    assert board.base_of(g.state.units["K43c"]) not in (None, "j_lae") and not g.state.units["K48a"].alive
    assert totals(g.rules, g.state)["Allies"] == 3
    assert combat.evacuation_drm(True, True, True) == 4


@pytest.mark.rule("oc.air.airbase_capture.mobile_removed_permanently")
def test_overrun_mobile_airbase_is_gone():
    g = new()
    until(g, "ground.move", side="Allies")
    b = mine(g).bases["j_mob_a"]
    b.status, b.hex = WORKING, "0607"
    g.apply(March("7AUS", "0607"))
    assert mine(g).bases["j_mob_a"].status == GONE
    until(g, "construction.build", side="Japan")
    assert refused(g, Build("j_mob_a", "0203")) == "oc.air.airbase_capture.mobile_removed_permanently"


@pytest.mark.rule("oc.base.naval_mission_default", "oc.sequence.phase.operations_conclusion_naval_return")
def test_naval_mission():
    g = strike_ready()
    assert refused(g, Sail("DD1", "0809")) is not None
    far = [a for a in g.legal_actions() if isinstance(a, Sail) and a.unit == "DD1"]
    assert far and all(board.distance(g.rules, "0809", a.to) <= 4 for a in far)
    g.apply(far[0])
    until(g, "supply.trace")
    assert g.state.units["DD1"].at == board.hx(g.rules, far[0].to)  # stays at sea


@pytest.mark.rule("oc.base.bombing_default")
def test_strike_on_a_ship():
    g = strike_ready()
    g.state.units["T4a"].at = board.hx(g.rules, "0604")
    assert refused(g, StrikeShip("a_dobodura", "T4a")) is None
    g.apply(StrikeShip("a_dobodura", "T4a"))
    while g.state.position == "ops.scramble":
        force_roll(g, lambda fs: all(f > 6 for f in fs))
    force_roll(g, [1, 1])
    assert not g.state.units["T4a"].alive


@pytest.mark.rule("oc.supply.phase.trace_requirement", "oc.supply.phase.aerial_units_exempt")
def test_supply_traced():
    from hexlab.rulesets.cartwheel.closing import trace

    g = new()
    assert "0606" in trace(g.rules, g.state, "Allies")
    assert "0505" not in trace(g.rules, g.state, "Allies")  # an enemy ground unit blocks
    until(g, "reinforcement.place")
    assert mine(g).supplied["Japan"]


@pytest.mark.rule("oc.sequence.phase.victory_points_advance", "oc.sequence.phase.victory_points_final_turn",
                  "oc.sequence.phase.reinforcement", "oc.sequence.phase.regroup_city_hits")
def test_turn_marker_and_the_end():
    g = new()
    until(g, "events.roll")
    until(g, "ops.mission")
    assert g.state.turn == 1
    until(g, "initiative.regroup")
    assert g.state.turn == 2
    for _ in range(400):
        if g.is_over:
            break
        until_end_step(g)
    assert g.is_over and g.state.turn == 2
    assert any("Module 15" in e.text for e in g.log)


def until_end_step(g):
    step = g.current_step
    if step.kind in ("auto", "dice"):
        g.step()
    else:
        legal = list(g.legal_actions())
        g.apply(([a for a in legal if a.verb == "pass"] or [a for a in legal if a in NO.values()])[0])


@pytest.mark.rule("oc.air.airbase.adc_hidden")
def test_enemy_displays_hidden_in_views_logs_and_saves():
    g = new()
    for side, enemy in (("Allies", "Japan"), ("Japan", "Allies")):
        obs = str(g.observation(side))
        for u in g.state.units.values():
            if u.side == enemy and board.is_air(u):
                assert f"'{u.id}'" not in obs and f'"{u.id}"' not in obs
    g2 = strike_ready()
    g2.apply(StrikeBase("a_dobodura", "j_wewak"))
    force_roll(g2, lambda fs: fs[0] <= 6 and fs[1] >= 7 and fs[2] <= 6 and min(fs[3:]) >= 7)
    text = " ".join(e.text for e in g2.log_for("Allies"))
    assert "K43a" not in text and "K61a" not in text
    assert "scramble 2 fighters" in text


def test_odds_panel_reads_only_what_the_side_sees():
    g = strike_ready()
    rep = g.rules.odds(g.state, "B25a", "DD1")
    assert rep is None
    g.state.units["T4a"].at = board.hx(g.rules, "0604")
    rep = g.rules.odds(g.state, "B25a", "T4a")
    assert rep is not None and sum(p for _, p in rep.outcomes) == Fraction(1)


@pytest.mark.rule("oc.air.concept.scramble_to_escape")
def test_units_on_the_ground_scramble_away():
    g = strike_ready()
    g.apply(StrikeBase("a_dobodura", "j_wewak"))
    force_roll(g, lambda fs: fs[4] <= 6 and min(fs[:4] + fs[5:]) >= 7)  # K48a gets away, the rest stay down
    assert mine(g).strike.escaped == ["K48a"] and not mine(g).strike.interceptors
    force_roll(g, [10, 10, 10])  # AA misses
    force_roll(g, [1, 1])  # destroyed, no hit left over
    assert board.flown(g.state.units["K48a"])  # it flew: Flown, rebased from the destroyed Wewak
    assert not board.flown(g.state.units["K48b"]) or board.base_of(g.state.units["K48b"]) != "j_wewak"


@pytest.mark.rule("oc.components.air.attack_factor_red_defensive")
def test_bombers_fire_only_back_at_their_attackers():
    g = strike_ready()
    g.apply(StrikeBase("a_dobodura", "j_wewak"))
    force_roll(g, lambda fs: fs[0] <= 6 and min(fs[1:]) >= 7)  # only K43a scrambles
    pool = g.rules.roll(g.state).pool
    assert [n for _, n in pool] == [1, 1, 1]  # one interceptor, one escort, one attacked bomber firing back
    force_roll(g, [10], [10], [1])  # the B-25 (AF 1) hits its attacker
    assert board.disrupted(g.state.units["K43a"])
    g2 = strike_ready()
    g2.apply(StrikeBase("a_dobodura", "j_wewak"))
    force_roll(g2, lambda fs: min(fs) >= 7)
    assert g2.state.position == "ops.aa"  # nobody attacked the bombers: no fire at all


@pytest.mark.rule("oc.victory.concept.regroup_replacement_vp", "oc.air.recon.not_replaceable")
def test_replacement_steps_score_for_the_enemy():
    g = new()
    g.state.units["B25b"].strength = 1
    until(g, "initiative.designate", side="Allies")
    g.apply(Designate("B25b"))
    until(g, "ops.mission")
    g.state.units["D46a"].strength = 0  # a Dinah destroyed on the ground
    g.state.units["D46a"].at = None
    until(g, "reinforcement.place")
    assert g.state.units["B25b"].strength == 2
    assert totals(g.rules, g.state)["Japan"] == 1
    assert not g.state.units["D46a"].alive  # never replaced


@pytest.mark.rule("oc.components.air.aircraft_type_codes", "oc.components.air.beaufighter_dual_role",
                  "oc.components.air.specialist_bombers_may_bomb_normally")
def test_type_codes_beaufighter_and_specialists():
    from hexlab.rulesets.cartwheel.operations import interceptor_candidates, strike_force

    g = new("campaign")
    r, s = g.rules, g.state
    air = mine(g).air
    assert air["BEAU"].code == "FB" and air["P40a"].code == "F" and air["B26T"].code == "T" and air["F5a"].code == "R"
    assert air["C47a"].code == "C"
    bombers, escorts = strike_force(r, s, "a_milne", "0807")
    assert "BEAU" in bombers and "P40a" in escorts  # the Beaufighter flies as a bomber
    mine(g).bombed.append("BEAU")
    bombers, escorts = strike_force(r, s, "a_milne", "0807")
    assert "BEAU" in escorts  # having bombed, it may still fly as a fighter
    assert "BEAU" in interceptor_candidates(r, s, "Japan", "0908", "a_milne")
    t_bombers, _ = strike_force(r, s, "j_rabaul", "0904")
    assert "B26T" in t_bombers  # a torpedo bomber makes a regular bombing attack on an airbase
    bad = open("scenarios/cartwheel/wewak.toml").read().replace('service = "JAAF", group', 'code = "F", group', 1)
    from hexlab.engine.errors import ScenarioError
    from hexlab.scenario import load_text

    if bad.count('code = "F"'):
        with pytest.raises(ScenarioError, match="type code"):
            load_text(bad, "cartwheel/bad")


@pytest.mark.rule("oc.components.nationality.allied", "oc.components.nationality.japanese")
def test_services_and_commands_on_the_counters():
    g = new("campaign")
    air = mine(g).air
    assert air["F4Ub"].group == "tf36" and air["SBDb"].group == "tf36"  # TF-36 (orange bar): its decision
    assert {air[u].service for u in ("P40a", "B25a", "F4Ua")} == {"RAAF", "USAAF", "USN"}
    assert {air[u].group for u in ("Z11", "V11", "D46b", "Z12", "RUFE")} == {"11th"}  # light blue bar
    assert air["K43a"].group == "" and air["K43a"].service == "JAAF" and air["Z1"].service == "IJN"
    until(g, "ops.mission", side="Allies", choices={"events.tf36": CommitTF36(False)})
    from hexlab.rulesets.cartwheel.operations import may_fly

    assert not may_fly(g.rules, g.state, g.state.units["F4Ub"]) and may_fly(g.rules, g.state, g.state.units["F4Ua"])


@pytest.mark.rule("oc.components.scale")
def test_two_turns_a_month():
    assert [calendar(t) for t in (1, 2, 3, 4)] == ["July I", "July II", "August I", "August II"]
    g = new()
    assert g.rules.clock(g.state) == "Turn 1 of 2 (August II)"


@pytest.mark.rule("oc.components.air.c47_carries_parachute")
def test_c47_drops_the_parachute_regiment():
    from hexlab.engine.state import Aboard
    from hexlab.rulesets.cartwheel.actions import Airdrop

    g = new("campaign")
    assert g.state.units["503P"].at == Aboard("C47a")
    assert "503P" not in g.view("Japan").units  # aboard a hidden C-47
    until(g, "ops.mission", side="Allies")
    assert refused(g, Airdrop("503P", "0605")) == "oc.components.air.c47_carries_parachute"  # Lae: enemy there
    assert refused(g, Airdrop("503P", "0103")) == "oc.components.air.c47_carries_parachute"  # sea
    assert refused(g, Airdrop("503P", "0607")) is None
    g.apply(Airdrop("503P", "0607"))
    assert g.state.units["503P"].at == board.hx(g.rules, "0607") and mine(g).control["0607"] == "Allies"
    assert board.flown(g.state.units["C47a"])


@pytest.mark.rule("oc.components.map.hex_ids", "oc.components.air.c47_carries_parachute")
def test_a_drop_on_a_name_that_is_no_hex_is_refused_not_a_traceback():
    """Found by the soak's state machine: an airbase's name where the drop zone's hex belongs raised ValueError
    from the label parser; it is refused under the hex-id rule, and the game is untouched."""
    from hexlab.engine import RuleError
    from hexlab.rulesets.cartwheel.actions import Airdrop

    g = new("campaign")
    until(g, "ops.mission", side="Allies")
    before = g.state.to_data()
    for name in ("RABG", "", "07x2", "99999"):
        assert refused(g, Airdrop("503P", name)) in ("oc.components.map.hex_ids",
                                                      "oc.components.air.c47_carries_parachute")
        with pytest.raises(RuleError):
            g.apply(Airdrop("503P", name))
    assert refused(g, Airdrop("503P", "RABG")) == "oc.components.map.hex_ids"
    assert g.state.to_data() == before


@pytest.mark.rule("oc.components.naval.cargo_capacity", "oc.components.naval.maru_and_daihatsu")
def test_transports_carry_ground_steps():
    from hexlab.engine.state import Aboard
    from hexlab.rulesets.cartwheel.actions import Disembark, Embark

    g = new("campaign")
    assert mine(g).cargo == {"T4a": 4, "T2a": 2, "LST1": 2}  # a Maru T4, a Daihatsu T2 (our reading of the digit)
    until(g, "ground.move", side="Japan")
    g.state.units["T2a"].at = board.hx(g.rules, "0504")
    assert refused(g, Embark("51D", "T2a")) is None  # 51D (2 steps) at 0505, the Daihatsu at 0504 next to it
    g.apply(Embark("51D", "T2a"))
    assert g.state.units["51D"].at == Aboard("T2a")
    g2 = new("campaign")
    until(g2, "ground.move", side="Japan")
    g2.state.units["20D"].at = board.hx(g2.rules, "0505")
    g2.state.units["T2a"].at = board.hx(g2.rules, "0504")
    g2.apply(Embark("51D", "T2a"))
    assert refused(g2, Embark("20D", "T2a")) == "oc.components.naval.cargo_capacity"  # 2 + 2 > 2
    assert refused(g2, Disembark("51D", "0505")) == "oc.components.naval.cargo_capacity"  # moved this phase
    mine(g2).moved.clear()  # as in a later Ground Operations phase
    land = [a for a in g2.legal_actions() if isinstance(a, Disembark)]
    assert land and refused(g2, land[0]) is None


@pytest.mark.rule("oc.components.air.bomber_mp_after_release")
def test_a_bomber_that_bombed_evacuates_with_one_more_mp():
    g = new("campaign")
    until(g, "ground.move", side="Allies")
    s = g.state
    s.units["LAEG"].strength = 0
    s.units["LAEG"].at = None
    put(g, "K48a", "j_lae")
    mine(g).bombed.append("K48a")  # it bombed this turn: MP 3 + 1
    g.apply(March("7AUS", "0605"))
    # K43c (MP 5) rolls 10 and is lost; K48a rolls 4: it escapes only with the +1
    force_roll(g, lambda fs: tuple(fs) == (10, 4))
    assert g.state.units["K48a"].alive and not g.state.units["K43c"].alive


@pytest.mark.rule("oc.air.hosting.rufe_at_port_on_map")
def test_rufe_at_a_port_stays_on_the_map_with_its_markers():
    from hexlab.rulesets.cartwheel.operations import interceptor_candidates

    g = new("campaign")
    g.step()
    g.apply(Commit(True))
    s = g.state
    assert s.units["RUFE"].at == board.hx(g.rules, "1103") and mine(g).afloat["RUFE"] == []
    assert "RUFE" in g.view("Allies").units  # on the map hex, not on the hidden display
    assert "RUFE" in interceptor_candidates(g.rules, s, "Allies", "1103", "j_rabaul")
    mine(g).afloat["RUFE"] = ["Flown", "Disrupted"]
    assert "RUFE" not in interceptor_candidates(g.rules, s, "Allies", "1103", "j_rabaul")
    until(g, "reinforcement.place")
    assert mine(g).afloat["RUFE"] == ["Disrupted"]  # Flown goes at reorganization; disruption stays


@pytest.mark.rule("oc.base.naval_mission_default")
def test_a_refused_naval_mission_says_why():
    g = strike_ready()
    assert board.label(g.rules, at(g, "DD1")) == "0809"
    land = g.explain(Sail("DD1", "0705"))  # land 2 hexes away, no port: within reach but not a sea hex
    assert land.clause == "oc.base.naval_mission_default" and board.distance(g.rules, "0809", "0705") <= 4
    assert "0705 is land with no port" in land.reason and "up to 4" not in land.reason
    beyond = g.explain(Sail("DD1", "0704"))  # a sea hex 5 hexes away
    assert "beyond DD1's reach" in beyond.reason and "4 sea hexes" in beyond.reason
    assert "already" in g.explain(Sail("DD1", "0809")).reason
    assert refused(g, Sail("DD1", "0705")) == "oc.base.naval_mission_default"  # and the state is left as it was
    g.rules.mine(g.state).sailed.append("DD1")  # as if it had sailed earlier this turn
    assert "sails once a turn" in g.explain(Sail("DD1", "0808")).reason


@pytest.mark.rule("oc.naval.tf36.commitment_effects_default")
def test_an_uncommitted_tf36_carrier_is_refused_under_the_tf36_rule():
    g = new("campaign")
    until(g, "ops.mission", side="Allies", choices={"events.tf36": CommitTF36(False)})
    cv1 = board.label(g.rules, at(g, "CV1"))
    sea = next(n for n in board.neighbours(g.rules, cv1) if board.terrain(g.rules, n) == "sea")
    err = g.explain(Sail("CV1", sea))
    assert err.clause == "oc.naval.tf36.commitment_effects_default"
    assert "TF-36" in err.reason and "not committed" in err.reason
    assert refused(g, Sail("CV1", sea)) == "oc.naval.tf36.commitment_effects_default"
