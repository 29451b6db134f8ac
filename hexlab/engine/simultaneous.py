"""Things both sides do at once: effects resolved together, and choices declared in secret.

Two patterns many wargames share, built once here and kept in a ruleset's typed state (the codec saves
them like any other field; give the type its parameter, ``Together[Hit]``, so a save reads it back typed):

- :class:`Together`: effects recorded during a step or a phase and applied together at its end, so a unit
  destroyed in the phase still fires (Skirmish's return fire, Cactus' hour of combat, the area-map
  example's islands): ``record`` as the dice come in, ``take`` them all at the end and apply them.
- :class:`Declarations`: each side chooses (targets, missions) without seeing the others' choices until
  every side has chosen. Until then a side's view shows the other choices as
  :data:`~hexlab.engine.seats.HIDDEN` (call :meth:`Declarations.hide_from` in the ruleset's ``hide``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from .seats import HIDDEN

E = TypeVar("E")
C = TypeVar("C")


@dataclass(slots=True)
class Together(Generic[E]):
    """Effects recorded now and applied together later, in the order recorded."""

    pending: list[E] = field(default_factory=list)

    def record(self, effect: E) -> None:
        """Note an effect to apply when the step or phase ends (a hit, a loss, a retreat)."""
        self.pending.append(effect)

    def take(self) -> list[E]:
        """Every recorded effect, in order, leaving the queue empty: apply them all now."""
        taken, self.pending = self.pending, []
        return taken

    # applying one at a time, when a player must choose between them (which unit takes a loss)
    @property
    def next(self) -> E:
        """The first effect still to apply (``IndexError`` when none is left)."""
        return self.pending[0]

    def done(self) -> None:
        """The first effect has been applied: on to the one after it."""
        self.pending.pop(0)

    def first(self, effect: E) -> None:
        """Record an effect that must be applied before the rest (one that applying another brought on)."""
        self.pending.insert(0, effect)

    def __len__(self) -> int:
        return len(self.pending)

    def __iter__(self) -> Iterator[E]:
        return iter(self.pending)


@dataclass(slots=True)
class Declarations(Generic[C]):
    """Secret choices: each side of ``sides`` declares once; nobody sees another side's choice until every
    side has declared (then all are revealed together)."""

    sides: list[str]
    chosen: dict[str, C] = field(default_factory=dict)

    def declare(self, side: str, choice: C) -> None:
        """``side`` makes its choice (``ValueError`` if it is not one of the sides or has chosen already:
        a ruleset checks that first, with its own rule)."""
        if side not in self.sides:
            raise ValueError(f"{side!r} does not declare here (the sides are {', '.join(self.sides)})")
        if side in self.chosen:
            raise ValueError(f"{side} has declared already")
        self.chosen[side] = choice

    @property
    def complete(self) -> bool:
        """Every side has declared: the choices are revealed."""
        return all(side in self.chosen for side in self.sides)

    def waiting(self) -> list[str]:
        """The sides still to declare, in order."""
        return [side for side in self.sides if side not in self.chosen]

    def hide_from(self, side: str) -> None:
        """Turn this copy into what ``side`` may see: until every side has declared, the others' choices
        are :data:`~hexlab.engine.seats.HIDDEN` (that they chose is public; what they chose is not)."""
        if self.complete:
            return
        hidden: dict[str, Any] = {s: (c if s == side else HIDDEN) for s, c in self.chosen.items()}
        self.chosen = hidden
