"""The class app in Chromium, as a class meets it (issue 28): the teacher starts the room, a team opens the
address with the class code, joins, starts a game against the computer, plays it by clicks to the end with a
trip back to the menu and a resume on the way, and saves the after-action report; the teacher's page opens
only with the teacher code and shows the team's finished game.

The clicks are planned on a *shadow* table in this process (:mod:`tests.browser.clicks`), built from the
game the app saved after its first move, so the test knows which button or hex to press; the page is only
clicked, never scripted."""

from __future__ import annotations

import base64
import html
import json
import os

import pytest

from hexlab import saves
from hexlab.classroom.room import Room, team_key
from hexlab.widgets import Table

from .clicks import Click, Planner, log_top
from .harness import ARTIFACTS, class_server
from .test_browser import THIRD_PARTY

pytestmark = pytest.mark.browser

SCENARIO = "cactus/drill_turn"
OURS, THEIRS = "US Marines", "Japan"
TEAM, WORD = "Red Marines", "tulip"
CLASS_CODE = "oak-river-1234"
GAME_SEED = 1


@pytest.fixture
def room_server(tmp_path):
    # one game seed for the test's game (`hexlab classroom --seed`): the drill does not end in the first turn
    with class_server(tmp_path, CLASS_CODE, seed=GAME_SEED, timeout=120) as server:
        yield server.room, server.teacher_code, server.url


def _watched(context):
    pg = context.new_page()
    pg.console_errors = []
    pg.failed_requests = []
    pg.on("requestfailed", lambda r: pg.failed_requests.append(r.url))
    pg.on("console", lambda m: pg.console_errors.append(m.text) if m.type == "error" else None)
    pg.on("pageerror", lambda e: pg.console_errors.append(f"page error: {e}"))
    return pg


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1366, "height": 768}, device_scale_factor=1)
    yield _watched(context)
    context.close()


def _errors(page) -> list[str]:
    """The page's console errors, less the failed loads of ipywidgets' icon font from its CDN (a room without
    the internet can't reach it; the buttons keep their words)."""
    forgiven = [u for u in page.failed_requests if u.startswith(THIRD_PARTY)]
    if len(forgiven) != len(page.failed_requests):
        forgiven = []
    out = []
    for message in page.console_errors:
        if forgiven and message.startswith("Failed to load resource"):
            forgiven.pop()
            continue
        out.append(message)
    return out


def _dropdown(page, label: str):
    return page.locator(f".widget-dropdown:has(label:text-is('{label}')) select").first


def _choose(page, label: str, option_text: str) -> None:
    select = _dropdown(page, label)
    find = ("(s, t) => { const o = [...s.options].find(o => o.text.replace(/\u00a0/g, ' ').includes(t));"
            " return o ? o.value : null; }")
    for _ in range(100):
        value = select.evaluate(find, option_text)
        if value is not None:
            break
        page.wait_for_timeout(200)
    else:
        shown = select.evaluate("s => [...s.options].map(o => o.text)")
        raise AssertionError(f"no option {option_text!r} in {label}: {shown}")
    select.select_option(value=value)
    page.wait_for_timeout(400)


def _shadow(room: Room, name: str) -> Table:
    game = saves.load(str(room.folder / "teams" / team_key(TEAM) / name))
    return Table(game, players={THEIRS: "novice"}, seat=OURS)


class Clicker:
    """Makes a planned click on the app's table and waits until the page shows what the shadow shows."""

    def __init__(self, page, shadow: Table) -> None:
        self.page, self.shadow = page, shadow

    def __call__(self, click: Click) -> None:
        page = self.page
        if click.kind == "map":
            canvas = page.locator(".hexlab-table canvas.hexlab-map").first
            canvas.scroll_into_view_if_needed()
            box = canvas.bounding_box()
            scale = box["width"] / self.shadow.map.css_width
            page.mouse.move(box["x"] + click.x * scale, box["y"] + click.y * scale)
            page.wait_for_timeout(150)
            page.mouse.down()
            page.mouse.up()
        else:
            selector = {"seat": ".hexlab-take-seat", "next": ".hexlab-next-step", "choice": ".hexlab-choice",
                        "unit-button": ".hexlab-unit-actions .widget-button"}[click.kind]
            page.wait_for_function(
                "([sel, i, want]) => { const b = document.querySelectorAll(sel)[i];"
                " return b && b.innerText.trim() === want && !b.disabled; }",
                arg=[f".hexlab-table {selector}", click.index, click.label], timeout=20_000)
            page.locator(f".hexlab-table {selector}").nth(click.index).click()
        want = log_top(self.shadow)
        page.wait_for_function("w => { const li = document.querySelector('.hexlab-table .hexlab-log li');"
                               " return (li ? li.innerText : '').startsWith(w); }", arg=want, timeout=20_000)


def test_a_team_plays_a_whole_game_in_the_class_app_and_the_teacher_sees_it(room_server, page):
    room, teacher_code, url = room_server
    # without the class code, the app is not served: the server's login page asks for it
    page.goto(f"{url}/voila/render/class.ipynb", wait_until="domcontentloaded")
    assert "login" in page.url and "hexlab" not in page.content().lower().replace("hexlab_", "")
    page.goto(f"{url}/voila/render/class.ipynb?token={CLASS_CODE}", wait_until="domcontentloaded")
    page.wait_for_selector(".hexlab-join", timeout=120_000)
    assert "import" not in page.inner_text("body")  # no code on the page
    page.locator(".widget-text:has(label:text-is('Team name')) input").fill(TEAM)
    page.locator("input[type=password]").first.fill(WORD)
    page.locator(".hexlab-join").click()
    page.wait_for_selector(".hexlab-start", timeout=30_000)
    _choose(page, "Lesson", "Every scenario")
    _choose(page, "Scenario", f"({SCENARIO})")
    _choose(page, "Play", f"we play {OURS}")
    page.locator(".hexlab-start").click()
    page.wait_for_selector(".hexlab-table canvas.hexlab-map", timeout=60_000)
    page.wait_for_timeout(1500)
    name = room.team(TEAM, WORD).games(replay=False)[0].name
    shadow = _shadow(room, name)
    planner = Planner(shadow)
    clicker = Clicker(page, shadow)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "class_app_table.png"))
    planner.play_turn(clicker)  # the first turn
    assert not shadow.game.is_over
    # back to the menu, and the game resumes from its save where it was
    page.get_by_role("button", name="Back to the menu").click()
    page.wait_for_selector(".hexlab-resume", timeout=30_000)
    assert name in _dropdown(page, "Our games").evaluate("s => s.value") or \
        _dropdown(page, "Our games").evaluate("s => s.options.length") == 1
    page.locator(".hexlab-resume").click()
    page.wait_for_selector(".hexlab-table canvas.hexlab-map", timeout=60_000)
    page.wait_for_timeout(1500)
    saved = saves.load(str(room.folder / "teams" / team_key(TEAM) / name))
    assert saved.history[: len(shadow.game.history)] == shadow.game.history[: len(saved.history)]
    shadow = _shadow(room, name)
    planner, clicker = Planner(shadow), Clicker(page, shadow)
    for _ in range(20):
        if shadow.game.is_over:
            break
        planner.play_turn(clicker)
    assert shadow.game.is_over
    page.wait_for_function("() => document.querySelector('.hexlab-stepper').innerText.includes('Game over')",
                           timeout=60_000)
    final = saves.load(str(room.folder / "teams" / team_key(TEAM) / name))
    assert final.is_over and final.state.to_data() == shadow.game.state.to_data()
    # the after-action report, saved from the page, opens on its own with no error
    page.locator(".hexlab-report").click()
    link = page.locator("a.hexlab-download").first
    link.wait_for(timeout=60_000)
    report = base64.b64decode(link.get_attribute("href").split(",", 1)[1]).decode("utf-8")
    assert html.escape(shadow.game.scenario.title) in report or shadow.game.scenario.title in report
    page.screenshot(path=str(ARTIFACTS / "class_app_finished.png"))
    assert _errors(page) == [], (_errors(page), page.failed_requests)
    alone = page.context.new_page()
    errors: list[str] = []
    alone.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    alone.set_content(report)
    alone.screenshot(path=str(ARTIFACTS / "class_app_report.png"), full_page=False)
    assert errors == [], errors
    # the teacher's page (another window): refused with a wrong code, then the room's games with the team's
    page = _watched(page.context)
    page.goto(f"{url}/voila/render/teacher.ipynb?token={CLASS_CODE}", wait_until="domcontentloaded")
    page.wait_for_selector(".hexlab-teacher-open", timeout=120_000)
    page.locator("input[type=password]").first.fill("not-the-code")
    page.locator(".hexlab-teacher-open").click()
    page.wait_for_timeout(2000)
    assert "not this room" in page.inner_text("body") and TEAM not in page.inner_text("body")
    page.locator("input[type=password]").first.fill(teacher_code)
    page.locator(".hexlab-teacher-open").click()
    page.wait_for_selector(f"text={TEAM}", timeout=30_000)
    body = page.inner_text("body")
    # the game's own result, as the page words it (the computer's moves may differ on a busy machine, where its
    # safety stop on time cuts a search short, so the game may end in a win for either side or a draw)
    winner = (shadow.game.result or {}).get("winner")
    assert (f"{winner} won" if winner else "a draw") in body and shadow.game.scenario.title in body
    page.screenshot(path=str(ARTIFACTS / "class_app_teacher.png"))
    assert _errors(page) == [], (_errors(page), page.failed_requests)
    assert json.loads((room.folder / "room.json").read_text())["teacher"]["hash"] != teacher_code
    assert os.environ.get("HEXLAB_ROOM") is None
