"""Memoir '44's events: one payload class per kind of thing that happens, with the data the log keeps.

A field without a default is always written to ``event.data``; a field with a default is left out while
it has it (``MedalWon`` names the eliminated unit, but not for an objective held). The engine's own
kinds (``PhaseBegan``, ``DiceRolled``, ``GameOver``) are in :mod:`hexlab.engine.events`.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine import Payload
from ...hexes import Hex

# ------------------------------------------------------------------------------ setting up, cards, orders


@dataclass(frozen=True, slots=True)
class Setup(Payload):
    """The command cards are dealt (m44.setup.hand_size)."""


@dataclass(frozen=True, slots=True)
class Reshuffled(Payload):
    """The discards are shuffled into a new deck (m44.turn.deck.reshuffle; Their Finest Hour)."""


@dataclass(frozen=True, slots=True)
class CardPlayed(Payload):
    card: str


@dataclass(frozen=True, slots=True)
class CounterAttack(Payload):
    """Counter-Attack becomes the card the enemy played last turn."""

    card: str


@dataclass(frozen=True, slots=True)
class CardFallback(Payload):
    """A card whose named units the player lacks orders 1 unit of any kind instead."""


@dataclass(frozen=True, slots=True)
class CommissarChip(Payload):
    """A card goes under the Soviet Commissar chip."""


@dataclass(frozen=True, slots=True)
class UnitOrdered(Payload):
    unit: str


@dataclass(frozen=True, slots=True)
class NoOrders(Payload):
    pass


@dataclass(frozen=True, slots=True)
class NoMoves(Payload):
    """Close Assault and Firefight: the ordered units do not move."""


@dataclass(frozen=True, slots=True)
class DugIn(Payload):
    unit: str


@dataclass(frozen=True, slots=True)
class NoTarget(Payload):
    """A card with nothing to strike or tend does nothing."""


@dataclass(frozen=True, slots=True)
class TargetPicked(Payload):
    unit: str


@dataclass(frozen=True, slots=True)
class Healed(Payload):
    unit: str
    back: int


@dataclass(frozen=True, slots=True)
class FinestHour(Payload):
    infantry: int
    armor: int
    any: int


@dataclass(frozen=True, slots=True)
class Ambush(Payload):
    dice: int


@dataclass(frozen=True, slots=True)
class AttackGoesOn(Payload):
    """The ambushed attacker survived in place and makes its attack."""


@dataclass(frozen=True, slots=True)
class AttackCancelled(Payload):
    pass


# ------------------------------------------------------------------------------ moves and battles


@dataclass(frozen=True, slots=True)
class UnitMoved(Payload):
    unit: str
    frm: Hex
    to: Hex


@dataclass(frozen=True, slots=True)
class WireRemoved(Payload):
    unit: str | None = None
    """The infantry that cleared it instead of battling; not written when armor crushes it."""


@dataclass(frozen=True, slots=True)
class SandbagsRemoved(Payload):
    pass


@dataclass(frozen=True, slots=True)
class BattleDeclared(Payload):
    dice: int


@dataclass(frozen=True, slots=True)
class BattleResult(Payload):
    hits: int
    flags: int


@dataclass(frozen=True, slots=True)
class FiguresLost(Payload):
    unit: str
    lost: int


@dataclass(frozen=True, slots=True)
class FlagsLost(Payload):
    """The unit was eliminated: its flags do nothing."""


@dataclass(frozen=True, slots=True)
class MedalWon(Payload):
    unit: str | None = None
    """The eliminated unit (m44.victory.medal.last_figure); not written for an objective held."""


@dataclass(frozen=True, slots=True)
class MedalLost(Payload):
    """An objective is no longer held."""


@dataclass(frozen=True, slots=True)
class HighCommand(Payload):
    """Italian High Command: the hand limit shrinks, or a card is discarded."""


# ------------------------------------------------------------------------------ retreats and after


@dataclass(frozen=True, slots=True)
class FlagIgnored(Payload):
    unit: str


@dataclass(frozen=True, slots=True)
class Retreated(Payload):
    unit: str
    frm: Hex
    to: Hex


@dataclass(frozen=True, slots=True)
class RetreatBlocked(Payload):
    unit: str


@dataclass(frozen=True, slots=True)
class NoRetreat(Payload):
    """A unit that never retreats (artillery in a bunker...) loses a figure per flag."""


@dataclass(frozen=True, slots=True)
class TookGround(Payload):
    unit: str
    frm: Hex
    to: Hex


@dataclass(frozen=True, slots=True)
class NoOverrun(Payload):
    pass


@dataclass(frozen=True, slots=True)
class BattleBack(Payload):
    pass


@dataclass(frozen=True, slots=True)
class NoBattleBack(Payload):
    pass


# ------------------------------------------------------------------------------ the draw and the turn


@dataclass(frozen=True, slots=True)
class CardDrawn(Payload):
    pass


@dataclass(frozen=True, slots=True)
class CardsDrawn(Payload):
    """Recon: two cards drawn, one to keep."""


@dataclass(frozen=True, slots=True)
class CardKept(Payload):
    pass


@dataclass(frozen=True, slots=True)
class NoDraw(Payload):
    """The hand is at its High Command limit."""


@dataclass(frozen=True, slots=True)
class TurnBegan(Payload):
    pass
