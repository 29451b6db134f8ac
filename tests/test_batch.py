"""Batch mode (``Game.batch_mode``, issue 27 point 5): the same game as interactive play for the same seed, with no
undo snapshots, log or listeners."""

from __future__ import annotations

import pytest

import hexlab
from hexlab.engine import RuleError
from hexlab.players import players_for

SCENARIOS = ["memoir44/tenaru", "memoir44/normandy", "cadet/village", "cactus/guadalcanal", "warsea/tokyo_express",
             "warsea/drill_landing"]


def _play(scenario: str, seed: int, batch: bool, max_steps: int = 3000) -> hexlab.Game:
    game = hexlab.load(scenario, seed=seed)
    if batch:
        game.batch_mode()
    for _ in game.run(players_for(game, "random"), max_steps):
        pass
    return game


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_batch_plays_the_same_game_as_interactive_play(scenario: str) -> None:
    for seed in range(4):
        slow, fast = _play(scenario, seed, False), _play(scenario, seed, True)
        assert fast.batched and not slow.batched
        assert fast.history == slow.history, f"{scenario} seed {seed}"
        assert fast.state.to_data() == slow.state.to_data(), f"{scenario} seed {seed}"
        assert fast.result == slow.result
        assert fast.log == slow.log[:len(fast.log)] and len(fast.log) < len(slow.log)  # the setup's events only


def test_batch_mode_keeps_no_undo_and_refuses_illegal_actions() -> None:
    game = hexlab.load("cadet/village", seed=3).batch_mode()
    game.play_to_decision()
    legal = list(game.legal_actions())
    assert legal and not game.can_undo
    game.apply(legal[0])
    with pytest.raises(RuleError, match="batch mode"):
        game.undo()
    # an action listed at an earlier position is checked again, not trusted
    stale = legal[0]
    before = game.state.to_data()
    if not game.is_legal(stale):
        with pytest.raises(RuleError):
            game.apply(stale)
        assert game.state.to_data() == before


def test_leaving_batch_mode_undoes_back_to_there() -> None:
    game = hexlab.load("cadet/village", seed=5, ).batch_mode()
    players = players_for(game, "random")
    for _ in game.run(players, 30):
        pass
    game.batch_mode(False)
    here = game.state.to_data()
    for _ in game.run(players, 5):
        pass
    while game.can_undo:
        game.undo()
    assert game.state.to_data() == here


def test_listeners_are_not_told_in_batch_mode() -> None:
    game = hexlab.load("cactus/guadalcanal", seed=1)
    heard: list[int] = []
    game.on_change(lambda g, events: heard.append(len(events)))
    game.batch_mode()
    for _ in game.run(players_for(game, "random"), 50):
        pass
    assert heard == []
    assert len(game.history) == 50 or game.is_over
