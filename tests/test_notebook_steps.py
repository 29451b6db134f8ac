"""Every phase and step of a ruleset's sequence of play is played live in its notebook (issue 10).

Each ruleset notebook is run (as nbval runs it) with a recorder in front: every step the engine performs
in any game the notebook plays (a decision applied, an automatic step or a roll carried out) is noted by
its place in the sequence of play. A step of the sequence that the notebook never plays fails the test.
"""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from hexlab import rulesets

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = {"memoir44": "02_memoir44.ipynb", "cadet": "03_cadet_commander.ipynb", "cactus": "04_cactus_ground.ipynb"}

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
