"""A Cactus unit's own facts, typed and in one place: how an attacking unit came into the box it attacks
(``came_from``: the box it left overland, where a defender's 5 throws it back, caf.combat.retreat_overland_to_start;
``seaborne``: it came by sea and cannot retreat, caf.combat.seaborne_no_retreat_extra_step) and which counter,
and which side of it, is up (``counter``, ``face``: :func:`.counters.face_attrs`).

How an attacker came is kept in the typed state (``CactusState.attackers``, saved by the engine's codec); a scenario
sets a unit that starts attacking with ``attrs = { came_from = "cape_esperance" }`` or ``{ seaborne = true }``, read
once at set-up (:func:`take_scenario_attrs`). The counter up follows from the unit's steps
(caf.components.counters.flip_on_step_loss, caf.components.counters.replacement_counter_chain), so it is not kept
at all. Every rule reads and writes these facts through these functions only.
"""

from __future__ import annotations

from typing import Any

from ...engine import GameState
from ...engine.state import Unit
from .counters import face_attrs
from .state import Arrival

SCENARIO_ATTRS = ("came_from", "seaborne", "counter", "face")
"""The ``attrs`` keys these facts were kept under (before issue 22): a scenario may still set the first two."""


def take_scenario_attrs(u: Unit) -> Arrival:
    """How the scenario says ``u`` came into its box, taken out of its ``attrs`` (read once, at set-up)."""
    found: dict[str, Any] = {key: u.attrs.pop(key) for key in SCENARIO_ATTRS if key in u.attrs}
    came = found.get("came_from")
    return Arrival(came if isinstance(came, str) else None, bool(found.get("seaborne")))


def came_from(state: GameState, u: Unit) -> str | None:
    """The box an attacker came from overland (``None``: it came by sea, or it is not attacking)."""
    arrival = state.rules_state.attackers.get(u.id)
    return arrival.came_from if arrival is not None else None


def seaborne(state: GameState, u: Unit) -> bool:
    """Whether an attacker came by sea (amphibious invasion)."""
    arrival = state.rules_state.attackers.get(u.id)
    return arrival is not None and arrival.seaborne


def attacking(state: GameState, u: Unit) -> bool:
    """Whether the unit came into its box as an attacker: overland from somewhere, or by sea."""
    return came_from(state, u) is not None or seaborne(state, u)


def arrive(state: GameState, u: Unit, frm: str | None, by_sea: bool) -> None:
    """The unit attacks where it stands now, having come overland from ``frm`` or by sea (``by_sea``)."""
    attackers = state.rules_state.attackers
    if frm is None and not by_sea:
        attackers.pop(u.id, None)
    else:
        attackers[u.id] = Arrival(frm, by_sea)


def settle(state: GameState, u: Unit) -> None:
    """The unit is no longer an attacker come from elsewhere (its fight is over, it fell back, it is gone)."""
    state.rules_state.attackers.pop(u.id, None)


def counter(u: Unit) -> str | None:
    """The counter that is up for the unit (``None`` once it is eliminated)."""
    return face_attrs(u.kind, u.strength)["counter"]


def face(u: Unit) -> str | None:
    """Which side of its counter is up: ``front`` or ``back`` (``None`` once it is eliminated)."""
    return face_attrs(u.kind, u.strength)["face"]


__all__ = ["SCENARIO_ATTRS", "arrive", "attacking", "came_from", "counter", "face", "seaborne", "settle",
           "take_scenario_attrs"]
