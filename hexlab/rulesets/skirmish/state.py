"""What a Skirmish game keeps beyond the common state: the turn's actions, the attack in progress and the scouts
still hidden."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class AttackInProgress:
    unit: str
    target: str


@dataclass(slots=True)
class SkirmishState:
    activations: int = 0
    """Actions left from the card played this turn (sk.order.activations)."""
    acted: list[str] = field(default_factory=list)
    """Units that have acted this turn (sk.act.once)."""
    attack: AttackInProgress | None = None
    """The attack whose dice are about to be rolled."""
    game_ends: bool = False
    """The victory check found the game over (sk.victory.*): ``end_if`` says who won."""
    hidden: list[str] = field(default_factory=list)
    """The scouts still hidden (sk.hidden.scouts): their enemy does not see them (``Skirmish.is_hidden``)."""

    def new_turn(self) -> None:
        """The one place the per-turn facts are reset."""
        self.activations = 0
        self.acted = []
