"""A play table rebuilt by "New game" and "Load" leaves no error in the browser's console (issue 29, point 4).

Each "New game" or "Load" puts a new map, stepper, dice tray and odds panel on the table. The browser's widget
manager builds a box's children asynchronously and, once they are built, posts each a resize message; a box
whose children changed again, or that was taken off the page, while they were being built had those messages
delivered to views it had already thrown away, and the console filled with ``TypeError: Cannot read properties
of null (reading 'processLuminoMessage')``: 30 a rebuild on a Cadet table, about 40 on a Memoir '44 one. The table
now builds each game's boxes whole before the page sees them and swaps them in with one change.

The test puts a Cadet table (drill_punch, seed 4: a seed that showed the errors on nearly every rebuild) and a
Memoir '44 one in a notebook, each seated for one side with the computer playing the other and a save of a game
one move in beside it, then clicks "New game" and "Load" on each, several times over. After each click it waits
until the page shows the new game (the old stepper's buttons gone, the loaded game's "Undo" enabled) and asserts
at the end that the console has no error.

It also checks a small thing of the drawing: the hex explorer draws under the maps' drawing lock.
"""

from __future__ import annotations

import ast
import json
import threading
from contextlib import contextmanager

import nbformat
import pytest

from .harness import open_notebook, run_all, start_lab, wait_drawn
from .test_random_clicks import JS_UI, Session, _settle

NOTEBOOK = "rebuild.ipynb"
TABLES = [("cadet/drill_punch", 4), ("memoir44/drill_basic", 4)]
CLICKS = {"cadet/drill_punch": ["new", "new", "load", "new", "load", "new"],
          "memoir44/drill_basic": ["new", "load", "new"]}

SETUP = '''\
import json
import os
from hexlab import saves
from hexlab.scenario import load
from hexlab.widgets import Table

TABLES = {}
def make(sid, seed):
    """A table seated for the side that decides first, the computer (novice) playing the other, with a save of the
    same game one move in, in a folder of its own."""
    folder = os.path.join(os.getcwd(), "saves-" + sid.replace("/", "-"))
    os.makedirs(folder, exist_ok=True)
    moved = load(sid, seed=seed)
    moved.settle()
    moved.apply(sorted(moved.legal_actions(), key=str)[0])
    saves.save(moved, os.path.join(folder, "moved-save-1.json"))
    game = load(sid, seed=seed)
    seat = game.to_act if game.to_act in game.state.sides else game.state.sides[0]
    others = {s: "novice" for s in game.state.sides if s != seat}
    TABLES[sid] = Table(game, players=others, seat=seat, folder=folder)
    return TABLES[sid]

def ui(sid):
    """The moves made, and the table's buttons as the kernel has them: the page must come to show the same."""
    t = TABLES[sid]
    st = t.stepper
    words = lambda text: " ".join(str(text).split())
    global ANSWER
    ANSWER = json.dumps([len(t.game.actions), [
        words(st.next_button.description), st.next_button.disabled, st.undo_button.disabled,
        st.redo_button.disabled, st.run_button.disabled, t.load_button.disabled,
        [words(b.description) for b in st.choices.children], [words(b.description) for b in t.map.unit_actions.children]]])
'''

JS_MARK_OLD = """i => {
  const t = document.querySelectorAll('.hexlab-table')[i];
  for (const b of t.querySelectorAll('.hexlab-next-step, .hexlab-undo')) b.setAttribute('data-hexlab-old', '1');
}"""
JS_REBUILT = """i => {
  // the old game's stepper is off the page and the new one's is on it
  const t = document.querySelectorAll('.hexlab-table')[i];
  return !t.querySelector('[data-hexlab-old]') && !!t.querySelector('.hexlab-next-step')
    && !!t.querySelector('.hexlab-undo') && !!t.querySelector('canvas.hexlab-map');
}"""
JS_FRAMES = """() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 50))))"""


def _kernel_ui(session: Session, sid: str) -> tuple[int, list]:
    answer = session.ask(f"ui({sid!r})", "ANSWER")
    moves, shown = json.loads(ast.literal_eval(answer["value"]))
    return moves, shown


def _shown(session: Session, i: int, want: list) -> None:
    """Wait until the page shows the buttons the kernel has (at most 15 s), then until it stops changing."""
    for _ in range(100):
        if session.page.evaluate(JS_UI, i) == want:
            break
        session.page.wait_for_timeout(150)
    _settle(session, i)


def _notebook(path):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(SETUP)] + [nbformat.v4.new_code_cell(f"make({sid!r}, {seed})")
                                                      for sid, seed in TABLES]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, path)
    return path


@pytest.mark.browser
def test_new_game_and_load_rebuild_a_table_with_no_console_error(tmp_path, browser):
    server = start_lab(tmp_path, [_notebook(tmp_path / NOTEBOOK)])
    context = browser.new_context(viewport={"width": 1366, "height": 900}, device_scale_factor=1)
    try:
        page = context.new_page()
        session = Session(page)
        open_notebook(page, server, NOTEBOOK)
        ran = run_all(page)
        assert ran.errors == [], ran.errors
        wait_drawn(page)
        _settle(session, 0)
        assert session.errors() == [], f"console errors before any click: {session.errors()}"
        trail = []
        for i, (sid, _seed) in enumerate(TABLES):
            table = page.locator(".hexlab-table").nth(i)
            pictures: dict[str, list] = {}  # what the page shows after each kind of click: the same every time
            for n, kind in enumerate(CLICKS[sid]):
                seen = len(session.console)
                page.evaluate(JS_MARK_OLD, i)
                table.scroll_into_view_if_needed()
                table.locator(".hexlab-new-game" if kind == "new" else ".hexlab-load").click()
                page.wait_for_function(JS_REBUILT, arg=i, timeout=60_000, polling=100)
                moves, want = _kernel_ui(session, sid)
                _shown(session, i, want)
                page.evaluate(JS_FRAMES)  # the messages the widget manager posted are delivered by then
                shown = page.evaluate(JS_UI, i)
                assert shown == want, f"{sid}, click {n} ({kind}): the page shows {shown}, the kernel has {want}"
                # the save is one move in, the new game none: the page shows the game the click put on the table
                assert moves == (1 if kind == "load" else 0), f"{sid}, click {n} ({kind}): {moves} moves on the table"
                pictures.setdefault(kind, shown)
                assert shown == pictures[kind], f"{sid}, click {n} ({kind}): {shown}, and before {pictures[kind]}"
                trail.append(f"{sid} click {n} ({kind}): {len(session.console) - seen} console errors")
            assert pictures["load"] != pictures["new"], f"{sid}: the loaded game looks like a new one"
        errors = session.errors()
        assert errors == [], f"{len(errors)} console errors after rebuilding the tables ({'; '.join(trail)}): " \
                             f"{errors[0][:400]}"
    finally:
        context.close()
        server.stop()


def test_the_hex_explorer_draws_under_the_maps_drawing_lock(monkeypatch):
    """ipykernel 7 may run widget callbacks on a subshell's thread, and ipycanvas batches every canvas' commands
    together: the explorer takes the same lock as the game maps (hexlab.widgets.hexmap.DRAWING) while it draws, so
    no other thread can draw in the middle of its picture."""
    from hexlab.scenario import load
    from hexlab.widgets import explorer
    from hexlab.widgets.hexmap import DRAWING

    held: list[bool] = []
    real = explorer.hold_canvas

    @contextmanager
    def watched(*args, **kwargs):
        free = []  # can another thread take the lock while the explorer batches its drawing?
        probe = threading.Thread(target=lambda: free.append(DRAWING.acquire(blocking=False)))
        probe.start()
        probe.join()
        if free[0]:
            DRAWING.release()
        held.append(not free[0])
        with real(*args, **kwargs):
            yield

    monkeypatch.setattr(explorer, "hold_canvas", watched)
    ex = explorer.HexExplorer(load("memoir44/drill_basic", seed=1).board, mode="distance")
    ex.set(mode="ring", radius=1)
    ex.click(ex.b)
    assert held and all(held), f"the explorer drew without the drawing lock: {held}"
