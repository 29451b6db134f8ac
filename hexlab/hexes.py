"""Hex-grid math: coordinates, distances, lines, line of sight, rings, paths, hexsides, labels, pixels.

The design follows Amit Patel's reference on hexagonal grids (Red Blob Games,
https://www.redblobgames.com/grids/hexagons/):

* Inside, every hex is a ``Hex(q, r)`` in *cube* (axial) coordinates; the third cube coordinate
  ``s = -q - r`` is a property. All the algorithms (distance, lines, rings, paths) work on cube
  coordinates, where they are short and need no special cases.
* Offset coordinates (``"odd-r"``, ``"even-r"``, ``"odd-q"``, ``"even-q"``), doubled coordinates and the
  printed labels of a game's map ("0712", "7/13", "3,5") only appear at the edges: when a map is read
  in, when a hex is shown to a player, when a player types one.
* Values are small and immutable; the algorithms are plain functions.

``Hex`` is a ``NamedTuple`` with arithmetic operators added: building one, hashing it and comparing two
all run in C, which matters in the hot loops of random play (movement floods, path searches, line of
sight). The price is that a ``Hex`` equals the plain tuple ``(q, r)`` with the same numbers, and
unpacks as one (``q, r = h``). The other coordinate types (``OffsetCoord``, ``DoubledCoord``,
``FractionalHex``) are frozen dataclasses, so they never compare equal to a ``Hex`` by accident.

Pixel conventions: ``x`` grows to the right and ``y`` grows downwards (screen and canvas coordinates).
With the pointy-top layout, direction 0 (``Hex(1, 0)``) is east and direction 2 (``Hex(0, -1)``) is
north-west on screen; with the flat-top layout direction 0 is south-east and direction 2 is north.
"""

from __future__ import annotations

import heapq
import math
import re
from collections.abc import Callable, Container, Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar, NamedTuple, Protocol, overload, runtime_checkable

__all__ = [
    # cube coordinates
    "Hex",
    "hex_add",
    "hex_subtract",
    "hex_scale",
    "hex_rotate_left",
    "hex_rotate_right",
    "HEX_DIRECTIONS",
    "HEX_DIAGONALS",
    "hex_direction",
    "hex_neighbor",
    "hex_neighbors",
    "hex_diagonal_neighbor",
    "hex_neighbor_direction",
    "hex_length",
    "hex_distance",
    # fractional hexes and lines
    "FractionalHex",
    "hex_round",
    "hex_lerp",
    "NUDGE",
    "hex_line",
    "SightLine",
    "sight_line",
    "LosResult",
    "line_of_sight",
    # areas
    "hex_ring",
    "hex_spiral",
    "hex_range",
    # movement
    "Cost",
    "CostFn",
    "hex_path",
    "hex_path_cost",
    "hex_reachable",
    # hexsides
    "Hexside",
    "hexside",
    "hex_sides",
    # offset and doubled coordinates
    "OFFSET_KINDS",
    "DOUBLED_KINDS",
    "OffsetCoord",
    "to_offset",
    "from_offset",
    "offset_rect",
    "DoubledCoord",
    "to_doubled",
    "from_doubled",
    # labels
    "LabelScheme",
    "ColRowLabels",
    "FourDigitLabels",
    "SlashLabels",
    "LABEL_SCHEMES",
    "label_scheme",
    # pixels
    "Point",
    "Orientation",
    "POINTY",
    "FLAT",
    "Layout",
    "hex_to_pixel",
    "pixel_to_fractional_hex",
    "pixel_to_hex",
    "hex_corner_offset",
    "polygon_corners",
    "hexside_endpoints",
    "bounds",
]

_tuple_new = tuple.__new__


# ------------------------------------------------------------------------------------ cube coordinates


class Hex(NamedTuple):
    """A hex in cube coordinates ``(q, r, s)`` with ``q + r + s == 0``; only ``q`` and ``r`` are stored.

    Immutable, hashable, and ordered by ``(q, r)``. ``a + b`` and ``a - b`` add and subtract hexes as
    vectors, ``h * k`` (or ``k * h``) scales by an integer, ``-h`` negates.

    >>> Hex(1, -2) + Hex(0, 1)
    Hex(q=1, r=-1)
    >>> Hex(1, -2).s
    1
    """

    q: int
    r: int

    @property
    def s(self) -> int:
        """The third cube coordinate, ``-q - r``."""
        return -self[0] - self[1]

    def __add__(self, other: object) -> Hex:  # type: ignore[override]
        if isinstance(other, Hex):
            return _tuple_new(Hex, (self[0] + other[0], self[1] + other[1]))
        return NotImplemented

    def __sub__(self, other: object) -> Hex:
        if isinstance(other, Hex):
            return _tuple_new(Hex, (self[0] - other[0], self[1] - other[1]))
        return NotImplemented

    def __mul__(self, k: object) -> Hex:  # type: ignore[override]
        if isinstance(k, int):
            return _tuple_new(Hex, (self[0] * k, self[1] * k))
        return NotImplemented

    __rmul__ = __mul__  # type: ignore[assignment]

    def __neg__(self) -> Hex:
        return _tuple_new(Hex, (-self[0], -self[1]))


def hex_add(a: Hex, b: Hex) -> Hex:
    """``a + b``: the vector sum of two hexes."""
    return _tuple_new(Hex, (a[0] + b[0], a[1] + b[1]))


def hex_subtract(a: Hex, b: Hex) -> Hex:
    """``a - b``: the vector from ``b`` to ``a``."""
    return _tuple_new(Hex, (a[0] - b[0], a[1] - b[1]))


def hex_scale(h: Hex, k: int) -> Hex:
    """``h * k``: the hex vector scaled by an integer."""
    return _tuple_new(Hex, (h[0] * k, h[1] * k))


def hex_rotate_left(h: Hex) -> Hex:
    """Rotate the vector ``h`` by 60 degrees, anticlockwise on screen: ``(q, r, s) -> (-s, -q, -r)``.

    ``hex_rotate_left(HEX_DIRECTIONS[i])`` is
    ``HEX_DIRECTIONS[i + 1]``.
    """
    q, r = h
    return _tuple_new(Hex, (q + r, -q))


def hex_rotate_right(h: Hex) -> Hex:
    """Rotate the vector ``h`` by 60 degrees, clockwise on screen: ``(q, r, s) -> (-r, -s, -q)``.

    ``hex_rotate_right(HEX_DIRECTIONS[i])`` is ``HEX_DIRECTIONS[i - 1]``.
    """
    q, r = h
    return _tuple_new(Hex, (-r, q + r))


HEX_DIRECTIONS: tuple[Hex, ...] = (Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1))
"""The six unit vectors, in Red Blob's order: each is the previous one rotated by 60 degrees."""

HEX_DIAGONALS: tuple[Hex, ...] = (Hex(2, -1), Hex(1, -2), Hex(-1, -1), Hex(-2, 1), Hex(-1, 2), Hex(1, 1))
"""The six diagonal vectors (two steps away, between two directions): ``HEX_DIAGONALS[i]`` lies between
``HEX_DIRECTIONS[i]`` and ``HEX_DIRECTIONS[i + 1]``."""

_DIRECTION_INDEX: dict[tuple[int, int], int] = {tuple(d): i for i, d in enumerate(HEX_DIRECTIONS)}


def hex_direction(direction: int) -> Hex:
    """The unit vector of a direction; any integer works, taken modulo 6 (so ``direction + 1`` turns)."""
    return HEX_DIRECTIONS[direction % 6]


def hex_neighbor(h: Hex, direction: int) -> Hex:
    """The neighbour of ``h`` in a direction (0..5, taken modulo 6)."""
    dq, dr = HEX_DIRECTIONS[direction % 6]
    return _tuple_new(Hex, (h[0] + dq, h[1] + dr))


def hex_neighbors(h: Hex) -> list[Hex]:
    """The six neighbours of ``h``, in direction order 0..5."""
    q, r = h
    return [
        _tuple_new(Hex, (q + 1, r)),
        _tuple_new(Hex, (q + 1, r - 1)),
        _tuple_new(Hex, (q, r - 1)),
        _tuple_new(Hex, (q - 1, r)),
        _tuple_new(Hex, (q - 1, r + 1)),
        _tuple_new(Hex, (q, r + 1)),
    ]


def hex_diagonal_neighbor(h: Hex, direction: int) -> Hex:
    """The hex two steps away from ``h`` along diagonal ``direction`` (0..5, taken modulo 6)."""
    dq, dr = HEX_DIAGONALS[direction % 6]
    return _tuple_new(Hex, (h[0] + dq, h[1] + dr))


def hex_neighbor_direction(a: Hex, b: Hex) -> int:
    """The direction (0..5) in which ``b`` neighbours ``a``; ``ValueError`` if they are not neighbours."""
    i = _DIRECTION_INDEX.get((b[0] - a[0], b[1] - a[1]))
    if i is None:
        raise ValueError(f"{b!r} is not a neighbour of {a!r}")
    return i


def hex_length(h: Hex) -> int:
    """The distance of ``h`` from ``Hex(0, 0)``: the largest of ``|q|``, ``|r|``, ``|s|``."""
    q, r = h
    return (abs(q) + abs(r) + abs(q + r)) // 2


def hex_distance(a: Hex, b: Hex) -> int:
    """The number of steps from ``a`` to ``b`` (each step to a neighbour)."""
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


# ------------------------------------------------------------------------------ fractional hexes, lines


@dataclass(frozen=True, slots=True)
class FractionalHex:
    """A point of the hex plane in cube coordinates that need not be whole numbers."""

    q: float
    r: float

    @property
    def s(self) -> float:
        """The third cube coordinate, ``-q - r``."""
        return -self.q - self.r


def _cube_round(fq: float, fr: float) -> Hex:
    """The hex containing the fractional point ``(fq, fr)``: round each cube coordinate, then fix the one
    that moved most so that the three still sum to zero."""
    fs = -fq - fr
    q = round(fq)
    r = round(fr)
    s = round(fs)
    dq = abs(q - fq)
    dr = abs(r - fr)
    ds = abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return _tuple_new(Hex, (q, r))


def hex_round(h: FractionalHex) -> Hex:
    """The hex containing a fractional point (cube rounding)."""
    return _cube_round(h.q, h.r)


def hex_lerp(a: Hex | FractionalHex, b: Hex | FractionalHex, t: float) -> FractionalHex:
    """The point a fraction ``t`` of the way from ``a`` to ``b`` (``t`` = 0 gives ``a``, 1 gives ``b``)."""
    return FractionalHex(a.q + (b.q - a.q) * t, a.r + (b.r - a.r) * t)


NUDGE: tuple[float, float, float] = (2e-6, 1e-6, -3e-6)
"""How far :func:`hex_line` moves both ends of a line (times the nudge sign), in cube ``(q, r, s)``.

Red Blob Games uses ``(1e-6, 1e-6, -2e-6)``, but that vector is parallel to one family of hexsides (those
between ``h`` and ``h + Hex(1, -1)``): a sample point on such a side slides along it instead of off it,
so lines along ``HEX_DIAGONALS[2]`` and ``HEX_DIAGONALS[5]`` came out the same both ways, or split
differently at different hexsides, depending on floating-point accidents. This vector is parallel to
no hexside, and it pushes every sample point that sits on a side of the other two families to the same
side as Red Blob's does, so it gives the same lines wherever that one settles the tie."""

_NUDGE_Q, _NUDGE_R, _ = NUDGE


def hex_line(a: Hex, b: Hex, nudge: int = 1) -> list[Hex]:
    """The hexes on the straight line from the centre of ``a`` to the centre of ``b``, both included.

    The line has ``hex_distance(a, b) + 1`` hexes, each a neighbour of the one before. It samples the
    segment at ``distance + 1`` evenly spaced points and takes the hex containing each.

    When a sample falls exactly on the border between two hexes (the line runs along a hexside, for
    instance ``Hex(0, 0)`` to ``Hex(2, -1)``, or crosses one exactly at its middle) the choice is
    ambiguous; ``nudge`` settles it by moving both ends a hair, by :data:`NUDGE` for ``nudge=+1`` and by
    its opposite for ``nudge=-1``. The two nudged lines agree except at such ties, where they take the
    hexes on opposite sides: along a hexside, ``plus`` keeps to one side and ``minus`` to the other.
    ``nudge=0`` does not move the ends (ties are then settled by the rounding, and consecutive hexes
    may fail to be neighbours).

    The coordinates must stay well below 10**8 or so for the nudge to survive floating point.
    """
    if nudge not in (-1, 0, 1):
        raise ValueError(f"nudge must be -1, 0 or +1, not {nudge!r}")
    n = hex_distance(a, b)
    if n == 0:
        return [a]
    aq = a[0] + _NUDGE_Q * nudge
    ar = a[1] + _NUDGE_R * nudge
    dq = b[0] - a[0]
    dr = b[1] - a[1]
    step = 1.0 / n
    out = [a]
    for i in range(1, n):
        # _cube_round, inlined: this loop runs for every line of sight.
        t = i * step
        fq = aq + dq * t
        fr = ar + dr * t
        fs = -fq - fr
        q = round(fq)
        r = round(fr)
        s = round(fs)
        eq = abs(q - fq)
        er = abs(r - fr)
        es = abs(s - fs)
        if eq > er and eq > es:
            q = -r - s
        elif er > es:
            r = -q - s
        out.append(_tuple_new(Hex, (q, r)))
    out.append(b)
    return out


@dataclass(frozen=True, slots=True)
class SightLine:
    """The line between the centres of two hexes, traced twice, a hair to either side.

    ``plus`` and ``minus`` are the two traced lines, from ``a`` to ``b`` with both endpoints included;
    each hex on them is a neighbour of the one before. Of the *interior* hexes (all but ``a`` and ``b``),
    ``crossed`` lie on both lines: the line goes through them whichever side it is nudged to.
    ``touched`` lie on only one line: which of them the line meets depends on the side it is nudged to,
    because it runs exactly along one of their sides (or, see below, passes exactly through one of their
    corners, or crosses one of their sides exactly at its middle). Both are in order from ``a``; at the
    same place the ``plus`` hex comes first.

    ``along_edge`` is true when the line runs exactly along hexsides (``b - a`` is a multiple of one of
    :data:`HEX_DIAGONALS`); the hexes on either side of those hexsides are then in ``touched``.

    Two ways of tracing, chosen by ``sight_line(..., exact=...)``:

    * ``exact=False`` (the default, the usual computer-wargame reading): ``plus`` and ``minus`` are
      ``hex_line(a, b, +1)`` and ``hex_line(a, b, -1)``, each ``hex_distance(a, b) + 1`` hexes long. A
      sampled line does not see every hex the true line clips: ``Hex(0, 0)`` to ``Hex(6, 1)`` clips a
      corner of ``Hex(2, 1)`` and of ``Hex(4, 0)``, on neither line. And ``touched`` is not empty when
      a sample falls exactly on the middle of a hexside that the line crosses (``Hex(0, 0)`` to
      ``Hex(1, 3)`` crosses the side between ``Hex(1, 1)`` and ``Hex(0, 2)`` at its midpoint, so each of
      the two lines has one of them).
    * ``exact=True`` (a string stretched between the hex centres): ``plus`` and ``minus`` are every hex
      whose inside the line passes through once it is moved an infinitesimal distance to the right
      (``plus``) or to the left (``minus``) of the way from ``a`` to ``b``, as drawn on screen. Then
      ``crossed`` is exactly the hexes whose inside the line itself passes through, and ``touched`` the
      hexes it only grazes (along a side, or through a corner). The lines may be longer than
      ``hex_distance(a, b) + 1``. Computed with integer arithmetic, about five times slower.
    """

    a: Hex
    b: Hex
    plus: tuple[Hex, ...]
    minus: tuple[Hex, ...]
    crossed: tuple[Hex, ...]
    touched: tuple[Hex, ...]
    along_edge: bool

    @property
    def interior(self) -> tuple[Hex, ...]:
        """All interior hexes of either line, in order from ``a`` (crossed and touched interleaved)."""
        if self.plus == self.minus:
            return self.plus[1:-1]
        return _merge_interior(self.plus, self.minus)


def _merge_interior(plus: tuple[Hex, ...], minus: tuple[Hex, ...]) -> tuple[Hex, ...]:
    """The interior hexes of two lines from the same ``a`` to the same ``b``, merged in order: walk both
    lines together, taking each shared hex once and, before it, each line's own hexes (plus first)."""
    in_minus = set(minus)
    out: list[Hex] = []
    seen: set[Hex] = set()
    np = len(plus) - 1
    nm = len(minus) - 1
    i = j = 1
    while i < np or j < nm:
        if i < np and plus[i] not in in_minus:
            h = plus[i]
            i += 1
        elif j < nm and (i >= np or minus[j] != plus[i]):
            h = minus[j]
            j += 1
        else:  # both lines have reached the same shared hex
            h = plus[i]
            i += 1
            j += 1
        if h not in seen:
            seen.add(h)
            out.append(h)
    return tuple(out)


def _is_along_edge(dq: int, dr: int) -> bool:
    """Whether the cube vector ``(dq, dr, -dq - dr)`` is a multiple of a diagonal (two of its three
    coordinates equal and non-zero): a line in that direction runs along hexsides."""
    ds = -dq - dr
    return (dq == dr != 0) or (dr == ds != 0) or (ds == dq != 0)


def _exact_lines(a: Hex, b: Hex) -> tuple[tuple[Hex, ...], tuple[Hex, ...]]:
    """The hexes passed through by the segment between the centres of ``a`` and ``b`` moved a hair to its
    right and to its left (on screen, looking from ``a`` to ``b``), in order, endpoints included.

    A point ``p`` lies in the closed hexagon of ``h`` when, with ``d = p - h`` in cube coordinates, each of
    ``d.q - d.r``, ``d.r - d.s`` and ``d.s - d.q`` lies in ``[-1, 1]`` (inside it when all lie in
    ``(-1, 1)``). Along the segment ``p(t) = a + t * (b - a)`` these are linear in ``t``; scaling ``t`` by
    ``m``, a common multiple of their slopes, puts every bound on an integer, so the stretch of the
    segment inside each candidate hexagon comes out exact. Hexes whose inside the segment meets are on
    both lines; a hex it only touches lies wholly on one side of it, and is on that side's line.
    """
    aq, ar = a
    dq = b[0] - aq
    dr = b[1] - ar
    ds = -dq - dr
    slopes = (dq - dr, dr - ds, ds - dq)
    m = math.lcm(*(abs(e) for e in slopes if e))
    # Every hex the segment touches neighbours a hex of a sampled line (or is one).
    candidates: set[Hex] = set()
    for h in hex_line(a, b, 1):
        candidates.add(h)
        candidates.update(hex_neighbors(h))
    candidates.discard(a)
    candidates.discard(b)
    right: list[tuple[int, int, Hex]] = []
    left: list[tuple[int, int, Hex]] = []
    for h in candidates:
        cq = aq - h[0]
        cr = ar - h[1]
        cs = -cq - cr
        lo = 0
        hi = m
        inside = True  # whether the open hexagon can be met at all (no slope-0 bound sits on +-1)
        for c, e in ((cq - cr, slopes[0]), (cr - cs, slopes[1]), (cs - cq, slopes[2])):
            if e == 0:
                if c > 1 or c < -1:
                    break
                if c != 0:
                    inside = False
                continue
            f = m // e
            x = (-1 - c) * f
            y = (1 - c) * f
            if x > y:
                x, y = y, x
            if x > lo:
                lo = x
            if y < hi:
                hi = y
        else:
            if lo > hi:
                continue
            key = lo + hi  # twice the middle of the stretch, to order the hexes along the line
            if inside and lo < hi:
                right.append((key, 0, h))
                left.append((key, 0, h))
            elif dq * (h[1] - ar) - dr * (h[0] - aq) > 0:
                right.append((key, 1, h))
            else:
                left.append((key, 1, h))
    right.sort()
    left.sort()
    return (a, *(h for _, _, h in right), b), (a, *(h for _, _, h in left), b)


def sight_line(a: Hex, b: Hex, *, exact: bool = False) -> SightLine:
    """Trace the line of sight from ``a`` to ``b`` both ways (see :class:`SightLine`)."""
    along = _is_along_edge(b[0] - a[0], b[1] - a[1])
    if exact:
        if hex_distance(a, b) <= 1:
            line = (a,) if a == b else (a, b)
            return SightLine(a, b, line, line, (), (), False)
        plus, minus = _exact_lines(a, b)
    else:
        plus = tuple(hex_line(a, b, 1))
        minus = tuple(hex_line(a, b, -1))
    if plus == minus:
        return SightLine(a, b, plus, minus, plus[1:-1], (), along)
    in_plus = set(plus)
    in_minus = set(minus)
    crossed: list[Hex] = []
    touched: list[Hex] = []
    for h in _merge_interior(plus, minus):
        if h in in_plus and h in in_minus:
            crossed.append(h)
        else:
            touched.append(h)
    return SightLine(a, b, plus, minus, tuple(crossed), tuple(touched), along)


@dataclass(frozen=True, slots=True)
class LosResult:
    """The verdict of :func:`line_of_sight`.

    ``clear`` says whether the target can be seen. ``crossed``, ``touched`` and ``along_edge`` are as in
    :class:`SightLine`. ``blocked_by`` lists every interior hex that blocks, crossed or touched, in order
    from the viewer: it may be non-empty while ``clear`` is true, when the hexes grazed on one side
    block and those on the other do not.
    """

    clear: bool
    crossed: tuple[Hex, ...]
    touched: tuple[Hex, ...]
    blocked_by: tuple[Hex, ...]
    along_edge: bool = False


def line_of_sight(a: Hex, b: Hex, blocks: Callable[[Hex], bool], *, exact: bool = False) -> LosResult:
    """Can ``a`` see ``b``, when the hexes for which ``blocks(h)`` is true block sight?

    The reading (the "hexside rule" of board wargames): trace the line from the centre of ``a`` to the
    centre of ``b`` twice, a hair to either side (:class:`SightLine`'s ``plus`` and ``minus``). The line
    of sight is blocked if and only if *both* traced lines pass through a blocking interior hex. So a
    blocking hex the line passes through (``crossed``) blocks it; hexes it only grazes (``touched``,
    typically along a hexside) block it only if there are blocking hexes on both sides of it (not
    necessarily facing each other). The endpoints never block: a unit in a wood can see and be seen
    out of it. Adjacent hexes, and a hex and itself, always see each other. Whatever else blocks sight
    (hexside features, units, elevation) is the ruleset's business: fold it into ``blocks`` or check it
    separately.

    ``exact`` chooses how the two lines are traced (see :class:`SightLine`): by default with
    :func:`hex_line` nudged either way, which misses some hexes whose corners the line clips; with
    ``exact=True`` the lines are every hex the stretched string passes through. ``blocks`` is called
    at most once for each interior hex.
    """
    line = sight_line(a, b, exact=exact)
    if not line.touched:
        blocking = tuple(h for h in line.crossed if blocks(h))
        return LosResult(not blocking, line.crossed, line.touched, blocking, line.along_edge)
    blocking = tuple(h for h in line.interior if blocks(h))
    hit = set(blocking)
    clear = not (any(h in hit for h in line.plus[1:-1]) and any(h in hit for h in line.minus[1:-1]))
    return LosResult(clear, line.crossed, line.touched, blocking, line.along_edge)


# ----------------------------------------------------------------------------------------------- areas


def hex_ring(center: Hex, radius: int) -> list[Hex]:
    """The hexes at exactly ``radius`` steps from ``center``, walking once round the ring.

    Radius 0 gives ``[center]``; otherwise there are ``6 * radius`` hexes, each a neighbour of the
    previous one (and the last of the first). The walk starts at ``center + HEX_DIRECTIONS[4] * radius``
    and sets off in direction 0.
    """
    if radius < 0:
        raise ValueError(f"radius must be >= 0, not {radius}")
    if radius == 0:
        return [center]
    q = center[0] - radius
    r = center[1] + radius
    out: list[Hex] = []
    for dq, dr in HEX_DIRECTIONS:
        for _ in range(radius):
            out.append(_tuple_new(Hex, (q, r)))
            q += dq
            r += dr
    return out


def hex_spiral(center: Hex, radius: int) -> list[Hex]:
    """``center`` followed by its rings of radius 1, 2, ... ``radius``: ``3 * radius * (radius + 1) + 1``
    hexes."""
    if radius < 0:
        raise ValueError(f"radius must be >= 0, not {radius}")
    out = [center]
    for k in range(1, radius + 1):
        out.extend(hex_ring(center, k))
    return out


def hex_range(center: Hex, n: int) -> list[Hex]:
    """All hexes within ``n`` steps of ``center`` (``3 * n * (n + 1) + 1`` of them), ordered by ``(q, r)``."""
    if n < 0:
        raise ValueError(f"range must be >= 0, not {n}")
    cq, cr = center
    out: list[Hex] = []
    for dq in range(-n, n + 1):
        for dr in range(max(-n, -dq - n), min(n, -dq + n) + 1):
            out.append(_tuple_new(Hex, (cq + dq, cr + dr)))
    return out


# -------------------------------------------------------------------------------------------- movement

Cost = float | int
"""A movement cost."""

CostFn = Callable[[Hex, Hex], float | int | None]
"""``cost(from_hex, to_hex)``: what a step between neighbours costs, or ``None`` if it cannot be made."""


def _negative_step(c: float | int, frm: Hex, to: Hex) -> ValueError:
    return ValueError(f"negative step cost {c!r} from {frm!r} to {to!r}")


def hex_path(
    start: Hex,
    goal: Hex,
    cost: CostFn,
    *,
    impassable: Container[Hex] = frozenset(),
    max_cost: float | None = None,
    min_step_cost: float = 1,
) -> list[Hex] | None:
    """The cheapest path from ``start`` to ``goal`` (both included), or ``None`` if there is none.

    A* search over the neighbours of each hex. ``cost(from_hex, to_hex)`` prices each step; ``None``
    means the step cannot be made (off the map, prohibited terrain, an enemy zone...). Hexes in
    ``impassable`` are never entered (``cost`` is not asked about them). With ``max_cost``, paths that
    cost more are not considered, and ``None`` is returned if the goal cannot be reached within it.

    The heuristic is ``hex_distance(h, goal) * min_step_cost``. It must not overestimate, so
    ``min_step_cost`` has to be no more than the cheapest step ``cost`` can return: callers whose steps
    can cost less than 1 (roads at half a point...) pass that smallest cost, and ``min_step_cost=0``
    turns the search into Dijkstra's. With a heuristic that does overestimate the path found may not be
    the cheapest. Ties are broken deterministically: between equal estimates, the hex nearer the goal
    is tried first, then the one found first; the same call always returns the same path.

    The grid is unbounded: ``cost`` must return ``None`` for hexes off the map (or ``max_cost`` must be
    given, with positive step costs), or a search for an unreachable goal never ends. Step costs must
    not be negative (``ValueError``).

    Returns ``[start]`` when ``start == goal``.
    """
    if start == goal:
        return [start]
    if min_step_cost < 0:
        raise ValueError(f"min_step_cost must be >= 0, not {min_step_cost!r}")
    if goal in impassable:
        return None
    gq, gr = goal
    best: dict[Hex, float | int] = {start: 0}
    came_from: dict[Hex, Hex] = {}
    h0 = hex_distance(start, goal) * min_step_cost
    heap: list[tuple[float | int, float | int, int, float | int, Hex]] = [(h0, h0, 0, 0, start)]
    counter = 1
    push = heapq.heappush
    pop = heapq.heappop
    while heap:
        _, _, _, g, cur = pop(heap)
        if g > best[cur]:
            continue  # a stale entry: a cheaper way here was found after it was pushed
        if cur == goal:
            path = [cur]
            while cur in came_from:
                cur = came_from[cur]
                path.append(cur)
            path.reverse()
            return path
        for nb in hex_neighbors(cur):
            if nb in impassable:
                continue
            c = cost(cur, nb)
            if c is None:
                continue
            if c < 0:
                raise _negative_step(c, cur, nb)
            ng = g + c
            if max_cost is not None and ng > max_cost:
                continue
            old = best.get(nb)
            if old is None or ng < old:
                best[nb] = ng
                came_from[nb] = cur
                dq = nb[0] - gq
                dr = nb[1] - gr
                hn = (abs(dq) + abs(dr) + abs(dq + dr)) // 2 * min_step_cost
                push(heap, (ng + hn, hn, counter, ng, nb))
                counter += 1
    return None


def hex_path_cost(path: Iterable[Hex], cost: CostFn) -> float | int | None:
    """The total cost of walking ``path`` (0 for a path of one hex or none), or ``None`` if ``cost``
    refuses one of its steps. ``ValueError`` if two consecutive hexes are not neighbours."""
    total: float | int = 0
    it = iter(path)
    prev = next(it, None)
    for h in it:
        if prev is None or hex_distance(prev, h) != 1:
            raise ValueError(f"{h!r} does not neighbour the hex before it, {prev!r}")
        c = cost(prev, h)
        if c is None:
            return None
        total += c
        prev = h
    return total


def hex_reachable(
    start: Hex,
    budget: float,
    cost: CostFn,
    *,
    impassable: Container[Hex] = frozenset(),
) -> dict[Hex, float | int]:
    """Every hex reachable from ``start`` with a total cost of at most ``budget``, with its cheapest cost.

    Dijkstra's flood fill; ``start`` is included at cost 0. ``cost`` and ``impassable`` are as in
    :func:`hex_path`. The dict is ordered by cost (cheapest first, ties in a deterministic order). This
    is what a movement allowance needs: the keys are where a unit can go, the values what it costs.
    Step costs must not be negative; with zero-cost steps, ``cost`` must bound the map. A negative
    ``budget`` reaches nothing, not even ``start``.
    """
    if budget < 0:
        return {}
    done: dict[Hex, float | int] = {}
    best: dict[Hex, float | int] = {start: 0}
    heap: list[tuple[float | int, int, Hex]] = [(0, 0, start)]
    counter = 1
    push = heapq.heappush
    pop = heapq.heappop
    while heap:
        g, _, cur = pop(heap)
        if cur in done:
            continue
        done[cur] = g
        for nb in hex_neighbors(cur):
            if nb in done or nb in impassable:
                continue
            c = cost(cur, nb)
            if c is None:
                continue
            if c < 0:
                raise _negative_step(c, cur, nb)
            ng = g + c
            if ng > budget:
                continue
            old = best.get(nb)
            if old is None or ng < old:
                best[nb] = ng
                push(heap, (ng, counter, nb))
                counter += 1
    return done


# -------------------------------------------------------------------------------------------- hexsides


class _HexPair(NamedTuple):
    a: Hex
    b: Hex


class Hexside(_HexPair):
    """The edge between two neighbouring hexes, as a value: ``Hexside(a, b) == Hexside(b, a)``.

    The smaller hex (by ``(q, r)``) is stored first, as ``a``; ``b`` is the other. Build one with
    ``Hexside(a, b)``, ``Hexside.between(a, b)`` or ``hexside(a, b)``; all raise ``ValueError`` if the two
    hexes are not neighbours. Hashable and ordered, so hexsides key the dicts of walls, hedges and rivers.
    """

    __slots__ = ()

    def __new__(cls, a: Hex | tuple[int, int], b: Hex | tuple[int, int]) -> Hexside:
        if a.__class__ is not Hex:
            a = Hex(*a)
        if b.__class__ is not Hex:
            b = Hex(*b)
        if (b[0] - a[0], b[1] - a[1]) not in _DIRECTION_INDEX:
            raise ValueError(f"no hexside between {a!r} and {b!r}: they are not neighbours")
        if b < a:
            a, b = b, a
        return _tuple_new(cls, (a, b))

    def __repr__(self) -> str:
        return f"Hexside(a={self[0]!r}, b={self[1]!r})"

    @classmethod
    def _make(cls, iterable: Iterable[Hex]) -> Hexside:  # so that _replace normalises and checks too
        return cls(*iterable)

    @classmethod
    def between(cls, a: Hex, b: Hex) -> Hexside:
        """The hexside between neighbours ``a`` and ``b`` (in either order)."""
        return cls(a, b)

    def direction_from(self, h: Hex) -> int:
        """The direction (0..5) in which this side lies, seen from ``h`` (one of its two hexes)."""
        a, b = self
        if h == a:
            return _DIRECTION_INDEX[(b[0] - a[0], b[1] - a[1])]
        if h == b:
            return _DIRECTION_INDEX[(a[0] - b[0], a[1] - b[1])]
        raise ValueError(f"{h!r} is not on {self!r}")

    def other(self, h: Hex) -> Hex:
        """The hex across this side from ``h`` (one of its two hexes)."""
        a, b = self
        if h == a:
            return b
        if h == b:
            return a
        raise ValueError(f"{h!r} is not on {self!r}")


def hexside(a: Hex, b: Hex) -> Hexside:
    """The hexside between neighbours ``a`` and ``b`` (in either order); ``ValueError`` otherwise."""
    return Hexside(a, b)


def hex_sides(h: Hex) -> list[Hexside]:
    """The six sides of ``h``, in direction order 0..5."""
    return [Hexside(h, nb) for nb in hex_neighbors(h)]


# --------------------------------------------------------------------------- offset and doubled coordinates

OFFSET_KINDS: tuple[str, ...] = ("odd-r", "even-r", "odd-q", "even-q")
"""Offset layouts: ``-r`` kinds are pointy-top maps in rows, with the odd (or even) rows shoved right by
half a hex; ``-q`` kinds are flat-top maps in columns, with the odd (or even) columns shoved down."""

DOUBLED_KINDS: tuple[str, ...] = ("doubled-width", "doubled-height")
"""Doubled layouts: ``doubled-width`` (pointy-top, columns numbered in steps of 2 along each row) and
``doubled-height`` (flat-top, rows numbered in steps of 2 down each column)."""


def _bad_kind(kind: object, allowed: tuple[str, ...], what: str) -> ValueError:
    return ValueError(f"unknown {what} kind {kind!r}; expected one of {', '.join(map(repr, allowed))}")


@dataclass(frozen=True, slots=True, order=True)
class OffsetCoord:
    """A hex's (column, row) on an offset map; unpacks as ``col, row = coord``."""

    col: int
    row: int

    def __iter__(self) -> Iterator[int]:
        yield self.col
        yield self.row


def to_offset(h: Hex, kind: str) -> OffsetCoord:
    """The offset coordinates of ``h`` on a map of the given kind (see :data:`OFFSET_KINDS`)."""
    q, r = h
    if kind == "odd-r":
        return OffsetCoord(q + (r - (r & 1)) // 2, r)
    if kind == "even-r":
        return OffsetCoord(q + (r + (r & 1)) // 2, r)
    if kind == "odd-q":
        return OffsetCoord(q, r + (q - (q & 1)) // 2)
    if kind == "even-q":
        return OffsetCoord(q, r + (q + (q & 1)) // 2)
    raise _bad_kind(kind, OFFSET_KINDS, "offset")


def _from_offset(col: int, row: int, kind: str) -> Hex:
    if kind == "odd-r":
        return _tuple_new(Hex, (col - (row - (row & 1)) // 2, row))
    if kind == "even-r":
        return _tuple_new(Hex, (col - (row + (row & 1)) // 2, row))
    if kind == "odd-q":
        return _tuple_new(Hex, (col, row - (col - (col & 1)) // 2))
    if kind == "even-q":
        return _tuple_new(Hex, (col, row - (col + (col & 1)) // 2))
    raise _bad_kind(kind, OFFSET_KINDS, "offset")


def _coord_args(fn: str, col: object, row: object, kind: str | None, coord_type: type) -> tuple[int, int, str]:
    if isinstance(col, coord_type):
        if isinstance(row, str) and kind is None:
            kind = row
        elif row is not None:
            raise TypeError(f"{fn}({coord_type.__name__}, kind): give the kind, not a row")
        col, row = col  # type: ignore[misc]
    if row is None or kind is None:
        raise TypeError(f"{fn} needs (col, row, kind) or ({coord_type.__name__}, kind)")
    return col, row, kind  # type: ignore[return-value]


@overload
def from_offset(col: OffsetCoord, row: str, kind: None = None) -> Hex: ...
@overload
def from_offset(col: OffsetCoord, row: None = None, *, kind: str) -> Hex: ...
@overload
def from_offset(col: int, row: int, kind: str) -> Hex: ...
def from_offset(col: int | OffsetCoord, row: int | str | None = None, kind: str | None = None) -> Hex:
    """The hex at offset ``(col, row)`` on a map of the given kind.

    Call as ``from_offset(col, row, kind)`` or ``from_offset(OffsetCoord(col, row), kind)``.
    """
    c, r, k = _coord_args("from_offset", col, row, kind, OffsetCoord)
    return _from_offset(c, r, k)


def offset_rect(
    width: int, height: int, kind: str, *, short_odd_rows: bool = False, short_odd_cols: bool = False
) -> list[Hex]:
    """The hexes of a ``width`` x ``height`` offset map: columns ``0..width-1``, rows ``0..height-1``,
    row by row (row-major).

    ``short_odd_rows`` drops the last column of every odd row, as on maps in staggered rows whose odd
    rows are one hex shorter (Memoir '44's board, ``offset_rect(13, 9, "odd-r", short_odd_rows=True)``,
    has 13 hexes in each even row and 12 in each odd one). ``short_odd_cols`` likewise drops the last
    row of every odd column (the flat-top equivalent).
    """
    if width < 0 or height < 0:
        raise ValueError(f"width and height must be >= 0, not {width} x {height}")
    if kind not in OFFSET_KINDS:
        raise _bad_kind(kind, OFFSET_KINDS, "offset")
    out: list[Hex] = []
    for row in range(height):
        w = width - 1 if short_odd_rows and row & 1 else width
        for col in range(w):
            if short_odd_cols and col & 1 and row == height - 1:
                continue
            out.append(_from_offset(col, row, kind))
    return out


@dataclass(frozen=True, slots=True, order=True)
class DoubledCoord:
    """A hex's (column, row) in doubled coordinates; ``col + row`` is always even."""

    col: int
    row: int

    def __iter__(self) -> Iterator[int]:
        yield self.col
        yield self.row


def to_doubled(h: Hex, kind: str) -> DoubledCoord:
    """The doubled coordinates of ``h`` (kinds ``"doubled-width"`` and ``"doubled-height"``)."""
    q, r = h
    if kind == "doubled-width":
        return DoubledCoord(2 * q + r, r)
    if kind == "doubled-height":
        return DoubledCoord(q, 2 * r + q)
    raise _bad_kind(kind, DOUBLED_KINDS, "doubled")


@overload
def from_doubled(col: DoubledCoord, row: str, kind: None = None) -> Hex: ...
@overload
def from_doubled(col: DoubledCoord, row: None = None, *, kind: str) -> Hex: ...
@overload
def from_doubled(col: int, row: int, kind: str) -> Hex: ...
def from_doubled(col: int | DoubledCoord, row: int | str | None = None, kind: str | None = None) -> Hex:
    """The hex at doubled ``(col, row)``; ``ValueError`` if ``col + row`` is odd (no hex there).

    Call as ``from_doubled(col, row, kind)`` or ``from_doubled(DoubledCoord(col, row), kind)``.
    """
    c, r, k = _coord_args("from_doubled", col, row, kind, DoubledCoord)
    if k not in DOUBLED_KINDS:
        raise _bad_kind(k, DOUBLED_KINDS, "doubled")
    if (c + r) & 1:
        raise ValueError(f"doubled coordinates ({c}, {r}) name no hex: col + row must be even")
    if k == "doubled-width":
        return _tuple_new(Hex, ((c - r) // 2, r))
    return _tuple_new(Hex, (c, (r - c) // 2))


# ---------------------------------------------------------------------------------------------- labels


@runtime_checkable
class LabelScheme(Protocol):
    """A game's printed notation for hexes: ``label(h)`` writes it, ``parse(text)`` reads it back.

    ``parse`` raises ``ValueError`` with a message saying what was expected when the text is malformed.
    """

    def label(self, h: Hex) -> str: ...

    def parse(self, text: str) -> Hex: ...


def _check_offset_kind(kind: str) -> None:
    if kind not in OFFSET_KINDS:
        raise _bad_kind(kind, OFFSET_KINDS, "offset")


@dataclass(frozen=True, slots=True)
class _OffsetLabels:
    """Shared parts of the label schemes that print a hex's offset column and row."""

    offset: str = "odd-r"
    base: int = 0
    """The number printed for column 0 and row 0 (1 for maps that count from 1)."""

    pattern: ClassVar[re.Pattern[str]]
    example: ClassVar[str]

    def __post_init__(self) -> None:
        _check_offset_kind(self.offset)

    def numbers(self, h: Hex) -> tuple[int, int]:
        """The printed (column, row) of ``h``."""
        col, row = to_offset(h, self.offset)
        return col + self.base, row + self.base

    def from_numbers(self, col: int, row: int) -> Hex:
        """The hex whose printed (column, row) are given."""
        return _from_offset(col - self.base, row - self.base, self.offset)

    def parse(self, text: str) -> Hex:
        """The hex a label names (surrounding whitespace is ignored)."""
        if not isinstance(text, str):
            raise ValueError(f"a hex label must be a string, not {text!r}")
        m = self.pattern.fullmatch(text.strip())
        if m is None:
            raise ValueError(f"malformed hex label {text!r}: expected {self.example}")
        return self.from_numbers(int(m.group(1)), int(m.group(2)))


@dataclass(frozen=True, slots=True)
class ColRowLabels(_OffsetLabels):
    """Labels ``"col,row"`` (``"3,5"``), with offset columns and rows counted from ``base``."""

    offset: str = "odd-r"
    base: int = 0
    pattern: ClassVar[re.Pattern[str]] = re.compile(r"(-?[0-9]+)\s*,\s*(-?[0-9]+)")
    example: ClassVar[str] = 'column and row separated by a comma, like "3,5"'

    def label(self, h: Hex) -> str:
        """``"col,row"``."""
        col, row = self.numbers(h)
        return f"{col},{row}"


@dataclass(frozen=True, slots=True)
class FourDigitLabels(_OffsetLabels):
    """Four-digit labels as printed on many hex maps (Cartwheel's ``"0712"``: column 07, row 12).

    Columns and rows count from ``base`` (1 by default) and are printed with two digits each, so only
    hexes whose printed column and row lie in 0..99 have a label (``ValueError`` otherwise). ``parse``
    accepts exactly four digits.
    """

    offset: str = "odd-q"
    base: int = 1
    pattern: ClassVar[re.Pattern[str]] = re.compile(r"([0-9]{2})([0-9]{2})")
    example: ClassVar[str] = 'four digits, two for the column then two for the row, like "0712"'

    def label(self, h: Hex) -> str:
        """``"CCRR"``."""
        col, row = self.numbers(h)
        if not (0 <= col <= 99 and 0 <= row <= 99):
            raise ValueError(f"{h!r} is at column {col}, row {row}: no four-digit label")
        return f"{col:02d}{row:02d}"


@dataclass(frozen=True, slots=True)
class SlashLabels(_OffsetLabels):
    """Labels ``"col/row"`` (Cactus Air Force's grid references, like ``"7/13"``)."""

    offset: str = "odd-q"
    base: int = 0
    pattern: ClassVar[re.Pattern[str]] = re.compile(r"(-?[0-9]+)\s*/\s*(-?[0-9]+)")
    example: ClassVar[str] = 'column and row separated by a slash, like "7/13"'

    def label(self, h: Hex) -> str:
        """``"col/row"``."""
        col, row = self.numbers(h)
        return f"{col}/{row}"


LABEL_SCHEMES: dict[str, type[_OffsetLabels]] = {
    "colrow": ColRowLabels,
    "four_digit": FourDigitLabels,
    "slash": SlashLabels,
}
"""The label schemes by the names rulesets use for them."""


def label_scheme(name: str, **kw: object) -> LabelScheme:
    """Build a label scheme by name (a key of :data:`LABEL_SCHEMES`), passing ``offset``/``base`` on."""
    cls = LABEL_SCHEMES.get(name)
    if cls is None:
        raise ValueError(f"unknown label scheme {name!r}; known: {', '.join(sorted(LABEL_SCHEMES))}")
    return cls(**kw)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------- pixels


class Point(NamedTuple):
    """A point on the screen (``y`` grows downwards)."""

    x: float
    y: float


class Orientation(NamedTuple):
    """The matrices from hex to pixel (``f0..f3``) and back (``b0..b3``), and the angle of the first
    corner in sixths of a turn (``start_angle``)."""

    f0: float
    f1: float
    f2: float
    f3: float
    b0: float
    b1: float
    b2: float
    b3: float
    start_angle: float


_SQRT3 = math.sqrt(3.0)

POINTY = Orientation(_SQRT3, _SQRT3 / 2.0, 0.0, 3.0 / 2.0, _SQRT3 / 3.0, -1.0 / 3.0, 0.0, 2.0 / 3.0, 0.5)
"""Pointy-top hexes, in rows (offset kinds ``odd-r``/``even-r``)."""

FLAT = Orientation(3.0 / 2.0, 0.0, _SQRT3 / 2.0, _SQRT3, 2.0 / 3.0, 0.0, -1.0 / 3.0, _SQRT3 / 3.0, 0.0)
"""Flat-top hexes, in columns (offset kinds ``odd-q``/``even-q``)."""


def _point(p: Point | tuple[float, float] | float) -> Point:
    if isinstance(p, Point):
        return p
    if isinstance(p, int | float):
        return Point(float(p), float(p))
    x, y = p
    return Point(float(x), float(y))


@dataclass(frozen=True, slots=True)
class Layout:
    """How hexes are drawn: orientation, size (centre to corner, per axis) and the pixel of ``Hex(0, 0)``.

    ``Layout.pointy(30)`` and ``Layout.flat(30, origin=(40, 40))`` are the usual ways to make one. The
    drawing functions of this module are also methods: ``layout.hex_to_pixel(h)``,
    ``layout.pixel_to_hex(p)``, ``layout.polygon_corners(h)``...
    """

    orientation: Orientation
    size: Point
    origin: Point = Point(0.0, 0.0)

    def __post_init__(self) -> None:
        object.__setattr__(self, "size", _point(self.size))
        object.__setattr__(self, "origin", _point(self.origin))

    @classmethod
    def pointy(cls, size: float | tuple[float, float], origin: tuple[float, float] = (0.0, 0.0)) -> Layout:
        """A pointy-top layout; ``size`` is a number or an ``(x, y)`` pair."""
        return cls(POINTY, _point(size), _point(origin))

    @classmethod
    def flat(cls, size: float | tuple[float, float], origin: tuple[float, float] = (0.0, 0.0)) -> Layout:
        """A flat-top layout; ``size`` is a number or an ``(x, y)`` pair."""
        return cls(FLAT, _point(size), _point(origin))

    def hex_to_pixel(self, h: Hex) -> Point:
        """See :func:`hex_to_pixel`."""
        return hex_to_pixel(self, h)

    def pixel_to_fractional_hex(self, p: tuple[float, float]) -> FractionalHex:
        """See :func:`pixel_to_fractional_hex`."""
        return pixel_to_fractional_hex(self, p)

    def pixel_to_hex(self, p: tuple[float, float]) -> Hex:
        """See :func:`pixel_to_hex`."""
        return pixel_to_hex(self, p)

    def hex_corner_offset(self, corner: int) -> Point:
        """See :func:`hex_corner_offset`."""
        return hex_corner_offset(self, corner)

    def polygon_corners(self, h: Hex) -> list[Point]:
        """See :func:`polygon_corners`."""
        return polygon_corners(self, h)

    def hexside_endpoints(self, side: Hexside) -> tuple[Point, Point]:
        """See :func:`hexside_endpoints`."""
        return hexside_endpoints(self, side)

    def bounds(self, hexes: Iterable[Hex]) -> tuple[float, float, float, float]:
        """See :func:`bounds`."""
        return bounds(self, hexes)


def hex_to_pixel(layout: Layout, h: Hex) -> Point:
    """The pixel at the centre of ``h``."""
    m = layout.orientation
    q, r = h
    return Point(
        (m.f0 * q + m.f1 * r) * layout.size.x + layout.origin.x,
        (m.f2 * q + m.f3 * r) * layout.size.y + layout.origin.y,
    )


def pixel_to_fractional_hex(layout: Layout, p: tuple[float, float]) -> FractionalHex:
    """The point ``p`` in fractional cube coordinates."""
    m = layout.orientation
    x = (p[0] - layout.origin.x) / layout.size.x
    y = (p[1] - layout.origin.y) / layout.size.y
    return FractionalHex(m.b0 * x + m.b1 * y, m.b2 * x + m.b3 * y)


def pixel_to_hex(layout: Layout, p: tuple[float, float]) -> Hex:
    """The hex containing the pixel ``p``."""
    m = layout.orientation
    x = (p[0] - layout.origin.x) / layout.size.x
    y = (p[1] - layout.origin.y) / layout.size.y
    return _cube_round(m.b0 * x + m.b1 * y, m.b2 * x + m.b3 * y)


def hex_corner_offset(layout: Layout, corner: int) -> Point:
    """Where corner ``corner`` (0..5) of any hex lies, relative to the hex's centre.

    Corner ``i`` is at an angle of ``60 * (start_angle + i)`` degrees, measured with ``y`` pointing down
    (so the corners go clockwise on screen).
    """
    angle = 2.0 * math.pi * (layout.orientation.start_angle + corner) / 6.0
    return Point(layout.size.x * math.cos(angle), layout.size.y * math.sin(angle))


def polygon_corners(layout: Layout, h: Hex) -> list[Point]:
    """The six corners of ``h``, corner 0 first."""
    cx, cy = hex_to_pixel(layout, h)
    out: list[Point] = []
    for i in range(6):
        ox, oy = hex_corner_offset(layout, i)
        out.append(Point(cx + ox, cy + oy))
    return out


@lru_cache(maxsize=64)
def _side_corners(orientation: Orientation, direction: int) -> tuple[int, int]:
    """The corners (0..5) of a hex at either end of its side facing ``direction``."""
    dq, dr = HEX_DIRECTIONS[direction]
    vx = orientation.f0 * dq + orientation.f1 * dr
    vy = orientation.f2 * dq + orientation.f3 * dr
    sixths = math.atan2(vy, vx) / (math.pi / 3.0)  # the direction's angle, in sixths of a turn
    first = round(sixths - 0.5 - orientation.start_angle) % 6
    return first, (first + 1) % 6


def hexside_endpoints(layout: Layout, side: Hexside) -> tuple[Point, Point]:
    """The two corners at the ends of a hexside (shared by the polygons of its two hexes), for drawing
    walls, hedges and rivers."""
    a, b = side
    i, j = _side_corners(layout.orientation, _DIRECTION_INDEX[(b[0] - a[0], b[1] - a[1])])
    cx, cy = hex_to_pixel(layout, a)
    ix, iy = hex_corner_offset(layout, i)
    jx, jy = hex_corner_offset(layout, j)
    return Point(cx + ix, cy + iy), Point(cx + jx, cy + jy)


def bounds(layout: Layout, hexes: Iterable[Hex]) -> tuple[float, float, float, float]:
    """``(min_x, min_y, max_x, max_y)`` over all corners of ``hexes``; ``ValueError`` if there are none."""
    offsets = [hex_corner_offset(layout, i) for i in range(6)]
    min_ox = min(o.x for o in offsets)
    max_ox = max(o.x for o in offsets)
    min_oy = min(o.y for o in offsets)
    max_oy = max(o.y for o in offsets)
    xs: list[float] = []
    ys: list[float] = []
    for h in hexes:
        x, y = hex_to_pixel(layout, h)
        xs.append(x)
        ys.append(y)
    if not xs:
        raise ValueError("bounds of no hexes")
    return min(xs) + min_ox, min(ys) + min_oy, max(xs) + max_ox, max(ys) + max_oy
