"""Batch mode (``Game.batch_mode``, issue 27 point 5): the same game as interactive play for the same seed, with no
undo snapshots, log or listeners."""

from __future__ import annotations

import pytest

import hexlab
from hexlab.engine import RuleError
from hexlab.players import players_for

SCENARIOS = ["memoir44/tenaru", "memoir44/normandy", "cadet/village", "cactus/guadalcanal", "warsea/tokyo_express",
             "warsea/drill_landing", "cartwheel/campaign"]
SEEDS = {"cartwheel/campaign": 2}
"""Games per scenario where four would be slow (a random Cartwheel campaign takes seconds)."""


def _play(scenario: str, seed: int, batch: bool, max_steps: int = 3000) -> hexlab.Game:
    game = hexlab.load(scenario, seed=seed)
    if batch:
        game.batch_mode()
    for _ in game.run(players_for(game, "random"), max_steps):
        pass
    return game


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_batch_plays_the_same_game_as_interactive_play(scenario: str) -> None:
    for seed in range(SEEDS.get(scenario, 4)):
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


@pytest.mark.parametrize("scenario", ["memoir44/tenaru", "cadet/village", "warsea/tokyo_express", "cartwheel/campaign"])
def test_a_copy_of_a_batch_game_plays_in_batch_mode_on_its_own(scenario: str) -> None:
    """What a search that plays ahead on copies relies on: the copy is in batch mode, it plays on from where the
    game stands exactly as the game itself would, and playing it leaves the game as it was."""
    game = hexlab.load(scenario, seed=7).batch_mode()
    for _ in game.run(players_for(game, "random"), 40):
        pass
    here, history = game.state.to_data(), game.history
    copy = game.copy()
    assert copy.batched and copy.history == history and copy.state.to_data() == here
    ahead = [players_for(g, "random") for g in (game, copy)]
    for _ in copy.run(ahead[1], 60):
        pass
    assert game.state.to_data() == here and game.history == history  # the game stands still
    for _ in game.run(ahead[0], 60):
        pass
    assert game.history == copy.history and game.state.to_data() == copy.state.to_data()
    assert game.log == copy.log  # no log grows in either (the setup's events only)


def test_copying_a_batch_game_copies_its_state_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A copy costs one copy of the state, whatever the game's length (the start it restarts from is shared)."""
    from hexlab.engine.state import GameState

    game = hexlab.load("cadet/village", seed=2).batch_mode()
    for _ in game.run(players_for(game, "random"), 50):
        pass
    copies: list[int] = []
    real = GameState.copy

    def counted(self: GameState) -> GameState:
        copies.append(1)
        return real(self)

    monkeypatch.setattr(GameState, "copy", counted)
    other = game.copy()
    assert len(copies) == 1
    other.restart()  # the shared start is copied when used, never changed in place
    assert game.state.to_data() != other.state.to_data() and game._initial[0].to_data() == other.state.to_data()


def test_a_quiet_context_keeps_no_events() -> None:
    """Batch play (and a search's look-ahead) changes the state through a quiet context: the rules emit as ever,
    and nothing is built or kept."""
    from hexlab.engine.ruleset import Context
    from hexlab.rulesets.cadet.events import VictoryPoint

    game = hexlab.load("cadet/village", seed=1)
    quiet, loud = Context(game.rules, game.state.copy(), quiet=True), Context(game.rules, game.state.copy())
    assert quiet.emit(VictoryPoint(1), "1 VP.") is None and quiet.events == []
    assert loud.emit(VictoryPoint(1), "1 VP.") is not None and len(loud.events) == 1
