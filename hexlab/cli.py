"""The ``hexlab`` command.

    hexlab scenarios [--json]
    hexlab validate FILE...
    hexlab play SCENARIO [--seed N] [--players random,random] [--max-steps K] [--log FILE.jsonl]
    hexlab odds RULESET ... [--exact] [--json]
    hexlab los RULESET --from A --to B [--blocker C ...] [--json]
    hexlab rules RULESET [CLAUSE_OR_WORDS]
    hexlab lab [DIR] [--copy-only] [-- JUPYTER-LAB-OPTIONS]
    hexlab handout SCENARIO --out DIR [--paper A4|Letter]
    hexlab report SAVE.json --out report.html

Mistakes (a bad file, an unknown scenario, a wrong option) print one clear message and exit with
status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from collections.abc import Sequence
from typing import Any

from . import rulesets
from .engine import Event, Game, GameOver, HexlabError
from .guard import printable
from .odds import SWEEP_FORMATS, sweep
from .players import PLAYER_KINDS, players_for
from .scenario import load, read, scenarios
from .words import side as side_words
from .words import wins


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
        print(printable(f"{s['id']:<{width}}  {text}"))
    return 0


def _cmd_validate(args: argparse.Namespace) -> int:
    status = 0
    for name in args.files:
        try:
            scenario = read(name)
        except HexlabError as exc:
            print(printable(str(exc)), file=sys.stderr)
            status = 2
        else:
            print(printable(f"{name}: ok ({scenario.ruleset.id}: {scenario.title}, {len(scenario.units)} units)"))
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
    people = [s for s in game.state.sides if s not in players]
    if people:
        # This command prints a game the computer plays; it never stops to ask anyone. A person's seat is
        # played at the table in a notebook, so say where, instead of stopping at their first decision.
        seats = " and ".join(side_words(s) for s in people)
        kinds = ", ".join(PLAYER_KINDS)
        raise HexlabError(f"--players: a person would play {seats}, and hexlab play has no one to ask (it runs "
                          f"{kinds} players only); play in a notebook instead: "
                          f"hexlab.play({args.scenario!r}, players={args.players!r}) (hexlab lab opens the notebooks)")
    log = open(args.log, "w", encoding="utf-8") if args.log else None  # noqa: SIM115
    try:
        print(printable(f"# {game.scenario.title if game.scenario else game.rules.id} (seed {game.seed})"))
        for event in game.run(players, args.max_steps):
            cite = f"  [{', '.join(event.clauses)}]" if event.clauses else ""
            print(f"T{event.turn} {event.position:<18} {_event_text(game, event)}{cite}")
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


def _event_text(game: Game, event: Event) -> str:
    """An event's words, with the end of the game said so that the verb agrees with the winner ("the Greeks
    win", "Japan wins"; :func:`hexlab.words.wins`)."""
    if isinstance(event.payload, GameOver) and event.payload.winner and game.result:
        return f"{wins(event.payload.winner, start=True)}: {game.result['reason']}"
    return event.text


QUERY_HELP = {
    "odds": ("Exact odds of a ruleset's combat, worked out through the same combat function the game plays with. "
             "Chances are printed as percentages; --exact adds the exact fraction beside each, and --json prints "
             "the whole report with every probability as an exact fraction \"a/b\".",
             "hexlab odds memoir44 --dice 3 --target infantry --figures 4\n"
             "             hexlab odds memoir44 --target infantry --sweep dice=1-6 figures=1-4 --measure p_eliminate"),
    "los": ("Line of sight on a ruleset's empty board, with the hexes the line crosses and what blocks it.",
            "hexlab los memoir44 --from 2,4 --to 6,4 --blocker 4,4"),
}


def _query_overview(what: str) -> str:
    """``hexlab odds --help``: what the command does, and the rulesets that answer it."""
    about, example = QUERY_HELP[what]
    lines = [f"usage: hexlab {what} RULESET [OPTIONS]{' [--exact]' if what == 'odds' else ''} [--json]", "",
             *textwrap.wrap(about, 100), "",
             *(textwrap.wrap("A table across values: --sweep PARAM=VALUES ... (e.g. dice=1-6 figures=1,2,3,4), printed "
                             "with --format markdown (default), csv, json or text; --measure KEY keeps one chance.",
                             100) + [""] if what == "odds" else []),
             f"rulesets with {what} queries (hexlab {what} RULESET --help for each one's options):"]
    for rid in rulesets.known():
        cls = rulesets.get(rid)
        query = cls.odds_cli if what == "odds" else cls.los_cli
        if query is not None:
            doc = " ".join((query.__doc__ or cls.name).split("\n\n")[0].split())
            lines += textwrap.wrap(doc, 100, initial_indent=f"  {rid:<10} ", subsequent_indent=" " * 13,
                                   break_on_hyphens=False)
    lines += ["", f"for example: {example}"]
    return "\n".join(lines)


def _cmd_ruleset_query(args: argparse.Namespace, rest: list[str], what: str) -> int:
    """``hexlab odds RULESET ...`` and ``hexlab los RULESET ...``: each ruleset brings its own arguments."""
    if args.ruleset is None:
        if not {"-h", "--help"} & set(rest):
            raise HexlabError(f"{what}: give a ruleset first ({', '.join(rulesets.known())}); "
                              f"hexlab {what} --help says more")
        print(_query_overview(what))
        return 0
    try:
        cls = rulesets.get(args.ruleset)
    except KeyError as exc:
        raise HexlabError(str(exc.args[0])) from None
    query = cls.odds_cli if what == "odds" else cls.los_cli  # declared on Ruleset: None when absent
    if query is None:
        raise HexlabError(f"{cls.name} has no {what} queries")
    parser = _Parser(prog=f"hexlab {what} {args.ruleset}", description=query.__doc__)
    query.arguments(parser)
    if what == "odds":
        parser.add_argument("--exact", action="store_true",
                            help="print the exact fraction beside every percentage")
        sweeping = _Parser(add_help=False)
        for target in (parser, sweeping):
            target.add_argument("--sweep", nargs="+", action="extend", metavar="PARAM=VALUES",
                                help="a table across values of this ruleset's options, e.g. dice=1-6 figures=1,2,3,4 "
                                     "terrain=countryside,forest behind-wall=no,yes")
            target.add_argument("--format", choices=SWEEP_FORMATS, default=None,
                                help="markdown or csv (a handout's table), json, or text; a sweep's default is markdown")
            target.add_argument("--measure", action="append", metavar="KEY",
                                help="only this chance in the table (a report's key, e.g. p_eliminate); repeatable")
        if {"-h", "--help"} & set(rest):
            parser.parse_args(["--help"])
        table_args, base = sweeping.parse_known_args(rest)
        if table_args.sweep or table_args.format in ("csv", "markdown"):
            return _odds_table(args.ruleset, table_args, base)
        rest = base + (["--json"] if table_args.format == "json" else [])
    parser.add_argument("--json", action="store_true", help="print JSON (probabilities as 'a/b')")
    sub = parser.parse_args(rest)
    report: dict[str, Any] = query.report(sub)
    if sub.json:
        print(json.dumps(report, indent=2))
    elif what == "odds":
        print(query.render(report, exact=sub.exact))
    else:
        print(query.text(report))
    return 0


def _odds_table(ruleset: str, table_args: argparse.Namespace, base: list[str]) -> int:
    """``hexlab odds RULESET ... --sweep PARAM=VALUES ... [--format csv|markdown|json|text]``: exact odds across
    the values (:func:`hexlab.odds.sweep`), one row per combination; without ``--sweep``, the one report as a
    table's row."""
    params: dict[str, str] = {}
    for item in table_args.sweep or []:
        name, eq, values = item.partition("=")
        if not eq or not name or not values:
            raise HexlabError(f"--sweep takes PARAM=VALUES (e.g. dice=1-6 or terrain=forest,town), not {item!r}")
        params[name.removeprefix("--")] = values
    exact = "--exact" in base
    fmt = table_args.format or "markdown"
    if "--json" in base:
        fmt = "json"
    base = [w for w in base if w not in ("--exact", "--json")]
    result = sweep(ruleset, params, measures=table_args.measure, base=base)
    print(result.render(fmt, exact=exact))
    return 0


def _cmd_simulate(args: argparse.Namespace) -> int:
    """``hexlab simulate SCENARIO --games N ...``: whole games played to the end, counted (:mod:`hexlab.simulate`)."""
    from .simulate import simulate

    if args.json and args.csv:
        raise HexlabError("give --json or --csv FILE, not both")
    if args.workers is not None and args.scheduler:
        raise HexlabError("give --workers K (a cluster on this machine) or --scheduler ADDRESS, not both")
    if args.games < 1:
        raise HexlabError("--games must be at least 1")
    if args.workers is not None and args.workers < 1:
        raise HexlabError("--workers must be at least 1")
    progress = None if not args.no_progress else False
    try:
        result = simulate(args.scenario, games=args.games, players=args.players, seed=args.seed,
                          workers=args.workers, scheduler=args.scheduler, out=args.out, max_steps=args.max_steps,
                          progress=progress)
    except KeyboardInterrupt:
        kept = (f"the games finished so far are in {args.out}: the same command goes on from there" if args.out
                else "give --out FILE to keep the games of an interrupted run")
        print(f"hexlab: simulate interrupted; {kept}", file=sys.stderr)
        return 130
    if args.csv:
        result.write_csv(args.csv)
    if args.json:
        print(json.dumps(result.to_data(), indent=2))
    else:
        print(result.text())
        if args.csv:
            print(f"one row per game: {args.csv}")
    return 0


def _cmd_handout(args: argparse.Namespace) -> int:
    """``hexlab handout SCENARIO --out DIR [--paper A4|Letter]``: print-ready files (:mod:`hexlab.classroom.handout`)."""
    from .classroom import handout

    for path in handout(args.scenario, args.out, paper=args.paper):
        print(path)
    return 0


def _cmd_report(args: argparse.Namespace) -> int:
    """``hexlab report SAVE.json --out report.html``: the after-action report of a saved game."""
    from .classroom.report import write_report
    from .saves import load as load_save

    game = load_save(args.save)
    print(write_report(game, args.out))
    return 0


def _cmd_exercises(args: argparse.Namespace) -> int:
    """``hexlab exercises RULESET --kind K --count N --seed S``: a teacher's list of generated exercises
    (:mod:`hexlab.exercises`), as Markdown or JSON, or an nbgrader assignment (``--nbgrader DIR``)."""
    from .exercises import generate_many, kinds_for
    from .exercises.sheet import to_json, to_markdown

    if args.kind is None:
        print(f"{args.ruleset}: kinds {', '.join(kinds_for(args.ruleset))}")
        return 0
    found = generate_many(args.ruleset, args.kind, args.count, args.seed)
    if args.nbgrader:
        from .exercises.nbgrader import export

        print(export(found, args.nbgrader, name=args.name))
        return 0
    print(to_json(found, student=args.no_answers) if args.format == "json"
          else to_markdown(found, answers=not args.no_answers))
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
                   help=f"one per side, comma-separated: {', '.join(PLAYER_KINDS)} (a person plays in a notebook: "
                        "hexlab.play)")
    p.add_argument("--max-steps", type=int, default=None)
    p.add_argument("--log", help="write the events as JSON lines to this file")
    # odds and los: the ruleset's own parser reads the rest (hexlab odds RULESET --help); with no ruleset,
    # --help lists the rulesets that answer
    p = sub.add_parser("odds", help="exact odds for a ruleset's combat (hexlab odds --help)", add_help=False)
    p.add_argument("ruleset", nargs="?")
    p = sub.add_parser("los", help="line of sight on a ruleset's empty board (hexlab los --help)", add_help=False)
    p.add_argument("ruleset", nargs="?")
    p = sub.add_parser("simulate", help="play many whole games and count: win rates (95%% Wilson interval), length, "
                                        "score, casualties, how games were decided")
    p.add_argument("scenario", help="scenario id (ruleset/name) or path")
    p.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    p.add_argument("--players", default="random,random",
                   help=f"one per side, comma-separated: {', '.join(k for k in PLAYER_KINDS)} (default random,random)")
    p.add_argument("--seed", type=int, default=0, help="game i is seeded from (SEED, i), whatever the workers")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, default=None,
                       help="worker processes of a Dask cluster on this machine (default: one per core); 1 plays "
                            "in this process")
    where.add_argument("--scheduler", help="the address of a running Dask scheduler (tcp://host:port)")
    p.add_argument("--max-steps", type=int, default=None, help="give a game up after this many actions and steps")
    p.add_argument("--out", help="append each game as a JSON line to FILE as it finishes; games already there "
                                 "(same scenario, players, seed) are not played again")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--csv", metavar="FILE", help="write one row per game to FILE")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p = sub.add_parser("rules", help="the rules reference: every clause, one clause by id, or clauses with words")
    p.add_argument("ruleset")
    p.add_argument("query", nargs="*", help="a clause id (or its start, e.g. m44.terrain) or words to find")
    p = sub.add_parser("handout", help="print-ready handouts of a scenario: the map (SVG, PDF), the roster, a rules "
                                       "summary, an odds table and each side's briefing")
    p.add_argument("scenario", help="scenario id (ruleset/name) or path")
    p.add_argument("--out", required=True, help="the folder to write them in (made if needed)")
    p.add_argument("--paper", default="A4", type=str.lower, choices=("a4", "letter"), help="A4 (default) or Letter")
    p = sub.add_parser("report", help="the after-action report of a saved game, as one standalone HTML page")
    p.add_argument("save", help="a save file (JSON, as the play table writes it)")
    p.add_argument("--out", required=True, help="the HTML file to write (report.html)")
    p = sub.add_parser("exercises", help="generated exercises the engine grades: a teacher's list (Markdown or JSON) or "
                                         "an nbgrader assignment")
    p.add_argument("ruleset")
    p.add_argument("--kind", help="reach, targets, dice, mayit, retreat, order, odds, pushback, seaborne, capacity, "
                                  "initiative (without it: the ruleset's kinds)")
    p.add_argument("--count", type=int, default=20)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--format", choices=("markdown", "json"), default="markdown")
    p.add_argument("--no-answers", action="store_true", help="the students' copy: Markdown without the answers; JSON "
                   "as a student may hold it (no unit hidden from their seat, no actions to replay)")
    p.add_argument("--nbgrader", metavar="DIR", help="write an nbgrader assignment notebook into DIR")
    p.add_argument("--name", default=None, help="the assignment's name (default RULESET_KIND)")
    p = sub.add_parser("lab", help="copy the notebooks and scenarios into DIR (default ./hexlab-notebooks) and open "
                                   "JupyterLab there; an edited copy is never replaced without asking; Ctrl-C stops it")
    p.add_argument("dir", nargs="?", default=None)
    p.add_argument("--copy-only", action="store_true", help="copy the kit and print the command, don't start")
    p.add_argument("--students", action="store_true", help="the students' copy: the notebooks without their answer "
                                                           "keys and model answers (the teacher's copy keeps them)")
    p = sub.add_parser("classroom", help="serve the class app to this room's network (Voila): students play in a "
                                         "browser, the teacher's page lists every team's game")
    p.add_argument("--saves", default="classroom-saves", help="the folder for the class's games (default "
                                                               "./classroom-saves; kept between lessons)")
    p.add_argument("--host", default="0.0.0.0", help="the address to listen on (default: every network of this "
                                                     "computer; 127.0.0.1 for this computer only)")
    p.add_argument("--port", type=int, default=8866)
    p.add_argument("--teacher-code", help="keep this teacher code instead of making a new one")
    p.add_argument("--seed", type=int, help="start every new game from this seed, so every team plays the same dice "
                                            "and the games can be compared afterwards (default: a new seed a game)")
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

            return run(args.dir, copy_only=args.copy_only, extra=passthrough, students=args.students)
        if args.command in ("odds", "los"):
            return _cmd_ruleset_query(args, rest, args.command)
        if args.command == "classroom" and not rest:
            from .classroom.serve import serve

            return serve(args.saves, host=args.host, port=args.port, teacher_code=args.teacher_code, seed=args.seed)
        if rest:
            parser.error(f"unrecognized arguments: {' '.join(rest)}")
        if args.command == "scenarios":
            return _cmd_scenarios(args)
        if args.command == "validate":
            return _cmd_validate(args)
        if args.command == "rules":
            return _cmd_rules(args)
        if args.command == "simulate":
            return _cmd_simulate(args)
        if args.command == "handout":
            return _cmd_handout(args)
        if args.command == "report":
            return _cmd_report(args)
        if args.command == "exercises":
            return _cmd_exercises(args)
        return _cmd_play(args)
    except HexlabError as exc:
        print(printable(f"hexlab: {exc}"), file=sys.stderr)
        return 2
    except BrokenPipeError:  # the output was piped into something that stopped reading (head)
        return 0
    except OSError as exc:
        print(printable(f"hexlab: {exc.filename or ''}: {exc.strerror}"), file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
