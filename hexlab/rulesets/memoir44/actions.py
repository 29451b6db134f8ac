"""Memoir '44's actions: the small frozen records of every decision a player makes.

Cards (``PlayCard``, ``PutUnderChip``, ``KeepCard``, ``Discard``: m44.order.card.one_per_turn,
m44.order.cards.data), orders (``Order``, ``DoneOrdering``: m44.order.units.announce), moves
(m44.move.*), battles (m44.turn.battle.steps), retreats (m44.retreat.*), take ground, overrun and battle
back (m44.take_ground.*, m44.overrun.*, m44.nation.bcf.battle_back.*), and the tactic cards' choices.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine import Action
from ...hexes import Hex


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    card: str
    verb = "card"


@dataclass(frozen=True, slots=True)
class PutUnderChip(Action):
    card: str
    verb = "card"


@dataclass(frozen=True, slots=True)
class Order(Action):
    unit: str
    verb = "order"


@dataclass(frozen=True, slots=True)
class DoneOrdering(Action):
    verb = "pass"


@dataclass(frozen=True, slots=True)
class Move(Action):
    unit: str
    to: Hex
    verb = "move"


@dataclass(frozen=True, slots=True)
class EndMoves(Action):
    verb = "pass"


@dataclass(frozen=True, slots=True)
class Battle(Action):
    unit: str
    target: str
    verb = "battle"


@dataclass(frozen=True, slots=True)
class RemoveWire(Action):
    unit: str
    verb = "act"


@dataclass(frozen=True, slots=True)
class EndBattles(Action):
    verb = "pass"


@dataclass(frozen=True, slots=True)
class IgnoreFlag(Action):
    unit: str
    verb = "act"


@dataclass(frozen=True, slots=True)
class Retreat(Action):
    unit: str
    to: Hex
    verb = "move"


@dataclass(frozen=True, slots=True)
class StopRetreat(Action):
    unit: str
    verb = "act"


@dataclass(frozen=True, slots=True)
class TakeGround(Action):
    unit: str
    verb = "act"


@dataclass(frozen=True, slots=True)
class Hold(Action):
    """Decline to take ground, an overrun or a battle back."""

    unit: str
    verb = "pass"


@dataclass(frozen=True, slots=True)
class BattleBack(Action):
    unit: str
    verb = "battle"


@dataclass(frozen=True, slots=True)
class Target(Action):
    """Pick a unit for a card: an enemy for Barrage or Air Power, a damaged unit for Medics & Mechanics."""

    unit: str
    verb = "battle"


@dataclass(frozen=True, slots=True)
class DoneTargets(Action):
    verb = "pass"


@dataclass(frozen=True, slots=True)
class PlayAmbush(Action):
    """Play Ambush: the close-assaulted unit battles its attacker first."""

    unit: str
    verb = "battle"


@dataclass(frozen=True, slots=True)
class KeepCard(Action):
    card: str
    verb = "card"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    card: str
    verb = "card"


ACTIONS = (PlayCard, PutUnderChip, Order, DoneOrdering, Move, EndMoves, Battle, RemoveWire, EndBattles,
           IgnoreFlag, Retreat, StopRetreat, TakeGround, Hold, BattleBack, Target, DoneTargets, PlayAmbush,
           KeepCard, Discard)
"""Every action class, in the order saves and the codec know them."""
