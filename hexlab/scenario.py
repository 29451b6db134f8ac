"""Scenario files: TOML validated into typed models, then into a ``Game``.

A scenario is data, never code. Its file is read as UTF-8 TOML, checked against the models below
(pydantic), then against the map (every hex on it), the ruleset (every terrain, feature and unit type
known) and the ruleset's own checks. Every problem is reported at once as a :class:`ScenarioError`
that names the file, the field path (``unit[3].at``) and the problem, with no traceback from hexlab.

Layout of a file::

    [scenario]        ruleset, title, sides, first side, notes for the reader and the teacher
    [board]           kind (hex or area); a hex map: size, offset layout, label scheme, default terrain
    [[board.terrain]] type = "forest", hexes = ["3,4", "4,4"]
    [[board.hexside]] type = "wall", between = [["3,4", "4,4"]]
    [[board.feature]] type = "wire", hexes = [...]        (things on hexes that can change in play)
    [[board.region]]  id, title, hexes or columns          (board sections and the like)
    [board.grid]      rows, cols, terrain, links           (an area map of square sectors, A1 at top left)
    [[board.sector]]  id = "B3", name, terrain, attrs      (a sector's own name or terrain)
    [[board.area]]    id, name, at = [col, row], terrain, ref, links, attrs   (an area map of boxes)
    [board.refs]      labels, offset, first, width, height (the source's grid the areas' refs are on)
    [[board.display]] id, name, side, boxes                (off-map displays: an airbase's boxes)
    [[unit]]          side, type, at, strength, max_strength, id, attrs
    [rules]           the ruleset's own options (validated by the ruleset)

Hexes are written in the board's own notation (``col,row``, ``0712``, ``7/13``); a unit's ``at`` is a hex, an
area's id, ``{ aboard = "T1" }`` or ``{ display = "rabaul", box = "Ready" }``. Area maps, displays and carried
units are described in :mod:`hexlab.scenario_areas`.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from . import rulesets
from .dice import Rng
from .engine.errors import ScenarioError
from .engine.game import Game
from .engine.ruleset import Context, Ruleset
from .engine.state import Area, Board, GameState, Location, Unit
from .guard import Refused, bounded, check_size, check_tree, excerpt, printable, read_capped, scan_toml
from .hexes import Hex, Hexside, label_scheme, offset_rect
from .scenario_areas import (
    AreaMapBuilder,
    AreaModel,
    DisplayModel,
    RefGridModel,
    SectorGridModel,
    SectorModel,
    build_displays,
    check_carriers,
    check_links,
    is_older_form,
    typed_place,
)

KIT = Path(__file__).resolve().parent / "kit"
"""The scenarios and notebooks shipped in the package (links to the repository's top-level folders in a
checkout, copies in an installed wheel)."""
SCENARIO_DIRS: list[Path] = [KIT / "scenarios"]
"""Folders searched for scenario ids (``<ruleset>/<name>`` -> ``<dir>/<ruleset>/<name>.toml``)."""

MAX_FILE_BYTES = 2_000_000
"""The largest scenario hexlab reads: a file, text given directly, or a scenario embedded in a save."""
MAX_HEXES = 2_500
"""The most hexes (or areas, or sectors) a board may have: a 50x50 map. The engine lists every legal action at
every decision; Memoir '44 on a 50x50 map with :data:`MAX_UNITS` infantry units plays random games at about 15 ms
a step (measured on one core), where a 200x200 map with 40,000 units took 0.7 s a step. The published maps are
far smaller (Memoir '44: 13x9 hexes)."""
MAX_ITEMS = 10_000
"""The most entries a list or table of a scenario may have (a board's hexes number at most :data:`MAX_HEXES`)."""
MAX_ID = 100
"""The longest id a unit or a side may have (ids are named in actions, which hold at most 200 characters)."""
MAX_UNITS = 400
"""The most units a scenario may place (the shipped scenarios place at most 47)."""

Scalar = str | int | bool
Pair = Annotated[list[str], Field(min_length=2, max_length=2)]
IntPair = Annotated[list[int], Field(min_length=2, max_length=2)]
AttrValue = Scalar | list[Scalar]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class Meta(_Model):
    ruleset: str
    title: str = Field(min_length=1)
    sides: list[Annotated[str, Field(max_length=MAX_ID)]] = Field(min_length=2, max_length=4)
    first: str | None = None
    summary: str = ""
    history: str = ""
    teacher_notes: str = ""
    illustrative: list[str] = []
    """Values the source rules don't give, chosen for this scenario (shown to readers as such)."""

    @field_validator("sides")
    @classmethod
    def _unique(cls, v: list[str]) -> list[str]:
        if any(not s.strip() for s in v):
            raise ValueError("a side needs a name")
        if any(s != s.strip() for s in v):
            raise ValueError("a side's name may not begin or end with spaces")
        if len({" ".join(s.casefold().split()) for s in v}) != len(v):
            raise ValueError("sides must be different (names that differ only in capitals or spacing are the same)")
        return v


class TerrainPatch(_Model):
    type: str
    hexes: list[str]


class HexsidePatch(_Model):
    type: str
    between: list[Pair]


class RegionModel(_Model):
    id: str
    title: str = ""
    """What the region is called, for a reader of the file (the map does not print it)."""
    hexes: list[str] = []
    columns: IntPair | None = None
    """Inclusive offset-column range, as an alternative to listing hexes."""


class BoardModel(_Model):
    kind: Literal["hex", "area"] = "hex"
    width: int | None = Field(default=None, ge=1, le=200)
    height: int | None = Field(default=None, ge=1, le=200)
    offset: Literal["odd-r", "even-r", "odd-q", "even-q"] = "odd-r"
    short_odd_rows: bool = False
    labels: Literal["colrow", "four_digit", "slash"] = "colrow"
    label_base: int = Field(default=0, ge=0, le=1)
    default_terrain: str | None = None
    """A hex map's terrain where no patch says otherwise (required on a hex map, unknown to an area map)."""
    background: str = ""
    terrain: list[TerrainPatch] = []
    hexside: list[HexsidePatch] = []
    feature: list[TerrainPatch] = []
    region: list[RegionModel] = []
    area: list[AreaModel] = []
    grid: SectorGridModel | None = None
    sector: list[SectorModel] = []
    refs: RefGridModel | None = None
    display: list[DisplayModel] = []


class UnitModel(_Model):
    side: str
    type: str
    at: str | dict[str, str] | None = None
    """A hex's label, an area's id, ``{ aboard = "T1" }`` or ``{ display = "rabaul", box = "Ready" }``."""
    id: str | None = Field(default=None, min_length=1, max_length=MAX_ID)
    strength: int | None = Field(default=None, ge=0)
    max_strength: int | None = Field(default=None, ge=1)
    attrs: dict[str, AttrValue] = {}


class ScenarioFile(_Model):
    scenario: Meta
    board: BoardModel
    unit: list[UnitModel] = []
    rules: dict[str, Any] = {}


@dataclass
class Scenario:
    """A validated scenario: its id, text, board, units and the ruleset's options."""

    id: str
    name: str
    source: str
    meta: Meta
    board: Board
    units: list[Unit]
    ruleset: type[Ruleset]
    options: BaseModel
    features: list[tuple[Hex, str]]
    """Per-hex features at the start (wire, bunkers), which the game may change."""
    path: Path | None = None

    @property
    def title(self) -> str:
        return self.meta.title

    def notes(self) -> str:
        """The scenario's notes for a reader, as Markdown: what it is, its history, the teacher's notes and
        the values it chooses where the rules are silent (labelled as ours)."""
        m = self.meta
        parts = [f"### {m.title}", m.summary]
        if m.history:
            parts += ["**The history.** " + m.history]
        if m.teacher_notes:
            parts += ["**For the teacher.** " + m.teacher_notes]
        if m.illustrative:
            parts += ["**Our values, not the published game's** (*illustrative*: the rules leave these open, so "
                      "this scenario chooses them):", "\n".join(f"- {v}" for v in m.illustrative)]
        return "\n\n".join(p for p in parts if p)

    def info(self) -> dict[str, Any]:
        return {"id": self.id, "ruleset": self.ruleset.id, "title": self.meta.title,
                "summary": self.meta.summary, "sides": list(self.meta.sides),
                "path": str(self.path) if self.path else None}

    def new_game(self, seed: int | None = None) -> Game:
        """A fresh game of this scenario. ``seed=None`` picks one (kept in ``game.seed``)."""
        seed = Rng.seed_from(seed) if seed is None else int(seed)
        rules = self.ruleset(self.board, self.options, self.meta.sides, self.meta.first)
        sides = list(self.meta.sides)
        state = GameState(
            ruleset=self.ruleset.id, sides=sides, active=self.meta.first or sides[0],
            position=self.ruleset.sequence.first, rng=Rng(seed).state,
            units={u.id: u.copy() for u in self.units}, score={s: 0 for s in sides},
            hands={s: [] for s in sides},
        )
        for h, feature in self.features:
            state.features.setdefault(h, []).append(feature)
        ctx = Context(rules, state)
        rules.setup(ctx)
        ctx.finish()
        return Game(rules, state, seed=seed, scenario=self, setup_events=ctx.events)


# ----------------------------------------------------------------------------------------- loading


def _path_of(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


_PYDANTIC_WORDS = {
    "extra_forbidden": "unknown field",
    "missing": "missing (required)",
}


def _problems_from(exc: ValidationError, prefix: str = "") -> list[tuple[str, str]]:
    problems: list[tuple[str, str]] = []
    seen: set[tuple[str, str]] = set()
    for err in exc.errors():
        loc = tuple(p for p in err["loc"] if not (isinstance(p, str) and p.startswith("function-")))
        # a union's alternatives appear as extra loc parts named after the type; keep the field path
        loc = tuple(p for p in loc if p not in {"str", "int", "bool", "float", "list[union[str,int,bool]]",
                                                "dict[str,str]", "list[union[int,float]]"})
        path = _path_of(loc)
        if prefix:
            path = f"{prefix}.{path}" if path else prefix
        msg = _PYDANTIC_WORDS.get(err["type"], err["msg"])
        if err["type"] not in _PYDANTIC_WORDS and "input" in err and not isinstance(err["input"], dict | list):
            msg = f"{msg} (got {excerpt(err['input'])})"
        if (path, msg) not in seen:
            seen.add((path, msg))
            problems.append((path, msg))
    return problems


def scenario_error(name: str, problems: list[tuple[str, str]]) -> ScenarioError:
    """The error for ``problems`` in the scenario called ``name``: at most a screenful, every message cut
    short and escaped (:func:`hexlab.guard.bounded`), the name escaped too."""
    return ScenarioError(printable(name if len(name) <= 300 else name[:300] + "..."), bounded(problems))


def parse_text(text: str | bytes, name: str) -> ScenarioFile:
    """Read and check a scenario's text against the models (no map or ruleset checks yet).

    This is the one way a scenario's text is read, from a file, a string or a save: its size is checked
    (:data:`MAX_FILE_BYTES`), then its nesting and long numbers before TOML is parsed, then every value
    (depth, finite numbers, no control characters in text) before the models see it
    (:mod:`hexlab.guard`)."""
    if not isinstance(text, str | bytes):
        raise scenario_error(name, [("", f"a scenario is text, not {type(text).__name__}")])
    try:
        check_size(text, MAX_FILE_BYTES)
    except Refused as exc:
        raise scenario_error(name, [("", f"file is {exc.problem}")]) from None
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise scenario_error(name, [("", f"not UTF-8 text (byte {exc.start}): save it as UTF-8")]) from None
    if text.startswith("\ufeff"):
        text = text[1:]
    if not text.strip():
        raise scenario_error(name, [("", "file is empty")])
    try:
        scan_toml(text)
        raw = tomllib.loads(text)
        check_tree(raw, max_items=MAX_ITEMS)
    except Refused as exc:
        raise scenario_error(name, [(exc.path, exc.problem)]) from None
    except tomllib.TOMLDecodeError as exc:
        raise scenario_error(name, [("", f"not valid TOML: {exc}")]) from None
    except (ValueError, RecursionError) as exc:  # a last line of defence: the scans above should catch these
        raise scenario_error(name, [("", f"not valid TOML: {excerpt(str(exc))}")]) from None
    try:
        return ScenarioFile.model_validate(raw)
    except ValidationError as exc:
        raise scenario_error(name, _problems_from(exc)) from None


def build(model: ScenarioFile, scenario_id: str, name: str, source: str,
          path: Path | None = None) -> Scenario:
    """Check a parsed scenario against its map and ruleset, and build it."""
    file_path = path  # the checks below use ``path`` for a field's place in the file ("unit[3]")
    problems: list[tuple[str, str]] = []
    meta = model.scenario
    try:
        ruleset = rulesets.get(meta.ruleset)
    except KeyError as exc:
        raise scenario_error(name, [("scenario.ruleset", str(exc.args[0]))]) from None
    too_big = _too_big(model)
    if too_big:  # refused before any work in proportion to the board's size
        raise scenario_error(name, too_big)
    if meta.first is not None and meta.first not in meta.sides:
        problems.append(("scenario.first", f"{meta.first!r} is not one of the sides {meta.sides}"))

    b = model.board
    if b.kind not in ruleset.board_kinds:
        problems.append(("board.kind", f"{ruleset.name} is played on a {' or '.join(ruleset.board_kinds)} map"))
    older = is_older_form(b)  # a hex map, or an area map whose areas are anchored on hexes
    if older:
        for field in ("width", "height", "default_terrain"):
            if getattr(b, field) is None:
                problems.append((f"board.{field}", "missing (required)" if b.kind == "hex" else
                                 "missing (required where areas are anchored on hexes; an area map can place "
                                 "its areas at [column, row] instead, with no hex grid)"))
        for field in ("grid", "refs"):
            if getattr(b, field) is not None:
                problems.append((f"board.{field}", "only for an area map with no hex grid (areas at "
                                                   "[column, row] or square sectors)"))
        if b.sector:
            problems.append(("board.sector", "sectors belong to a map of square sectors ([board.grid])"))
    width, height = b.width or 1, b.height or 1
    labels = label_scheme(b.labels, offset=b.offset, base=b.label_base)
    hexes = offset_rect(width, height, b.offset, short_odd_rows=b.short_odd_rows) if older else []
    on_map = set(hexes)

    def known(kind: str, value: str, table: dict[str, Any], path: str) -> bool:
        if value in table:
            return True
        problems.append((path, f"unknown {kind} {value!r} for {ruleset.name} (known: {', '.join(table)})"))
        return False

    def hex_at(text: str, path: str) -> Hex | None:
        try:
            h = labels.parse(text)
        except ValueError as exc:
            problems.append((path, str(exc)))
            return None
        if h not in on_map:
            problems.append((path, f"hex {text!r} is off the map ({width}x{height})"))
            return None
        return h

    terrain: dict[Hex, str] = {}
    if b.default_terrain is not None and known("terrain", b.default_terrain, ruleset.terrain,
                                               "board.default_terrain"):
        terrain = dict.fromkeys(hexes, b.default_terrain)
    if b.background and b.background not in ruleset.terrain:
        known("terrain", b.background, ruleset.terrain, "board.background")
    for i, patch in enumerate(b.terrain):
        ok = known("terrain", patch.type, ruleset.terrain, f"board.terrain[{i}].type")
        for j, text in enumerate(patch.hexes):
            h = hex_at(text, f"board.terrain[{i}].hexes[{j}]")
            if h is not None and ok:
                terrain[h] = patch.type

    hexsides: dict[Hexside, str] = {}
    for i, patch in enumerate(b.hexside):
        ok = known("hexside feature", patch.type, ruleset.hexside_features, f"board.hexside[{i}].type")
        for j, (ta, tb) in enumerate(patch.between):
            path = f"board.hexside[{i}].between[{j}]"
            ha, hb = hex_at(ta, path), hex_at(tb, path)
            if ha is None or hb is None:
                continue
            try:
                side = Hexside.between(ha, hb)
            except ValueError:
                problems.append((path, f"{ta} and {tb} are not neighbours, so share no hexside"))
                continue
            if ok:
                hexsides[side] = patch.type

    features: list[tuple[Hex, str]] = []
    for i, patch in enumerate(b.feature):
        ok = known("feature", patch.type, ruleset.features, f"board.feature[{i}].type")
        for j, text in enumerate(patch.hexes):
            h = hex_at(text, f"board.feature[{i}].hexes[{j}]")
            if h is not None and ok:
                features.append((h, patch.type))

    regions: dict[str, frozenset[Hex]] = {}
    for i, reg in enumerate(b.region):
        path = f"board.region[{i}]"
        if reg.id in regions:
            problems.append((f"{path}.id", f"region {reg.id!r} is declared twice"))
        members: set[Hex] = set()
        for j, text in enumerate(reg.hexes):
            h = hex_at(text, f"{path}.hexes[{j}]")
            if h is not None:
                members.add(h)
        if reg.columns is not None:
            lo, hi = reg.columns
            if lo > hi or lo < 0 or hi >= width:
                problems.append((f"{path}.columns", f"needs 0 <= first <= last < {width}"))
            else:
                from .hexes import to_offset

                members |= {h for h in hexes if lo <= to_offset(h, b.offset).col <= hi}
        if not members:
            problems.append((path, "a region needs hexes or columns"))
        regions[reg.id] = frozenset(members)

    areas: dict[str, Area] = {}
    sectors: tuple[int, int] | None = None
    offset = b.offset
    if older:  # areas anchored on hexes: each takes its terrain from its hex and prints its hex's label
        for i, a in enumerate(b.area):
            path = f"board.area[{i}]"
            if a.id in areas:
                problems.append((f"{path}.id", f"area {a.id!r} is declared twice"))
            if not isinstance(a.at, str):
                problems.append((f"{path}.at", "on a map with a hex grid an area is anchored on a hex (at = \"7/13\"); "
                                               "to place areas at [column, row], drop the hex grid (width, height, "
                                               "default_terrain...)"))
                continue
            for field in ("terrain", "ref"):
                if getattr(a, field) is not None:
                    problems.append((f"{path}.{field}", "only for an area at [column, row]: an area anchored on a "
                                                        "hex takes its terrain and label from the hex"))
            anchor = hex_at(a.at, f"{path}.at")
            members = [h for j, t in enumerate(a.hexes) if (h := hex_at(t, f"{path}.hexes[{j}]")) is not None]
            areas[a.id] = Area(a.id, a.name, anchor or Hex(0, 0), tuple(members), tuple(a.links), dict(a.attrs),
                               terrain.get(anchor, "") if anchor else "", None, labels.label(anchor) if anchor else "")
        if b.kind == "area" and not areas:
            problems.append(("board.area", "an area map needs at least one area"))
    else:  # an area map with no hex grid: square sectors or boxes at positions
        builder = AreaMapBuilder(b, known, ruleset.terrain, problems)
        builder.no_hex_fields()
        if b.grid is not None:
            areas = builder.sectors()
            sectors = (b.grid.rows, b.grid.cols)
        else:
            areas = builder.boxes()
        terrain = builder.grid_terrain(areas)
        labels = builder.labels
        width, height = (b.refs.width, b.refs.height) if b.refs is not None else (0, 0)
        offset = b.refs.offset if b.refs is not None else "odd-r"
    check_links(areas, b.area, problems)
    displays = build_displays(b.display, meta.sides, problems)

    named = {**ruleset.terrain, **ruleset.hexside_features, **ruleset.features}
    board = Board(b.kind, width if older or b.refs else 0, height if older or b.refs else 0, offset, labels,
                  terrain, hexsides, regions, areas=areas, background=b.background,
                  styles={k: t.style or k for k, t in named.items()}, titles={k: t.title for k, t in named.items()},
                  displays=displays, sectors=sectors)

    units: list[Unit] = []
    unit_paths: list[str] = []
    seen_ids: set[str] = set()
    counts: dict[str, int] = {}
    # units without an id are numbered by side: A1, A2... (three letters when two sides share an initial)
    initials = [side[:1].upper() for side in meta.sides]
    prefixes = {side: side[:1].upper() if initials.count(side[:1].upper()) == 1 else side[:3]
                for side in meta.sides}
    for i, u in enumerate(model.unit):
        path = f"unit[{i}]"
        if u.side not in meta.sides:
            problems.append((f"{path}.side", f"{u.side!r} is not one of the sides {meta.sides}"))
        if not known("unit type", u.type, ruleset.unit_types, f"{path}.type"):
            continue
        utype = ruleset.unit_types[u.type]
        at: Location = None
        if isinstance(u.at, dict):
            at = typed_place(u.at, displays, f"{path}.at", problems)
        elif u.at is not None:
            if b.kind == "area" and u.at in areas:
                at = u.at
            elif b.kind == "area":
                problems.append((f"{path}.at", f"no area {u.at!r} on this map (areas: {', '.join(areas)})"))
            else:
                at = hex_at(u.at, f"{path}.at")
        max_strength = u.max_strength or utype.max_strength
        if max_strength is None:
            problems.append((f"{path}.max_strength", f"a {utype.title} needs its max_strength in this scenario"))
            max_strength = 1
        strength = max_strength if u.strength is None else u.strength
        if not 1 <= strength <= max_strength:
            problems.append((f"{path}.strength", f"must be between 1 and {max_strength}, got {strength}"))
        n = counts[u.side] = counts.get(u.side, 0) + 1
        uid = u.id or f"{prefixes.get(u.side, u.side[:1])}{n}"
        if uid in seen_ids:
            problems.append((f"{path}.id", f"unit id {uid!r} is used twice"))
        seen_ids.add(uid)
        units.append(Unit(uid, u.side, u.type, at, strength, max_strength, dict(u.attrs)))
        unit_paths.append(path)
    check_carriers(units, unit_paths, problems)

    try:
        options = ruleset.options_model.model_validate(model.rules)
    except ValidationError as exc:
        problems.extend(_problems_from(exc, "rules"))
        options = None

    if problems:
        raise scenario_error(name, problems)
    scenario = Scenario(scenario_id, name, source, meta, board, units, ruleset, options, features, file_path)
    extra = ruleset(board, options, meta.sides, meta.first).validate_scenario(scenario)
    if extra:
        raise scenario_error(name, extra)
    return scenario


def _too_big(model: ScenarioFile) -> list[tuple[str, str]]:
    """A board or an army bigger than the engine plays at a reasonable speed (:data:`MAX_HEXES`,
    :data:`MAX_UNITS`)."""
    b, problems = model.board, []
    grids = [("board", b.width, b.height, "hexes")]
    if b.refs is not None:
        grids.append(("board.refs", b.refs.width, b.refs.height, "cells"))
    if b.grid is not None:
        grids.append(("board.grid", b.grid.cols, b.grid.rows, "sectors"))
    for path, w, h, what in grids:
        if w is not None and h is not None and w * h > MAX_HEXES:
            problems.append((path, f"{w}x{h} is {w * h:,} {what}: hexlab plays boards of at most {MAX_HEXES:,} "
                                   f"(a 50x50 map)"))
    if len(b.area) > MAX_HEXES:
        problems.append(("board.area", f"{len(b.area):,} areas: hexlab plays boards of at most {MAX_HEXES:,}"))
    if len(model.unit) > MAX_UNITS:
        problems.append(("unit", f"{len(model.unit):,} units: a scenario may place at most {MAX_UNITS:,}"))
    return problems


def read_text(text: str | bytes, scenario_id: str, name: str | None = None, path: Path | None = None
              ) -> Scenario:
    name = name or scenario_id
    model = parse_text(text, name)
    source = text.decode("utf-8").lstrip("\ufeff") if isinstance(text, bytes) else text
    return build(model, scenario_id, name, source, path)


def resolve(id_or_path: str | os.PathLike[str]) -> tuple[str, Path]:
    """Find a scenario by id (``ruleset/name``) or by path; ``ScenarioError`` if there is none."""
    text = os.fspath(id_or_path)
    path = Path(text)
    if text.endswith(".toml") or (path.exists() and not path.is_dir()):
        if not path.exists():
            raise scenario_error(text, [("", "no such file")])
        sid = f"{path.parent.name}/{path.stem}"
        return sid, path
    parts = text.split("/")
    if len(parts) == 2 and all(p and p.replace("_", "").replace("-", "").isalnum() for p in parts):
        for folder in SCENARIO_DIRS:
            candidate = folder / parts[0] / f"{parts[1]}.toml"
            if candidate.is_file():
                return text, candidate
    known = ", ".join(s["id"] for s in scenarios()) or "none"
    raise scenario_error(text, [("", f"no scenario with this id or path (known ids: {known})")])


def read(id_or_path: str | os.PathLike[str]) -> Scenario:
    """Validate a scenario (by id or path) without starting a game."""
    sid, path = resolve(id_or_path)
    return read_text(read_file(path), sid, str(path), path)


def read_file(path: Path) -> bytes:
    """A scenario file's bytes: a regular file of at most :data:`MAX_FILE_BYTES` (never a device or a pipe,
    never read without limit: :func:`hexlab.guard.read_capped`)."""
    try:
        return read_capped(path, MAX_FILE_BYTES)
    except Refused as exc:
        raise scenario_error(str(path), [("", exc.problem)]) from None


def load(id_or_path: str | os.PathLike[str], seed: int | None = None) -> Game:
    """Load a scenario by id (``memoir44/tenaru``) or path and start a game with ``seed``."""
    return read(id_or_path).new_game(seed)


def load_text(text: str, scenario_id: str, seed: int | None = None, name: str | None = None) -> Game:
    return read_text(text, scenario_id, name).new_game(seed)


def scenarios() -> list[dict[str, Any]]:
    """Every scenario in the scenario folders: ``id``, ``ruleset``, ``title`` (and more).

    A file that fails to load is listed with an ``error`` instead of stopping the listing."""
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    for folder in SCENARIO_DIRS:
        if not folder.is_dir():
            continue
        for path in sorted(folder.glob("*/*.toml")):
            sid = f"{path.parent.name}/{path.stem}"
            if sid in seen:
                continue
            seen.add(sid)
            try:
                out.append(read_text(read_file(path), sid, str(path), path).info())
            except ScenarioError as exc:
                out.append({"id": sid, "ruleset": path.parent.name, "title": "", "error": str(exc),
                            "path": str(path)})
    return out
