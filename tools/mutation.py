"""Mutation testing of the code that decides outcomes (issue 29, point 3): run with ``make mutation``.

The tool is mutmut (3.x). It changes one small thing in a function at a time (a ``<`` becomes ``<=``, a ``1``
becomes ``2``, an ``and`` becomes ``or``...) and runs the tests that call that function; a change no test
notices "survives" and shows a gap in the tests.

Each target is one source file, optionally narrowed to the functions in it that decide an outcome (a big
file's other functions are left alone and the narrowing is said in ``TARGETS``). For each target the tool:

1. copies the project (``hexlab``, ``tests``, ``scenarios``, ``pyproject.toml``) into a work folder under
   ``/tmp/hexlab-mutation`` and writes mutmut's settings into the copy's ``pyproject.toml``, so nothing in
   the checkout is ever mutated or written, apart from the results file;
2. runs ``mutmut run`` there with only that target's tests;
3. reads mutmut's per-mutant exit codes and sorts each mutant into killed (a test failed, or the mutant
   hung and timed out), survived, or equivalent (listed in ``tools/mutation_equivalent.toml`` with the
   reason no test can tell it apart from the original).

The score is killed / (total - equivalent). It prints a table and writes ``benchmarks/results/mutation.json``.
Mutants no selected test reaches count as survived: a gap is a gap.

    python tools/mutation.py                         # every target, one after the other
    python tools/mutation.py --files hexlab/dice.py  # a subset (as listed in TARGETS)
    python tools/mutation.py --jobs 2                # mutants tested at once within a target
    python tools/mutation.py --list                  # the targets, their functions and their tests
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import shutil
import subprocess
import sys
import time
import tomllib
from dataclasses import dataclass, field
from fnmatch import fnmatch
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = Path(os.environ.get("HEXLAB_MUTATION_WORK", "/tmp/hexlab-mutation"))
RESULTS = ROOT / "benchmarks" / "results" / "mutation.json"
EQUIVALENT = ROOT / "tools" / "mutation_equivalent.toml"
TOOL = "mutmut"
GOAL = 0.9


@dataclass(frozen=True)
class Target:
    """One file to mutate: ``functions`` narrows it to those functions (``name`` or ``Class.method``);
    empty means every function in the file. ``tests`` are the test files that check it."""

    path: str
    tests: tuple[str, ...]
    functions: tuple[str, ...] = ()
    why: str = ""

    @property
    def module(self) -> str:
        return self.path.removesuffix(".py").replace("/", ".")

    def patterns(self) -> list[str]:
        """mutmut's names for this target's mutants, as shell-style patterns."""
        if not self.functions:
            return [f"{self.module}.*"]
        out = []
        for fn in self.functions:
            if "." in fn:
                cls, meth = fn.split(".", 1)
                out.append(f"{self.module}.x\u01c1{cls}\u01c1{meth}__mutmut_*")
            else:
                out.append(f"{self.module}.x_{fn}__mutmut_*")
        return out


def _kills(name: str) -> str:
    return f"tests/test_mutation_kills_{name}.py"


TARGETS: tuple[Target, ...] = (
    Target("hexlab/dice.py", ("tests/test_dice.py", _kills("dice"))),
    Target("hexlab/odds.py", ("tests/test_cadet_odds.py", "tests/test_sweep.py", _kills("odds")),
           ("fraction_str", "percent", "is_fraction", "chance", "number", "_total", "_show", "_capped",
            "parse_values", "_natural_value", "Sweep.pivot"),
           "the functions that turn exact chances into numbers; the table layout and argument plumbing are left out"),
    # Memoir '44
    Target("hexlab/rulesets/memoir44/combat.py",
           ("tests/test_memoir44_battle.py", "tests/test_memoir44_terrain.py", _kills("memoir44"))),
    Target("hexlab/rulesets/memoir44/battle.py", ("tests/test_memoir44_battle.py", _kills("memoir44"),
                                                   _kills("memoir44_battle")),
           ("battle_roll", "battle_result"), "the roll and its resolution; the legality checks are left out"),
    Target("hexlab/rulesets/memoir44/odds.py", ("tests/test_memoir44_odds.py", _kills("memoir44"), _kills("memoir44_odds")),
           ("hit_flag_dist", "battle_report", "_synthetic", "dice_from_rules", "Memoir44Odds.report"),
           "the chances; argument declarations and the line-of-sight report are left out"),
    Target("hexlab/rulesets/memoir44/rules.py", ("tests/test_memoir44_turn.py", _kills("memoir44"),
                                                  _kills("memoir44_battle")),
           ("Memoir44.end_if", "Memoir44.medal_target"), "the victory check only"),
    # Cadet Commander
    Target("hexlab/rulesets/cadet/combat.py", ("tests/test_cadet_combat.py", _kills("cadet"))),
    Target("hexlab/rulesets/cadet/odds.py", ("tests/test_cadet_odds.py", _kills("cadet")),
           ("result_dist", "at_least_one", "str_loss", "push_back", "punch_report", "CadetOdds.report")),
    Target("hexlab/rulesets/cadet/rules.py", ("tests/test_cadet_turn.py", "tests/test_cadet_combat.py", _kills("cadet")),
           ("Cadet.end_if",), "the victory check only"),
    # Cactus
    Target("hexlab/rulesets/cactus/combat.py", ("tests/test_cactus_combat.py", _kills("cactus"), _kills("cactus_clock"))),
    Target("hexlab/rulesets/cactus/battle.py", ("tests/test_cactus_combat.py", _kills("cactus"), _kills("cactus_clock")),
           ("combat_dice", "combat_result"), "the roll and its resolution; queueing and losses are left out"),
    Target("hexlab/rulesets/cactus/odds.py", ("tests/test_cactus_odds.py", _kills("cactus"), _kills("cactus_clock")),
           ("hour_outcomes", "_hour_summary", "_label", "hour_report", "CactusOdds.report")),
    Target("hexlab/rulesets/cactus/clock.py",
           ("tests/test_cactus_combat.py", "tests/test_cactus_setup.py", _kills("cactus"), _kills("cactus_clock")),
           ("turn_vp", "score_targets", "sudden_death", "final_outcome"), "the scoring and the victory check"),
    # War at Sea
    Target("hexlab/rulesets/warsea/combat.py", ("tests/test_warsea_rules.py", _kills("warsea"))),
    Target("hexlab/rulesets/warsea/odds.py", ("tests/test_warsea_odds.py", _kills("warsea")),
           ("attack_dist", "attack_report", "hits_dist", "infantry_dist", "island_chain", "gunnery_report",
            "infantry_report", "island_report", "_troops")),
    Target("hexlab/rulesets/warsea/end_turn.py", ("tests/test_warsea_rules.py", _kills("warsea"), _kills("warsea_end_turn")),
           ("claims", "has_ships", "totals", "victory_check"), "the victory check and the totals it reads"),
    # Cartwheel
    Target("hexlab/rulesets/cartwheel/combat.py", ("tests/test_cartwheel_rules.py", "tests/test_cartwheel_odds.py",
                                                    _kills("cartwheel"))),
    Target("hexlab/rulesets/cartwheel/odds.py", ("tests/test_cartwheel_odds.py", _kills("cartwheel"),
                                                  _kills("cartwheel_odds")),
           ("chance", "initiative_odds", "recon_odds", "evacuation_odds", "_bools", "strike_dist", "strike_odds",
            "strike_report", "_ints")),
    Target("hexlab/rulesets/cartwheel/scoring.py", ("tests/test_cartwheel_rules.py", _kills("cartwheel"),
                                                     _kills("cartwheel_scoring"))),
    Target("hexlab/rulesets/cartwheel/closing.py", ("tests/test_cartwheel_rules.py", _kills("cartwheel"),
                                                     _kills("cartwheel_scoring")),
           ("occupier", "score_occupation", "victory_points"), "the occupation score and the victory check"),
)

# mutmut's exit codes, sorted as this report counts them (a mutant that hangs is caught: it counts as killed).
KILLED = {1, 3, 24, -24, 36, 152, 255, 37, -9, -11}
SURVIVED = {0, 5, 33}


@dataclass
class Tally:
    total: int = 0
    killed: int = 0
    timeout: int = 0
    survived: list[str] = field(default_factory=list)
    equivalent: list[dict[str, str]] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def score(self) -> float:
        live = self.total - len(self.equivalent)
        return 1.0 if live <= 0 else self.killed / live


def load_equivalent(path: Path = EQUIVALENT) -> dict[str, str]:
    """Mutant name -> why it cannot be told apart from the original, from the data file."""
    if not path.exists():
        return {}
    data = tomllib.loads(path.read_text("utf-8"))
    out = {}
    for i, row in enumerate(data.get("mutant", [])):
        if not isinstance(row, dict) or not row.get("name") or not row.get("why"):
            raise SystemExit(f"{path}: [[mutant]] number {i + 1} needs both 'name' and 'why'")
        out[row["name"]] = row["why"]
    return out


def prepare(target: Target) -> Path:
    """A fresh copy of the project for one target, with mutmut's settings in its pyproject.toml."""
    base = workdir(target)
    if base.exists():
        shutil.rmtree(base)
    base.mkdir(parents=True)
    # ../shared holds the rule catalogs some tests read; the copy sees the team's folder through a link.
    shared = ROOT.parent / "shared"
    if shared.exists() and not (WORK / "shared").exists():
        (WORK / "shared").symlink_to(shared)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".pytest_cache", ".hypothesis")
    for name in ("hexlab", "tests", "scenarios"):
        shutil.copytree(ROOT / name, base / name, symlinks=True, ignore=ignore)
    (base / "notebooks").symlink_to(ROOT / "notebooks")
    # mutmut copies files, not links to folders: give its copy the kit's links to scenarios and notebooks.
    for link in sorted((ROOT / "hexlab").rglob("*")):
        if link.is_symlink() and link.is_dir() and "__pycache__" not in link.parts:
            inside = base / "mutants" / link.relative_to(ROOT)
            inside.parent.mkdir(parents=True, exist_ok=True)
            inside.symlink_to(os.readlink(link))
    text = (ROOT / "pyproject.toml").read_text("utf-8")
    tests = [t for t in target.tests if (ROOT / t).exists()]
    settings = {
        "source_paths": ["hexlab"],
        "only_mutate": [target.path],
        "pytest_add_cli_args_test_selection": tests,
        "pytest_add_cli_args": ["-p", "no:cacheprovider", "-q", "-x", "-p", "no:randomly"],
        "also_copy": ["scenarios", "notebooks"],
        "use_git_change_detection": False,
        # A mutant that runs ten times as long as the tests did unmutated is taken as hung (mutmut's default is 15).
        "timeout_multiplier": 10.0,
    }
    text += "\n[tool.mutmut]\n" + "".join(f"{k} = {json.dumps(v)}\n" for k, v in settings.items())
    (base / "pyproject.toml").write_text(text, "utf-8")
    return base


def undecorate(source: str, names: set[str]) -> str:
    """The same module with the decorators of the named top-level functions applied after the function instead
    of above it (``def f ...`` then ``f = deco(f)``): the same meaning, and mutmut, which leaves decorated
    functions alone, can now mutate them. Used on the work copy only."""
    tree = ast.parse(source)
    lines = source.splitlines(keepends=True)
    edits: list[tuple[int, int, list[str]]] = []  # (first line, last line, replacement), 1-based
    for node in tree.body:
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) or not node.decorator_list:
            continue
        if names and node.name not in names:
            continue
        first = min(d.lineno for d in node.decorator_list) - 1  # the "@" sits one column before the expression
        body = lines[node.lineno - 1:node.end_lineno]
        after = [f"{node.name} = ({ast.get_source_segment(source, d)})({node.name})\n"
                 for d in reversed(node.decorator_list)]
        edits.append((first + 1, node.end_lineno, [*body, *after]))
    for first, last, new in sorted(edits, reverse=True):
        lines[first - 1:last] = new
    return "".join(lines)


def workdir(target: Target) -> Path:
    return WORK / target.path.removesuffix(".py").replace("/", "_")


def run_target(target: Target, jobs: int, equivalent: dict[str, str], quiet: bool) -> Tally:
    base = prepare(target)
    copy = base / target.path
    copy.write_text(undecorate(copy.read_text("utf-8"), {f for f in target.functions if "." not in f}), "utf-8")
    mutmut = Path(sys.executable).with_name("mutmut")
    cmd = [str(mutmut if mutmut.exists() else "mutmut"), "run", "--max-children", str(jobs), *target.patterns()]
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    started = time.monotonic()
    with (base / "mutmut.log").open("w") as out:
        proc = subprocess.run(cmd, cwd=base, env=env, stdout=out, stderr=subprocess.STDOUT)
    seconds = time.monotonic() - started
    (base / "seconds.txt").write_text(f"{seconds:.1f}\n")
    return collect(target, equivalent, quiet, proc.returncode)


def collect(target: Target, equivalent: dict[str, str], quiet: bool, returncode: int | None = None) -> Tally:
    """Sort the mutants of a finished run (in the target's work folder) into killed, survived and equivalent."""
    base = workdir(target)
    log = base / "mutmut.log"
    seconds = base / "seconds.txt"
    tally = Tally(seconds=float(seconds.read_text()) if seconds.exists() else 0.0)
    meta = base / "mutants" / (target.path + ".meta")
    if not meta.exists():
        tail = log.read_text("utf-8", "replace")[-3000:] if log.exists() else "(no log: never run)"
        raise SystemExit(f"mutmut failed on {target.path} (exit {returncode}); the end of {log}:\n{tail}")
    codes = json.loads(meta.read_text("utf-8"))["exit_code_by_key"]
    patterns = target.patterns()
    mine = {name: code for name, code in codes.items() if any(fnmatch(name, p) for p in patterns)}
    if not mine or all(code is None for code in mine.values()):
        tail = log.read_text("utf-8", "replace").replace("\r", "\n")[-3000:]
        raise SystemExit(f"mutmut did not test {target.path} (exit {returncode}); the end of {log}:\n{tail}")
    for name, code in sorted(mine.items()):
        tally.total += 1
        if name in equivalent:
            tally.equivalent.append({"mutant": name, "why": equivalent[name]})
        elif code in KILLED:
            tally.killed += 1
            tally.timeout += code in {24, -24, 36, 152, 255}
        elif code in SURVIVED:
            tally.survived.append(name)
        else:
            tally.unknown.append(f"{name} (exit {code})")
    prefix = target.module + "."
    for name in [n for n in equivalent if n.startswith(prefix) and n not in codes]:
        print(f"  note: {EQUIVALENT.name} names {name}, which this run did not make (check the entry)", flush=True)
    if not quiet:
        for name in tally.survived + tally.unknown:
            print(f"  survived: {name}", flush=True)
    return tally


def table(rows: list[tuple[str, Tally]]) -> str:
    head = f"{'file':45} {'mutants':>7} {'killed':>6} {'timeout':>7} {'survived':>8} {'equiv':>5} {'score':>6}  {'s':>5}"
    lines = [head, "-" * len(head)]
    for path, t in rows:
        mark = "" if t.score >= GOAL else "  < 90%"
        lines.append(f"{path:45} {t.total:7} {t.killed:6} {t.timeout:7} {len(t.survived) + len(t.unknown):8} "
                     f"{len(t.equivalent):5} {t.score:6.1%}  {t.seconds:5.0f}{mark}")
    return "\n".join(lines)


def save(rows: list[tuple[str, Tally]], failed: dict[str, str], keep: bool) -> None:
    """Write the results file; with ``keep`` (a subset was run) the other files' earlier results stay in it."""
    data: dict = {"tool": TOOL, "files": {}}
    if RESULTS.exists() and keep:
        try:
            old = json.loads(RESULTS.read_text("utf-8"))
            if isinstance(old.get("files"), dict):
                data["files"] = old["files"]
        except (ValueError, OSError):
            pass
    for path, t in rows:
        data["files"][path] = {
            "killed": t.killed, "survived": len(t.survived) + len(t.unknown), "timeout": t.timeout, "total": t.total,
            "score": round(t.score, 4), "equivalent": t.equivalent, "survivors": t.survived + t.unknown,
            "seconds": round(t.seconds, 1),
        }
    for path, why in failed.items():
        data["files"][path] = {"killed": 0, "survived": 0, "timeout": 0, "total": 0, "score": 0.0, "equivalent": [],
                               "survivors": [], "error": why}
    data["goal"] = GOAL
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", "utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", nargs="+", metavar="PATH", help="only these targets (paths as in --list)")
    parser.add_argument("--jobs", type=int, default=1, help="mutants tested at once (default 1: CPU is shared)")
    parser.add_argument("--list", action="store_true", help="list the targets and stop")
    parser.add_argument("--quiet", action="store_true", help="do not list the surviving mutants")
    parser.add_argument("--collect", action="store_true",
                        help="run nothing: count the last run's mutants again (after editing the equivalents file)")
    args = parser.parse_args(argv)
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    if args.list:
        for t in TARGETS:
            print(f"{t.path}: {', '.join(t.functions) or 'every function'}\n    tests: {' '.join(t.tests)}")
            if t.why:
                print(f"    scope: {t.why}")
        return 0
    chosen = list(TARGETS)
    if args.files:
        known = {t.path: t for t in TARGETS}
        unknown = [f for f in args.files if f not in known]
        if unknown:
            parser.error(f"not a mutation target: {', '.join(unknown)} (see --list)")
        chosen = [known[f] for f in args.files]
    equivalent = load_equivalent()
    rows: list[tuple[str, Tally]] = []
    started = time.monotonic()
    failed: dict[str, str] = {}
    here = f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"
    if not args.collect and shutil.which("mutmut", path=here) is None:
        parser.error("mutmut is not installed: pip install -e '.[mutation]' (make mutation does it)")
    for target in chosen:
        print(f"mutating {target.path} ...", flush=True)
        try:
            if args.collect:
                tally = collect(target, equivalent, args.quiet)
            else:
                tally = run_target(target, args.jobs, equivalent, args.quiet)
        except SystemExit as exc:  # one target's failure is reported, and the others still run
            print(exc, flush=True)
            failed[target.path] = str(exc).splitlines()[0]
            continue
        rows.append((target.path, tally))
        save(rows, failed, keep=bool(args.files) or len(rows) > 1)  # after each file, so a stopped run keeps its results
        print(f"  {tally.killed}/{tally.total - len(tally.equivalent)} killed ({tally.score:.1%}) in {tally.seconds:.0f} s",
              flush=True)
    print()
    print(table(rows))
    print(f"\nwall time {time.monotonic() - started:.0f} s")
    save(rows, failed, keep=bool(args.files))
    print(f"wrote {RESULTS.relative_to(ROOT)}")
    for path, why in failed.items():
        print(f"not measured: {path}: {why}")
    return 0 if not failed and all(t.score >= GOAL for _, t in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
