"""Run the games' state machines (``tests/support/state_machine.py``) for as long as asked: ``make soak``.

    python tools/soak.py --minutes 30 [--seed N] [--rulesets memoir44,cadet] [--json benchmarks/results/soak.json]

Each run is one hypothesis test of one ruleset's machine under the ``hexlab-soak`` profile with its own seed
(the rulesets take turns), so every run explores new games; a run is not cut off half way, so the soak ends
up to one run after the time asked. At the end it prints, per ruleset, the runs (hypothesis examples: games
started), the rules applied and the actions applied and refused, and every failure with its seed, the
command that replays it and hypothesis' shrunk steps. It writes the same summary as JSON (``--json``) for
``tools/reliability.py`` and exits 1 if anything failed.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
import time
import traceback
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_JSON = ROOT / "benchmarks" / "results" / "soak.json"


def replay_command(ruleset: str, seed: int) -> str:
    return (f"HEXLAB_STATE_MACHINE_PROFILE=hexlab-soak .venv/bin/python -m pytest tests/test_state_machine.py "
            f"-k '{ruleset}' --hypothesis-seed={seed} -p no:cacheprovider")


def run_one(machine: Any, seed: int) -> str | None:
    """One hypothesis run of ``machine`` with ``seed``; ``None`` if it held, else what hypothesis reported."""
    from hypothesis import seed as with_seed
    from hypothesis import settings
    from hypothesis.stateful import get_state_machine_test

    test = with_seed(seed)(get_state_machine_test(machine, settings=settings(settings.get_profile("hexlab-soak"))))
    said = io.StringIO()
    try:
        with redirect_stdout(said):
            test()
    except Exception as exc:  # noqa: BLE001  (any failure is reported, with its steps, and the soak goes on)
        notes = "\n".join(getattr(exc, "__notes__", []))
        lines = traceback.format_exception_only(type(exc), exc)
        return "".join(lines).strip() + ("\n" + notes if notes else "") + ("\n" + said.getvalue() if said.getvalue()
                                                                          else "")
    return None


def soak(minutes: float, seed: int, rulesets: list[str]) -> dict[str, Any]:
    """Run the machines of ``rulesets`` in turn for ``minutes``; the summary as data."""
    sys.path.insert(0, str(ROOT))
    import tests.conftest  # noqa: F401  (the Skirmish test ruleset and its scenario, as under pytest)
    from tests.support.state_machine import MACHINES, STATS

    unknown = [r for r in rulesets if r not in MACHINES]
    if unknown:
        raise SystemExit(f"soak: no state machine for {', '.join(unknown)} (there are: {', '.join(MACHINES)})")
    started = time.monotonic()
    end = started + minutes * 60
    totals: dict[str, dict[str, int]] = {r: {"runs": 0, "rules": 0, "actions": 0, "refusals": 0, "hypothesis_runs": 0}
                                         for r in rulesets}
    failures: list[dict[str, Any]] = []
    n = 0
    while time.monotonic() < end or n == 0:
        ruleset = rulesets[n % len(rulesets)]
        run_seed = seed + n
        n += 1
        problem = run_one(MACHINES[ruleset], run_seed)
        counts = STATS.pop(ruleset, {})
        total = totals[ruleset]
        total["hypothesis_runs"] += 1
        for key in ("runs", "rules", "actions", "refusals"):
            total[key] += counts.get(key, 0)
        if problem is not None:
            failure = {"ruleset": ruleset, "seed": run_seed, "replay": replay_command(ruleset, run_seed),
                       "report": problem}
            failures.append(failure)
            print(f"FAILED {ruleset} seed {run_seed}:\n{problem}\nreplay: {failure['replay']}\n", flush=True)
        else:
            print(f"{ruleset:10s} seed {run_seed}: held ({counts.get('runs', 0)} games, {counts.get('rules', 0)} rules)",
                  flush=True)
    return {"minutes": minutes, "seconds": round(time.monotonic() - started, 1), "seed": seed,
            "profile": "hexlab-soak", "rulesets": totals, "failures": failures,
            "runs": sum(t["runs"] for t in totals.values()), "rules": sum(t["rules"] for t in totals.values())}


def table(summary: dict[str, Any]) -> str:
    lines = [f"{'ruleset':10s} {'runs':>7s} {'rules':>9s} {'actions':>9s} {'refused':>9s}"]
    for name, t in summary["rulesets"].items():
        lines.append(f"{name:10s} {t['runs']:7d} {t['rules']:9d} {t['actions']:9d} {t['refusals']:9d}")
    lines.append(f"{'all':10s} {summary['runs']:7d} {summary['rules']:9d} "
                 f"{sum(t['actions'] for t in summary['rulesets'].values()):9d} "
                 f"{sum(t['refusals'] for t in summary['rulesets'].values()):9d}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Run the games' state machines for a while (issue 29).")
    parser.add_argument("--minutes", type=float, default=30.0, help="how long to run (default 30)")
    parser.add_argument("--seed", type=int, default=None, help="the first run's seed (default: from the clock)")
    parser.add_argument("--rulesets", default="memoir44,cadet,cactus,warsea,cartwheel,skirmish",
                        help="comma-separated rulesets (default: all six)")
    parser.add_argument("--json", default=str(DEFAULT_JSON), help="where to write the summary ('' for nowhere)")
    args = parser.parse_args(argv)
    if args.minutes < 0:
        parser.error("--minutes must not be negative")
    seed = args.seed if args.seed is not None else int(time.time()) % 1_000_000_000
    rulesets = [r.strip() for r in args.rulesets.split(",") if r.strip()]
    os.chdir(ROOT)
    print(f"soak: {args.minutes:g} minutes of {', '.join(rulesets)}, seeds from {seed}", flush=True)
    summary = soak(args.minutes, seed, rulesets)
    print()
    print(table(summary))
    print(f"{len(summary['failures'])} failures in {summary['seconds']:.0f} s")
    for f in summary["failures"]:
        print(f"  {f['ruleset']} seed {f['seed']}: {f['report'].splitlines()[0]}\n    replay: {f['replay']}")
    if args.json:
        path = Path(args.json)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
        print(f"summary written to {path}")
    return 1 if summary["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
