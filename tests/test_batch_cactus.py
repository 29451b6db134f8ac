"""Cactus Air Force in batch play (issue 27 point 5): the short cuts the ruleset takes to play fast give exactly the
answers of the full rules.

The ruleset weighs refits without writing refusals (``candidates(checked=[Refit])``), answers "who stands where"
from one pass over the units while the state stands still (``board.BoxView``), remembers the fighter cover of each
sea route for all games (``Ground.covered``), looks for a Japanese unit in Guadalcanal before asking the full
sudden-death rule (``Cactus.end_if``), and writes no words for the log in batch play (``ctx.quiet``). Each test here
holds one of them to the plain answer, so a short cut that drifts from the rules fails.
"""

from __future__ import annotations

from typing import Any

import pytest

import hexlab
from hexlab.players import RandomPlayer, players_for
from hexlab.rulesets.cactus import clock
from hexlab.rulesets.cactus.actions import Banzai, EndRefit, Fight, Refit
from hexlab.rulesets.cactus.refit import can_refit
from tests.support import cactus_boards
from tests.support.cactus_boards import BR, CE, GC, JP, MU, US


def _states(seeds: range, steps: int = 3000):
    """Every state of random batch games of the Guadalcanal scenario, with its game (the state is the game's own:
    read it before the next step)."""
    for seed in seeds:
        game = hexlab.load("cactus/guadalcanal", seed=seed).batch_mode()
        player = players_for(game, "random")
        for _ in range(steps):
            yield game
            if game.is_over:
                break
            for _ in game.run(player, 1):
                pass


@pytest.mark.rule("caf.supply.refit.in_reinforcement_phase", "caf.supply.refit.one_step_per_turn",
                  "caf.supply.refit.costs_air_refit", "caf.supply.refit.uncontested_location_only",
                  "caf.supply.refit.cap_full_strength", "caf.stacking.overstack_prohibited")
def test_refits_listed_without_a_check_are_exactly_the_refits_the_full_check_accepts() -> None:
    """At every Reinforcement Phase of random games: the listing is "no refit" and then every refit the full check
    (``Game.explain``, outside any listing) accepts, in the order of the units, and nothing it refuses; whether a side
    is asked to refit at all agrees with it."""
    assert hexlab.load("cactus/guadalcanal", seed=0).rules._handlers().checked_at["end.refit"] == {"Refit"}
    asked = offered = 0
    for game in _states(range(12)):
        state = game.state
        if game.is_over or state.position != "end.refit":
            continue
        listed = list(game.legal_actions())
        brute = [EndRefit()] + [Refit(uid) for uid in state.units]
        assert listed == [a for a in brute if game.explain(a) is None]
        refits = [a for a in listed if isinstance(a, Refit)]
        assert state.standing(can_refit, game.rules, state, state.active) == bool(refits)
        asked += 1
        offered += len(refits)
    assert asked > 0 and offered > 0


@pytest.mark.rule("caf.combat.banzai.japanese_only", "caf.combat.banzai.doubled_dice")
def test_banzai_attacks_listed_without_a_check_are_exactly_the_ones_the_full_check_accepts() -> None:
    """At every Banzai step of random games: the listing is "roll" and then a Banzai by each attacking unit the full
    check accepts (not one that has declared already), in the order of the units, and nothing it refuses."""
    assert hexlab.load("cactus/guadalcanal", seed=0).rules._handlers().checked_at["combat.banzai"] == {"Banzai"}
    asked = 0
    for game in _states(range(12)):
        state = game.state
        if game.is_over or state.position != "combat.banzai":
            continue
        assert list(game.legal_actions()) == [Fight()] + [a for a in (Banzai(uid) for uid in state.units)
                                                          if game.explain(a) is None]
        asked += 1
    assert asked > 0
    # two Japanese attackers: once one has declared, only the other is offered, and the first is refused
    game = cactus_boards.make([("M1", US, "1mar", GC), ("S1", JP, "snlf", GC, {"strength": 2, "came_from": CE}),
                               ("S2", JP, "snlf", GC, {"strength": 2, "came_from": CE})])
    assert game.state.position == "combat.banzai"
    assert list(game.legal_actions()) == [Fight(), Banzai("S1"), Banzai("S2")]
    game.apply(Banzai("S1"))
    assert game.state.position == "combat.banzai"
    assert list(game.legal_actions()) == [Fight(), Banzai("S2")]
    assert game.explain(Banzai("S1")).clause == "caf.combat.banzai.doubled_dice"
    assert game.explain(Banzai("M1")).clause == "caf.combat.banzai.japanese_only"


@pytest.mark.rule("caf.supply.refit.cap_full_strength", "caf.stacking.overstack_prohibited",
                  "caf.supply.refit.uncontested_location_only")
def test_refits_the_rules_forbid_are_left_out_and_still_refused_with_their_clause() -> None:
    """A unit at full strength, a box that would hold five steps and a contested box: none of their units is offered,
    and a refit named anyway is refused with the clause that forbids it; a unit that may refit is offered."""
    units = [("M1", US, "1mar", GC, {"strength": 3}), ("R1", US, "1mar_res", GC, {"strength": 1}),
             ("R2", US, "1mar_res", BR), ("M2", US, "1mar", CE, {"strength": 2}), ("S1", JP, "snlf", MU)]
    game = cactus_boards.make(units, first=US, turns=2, hours=1)
    for _ in range(20):
        if game.is_over or game.state.position == "end.refit":
            break
        if game.to_act:
            game.apply(next(a for a in game.legal_actions() if type(a).__name__.startswith("End")))
        else:
            game.step()
    assert game.state.position == "end.refit" and game.to_act == US
    # M1 and R1: Guadalcanal would hold five steps; R2: full strength; M2 may refit
    assert list(game.legal_actions()) == [EndRefit(), Refit("M2")]
    assert game.explain(Refit("M1")).clause == "caf.stacking.overstack_prohibited"
    assert game.explain(Refit("R1")).clause == "caf.stacking.overstack_prohibited"
    assert game.explain(Refit("R2")).clause == "caf.supply.refit.cap_full_strength"
    game.state.units["S1"].at = CE  # Cape Esperance contested: M2 may not refit there
    assert list(game.legal_actions()) == [EndRefit()]
    assert game.explain(Refit("M2")).clause == "caf.supply.refit.uncontested_location_only"
    game.state.units["R1"].at = BR  # now Guadalcanal would hold four steps (M1) and Beach Red three (R1 with R2)
    assert list(game.legal_actions()) == [EndRefit(), Refit("M1"), Refit("R1")]
    assert game.is_legal(Refit("R1")) and not game.is_legal(Refit("R2"))


def _box_answers(ground: Any, state: Any) -> list[object]:
    """Every question the ruleset asks about the boxes, answered for ``state``."""
    out: list[object] = [ground.contested_boxes(state)]
    for box in ground.boxes:
        out += [ground.contested(state, box), ground.holder(state, box), ground.sides_in(state, box),
                [u.id for u in ground.units_in(state, box)]]
        for side in state.sides:
            out += [ground.enemy_in(state, box, side), ground.steps(state, box, side)]
    return out


@pytest.mark.rule("caf.combat.trigger.opposing_units_share_box", "caf.stacking.four_steps_per_box")
def test_who_stands_where_is_answered_alike_while_the_state_stands_still_and_after() -> None:
    """Every question about a box (contested, who holds it, an enemy there, a side's steps, the sides and units there,
    the contested boxes in order) gets the same answer from the one-pass view made while the state stands still as
    from a look at the units."""
    checked = 0
    for game in _states(range(6), 400):
        state, ground = game.state, game.rules.ground
        plain = _box_answers(ground, state)
        assert state.standing(_box_answers, ground, state) == plain
        assert plain[0] == [b for b in ground.boxes if ground.contested(state, b)]
        checked += 1
    assert checked > 100


@pytest.mark.rule("caf.air.cover.required_for_sea_moves", "caf.air.cover.within_fighter_speed")
def test_the_sea_cover_remembered_for_all_games_is_each_games_own() -> None:
    """Whether fighters cover a sea route is remembered for every game with the same fighters and boxes: a game with
    other fighters (here none, then only Japanese ones) gets its own answers, each the route's cover worked out."""
    with_cover = hexlab.load("cactus/guadalcanal", seed=0).rules.ground
    bare = cactus_boards.make([("M1", US, "1mar", GC), ("S1", JP, "snlf", MU)]).rules.ground
    zeros = cactus_boards.make([("M1", US, "1mar", GC), ("S1", JP, "snlf", MU)],
                               fighters=[cactus_boards.ZEROS]).rules.ground
    seen = set()
    for ground in (with_cover, bare, zeros, with_cover):
        for side in (US, JP):
            for hour in range(1, 11):
                for a in ground.boxes:
                    for b in ground.boxes:
                        if a != b:
                            want = not ground.cover(side, hour, ground.route(a, b))[1]
                            assert ground.covered(side, hour, a, b) == want, (side, hour, a, b)
                            seen.add((ground is bare, want))
    assert (True, True) not in seen and (False, True) in seen and (False, False) in seen
    assert not bare.covered(US, 1, GC, MU) and not zeros.covered(US, 1, GC, MU) and zeros.covered(JP, 1, GC, MU)


@pytest.mark.rule("caf.victory.sudden_death_guadalcanal", "caf.victory.uncontested_location_vp")
def test_the_end_check_answers_as_the_victory_rules_after_every_change() -> None:
    """``Cactus.end_if`` looks for a Japanese unit in Guadalcanal before it asks the sudden-death rule: at every state
    of random games it answers as the two victory rules do, and Japanese troops alone there win at once."""
    ended = 0
    for game in _states(range(12)):
        state, rules = game.state, game.rules
        assert rules.end_if(state) == (clock.sudden_death(rules, state) or clock.final_outcome(rules, state))
        ended += game.is_over
    assert ended == 12
    game = cactus_boards.make([("M1", US, "1mar", BR), ("S1", JP, "snlf", CE)])
    game.state.units["S1"].at = GC
    outcome = game.rules.end_if(game.state)
    assert outcome is not None and outcome.winner == JP and outcome.clauses == ("caf.victory.sudden_death_guadalcanal",)


@pytest.mark.rule("caf.components.counters.flip_on_step_loss", "caf.components.counters.eliminated_at_zero_steps",
                  "caf.combat.defender_five_forces_retreat", "caf.air.bombing.success_costs_one_step",
                  "caf.movement.may_enter_enemy_box")
def test_batch_play_writes_no_words_but_changes_the_state_as_interactive_play_does() -> None:
    """Step by step, the same decisions: interactive play and batch play (which skips the log's words: step losses,
    retreats, moves, raids) list the same actions in the same order and leave the same state after every action and
    step; the interactive game's log tells of losses, eliminations, moves and raids, so those were all played."""
    kinds: set[str] = set()
    for seed in range(10):
        slow = hexlab.load("cactus/guadalcanal", seed=seed)
        fast = hexlab.load("cactus/guadalcanal", seed=seed).batch_mode()
        chooser = RandomPlayer(seed)
        while not slow.is_over:
            if slow.current_step.automatic:
                slow.step()
                fast.step()
            else:
                listed, fast_listed = list(slow.legal_actions()), list(fast.legal_actions())
                assert fast_listed == listed
                i = chooser.rng.randbelow(len(listed))
                slow.apply(listed[i])
                fast.apply(fast_listed[i])
            assert fast.state.to_data() == slow.state.to_data(), f"seed {seed} at {slow.state.position}"
        assert fast.is_over and fast.result == slow.result
        kinds |= {type(e.payload).__name__ for e in slow.log}
    assert {"StepLost", "Eliminated", "UnitMoved", "RaidOrdered", "BattleJoined"} <= kinds
