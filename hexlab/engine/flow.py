"""How a ruleset's rules attach to its sequence of play (boardgame.io's flow, OpenSpiel's small hooks).

Each :class:`~hexlab.engine.sequence.Step` declares what it is (a decision, bookkeeping, a roll) and, for
a decision, the action types it accepts. A ruleset then registers, per step, the functions that carry it
out, in one module per phase of its own turn::

    handlers = Handlers()                      # the ruleset's registry (its ``handlers.py``)

    @handlers.candidates("move.move")          # what to offer at a decision step (may over-offer:
    def offer_moves(rules, state): ...         #   each candidate is filtered by its check)

    @handlers.check(MoveUnit)                  # None, or the RuleError that forbids it (with its clause)
    def check_move(rules: MyRules, state: GameState, action: MoveUnit) -> RuleError | None: ...

    handlers.unchecked(EndMoves)               # m44.move.optional: always allowed where the step takes it

    @handlers.effect(MoveUnit)                 # carry out a legal action through the Context
    def move(rules, ctx, action): ...

    @handlers.auto("turn.draw")                # the work of an automatic step
    def draw(rules, ctx): ...

    @handlers.roll("battle.roll")              # the dice a dice step rolls: a Roll
    def battle_dice(rules, state): ...

    @handlers.resolve("battle.roll")           # what the rolled faces do
    def battle_result(rules, ctx, faces): ...

Every function takes the ruleset object first (its board and scenario options), then the state (to read)
or the context (to change it); type them (``rules: Skirmish, state: GameState, action: Move``): the aliases
below (:data:`CheckFn`, :data:`EffectFn`...) name their shapes. ``check`` and ``effect`` may be registered for an
action type at one step (``at="battle.choose"``) when the same type means different things at different
steps; otherwise they serve every step that accepts the type. An action type that is always allowed where a
step takes it (end moves, pass) is declared once with ``handlers.unchecked(Type)``, not with a check that
returns ``None``.

The engine then dispatches: it refuses an action its current step does not accept (in the words the step
or the ruleset declares for it: ``step(..., refuse={...})``, ``Ruleset.refusals``; see ``Ruleset.not_now``),
builds ``legal_actions()`` from the candidates filtered by their checks, runs the automatic work and the
dice, and after every change asks the ruleset's ``end_if`` whether the game is over. :meth:`Handlers.verify`
checks at import that every step has what it needs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeAlias

if TYPE_CHECKING:
    from ..dice import Die
    from .actions import Action
    from .errors import RuleError
    from .ruleset import Context
    from .sequence import SequenceOfPlay
    from .state import GameState, Location


@dataclass(frozen=True, slots=True)
class Roll:
    """What a dice step rolls: the pool, words for each group, and where on the map it happens."""

    pool: tuple[tuple[Die, int], ...]
    """``((die, how many), ...)``: one entry per group of dice, rolled in this order."""
    groups: tuple[str, ...] = ()
    """Words for each group ("Attacker", "Defender"), shown by the dice tray; empty for one group."""
    at: Location = None
    """Where the roll happens (the battle's target, the punch up's hex), so the map can show the faces
    there; ``None`` for rolls that belong nowhere (a roll-off)."""
    by: tuple[str, ...] = ()
    """The side that rolls each group (one entry per group), so the log names the roller: the defender's
    dice in a battle both sides roll, the ambushing side's. Empty: the active side rolls everything."""
    to: str | None = None
    """A roll only one side may see (a hidden unit's fire, a reconnaissance roll): its ``DiceRolled`` event
    is that side's, and the others read only ``public`` (:meth:`hexlab.engine.Event.for_side`)."""
    public: str | None = None
    """What the other sides read of a private roll ("Japan rolls for a hidden unit."), or nothing."""

    @classmethod
    def of(cls, pool: Iterable[tuple[Die, int]], groups: Iterable[str] = (), at: Location = None,
           by: str | Iterable[str] = (), to: str | None = None, public: str | None = None) -> Roll:
        """``by`` is one side for every group, or one side per group; ``to`` makes the roll private to a
        side, the others reading ``public``."""
        pool = tuple(pool)
        rollers = (by,) * len(pool) if isinstance(by, str) else tuple(by)
        if rollers and len(rollers) != len(pool):
            raise ValueError(f"Roll.by names {len(rollers)} sides for {len(pool)} groups of dice")
        return cls(pool, tuple(groups), at, rollers, to, public)

    def roller(self, active: str) -> str | None:
        """The one side that makes this roll (the log's side for it): the active side unless ``by`` says
        otherwise; ``None`` when the groups are rolled by different sides."""
        sides = set(self.by) or {active}
        return next(iter(sides)) if len(sides) == 1 else None


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended (python-chess's ``Outcome``): the winner (``None`` for a draw), the reason in
    words, and the clauses of the condition that ended it."""

    winner: str | None
    reason: str
    clauses: tuple[str, ...] = ()


Fn = Callable[..., Any]

Faces: TypeAlias = "tuple[tuple[Any, ...], ...]"
"""The rolled faces a dice step resolves: one tuple of faces per group of its :class:`Roll`, in rolled order."""
CandidatesFn: TypeAlias = "Callable[[Any, GameState], Iterable[Action]]"
"""``candidates(rules, state) -> Iterable[Action]`` (the first argument is the ruleset object, typed as its class
in a ruleset's own modules)."""
CheckFn: TypeAlias = "Callable[[Any, GameState, Any], RuleError | None]"
"""``check(rules, state, action) -> RuleError | None``."""
EffectFn: TypeAlias = "Callable[[Any, Context, Any], None]"
"""``effect(rules, ctx, action) -> None``."""
AutoFn: TypeAlias = "Callable[[Any, Context], None]"
"""``auto(rules, ctx) -> None``."""
RollFn: TypeAlias = "Callable[[Any, GameState], Roll]"
"""``roll(rules, state) -> Roll``."""
ResolveFn: TypeAlias = "Callable[[Any, Context, Faces], None]"
"""``resolve(rules, ctx, faces) -> None``."""


def no_check(rules: Any, state: GameState, action: Any) -> None:
    """The check of an action type declared :meth:`Handlers.unchecked`: always allowed where a step takes it."""
    return None


class _FreeTypes:
    """The action classes a step's listing yields without a check (:meth:`Handlers.free_at`), asked by class: ``cls in
    free`` compares the class's name with the step's names once, and remembers the answer."""

    __slots__ = ("names", "_known")

    def __init__(self, names: frozenset[str]) -> None:
        self.names = names
        self._known: dict[type, bool] = {}

    def __contains__(self, cls: object) -> bool:
        known = self._known.get(cls)  # type: ignore[call-overload]
        if known is None:
            known = self._known[cls] = isinstance(cls, type) and cls.__name__ in self.names  # type: ignore[index]
        return known


class Handlers:
    """One ruleset's step handlers, filled by decorators in its phase modules."""

    def __init__(self) -> None:
        self.candidates_at: dict[str, Fn] = {}
        self.checked_at: dict[str, frozenset[str]] = {}
        """The action types each step's candidates function offers only when legal (``candidates(checked=...)``)."""
        self.checks: dict[tuple[str | None, str], Fn] = {}
        self.effects: dict[tuple[str | None, str], Fn] = {}
        self.autos: dict[str, Fn] = {}
        self.rolls: dict[str, Fn] = {}
        self.resolves: dict[str, Fn] = {}
        self._free: dict[tuple[int, str], _FreeTypes] = {}

    # ------------------------------------------------------------------------------ registration
    @staticmethod
    def _put(table: dict[Any, Fn], keys: Iterable[Any], fn: Fn) -> Fn:
        for key in keys:
            if key in table:
                raise ValueError(f"{key!r} has two handlers: {table[key].__qualname__} and {fn.__qualname__}")
            table[key] = fn
        return fn

    def candidates(self, *steps: str, checked: Iterable[type] = ()) -> Callable[[Fn], Fn]:
        """``fn(rules, state) -> Iterable[Action]``: what to offer at these decision steps.

        ``checked``: action types the function offers only when their check would accept them (it has worked the
        answer out itself, for many candidates at once): the listing then yields them without calling the check.
        The check is still what :meth:`~hexlab.engine.Game.explain` and ``apply`` ask, so the two must agree
        exactly; a ruleset that says so proves it with a test that the listing equals the candidates the full
        check accepts."""
        names = frozenset(t.__name__ for t in checked)

        def put(fn: Fn) -> Fn:
            self._put(self.candidates_at, steps, fn)
            for step in steps:
                if names:
                    self.checked_at[step] = names
            return fn

        return put

    def check(self, *types: type, at: str | None = None) -> Callable[[Fn], Fn]:
        """``fn(rules, state, action) -> RuleError | None`` for these action types."""
        return lambda fn: self._put(self.checks, [(at, t.__name__) for t in types], fn)

    def unchecked(self, *types: type, at: str | None = None) -> None:
        """Declare that these action types need no check (at step ``at``, or at every step that takes them): an
        action the step accepts is then always legal there ("end moves", "pass"). Said once, in place of a
        check that returns ``None``; :meth:`verify` counts it as the type's check."""
        self._put(self.checks, [(at, t.__name__) for t in types], no_check)

    def free_at(self, sequence: SequenceOfPlay, position: str) -> _FreeTypes:
        """The action types (classes) the listing at decision step ``position`` yields without a check: those the step
        accepts that its offer gives only when legal (``candidates(checked=...)``) or that are declared
        :meth:`unchecked` there. Worked out once per step."""
        key = (id(sequence), position)  # (a sequence of play lives as long as its ruleset class)
        found = self._free.get(key)
        if found is None:
            step = sequence.lookup(position)[1]
            names = frozenset(name for name in step.accepts if name in self.checked_at.get(position, ())
                              or self.is_unchecked(position, name))
            found = self._free[key] = _FreeTypes(names)
        return found

    def is_unchecked(self, position: str, action_type: str) -> bool:
        """Whether ``action_type`` (a name) was declared :meth:`unchecked` at ``position``."""
        return self.check_for(position, action_type) is no_check

    def effect(self, *types: type, at: str | None = None) -> Callable[[Fn], Fn]:
        """``fn(rules, ctx, action) -> None``: carry out a legal action of these types."""
        return lambda fn: self._put(self.effects, [(at, t.__name__) for t in types], fn)

    def auto(self, *steps: str) -> Callable[[Fn], Fn]:
        """``fn(rules, ctx) -> None``: the work of these automatic steps."""
        return lambda fn: self._put(self.autos, steps, fn)

    def roll(self, *steps: str) -> Callable[[Fn], Fn]:
        """``fn(rules, state) -> Roll``: the dice these dice steps roll."""
        return lambda fn: self._put(self.rolls, steps, fn)

    def resolve(self, *steps: str) -> Callable[[Fn], Fn]:
        """``fn(rules, ctx, faces) -> None``: what the rolled faces do (one tuple of faces per group)."""
        return lambda fn: self._put(self.resolves, steps, fn)

    # ------------------------------------------------------------------------------ lookup
    def check_for(self, position: str, action_type: str) -> Fn | None:
        return self.checks.get((position, action_type)) or self.checks.get((None, action_type))

    def effect_for(self, position: str, action_type: str) -> Fn | None:
        return self.effects.get((position, action_type)) or self.effects.get((None, action_type))

    def verify(self, sequence: SequenceOfPlay, ruleset: str) -> None:
        """Raise ``ValueError`` unless every step has its handlers: candidates, and a check and an effect
        for each type it accepts, at a decision; automatic work at an automatic step; a roll and a
        resolution at a dice step; and no handler for a step the sequence doesn't declare."""
        problems: list[str] = []
        keys = set(sequence.keys())
        for key in sequence.keys():
            _, step = sequence.lookup(key)
            if step.kind == "decision":
                if key not in self.candidates_at:
                    problems.append(f"{key}: no candidates")
                if not step.accepts:
                    problems.append(f"{key}: accepts no action types")
                for name in step.accepts:
                    if self.check_for(key, name) is None:
                        problems.append(f"{key}: no check for {name}")
                    if self.effect_for(key, name) is None:
                        problems.append(f"{key}: no effect for {name}")
            elif step.kind == "auto" and key not in self.autos:
                problems.append(f"{key}: no automatic work")
            elif step.kind == "dice" and (key not in self.rolls or key not in self.resolves):
                problems.append(f"{key}: needs a roll and a resolve")
        for table in (self.candidates_at, self.autos, self.rolls, self.resolves):
            problems += [f"{k}: handler for a step the sequence doesn't declare" for k in table if k not in keys]
        for table in (self.checks, self.effects):
            problems += [f"{at}: handler for a step the sequence doesn't declare" for at, _ in table
                         if at is not None and at not in keys]
        if problems:
            raise ValueError(f"{ruleset}: " + "; ".join(problems))


class PassOver:
    """Passing over the steps of a long fixed turn that have nothing to do (War at Sea, Operation Cartwheel).

    A ruleset keeps one, built from its turn's step keys in order and the steps entered only from another step
    (never by passing over: a roll made for a declared mission). A round step registers what a side may do there,
    its legal actions the pass left out (``@steps.works("ops.mission")``); a dice step whether it has anything to
    roll (``@steps.needs("regroup.repair")``). :meth:`next_step` then finds the next step with work after a given
    one, and :meth:`pass_idle` moves a round past the sides with nothing left to do. Whose round it is, and in
    which order the sides go, stays the ruleset's: it hands :meth:`next_step` a function that opens the round of a
    step (or says that no side has anything to do there)."""

    def __init__(self, turn: Iterable[str], own_entry: Iterable[str] = ()) -> None:
        self.turn = list(turn)
        self.own_entry = frozenset(own_entry)
        self.work: dict[str, Callable[[Any, GameState, str], list[Action]]] = {}
        """Round step -> ``fn(rules, state, side)``: that side's legal actions there, the pass left out."""
        self.needed: dict[str, Callable[[Any, GameState], bool]] = {}
        """Dice step -> ``fn(rules, state)``: whether it has dice to roll."""
        self.any_work: dict[str, Callable[[Any, GameState, str], bool]] = {}
        """Round step -> ``fn(rules, state, side)``: whether that side has anything to do there, found without
        listing it all (optional: the answer must be ``bool(work[key](...))``, sooner)."""

    def works(self, key: str) -> Callable[[Fn], Fn]:
        """Register ``fn(rules, state, side) -> list[Action]``: what a side may do at round step ``key``."""
        def register(fn: Fn) -> Fn:
            self.work[key] = fn
            return fn
        return register

    def works_any(self, key: str) -> Callable[[Fn], Fn]:
        """Register ``fn(rules, state, side) -> bool``: whether a side has anything to do at round step ``key``,
        the same answer as ``bool`` of its :meth:`works` function, only sooner (stopping at the first action)."""
        def register(fn: Fn) -> Fn:
            self.any_work[key] = fn
            return fn
        return register

    def has_work(self, rules: Any, state: GameState, key: str, side: str) -> bool:
        """Whether ``side`` has anything to do at round step ``key`` (a question: the state does not change; what
        the rules remember while it is answered, :meth:`GameState.cached`, is dropped after)."""
        fn = self.any_work.get(key)
        if fn is None:
            return bool(state.standing(self.work[key], rules, state, side))
        return bool(state.standing(fn, rules, state, side))

    def needs(self, key: str) -> Callable[[Fn], Fn]:
        """Register ``fn(rules, state) -> bool``: whether dice step ``key`` has anything to roll."""
        def register(fn: Fn) -> Fn:
            self.needed[key] = fn
            return fn
        return register

    def next_step(self, rules: Any, state: GameState, after: str,
                  open_round: Callable[[str], Any]) -> tuple[str, Any]:
        """The first step after ``after`` with work, and the round opened there (``None`` at a step that is no
        round). ``open_round(key)`` opens the round of a round step, or returns ``None`` (or a round already
        over) when no side has anything to do there, and the step is passed over. Steps in ``own_entry`` and
        dice steps with nothing to roll are passed over; any other step always has work."""
        for key in self.turn[self.turn.index(after) + 1:]:
            if key in self.own_entry:
                continue
            if key in self.work:
                rnd = open_round(key)
                if rnd is None or rnd.over:
                    continue
                return key, rnd
            if key in self.needed and not self.needed[key](rules, state):
                continue
            return key, None
        raise AssertionError(f"nothing follows {after}")  # the turn's last step always has work

    def pass_idle(self, rules: Any, state: GameState, key: str, rnd: Any,
                  on_skip: Callable[[str], None] | None = None) -> bool:
        """Pass over (``skip()``) each side to act in round ``rnd`` at step ``key`` that has nothing left to do
        there, calling ``on_skip(side)`` for each first; return whether the round is then over."""
        while not rnd.over and not self.has_work(rules, state, key, rnd.to_act):
            if on_skip is not None:
                on_skip(rnd.to_act)
            rnd.skip()
        return bool(rnd.over)
