"""Tests of hexlab.hexes: fixed values in the style of Red Blob Games' tests, and properties."""

from __future__ import annotations

import copy
import math
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hexlab import hexes
from hexlab.hexes import (
    DOUBLED_KINDS,
    FLAT,
    HEX_DIAGONALS,
    HEX_DIRECTIONS,
    LABEL_SCHEMES,
    OFFSET_KINDS,
    POINTY,
    ColRowLabels,
    DoubledCoord,
    FourDigitLabels,
    FractionalHex,
    Hex,
    Hexside,
    LabelScheme,
    Layout,
    OffsetCoord,
    Point,
    SlashLabels,
    bounds,
    from_doubled,
    from_offset,
    hex_add,
    hex_corner_offset,
    hex_diagonal_neighbor,
    hex_direction,
    hex_distance,
    hex_length,
    hex_lerp,
    hex_line,
    hex_neighbor,
    hex_neighbor_direction,
    hex_neighbors,
    hex_path,
    hex_path_cost,
    hex_range,
    hex_reachable,
    hex_ring,
    hex_rotate_left,
    hex_rotate_right,
    hex_round,
    hex_scale,
    hex_sides,
    hex_spiral,
    hex_subtract,
    hex_to_pixel,
    hexside,
    hexside_endpoints,
    label_scheme,
    line_of_sight,
    offset_rect,
    pixel_to_fractional_hex,
    pixel_to_hex,
    polygon_corners,
    sight_line,
    to_doubled,
    to_offset,
)

coords = st.integers(-60, 60)
hex_st = st.builds(Hex, coords, coords)
far_hex_st = st.builds(Hex, st.integers(-1000, 1000), st.integers(-1000, 1000))
kinds = st.sampled_from(OFFSET_KINDS)


def _adjacent_chain(line: list[Hex] | tuple[Hex, ...]) -> bool:
    return all(hex_distance(x, y) == 1 for x, y in zip(line, line[1:], strict=False))


def test_all_names_exist() -> None:
    for name in hexes.__all__:
        assert hasattr(hexes, name), name
    assert len(set(hexes.__all__)) == len(hexes.__all__)


# ------------------------------------------------------------------------------------ cube coordinates


def test_hex_value_type() -> None:
    h = Hex(1, -2)
    assert (h.q, h.r, h.s) == (1, -2, 1)
    assert repr(h) == "Hex(q=1, r=-2)"
    assert h == Hex(1, -2) and h != Hex(-2, 1)
    assert hash(h) == hash(Hex(1, -2))
    assert len({Hex(1, -2), Hex(1, -2), Hex(0, 0)}) == 2
    assert sorted([Hex(1, 0), Hex(0, 5), Hex(0, -1), Hex(-1, 9)]) == [Hex(-1, 9), Hex(0, -1), Hex(0, 5), Hex(1, 0)]
    assert Hex(0, 3) < Hex(1, -3)
    with pytest.raises(AttributeError):
        h.q = 5  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(h)) == h
    assert copy.deepcopy(h) == h and copy.copy(h) == h
    q, r = h
    assert (q, r) == (1, -2)


def test_hex_arithmetic() -> None:
    assert Hex(1, -3) + Hex(3, -7) == Hex(4, -10)
    assert Hex(1, -3) - Hex(3, -7) == Hex(-2, 4)
    assert Hex(1, -3) * 3 == Hex(3, -9) == 3 * Hex(1, -3)
    assert -Hex(1, -3) == Hex(-1, 3)
    assert hex_add(Hex(1, -3), Hex(3, -7)) == Hex(4, -10)
    assert hex_subtract(Hex(1, -3), Hex(3, -7)) == Hex(-2, 4)
    assert hex_scale(Hex(1, -3), 2) == Hex(2, -6)
    assert isinstance(Hex(1, 2) + Hex(3, 4), Hex)
    with pytest.raises(TypeError):
        Hex(1, 2) + (3, 4)  # noqa: B018 -- not a hex: no tuple concatenation
    with pytest.raises(TypeError):
        Hex(1, 2) * 1.5  # noqa: B018


def test_directions_and_neighbours() -> None:
    assert HEX_DIRECTIONS == (Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1))
    assert hex_direction(2) == Hex(0, -1)
    assert hex_direction(8) == hex_direction(2) and hex_direction(-1) == hex_direction(5)
    assert hex_neighbor(Hex(1, -2), 2) == Hex(1, -3)
    assert hex_diagonal_neighbor(Hex(1, -2), 3) == Hex(-1, -1)
    assert hex_neighbors(Hex(0, 0)) == list(HEX_DIRECTIONS)
    assert hex_neighbors(Hex(2, 3)) == [hex_neighbor(Hex(2, 3), i) for i in range(6)]
    assert hex_neighbor_direction(Hex(2, 3), Hex(2, 4)) == 5
    with pytest.raises(ValueError):
        hex_neighbor_direction(Hex(0, 0), Hex(2, 0))
    for i, d in enumerate(HEX_DIAGONALS):
        assert hex_distance(Hex(0, 0), d) == 2
        assert d == HEX_DIRECTIONS[i] + HEX_DIRECTIONS[(i + 1) % 6]


def test_rotation() -> None:
    assert hex_rotate_right(Hex(1, -3)) == Hex(3, -2)
    assert hex_rotate_left(Hex(1, -3)) == Hex(-2, -1)
    for i in range(6):
        assert hex_rotate_left(HEX_DIRECTIONS[i]) == HEX_DIRECTIONS[(i + 1) % 6]
        assert hex_rotate_right(HEX_DIRECTIONS[i]) == HEX_DIRECTIONS[(i - 1) % 6]


def test_distance_values() -> None:
    assert hex_distance(Hex(3, -7), Hex(0, 0)) == 7
    assert hex_length(Hex(3, -7)) == 7
    assert hex_distance(Hex(-2, 5), Hex(1, 1)) == 4


@given(hex_st, hex_st, hex_st)
def test_distance_is_a_metric(a: Hex, b: Hex, c: Hex) -> None:
    assert hex_distance(a, b) == hex_distance(b, a) >= 0
    assert (hex_distance(a, b) == 0) == (a == b)
    assert hex_distance(a, c) <= hex_distance(a, b) + hex_distance(b, c)
    assert hex_distance(a, b) == hex_length(a - b) == max(abs(a.q - b.q), abs(a.r - b.r), abs(a.s - b.s))


@given(hex_st)
def test_neighbours_at_distance_one(h: Hex) -> None:
    nbs = hex_neighbors(h)
    assert len(set(nbs)) == 6
    assert all(hex_distance(h, n) == 1 for n in nbs)
    assert [hex_neighbor_direction(h, n) for n in nbs] == list(range(6))


# ------------------------------------------------------------------------------ fractional hexes, lines


def test_round_and_lerp() -> None:
    a, b, c = Hex(0, 0), Hex(1, -1), Hex(0, -1)
    assert hex_round(hex_lerp(Hex(0, 0), Hex(10, -20), 0.5)) == Hex(5, -10)
    assert hex_round(hex_lerp(a, b, 0.499)) == a
    assert hex_round(hex_lerp(a, b, 0.501)) == b
    mix = FractionalHex(a.q * 0.4 + b.q * 0.3 + c.q * 0.3, a.r * 0.4 + b.r * 0.3 + c.r * 0.3)
    assert hex_round(mix) == a
    mix = FractionalHex(a.q * 0.3 + b.q * 0.3 + c.q * 0.4, a.r * 0.3 + b.r * 0.3 + c.r * 0.4)
    assert hex_round(mix) == c
    assert FractionalHex(0.5, 0.25).s == -0.75
    assert FractionalHex(1.0, 2.0) != Hex(1, 2)


def test_line_values() -> None:
    expected = [Hex(0, 0), Hex(0, -1), Hex(0, -2), Hex(1, -3), Hex(1, -4), Hex(1, -5)]
    assert hex_line(Hex(0, 0), Hex(1, -5)) == expected
    assert hex_line(Hex(0, 0), Hex(1, -5), -1) == expected
    assert hex_line(Hex(4, 4), Hex(4, 4)) == [Hex(4, 4)]
    assert hex_line(Hex(0, 0), Hex(3, 0)) == [Hex(0, 0), Hex(1, 0), Hex(2, 0), Hex(3, 0)]
    assert hex_line(Hex(0, 0), Hex(1, 0), nudge=0) == [Hex(0, 0), Hex(1, 0)]
    with pytest.raises(ValueError):
        hex_line(Hex(0, 0), Hex(2, 0), nudge=2)


@given(far_hex_st, far_hex_st, st.sampled_from([1, -1]))
def test_line_properties(a: Hex, b: Hex, nudge: int) -> None:
    line = hex_line(a, b, nudge)
    assert len(line) == hex_distance(a, b) + 1
    assert line[0] == a and line[-1] == b
    assert _adjacent_chain(line)
    assert len(set(line)) == len(line)


@given(hex_st, st.integers(0, 5), st.integers(1, 12))
def test_nudged_lines_differ_along_hexsides(a: Hex, diagonal: int, k: int) -> None:
    b = a + HEX_DIAGONALS[diagonal] * k
    plus, minus = hex_line(a, b, 1), hex_line(a, b, -1)
    assert plus != minus
    sight = sight_line(a, b)
    assert sight.along_edge
    # Every other interior hex is a hex the line runs through (on both lines); the others are the
    # pairs of hexes on either side of the hexsides it runs along.
    assert len(sight.crossed) == k - 1
    assert len(sight.touched) == 2 * k
    for i in range(1, len(plus) - 1):
        if plus[i] != minus[i]:
            assert hex_distance(plus[i], minus[i]) == 1
            assert {plus[i], minus[i]} <= set(sight.touched)
    exact = sight_line(a, b, exact=True)
    assert (exact.crossed, set(exact.touched)) == (sight.crossed, set(sight.touched))


def _red_blob_line(a: Hex, b: Hex, sign: int) -> list[Hex]:
    """Red Blob's line drawing, with its nudge of (1e-6, 1e-6, -2e-6)."""
    n = hex_distance(a, b)
    aq, ar = a.q + 1e-6 * sign, a.r + 1e-6 * sign
    return [hex_round(FractionalHex(aq + (b.q - a.q) * i / n, ar + (b.r - a.r) * i / n)) for i in range(n + 1)]


@given(hex_st, st.sampled_from([0, 1, 3, 4]), st.integers(1, 12), st.sampled_from([1, -1]))
def test_nudge_agrees_with_red_blob_where_that_one_works(a: Hex, diagonal: int, k: int, sign: int) -> None:
    # Red Blob's nudge settles the ties along these four diagonals (it is parallel to the other two).
    b = a + HEX_DIAGONALS[diagonal] * k
    assert hex_line(a, b, sign) == _red_blob_line(a, b, sign)


@given(hex_st, hex_st)
def test_along_edge_means_a_diagonal_direction(a: Hex, b: Hex) -> None:
    d = b - a
    diagonal = any(d == m * k for m in HEX_DIAGONALS for k in range(1, 125))
    assert sight_line(a, b).along_edge == diagonal
    assert sight_line(a, b, exact=True).along_edge == diagonal


# ------------------------------------------------------------------------------------------- sight


def test_sight_line_along_a_hexside() -> None:
    a, b = Hex(0, 0), Hex(2, -1)
    sight = sight_line(a, b)
    assert sight.plus == (a, Hex(1, 0), b)
    assert sight.minus == (a, Hex(1, -1), b)
    assert sight.plus != sight.minus
    assert sight.crossed == ()
    assert sight.touched == (Hex(1, 0), Hex(1, -1))
    assert sight.along_edge
    assert sight.interior == (Hex(1, 0), Hex(1, -1))


def test_sight_line_through_hexes() -> None:
    sight = sight_line(Hex(0, 0), Hex(1, -5))
    assert sight.plus == sight.minus
    assert sight.crossed == (Hex(0, -1), Hex(0, -2), Hex(1, -3), Hex(1, -4))
    assert sight.touched == () and not sight.along_edge


def test_hexside_rule() -> None:
    a, b = Hex(0, 0), Hex(2, -1)
    one_side = line_of_sight(a, b, {Hex(1, 0)}.__contains__)
    assert one_side.clear and one_side.blocked_by == (Hex(1, 0),)
    other_side = line_of_sight(a, b, {Hex(1, -1)}.__contains__)
    assert other_side.clear and other_side.blocked_by == (Hex(1, -1),)
    both = line_of_sight(a, b, {Hex(1, 0), Hex(1, -1)}.__contains__)
    assert not both.clear and both.blocked_by == (Hex(1, 0), Hex(1, -1))
    assert both.touched == (Hex(1, 0), Hex(1, -1)) and both.crossed == () and both.along_edge
    # The endpoints never block.
    assert line_of_sight(a, b, {a, b}.__contains__).clear
    assert line_of_sight(a, b, lambda h: h in (a, b, Hex(1, 0))).clear


def test_hexside_rule_on_a_longer_edge_line() -> None:
    a, b = Hex(0, 0), Hex(4, -2)  # along hexsides, through the centre of Hex(2, -1)
    sight = sight_line(a, b)
    assert sight.crossed == (Hex(2, -1),)
    assert sight.touched == (Hex(1, 0), Hex(1, -1), Hex(3, -1), Hex(3, -2))
    assert not line_of_sight(a, b, {Hex(2, -1)}.__contains__).clear
    assert line_of_sight(a, b, {Hex(1, 0), Hex(3, -1)}.__contains__).clear  # one side only
    # Blocked on both sides, though by hexes facing different hexsides.
    assert not line_of_sight(a, b, {Hex(1, 0), Hex(3, -2)}.__contains__).clear


def test_line_of_sight_through_hexes() -> None:
    a, b = Hex(0, 0), Hex(0, 4)
    assert line_of_sight(a, b, lambda h: False).clear
    res = line_of_sight(a, b, {Hex(0, 2), Hex(0, 3), Hex(5, 5)}.__contains__)
    assert not res.clear and res.blocked_by == (Hex(0, 2), Hex(0, 3))
    assert res.crossed == (Hex(0, 1), Hex(0, 2), Hex(0, 3)) and res.touched == ()
    # Neighbours and a hex with itself always see each other.
    assert line_of_sight(a, Hex(0, 1), lambda h: True).clear
    assert line_of_sight(a, a, lambda h: True).clear
    assert line_of_sight(a, Hex(1, 0), lambda h: True, exact=True).clear


@given(hex_st, hex_st, st.sets(hex_st, max_size=40), st.booleans())
def test_line_of_sight_reading(a: Hex, b: Hex, blockers: set[Hex], exact: bool) -> None:
    calls: list[Hex] = []

    def blocks(h: Hex) -> bool:
        calls.append(h)
        return h in blockers

    res = line_of_sight(a, b, blocks, exact=exact)
    sight = sight_line(a, b, exact=exact)
    plus_blocked = any(h in blockers for h in sight.plus[1:-1])
    minus_blocked = any(h in blockers for h in sight.minus[1:-1])
    assert res.clear == (not (plus_blocked and minus_blocked))
    if any(h in blockers for h in sight.crossed):
        assert not res.clear
    if not sight.touched:
        assert res.clear == (not any(h in blockers for h in sight.crossed))
    assert len(calls) == len(set(calls))
    assert a not in calls and b not in calls
    assert res.blocked_by == tuple(h for h in sight.interior if h in blockers)
    assert (res.crossed, res.touched, res.along_edge) == (sight.crossed, sight.touched, sight.along_edge)


@given(hex_st, hex_st, st.booleans())
def test_sight_line_structure(a: Hex, b: Hex, exact: bool) -> None:
    sight = sight_line(a, b, exact=exact)
    for line in (sight.plus, sight.minus):
        assert line[0] == a and line[-1] == b
        assert _adjacent_chain(line)
        assert len(set(line)) == len(line)
        if not exact:
            assert len(line) == hex_distance(a, b) + 1
    interior_plus, interior_minus = set(sight.plus[1:-1]), set(sight.minus[1:-1])
    assert set(sight.crossed) == interior_plus & interior_minus
    assert set(sight.touched) == interior_plus ^ interior_minus
    assert len(sight.crossed) + len(sight.touched) == len(sight.interior)
    assert set(sight.interior) == interior_plus | interior_minus
    # In order from a: the crossed hexes come in the order of either line.
    assert list(sight.crossed) == [h for h in sight.plus if h in set(sight.crossed)]
    assert list(sight.crossed) == [h for h in sight.minus if h in set(sight.crossed)]


@given(hex_st, hex_st)
def test_exact_sight_line(a: Hex, b: Hex) -> None:
    exact = sight_line(a, b, exact=True)
    sampled = sight_line(a, b)
    # The exact lines hold every hex the sampled ones do (and sometimes corners these miss).
    assert set(sampled.plus) | set(sampled.minus) <= set(exact.plus) | set(exact.minus)
    # Seen from the other end, the crossed hexes come in reverse and right and left swap over.
    back = sight_line(b, a, exact=True)
    assert back.crossed == exact.crossed[::-1]
    assert back.plus == exact.minus[::-1] and back.minus == exact.plus[::-1]
    # Translation does not change anything.
    shift = Hex(7, -3)
    moved = sight_line(a + shift, b + shift, exact=True)
    assert moved.plus == tuple(h + shift for h in exact.plus)


@pytest.mark.parametrize("layout", [Layout.pointy(10), Layout.flat(10)])
def test_exact_plus_line_is_on_the_right(layout: Layout) -> None:
    rng = random.Random(5)
    for _ in range(300):
        a = Hex(rng.randint(-9, 9), rng.randint(-9, 9))
        b = Hex(rng.randint(-9, 9), rng.randint(-9, 9))
        sight = sight_line(a, b, exact=True)
        ax, ay = hex_to_pixel(layout, a)
        bx, by = hex_to_pixel(layout, b)
        for h in sight.touched:
            hx, hy = hex_to_pixel(layout, h)
            cross = (bx - ax) * (hy - ay) - (by - ay) * (hx - ax)  # > 0: right of a->b, y down
            assert (cross > 0) == (h in sight.plus)


def test_exact_sight_lines_see_clipped_corners() -> None:
    a = Hex(0, 0)
    # The sampled lines miss the corners of Hex(2, 1) and Hex(4, 0) that the true line clips.
    sampled = sight_line(a, Hex(6, 1))
    exact = sight_line(a, Hex(6, 1), exact=True)
    assert Hex(2, 1) not in sampled.interior and Hex(4, 0) not in sampled.interior
    assert exact.crossed == (
        Hex(1, 0), Hex(2, 0), Hex(2, 1), Hex(3, 0), Hex(3, 1), Hex(4, 0), Hex(4, 1), Hex(5, 1)
    )  # fmt: skip
    assert exact.touched == ()
    assert line_of_sight(a, Hex(6, 1), {Hex(2, 1)}.__contains__).clear
    assert not line_of_sight(a, Hex(6, 1), {Hex(2, 1)}.__contains__, exact=True).clear
    # A line crossing a hexside at its midpoint goes through both hexes, though each sampled line has one.
    sampled = sight_line(a, Hex(1, 3))
    exact = sight_line(a, Hex(1, 3), exact=True)
    assert sampled.touched == (Hex(1, 1), Hex(0, 2)) and not sampled.along_edge
    assert exact.crossed == (Hex(0, 1), Hex(1, 1), Hex(0, 2), Hex(1, 2)) and exact.touched == ()
    # A line through hex corners grazes one hex at each corner: touched, but not along an edge.
    exact = sight_line(a, Hex(8, 2), exact=True)
    assert exact.touched == (Hex(1, 1), Hex(3, 0), Hex(5, 2), Hex(7, 1)) and not exact.along_edge
    assert line_of_sight(a, Hex(8, 2), {Hex(1, 1), Hex(5, 2)}.__contains__, exact=True).clear
    assert not line_of_sight(a, Hex(8, 2), {Hex(1, 1), Hex(3, 0)}.__contains__, exact=True).clear


def _dense_cover(a: Hex, b: Hex, shift: tuple[float, float], samples: int) -> tuple[Hex, ...]:
    """The hexes met by densely sampled points of the segment from a to b, moved by ``shift``."""
    out: list[Hex] = []
    for i in range(samples + 1):
        t = (i + 0.37) / (samples + 1)
        h = hex_round(FractionalHex(a.q + shift[0] + (b.q - a.q) * t, a.r + shift[1] + (b.r - a.r) * t))
        if not out or out[-1] != h:
            out.append(h)
    return tuple(out)


@pytest.mark.parametrize("b", [Hex(6, 1), Hex(1, 3), Hex(4, -2), Hex(-3, -1), Hex(8, 2), Hex(-5, 4)])
def test_exact_sight_line_against_dense_sampling(b: Hex) -> None:
    a = Hex(0, 0)
    exact = sight_line(a, b, exact=True)
    length = math.hypot(b.q, b.r)
    right = (-b.r / length * 2e-3, b.q / length * 2e-3)  # a small step to the right, in (q, r)
    assert _dense_cover(a, b, right, 60_000) == exact.plus
    assert _dense_cover(a, b, (-right[0], -right[1]), 60_000) == exact.minus


# ----------------------------------------------------------------------------------------------- areas


def test_ring_spiral_range_values() -> None:
    assert hex_ring(Hex(3, 3), 0) == [Hex(3, 3)]
    assert hex_ring(Hex(0, 0), 1) == [Hex(-1, 1), Hex(0, 1), Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0)]
    assert hex_spiral(Hex(0, 0), 1) == [Hex(0, 0), *hex_ring(Hex(0, 0), 1)]
    assert hex_range(Hex(0, 0), 0) == [Hex(0, 0)]
    assert sorted(hex_range(Hex(0, 0), 1)) == sorted([Hex(0, 0), *HEX_DIRECTIONS])
    for fn in (hex_ring, hex_spiral, hex_range):
        with pytest.raises(ValueError):
            fn(Hex(0, 0), -1)


@given(hex_st, st.integers(1, 12))
def test_ring_properties(center: Hex, radius: int) -> None:
    ring = hex_ring(center, radius)
    assert len(ring) == 6 * radius == len(set(ring))
    assert all(hex_distance(center, h) == radius for h in ring)
    assert _adjacent_chain([*ring, ring[0]])


@given(hex_st, st.integers(0, 10))
def test_range_and_spiral_properties(center: Hex, n: int) -> None:
    area = hex_range(center, n)
    assert len(area) == 3 * n * (n + 1) + 1 == len(set(area))
    assert all(hex_distance(center, h) <= n for h in area)
    brute = {center + Hex(q, r) for q in range(-n, n + 1) for r in range(-n, n + 1)}
    assert set(area) == {h for h in brute if hex_distance(center, h) <= n}
    spiral = hex_spiral(center, n)
    assert spiral[0] == center and set(spiral) == set(area) and len(spiral) == len(area)


# -------------------------------------------------------------------------------------------- movement


def _grid_cost(board: dict[Hex, int | None]):
    def cost(frm: Hex, to: Hex) -> int | None:
        return board.get(to)

    return cost


def test_path_simple() -> None:
    board = {h: 1 for h in hex_range(Hex(0, 0), 6)}
    cost = _grid_cost(board)
    path = hex_path(Hex(0, 0), Hex(3, -1), cost)
    assert path is not None and path[0] == Hex(0, 0) and path[-1] == Hex(3, -1)
    assert len(path) == 4 and _adjacent_chain(path)
    assert hex_path(Hex(2, 2), Hex(2, 2), cost) == [Hex(2, 2)]
    assert hex_path_cost(path, cost) == 3
    assert hex_path_cost([Hex(0, 0)], cost) == 0
    assert hex_path_cost([Hex(0, 0), Hex(0, 1), Hex(0, 2)], lambda a, b: 1 if b == Hex(0, 1) else None) is None
    with pytest.raises(ValueError):
        hex_path_cost([Hex(0, 0), Hex(2, 0)], cost)
    # Deterministic: the same answer every time.
    assert all(hex_path(Hex(-3, 0), Hex(3, 0), cost) == hex_path(Hex(-3, 0), Hex(3, 0), cost) for _ in range(3))


def test_path_avoids_impassable_and_walls() -> None:
    board = {h: 1 for h in hex_range(Hex(0, 0), 6)}
    cost = _grid_cost(board)
    wall = frozenset(hex_ring(Hex(0, 0), 2)) - {Hex(2, -2)}  # a ring with one gap, in the north-east
    path = hex_path(Hex(0, 0), Hex(-4, 0), cost, impassable=wall)
    assert path is not None and not set(path) & wall and Hex(2, -2) in path
    assert hex_path(Hex(0, 0), Hex(-4, 0), cost, impassable=wall | {Hex(2, -2)}) is None
    assert hex_path(Hex(-4, 0), Hex(0, 0), cost, impassable=wall | {Hex(2, -2)}) is None
    assert hex_path(Hex(0, 0), Hex(-4, 0), cost, impassable={Hex(-4, 0)}) is None
    # Terrain whose cost is None cannot be entered either.
    board2 = dict(board)
    for h in hex_ring(Hex(0, 0), 3):
        board2[h] = None
    assert hex_path(Hex(0, 0), Hex(0, 5), _grid_cost(board2)) is None
    assert hex_path(Hex(0, 0), Hex(0, 2), _grid_cost(board2)) is not None
    # Goal off the board.
    assert hex_path(Hex(0, 0), Hex(0, 9), cost) is None


def test_path_max_cost() -> None:
    board = {h: 2 for h in hex_range(Hex(0, 0), 6)}
    cost = _grid_cost(board)
    assert hex_path(Hex(0, 0), Hex(3, 0), cost, max_cost=6) is not None
    assert hex_path(Hex(0, 0), Hex(3, 0), cost, max_cost=5) is None
    with pytest.raises(ValueError):
        hex_path(Hex(0, 0), Hex(3, 0), lambda a, b: -1)
    with pytest.raises(ValueError):
        hex_reachable(Hex(0, 0), 3, lambda a, b: -1)
    with pytest.raises(ValueError):
        hex_path(Hex(0, 0), Hex(3, 0), cost, min_step_cost=-1)


def test_path_prefers_roads() -> None:
    # A road of half-point hexes bends round; the straight way is clear terrain at 1.
    board: dict[Hex, float | None] = {h: 1 for h in hex_range(Hex(0, 0), 6)}
    road = [Hex(0, 0), Hex(0, 1), Hex(1, 1), Hex(2, 1), Hex(3, 0), Hex(4, -1), Hex(4, -2)]
    for h in road:
        board[h] = 0.5
    cost = _grid_cost(board)  # type: ignore[arg-type]
    path = hex_path(Hex(0, 0), Hex(4, -2), cost, min_step_cost=0.5)
    assert path == road and hex_path_cost(path, cost) == 3.0
    assert hex_path(Hex(0, 0), Hex(4, -2), cost, min_step_cost=0) == road


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**9))
def test_path_is_optimal_against_dijkstra(seed: int) -> None:
    rng = random.Random(seed)
    area = hex_range(Hex(0, 0), 5)
    fractional = rng.random() < 0.3
    board: dict[Hex, float | None] = {}
    for h in area:
        if rng.random() < 0.2:
            board[h] = None
        elif fractional:
            board[h] = rng.choice([0.5, 1, 1.5, 3])
        else:
            board[h] = rng.randint(1, 5)
    impassable = frozenset(h for h in area if rng.random() < 0.1)
    cost = _grid_cost(board)  # type: ignore[arg-type]
    start, goal = rng.choice(area), rng.choice(area)
    min_step = 0.5 if fractional else 1
    path = hex_path(start, goal, cost, impassable=impassable, min_step_cost=min_step)
    flood = hex_reachable(start, 10**6, cost, impassable=impassable)
    if start == goal:
        assert path == [start]
    elif goal not in flood:
        assert path is None
    else:
        assert path is not None and path[0] == start and path[-1] == goal and _adjacent_chain(path)
        assert not set(path[1:]) & impassable
        assert hex_path_cost(path, cost) == pytest.approx(flood[goal])
        dijkstra = hex_path(start, goal, cost, impassable=impassable, min_step_cost=0)
        assert dijkstra is not None and hex_path_cost(dijkstra, cost) == pytest.approx(flood[goal])


def test_reachable() -> None:
    board: dict[Hex, int | None] = {h: 1 for h in hex_range(Hex(0, 0), 6)}
    cost = _grid_cost(board)
    flood = hex_reachable(Hex(0, 0), 2, cost)
    assert set(flood) == set(hex_range(Hex(0, 0), 2))
    assert flood[Hex(0, 0)] == 0 and all(flood[h] == hex_distance(Hex(0, 0), h) for h in flood)
    assert list(flood.values()) == sorted(flood.values())
    assert hex_reachable(Hex(0, 0), 0, cost) == {Hex(0, 0): 0}
    board[Hex(1, 0)] = 3
    flood = hex_reachable(Hex(0, 0), 2, cost, impassable={Hex(0, 1)})
    assert Hex(1, 0) not in flood and Hex(0, 1) not in flood
    assert flood[Hex(2, -1)] == 2 and Hex(1, 1) not in flood


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**9), st.integers(0, 8))
def test_reachable_matches_paths(seed: int, budget: int) -> None:
    rng = random.Random(seed)
    board: dict[Hex, int | None] = {
        h: (None if rng.random() < 0.15 else rng.randint(1, 3)) for h in hex_range(Hex(0, 0), 4)
    }
    cost = _grid_cost(board)
    flood = hex_reachable(Hex(0, 0), budget, cost)
    for h in board:
        path = hex_path(Hex(0, 0), h, cost, max_cost=budget)
        assert (path is not None) == (h in flood)
        if path is not None:
            assert hex_path_cost(path, cost) == flood[h] <= budget


# -------------------------------------------------------------------------------------------- hexsides


def test_hexside_values() -> None:
    a, b = Hex(0, 0), Hex(1, -1)
    side = Hexside(b, a)
    assert side == Hexside(a, b) == Hexside.between(b, a) == hexside(a, b)
    assert (side.a, side.b) == (a, b)
    assert repr(side) == "Hexside(a=Hex(q=0, r=0), b=Hex(q=1, r=-1))"
    assert side.direction_from(a) == 1 and side.direction_from(b) == 4
    assert side.other(a) == b and side.other(b) == a
    with pytest.raises(ValueError):
        side.direction_from(Hex(5, 5))
    with pytest.raises(ValueError):
        side.other(Hex(5, 5))
    with pytest.raises(ValueError):
        Hexside(Hex(0, 0), Hex(2, 0))
    with pytest.raises(ValueError):
        hexside(Hex(0, 0), Hex(0, 0))
    assert Hexside((1, 0), (0, 0)) == Hexside(Hex(0, 0), Hex(1, 0))  # type: ignore[arg-type]
    assert isinstance(Hexside((1, 0), (0, 0)).a, Hex)  # type: ignore[arg-type]
    assert pickle.loads(pickle.dumps(side)) == side and copy.deepcopy(side) == side
    assert {side: "river"}[Hexside(b, a)] == "river"


@given(hex_st, st.integers(0, 5))
def test_hexside_properties(h: Hex, d: int) -> None:
    n = hex_neighbor(h, d)
    assert Hexside(h, n) == Hexside(n, h) and hash(Hexside(h, n)) == hash(Hexside(n, h))
    assert Hexside(h, n).a <= Hexside(h, n).b
    assert Hexside(h, n).direction_from(h) == d
    assert Hexside(h, n).direction_from(n) == (d + 3) % 6
    sides = hex_sides(h)
    assert len(sides) == len(set(sides)) == 6
    assert sides[d] == Hexside(h, n)
    assert len(set(sides) & set(hex_sides(n))) == 1


# --------------------------------------------------------------------------- offset and doubled coordinates


def test_offset_values() -> None:
    # Red Blob's test values.
    assert to_offset(Hex(1, 2), "even-q") == OffsetCoord(1, 3)
    assert to_offset(Hex(1, 2), "odd-q") == OffsetCoord(1, 2)
    assert from_offset(1, 3, "even-q") == Hex(1, 2)
    assert from_offset(OffsetCoord(1, 2), "odd-q") == Hex(1, 2)
    assert from_offset(OffsetCoord(1, 2), kind="odd-q") == Hex(1, 2)
    # Column 1, row 1 in each kind.
    assert from_offset(1, 1, "odd-r") == Hex(1, 1)
    assert from_offset(1, 1, "even-r") == Hex(0, 1)
    assert from_offset(1, 1, "odd-q") == Hex(1, 1)
    assert from_offset(1, 1, "even-q") == Hex(1, 0)
    # odd-r: odd rows are shoved right, so (0, 1) touches (0, 0) and (1, 0) of the row above.
    assert {h for h in hex_neighbors(from_offset(0, 1, "odd-r")) if h.r == 0} == {
        from_offset(0, 0, "odd-r"),
        from_offset(1, 0, "odd-r"),
    }
    # even-r: even rows are shoved right, so (1, 1) touches (0, 0) and (1, 0).
    assert {h for h in hex_neighbors(from_offset(1, 1, "even-r")) if h.r == 0} == {
        from_offset(0, 0, "even-r"),
        from_offset(1, 0, "even-r"),
    }
    # odd-q: odd columns are shoved down, so (1, 0) touches (0, 0) and (0, 1) of the column to its left.
    left = {h for h in hex_neighbors(from_offset(1, 0, "odd-q")) if h.q == 0}
    assert left == {from_offset(0, 0, "odd-q"), from_offset(0, 1, "odd-q")}
    col, row = to_offset(Hex(3, -1), "odd-r")
    assert (col, row) == (2, -1)
    assert from_offset(0, 0, "odd-r") == Hex(0, 0)


def test_offset_errors() -> None:
    with pytest.raises(ValueError, match="odd-r.*even-r.*odd-q.*even-q"):
        to_offset(Hex(0, 0), "odd")
    with pytest.raises(ValueError, match="odd-r"):
        from_offset(0, 0, "doubled-width")
    with pytest.raises(ValueError, match="odd-r"):
        offset_rect(3, 3, "hex")
    with pytest.raises(TypeError):
        from_offset(1, 2)  # type: ignore[call-overload]


@given(hex_st, kinds)
def test_offset_round_trip(h: Hex, kind: str) -> None:
    c = to_offset(h, kind)
    assert from_offset(c.col, c.row, kind) == h
    assert from_offset(c, kind) == h


@given(coords, coords, kinds)
def test_offset_round_trip_from_offset(col: int, row: int, kind: str) -> None:
    assert to_offset(from_offset(col, row, kind), kind) == OffsetCoord(col, row)


def test_doubled_values() -> None:
    assert to_doubled(Hex(1, 2), "doubled-height") == DoubledCoord(1, 5)
    assert to_doubled(Hex(1, 2), "doubled-width") == DoubledCoord(4, 2)
    assert from_doubled(1, 5, "doubled-height") == Hex(1, 2)
    assert from_doubled(DoubledCoord(4, 2), "doubled-width") == Hex(1, 2)
    with pytest.raises(ValueError, match="even"):
        from_doubled(1, 2, "doubled-width")
    with pytest.raises(ValueError, match="doubled-width.*doubled-height"):
        to_doubled(Hex(0, 0), "odd-r")
    with pytest.raises(ValueError, match="doubled-width"):
        from_doubled(0, 0, "doubled")
    assert OffsetCoord(1, 2) != DoubledCoord(1, 2) and OffsetCoord(1, 2) != Hex(1, 2)


@given(hex_st, st.sampled_from(DOUBLED_KINDS))
def test_doubled_round_trip(h: Hex, kind: str) -> None:
    d = to_doubled(h, kind)
    assert (d.col + d.row) % 2 == 0
    assert from_doubled(d.col, d.row, kind) == h == from_doubled(d, kind)


@pytest.mark.parametrize("kind", OFFSET_KINDS)
def test_offset_rect(kind: str) -> None:
    rect = offset_rect(13, 9, kind)
    assert len(rect) == 13 * 9 == len(set(rect))
    assert rect[:13] == [from_offset(c, 0, kind) for c in range(13)]
    assert [to_offset(h, kind) for h in rect] == [OffsetCoord(c, r) for r in range(9) for c in range(13)]
    assert offset_rect(0, 5, kind) == [] and offset_rect(4, 0, kind) == []
    with pytest.raises(ValueError):
        offset_rect(-1, 3, kind)


def test_memoir_board() -> None:
    board = offset_rect(13, 9, "odd-r", short_odd_rows=True)
    assert len(board) == 13 * 5 + 12 * 4 == 113
    rows: dict[int, list[int]] = {}
    for h in board:
        c = to_offset(h, "odd-r")
        rows.setdefault(c.row, []).append(c.col)
    assert all(cols == list(range(13 if row % 2 == 0 else 12)) for row, cols in rows.items())
    # The odd rows sit between the ends of the even rows: the board's sides are straight.
    layout = Layout.pointy(1)
    xs = [hex_to_pixel(layout, h).x for h in board]
    left = [hex_to_pixel(layout, h).x for h in board if to_offset(h, "odd-r").col == 0]
    assert min(xs) == pytest.approx(0) and min(left[1::2]) == pytest.approx(math.sqrt(3) / 2)
    flat = offset_rect(9, 5, "odd-q", short_odd_cols=True)
    assert len(flat) == 5 * 5 + 4 * 4


# ---------------------------------------------------------------------------------------------- labels


def test_label_strings() -> None:
    four = FourDigitLabels()
    h = from_offset(6, 11, "odd-q")
    assert four.label(h) == "0712" and four.parse("0712") == h and four.parse(" 0712\n") == h
    slash = SlashLabels()
    h = from_offset(7, 13, "odd-q")
    assert slash.label(h) == "7/13" and slash.parse("7/13") == h
    colrow = ColRowLabels()
    h = from_offset(3, 5, "odd-r")
    assert colrow.label(h) == "3,5" and colrow.parse("3,5") == h and colrow.parse("3, 5") == h
    assert ColRowLabels(base=1).label(Hex(0, 0)) == "1,1"
    assert FourDigitLabels(offset="odd-r", base=0).label(from_offset(9, 10, "odd-r")) == "0910"
    assert ColRowLabels().label(from_offset(-2, 3, "odd-r")) == "-2,3"
    assert ColRowLabels().parse("-2,3") == from_offset(-2, 3, "odd-r")


@pytest.mark.parametrize(
    ("scheme", "text"),
    [
        (FourDigitLabels(), "712"),
        (FourDigitLabels(), "07120"),
        (FourDigitLabels(), "07a2"),
        (FourDigitLabels(), "07/12"),
        (FourDigitLabels(), "٠٧١٢"),  # Arabic-Indic digits are digits to str.isdigit, not to a map
        (FourDigitLabels(), ""),
        (SlashLabels(), "7-13"),
        (SlashLabels(), "7/"),
        (SlashLabels(), "/13"),
        (SlashLabels(), "7/13/2"),
        (ColRowLabels(), "3;5"),
        (ColRowLabels(), "3,5,7"),
        (ColRowLabels(), "three,five"),
        (ColRowLabels(), "3.5,1"),
    ],
)
def test_malformed_labels(scheme: LabelScheme, text: str) -> None:
    with pytest.raises(ValueError, match="expected"):
        scheme.parse(text)


def test_label_schemes_factory() -> None:
    assert set(LABEL_SCHEMES) == {"colrow", "four_digit", "slash"}
    assert label_scheme("four_digit") == FourDigitLabels()
    assert label_scheme("colrow", offset="even-q", base=1) == ColRowLabels(offset="even-q", base=1)
    assert isinstance(label_scheme("slash"), LabelScheme)
    with pytest.raises(ValueError, match="colrow, four_digit, slash"):
        label_scheme("alphanumeric")
    with pytest.raises(ValueError, match="odd-r"):
        ColRowLabels(offset="sideways")
    with pytest.raises(ValueError, match="four-digit"):
        FourDigitLabels().label(from_offset(100, 1, "odd-q"))
    with pytest.raises(ValueError):
        FourDigitLabels().label(from_offset(-2, 1, "odd-q"))


@given(
    st.sampled_from(sorted(LABEL_SCHEMES)),
    kinds,
    st.integers(0, 2),
    st.integers(0, 60),
    st.integers(0, 60),
)
def test_label_round_trip(name: str, kind: str, base: int, col: int, row: int) -> None:
    scheme = label_scheme(name, offset=kind, base=base)
    h = from_offset(col, row, kind)
    text = scheme.label(h)
    assert scheme.parse(text) == h
    if name == "four_digit":
        assert len(text) == 4 and text == f"{col + base:02d}{row + base:02d}"


# ---------------------------------------------------------------------------------------------- pixels


def test_pixel_values() -> None:
    s3 = math.sqrt(3)
    pointy = Layout.pointy(1)
    assert pointy.orientation is POINTY and pointy.size == Point(1.0, 1.0) and pointy.origin == Point(0, 0)
    assert hex_to_pixel(pointy, Hex(1, 0)) == pytest.approx((s3, 0))
    assert hex_to_pixel(pointy, Hex(0, 1)) == pytest.approx((s3 / 2, 1.5))
    flat = Layout.flat(1)
    assert flat.orientation is FLAT
    assert hex_to_pixel(flat, Hex(1, 0)) == pytest.approx((1.5, s3 / 2))
    assert hex_to_pixel(flat, Hex(0, 1)) == pytest.approx((0, s3))
    moved = Layout.pointy((10, 20), origin=(5, 7))
    assert moved.size == Point(10.0, 20.0) and hex_to_pixel(moved, Hex(0, 0)) == Point(5, 7)
    assert hex_corner_offset(pointy, 0) == pytest.approx((s3 / 2, 0.5))
    assert hex_corner_offset(flat, 0) == pytest.approx((1, 0))
    # Red Blob's layout test.
    layout = Layout(FLAT, Point(10.0, 15.0), Point(35.0, 71.0))
    h = Hex(3, 4)
    assert hex_round(pixel_to_fractional_hex(layout, hex_to_pixel(layout, h))) == h
    layout = Layout(POINTY, Point(10.0, 15.0), Point(35.0, 71.0))
    assert pixel_to_hex(layout, hex_to_pixel(layout, h)) == h
    # Methods agree with the functions.
    assert layout.hex_to_pixel(h) == hex_to_pixel(layout, h)
    assert layout.pixel_to_hex((40.0, 80.0)) == pixel_to_hex(layout, (40.0, 80.0))
    assert layout.pixel_to_fractional_hex((40.0, 80.0)) == pixel_to_fractional_hex(layout, (40.0, 80.0))
    assert layout.polygon_corners(h) == polygon_corners(layout, h)
    assert layout.hex_corner_offset(2) == hex_corner_offset(layout, 2)
    assert layout.bounds([h]) == bounds(layout, [h])
    side = Hexside(h, hex_neighbor(h, 0))
    assert layout.hexside_endpoints(side) == hexside_endpoints(layout, side)


layouts = st.sampled_from(
    [
        Layout.pointy(1),
        Layout.flat(1),
        Layout.pointy(30, origin=(400, 300)),
        Layout.flat((24, 18), origin=(-5, 12.5)),
        Layout(POINTY, Point(10.0, 15.0), Point(35.0, 71.0)),
    ]
)


@given(layouts, hex_st)
def test_pixel_round_trip(layout: Layout, h: Hex) -> None:
    assert pixel_to_hex(layout, hex_to_pixel(layout, h)) == h
    f = pixel_to_fractional_hex(layout, hex_to_pixel(layout, h))
    assert (f.q, f.r) == (pytest.approx(h.q), pytest.approx(h.r))
    # Points just inside each corner belong to the hex too.
    cx, cy = hex_to_pixel(layout, h)
    for x, y in polygon_corners(layout, h):
        assert pixel_to_hex(layout, (cx + (x - cx) * 0.95, cy + (y - cy) * 0.95)) == h


@given(layouts, hex_st)
def test_polygon_corners(layout: Layout, h: Hex) -> None:
    corners = polygon_corners(layout, h)
    assert len(corners) == 6
    cx, cy = hex_to_pixel(layout, h)
    for x, y in corners:
        # On the ellipse of the layout's size (a circle when the size is square).
        assert ((x - cx) / layout.size.x) ** 2 + ((y - cy) / layout.size.y) ** 2 == pytest.approx(1)
    # Neighbouring hexes share exactly two corners.
    for n in hex_neighbors(h):
        shared = [p for p in corners if any(math.dist(p, o) < 1e-6 for o in polygon_corners(layout, n))]
        assert len(shared) == 2


@given(layouts, hex_st, st.integers(0, 5))
def test_hexside_endpoints(layout: Layout, h: Hex, d: int) -> None:
    n = hex_neighbor(h, d)
    side = Hexside(h, n)
    p, q = hexside_endpoints(layout, side)
    for corners in (polygon_corners(layout, h), polygon_corners(layout, n)):
        assert any(math.dist(p, c) < 1e-6 for c in corners)
        assert any(math.dist(q, c) < 1e-6 for c in corners)
    assert math.dist(p, q) > 1e-3
    # The side's middle is halfway between the two centres.
    mid = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
    hc, nc = hex_to_pixel(layout, h), hex_to_pixel(layout, n)
    assert mid == pytest.approx(((hc.x + nc.x) / 2, (hc.y + nc.y) / 2))


def test_hexside_endpoint_length() -> None:
    for layout in (Layout.pointy(10), Layout.flat(10)):
        for side in hex_sides(Hex(2, -1)):
            p, q = hexside_endpoints(layout, side)
            assert math.dist(p, q) == pytest.approx(10)


def test_bounds() -> None:
    s3 = math.sqrt(3)
    assert bounds(Layout.pointy(1), [Hex(0, 0)]) == pytest.approx((-s3 / 2, -1, s3 / 2, 1))
    assert bounds(Layout.flat(1), [Hex(0, 0)]) == pytest.approx((-1, -s3 / 2, 1, s3 / 2))
    layout = Layout.pointy(10, origin=(100, 100))
    area = hex_range(Hex(0, 0), 3)
    min_x, min_y, max_x, max_y = bounds(layout, area)
    xs = [p.x for h in area for p in polygon_corners(layout, h)]
    ys = [p.y for h in area for p in polygon_corners(layout, h)]
    assert (min_x, min_y, max_x, max_y) == pytest.approx((min(xs), min(ys), max(xs), max(ys)))
    with pytest.raises(ValueError):
        bounds(layout, [])
