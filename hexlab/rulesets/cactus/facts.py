"""A Cactus unit's own facts, typed and in one place: how an attacking unit came into the box it attacks
(``came_from``: the box it left overland, where a defender's 5 throws it back, caf.combat.retreat_overland_to_start;
``seaborne``: it came by sea and cannot retreat, caf.combat.seaborne_no_retreat_extra_step) and which counter,
and which side of it, is up (``counter``, ``face``: :func:`.counters.face_attrs`).

They are kept in the unit's ``attrs`` under those keys, where a scenario sets an attacker's (``attrs = { came_from =
"cape_esperance" }`` or ``{ seaborne = true }``), saves record them and the tests read them. Every rule reads and
writes them through these functions only, so moving them into the typed state (``CactusState``) is a change to
this module (and to the tests that read ``attrs``) alone.
"""

from __future__ import annotations

from ...engine.state import Unit
from .counters import face_attrs


def came_from(u: Unit) -> str | None:
    """The box an attacker came from overland (``None``: it came by sea, or it is not attacking)."""
    came = u.attrs.get("came_from")
    return came if isinstance(came, str) else None


def seaborne(u: Unit) -> bool:
    """Whether an attacker came by sea (amphibious invasion)."""
    return bool(u.attrs.get("seaborne"))


def attacking(u: Unit) -> bool:
    """Whether the unit came into its box as an attacker: overland from somewhere, or by sea."""
    return came_from(u) is not None or seaborne(u)


def arrive(u: Unit, frm: str | None, by_sea: bool) -> None:
    """The unit attacks where it stands now, having come overland from ``frm`` or by sea (``by_sea``)."""
    u.attrs["came_from"] = frm
    u.attrs["seaborne"] = by_sea


def settle(u: Unit) -> None:
    """The unit is no longer an attacker come from elsewhere (its fight is over, it fell back, it is gone)."""
    arrive(u, None, False)


def counter(u: Unit) -> str | None:
    """The counter that is up for the unit (``None`` once it is eliminated)."""
    return u.attrs.get("counter")


def face(u: Unit) -> str | None:
    """Which side of its counter is up: ``front`` or ``back`` (``None`` once it is eliminated)."""
    return u.attrs.get("face")


def show_counter(u: Unit) -> None:
    """Turn up the counter and side its steps call for (caf.components.counters.flip_on_step_loss,
    caf.components.counters.replacement_counter_chain)."""
    u.attrs.update(face_attrs(u.kind, u.strength))


__all__ = ["arrive", "attacking", "came_from", "counter", "face", "seaborne", "settle", "show_counter"]
