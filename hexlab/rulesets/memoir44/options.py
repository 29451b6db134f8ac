"""A scenario's Memoir '44 settings: the ``[rules]`` table of its file, validated by pydantic.

Which side's baseline is the bottom edge (m44.retreat.direction.choice), the medal targets
(m44.victory.medals.target), hand sizes (m44.setup.hand_size), nations (m44.nation.*), bunker owners
(m44.terrain.bunker.original_owner), objectives and heights.
"""

from __future__ import annotations

from pydantic import Field as PField

from ...engine import Objective as BaseObjective
from ...engine import Options


class Objective(BaseObjective):
    """A hex worth a medal to one side while it holds it (scenario data: m44.victory.medals.target leaves
    objectives to the scenario)."""

    side: str
    """The side that scores a medal while one of its units holds the hex."""
    kind: str = PField(default="temporary", pattern="^(temporary|permanent)$")


class MemoirOptions(Options):
    """A scenario's Memoir '44 settings ([rules] in its file)."""

    bottom: str
    """The side whose baseline is the bottom edge of the map."""
    medals: int | dict[str, int] = 6
    hand_size: int | dict[str, int] | None = None
    nations: dict[str, str] = {}
    bunker_owners: dict[str, str] = {}
    objectives: list[Objective] = []
    heights: dict[str, int] = {}
    allies: str | None = None
    """The side that rolls 2 dice a hex with Air Power (the other rolls 1); default: a side called
    "Allies", else the bottom side."""
