"""Per-ruleset knowledge of the computer opponent, looked up by ruleset id, kept out of the rulesets.

Each module here gives

- ``evaluate(rules, state, side) -> dict[str, float]``: the position's value for ``side`` as named terms
  (medals, figures, units under threat...), each cited in ``TERMS`` with the rule clause it values; the
  search adds them up, the explanations put the differences into words;
- ``TERMS``: term -> (words, clause);
- ``resample(rules, view, side, rng) -> GameState``: a world that agrees with ``view``, what the side cannot
  see dealt consistently with what it has seen (the generic one deals hidden hands and decks from the
  ruleset's card composition, :mod:`hexlab.ai.world`);
- ``hides_more(rules, view, side) -> bool``: whether the view hides something beyond face-down cards (a
  card under a chip), so that several worlds are worth searching;
- optionally ``prepare(game, side)``: public facts the worlds need that the view does not hold (Cartwheel: the
  scenario's order of battle of the enemy's hidden air units), passed to ``resample`` as ``known=``;
- optionally ``shape(level) -> Level``: a named level fitted to the ruleset (Cactus: where the budget is best
  spent), each change explained and measured in the module.
- optionally ``finished(rules, state, side) -> float | None``: what a game over at ``state`` is worth to ``side``
  where the search's won game (:data:`~hexlab.ai.search.WIN`) would be on the wrong scale against the evaluation's
  points, or None (Cactus: Guadalcanal taken before the game's last hour).

A ruleset with no module here gets :mod:`.generic` (score and strength): it plays, but knows nothing of
its objectives. Adding one is a small file with those four names and a line in :data:`MODULES`.
"""

from __future__ import annotations

import importlib
from types import ModuleType

MODULES = {"memoir44": "memoir44", "cadet": "cadet", "cactus": "cactus", "warsea": "warsea", "cartwheel": "cartwheel"}
"""Ruleset id -> the module here that knows it."""


def hooks_for(ruleset_id: str) -> ModuleType:
    name = MODULES.get(ruleset_id, "generic")
    return importlib.import_module(f"{__name__}.{name}")


def has_own(ruleset_id: str) -> bool:
    """Whether the ruleset has an evaluation of its own (not the generic fallback)."""
    return ruleset_id in MODULES
