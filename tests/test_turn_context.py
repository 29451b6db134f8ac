"""A question about a position says what the turn holds that the map does not show (``Ruleset.turn_context``):
Memoir '44's card in play, the figure Cadet has activated and its actions left, the units that have moved or
sailed already. Without it a student shown only the map could not answer "may this unit move?" fairly."""

from __future__ import annotations

import re

import pytest

import hexlab
import hexlab.exercises as hx
from hexlab.engine import HexlabError

# The "may it move?" answers that hang on what a unit did earlier this turn, by ruleset.
ALREADY = {
    "cactus": "caf.movement.once_per_turn",
    "warsea": "was.base.sea_movement_default",
    "cartwheel": "oc.base.naval_mission_default",
}


def _context(question: str) -> str:
    """The parenthesis the exercise adds at the end of its question."""
    found = re.search(r"\(([^()]*(?:\([^()]*\)[^()]*)*)\)$", question)
    assert found, question
    return found.group(1)


def _said_no(ruleset: str, clause: str, tries: int = 40) -> list[hx.Exercise]:
    out = []
    for seed in range(100, 100 + tries):
        try:
            ex = hx.generate(ruleset, "mayit", seed=seed)
        except HexlabError:  # no fair question from that seed
            continue
        if ex.expected == (f"no: {clause}",):
            out.append(ex)
    assert out, f"no {ruleset} exercise answered by {clause} in {tries} seeds"
    return out


@pytest.mark.rule("caf.movement.once_per_turn", "was.base.sea_movement_default", "oc.base.naval_mission_default")
@pytest.mark.parametrize("ruleset", sorted(ALREADY))
def test_a_unit_that_may_not_move_again_is_named_as_moved_in_the_question(ruleset):
    for ex in _said_no(ruleset, ALREADY[ruleset])[:3]:
        unit = ex.subject["unit"]
        assert re.search(rf"\b{re.escape(unit)}\b", _context(ex.question)), ex.question


@pytest.mark.rule("was.base.sea_movement_default")
def test_war_at_sea_names_how_far_each_ship_went_against_its_speed():
    ex = _said_no("warsea", ALREADY["warsea"])[0]
    game = ex.game()
    u = game.state.units[ex.subject["unit"]]
    speed = game.rules.options.classes[game.rules.scenario_class(u)].speed
    assert f"{u.id} {speed} of its Speed {speed}" in ex.question


@pytest.mark.rule("cc.action.limit.two", "cc.turn.activation.roll")
def test_cadet_names_the_activated_figure_and_its_actions_left():
    seen = 0
    for seed in range(100, 130):
        ex = hx.generate("cadet", "mayit", seed=seed)
        cur = ex.game().state.rules_state.current
        if cur is None:
            continue
        left = f"{cur.actions} action{'s' if cur.actions != 1 else ''} left"
        assert f"{cur.unit} is the figure activated now, with {left}" in ex.question
        seen += 1
        if ex.expected == ("no: cc.turn.activation.roll",):  # another figure is the one activated: the question says so
            assert cur.unit != ex.subject["unit"]
    assert seen >= 5


@pytest.mark.rule("oc.base.naval_mission_default")
def test_the_context_names_only_the_acting_sides_own_units():
    """Cartwheel hides units from the enemy: the context tells the acting side of its own moves only."""
    for seed in range(100, 120):
        ex = hx.generate("cartwheel", "mayit", seed=seed)
        game = ex.game()
        side = game.to_act
        context = game.rules.turn_context(game.state)
        if not context:
            continue
        enemies = [u.id for u in game.state.units.values() if u.side != side]
        assert not [e for e in enemies if re.search(rf"\b{re.escape(e)}\b", context)], context


@pytest.mark.rule("m44.order.cards.data")
def test_a_ruleset_with_nothing_off_the_map_adds_nothing():
    """The context is said only where a ruleset has one: a Cartwheel initiative question (a roll between turns)
    carries none."""
    ex = hx.generate("cartwheel", "initiative", seed=102)
    assert ex.game().rules.turn_context(ex.game().state) is None
    assert not ex.question.endswith(")")


@pytest.mark.rule("caf.combat.both_sides_roll", "caf.combat.seaborne_no_retreat_extra_step")
def test_an_odds_question_on_a_move_not_yet_made_says_so():
    """Cactus' odds of a fight a unit would start by moving in: the question says how it would come in (overland
    or by amphibious invasion, which changes what a defender 5 does), not only the dice."""
    game = hexlab.load("cactus/guadalcanal", seed=1)
    sea = game.rules.odds(game.state, "SNLF2", "1Mar")  # Munda has no land link to Guadalcanal
    assert sea.situation == "if SNLF2 moves in by amphibious invasion this hour"
    asked = [ex for ex in (hx.generate("cactus", "odds", seed=s) for s in (102, 106)) if ex.explanation]
    assert asked
    for ex in asked:
        report = ex.game().rules.odds(ex.game().state, ex.subject["unit"], ex.subject["target"])
        assert report.situation and report.situation in ex.question
