"""What each ruleset's play table looks like where people open it: JupyterLab light and dark, and
Notebook 7 (issue 11). Every table runs with no error and no console error, its map is drawn, the
primary button is the right one at an automatic step (Next step, saying what it does) and at a decision
(the choices; Next step disabled with its reason), and a screenshot of each goes to artifacts/browser/
to be looked at."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import open_notebook, run_all, start_lab, wait_drawn
from .test_browser import _console, _notebook, _shot

pytestmark = pytest.mark.browser

TABLES = ["memoir44/tenaru", "cadet/village", "cactus/guadalcanal"]
PLACES = [("lab", "JupyterLab Light"), ("lab", "JupyterLab Dark"), ("notebook", "JupyterLab Light")]


def _table(path: Path, scenario_id: str) -> Path:
    return _notebook(path, f"import hexlab\ntable = hexlab.play({scenario_id!r}, seed=1)\ntable")


def _name(sid: str) -> str:
    return f"looks_{sid.replace('/', '_')}.ipynb"


@pytest.fixture(scope="module", params=PLACES, ids=[f"{a}-{t.split()[-1].lower()}" for a, t in PLACES])
def place(request, tmp_path_factory):
    app, theme = request.param
    tmp = tmp_path_factory.mktemp(f"{app}-{theme.split()[-1].lower()}")
    notebooks = [_table(tmp / _name(sid), sid) for sid in TABLES]
    server = start_lab(tmp, [*notebooks, _notebook(tmp / "blank.ipynb", "1 + 1")], theme=theme, app=app)
    yield app, theme, server
    server.stop()


BASELINE: dict[str, list[str]] = {}


def _own_errors(browser, server, app: str) -> list[str]:
    """The errors the page shows with no hexlab in it (a blank notebook): the application's own, not ours.
    Notebook 7.6 reports "Cannot read properties of undefined (reading 'schema')" on every page here."""
    if app not in BASELINE:
        context = browser.new_context()
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
        open_notebook(page, server, "blank.ipynb", app=app)
        page.wait_for_timeout(3000)
        context.close()
        BASELINE[app] = errors
    return BASELINE[app]


@pytest.mark.parametrize("scenario_id", TABLES)
def test_each_table_in_each_place(place, browser, scenario_id):
    app, theme, server = place
    context = browser.new_context(viewport={"width": 1400, "height": 1100}, device_scale_factor=1)
    page = context.new_page()
    page.console_errors, page.failed_requests = [], []
    page.on("console", lambda m: page.console_errors.append(m.text) if m.type == "error" else None)
    page.on("requestfailed", lambda r: page.failed_requests.append(r.url))
    page.on("pageerror", lambda e: page.console_errors.append(f"page error: {e}"))
    try:
        open_notebook(page, server, _name(scenario_id), app=app)
        result = run_all(page)
        assert result.errors == [], result.errors
        maps = wait_drawn(page)
        assert maps and maps[0]["layers"][0]["painted"] > 0
        if theme.endswith("Dark"):
            body = page.evaluate("() => getComputedStyle(document.body).getPropertyValue('--jp-layout-color0')")
            assert body.strip() not in ("", "white", "#fff", "#ffffff"), "the dark theme is on"
            colour = page.evaluate("() => getComputedStyle(document.querySelector('.hexlab-table')).color")
            assert _light(colour), f"table text is light on the dark theme, got {colour}"
        next_step = page.locator(".hexlab-next-step").first
        table = page.locator(".hexlab-table").first
        # wherever the game stands, the primary button is the thing to do now; the keyboard drives it
        # (focus a button, press Enter), as a mouse would
        for _ in range(2):
            before = table.inner_text()
            if next_step.is_disabled():
                assert "decides now" in (next_step.get_attribute("title") or "")
                # the things to do are primary; a choice that gives something up (a pass) never is
                choices = page.locator(".hexlab-choice:not(.hexlab-gives-up)")
                if choices.count():
                    assert "mod-primary" in (choices.first.get_attribute("class") or "")
                passes = page.locator(".hexlab-choice.hexlab-gives-up")
                for i in range(passes.count()):
                    assert "mod-primary" not in (passes.nth(i).get_attribute("class") or "")
                assert "Your decision" in table.inner_text()
                press = choices if choices.count() else passes
                if press.count():
                    press.first.focus()
                    page.keyboard.press("Enter")
            else:
                assert "mod-primary" in (next_step.get_attribute("class") or "")
                label = next_step.inner_text()
                assert label != "Next step" and (label.startswith("Roll") or label.startswith("Next:")), label
                _shot(page, f"looks_{scenario_id.split('/')[0]}_{app}_{theme.split()[-1].lower()}_auto")
                page.locator(".hexlab-play-to-next-decision").first.focus()
                page.keyboard.press("Enter")
            page.wait_for_timeout(1200)
            assert table.inner_text() != before, "a key press on the focused button moved the game on"
        _shot(page, f"looks_{scenario_id.split('/')[0]}_{app}_{theme.split()[-1].lower()}")
        errors = _console(page)
        for known in _own_errors(browser, server, app):
            if known in errors:
                errors.remove(known)
        assert errors == [], errors
    finally:
        context.close()


def _light(css_colour: str) -> bool:
    parts = [float(p) for p in css_colour[css_colour.index("(") + 1:css_colour.index(")")].split(",")[:3]]
    return sum(parts) / 3 > 150


def test_a_table_in_voila(tmp_path, browser):
    """Voila, the plain web page a class can open: the Cadet table is drawn, with its primary button, and
    no error (Voila's own CDN icon requests aside, which hexlab's widgets don't use)."""
    from .harness import start_voila
    from .test_browser import THIRD_PARTY

    server = start_voila(tmp_path, _table(tmp_path / "voila_table.ipynb", "cadet/village"))
    context = browser.new_context(viewport={"width": 1400, "height": 1100})
    page = context.new_page()
    errors: list[str] = []
    failed: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
    page.on("requestfailed", lambda r: failed.append(r.url))
    try:
        page.goto(server.url, wait_until="domcontentloaded")
        page.wait_for_selector(".hexlab-table", timeout=120_000)
        maps = wait_drawn(page, 60_000)
        assert maps and maps[0]["layers"][0]["painted"] > 0
        button = page.locator(".hexlab-next-step").first
        assert "mod-primary" in (button.get_attribute("class") or "") and button.inner_text().startswith("Roll")
        _shot(page, "looks_cadet_voila")
        if all(url.startswith(THIRD_PARTY) for url in failed):
            errors = [e for e in errors if not e.startswith("Failed to load resource")]
        assert errors == [], errors
    finally:
        context.close()
        server.stop()


CARTWHEEL = "cartwheel/wewak"
SCREENS = [(1366, 768), (1920, 1080)]


@pytest.fixture(scope="module", params=["JupyterLab Light", "JupyterLab Dark"], ids=["light", "dark"])
def cartwheel_place(request, tmp_path_factory):
    theme = request.param
    tmp = tmp_path_factory.mktemp(f"cartwheel-{theme.split()[-1].lower()}")
    nb = _notebook(tmp / "looks_cartwheel.ipynb",
                   f"import hexlab\nimport hexlab.rulesets.cartwheel.views\ntable = hexlab.play({CARTWHEEL!r}, seed=1)\n"
                   "table")
    server = start_lab(tmp, [nb, _notebook(tmp / "blank.ipynb", "1 + 1")], theme=theme)
    yield theme, server
    server.stop()


@pytest.mark.rule("oc.components.map_and_pac_charts", "oc.air.airbase.adc_hidden")
@pytest.mark.parametrize("width,height", SCREENS, ids=[f"{w}x{h}" for w, h in SCREENS])
def test_the_cartwheel_table_shows_its_airbases_beside_the_map(cartwheel_place, browser, width, height):
    """The Operation Cartwheel table at a school laptop's 1366x768 and at 1920x1080, light and dark: the map holds
    the hexes alone, with the Turn Record and Victory Points Tracks under it; the seated side's airbase displays are
    beside it (their counters are buttons that select the unit on the map), the enemy's show no unit; a screenshot
    of each goes to artifacts/browser/."""
    theme, server = cartwheel_place
    context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=1)
    page = context.new_page()
    page.console_errors, page.failed_requests = [], []
    page.on("console", lambda m: page.console_errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: page.console_errors.append(f"page error: {e}"))
    try:
        open_notebook(page, server, "looks_cartwheel.ipynb")
        result = run_all(page)
        assert result.errors == [], result.errors
        maps = wait_drawn(page)
        assert maps and maps[0]["layers"][0]["painted"] > 0
        # the canvas holds the hexes, not a column of display boxes 4,000 px tall
        assert maps[0]["layers"][0]["h"] / maps[0]["layers"][0]["w"] < 1.2, maps[0]
        tracks = page.locator(".hexlab-track")
        assert tracks.count() == 3
        assert "Turn Record Track" in tracks.nth(0).inner_text()
        assert page.locator(".hexlab-track-current").count() == 3  # the turn and each side's VP marker
        beside = page.locator(".hexlab-beside").first
        text = beside.inner_text()
        assert "Allies airbases" in text and "Dobodura" in text and "Capacity" in text
        assert "P38a" in text and "K43a" not in text  # the Allies' seat: Wewak's fighters stay hidden
        assert "Unknown: no recon of yours has examined it." in text
        page.locator(".hexlab-ab-unit-P38a").first.click()
        page.wait_for_timeout(800)
        note = page.locator(".hexlab-note").first  # the click reached the map: it says what the unit may do now
        assert "Nobody decides now" in note.inner_text() or "P38a" in note.inner_text()
        short = theme.split()[-1].lower()
        _shot(page, f"looks_cartwheel_airbases_{short}_{width}x{height}")
        errors = _console(page)
        for known in _own_errors(browser, server, "lab"):
            if known in errors:
                errors.remove(known)
        assert errors == [], errors
    finally:
        context.close()
