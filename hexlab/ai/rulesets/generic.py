"""The fallback evaluation for a ruleset the computer has no module for: the score (medals, victory
points) and the strength on the map. It plays legally and keeps its units alive, but knows nothing of a
ruleset's objectives; ``hexlab.ai.rulesets.has_own`` says which rulesets have more."""

from __future__ import annotations

from typing import Any

from ...dice import Rng
from ...engine import GameState
from ..world import generic_resample, unseen_cards

TERMS = {
    "score": ("the score", ""),
    "strength": ("strength on the map", ""),
}


def evaluate(rules: Any, state: GameState, side: str) -> dict[str, float]:
    score = sum(v if s == side else -v for s, v in state.score.items())
    strength = sum(u.strength / max(1, u.max_strength) * (1 if u.side == side else -1)
                   for u in state.units.values() if u.alive)
    return {"score": 3.0 * score, "strength": strength}


def resample(rules: Any, view: GameState, side: str, rng: Rng) -> GameState:
    """Without a card composition, hidden cards stay hidden (a ruleset with hidden cards needs its module)."""
    return generic_resample(view, rng, unseen_cards([], view))


def hides_more(rules: Any, view: GameState, side: str) -> bool:
    return False
