"""The after-action report and a handout's map opened in Debian's Chromium, offline: no console error, no request
leaves the page, every turn's map is drawn, and the print stylesheet applies (issue 28, items 3, 4 and 7)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hexlab.classroom import handout, report
from hexlab.players import RandomPlayer
from hexlab.scenario import load

pytestmark = pytest.mark.browser


def _open(browser, path: Path, width: int = 1366, height: int = 768):
    page = browser.new_page(viewport={"width": width, "height": height})
    errors: list[str] = []
    requests: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("request", lambda r: requests.append(r.url) if not r.url.startswith(("file:", "data:")) else None)
    page.goto(path.as_uri())
    page.wait_for_load_state("load")
    return page, errors, requests


@pytest.mark.parametrize("sid", ["memoir44/tenaru", "cactus/guadalcanal"])
def test_the_report_opens_offline_with_no_console_error(browser, tmp_path, sid):
    game = load(sid, seed=3)
    players = {side: RandomPlayer(11 + i) for i, side in enumerate(game.state.sides)}
    for _ in game.run(players, 200):
        pass
    path = tmp_path / "report.html"
    path.write_text(report(game), encoding="utf-8")
    page, errors, requests = _open(browser, path)
    try:
        ended = sorted({e.turn for e in game.log if e.turn < game.state.turn})
        drawn = page.evaluate("""() => [...document.querySelectorAll('figure.map')].map(f => {
            const svg = f.querySelector('svg'); const box = svg.getBoundingClientRect();
            return [f.dataset.turn, box.width, box.height]; })""")
        assert [d[0] for d in drawn] == ["start", *map(str, ended), "finish"]
        assert all(w > 100 and h > 50 for _, w, h in drawn), "every map is drawn at a readable size"
        charts = page.evaluate("() => document.querySelectorAll('figure.chart svg').length")
        assert charts >= 2
        page.emulate_media(media="print")
        assert page.evaluate("() => getComputedStyle(document.querySelector('nav')).display") == "none"
        assert errors == [] and requests == []
    finally:
        page.close()


def test_a_handout_map_opens_with_no_console_error(browser, tmp_path):
    files = handout("memoir44/tenaru", tmp_path, paper="A4")
    svg = next(Path(f) for f in files if f.endswith(".svg"))
    page, errors, requests = _open(browser, svg, 1000, 800)
    try:
        size = page.evaluate("() => { const b = document.documentElement.getBoundingClientRect(); "
                             "return [b.width, b.height]; }")
        assert size[0] > 200 and size[1] > 100
        assert page.evaluate("() => document.querySelectorAll('text').length") > 50, "hex labels and counters"
        assert errors == [] and requests == []
    finally:
        page.close()


def test_a_cartwheel_report_shows_its_sampled_rolls_and_its_charts_legends_stand_clear(browser, tmp_path):
    """Operation Cartwheel's aerial combat is too big to list: the luck table marks its estimate with the error,
    the page lists it with its samples, and no chart's legend is drawn over its lines."""
    game = load("cartwheel/wewak", seed=3)
    players = {side: RandomPlayer(11 + i) for i, side in enumerate(game.state.sides)}
    for _ in game.run(players, 400):
        pass
    path = tmp_path / "report.html"
    path.write_text(report(game), encoding="utf-8")
    page, errors, requests = _open(browser, path)
    try:
        assert page.evaluate("() => document.querySelectorAll('ul.sampled li').length") >= 1
        marked = page.evaluate("() => [...document.querySelectorAll('table.luck td[data-kind=expected]')]"
                               ".map(td => td.textContent)")
        assert any("±" in t and "≈" in t for t in marked)
        clear = page.evaluate("""() => [...document.querySelectorAll('figure.chart svg')].map(svg => {
            const axis = [...svg.querySelectorAll('line')].find(l => l.getAttribute('stroke') === '#222');
            const plotRight = Math.max(+axis.getAttribute('x1'), +axis.getAttribute('x2'));
            const texts = [...svg.querySelectorAll('text')].filter(t => +t.getAttribute('x') > 0 &&
                t.getAttribute('font-size') === '11' && !t.getAttribute('text-anchor'));
            return texts.every(t => t.getBBox().x > plotRight); })""")
        assert clear and all(clear), "every legend entry stands right of its plot"
        assert errors == [] and requests == []
    finally:
        page.close()
