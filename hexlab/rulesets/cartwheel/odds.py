"""Exact Operation Cartwheel odds, every d10 face pushed through the functions the engine plays with
(``combat.py``): the initiative roll and the initiative missions, a recon flight, a strike (scramble, one round of
aerial combat, AA, bombing) and an airbase evacuation. Used by the odds panel and by

    hexlab odds cartwheel --initiative [--drm K] --json
    hexlab odds cartwheel --recon [--general-regroup] --json
    hexlab odds cartwheel --strike --bombers "3,3" --escorts "4" --interceptors "4,4" --aa 3 [--scramble-drm K] --json
    hexlab odds cartwheel --evacuation --srmp N [--airbase-disrupted] [--unit-disrupted] [--flown] --json

Every table behind them but the excerpt's own thresholds is an illustrative default (``oc.base.*``)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from fractions import Fraction
from itertools import product
from typing import Any

from ...dice import D10, through
from ...engine import HexlabError
from ...odds import OddsCommand, OddsReport, fraction_str
from . import combat
from .data import missions_for

MOST_UNITS = 8


def chance(pred: Callable[[int], bool]) -> Fraction:
    """The chance one d10 (0 read as 10) gives a face ``pred`` accepts."""
    return through(D10, 1, lambda fs: pred(int(fs[0]))).p(True)


def initiative_odds(drm: int = 0) -> dict[str, Any]:
    allied = chance(lambda f: combat.allied_initiative(f, drm))
    missions: dict[int, Fraction] = {}
    for f in range(1, 11):
        missions[missions_for(f)] = missions.get(missions_for(f), Fraction(0)) + Fraction(1, 10)
    return {"drm": drm, "p_allied_initiative": fraction_str(allied), "p_japanese_initiative": fraction_str(1 - allied),
            "missions": [{"missions": k, "p": fraction_str(p)} for k, p in sorted(missions.items())],
            "notes": ["the Initiative DRM and Missions tables are illustrative defaults"],
            "clauses": ["oc.sequence.initiative_roll.six_or_more_allied",
                        "oc.sequence.initiative_roll.five_or_less_japanese",
                        "oc.sequence.initiative_roll.drm_table_default", "oc.sequence.initiative_missions.table_default",
                        "oc.components.die.d10_zero_is_ten"]}


def recon_odds(general_regroup: bool = False) -> dict[str, Any]:
    p = chance(lambda f: combat.recon_flies(f, general_regroup))
    return {"general_regroup": general_regroup, "p_flies": fraction_str(p), "p_grounded": fraction_str(1 - p),
            "clauses": ["oc.air.recon.flight_roll_seven_or_less", "oc.air.recon.general_regroup_plus_one"]}


def evacuation_odds(srmp: int, airbase_disrupted: bool = False, unit_disrupted: bool = False,
                    flown: bool = False) -> dict[str, Any]:
    drm = combat.evacuation_drm(airbase_disrupted, unit_disrupted, flown)
    p = chance(lambda f: combat.evacuates(f, srmp, drm))
    return {"srmp": srmp, "drm": drm, "p_escape": fraction_str(p), "p_destroyed": fraction_str(1 - p),
            "notes": ["the Airbase Evacuation Table's DRMs are illustrative defaults"],
            "clauses": ["oc.air.evacuation.success_at_or_below_srmp", "oc.air.evacuation.table_default",
                        "oc.air.evacuation.failure_destroyed"]}


def _bools(ps: list[Fraction]) -> list[tuple[tuple[bool, ...], Fraction]]:
    out = []
    for combo in product((True, False), repeat=len(ps)):
        p = Fraction(1)
        for hit, q in zip(combo, ps, strict=True):
            p *= q if hit else 1 - q
        if p:
            out.append((combo, p))
    return out


def strike_dist(bombers: list[int], escorts: list[int], interceptors: list[int], aa: int, scramble_drm: int = 0,
                already_disrupted: bool = False,
                bomber_drms: list[int] | None = None) -> dict[tuple[str, int, int], Fraction]:
    """The exact distribution of ``(airbase result, bombers aborted, bombers eliminated)`` for a strike on an
    airbase, through the engine's functions: every candidate interceptor scrambles or not, the round of aerial combat
    (:func:`combat.targets`, :func:`combat.fire_hits`, :func:`combat.hit`), AA (:func:`combat.aa_aim`,
    :func:`combat.aa_hits`, :func:`combat.aa_targets`) and bombing (:func:`combat.bomb_hits`,
    :func:`combat.airbase_bombed`). ``bomber_drms``: each bomber's DF as the DRM on fire at it
    (:func:`combat.resistance`; none: every bomber of the standard DF). Every unit is taken fresh: full strength,
    undisrupted, two-sided. A strike with no bomber is refused (oc.base.strike_mission_default: a strike bombs with
    bombers or strafers)."""
    if not bombers:
        raise HexlabError("a strike needs at least one bomber (bombers is empty)")
    drms = list(bomber_drms) if bomber_drms is not None else [0] * len(bombers)
    out: dict[tuple[str, int, int], Fraction] = {}
    p_scr = chance(lambda f: combat.scrambles(f, scramble_drm))
    for scr, p1 in _bools([p_scr] * len(interceptors)):
        up = [af for af, s in zip(interceptors, scr, strict=True) if s]
        by_i, _by_e = combat.targets(len(bombers), len(escorts), len(up))
        fire = [chance(lambda f, a=af, d=drms[t]: combat.fire_hits(f, a, d)) for af, t in zip(up, by_i, strict=True)]
        for hits_i, p2 in _bools(fire):
            # escorts' hits fall on interceptors, which do not change what the bombers suffer in this one round
            damage = [combat.Damage() for _ in bombers]
            for t, h in zip(by_i, hits_i, strict=True):
                if h:
                    damage[t] = combat.hit(damage[t], True)
            live = [i for i, d in enumerate(damage) if not d.disrupted]
            aim = combat.aa_aim(aa, len(live))
            for hits_aa, p3 in _bools([chance(lambda f, d=drms[live[t]]: combat.aa_hits(f, d)) for t in aim]):
                hit_now = {live[i] for i in combat.aa_targets(list(hits_aa), len(live))}
                still = [i for i in live if i not in hit_now]
                bomb = [chance(lambda f, b=bombers[i]: combat.bomb_hits(f, b)) for i in still]
                aborted = len(bombers) - len(still)
                lost = sum(1 for d in damage if d.eliminated)
                for hits_b, p4 in _bools(bomb):
                    res = combat.airbase_bombed(sum(hits_b), already_disrupted, False)
                    key = (res.status, aborted, lost)
                    out[key] = out.get(key, Fraction(0)) + p1 * p2 * p3 * p4
    return out


def strike_odds(bombers: list[int], escorts: list[int], interceptors: list[int], aa: int,
                scramble_drm: int = 0) -> dict[str, Any]:
    for what, xs in (("--bombers", bombers), ("--escorts", escorts), ("--interceptors", interceptors)):
        if len(xs) > MOST_UNITS or any(not 0 <= x <= 10 for x in xs):
            raise HexlabError(f"{what}: at most {MOST_UNITS} values, each 0 to 10")
    if not bombers:
        raise HexlabError("--bombers: a strike needs at least one bomber")
    if not 0 <= aa <= 3:
        raise HexlabError("--aa must be 0 to 3")
    dist = strike_dist(bombers, escorts, interceptors, aa, scramble_drm)
    p = {s: sum((q for (st, _, _), q in dist.items() if st == s), Fraction(0))
         for s in ("no effect", "disrupted", "destroyed")}
    aborted: dict[int, Fraction] = {}
    for (_, a, _), q in dist.items():
        aborted[a] = aborted.get(a, Fraction(0)) + q
    return {"bombers": bombers, "escorts": escorts, "interceptors": interceptors, "aa": aa,
            "scramble_drm": scramble_drm,
            "p_disrupted": fraction_str(p["disrupted"]), "p_destroyed": fraction_str(p["destroyed"]),
            "p_no_effect": fraction_str(p["no effect"]),
            "bombers_lost": [{"bombers": k, "p": fraction_str(q)} for k, q in sorted(aborted.items())],
            "notes": ["a bomber lost is one that does not bomb: disrupted (aborted) by an interceptor or by AA",
                      "scramble, aerial combat, AA and bombing follow the illustrative oc.base.* defaults",
                      "interceptors fire at the bombers in turn, escorts at the interceptors, AA at the bombers left"],
            "clauses": ["oc.base.scramble_default", "oc.base.aerial_combat_default", "oc.base.aa_fire_default",
                        "oc.base.bombing_default"]}


def strike_report(title: str, bombers: list[int], escorts: list[int], aa: int, scramble_drm: int = 0,
                  interceptors: list[int] | None = None, bomber_drms: list[int] | None = None) -> OddsReport:
    dist = strike_dist(bombers, escorts, interceptors or [], aa, scramble_drm, bomber_drms=bomber_drms)
    outcomes: dict[str, Fraction] = {}
    for (status, _, _), q in dist.items():
        outcomes[status] = outcomes.get(status, Fraction(0)) + q
    return OddsReport(title, sorted(outcomes.items()),
                      {"disrupt or destroy": 1 - outcomes.get("no effect", Fraction(0)),
                       "destroy": outcomes.get("destroyed", Fraction(0))},
                      ("oc.base.bombing_default", "oc.base.aa_fire_default"),
                      ["enemy fighters at the target are not known to you: counted as none",
                       "illustrative oc.base.* tables"])


class CartwheelOdds(OddsCommand):
    words = {"p_allied_initiative": "Allied initiative", "p_japanese_initiative": "Japanese initiative",
             "p_flies": "the recon flies", "p_escape": "the unit escapes"}

    def arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--initiative", action="store_true", help="the initiative roll and initiative missions")
        parser.add_argument("--drm", type=int, default=0, help="the initiative DRM")
        parser.add_argument("--recon", action="store_true", help="a recon flight roll")
        parser.add_argument("--general-regroup", action="store_true", help="in a general regroup turn (+1)")
        parser.add_argument("--strike", action="store_true", help="an air strike on an airbase")
        parser.add_argument("--bombers", default="", help="the bombers' BFs, comma-separated")
        parser.add_argument("--escorts", default="", help="the escorts' AFs")
        parser.add_argument("--interceptors", default="", help="the AFs of the fighters that may scramble")
        parser.add_argument("--aa", type=int, default=0, help="the target airbase's AA factor")
        parser.add_argument("--scramble-drm", type=int, default=0, help="the DRM on each scramble roll")
        parser.add_argument("--evacuation", action="store_true", help="an evacuation roll at a captured airbase")
        parser.add_argument("--srmp", type=int, help="the unit's SR/MP")
        parser.add_argument("--airbase-disrupted", action="store_true")
        parser.add_argument("--unit-disrupted", action="store_true")
        parser.add_argument("--flown", action="store_true")

    def report(self, args: argparse.Namespace) -> dict[str, Any]:
        if args.initiative:
            return initiative_odds(args.drm)
        if args.recon:
            return recon_odds(args.general_regroup)
        if args.strike:
            return strike_odds(_ints(args.bombers, "--bombers"), _ints(args.escorts, "--escorts"),
                               _ints(args.interceptors, "--interceptors"), args.aa, args.scramble_drm)
        if args.evacuation:
            if args.srmp is None:
                raise HexlabError("--evacuation needs --srmp N")
            return evacuation_odds(args.srmp, args.airbase_disrupted, args.unit_disrupted, args.flown)
        raise HexlabError("give --initiative, --recon, --strike or --evacuation")


def _ints(text: str, what: str) -> list[int]:
    try:
        return [int(x) for x in text.split(",") if x.strip()]
    except ValueError as e:
        raise HexlabError(f"{what}: numbers separated by commas, like \"3,3\"") from e
