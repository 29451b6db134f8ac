"""The scenario's ``[rules]`` table for Operation Cartwheel: the airbases (the ADC title lines: hex, capacity, AA,
oc.air.layout.title_line), the turn-1 initiative (oc.sequence.initiative.turn_one_default), the supply sources and the
game length. Every value is scenario data, labelled illustrative."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ...engine import Options


class Airbase(Options):
    """One airbase display's title line."""

    name: str = Field(min_length=1)
    kind: Literal["major", "minor", "mobile", "offboard"]
    hex: str | None = None
    """Where it is (a four-digit hex); an off-board base's hex is where its range is counted from; a mobile base
    has none until it is built."""
    site: str = ""
    """The airfield it shares with the other side's display (a captured airfield changes display)."""
    capacity: int | None = Field(default=None, ge=0)
    """Printed capacity of a non-mobile on-map base (oc.air.hosting.non_mobile_capacity_on_adc); default 6/3."""
    status: Literal["working", "disrupted", "destroyed", "under construction", "absent"] = "working"
    letter: str = ""
    """A mobile airbase's letter (oc.air.airbase.mobile_letter_selects_display)."""
    services: list[str] = []
    """Off-board bases: the services allowed (oc.air.hosting.australia_usaaf_raaf, south_pacific_usn_usaaf)."""
    port: bool = False


class CartwheelOptions(Options):
    turns: int = Field(default=1, ge=1, le=12)
    first_turn: int = Field(default=1, ge=1, le=12)
    """The calendar turn of the scenario's turn 1 (oc.sequence.turn_calendar_default: turn 3 = August I)."""
    initiative: str = "Allies"
    initiative_missions: int = Field(default=2, ge=1, le=3)
    """oc.sequence.initiative.turn_one_default (illustrative)."""
    airbases: dict[str, Airbase] = {}
    """Display id -> its title line."""
    supply_sources: dict[str, list[str]] = {}
    """Side -> hexes that are its supply sources (oc.supply.phase.trace_requirement: the sources, 13.1, are not in
    the excerpt: ours)."""
    df_standard: int = Field(default=2, ge=0, le=10)
    """The DF a target is hit at exactly by the ``oc.base.*`` rolls; each point of a target's DF above it is +1 on
    every roll at it, each point below -1 (ours: oc.components.air.defense_factor; illustrative)."""
    cf_standard: int = Field(default=2, ge=0, le=10)
    """The same for a ground unit's CF, against bombing (ours: oc.components.ground.combat_factor; illustrative)."""
    occupation_vp: dict[str, float] = {}
    """Hex -> the VPs it is worth, at the end, to the side with a ground combat unit in it
    (oc.victory.concept.control_by_occupation; Module 16's values are not in the excerpt: illustrative)."""
    random_events: bool = True
    commitments: bool = True
    """Whether the 11th Hikoshidan and TF-36 decisions are asked (a short lesson may leave them out)."""
