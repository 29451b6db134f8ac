"""Issue 30 in a real browser: an exercise answered on the map with the keyboard alone, once right and once wrong.

The keys are planned in this process on the same widget (where the arrow keys take the focus), then pressed in
JupyterLab: Tab-free focus on the keyboard strip, arrows, Space to pick, C to check, X to clear. The page must then
say "Right!", and for the wrong answer name the clause of the mistake, with the rule's words one click away.
"""

from __future__ import annotations

from collections import deque
from pathlib import Path

import nbformat
import pytest

from .harness import ARTIFACTS, open_notebook, run_all, start_lab, wait_drawn

pytestmark = pytest.mark.browser

RULESET, KIND, SEED = "cadet", "reach", 1
NOTEBOOK = "exercise_keys.ipynb"


def _notebook(path: Path) -> Path:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("import hexlab.exercises as hx\n"
                                          f"ex = hx.generate({RULESET!r}, {KIND!r}, seed={SEED})\n"
                                          "hx.widget(ex)")]
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


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1400, "height": 1250}, device_scale_factor=1)
    pg = context.new_page()
    yield pg
    context.close()


def _press(page, keys: list[str]) -> None:
    for k in keys:
        page.keyboard.press("Space" if k == " " else k)
        page.wait_for_timeout(120)


def test_an_exercise_answered_right_then_wrong_with_the_keyboard(lab, page):
    import hexlab.exercises as hx
    from hexlab.widgets.exercise import ExerciseView

    ex = hx.generate(RULESET, KIND, seed=SEED)
    refused = next(k for k in ex.candidates if k not in ex.expected)
    view = ExerciseView(ex)  # the same widget as the page's, to plan the keys on
    right_keys = _plan(view, ["ArrowUp"], list(ex.expected))
    wrong_keys = _plan(view, [], [refused])  # from where the first answer left the focus (X keeps it)

    open_notebook(page, lab, NOTEBOOK)
    assert run_all(page).errors == []
    wait_drawn(page)
    pad = page.locator(".hexlab-keypad").first
    pad.focus()
    _press(page, right_keys + ["c"])
    result = page.locator(".hexlab-exercise-result").first
    page.wait_for_function("() => document.querySelector('.hexlab-exercise-result').innerText.includes('Right!')",
                           timeout=15_000)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "exercise_right.png"))

    pad.focus()
    _press(page, ["x"] + wrong_keys + ["c"])
    page.wait_for_function("() => document.querySelector('.hexlab-exercise-result').innerText.includes('Not quite')",
                           timeout=15_000)
    text = result.inner_text()
    clause = ex.why[refused].clause
    assert refused in text and clause in text
    assert "missed" in text  # every hex of the answer is now missed
    # the clause opens to the rule's words on a click
    chip = result.locator("details.hexlab-chip summary").first
    chip.click()
    page.wait_for_timeout(300)
    assert result.locator("details.hexlab-chip[open] .hexlab-chip-rule").count() >= 1
    page.screenshot(path=str(ARTIFACTS / "exercise_wrong.png"))
