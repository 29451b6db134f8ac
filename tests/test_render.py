"""Rendering: the scene as plain data, and the same scene as SVG."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import hexlab
from hexlab import style
from hexlab.engine import Board, Unit
from hexlab.hexes import Hex, line_of_sight
from hexlab.render import Circle, Line, Poly, Text, fit_layout, save_svg, scene, to_svg


@pytest.fixture
def game():
    return hexlab.load("skirmish/meadow", seed=1)


def test_terrain_layer_has_a_fill_and_an_outline_per_hex_and_labels_in_board_notation(game):
    sc = scene(game)
    fills = [s for s in sc.layers["terrain"] if isinstance(s, Poly) and s.fill and len(s.points) == 6]
    assert len(fills) == len(game.board.terrain) == 48
    woods = game.board.parse("3,2")
    assert sc.cells[woods].terrain == "Woods" and sc.cells[woods].label == "3,2"
    assert style.TERRAIN["forest"] in {f.fill for f in fills}
    labels = {s.text for s in sc.layers["terrain"] if isinstance(s, Text)}
    assert {"0,0", "7,5", "3,2"} <= labels


def test_hexside_walls_and_region_borders_are_drawn(game):
    sc = scene(game)
    wall_colour = style.HEXSIDE["wall"][0]
    walls = [s for s in sc.layers["terrain"] if isinstance(s, Line) and s.stroke == wall_colour]
    assert len(walls) == len(game.board.hexsides) == 3
    borders = [s for s in sc.layers["terrain"] if isinstance(s, Line) and s.stroke == style.REGION]
    assert borders and all(b.dash for b in borders)


def test_counters_show_side_colour_symbol_and_strength(game):
    sc = scene(game)
    assert {c.unit for c in sc.counters} == {"R1", "R2", "R3", "B1", "B2", "B3"}
    red_fill, _ = style.side_colours("Red", game.state.sides)
    bodies = [s for s in sc.layers["units"] if isinstance(s, Poly) and s.fill == red_fill]
    assert len(bodies) == 3
    texts = {s.text for s in sc.layers["units"] if isinstance(s, Text)}
    assert "2/2" in texts and "1/2" in texts  # B2 starts reduced
    hidden = [s for s in sc.layers["units"] if isinstance(s, Poly) and s.dash and s.fill]
    assert len(hidden) == 2  # the two scouts are drawn dashed: hidden from the enemy


def test_stacked_counters_each_stay_visible(game):
    state = game.state.copy()
    state.units["R2"].at = state.units["R1"].at
    sc = scene(state, fit_layout(game.board), board=game.board, rules=game.rules)
    r1 = next(c for c in sc.counters if c.unit == "R1")
    r2 = next(c for c in sc.counters if c.unit == "R2")
    alone = next(c for c in sc.counters if c.unit == "B1")
    # two in a hex sit side by side, smaller, without covering each other
    assert r1.size == r2.size < alone.size
    assert abs(r1.x - r2.x) >= r1.size and r1.y == r2.y
    assert sc.counter_at(r1.x, r1.y).unit == "R1" and sc.counter_at(r2.x, r2.y).unit == "R2"
    # four or more cascade, each offset from the last so a corner of each shows
    for uid in ("R3", "B1"):
        state.units[uid].at = state.units["R1"].at
    sc = scene(state, fit_layout(game.board), board=game.board, rules=game.rules)
    stack = [c for c in sc.counters if c.at == state.units["R1"].at]
    assert len(stack) == 4 and len({(c.x, c.y) for c in stack}) == 4
    assert all(c.size == alone.size for c in stack)
    top = stack[-1]
    assert sc.counter_at(top.x + top.size * 0.4, top.y - top.size * 0.4).unit == top.unit


def test_figures_are_drawn_as_dots():
    board = Board.rect(3, 3)
    from hexlab.engine import GameState

    state = GameState("x", ["A", "B"], "A", "p.s", 0, units={"u": Unit("u", "A", "inf", Hex(1, 1), 3, 4)})
    from hexlab.engine import UnitType

    class Rules:
        unit_types = {"inf": UnitType("inf", "Infantry", "infantry", "figures", 4)}

        def map_lines(self):
            return []

        def strength_text(self, unit):
            return None

        def badge_text(self, unit):
            return None

        def side_colours(self, side, sides):
            return style.side_colours(side, sides)

    sc = scene(state, board=board, rules=Rules())
    dots = [s for s in sc.layers["units"] if isinstance(s, Circle)]
    assert len(dots) == 3


def test_highlights_arrows_and_line_of_sight(game):
    a, b = game.board.parse("1,1"), game.board.parse("4,2")
    los = line_of_sight(a, b, lambda h: game.board.terrain[h] == "woods")
    sc = scene(game, highlights={a: "move", b: "battle"}, selected="R1", arrows=[(a, b, "move")], los=(a, b, los))
    hl = sc.layers["highlight"]
    assert any(isinstance(s, Poly) and s.fill == style.HIGHLIGHT["battle"] for s in hl)
    colour = style.HIGHLIGHT["los_clear" if los.clear else "los_blocked"]
    assert any(isinstance(s, Line) and s.stroke == colour for s in hl)
    assert any(isinstance(s, Poly) and s.stroke == style.HIGHLIGHT["select"] for s in hl)


def test_an_area_map_draws_its_boxes_with_names_and_grid_labels():
    game = hexlab.load("boxes/islands", seed=1)
    sc = scene(game)
    texts = {s.text for s in sc.layers["terrain"] if isinstance(s, Text)}
    assert "West Island 2/2" in texts and "The Reef 5/1" in texts
    assert len(sc.counters) == 2
    assert game.board.orientation == "flat"


def test_an_area_map_is_drawn_as_its_places_with_legible_counters_and_routes():
    """Issue 11: each area a large named box (no hex grid), units at a legible size inside their box,
    links drawn as routes between boxes, and no text under 9 px."""
    game = hexlab.load("boxes/islands", seed=1)
    sc = scene(game)
    plan = sc.areas
    assert plan is not None and set(plan.boxes) == set(game.board.areas)
    for area, (x0, y0, x1, y1) in plan.boxes.items():
        assert x1 - x0 >= 150 and y1 - y0 >= 120
        for other, box in plan.boxes.items():  # boxes never overlap
            if other != area:
                assert box[2] <= x0 or box[0] >= x1 or box[3] <= y0 or box[1] >= y1
    for c in sc.counters:
        x0, y0, x1, y1 = plan.boxes[c.at]
        assert x0 < c.x < x1 and y0 < c.y < y1 and c.size >= 40
        assert sc.area_at(c.x, c.y) == c.at
    routes = [s for s in sc.layers["terrain"] if isinstance(s, Line) and s.width >= 6]
    links = {frozenset((a.id, b)) for a in game.board.areas.values() for b in a.links}
    assert len(routes) >= len(links)
    hexes = [s for s in sc.layers["terrain"] if isinstance(s, Poly) and len(s.points) == 6]
    assert hexes == []  # the grid that only locates the areas is not drawn
    assert min(s.size for layer in sc.layers.values() for s in layer if isinstance(s, Text)) >= 9


def test_svg_is_standalone_valid_and_deterministic(game, tmp_path):
    svg = to_svg(scene(game))
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg") and float(root.get("width")) > 100
    layers = [g.get("class") for g in root if g.tag.endswith("}g")]
    assert layers == ["terrain", "units", "highlight"]
    assert root[0].tag.endswith("title") and root[0].text == "Skirmish at the meadow (test)"
    assert svg == to_svg(scene(game))
    assert game._repr_svg_() == svg
    assert game.board._repr_svg_().startswith("<svg")
    out = save_svg(game, tmp_path / "handout.svg")
    assert ET.parse(out).getroot().tag.endswith("svg")
    assert "<script" not in svg


def test_text_in_svg_is_escaped():
    board = Board.rect(2, 2)
    sc = scene(board, labels=lambda h: "<b>&")
    assert "&lt;b&gt;&amp;" in to_svg(sc)


MAPS = Path(__file__).parent / "maps" / "boxes"


@pytest.mark.parametrize("scenario_id", ["memoir44/tenaru", "memoir44/normandy", "cadet/village", "cactus/guadalcanal",
                                         str(MAPS / "sectors.toml"), str(MAPS / "atoll.toml")])
def test_no_map_text_below_9_css_pixels_at_the_tables_size(scenario_id):
    """Issue 11: counters and labels legible at the size the play table draws them (issue 22: on a grid of
    sectors, boxes at positions, units aboard and display panels too)."""
    from hexlab.widgets.hexmap import auto_size

    game = hexlab.load(scenario_id, seed=1)
    sc = scene(game, fit_layout(game.board, auto_size(game)))
    sizes = [s.size for layer in sc.layers.values() for s in layer if isinstance(s, Text)]
    assert sizes and min(sizes) >= 9


@pytest.mark.rule("oc.components.markers", "oc.air.airbase.adc_hidden")
def test_a_seats_cartwheel_map_draws_the_airbase_markers_and_no_hidden_unit():
    """The map drawn for the Allies' seat carries the public airbase markers (Base Disrupted on Wewak's hex, the
    Mission Target on a strike's hex) and no Japanese unit on a hidden display."""
    import hexlab.rulesets.cartwheel.views  # noqa: F401
    from hexlab.widgets import HexMap

    game = hexlab.load("cartwheel/wewak", seed=1)
    game.rules.mine(game.state).bases["j_wewak"].status = "disrupted"
    svg = HexMap(game, viewer="Allies", displays=False).to_svg()
    ET.fromstring(svg)
    assert ">Disr.<" in svg
    for uid in ("K43a", "K61a", "K48a", "Z1", "G4a"):
        assert uid not in svg
    teacher = HexMap(game, viewer=None).to_svg()
    assert "K43a" in teacher and ">Disr.<" in teacher
