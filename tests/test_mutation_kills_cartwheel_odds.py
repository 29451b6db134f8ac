"""Operation Cartwheel's exact odds (``hexlab odds cartwheel``, the odds panel, the handout's strike table): checks
written to close the gaps mutation testing found in ``hexlab/rulesets/cartwheel/odds.py`` (``make mutation``).

Every expected chance is worked by hand from the clause that decides it, on positions small enough to count the ten
faces of the d10 (1 to 10, the die's 0 read as 10). The comment beside each value says how it was counted."""

from __future__ import annotations

import tomllib
from fractions import Fraction
from pathlib import Path

import pytest

from hexlab.engine import HexlabError
from hexlab.rulesets.cartwheel import odds

F = Fraction
CATALOG = Path(__file__).resolve().parent.parent / "hexlab" / "reference" / "cartwheel.toml"
CERTAIN_SCRAMBLE = -4  # a scramble succeeds on a modified roll of 6 or less: with -4 even a 10 becomes 6


def catalog_ids() -> set[str]:
    return {c["id"] for c in tomllib.loads(CATALOG.read_text("utf-8"))["clause"]}


@pytest.mark.rule("oc.sequence.initiative_roll.six_or_more_allied", "oc.sequence.initiative_roll.drm_table_default")
def test_the_initiative_odds_without_a_drm_are_an_even_chance():
    """A player who asks for the initiative odds without naming a DRM gets the plain roll: the Allies win the
    initiative on 6-10, five faces of ten."""
    r = odds.initiative_odds()
    assert (r["drm"], r["p_allied_initiative"], r["p_japanese_initiative"]) == (0, "1/2", "1/2")


@pytest.mark.rule("oc.sequence.initiative_roll.six_or_more_allied", "oc.air.recon.flight_roll_seven_or_less",
                  "oc.air.evacuation.success_at_or_below_srmp", "oc.base.bombing_default")
def test_every_clause_a_report_cites_is_in_the_rule_catalog():
    """The odds panel lists the clauses behind each chance so a player can look them up: each one must name a
    clause the Operation Cartwheel catalog really has, and the reports name the clauses that decide them."""
    known = catalog_ids()
    reports = {
        "initiative": odds.initiative_odds(0)["clauses"],
        "recon": odds.recon_odds()["clauses"],
        "evacuation": odds.evacuation_odds(5)["clauses"],
        "strike": odds.strike_odds([3], [], [4], 2)["clauses"],
        "strike panel": list(odds.strike_report("t", [3], [], 2).clauses),
    }
    for name, clauses in reports.items():
        missing = [c for c in clauses if c not in known]
        assert not missing, f"the {name} report cites clauses the catalog does not have: {missing}"
    assert reports["initiative"] == ["oc.sequence.initiative_roll.six_or_more_allied",
                                     "oc.sequence.initiative_roll.five_or_less_japanese",
                                     "oc.sequence.initiative_roll.drm_table_default",
                                     "oc.sequence.initiative_missions.table_default",
                                     "oc.components.die.d10_zero_is_ten"]
    # the strike panel's chances come from the bombing and AA defaults (no enemy fighters are counted there)
    assert reports["strike panel"] == ["oc.base.bombing_default", "oc.base.aa_fire_default"]


@pytest.mark.rule("oc.sequence.initiative_roll.drm_table_default", "oc.air.evacuation.table_default",
                  "oc.base.scramble_default")
def test_the_reports_say_which_tables_are_illustrative_defaults():
    """The excerpt does not print these tables, so every report tells the reader, in these words, that the numbers
    come from the kit's illustrative defaults and how the strike is played out."""
    assert odds.initiative_odds(0)["notes"] == ["the Initiative DRM and Missions tables are illustrative defaults"]
    assert odds.evacuation_odds(5)["notes"] == ["the Airbase Evacuation Table's DRMs are illustrative defaults"]
    assert odds.strike_odds([3], [], [], 0)["notes"] == [
        "a bomber lost is one that does not bomb: disrupted (aborted) by an interceptor or by AA",
        "scramble, aerial combat, AA and bombing follow the illustrative oc.base.* defaults",
        "interceptors fire at the bombers in turn, escorts at the interceptors, AA at the bombers left"]


@pytest.mark.rule("oc.base.bombing_default", "oc.air.airbase.adc_hidden")
def test_the_strike_panel_names_its_strike_and_says_enemy_fighters_are_unknown():
    """The odds panel shows a strike under the title the game gives it, and warns that the enemy's fighters, which
    the striking side cannot see, are counted as none."""
    report = odds.strike_report("Strike from Dobodura at Lae", [3], [], 0)
    assert report.title == "Strike from Dobodura at Lae"
    assert report.notes == ["enemy fighters at the target are not known to you: counted as none",
                            "illustrative oc.base.* tables"]


@pytest.mark.rule("oc.base.scramble_default", "oc.base.aerial_combat_default", "oc.base.bombing_default")
def test_the_strike_panel_scrambles_without_a_modifier_unless_told():
    """With no scramble DRM given, an interceptor scrambles on the plain roll of 6 or less."""
    # One AF 10 interceptor: it scrambles on 1-6 (6/10) and then hits on every face, so the bomber aborts 6/10 of
    # the time. Otherwise the BF 3 bomber hits on 1-3: disrupted = 4/10 * 3/10 = 3/25, no effect = 22/25.
    report = odds.strike_report("t", [3], [], 0, interceptors=[10])
    assert report.outcomes == [("disrupted", F(3, 25)), ("no effect", F(22, 25))]
    assert report.summary == {"disrupt or destroy": F(3, 25), "destroy": F(0)}


@pytest.mark.rule("oc.base.bombing_default")
def test_a_bomber_that_always_hits_always_disrupts_the_airbase():
    """A BF 10 bomber hits on every face: one hit disrupts the airbase and cannot destroy it, so the panel gives a
    certain disruption and no chance of destruction (outcomes that never happen count as zero)."""
    report = odds.strike_report("t", [10], [], 0)
    assert report.outcomes == [("disrupted", F(1))]
    assert report.summary == {"disrupt or destroy": F(1), "destroy": F(0)}


@pytest.mark.rule("oc.base.aerial_combat_default", "oc.components.pieces.no_back_eliminated")
def test_a_bomber_hit_twice_is_reduced_and_three_times_eliminated():
    """Interceptors all fire at the one bomber. A fresh two-sided bomber is disrupted by the first hit and reduced
    (flipped) by the second, not eliminated; a third hit eliminates it. The strike's distribution counts the
    bombers eliminated, which the handout and the notebook read."""
    # AF 10 interceptors that always scramble hit on every face: the outcome is certain.
    two = odds.strike_dist([3], [], [10, 10], 0, scramble_drm=CERTAIN_SCRAMBLE)
    assert two == {("no effect", 1, 0): F(1)}
    three = odds.strike_dist([3], [], [10, 10, 10], 0, scramble_drm=CERTAIN_SCRAMBLE)
    assert three == {("no effect", 1, 1): F(1)}


@pytest.mark.rule("oc.base.aerial_combat_default", "oc.base.bombing_default")
def test_three_interceptors_on_one_bomber_worked_by_hand():
    """Three AF 4 interceptors that always scramble fire at one BF 3 bomber, no AA: each hits on 1-4."""
    d = odds.strike_dist([3], [], [4, 4, 4], 0, scramble_drm=CERTAIN_SCRAMBLE)
    # all three hit: (4/10)^3 = 64/1000, the bomber is eliminated;
    # one or two hit: 3*(4/10)*(6/10)^2 + 3*(4/10)^2*(6/10) = 432/1000 + 288/1000, it aborts but survives;
    # none hit: (6/10)^3 = 216/1000, and it bombs: a hit on 1-3 disrupts the airbase.
    assert d == {("no effect", 1, 1): F(64, 1000), ("no effect", 1, 0): F(720, 1000),
                 ("disrupted", 0, 0): F(216, 1000) * F(3, 10), ("no effect", 0, 0): F(216, 1000) * F(7, 10)}


@pytest.mark.rule("oc.base.strike_mission_default")
@pytest.mark.parametrize("interceptors, scramble_drm", [([], 0), ([4], 0), ([4, 4], 10)])
def test_a_strike_without_bombers_is_refused_clearly(interceptors, scramble_drm):
    """A strike bombs with bombers (or strafers, BF 1): asking for the odds of one with none is an error that says
    so, whether or not enemy fighters could scramble, never a crash deep in the sums nor a made-up result."""
    with pytest.raises(HexlabError, match=r"^a strike needs at least one bomber \(bombers is empty\)$"):
        odds.strike_dist([], [4], interceptors, 2, scramble_drm)
    with pytest.raises(HexlabError, match="at least one bomber"):
        odds.strike_report("t", [], [4], 2, scramble_drm, interceptors)
