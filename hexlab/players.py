"""Players that choose actions without a person: for headless games, tests and a simple opponent.

``random`` picks uniformly among the legal actions with its own seeded generator (separate from the
game's dice, so a player's choices never change the dice a game would roll); ``first`` takes the first
legal action; ``novice`` and ``veteran`` are the computer opponent of :mod:`hexlab.ai` (an expectimax search
from the player's seat: ``novice`` one decision ahead with some noise, ``veteran`` as deep as its budget
allows), and ``computer`` is an alias of ``novice``. :class:`ComputerPlayer` is the rulesets' simple
opponent of before (the ruleset's suggested move, such as Cadet Commander's die-choice order, else random),
kept for the tests and tools that drive a table with it.
"""

from __future__ import annotations

from collections.abc import Mapping

from .dice import Rng
from .engine import Action, Game, RuleError
from .engine.game import Player

PLAYER_KINDS = ("random", "first", "novice", "veteran", "computer")
LEVEL_ALIASES = {"computer": "novice"}
"""Kinds that name a level of the computer opponent by another name."""


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


class SearchPlayer:
    """The computer opponent (:mod:`hexlab.ai`) at a level: it decides from its seat (the game's view for the
    side to act), with its own seed, and never changes the game. ``reason`` is the one line saying why it
    chose its last move; it is also its ``remark``, which :meth:`hexlab.engine.Game.run` writes into the game's
    log after the move (a table or loop that applies the move itself calls ``game.annotate(player.remark,
    side)``); ``times`` the seconds each decision took."""

    def __init__(self, level: str, seed: int) -> None:
        from . import ai

        if level not in ai.LEVELS:
            raise ValueError(f"unknown level {level!r} (choose from {', '.join(ai.LEVELS)})")
        self.level = level
        self.seed = seed
        self.reason = ""
        self.remark = ""
        self.cut_short = 0
        """How many of its decisions the safety stop on wall time cut short."""
        self.times: list[float] = []

    def choose(self, game: Game) -> Action:
        from .ai import search
        from .ai.explain import reason

        result = search(game, game.to_act, self.level, self.seed)
        self.reason = self.remark = reason(game, result)
        self.times.append(result.seconds)
        self.cut_short += result.cut_short
        return result.best


def make_player(kind: str, seed: int) -> Player:
    kind = LEVEL_ALIASES.get(kind, kind)
    if kind == "random":
        return RandomPlayer(seed)
    if kind == "first":
        return FirstPlayer()
    if kind in ("novice", "veteran"):
        return SearchPlayer(kind, seed)
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
