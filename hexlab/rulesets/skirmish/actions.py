"""Skirmish's decisions: small frozen dataclasses (``unit``/``to``/``target`` fields let the map act)."""

from __future__ import annotations

from dataclasses import dataclass

from ...engine import Action
from ...hexes import Hex


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """Play a command card from the hand (sk.order.play_card)."""

    card: str
    verb = "card"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Move a unit that has not acted to a hex it can reach (sk.move.allowance)."""

    unit: str
    to: Hex
    verb = "move"


@dataclass(frozen=True, slots=True)
class Attack(Action):
    """Attack an enemy 1 or 2 hexes away (sk.attack.range)."""

    unit: str
    target: str
    verb = "battle"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Stop acting this turn (sk.act.pass)."""

    verb = "pass"
