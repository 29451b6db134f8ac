"""The computer opponent's promises, kept on every ruleset (a review found several checked on one or two only):
asking it never changes the game, its hint names a legal move and the best alternatives and cites rules of the
ruleset's own catalog, it is deterministic for a game and a seed, its moves say why in one line of the log, the
table's Hint button works, and ``hexlab play`` seats it.

One scenario per ruleset, played a few random decisions in. The searches use a small node budget (as
``tests/test_ai.py``'s ``QUICK``) except where the veteran itself is what is tested (the Hint button, the command
line). No timed assertions.
"""

from __future__ import annotations

import html
import json
import re

import pytest

import hexlab
from hexlab import reference
from hexlab.ai import Level, explain, search
from hexlab.engine.events import Remark
from hexlab.players import make_player, players_for
from tests.test_ai import played, snapshot

SCENARIOS = ["memoir44/tenaru", "cadet/village", "cactus/guadalcanal", "warsea/tokyo_express", "cartwheel/wewak"]

PREFIX = {"memoir44": "m44.", "cadet": "cc.", "cactus": "caf.", "warsea": "was.", "cartwheel": "oc."}
"""Each ruleset's catalog prefix (``hexlab/reference/*.toml``, ``[ruleset] id``)."""

QUICK = Level("quick", nodes=250, max_depth=3, width=2, worlds=2)
"""A small budget that still runs the real search (worlds dealt from the seat, dice rolled out, a second depth
where the budget allows), and no stop on wall time: the same game and seed give the same search on any machine
and under any load."""

CLAUSE = re.compile(r"\[([a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+)\]")
"""A rule code as the words cite it: "medals +0.3 [m44.victory.medals.target]"."""

HOW = re.compile(r" \((?:\d+ decisions? ahead|the only move|the ruleset's advice|no search)\)\.$")
"""How a log line of the computer's ends: how far it looked, or why it did not search."""


def decisions_of(scenario: str, seed: int, history: list) -> list[tuple[str, str]]:
    """Each decision of ``history`` replayed on a fresh game: (the side that took it, its words)."""
    again = hexlab.load(scenario, seed=seed)
    out = []
    for entry in history:
        if isinstance(entry, str):
            again.step()
        else:
            out.append((again.to_act, again.describe(entry)))
            again.apply(entry)
    return out


each_ruleset = pytest.mark.parametrize("scenario", SCENARIOS)


# ------------------------------------------------------------------------------------------- it changes nothing


@each_ruleset
def test_asking_the_computer_never_changes_the_game_it_is_asked_about(scenario):
    """A search, a hint and the computer player's choice leave the state, the log, the history, the redo and the
    dice generator as they were, tell no listener (a table) of any change, and the game plays on exactly as a copy
    nobody asked does."""
    game = played(scenario, 3, 4)
    game.apply(next(iter(game.legal_actions())))
    game.undo()  # a move to redo: a search that touched the undo stack would lose it
    assert game.can_redo and game.legal_actions().count() >= 2
    twin = game.copy()
    before = snapshot(game)
    changes: list = []
    stop = game.on_change(lambda _game, events: changes.append(events))
    try:
        search(game, level=QUICK, seed=4)
        explain(game, budget=QUICK, seed=4)
        make_player("computer", 1).choose(game)
    finally:
        stop()
    assert snapshot(game) == before
    assert changes == []
    assert game.redo() and twin.redo() and game.state == twin.state
    a, b = make_player("random", 9), make_player("random", 9)
    for _ in range(30):  # dice included: the generator was not drawn from
        if game.is_over:
            break
        if game.current_step.automatic:
            game.step()
            twin.step()
        else:
            game.apply(a.choose(game))
            twin.apply(b.choose(twin))
        assert game.state == twin.state


# ------------------------------------------------------------------------------------------- the hint's words


@each_ruleset
def test_explain_names_a_legal_move_its_alternatives_and_cites_clauses_of_the_rulesets_catalog(scenario):
    """At each decision of a random game: the move the hint names is legal, so are its one to three alternatives
    (each another move, each with its own line), the words say the move by its name; every rule code the words cite
    is a clause of this ruleset's catalog, and some hint on the way cites one."""
    game = hexlab.load(scenario, seed=2)
    player = make_player("random", 2)
    rid = game.rules.id
    cited: set[str] = set()
    asked = 0
    while not game.is_over and asked < 40 and not (cited and asked >= 3):
        if game.current_step.automatic:
            game.step()
            continue
        legal = list(game.legal_actions())
        if len(legal) >= 2:
            hint = explain(game, budget=QUICK, seed=1)
            asked += 1
            assert hint.best in legal
            assert 1 <= len(hint.alternatives) <= 3 and all(a in legal for a in hint.alternatives)
            assert hint.best not in hint.alternatives and len(set(hint.alternatives)) == len(hint.alternatives)
            assert len(hint.lines) == 1 + len(hint.alternatives)
            name = game.describe(hint.best)
            assert hint.words.splitlines()[0].startswith("Best for ") and name in hint.words.splitlines()[0]
            assert hint.lines[0].startswith(name)
            for alt, line in zip(hint.alternatives, hint.lines[1:], strict=True):
                assert line.startswith(game.describe(alt)), (line, alt)
            for clause in CLAUSE.findall(hint.words):
                assert clause.startswith(PREFIX[rid]) and reference.clause(rid, clause) is not None, clause
                cited.add(clause)
        game.apply(player.choose(game))
    assert asked >= 3
    assert cited, f"no hint at {asked} decisions of {scenario} cited a rule"


# ------------------------------------------------------------------------------------------- determinism


@each_ruleset
def test_the_same_game_and_seed_give_the_same_choice_and_so_does_a_copy_of_the_game(scenario):
    game = played(scenario, 4, 6)
    first = search(game, level=QUICK, seed=3)
    again = search(game, level=QUICK, seed=3)
    copied = search(game.copy(), level=QUICK, seed=3)
    want = [(c.action, c.value) for c in first.choices]
    assert len(want) >= 2 and first.depth >= 1  # the search did search
    assert [(c.action, c.value) for c in again.choices] == want
    assert [(c.action, c.value) for c in copied.choices] == want
    assert (again.depth, again.nodes) == (copied.depth, copied.nodes) == (first.depth, first.nodes)
    assert explain(game, budget=QUICK, seed=3).lines == explain(game.copy(), budget=QUICK, seed=3).lines
    # the computer player (the novice: a little noise, from its own seed) too
    choices = [make_player("computer", 5).choose(g) for g in (game, game, game.copy())]
    assert choices[0] in list(game.legal_actions()) and choices.count(choices[0]) == 3


# ------------------------------------------------------------------------------------------- the log


@each_ruleset
def test_when_the_computer_plays_the_log_says_why_in_one_line_after_each_of_its_moves(scenario):
    """The computer on the first side, a random player on the other: after each of the computer's decisions, and
    only those, one line in the log names its side, its level and the move it made, and how far it looked; the
    remarks are words only (a replay of the actions gives the same game, without them), and undo takes a remark
    back with its move."""
    game = hexlab.load(scenario, seed=3)
    players = players_for(game, "computer,random")
    computer = game.state.sides[0]
    for _ in game.run(players, max_steps=60):
        pass
    moves = decisions_of(scenario, 3, list(game.history))
    mine = [name for side, name in moves if side == computer]
    remarks = [e for e in game.log if isinstance(e.payload, Remark)]
    assert mine, "the computer made no move"
    assert len(remarks) == len(mine)
    for remark, name in zip(remarks, mine, strict=True):
        assert remark.text.startswith(f"{computer} (novice) plays {name}"), (remark.text, name)
        assert "\n" not in remark.text and HOW.search(remark.text), remark.text
        assert remark.side == computer
    assert remarks[-1].text == players[computer].reason
    again = hexlab.load(scenario, seed=3)
    for entry in game.history:
        if isinstance(entry, str):
            again.step()
        else:
            again.apply(entry)
    assert again.state == game.state and not any(isinstance(e.payload, Remark) for e in again.log)
    assert [e.text for e in again.log] == [e.text for e in game.log if not isinstance(e.payload, Remark)]
    while not isinstance(game.log[-1].payload, Remark):
        game.undo()
    game.undo()
    assert len([e for e in game.log if isinstance(e.payload, Remark)]) == len(remarks) - 1


# ------------------------------------------------------------------------------------------- the table


@each_ruleset
def test_the_hint_button_says_what_the_computer_would_play_for_the_seated_side_and_leaves_the_game_alone(scenario):
    from hexlab.widgets.table import Table

    game = played(scenario, 2, 3)
    side = game.to_act
    table = Table(game, seat=side)
    try:
        assert table.stepper.may_act()
        before = snapshot(game)
        table.stepper.hint_button.click()
        hint = table.stepper.hint_view.value
        assert f"Hint for {html.escape(side)}" in hint and "<li>" in hint, hint
        bold = re.search(r"<li><b>(.*?)</b></li>", hint)
        assert bold is not None, hint
        assert any(bold.group(1).startswith(html.escape(game.describe(a), quote=True)) for a in game.legal_actions()), \
            bold.group(1)
        assert snapshot(game) == before
        table.stepper.choose(next(iter(game.legal_actions())))
        assert table.stepper.hint_view.value == ""  # a hint belongs to the position it was asked in
    finally:
        table.close()
    # a table seated for the other side gives no hint while this side decides: it would tell what this side sees
    other = next(s for s in game.state.sides if s != side)
    game = played(scenario, 2, 3)
    table = Table(game, seat=other)
    try:
        before = snapshot(game)
        table.stepper.hint_button.click()
        assert table.stepper.hint_view.value == ""
        assert "A hint is for the side deciding now" in table.stepper.note.value
        assert snapshot(game) == before
    finally:
        table.close()


# ------------------------------------------------------------------------------------------- the command line


def test_hexlab_play_seats_the_veteran_and_prints_why_after_each_of_its_moves(capsys, tmp_path):
    """``hexlab play cadet/village --players veteran,random``: exit 0, and after each of the Greeks' decisions one
    printed line says that the veteran played that move, and why; the random Ottomans say nothing."""
    from hexlab.cli import main

    log = tmp_path / "game.jsonl"
    code = main(["play", "cadet/village", "--seed", "1", "--players", "veteran,random", "--max-steps", "40",
                 "--log", str(log)])
    out, _ = capsys.readouterr()
    assert code == 0
    lines = out.strip().splitlines()
    assert lines[-1].startswith("RESULT unfinished after 40 steps")
    said = [line for line in lines if re.search(r"\((?:veteran|novice|random)\) plays ", line)]
    # the moves the game made, replayed from the log's record of them
    game = hexlab.load("cadet/village", seed=1)
    actions = [game.rules.codec.decode(a) for a in json.loads(log.read_text().splitlines()[-1])["actions"]]
    mine, rest = [], iter(actions)
    while actions and len(game.actions) < len(actions):
        if game.current_step.automatic:
            game.step()
            continue
        action = next(rest)
        if game.to_act == "Greeks":
            mine.append(game.describe(action))
        game.apply(action)
    assert game.state.sides == ["Greeks", "Ottomans"] and len(mine) >= 3
    assert len(said) == len(mine), said
    for line, name in zip(said, mine, strict=True):
        text = re.sub(r"^T\d+ \S+\s+", "", line)
        assert text.startswith(f"Greeks (veteran) plays {name}"), (line, name)
        assert HOW.search(text), line
    assert any(re.search(r"plays .+: \S", line) for line in said)  # at least one gives its reason in words


@pytest.mark.parametrize("scenario", ["memoir44/tenaru", "cactus/guadalcanal"])
def test_hexlab_simulate_plays_the_same_veteran_as_the_table_and_the_benchmark(scenario, monkeypatch):
    """A simulation's veteran runs on its node budget alone (no wall-clock stop); it must still be fitted to the
    ruleset as a named level is (Memoir '44 lists every battle's dice, Cactus looks one decision ahead with exact
    dice), or ``hexlab simulate`` would measure another opponent than the one at the table."""
    import importlib
    from dataclasses import replace

    from hexlab.simulate import _Searcher

    levels = importlib.import_module("hexlab.ai.search").LEVELS
    monkeypatch.setitem(levels, "veteran", replace(levels["veteran"], seconds=None))
    game = hexlab.load(scenario, seed=3)
    player = make_player("random", 3)
    seen = 0
    for _ in range(200):
        if game.is_over or seen >= 4:
            break
        if game.current_step.automatic:
            game.step()
            continue
        if game.legal_actions().count() > 1:
            named = search(game, game.to_act, "veteran", seed=11)
            simulated = _Searcher("veteran", 11)
            assert simulated.choose(game) == named.best
            seen += 1
        game.apply(player.choose(game))
    assert seen >= 4
