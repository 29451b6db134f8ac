"""The variant's ground counters as data: each printed counter's two faces (dice - steps), and the chain of
faces a unit shows as it loses steps.

The left number of a face is how many d6 the unit rolls in ground combat
(caf.components.counters.left_number_is_dice), the right number its steps
(caf.components.counters.right_number_is_steps). A unit's ``strength`` in the game state is its steps, and
its steps say which counter and which side of it is up (:func:`face_attrs`, read through ``facts.counter`` and
``facts.face``). Losing a step flips the counter (caf.components.counters.flip_on_step_loss); losing one
more on the back of the full counter swaps in the reduced counter (caf.components.counters.replacement_counter_chain):
1st Marines goes 5-4, 4-3, 3-2, 2-1 and each SNLF 4-4, 3-3, 2-2, 1-1. At 0 steps the unit is gone
(caf.components.counters.eliminated_at_zero_steps).

The players make these counters from blanks: 7 in all, 3 Allied and 4 Japanese
(caf.components.counters.blank_counters_required). The reduced counters wait off the map until a unit's
losses call for them (caf.setup.reduced_counters_held_aside).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

ALLIED, JAPANESE = "allied", "japanese"


@dataclass(frozen=True, slots=True)
class Face:
    dice: int
    steps: int

    def __str__(self) -> str:
        return f"{self.dice}-{self.steps}"


@dataclass(frozen=True, slots=True)
class Counter:
    """One printed counter: its name, front and back, how many copies the variant calls for, whose it is."""

    id: str
    name: str
    front: Face
    back: Face
    copies: int
    nation: str
    clause: str

    def face(self, side: str) -> Face:
        return self.front if side == "front" else self.back


COUNTERS: dict[str, Counter] = {
    c.id: c for c in (
        Counter("mar1_full", "1Mar", Face(5, 4), Face(4, 3), 1, ALLIED, "caf.components.counter.mar1_full"),
        Counter("mar1_reduced", "1Mar", Face(3, 2), Face(2, 1), 1, ALLIED, "caf.components.counter.mar1_reduced"),
        Counter("mar1_res", "1Mar Res", Face(3, 2), Face(2, 1), 1, ALLIED, "caf.components.counter.mar1_res"),
        Counter("snlf_full", "SNLF", Face(4, 4), Face(3, 3), 2, JAPANESE, "caf.components.counter.snlf_full"),
        Counter("snlf_reduced", "SNLF", Face(2, 2), Face(1, 1), 2, JAPANESE, "caf.components.counter.snlf_reduced"),
    )
}
"""The New Counters list (caf.components.counter.*)."""


@dataclass(frozen=True, slots=True)
class Kind:
    """A kind of ground unit: the counters its faces come from, best first."""

    id: str
    title: str
    nation: str
    chain: tuple[str, ...]
    symbol: str

    def faces(self) -> list[tuple[str, str, Face]]:
        """``(counter id, "front"/"back", face)`` from full strength down to 1 step."""
        out = []
        for cid in self.chain:
            c = COUNTERS[cid]
            out += [(cid, "front", c.front), (cid, "back", c.back)]
        return out

    @property
    def max_steps(self) -> int:
        return COUNTERS[self.chain[0]].front.steps

    def at_steps(self, steps: int) -> tuple[str, str, Face]:
        """The counter and side up for a unit of this kind with ``steps`` steps (1 or more)."""
        for cid, side, face in self.faces():
            if face.steps == steps:
                return cid, side, face
        raise ValueError(f"a {self.title} has no face with {steps} steps (1 to {self.max_steps})")

    def dice(self, steps: int) -> int:
        return self.at_steps(steps)[2].dice if steps > 0 else 0


KINDS: dict[str, Kind] = {
    k.id: k for k in (
        Kind("1mar", "1st Marines", ALLIED, ("mar1_full", "mar1_reduced"), "marine"),
        Kind("1mar_res", "1st Marines reserve", ALLIED, ("mar1_res",), "marine"),
        Kind("snlf", "SNLF", JAPANESE, ("snlf_full", "snlf_reduced"), "snlf"),
    )
}
"""Unit kinds (a scenario's ``type``): 1st Marines (5-4 down to 2-1), its reserve (3-2, 2-1), SNLF (4-4 down
to 1-1)."""

ALIASES = {"mar1": "1mar", "1mar": "1mar", "mar": "1mar", "marines": "1mar", "mar1_res": "1mar_res",
           "1mar_res": "1mar_res", "res": "1mar_res", "mar1res": "1mar_res", "1marres": "1mar_res", "snlf": "snlf"}
"""Names the odds command accepts for a kind."""


def face_attrs(kind: str, steps: int) -> dict[str, Any]:
    """Which counter and side are up for ``steps``: ``{"counter": ..., "face": ...}`` (both ``None`` when the unit
    is eliminated)."""
    if steps <= 0:
        return {"counter": None, "face": None}
    cid, side, _ = KINDS[kind].at_steps(steps)
    return {"counter": cid, "face": side}


def face_text(kind: str, steps: int) -> str:
    """``"1Mar 4-3"``; ``"eliminated"`` at 0 steps."""
    if steps <= 0:
        return "eliminated"
    cid, _, face = KINDS[kind].at_steps(steps)
    return f"{COUNTERS[cid].name} {face}"


def in_use(units: Any) -> set[str]:
    """The counters on the map: the one showing for each unit still in play."""
    out = set()
    for u in units:
        if u.strength > 0 and u.kind in KINDS:
            out.add(KINDS[u.kind].at_steps(u.strength)[0])
    return out


def counters_aside(units: Any) -> dict[str, int]:
    """How many copies of each counter are off the map (held aside, or no longer needed)."""
    aside = {cid: c.copies for cid, c in COUNTERS.items()}
    for u in units:
        if u.strength > 0 and u.kind in KINDS:
            aside[KINDS[u.kind].at_steps(u.strength)[0]] -= 1
    return aside


__all__ = ["ALIASES", "ALLIED", "COUNTERS", "Counter", "Face", "JAPANESE", "KINDS", "Kind", "counters_aside",
           "face_attrs", "face_text", "in_use"]
