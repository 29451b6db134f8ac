"""Players that choose actions without a person: for headless games, tests and a simple opponent.

``random`` picks uniformly among the legal actions with its own seeded generator (separate from the
game's dice, so a player's choices never change the dice a game would roll); ``first`` takes the first
legal action; ``computer`` asks the ruleset for its suggested move (a ruleset's simple opponent, such as
Cadet Commander's die-choice order) and falls back to random.
"""

from __future__ import annotations

from collections.abc import Mapping

from .dice import Rng
from .engine import Action, Game, RuleError
from .engine.game import Player

PLAYER_KINDS = ("random", "first", "computer")


class RandomPlayer:
    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def choose(self, game: Game) -> Action:
        options = list(game.legal_actions())
        if not options:
            raise RuleError("There is nothing to choose now.", None)
        return options[self.rng.randbelow(len(options))]


class FirstPlayer:
    def choose(self, game: Game) -> Action:
        for action in game.legal_actions():
            return action
        raise RuleError("There is nothing to choose now.", None)


class ComputerPlayer(RandomPlayer):
    def choose(self, game: Game) -> Action:
        action = game.rules.suggest(game.state)
        if action is not None and game.is_legal(action):
            return action
        return super().choose(game)


def make_player(kind: str, seed: int) -> Player:
    if kind == "random":
        return RandomPlayer(seed)
    if kind == "first":
        return FirstPlayer()
    if kind == "computer":
        return ComputerPlayer(seed)
    raise ValueError(f"unknown player {kind!r} (choose from {', '.join(PLAYER_KINDS)})")


HUMAN = ("human", "person", "hot-seat")
"""Kinds that mean a person plays the side (at the table): no player object is made for it."""


def players_for(game: Game, kinds: str | list[str] | Mapping[str, str | Player] = "random") -> dict[str, Player]:
    """Players for a game, seeded from the game's seed: from text or a list with one kind per side (or one
    kind for every side), or a mapping ``{side: kind or player}``. Sides given as ``human`` get no player
    (a person decides for them at the table)."""
    if isinstance(kinds, Mapping):
        pairs = list(kinds.items())
        for side, _ in pairs:
            if side not in game.state.sides:
                raise ValueError(f"no side {side!r} in this game (sides: {', '.join(game.state.sides)})")
    else:
        names = kinds.split(",") if isinstance(kinds, str) else list(kinds)
        names = [n.strip() for n in names]
        if len(names) == 1:
            names = names * len(game.state.sides)
        if len(names) != len(game.state.sides):
            raise ValueError(f"give one player per side ({len(game.state.sides)}), got {len(names)}")
        pairs = list(zip(game.state.sides, names, strict=True))
    out: dict[str, Player] = {}
    for i, (side, kind) in enumerate(pairs):
        if not isinstance(kind, str):
            out[side] = kind
        elif kind not in HUMAN:
            out[side] = make_player(kind, game.seed * 7919 + 101 + i)
    return out
