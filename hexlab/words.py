"""Small helpers for writing about sides in plain English.

A side's name may be singular ("Japan", "Red") or plural ("Greeks", "Allies", "US Marines", "Japanese"),
and the verb after it must agree: "the Greeks win", "Japan wins". The rule here is deliberately simple:

* a name whose last word ends in "s" is plural ("Greeks", "Allies", "Axis", "US Marines");
* so are the few collective names of a people that don't end in "s" (:data:`COLLECTIVE`: "Japanese",
  "French", "British"...);
* anything else is singular ("Japan", "Red", "Union").

A plural name takes "the" in front of it ("the Greeks win"); a singular one is taken to be a proper name
and does not ("Japan wins"). A name that already starts with "the" keeps its own.

    >>> wins("Greeks"), wins("Japan"), wins("US Marines", start=True)
    ('the Greeks win', 'Japan wins', 'The US Marines win')
"""

from __future__ import annotations

COLLECTIVE = frozenset({"japanese", "chinese", "vietnamese", "french", "british", "english", "dutch", "irish",
                        "scottish", "welsh", "spanish", "portuguese", "danish", "polish", "finnish", "swedish",
                        "turkish"})
"""Collective names that take a plural verb though they don't end in "s" (compared in lower case)."""


SINGULAR = frozenset({"axis", "united states", "united states of america", "us", "usa", "netherlands",
                      "philippines"})
"""Names ending in "s" that take a singular verb ("the Axis wins", "the United States wins")."""


def is_plural(name: str) -> bool:
    """Whether a side's name takes a plural verb: its last word ends in "s", or is a collective name; not
    a name of :data:`SINGULAR`."""
    words = name.strip().split()
    if not words or name.strip().lower().removeprefix("the ") in SINGULAR:
        return False
    last = words[-1].lower()
    return last.endswith("s") or last in COLLECTIVE


def agree(name: str, singular: str, plural: str) -> str:
    """The verb form that agrees with ``name``: ``agree("Allies", "reaches", "reach")`` -> ``"reach"``."""
    return plural if is_plural(name) else singular


def side(name: str, start: bool = False) -> str:
    """A side's name as it stands in a sentence: "the Greeks", "Japan"; ``start=True`` capitalises it."""
    lower = name.strip().lower()
    takes_the = is_plural(name) or (lower in SINGULAR and lower not in ("us", "usa"))  # the Axis, the United States
    text = f"the {name}" if takes_the and not lower.startswith("the ") else name
    return text[:1].upper() + text[1:] if start else text


def possessive(name: str, start: bool = False) -> str:
    """A side owning something: "the Allies'", "Japan's", "the British's" (never "Allies's"): an apostrophe alone
    after a final s; ``start=True`` capitalises it."""
    return side(name, start) + ("'" if name.strip().lower().endswith("s") else "'s")


def wins(name: str, start: bool = False) -> str:
    """ "the Greeks win", "Japan wins": the side and the verb, agreeing in number. ``start=True`` for the
    beginning of a sentence ("The Greeks win")."""
    return f"{side(name, start)} {agree(name, 'wins', 'win')}"
