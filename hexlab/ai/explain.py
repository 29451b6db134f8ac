"""The computer's choice in words: the move it would make, the best alternatives, and why.

Every word comes from the search (:mod:`.search`): the move's value, the evaluation's terms one decision
ahead (each named and cited in the ruleset's module in :mod:`.rulesets`), and for a move that rolls dice
the exact odds of its outcomes (or the number of outcomes sampled, where they are too many to list)::

    >>> hint = hexlab.ai.explain(game)                        # doctest: +SKIP
    >>> hint.best, hint.alternatives                          # doctest: +SKIP
    >>> print(hint.words)                                     # doctest: +SKIP
    >>> hint.html()                                           # for the table's Hint button

``reason(result, game)`` is the one line a log gets when the computer plays.
"""

from __future__ import annotations

import html as _html
from dataclasses import dataclass, field

from .. import words as _words
from ..engine import Action, Game
from . import rulesets
from .search import WIN, ChanceFacts, Choice, Level, Result, search


@dataclass(slots=True)
class Explanation:
    """A hint: the move, the runners-up, and the words."""

    best: Action
    alternatives: list[Action]
    words: str
    """The whole explanation, a few lines of plain text."""
    lines: list[str] = field(default_factory=list)
    """One line per move: the chosen one first, then each alternative."""
    result: Result | None = None

    def html(self) -> str:
        """The explanation as a small HTML fragment (a list, the chosen move first and in bold)."""
        items = [f"<li><b>{_html.escape(self.lines[0])}</b></li>"] if self.lines else []
        items += [f"<li>{_html.escape(line)}</li>" for line in self.lines[1:]]
        foot = ""
        if self.result is not None:
            r = self.result
            foot = (f'<div class="hexlab-hint-foot">{r.level.name}: {_count(r.depth, "decision")} ahead, '
                    f"{r.nodes} positions, {_count(r.worlds, 'world')}, {r.seconds:.2f} s</div>")
        return f'<div class="hexlab-hint"><ul>{"".join(items)}</ul>{foot}</div>'

    def __str__(self) -> str:
        return self.words


def _pct(p: float) -> str:
    v = 100 * float(p)
    return f"{v:.0f}%" if v >= 1 or v == 0 else f"{v:.1f}%"


def chance_words(facts: ChanceFacts | None) -> str:
    """The odds of the dice the move rolls, in words: "52% to eliminate a unit (exact, 70 outcomes)"."""
    if facts is None:
        return ""
    how = (f"exact, {facts.outcomes} outcomes" if facts.exact
           else f"sampled {facts.searched} of {facts.outcomes} outcomes")
    parts = []
    if facts.win:
        parts.append(f"{_pct(facts.win)} to win at once")
    if facts.eliminate:
        parts.append(f"{_pct(facts.eliminate)} to eliminate an enemy unit")
    if facts.enemy_loss:
        parts.append(f"{facts.enemy_loss:.2f} enemy strength lost on average")
    if facts.lose_unit:
        parts.append(f"{_pct(facts.lose_unit)} to lose a unit")
    if facts.own_loss:
        parts.append(f"{facts.own_loss:.2f} of ours lost on average")
    if not parts:
        parts.append("no loss either way")
    return ", ".join(parts) + f" ({how})"


def term_words(ruleset_id: str, better: dict[str, float], worse: dict[str, float], most: int = 2) -> str:
    """The terms of the evaluation on which ``better`` is ahead of ``worse``, the biggest leads first, in the
    ruleset's words ("medals +8.8 [m44.victory.medals.target]"); only leads: a term where ``worse`` is ahead is
    never said to make ``better`` better."""
    return _terms(ruleset_id, {k: better.get(k, 0.0) - worse.get(k, 0.0) for k in set(better) | set(worse)}, most,
                  leads_only=True)


def _terms(ruleset_id: str, values: dict[str, float], most: int, leads_only: bool = False) -> str:
    terms = getattr(rulesets.hooks_for(ruleset_id), "TERMS", {})
    ranked = sorted(((v, k) for k, v in values.items() if v >= 0.05 or (not leads_only and v <= -0.05)),
                    key=lambda vk: (-(vk[0] if leads_only else abs(vk[0])), vk[1]))
    out = []
    for d, k in ranked[:most]:
        name, clause = terms.get(k, (k, ""))
        cite = f" [{clause}]" if clause else ""
        out.append(f"{name} {'+' if d > 0 else ''}{d:.1f}{cite}")
    return "; ".join(out)


def _line(game: Game, c: Choice, best: Choice | None, ruleset_id: str) -> str:
    words = game.describe(c.action)
    odds = chance_words(c.chance)
    bits = [f"{words}: value {_value(c.value)}"]
    if odds:
        bits.append(odds)
    if best is not None:
        bits.append(_against(ruleset_id, best, c))
    else:
        top = _terms(ruleset_id, c.terms, most=3)
        if top:
            bits.append(f"after it, by the computer's count: {top}")
    return "; ".join(bits)


def _against(ruleset_id: str, best: Choice, other: Choice) -> str:
    """Why the chosen move beats ``other``: the terms it leads on one decision ahead, and the one ``other`` leads on
    if any (a trade); or, where ``other`` looks as good one decision ahead, what the deeper search found."""
    ahead = term_words(ruleset_id, best.terms, other.terms)
    behind = term_words(ruleset_id, other.terms, best.terms, most=1)
    gap = best.value - other.value
    if ahead:
        return f"the chosen move is better on: {ahead}" + (f"; this one is better on: {behind}" if behind else "")
    if gap >= 0.05:
        lead = f"this one is better on: {behind}, but " if behind else ""
        return lead + ("the chosen move has a better chance of winning, looking further ahead" if gap >= WINS_DECIDE
                       else f"the chosen move is worth {gap:+.1f} more looking further ahead")
    return "as good as the chosen move"


WINS_DECIDE = 100.0
"""A gap in value this large comes from won and lost games in the search (:data:`~.search.WIN` is 10,000 points,
an evaluation a few dozen): the words then speak of the chance of winning, not of points."""


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _value(v: float) -> str:
    if v >= WIN / 2:
        return "a win"
    if v <= -WIN / 2:
        return "a loss"
    return f"{v:+.1f}"


def explain(game: Game, side: str | None = None, budget: Level | str = "veteran", seed: int = 0) -> Explanation:
    """What the computer would play now for ``side`` (by default the side to act), the two or three best
    alternatives, and why, from its seat (it reads only ``game.view(side)``; the game is not changed)."""
    result = search(game, side, budget, seed)
    return from_result(game, result)


def from_result(game: Game, result: Result) -> Explanation:
    rid = game.rules.id
    best = result.choices[0]
    others = result.choices[1:4]
    lines = [_line(game, best, None, rid)] + [_line(game, c, best, rid) for c in others]
    seer = f"{_words.side(result.side)} {_words.agree(result.side, 'sees', 'see')}"
    depth = (f"searched {_count(result.depth, 'decision')} ahead in {_count(result.worlds, 'world')} dealt from "
             f"what {seer}" if result.depth else "the only choice" if len(result.choices) == 1
             else "the ruleset's own advice" if result.level.advice and result.nodes == 0
             else "no search within the budget: the first legal move")
    head = f"Best for {_words.side(result.side)}: {game.describe(best.action)} ({depth})."
    alt = ["Alternatives:"] + [f"- {line}" for line in lines[1:]] if others else []
    words = "\n".join([head, f"Why: {lines[0]}", *alt])
    return Explanation(best.action, [c.action for c in others], words, lines, result)


def reason(game: Game, result: Result) -> str:
    """One line for the log when the computer plays: the move and its main reason (the odds of its dice, or how it
    beats the runner-up)."""
    best = result.choices[0]
    rid = game.rules.id
    why = chance_words(best.chance)
    if not why and len(result.choices) > 1:
        runner_up = result.choices[1]
        ahead = term_words(rid, best.terms, runner_up.terms, most=1)
        gap = best.value - runner_up.value
        if ahead:
            why = f"better than {game.describe(runner_up.action)} on {ahead}"
        elif gap >= WINS_DECIDE:
            why = f"a better chance of winning than {game.describe(runner_up.action)}, looking further ahead"
        elif gap >= 0.05:
            why = f"worth {gap:+.1f} more than {game.describe(runner_up.action)} looking further ahead"
        else:
            why = "no other move looks better"
    how = (f"{_count(result.depth, 'decision')} ahead" if result.depth else "the only move" if len(result.choices) == 1
           else "the ruleset's advice" if result.level.advice and result.nodes == 0 else "no search")
    text = f"{result.side} ({result.level.name}) plays {game.describe(best.action)}"
    return text + (f": {why}" if why else "") + f" ({how})."
