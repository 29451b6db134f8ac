"""More checks of War at Sea's end-of-turn victory check, written to close the gaps mutation testing found
(``make mutation``): what the log says when an island is claimed, switches sides, is kept or goes neutral; the point
totals it reports; and the "no Ship remaining" bonus with and without the optional Auxiliary rule.

Every check runs on a small position of our own (below): two islands, Tulagi (A1, worth 20 by its own value) and
Munda (C3, worth the default objective value of 50), an American destroyer, and a Japanese destroyer and fleet oiler
(an Auxiliary). The expected numbers are worked by hand from the clauses named on each test."""

from __future__ import annotations

import pytest

from hexlab.engine.ruleset import Context
from hexlab.rulesets.warsea import end_turn
from hexlab.rulesets.warsea.state import Sinking
from hexlab.scenario import load_text

US, JAPAN = "United States", "Japan"
TARGET = 100
BONUS = 30

POSITION = f'''
[scenario]
ruleset = "warsea"
title = "Two islands, three ships"
sides = ["{US}", "{JAPAN}"]
first = "{US}"

[board]
kind = "area"
background = "sea"

[board.grid]
rows = 3
cols = 3
terrain = "sea"
links = "eight"

[[board.sector]]
id = "A1"
name = "Tulagi"
terrain = "island"
attrs = {{ value = 20 }}

[[board.sector]]
id = "C3"
name = "Munda"
terrain = "island"

[rules]
victory_points = {TARGET}
turns = 5
no_ship_bonus = {BONUS}

[rules.classes.oiler]
name = "Fleet oiler"
points = 6
armour = 2
vital = 4
hull = 1
speed = 1
auxiliary = true

[rules.classes.destroyer]
name = "Destroyer"
points = 12
armour = 3
vital = 6
hull = 1
speed = 2
gunnery = [3, 2, 1, 0]

[[unit]]
id = "USDD"
side = "{US}"
type = "ship"
at = "B1"
attrs = {{ class = "destroyer" }}

[[unit]]
id = "JDD"
side = "{JAPAN}"
type = "ship"
at = "B3"
attrs = {{ class = "destroyer" }}

[[unit]]
id = "JAO"
side = "{JAPAN}"
type = "ship"
at = "B3"
attrs = {{ class = "oiler" }}

[[unit]]
id = "U1"
side = "{US}"
type = "troop"
at = "A1"

[[unit]]
id = "J1"
side = "{JAPAN}"
type = "troop"
at = "C3"
'''

POINTS_CLAUSES = ("was.victory.check.end_of_each_turn", "was.victory.check.point_total",
                  "was.victory.island_value_equals_objective", "was.victory.no_vp_for_cargo_abilities",
                  "was.victory.no_vp_for_rescue_operations")


def position(*, bonus: bool = True, auxiliary_rule: bool = False):
    """A fresh game on the position above; ``bonus=False`` leaves the "no Ship remaining" bonus out of the scenario,
    ``auxiliary_rule`` turns the optional Auxiliary rule on."""
    text = POSITION
    if not bonus:
        text = text.replace(f"no_ship_bonus = {BONUS}\n", "")
    if auxiliary_rule:
        text = text.replace("turns = 5\n", "turns = 5\nauxiliary_respawn = true\n")
    return load_text(text, "warsea/two_islands", seed=1)


def check(game):
    """Run the victory check that ends the current turn; return the events it logged."""
    ctx = Context(game.rules, game.state)
    end_turn.victory_check(game.rules, ctx)
    return ctx.events


def sink(game, *units: str) -> None:
    for uid in units:
        game.state.units[uid].strength = 0


def logged(events, kind: str):
    return [(e.data, e.side, e.clauses, e.text) for e in events if e.kind == kind]


@pytest.mark.rule("was.victory.claim.sole_troops_at_check", "was.victory.island_is_objective",
                  "was.victory.claim.switch_sides", "was.victory.claim.revert_to_neutral",
                  "was.victory.claim.not_removed")
def test_the_log_says_which_island_changes_hands_and_between_whom():
    """A reader of the log (and the after-action report) relies on every claim event naming the island, the side
    that now claims it and the side that held it before, filed under the side it concerns and citing the rule."""
    game = position()
    s = game.state
    # Turn 1: each side alone on one island, so each claims it (sole troops at the check).
    assert logged(check(game), "Claim") == [
        ({"island": "A1", "side": US}, US,
         ("was.victory.claim.sole_troops_at_check", "was.victory.island_is_objective"),
         f"{US} alone have troops on Tulagi A1: they claim it."),
        ({"island": "C3", "side": JAPAN}, JAPAN,
         ("was.victory.claim.sole_troops_at_check", "was.victory.island_is_objective"),
         f"{JAPAN} alone have troops on Munda C3: they claim it."),
    ]
    # Turn 2: the American troop is gone and the Japanese one has crossed to Tulagi: Tulagi changes sides and
    # Munda, with no troops at all, is neutral again.
    sink(game, "U1")
    s.units["J1"].at = "A1"
    assert logged(check(game), "Claim") == [
        ({"island": "A1", "side": JAPAN, "was": US}, JAPAN,
         ("was.victory.claim.switch_sides", "was.victory.claim.sole_troops_at_check"),
         f"Tulagi A1, claimed by {US}, now has only {JAPAN} troops: {JAPAN} claim it."),
        ({"island": "C3", "was": JAPAN}, JAPAN, ("was.victory.claim.revert_to_neutral",),
         f"Munda C3 no longer has {JAPAN} troops alone on it: it is neutral again."),
    ]
    # Turn 3: nothing moved: Japan keeps Tulagi, and the island stays on the map; Munda, neutral, is not mentioned.
    assert logged(check(game), "Claim") == [
        ({"island": "A1", "side": JAPAN, "was": JAPAN}, JAPAN,
         ("was.victory.claim.not_removed", "was.victory.claim.sole_troops_at_check"),
         f"{JAPAN} still claim Tulagi A1; the island stays on the map."),
    ]
    assert game.rules.mine(s).claims == {"A1": JAPAN}


@pytest.mark.rule("was.victory.check.point_total", "was.victory.island_value_equals_objective",
                  "was.victory.check.end_of_each_turn")
def test_the_points_line_shows_each_part_of_each_total():
    """The victory check's log line is how players see the score: each side's total with its parts (ships sunk,
    islands claimed, and the bonus when there is one), and the same numbers in the event's data for the report."""
    game = position()
    # Turn 1: islands only: Tulagi is worth 20 (its own value), Munda 50 (the objective value, not given here).
    (data, side, clauses, text), = logged(check(game), "Points")
    assert data == {"totals": {US: 20, JAPAN: 50}, "sunk": {US: 0, JAPAN: 0}, "claims": {US: 20, JAPAN: 50},
                    "bonus": {US: 0, JAPAN: 0}}
    assert side is None and clauses == POINTS_CLAUSES
    assert text == (f"Victory check after turn 1: {US} 20 (0 for ships sunk, 20 for islands); {JAPAN} 50 "
                    f"(0 for ships sunk, 50 for islands). To win: more than {TARGET}.")
    # Turn 2: the Americans sink both Japanese ships (12 + 6 points): Japan has no Ship left, so the Americans also
    # earn the scenario's 30-point bonus: 18 + 20 + 30 = 68, not yet more than 100.
    sink(game, "JDD", "JAO")
    game.rules.mine(game.state).sinkings += [Sinking("JDD", US, 12), Sinking("JAO", US, 6)]
    (data, _, _, text), = logged(check(game), "Points")
    assert data == {"totals": {US: 68, JAPAN: 50}, "sunk": {US: 18, JAPAN: 0}, "claims": {US: 20, JAPAN: 50},
                    "bonus": {US: BONUS, JAPAN: 0}}
    assert text == (f"Victory check after turn 2: {US} 68 (18 for ships sunk, 20 for islands, 30 bonus); {JAPAN} 50 "
                    f"(0 for ships sunk, 50 for islands). To win: more than {TARGET}.")
    assert game.state.score == {US: 68, JAPAN: 50} and not game.rules.mine(game.state).over


def bonus_after_check(game) -> dict[str, int]:
    return logged(check(game), "Points")[0][0]["bonus"]


@pytest.mark.rule("was.victory.check.point_total")
def test_no_bonus_while_the_enemy_still_has_a_ship():
    """The "no Ship remaining" bonus is earned only against a side that has lost every Ship: with a warship left
    on each side, nobody scores it; and a scenario that gives no bonus awards none even to the side that sank
    everything."""
    assert bonus_after_check(position()) == {US: 0, JAPAN: 0}
    game = position()
    sink(game, "JDD", "JAO")
    assert bonus_after_check(game) == {US: BONUS, JAPAN: 0}  # only Japan has lost every Ship
    game = position(bonus=False)
    sink(game, "JDD", "JAO")
    assert bonus_after_check(game) == {US: 0, JAPAN: 0}


@pytest.mark.rule("was.special.optional.auxiliary_not_ship_for_bonus", "was.special.optional.auxiliary_respawn",
                  "was.victory.check.point_total")
def test_an_auxiliary_counts_as_a_ship_for_the_bonus_only_without_the_optional_rule():
    """Which units keep the enemy from the bonus: without the optional Auxiliary rule a surviving oiler is a Ship like
    any other; with it, Auxiliaries are left out of the count (the source: "If using this rule, Auxiliaries do not
    count as Ships"), but a surviving warship still counts."""
    game = position()
    sink(game, "JDD")  # only the Japanese oiler is left
    assert bonus_after_check(game) == {US: 0, JAPAN: 0}
    game = position(auxiliary_rule=True)
    sink(game, "JDD")
    assert bonus_after_check(game) == {US: BONUS, JAPAN: 0}
    game = position(auxiliary_rule=True)
    sink(game, "JAO")  # only the Japanese destroyer is left
    assert bonus_after_check(game) == {US: 0, JAPAN: 0}
    game = position(auxiliary_rule=True)
    sink(game, "USDD")  # the Americans have lost their only Ship; Japan's destroyer and oiler are afloat
    assert bonus_after_check(game) == {US: 0, JAPAN: BONUS}
