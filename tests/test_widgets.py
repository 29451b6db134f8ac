"""The widgets, kernel side: what they send to the canvas, and how clicks and buttons reach the engine.

The browser tests (tests/browser) check what a person sees; these check the widgets' logic quickly.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from ipycanvas import canvas as ipycanvas_canvas

import hexlab
from hexlab.widgets import DiceTray, HexExplorer, HexMap, OddsPanel, PhaseStepper, Table
from hexlab.widgets.draw import runs
from tests.support.skirmish import Attack, Move, PlayCard

COMMAND_NAMES = {v: k for k, v in ipycanvas_canvas.COMMANDS.items()}


@pytest.fixture
def sent(monkeypatch):
    """Every message the canvas manager sends to the browser: (command names, bytes)."""
    messages: list[tuple[list[str], int]] = []
    manager = ipycanvas_canvas._CANVAS_MANAGER
    original = manager._send_custom

    def capture(command, buffers=[]):  # noqa: B006 (ipycanvas' own signature)
        commands = command if command and isinstance(command[0], list) else [command]
        names = [COMMAND_NAMES.get(c[0], str(c[0])) for c in commands]
        size = len(json.dumps(command, default=str)) + sum(len(memoryview(b).cast("B")) for b in buffers)
        messages.append((names, size))
        return original(command, buffers)

    monkeypatch.setattr(manager, "_send_custom", capture)
    return messages


@pytest.fixture
def game():
    return hexlab.load("skirmish/meadow", seed=1)


def client_event(hexmap: HexMap, event: str, x: float = 0, y: float = 0) -> None:
    """What the browser sends: a click or move in canvas buffer pixels, or 'client ready'."""
    hexmap.canvas._canvases[-1]._handle_frontend_event(None, {"event": event, "x": x * hexmap.dpr,
                                                             "y": y * hexmap.dpr}, [])


def centre(hexmap: HexMap, label: str) -> tuple[float, float]:
    return hexmap._cells[hexmap.game.board.parse(label)].center


def unit_point(hexmap: HexMap, unit: str) -> tuple[float, float]:
    c = next(c for c in hexmap._scene.counters if c.unit == unit)
    return c.x, c.y


def test_map_canvas_is_a_2x_buffer_at_1x_css_size(game):
    m = HexMap(game)
    assert m.canvas.width == 2 * m.css_width and m.canvas.height == 2 * m.css_height
    assert m.canvas.layout.width == f"{m.css_width}px" and m.canvas.layout.height == f"{m.css_height}px"


def test_a_redraw_is_one_message_of_batch_calls_not_a_call_per_hex(game, sent):
    m = HexMap(game)
    sent.clear()
    m.redraw()
    assert len(sent) == 1, "hold_canvas sends the whole redraw as one message"
    names = sent[0][0]
    assert names.count("fillStyledPolygons") < 15
    assert "fillPolygon" not in names and "strokePolygon" not in names
    assert names.count("fillStyledPolygons") + names.count("strokeStyledPolygons") < len(game.board.terrain)


def test_runs_group_consecutive_shapes_of_one_style(game):
    from hexlab.render import scene

    sc = scene(game)
    terrain_runs = runs(sc.layers["terrain"])
    assert len(terrain_runs) < 12
    assert max(len(r) for _, r in terrain_runs) >= len(game.board.terrain)


def test_the_map_redraws_when_a_browser_connects_and_when_the_game_changes(game, sent):
    m = HexMap(game)
    sent.clear()
    client_event(m, "client_ready")
    assert len(sent) == 1 and "clear" in sent[0][0]
    count = m.draw_count
    game.apply(PlayCard("order1"))
    assert m.draw_count > count
    game.undo()
    assert m.draw_count > count + 1


def test_each_layer_is_drawn_again_when_its_own_view_connects(game, sent):
    """A table rebuilt in the browser (a loaded save, a new game) makes a view for each layer in its own time:
    the terrain's view must get the terrain even when it is ready after the top layer's (it stayed blank)."""
    m = HexMap(game)
    sent.clear()
    m.canvas._canvases[0]._handle_frontend_event(None, {"event": "client_ready"}, [])  # the terrain's view
    assert len(sent) == 1 and "clear" in sent[0][0]
    assert sent[0][1] > 2000, "the terrain layer's shapes were not sent"  # every hex of the board
    sent.clear()
    m.canvas._canvases[1]._handle_frontend_event(None, {"event": "client_ready"}, [])  # the units' view
    assert len(sent) == 1 and "clear" in sent[0][0]


def test_clicking_a_unit_highlights_its_moves_and_clicking_one_moves_it(game):
    m = HexMap(game)
    game.apply(PlayCard("order1"))
    client_event(m, "mouse_down", *unit_point(m, "R1"))
    assert m.selected == "R1"
    target = game.board.parse("2,1")
    assert target in m._targets and Move("R1", target) in m._targets[target]
    highlight = m._scene.layers["highlight"]
    assert len(highlight) > len(m._targets)
    client_event(m, "mouse_down", *centre(m, "2,1"))
    assert game.state.units["R1"].at == target
    assert game.log[-2].kind == "UnitMoved" or any(e.kind == "UnitMoved" for e in game.log[-3:])


def test_clicking_elsewhere_shows_the_engines_reason_with_its_clause(game):
    m = HexMap(game)
    client_event(m, "mouse_down", *unit_point(m, "R1"))
    assert m.selected is None
    assert "sk.order.play_card" in m.note.value  # a card must be played first
    game.apply(PlayCard("order1"))
    client_event(m, "mouse_down", *unit_point(m, "R1"))
    client_event(m, "mouse_down", *centre(m, "6,4"))  # water
    assert "sk.move.water" in m.note.value
    assert game.state.units["R1"].at == game.board.parse("1,1")
    client_event(m, "mouse_down", *unit_point(m, "B1"))  # out of range
    assert "sk.attack.range" in m.note.value


def test_hover_shows_label_terrain_and_units(game):
    m = HexMap(game)
    client_event(m, "mouse_move", *centre(m, "3,2"))
    assert "3,2" in m.hover.value and "Woods" in m.hover.value
    client_event(m, "mouse_move", *centre(m, "1,1"))
    assert "R1" in m.hover.value and "Squad" in m.hover.value


def test_stepper_buttons_and_sequence(game):
    s = PhaseStepper(game)
    labels = [b.description for b in s.buttons.children]
    assert labels == ["Next step", "Play to next decision", "Undo", "Redo", "Restart"]
    assert "▶" in s.sequence.value and "Play a command card" in s.sequence.value
    assert "sk.order.play_card" in s.explain.value
    assert s.undo_button.disabled
    s.next_step()
    assert "decides now" in s.note.value
    [card] = [b for b in s.choices.children if b.description.startswith("Play")][:1]
    card.click()
    assert game.current_phase.id == "action"
    s.choose(Attack("R1", "B1"))
    assert "sk.attack.range" in s.note.value
    stop = [b for b in s.choices.children if b.description == "Stop acting"][0]
    stop.click()
    assert game.current_step.automatic
    s.next_step()
    assert game.log[-1].text.endswith("draws a card.")
    s.play_to_decision()
    assert game.to_act == "Blue"
    log = s.log_view.value
    assert log.index("Blue") < log.index("Red plays")  # newest first
    s.undo()
    s.redo()
    assert game.to_act == "Blue"
    s.restart()
    assert game.state.position == "command.play" and not game.actions


def test_a_computer_player_plays_its_side_to_the_next_human_decision():
    table = hexlab.play("skirmish/meadow", seed=2, players={"Blue": "computer"})
    game = table.game
    game.apply(PlayCard(game.state.hands["Red"][0]))
    from tests.support.skirmish import Pass

    game.apply(Pass())
    table.stepper.play_to_decision()
    assert game.to_act == "Red" and game.state.turn == 2
    assert any(e.side == "Blue" and e.kind == "CardPlayed" for e in game.log)


def test_dice_tray_follows_the_rolls_and_undo():
    text = open("tests/scenarios/skirmish/meadow.toml", encoding="utf-8").read()
    from hexlab.scenario import load_text

    game = load_text(text.replace('at = "5,1"', 'at = "2,1"'), "skirmish/duel", seed=4)
    tray = DiceTray(game)
    assert tray.dice == [] and "no roll" in repr(tray)
    game.apply(PlayCard(game.state.hands["Red"][0]))
    game.apply(Attack("R1", "B1"))
    game.step()
    rolled = game.log[[e.kind for e in game.log].index("DiceRolled")]
    assert [d["face"] for d in tray.dice] == [f for group in rolled.data["faces"] for f in group]
    assert tray.roll == 1 and all(d["sides"] == 6 for d in tray.dice)
    assert {d["group_label"] for d in tray.dice} <= {"R1 attacks", "B1 fires back"}
    game.undo()
    assert tray.dice == []


def test_odds_panel_shows_exact_bars_for_the_selected_attack():
    text = open("tests/scenarios/skirmish/meadow.toml", encoding="utf-8").read()
    from hexlab.scenario import load_text

    game = load_text(text.replace('at = "5,1"', 'at = "2,1"'), "skirmish/duel", seed=4)
    m = HexMap(game)
    panel = OddsPanel(game, m)
    assert "Select one of your units" in panel.body.value
    game.apply(PlayCard(game.state.hands["Red"][0]))
    m.select("R1")
    client_event(m, "mouse_move", *centre(m, "2,1"))
    assert m.target == "B1"
    report = panel.report
    assert report is not None and sum(p for _, p in report.outcomes) == 1
    assert "eliminate" in report.summary and report.summary["eliminate"] == game.rules.odds(
        game.state, "R1", "B1").summary["eliminate"]
    assert "1/9" in panel.body.value  # two hits from two dice: (1/3)^2
    m.selected = None
    assert panel.report is None


def test_the_table_has_every_part_and_a_stable_repr():
    table = hexlab.play("skirmish/meadow", seed=1)
    assert isinstance(table, Table)
    assert repr(table) == "<hexlab table: skirmish/meadow, seed 1>"
    head, body, below = table.children
    mapped, side = body.children
    assert mapped is table.map
    for part in (table.stepper.buttons, table.stepper.explain, table.dice, table.odds):
        assert part in side.children
    assert table.stepper.sequence in below.children[0].children
    assert table.stepper.log_view in below.children[1].children
    with pytest.raises(ValueError, match="no side 'Green'"):
        hexlab.play("skirmish/meadow", seed=1, players={"Green": "computer"})


def test_save_and_resume_from_the_table(tmp_path):
    table = hexlab.play("skirmish/meadow", seed=1)
    table.game.apply(PlayCard(table.game.state.hands["Red"][0]))
    path = table.save(str(tmp_path / "game.json"))
    from hexlab.widgets import resume

    again = resume(path)
    assert again.game.state == table.game.state


@pytest.mark.parametrize("mode", ["coordinates", "distance", "neighbors", "line", "sight", "ring", "range",
                                  "path", "reachable"])
def test_the_hex_explorer_computes_and_draws_each_mode(mode):
    from hexlab.engine import Board

    e = HexExplorer(Board.rect(7, 5), mode=mode)
    highlights, text, _ = e.compute()
    assert text and e.to_svg().startswith("<svg")
    if mode != "coordinates":
        assert len(highlights) >= 2 or mode == "neighbors"
    e.tool.value = "b"
    e.click(next(iter(e.board.terrain)))
    assert e.b == next(iter(e.board.terrain))


@pytest.mark.rule("cc.dice.atk.faces")
def test_the_map_shows_the_last_roll_where_it_happened():
    from hexlab.render import Text
    from hexlab.rulesets.cadet.actions import Move as CadetMove

    game = hexlab.load("cadet/drill_punch", seed=2)
    game.play_to_decision()
    m = HexMap(game)
    assert m._last_roll() is None
    game.apply(CadetMove("GL", game.board.parse("3,4")))
    game.step()  # the ATK dice of the forced punch up
    where, symbols = m._last_roll()
    atk = game.rules.dice_by_name()["atk"]
    last_roll = [e for e in game.log if e.kind == "DiceRolled"][-1]
    rolled = [f for group in last_roll.data["faces"] for f in group]
    assert where == game.board.parse("3,4")
    assert symbols == [atk.symbol(f) for f in rolled]
    tags = [s for s in m._scene.layers["highlight"] if isinstance(s, Text)]
    assert any(t.text.startswith(symbols[0]) for t in tags)


def test_a_click_that_two_actions_reach_offers_both_instead_of_guessing():
    """Cactus' 1st Marines reserve can reach Cape Esperance overland or by amphibious invasion: a click
    on the box must ask which (issue 9), and each button does exactly its own action."""
    game = hexlab.load("cactus/guadalcanal", seed=1)
    game.play_to_decision()
    game.apply(next(a for a in game.legal_actions() if a.verb == "pass"))  # Japan moves nothing
    game.play_to_decision()
    hm = HexMap(game)
    hm.select("1MarRes")
    ways = [a for a in game.legal_actions() if a.actor == "1MarRes"
            and game.rules.action_location(game.state, a) == "cape_esperance"]
    assert len(ways) == 2
    x0, _, _, y1 = hm._scene.areas.boxes["cape_esperance"]
    x, y = x0 + 8, y1 - 8  # inside the box, clear of its counters
    before = len(game.history)
    hm.click(x, y)
    assert len(game.history) == before  # nothing done yet: the map asks
    assert set(hm.choices) == set(ways)
    labels = [b.description for b in hm.unit_actions.children]
    assert labels[:2] == [game.describe(a) for a in hm.choices] and labels[-1] == "Cancel"
    assert "2 ways" in hm.message
    chosen = hm.choices[1]
    hm.unit_actions.children[1].click()
    assert game.actions[-1] == chosen


def test_a_second_click_on_a_unit_whose_own_place_asks_lets_it_go():
    """Cadet's leader may rest where it stands, so its own hex is one of its highlighted places: a click on the
    selected leader asks "GL rests?" (it would end its activation), and a second click on it lets it go, as a click
    on any other selected unit does, instead of leaving the reader no way to clear the map but to act."""
    game = hexlab.load("cadet/drill_punch", seed=1)
    game.play_to_decision()
    hm = HexMap(game, viewer=game.to_act)
    hm.select("GL")
    here = game.state.units["GL"].at
    assert here in hm._targets and [game.describe(a) for a in hm._targets[here]] == ["GL rests"]
    before = len(game.history)
    hm.click_unit("GL")
    assert hm.selected == "GL" and [b.description for b in hm.unit_actions.children][-1] == "Cancel"
    assert "click GL again to let it go" in hm.message
    hm.click_unit("GL")
    assert hm.selected is None and hm.unit_actions.children == () and hm.choices == []
    assert here not in hm._targets  # the leader's places are no longer highlighted
    assert len(game.history) == before  # nothing was done: the leader did not rest
    hm.click_unit("GL")  # and a third click chooses it again
    assert hm.selected == "GL"


def test_the_stepper_says_what_to_do_now():
    """At a person's decision the choices are the primary buttons and "Next step" is disabled with its
    reason; at an automatic step "Next step" is primary and says what it will do; a step's clauses are
    folded into "Rules (n)" with each rule's words (issue 11)."""
    game = hexlab.load("skirmish/meadow", seed=1)
    s = PhaseStepper(game)
    assert not game.current_step.automatic
    assert s.next_button.disabled and s.next_button.button_style == "" and game.to_act in s.next_button.tooltip
    assert all(b.button_style == "primary" for b in s.choices.children) and s.choices.children
    assert f"Your decision, {game.to_act}" in s.header.value
    assert f"Rules ({len(game.current_step.clauses)})" in s.explain.value
    s.choices.children[0].click()  # play a card
    while not game.is_over and game.current_step.kind != "dice":
        if game.current_step.automatic:
            game.step()
        else:
            acts = list(game.legal_actions())
            game.apply(next((a for a in acts if isinstance(a, Attack)), acts[-1]))
    assert game.current_step.kind == "dice"
    assert not s.next_button.disabled and s.next_button.button_style == "primary"
    assert s.next_button.description.startswith("Roll ") and "d6" in s.next_button.description


def test_a_computer_side_is_moved_on_by_the_primary_button():
    game = hexlab.load("skirmish/meadow", seed=1)
    from hexlab.players import players_for

    s = PhaseStepper(game, players=players_for(game, {game.to_act: "computer"}))
    assert s.next_button.description == "Let the computer choose" and s.next_button.button_style == "primary"
    before = len(game.history)
    s.next_button.click()
    assert len(game.history) == before + 1


def test_clause_chips_carry_their_rule():
    from hexlab.widgets.stepper import PhaseStepper as Stepper

    game = hexlab.load("cadet/drill_punch", seed=2)
    game.play_to_decision()
    html_log = Stepper.log_html(game.log)
    some = next(c for e in game.log for c in e.clauses)
    from hexlab import reference

    assert reference.lookup(some).rule.split()[0] in html_log and "hexlab-chip" in html_log


def test_an_area_map_hovers_and_clicks_by_box():
    game = hexlab.load("boxes/islands", seed=1)
    m = HexMap(game)
    x0, y0, x1, y1 = m._scene.areas.boxes["west"]
    m._mouse_move((x0 + 5) * m.dpr, (y1 - 5) * m.dpr)
    assert "West Island" in m.hover.value
    assert m.place_at(x0 + 5, y1 - 5) == ("west", None)


def test_the_position_in_words_names_every_unit_and_follows_the_game():
    """game.describe() gives what the map shows, in words, and the table offers it (issue 11)."""
    game = hexlab.load("cadet/village", seed=1)
    game.play_to_decision()
    words = game.describe()
    assert words.startswith("Cadet Commander, Turn 1")
    assert f"({game.to_act} decides)" in words
    for u in game.state.units.values():
        assert f"{u.id}" in words and game.rules.where(u.at) in words
    t = Table(game)
    assert "The position in words" in t.words.value and "GL" in t.words.value
    before = t.words.value
    game.apply(next(iter(game.legal_actions())))
    game.play_to_decision()
    assert t.words.value != before


def test_the_explorer_takes_movement_costs_from_its_caller():
    board = hexlab.load("skirmish/meadow", seed=1).board
    a = next(h for h, t in board.terrain.items() if t == "clear")
    cheap = HexExplorer(board, mode="reachable", a=a, budget=2, costs={"clear": 1, "woods": 1, "water": None})
    dear = HexExplorer(board, mode="reachable", a=a, budget=2, costs={"clear": 2, "woods": 2, "water": None})
    assert cheap.cost(a, a) == 1 and dear.cost(a, a) == 2


def test_the_dice_tray_draws_the_faces_its_ruleset_gives():
    """Die pictures come with the ruleset's dice (Die.icons), not from a table in the tray (issue 9)."""
    memoir = DiceTray(hexlab.load("memoir44/drill_basic", seed=1))
    assert {"infantry", "armor", "grenade", "star", "flag"} <= set(memoir.icons)
    cadet = DiceTray(hexlab.load("cadet/drill_punch", seed=1))
    assert {"oh_dear", "run_away", "ouch", "hit_and_run"} == set(cadet.icons)
    assert all(svg.strip().startswith("<") for svg in cadet.icons.values())
    js = (Path(hexlab.__file__).parent / "widgets" / "dicetray.js").read_text()
    assert "grenade" not in js and "oh_dear" not in js


# ---------------------------------------------------------------------------------- new game, save, load (issue 23)
def _play_a_card(table: Table) -> None:
    table.stepper.choices.children[0].click()


def test_new_game_starts_the_scenario_afresh_with_the_same_seed_and_drops_the_old_game(tmp_path):
    table = Table(hexlab.load("skirmish/meadow", seed=7), folder=str(tmp_path))
    old, old_map, old_stepper = table.game, table.map, table.stepper
    assert table.seed_box.value == 7 and "same dice" in table.new_button.tooltip
    _play_a_card(table)
    table.new_button.click()
    assert table.game is old, "a game with moves is not thrown away on one press"
    assert "Press <b>New game</b> again" in table.file_note.value
    table.new_button.click()
    fresh = table.game
    assert fresh is not old and fresh.seed == 7 and not fresh.actions
    assert fresh.state == hexlab.load("skirmish/meadow", seed=7).state
    # everything on the table follows the new game; the old parts are gone and no longer follow the old one
    assert table.map.game is fresh and table.stepper.game is fresh and table.dice.game is fresh
    assert table.odds.game is fresh and table.map is not old_map and table.stepper is not old_stepper
    head, body, below = table.children
    assert body.children[0] is table.map and table.stepper.buttons in body.children[1].children
    assert table.stepper.sequence in below.children[0].children
    draws, header = old_map.draw_count, old_stepper.header.value
    old.undo()
    assert old_map.draw_count == draws and old_stepper.header.value == header
    assert old_map.comm is None and old_stepper.comm is None, "the old widgets are closed"
    # another seed from the box: other dice; an unplayed game is replaced on one press
    table.seed_box.value = 8
    table.new_button.click()
    assert table.game.seed == 8 and "seed 8" in table.title.value


def test_save_writes_a_named_file_in_the_notebooks_folder_and_load_brings_it_back(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # the kernel's working directory is the notebook's folder
    table = hexlab.play("skirmish/meadow", seed=3)
    assert table.saves_list.disabled and table.load_button.disabled
    _play_a_card(table)
    table.save_button.click()
    saved = tmp_path / "meadow-save-1.json"
    assert saved.exists() and "meadow-save-1.json" in table.file_note.value and str(tmp_path) in table.file_note.value
    actions, state = list(table.game.actions), table.game.state
    table.stepper.choices.children[-1].click()  # stop acting
    assert table.game.actions != actions
    table.save_button.click()
    assert (tmp_path / "meadow-save-2.json").exists()
    assert [v for _, v in table.saves_list.options] == ["meadow-save-2.json", "meadow-save-1.json"]
    table.saves_list.value = "meadow-save-1.json"
    table.load_button.click()
    assert table.game.actions == actions and table.game.state == state, "the save round-trips"
    assert table.map.game is table.game and table.stepper.game is table.game
    assert "Loaded <b>meadow-save-1.json</b>" in table.file_note.value


def test_load_lists_only_hexlab_saves_newest_first(tmp_path):
    import os

    game = hexlab.load("skirmish/meadow", seed=1)
    hexlab.saves.save(game, str(tmp_path / "older.json"))
    hexlab.saves.save(game, str(tmp_path / "newer.json"))
    (tmp_path / "notes.json").write_text('{"not": "a save"}')
    (tmp_path / "readme.txt").write_text("hexlab-save")
    os.utime(tmp_path / "older.json", (1_000_000, 1_000_000))
    table = Table(game, folder=str(tmp_path))
    assert [v for _, v in table.saves_list.options] == ["newer.json", "older.json"]
    assert table.saves_list.value == "newer.json" and not table.load_button.disabled


@pytest.mark.parametrize("text,problem", [
    ('{"format": "hexlab-save", "version": 4, "scen', "not valid JSON"),
    ('{"format": "hexlab-save", "version": 99}', "version"),
    ('{"format": "hexlab-save", "version": 4}', "scenario"),
])
def test_a_bad_save_says_which_file_and_what_is_wrong_and_keeps_the_game(tmp_path, text, problem):
    table = Table(hexlab.load("skirmish/meadow", seed=1), folder=str(tmp_path))
    _play_a_card(table)
    game, state, the_map = table.game, table.game.state, table.map
    (tmp_path / "broken.json").write_text(text)
    table.look_button.click()
    assert table.saves_list.value == "broken.json"
    table.load_button.click()  # no exception escapes
    note = table.file_note.value
    assert "<b>broken.json</b> can't be loaded" in note and problem in note and "unchanged" in note
    assert "Traceback" not in note and str(tmp_path) not in note
    assert table.game is game and game.state == state and table.map is the_map


def test_a_save_that_does_not_replay_is_refused_by_name(tmp_path):
    table = Table(hexlab.load("skirmish/meadow", seed=1), folder=str(tmp_path))
    _play_a_card(table)
    data = json.loads(hexlab.saves.dumps(table.game))
    data["state"]["turn"] = 9  # edited by hand: the replay doesn't match
    (tmp_path / "edited.json").write_text(json.dumps(data))
    game = table.game
    assert table.load_game("edited.json") is None
    assert "edited.json" in table.file_note.value and "does not match" in table.file_note.value
    assert table.game is game


def test_the_tables_map_scales_to_the_width_it_has():
    """On a school laptop the map is shown smaller than its pixel size (issue 23): its canvas' CSS width is
    at most the room it has and the window's height allows, its height follows, and its buffer is unchanged,
    so a click (reported by ipycanvas in buffer pixels) still lands where it points."""
    table = hexlab.play("skirmish/meadow", seed=1)
    m = table.map
    layout = m.canvas.layout
    assert layout.width.startswith("min(100%") and f"{m.css_width}px" in layout.width and "100vh" in layout.width
    assert layout.height == "auto" and layout.min_width == "0"
    assert m.canvas.width == 2 * m.css_width
    x, y = unit_point(m, "R1")
    assert m.place_at(x, y)[1] == "R1"


# ------------------------------------------------------------------ panels beside the map (issue 25)
def test_a_map_without_its_displays_holds_the_hexes_and_still_selects_a_unit_on_a_display():
    """``HexMap(displays=False)``: the canvas is the hex map alone (a widget beside it draws the displays), and a
    click on a unit from that widget (``click_unit``) selects it as a click on its counter does."""
    import hexlab.rulesets.cartwheel.views  # noqa: F401

    game = hexlab.load("cartwheel/wewak", seed=1)
    full = HexMap(game, viewer="Allies")
    bare = HexMap(game, viewer="Allies", displays=False)
    assert full.displays_shown and not bare.displays_shown
    assert bare.css_width <= full.css_width and bare.css_height < full.css_height / 3
    assert bare.css_height < 1.2 * bare.css_width
    bare.click_unit("K43a")  # Japan's, on a hidden display: the Allies' map has no such unit
    assert bare.selected is None and "no unit 'K43a'" in bare.message


def test_a_table_of_a_ruleset_with_nothing_beside_the_map_is_as_before():
    game = hexlab.load("memoir44/tenaru", seed=1)
    table = Table(game)
    assert table.beside.shown.panels == () and table.beside not in table.body.children
    assert table.beside.tracks not in table.map.children
    assert table.map.displays_shown and table.map.marks() == []


def test_the_cartwheel_table_puts_its_displays_beside_the_map():
    import hexlab.rulesets.cartwheel.views  # noqa: F401

    table = Table(hexlab.load("cartwheel/wewak", seed=1), seat="Allies")
    assert list(table.body.children) == [table.map, table.side, table.beside]
    assert not table.map.displays_shown and table.beside.tracks in table.map.children
    assert table.beside.has_displays() and "P38a" in table.beside.counters



def _canvas_states(messages: list[list]) -> list[dict[str, list[str]]]:
    """What the canvases hold as the browser runs these canvas-manager messages, as ipycanvas' front end runs them:
    a "switch canvas" picks the canvas the next commands go to (it stays picked from one message to the next), and
    "clear" empties it. After each message: every canvas it drew on, with the commands drawn on it since it was last
    cleared."""
    held: dict[str, list[str]] = {}
    current = None
    states = []
    for message in messages:
        touched = set()
        for command in message if message and isinstance(message[0], list) else [message]:
            name = COMMAND_NAMES.get(command[0])
            if name == "switchCanvas":
                current = command[1][0]
                continue
            touched.add(current)
            if name == "clear":
                held[current] = []
            else:
                held.setdefault(current, []).append(json.dumps(command, default=str))
        states.append({key: list(held.get(key, [])) for key in touched})
    return states


def test_two_kernel_threads_drawing_one_map_at_once_leave_every_layer_whole(monkeypatch):
    """JupyterLab 4.6 with ipykernel 7 sends comm messages over a kernel subshell, so two widget callbacks can run at
    once on two threads: "New game" builds and draws a new map on one while its layers' "client ready" messages redraw
    them on the other. ipycanvas collects the commands of every canvas in one kernel-wide batch, so two drawings at once
    were mixed in one message (a Cartwheel table's terrain left blank but for a few words drawn unscaled). After every
    message the browser gets, each layer it drew on must hold exactly one whole drawing of that layer."""
    import sys
    import threading

    game = hexlab.load("cartwheel/wewak", seed=1)
    m = HexMap(game, displays=False)
    messages: list[list] = []
    manager = ipycanvas_canvas._CANVAS_MANAGER
    original = manager._send_custom

    def capture(command, buffers=[]):  # noqa: B006 (ipycanvas' own signature)
        messages.append(command)
        return original(command, buffers)

    monkeypatch.setattr(manager, "_send_custom", capture)
    m.redraw()
    whole = _canvas_states(messages)[-1]
    layers = {f"IPY_MODEL_{m.canvas[i].model_id}": name for i, name in enumerate(("terrain", "units", "highlight"))}
    assert set(whole) == set(layers) and whole[f"IPY_MODEL_{m.canvas[0].model_id}"], "a lone redraw draws every layer"
    messages.clear()
    start = threading.Barrier(2)

    def redraws() -> None:
        start.wait()
        for _ in range(10):
            m.redraw()

    def views_connect() -> None:
        start.wait()
        for _ in range(10):
            for layer in m.canvas._canvases:
                layer._handle_frontend_event(None, {"event": "client_ready"}, [])

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)  # let the two threads take turns often, as a busy kernel may
    try:
        threads = [threading.Thread(target=redraws), threading.Thread(target=views_connect)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(interval)
    assert len(messages) >= 40
    for n, state in enumerate(_canvas_states(messages)):
        for key, held in state.items():
            assert key in layers, f"message {n} drew on a canvas that is not one of the map's layers"
            assert held == whole[key], f"after message {n} the {layers[key]} layer is not one whole drawing of it"
