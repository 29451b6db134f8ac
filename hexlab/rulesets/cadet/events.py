"""What a Cadet Commander game logs: one payload class per kind of event (the engine adds ``PhaseBegan``,
``DiceRolled`` and ``GameOver``). A field without a default is always written to the event's data; a
field with one is left out while it has that value (``WentHome.at``: only a figure pushed off the board
says where it left from). The clauses each event cites are given where it is emitted."""

from __future__ import annotations

from dataclasses import dataclass

from ...engine import Payload
from ...hexes import Hex

# ------------------------------------------------------------------------------------ set up, turns


@dataclass(frozen=True, slots=True)
class Setup(Payload):
    """The bands and the flags are in place (cc.setup.figures.baseline, cc.setup.flag.placement)."""


@dataclass(frozen=True, slots=True)
class RollOffTied(Payload):
    """Both players rolled the same for the first turn: roll again (cc.setup.first_player)."""


@dataclass(frozen=True, slots=True)
class FirstPlayer(Payload):
    """The first turn's player is known: the event's side (cc.setup.first_player)."""


@dataclass(frozen=True, slots=True)
class TurnBegan(Payload):
    """A player's turn begins: the event's side (cc.turn.activation.any_or_all)."""


# ------------------------------------------------------------------------------------ activations


@dataclass(frozen=True, slots=True)
class NoLeader(Payload):
    """The band's leader is gone: the turn starts with the free activation (cc.turn.activation.no_leader)."""


@dataclass(frozen=True, slots=True)
class Activated(Payload):
    unit: str
    stage: str
    """``leader``, ``free`` or ``rolled``: how the figure came to be activated."""


@dataclass(frozen=True, slots=True)
class ActivationRoll(Payload):
    """The player rolls for one more figure (cc.turn.activation.roll)."""


@dataclass(frozen=True, slots=True)
class RollGood(Payload):
    """The activation roll was 2 to 6 (cc.turn.activation.roll)."""


@dataclass(frozen=True, slots=True)
class TurnOver(Payload):
    """The activation roll was a 1 (cc.turn.activation.roll_one)."""


@dataclass(frozen=True, slots=True)
class TurnEnded(Payload):
    """The player chose to activate no more figures (cc.turn.activation.any_or_all)."""


@dataclass(frozen=True, slots=True)
class AllActivated(Payload):
    """Every figure of the band on the board has been activated (cc.turn.activation.once)."""


@dataclass(frozen=True, slots=True)
class ActionsDone(Payload):
    unit: str


@dataclass(frozen=True, slots=True)
class ActivationEnded(Payload):
    unit: str


# ------------------------------------------------------------------------------------ moves, rests


@dataclass(frozen=True, slots=True)
class UnitMoved(Payload):
    unit: str
    frm: Hex
    to: Hex
    cost: int
    """Actions the move took (1, or more over a wall or into a river or woods)."""


@dataclass(frozen=True, slots=True)
class Contact(Payload):
    """The figure walked into an enemy's hex (cc.move.enemy.stop)."""

    unit: str


@dataclass(frozen=True, slots=True)
class Rested(Payload):
    unit: str
    gain: int


# ------------------------------------------------------------------------------------ punch ups


@dataclass(frozen=True, slots=True)
class PunchUp(Payload):
    unit: str
    target: str
    dice: int
    forced: bool
    cover: bool


@dataclass(frozen=True, slots=True)
class PunchResult(Payload):
    unit: str
    target: str
    result: str


@dataclass(frozen=True, slots=True)
class StrLost(Payload):
    unit: str
    lost: int


@dataclass(frozen=True, slots=True)
class VictoryPoint(Payload):
    """Victory points to the event's side (cc.score.vp.str_loss)."""

    vp: int


@dataclass(frozen=True, slots=True)
class NoExtraPoint(Payload):
    """The punch up has scored already (cc.score.vp.per_event)."""


@dataclass(frozen=True, slots=True)
class Removed(Payload):
    """A figure out of STR leaves the board (cc.punch.str.zero_removed)."""

    unit: str
    at: Hex


@dataclass(frozen=True, slots=True)
class PushBlocked(Payload):
    unit: str


@dataclass(frozen=True, slots=True)
class StoodFast(Payload):
    unit: str


@dataclass(frozen=True, slots=True)
class PushedBack(Payload):
    unit: str
    frm: Hex
    to: Hex


@dataclass(frozen=True, slots=True)
class NoRoomToFollow(Payload):
    unit: str


@dataclass(frozen=True, slots=True)
class FollowedUp(Payload):
    unit: str
    frm: Hex
    to: Hex


@dataclass(frozen=True, slots=True)
class NoFollowUp(Payload):
    unit: str


# ------------------------------------------------------------------------------------ stacking, going home


@dataclass(frozen=True, slots=True)
class Overcrowded(Payload):
    unit: str
    at: Hex


@dataclass(frozen=True, slots=True)
class BumpedBack(Payload):
    """The last figure in goes back where it came from (cc.stack.overflow.return)."""

    unit: str
    frm: Hex
    to: Hex


@dataclass(frozen=True, slots=True)
class FellBack(Payload):
    """The last figure in goes to another hex next door (cc.stack.overflow.alternative)."""

    unit: str
    frm: Hex
    to: Hex


@dataclass(frozen=True, slots=True)
class WentHome(Payload):
    """A figure goes home to mum: from a crowd with nowhere to go (cc.stack.overflow.sulk), or pushed back
    off the board (cc.punch.retreat.off_board, which also says where it left from)."""

    unit: str
    at: Hex | None = None


# ------------------------------------------------------------------------------------ end of turn


@dataclass(frozen=True, slots=True)
class ObjectiveHeld(Payload):
    at: Hex
    vp: int


@dataclass(frozen=True, slots=True)
class FlagCaptured(Payload):
    """A flag held through its owner's turn: the event's side captured it (cc.victory.flag.capture)."""

    at: Hex
