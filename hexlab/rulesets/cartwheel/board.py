"""Operation Cartwheel's map and airbase rules: hexes and ranges, who is based where, hosting capacity
(oc.air.hosting.*), AA factors (oc.air.airbase_target.*) and where a unit may land."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import GameState
from ...engine.state import DisplayBox, Unit
from ...hexes import Hex, hex_distance, hex_neighbors
from .data import (
    AA,
    AA_DISRUPTED,
    BOMBER,
    BOXES,
    CAPACITY_DEFAULT,
    CONSTRUCTION,
    DISRUPTED,
    FIGHTER,
    FLOWN,
    FLOWN_D,
    GROUND_TYPES,
    MAJOR,
    MINOR,
    MOBILE,
    MOBILE_MIXED,
    MOBILE_SAME_TYPE,
    NAVAL,
    OFFBOARD,
    READY,
    READY_D,
    RECON,
    WORKING,
)

if TYPE_CHECKING:
    from .rules import Cartwheel

OUT_OF_PLAY = "edge"
"""The unnumbered edge hexes' terrain (oc.components.map.fractional_hexes_unplayable)."""


class _Tables:
    """What never changes on a game's map, worked out once per ruleset object and reused: the hex each label
    names and back, each hex's terrain, whether it is coastal, and its neighbours in play. The listing of
    legal actions asks these thousands of times a decision (a fleet's reach, a strike's range). Two answers that hang
    on the map and little else are kept here too: ``voyages``, where a naval mission from each hex may end
    (``operations.voyages``), and ``supply``, the hexes a side's supply reaches for each set of hexes held by enemy
    ground units (``closing.trace``)."""

    __slots__ = ("coastal", "distances", "hexes", "labels", "neighbours", "supply", "terrain", "voyages")

    def __init__(self) -> None:
        self.hexes: dict[str, Hex] = {}
        self.labels: dict[Hex, str] = {}
        self.terrain: dict[str, str] = {}
        self.coastal: dict[str, bool] = {}
        self.neighbours: dict[str, tuple[str, ...]] = {}
        self.distances: dict[tuple[str, str], int] = {}
        self.voyages: dict[str, tuple[str, ...]] = {}
        self.supply: dict[tuple[str, frozenset[str]], tuple[str, ...]] = {}


def tables(rules: Cartwheel) -> _Tables:
    try:
        return rules._tables  # type: ignore[no-any-return]
    except AttributeError:
        rules._tables = _Tables()  # type: ignore[attr-defined]
        return rules._tables  # type: ignore[no-any-return]


def hx(rules: Cartwheel, label: str) -> Hex:
    hexes = tables(rules).hexes
    h = hexes.get(label) if isinstance(label, str) else None
    if h is None:
        h = rules.board.labels.parse(label)  # a malformed label raises here, every time (never remembered)
        hexes[label] = h
    return h


def label(rules: Cartwheel, h: Hex) -> str:
    labels = tables(rules).labels
    text = labels.get(h)
    if text is None:
        text = labels[h] = rules.board.labels.label(h)
    return text


def in_play(rules: Cartwheel, h: Hex) -> bool:
    t = rules.board.terrain.get(h)
    return t is not None and t != OUT_OF_PLAY


def terrain(rules: Cartwheel, label_: str) -> str:
    known = tables(rules).terrain
    t = known.get(label_)
    if t is None:
        t = known[label_] = rules.board.terrain.get(hx(rules, label_), OUT_OF_PLAY)
    return t


def is_land(rules: Cartwheel, label_: str) -> bool:
    return terrain(rules, label_) in ("jungle", "mountain", "clear")


def coastal(rules: Cartwheel, label_: str) -> bool:
    known = tables(rules).coastal
    c = known.get(label_)
    if c is None:
        c = known[label_] = is_land(rules, label_) and any(rules.board.terrain.get(n) == "sea"
                                                           for n in hex_neighbors(hx(rules, label_)))
    return c


def distance(rules: Cartwheel, a: str, b: str) -> int:
    known = tables(rules).distances
    d = known.get((a, b))
    if d is None:  # a malformed label raises in hx, every time (never remembered)
        d = hex_distance(hx(rules, a), hx(rules, b))
        if len(known) < 1 << 16:
            known[(a, b)] = d
    return d


def neighbours(rules: Cartwheel, label_: str) -> tuple[str, ...]:
    """The hexes in play next to ``label_``."""
    known = tables(rules).neighbours
    ns = known.get(label_)
    if ns is None:
        ns = known[label_] = tuple(label(rules, n) for n in hex_neighbors(hx(rules, label_)) if in_play(rules, n))
    return ns


def is_air(u: Unit) -> bool:
    return u.kind in (FIGHTER, BOMBER, RECON, "transport")


def is_combat_air(u: Unit) -> bool:
    """oc.air.concept.aerial_combat_units: every aerial unit but C-47s and recon units."""
    return u.kind in (FIGHTER, BOMBER)


def is_ground(u: Unit) -> bool:
    return u.kind in GROUND_TYPES


def is_naval(u: Unit) -> bool:
    return u.kind == NAVAL


def on_map(u: Unit) -> bool:
    """Standing in a hex of the map (not on a display, not aboard, not gone)."""
    return u.alive and isinstance(u.at, Hex)


def cargo(state: GameState, ship: Unit) -> int:
    """Steps aboard a naval unit (oc.components.naval.cargo_capacity: supply or combat steps; only combat steps here)."""
    return sum(u.strength for u in state.aboard(ship.id))


def base_of(u: Unit) -> str | None:
    return u.at.display if isinstance(u.at, DisplayBox) else None


def disrupted(u: Unit) -> bool:
    return isinstance(u.at, DisplayBox) and u.at.box in (READY_D, FLOWN_D)


def flown(u: Unit) -> bool:
    return isinstance(u.at, DisplayBox) and u.at.box in (FLOWN, FLOWN_D)


def box(disrupted_: bool, flown_: bool) -> str:
    return (FLOWN_D if disrupted_ else FLOWN) if flown_ else (READY_D if disrupted_ else READY)


def based(state: GameState, display: str) -> list[Unit]:
    """The living units based at airbase ``display``, in the order of the units (a new list)."""
    if state.memo is None:  # (base_of, inline: this is asked for every airbase at many steps)
        return [u for u in state.units.values()
                if isinstance(u.at, DisplayBox) and u.at.display == display and u.alive]
    return list(by_base(state).get(display, ()))


def by_base(state: GameState) -> dict[str, list[Unit]]:
    """Every airbase display with living units based at it -> those units, in the order of the units (remembered while
    the legal actions are listed; don't change what it returns)."""
    return state.cached("cartwheel.based", lambda: _by_base(state))  # type: ignore[no-any-return]


def _by_base(state: GameState) -> dict[str, list[Unit]]:
    out: dict[str, list[Unit]] = {}
    for u in state.units.values():
        if u.alive and isinstance(u.at, DisplayBox):
            out.setdefault(u.at.display, []).append(u)
    return out


def base_hex(rules: Cartwheel, state: GameState, display: str) -> str | None:
    return rules.mine(state).bases[display].hex


def hosts(rules: Cartwheel, state: GameState, display: str) -> bool:
    """Whether an airbase may host units now: built, working or disrupted (a destroyed one may not:
    oc.air.airbase_destruction.no_basing_until_repaired; one under construction not before its flip:
    oc.air.mobile.flip_in_regroup_phase)."""
    return rules.mine(state).bases[display].status in (WORKING, DISRUPTED)


def slot(rules: Cartwheel, state: GameState, display: str, u: Unit) -> str | None:
    """The capacity slot a unit takes: ``fighter``/``bomber``, or ``None`` for none (a recon at a major airbase:
    oc.air.recon.basing_free_at_major)."""
    b = rules.mine(state).bases[display]
    if u.kind == RECON:
        if b.kind in (MAJOR, OFFBOARD):
            return None
        return b.counts_as.get(u.id, FIGHTER)
    return FIGHTER if u.kind == FIGHTER else BOMBER


def capacity(rules: Cartwheel, display: str) -> int | None:
    spec = rules.options.airbases[display]
    if spec.kind == OFFBOARD:
        return None  # oc.air.hosting.offboard_unlimited
    if spec.kind == MOBILE:
        return MOBILE_SAME_TYPE
    return spec.capacity if spec.capacity is not None else CAPACITY_DEFAULT[spec.kind]


def over_capacity(rules: Cartwheel, state: GameState, display: str, extra: Unit | None = None) -> bool:
    """oc.air.hosting.*: a mobile base hosts 3 of one type or 2 mixed; an off-board base any number; others their
    printed capacity."""
    if extra is None:
        return state.cached(("cartwheel.over_capacity", display), lambda: _over_capacity(rules, state, display, None))
    return _over_capacity(rules, state, display, extra)


def _over_capacity(rules: Cartwheel, state: GameState, display: str, extra: Unit | None) -> bool:
    spec = rules.options.airbases[display]
    units = based(state, display)
    if extra is not None and extra.id not in {u.id for u in units}:
        units.append(extra)
    slots = [s for u in units if (s := slot(rules, state, display, u)) is not None]
    if spec.kind == OFFBOARD:
        return False
    if spec.kind == MOBILE:
        limit = MOBILE_SAME_TYPE if len(set(slots)) <= 1 else MOBILE_MIXED
        return len(slots) > limit
    cap = capacity(rules, display)
    return cap is not None and len(slots) > cap


def may_base(rules: Cartwheel, state: GameState, display: str, u: Unit) -> str | None:
    """Why ``u`` may not be based at ``display`` (a clause), or ``None``: the nationality limits, heavy bombers, the
    Rufe, a base that hosts nothing now, and room."""
    mine = rules.mine(state)
    b = mine.bases[display]
    spec = rules.options.airbases[display]
    stats = mine.air.get(u.id)
    if b.side != u.side or not hosts(rules, state, display):
        return "oc.air.airbase_destruction.no_basing_until_repaired"
    if spec.kind == OFFBOARD and spec.services and stats is not None and stats.service not in spec.services:
        return ("oc.air.hosting.australia_usaaf_raaf" if "RAAF" in spec.services
                else "oc.air.hosting.south_pacific_usn_usaaf")
    if stats is not None and stats.heavy and spec.kind != OFFBOARD and display != rules.moresby:
        return "oc.air.hosting.heavy_bombers_port_moresby"
    if stats is not None and stats.floatplane and not (spec.kind == MOBILE and b.hex and coastal(rules, b.hex)):
        return "oc.air.hosting.rufe_port_or_coastal_mobile"
    if over_capacity(rules, state, display, u):
        return "oc.air.hosting.mobile_two_mixed" if spec.kind == MOBILE else "oc.air.hosting.non_mobile_capacity_on_adc"
    return None


def aa_factor(rules: Cartwheel, state: GameState, display: str) -> int:
    """oc.air.airbase_target.aa_*: 3 major, 2 minor or working mobile, 1 disrupted, 0 under construction."""
    b = rules.mine(state).bases[display]
    if b.status == CONSTRUCTION:
        return 0
    if b.status == DISRUPTED:
        return AA_DISRUPTED
    return AA.get(b.kind, 0)


def in_range(rules: Cartwheel, state: GameState, u: Unit, frm: str | None, to: str) -> bool:
    if frm is None:
        return False
    reach = rules.mine(state).air[u.id].range
    return reach <= 0 or distance(rules, frm, to) <= reach  # 0: U, any hex (oc.components.air.range)


def home_hex(rules: Cartwheel, state: GameState, u: Unit) -> str | None:
    d = base_of(u)
    return base_hex(rules, state, d) if d else None


def landing(rules: Cartwheel, state: GameState, u: Unit, frm: str | None) -> str | None:
    """A friendly airbase within ``u``'s range of ``frm`` that may host it, its home first, then the nearest."""
    options = [d for d, b in rules.mine(state).bases.items() if b.side == u.side and b.hex is not None
               and may_base(rules, state, d, u) is None and (frm is None or in_range(rules, state, u, frm, b.hex))]
    if not options:
        return None
    if frm is None:
        return options[0]
    return min(options, key=lambda d: (distance(rules, frm, rules.mine(state).bases[d].hex or frm), d))


def ground_at(state: GameState, rules: Cartwheel, label_: str, side: str | None = None) -> list[Unit]:
    h = hx(rules, label_)
    if state.memo is not None:  # while the state stands still: every hex's ground units found in one pass
        here = state.cached("cartwheel.ground_at", lambda: _ground_by_hex(state)).get(h, ())
        return [u for u in here if side is None or u.side == side]
    return [u for u in state.units.values() if u.alive and is_ground(u) and u.at == h
            and (side is None or u.side == side)]


def _ground_by_hex(state: GameState) -> dict[Hex, list[Unit]]:
    out: dict[Hex, list[Unit]] = {}
    for u in state.units.values():
        if u.alive and is_ground(u) and isinstance(u.at, Hex):
            out.setdefault(u.at, []).append(u)
    return out


def boxes() -> tuple[str, ...]:
    return BOXES


MINOR_KIND = MINOR
