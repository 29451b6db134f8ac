"""More checks of how a Memoir '44 battle roll is made and resolved, and of the medal victory, written to close
the gaps mutation testing found (``make mutation``): who rolls, where, what the log says, who gets the medal,
what an Air Power or a Barrage strike may do that a unit's battle may not, and when a side has won.

The faces of each roll are chosen (``roll``: the generator's seed is set so the dice come up so; the engine
still rolls and resolves them). Every expected count is worked by hand from the battle die (m44.dice.battle.faces):
against infantry an infantry face or a grenade hits, against armor an armor face or a grenade; a star misses
unless a card says otherwise (Air Power says stars hit); a flag pushes the unit back.
"""

from __future__ import annotations

import pytest

from hexlab.engine import GameState
from hexlab.rulesets.memoir44.rules import (
    Battle,
    DoneTargets,
    Hold,
    IgnoreFlag,
    PlayAmbush,
    PlayCard,
    Retreat,
    TakeGround,
    Target,
)
from tests.support.memoir44_boards import ASSAULTS, at, battle, faces_are, force_roll, give, hx, make, roll, to_battle

# Allied artillery 2 hexes below its Axis target at 6,4: 3 dice at range 2, no terrain reduction for artillery.
GUN = ("A1", "Allies", "artillery", "6,6")


def target(kind="infantry", at_hex="6,4", **extra):
    return ("X1", "Axis", kind, at_hex, *([extra] if extra else []))


def one(events, kind):
    """The one event of ``kind`` among ``events``."""
    found = [e for e in events if e.kind == kind]
    assert len(found) == 1, [e.kind for e in events]
    return found[0]


def air_power(targets, units=None, **kw):
    """The Allies play Air Power on ``targets`` (Axis units side by side in row 1): the first strike's dice
    are next."""
    units = units or [("A1", "Allies", "infantry", "1,8"), ("X1", "Axis", "infantry", "5,1"),
                      ("X2", "Axis", "infantry", "6,1")]
    game = make(units, hand=["air_power"], **kw)
    game.apply(PlayCard("air_power"))
    for t in targets:
        game.apply(Target(t))
    if len(targets) < 4:
        game.apply(DoneTargets())
    return game


def ambushed_assault():
    """Allied infantry with 1 figure close assaults Axis infantry that holds Ambush, and the Axis plays it."""
    units = [("A1", "Allies", "infantry", "6,6", {"strength": 1}), ("X1", "Axis", "infantry", "6,5")]
    game = make(units, ambush=True, hand=ASSAULTS)
    give(game, "Axis", ["ambush", "probe_left", "probe_right", "probe_centre", "attack_left"])
    to_battle(game, "assault_centre", ["A1"])
    game.apply(Battle("A1", "X1"))
    game.apply(PlayAmbush("X1"))
    return game


# ------------------------------------------------------------------------------------------ the roll
@pytest.mark.rule("m44.dice.battle.faces", "m44.resolve.hit.matching", "m44.resolve.hit.figure_removal")
def test_a_battle_roll_is_logged_as_the_attackers_roll_at_the_target():
    """The dice tray and the log name who rolls at whom and show the faces on the target's hex; the result line
    says how many hits and flags the faces made and which rules decided it."""
    game = battle([GUN, target()])
    events = roll(game, faces_are("infantry", "grenade", "flag"))
    rolled = one(events, "DiceRolled")
    assert rolled.data["groups"] == ["A1 at X1"]
    assert rolled.data["at"] == hx(game, "6,4")           # shown on the target, not on the gun
    assert rolled.side == "Allies" and rolled.data["by"] == ["Allies"]
    result = one(events, "BattleResult")
    # infantry + grenade hit infantry (2 hits), the flag is a flag: worked by hand from m44.resolve.hit.matching
    assert result.data == {"hits": 2, "flags": 1}
    assert result.text == "2 hit(s) and 1 flag(s) against infantry X1."
    assert result.side == "Allies"
    assert result.clauses == ("m44.resolve.hit.matching", "m44.resolve.hit.figure_removal")
    lost = one(events, "FiguresLost")
    assert lost.data == {"unit": "X1", "lost": 2} and lost.clauses == ("m44.resolve.hit.figure_removal",)
    assert game.state.units["X1"].strength == 2


@pytest.mark.rule("m44.resolve.symbol.star", "m44.resolve.hit.matching")
def test_stars_miss_in_a_units_battle():
    """A plain battle's stars are misses (m44.resolve.symbol.star's own example: star, star, flag is no hit and
    one retreat hex); the target keeps its 4 figures and only retreats."""
    game = battle([GUN, target()])
    events = roll(game, faces_are("star", "star", "flag"))
    assert one(events, "BattleResult").data == {"hits": 0, "flags": 1}
    assert "m44.resolve.symbol.star" not in one(events, "BattleResult").clauses
    assert game.state.units["X1"].strength == 4
    assert game.state.position == "battle.retreat"


# ------------------------------------------------------------------------------------------ Air Power and Barrage
@pytest.mark.rule("m44.order.cards.data", "m44.resolve.symbol.star", "m44.dice.battle.faces")
def test_air_power_stars_hit_and_the_strike_is_the_cards():
    """Air Power's stars hit (the card's text, m44.resolve.symbol.star): star + flag on infantry is 1 hit and
    1 flag. The roll is the card's (no unit rolls it), made by the side that played it, shown on the target."""
    game = air_power(["X1"])
    events = roll(game, faces_are("star", "flag"))
    rolled = one(events, "DiceRolled")
    assert rolled.data["groups"] == ["Air Power at X1"]
    assert rolled.data["at"] == hx(game, "5,1") and rolled.side == "Allies"
    result = one(events, "BattleResult")
    assert result.data == {"hits": 1, "flags": 1} and result.side == "Allies"
    assert result.clauses == ("m44.resolve.hit.matching", "m44.resolve.hit.figure_removal", "m44.resolve.symbol.star")
    assert game.state.units["X1"].strength == 3
    # the flag still pushes it back, and a card's strike lets it ignore none (here it has no shelter anyway)
    assert game.state.position == "battle.retreat"
    assert {a.to for a in game.legal_actions() if isinstance(a, Retreat)} == {hx(game, "5,0"), hx(game, "6,0")}


@pytest.mark.rule("m44.order.cards.data", "m44.resolve.symbol.star")
def test_air_power_strikes_its_next_target_after_one_with_no_flag():
    """Two stars on X1 (2 hits, no flag) leave it with 2 figures and no retreat to make; Air Power then strikes
    the second unit picked, with its own 2 dice."""
    game = air_power(["X1", "X2"])
    force_roll(game, faces_are("star", "star"))            # this strike's dice only
    assert game.state.units["X1"].strength == 2 and at(game, "X1") == "5,1"
    assert game.state.position == "battle.roll"
    nxt = game.rules.roll(game.state)
    assert nxt.groups == ("Air Power at X2",) and nxt.pool[0][1] == 2 and nxt.at == hx(game, "6,1")


@pytest.mark.rule("m44.order.cards.data", "m44.terrain.sandbags.flag", "m44.retreat.ignore_flag.general")
def test_a_barrage_flag_cannot_be_ignored_even_behind_sandbags():
    """Barrage: flags cannot be ignored (the card's text), so infantry behind sandbags must retreat for the one
    flag of flag, star, star, star (no hit: Barrage's stars are misses)."""
    units = [("A1", "Allies", "infantry", "1,8"), ("X1", "Axis", "infantry", "6,1")]
    game = make(units, features={"sandbags": ["6,1"]}, hand=["barrage"])
    game.apply(PlayCard("barrage"))
    game.apply(Target("X1"))
    events = roll(game, faces_are("flag", "star", "star", "star"))
    assert one(events, "DiceRolled").data["groups"] == ["Barrage at X1"]
    assert one(events, "BattleResult").data == {"hits": 0, "flags": 1}
    assert game.state.units["X1"].strength == 4
    legal = set(game.legal_actions())
    assert IgnoreFlag("X1") not in legal
    assert any(isinstance(a, Retreat) for a in legal)


@pytest.mark.rule("m44.terrain.sandbags.flag", "m44.retreat.ignore_flag.general")
def test_a_units_flag_may_be_ignored_behind_sandbags():
    """The same flag rolled by a unit's battle may be ignored: sandbags let their unit disregard 1 flag; ignoring
    it, the unit stays where it is."""
    game = battle([GUN, target()], features={"sandbags": ["6,4"]}, want=faces_are("flag", "star", "star"))
    assert game.state.position == "battle.retreat"
    assert IgnoreFlag("X1") in set(game.legal_actions())
    game.apply(IgnoreFlag("X1"))
    game.play_to_decision()
    assert at(game, "X1") == "6,4" and game.state.units["X1"].strength == 4


@pytest.mark.rule("m44.terrain.sea_wall.flag", "m44.terrain.sea_wall.behind")
def test_a_sea_wall_lets_its_unit_ignore_a_flag_rolled_from_the_beach():
    """A unit behind a sea wall may ignore 1 flag when the attacker is on the seaward side (here the gun stands
    on the beach): of 2 flags it retreats only 1 hex."""
    game = battle([GUN, target()], terrain={"beach": ["6,6", "5,5", "6,5"]}, features={"sea_wall": ["6,4"]},
                  want=faces_are("flag", "flag", "star"))
    assert IgnoreFlag("X1") in set(game.legal_actions())
    game.apply(IgnoreFlag("X1"))
    game.apply(Retreat("X1", hx(game, "6,3")))
    game.play_to_decision()
    assert at(game, "X1") == "6,3" and game.state.position == "battle.choose"


# ------------------------------------------------------------------------------------------ elimination
@pytest.mark.rule("m44.resolve.excess_hits", "m44.victory.medal.last_figure")
def test_the_flags_of_a_roll_that_eliminates_do_nothing():
    """1 figure left and grenade, flag, star rolled: the grenade removes the last figure, so the flag has nothing
    to push back (m44.resolve.excess_hits); the log says so, and the gunner's side takes the medal."""
    game = battle([GUN, target(strength=1)])
    events = roll(game, faces_are("grenade", "flag", "star"))
    gone = one(events, "FlagsLost")
    assert gone.text == "The unit is gone: its flags have no effect."
    assert gone.clauses == ("m44.resolve.excess_hits",)
    assert not game.state.units["X1"].alive and game.state.score == {"Allies": 1, "Axis": 0}
    assert game.state.position == "battle.choose"          # no retreat; the gun cannot take ground


@pytest.mark.rule("m44.take_ground.infantry", "m44.victory.medal.last_figure")
def test_infantry_that_eliminates_in_close_assault_may_take_the_ground():
    """Allied infantry close assaults a 1-figure unit and rolls infantry, star, star: 1 hit eliminates it, and
    the hex it held is empty, so the infantry may move in (or hold)."""
    game = battle([("A1", "Allies", "infantry", "6,5"), target(strength=1)],
                  want=faces_are("infantry", "star", "star"))
    assert not game.state.units["X1"].alive
    assert game.state.position == "battle.take_ground"
    assert set(game.legal_actions()) == {Hold("A1"), TakeGround("A1")}
    game.apply(TakeGround("A1"))
    assert at(game, "A1") == "6,4"


@pytest.mark.rule("m44.order.cards.data", "m44.victory.medal.last_figure", "m44.dice.battle.faces")
def test_an_ambush_is_the_ambushers_roll_and_its_medal():
    """Ambush: the close-assaulted Axis unit battles first. Its dice are the Axis' roll, shown on the attacker;
    its grenade takes the attacker's last figure, so the medal is the Axis' and the attack is cancelled."""
    game = ambushed_assault()
    events = roll(game, faces_are("grenade", "star", "star"))
    rolled = one(events, "DiceRolled")
    assert rolled.data["groups"] == ["X1 at A1"] and rolled.data["at"] == hx(game, "6,6")
    assert rolled.side == "Axis" and rolled.data["by"] == ["Axis"]
    assert one(events, "BattleResult").side == "Axis"
    assert one(events, "MedalWon").side == "Axis"
    assert game.state.score == {"Allies": 0, "Axis": 1}
    assert not game.state.units["A1"].alive and game.state.units["X1"].strength == 4


# ------------------------------------------------------------------------------------------ the medal victory
@pytest.mark.rule("m44.victory.medals.target")
def test_the_allies_reach_their_medals():
    """The game-over line agrees with a plural side: "the Allies reach 4 medals"."""
    game = make([("A1", "Allies", "infantry", "1,6"), ("X1", "Axis", "infantry", "2,6")], rules={"medals": 4})
    game.state.score["Allies"] = 4
    won = game.rules.end_if(game.state)
    assert won.winner == "Allies" and won.reason == "the Allies reach 4 medals"


@pytest.mark.rule("m44.victory.medals.target")
def test_a_side_with_no_medals_counted_has_none():
    """A position built by hand (as the odds command builds one) starts with no medal count at all: each side then
    has 0 medals, so even with a target of 1 nobody has won."""
    game = make([("A1", "Allies", "infantry", "1,6"), ("X1", "Axis", "infantry", "2,6")], rules={"medals": 1})
    fresh = GameState("memoir44", ["Allies", "Axis"], "Allies", "battle.choose", 0)
    assert fresh.score == {}
    assert game.rules.end_if(fresh) is None
    fresh.score["Axis"] = 1
    assert game.rules.end_if(fresh).winner == "Axis"


@pytest.mark.rule("m44.victory.medals.target")
def test_a_changed_medal_target_is_the_one_that_counts():
    """A teacher who shortens a game by giving the scenario a new medal target (its options replaced between two
    checks) gets the new target at the next check, not the old one."""
    game = make([("A1", "Allies", "infantry", "1,6"), ("X1", "Axis", "infantry", "2,6")], rules={"medals": 4})
    rules, state = game.rules, game.state
    state.score["Axis"] = 3
    assert rules.end_if(state) is None                    # 3 of 4
    rules.options = rules.options.model_copy(update={"medals": 3})
    won = rules.end_if(state)
    assert won is not None and won.winner == "Axis" and won.reason == "the Axis reaches 3 medals"
    rules.options = rules.options.model_copy(update={"medals": {"Axis": 5}})
    assert rules.end_if(state) is None                    # 3 of 5 now
