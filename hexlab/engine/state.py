"""The game's state: the board (fixed for a game) and the ``GameState`` (everything that changes).

``GameState`` is plain data that serializes to JSON and back exactly; the ruleset's functions read and
change it, the engine snapshots it for undo. The seeded generator's state is one of its fields, so
undoing an action rewinds the dice (as in boardgame.io).

Locations (``Location``): on a hex map a unit stands on a ``Hex``; on an area map (Cactus Air Force's boxes,
War at Sea's sectors) it stands in an area, named by the area's id; a unit carried by another (troops aboard
a transport) is ``Aboard(carrier)``, located by reference, so it goes wherever its carrier goes
(:meth:`GameState.place_of` says where that is); a unit in an off-map display (Cartwheel's airbase: Ready,
Flown, Disrupted) is ``DisplayBox(display, box)``, the board declaring its displays; ``None`` means off the
map (held aside, eliminated).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar

from ..hexes import Hex, Hexside, LabelScheme, Layout, hex_neighbors
from .codec import clone_value, decode_dataclass, encode_value
from .seats import face_down

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Aboard:
    """Where a carried unit is: aboard the unit ``carrier`` (troops on a transport). It is located by
    reference, so it moves with its carrier at no cost; :meth:`GameState.place_of` gives the place it is
    really in, :meth:`GameState.aboard` the units a carrier holds. How many fit is the ruleset's rule
    (:meth:`GameState.load` counts)."""

    carrier: str

    def __str__(self) -> str:
        return f"aboard {self.carrier}"


@dataclass(frozen=True, slots=True)
class DisplayBox:
    """Where a unit off the map stands in a display beside it: the box ``box`` of the board's display
    ``display`` (Cartwheel's Rabaul airbase, its Ready box): see :class:`Display`."""

    display: str
    box: str

    def __str__(self) -> str:
        return f"{self.display}/{self.box}"


Location = Hex | str | Aboard | DisplayBox | None
BoardKind = Literal["hex", "area"]


# ----------------------------------------------------------------------------------- JSON-ready data


def encode(value: Any) -> Any:
    """Turn state values into JSON-ready data: hexes, hexsides and the typed locations become small tagged
    objects (``{"hex": [q, r]}``, ``{"aboard": "T1"}``, ``{"display": ["rabaul", "Ready"]}``)."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, Hex):
        return {"hex": [value.q, value.r]}
    if isinstance(value, Hexside):
        return {"hexside": [[value.a.q, value.a.r], [value.b.q, value.b.r]]}
    if isinstance(value, Aboard):
        return {"aboard": value.carrier}
    if isinstance(value, DisplayBox):
        return {"display": [value.display, value.box]}
    if isinstance(value, dict):
        return {str(k): encode(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [encode(v) for v in value]
    if isinstance(value, float):
        return value
    raise TypeError(f"cannot store a {type(value).__name__} in a game state: {value!r}")


def decode(data: Any) -> Any:
    """Inverse of :func:`encode`."""
    if isinstance(data, dict):
        if len(data) == 1:
            if "hex" in data:
                q, r = data["hex"]
                return Hex(int(q), int(r))
            if "hexside" in data:
                (aq, ar), (bq, br) = data["hexside"]
                return Hexside.between(Hex(int(aq), int(ar)), Hex(int(bq), int(br)))
            if "aboard" in data and isinstance(data["aboard"], str):
                return Aboard(data["aboard"])
            if "display" in data and isinstance(data["display"], list) and len(data["display"]) == 2:
                display, box = data["display"]
                return DisplayBox(str(display), str(box))
        return {k: decode(v) for k, v in data.items()}
    if isinstance(data, list):
        return [decode(v) for v in data]
    return data


def clone(value: Any) -> Any:
    """A deep copy of state data (dicts, lists, units, immutable leaves), much faster than deepcopy."""
    if isinstance(value, dict):
        return {k: clone(v) for k, v in value.items()}
    if isinstance(value, list):
        return [clone(v) for v in value]
    if isinstance(value, Unit):
        return value.copy()
    return value  # ints, strs, Hex, Hexside, None, tuples of immutables


# ------------------------------------------------------------------------------------------- board


@dataclass(frozen=True, slots=True)
class Area:
    """A box or sector of an area map: units in it are ``at`` its id.

    An area map needs no hex grid: each area has its own ``terrain`` and a position ``at`` (column, row) in
    a simple grid where one step is one box, or is a square sector of a grid (``Board.sectors``). ``ref`` is
    the area's reference in the source's notation, printed in its title (Cactus' ``7/13``, a sector's
    ``B3``); ``anchor`` is the cell of that reference on the board's reference grid, for a ruleset that
    counts distances in the source's grid (Cactus' air cover), and for maps in the older form, whose areas
    were anchored on hexes."""

    id: str
    name: str
    anchor: Hex | None = None
    """The area's cell on the board's hex grid, if the board has one (Cactus' 7/13 grid reference)."""
    hexes: tuple[Hex, ...] = ()
    links: tuple[str, ...] = ()
    """Areas reachable from this one (over land, or however the ruleset reads a link); always both ways:
    the scenario loader refuses a link that is not declared back."""
    attrs: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    terrain: str = ""
    """The area's own terrain (its colour on the map, and whatever the ruleset makes of it)."""
    at: tuple[float, float] | None = None
    """Where the area is drawn: (column, row) in a grid whose step is one box; ``None`` on an older map,
    drawn in the order of its anchors."""
    ref: str = ""
    """The area's reference in the source's notation (``7/13``, ``B3``), printed with its name; empty if
    it has none."""

    @property
    def title(self) -> str:
        """The area's name with its reference, as the map prints it ("Guadalcanal 7/13", "B3")."""
        if not self.ref or self.ref == self.name:
            return self.name
        return f"{self.name} {self.ref}"


@dataclass(frozen=True, slots=True)
class Display:
    """An off-map display: a sheet beside the map with named boxes that hold units (Operation Cartwheel's
    airbase display with its Ready, Flown and Disrupted boxes). A unit in one is at ``DisplayBox(id, box)``.
    ``side`` is the side it belongs to (``None``: everyone's); what another side may see of it is the
    ruleset's view (its ``sees``/``hide`` hooks), the drawing only shows the state it is given."""

    id: str
    name: str
    boxes: tuple[str, ...]
    side: str | None = None

    def box(self, name: str) -> DisplayBox:
        """The place ``name`` in this display; ``KeyError`` if it has no such box."""
        if name not in self.boxes:
            raise KeyError(f"{self.name} has no box {name!r} (boxes: {', '.join(self.boxes)})")
        return DisplayBox(self.id, name)


SECTOR_ROWS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def sector_label(row: int, col: int) -> str:
    """A square sector's label: the row's letter (``A`` the top row) and the column's number (``1`` the
    left column), as War at Sea writes them: row 1, column 2 (counting from 0) is ``B3``."""
    return f"{SECTOR_ROWS[row]}{col + 1}"


def parse_sector(text: str) -> tuple[int, int]:
    """``"B3"`` -> ``(1, 2)``: (row, column) counting from 0; ``ValueError`` if it is not a sector label."""
    found = _SECTORS.get(text)
    if found is None:
        found = _parse_sector(text)
        if len(_SECTORS) < 4096:  # a map has a few dozen sectors: remember them (distances ask all the time)
            _SECTORS[text] = found
    return found


_SECTORS: dict[str, tuple[int, int]] = {}


def _parse_sector(text: str) -> tuple[int, int]:
    t = text.strip().upper()
    if len(t) < 2 or t[0] not in SECTOR_ROWS or not t[1:].isdigit() or int(t[1:]) < 1:
        raise ValueError(f"{text!r} is not a sector label (a row letter and a column number, such as B3)")
    return SECTOR_ROWS.index(t[0]), int(t[1:]) - 1


@dataclass(frozen=True)
class Board:
    """What a scenario fixes for the whole game: the map's hexes, terrain, hexsides, regions, areas."""

    kind: BoardKind
    width: int
    height: int
    offset: str
    labels: LabelScheme
    terrain: dict[Hex, str]
    hexsides: dict[Hexside, str] = field(default_factory=dict)
    regions: dict[str, frozenset[Hex]] = field(default_factory=dict)
    areas: dict[str, Area] = field(default_factory=dict)
    background: str = ""
    """Terrain name drawn where the map has no hexes (sea around islands); only decoration."""
    styles: dict[str, str] = field(default_factory=dict)
    """Terrain, hexside and feature names -> the style keys of :mod:`hexlab.style` they are drawn with."""
    titles: dict[str, str] = field(default_factory=dict)
    """Terrain, hexside and feature names -> their titles in words ("Steep hill")."""
    displays: dict[str, Display] = field(default_factory=dict)
    """Off-map displays beside the map, by id (Cartwheel's airbases)."""
    sectors: tuple[int, int] | None = None
    """On an area map of square sectors, its (rows, columns); each sector is an area named by its label."""
    _edges: dict[tuple[Hex, Hex], str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        edges = {}
        for side, feature in self.hexsides.items():
            edges[(side.a, side.b)] = feature
            edges[(side.b, side.a)] = feature
        object.__setattr__(self, "_edges", edges)

    @classmethod
    def rect(cls, width: int, height: int, offset: str = "odd-r", labels: str = "colrow", label_base: int = 0,
             terrain: dict[Hex, str] | None = None, default: str = "clear",
             hexsides: dict[Hexside, str] | None = None) -> Board:
        """A plain rectangular board (for explorations and drills that need no scenario)."""
        from ..hexes import label_scheme, offset_rect

        cells = dict.fromkeys(offset_rect(width, height, offset), default)
        for h, name in (terrain or {}).items():
            if h in cells:
                cells[h] = name
        return cls("hex", width, height, offset, label_scheme(labels, offset=offset, base=label_base), cells,
                   dict(hexsides or {}))

    @classmethod
    def area_map(cls, areas: list[Area] | dict[str, Area], *, background: str = "",
                 displays: list[Display] | dict[str, Display] | None = None, sectors: tuple[int, int] | None = None,
                 styles: dict[str, str] | None = None, titles: dict[str, str] | None = None) -> Board:
        """An area map with no hex grid: its areas (boxes at positions, or the sectors of a grid of
        ``sectors = (rows, columns)``), the terrain drawn around them and its off-map displays."""
        from ..hexes import label_scheme

        areas = areas if isinstance(areas, dict) else {a.id: a for a in areas}
        displays = displays if isinstance(displays, dict) else {d.id: d for d in displays or ()}
        return cls("area", 0, 0, "odd-r", label_scheme("colrow"), {}, areas=dict(areas), background=background,
                   styles=dict(styles or {}), titles=dict(titles or {}), displays=dict(displays), sectors=sectors)

    @property
    def orientation(self) -> Literal["pointy", "flat"]:
        return "pointy" if self.offset.endswith("-r") else "flat"

    def layout(self, size: float = 30.0, margin: float = 4.0) -> Layout:
        """A pixel layout for this board, with the map's top-left corner near ``(margin, margin)``."""
        from ..hexes import bounds

        base = Layout.pointy(size) if self.orientation == "pointy" else Layout.flat(size)
        if not self.terrain:  # an area map with no hex grid
            return Layout(base.orientation, base.size, type(base.origin)(margin, margin))
        x0, y0, _, _ = bounds(base, list(self.terrain))
        return Layout(base.orientation, base.size, type(base.origin)(margin - x0, margin - y0))

    # hexes ------------------------------------------------------------------------------------
    def __contains__(self, h: object) -> bool:
        return h in self.terrain

    def on_map(self, h: Hex) -> bool:
        return h in self.terrain

    def neighbors(self, h: Hex) -> list[Hex]:
        return [n for n in hex_neighbors(h) if n in self.terrain]

    def hexside(self, a: Hex, b: Hex) -> str | None:
        """The feature on the edge between two neighbouring hexes (a wall, a hedge, a river), if any."""
        return self._edges.get((a, b))

    def label(self, where: Location) -> str:
        """A place in the ruleset's own notation: a hex (``4,5``; ``0712``; ``7/13``), an area's name, a
        carried unit's "aboard T1", a display's box "Ready (Rabaul airbase)"."""
        if where is None:
            return "off map"
        if isinstance(where, str):
            area = self.areas.get(where)
            return area.name if area else where
        if isinstance(where, Aboard):
            return str(where)
        if isinstance(where, DisplayBox):
            display = self.displays.get(where.display)
            return f"{where.box} ({display.name if display else where.display})"
        return self.labels.label(where)

    def parse(self, text: str) -> Hex:
        """A label back to a hex on this map; ``ValueError`` if malformed or off the map."""
        if not self.terrain:
            raise ValueError(f"this map has no hexes to find {text!r} on: its places are its areas "
                             f"({', '.join(self.areas)})")
        h = self.labels.parse(text)
        if h not in self.terrain:
            raise ValueError(f"hex {text!r} is off the map ({self.width}x{self.height})")
        return h

    def sector(self, row: int, col: int) -> str | None:
        """On a map of square sectors, the id of the sector at (row, column) counting from 0, if on the map."""
        if self.sectors is None or not (0 <= row < self.sectors[0] and 0 <= col < self.sectors[1]):
            return None
        return sector_label(row, col)

    def _repr_svg_(self) -> str:
        from ..render import scene, to_svg

        return to_svg(scene(self))

    def area_of(self, h: Hex) -> str | None:
        """The area anchored on (or covering) a hex of the board's grid, if any."""
        for area in self.areas.values():
            if (area.anchor is not None and h == area.anchor) or h in area.hexes:
                return area.id
        return None


# ------------------------------------------------------------------------------------------- units


@dataclass(slots=True)
class Unit:
    """One counter or block of figures.

    ``strength`` counts what the ruleset counts (figures, steps, STR); ``max_strength`` is its full
    value. ``attrs`` holds the JSON-ready facts a scenario writes on the unit (``attrs = { badge = ... }``),
    which a ruleset reads into its typed state or its own tables at ``setup``, and the facts a ruleset still
    keeps here by name (``hidden``: the enemy does not see it, read through ``Ruleset.is_hidden``).
    """

    id: str
    side: str
    kind: str
    at: Location
    strength: int
    max_strength: int
    attrs: dict[str, Any] = field(default_factory=dict)

    def copy(self) -> Unit:
        return Unit(self.id, self.side, self.kind, self.at, self.strength, self.max_strength,
                    clone(self.attrs))

    @property
    def alive(self) -> bool:
        return self.strength > 0

    def to_data(self) -> dict[str, Any]:
        return {
            "id": self.id, "side": self.side, "kind": self.kind, "at": encode(self.at),
            "strength": self.strength, "max_strength": self.max_strength, "attrs": encode(self.attrs),
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Unit:
        return cls(data["id"], data["side"], data["kind"], decode(data["at"]), int(data["strength"]),
                   int(data["max_strength"]), decode(data["attrs"]))


# ------------------------------------------------------------------------------------------- state


def _pile(cards: list[str]) -> list[str] | int:
    """A hand or a deck as data: its cards, or, when every card is face down (a seat's view of another
    side's hand, a deck's order: :mod:`hexlab.engine.seats`), only how many there are."""
    return len(cards) if face_down(cards) else list(cards)


@dataclass(slots=True)
class GameState:
    """Everything that changes during a game, JSON-ready.

    ``position`` is the current ``"phase.step"`` of the ruleset's sequence of play; ``active`` the side
    whose turn it is; ``rng`` the seeded generator's whole state. ``hands`` hold each side's cards and
    ``decks`` named piles (draw and discard piles). ``features`` are per-hex things that can change in
    play (wire that can be cleared, a captured flag). ``rules_state`` is the ruleset's own typed state
    (its ``state_type`` dataclass: the battle in progress, the activation, the current hour), saved by
    the codec of :mod:`hexlab.engine.codec`.
    """

    ruleset: str
    sides: list[str]
    active: str
    position: str
    rng: int
    turn: int = 1
    units: dict[str, Unit] = field(default_factory=dict)
    score: dict[str, int] = field(default_factory=dict)
    hands: dict[str, list[str]] = field(default_factory=dict)
    decks: dict[str, list[str]] = field(default_factory=dict)
    features: dict[Hex, list[str]] = field(default_factory=dict)
    result: dict[str, Any] | None = None
    rules_state: Any = None
    memo: dict[Any, Any] | None = field(default=None, compare=False, repr=False)
    """While the legal actions are listed, or another question is answered (:meth:`standing`), and the state cannot
    change, a scratch memory for work every candidate's check would repeat (a unit's reachable hexes): see
    :meth:`cached`. Dropped when the listing or the question ends; never copied (a copy or a seat's view starts
    without it) or saved."""

    def cached(self, key: Any, compute: Any) -> Any:
        """``compute()``, remembered under ``key`` while the legal actions are being listed (or a :meth:`standing`
        question answered); computed afresh at any other time (when the state may be changing). Treat what it
        returns as shared: don't change it."""
        if self.memo is None:
            return compute()
        if key not in self.memo:
            self.memo[key] = compute()
        return self.memo[key]

    def standing(self, query: Callable[..., T], *args: Any) -> T:
        """``query(*args)``, a question that does not change the state, with :meth:`cached` remembering while
        it runs (as while the legal actions are listed); what it remembered is dropped when it returns."""
        if self.memo is not None:
            return query(*args)
        self.memo = {}
        try:
            return query(*args)
        finally:
            self.memo = None

    # ---------------------------------------------------------------------------- copy and JSON
    def copy(self) -> GameState:
        return GameState(
            self.ruleset, list(self.sides), self.active, self.position, self.rng, self.turn,
            {k: u.copy() for k, u in self.units.items()}, dict(self.score),
            {k: list(v) for k, v in self.hands.items()}, {k: list(v) for k, v in self.decks.items()},
            {k: list(v) for k, v in self.features.items()}, clone(self.result), clone_value(self.rules_state),
        )

    def to_data(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset, "sides": list(self.sides), "active": self.active,
            "position": self.position, "rng": self.rng, "turn": self.turn,
            "units": [u.to_data() for u in self.units.values()],
            "score": dict(self.score), "hands": {k: _pile(v) for k, v in self.hands.items()},
            "decks": {k: _pile(v) for k, v in self.decks.items()},
            "features": [[h.q, h.r, list(v)] for h, v in self.features.items()],
            "result": encode(self.result),
            "rules": encode_value(self.rules_state),
        }

    @classmethod
    def from_data(cls, data: dict[str, Any], state_type: type | None = None, where: str = "state") -> GameState:
        """Inverse of :meth:`to_data`; ``state_type`` is the ruleset's typed state class."""
        rules = data.get("rules")
        if state_type is not None and rules is not None:
            rules = decode_dataclass(state_type, rules, f"{where}.rules")
        return cls(
            ruleset=data["ruleset"], sides=list(data["sides"]), active=data["active"],
            position=data["position"], rng=int(data["rng"]), turn=int(data["turn"]),
            units={u["id"]: Unit.from_data(u) for u in data["units"]},
            score={k: int(v) for k, v in data["score"].items()},
            hands={k: list(v) for k, v in data["hands"].items()},
            decks={k: list(v) for k, v in data["decks"].items()},
            features={Hex(int(q), int(r)): list(v) for q, r, v in data["features"]},
            result=decode(data["result"]), rules_state=rules,
        )

    # ---------------------------------------------------------------------------- queries
    @property
    def phase_id(self) -> str:
        return self.position.split(".", 1)[0]

    def other(self, side: str) -> str:
        """The opposing side (two-sided games)."""
        for s in self.sides:
            if s != side:
                return s
        raise ValueError(f"no side other than {side!r}")

    def units_of(self, side: str) -> list[Unit]:
        return [u for u in self.units.values() if u.side == side and u.alive]

    def units_at(self, where: Location) -> list[Unit]:
        return [u for u in self.units.values() if u.at == where and u.alive]

    def unit_at(self, where: Location) -> Unit | None:
        for u in self.units.values():
            if u.at == where and u.alive:
                return u
        return None

    def occupancy(self) -> dict[Location, list[Unit]]:
        """The living units by their own ``at`` (a carried unit under its ``Aboard``, not its carrier's
        place: :meth:`units_in` counts those in)."""
        out: dict[Location, list[Unit]] = {}
        for u in self.units.values():
            if u.alive and u.at is not None:
                out.setdefault(u.at, []).append(u)
        return out

    # ---------------------------------------------------------------------------- carried units
    def place_of(self, unit: Unit | str) -> Location:
        """Where a unit really is: its own ``at``, or for a unit aboard another its carrier's place (through
        carriers aboard carriers). ``None`` if the chain of carriers is broken (a carrier that does not
        exist) or goes round in a loop. A carrier that was eliminated still has a place (where it was)."""
        u = self.units.get(unit) if isinstance(unit, str) else unit
        seen: set[str] = set()
        while u is not None and isinstance(u.at, Aboard):
            if u.id in seen:
                return None
            seen.add(u.id)
            u = self.units.get(u.at.carrier)
        return None if u is None else u.at

    def aboard(self, carrier: str) -> list[Unit]:
        """The living units aboard the unit ``carrier`` (directly), in the order of the units."""
        return [u for u in self.units.values() if u.alive and isinstance(u.at, Aboard) and u.at.carrier == carrier]

    def load(self, carrier: str, weigh: Callable[[Unit], int] | None = None) -> int:
        """How much is aboard ``carrier``: ``weigh(unit)`` summed over the living units aboard it (by default
        each counts 1). Capacity is a rule: the ruleset compares this with what the carrier may hold (War at
        Sea's Landing 5 and Landing 10 transports); the engine only counts."""
        return sum(weigh(u) if weigh is not None else 1 for u in self.aboard(carrier))

    def units_in(self, where: Location) -> list[Unit]:
        """Every living unit whose place (:meth:`place_of`) is ``where``, the units carried there included."""
        return [u for u in self.units.values() if u.alive and self.place_of(u) == where]

