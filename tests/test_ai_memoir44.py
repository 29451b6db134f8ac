"""The Memoir '44 evaluation reads the rules as the engine does: its fast line of sight and dice
(:class:`hexlab.ai.rulesets.memoir44.Sight`) agree with ``combat.reach_error`` and ``combat.battle_dice`` on
every pair of units in positions of random games."""

from __future__ import annotations

import pytest

import hexlab
from hexlab.ai.rulesets.memoir44 import Sight, evaluate
from hexlab.hexes import Hex, hex_distance
from hexlab.players import make_player
from hexlab.rulesets.memoir44.combat import battle_dice, reach_error
from hexlab.rulesets.memoir44.data import ARTILLERY, RANGE_DICE


@pytest.mark.rule("m44.los.required", "m44.los.edge.both_sides", "m44.battle.close_assault.forced")
@pytest.mark.parametrize("scenario", ["memoir44/tenaru", "memoir44/normandy", "memoir44/drill_los"])
def test_the_fast_sight_and_dice_agree_with_the_rules(scenario):
    game = hexlab.load(scenario, seed=3)
    player = make_player("random", 3)
    checked = 0
    for n in range(240):
        if game.is_over:
            break
        if n % 40 == 0:
            state = game.state
            sight = Sight(game.rules, state)
            units = [u for u in state.units.values() if u.alive and isinstance(u.at, Hex)]
            for a in units:
                foes = [t for t in units if t.side != a.side]
                adjacent = any(hex_distance(a.at, t.at) == 1 for t in foes)
                for t in foes:
                    d = hex_distance(a.at, t.at)
                    if d > len(RANGE_DICE[a.kind]):
                        continue
                    fast = (d == 1 or not adjacent) and (d <= 1 or a.kind == ARTILLERY or sight.clear(a.at, t.at))
                    assert fast == (reach_error(game.rules.field, state, a, t) is None), (a.id, t.id)
                    assert sight.dice(a, t) == battle_dice(game.rules.field, state, a, t).count
                    checked += 1
            assert set(evaluate(game.rules, state, state.sides[0])) >= {"medals", "figures", "attacks"}
        if game.current_step.automatic:
            game.step()
        else:
            game.apply(player.choose(game))
    assert checked > 10
