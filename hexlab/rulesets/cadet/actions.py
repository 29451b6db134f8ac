"""Cadet Commander's actions (one small frozen dataclass per kind of decision) and the scenario options
(``[rules]`` in a scenario file)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from ...engine import Action
from ...hexes import Hex

# ----------------------------------------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class Activate(Action):
    """Activate a figure: the free one after the leader, or one more after a good activation roll."""

    unit: str
    verb = "act"


@dataclass(frozen=True, slots=True)
class RollActivation(Action):
    """Roll the D6 to activate one more figure (a 1 ends the turn)."""

    verb = "act"


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """Stop activating figures: the turn passes to the other player."""

    verb = "pass"


@dataclass(frozen=True, slots=True)
class Move(Action):
    unit: str
    to: Hex
    verb = "move"


@dataclass(frozen=True, slots=True)
class Punch(Action):
    """Punch up an enemy figure in the same hex (or pick the enemy of a forced punch up)."""

    unit: str
    target: str
    verb = "battle"


@dataclass(frozen=True, slots=True)
class Rest(Action):
    unit: str
    verb = "act"


@dataclass(frozen=True, slots=True)
class EndActivation(Action):
    verb = "pass"


@dataclass(frozen=True, slots=True)
class ChooseDie(Action):
    """Keep one of the ATK dice rolled: only its face counts."""

    face: str
    verb = "act"


@dataclass(frozen=True, slots=True)
class PushBack(Action):
    """The defender's owner picks the hex his pushed-back figure goes to."""

    unit: str
    to: Hex
    verb = "move"


@dataclass(frozen=True, slots=True)
class Follow(Action):
    """The attacker follows the pushed-back defender into its new hex."""

    unit: str
    to: Hex
    verb = "move"


@dataclass(frozen=True, slots=True)
class Stay(Action):
    """The attacker does not follow up."""

    unit: str
    verb = "pass"


@dataclass(frozen=True, slots=True)
class FallBack(Action):
    """An overcrowded figure's owner picks the hex it moves to."""

    unit: str
    to: Hex
    verb = "move"


# ----------------------------------------------------------------------------------------------- options


class Objective(BaseModel):
    """A place worth victory points (cc.score.vp.scenario): at the end of each of his turns, a player
    whose figures stand there with no enemy scores ``vp``."""

    model_config = ConfigDict(extra="forbid", strict=True)
    hex: str
    vp: int = Field(default=1, ge=1, le=10)
    name: str = "objective"


class CadetOptions(BaseModel):
    """A scenario's Cadet Commander settings (``[rules]`` in its file). Every one is a default the
    source does not give (the catalog's "not in source" notes); a scenario lists those it relies on in
    ``illustrative``."""

    model_config = ConfigDict(extra="forbid", strict=True)
    baselines: dict[str, int] = {}
    """Side -> its baseline row (0 or the last row). Default: the first side row 0, the other the last
    row (cc.setup.board.grid)."""
    flags: dict[str, str] = {}
    """Side -> its flag's hex. Default: column width // 2 of its baseline (cc.setup.flag.hex)."""
    deploy: Literal["baseline", "anywhere"] = "baseline"
    """``baseline`` (the rules: cc.setup.figures.baseline); ``anywhere`` for drills that set up a
    situation in the middle of the board."""
    rest_amount: int = Field(default=1, ge=1, le=10)
    """STR a rest gives back (cc.rest.amount)."""
    vp_to_win: int = Field(default=10, ge=1, le=100)
    """Victory points that win at once (cc.victory.vp.ten)."""
    vp_per_str_point: bool = False
    """``False``: a punch up scores at most 1 VP (cc.score.vp.per_event); ``True``: 1 VP per STR lost."""
    allow_double_punch: bool = True
    """Whether a figure may punch up twice in one activation (cc.action.repeat)."""
    objectives: list[Objective] = []
    """Places worth victory points (cc.score.vp.scenario)."""
