"""Golden replays: every shipped scenario, three seeds, a recorded random game replayed action by action.

The same scenario, seed and actions must give the same final state and the same events (their kind,
text, clauses, turn, step, side and data), whatever shape the engine and rulesets take inside. Recorded
by ``python -m tests.golden.record`` before the engine's refactor (issue 9); saves written then are in
``tests/golden/saves`` and must still load.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from hexlab import saves, scenario
from hexlab.engine import Game
from tests.golden.record import HERE, cases, comparable_state, path_for


def _replay(data: dict) -> Game:
    return saves.replay(scenario.load(data["scenario"], seed=data["seed"]), data["history"], data["scenario"])


@pytest.mark.parametrize(("scenario_id", "seed"), cases(), ids=[f"{s}-{n}" for s, n in cases()])
def test_golden_replay(scenario_id: str, seed: int) -> None:
    with gzip.open(path_for(scenario_id, seed), "rt", encoding="utf-8") as fh:
        data = json.load(fh)
    game = _replay(data)
    events = [e.to_data() for e in game.log]
    for i, (got, want) in enumerate(zip(events, data["events"], strict=False)):
        assert got == want, f"event {i} differs"
    assert len(events) == len(data["events"])
    assert comparable_state(game.state.to_data()) == data["state"]
    assert game.is_over == (data["state"]["result"] is not None)


SAVES = sorted((HERE / "saves").glob("*.json"))


@pytest.mark.parametrize("path", SAVES, ids=[p.stem for p in SAVES])
def test_saves_from_before_the_refactor_still_load(path: Path) -> None:
    game = saves.loads(path.read_text(encoding="utf-8"), name=path.name)
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert len(game.history) == len(saved["history"])
    assert comparable_state(game.state.to_data()) == comparable_state(saved["state"])
    # and the game goes on from there
    if not game.is_over:
        if game.current_step.automatic:
            game.step()
        else:
            game.apply(next(iter(game.legal_actions())))
