"""The parts of a scenario file for area maps, off-map displays and carried units (read by :mod:`hexlab.scenario`).

An area map needs no hex grid. It is declared in one of two ways:

- **square sectors** (War at Sea): ``[board.grid] rows = 3, cols = 3, terrain = "sea"`` makes a sector for each
  cell, named by its label: the row's letter (``A`` the top row) and the column's number (``1`` the left
  column), so ``B3`` is the second row, third column. Sectors sharing a side are linked (``links = "eight"``
  links the corners too, ``"none"`` nothing). ``[[board.sector]] id = "B3", name = "Tulagi", terrain = "island"``
  names a sector or gives it its own terrain.
- **boxes at positions** (Cactus Air Force): ``[[board.area]] id, name, at = [column, row], terrain, links``:
  ``at`` places the box in a grid whose step is one box (``[1, 0]`` is right of ``[0, 0]``, ``[0, 1]`` under
  it; halves are allowed), ``terrain`` colours it. ``ref = "7/13"`` prints the source's reference in its
  title. A ruleset that counts distances in the source's own grid (Cactus' air cover) adds
  ``[board.refs] labels, offset, first, width, height``: each ``ref`` is then a cell of that grid (never drawn).

Links go both ways and are declared both ways: a link that the other area does not list back is refused,
naming the file and the field (``board.area[2].links[0]``), so a one-way link is never a typo that loads.

The older form, areas anchored on hexes of a hex grid (``width``, ``height``, ``default_terrain``,
``at = "7/13"``), still loads, for the saves that embed such a scenario.

Off-map displays: ``[[board.display]] id = "rabaul", name = "Rabaul airbase", side = "Japan",
boxes = ["Ready", "Flown", "Disrupted"]``; a unit in one is written ``at = { display = "rabaul", box = "Ready" }``.
A unit carried by another is written ``at = { aboard = "T1" }`` (the carrier's id).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from .engine.state import SECTOR_ROWS, Aboard, Area, Display, DisplayBox, parse_sector, sector_label
from .hexes import Hex, LabelScheme, label_scheme, offset_rect

Number = int | float
Problems = list[tuple[str, str]]
AttrValue = str | int | bool | list[str | int | bool]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


MAX_ID = 100
"""The longest id an area, a sector or a display may have (actions name them, and hold at most 200 characters)."""


class AreaModel(_Strict):
    id: str = Field(min_length=1, max_length=MAX_ID)
    name: str = Field(min_length=1)
    at: str | Annotated[list[Number], Field(min_length=2, max_length=2)]
    """``[column, row]`` (boxes at positions), or in the older form the label of the hex it is anchored on."""
    terrain: str | None = None
    ref: str | None = None
    hexes: list[str] = []
    """Older form only: the hexes the area covers besides its anchor."""
    links: list[str] = []
    attrs: dict[str, AttrValue] = {}


class SectorGridModel(_Strict):
    rows: int = Field(ge=1, le=len(SECTOR_ROWS))
    cols: int = Field(ge=1, le=99)
    terrain: str | None = None
    """Every sector's terrain unless ``[[board.sector]]`` gives it another (default: the board's background)."""
    links: Literal["four", "eight", "none"] = "four"
    """Which sectors are linked: those sharing a side (``four``), sides and corners (``eight``), or none."""


class SectorModel(_Strict):
    id: str = Field(max_length=MAX_ID)
    name: str | None = None
    terrain: str | None = None
    attrs: dict[str, AttrValue] = {}


class RefGridModel(_Strict):
    labels: Literal["colrow", "four_digit", "slash"] = "colrow"
    offset: Literal["odd-r", "even-r", "odd-q", "even-q"] = "odd-r"
    first: int = Field(default=0, ge=0, le=1)
    """The number of the first column and row (1 for maps that count from 1)."""
    width: int = Field(ge=1, le=200)
    height: int = Field(ge=1, le=200)


class DisplayModel(_Strict):
    id: str = Field(min_length=1, max_length=MAX_ID)
    name: str = ""
    side: str | None = None
    boxes: list[Annotated[str, Field(max_length=MAX_ID)]] = Field(min_length=1)


HEX_FIELDS = ("width", "height", "default_terrain", "offset", "short_odd_rows", "labels", "label_base", "terrain",
              "hexside", "feature", "region")
"""Fields of ``[board]`` that describe a hex grid: an area map in the new form has none of them."""


def is_older_form(board: Any) -> bool:
    """Whether ``[board]`` is an area map in the older form (areas anchored on hexes of a hex grid)."""
    return board.kind == "hex" or any(isinstance(a.at, str) for a in board.area) or (
        not board.area and board.grid is None and board.width is not None)


class AreaMapBuilder:
    """Builds the areas of an area map in the new form (sectors or boxes at positions), reporting problems."""

    def __init__(self, board: Any, known: Callable[[str, str, dict[str, Any], str], bool],
                 terrain_table: dict[str, Any], problems: Problems) -> None:
        self.b = board
        self.known = known
        self.terrain_table = terrain_table
        self.problems = problems
        self.refs: RefGridModel | None = board.refs
        self.labels: LabelScheme = label_scheme("colrow")
        self.cells: list[Hex] = []
        if self.refs is not None:
            self.labels = label_scheme(self.refs.labels, offset=self.refs.offset, base=self.refs.first)
            self.cells = offset_rect(self.refs.width, self.refs.height, self.refs.offset)

    def no_hex_fields(self) -> None:
        for name in HEX_FIELDS:
            if name in self.b.model_fields_set:
                self.problems.append((f"board.{name}", "an area map has no hex grid, so no " + name + (
                    ": each area has its own terrain" if name in ("default_terrain", "terrain") else
                    "; a ruleset that counts in the source's grid declares it under [board.refs]")))

    def terrain_of(self, value: str | None, path: str) -> str:
        if value is None:
            return ""
        return value if self.known("terrain", value, self.terrain_table, path) else ""

    # ------------------------------------------------------------------------------------- sectors
    def sectors(self) -> dict[str, Area]:
        grid = self.b.grid
        if self.b.area:
            self.problems.append(("board.area", "a map of square sectors names its sectors under [[board.sector]] "
                                                "(id = \"B3\"), not as areas"))
        default = grid.terrain or self.b.background
        if not default:
            self.problems.append(("board.grid.terrain", "missing: the sectors' terrain (or the board's background)"))
        default = self.terrain_of(default, "board.grid.terrain" if grid.terrain else "board.background")
        own: dict[str, tuple[str, Any]] = {}
        for i, sec in enumerate(self.b.sector):
            path = f"board.sector[{i}]"
            try:
                row, col = parse_sector(sec.id)
            except ValueError as exc:
                self.problems.append((f"{path}.id", str(exc)))
                continue
            if row >= grid.rows or col >= grid.cols:
                last = sector_label(grid.rows - 1, grid.cols - 1)
                self.problems.append((f"{path}.id", f"sector {sec.id!r} is off the grid (A1 to {last})"))
                continue
            label = sector_label(row, col)
            if label in own:
                self.problems.append((f"{path}.id", f"sector {label} is declared twice ({own[label][0]})"))
                continue
            own[label] = (path, sec)
        steps = {"four": ((0, 1), (1, 0), (0, -1), (-1, 0)), "none": ()}.get(
            grid.links, tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc))
        areas: dict[str, Area] = {}
        for row in range(grid.rows):
            for col in range(grid.cols):
                label = sector_label(row, col)
                links = tuple(sector_label(row + dr, col + dc) for dr, dc in steps
                              if 0 <= row + dr < grid.rows and 0 <= col + dc < grid.cols)
                path, sec = own.get(label, ("", None))
                terrain = self.terrain_of(sec.terrain, f"{path}.terrain") if sec and sec.terrain else default
                name = sec.name if sec and sec.name else label
                attrs = dict(sec.attrs) if sec else {}
                areas[label] = Area(label, name, None, (), tuple(sorted(links, key=parse_sector)), attrs,
                                    terrain, (float(col), float(row)), label)
        return areas

    # ------------------------------------------------------------------------------------- boxes
    def boxes(self) -> dict[str, Area]:
        if self.b.sector:
            self.problems.append(("board.sector", "sectors belong to a map of square sectors: declare its "
                                                  "[board.grid] (rows and cols)"))
        areas: dict[str, Area] = {}
        placed: list[tuple[str, float, float]] = []
        refs: dict[Hex, str] = {}
        for i, a in enumerate(self.b.area):
            path = f"board.area[{i}]"
            if a.id in areas:
                self.problems.append((f"{path}.id", f"area {a.id!r} is declared twice"))
            if a.hexes:
                self.problems.append((f"{path}.hexes", "an area at a position covers no hexes"))
            if a.terrain is None:
                self.problems.append((f"{path}.terrain", "missing: the area's own terrain (known: "
                                                         f"{', '.join(self.terrain_table)})"))
            terrain = self.terrain_of(a.terrain, f"{path}.terrain")
            assert not isinstance(a.at, str)
            x, y = float(a.at[0]), float(a.at[1])
            for other, ox, oy in placed:
                if abs(ox - x) < 1 and abs(oy - y) < 1:
                    self.problems.append((f"{path}.at", f"overlaps area {other!r} at [{_n(ox)}, {_n(oy)}]: boxes "
                                                        "stand at least one step apart across or down"))
                    break
            placed.append((a.id, x, y))
            anchor = self._ref_cell(a.ref, f"{path}.ref") if a.ref else None
            if anchor is not None:
                if anchor in refs:
                    self.problems.append((f"{path}.ref", f"area {refs[anchor]!r} is at {a.ref} already"))
                refs[anchor] = a.id
            areas[a.id] = Area(a.id, a.name, anchor, (), tuple(a.links), dict(a.attrs), terrain, (x, y), a.ref or "")
        if not areas:
            self.problems.append(("board.area", "an area map needs at least one area (or a [board.grid] of sectors)"))
        return areas

    def _ref_cell(self, text: str, path: str) -> Hex | None:
        if self.refs is None:
            return None
        try:
            h = self.labels.parse(text)
        except ValueError as exc:
            self.problems.append((path, str(exc)))
            return None
        if h not in set(self.cells):
            self.problems.append((path, f"{text!r} is off the reference grid ({self.refs.width}x{self.refs.height})"))
            return None
        return h

    def grid_terrain(self, areas: dict[str, Area]) -> dict[Hex, str]:
        """The reference grid's cells: each area's cell has the area's terrain, the others the background."""
        cells = dict.fromkeys(self.cells, self.b.background)
        for a in areas.values():
            if a.anchor is not None:
                cells[a.anchor] = a.terrain
        return cells


def check_links(areas: dict[str, Area], declared: list[Any], problems: Problems) -> None:
    """Every link names an area of the map, not the area itself, once, and the other area links back."""
    for i, a in enumerate(declared):
        seen: set[str] = set()
        for j, link in enumerate(a.links):
            path = f"board.area[{i}].links[{j}]"
            if link not in areas:
                problems.append((path, f"no area {link!r} on this map"))
            elif link == a.id:
                problems.append((path, f"area {a.id!r} cannot link to itself"))
            elif link in seen:
                problems.append((path, f"{link!r} is listed twice"))
            elif a.id not in areas[link].links:
                k = next((n for n, other in enumerate(declared) if other.id == link), None)
                problems.append((path, f"{a.id!r} links to {link!r}, but {link!r} (board.area[{k}]) does not link "
                                       f"back: links go both ways, so list {a.id!r} in its links too"))
            seen.add(link)


def build_displays(models: list[DisplayModel], sides: list[str], problems: Problems) -> dict[str, Display]:
    displays: dict[str, Display] = {}
    for i, d in enumerate(models):
        path = f"board.display[{i}]"
        if d.id in displays:
            problems.append((f"{path}.id", f"display {d.id!r} is declared twice"))
        if d.side is not None and d.side not in sides:
            problems.append((f"{path}.side", f"{d.side!r} is not one of the sides {sides}"))
        for j, box in enumerate(d.boxes):
            if not box.strip():
                problems.append((f"{path}.boxes[{j}]", "a box needs a name"))
            elif box in d.boxes[:j]:
                problems.append((f"{path}.boxes[{j}]", f"box {box!r} is listed twice"))
        displays[d.id] = Display(d.id, d.name or d.id, tuple(d.boxes), d.side)
    return displays


def typed_place(at: dict[str, str], displays: dict[str, Display], path: str, problems: Problems
                ) -> Aboard | DisplayBox | None:
    """A unit's ``at`` written as a table: ``{ aboard = "T1" }`` or ``{ display = "rabaul", box = "Ready" }``."""
    keys = set(at)
    if keys == {"aboard"}:
        return Aboard(at["aboard"])
    if keys == {"display", "box"}:
        display = displays.get(at["display"])
        if display is None:
            known = ", ".join(displays) or "none"
            problems.append((f"{path}.display", f"no display {at['display']!r} on this board (displays: {known})"))
            return None
        if at["box"] not in display.boxes:
            problems.append((f"{path}.box", f"{display.name} has no box {at['box']!r} (boxes: "
                                            f"{', '.join(display.boxes)})"))
            return None
        return DisplayBox(display.id, at["box"])
    problems.append((path, f"a place written as a table is {{ aboard = \"<unit id>\" }} or "
                           f"{{ display = \"<id>\", box = \"<box>\" }}, not {{ {', '.join(sorted(keys))} }}"))
    return None


def check_carriers(units: list[Any], paths: list[str], problems: Problems) -> None:
    """Every carrier exists, and no unit is aboard itself, even through other carriers."""
    by_id = {u.id: u for u in units}
    for u, path in zip(units, paths, strict=True):
        if not isinstance(u.at, Aboard):
            continue
        if u.at.carrier not in by_id:
            problems.append((f"{path}.at.aboard", f"no unit {u.at.carrier!r} to carry {u.id} (units: "
                                                  f"{', '.join(by_id)})"))
            continue
        seen, c = {u.id}, by_id[u.at.carrier]
        while c is not None and c.id not in seen and isinstance(c.at, Aboard):
            seen.add(c.id)
            c = by_id.get(c.at.carrier)
        if c is not None and c.id in seen:
            problems.append((f"{path}.at.aboard", f"{u.id} would be aboard itself (through {u.at.carrier})"))


def _n(v: float) -> str:
    return str(int(v)) if v == int(v) else str(v)
