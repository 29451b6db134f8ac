"""The play table on a school laptop (issue 23): JupyterLab at 1366x768 with its file browser open.

- Each ruleset's table fits: with the table's top at the top of the notebook, the whole map, the stepper's
  current step and the primary button are all on the screen together, without scrolling. The primary
  button is "Next step" ("Roll ...") when it is enabled, else the first primary choice, else the hand-over,
  else the first choice (at Cactus' first decision the only button is "No more moves": the things to do
  are clicks on the map).
- A whole turn of each ruleset is played through the table only: its buttons and clicks on the map canvas,
  as a person does, never ``game.apply`` from Python. The decisions are the game's computer player's,
  planned on a shadow table in the test's process (tests/browser/clicks.py); the browser's table must end
  in the same game (the kernel prints a digest of its save). A *turn* is the game's turn number on the
  clock: from the start until it changes, both sides' turns (Memoir '44: each side plays a card, orders,
  moves and battles; Cadet Commander: both sides' activations; Cactus: the seven hours and the end of the
  turn). The clicks are printed by kind, with the clicks the same turn took with "Step through bookkeeping"
  on (every automatic step waiting for "Next step"), as before issue 23, and the clicks that needed the
  page scrolled first.
- Screenshots of every table in JupyterLab light and dark, at 1366x768 and 1920x1080, go to
  artifacts/browser/laptop_*.png to be looked at.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import nbformat
import pytest

import hexlab
from hexlab.widgets import Table

from .clicks import Click, Planner, log_top, played_back
from .harness import ARTIFACTS, open_notebook, run_all, start_lab, wait_drawn
from .test_browser import _console

pytestmark = pytest.mark.browser

TABLES = ["memoir44/tenaru", "cadet/village", "cactus/guadalcanal"]
LAPTOP = {"width": 1366, "height": 768}
DESKTOP = {"width": 1920, "height": 1080}
SEED = 1
DIGEST = ("import hashlib\n"
          "print('DIGEST', hashlib.sha1(hexlab.saves.dumps(table.game).encode()).hexdigest()[:16], "
          "len(table.game.history))")


def _name(sid: str) -> str:
    return f"laptop_{sid.replace('/', '_')}.ipynb"


def _table_notebook(path: Path, scenario_id: str) -> Path:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(f"import hexlab\ntable = hexlab.play({scenario_id!r}, seed={SEED})\ntable"),
                nbformat.v4.new_code_cell(DIGEST)]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, path)
    return path


def _digest(table: Table) -> str:
    return f"DIGEST {hashlib.sha1(hexlab.saves.dumps(table.game).encode()).hexdigest()[:16]} {len(table.game.history)}"


@pytest.fixture(scope="module")
def laptop_lab(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("laptop")
    server = start_lab(tmp, [_table_notebook(tmp / _name(sid), sid) for sid in TABLES])
    yield server
    server.stop()


@pytest.fixture
def laptop(browser):
    context = browser.new_context(viewport=LAPTOP, device_scale_factor=1)
    page = context.new_page()
    page.console_errors, page.failed_requests = [], []
    page.on("console", lambda m: page.console_errors.append(m.text) if m.type == "error" else None)
    page.on("requestfailed", lambda r: page.failed_requests.append(r.url))
    page.on("pageerror", lambda e: page.console_errors.append(f"page error: {e}"))
    yield page
    context.close()


PANEL = """(el) => {
  let panel = el.parentElement;
  while (panel && !(/(auto|scroll)/.test(getComputedStyle(panel).overflowY) && panel.scrollHeight > panel.clientHeight)) {
    panel = panel.parentElement;
  }
  return panel;
}"""
JS_TO_TOP = f"""(el) => {{
  const panel = ({PANEL})(el);
  panel.scrollTop += el.getBoundingClientRect().top - panel.getBoundingClientRect().top;
}}"""
"""Scroll the notebook so that ``el``'s top is at its top (only the notebook's own scrolling panel moves:
``scrollIntoView`` would also scroll JupyterLab's hidden-overflow boxes and blank the notebook)."""

JS_FILE_BROWSER = """async () => {
  const app = window.jupyterapp;
  app.shell.activateById('filebrowser');
  await new Promise(r => setTimeout(r, 300));
  const fb = document.getElementById('filebrowser');
  return fb ? fb.getBoundingClientRect().width : 0;
}"""

# The notebook's scrolling panel (the nearest ancestor of the table that scrolls), its visible rectangle,
# and where the table's parts are, after the table's top is scrolled to the top of that panel.
JS_FIT = f"""() => {{
  const table = document.querySelector('.hexlab-table');
  const panel = ({PANEL})(table);
  ({JS_TO_TOP})(table);
  const box = el => {{
    if (!el) return null;
    const r = el.getBoundingClientRect();
    return {{top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height}};
  }};
  const next = document.querySelector('.hexlab-table .hexlab-next-step');
  const primary = (next && !next.disabled) ? next
    : document.querySelector('.hexlab-table .hexlab-choice.mod-primary')
      || document.querySelector('.hexlab-table .hexlab-take-seat')
      || document.querySelector('.hexlab-table .hexlab-choice');
  const view = box(panel);
  return {{
    view: {{top: Math.max(0, view.top), bottom: Math.min(window.innerHeight, view.bottom),
           left: Math.max(0, view.left), right: Math.min(window.innerWidth, view.right)}},
    table: box(table), map: box(document.querySelector('.hexlab-table canvas.hexlab-map')),
    header: box(document.querySelector('.hexlab-table .hexlab-stepper-header')),
    primary: box(primary), primaryText: primary ? primary.innerText : null,
    tableWidth: table.getBoundingClientRect().width,
  }};
}}"""


def _inside(part: dict, view: dict, slack: float = 1.0) -> bool:
    return (part["top"] >= view["top"] - slack and part["bottom"] <= view["bottom"] + slack
            and part["left"] >= view["left"] - slack and part["right"] <= view["right"] + slack)


def _open(page, server, sid: str) -> None:
    open_notebook(page, server, _name(sid))
    assert page.evaluate(JS_FILE_BROWSER) > 150, "the file browser is open"
    result = run_all(page)
    assert result.errors == [], result.errors
    maps = wait_drawn(page)
    assert maps and maps[0]["layers"][0]["painted"] > 0


def _shot(page, name: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.locator(".hexlab-table").first.evaluate(JS_TO_TOP)
    page.wait_for_timeout(400)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path


def _theme(page, theme: str) -> None:
    page.evaluate("t => window.jupyterapp.commands.execute('apputils:change-theme', {theme: t})", theme)
    light = "true" if theme.endswith("Light") else "false"
    page.wait_for_function(f"() => document.body.dataset.jpThemeLight === '{light}'", timeout=20_000)
    page.wait_for_timeout(800)


@pytest.mark.parametrize("scenario_id", TABLES)
def test_the_table_fits_a_school_laptop_and_looks_right_light_and_dark(laptop_lab, laptop, scenario_id):
    page, short = laptop, scenario_id.split("/")[0]
    _open(page, laptop_lab, scenario_id)
    fit = page.evaluate(JS_FIT)
    page.wait_for_timeout(300)
    fit = page.evaluate(JS_FIT)
    view = fit["view"]
    print(f"\n{scenario_id} at 1366x768 with the file browser: table {fit['tableWidth']:.0f}px wide, "
          f"view {view}, map {fit['map']}, primary {fit['primaryText']!r} {fit['primary']}")
    assert fit["primary"] is not None, "there is a primary button"
    assert _inside(fit["primary"], view), f"the primary button {fit['primaryText']!r} is on the screen: {fit}"
    assert _inside(fit["header"], view), f"the stepper's current step is on the screen: {fit}"
    assert _inside(fit["map"], view), f"the whole map is on the screen: {fit}"
    _shot(page, f"laptop_{short}_1366_light")
    try:
        page.set_viewport_size(DESKTOP)
        _shot(page, f"laptop_{short}_1920_light")
        _theme(page, "JupyterLab Dark")
        _shot(page, f"laptop_{short}_1920_dark")
        page.set_viewport_size(LAPTOP)
        _shot(page, f"laptop_{short}_1366_dark")
    finally:
        _theme(page, "JupyterLab Light")
    assert _console(page) == [], _console(page)


# ------------------------------------------------------------------------------------------ a turn by clicks
JS_WATCH = """() => {
  const k = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  if (!window.__hexlabIdle) {
    window.__hexlabIdle = {n: 0};
    k.statusChanged.connect((_, s) => { if (s === 'idle') window.__hexlabIdle.n++; });
  }
  return window.__hexlabIdle.n;
}"""
JS_QUIET = """(n) => window.__hexlabIdle.n > n &&
  window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.status === 'idle'"""


def _quiet(page, before: int) -> None:
    """Wait until the kernel has handled what the page sent since ``before`` (its idle count then)."""
    page.wait_for_function(JS_QUIET, arg=before, timeout=20_000, polling=50)
    while True:
        n = page.evaluate(JS_WATCH)
        page.wait_for_timeout(120)
        if page.evaluate(JS_WATCH) == n and page.evaluate(JS_QUIET, n - 1):
            return


JS_VISIBLE = f"""(el) => {{
  const v = ({PANEL})(el).getBoundingClientRect();
  return [Math.max(0, v.top), Math.min(window.innerHeight, v.bottom)];
}}"""
JS_REVEAL = f"""(el) => {{
  const panel = ({PANEL})(el), r = el.getBoundingClientRect(), [top, bottom] = ({JS_VISIBLE})(el);
  if (r.bottom > bottom) panel.scrollTop += Math.min(r.bottom - bottom + 12, r.top - top);
  else if (r.top < top) panel.scrollTop -= top - r.top + 12;
}}"""
"""Scroll the notebook just enough to show ``el`` (as a person would), or to put its top at the top."""
JS_IN_VIEW = f"""(el) => {{
  const r = el.getBoundingClientRect(), [top, bottom] = ({JS_VISIBLE})(el);
  return r.top >= top - 1 && r.bottom <= bottom + 1;
}}"""


class Browser:
    """Makes a planned click on the page, and waits for the kernel to handle it."""

    def __init__(self, page, shadow: Table) -> None:
        self.page, self.shadow = page, shadow
        self.scrolled: list[str] = []
        """The clicks whose target was not on the screen until the page was scrolled."""
        self.mouse: tuple[float, float] | None = None
        self.asked: Path | None = None
        """A screenshot of the first time the map asked which action (or to confirm one)."""

    def _visible_or_scroll(self, locator) -> None:
        if not locator.evaluate(JS_IN_VIEW):
            self.scrolled.append(locator.inner_text())
            locator.evaluate(JS_REVEAL)

    def __call__(self, click: Click) -> None:
        page = self.page
        if click.kind == "map":
            canvas = page.locator(".hexlab-table canvas.hexlab-map").first
            box = canvas.bounding_box()
            scale = box["width"] / self.shadow.map.css_width
            top, bottom = canvas.evaluate(JS_VISIBLE)
            if not (top + 2 <= box["y"] + click.y * scale <= bottom - 2):
                self.scrolled.append(click.label)
                canvas.evaluate(JS_REVEAL)
                box = canvas.bounding_box()
            x, y = box["x"] + click.x * scale, box["y"] + click.y * scale
            if (x, y) != self.mouse:  # the pointer's move is a message too (the hover): let it be handled first
                before = page.evaluate(JS_WATCH)
                page.mouse.move(x, y)
                self.mouse = (x, y)
                _quiet(page, before)
            before = page.evaluate(JS_WATCH)
            page.mouse.down()
            page.mouse.up()
        else:
            selector = {"seat": ".hexlab-table .hexlab-take-seat", "next": ".hexlab-table .hexlab-next-step",
                        "choice": ".hexlab-table .hexlab-choice",
                        "unit-button": ".hexlab-table .hexlab-unit-actions .widget-button"}[click.kind]
            button = page.locator(selector).nth(click.index)
            if click.kind == "unit-button" and self.asked is None:  # the map asks: how that looks
                self.asked = ARTIFACTS / f"laptop_{self.shadow.game.rules.id}_asks.png"
                ARTIFACTS.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(self.asked))
            assert button.inner_text().strip() == click.label, (button.inner_text(), click)
            self._visible_or_scroll(button)
            before = page.evaluate(JS_WATCH)
            button.click()
            self.mouse = None
        _quiet(page, before)
        want = log_top(self.shadow)
        page.wait_for_function("w => { const li = document.querySelector('.hexlab-table .hexlab-log li');"
                               " return (li ? li.innerText : '').startsWith(w); }", arg=want, timeout=10_000)


JS_RUN_CELL = """async (i) => {
  const w = window.jupyterapp.shell.currentWidget;
  w.content.activeCellIndex = i;
  await window.jupyterapp.commands.execute('notebook:run-cell');
}"""
JS_CELL_OUTPUT = """(i) => {
  const c = window.jupyterapp.shell.currentWidget.content.model.cells.get(i);
  const out = [];
  for (let j = 0; j < c.outputs.length; j++) { const o = c.outputs.get(j).toJSON(); if (o.text) out.push(o.text); }
  return {count: c.executionCount, text: out.join('')};
}"""


@pytest.mark.parametrize("scenario_id", TABLES)
def test_a_whole_turn_by_clicks_on_the_table(laptop_lab, laptop, scenario_id):
    page = laptop
    _open(page, laptop_lab, scenario_id)
    page.evaluate(JS_WATCH)
    shadow = Table(hexlab.load(scenario_id, seed=SEED))
    planner = Planner(shadow)
    assert page.evaluate(JS_CELL_OUTPUT, 1)["text"].strip() == _digest(shadow), "both tables start alike"
    browser = Browser(page, shadow)
    turn = shadow.game.state.turn
    try:
        tally = planner.play_turn(browser)
    except Exception:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"laptop_{scenario_id.split('/')[0]}_turn_failed.png"))
        raise
    # the same decisions with "Step through bookkeeping" on: the clicks before issue 23
    walk = Planner(Table(hexlab.load(scenario_id, seed=SEED), walk=True), played_back(planner.decisions))
    before = walk.play_turn()
    assert walk.decisions == planner.decisions
    print(f"\n{scenario_id}, turn {turn} by clicks at 1366x768: {tally.total} clicks {tally.by_kind()}; "
          f"{len(browser.scrolled)} needed a scroll first {browser.scrolled}; with 'Step through bookkeeping' on: "
          f"{before.total} {before.by_kind()}; decisions {len(planner.decisions)}")
    # the kernel's table played the same game
    done = page.evaluate(JS_CELL_OUTPUT, 1)["count"]
    page.evaluate(JS_RUN_CELL, 1)
    page.wait_for_function(f"() => ({JS_CELL_OUTPUT})(1).count > {done}", timeout=20_000)
    assert page.evaluate(JS_CELL_OUTPUT, 1)["text"].strip() == _digest(shadow), "the browser's game is the shadow's"
    assert shadow.game.state.turn != turn or shadow.game.is_over
    _shot(page, f"laptop_{scenario_id.split('/')[0]}_after_a_turn")
    assert _console(page) == [], _console(page)
