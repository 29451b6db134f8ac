"""Walking a random game in batch mode decision by decision, for the tests that check a ruleset's fast listings."""

from __future__ import annotations

from collections.abc import Iterator

import hexlab
from hexlab.engine import Game
from hexlab.players import players_for


def decisions(scenario: str, seed: int, most: int) -> Iterator[Game]:
    """The game at each decision of a random game in batch mode, for at most ``most`` decisions (the same game is
    yielded each time, moved on by one random action after each yield)."""
    game = hexlab.load(scenario, seed=seed).batch_mode()
    player = players_for(game, "random")
    for _ in range(most):
        game.play_to_decision()
        if game.is_over:
            return
        yield game
        for _ in game.run(player, 1):
            pass
