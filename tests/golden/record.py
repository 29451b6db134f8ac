"""Record the golden replays: for every shipped scenario and a few seeds, one random game to the end.

Each file holds the scenario id, the seed, the history (decisions as their data, automatic steps as
"step"), the final state and the whole event log. ``tests/test_golden.py`` replays the history and checks
that the same final state and the same events come out. Re-record only when a change of behaviour is
intended, and say so in the commit:

    .venv/bin/python -m tests.golden.record [SCENARIO_PREFIX ...]
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from hexlab.saves import history_data
from hexlab.scenario import scenarios
from hexlab.testing import play_random
from tests import conftest  # noqa: F401  (the test rulesets and their scenarios, recorded too)

HERE = Path(__file__).resolve().parent
SEEDS = (1, 2, 3)
MAX_STEPS = 4000


def comparable_state(data: dict) -> dict:
    """The state as the golden replays compare it: everything the players and the views see. The
    ruleset's own bookkeeping (``vars``, which becomes typed state) is compared through its effects, and
    so are the unit facts a ruleset retired from ``attrs`` into typed facts (``Ruleset.retired_attrs``:
    Memoir's nation and badge, issue 22), which saves written before then still hold."""
    from hexlab import rulesets
    from hexlab.saves import without_retired

    retired = rulesets.get(data["ruleset"]).retired_attrs if "ruleset" in data else frozenset()
    return without_retired({k: v for k, v in data.items() if k not in ("vars", "rules")}, retired)


def record(scenario_id: str, seed: int) -> dict:
    game = play_random(scenario_id, seed, max_steps=MAX_STEPS)
    return {
        "scenario": scenario_id,
        "seed": seed,
        "history": history_data(game),
        "state": comparable_state(game.state.to_data()),
        "events": [e.to_data() for e in game.log],
    }


def path_for(scenario_id: str, seed: int) -> Path:
    return HERE / f"{scenario_id.replace('/', '__')}__{seed}.json.gz"


def cases() -> list[tuple[str, int]]:
    return [(s["id"], seed) for s in scenarios() for seed in SEEDS]


def main(only: list[str] | None = None) -> None:
    for scenario_id, seed in cases():
        if only and not any(scenario_id.startswith(prefix) for prefix in only):
            continue
        data = record(scenario_id, seed)
        with gzip.open(path_for(scenario_id, seed), "wt", encoding="utf-8") as fh:
            json.dump(data, fh, separators=(",", ":"), sort_keys=True)
        print(f"{scenario_id} seed {seed}: {len(data['history'])} entries, {len(data['events'])} events")


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
