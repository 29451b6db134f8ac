"""What a seat may see (boardgame.io's ``playerView``, OpenSpiel's observers), decided in one place.

A *seat* is where one side's player sits: a side's name. Two more viewers exist:

- :data:`PUBLIC`: nobody's seat, what every side sees (the table shows it while a hot-seat game is handed
  over, so nothing private shows before the next player has taken the seat);
- ``None``: the teacher's view, everything on the table face up (hands, hidden units), but never the
  deck's order or the dice generator, which nobody at a real table knows either.

The ruleset says what a side sees (:meth:`hexlab.engine.Ruleset.sees`, ``public_piles`` and
:meth:`~hexlab.engine.Ruleset.hide`); :meth:`hexlab.engine.Ruleset.view` applies it to a copy of the
typed state, and everything a seat is shown reads that copy: ``game.observation(side)``, ``game.view``,
the map drawn for a seat (``scene(game, viewer=side)``), ``game.describe(viewer=side)``, the odds panel
and the computer opponent. The log has audiences (``ctx.emit(..., to=side, public="...")``) and
``game.log_for(side)`` gives a side its own log.

A view never holds the dice generator's state (its ``rng`` is 0) and a face-down card is :data:`HIDDEN`,
so nothing in it predicts a roll, a shuffle or a draw.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

PUBLIC = "(public)"
"""The viewer of nobody's seat: only what every side may see."""

HIDDEN = "?"
"""A face-down card in a view: one entry per card, so a view still says how many there are."""


def hidden(cards: Sequence[str]) -> list[str]:
    """A pile as a side that may not look at it sees it: one :data:`HIDDEN` per card."""
    return [HIDDEN] * len(cards)


def face_down(cards: Sequence[str]) -> bool:
    """A non-empty pile whose every card is face down (encoded as a count in an observation)."""
    return bool(cards) and all(c == HIDDEN for c in cards)


@dataclass(slots=True)
class Alternation:
    """A round of decisions that alternate between the sides until each has passed in a row (missions
    flown until both sides pass; moves made one unit at a time). Kept in a ruleset's typed state; the
    step that offers the decisions uses :attr:`to_act` as its decider.

    ``passes_to_end`` is the ruleset's rule: how many passes in a row end the round (2 for two sides that
    must both pass in a row). A side that cannot act at all is passed over with :meth:`skip`, which counts
    as its pass. With ``alternate=False`` a side keeps deciding until it passes, and then it is done: the
    round goes through the sides in order, each acting until it passes (Cactus' moves, raids and refits).
    """

    order: list[str]
    """The sides, in the order they take turns in this round."""
    to_act: str
    """The side whose decision it is now."""
    passes_to_end: int = 2
    alternate: bool = True
    """The decision passes to the next side after each action (``True``), or only after a pass."""
    passes: int = 0
    """Passes in a row so far."""
    log: list[str] = field(default_factory=list)
    """Who acted (or passed) in turn, in order: for the log and the tests."""
    lead: int = 0
    """Decisions the first side takes in a row before the round alternates (Cartwheel's initiative missions):
    each action or pass uses one, and the decision passes on only when none is left."""
    passes_each: int = 0
    """When set, the round ends once every side has passed at this many of its own decisions in a row with no
    action by anyone in between (Cartwheel: two each), instead of after ``passes_to_end`` passes in a row."""
    streak: dict[str, int] = field(default_factory=dict)
    """With ``passes_each``: each side's own passes in a row since the last action."""

    @classmethod
    def start(cls, order: Sequence[str], first: str | None = None, passes_to_end: int | None = None,
              alternate: bool = True, lead: int = 0, passes_each: int = 0) -> Alternation:
        """A new round: ``first`` (by default the first in ``order``) decides; by default it ends when every
        side has passed in a row. ``lead``: decisions ``first`` takes in a row before the round alternates;
        ``passes_each``: the round ends when every side has passed that many of its own turns in a row."""
        order = list(order)
        return cls(order, first or order[0], len(order) if passes_to_end is None else passes_to_end, alternate,
                   lead=lead, passes_each=passes_each)

    @property
    def over(self) -> bool:
        if self.passes_each:
            return all(self.streak.get(side, 0) >= self.passes_each for side in self.order)
        return self.passes >= self.passes_to_end

    def acted(self) -> None:
        """The side to act did something: the passes in a row start again and the next side decides (when
        the round alternates; otherwise the same side goes on)."""
        self.log.append(self.to_act)
        if self.alternate:
            self.passes = 0
            self.streak = {}
            if self._leads():
                return
            self._next()

    def passed(self) -> None:
        """The side to act passed: one more pass in a row; the next side decides unless the round is over."""
        self.log.append(f"{self.to_act} passes")
        self.passes += 1
        self.streak[self.to_act] = self.streak.get(self.to_act, 0) + 1
        if not self.over and not self._leads():
            self._next()

    def skip(self) -> None:
        """The side to act has nothing it may do: it is passed over (a pass)."""
        self.passed()

    def _leads(self) -> bool:
        """Use one of the first side's lead decisions; whether it keeps the decision."""
        if self.lead <= 0:
            return False
        self.lead -= 1
        return self.lead > 0

    def _next(self) -> None:
        i = self.order.index(self.to_act)
        self.to_act = self.order[(i + 1) % len(self.order)]
