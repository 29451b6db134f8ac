"""Memoir '44's faster listings and quiet play (issue 27 point 5): each shortcut held to the plain rule it stands in for.

The card listing offers only the cards its check accepts (``candidates(checked=[PlayCard])``); the battle listing leaves
out the targets its check would refuse; the ordering slots and a unit's type and sections are remembered; batch play
builds no words for the log. None of it may change a listing, a refusal or a game.
"""

from __future__ import annotations

import pytest

import hexlab
from hexlab.engine.ruleset import Context
from hexlab.players import players_for
from hexlab.rulesets.memoir44.actions import Battle, PlayCard
from hexlab.rulesets.memoir44.cards import with_gung_ho
from hexlab.rulesets.memoir44.tactics import slots
from tests.support.batch import decisions

SCENARIOS = ["memoir44/tenaru", "memoir44/normandy", "memoir44/drill_commissar"]


def _positions(scenario: str, seed: int, steps: int = 300):
    """The game at each decision of a random batch game (:func:`tests.support.batch.decisions`)."""
    return decisions(scenario, seed, steps)


@pytest.mark.rule("m44.order.card.one_per_turn", "m44.order.cards.data", "m44.nation.soviet.commissar.no_direct_play")
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_cards_listed_are_exactly_those_the_full_check_accepts(scenario: str) -> None:
    """At every card step of real games (Soviet ones with a Commissar chip among them), the cards listed without a second
    check are exactly the cards of the deck that ``Game.explain`` (the full check, outside any listing) accepts, and a
    refused card still gets its own clause."""
    rules_checked = hexlab.load(scenario, seed=0).rules._handlers().checked_at
    assert rules_checked["card.play"] == {"PlayCard"}
    seen = refused = 0
    for seed in range(2):
        for game in _positions(scenario, seed):
            if game.state.position != "card.play":
                continue
            deck = set(game.rules.cards)
            listed = {a for a in game.legal_actions() if isinstance(a, PlayCard)}
            accepted = {PlayCard(c) for c in deck if game.explain(PlayCard(c)) is None}
            assert listed == accepted, f"{scenario} seed {seed} turn {game.state.turn}"
            hand = set(game.state.hands[game.state.active])
            for card in hand - {a.card for a in listed}:  # a card held but not offered: refused, with its clause
                error = game.explain(PlayCard(card))
                assert error is not None and error.clause in ("m44.order.cards.data",
                                                               "m44.nation.soviet.commissar.no_direct_play")
                refused += 1
            seen += 1
    assert seen > 0
    if scenario == "memoir44/drill_commissar":
        assert refused > 0  # the chip's rule was met, not only the easy cases


@pytest.mark.rule("m44.battle.close_assault.forced", "m44.move.infantry.range", "m44.battle.fire.definition")
def test_battles_left_out_of_the_listing_are_ones_the_check_refuses() -> None:
    """A unit next to an enemy is offered only the enemies next to it: every battle left out of the listing at a
    battle step is refused by the full check (and the ones listed pass it)."""
    seen = skipped = 0
    for seed in range(3):
        for game in _positions("memoir44/tenaru", seed):
            state = game.state
            if state.position != "battle.choose":
                continue
            listed = {a for a in game.legal_actions() if isinstance(a, Battle)}
            for uid in state.rules_state.turn.ordered:
                for tid, t in state.units.items():
                    action = Battle(uid, tid)
                    if action not in listed:
                        assert game.explain(action) is not None
                        skipped += t.alive and t.side != state.units[uid].side
                    else:
                        assert game.explain(action) is None
            seen += 1
    assert seen > 0 and skipped > 0


@pytest.mark.rule("m44.nation.usmc.section_plus_one", "m44.order.units.announce")
def test_the_slots_handed_out_again_are_the_cards_own() -> None:
    """The slots remembered for a card are the ones worked out afresh: the card's own, with Gung-Ho! for the US Marines;
    asking twice hands out the very same slots."""
    for game in _positions("memoir44/tenaru", 1, 200):
        state = game.state
        if state.position != "order.announce" or state.rules_state.turn.finest or state.rules_state.turn.fallback:
            continue
        card = game.rules.card(state.rules_state.turn.card)
        expected = with_gung_ho(card) if game.rules.nation(state.active) == "usmc" else card.slots
        first = slots(game.rules, state)
        assert first == expected and slots(game.rules, state) is first
        return
    pytest.fail("no order step reached")


@pytest.mark.rule("m44.victory.medals.target", "m44.move.unit.once_per_turn")
def test_quiet_play_builds_no_words_and_changes_nothing_else() -> None:
    """The same steps carried out through a quiet context (batch play) and a loud one (interactive play) leave the same
    state; only the loud one has events, each with its words."""
    game = hexlab.load("memoir44/tenaru", seed=4)
    player = players_for(game, "random")
    compared = 0
    for _ in range(400):
        if game.is_over:
            break
        if game.to_act is None:  # an automatic step: carry it out both ways on copies of the state
            quiet, loud = Context(game.rules, game.state.copy(), quiet=True), Context(game.rules, game.state.copy())
            step = game.current_step
            if step.kind == "auto":
                game.rules.auto(quiet)
                game.rules.auto(loud)
                assert quiet.events == [] and all(e.text for e in loud.events)
                assert quiet.state.to_data() == loud.state.to_data()
                compared += 1
        for _ in game.run(player, 1):
            pass
    assert compared > 0
