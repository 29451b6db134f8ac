"""The play table as a student meets it: bookkeeping runs by itself, nothing is given away by a stray
click, and the table says what a click or a pass will do before it is done (issue 23, items 2 and 3).

Every test drives the widgets' own handlers (buttons' clicks, ``HexMap.click`` at a counter's pixel).
"""

from __future__ import annotations

import pytest

import hexlab
from hexlab.widgets.table import Table


def _counter(table: Table, unit: str):
    return next(c for c in table.map._scene.counters if c.unit == unit)


def _click_unit(table: Table, unit: str) -> None:
    c = _counter(table, unit)
    table.map.click(c.x, c.y)


def _decide(table: Table) -> int:
    """One decision or roll from the table's own controls, passing where it can; the clicks it took."""
    game = table.game
    take = [w for w in table.handover.children if "hexlab-take-seat" in getattr(w, "_dom_classes", ())]
    if take:
        take[0].click()  # hot seat: the next player takes the seat
        return 1 + _decide(table)
    if game.current_step.automatic:
        table.stepper.next_button.click()
        return 1
    buttons = sorted(table.stepper.choices.children, key=lambda b: "hexlab-gives-up" not in b._dom_classes)
    if buttons:
        buttons[0].click()
        return 1
    m = table.map
    for c in list(m._scene.counters):
        m.click(c.x, c.y)
        if m.selected == c.unit and m._targets:
            m.click(*m.point_of(next(iter(m._targets))))
            if m.unit_actions.children:
                m.unit_actions.children[0].click()
                return 3
            return 2
        if m.selected == c.unit and m.unit_actions.children:
            m.unit_actions.children[0].click()
            return 2
    raise AssertionError(f"nothing to click at {game.state.position}")


def _cadet_at_first_activation() -> Table:
    """Cadet Commander's village, seed 2: the roll-off rolled from the table, the Greek leader's activation."""
    table = Table(hexlab.load("cadet/village", seed=2))
    table.stepper.next_step()
    assert table.game.current_step.id == "act" and table.game.state.rules_state.current.unit == "GL"
    return table


def test_bookkeeping_runs_by_itself_but_every_step_is_in_the_log():
    table = Table(hexlab.load("memoir44/tenaru", seed=2))
    game = table.game
    clicks = 0
    steps_seen = set()
    first = game.state.active
    while game.state.active == first and not game.is_over:  # one side's turn
        assert game.current_step.kind != "auto", f"the table stopped at bookkeeping: {game.current_step.title}"
        clicks += _decide(table)
        steps_seen.update(e.position for e in game.log)
    # the draw and the medal check ran by themselves, and are in the log like any other step
    assert any(p.startswith("draw.") for p in steps_seen)
    assert clicks <= 6, clicks


def test_a_table_that_walks_stops_at_each_bookkeeping_step_and_back():
    table = Table(hexlab.load("memoir44/tenaru", seed=2), walk=True)
    game = table.game
    while game.current_step.kind != "auto":
        _decide(table)
    assert game.current_step.kind == "auto"  # walking: the draw waits for "Next step"
    assert table.stepper.next_button.button_style == "primary"
    table.stepper.walk.value = False  # stop walking: the bookkeeping due runs at once
    assert game.current_step.kind != "auto"


def test_undo_takes_back_a_decision_with_the_bookkeeping_after_it():
    table = Table(hexlab.load("memoir44/tenaru", seed=2))
    game = table.game
    while not any(e.position.startswith("draw.") for e in game.log[len(game.log) - 3:]):
        before = (len(game.history), game.state.position)
        _decide(table)
    # the last click ended the turn and the draw ran after it: one undo goes back to before that click
    table.stepper.undo_button.click()
    assert (len(game.history), game.state.position) == before


def test_a_pass_is_never_the_primary_button_and_the_header_says_what_it_gives_up():
    table = _cadet_at_first_activation()
    [end] = [b for b in table.stepper.choices.children if b.description == "End activation"]
    assert end.button_style == ""  # plain: it gives something up
    assert "both of GL's actions are lost" in table.stepper.header.value.replace("&#x27;", "'")
    _click_unit(table, "GL")
    move = next(w for w in table.map._targets if w != table.game.state.units["GL"].at)
    table.map.click(*table.map.point_of(move))
    assert "GL's second action is lost" in table.stepper.header.value.replace("&#x27;", "'")
    # Memoir '44: the cards to play are primary buttons, with the card's text in the tooltip
    memoir = Table(hexlab.load("memoir44/tenaru", seed=2))
    cards = memoir.stepper.choices.children
    assert cards and all(b.button_style == "primary" for b in cards)
    assert any("Order 3 units on the centre" in b.tooltip for b in cards)


def test_a_click_on_the_selected_unit_does_not_quietly_make_it_rest():
    table = _cadet_at_first_activation()
    game, m = table.game, table.map
    _click_unit(table, "GL")
    assert m.selected == "GL"
    at = game.state.units["GL"].at
    m._set_hover(at)  # before the click: the hover says what it does
    assert "GL rests (ends GL&#x27;s activation)" in m.hover.value
    n = len(game.history)
    _click_unit(table, "GL")
    assert len(game.history) == n, "a click on the unit made it rest"
    words = [b.description for b in m.unit_actions.children]
    assert words == ["GL rests (ends GL's activation)", "Cancel"]
    m.unit_actions.children[0].click()  # confirmed: now it rests
    assert len(game.history) > n and "GL rests" in " ".join(e.text for e in game.log[-4:])


def test_hover_says_what_a_click_on_a_highlighted_place_will_do():
    table = _cadet_at_first_activation()
    _click_unit(table, "GL")
    m = table.map
    move = next(w for w, acts in m._targets.items() if acts[0].verb == "move")
    m._set_hover(move)
    assert "<b>Click:</b> Move GL to" in m.hover.value


def test_at_the_card_step_a_click_on_a_unit_says_play_a_card_first():
    table = Table(hexlab.load("memoir44/tenaru", seed=2))
    assert table.game.current_step.id == "play"
    unit = next(u for u in table.game.state.units_of(table.game.to_act))
    _click_unit(table, unit.id)
    assert "First play a command card" in table.map.message


def test_a_raid_on_a_box_is_taken_by_a_click_on_the_box():
    """Cactus' bombing raids act on a box but no unit takes them: the map highlights the boxes they may
    hit, and a click on one orders the raid (issue 23: the only button was "No more raids")."""
    from hexlab.rulesets.cactus.actions import Raid

    game = hexlab.load("cactus/drill_turn", seed=1)
    table = Table(game)
    for _ in range(200):
        if any(isinstance(a, Raid) for a in game.legal_actions()):
            break
        _decide(table)
    raids = [a for a in game.legal_actions() if isinstance(a, Raid)]
    assert raids, "no raid reached"
    m = table.map
    assert m.selected is None
    where = game.rules.action_location(game.state, raids[0])
    assert where in m._targets
    n = len(game.actions)
    m.click(*m.point_of(where))
    if m.unit_actions.children:  # several raids on one box: choose the first
        m.unit_actions.children[0].click()
    assert len(game.actions) == n + 1 and isinstance(game.actions[-1], Raid)


def test_the_hint_button_says_what_the_computer_would_play_and_leaves_the_game_alone():
    table = _cadet_at_first_activation()
    game = table.game
    before = (game.state.to_data(), list(game.history))
    table.stepper.hint_button.click()
    hint = table.stepper.hint_view.value
    assert "Hint for Greeks" in hint and "<li>" in hint
    assert (game.state.to_data(), list(game.history)) == before
    table.stepper.choose(next(iter(game.legal_actions())))
    assert table.stepper.hint_view.value == ""  # a hint belongs to the position it was asked in


@pytest.mark.rule("m44.victory.medal.last_figure")
def test_the_hint_marks_each_rule_it_cites_that_is_ours_as_every_rule_code_on_the_table_does():
    """The computer's reasons cite the rules its evaluation values ("figures left +1.5
    [m44.victory.medal.last_figure]"); on the table each cited code carries its catalog mark (that one is our
    reading) and its words on hover, like the stepper's chips, so a student meeting it in a hint is told it is
    ours. At the overrun drill's first decision the veteran's reason names the last-figure medal."""
    import re

    from hexlab import reference

    table = Table(hexlab.load("memoir44/drill_overrun", seed=1), seat="Allies")
    table.stepper.hint_button.click()
    hint = table.stepper.hint_view.value
    cited = re.findall(r"\[<code title='[^']*'>([a-z0-9_.]+)</code>(<span class='hexlab-mark[^>]*>([^<]*)</span>)?\]", hint)
    assert cited, hint
    for clause, _, label in cited:
        assert label == reference.lookup(clause).label, (clause, label)
    assert ("m44.victory.medal.last_figure", "our reading") in {(c, lab) for c, _, lab in cited}
    assert "[m44." not in re.sub(r"\[<code", "", hint)  # no code left bare


def test_a_computer_move_from_the_table_says_why():
    table = hexlab.play("cadet/village", seed=3, players={"Ottomans": "veteran"})
    game = table.game
    for _ in range(300):
        if game.to_act == "Ottomans" and not game.current_step.automatic:
            break
        _decide(table)
    table.stepper.next_button.click()  # "Let the computer choose"
    assert "Ottomans (veteran) plays" in table.stepper.note.value


def test_a_table_refused_part_way_through_its_making_still_closes(monkeypatch):
    """A table asked for a seat that is no side of the game is refused before it is fully made; when the garbage
    collector then closes the half-made widget, closing must not fail on the parts it never made (CI saw it raise
    AttributeError on ``teacher``)."""
    import gc
    import sys

    failures: list[str] = []
    monkeypatch.setattr(sys, "unraisablehook", lambda u: failures.append(repr(u.exc_value)))
    game = hexlab.load("cadet/village", seed=1)
    with pytest.raises(ValueError, match="seat: 'Nobody' is not a side of this game"):
        Table(game, seat="Nobody")
    gc.collect()
    assert failures == []
