"""Stateful property tests (issue 29, point 2): each ruleset's games under legal, illegal and wrongly typed
actions, automatic steps, undo, redo, restart, save and load, in any order, checked after every rule against
a replay from the scenario and seed, byte-identical refusals, what each seat may see and the ruleset's
invariants. The machines are in :mod:`tests.support.state_machine`; ``tools/soak.py`` runs them for longer.

The run here uses the ``hexlab-ci`` hypothesis profile (fixed examples, ``derandomize``, no database), so
CI sees the same games every time; ``HEXLAB_STATE_MACHINE_PROFILE=hexlab-soak`` gives longer games with a new
random seed each run (``pytest --hypothesis-seed=N`` replays one), which ``tools/soak.py`` repeats for as long
as asked.
"""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import Phase, settings
from hypothesis.stateful import run_state_machine_as_test

import hexlab
from tests.support.state_machine import MACHINES, PROFILE, STATS, GameMachine, snapshot, wrong_values

CLAUSES = {
    "memoir44": ("m44.stack.one_unit_per_hex", "m44.victory.medal.last_figure", "m44.resolve.hit.figure_removal",
                 "m44.nation.soviet.commissar.timing", "m44.order.cards.data"),
    "cadet": ("cc.stack.limit.end_of_activation", "cc.rest.cap", "cc.setup.flag.hex", "cc.score.vp.str_loss",
              "cc.punch.str.zero_removed"),
    "cactus": ("caf.stacking.four_steps_per_box", "caf.components.counters.eliminated_at_zero_steps",
               "caf.movement.locations.four_boxes_only", "caf.victory.uncontested_location_vp"),
    "warsea": ("was.naval.load.capacity_limit", "was.naval.unload.any_island"),
    "cartwheel": ("oc.air.airbase.adc_hidden",),
    "skirmish": (),  # the test ruleset: its clauses are in no catalog
}
"""The clauses whose invariants or secrets the machine checks after every rule, per ruleset."""


def run(machine: type[GameMachine]) -> None:
    """Run one machine under the chosen profile and, when ``HEXLAB_STATE_MACHINE_STATS`` names a file, add
    its counts of runs and rules to it (``tools/soak.py`` reads them)."""
    try:
        run_state_machine_as_test(machine, settings=settings(settings.get_profile(PROFILE)))
    finally:
        path = os.environ.get("HEXLAB_STATE_MACHINE_STATS")
        if path:
            with open(path, "a", encoding="utf-8") as fh:
                fh.write(json.dumps({"ruleset": machine.RULESET, **STATS.pop(machine.RULESET, {})}) + "\n")


@pytest.mark.parametrize("ruleset", [pytest.param(name, marks=pytest.mark.rule(*CLAUSES[name]) if CLAUSES[name]
                                                  else ()) for name in MACHINES])
def test_the_games_state_machine_holds(ruleset):
    run(MACHINES[ruleset])


def test_the_machines_catch_what_they_are_built_to_catch():
    """The checks can fail: a game whose state was changed behind the engine's back no longer equals its
    replay, and a snapshot tells a state whose generator moved from the one before."""
    machine = MACHINES["cadet"]()
    machine.scenario_id, machine.seed = "cadet/village", 1
    machine.game = hexlab.load("cadet/village", seed=1)
    machine.equals_its_replay()
    before = snapshot(machine.game)
    unit = next(iter(machine.game.state.units.values()))
    unit.strength -= 1
    with pytest.raises(AssertionError, match="differs from a replay"):
        machine.equals_its_replay()
    unit.strength += 1
    machine.game.state.rng += 1
    assert snapshot(machine.game) != before


def test_a_machine_fails_on_an_engine_that_lets_a_wrongly_typed_action_through(monkeypatch):
    """Run against an engine whose field checks are switched off, the Cadet machine finds the tuple-for-a-hex
    action of issue 29 and fails: the machine can fail, and on that bug it does."""
    from hexlab.engine import game as game_module

    monkeypatch.setattr(game_module, "check_fields", lambda action: None)
    small = settings(settings.get_profile("hexlab-ci"), max_examples=12, print_blob=False, phases=[Phase.generate],
                     report_multiple_bugs=False)  # the first failure, not shrunk: it only has to be found
    with pytest.raises((AssertionError, TypeError, KeyError)) as caught:  # accepted, or a rule's crash on the value
        run_state_machine_as_test(MACHINES["cadet"], settings=small)
    assert isinstance(caught.value, TypeError | KeyError) or "was accepted" in str(caught.value)


def test_wrong_values_are_wrong_for_their_field():
    """The wrongly typed values tried are never of the field's type: a plain tuple for a hex, and never
    ``None`` where ``None`` is allowed."""
    game = hexlab.load("cadet/village", seed=1)
    game.play_to_decision()
    move = next(a for a in game.legal_actions() if hasattr(a, "to"))
    values = wrong_values(move, "to")
    assert (move.to.q, move.to.r) in values and all(type(v) is not type(move.to) for v in values)


@pytest.mark.rule("oc.air.mobile.place_under_construction")
def test_cartwheel_accepts_only_the_mobile_airbase_counter_it_offers():
    """Found by the Cartwheel machine: the Construction Phase offered one mobile airbase counter (they are
    alike) but accepted the other too, so an action was legal by ``explain`` and missing from ``legal_actions``.
    The other counter is now refused, with the clause, and the game is unchanged."""
    import dataclasses

    from hexlab.dice import Rng
    from hexlab.rulesets.cartwheel.actions import Build
    from hexlab.testing import SimPlayer

    game = hexlab.load("cartwheel/campaign", seed=0)
    player = SimPlayer(Rng(0))
    while game.state.position != "construction.build" or not any(isinstance(a, Build) for a in game.legal_actions()):
        assert not game.is_over and len(game.history) < 2000, "no mobile airbase construction reached"
        if game.current_step.automatic:
            game.step()
        else:
            game.apply(player.choose(game))
    side = game.to_act
    offered = [a for a in game.legal_actions() if isinstance(a, Build)]
    bases = game.rules.mine(game.state).bases
    spare = [d for d, b in bases.items() if b.side == side and b.kind == "mobile" and b.status == "absent"]
    assert len(spare) >= 2 and {a.airbase for a in offered} == {spare[0]}
    other = dataclasses.replace(offered[0], airbase=spare[1])
    before = snapshot(game)
    error = game.explain(other)
    assert error is not None and error.clause == "oc.air.mobile.place_under_construction"
    with pytest.raises(hexlab.engine.RuleError, match="first: the counters are alike"):
        game.apply(other)
    assert snapshot(game) == before and other not in game.legal_actions()
    game.apply(offered[0])
    assert bases[spare[0]].status == "absent" and game.rules.mine(game.state).bases[spare[0]].status != "absent"
