"""The computer opponent: one search for every ruleset, playing from its seat, that explains itself.

    >>> import hexlab, hexlab.ai
    >>> game = hexlab.load("memoir44/tenaru", seed=1)          # doctest: +SKIP
    >>> hexlab.ai.choose(game, level="veteran")                  # doctest: +SKIP
    >>> print(hexlab.ai.explain(game).words)                     # doctest: +SKIP

:mod:`.search` is the expectimax (levels ``novice`` and ``veteran``), :mod:`.world` the worlds it searches
(dealt from what its seat sees), :mod:`.rulesets` each ruleset's evaluation and dealing, :mod:`.explain`
the words. ``hexlab.players`` makes players of the levels (``players={"Japan": "veteran"}``).
"""

from __future__ import annotations

from .explain import Explanation, explain
from .search import LEVELS, Level, Result, choose, search

__all__ = ["LEVELS", "Explanation", "Level", "Result", "choose", "explain", "search"]
