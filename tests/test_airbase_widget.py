"""Operation Cartwheel on screen: the airbase displays beside the map, the tracks under it, the markers and the
Tactical Battle Board (hexlab.widgets.airbase, hexlab.rulesets.cartwheel.views), all drawn from the seat's view."""

from __future__ import annotations

import pytest

import hexlab
import hexlab.rulesets.cartwheel.views  # noqa: F401  (registers Cartwheel's panels beside the map)
from hexlab.engine.seats import PUBLIC
from hexlab.engine.state import DisplayBox
from hexlab.rulesets.cartwheel.actions import FlyRecon, StrikeBase
from hexlab.rulesets.cartwheel.state import Award, Sighting
from hexlab.testing import force_roll
from hexlab.widgets.airbase import BesideMap
from hexlab.widgets.table import Table
from tests.test_cartwheel_rules import until

JAPAN = ("K43a", "K61a", "K48a", "K48b", "D46a", "K43b", "Z1", "G4a", "Z11", "V11", "D46b")
ALLIES = ("B25a", "B25b", "P38a", "B24a", "P38b", "B25c", "F5a", "P40a")


def new(seed: int = 1):
    return hexlab.load("cartwheel/wewak", seed=seed)


def seated(game, seat: str | None):
    """A table whose map shows ``seat``'s view (``None``: the teacher's switch)."""
    table = Table(game, seat=seat if seat not in (None, PUBLIC) else None, teacher=seat is None)
    if seat == PUBLIC:
        table.map.viewer = PUBLIC
    return table


def panel(beside: BesideMap, key: str):
    return next((p for p in beside.shown.panels if p.key == key), None)


def mine(game):
    return game.rules.mine(game.state)


# =========================================================================== hidden information
@pytest.mark.rule("oc.air.airbase.adc_hidden", "oc.air.airbase.adc_holds_units")
def test_a_seat_sees_its_own_displays_in_full_and_no_enemy_unit():
    game = new()
    table = seated(game, "Allies")
    text = table.beside.text()
    for uid in ALLIES:
        assert uid in table.beside.counters, f"the Allies' own {uid} is on their display"
    for uid in JAPAN:
        assert uid not in text, f"Japan's hidden {uid} reached the Allies' widget"
    svg = table.map.to_svg()
    for uid in JAPAN:
        assert uid not in svg
    # the factors of the enemy's units are not there either: Wewak's card holds no counter
    wewak = panel(table.beside, "j_wewak")
    assert wewak is not None and all(not a.pieces for a in wewak.areas)
    assert "Unknown: no recon of yours has examined it." in wewak.lines


@pytest.mark.rule("oc.air.airbase.adc_hidden")
def test_the_hand_over_shows_no_display_and_the_teacher_sees_both():
    game = new()
    public = seated(game, PUBLIC)
    text = public.beside.text()
    assert not public.beside.counters
    for uid in JAPAN + ALLIES:
        assert uid not in text
    assert "Hidden: the player to act has not taken the seat." in text
    teacher = seated(new(), None)
    assert set(teacher.beside.counters) >= set(JAPAN + ALLIES)
    assert "Japan airbases" in teacher.beside.text() and "Allies airbases" in teacher.beside.text()


@pytest.mark.rule("oc.air.recon.examine_airbase", "oc.air.airbase.adc_hidden")
def test_an_enemy_display_shows_what_recon_disclosed_and_when():
    game = new()
    mine(game).intel.setdefault("Allies", {})["j_wewak"] = Sighting(2, 2, 1)
    table = seated(game, "Allies")
    wewak = panel(table.beside, "j_wewak")
    assert any("Recon this turn: 2 fighters, 2 bombers" in line for line in wewak.lines)
    assert [p.text for a in wewak.areas for p in a.pieces] == ["2 fighters", "2 bombers"]
    for uid in JAPAN:
        assert uid not in table.beside.text()
    game.state.turn = 2
    table.beside.refresh()
    wewak = panel(table.beside, "j_wewak")
    assert any("not seen since turn 1" in line for line in wewak.lines)
    # what the Allies' recon saw is theirs: Japan's seat reads its own Wewak in full, and Allied displays as unknown
    japan = seated(game, "Japan")
    assert "K43a" in japan.beside.counters
    assert "Unknown: no recon of yours has examined it." in panel(japan.beside, "a_moresby").lines


# =========================================================================== the displays
@pytest.mark.rule("oc.air.layout.ready_half", "oc.air.layout.flown_half", "oc.air.layout.disrupted_quadrants")
def test_each_display_has_ready_and_flown_halves_with_disrupted_quadrants():
    game = new()
    game.state.units["P38a"].at = DisplayBox("a_dobodura", "Flown D")
    table = seated(game, "Allies")
    dobodura = panel(table.beside, "a_dobodura")
    names = [a.name for a in dobodura.areas]
    assert names == ["Ready", "Flown", "Ready · Disrupted", "Flown · Disrupted"]
    where = {p.unit: a.name for a in dobodura.areas for p in a.pieces}
    assert where == {"B25a": "Ready", "B25b": "Ready", "P38a": "Flown · Disrupted"}
    p38 = next(p for a in dobodura.areas for p in a.pieces if p.unit == "P38a")
    assert p38.detail == "F 4-3 R8" and "Disrupted" in p38.marks  # its factors, and the quadrant's marker
    assert "hexlab-ab-disrupted" in table.beside.counters["P38a"]._dom_classes


@pytest.mark.rule("oc.air.hosting.non_mobile_capacity_on_adc", "oc.air.hosting.adc_values_default",
                  "oc.air.hosting.mobile_three_same_type", "oc.air.hosting.mobile_two_mixed",
                  "oc.air.hosting.offboard_unlimited", "oc.air.recon.basing_free_at_major")
def test_capacity_used_and_over_capacity_are_shown():
    game = new()
    table = seated(game, "Allies")
    assert "Capacity: 3 of 6 used (+1 recon, no room taken)" in panel(table.beside, "a_moresby").lines[0]
    assert "Capacity: 3 of 3 used" in panel(table.beside, "a_dobodura").lines[0]
    assert "no limit off-board" in panel(table.beside, "a_australia").lines[0]
    game.state.units["P40a"].at = DisplayBox("a_dobodura", "Flown")
    b = mine(game).bases["a_mob_a"]
    b.status, b.hex = "working", "0606"
    game.state.units["P38b"].at = DisplayBox("a_mob_a", "Ready")
    game.state.units["B25c"].at = DisplayBox("a_mob_a", "Ready")
    table.beside.refresh()
    dobodura = panel(table.beside, "a_dobodura")
    assert dobodura.flags == ("Over capacity (4 of 3): its units may only stage out",)
    assert "hexlab-ab-over" in _card_classes(table.beside, "Dobodura")
    mobile = panel(table.beside, "a_mob_a")
    assert "Capacity: 2 of 2 used (mixed types" in mobile.lines[0]
    assert [m.text for m in mobile.markers] == ["Mobile Airbase"]
    game.state.units["B25c"].at = DisplayBox("a_moresby", "Ready")
    game.state.units["P40a"].at = DisplayBox("a_mob_a", "Ready")
    table.beside.refresh()
    assert "Capacity: 2 of 3 used (one type" in panel(table.beside, "a_mob_a").lines[0]


def _card_classes(beside: BesideMap, title: str) -> tuple[str, ...]:
    for group in beside.displays.children:
        for card in getattr(group, "children", ()):
            head = card.children[0]
            if f">{title}<" in head.value:
                return tuple(card._dom_classes)
    raise AssertionError(f"no card {title}")


@pytest.mark.rule("oc.components.markers", "oc.air.airbase_destruction.eliminated_marker")
def test_airbase_markers_on_the_displays_and_on_the_map():
    game = new()
    bases = mine(game).bases
    bases["j_wewak"].status = "disrupted"
    bases["j_madang"].status = "destroyed"
    bases["a_mob_b"].status, bases["a_mob_b"].hex = "under construction", "0606"
    allies = seated(game, "Allies")
    assert [m.text for m in panel(allies.beside, "j_wewak").markers] == ["Base Disrupted"]
    assert [m.text for m in panel(allies.beside, "j_madang").markers] == ["Base Eliminated"]
    assert [m.text for m in panel(allies.beside, "a_mob_b").markers] == ["Mobile Airbase", "Base Construction"]
    marks = {(game.board.labels.label(m.at), m.text) for m in allies.map.marks()}
    assert {("0203", "Disr."), ("0404", "Elim."), ("0606", "Mobile"), ("0606", "Constr.")} <= marks
    svg = allies.map.to_svg()
    assert ">Disr.<" in svg and ">Elim.<" in svg and ">Constr.<" in svg
    # the Initiative marker on the Turn Record Track's band
    turns = panel(allies.beside, "turns")
    assert [m.text for m in turns.markers] == ["Initiative: Allies"]
    assert "Initiative: Allies" in allies.beside.tracks.value


@pytest.mark.rule("oc.components.map_and_pac_charts", "oc.victory.concept.vp_track",
                  "oc.special.random_event.table_default")
def test_turn_and_victory_point_tracks_and_the_random_events_table():
    game = new()
    table = seated(game, "Allies")
    turns = panel(table.beside, "turns")
    assert [a.name for a in turns.areas] == ["1", "2"] and turns.areas[0].tone == "current"
    assert [p.text for p in turns.areas[0].pieces] == ["Turn"] and turns.areas[0].note == "August II"
    mine(game).awards.append(Award("Japan", 5, "test", "oc.base.victory_default", 1))
    game.state.turn = 2
    table.beside.refresh()
    turns = panel(table.beside, "turns")
    assert turns.areas[1].tone == "current" and not turns.areas[0].pieces
    japan = panel(table.beside, "vp-Japan")
    assert [a.name for a in japan.areas if a.tone == "current"] == ["2"]
    assert japan.lines == ("Japan: 2.5 VP",)
    assert panel(table.beside, "vp-Allies").lines == ("Allies: 0 VP",)
    tracks = table.beside.tracks.value
    assert "Turn Record Track" in tracks and "Japan Victory Points Track" in tracks and "2.5 VP" in tracks
    assert table.beside.tracks in table.map.children  # drawn with the map, under its canvas
    events = table.beside.tables.value
    assert "Random Events Table" in events and "1-2: Magic Intelligence" in events and "5-10: no event." in events


# =========================================================================== clicks
@pytest.mark.rule("oc.air.recon.flight_roll_seven_or_less")
def test_a_click_on_a_counter_beside_the_map_selects_the_unit_and_reaches_its_actions():
    game = new()
    until(game, "initiative.recon", side="Allies")
    table = Table(game)
    for w in table.handover.children:  # hot-seat: the Allies take the seat
        if "hexlab-take-seat" in getattr(w, "_dom_classes", ()):
            w.click()
    assert table.map.viewer == "Allies"
    table.beside.counters["F5a"].click()
    assert table.map.selected == "F5a"
    assert "hexlab-ab-selected" in table.beside.counters["F5a"]._dom_classes
    # every legal action of a unit on a display is reached by its counter beside the map and the buttons it brings
    legal = {a for a in game.legal_actions() if a.actor is not None}
    reached = set()
    apply = game.apply
    game.apply = lambda a: reached.add(a) or []
    try:
        for button in list(table.beside.counters.values()):
            table.map.select(None)
            button.click()
            for b in list(table.map.unit_actions.children):
                if b.description != "Cancel":
                    b.click()
    finally:
        game.apply = apply
    assert legal and legal <= reached, legal - reached
    assert FlyRecon("F5a") in reached
    table.map.select(None)
    table.beside.counters["F5a"].click()
    next(b for b in table.map.unit_actions.children if "F5a" in b.description).click()
    assert "F5a" in mine(game).recon_tried or game.state.position != "initiative.recon"


# =========================================================================== the Tactical Battle Board
@pytest.mark.rule("oc.components.map.tactical_battle_board", "oc.base.aerial_combat_default")
def test_the_tactical_battle_board_shows_the_air_battle_while_it_is_fought():
    game = new()
    until(game, "ops.mission", side="Allies")
    table = seated(game, None)
    assert panel(table.beside, "tbb") is None
    game.apply(StrikeBase("a_dobodura", "j_wewak"))
    assert game.state.position == "ops.scramble"
    tbb = panel(table.beside, "tbb")
    assert tbb is not None and tbb.kind == "battle"
    force_roll(game, lambda fs: fs[0] <= 6 and fs[1] >= 7 and fs[2] <= 6 and min(fs[3:]) >= 7)
    assert game.state.position == "ops.combat"
    tbb = panel(table.beside, "tbb")
    areas = {a.name: a for a in tbb.areas}
    assert areas["Round 1"].tone == "current" and areas["Round 1"].pieces[0].text == "Air Round"
    assert "Air Battle Round Track: round 1 of 1." in tbb.lines
    assert areas["Round 2"].note == "not used"
    status = {p.unit: (p.side, p.marks) for a in tbb.areas for p in a.pieces if p.unit}
    assert status == {"B25a": ("Allies", ("Normal",)), "B25b": ("Allies", ("Normal",)),
                      "P38a": ("Allies", ("Normal",)), "K43a": ("Japan", ("Normal",)), "K61a": ("Japan", ("Normal",))}
    assert any("altitude" in line and "aces" in line for line in tbb.lines)
    assert table.beside.battle.children  # the panel is drawn, above the displays
    # the Allies' seat sees its own strike by name, and Japan's interceptors only as unseen ones
    allies = seated(game, "Allies")
    pieces = [p for a in panel(allies.beside, "tbb").areas for p in a.pieces]
    assert {p.unit for p in pieces if p.unit} == {"B25a", "B25b", "P38a"}
    assert [p.text for p in pieces if p.unit is None and p.text.startswith("unseen")] == ["unseen interceptor"] * 2
    assert "K43a" not in allies.beside.text()
    force_roll(game, lambda fs: max(fs) <= 3, lambda fs: max(fs) <= 3, lambda fs: min(fs) >= 2)
    assert panel(table.beside, "tbb") is None and not table.beside.battle.children
