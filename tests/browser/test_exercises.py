"""Issue 30 in a real browser: one exercise of every ruleset answered with the keyboard alone, once right and once
wrong, in JupyterLab.

One JupyterLab and one notebook serve every case: a cell per exercise, run once. For an answer picked on the map
(hexes, areas or units) the keys are planned in this process on the same widget (where the arrow keys take the
focus), then pressed in the page: focus on the keyboard strip, arrows, Space to pick, C to check, X to clear. For a
number the answer is typed in its box and Enter checks it. The page must then say "Right!", and for the wrong answer
name the clause of the mistake, whose chip opens on one click to the rule's words from the catalog.
"""

from __future__ import annotations

from collections import deque
from pathlib import Path

import nbformat
import pytest

from .harness import ARTIFACTS, open_notebook, run_all, start_lab, wait_drawn

pytestmark = pytest.mark.browser

CASES = [
    ("memoir44", "targets", 1),  # units: the enemy units an ordered unit may battle
    ("cadet", "reach", 1),  # hexes
    ("cactus", "reach", 1),  # areas: boxes linked overland
    ("warsea", "targets", 1),  # units, the wrong pick a troop counter aboard a transport
    ("cartwheel", "reach", 1),  # hexes, on the map drawn for the question's seat (hidden units)
    ("memoir44", "dice", 1),  # a number typed: the battle dice
    ("cadet", "odds", 1),  # a number typed: a punch's odds, within 2%
]
IDS = [f"{r}-{k}" for r, k, _ in CASES]
NOTEBOOK = "exercise_keys.ipynb"
SET_TYPES = ("hexes", "areas", "units")


def _notebook(path: Path) -> Path:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("import hexlab.exercises as hx")]
    nb.cells += [nbformat.v4.new_code_cell(f"hx.widget(hx.generate({r!r}, {k!r}, seed={s}))") for r, k, s in CASES]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, path)
    return path


def _plan(view, start_keys: list[str], targets: list[str]) -> list[str]:
    """The keys that pick ``targets`` one after another, from where ``start_keys`` leave the focus: a
    breadth-first search over the arrow keys, moving the widget's own focus."""
    keys = list(start_keys)
    for k in start_keys:
        view._key(None, {"key": k})
    for target in targets:
        seen = {view.focus: []}
        queue = deque([view.focus])
        while queue and target not in seen:
            here = queue.popleft()
            for arrow in ("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"):
                view.focus = here
                view.move_focus(arrow)
                if view.focus not in seen:
                    seen[view.focus] = seen[here] + [arrow]
                    queue.append(view.focus)
        assert target in seen, f"the arrow keys never reach {target}"
        path = seen[target]
        view.focus = target
        keys += path + [" "]
    return keys


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("exercises")
    server = start_lab(tmp, [_notebook(tmp / NOTEBOOK)])
    yield server
    server.stop()


@pytest.fixture(scope="module")
def page(browser, lab):
    """The notebook open and run once, every exercise drawn; each case answers its own widget."""
    context = browser.new_context(viewport={"width": 1400, "height": 1250}, device_scale_factor=1)
    pg = context.new_page()
    open_notebook(pg, lab, NOTEBOOK)
    assert run_all(pg).errors == []
    wait_drawn(pg)
    assert pg.locator(".hexlab-exercise").count() == len(CASES)
    yield pg
    context.close()


def _press(page, keys: list[str]) -> None:
    for k in keys:
        page.keyboard.press("Space" if k == " " else k)
        page.wait_for_timeout(120)


JS_RESULT_HAS = """([i, words]) => {
  const r = document.querySelectorAll('.hexlab-exercise')[i].querySelector('.hexlab-exercise-result');
  return !!r && r.innerText.includes(words);
}"""


def _wait_result(page, index: int, words: str) -> None:
    page.wait_for_function(JS_RESULT_HAS, arg=[index, words], timeout=15_000)


def _wrong_number(ex) -> str:
    """A number well outside the answer's tolerance."""
    from fractions import Fraction

    exact = Fraction(ex.expected[0])
    return str(exact + 1) if exact.denominator == 1 else ("0" if exact > Fraction(1, 2) else "1")


@pytest.mark.parametrize("ruleset, kind, seed", CASES, ids=IDS)
def test_an_exercise_answered_right_then_wrong_with_the_keyboard(page, ruleset, kind, seed):
    import hexlab.exercises as hx
    from hexlab.render.rules_html import rule_text
    from hexlab.widgets.exercise import ExerciseView

    index = CASES.index((ruleset, kind, seed))
    ex = hx.generate(ruleset, kind, seed=seed)
    widget = page.locator(".hexlab-exercise").nth(index)
    result = widget.locator(".hexlab-exercise-result")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shot = ARTIFACTS / f"exercise_{ruleset}_{kind}"

    if ex.answer_type in SET_TYPES:
        refused = next(k for k in ex.candidates if k not in ex.expected)
        view = ExerciseView(ex)  # the same widget as the page's, to plan the keys on
        right_keys = _plan(view, ["ArrowUp"], list(ex.expected))
        wrong_keys = _plan(view, [], [refused])  # from where the first answer left the focus (X keeps it)
        pad = widget.locator(".hexlab-keypad")
        pad.focus()
        _press(page, right_keys + ["c"])
        _wait_result(page, index, "Right!")
        widget.screenshot(path=f"{shot}_right.png")
        pad.focus()
        _press(page, ["x"] + wrong_keys + ["c"])
        _wait_result(page, index, "Not quite")
        item, clause = refused, ex.why[refused].clause
    else:
        assert ex.answer_type == "number"
        box = widget.locator("input[type=text]")
        box.focus()
        page.keyboard.type(ex.expected[0])
        page.keyboard.press("Enter")
        _wait_result(page, index, "Right!")
        widget.screenshot(path=f"{shot}_right.png")
        box.focus()
        page.keyboard.press("Control+A")
        item = _wrong_number(ex)
        page.keyboard.type(item)
        page.keyboard.press("Enter")
        _wait_result(page, index, "Not quite")
        assert not ex.check(item).correct
        clause = ex.check(item).mistakes[0].clause

    text = result.inner_text()
    assert item in text and clause in text
    if ex.answer_type in SET_TYPES and ex.expected:
        assert "missed" in text  # every item of the answer is now missed
    # the mistake's clause opens to the rule's words on one click
    row = result.locator("li", has_text=item).first
    chip = row.locator("details.hexlab-chip", has_text=clause).first
    assert chip.get_attribute("open") is None
    chip.locator("summary").click()
    words = chip.locator(".hexlab-chip-rule")
    words.wait_for(state="visible", timeout=5_000)
    assert " ".join(words.inner_text().split()) == " ".join(rule_text(clause).split())
    assert "not in the rules reference" not in words.inner_text()
    widget.screenshot(path=f"{shot}_wrong.png")
