"""The sequence of play as data.

Each ruleset declares its phases and steps in order (boardgame.io's idea): every step has a title, the
rule clauses it teaches, a short explanation in plain words, what kind of step it is and who decides.
The stepper widget shows this list; the engine checks it when a ruleset is built (every step reachable
from the first, every clause id known) and checks every move of the game's position against it, so a
ruleset cannot wander into a step it never declared.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, TypeAlias

from .errors import RuleError

StepKind = Literal["decision", "auto", "dice"]
"""``decision``: a player chooses an action. ``auto``: bookkeeping the engine does itself.
``dice``: the engine rolls dice from the seeded generator and resolves them."""

Decider = Literal["active", "inactive", "none"] | Callable[[Any, Any], str]
"""Who decides at a decision step: the active side, the other side, nobody (automatic steps), or a
function of the game, ``decider(rules, state) -> side`` (the unit under fire's owner decides its retreat;
the side whose turn it is in a round of alternating decisions: :class:`hexlab.engine.seats.Alternation`)."""


@dataclass(frozen=True, slots=True)
class Refusal:
    """What the refusal of an action at a step that does not accept it says, and the rule it cites.

    ``words`` may name, in braces, facts of the moment (:meth:`hexlab.engine.Ruleset.refusal_fields`):
    ``{title}`` the step's title, ``{step}`` the same in lower case, ``{decider}`` the side that decides now,
    and any fact the ruleset adds (Cadet's ``{engaged}``, the figure that walked into the enemy). ``clause``
    ``None`` cites the step's own first clause."""

    words: str
    clause: str | None = None

    def __post_init__(self) -> None:
        try:  # braces that do not name a fact ("{", "}") fail here, where the refusal is declared
            list(string.Formatter().parse(self.words))
        except ValueError as exc:
            raise ValueError(f"refusal words {self.words!r}: {exc} (write a brace as {{{{ or }}}})") from None

    def error(self, step: Step, fields: Mapping[str, Any] | None = None) -> RuleError:
        """The :class:`RuleError` this refusal gives at ``step``, its words filled in from ``fields``."""
        words = self.words.format_map(fields) if fields is not None else self.words
        return RuleError(words, self.clause if self.clause is not None else (step.clauses[0] if step.clauses else None))


RefusalSpec: TypeAlias = "Refusal | tuple[str, str | None] | str"
"""A refusal as declared: a :class:`Refusal`, ``(words, clause)``, or words alone (the step's clause)."""


def as_refusal(spec: RefusalSpec) -> Refusal:
    """A :class:`Refusal` from its declaration (:data:`RefusalSpec`)."""
    if isinstance(spec, Refusal):
        return spec
    if isinstance(spec, str):
        return Refusal(spec)
    words, clause = spec
    return Refusal(words, clause)


def refusals_by_name(table: Mapping[Any, RefusalSpec]) -> dict[str, Refusal]:
    """Refusals declared by action type: keys are action classes, their names, or tuples of either (types that
    share the words); the result is keyed by type name, as ``Step.accepts`` is."""
    out: dict[str, Refusal] = {}
    for key, spec in table.items():
        for t in key if isinstance(key, tuple) else (key,):
            name = t if isinstance(t, str) else t.__name__
            if name in out:
                raise ValueError(f"two refusals declared for {name}")
            out[name] = as_refusal(spec)
    return out


@dataclass(frozen=True, slots=True)
class Step:
    id: str
    title: str
    clauses: tuple[str, ...]
    explanation: str
    kind: StepKind = "decision"
    decider: Decider = "active"
    next: tuple[str, ...] = ()
    """Ids (``phase.step`` or a bare step id within the same phase) this step may lead to. Empty means
    the following step in the list (or the first step of the next phase, or the first phase again)."""
    accepts: tuple[str, ...] = ()
    """At a decision: the names of the action types this step accepts; the engine refuses any other
    before the ruleset's checks run."""
    refuse: tuple[tuple[str, Refusal], ...] = ()
    """At a decision: what the refusal of an action type it does not accept says here, by type name ("First
    play a command card."). A type it leaves out gets the ruleset's own words for that type
    (``Ruleset.refusals``), else the ruleset's general words (``Ruleset.refusal``)."""

    @property
    def automatic(self) -> bool:
        return self.kind != "decision"

    def refusal(self, action_type: str) -> Refusal | None:
        """This step's own words for refusing an action of type ``action_type`` (a name), if it has any."""
        for name, said in self.refuse:
            if name == action_type:
                return said
        return None


@dataclass(frozen=True, slots=True)
class Phase:
    id: str
    title: str
    steps: tuple[Step, ...]
    explanation: str = ""
    repeat: str = ""
    """How often the phase comes round when it is not once a turn, in words ("every hour")."""


@dataclass(frozen=True)
class SequenceOfPlay:
    phases: tuple[Phase, ...]
    _index: dict[str, tuple[Phase, Step]] = field(init=False, repr=False, compare=False)
    _edges: dict[str, frozenset[str]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        index: dict[str, tuple[Phase, Step]] = {}
        for phase in self.phases:
            if not phase.steps:
                raise ValueError(f"phase {phase.id!r} has no steps")
            for step in phase.steps:
                key = f"{phase.id}.{step.id}"
                if key in index:
                    raise ValueError(f"step {key!r} is declared twice")
                if step.kind == "decision" and step.decider == "none":
                    raise ValueError(f"decision step {key!r} needs a decider")
                if step.kind != "decision" and (step.accepts or step.refuse):
                    raise ValueError(f"automatic step {key!r} accepts no actions (nor refuses any in words)")
                both = sorted({name for name, _ in step.refuse} & set(step.accepts))
                if both:
                    raise ValueError(f"step {key!r} both accepts and refuses {', '.join(both)}")
                index[key] = (phase, step)
        object.__setattr__(self, "_index", index)
        keys = list(index)
        edges: dict[str, frozenset[str]] = {}
        for i, key in enumerate(keys):
            phase, step = index[key]
            if step.next:
                targets = []
                for target in step.next:
                    full = target if "." in target else f"{phase.id}.{target}"
                    if full not in index:
                        raise ValueError(f"step {key!r} leads to unknown step {target!r}")
                    targets.append(full)
                edges[key] = frozenset(targets)
            else:
                edges[key] = frozenset({keys[(i + 1) % len(keys)]})
        object.__setattr__(self, "_edges", edges)

    @property
    def first(self) -> str:
        return next(iter(self._index))

    def keys(self) -> list[str]:
        return list(self._index)

    def lookup(self, key: str) -> tuple[Phase, Step]:
        try:
            return self._index[key]
        except KeyError:
            raise KeyError(f"no step {key!r} in this sequence of play") from None

    def successors(self, key: str) -> frozenset[str]:
        return self._edges[key]

    def may_follow(self, current: str, target: str) -> bool:
        return target in self._edges[current]

    def unreachable(self) -> list[str]:
        seen = {self.first}
        todo = [self.first]
        while todo:
            for nxt in self._edges[todo.pop()]:
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return [k for k in self._index if k not in seen]

    def clause_ids(self) -> set[str]:
        """The clauses the steps teach (not those their refusals cite: :meth:`refusal_clause_ids`)."""
        return {c for _, step in self._index.values() for c in step.clauses}

    def refusal_clause_ids(self) -> set[str]:
        """The clauses the steps' own refusals cite."""
        return {said.clause for _, step in self._index.values() for _, said in step.refuse
                if said.clause is not None}

    def validate(self, known_clauses: Iterable[str] | None = None) -> None:
        """Raise ``ValueError`` if a step is unreachable or cites a clause the ruleset doesn't know."""
        lost = self.unreachable()
        if lost:
            raise ValueError(f"steps never reached from {self.first!r}: {', '.join(lost)}")
        if known_clauses is not None:
            known = set(known_clauses)
            unknown = sorted(self.clause_ids() - known)
            if unknown:
                raise ValueError(f"steps cite unknown rule clauses: {', '.join(unknown)}")
            unknown = sorted(self.refusal_clause_ids() - known)
            if unknown:
                raise ValueError(f"steps' refusals cite unknown rule clauses: {', '.join(unknown)}")


def phase(id: str, title: str, steps: Sequence[Step], explanation: str = "", repeat: str = "") -> Phase:
    return Phase(id, title, tuple(steps), explanation, repeat)


def step(
    id: str,
    title: str,
    clauses: Sequence[str],
    explanation: str,
    kind: StepKind = "decision",
    decider: Decider | None = None,
    next: Sequence[str] = (),
    accepts: Sequence[type | str] = (),
    refuse: Mapping[Any, RefusalSpec] | None = None,
) -> Step:
    """Declare a step. ``accepts`` lists the action types (classes or their names) a decision step takes.

    ``refuse`` gives the words of the refusal of action types it does not take, where this step has words of
    its own for them: ``{Move: ("First play a command card.", "sk.order.play_card")}``; a key may be a tuple
    of types that share the words, a value a :class:`Refusal`, ``(words, clause)`` or words alone (the step's
    own clause). The engine's ``Ruleset.not_now`` says them (with ``{step}``-style facts filled in)."""
    if decider is None:
        decider = "active" if kind == "decision" else "none"
    names = tuple(a if isinstance(a, str) else a.__name__ for a in accepts)
    refused = tuple(refusals_by_name(refuse or {}).items())
    return Step(id, title, tuple(clauses), explanation, kind, decider, tuple(next), names, refused)
