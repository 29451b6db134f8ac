"""Things both sides do at once (issue 22): effects recorded and applied together, and choices declared in
secret, in the engine once (``hexlab.engine.simultaneous``) and used by Skirmish, Cactus and the area-map
test ruleset."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from hexlab.engine.codec import decode_dataclass, encode_value
from hexlab.engine.errors import SaveError
from hexlab.engine.seats import HIDDEN
from hexlab.engine.simultaneous import Declarations, Together
from hexlab.players import RandomPlayer


@dataclass(slots=True)
class Hit:
    unit: str
    steps: int


@dataclass(slots=True)
class Phase:
    hits: Together[Hit] = field(default_factory=Together)
    missions: Declarations[str] | None = None


def test_effects_are_applied_together_in_the_order_recorded():
    q: Together[Hit] = Together()
    q.record(Hit("A", 1))
    q.record(Hit("B", 2))
    q.first(Hit("C", 1))                       # brought on by another effect: before the rest
    assert len(q) == 3 and q.next == Hit("C", 1)
    q.done()
    assert [h.unit for h in q.take()] == ["A", "B"] and not q


def test_a_typed_queue_and_secret_choices_round_trip_through_a_save():
    phase = Phase(Together([Hit("A", 1)]), Declarations(["Allies", "Japan"], {"Allies": "Rabaul"}))
    again = decode_dataclass(Phase, encode_value(phase), "state.rules")
    assert again == phase and isinstance(again.hits.next, Hit)
    with pytest.raises(SaveError, match=r"state.rules.hits.pending\[0\].steps"):
        decode_dataclass(Phase, {"hits": {"pending": [{"unit": "A", "steps": "two"}]}, "missions": None},
                         "state.rules")


def test_a_secret_choice_stays_hidden_until_every_side_has_chosen():
    d = Declarations(["Allies", "Japan"])
    d.declare("Allies", "strike Wewak")
    seen = Declarations(list(d.sides), dict(d.chosen))
    seen.hide_from("Japan")
    assert seen.chosen == {"Allies": HIDDEN} and seen.waiting() == ["Japan"]   # that it chose, not what
    mine = Declarations(list(d.sides), dict(d.chosen))
    mine.hide_from("Allies")
    assert mine.chosen == {"Allies": "strike Wewak"}
    with pytest.raises(ValueError, match="declared already"):
        d.declare("Allies", "again")
    d.declare("Japan", "patrol")
    assert d.complete
    shown = Declarations(list(d.sides), dict(d.chosen))
    shown.hide_from("Japan")
    assert shown.chosen == {"Allies": "strike Wewak", "Japan": "patrol"}      # revealed together


@pytest.mark.rule("caf.combat.both_sides_roll", "caf.combat.resolution_defaults")
def test_cactus_records_both_sides_results_before_applying_any():
    import hexlab
    import hexlab.rulesets.cactus.battle as battle

    game = hexlab.load("cactus/drill_turn", seed=2)
    seen = []
    original = battle.run_queue

    def spy(rules, ctx):
        seen.append([t.kind for t in ctx.state.rules_state.battle.queue])
        return original(rules, ctx)

    battle.run_queue = spy
    try:
        players = dict.fromkeys(game.state.sides, RandomPlayer(3))
        for _ in range(300):
            if seen or game.is_over:
                break
            for _ in game.run(players, 1):  # one step of the engine's play loop
                pass
    finally:
        battle.run_queue = original
    assert seen and seen[0][:2] == ["loss", "loss"] and seen[0][-1] == "settle"
