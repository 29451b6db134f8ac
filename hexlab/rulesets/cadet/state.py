"""What a Cadet Commander game keeps beyond the common state (``state.rules_state``), saved by the engine's
codec: who played first, each side's running tally, the figures gone home, and this turn's facts: the figures activated
(cc.turn.activation.once), how the current one came to be activated, its actions left
(cc.action.limit.two), and the punch up, push back, follow-up or bump waiting on a decision. The turn's
facts are reset in one place, :meth:`CadetState.new_turn`."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

from ...hexes import Hex
from .data import ACTIONS_PER_ACTIVATION

Stage = Literal["leader", "free", "rolled"]
"""How a figure came to be activated: the leader first without a roll (cc.turn.activation.leader_first),
the free second activation (cc.turn.activation.free_second), or after a roll of 2 to 6
(cc.turn.activation.roll)."""


@dataclass(slots=True)
class Activation:
    """The figure being activated and what it has done so far."""

    unit: str
    actions: int = ACTIONS_PER_ACTIVATION
    """Actions left (cc.action.limit.two)."""
    moves: int = 0
    """Hexes moved (the second is cc.move.activation.max_two)."""
    punches: int = 0
    """Punch ups made (a second one is cc.action.repeat)."""
    stopped: bool = False
    """It walked (or followed up) into an enemy's hex: no more moves (cc.move.enemy.stop)."""
    came_from: Hex | None = None
    """The hex it last came from: where the bump rule sends it back (cc.stack.overflow.return), and the
    hexside a punch up was made over (cc.punch.wall.behind)."""


@dataclass(slots=True)
class Engagement:
    """A figure walked into a hex with two enemies: it must punch up one of them (cc.move.enemy.choose)."""

    unit: str
    enemies: tuple[str, ...]
    cover: bool
    """It came over a wall or hedge: one die fewer (cc.punch.wall.minus_one)."""


@dataclass(slots=True)
class PunchUpInProgress:
    """The punch up being rolled and resolved (cc.punch.*)."""

    attacker: str
    target: str
    dice: int
    forced: bool
    """The free punch up of a figure that walked into the enemy (cc.move.enemy.forced_punch_free)."""
    cover: bool
    faces: list[str] = field(default_factory=list)
    """The ATK faces rolled, to keep one of (cc.punch.roll.choose_one)."""
    scored: bool = False
    """It has scored its victory point (cc.score.vp.per_event)."""
    result: str | None = None


@dataclass(slots=True)
class PushChoice:
    """The defender's owner chooses where the pushed-back figure goes (cc.punch.retreat.direction), or,
    when the way back is blocked, where it steps aside (cc.punch.retreat.blocked_destination)."""

    unit: str
    options: tuple[Hex, ...]
    blocked: bool


@dataclass(slots=True)
class FollowUp:
    """The attacker may follow the defender into its new hex (cc.punch.follow_up)."""

    unit: str
    to: Hex


@dataclass(slots=True)
class Bump:
    """An overcrowded figure that cannot go back chooses a hex next door (cc.stack.overflow.alternative)."""

    unit: str
    options: tuple[Hex, ...]


@dataclass(slots=True)
class Tally:
    """One side's running count, for the scoreboard's invariants (cc.score.vp.str_loss). Frozen, like the
    other records that are only ever replaced, so that copying the state for undo shares them; it changes
    through :meth:`CadetState.count`."""

    caused: int = 0
    """STR its punch ups took from the enemy."""
    scoring_punches: int = 0
    """Its punch ups that scored a victory point."""
    healed: int = 0
    """STR its rests gave back."""
    objective_vp: int = 0
    """Victory points from objectives (cc.score.vp.scenario)."""


@dataclass(slots=True)
class CadetState:
    first: str | None = None
    """The side that played the first turn (cc.setup.first_player): a turn ends after the other's."""
    tally: dict[str, Tally] = field(default_factory=dict)
    captured: str | None = None
    """The side whose flag has been captured (cc.victory.flag.capture): ``end_if`` ends the game."""
    home: list[str] = field(default_factory=list)
    """Figures gone home to mum: off the board with their STR (cc.stack.overflow.sulk,
    cc.punch.retreat.off_board); ``board.send_home`` adds them."""
    # this turn's facts, reset by new_turn()
    activated: list[str] = field(default_factory=list)
    """Figures activated this turn (cc.turn.activation.once)."""
    stage: Stage | None = None
    """How the current (or last) figure was activated."""
    current: Activation | None = None
    engage: Engagement | None = None
    punch: PunchUpInProgress | None = None
    push: PushChoice | None = None
    follow: FollowUp | None = None
    bump: Bump | None = None

    def activation(self) -> Activation:
        """The activation in progress (from turn.act to the end of the activation)."""
        assert self.current is not None, "no figure is activated"
        return self.current

    def punch_up(self) -> PunchUpInProgress:
        """The punch up in progress (from its dice to its push back and follow-up)."""
        assert self.punch is not None, "no punch up in progress"
        return self.punch

    def count(self, side: str, **more: int) -> None:
        """Add to ``side``'s tally: ``count(side, caused=1)``."""
        t = self.tally[side]
        self.tally[side] = replace(t, **{k: getattr(t, k) + v for k, v in more.items()})

    def new_turn(self) -> None:
        """The one place this turn's facts are reset, when a player's turn begins."""
        self.activated = []
        self.stage = None
        self.current = None
        self.engage = None
        self.punch = None
        self.push = None
        self.follow = None
        self.bump = None
