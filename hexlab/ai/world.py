"""The worlds the computer opponent searches: typed states it builds from what its seat sees, and the
moves through them, on copies.

A *world* is one :class:`~hexlab.engine.GameState` that agrees with a side's view
(:meth:`hexlab.engine.Game.view`): the side's own hand and every face-up fact as seen, and what the side
cannot see (the other hands, the deck's order, a card under a chip) dealt from what is left unseen, as
OpenSpiel's information-set search does with ``resample_from_infostate``. The generic part lives here
(:func:`generic_resample`: hidden hands and decks dealt from a ruleset hook's card composition); a
ruleset adds what only it knows (Memoir '44's card under a Commissar chip) in ``hexlab.ai.rulesets``.

Moves through a world go through the ruleset's own hooks exactly as :class:`hexlab.engine.Game` does
(check-free ``apply`` of a legal action, ``auto``, ``roll`` and ``resolve``, then ``end_if``), but on
copies and without the log or the history, which a search does not need: the game it is asked about is
never touched. ``tests/test_ai.py`` checks that a world steps exactly as the game does.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from ..dice import Rng, roll_multisets_mixed
from ..engine import Action, GameState, Ruleset
from ..engine.ruleset import Context
from ..engine.seats import HIDDEN

Faces = tuple[tuple[Any, ...], ...]


@dataclass(slots=True)
class World:
    """Moves through states of one ruleset (bound to one game's board and options), on copies."""

    rules: Ruleset[Any]

    # --------------------------------------------------------------------------- where
    def kind(self, state: GameState) -> str:
        """``over``, ``decision``, ``dice`` or ``auto`` (bookkeeping)."""
        if state.result is not None:
            return "over"
        return self.rules.sequence.lookup(state.position)[1].kind

    def to_act(self, state: GameState) -> str:
        return self.rules.to_act(state)

    def legal(self, state: GameState) -> list[Action]:
        return list(self.rules.legal_actions(state))

    # --------------------------------------------------------------------------- moves
    def apply(self, state: GameState, action: Action) -> GameState:
        """The state after a legal ``action`` (the caller took it from :meth:`legal`)."""
        s = state.copy()
        ctx = Context(self.rules, s)
        self.rules.apply(ctx, action)
        return self._finish(ctx)

    def auto(self, state: GameState) -> GameState:
        """The state after the automatic bookkeeping step due now."""
        s = state.copy()
        ctx = Context(self.rules, s)
        self.rules.auto(ctx)
        return self._finish(ctx)

    def resolve(self, state: GameState, faces: Faces) -> GameState:
        """The state after the dice step due now comes up ``faces`` (one tuple per die group)."""
        s = state.copy()
        ctx = Context(self.rules, s)
        self.rules.resolve(ctx, faces)
        return self._finish(ctx)

    def roll(self, state: GameState) -> GameState:
        """The state after the dice step due now, rolled from the world's own generator."""
        s = state.copy()
        ctx = Context(self.rules, s)
        faces = tuple(ctx.rng.roll_many(die, n) for die, n in self.rules.roll(s).pool)
        self.rules.resolve(ctx, faces)
        return self._finish(ctx)

    def outcome_count(self, state: GameState) -> int:
        """How many chance outcomes (multisets per die group) the dice step has, without listing them."""
        from math import comb

        total = 1
        for die, n in self.rules.roll(state).pool:
            total *= comb(n + len(die.distinct) - 1, n)
        return total

    def outcomes(self, state: GameState) -> list[tuple[Faces, Fraction]]:
        """Every outcome of the dice step due now with its exact probability (``Game.chance_outcomes``)."""
        return list(_table(self.rules.roll(state).pool)[0])

    def draw(self, state: GameState, rng: Rng) -> Faces:
        """One outcome of the dice step due now, drawn by its probability with ``rng``."""
        pairs, cumulative = _table(self.rules.roll(state).pool)
        x = rng.randbelow(2**53) / 2**53
        return pairs[min(bisect_right(cumulative, x), len(pairs) - 1)][0]

    def settle(self, state: GameState, limit: int = 10_000) -> GameState:
        """Run bookkeeping steps until a decision, a dice step or the end."""
        for _ in range(limit):
            if self.kind(state) != "auto":
                return state
            state = self.auto(state)
        raise RuntimeError(f"{self.rules.id}: {limit} bookkeeping steps in a row")

    def _finish(self, ctx: Context) -> GameState:
        ctx.is_over()
        ctx.finish()
        return ctx.state


@lru_cache(maxsize=256)
def _table(pool: tuple[Any, ...]) -> tuple[tuple[tuple[Faces, Fraction], ...], tuple[float, ...]]:
    """A pool's outcomes with their exact probabilities, and their running totals (for drawing)."""
    pairs = tuple(roll_multisets_mixed(list(pool)).items())
    running, total = [], Fraction(0)
    for _, p in pairs:
        total += p
        running.append(float(total))
    return pairs, tuple(running)


# ------------------------------------------------------------------------------------------- worlds


Resample = Callable[[Ruleset[Any], GameState, str, Rng], GameState]
"""A ruleset's hook: a world that agrees with ``view`` (what ``side`` sees), what is unseen dealt with the
given generator. It changes and returns ``view`` (a copy of its own)."""


def unseen_cards(composition: Iterable[str], view: GameState, seen_elsewhere: Iterable[str] = ()) -> list[str]:
    """The cards of ``composition`` (every card in the game) that the view does not show face up: not in a
    hand or pile it sees, nor among ``seen_elsewhere`` (a card in play the ruleset keeps in its state)."""
    left = Counter(composition)
    for pile in [*view.hands.values(), *view.decks.values(), list(seen_elsewhere)]:
        for card in pile:
            if card != HIDDEN and left[card] > 0:
                left[card] -= 1
    return sorted(left.elements())


def generic_resample(view: GameState, rng: Rng, unseen: list[str]) -> GameState:
    """Deal ``unseen`` cards (shuffled with ``rng``) into every :data:`HIDDEN` place of the view's hands
    and decks, in a fixed order of piles, and give the world a generator of its own. Hidden places beyond
    the cards known to be unseen are left as they are (a ruleset without a composition)."""
    pool = list(unseen)
    rng.shuffle(pool)
    for piles in (view.hands, view.decks):
        for name in sorted(piles):
            cards = piles[name]
            for i, card in enumerate(cards):
                if card == HIDDEN and pool:
                    cards[i] = pool.pop()
    view.rng = Rng(rng.randbelow(2**31)).state
    return view


def has_hidden(view: GameState) -> bool:
    """Whether a view holds anything face down (another hand, a deck's order)."""
    return any(c == HIDDEN for piles in (view.hands, view.decks) for pile in piles.values() for c in pile)
