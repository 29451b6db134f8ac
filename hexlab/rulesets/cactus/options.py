"""Cactus Air Force Ground Combat's scenario options (``[rules]`` in a scenario file), validated by pydantic.

Most options are values the variant takes from the Cactus Air Force base game without giving them: the
turns and hours, the fighters that cover sea moves, the bombers, the bombing and AA numbers, the air refits.
The clause notes give placeholders (``not in source:``); a scenario lists the ones it relies on in its
``illustrative`` list, and the notebooks show them as such, never as published values
(caf.sequence.turn_structure_default, caf.air.cover.*, caf.air.bombing.defaults, caf.air.aa.hit_number_default,
caf.supply.refit.costs_air_refit).
"""

from __future__ import annotations

from pydantic import Field

from ...engine import Options


class _Model(Options):
    """Strict, and an unknown key is an error that names it (the engine's ``Options``)."""


class AirGroup(_Model):
    """Aircraft based at a map box (a grid reference such as ``"7/13"``) that fly in the listed hours of each
    turn. A fighter group covers the boxes within ``reach`` (its speed in boxes) of its base
    (caf.air.cover.within_fighter_speed, caf.air.cover.route_and_speed_defaults); a bomber group may raid the
    boxes within ``reach``."""

    id: str = Field(min_length=1)
    side: str
    name: str = ""
    base: str
    reach: int = Field(default=3, ge=0, le=50)
    hours: list[int] = []
    """Hours of each turn the group flies; empty: every hour."""


class CactusOptions(_Model):
    """A scenario's Cactus Air Force Ground Combat settings (``[rules]``)."""

    turns: int = Field(default=5, ge=1, le=50)
    """Game turns (caf.sequence.turn_structure_default: a placeholder)."""
    hours: int = Field(default=10, ge=1, le=24)
    """Hours in a turn (caf.sequence.turn_structure_default: a placeholder)."""
    japanese: str = "Japan"
    """The side that plays the Japanese (Banzai, sudden death, 4 VP targets); the other side is the Allies."""
    fighters: list[AirGroup] = []
    """Fighter groups that cover sea moves (caf.air.cover.*)."""
    bombers: list[AirGroup] = []
    """Bomber groups that may raid a box once in each hour they fly (caf.air.bombing.*)."""
    targets: dict[str, list[str]] = {}
    """Each side's target roster: the area ids its bombers may hit as installations."""
    bomb_hit: int = Field(default=5, ge=1, le=6)
    """A bombing die at or above this succeeds (caf.air.bombing.defaults: the base game's roll, a placeholder)."""
    aa_hit: int = Field(default=6, ge=1, le=6)
    """An AA die at or above this drives the raid off (caf.air.aa.hit_number_default)."""
    advanced_flak: bool = True
    """The optional advanced FLAK rule, which the variant recommends (caf.air.advanced_flak.recommended)."""
    air_refits: dict[str, int] = {}
    """Air-unit refits each side has each turn (default 1), which a ground refit uses up
    (caf.supply.refit.costs_air_refit)."""


__all__ = ["AirGroup", "CactusOptions"]
