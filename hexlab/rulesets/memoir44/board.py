"""The Memoir '44 battlefield: what stands in a hex, sections, baselines, heights, movement and sight.

Pure functions of the board and the state: the ruleset's flow (``rules.py``) and the odds (``odds.py``)
both call them, so a rule about a hedgerow or a hill is written once.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from ...engine.state import Board, GameState, Unit
from ...hexes import Hex, LosResult, hex_distance, hex_neighbors, hex_range, line_of_sight, to_offset
from .data import ARMOR, ARTILLERY, MOVE, OBSTACLES, TERRAIN, TerrainRule

SECTIONS = ("left", "centre", "right")
LATER = object()
"""In a movement search's table, a hex whose features make it worked out when first reached."""


@dataclass(frozen=True, slots=True)
class UnitFacts:
    """What the scenario says of a unit beyond its side and type, fixed for the whole game: the nation whose
    rules it follows (m44.nation.*; its side's unless the scenario gives the unit its own) and its badge
    (m44.sf.badge: ``special_forces``, ``french_resistance``, ``elite_armor``, or ``None``)."""

    nation: str = "standard"
    badge: str | None = None


STANDARD = UnitFacts()
"""A unit the scenario says nothing more of: no nation's rules, no badge."""


class Reached(dict):
    """Where a move may end, as :meth:`Field.moves` gives it: ``cost`` (hexes of movement the cheapest way there
    costs), ``path`` (the hexes of that way after the start, ending there) and ``entered`` (the terrain of those hexes,
    by name). Only the cost is asked while playing, so the other two are written out when first asked."""

    __slots__ = ("_before", "_end", "_terrain")

    def __init__(self, cost: int, before: tuple[Hex, ...], end: Hex, terrain: dict[Hex, str]) -> None:
        """``before``: the hexes of the way up to the one before ``end``, the start first (the start is not part of
        the path); the path itself is put together only when asked."""
        dict.__init__(self, cost=cost)
        self._before, self._end, self._terrain = before, end, terrain

    @property
    def _way(self) -> tuple[Hex, ...]:
        return (*self._before[1:], self._end)

    def __missing__(self, key: str) -> Any:
        if key == "path":
            value: Any = list(self._way)
        elif key == "entered":
            value = sorted({self._terrain[p] for p in self._way})
        else:
            raise KeyError(key)
        self[key] = value
        return value


@dataclass(frozen=True)
class Field:
    """A Memoir '44 board with its scenario options, and the questions every rule asks of it."""

    board: Board
    bottom: str
    """The side whose baseline is the bottom row; the other side's baseline is row 0."""
    heights: dict[Hex, int]
    bunker_owner: dict[Hex, str]
    units: dict[str, UnitFacts] = field(default_factory=dict, compare=False)
    """Each unit's :class:`UnitFacts`, by id: read from the scenario's units when the game is set up
    (``Memoir44.setup``: a scenario still writes them as ``attrs = { badge = "..." }``)."""

    def facts(self, unit: Unit) -> UnitFacts:
        """A unit's nation and badge (a unit the game was not set up with, as in the odds command's own
        battles, is a standard one with no badge)."""
        return self.units.get(unit.id, STANDARD)

    # -------------------------------------------------------------------------------- hexes
    def terrain(self, h: Hex) -> TerrainRule:
        return TERRAIN[self.board.terrain[h]]

    def obstacles(self, state: GameState, h: Hex) -> list[TerrainRule]:
        return [OBSTACLES[f] for f in state.features.get(h, []) if f in OBSTACLES]

    def rules_at(self, state: GameState, h: Hex) -> list[TerrainRule]:
        """The terrain of a hex and the obstacles on it."""
        return [self.terrain(h), *self.obstacles(state, h)]

    def height(self, h: Hex) -> int:
        """Elevation (m44.terrain.hill.height): hills, steep hills and cliffs are 1, else 0, unless the
        scenario gives heights."""
        if h in self.heights:
            return self.heights[h]
        return self.terrain(h).height

    def is_bridge_intact(self, state: GameState, h: Hex) -> bool:
        return self.board.terrain[h] == "bridge" and "destroyed" not in state.features.get(h, [])

    def impassable(self, state: GameState, h: Hex, kind: str) -> TerrainRule | None:
        """The terrain or obstacle that keeps a unit of ``kind`` out of ``h``, if any."""
        if self.board.terrain[h] == "bridge" and not self.is_bridge_intact(state, h):
            return TERRAIN["river"]  # m44.terrain.bridge.destroyed
        for rule in self.rules_at(state, h):
            if kind in rule.impassable_for:
                return rule
        return None

    def impassable_to_place(self, unit: Unit) -> str | None:
        """Terrain a scenario may not put a unit on: what it could never enter, except armor and
        artillery set up in bunkers, which the rules allow (m44.terrain.bunker.impassable's note)."""
        rule = TERRAIN[self.board.terrain[unit.at]]
        if unit.kind in rule.impassable_for and rule.name != "bunker":
            return rule.title.lower()
        return None

    # -------------------------------------------------------------------------------- sides
    def baseline_step(self, side: str) -> int:
        """+1 if the side's baseline is the bottom row (its retreats go down the rows), else -1."""
        return 1 if side == self.bottom else -1

    def retreat_hexes(self, side: str, h: Hex) -> tuple[list[Hex], int]:
        """The neighbours of ``h`` one row nearer ``side``'s baseline (m44.retreat.direction.choice), and
        how many of those two steps fall off the map."""
        row = to_offset(h, self.board.offset).row
        step = self.baseline_step(side)
        out, off = [], 0
        for n in hex_neighbors(h):
            if to_offset(n, self.board.offset).row == row + step:
                if n in self.board.terrain:
                    out.append(n)
                else:
                    off += 1
        return sorted(out), off

    @cached_property
    def _section_cols(self) -> dict[str, frozenset[Hex]]:
        if all(s in self.board.regions for s in SECTIONS):
            return {s: self.board.regions[s] for s in SECTIONS}
        # the standard 13-wide board (m44.setup.board.sections): the section lines run through the
        # centres of columns 4 and 8 of the long rows, and between hexes on the short rows
        out: dict[str, set[Hex]] = {s: set() for s in SECTIONS}
        w = self.board.width
        left_edge, right_edge = (w - 1) / 3.0, 2 * (w - 1) / 3.0
        for h in self.board.terrain:
            col, row = to_offset(h, self.board.offset)
            x = col + (0.5 if row % 2 else 0.0)  # centre across the board, in hex widths
            if x <= left_edge:
                out["left"].add(h)
            if left_edge <= x <= right_edge:
                out["centre"].add(h)
            if x >= right_edge:
                out["right"].add(h)
        return {s: frozenset(v) for s, v in out.items()}

    def section_lines(self) -> list[tuple[Hex, Hex]]:
        """Where the standard board's section lines run: through the centres of the straddling hexes of the
        first and last long rows (none when the scenario gives its own sections)."""
        if all(s in self.board.regions for s in SECTIONS):
            return []
        from ...hexes import from_offset

        w, h = self.board.width, self.board.height
        last = h - 1 if (h - 1) % 2 == 0 else h - 2
        out = []
        for col in ((w - 1) // 3, 2 * (w - 1) // 3):
            if ((w - 1) % 3) == 0:
                out.append((from_offset(col, 0, self.board.offset), from_offset(col, last, self.board.offset)))
        return out

    def sections_of(self, h: Hex, side: str) -> list[str]:
        """The sections a hex lies in, seen from ``side``'s own baseline (a card's "left flank" is the
        player's own left), both sections when the hex straddles a line (m44.order.section.straddle)."""
        known = self._sections_seen.get((h, side))
        if known is None:
            found = [s for s in SECTIONS if h in self._section_cols[s]]
            if side != self.bottom:  # the top side looks at the board from the other edge
                flip = {"left": "right", "right": "left", "centre": "centre"}
                found = [flip[s] for s in found]
            known = self._sections_seen[(h, side)] = tuple(sorted(found, key=SECTIONS.index))
        return list(known)

    @cached_property
    def _sections_seen(self) -> dict[tuple[Hex, str], tuple[str, ...]]:
        """:meth:`sections_of` as worked out so far (the board never changes; ordering asks it all the time)."""
        return {}

    def kind_and_sections(self, unit: Unit) -> tuple[str, ...]:
        """What a card's slots ask of a unit: its type, then the sections it stands in (:meth:`sections_of`; none off
        the map). Remembered by type, place and side, all it hangs on (the board never changes): every listing of the
        orders asks it of every unit of the side."""
        key = (unit.kind, unit.at, unit.side)
        found = self._kinds_and_sections.get(key)
        if found is None:
            at = unit.at
            found = (unit.kind, *(self.sections_of(at, unit.side) if isinstance(at, Hex) else ()))
            self._kinds_and_sections[key] = found
        return found

    @cached_property
    def _kinds_and_sections(self) -> dict[tuple[Any, ...], tuple[str, ...]]:
        return {}

    # -------------------------------------------------------------------------------- sight
    @cached_property
    def hill_groups(self) -> dict[Hex, int]:
        """Each hill hex -> the id of its contiguous group of hills of one height."""
        hills = {h for h in self.board.terrain if self.board.terrain[h] in ("hill", "steep_hill", "cliff", "sea_bluff")}
        group: dict[Hex, int] = {}
        n = 0
        for start in sorted(hills):
            if start in group:
                continue
            n += 1
            todo = [start]
            group[start] = n
            while todo:
                h = todo.pop()
                for nb in hex_neighbors(h):
                    if nb in hills and nb not in group and self.height(nb) == self.height(start):
                        group[nb] = n
                        todo.append(nb)
        return group

    def blocks_sight(self, state: GameState, h: Hex, frm: Hex, to: Hex) -> bool:
        """Does hex ``h``, between ``frm`` and ``to``, block the line (m44.los.block.terrain, .unit)?"""
        if h not in self.board.terrain:
            return False  # past the end of a short row: nothing there
        if state.unit_at(h) is not None:
            return True
        terrain = self.terrain(h)
        if terrain.blocks_los:
            if terrain.height:  # hills: not between units on the same contiguous hill group
                g = self.hill_groups.get(h)
                if g is not None and self.hill_groups.get(frm) == g and self.hill_groups.get(to) == g:
                    return False
            return True
        return any(o.blocks_los for o in self.obstacles(state, h))

    def sight(self, state: GameState, frm: Hex, to: Hex) -> LosResult:
        """Line of sight, centre to centre, ends never blocking, a line along an edge blocked only if
        blockers stand on both sides (m44.los.line.centres, m44.los.endpoints, m44.los.edge.both_sides)."""
        return line_of_sight(frm, to, lambda h: self.blocks_sight(state, h, frm, to), exact=True)

    def _standing(self, state: GameState) -> tuple[frozenset[Any], dict[Hex, tuple[Hex, tuple[str, ...]]], frozenset[Hex]]:
        """The hexes the living units hold, and the features on the map (by hex, and the hexes that have any): worked
        out once for all the questions of a listing (``GameState.cached`` by hand: asked for every unit of every
        listing), else afresh."""
        memo = state.memo
        known = memo.get("m44.held_and_features") if memo is not None else None
        if known is None:
            features = {h: (h, tuple(v)) for h, v in state.features.items() if v}
            known = (frozenset([u.at for u in state.units.values() if u.strength > 0]),  # the living units (Unit.alive)
                     features, frozenset(features))
            if memo is not None:
                memo["m44.held_and_features"] = known
        return known

    # -------------------------------------------------------------------------------- movement
    def step_cost(self, state: GameState, unit: Unit, a: Hex, b: Hex) -> int | None:
        """Hexes of movement one step from ``a`` to ``b`` costs the unit, or None if it may not."""
        ta, tb = self.board.terrain[a], self.board.terrain[b]
        cliffs = ("cliff", "sea_bluff")
        if (ta == "beach" and tb in cliffs) or (ta in cliffs and tb == "beach"):
            if unit.kind in (ARMOR, ARTILLERY):
                return None  # m44.terrain.cliff.armor_artillery_beach
            return 2  # m44.terrain.cliff.infantry_beach_move
        if tb == "steep_hill" and self.height(a) < self.height(b):
            return 2  # m44.terrain.steep_hill.move_up
        return 1

    def moves(self, state: GameState, unit: Unit, allowance: int, free: bool = False) -> dict[Hex, dict]:
        """Every hex the unit may end a move on, with how many hexes of movement the cheapest way there
        costs and the terrain it entered (m44.move.*, m44.stack.*, m44.terrain.*.move*). ``free``: terrain
        movement restrictions don't apply, only impassable hexes and other units (Behind Enemy Lines).

        The answer depends on nothing but the unit's hex and kind, the allowance, ``free``, the hexes other units
        hold and the features on the map within ``allowance`` hexes of it (every step costs at least one hex of
        movement, so nothing further away can change it; its own hex, which no way enters again, does not count
        either), so it is remembered under those (the same search
        comes back at every listing of the legal moves, at the move's check and at its effect, and after
        another unit moved elsewhere). Share, don't change, what it returns."""
        start = unit.at
        assert isinstance(start, Hex)
        near = self._disc(start, allowance)
        held, features, featured = self._standing(state)
        occupied = near & held  # (the disc leaves out the unit's own hex, which holds no other unit)
        here = near & featured
        key = (start, unit.kind, allowance, free, occupied, frozenset([features[h] for h in here]) if here else here)
        seen = self._reach_seen
        found = seen.get(key)
        if found is None:
            if len(seen) >= 4096:  # a long game: forget the old positions
                seen.clear()
            found = seen[key] = self._search(state, unit, allowance, free, occupied, near)
        return found

    def _disc(self, centre: Hex, radius: int) -> frozenset[Hex]:
        """The hexes of the map within ``radius`` of ``centre``, but ``centre`` itself (remembered: the board never
        changes)."""
        discs = self._discs
        found = discs.get((centre, radius))
        if found is None:
            terrain = self.board.terrain
            found = discs[(centre, radius)] = frozenset(h for h in hex_range(centre, radius) if h in terrain and h != centre)
        return found

    @cached_property
    def _discs(self) -> dict[tuple[Hex, int], frozenset[Hex]]:
        return {}

    @cached_property
    def _reach_seen(self) -> dict[tuple, dict[Hex, dict]]:
        """:meth:`moves` as worked out so far, by everything its answer depends on."""
        return {}

    def _search(self, state: GameState, unit: Unit, allowance: int, free: bool,
                occupied: frozenset[Any], near: frozenset[Hex]) -> dict[Hex, dict]:
        """:meth:`moves` worked out: every simple path within the allowance, depth first (``near``: the hexes of the
        map within the allowance, all the search can reach)."""
        start = unit.at
        assert isinstance(start, Hex)
        terrain = self.board.terrain
        no_cap = allowance + 1
        # a move that starts in the ocean is capped as one that enters it (m44.terrain.ocean.move)
        start_cap = (TERRAIN["ocean"].move_cap or no_cap) if terrain[start] == "ocean" and not free else no_cap
        best: dict[Hex, tuple[int, tuple[Hex, ...]]] = {}  # the cheapest way found to each hex: cost, hexes before it
        steps, by_terrain = self._ground(unit.kind, free)
        # what entering each hex means for this unit: by its terrain alone, but no entry where another unit stands, and
        # the whole rule (worked out when first reached: LATER) where features lie within reach
        entry = by_terrain.copy()
        for n, there in state.features.items():
            if there and n in near:
                entry[n] = LATER
        for n in occupied:
            entry[n] = None
        armor = unit.kind == ARMOR

        def enter(n: Hex) -> tuple[str, bool, int | None] | None:
            """What entering ``n``, a hex with features (wire, sandbags, a destroyed bridge...), means for this unit:
            ``None`` if it may not (it is impassable to the unit's kind), else as :meth:`_ground` says it."""
            if self.impassable(state, n, unit.kind):
                return None
            stop = not free and any(r.move_stop for r in self.rules_at(state, n))
            if armor and "wire" in state.features[n]:
                stop = True  # armor entering wire stops there (and clears it)
            name = terrain[n]
            return name, stop, (TERRAIN[name].move_cap if not free else None) or None

        known = best.get

        def walk(h: Hex, cost: int, path: tuple[Hex, ...], cap: int) -> None:
            # the hex's neighbours on the map, in hex_neighbors' order, with what a step there costs (None: no step)
            around = steps.get(h)
            if around is None:
                around = steps[h] = tuple((n, 1 if free else self.step_cost(state, unit, h, n)) for n in self._near[h])
            for n, step in around:
                if step is None or cost + step > allowance or n in path:
                    continue
                facts = entry[n]
                if facts is None:
                    continue
                if facts is LATER:
                    facts = entry[n] = enter(n)
                    if facts is None:
                        continue
                name, stop, entered = facts
                if name == "hedgerow" and h != start and not free:
                    continue  # m44.terrain.hedgerow.enter_from_adjacent
                new_cost = cost + step
                new_cap = entered if entered is not None and entered < cap else cap
                if new_cost > new_cap:
                    continue  # the terrain table's move caps: m44.terrain.beach.move, m44.terrain.ocean.move
                old = known(n)
                if old is None or new_cost < old[0]:
                    best[n] = (new_cost, path)
                if not stop and new_cost < allowance and new_cost < new_cap:  # (every step costs 1 or more: from a
                    walk(n, new_cost, (*path, n), new_cap)                   # hex at the allowance or cap, none fits)

        walk(start, 0, (start,), start_cap)
        out: dict[Hex, dict] = {}
        new = dict.__new__
        for n, (cost, way) in best.items():  # Reached(cost, way, n, terrain), made without the call (many are made)
            reached = out[n] = new(Reached)
            reached["cost"] = cost
            reached._before, reached._end, reached._terrain = way, n, terrain
        return out

    def _ground(self, kind: str, free: bool) -> tuple[dict[Hex, tuple[tuple[Hex, int | None], ...]],
                                                     dict[Hex, Any]]:
        """For a unit of ``kind`` (``free``: free of terrain movement limits), two tables over the map, which hang on
        the map and the kind alone (the map never changes): each hex's neighbours on the map, in :func:`hex_neighbors`'
        order, with what the step there costs (:meth:`step_cost`, or 1 when ``free``; ``None``: no such step), filled
        in by the searches as they reach each hex; and what entering each hex means by its terrain alone (an intact
        bridge if a bridge): ``None`` if the terrain is impassable to the kind, else the terrain's name, whether a unit
        must stop there and the cap on a move that enters it (``None``: no cap) (m44.terrain.*.move*)."""
        found = self._ground_tables.get((kind, free))
        if found is None:
            by_terrain: dict[Hex, Any] = {}
            for h, name in self.board.terrain.items():
                rule = TERRAIN[name]
                by_terrain[h] = None if kind in rule.impassable_for else (
                    name, not free and rule.move_stop, (rule.move_cap if not free else None) or None)
            found = self._ground_tables[(kind, free)] = ({}, by_terrain)
        return found

    @cached_property
    def _ground_tables(self) -> dict[tuple[str, bool], tuple[dict[Hex, Any], dict[Hex, Any]]]:
        return {}

    @cached_property
    def _near(self) -> dict[Hex, tuple[Hex, ...]]:
        """Each hex of the map's neighbours on the map, in :func:`hex_neighbors`' order (the board never
        changes: worked out once, for the many searches of :meth:`moves`)."""
        terrain = self.board.terrain
        return {h: tuple(n for n in hex_neighbors(h) if n in terrain) for h in terrain}

    def allowance(self, unit: Unit) -> int:
        if self.facts(unit).badge == "french_resistance":
            return 2  # m44.nation.french_resistance.move_range
        return MOVE[unit.kind]

    def adjacent_enemies(self, state: GameState, unit: Unit) -> list[Unit]:
        return [u for u in state.units.values() if u.alive and u.side != unit.side and u.at is not None
                and hex_distance(u.at, unit.at) == 1]


def occupied(state: GameState) -> Iterable[Hex]:
    return (u.at for u in state.units.values() if u.alive and isinstance(u.at, Hex))

