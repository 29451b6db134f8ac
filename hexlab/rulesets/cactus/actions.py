"""Cactus Air Force Ground Combat's actions (one small frozen dataclass per kind of decision) and the scenario
options (``[rules]`` in a scenario file).

Most options are values the variant takes from the Cactus Air Force base game without giving them: the
turns and hours, the fighters that cover sea moves, the bombers, the bombing and AA numbers, the air refits.
The clause notes give placeholders (``not in source:``); a scenario lists the ones it relies on in its
``illustrative`` list, and the notebooks show them as such, never as published values.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from ...engine import Action

# ----------------------------------------------------------------------------------------------- actions

How = Literal["overland", "transport", "invasion"]
HOWS: tuple[str, ...] = ("overland", "transport", "invasion")


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Move a ground unit straight to another box: ``overland`` along a land link, or by sea: ``transport``
    into a box with no enemy, ``invasion`` into a box with enemy units (caf.movement.option.*)."""

    unit: str
    to: str
    how: str = "overland"
    verb = "move"


@dataclass(frozen=True, slots=True)
class EndMoves(Action):
    """No more ground moves for this side this hour."""

    verb = "pass"


@dataclass(frozen=True, slots=True)
class Banzai(Action):
    """A Japanese attacking unit makes a Banzai attack this hour: double dice, one step lost after."""

    unit: str
    verb = "battle"


@dataclass(frozen=True, slots=True)
class Fight(Action):
    """No (more) Banzai declarations: roll the dice."""

    verb = "pass"


@dataclass(frozen=True, slots=True)
class TakeLoss(Action):
    """The owner picks the unit that loses the next step (a combat hit, or a successful bombing)."""

    unit: str
    verb = "act"


@dataclass(frozen=True, slots=True)
class Raid(Action):
    """Send a bomber group against a box: ``aim`` is ``troops`` (the ground units there) or ``installation``."""

    group: str
    to: str
    aim: str = "troops"
    verb = "battle"


@dataclass(frozen=True, slots=True)
class EndRaids(Action):
    """No more bombing raids for this side this hour."""

    verb = "pass"


@dataclass(frozen=True, slots=True)
class Refit(Action):
    """Give up an air-unit refit to restore one step to a ground unit (Reinforcement Phase)."""

    unit: str
    verb = "act"


@dataclass(frozen=True, slots=True)
class EndRefit(Action):
    """No ground refit for this side this turn."""

    verb = "pass"


# ----------------------------------------------------------------------------------------------- options


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


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
