"""A long session on one table does not grow: the games a table has finished with are let go (issue 29, point 5).

A notebook kernel keeps every ipywidget that is not closed, with everything its callbacks reach. A table puts a
new map, stepper, dice tray and odds panel around each new game; if any of them stays alive, it keeps its old
game (every state of its history) alive too, and a class that plays game after game on one table fills the
kernel's memory. These tests play many short games on one table with its own buttons, as
``benchmarks/bench_memory.py`` does for a hundred, and check that nothing piles up.
"""

from __future__ import annotations

import gc
import importlib.util
import tracemalloc
import warnings
from pathlib import Path

import pytest

from hexlab.engine import Game
from hexlab.scenario import load
from hexlab.widgets import Table

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("bench_memory", ROOT / "benchmarks" / "bench_memory.py")
bench_memory = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench_memory)


def _live_widgets() -> int:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return bench_memory.live_widgets()


def _games_alive() -> int:
    gc.collect()
    return sum(1 for o in gc.get_objects() if isinstance(o, Game))


@pytest.mark.parametrize("scenario", ["cadet/drill_punch", "cactus/drill_turn"])
def test_thirty_games_on_one_table_leave_nothing_behind(scenario):
    before = _games_alive()  # games other tests in this process keep (module fixtures, caches): not this table's
    table = Table(load(scenario, seed=1), players="random")
    try:
        seen: dict[int, tuple[int, int, int]] = {}
        tracemalloc.start()
        for n in range(1, 31):
            length = bench_memory.play_one(table, seed=n)
            assert table.game.is_over and length > 0, f"game {n} of {scenario} did not end"
            if n in (10, 30):
                gc.collect()
                seen[n] = (_live_widgets(), _games_alive(), tracemalloc.get_traced_memory()[0])
        tracemalloc.stop()
        (w10, g10, heap10), (w30, g30, heap30) = seen[10], seen[30]
        # the same widgets after game 30 as after game 10: each new game's replace the old ones, closed
        assert w30 == w10, f"{scenario}: {w30 - w10} more live widgets after game 30 than after game 10"
        # only the game on the table is alive (and none of the 29 before it)
        assert g30 <= g10 and g30 - before <= 2, \
            f"{scenario}: {g30 - before} games alive after 30 games on one table ({before} were before it)"
        # a generous bound on the Python heap (a leak of one game's history a game is megabytes)
        growth_mb = (heap30 - heap10) / 2**20
        assert growth_mb < 8, f"{scenario}: the heap grew {growth_mb:.1f} MB from game 10 to game 30"
        assert len(table.game._listeners) == 6, "the game on the table has listeners from old parts of the table"
    finally:
        if tracemalloc.is_tracing():
            tracemalloc.stop()
        table.close()


def test_a_new_game_closes_the_old_parts_of_the_table_and_their_layouts():
    table = Table(load("memoir44/drill_basic", seed=1), players="random")
    try:
        old = [table.map, table.stepper, table.stepper.hint_button, table.stepper.hint_view, table.dice, table.odds]
        table.stepper.run_button.click()
        bench_memory.play_one(table, seed=2)
        for w in old:
            assert w.comm is None, f"{type(w).__name__} of the old game is still open"
            assert w.layout.comm is None, f"the layout of {type(w).__name__} of the old game is still open"
        assert table.stepper.hint_button.comm is not None and table.stepper.hint_button.layout.comm is not None
        assert table.seed_box.layout.comm is not None, "the table's own file row stays open"
    finally:
        table.close()


def test_the_dice_tray_is_not_tied_to_its_script_file():
    """anywidget keeps every widget made from a script *path* (to reload it when the file changes): the tray is
    given the script's text, so a tray that is closed and dropped is freed."""
    table = Table(load("cactus/drill_turn", seed=1))
    tray = table.dice
    table.new_button.click()
    import weakref

    ref = weakref.ref(tray)
    del tray
    gc.collect()
    assert ref() is None, "the old dice tray is still alive"
    table.close()


def test_a_team_going_back_and_forth_between_its_games_keeps_one_table(tmp_path):
    """The class app: each "Resume" or "Start" puts a new table up; the one before is closed and stops saving."""
    from hexlab.classroom.app import ClassApp
    from hexlab.classroom.room import Room

    room, _code = Room.create(tmp_path / "saves")
    app = ClassApp(room)
    assert app.join("Red Marines", "tulip") is not None
    first = app.start("cadet/drill_punch", "", "novice")
    name = app.game_name
    old_table = app.table
    counts = []
    for _ in range(8):
        app.show_menu()
        app.resume(name)
        gc.collect()
        counts.append(_live_widgets())
    assert old_table.comm is None and old_table.map.comm is None, "the first table is still open"
    assert counts[-1] == counts[1], f"live widgets grow as the team resumes its game: {counts}"
    assert len(first._listeners) == 0, "the first game still has listeners (the old table, the autosave)"
    app.close()


def test_hot_seat_hand_overs_do_not_pile_up_widgets():
    """Each hand-over in hot-seat play shows a note and an "I am ..." button; the ones before are closed."""
    from hexlab.players import ComputerPlayer

    table = Table(load("memoir44/drill_basic", seed=4))
    game, chooser = table.game, ComputerPlayer(4)
    counts: list[int] = []
    try:
        while not game.is_over and len(counts) < 12:
            take = [w for w in table.handover.children if "hexlab-take-seat" in w._dom_classes]
            if take:
                take[0].click()
                gc.collect()
                counts.append(_live_widgets())
            elif not table.stepper.next_button.disabled:
                table.stepper.next_button.click()
            else:
                table.stepper.choose(chooser.choose(game))
        assert len(counts) >= 6, f"only {len(counts)} hand-overs were played"
        assert counts[-1] <= counts[1] + 20, f"live widgets grow with each hand-over: {counts}"
    finally:
        table.close()
