"""What was tried against hexlab and what held, in one Markdown table: ``make reliability`` (issue 29, point 6).

    python tools/reliability.py [--hostile 150] [--soak-minutes 0] [--out benchmarks/results/reliability.md]

Rows:

- **hostile scenario files** and **hostile save files**: made here and now (the structured hostile documents
  of ``tests/test_hostile.py``'s hypothesis strategies, drawn with a fixed seed, plus hand-made cases: deep
  nesting, numbers too long or not finite, control characters, oversized text, links to a device, named
  pipes, folders, empty and binary files), each written to a file and given to the command line as a user
  would (``hexlab validate FILE`` and, if it loads, ``hexlab play FILE``; ``hexlab report SAVE``). Held: a
  refusal with exit status 2 and a clean message (naming the file, short, no control characters), or a file
  that loads and then plays (a save: that reloads to the same bytes). Counted apart: tracebacks (an exception
  out of the command), unclean messages, and hangs (more than 30 s on one file).
- **state machines**: read from ``benchmarks/results/soak.json`` (``make soak``, ``tools/soak.py``), or run
  here for ``--soak-minutes``.
- **mutation scores**, **random clicks**, **class-app sessions**, **memory over a hundred games**: read from the
  JSON files other tools write in ``benchmarks/results``; a row whose file is missing says how to make it and
  gives no figure.

The table is printed and written to ``benchmarks/results/reliability.md``. The exit status is 1 when a row
shows a failure (a traceback, a lost game, a failed state machine), else 0; missing inputs are not failures.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import re
import signal
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results"
CONTROL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f]")
MESSAGE_LIMIT = 6_000
HANG_SECONDS = 30


@dataclass
class Row:
    what: str
    tried: str
    held: str
    broke: str
    notes: str
    failed: bool = False


@dataclass
class Tally:
    """What became of each hostile file given to the command line."""

    tried: int = 0
    refused: int = 0
    loaded: int = 0
    controls: int = 0
    """Good files given among the hostile ones (each must load: the harness can tell a good file)."""
    tracebacks: list[str] = field(default_factory=list)
    unclean: list[str] = field(default_factory=list)
    hangs: list[str] = field(default_factory=list)

    @property
    def held(self) -> int:
        return self.refused + self.loaded


class Hang(Exception):
    pass


def _on_alarm(signum: int, frame: Any) -> None:
    raise Hang()


def cli(argv: list[str]) -> tuple[int, str]:
    """``hexlab`` with ``argv``, in this process: its exit status and what it wrote to stderr. An exception
    out of it (a traceback for the user) or a hang propagates."""
    from hexlab.cli import main

    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        signal.alarm(HANG_SECONDS)
        try:
            status = main(argv)
        finally:
            signal.alarm(0)
    return status, err.getvalue()


def clean_message(message: str, path: str) -> str | None:
    """Why a refusal's message is not clean (``None`` if it is): it must name the file, be short and hold no
    control character."""
    text = message.strip()
    if not text:
        return "no message"
    if len(text) > MESSAGE_LIMIT:
        return f"a message of {len(text):,} characters"
    if CONTROL.search(text.replace("\n", "")):
        return "a control character in the message"
    if Path(path).name not in text:
        return "the message does not name the file"
    return None


def try_file(tally: Tally, label: str, path: str, run: Callable[[str], tuple[int, str]]) -> None:
    tally.tried += 1
    try:
        status, message = run(path)
    except Hang:
        tally.hangs.append(label)
        return
    except KeyboardInterrupt:
        raise
    except BaseException as exc:  # noqa: BLE001  (anything out of the command is a traceback for its user)
        tally.tracebacks.append(f"{label}: {type(exc).__name__}: {str(exc)[:120]}")
        return
    if status == 0:
        tally.loaded += 1
        tally.controls += label.startswith("control:")
    elif label.startswith("control:"):
        tally.unclean.append(f"{label}: a good file was refused: {message.strip()[:200]}")
    elif status == 2 and (why := clean_message(message, path)) is None:
        tally.refused += 1
    else:
        tally.unclean.append(f"{label}: exit {status}, {why if status == 2 else message.strip()[:120]}")


# ------------------------------------------------------------------------------------------- the hostile corpus


def _drawn(strategy: Any, count: int) -> list[Any]:
    """``count`` examples of a hypothesis strategy, the same ones every time (a fixed seed, no shrinking)."""
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import seed as with_seed

    out: list[Any] = []

    @with_seed(29)
    @settings(max_examples=count, derandomize=False, database=None, deadline=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def collect(value: Any) -> None:
        out.append(value)

    collect()
    return out


def _special_files(folder: Path, suffix: str) -> list[tuple[str, Path]]:
    """Files that are not regular text files: a link to a device, a named pipe, a folder, a dangling link, an
    empty file, binary and non-UTF-8 bytes."""
    made: list[tuple[str, Path]] = []
    if Path("/dev/zero").exists():
        (folder / f"zero{suffix}").symlink_to("/dev/zero")
        made.append(("a link to /dev/zero", folder / f"zero{suffix}"))
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / f"pipe{suffix}")
        made.append(("a named pipe", folder / f"pipe{suffix}"))
    (folder / f"dir{suffix}").mkdir()
    made.append(("a folder", folder / f"dir{suffix}"))
    (folder / f"dangling{suffix}").symlink_to(folder / "nowhere")
    made.append(("a dangling link", folder / f"dangling{suffix}"))
    (folder / f"empty{suffix}").write_bytes(b"")
    made.append(("an empty file", folder / f"empty{suffix}"))
    (folder / f"binary{suffix}").write_bytes(bytes(range(256)) * 40)
    made.append(("binary bytes", folder / f"binary{suffix}"))
    (folder / f"latin1{suffix}").write_bytes("title = \"caf\xe9\"\n".encode("latin-1"))
    made.append(("text that is not UTF-8", folder / f"latin1{suffix}"))
    return made


def hostile_scenarios(folder: Path, count: int) -> Tally:
    """Hostile scenario files through ``hexlab validate`` (and ``hexlab play`` when one loads)."""
    from tests import test_hostile as th

    texts: list[tuple[str, bytes]] = []
    for i, ((text, _key), as_bytes) in enumerate(_drawn(_pair(th.hostile_scenarios()), count)):
        texts.append((f"generated scenario {i}", text.encode("utf-8", "surrogatepass") if as_bytes
                      else text.encode("utf-8", "replace")))
    meadow = th.MEADOW
    fixed = {
        "nesting 3,000 deep": "deep = " + "[" * 3000 + "]" * 3000 + "\n" + meadow,
        "tables nested 3,000 deep": "deep = " + "{a = " * 3000 + "1" + "}" * 3000 + "\n" + meadow,
        "a dotted key of 100,000 parts": ".".join(["a"] * 100_000) + " = 1\n" + meadow,
        "a number of 5,000 digits": "deep = " + "9" * 5000 + "\n" + meadow,
        "inf and nan": "deep = [inf, nan]\n" + meadow,
        "a 3 MB file": meadow + "#" * 3_000_000,
        "a 200x200 board": meadow.replace("width = 8", "width = 200").replace("height = 6", "height = 200"),
        "terminal escapes in the title": meadow.replace("Skirmish at the meadow (test)", "\\u001b[2Jx\\u0007"),
        "a hand the deck cannot deal": th.m44_scenario("hand_size = 200"),
        "no medals to win": th.M44.replace("medals = 4", "medals = 0"),
        "a negative hand": th.M44.replace("[rules]\n", "[rules]\nhand_size = -3\n", 1),
        "control: the untouched Skirmish scenario": meadow,
        "control: the untouched Memoir '44 drill": th.M44,
        "two sides that differ by a space": th.m44_scenario(sides='["Allies", "Allies "]'),
    }
    texts += [(label, text.encode("utf-8")) for label, text in fixed.items()]
    tally = Tally()
    files: list[tuple[str, Path]] = []
    for i, (label, data) in enumerate(texts):
        path = folder / f"scenario_{i}.toml"
        path.write_bytes(data)
        files.append((label, path))
    files += _special_files(folder, ".toml")
    for label, path in files:
        try_file(tally, label, str(path), _validate_then_play)
    return tally


def _pair(strategy: Any) -> Any:
    from hypothesis import strategies as st

    return st.tuples(strategy, st.booleans())


def _validate_then_play(path: str) -> tuple[int, str]:
    status, message = cli(["validate", path])
    if status != 0:
        return status, message
    return cli(["play", path, "--seed", "1", "--max-steps", "30"])


def hostile_saves(folder: Path, count: int) -> Tally:
    """Hostile save files through ``hexlab report`` (a save that loads must reload to the same bytes)."""
    import hexlab
    from hexlab import saves
    from hexlab.players import players_for
    from tests import test_hostile as th

    game = hexlab.load("skirmish/meadow", seed=5)
    for _ in game.run(players_for(game, "random,random"), 12):
        pass
    base = saves.dumps(game)
    data = json.loads(base)
    texts = [(f"generated save {i}", text) for i, text in enumerate(_drawn(th.hostile_saves(base), count))]
    fixed = {
        "history nested 5,000 deep": json.dumps({**data, "history": "HOLE"}).replace('"HOLE"', "[" * 5000 + "]" * 5000),
        "Infinity in the state": base.replace('"turn": ', '"turn": Infinity, "x": ', 1),
        "a key given twice": base.replace('"seed": ', '"seed": 1, "seed": ', 1),
        "version true": json.dumps({**data, "version": True}),
        "a strength as text": json.dumps({**data, "state": {**data["state"], "units": [
            {**data["state"]["units"][0], "strength": "4"}, *data["state"]["units"][1:]]}}),
        "a scenario id that climbs out": json.dumps({**data, "scenario": {**data["scenario"], "id": "../../etc/x"}}),
        "a history that does not replay": json.dumps({**data, "history": data["history"][::-1]}),
        "a state that does not match": json.dumps({**data, "state": {**data["state"], "turn": 99}}),
        "a 40 MB save": base[:-1] + ', "pad": "' + "x" * 40_000_000 + '"}',
        "a list of a million items": json.dumps({**data, "history": [*data["history"], [0] * 1_000_000]}),
        "control: the untouched save": base,
    }
    texts += list(fixed.items())
    tally = Tally()
    files: list[tuple[str, Path]] = []
    for i, (label, text) in enumerate(texts):
        path = folder / f"save_{i}.json"
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        files.append((label, path))
    files += _special_files(folder, ".json")
    out = folder / "report.html"

    def report(path: str) -> tuple[int, str]:
        status, message = cli(["report", path, "--out", str(out)])
        if status == 0:  # it loaded: then it is a game that saves and loads again exactly
            loaded = saves.load(path)
            if saves.dumps(saves.loads(saves.dumps(loaded))) != saves.dumps(loaded):
                return 1, f"{path}: a save that loads does not reload to the same bytes"
        return status, message

    for label, path in files:
        try_file(tally, label, str(path), report)
    return tally


def hostile_rows(count: int) -> list[Row]:
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for kind, make in (("scenario", hostile_scenarios), ("save", hostile_saves)):
            folder = Path(tmp) / kind
            folder.mkdir()
            started = time.monotonic()
            t = make(folder, count)
            broke = len(t.tracebacks) + len(t.unclean) + len(t.hangs)
            command = "validate, then play" if kind == "scenario" else "report"
            notes = (f"through `hexlab {command}`: {t.refused} refused with a clean message, {t.loaded} loaded and "
                     f"{'played' if kind == 'scenario' else 'reloaded to the same bytes'} ({t.controls} of them good "
                     "files given as controls); "
                     f"{len(t.unclean)} unclean refusals, {len(t.hangs)} hangs ({time.monotonic() - started:.0f} s)")
            if broke:
                notes += ". First: " + "; ".join((t.tracebacks + t.unclean + t.hangs)[:3])
            rows.append(Row(f"hostile {kind} files", str(t.tried), str(t.held), f"{len(t.tracebacks)} tracebacks",
                            notes, failed=bool(broke)))
    return rows


# ------------------------------------------------------------------------------------------- the other rows


def read_json(name: str) -> dict[str, Any] | None:
    path = RESULTS / name
    if not path.is_file():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def when(name: str) -> str:
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime((RESULTS / name).stat().st_mtime))


def soak_rows(minutes: float) -> list[Row]:
    if minutes > 0:
        sys.path.insert(0, str(ROOT / "tools"))
        import soak

        soak.main(["--minutes", str(minutes)])
    data = read_json("soak.json")
    if data is None:
        return [Row("state machines (legal, illegal and wrongly typed actions, step, undo, redo, restart, save and "
                    "load)", "not run", "-", "-", "not run: `make soak MINUTES=3` (or `--soak-minutes 3` here)")]
    failures = data.get("failures", [])
    per = ", ".join(f"{name} {t['runs']}/{t['rules']}" for name, t in data.get("rulesets", {}).items())
    refusals = sum(t.get("refusals", 0) for t in data.get("rulesets", {}).values())
    return [Row("state machines (legal, illegal and wrongly typed actions, step, undo, redo, restart, save and load)",
               f"{data['runs']} games, {data['rules']} rules", f"{data['runs'] - len(failures)} games",
               f"{len(failures)} failures",
               f"`make soak`, {data['minutes']:g} min on {when('soak.json')}; every rule checked against a replay, "
               f"{refusals} refusals byte-identical; games/rules per ruleset: {per}", failed=bool(failures)),
            Row("illegal actions, wrongly typed actions and things that are not actions (in the state machines)",
                f"{refusals} refused", f"{refusals} byte-identical", f"{len(failures)} failures",
                "each refused with a RuleError by `explain` and `apply` alike (the same clause), not offered, and the "
                "game's state, history, log and redo unchanged")]


def mutation_rows() -> list[Row]:
    data = read_json("mutation.json")
    if data is None or not isinstance(data.get("files"), dict):
        return [Row("mutation testing (combat, odds, victory, dice)", "not run", "-", "-", "not run: `make mutation`")]
    rows = []
    for name, f in sorted(data["files"].items()):
        equivalent = f.get("equivalent") or []
        score = f.get("score")
        fraction = score if isinstance(score, float) and score <= 1 else (score or 0) / 100
        shown = f"{100 * fraction:.1f}%"  # one decimal: 869 of 870 is 99.9%, not a rounded 100%
        rows.append(Row(f"mutation: `{name}`", f"{f.get('total')} mutants", f"{f.get('killed')} killed",
                        f"{f.get('survived')} survived",
                        f"score {shown}; {len(equivalent)} survivors judged equivalent ({when('mutation.json')})",
                        failed=isinstance(score, (int, float)) and (score if score <= 1 else score / 100) < 0.9))
    return rows


def clicks_row() -> Row:
    data = read_json("random_clicks.json")
    if data is None or not isinstance(data.get("rulesets"), dict):
        return Row("random clicks in the browser", "not run", "-", "-",
                   "not run: the browser test `tests/browser/test_random_clicks.py` writes random_clicks.json")
    per = data["rulesets"]
    clicks = sum(v.get("clicks", 0) for v in per.values())
    errors = sum(v.get("errors", 0) for v in per.values())
    detail = ", ".join(f"{k} {v.get('clicks', 0)}" for k, v in per.items())
    return Row("random clicks in the browser", f"{clicks} clicks", f"{clicks - errors} clicks", f"{errors} errors",
               f"{len(per)} tables: {detail} ({when('random_clicks.json')})", failed=bool(errors))


def sessions_row() -> Row:
    data = read_json("sessions.json")
    if data is None:
        return Row("class-app sessions at once", "not run", "-", "-",
                   "not run: the class-app sessions test writes sessions.json")
    sessions, errors = data.get("sessions", 0), data.get("errors", 0)
    crafted, refused = data.get("crafted_requests", 0), data.get("refused", 0)
    return Row("class-app sessions at once", f"{sessions} sessions, {crafted} crafted requests",
               f"{sessions - errors} sessions, {refused} refused", f"{errors} errors, {crafted - refused} let through",
               f"each game independent; crafted requests for another's game, the teacher's page or files outside the "
               f"saves folder ({when('sessions.json')})", failed=bool(errors or crafted - refused))


def memory_row() -> Row:
    data = read_json("memory.json")
    if data is None:
        return Row("memory over a hundred games on one table", "not run", "-", "-",
                   "not run: `benchmarks/bench_memory.py` writes memory.json")
    return Row("memory over a hundred games on one table", f"{data.get('games')} games", f"{data.get('games')} games",
               f"+{data.get('growth_mb')} MB",
               f"{data.get('start_mb')} MB at the start, {data.get('end_mb')} MB at the end ({when('memory.json')})")


def markdown(rows: list[Row]) -> str:
    lines = ["| What was tried | Tried | Held | Broke | How, and notes |", "| --- | ---: | ---: | --- | --- |"]
    for r in rows:
        cells = [r.what, r.tried, r.held, r.broke, r.notes]
        lines.append("| " + " | ".join(c.replace("|", "\\|").replace("\n", " ") for c in cells) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="One table of what was tried against hexlab and what held.")
    parser.add_argument("--hostile", type=int, default=150, help="generated hostile files of each kind (default 150)")
    parser.add_argument("--soak-minutes", type=float, default=0.0,
                        help="run the state machines this long first (default: read benchmarks/results/soak.json)")
    parser.add_argument("--out", default=str(RESULTS / "reliability.md"), help="where to write the table")
    args = parser.parse_args(argv)
    os.chdir(ROOT)
    sys.path.insert(0, str(ROOT))
    import tests.conftest  # noqa: F401  (the Skirmish test ruleset and scenario the hostile corpus starts from)

    signal.signal(signal.SIGALRM, _on_alarm)
    rows = hostile_rows(args.hostile)
    rows += soak_rows(args.soak_minutes)
    rows += mutation_rows()
    rows += [clicks_row(), sessions_row(), memory_row()]
    table = markdown(rows)
    print(table)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(f"Reliability report, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} (`make reliability`)\n\n"
                   + table + "\n", encoding="utf-8")
    return 1 if any(r.failed for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
