"""Operation Cartwheel (ruleset ``cartwheel``): what the counters print and what it does in play (issue 25). The DF of
an aerial unit resists fire; the CF of a ground unit resists bombs and is shown as its attack and defence (ground
combat is not modelled); a ground unit's size symbol is shown and does nothing; bombers are single- or multi-engine
by type; occupation, not control, scores VPs; transports are not naval combat units; and
an enemy recon in flight shows as a marker, never as the unit that left the hidden display."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from hexlab import saves
from hexlab.engine import HexlabError
from hexlab.players import RandomPlayer
from hexlab.rulesets.cartwheel import board, combat
from hexlab.rulesets.cartwheel.actions import (
    FlyRecon,
    March,
    PlaceRecon,
    StrikeBase,
    StrikeGround,
    StrikeShip,
)
from hexlab.rulesets.cartwheel.data import SINGLE_ENGINE, carries_cargo, engines, naval_combat
from hexlab.rulesets.cartwheel.odds import strike_dist
from hexlab.scenario import read_text
from hexlab.testing import force_roll, refused
from tests.test_cartwheel_rules import mine, new, strike_ready, until

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios" / "cartwheel"


def variant(name: str, old: str, new_text: str, seed: int = 1):
    """A game of a shipped scenario with one piece of its text changed (the first occurrence)."""
    text = (SCENARIOS / f"{name}.toml").read_text(encoding="utf-8")
    assert old in text
    return read_text(text.replace(old, new_text, 1), f"cartwheel/{name}").new_game(seed)


def no_scramble(game) -> None:
    while game.state.position == "ops.scramble":
        force_roll(game, lambda fs: all(f > 9 for f in fs))


# =========================================================================== DF
@pytest.mark.rule("oc.components.air.defense_factor", "oc.base.aerial_combat_default", "oc.base.aa_fire_default")
def test_a_higher_df_is_harder_to_hit():
    hits = {df: [f for f in range(1, 11) if combat.fire_hits(f, 4, combat.resistance(df, 2))] for df in (1, 2, 3)}
    assert hits == {1: [1, 2, 3, 4, 5], 2: [1, 2, 3, 4], 3: [1, 2, 3]}  # DF 2 is the default's own procedure
    assert [f for f in range(1, 11) if combat.aa_hits(f, combat.resistance(3, 2))] == [1, 2]
    assert combat.aa_aim(3, 2) == [0, 1, 0] and combat.aa_targets([True, False, True], 2) == [0]
    # the same roll of 4 by the Ki-61 (AF 4) disrupts a DF 2 B-25 and misses a DF 3 one
    for df, hit in ((2, True), (3, False)):
        g = strike_ready()
        for b in ("B25a", "B25b"):
            mine(g).air[b] = replace(mine(g).air[b], df=df)  # printed facts are frozen: a unit with another DF
        g.apply(StrikeBase("a_dobodura", "j_wewak"))
        assert mine(g).strike.candidates[2] == "K61a"
        force_roll(g, lambda fs: fs[2] <= 6 and all(f >= 7 for i, f in enumerate(fs) if i != 2))
        assert mine(g).strike.interceptors == ["K61a"]
        force_roll(g, [4], [10], [10])  # the Ki-61 at B25a; the escort and the bomber's return fire miss
        assert board.disrupted(g.state.units["B25a"]) is hit
    # and the odds read the DF through the same functions
    plain = strike_dist([3], [], [4], 0)[("no effect", 1, 0)]
    tough = strike_dist([3], [], [4], 0, bomber_drms=[1])[("no effect", 1, 0)]
    assert plain == Fraction(6, 10) * Fraction(4, 10) and tough == Fraction(6, 10) * Fraction(3, 10)


# =========================================================================== CF
@pytest.mark.rule("oc.components.ground.combat_factor", "oc.base.bombing_default")
def test_bombs_on_a_ground_unit_meet_its_cf():
    assert combat.bomb_hits(3, 3, combat.resistance(2, 2)) and not combat.bomb_hits(3, 3, combat.resistance(3, 2))
    for cf, left in ((3, 1), (1, 0)):  # two B-25s (BF 3) roll 2 and 3
        g = strike_ready()
        mine(g).ground["51D"] = replace(mine(g).ground["51D"], cf=cf)
        assert refused(g, StrikeGround("a_dobodura", "T4a")) == "oc.components.ground.combat_factor"
        assert refused(g, StrikeShip("a_dobodura", "51D")) == "oc.base.strike_mission_default"
        g.apply(StrikeGround("a_dobodura", "51D"))
        no_scramble(g)
        assert g.state.position == "ops.bomb"  # a ground unit has no AA
        force_roll(g, [2, 3])
        assert g.state.units["51D"].strength == left  # CF 3: only the 2 hits; CF 1: both hit
    assert not g.state.units["51D"].alive and g.state.position == "ops.mission"
    g = new()
    assert g.rules.unit_title(g.state.units["7AUS"]).endswith("(XX division, CF 3, its attack and defence)")


@pytest.mark.rule("oc.components.ground.combat_factor", "oc.base.ground_operations_default")
def test_no_ground_combat_an_enemy_held_hex_stays_closed():
    g = new()
    until(g, "ground.move", side="Allies")
    g.state.units["51D"].at = board.hx(g.rules, "0506")  # next to 7AUS at 0606
    assert refused(g, March("7AUS", "0506")) == "oc.base.ground_operations_default"
    assert not any(getattr(a, "to", None) == "0506" for a in g.legal_actions())  # nothing to attack it with
    assert "ground.assault" not in g.rules.sequence.keys()  # no ground combat step to roll in
    assert "Ground combat is not modelled" in g.current_step.explanation


@pytest.mark.rule("oc.components.ground.size_decorative", "oc.components.ground.types")
def test_a_regiment_and_a_division_of_equal_cf_play_alike():
    a = variant("wewak", 'attrs = { cf = 3, size = "XX" }', 'attrs = { cf = 3, size = "XX" }', seed=5)
    b = variant("wewak", 'attrs = { cf = 3, size = "XX" }', 'attrs = { cf = 3, size = "III" }', seed=5)
    assert "XX division" in a.rules.unit_title(a.state.units["7AUS"])  # shown on the counter's title
    assert "III regiment" in b.rules.unit_title(b.state.units["7AUS"])
    for game in (a, b):
        for _ in game.run(dict.fromkeys(game.state.sides, RandomPlayer(11)), 3000):
            pass
    assert a.is_over and b.is_over
    assert [e.to_data() for e in a.log] == [e.to_data() for e in b.log]
    assert a.result == b.result


# =========================================================================== single- and multi-engine bombers
@pytest.mark.rule("oc.air.concept.single_vs_multi_engine")
def test_single_and_multi_engine_bombers_by_type():
    for model in ("SBD Dauntless", "TBF Avenger", "D3A Val", "B5N Kate", "D4Y Judy", "SBD", "Judy"):
        assert engines(model) == "single-engine", model
    for model in ("B-25 Mitchell", "B-24 Liberator", "G4M Betty", "Ki-48 Lily", "A-20 Havoc"):
        assert engines(model) == "multi-engine", model
    assert sorted(SINGLE_ENGINE) == ["B5N", "D3A", "D4Y", "SBD", "TBF"]
    g = new("campaign")
    title = g.rules.unit_title
    assert title(g.state.units["SBDa"]).endswith("(SBD Dauntless, single-engine)")
    assert title(g.state.units["B25a"]).endswith("(B-25 Mitchell, multi-engine)")
    assert "engine" not in title(g.state.units["P38a"])  # only bombers are classed


# =========================================================================== occupation VPs
def finish(game) -> None:
    """Pass every decision and roll every die to the end of the game."""
    for _ in range(3000):
        if game.is_over:
            return
        if game.current_step.kind in ("auto", "dice"):
            game.step()
            continue
        legal = list(game.legal_actions())
        game.apply(next((a for a in legal if a.verb == "pass"), None) or legal[-1])
    raise AssertionError("the game did not end")


def occupation_awards(game) -> dict[str, float]:
    out: dict[str, float] = {}
    for a in mine(game).awards:
        if a.clause == "oc.victory.concept.control_by_occupation":
            out[a.cause.rsplit(" ", 1)[1]] = out.get(a.cause.rsplit(" ", 1)[1], 0) + a.halves / 2
    return out


@pytest.mark.rule("oc.victory.concept.control_by_occupation", "oc.special.concept.hex_control")
def test_occupation_not_control_scores():
    def lae_taken(stay: bool):
        g = new()
        lae = g.state.units["LAEG"]
        lae.strength, lae.at = 0, None
        until(g, "ground.move", side="Allies")
        g.apply(March("7AUS", "0605"))
        until(g, "vp.score")
        g.step()
        until(g, "ground.move", side="Allies")
        assert g.state.turn == 2
        if not stay:
            g.apply(March("7AUS", "0606"))  # through Lae and out again
        finish(g)
        return g

    passed = lae_taken(stay=False)
    assert mine(passed).control["0605"] == "Allies"  # control stays with the last to pass through
    assert "0605" not in occupation_awards(passed)  # but an empty hex scores nothing
    assert occupation_awards(passed).get("0505") == 2  # 51D still holds its hex for Japan
    held = lae_taken(stay=True)
    assert occupation_awards(held)["0605"] == 2


# =========================================================================== naval combat units
@pytest.mark.rule("oc.naval.concept.naval_combat_units", "oc.components.naval.types", "oc.components.naval.cargo_capacity")
def test_transports_fire_no_aa_and_a_clt_both_fights_and_carries():
    assert not naval_combat("T") and not naval_combat("LST") and naval_combat("CLT") and naval_combat("CV")
    assert carries_cargo("T") and carries_cargo("CLT") and not carries_cargo("CA")
    g = strike_ready()
    g.state.units["T4a"].at = board.hx(g.rules, "0604")
    g.apply(StrikeShip("a_dobodura", "T4a"))
    no_scramble(g)
    assert g.state.position == "ops.bomb"  # a transport has no AA
    assert "no gunnery or AA" in g.rules.unit_title(g.state.units["T4a"])
    g2 = new()
    assert mine(g2).cargo["DD1"] == 1 and mine(g2).ships["DD1"].ship == "CLT"  # the CLT carries cargo
    until(g2, "ops.mission", side="Japan")
    g2.state.units["DD1"].at = board.hx(g2.rules, "0103")  # off Wewak
    g2.apply(StrikeShip("j_wewak", "DD1"))
    no_scramble(g2)
    assert g2.state.position == "ops.aa"  # and fires its AA
    assert len(g2.rules.roll(g2.state).pool[0]) == 2 and g2.rules.roll(g2.state).pool[0][1] == 1
    with pytest.raises(HexlabError, match="carries no cargo"):
        variant("campaign", 'attrs = { tf36 = true, ship = "CV", aa = 2 }',
                'attrs = { tf36 = true, ship = "CA", aa = 2, cargo = 2 }')
    with pytest.raises(HexlabError, match="no AA factor"):
        variant("campaign", 'attrs = { cargo = 2, ship = "T" }', 'attrs = { cargo = 2, ship = "T", aa = 1 }')


# =========================================================================== a recon in flight, as the enemy sees it
def allied_recon_over_wewak():
    """A wewak game in which the Allied F-5 has just flown (its own roll) and been placed over Wewak."""
    for seed in range(1, 40):
        g = new(seed=seed)
        until(g, "initiative.recon", side="Allies")
        if refused(g, FlyRecon("F5a")) is not None:
            continue
        g.apply(FlyRecon("F5a"))
        g.step()  # the flight roll, as rolled
        if g.state.position == "initiative.place":
            g.apply(PlaceRecon("F5a", "0203", "j_wewak"))
            return g
    raise AssertionError("no seed lets the recon fly")


def leaks(game, side: str, uid: str) -> list[str]:
    out = []
    if uid in json.dumps(game.observation(side)):
        out.append("observation")
    out += [e.text for e in game.log_for(side) if uid in json.dumps(e.to_data())]
    if uid in game.describe(viewer=side):
        out.append("description")
    return out


@pytest.mark.rule("oc.air.airbase.adc_hidden", "oc.air.recon.place_within_range", "oc.air.recon.duration_and_return")
def test_the_enemy_sees_a_recon_marker_never_the_unit():
    g = allied_recon_over_wewak()
    assert mine(g).recon_over == {"F5a": "0203"}
    assert leaks(g, "Japan", "F5a") == []
    markers = [u for u in g.observation("Japan")["units"] if u["side"] == "Allies" and u["kind"] == "recon"]
    own = next(u for u in g.observation("Allies")["units"] if u["id"] == "F5a")
    assert [(u["id"], u["at"]) for u in markers] == [("Allies recon over 0203", own["at"])]  # at its place
    assert g.view("Japan").rules_state.recon_over == {"Allies recon over 0203": "0203"}  # for the scramble DRM
    assert "F5a" in json.dumps(g.observation("Allies"))  # its owner still sees its own unit
    opened = saves.loads(saves.dumps(g))  # a save, opened and read from Japan's seat
    assert leaks(opened, "Japan", "F5a") == [] and opened.observation("Japan") == g.observation("Japan")
    until(g, "supply.trace")  # home again at the Operations Conclusion: the marker is gone, and still no name
    assert not any(u["kind"] == "recon" and u["side"] == "Allies" for u in g.observation("Japan")["units"])
    assert leaks(g, "Japan", "F5a") == []
