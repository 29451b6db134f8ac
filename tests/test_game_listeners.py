"""Listeners of a game's changes, in the order they were asked for (``Game.on_change``)."""

from __future__ import annotations

import hexlab


def test_a_listener_asked_first_is_called_before_those_already_there():
    game = hexlab.load("cadet/village", seed=1)
    game.play_to_decision()
    calls: list[str] = []
    game.on_change(lambda g, e: calls.append("view"))
    stop = game.on_change(lambda g, e: calls.append("save"), first=True)
    game.apply(next(iter(game.legal_actions())))
    assert calls[:2] == ["save", "view"]
    stop()
    calls.clear()
    game.undo()
    assert calls == ["view"]
