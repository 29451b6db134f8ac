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
            foot = (f'<div class="hexlab-hint-foot">{r.level.name}: {r.depth} decision(s) ahead, '
                    f"{r.nodes} positions, {r.worlds} world(s), {r.seconds:.2f} s</div>")
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
    """Where one move's evaluation beats another's, the biggest differences first, in the ruleset's words."""
    terms = getattr(rulesets.hooks_for(ruleset_id), "TERMS", {})
    diffs = sorted(((better.get(k, 0.0) - worse.get(k, 0.0), k) for k in set(better) | set(worse)),
                   key=lambda dk: -abs(dk[0]))
    out = []
    for d, k in diffs[:most]:
        if abs(d) < 0.05:
            continue
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
        why = term_words(ruleset_id, best.terms, c.terms)
        if why:
            bits.append(f"the chosen move is better by: {why}")
    else:
        top = term_words(ruleset_id, c.terms, {}, most=3)
        if top:
            bits.append(f"what counts: {top}")
    return "; ".join(bits)


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
    depth = (f"searched {result.depth} decision(s) ahead in {result.worlds} world(s) dealt from what "
             f"{result.side} sees" if result.depth else "the only choice" if len(result.choices) == 1
             else "the ruleset's own advice" if result.level.advice and result.nodes == 0
             else "no search within the budget: the first legal move")
    head = f"{result.side} would {game.describe(best.action)} ({depth})."
    alt = ["Alternatives:"] + [f"- {line}" for line in lines[1:]] if others else []
    words = "\n".join([head, f"Why: {lines[0]}", *alt])
    return Explanation(best.action, [c.action for c in others], words, lines, result)


def reason(game: Game, result: Result) -> str:
    """One line for the log when the computer plays: the move and its main reason."""
    best = result.choices[0]
    rid = game.rules.id
    odds = chance_words(best.chance)
    why = odds
    if not why:  # the first alternative its evaluation tells apart from the move: what makes the move better
        for other in result.choices[1:]:
            why = term_words(rid, best.terms, other.terms, most=1)
            if why:
                why = f"better than {game.describe(other.action)} by {why}"
                break
    if not why and len(result.choices) > 1:
        gap = best.value - result.choices[1].value
        why = (f"worth {_value(gap) if abs(gap) < WIN / 2 else 'a win'} more than "
               f"{game.describe(result.choices[1].action)} looking further ahead" if gap > 0.05
               else "no other move looks better")
    how = (f"{result.depth} decision(s) ahead" if result.depth else "the only move" if len(result.choices) == 1
           else "the ruleset's advice" if result.level.advice and result.nodes == 0 else "no search")
    text = f"{result.side} ({result.level.name}) plays {game.describe(best.action)}"
    return text + (f": {why}" if why else "") + f" ({how})."
