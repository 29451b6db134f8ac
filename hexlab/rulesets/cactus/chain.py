"""Exact odds of a whole Cactus Air Force ground battle: a Markov chain over the steps of every unit in the box,
each hour one :func:`combat.hour_result` exchange pushed through every roll (``combat.hour_dist``).

A whole battle (:func:`battle_odds`)::

    hexlab odds cactus --battle --attacker snlf --defender "1mar" [--banzai] [--seaborne]
                       [--max-hours N] [--hours H] [--json]

A stack is a comma-separated list of units, each a kind (``1mar`` or ``mar1``, ``1mar_res`` or ``res``,
``snlf``) with its steps after a colon (full strength if left out): ``--defender "1mar:2,res:2"``. The battle
is a Markov chain over the steps of every unit in the box (so over the counter faces up); each hour is one
:func:`combat.hour_result` exchange with the results applied as the engine applies them (hits, then the
retreat or the seaborne step, then the Banzai steps). It ends when a side has no steps left in the box or the
attacker retreats: ``attacker_eliminated``, ``defender_eliminated`` (the attacker occupies the box),
``attacker_retreats`` or ``both_eliminated``. ``--banzai`` means every attacking unit makes a Banzai attack
every hour. With several units on a side, each step is taken from the unit with the most steps (the first of
them in the stack), the computer player's pick (``Cactus.suggest``). A retreat is assumed possible (the box
the attacker came from is still free). The chances are exact Fractions: with no ``--max-hours``, the limits
as the battle goes on (a battle can last any number of hours, since an hour may bring no 5 and no 6), the exact
expected number of hours, and a table of the hour the battle ends in, up to ``--hours`` (default 10, a turn
of the placeholder clock), with the chance it lasts longer; with ``--max-hours N``, what is decided within N
hours and the chance that it is still undecided then.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any

from ...engine import HexlabError
from ...odds import fraction_str
from .combat import hour_dist, rolled_dice
from .counters import ALIASES, JAPANESE, KINDS, face_text
from .data import HOUR_CLAUSES, STACK_LIMIT

OUTCOMES = ("attacker_eliminated", "defender_eliminated", "attacker_retreats", "both_eliminated")

Stack = tuple[tuple[str, int], ...]
"""Units in a box: ``((kind, steps), ...)``."""

# ----------------------------------------------------------------------------------------------- battles


def parse_stack(spec: str | Iterable[Any]) -> Stack:
    """``"1mar:2,res"`` (or ``[("1mar", 2), "res"]``) -> ``(("1mar", 2), ("1mar_res", 2))``."""
    items: list[Any] = [p for p in spec.split(",") if p.strip()] if isinstance(spec, str) else list(spec)
    out: list[tuple[str, int]] = []
    for item in items:
        if isinstance(item, str):
            name, _, steps_text = item.strip().partition(":")
            kind = ALIASES.get(name.strip().lower().replace(" ", "_").replace("-", "_"))
            if kind is None:
                raise HexlabError(f"unknown unit {name.strip()!r} (known: 1mar, 1mar_res, snlf)")
            try:
                steps = int(steps_text) if steps_text.strip() else KINDS[kind].max_steps
            except ValueError:
                raise HexlabError(f"{item.strip()!r}: the steps after ':' must be a whole number") from None
        else:
            kind, steps = item
            kind = ALIASES.get(str(kind).lower(), kind)
            if kind not in KINDS:
                raise HexlabError(f"unknown unit {kind!r} (known: 1mar, 1mar_res, snlf)")
        if not 1 <= steps <= KINDS[kind].max_steps:
            raise HexlabError(f"a {KINDS[kind].title} has 1 to {KINDS[kind].max_steps} steps, not {steps}")
        out.append((kind, int(steps)))
    if not out:
        raise HexlabError("a stack needs at least one unit")
    nations = {KINDS[k].nation for k, _ in out}
    if len(nations) > 1:
        raise HexlabError("a stack's units are all of one side")
    if sum(s for _, s in out) > STACK_LIMIT:
        raise HexlabError(f"a side has at most {STACK_LIMIT} steps in a box (caf.stacking.four_steps_per_box)")
    return tuple(out)


def take_steps(steps: list[int], n: int) -> None:
    """Take ``n`` steps from a side, each from the unit with the most steps left (the first of them)."""
    for _ in range(n):
        best = max(steps)
        if best <= 0:
            return
        steps[steps.index(best)] -= 1


Absorbed = tuple[str, str]
"""``(outcome, who holds the box afterwards)``: ``"attacker"``, ``"defender"`` or ``"nobody"``."""


@dataclass
class BattleOdds:
    """Exact odds of a whole battle in one box."""

    attacker: Stack
    defender: Stack
    banzai: bool
    seaborne: bool
    max_hours: int | None
    outcomes: dict[str, Fraction]
    holds: dict[str, Fraction]
    undecided: Fraction
    hours: list[tuple[int, Fraction, Fraction]]
    """``(hour, chance the battle ends in that hour, chance it is over by then)``."""
    longer: Fraction
    """The chance the battle is still on after the last hour of the table."""
    expected_hours: Fraction | None
    states: int = 0
    clauses: list[str] = field(default_factory=list)

    def to_data(self) -> dict[str, Any]:
        return {
            "attacker": [{"unit": k, "steps": s, "counter": face_text(k, s)} for k, s in self.attacker],
            "defender": [{"unit": k, "steps": s, "counter": face_text(k, s)} for k, s in self.defender],
            "banzai": self.banzai, "seaborne": self.seaborne, "max_hours": self.max_hours,
            "outcomes": [{"outcome": o, "p": fraction_str(self.outcomes[o])} for o in OUTCOMES],
            "holds": {k: fraction_str(v) for k, v in self.holds.items()},
            "p_attacker_holds": fraction_str(self.holds["attacker"]),
            "p_defender_holds": fraction_str(self.holds["defender"]),
            "undecided": fraction_str(self.undecided),
            "hours": [{"hour": t, "p_ends": fraction_str(p), "p_over_by": fraction_str(c)} for t, p, c in self.hours],
            "p_longer": fraction_str(self.longer),
            "expected_hours": fraction_str(self.expected_hours) if self.expected_hours is not None else None,
            "policy": "each step is taken from the unit with the most steps left; retreats are never blocked",
            "states": self.states,
            "clauses": list(self.clauses),
        }


class _Chain:
    """The battle as a Markov chain over ``(attacker steps per unit, defender steps per unit)``."""

    def __init__(self, attacker: Stack, defender: Stack, banzai: bool, seaborne: bool) -> None:
        self.akinds = [KINDS[k] for k, _ in attacker]
        self.dkinds = [KINDS[k] for k, _ in defender]
        self.banzai = banzai
        self.seaborne = seaborne
        self.transitions = lru_cache(maxsize=None)(self._transitions)
        self.absorb = lru_cache(maxsize=None)(self._absorb)
        self.expected = lru_cache(maxsize=None)(self._expected)

    def _transitions(self, state: tuple[tuple[int, ...], tuple[int, ...]]
                     ) -> tuple[Fraction, list[tuple[Any, Fraction]]]:
        """``(chance nothing changes, [(next state or ("end", outcome, holder), probability), ...])``."""
        a, d = state
        att_dice = sum(rolled_dice(k.dice(s), self.banzai) for k, s in zip(self.akinds, a, strict=True))
        def_dice = sum(k.dice(s) for k, s in zip(self.dkinds, d, strict=True))
        banzai_units = [i for i, s in enumerate(a) if s > 0] if self.banzai else []
        dist = hour_dist(att_dice, def_dice, len(banzai_units), self.seaborne, not self.seaborne)
        stay = Fraction(0)
        out: dict[Any, Fraction] = {}
        for res, p in dist.items():
            a2, d2 = list(a), list(d)
            take_steps(d2, res.defender_steps_lost)
            take_steps(a2, res.attacker_hits)
            retreated = False
            if res.defender_five:
                if self.seaborne:
                    take_steps(a2, 1)
                else:
                    retreated = any(a2)
            for i in banzai_units:
                if a2[i] > 0:
                    a2[i] -= 1
            nxt: Any
            a_alive, d_alive = any(a2), any(d2)
            if retreated and a_alive:
                nxt = ("end", "attacker_retreats", "defender" if d_alive else "nobody")
            elif not a_alive:
                nxt = ("end", "attacker_eliminated", "defender") if d_alive else ("end", "both_eliminated", "nobody")
            elif not d_alive:
                nxt = ("end", "defender_eliminated", "attacker")
            else:
                nxt = (tuple(a2), tuple(d2))
            if nxt == state:
                stay += p
            else:
                out[nxt] = out.get(nxt, Fraction(0)) + p
        return stay, list(out.items())

    def _absorb(self, state: tuple[tuple[int, ...], tuple[int, ...]]) -> dict[Absorbed, Fraction]:
        stay, out = self.transitions(state)
        acc: dict[Absorbed, Fraction] = {}
        for nxt, p in out:
            if nxt[0] == "end":
                key = (nxt[1], nxt[2])
                acc[key] = acc.get(key, Fraction(0)) + p
            else:
                for key, q in self.absorb(nxt).items():
                    acc[key] = acc.get(key, Fraction(0)) + p * q
        scale = 1 / (1 - stay)
        return {k: v * scale for k, v in acc.items()}

    def _expected(self, state: tuple[tuple[int, ...], tuple[int, ...]]) -> Fraction:
        stay, out = self.transitions(state)
        total = Fraction(1)
        for nxt, p in out:
            if nxt[0] != "end":
                total += p * self.expected(nxt)
        return total / (1 - stay)


def battle_odds(attacker_stack: str | Iterable[Any], defender_stack: str | Iterable[Any], banzai: bool = False,
                seaborne: bool = False, max_hours: int | None = None, horizon: int | None = None) -> BattleOdds:
    """The exact odds of a battle in one box, hour after hour until one side is gone or the attacker retreats.

    ``attacker_stack``/``defender_stack``: ``"snlf"``, ``"1mar:2,res"`` or ``[("snlf", 4)]``. ``banzai``: every
    attacking unit makes a Banzai attack every hour (the attacker must be Japanese). ``seaborne``: the attacker
    came by amphibious invasion. ``max_hours``: stop after that many hours (what is left is ``undecided``).
    ``horizon``: hours in the table when there is no ``max_hours`` (default 10).
    """
    att, dfn = parse_stack(attacker_stack), parse_stack(defender_stack)
    if KINDS[att[0][0]].nation == KINDS[dfn[0][0]].nation:
        raise HexlabError("the attacker and the defender must be on opposite sides")
    if banzai and KINDS[att[0][0]].nation != JAPANESE:
        raise HexlabError("only the Japanese make Banzai attacks (caf.combat.banzai.japanese_only)")
    if max_hours is not None and max_hours < 1:
        raise HexlabError("max_hours must be 1 or more")
    chain = _Chain(att, dfn, banzai, seaborne)
    start = (tuple(s for _, s in att), tuple(s for _, s in dfn))
    table_hours = max_hours if max_hours is not None else (horizon if horizon is not None else 10)
    if table_hours < 1:
        raise HexlabError("the hours table needs 1 hour or more")

    # hour by hour: the chance of each transient state, and of each end reached so far
    now: dict[Any, Fraction] = {start: Fraction(1)}
    ended: dict[Absorbed, Fraction] = {}
    hours: list[tuple[int, Fraction, Fraction]] = []
    seen = {start}
    done = Fraction(0)
    for t in range(1, table_hours + 1):
        nxt_dist: dict[Any, Fraction] = {}
        this_hour = Fraction(0)
        for state, p in now.items():
            stay, out = chain.transitions(state)
            if stay:
                nxt_dist[state] = nxt_dist.get(state, Fraction(0)) + p * stay
            for nxt, q in out:
                if nxt[0] == "end":
                    key = (nxt[1], nxt[2])
                    ended[key] = ended.get(key, Fraction(0)) + p * q
                    this_hour += p * q
                else:
                    seen.add(nxt)
                    nxt_dist[nxt] = nxt_dist.get(nxt, Fraction(0)) + p * q
        now = nxt_dist
        done += this_hour
        hours.append((t, this_hour, done))
    longer = 1 - done

    if max_hours is None:
        final = chain.absorb(start)
        expected: Fraction | None = chain.expected(start)
        undecided = Fraction(0)
    else:
        final = ended
        expected = None
        undecided = longer
    outcomes = {o: sum((p for (k, _), p in final.items() if k == o), Fraction(0)) for o in OUTCOMES}
    holds = {who: sum((p for (_, h), p in final.items() if h == who), Fraction(0))
             for who in ("attacker", "defender", "nobody")}
    clauses = [*HOUR_CLAUSES, "caf.combat.occupation.requires_elimination_and_survivor",
               "caf.combat.occupation.contested_otherwise", "caf.combat.resolution_defaults",
               "caf.combat.seaborne_no_retreat_extra_step" if seaborne else "caf.combat.retreat_overland_to_start"]
    if banzai:
        clauses += ["caf.combat.banzai.doubled_dice", "caf.combat.banzai.automatic_step_loss"]
    return BattleOdds(att, dfn, banzai, seaborne, max_hours, outcomes, holds, undecided, hours, longer, expected,
                      len(seen), clauses)


__all__ = ["OUTCOMES", "Absorbed", "BattleOdds", "Stack", "battle_odds", "parse_stack", "take_steps"]
