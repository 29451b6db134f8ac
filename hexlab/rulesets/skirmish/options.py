"""What a Skirmish scenario may set in its ``[rules]`` table."""

from __future__ import annotations

from pydantic import Field

from ...engine import Options


class SkirmishOptions(Options):
    turns: int = Field(default=8, ge=1, le=100)
    """Turns each side plays (sk.victory.turns)."""
    hand_size: int = Field(default=2, ge=1, le=5)
    deck: dict[str, int] = Field(default_factory=lambda: {"order1": 6, "order2": 4})
    """How many of each command card the deck holds (sk.draw.card)."""
