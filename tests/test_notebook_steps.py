"""Every phase and step of a ruleset's sequence of play is played live in its notebook (issue 10).

Each ruleset notebook is run (as nbval runs it) with a recorder in front: every step the engine performs
in any game the notebook plays (a decision applied, an automatic step or a roll carried out) is noted by
its place in the sequence of play. A step of the sequence that the notebook never plays fails the test.
"""

from __future__ import annotations

import ast
import contextlib
import io
import json
import re
from pathlib import Path
from typing import Any

import nbformat
import pytest
from nbclient import NotebookClient

from hexlab import rulesets

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = {"memoir44": "02_memoir44.ipynb", "cadet": "03_cadet_commander.ipynb", "cactus": "04_cactus_ground.ipynb",
             "warsea": "05_war_at_sea_landings.ipynb", "cartwheel": "06_operation_cartwheel.ipynb"}

RECORDER = """\
import hexlab.engine.game as _g
_PLAYED = set()
_perform = _g.Game._perform
def _recording(self, entry):
    _PLAYED.add((self.rules.id, self.state.position))
    return _perform(self, entry)
_g.Game._perform = _recording
"""
REPORT = "import json as _json\nprint(_json.dumps(sorted(_PLAYED)))"


def played_in(path: Path) -> set[tuple[str, str]]:
    nb = nbformat.read(path, as_version=4)
    nb.cells.insert(0, nbformat.v4.new_code_cell(RECORDER))
    nb.cells.append(nbformat.v4.new_code_cell(REPORT))
    NotebookClient(nb, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    text = "".join(o.get("text", "") for o in nb.cells[-1].outputs if o.get("output_type") == "stream")
    return {tuple(p) for p in json.loads(text)}


@pytest.mark.parametrize(("ruleset_id", "name"), sorted(NOTEBOOKS.items()))
def test_the_notebook_plays_every_step_of_the_sequence(ruleset_id: str, name: str):
    played = {pos for rid, pos in played_in(ROOT / "notebooks" / name) if rid == ruleset_id}
    steps = rulesets.get(ruleset_id).sequence.keys()
    missing = [s for s in steps if s not in played]
    assert missing == [], f"{name} never plays: {', '.join(missing)}"


# ------------------------------------------------------------------ issue 23, item 6: notebooks that survive clicking

ALL_NOTEBOOKS = sorted(p for p in (ROOT / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
CLICKS = 8
"""How many decisions and steps a reader plays on each table or map before running the cells below it."""


DID = {"games": "played moves on the tables and maps", "explorers": "moved the hex explorers' points"}


class _Run:
    """One notebook's code cells run in order in one namespace, in this process (no kernel), with every play
    table, live map and hex explorer they make recorded by the cell that made it, and what each cell shows
    (its printed text, what it displays, the value it ends with) kept for comparing two runs. ``clicks`` says
    what a reader does right after a cell that shows widgets: ``"games"`` plays a few moves on each table's
    or map's game, ``"explorers"`` moves each hex explorer's points (see :func:`_click`)."""

    def __init__(self, path: Path, clicks: set[str]) -> None:
        self.path = path
        self.clicks = clicks
        self.made: list[Any] = []
        self.shown: list[list[str]] = []
        self._out: list[str] = []

    def _recording(self, init):
        def __init__(widget, *args, **kwargs):
            init(widget, *args, **kwargs)
            self.made.append(widget)
        return __init__

    def run(self) -> _Run:
        from IPython import display as ipy_display

        from hexlab.widgets import HexExplorer, HexMap, Table

        with pytest.MonkeyPatch.context() as patch:
            for cls in (Table, HexMap, HexExplorer):
                patch.setattr(cls, "__init__", self._recording(cls.__init__))
            patch.setattr(ipy_display, "display", lambda *objs, **_: self._out.extend(_shown(o) for o in objs))
            patch.chdir(self.path.parent)
            self._cells()
        return self

    def _cells(self) -> None:
        nb = nbformat.read(self.path, as_version=4)
        namespace: dict[str, Any] = {"__name__": "__main__"}
        for index, cell in enumerate(c for c in nb.cells if c.cell_type == "code"):
            self._out = []
            before = len(self.made)
            buffer = io.StringIO()
            where = f"{self.path.name}, code cell {index + 1}"
            try:
                with contextlib.redirect_stdout(buffer):
                    value = _exec_cell(cell.source, namespace, where)
            except Exception as exc:
                did = " and ".join(DID[c] for c in sorted(self.clicks))
                after = f" after a reader {did} above it" if did else ""
                raise AssertionError(f"{where} fails{after}: {type(exc).__name__}: {exc}\n{cell.source}") from exc
            self.shown.append([buffer.getvalue(), *self._out, _shown(value)])
            played: set[int] = set()
            for widget in self.made[before:]:
                game = getattr(widget, "game", None)
                if game is None or id(game) not in played:  # a table's own map plays the table's game
                    played.add(id(game))
                    _click(widget, self.clicks)


def _exec_cell(source: str, namespace: dict[str, Any], where: str) -> Any:
    """Run a cell as IPython does: every statement, and the value of a last bare expression (returned)."""
    tree = ast.parse(source)
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    exec(compile(tree, where, "exec"), namespace)
    if last is None:
        return None
    return eval(compile(ast.Expression(last.value), where, "eval"), namespace)


def _shown(value: Any) -> str:
    """What a cell shows of a value, as text to compare: a map's picture, a display object's data."""
    if value is None:
        return ""
    if hasattr(value, "map") and hasattr(value.map, "to_svg"):  # a play table
        return value.map.to_svg()
    for name in ("to_svg", "_repr_svg_"):
        if hasattr(value, name):
            return getattr(value, name)()
    if hasattr(value, "data"):  # IPython's HTML, Markdown, SVG
        return str(value.data)
    return re.sub(r" at 0x[0-9a-f]+", "", repr(value))


def _click(widget: Any, clicks: set[str]) -> None:
    """What a reader might do with a widget: play a few decisions and steps on a table's or a map's game (the
    engine is what every click ends in), or put an explorer's A, B and a blocker somewhere else."""
    from hexlab.dice import Rng
    from hexlab.widgets import HexExplorer

    if isinstance(widget, HexExplorer):
        if "explorers" not in clicks:
            return
        cells = list(widget.board.terrain)
        for tool, h in (("b", widget.a), ("blocker", cells[0]), ("a", cells[-1]), ("b", cells[-1])):
            widget.tool.value = tool
            widget.click(h)
        return
    if "games" not in clicks:
        return
    game = widget.game
    chooser = Rng(len(game.history) + 1)
    for _ in range(CLICKS):
        if game.is_over:
            break
        if game.current_step.automatic:
            game.step()
        else:
            game.apply(chooser.choice(list(game.legal_actions())))


@pytest.mark.parametrize("path", ALL_NOTEBOOKS, ids=[p.stem for p in ALL_NOTEBOOKS])
def test_clicking_a_table_or_map_changes_nothing_the_cells_below_do(path: Path):
    """Every play table and live map in a notebook plays a game of its own: after a reader plays a few moves
    on each one (the cells run in order, with the clicks right after the cell that shows the table), every
    cell below still runs, and shows just what it shows when nobody clicks."""
    quiet = _Run(path, clicks=set()).run().shown
    clicked = _Run(path, clicks={"games"}).run().shown
    changed = [i + 1 for i, (a, b) in enumerate(zip(quiet, clicked, strict=True)) if a != b]
    assert changed == [], f"{path.name}: code cells {changed} show something else after clicks on a table above"


@pytest.mark.parametrize("path", ALL_NOTEBOOKS, ids=[p.stem for p in ALL_NOTEBOOKS])
def test_clicking_the_hex_explorers_breaks_no_cell_below(path: Path):
    """A hex explorer is for clicking: a cell below may read where its A and B now are, but must still run."""
    _Run(path, clicks={"explorers"}).run()
