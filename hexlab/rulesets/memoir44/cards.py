"""Command cards as data, and who a played card may order.

A card orders units through *slots*: each slot admits units in some sections (seen from the player's
own side) and of some types, up to a count (``None``: every such unit). A set of units may be ordered
when each can be given its own slot; units on a section line fit a slot of either section
(m44.order.section.straddle). Orders beyond the units a player has are simply lost, and a card that
can order nobody is still played (m44.order.cards.data).

The deck is ``cards.toml`` beside this file: the 40 section cards, and the tactic cards whose effect
could be established from public references, each with its source. Cards that could not be
established are listed there as ``missing`` and never dealt.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ...engine.state import Unit

HERE = Path(__file__).parent


@dataclass(frozen=True)
class Slot:
    sections: frozenset[str] | None
    kinds: frozenset[str] | None
    count: int | None


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    kind: str
    """``section`` or ``tactic``."""
    count: int
    slots: tuple[Slot, ...]
    effect: str = ""
    """A tactic card's effect id, which ``rules.py`` implements."""
    summary: str = ""
    source: str = ""
    gung_ho: bool = True
    """Whether the US Marines' Gung-Ho! adds a unit (m44.nation.usmc.exclusions)."""
    any_fallback: bool = False
    """With none of the named units, order 1 unit of the player's choice instead (Move Out!, ...)."""

    @property
    def orders_units(self) -> int | None:
        """How many units the card orders at most (None: no fixed number)."""
        total = 0
        for slot in self.slots:
            if slot.count is None:
                return None
            total += slot.count
        return total


@dataclass(frozen=True)
class MissingCard:
    name: str
    count: int
    reason: str


def _slots(raw: dict) -> tuple[Slot, ...]:
    out = []
    for s in raw.get("slots", []):
        sections = frozenset(s["sections"]) if "sections" in s else None
        kinds = frozenset(s["kinds"]) if "kinds" in s else None
        count = None if s.get("count", "all") == "all" else int(s["count"])
        out.append(Slot(sections, kinds, count))
    return tuple(out)


@cache
def load_deck() -> tuple[dict[str, Card], tuple[MissingCard, ...]]:
    """The cards of ``cards.toml``: playable cards by id, and the tactic cards left out."""
    data = tomllib.loads((HERE / "cards.toml").read_text(encoding="utf-8"))
    cards = {}
    for raw in data["card"]:
        cards[raw["id"]] = Card(raw["id"], raw["name"], raw["kind"], int(raw.get("count", 1)), _slots(raw),
                                raw.get("effect", ""), raw.get("summary", ""), raw.get("source", ""),
                                bool(raw.get("gung_ho", True)), bool(raw.get("any_fallback", False)))
    missing = tuple(MissingCard(m["name"], int(m["count"]), m["reason"]) for m in data.get("missing", []))
    return cards, missing


def standard_deck() -> list[str]:
    """The card ids of the standard deck, one entry per copy, in a fixed order before shuffling."""
    cards, _ = load_deck()
    return [c.id for c in cards.values() for _ in range(c.count)]


def with_gung_ho(card: Card, force: bool = False) -> tuple[Slot, ...]:
    """The US Marines order one more unit (m44.nation.usmc.section_plus_one, .tactic_plus_one): a slot
    for one extra unit in a section the card names (any section for a tactic card of 1-4 units).
    ``force``: even on a card Gung-Ho! leaves alone (a Counter-Attack copying a Japanese card)."""
    if not card.gung_ho and not force:
        return card.slots
    if not card.slots:
        return card.slots
    if card.kind == "section":
        if all(s.count is None for s in card.slots):
            return card.slots  # an Assault already orders everyone there
        sections = frozenset().union(*(s.sections or frozenset() for s in card.slots)) or None
        return (*card.slots, Slot(sections, None, 1))
    n = card.orders_units
    if n is not None and 1 <= n <= 4:
        kinds = frozenset().union(*(s.kinds for s in card.slots if s.kinds)) or None
        return (*card.slots, Slot(None, kinds, 1))
    return card.slots


def fits(units: Sequence[Unit], slots: Sequence[Slot], sections_of: Callable[[Unit], list[str]],
         extra: Callable[[Unit, Slot], bool] | None = None, known: dict[str, list[int]] | None = None) -> bool:
    """Can every unit get a slot of its own (a small bipartite matching)? ``known``: the slots each unit was
    found to fit, by unit id, kept by a caller that asks again with the same slots and state."""
    if known is None:
        options = [admitting(u, slots, sections_of, extra) for u in units]
    else:
        options = []
        for u in units:
            row = known.get(u.id)
            if row is None:
                row = known[u.id] = admitting(u, slots, sections_of, extra)
            options.append(row)
    return matches(options, [s.count for s in slots])


def admitting(u: Unit, slots: Sequence[Slot], sections_of: Callable[[Unit], list[str]],
              extra: Callable[[Unit, Slot], bool] | None = None) -> list[int]:
    """The indexes of the slots that may take ``u`` (its sections asked once, and only if a slot names sections)."""
    where: list[str] | None = None
    out = []
    for i, slot in enumerate(slots):
        if slot.kinds is not None and u.kind not in slot.kinds:
            continue
        if slot.sections is not None:
            if where is None:
                where = sections_of(u)
            if slot.sections.isdisjoint(where):
                continue
        if extra is None or extra(u, slot):
            out.append(i)
    return out


def matches(options: Sequence[Sequence[int]], capacity: list[int | None]) -> bool:
    """Can each unit, given as the slot indexes it fits, get a slot of its own, no slot taking more units than its
    capacity (``None``: any number)? ``capacity`` is used up while searching and given back."""
    order = sorted(range(len(options)), key=lambda i: len(options[i]))

    def place(k: int) -> bool:
        if k == len(order):
            return True
        for i in options[order[k]]:
            if capacity[i] is None:
                if place(k + 1):
                    return True
            elif capacity[i] > 0:
                capacity[i] -= 1
                if place(k + 1):
                    return True
                capacity[i] += 1
        return False

    return place(0)
