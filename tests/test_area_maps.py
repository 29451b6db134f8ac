"""Area maps as maps (issue 22, point 6): sector grids and boxes at positions with no hex grid, links declared
both ways, units aboard a carrier, and off-map displays; their scenario format, state, saves and drawing."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

import hexlab
from hexlab import saves, style
from hexlab.cli import main
from hexlab.engine import Aboard, Action, Area, Board, Display, DisplayBox, GameState, Location, Unit
from hexlab.engine.actions import ActionCodec
from hexlab.engine.state import parse_sector, sector_label
from hexlab.render import Poly, Text, scene, to_svg
from hexlab.render.displays import displays_scene
from hexlab.scenario import ScenarioError, load_text, read, read_text
from hexlab.testing import random_sim_test
from tests.support.boxes import Shift

MAPS = Path(__file__).parent / "maps" / "boxes"
SECTORS = MAPS / "sectors.toml"
ATOLL = MAPS / "atoll.toml"


def sectors(seed: int = 1):
    return hexlab.load(str(SECTORS), seed=seed)


def problems(text: str, name: str = "test.toml") -> str:
    with pytest.raises(ScenarioError) as info:
        read_text(text, "boxes/test", name)
    return str(info.value)


# --------------------------------------------------------------------------------------------- sector grids


def test_sector_labels_put_the_row_letter_first_and_the_column_number_second():
    assert sector_label(0, 0) == "A1" and sector_label(1, 2) == "B3" and sector_label(4, 7) == "E8"
    assert parse_sector("B3") == (1, 2) and parse_sector("c10") == (2, 9)
    with pytest.raises(ValueError, match="not a sector label"):
        parse_sector("3B")


def test_a_sector_grid_makes_one_area_per_square_named_by_its_label():
    game = sectors()
    board = game.board
    assert board.kind == "area" and board.sectors == (3, 3) and board.terrain == {}
    assert list(board.areas) == ["A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2", "C3"]
    assert board.areas["B3"].at == (2.0, 1.0)  # column 3, row B
    assert board.label("B2") == "Tulagi" and board.areas["B2"].ref == "B2"
    assert board.areas["B2"].terrain == "island" and board.areas["A1"].terrain == "sea"
    assert board.areas["C3"].terrain == "island" and board.label("C3") == "C3"
    assert board.areas["A1"].links == ("A2", "B1")  # links = "four": the sectors sharing a side
    assert set(board.areas["B2"].links) == {"A2", "B1", "B3", "C2"}
    assert board.sector(1, 2) == "B3" and board.sector(3, 0) is None


def test_sectors_linked_by_sides_and_corners():
    text = SECTORS.read_text().replace('links = "four"', 'links = "eight"')
    board = read_text(text, "boxes/eight").board
    assert len(board.areas["B2"].links) == 8 and set(board.areas["A1"].links) == {"A2", "B1", "B2"}
    none = read_text(SECTORS.read_text().replace('links = "four"', 'links = "none"'), "boxes/none").board
    assert all(a.links == () for a in none.areas.values())


def test_a_sector_grid_is_drawn_as_squares_in_rows_and_columns_not_staggered():
    sc = scene(sectors())
    boxes = sc.areas.boxes
    assert len(boxes) == 9
    sides = {(round(x1 - x0, 2), round(y1 - y0, 2)) for x0, y0, x1, y1 in boxes.values()}
    assert len(sides) == 1 and next(iter(sides))[0] == next(iter(sides))[1]  # all squares of one size
    xs = sorted({x0 for x0, _, _, _ in boxes.values()})
    ys = sorted({y0 for _, y0, _, _ in boxes.values()})
    assert len(xs) == 3 and len(ys) == 3  # three columns, three rows: no staggered half-rows
    for label, (x0, y0, x1, y1) in boxes.items():
        row, col = parse_sector(label)
        assert (x0, y0) == (xs[col], ys[row])
        if col < 2:  # squares touch their neighbours: a true grid
            assert boxes[sector_label(row, col + 1)][0] == x1
        if row < 2:
            assert boxes[sector_label(row + 1, col)][1] == y1
    texts = [s.text for s in sc.layers["terrain"] if isinstance(s, Text)]
    for label in ("A1", "B2", "C3", "Tulagi", "1", "2", "3", "A", "B", "C"):
        assert label in texts
    assert not any(isinstance(s, Poly) and len(s.points) == 6 for s in sc.layers["terrain"])  # no hexes


def test_an_island_sector_is_drawn_as_land_in_its_square():
    game = sectors()
    sc = scene(game)
    land = style.terrain_colour(game.board.styles["island"])
    sea = style.terrain_colour(game.board.styles["sea"])
    x0, y0, x1, y1 = sc.areas.boxes["B2"]
    islands = [s for s in sc.layers["terrain"] if isinstance(s, Poly) and s.fill == land]
    assert len(islands) == 2  # B2 and C3
    assert any(all(x0 < x < x1 and y0 < y < y1 for x, y in s.points) for s in islands)
    assert any(isinstance(s, Poly) and s.fill == sea and s.points[0] == (x0, y0) for s in sc.layers["terrain"])


# --------------------------------------------------------------------------------------------- boxes at positions


def test_boxes_stand_at_their_positions_with_their_own_terrain_and_no_hex_grid():
    game = hexlab.load(str(ATOLL), seed=1)
    board = game.board
    assert board.terrain == {} and board.width == 0 and board.sectors is None
    assert {a.id: a.at for a in board.areas.values()} == {"west": (0.0, 0.0), "reef": (1.0, 0.5),
                                                           "east": (2.0, 0.0)}
    assert {a.id: a.terrain for a in board.areas.values()} == {"west": "island", "reef": "sea", "east": "land"}
    sc = scene(game)
    (wx0, wy0, wx1, wy1), (rx0, ry0, _, _), (ex0, ey0, _, _) = (sc.areas.boxes[k] for k in ("west", "reef", "east"))
    assert wx0 < rx0 < ex0 and wy0 == ey0
    assert ry0 - wy0 == pytest.approx(((wy1 - wy0) + 48.0) / 2)  # half a step down: row 0.5
    fills = {s.points[0]: s.fill for s in sc.layers["terrain"] if isinstance(s, Poly) and s.stroke == style.INK}
    assert fills[(wx0, wy0)] == style.terrain_colour(board.styles["island"])
    assert fills[(ex0, ey0)] == style.terrain_colour(board.styles["land"])


def test_titles_print_the_name_and_only_a_declared_reference():
    texts = {s.text for s in scene(hexlab.load(str(ATOLL), seed=1)).layers["terrain"] if isinstance(s, Text)}
    assert {"West Island", "The Reef", "East Island"} <= texts
    assert not any("/" in t or "," in t for t in texts)  # no hex labels
    cactus = scene(hexlab.load("cactus/guadalcanal", seed=1))
    assert "Guadalcanal 7/13" in {s.text for s in cactus.layers["terrain"] if isinstance(s, Text)}


def test_cactus_declares_boxes_at_positions_with_terrain_and_its_reference_grid():
    scn = read("cactus/guadalcanal")
    board = scn.board
    assert {a.id: (a.at, a.terrain, a.ref) for a in board.areas.values()} == {
        "guadalcanal": ((0.0, 2.0), "airfield", "7/13"), "beach_red": ((1.0, 3.0), "jungle", "8/14"),
        "cape_esperance": ((0.0, 1.0), "jungle", "7/12"), "munda": ((0.0, 0.0), "jungle", "7/9")}
    assert "default_terrain" not in scn.source and "[[board.terrain]]" not in scn.source
    assert board.parse("5/11") in board.terrain  # the fighters' bases are references on the grid
    assert board.area_of(board.parse("7/9")) == "munda"


def test_boxes_closer_than_a_step_are_refused():
    text = ATOLL.read_text().replace("at = [1, 0.5]", "at = [0.5, 0.5]")
    assert "test.toml: board.area[1].at: overlaps area 'west' at [0, 0]" in problems(text)


def test_an_area_map_placed_by_positions_takes_no_hex_fields():
    text = ATOLL.read_text().replace('background = "sea"', 'background = "sea"\nwidth = 8\ndefault_terrain = "sea"')
    message = problems(text)
    assert "board.width: an area map has no hex grid" in message
    assert "board.default_terrain: an area map has no hex grid, so no default_terrain: each area has its own" \
           in message
    assert "board.area[0].terrain: missing" in problems(ATOLL.read_text().replace('terrain = "island"\n', "", 1))


def test_sector_mistakes_name_the_field():
    text = SECTORS.read_text()
    assert "board.sector[0].id: sector 'D2' is off the grid (A1 to C3)" in problems(text.replace('id = "B2"',
                                                                                                  'id = "D2"'))
    assert "board.sector[1].id: sector C3 is declared twice" in problems(text.replace('id = "C3"', 'id = "c3"', 1)
                                                                         .replace('id = "B2"', 'id = "C3"'))
    assert "board.sector[0].terrain: unknown terrain 'lava'" in problems(text.replace('terrain = "island"',
                                                                                       'terrain = "lava"', 1))


# --------------------------------------------------------------------------------------------- links


def test_a_one_way_link_is_refused_naming_the_file_and_the_field(capsys, tmp_path):
    text = ATOLL.read_text().replace('links = ["reef"]\n\n[[unit]]', 'links = []\n\n[[unit]]')  # east: no way back
    message = problems(text, "atoll.toml")
    assert ("atoll.toml: board.area[1].links[1]: 'reef' links to 'east', but 'east' (board.area[2]) does not link "
            "back: links go both ways, so list 'reef' in its links too") in message
    bad = tmp_path / "one_way.toml"
    bad.write_text(text, encoding="utf-8")
    code = main(["validate", str(bad)])
    _, err = capsys.readouterr()
    assert code == 2 and f"{bad}: board.area[1].links[1]: 'reef' links to 'east'" in err and "Traceback" not in err


def test_links_to_nowhere_to_itself_or_twice_are_refused():
    text = ATOLL.read_text()
    assert "board.area[0].links[0]: no area 'ref' on this map" in problems(text.replace('links = ["reef"]',
                                                                                        'links = ["ref"]', 1))
    assert "board.area[0].links[1]: area 'west' cannot link to itself" in problems(
        text.replace('links = ["reef"]', 'links = ["reef", "west"]', 1))
    assert "board.area[0].links[1]: 'reef' is listed twice" in problems(
        text.replace('links = ["reef"]', 'links = ["reef", "reef"]', 1))


def test_the_older_hex_anchored_form_still_loads_and_checks_its_links_too():
    game = hexlab.load("boxes/islands", seed=1)
    assert game.board.areas["west"].terrain == "land" and game.board.areas["west"].title == "West Island 2/2"
    text = Path(__file__).parent.joinpath("scenarios", "boxes", "islands.toml").read_text()
    one_way = text.replace('links = ["west", "east"]', 'links = ["west"]')
    assert "board.area[1].links[1]: 'east' links to 'reef', but 'reef'" in problems(one_way)
    mixed = text.replace('at = "5/1"', "at = [5, 1]")
    assert "board.area[2].at: on a map with a hex grid an area is anchored on a hex" in problems(mixed)


# --------------------------------------------------------------------------------------------- units aboard


def test_units_aboard_are_located_by_their_carrier():
    game = sectors()
    s = game.state
    assert s.units["N1"].at == Aboard("T1") and s.place_of("N1") == "A1"
    assert [u.id for u in s.aboard("T1")] == ["N1", "N2"]
    assert s.load("T1") == 2 and s.load("T1", lambda u: u.strength) == 3  # N2 is down to 1 step
    assert s.load("T1") <= game.rules.unit_types["transport"].stats["capacity"]  # the ruleset's rule to check
    assert [u.id for u in s.units_in("A1")] == ["T1", "N1", "N2"] and s.units_at("A1") == [s.units["T1"]]
    assert game.board.label(Aboard("T1")) == "aboard T1"


def test_a_carried_unit_moves_with_its_carrier_and_the_save_round_trips():
    game = sectors()
    game.play_to_decision()
    game.apply(Shift("T1", "A2"))
    assert game.state.units["N1"].at == Aboard("T1")  # unchanged: it is where T1 is
    assert game.state.place_of("N1") == "A2" and game.state.place_of("N2") == "A2"
    data = game.state.to_data()
    assert next(u for u in data["units"] if u["id"] == "N1")["at"] == {"aboard": "T1"}
    restored = saves.loads(saves.dumps(game), name="sectors.json")
    assert restored.state == game.state and restored.state.units["N1"].at == Aboard("T1")
    assert restored.state.place_of("N1") == "A2"


def test_place_of_follows_carriers_aboard_carriers_and_stops_at_a_loop():
    s = GameState("t", ["A", "B"], "A", "x.y", 0)
    s.units = {"S": Unit("S", "A", "ship", "B2", 1, 1), "L": Unit("L", "A", "boat", Aboard("S"), 1, 1),
               "T": Unit("T", "A", "troops", Aboard("L"), 1, 1), "X": Unit("X", "A", "x", Aboard("Y"), 1, 1),
               "Y": Unit("Y", "A", "y", Aboard("X"), 1, 1), "Z": Unit("Z", "A", "z", Aboard("gone"), 1, 1)}
    assert s.place_of("T") == "B2" and s.place_of("X") is None and s.place_of("Z") is None
    assert GameState.from_data(s.to_data()) == s


def test_carriers_in_a_scenario_must_exist_and_never_carry_themselves():
    text = SECTORS.read_text()
    assert "unit[1].at.aboard: no unit 'T9' to carry N1" in problems(text.replace('at = { aboard = "T1" }',
                                                                                   'at = { aboard = "T9" }', 1))
    loop = text.replace('at = "A1"', 'at = { aboard = "N1" }', 1)
    assert "unit[0].at.aboard: T1 would be aboard itself (through N1)" in problems(loop)
    assert "unit[1].at: a place written as a table is" in problems(text.replace('at = { aboard = "T1" }',
                                                                                 'at = { on = "T1" }', 1))


@dataclass(frozen=True, slots=True)
class Load(Action):
    unit: str
    to: Location


def test_actions_with_typed_places_round_trip_through_the_codec():
    codec = ActionCodec([Load])
    for to in (Aboard("T1"), DisplayBox("rabaul", "Ready"), "B3", None):
        action = Load("N1", to)
        data = action.to_data()
        assert codec.decode(data) == action
    assert Load("N1", Aboard("T1")).to_data()["to"] == {"carrier": "T1"}
    assert Load("N1", DisplayBox("rabaul", "Flown")).to_data()["to"] == {"display": "rabaul", "box": "Flown"}


def test_units_aboard_are_drawn_next_to_their_carrier_on_one_plate():
    game = sectors()
    sc = scene(game)
    at = {c.unit: c for c in sc.counters}
    t1, n1, n2 = at["T1"], at["N1"], at["N2"]
    assert n1.at == Aboard("T1") and n1.y == t1.y == n2.y and t1.x < n1.x < n2.x  # one row, carrier first
    x0, y0, x1, y1 = sc.areas.boxes["A1"]
    assert all(x0 < c.x < x1 and y0 < c.y < y1 and c.size >= 40 for c in (t1, n1, n2))
    plates = [s for s in sc.layers["units"] if isinstance(s, Poly) and s.fill == "#ffffff" and s.alpha == 0.8]
    assert len(plates) == 1 and plates[0].points[0][0] < t1.x - t1.size / 2 and plates[0].points[1][0] > n2.x
    assert sc.counter_at(n1.x, n1.y).unit == "N1"
    game.state.units["T1"].at = None  # a carrier off the map takes its cargo with it
    assert {"T1", "N1", "N2"}.isdisjoint(c.unit for c in scene(game).counters)


# --------------------------------------------------------------------------------------------- off-map displays


def test_displays_are_declared_on_the_board_and_units_stand_in_their_boxes():
    game = sectors()
    display = game.board.displays["south_field"]
    assert display == Display("south_field", "Henderson airbase", ("Ready", "Flown", "Disrupted"), "South")
    assert display.box("Flown") == DisplayBox("south_field", "Flown")
    assert game.state.units["VMF"].at == DisplayBox("south_field", "Ready")
    assert game.board.label(DisplayBox("south_field", "Ready")) == "Ready (Henderson airbase)"
    data = game.state.to_data()
    assert next(u for u in data["units"] if u["id"] == "VMF")["at"] == {"display": ["south_field", "Ready"]}
    assert GameState.from_data(data, type(game.state.rules_state)) == game.state
    assert saves.loads(saves.dumps(game)).state == game.state


def test_display_mistakes_name_the_field():
    text = SECTORS.read_text()
    assert "unit[5].at.box: Henderson airbase has no box 'Readdy'" in problems(text.replace('box = "Ready"',
                                                                                             'box = "Readdy"'))
    assert "unit[5].at.display: no display 'north_field'" in problems(
        text.replace('display = "south_field", box = "Ready"', 'display = "north_field", box = "Ready"'))
    assert "board.display[0].side: 'Nobody' is not one of the sides" in problems(
        text.replace('side = "South"\nboxes', 'side = "Nobody"\nboxes'))
    assert "board.display[0].boxes[1]: box 'Ready' is listed twice" in problems(
        text.replace('boxes = ["Ready", "Flown", "Disrupted"]', 'boxes = ["Ready", "Ready"]'))


def test_displays_are_drawn_beside_the_map_with_their_boxes_and_units():
    game = sectors()
    sc = scene(game)
    plan = sc.displays
    assert plan is not None and set(plan.boxes) == {DisplayBox("south_field", b) for b in ("Ready", "Flown",
                                                                                         "Disrupted")}
    map_bottom = max(y1 for _, _, _, y1 in sc.areas.boxes.values())
    assert all(y0 > map_bottom for _, y0, _, _ in plan.boxes.values())  # under a map as wide as it is tall
    texts = {s.text for s in sc.layers["terrain"] if isinstance(s, Text)}
    assert {"Henderson airbase", "Ready", "Flown", "Disrupted"} <= texts
    vmf = next(c for c in sc.counters if c.unit == "VMF")
    x0, y0, x1, y1 = plan.boxes[DisplayBox("south_field", "Ready")]
    assert x0 < vmf.x < x1 and y0 < vmf.y < y1
    assert sc.box_at(x0 + 3, y1 - 3) == DisplayBox("south_field", "Ready")
    assert sc.box_at(*sc.areas.centre("B2")) == "B2"
    alone = displays_scene(game.state, game.board, game.rules)
    assert {c.unit for c in alone.counters} == {"VMF", "VMSB"} and "Henderson airbase" in to_svg(alone)


def test_a_hex_map_draws_its_displays_beside_it():
    text = Path(__file__).parent.joinpath("scenarios", "skirmish", "meadow.toml").read_text().replace("[[unit]]", """
[[board.display]]
id = "blue_base"
name = "Blue airbase"
side = "Blue"
boxes = ["Ready", "Flown"]

[[unit]]
id = "B9"
side = "Blue"
type = "scout"
at = { display = "blue_base", box = "Flown" }

[[unit]]""", 1)
    game = load_text(text, "skirmish/displays", seed=1)
    sc = scene(game)
    b9 = next(c for c in sc.counters if c.unit == "B9")
    assert sc.box_at(b9.x, b9.y - b9.size) == DisplayBox("blue_base", "Flown")
    assert b9.y > max(c.center[1] for c in sc.cells.values())  # under the hexes
    assert min(s.size for layer in sc.layers.values() for s in layer if isinstance(s, Text)) >= 9


def test_the_map_widget_finds_sectors_and_display_boxes_under_a_click():
    from hexlab.widgets import HexMap

    game = sectors()
    m = HexMap(game)
    x0, y0, x1, y1 = m._scene.areas.boxes["C2"]
    assert m.place_at(x0 + 5, y1 - 5) == ("C2", None)
    bx0, by0, bx1, by1 = m._scene.displays.boxes[DisplayBox("south_field", "Disrupted")]
    assert m.place_at(bx0 + 5, by1 - 5) == (DisplayBox("south_field", "Disrupted"), None)
    m._mouse_move((bx0 + 5) * m.dpr, (by1 - 5) * m.dpr)
    assert "Disrupted (Henderson airbase)" in m.hover.value
    t1 = next(c for c in m._scene.counters if c.unit == "N1")
    assert m.place_at(t1.x, t1.y) == (Aboard("T1"), "N1")


def test_a_war_at_sea_sized_grid_with_a_crowded_sector_keeps_every_text_at_9_px_or_more():
    """Eight columns by five rows (War at Sea's placeholder map), six units in one sector, four of them aboard
    two transports, five squadrons in one display box."""
    units = [("T1", "North", "transport", '"A1"'), ("N1", "North", "battalion", '{ aboard = "T1" }'),
             ("N2", "North", "battalion", '{ aboard = "T1" }'), ("N3", "North", "battalion", '{ aboard = "T1" }'),
             ("T2", "North", "transport", '"A1"'), ("N4", "North", "battalion", '{ aboard = "T2" }'),
             ("S1", "South", "battalion", '"D2"')]
    units += [(f"Q{i}", "South", "squadron", '{ display = "south_field", box = "Ready" }') for i in range(5)]
    text = SECTORS.read_text().split("[[unit]]")[0].replace("rows = 3\ncols = 3", "rows = 5\ncols = 8")
    text = text.replace('id = "B2"', 'id = "D2"').replace('id = "C3"', 'id = "E4"')
    text += "".join(f'[[unit]]\nid = "{u}"\nside = "{side}"\ntype = "{kind}"\nat = {at}\n\n' for u, side, kind, at in units)
    sc = scene(load_text(text, "boxes/was", seed=1))
    assert len(sc.areas.boxes) == 40 and sc.width <= 1100
    sizes = [s.size for layer in sc.layers.values() for s in layer if isinstance(s, Text)]
    assert min(sizes) >= 9
    x0, y0, x1, y1 = sc.areas.boxes["A1"]
    crowd = [c for c in sc.counters if c.unit in {"T1", "N1", "N2", "N3", "T2", "N4"}]
    assert len(crowd) == 6 and all(x0 < c.x < x1 and y0 < c.y < y1 for c in crowd)
    for a in crowd:  # none covers another
        for b in crowd:
            if a is not b:
                assert abs(a.x - b.x) >= a.size or abs(a.y - b.y) >= a.size


# --------------------------------------------------------------------------------------------- whole games


@pytest.mark.parametrize("path", [SECTORS, ATOLL], ids=["sectors", "atoll"])
def test_random_games_on_the_new_area_maps_keep_their_invariants_and_saves(path):
    report = random_sim_test(str(path), games=3, save_every=5)
    assert report.games == 3


def test_a_board_built_in_code_needs_no_hex_grid():
    board = Board.area_map([Area("a", "Alpha", terrain="sea", at=(0, 0), links=("b",)),
                            Area("b", "Bravo", terrain="sea", at=(1, 0), links=("a",))],
                           displays=[Display("d", "Deck", ("Ready",))])
    assert board.layout().origin.x > 0 and board.label(DisplayBox("d", "Ready")) == "Ready (Deck)"
    with pytest.raises(ValueError, match="no hexes"):
        board.parse("1,1")
    assert to_svg(scene(board)).startswith("<svg")


def test_a_cactus_box_without_its_grid_reference_is_refused_naming_the_field():
    text = Path(__file__).parent.parent.joinpath("scenarios", "cactus", "guadalcanal.toml").read_text()
    message = problems(text.replace('ref = "7/9"\n', ""), "guadalcanal.toml")
    assert "guadalcanal.toml: board.area[3].ref: Munda needs its grid reference" in message
