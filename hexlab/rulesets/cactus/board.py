"""The ground of a Cactus Air Force game: the four boxes, who is in them, the land links, the sea routes and
the fighters over them, stacking, and the AA a raid meets. Plain questions about the board and the units on
it; the turn's bookkeeping is in the phase modules, the tables in ``data.py``.

The map is the base game's grid of boxes, each a hex with a grid reference like ``7/13``. Ground units may
only be in four of them (caf.movement.locations.four_boxes_only): Guadalcanal 7/13, Beach Red 8/14, Cape
Esperance 7/12 and Munda 7/9, the scenario's areas. Which boxes are joined by land is scenario data (the
areas' ``links``; caf.movement.overland_connections). A sea route is the straight chain of boxes from the
start box to the destination, and every box on it after the start, the destination included, needs a
friendly fighter within reach this hour (caf.air.cover.required_for_sea_moves,
caf.air.cover.route_and_speed_defaults).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...engine.state import Board, GameState, Unit
from ...hexes import Hex, hex_distance, hex_line
from .counters import ALLIED, JAPANESE
from .data import FLAK, OCCUPIER_AA, STACK_LIMIT, TARGET_VP
from .options import AirGroup, CactusOptions


def aa_dice(kind: str, *, held_by_target: bool, advanced: bool, airstrip: int = 0) -> int:
    """AA dice a raid meets.

    ``kind``: ``"troops"`` (ground units), ``"installation"``, ``"naval"`` or ``"carrier"``;
    ``held_by_target``: the raided side holds the box alone, so it fires the occupier's 1 d6;
    ``airstrip``: the AA printed for the box's airstrip (0 if none). Without advanced FLAK only the occupier's
    die fires; with it, the target's own FLAK fires too (the larger of the two counts): ground units 1 d6
    wherever they are, an installation its airstrip's value (or 1 d6 as a ground target) when its side holds
    it, naval targets 2 d6, a carrier force 3 d6.
    """
    basic = OCCUPIER_AA if held_by_target else 0
    if not advanced:
        return basic
    if kind == "troops":
        flak = FLAK["ground"]
    elif kind == "installation":
        flak = (airstrip or FLAK["ground"]) if held_by_target else 0
    elif kind in ("naval", "carrier"):
        flak = FLAK[kind]
    else:
        raise ValueError(f"unknown target kind {kind!r}")
    return max(basic, flak)


@dataclass(frozen=True, slots=True)
class Group:
    """An air group with its base on this map."""

    id: str
    side: str
    name: str
    base: Hex
    reach: int
    hours: tuple[int, ...]

    def flies(self, hour: int) -> bool:
        return not self.hours or hour in self.hours

    def reaches(self, h: Hex) -> bool:
        return hex_distance(self.base, h) <= self.reach


def _by_box(state: GameState) -> dict[object, list[Unit]]:
    """The living units by the box (or other place) they stand in, in the order of the units."""
    out: dict[object, list[Unit]] = {}
    for u in state.units.values():
        if u.alive:
            out.setdefault(u.at, []).append(u)
    return out


_NONE: tuple[Unit, ...] = ()
_LINES: dict[tuple[Hex, Hex], tuple[Hex, ...]] = {}
"""The hexes of the straight line between two hexes, the first left out (pure hex math, remembered for all games)."""
_COVERS: dict[tuple[Any, ...], tuple[tuple[str, ...], tuple[Hex, ...]]] = {}
""":meth:`Ground.cover` by its fighter groups, side, hour and route."""


def _in_box(state: GameState, box: object) -> list[Unit] | tuple[Unit, ...]:
    """While the state stands still (``state.memo`` is up): the living units in ``box``, all boxes found in one pass
    and remembered (:meth:`GameState.cached`). Shared: don't change it."""
    memo = state.memo
    assert memo is not None
    by_box = memo.get("cactus.units_in")
    if by_box is None:
        by_box = memo["cactus.units_in"] = _by_box(state)
    return by_box.get(box, _NONE)


class Ground:
    """The boxes of one game, the sides, and the air groups."""

    def __init__(self, board: Board, options: CactusOptions, sides: list[str]) -> None:
        self.board = board
        self.options = options
        self.sides = sides
        self.japanese = options.japanese
        self.fighters = [g for g in (self._group(a) for a in options.fighters) if g is not None]
        self.bombers = [g for g in (self._group(a) for a in options.bombers) if g is not None]
        self._routes: dict[tuple[str, str], tuple[Hex, ...]] = {}
        self._fighters_key = tuple(self.fighters)  # (groups are frozen values: the key of the covers worked out)
        self._bombers: dict[str, Group] = {}
        for g in self.bombers:
            self._bombers.setdefault(g.id, g)  # the first group of an id, as a search of the list finds

    def _group(self, a: AirGroup) -> Group | None:
        try:
            base = self.board.parse(a.base)
        except ValueError:
            return None
        return Group(a.id, a.side, a.name or a.id, base, a.reach, tuple(a.hours))

    # ----------------------------------------------------------------------------------- sides
    def nation(self, side: str) -> str:
        return JAPANESE if side == self.japanese else ALLIED

    def other(self, side: str) -> str:
        return next(s for s in self.sides if s != side)

    # ----------------------------------------------------------------------------------- boxes
    @property
    def boxes(self) -> list[str]:
        return list(self.board.areas)

    def anchor(self, box: str) -> Hex:
        return self.board.areas[box].anchor

    def linked(self, a: str, b: str) -> bool:
        return b in self.board.areas[a].links or a in self.board.areas[b].links

    @staticmethod
    def units_in(state: GameState, box: str, side: str | None = None) -> list[Unit]:
        if state.memo is not None:  # while the state stands still: every box's units found in one pass
            here = _in_box(state, box)
            return list(here) if side is None else [u for u in here if u.side == side]
        return [u for u in state.units.values() if u.alive and u.at == box and (side is None or u.side == side)]

    def steps(self, state: GameState, box: str, side: str) -> int:
        if state.memo is not None:
            return sum(u.strength for u in _in_box(state, box) if u.side == side)
        return sum(u.strength for u in self.units_in(state, box, side))

    def sides_in(self, state: GameState, box: str) -> set[str]:
        if state.memo is not None:
            return {u.side for u in _in_box(state, box)}
        return {u.side for u in state.units.values() if u.alive and u.at == box}

    def contested(self, state: GameState, box: str) -> bool:
        """Ground units of both sides are in the box (caf.combat.trigger.opposing_units_share_box)."""
        if state.memo is not None:
            return len(self.sides_in(state, box)) > 1
        first = None
        for u in state.units.values():
            if u.alive and u.at == box:
                if first is None:
                    first = u.side
                elif u.side != first:
                    return True
        return False

    def holder(self, state: GameState, box: str) -> str | None:
        """The side whose ground units alone are in the box: it occupies the box (uncontested)."""
        sides = self.sides_in(state, box)
        return next(iter(sides)) if len(sides) == 1 else None

    def enemy_in(self, state: GameState, box: str, side: str) -> bool:
        if state.memo is not None:
            return any(u.side != side for u in _in_box(state, box))
        return any(u.side != side for u in self.units_in(state, box))

    # ----------------------------------------------------------------------------------- sea moves
    def route(self, a: str, b: str) -> list[Hex]:
        """The boxes a sea move from ``a`` to ``b`` sails through, the destination included, the start not: the
        straight chain of boxes between them (caf.air.cover.route_and_speed_defaults)."""
        known = self._routes.get((a, b))
        if known is None:  # the map never changes: each route is drawn once (a line between two hexes, for all games)
            ends = (self.anchor(a), self.anchor(b))
            known = _LINES.get(ends)
            if known is None:
                known = _LINES[ends] = tuple(hex_line(*ends)[1:])
            self._routes[(a, b)] = known
        return list(known)

    def fighters_up(self, side: str, hour: int) -> list[Group]:
        return [g for g in self.fighters if g.side == side and g.flies(hour)]

    def cover(self, side: str, hour: int, route: list[Hex]) -> tuple[list[str], list[Hex]]:
        """The fighter groups covering a sea route this hour, and the route's boxes none of them reaches (worked out
        once for the fighter groups, side, hour and route, for all games: the groups are values that never change)."""
        key = (self._fighters_key, side, hour, tuple(route))
        found = _COVERS.get(key)
        if found is None:
            used, bare = self._cover(side, hour, route)
            if len(_COVERS) >= 4096:  # a bound on the memory (scenarios have a few groups, hours and routes)
                _COVERS.clear()
            found = _COVERS[key] = (tuple(used), tuple(bare))
        return list(found[0]), list(found[1])

    def _cover(self, side: str, hour: int, route: list[Hex]) -> tuple[list[str], list[Hex]]:
        up = self.fighters_up(side, hour)
        used: list[str] = []
        bare: list[Hex] = []
        for h in route:
            over = [g for g in up if g.reaches(h)]
            if not over:
                bare.append(h)
            for g in over:
                if g.id not in used:
                    used.append(g.id)
        return used, bare

    # ----------------------------------------------------------------------------------- bombing
    def bombers_up(self, side: str, hour: int) -> list[Group]:
        return [g for g in self.bombers if g.side == side and g.flies(hour)]

    def bomber(self, gid: str) -> Group | None:
        return self._bombers.get(gid)

    def on_roster(self, side: str, box: str) -> bool:
        return box in self.options.targets.get(side, [])

    def airstrip(self, box: str) -> int:
        value = self.board.areas[box].attrs.get("airstrip_aa", 0)
        return int(value) if isinstance(value, int) and not isinstance(value, bool) else 0

    def raid_aa(self, state: GameState, raider: str, box: str, aim: str) -> int:
        """AA dice against a raid of ``raider`` on ``box``."""
        held = self.holder(state, box) == self.other(raider)
        return aa_dice(aim, held_by_target=held, advanced=self.options.advanced_flak, airstrip=self.airstrip(box))


__all__ = ["FLAK", "Ground", "Group", "OCCUPIER_AA", "STACK_LIMIT", "TARGET_VP", "aa_dice"]
