"""The scenario's ``[rules]`` table for War at Sea landings: the unit classes (the base game's cards, which the
source does not give: illustrative values, was.base.unit_data_default), the deployment areas, the airfields, the
victory threshold and the optional rules."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from ...engine import Options
from .data import ABILITIES


class UnitClass(Options):
    """One class of ship or aircraft (was.base.unit_data_default): every value is scenario data, illustrative."""

    name: str = Field(min_length=1)
    """What the class is called ("Fubuki-class destroyer"); named after a real class, its values are ours."""
    kind: Literal["ship", "aircraft"] = "ship"
    points: int = Field(ge=0)
    """What sinking (or destroying) one scores the enemy (was.victory.check.point_total)."""
    armour: int = Field(ge=1)
    vital: int | None = Field(default=None, ge=1)
    """Vital Armour: successes at or above it sink a ship or destroy an aircraft at once; ``None``: none."""
    hull: int = Field(default=1, ge=1)
    """Hull points (a ship; an aircraft has 1)."""
    speed: int = Field(default=0, ge=0)
    """Sectors a ship may move in Sea Movement (was.base.sea_movement_default)."""
    gunnery: list[int] = []
    """Gunnery dice at range 0, 1, 2, 3 sectors (a ship); an aircraft's gunnery in its own sector is the first."""
    anti_air: int = Field(default=0, ge=0)
    bombs: int = Field(default=0, ge=0)
    torpedo: int = Field(default=0, ge=0)
    """Printed for completeness: torpedo attacks are not modelled (was.base.attack_on_ships_default) and never
    allowed against troops (was.naval.gunfire_vs_troops.gunnery_only, was.air.aircraft_vs_troops.bomb_or_gunnery_only)."""
    range: int = Field(default=0, ge=0)
    """An aircraft's reach in sectors from its airfield (was.base.air_missions_default)."""
    abilities: list[str] = []
    auxiliary: bool = False
    """An Auxiliary (the optional respawn rule: was.special.optional.auxiliary_respawn)."""

    @model_validator(mode="after")
    def _known(self) -> UnitClass:
        unknown = [a for a in self.abilities if a not in ABILITIES]
        if unknown:
            raise ValueError(f"unknown abilities {unknown}; known: {', '.join(ABILITIES)}")
        if any(d < 0 for d in self.gunnery) or len(self.gunnery) > 4:
            raise ValueError("gunnery gives at most 4 dice values (range 0 to 3), none negative")
        return self


class WarseaOptions(Options):
    """The scenario's ``[rules]`` table."""

    classes: dict[str, UnitClass] = {}
    """The unit classes, by id; a ship or aircraft unit names its class with ``attrs = { class = "id" }``."""
    deployment: dict[str, Literal["first", "last"]] = {}
    """Each side's deployment area: the first or the last column of sectors (the first or last row with
    ``vertical_map``): was.base.map_sectors_default. Sides left out get the first, then the last."""
    vertical_map: bool = False
    """was.special.optional.vertical_map: the map turned, the deployment areas on the top and bottom rows."""
    airfields: dict[str, str] = {}
    """Off-map airfield display id -> the sector its aircraft's range counts from (was.base.air_missions_default)."""
    island_value: int = Field(default=50, ge=0)
    """An island's objective value when its sector gives none (was.victory.island_value_equals_objective)."""
    victory_points: int = Field(default=150, ge=0)
    """The winning amount: a total above it wins (was.victory.threshold_and_tie_default, illustrative)."""
    turns: int | None = Field(default=None, ge=1)
    """A classroom time limit (ours, not the source's): after this turn's check the higher total wins, equal
    totals draw. ``None``: play until a side wins."""
    rescue_on: int = Field(default=4, ge=1, le=6)
    """A Rescue Operations roll succeeds on this face or more (was.naval.rescue.roll_default, illustrative)."""
    auxiliary_respawn: bool = False
    """The optional Auxiliary rule (was.special.optional.auxiliary_respawn)."""
    no_ship_bonus: int = Field(default=0, ge=0)
    """The base game's "no Ship remaining" bonus, in points (illustrative; 0: not used): a side scores it at a
    check when the enemy has no Ship left (was.special.optional.auxiliary_not_ship_for_bonus)."""
