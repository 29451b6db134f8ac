"""What a Cadet Commander scenario may set in its ``[rules]`` table (the pydantic models the scenario
loader validates ``[rules]`` with): baselines and flags (cc.setup.board.grid, cc.setup.flag.hex), the
deployment, the rest, the victory points and their goal, a second punch up, and the objectives
(cc.score.vp.scenario)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ...engine import Objective as BaseObjective
from ...engine import Options


class Objective(BaseObjective):
    """A place worth victory points (cc.score.vp.scenario): at the end of each of his turns, a player
    whose figures stand there with no enemy scores ``vp``."""

    vp: int = Field(default=1, ge=1, le=10)


class CadetOptions(Options):
    """A scenario's Cadet Commander settings (``[rules]`` in its file). Every one is a default the
    source does not give (the catalog's "not in source" notes); a scenario lists those it relies on in
    ``illustrative``."""

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
