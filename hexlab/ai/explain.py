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
from collections.abc import Callable
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

    def html(self, cite: Callable[[str], str] | None = None) -> str:
        """The explanation as a small HTML fragment (a list, the chosen move first and in bold). ``cite``, if given,
        turns each escaped line's bracketed rule codes into the caller's HTML for them (the table marks the rules
        that are ours); it sees the lines' text only, never the fragment's tags."""
        def line_html(line: str) -> str:
            text = _html.escape(line)
            return cite(text) if cite else text

        items = [f"<li><b>{line_html(self.lines[0])}</b></li>"] if self.lines else []
        items += [f"<li>{line_html(line)}</li>" for line in self.lines[1:]]
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


RESULT = "result"
"""The search's term for a game that ends one decision ahead (:data:`~.search.WIN` for a win, ``-WIN`` for a loss,
weighted by its chance): it has no words of its own, and the words speak of winning at once instead."""

WINS_DECIDE = 100.0
"""A value or a gap this large comes from won and lost games in the search (:data:`~.search.WIN` is 10,000 points,
an evaluation a few dozen): the words then speak of the chances of winning, not of points."""


def term_words(ruleset_id: str, better: dict[str, float], worse: dict[str, float], most: int = 2) -> str:
    """The terms of the evaluation on which ``better`` is ahead of ``worse``, the biggest leads first, in the
    ruleset's words ("medals +8.8 [m44.victory.medals.target] and figures left +0.7 [...]"); only leads: a term where
    ``worse`` is ahead is never said to make ``better`` better. The end of the game (:data:`RESULT`) is left out."""
    return _terms(ruleset_id, {k: better.get(k, 0.0) - worse.get(k, 0.0) for k in set(better) | set(worse)}, most,
                  leads_only=True)


def _terms(ruleset_id: str, values: dict[str, float], most: int, leads_only: bool = False) -> str:
    terms = getattr(rulesets.hooks_for(ruleset_id), "TERMS", {})
    ranked = sorted(((v, k) for k, v in values.items()
                     if k != RESULT and (v >= 0.05 or (not leads_only and v <= -0.05))),
                    key=lambda vk: (-(vk[0] if leads_only else abs(vk[0])), vk[1]))
    out = []
    for d, k in ranked[:most]:
        name, clause = terms.get(k, (k, ""))
        cite = f" [{clause}]" if clause else ""
        out.append(f"{name} {'+' if d > 0 else ''}{d:.1f}{cite}")
    return out[0] if len(out) == 1 else ", ".join(out[:-1]) + " and " + out[-1] if out else ""


def _win_chance(c: Choice) -> float:
    """The chance the move wins the game at once (its dice's exact odds, or 1 for a move that simply wins)."""
    if c.chance is not None and c.chance.win:
        return float(c.chance.win)
    return 1.0 if c.wins >= 1 or c.terms.get(RESULT, 0.0) >= 0.99 * WIN else 0.0


def _count_of(c: Choice) -> float:
    """The move's value one decision ahead by the evaluation (before any noise)."""
    return sum(c.terms.values())


def _searched(result: Result) -> bool:
    return result.depth > 0


def _line(game: Game, result: Result, c: Choice, best: Choice | None) -> str:
    rid = game.rules.id
    name = game.describe(c.action)
    if not _searched(result):  # the only move, the ruleset's advice, or no budget: nothing was valued
        return f"{name}: {_unsearched_words(result, 0 if best is None else 1)}"
    # one decision ahead the value is the count itself (a noisy level's bit of chance is not shown as value)
    bits = [f"{name}: value {'a win' if c.wins >= 1 else _value(_count_of(c) if result.depth == 1 else c.value)}"]
    odds = chance_words(c.chance)
    if odds:
        bits.append(odds)
    if best is not None:
        bits.append(_against(game, result, best, c))
    else:
        top = _terms(rid, c.terms, most=3)
        if top:
            bits.append(f"after it, by the computer's count: {top}")
    return "; ".join(bits)


def _unsearched(result: Result) -> str:
    """Why nothing was searched (``result.depth == 0``): "only" (one legal move), "advice" (the level took the
    ruleset's advice), or "budget" (the safety stop on wall time fired before every move was valued one decision
    ahead: the node budget never stops that first depth). Every word below is keyed on this."""
    if len(result.choices) == 1:
        return "only"
    return "advice" if result.level.advice and result.nodes == 0 else "budget"


UNSEARCHED = {  # (the chosen move's line, an alternative's, the hint's heading, the log's)
    "only": ("the only legal move", "not compared", "the only choice", "the only move"),
    "advice": ("the ruleset's own advice, which the {level} takes without searching",
               "not compared (the ruleset's own advice chose)", "the ruleset's own advice", "the ruleset's advice"),
    "budget": ("the first legal move: the search was stopped on time before it had valued every move",
               "not compared (the search was stopped on time)", "no search within its time: the first legal move",
               "no search"),
}


def _unsearched_words(result: Result, which: int) -> str:
    return UNSEARCHED[_unsearched(result)][which].format(level=result.level.name)


def _against(game: Game, result: Result, best: Choice, other: Choice) -> str:
    """Why the chosen move was preferred to ``other``, true to how the search chose: the better chance to win at
    once; the terms it leads on one decision ahead and the one ``other`` leads on (a trade); and, where ``other``
    looked as good one decision ahead, what looking further ahead found (or, for a level with noise searching one
    decision ahead, that its bit of chance chose between close moves)."""
    rid = game.rules.id
    other_name = game.describe(other.action)
    if _win_chance(best) > _win_chance(other):
        return "the chosen move has the better chance to win at once"
    ahead = term_words(rid, best.terms, other.terms)
    behind = term_words(rid, other.terms, best.terms, most=1)
    decided, _ = _decided(result, best, other)
    parts = [f"the chosen move is better on {ahead}"] if ahead else []
    if behind:
        parts.append(f"{other_name} is better on {behind}" + (f", but {decided}" if decided else ""))
    elif decided:
        parts.append(decided)
    return "; ".join(parts) or "as good as the chosen move by the computer's count"


def _decided(result: Result, best: Choice, other: Choice, chosen: str = "the chosen move") -> tuple[str, bool]:
    """What put the chosen move first where one decision ahead ``other`` looks at least as good, and whether it was
    the deeper search (else, one decision ahead with noise, the level's bit of chance). Empty where the count alone
    decides."""
    gap = best.value - other.value
    if _count_of(best) > _count_of(other) + 0.05:
        return "", False
    if result.depth >= 2 and gap >= 0.05:
        return (f"looking further ahead {chosen} is more likely to win or less likely to lose" if gap >= WINS_DECIDE
                else f"looking further ahead {chosen} is worth {gap:+.1f} more"), True
    if result.level.noise > 0 and _count_of(best) < _count_of(other) - 0.05:
        return f"the {result.level.name} picks among close moves with a little chance", False
    return "", False


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _value(v: float) -> str:
    if v >= 0.99 * WIN:
        return "a win"
    if v <= -0.99 * WIN:
        return "a loss"
    if abs(v) >= WINS_DECIDE:  # won and lost games weigh in: say them as the chances they are
        return (f"about {_pct(v / WIN)} more chance of winning than of losing" if v > 0
                else f"about {_pct(-v / WIN)} more chance of losing than of winning")
    return f"{v:+.1f}"


def explain(game: Game, side: str | None = None, budget: Level | str = "veteran", seed: int = 0) -> Explanation:
    """What the computer would play now for ``side`` (by default the side to act), the two or three best
    alternatives, and why, from its seat (it reads only ``game.view(side)``; the game is not changed)."""
    result = search(game, side, budget, seed)
    return from_result(game, result)


def from_result(game: Game, result: Result) -> Explanation:
    best = result.choices[0]
    others = result.choices[1:4]
    lines = [_line(game, result, best, None)] + [_line(game, result, c, best) for c in others]
    seer = f"{_words.side(result.side)} {_words.agree(result.side, 'sees', 'see')}"
    depth = (f"searched {_count(result.depth, 'decision')} ahead in {_count(result.worlds, 'world')} dealt from "
             f"what {seer}" if result.depth else _unsearched_words(result, 2))
    head = f"Best for {_words.side(result.side)}: {game.describe(best.action)} ({depth})."
    alt = ["Alternatives:"] + [f"- {line}" for line in lines[1:]] if others else []
    words = "\n".join([head, f"Why: {lines[0]}", *alt])
    return Explanation(best.action, [c.action for c in others], words, lines, result)


def reason(game: Game, result: Result) -> str:
    """One line for the log when the computer plays: the move and its main reason (the odds of its dice, or how it
    beats the runner-up, in the same terms as :func:`explain`)."""
    best = result.choices[0]
    rid = game.rules.id
    why = chance_words(best.chance) if _searched(result) else ""
    if not why and _searched(result) and len(result.choices) > 1:
        runner_up = result.choices[1]
        other = game.describe(runner_up.action)
        ahead = term_words(rid, best.terms, runner_up.terms, most=1)
        decided, deeper = _decided(result, best, runner_up, "this move")
        if _win_chance(best) > _win_chance(runner_up):
            why = f"a better chance to win at once than {other}"
        elif deeper:
            why = f"{other} looks at least as good one decision ahead, but {decided}"
        elif decided:
            why = f"close to {other}: {decided}"
        elif ahead:
            why = f"better than {other} on {ahead}"
        else:
            why = f"as good as {other} by the computer's count"
    how = f"{_count(result.depth, 'decision')} ahead" if result.depth else _unsearched_words(result, 3)
    text = f"{result.side} ({result.level.name}) plays {game.describe(best.action)}"
    return text + (f": {why}" if why else "") + f" ({how})."
