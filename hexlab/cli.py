"""The ``hexlab`` command.

    hexlab scenarios [--json]
    hexlab validate FILE...
    hexlab play SCENARIO [--seed N] [--players random,random] [--max-steps K] [--log FILE.jsonl]
    hexlab odds RULESET ... [--json]
    hexlab los RULESET --from A --to B [--blocker C ...] [--json]
    hexlab rules RULESET [CLAUSE_OR_WORDS]
    hexlab lab [DIR] [--copy-only] [-- JUPYTER-LAB-OPTIONS]

Mistakes (a bad file, an unknown scenario, a wrong option) print one clear message and exit with
status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from . import rulesets
from .engine import HexlabError
from .players import PLAYER_KINDS, players_for
from .scenario import load, read, scenarios


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # argparse's own mistakes: exit 2 with usage, as usual
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}\n")


def _cmd_scenarios(args: argparse.Namespace) -> int:
    found = scenarios()
    if args.json:
        print(json.dumps(found, indent=2))
        return 0
    if not found:
        print("no scenarios found")
    width = max((len(s["id"]) for s in found), default=0)
    for s in found:
        text = s["title"] if "error" not in s else f"(cannot load: {s['error'].splitlines()[0]})"
        print(f"{s['id']:<{width}}  {text}")
    return 0


def _cmd_validate(args: argparse.Namespace) -> int:
    status = 0
    for name in args.files:
        try:
            scenario = read(name)
        except HexlabError as exc:
            print(str(exc), file=sys.stderr)
            status = 2
        else:
            print(f"{name}: ok ({scenario.ruleset.id}: {scenario.title}, {len(scenario.units)} units)")
    return status


def _cmd_rules(args: argparse.Namespace) -> int:
    from . import reference

    try:
        ref = reference.load(args.ruleset)
    except KeyError as exc:
        raise HexlabError(str(exc.args[0])) from None
    query = " ".join(args.query)
    found = ref.search(query) if query else list(ref.clauses.values())
    if not found:
        raise HexlabError(f"no clause of {ref.name} matches {query!r}")
    if not query:
        print(f"{ref.name}: {len(found)} rules. {reference.legend(ref)}")
    section = None
    for c in found:
        if c.section != section:
            section = c.section
            print(f"\n{section}")
        mark = f"  [{c.label}]" if c.mark else ""
        print(f"  {c.id}{mark}\n    {c.rule}")
        if len(found) == 1:
            if c.mark:
                print(f"    {reference.PUBLISHED[c.id] if c.mark == 'published' else reference.MARKS[c.mark][1]}")
            if c.example:
                print(f"    Example: {c.example}")
            if c.notes:
                print(f"    Note: {c.notes}")
    return 0


def _cmd_play(args: argparse.Namespace) -> int:
    game = load(args.scenario, seed=args.seed)
    try:
        players = players_for(game, args.players)
    except ValueError as exc:
        raise HexlabError(f"--players: {exc}") from None
    log = open(args.log, "w", encoding="utf-8") if args.log else None  # noqa: SIM115
    try:
        print(f"# {game.scenario.title if game.scenario else game.rules.id} (seed {game.seed})")
        for event in game.run(players, args.max_steps):
            cite = f"  [{', '.join(event.clauses)}]" if event.clauses else ""
            print(f"T{event.turn} {event.position:<18} {event.text}{cite}")
            if log:
                log.write(json.dumps(event.to_data()) + "\n")
        if game.is_over:
            assert game.result is not None
            winner = game.result["winner"] or "nobody (draw)"
            line = f"RESULT winner={winner} reason={game.result['reason']} actions={len(game.actions)}"
        else:
            line = f"RESULT unfinished after {len(game.history)} steps at {game.state.position}"
        print(line)
        if log:
            log.write(json.dumps({"result": game.result, "seed": game.seed,
                                  "actions": [a.to_data() for a in game.actions]}) + "\n")
    finally:
        if log:
            log.close()
    return 0


def _cmd_ruleset_query(args: argparse.Namespace, rest: list[str], what: str) -> int:
    """``hexlab odds RULESET ...`` and ``hexlab los RULESET ...``: each ruleset brings its own arguments."""
    try:
        cls = rulesets.get(args.ruleset)
    except KeyError as exc:
        raise HexlabError(str(exc.args[0])) from None
    odds_cli = cls.odds_cli if what == "odds" else cls.los_cli  # declared on Ruleset: None when absent
    if odds_cli is None:
        raise HexlabError(f"{cls.name} has no {what} queries")
    parser = _Parser(prog=f"hexlab {what} {args.ruleset}", description=odds_cli.__doc__)
    odds_cli.arguments(parser)
    parser.add_argument("--json", action="store_true", help="print JSON (probabilities as 'a/b')")
    sub = parser.parse_args(rest)
    report: dict[str, Any] = odds_cli.report(sub)
    if sub.json:
        print(json.dumps(report, indent=2))
    else:
        print(odds_cli.text(report))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="hexlab", description="hexlab: hex-and-counter wargames to learn, teach and explore.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("scenarios", help="list the scenarios")
    p.add_argument("--json", action="store_true")
    p = sub.add_parser("validate", help="check scenario files; exit 2 on the first problem found in each")
    p.add_argument("files", nargs="+")
    p = sub.add_parser("play", help="play a game headless, printing one line per event")
    p.add_argument("scenario", help="scenario id (ruleset/name) or path")
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--players", default="random,random",
                   help=f"one per side, comma-separated: {', '.join(PLAYER_KINDS)}")
    p.add_argument("--max-steps", type=int, default=None)
    p.add_argument("--log", help="write the events as JSON lines to this file")
    p = sub.add_parser("odds", help="exact odds for a ruleset's combat (hexlab odds RULESET --help)",
                       add_help=False)
    p.add_argument("ruleset")
    p = sub.add_parser("los", help="line of sight on a ruleset's empty board (hexlab los RULESET --help)",
                       add_help=False)
    p.add_argument("ruleset")
    p = sub.add_parser("rules", help="the rules reference: every clause, one clause by id, or clauses with words")
    p.add_argument("ruleset")
    p.add_argument("query", nargs="*", help="a clause id (or its start, e.g. m44.terrain) or words to find")
    p = sub.add_parser("lab", help="copy the notebooks into DIR (default ./hexlab-notebooks) and open JupyterLab "
                                   "there; an edited notebook is never replaced without asking")
    p.add_argument("dir", nargs="?", default=None)
    p.add_argument("--copy-only", action="store_true", help="copy the notebooks and print the command, don't start")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    passthrough: list[str] = []
    if "--" in argv:
        argv, passthrough = argv[: argv.index("--")], argv[argv.index("--") + 1:]
    parser = build_parser()
    args, rest = parser.parse_known_args(argv)
    try:
        if args.command == "lab":
            if rest:
                parser.error(f"unrecognized arguments: {' '.join(rest)} (give JupyterLab's after --)")
            from .lab import run

            return run(args.dir, copy_only=args.copy_only, extra=passthrough)
        if args.command in ("odds", "los"):
            return _cmd_ruleset_query(args, rest, args.command)
        if rest:
            parser.error(f"unrecognized arguments: {' '.join(rest)}")
        if args.command == "scenarios":
            return _cmd_scenarios(args)
        if args.command == "validate":
            return _cmd_validate(args)
        if args.command == "rules":
            return _cmd_rules(args)
        return _cmd_play(args)
    except HexlabError as exc:
        print(f"hexlab: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the output was piped into something that stopped reading (head)
        return 0
    except OSError as exc:
        print(f"hexlab: {exc.filename or ''}: {exc.strerror}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
