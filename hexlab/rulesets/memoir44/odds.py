"""Exact Memoir '44 odds: every face combination of the battle dice pushed through ``resolve_faces``,
the function the engine resolves real battles with. Used by the odds panel and by

    hexlab odds memoir44 --dice 3 --target infantry [--figures 4] [--json]
    hexlab odds memoir44 --attacker infantry --range 1 --terrain forest [--attacker-terrain town] [--json]
    hexlab los memoir44 --from 2,4 --to 6,4 [--blocker 4,4 ...] [--json]
"""

from __future__ import annotations

import argparse
from typing import Any

from ...dice import Dist, through
from ...engine import HexlabError
from ...engine.state import Board, GameState, Unit
from ...hexes import Hex, from_offset, label_scheme, offset_rect
from ...odds import OddsCommand, OddsReport, fraction_str
from .board import Field
from .combat import battle_dice, resolve_faces
from .data import BATTLE_DIE, FIGURES, KINDS, MAX_RANGE_CLAUSE, OBSTACLES, RANGE_DICE, TERRAIN
from .flags import flag_ignores


def hit_flag_dist(dice: int, target_kind: str) -> Dist:
    """The exact joint distribution of (hits, flags) for ``dice`` battle dice against a unit type."""
    return through(BATTLE_DIE, dice, lambda faces: resolve_faces(faces, target_kind))


def battle_report(rules: Any, state: GameState, attacker: Unit, target: Unit) -> OddsReport:
    """The odds of ``attacker`` battling ``target`` now: the dice the battle would roll (its card's extra
    die included) and the flags the target may ignore against this attacker (a sea wall shelters only
    from the seaward side), through the same functions the battle and the retreat use."""
    from .tactics import attack_dice

    # A read of where the game stands, not a switch of rules on a step name: the odds panel asks about an
    # attack *now*, and at the overrun step the only battle there is is the overrun (its handlers are
    # registered there: ``@handlers.check(Battle, at="battle.overrun")``), which rolls its own dice.
    overrun = state.position == "battle.overrun"
    dice = attack_dice(rules, state, attacker, target, overrun)
    dist = hit_flag_dist(dice.count, target.kind)
    figures = target.strength
    ignores = flag_ignores(rules.field, state, target, attacker.at)
    lost = dist.map(lambda r: min(r[0], figures))
    outcomes = [(f"{n} figure{'s' if n != 1 else ''} lost" + (" (eliminated)" if n == figures else ""), p)
                for n, p in lost.items()]
    retreat = dist.p(lambda r: r[0] < figures and ignores.can_retreat(r[1]))
    summary = {
        "eliminate": dist.p(lambda r: r[0] >= figures),
        "at least one figure": dist.p(lambda r: r[0] >= 1),
        "force a retreat": retreat,
    }
    notes = [f"{dice.count} dice: {dice.words()}"]
    if ignores.compulsory_words:
        notes.append(f"{target.id} must ignore {ignores.compulsory_words} flag(s)")
    if ignores.may:
        notes.append(f"{target.id} may ignore {ignores.may} flag: a retreat needs one flag more")
    plural = "s" if figures != 1 else ""
    title = f"{attacker.id} ({attacker.kind}) at {target.id} ({target.kind}, {figures} figure{plural})"
    return OddsReport(title, outcomes, summary, tuple(["m44.resolve.hit.matching", *dice.clauses]), notes)


# ------------------------------------------------------------------------------------------ the command line

TERRAIN_NAMES = sorted(set(TERRAIN) | set(OBSTACLES))


def _synthetic(distance: int, terrain: str, attacker_terrain: str) -> tuple[Field, GameState, Hex, Hex]:
    """Two hexes ``distance`` apart in a row of a plain board, with the given terrain (an obstacle stands
    on countryside, or on a beach for a sea wall)."""
    width = distance + 3
    hexes = offset_rect(width, 3, "odd-r")
    cells = dict.fromkeys(hexes, "countryside")
    a, t = from_offset(1, 1, "odd-r"), from_offset(1 + distance, 1, "odd-r")
    features: dict[Hex, list[str]] = {}
    for h, name in ((t, terrain), (a, attacker_terrain)):
        if name in OBSTACLES:
            features[h] = [name]
            cells[h] = "countryside"
        else:
            cells[h] = name
    board = Board("hex", width, 3, "odd-r", label_scheme("colrow", offset="odd-r"), cells)
    fld = Field(board, "A", {}, {t: "B"} if terrain == "bunker" else {})
    state = GameState("memoir44", ["A", "B"], "A", "battle.choose", 0, features=features)
    return fld, state, a, t


def dice_from_rules(attacker: str, distance: int, terrain: str, attacker_terrain: str, target: str
                    ) -> tuple[int, list[str], str]:
    fld, state, a, t = _synthetic(distance, terrain, attacker_terrain)
    att = Unit("attacker", "A", attacker, a, FIGURES[attacker], FIGURES[attacker])
    tgt = Unit("target", "B", target, t, FIGURES[target], FIGURES[target])
    state.units = {"attacker": att, "target": tgt}
    dice = battle_dice(fld, state, att, tgt)
    return dice.count, dice.clauses, dice.words()


class Memoir44Odds(OddsCommand):
    """Exact odds of a Memoir '44 battle: the joint distribution of hits and flags."""

    def arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--dice", type=int, help="battle dice rolled (or give --attacker and --range)")
        parser.add_argument("--target", choices=KINDS, required=True)
        parser.add_argument("--figures", type=int, help="the target's figures, for the chance to eliminate it")
        parser.add_argument("--attacker", choices=KINDS, help="work the dice out from the rules")
        parser.add_argument("--range", type=int, dest="distance", help="hexes to the target (1 = close assault)")
        parser.add_argument("--terrain", default="countryside", choices=TERRAIN_NAMES, help="the target's hex")
        parser.add_argument("--attacker-terrain", default="countryside", choices=TERRAIN_NAMES,
                            help="the attacker's own hex (battling out of a town, hills from below)")

    def report(self, args: argparse.Namespace) -> dict[str, Any]:
        out: dict[str, Any] = {"target": args.target}
        if args.dice is None:
            if args.attacker is None or args.distance is None:
                raise HexlabError("give --dice N, or --attacker TYPE and --range R")
            if args.distance < 1:
                raise HexlabError("--range must be at least 1 (1 is a close assault)")
            reach = len(RANGE_DICE[args.attacker])
            if args.distance > reach:
                raise HexlabError(f"the target is out of range: {args.attacker} battles at most {reach} hexes away, "
                                  f"and this target is {args.distance} ({MAX_RANGE_CLAUSE[args.attacker]})")
            n, clauses, words = dice_from_rules(args.attacker, args.distance, args.terrain, args.attacker_terrain,
                                                args.target)
            if n <= 0:
                raise HexlabError(f"no dice are left ({words}): a battle with no dice cannot be made "
                                  "(m44.terrain.general.min_dice)")
            out.update({"attacker": args.attacker, "range": args.distance, "terrain": args.terrain,
                        "attacker_terrain": args.attacker_terrain, "dice": n, "dice_reasoning": words,
                        "clauses": clauses})
        else:
            if not 0 <= args.dice <= 12:
                raise HexlabError("--dice must be 0 to 12")
            n = args.dice
            out["dice"] = n
        dist = hit_flag_dist(n, args.target)
        out["outcomes"] = [{"hits": h, "flags": f, "p": fraction_str(p)} for (h, f), p in dist.items()]
        out["expected_hits"] = fraction_str(dist.expectation(lambda r: r[0]))
        out["expected_flags"] = fraction_str(dist.expectation(lambda r: r[1]))
        out["p_at_least_one_hit"] = fraction_str(dist.p(lambda r: r[0] >= 1))
        out["p_at_least_one_flag"] = fraction_str(dist.p(lambda r: r[1] >= 1))
        if args.figures is not None:
            if args.figures < 1:
                raise HexlabError("--figures must be at least 1")
            out["figures"] = args.figures
            out["p_eliminate"] = fraction_str(dist.p(lambda r: r[0] >= args.figures))
        out.setdefault("clauses", [])
        out["clauses"] = ["m44.dice.battle.faces", "m44.resolve.hit.matching", *out["clauses"]]
        return out


class Memoir44Sight:
    """Line of sight on the empty standard board (13x9, odd rows of 12 shifted right); blockers hold forest."""

    def arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--from", dest="frm", required=True, help="COL,ROW")
        parser.add_argument("--to", required=True, help="COL,ROW")
        parser.add_argument("--blocker", action="append", default=[], help="COL,ROW of a forest hex")

    def report(self, args: argparse.Namespace) -> dict[str, Any]:
        labels = label_scheme("colrow", offset="odd-r")
        cells = dict.fromkeys(offset_rect(13, 9, "odd-r", short_odd_rows=True), "countryside")

        def parse(text: str, what: str) -> Hex:
            try:
                h = labels.parse(text)
            except ValueError as exc:
                raise HexlabError(f"{what}: {exc}") from None
            if h not in cells:
                raise HexlabError(f"{what}: {text} is off the 13x9 board")
            return h

        a, b = parse(args.frm, "--from"), parse(args.to, "--to")
        for text in args.blocker:
            cells[parse(text, "--blocker")] = "forest"
        board = Board("hex", 13, 9, "odd-r", labels, cells)
        fld = Field(board, "A", {}, {})
        state = GameState("memoir44", ["A", "B"], "A", "battle.choose", 0)
        result = fld.sight(state, a, b)
        name = labels.label
        return {
            "from": name(a), "to": name(b), "clear": result.clear,
            "crossed": [name(h) for h in result.crossed], "touched": [name(h) for h in result.touched],
            "blocked_by": [name(h) for h in result.blocked_by],
            "clauses": ["m44.los.line.centres", "m44.los.block.terrain", "m44.los.edge.both_sides",
                        "m44.los.endpoints"],
        }

    def text(self, report: dict[str, Any]) -> str:
        verdict = "clear" if report["clear"] else f"blocked by {', '.join(report['blocked_by'])}"
        return (f"line of sight {report['from']} -> {report['to']}: {verdict}\n"
                f"crossed: {', '.join(report['crossed']) or '-'}\ntouched (along an edge): "
                f"{', '.join(report['touched']) or '-'}\nrules: {', '.join(report['clauses'])}")

