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

These questions are asked many times an hour (batch play and simulations ask little else), so the answers that can
never change are remembered: what follows from the map and the air groups alone (land links, routes, the cover of
each route by side and hour, the bombers up and their reach), once a game or for every game with the same map and
groups; and "who stands where" (:class:`BoxView`) once while the state stands still (the listing of the legal actions,
or a :meth:`GameState.standing` question), and dropped with that listing or question, before anything can move.
"""

from __future__ import annotations

import itertools
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


BOTH = "\x00several sides"
"""What :attr:`BoxView.side_at` holds for a place where more than one side stands (no side's name: it starts with a
NUL character, which the scenario loader refuses in a side's name)."""


class BoxView:
    """Who stands where, found in one pass over the units: the side in each place (or :data:`BOTH`) and each side's
    steps there. Made while the state stands still (:func:`box_view`) and shared by every question asked then: treat
    it as read-only."""

    __slots__ = ("side_at", "steps")

    def __init__(self, state: GameState) -> None:
        side_at: dict[object, str] = {}
        steps: dict[tuple[object, str], int] = {}
        for u in state.units.values():
            if u.strength > 0:  # alive (the property, read without a call: this runs for every question asked)
                at, side = u.at, u.side
                there = side_at.get(at)
                if there is None:
                    side_at[at] = side
                elif there != side:
                    side_at[at] = BOTH
                key = (at, side)
                steps[key] = steps.get(key, 0) + u.strength
        self.side_at = side_at
        """Each place with living units -> the one side there, or :data:`BOTH` (a place with none is left out)."""
        self.steps = steps
        """(place, side) -> that side's steps there (left out when it has none)."""

    def enemy_in(self, box: object, side: str) -> bool:
        """Whether a living unit of another side than ``side`` stands in ``box``."""
        there = self.side_at.get(box)
        return there is not None and there != side

    def holder(self, box: object) -> str | None:
        """The one side standing in ``box`` (``None``: nobody, or both sides)."""
        there = self.side_at.get(box)
        return None if there is BOTH else there


def box_view(state: GameState) -> BoxView:
    """The :class:`BoxView` of ``state``: while the state stands still (``state.memo`` is up: a listing of the legal
    actions, or a :meth:`GameState.standing` question) made once and remembered in the memo, which is dropped before
    anything can change; at any other time made afresh for the caller."""
    memo = state.memo
    if memo is None:
        return BoxView(state)
    view = memo.get("cactus.boxes")
    if view is None:
        view = memo["cactus.boxes"] = BoxView(state)
    return view


_LINES: dict[tuple[Hex, Hex], tuple[Hex, ...]] = {}
"""The hexes of the straight line between two hexes, the first left out (pure hex math, remembered for all games)."""
_COVERS: dict[tuple[Any, ...], tuple[tuple[str, ...], tuple[Hex, ...]]] = {}
""":meth:`Ground.cover` by its fighter groups, side, hour and route."""
_AIR_NUMBERS = itertools.count()
_AIR_MAPS: dict[tuple[Any, ...], int] = {}
"""(fighter groups, boxes and their grid cells) -> the number naming them in :data:`_COVER_MAPS` (never reused)."""
_COVER_MAPS: dict[tuple[int, str, int], dict[tuple[str, str], bool]] = {}
"""(fighter groups and boxes, side, hour) -> (from box, to box) -> :meth:`Ground.covered`: pure answers, shared by all
games with the same fighters and boxes, filled as the routes are asked."""


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
        self.box_ids: tuple[str, ...] = tuple(board.areas)
        """The boxes, in the map's order (:attr:`boxes` as a tuple made once: the map never changes in a game)."""
        self.land = {(a, b): self._linked(a, b) for a in self.box_ids for b in self.box_ids}
        """Every pair of boxes -> whether a land link joins them (:meth:`linked`; the links never change in a game)."""
        anchors = tuple((box, board.areas[box].anchor) for box in self.box_ids)
        if len(_AIR_MAPS) >= 1024:  # a bound on the memory (numbers are never reused, so forgetting is safe)
            _AIR_MAPS.clear()
        self._air = _AIR_MAPS.setdefault((self._fighters_key, anchors), next(_AIR_NUMBERS))
        """The number naming this game's fighter groups and boxes (shared by every game with the same): the key of
        the sea routes' cover it remembers (:meth:`covered`)."""
        self._up: dict[tuple[str, int], tuple[Group, ...]] = {}
        """(side, hour) -> the bomber groups that fly then (:meth:`bombers_up`, worked out once: the groups and their
        hours never change)."""
        self._reach: dict[str, tuple[str, ...]] = {}
        """Bomber group id -> the boxes in reach of the first group of that id (:meth:`bomber`), in the map's order
        (its base and reach never change)."""
        self._others = {side: [x for x in sides if x != side] for side in sides}
        """Each side -> the other sides, in order (:meth:`other`; the sides never change)."""

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
        others = self._others.get(side)
        return others[0] if others else next(s for s in self.sides if s != side)

    # ----------------------------------------------------------------------------------- boxes
    @property
    def boxes(self) -> list[str]:
        return list(self.box_ids)

    def anchor(self, box: str) -> Hex:
        return self.board.areas[box].anchor

    def linked(self, a: str, b: str) -> bool:
        found = self.land.get((a, b))
        return self._linked(a, b) if found is None else found  # (a place that is no box: as the map answers)

    def _linked(self, a: str, b: str) -> bool:
        return b in self.board.areas[a].links or a in self.board.areas[b].links

    @staticmethod
    def units_in(state: GameState, box: str, side: str | None = None) -> list[Unit]:
        return [u for u in state.units.values() if u.strength > 0 and u.at == box and (side is None or u.side == side)]

    def steps(self, state: GameState, box: str, side: str) -> int:
        if state.memo is not None:
            return box_view(state).steps.get((box, side), 0)
        return sum(u.strength for u in self.units_in(state, box, side))

    def sides_in(self, state: GameState, box: str) -> set[str]:
        return {u.side for u in state.units.values() if u.strength > 0 and u.at == box}

    def contested(self, state: GameState, box: str) -> bool:
        """Ground units of both sides are in the box (caf.combat.trigger.opposing_units_share_box)."""
        if state.memo is not None:
            return box_view(state).side_at.get(box) is BOTH
        first = None
        for u in state.units.values():
            if u.strength > 0 and u.at == box:
                if first is None:
                    first = u.side
                elif u.side != first:
                    return True
        return False

    def contested_boxes(self, state: GameState) -> list[str]:
        """The contested boxes in the map's order (:meth:`contested` of each box), found in one pass over the units."""
        first: dict[object, str] = {}
        both: set[object] = set()
        for u in state.units.values():
            if u.strength > 0 and first.setdefault(u.at, u.side) != u.side:
                both.add(u.at)
        return [box for box in self.box_ids if box in both] if both else []

    def holder(self, state: GameState, box: str) -> str | None:
        """The side whose ground units alone are in the box: it occupies the box (uncontested)."""
        if state.memo is not None:
            return box_view(state).holder(box)
        found = None  # one pass, stopping at a second side (asked after every change: the sudden-death check)
        for u in state.units.values():
            if u.strength > 0 and u.at == box:
                if found is None:
                    found = u.side
                elif u.side != found:
                    return None
        return found

    def enemy_in(self, state: GameState, box: str, side: str) -> bool:
        if state.memo is not None:
            return box_view(state).enemy_in(box, side)
        return any(u.strength > 0 and u.at == box and u.side != side for u in state.units.values())

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

    def covered(self, side: str, hour: int, a: str, b: str) -> bool:
        """Whether ``side``'s fighters cover every box of the sea route from box ``a`` to box ``b`` this hour: no bare
        box in :meth:`cover` (caf.air.cover.required_for_sea_moves), remembered for every game with the same fighters
        and boxes (:meth:`cover_map`: a pure answer, so it is safe to share)."""
        known = self.cover_map(side, hour)
        found = known.get((a, b))
        if found is None:
            found = known[(a, b)] = not self.cover(side, hour, self.route(a, b))[1]
        return found

    def cover_map(self, side: str, hour: int) -> dict[tuple[str, str], bool]:
        """(from box, to box) -> :meth:`covered` for ``side`` this hour, for the routes asked so far (by this game or
        any other with the same fighters and boxes): a listing of moves reads it without a call for each route, and
        asks :meth:`covered` (which fills it in) for a route it does not hold yet. Read it, don't change it."""
        key = (self._air, side, hour)
        found = _COVER_MAPS.get(key)
        if found is None:
            if len(_COVER_MAPS) >= 4096:  # a bound on the memory (a scenario has a few sides and hours)
                _COVER_MAPS.clear()
            found = _COVER_MAPS[key] = {}
        return found

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
        return list(self.flying(side, hour))

    def flying(self, side: str, hour: int) -> tuple[Group, ...]:
        """:meth:`bombers_up` as a shared tuple, worked out once a game for each side and hour (see ``_up``)."""
        key = (side, hour)
        found = self._up.get(key)
        if found is None:
            found = self._up[key] = tuple(g for g in self.bombers if g.side == side and g.flies(hour))
        return found

    def bomber(self, gid: str) -> Group | None:
        return self._bombers.get(gid)

    def in_reach(self, gid: str) -> tuple[str, ...]:
        """The boxes the bomber group ``gid`` (the first of that id) reaches, in the map's order (see ``_reach``)."""
        found = self._reach.get(gid)
        if found is None:
            g = self._bombers[gid]
            found = self._reach[gid] = tuple(box for box in self.box_ids if g.reaches(self.anchor(box)))
        return found

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
