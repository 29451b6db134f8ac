"""``Game``: one game of a ruleset, with its history, undo and redo, log, saves and replays.

The model is python-chess's and OpenSpiel's: ``legal_actions()`` (a lazy view that supports ``in``),
``is_legal``, ``explain`` (why not, with the rule clause), ``apply``; chance is explicit as in
OpenSpiel and boardgame.io: at a dice step ``chance_outcomes()`` gives every outcome with its exact
probability and ``step()`` rolls from the seeded generator kept in the state. The engine writes the
history (OpenSpiel's habit): a ruleset only changes the state and returns typed events. A game is
exactly its scenario, seed and actions, which is what :mod:`hexlab.saves` writes and replays.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Protocol

from .. import words
from ..dice import roll_multisets_mixed
from .actions import Action, check_fields, natural
from .errors import RuleError
from .events import DiceRolled, Event, Remark
from .ruleset import Context, Ruleset
from .seats import PUBLIC
from .sequence import Phase, Step
from .state import Aboard, GameState

STEP = "step"
"""The history entry of an automatic or dice step (decisions are stored as their actions)."""

Entry = Action | str


class Player(Protocol):
    """Anything that chooses a decision for its side: a person's widget, a random or computer player."""

    def choose(self, game: Game) -> Action: ...

    # A player may also have a ``remark`` attribute, its reason for the move it chose last, in words:
    # :meth:`Game.run` puts it into the log after the move (:meth:`Game.annotate`).


@dataclass(slots=True)
class _Frame:
    entry: Entry
    before: GameState | None
    """The state before the entry, for undo; ``None`` in batch mode (:meth:`Game.batch_mode`)."""
    log_length: int


_STEP_FRAME = _Frame(STEP, None, 0)
"""The history entry of an automatic step in batch mode, where a frame holds nothing but its entry: one for all
(frames are never changed), so a long batch game keeps no object per step."""


class LegalActions:
    """A lazy view of the legal actions at this moment: iterate it, or ask ``action in view``."""

    def __init__(self, game: Game) -> None:
        self._game = game

    def __iter__(self) -> Iterator[Action]:
        game = self._game
        if game.is_over or game.current_step.automatic:
            return iter(())
        if game._batch:  # remember the listing: apply() need not check again what it offered (batch_mode)
            offered = game.rules.legal_action_list(game.state)
            game._offered = (game._version, offered)
            return iter(offered)
        return iter(game.rules.legal_actions(game.state))

    def __contains__(self, action: object) -> bool:
        return isinstance(action, Action) and self._game.is_legal(action)

    def __bool__(self) -> bool:
        return next(iter(self), None) is not None

    def count(self) -> int:
        """How many actions are legal (enumerates them; deliberately not ``len()``, which ``list()``
        would call first and so enumerate twice)."""
        return sum(1 for _ in self)

    def __repr__(self) -> str:
        return f"<{self.count()} legal actions at {self._game.state.position}>"


class Game:
    """A game in progress. Build one with ``hexlab.load(scenario_id_or_path, seed)``."""

    def __init__(self, rules: Ruleset, state: GameState, *, seed: int, scenario: Any = None,
                 setup_events: list[Event] | None = None, batch: bool = False,
                 _initial: tuple[GameState, int] | None = None) -> None:
        self.rules = rules
        self.board = rules.board
        self.scenario = scenario
        """The scenario the game was built from (its id, source text, title, notes), or ``None``."""
        self.seed = seed
        self.state = state
        self.log: list[Event] = list(setup_events or [])
        self._initial = _initial or (state.copy(), len(self.log))
        """The state at the start of the history (restart goes back to it) and the log's length then."""
        self._history: list[_Frame] = []
        self._future: list[Entry] = []
        self._listeners: list[Callable[[Game, list[Event]], None]] = []
        self._held: list[Event] | None = None
        self._batch = False
        self._version = 0
        """Counts the changes made (each action or step): a listing of legal actions is good while it stands."""
        self._offered: tuple[int, list[Action]] | None = None
        """In batch mode, the last listing of the legal actions and the version it was made at."""
        if batch:
            self.batch_mode()

    # ------------------------------------------------------------------------------------ where
    @property
    def ruleset(self) -> str:
        return self.rules.id

    @property
    def current_phase(self) -> Phase:
        return self.rules.sequence.lookup(self.state.position)[0]

    @property
    def current_step(self) -> Step:
        return self.rules.sequence.lookup(self.state.position)[1]

    @property
    def is_over(self) -> bool:
        return self.state.result is not None

    @property
    def result(self) -> dict[str, Any] | None:
        return self.state.result

    @property
    def to_act(self) -> str | None:
        """The side that must decide now, or ``None`` (game over, or an automatic step is next)."""
        if self.is_over or self.current_step.automatic:
            return None
        return self.rules.to_act(self.state)

    @property
    def actions(self) -> list[Action]:
        """The decisions taken so far, in order (with the scenario and seed, they are the game)."""
        return [f.entry for f in self._history if isinstance(f.entry, Action)]

    @property
    def history(self) -> list[Entry]:
        return [f.entry for f in self._history]

    @property
    def can_undo(self) -> bool:
        return bool(self._history) and not self._batch

    # ------------------------------------------------------------------------------------ batch mode
    @property
    def batched(self) -> bool:
        """Whether the game plays in batch mode (:meth:`batch_mode`)."""
        return self._batch

    def batch_mode(self, on: bool = True) -> Game:
        """Play fast, for simulations: keep only what a simulation reads. In batch mode the game

        - keeps no undo snapshots: each action or step changes the state in place instead of a copy
          (``undo`` refuses; ``history``, ``actions``, ``result`` and the state are kept as ever);
        - keeps no log and tells no listener (the events a ruleset emits are dropped, and the engine
          does not write the words of its own dice rolls);
        - checks a decision once: an action taken from the listing of :meth:`legal_actions` at the
          same position is not checked again by :meth:`apply` (any other action still is).

        The dice, the rules and so the final state and result are exactly those of interactive play for
        the same seed and decisions (``tests/test_batch.py``). One difference: an action that fails half
        way (a ruleset's bug, never a refusal, which comes before any change) leaves the state half
        changed, as there is no snapshot to fall back on. ``batch_mode(False)`` goes back to interactive
        play from where the game stands (undo reaches back to there, and no further). Returns the game."""
        if on and not self._batch:
            self._history = [_Frame(f.entry, None, 0) for f in self._history]
            self._future.clear()
        elif not on and self._batch:
            self._initial = (self.state.copy(), len(self.log))
            self._history.clear()
            self._offered = None
        self._batch = on
        return self

    @property
    def can_redo(self) -> bool:
        return bool(self._future)

    # ------------------------------------------------------------------------------------ decisions
    def legal_actions(self) -> LegalActions:
        return LegalActions(self)

    def explain(self, action: Action) -> RuleError | None:
        """``None`` if ``action`` is legal now, else the :class:`RuleError` saying why not (and which
        rule clause forbids it)."""
        if self.is_over:
            return RuleError("The game is over.", None)
        step = self.current_step
        if step.automatic:
            return RuleError(f"Nobody decides now: the next step, {step.title!r}, is automatic "
                             "(use step()).", step.clauses[0] if step.clauses else None)
        if type(action) not in self.rules.actions:
            return RuleError(f"{type(action).__name__} is not an action of {self.rules.name}.", None)
        try:
            check_fields(action)  # a field of the wrong type (a tuple for a hex) is never legal
        except RuleError as err:
            return err
        return self.rules.check(self.state, action)

    def is_legal(self, action: Action) -> bool:
        return self.explain(action) is None

    def apply(self, action: Action) -> list[Event]:
        """Carry out a decision. Raises :class:`RuleError` (state untouched) if the rules forbid it."""
        offered = self._offered  # batch mode: (the version listed at, the listing)
        if self._batch and offered is not None and offered[0] == self._version:
            listed = offered[1]
            if id(action) in map(id, listed):  # the very object the rules listed here: made by them, and legal
                self._perform_batch(action)
                if self._future:
                    self._consume_future(action)
                return []
            check_fields(action)  # an equal one made elsewhere: its fields first (a tuple is no Hex, yet equal)
            if action not in listed:
                error = self.explain(action)
                if error is not None:
                    raise error
        else:
            check_fields(action)  # every field of its declared type before any rule sees it (a RuleError naming it)
            error = self.explain(action)
            if error is not None:
                raise error
        events = self._perform(action)
        self._consume_future(action)
        return events

    def describe(self, action: Action | None = None, *, viewer: str | None = None) -> str:
        """An action in plain words (for buttons and the log); with no action, the whole position in
        words: the time, the step and who decides, the score, and every unit by place, so a screen
        reader and a printed page get what the map shows. ``viewer`` (a side or ``PUBLIC``) leaves out
        what that seat may not see."""
        if action is not None:
            return self.rules.describe(self.state, action)
        rules = self.rules
        state = self.state if viewer is None else self.view(viewer)
        lines = [f"{rules.name}, {rules.clock(state)}."]
        if self.is_over:
            result = state.result or {}
            who = words.wins(result["winner"], start=True) if result.get("winner") else "The game is drawn"
            lines.append(f"The game is over: {who} ({result.get('reason', '')}).")
        else:
            step, phase = self.current_step, self.current_phase
            who = f"{self.to_act} decides" if self.to_act else "the engine does this step"
            where = step.title if step.title.lower() == phase.title.lower() else f"{phase.title}, {step.title.lower()}"
            lines.append(f"Now: {where} ({who}).")
        if any(state.score.values()):
            lines.append("Score: " + ", ".join(f"{side} {state.score.get(side, 0)}" for side in state.sides) + ".")
        for side in state.sides:
            units = sorted(state.units_of(side), key=lambda u: natural(f"{rules.where(u.at)} {u.id}"))
            lines.append(f"{side}: {len(units)} unit{'s' if len(units) != 1 else ''} on the map.")
            for u in units:
                measure = rules.unit_types[u.kind].measure if u.kind in rules.unit_types else "steps"
                strength = rules.strength_text(u) or f"{u.strength} of {u.max_strength} {measure}"
                place = rules.where(u.at)
                where = place if isinstance(u.at, Aboard) else f"at {place}"  # "aboard T1", "at 4,5"
                lines.append(f"  {rules.unit_title(u)} {where}: {strength}.")
        return "\n".join(lines)

    # ------------------------------------------------------------------------------------ automatic
    def chance_count(self) -> int:
        """How many outcomes :meth:`chance_outcomes` would list (0 at a step that rolls nothing), without
        listing them: ask before listing a big roll (twenty dice in five groups has millions)."""
        if self.is_over or self.current_step.kind != "dice":
            return 0
        from ..dice import outcome_count

        return outcome_count(list(self.rules.roll(self.state).pool))

    def chance_outcomes(self) -> list[tuple[tuple[tuple[Any, ...], ...], Fraction]]:
        """At a dice step: every outcome (the faces of each die group, as sorted multisets) with its
        exact probability. Empty at any other step. See :meth:`chance_count` first for a big roll."""
        if self.is_over or self.current_step.kind != "dice":
            return []
        dist = roll_multisets_mixed(list(self.rules.roll(self.state).pool))
        return list(dist.items())

    def step(self) -> list[Event]:
        """Perform the next automatic step (bookkeeping or a dice roll)."""
        if self.is_over:
            raise RuleError("The game is over.", None)
        step = self.current_step
        if not step.automatic:
            raise RuleError(f"{step.title!r} is a decision for {self.to_act}: choose an action.",
                            step.clauses[0] if step.clauses else None)
        if self._batch and not self._future:
            return self._perform_batch(STEP)
        events = self._perform(STEP)
        self._consume_future(STEP)
        return events

    def play_to_decision(self, max_steps: int = 10_000) -> list[Event]:
        """Perform automatic steps until a decision is due or the game ends."""
        events: list[Event] = []
        with self.batch():
            for _ in range(max_steps):
                if self.is_over or not self.current_step.automatic:
                    return events
                events.extend(self.step())
        raise RuntimeError(f"{self.rules.id}: {max_steps} automatic steps without a decision (a stall)")

    def is_bookkeeping(self) -> bool:
        """Whether the next step is bookkeeping: automatic, and no dice are rolled (a draw, the next hour,
        finding contested boxes). Nobody decides it and nothing in it is a surprise, so a table may run it
        by itself (:meth:`settle`)."""
        return not self.is_over and self.current_step.kind == "auto"

    def settle(self, max_steps: int = 10_000) -> list[Event]:
        """Perform the bookkeeping due now (:meth:`is_bookkeeping`), stopping at a decision, a dice roll
        or the end of the game. Each step is in the history and the log as if stepped one at a time."""
        events: list[Event] = []
        with self.batch():
            for _ in range(max_steps):
                if not self.is_bookkeeping():
                    return events
                events.extend(self.step())
        raise RuntimeError(f"{self.rules.id}: {max_steps} bookkeeping steps in a row (a stall)")

    def run(self, players: Mapping[str, Player], max_steps: int | None = None) -> Iterator[Event]:
        """Play on: automatic steps, and each decision asked of the player of the side to act (see
        :func:`hexlab.players.players_for`), yielding each event as it happens, until the game ends, a
        side with no player (a person at the table) must decide, or ``max_steps`` actions and steps have
        been taken. The one play loop of the CLI, the table, the tests and the simulations."""
        steps = 0
        rules = self.rules
        lookup = rules.sequence.lookup
        while self.state.result is None and (max_steps is None or steps < max_steps):
            if lookup(self.state.position)[1].kind != "decision":  # an automatic step
                events = self.step()
            else:
                side = rules.to_act(self.state)
                if side not in players:
                    return
                player = players[side]
                events = self.apply(player.choose(self))
                remark = getattr(player, "remark", "")
                if remark:  # a player that says why it chose (the computer opponent): one line in the log
                    events = events + self.annotate(remark, side)
            steps += 1
            yield from events

    def annotate(self, text: str, side: str | None = None) -> list[Event]:
        """Add words about the last entry to the log (a computer player's reason for its move), as a ``Remark``
        event for every reader. It changes neither the state nor the history, so a replay of the same actions
        gives the same game (without the remark); undo takes it back with the entry. In batch mode, which keeps
        no log, it does nothing."""
        if self._batch or not self._history:
            return []
        event = Event(Remark(side or ""), text, (), self.state.turn, self.state.position, side)
        self.log.append(event)
        self._notify([event])
        return [event]

    # ------------------------------------------------------------------------------------ undo
    def undo(self, *, bookkeeping: bool = False) -> bool:
        """Take back the last action or step (dice included: the generator is rewound too).
        ``bookkeeping=True`` first takes back the bookkeeping steps done since (what :meth:`settle` ran),
        then the decision or roll before them: the undo of a table that runs bookkeeping by itself."""
        if self._batch:
            raise RuleError("This game plays in batch mode, which keeps no undo (batch_mode(False) first).", None)
        if not self._history:
            return False
        while True:
            frame = self._history.pop()
            self.state = frame.before
            del self.log[frame.log_length:]
            self._future.append(frame.entry)
            if not (bookkeeping and self._history and self.is_bookkeeping()):
                break
        self._notify([])
        return True

    def redo(self) -> bool:
        """Perform again what the last undo took back; a dice step rolls the same faces."""
        if not self._future:
            return False
        entry = self._future.pop()
        self._perform(entry)
        return True

    def restart(self) -> None:
        """Back to the start of the game; everything undone can still be redone."""
        while self._history:
            frame = self._history.pop()
            self._future.append(frame.entry)
        self._version += 1
        self.state = self._initial[0].copy()
        del self.log[self._initial[1]:]
        self._notify([])

    def copy(self) -> Game:
        """A game of its own where this one stands: the same scenario, seed, history (undo and redo work
        on it, dice rewound as here) and log, but nothing that listens to this one. A map or a table shown
        on the copy plays the copy, and this game stays as it is (a notebook's walkthrough goes on playing
        it). Works for a drill whose dice were forced, which a save could not replay.

        A copy of a game in batch mode plays in batch mode too, and costs one copy of the state (and of the
        list of entries): what a search that plays ahead on copies needs."""
        # states kept for undo, and the one to restart from, are never changed in place: share them
        other = Game(self.rules, self.state.copy(), seed=self.seed, scenario=self.scenario, _initial=self._initial)
        other._batch = self._batch
        other.log = list(self.log)
        other._history = list(self._history)
        other._future = list(self._future)
        return other

    # ------------------------------------------------------------------------------------ views
    def view(self, side: str | None) -> GameState:
        """The state as ``side`` sees it (a side, ``PUBLIC`` or ``None`` for the teacher's view): a typed
        copy, with no dice generator in it (:meth:`Ruleset.view`)."""
        return self.rules.view(self.state, side)

    def observation(self, side: str) -> dict[str, Any]:
        """What ``side`` may see, as data: its view encoded, without the generator (nothing in it predicts
        a roll, a shuffle or a draw) and with other sides' hands and face-down piles as counts."""
        data = self.view(side).to_data()
        del data["rng"]
        return data

    def decides(self, seat: str | None) -> bool:
        """Whether the player at ``seat`` may decide now: it is that side's decision, or ``seat`` is the
        teacher's view (``None``), which acts for every side."""
        return seat is None or self.to_act == seat

    def has_secrets(self) -> bool:
        """Whether any side now sees something another does not (a hand, a hidden unit, a card under a
        chip): only then must a hot-seat table hide anything when the decision passes."""
        public = self.observation(PUBLIC)
        return any(self.observation(side) != public for side in self.state.sides)

    def log_for(self, side: str | None) -> list[Event]:
        """The log as ``side`` reads it: events for everyone and its own in full, the others' private
        events as their public summaries (or not at all). ``None``: the teacher's whole log."""
        return [e for e in (event.for_side(side) for event in self.log) if e is not None]

    def on_change(self, callback: Callable[[Game, list[Event]], None], *, first: bool = False) -> Callable[[], None]:
        """Call ``callback(game, new_events)`` after every change; returns a function that stops it. ``first``: before
        the listeners already there (a save that must be on disk before any view shows the change)."""
        if first:
            self._listeners.insert(0, callback)
        else:
            self._listeners.append(callback)
        return lambda: self._listeners.remove(callback) if callback in self._listeners else None

    def _repr_svg_(self) -> str:
        """The map as a picture, in any notebook viewer."""
        from ..render import scene, to_svg

        return to_svg(scene(self))

    def save_svg(self, path: str, **kwargs: Any) -> str:
        """Write the map as a printable SVG handout."""
        from ..render import save_svg

        return save_svg(self, path, **kwargs)

    def __repr__(self) -> str:
        where = "over" if self.is_over else f"{self.current_phase.title} / {self.current_step.title}"
        return f"<Game {self.rules.id} {self.rules.clock(self.state)}: {where}>"

    # ------------------------------------------------------------------------------------ inside
    def _perform(self, entry: Entry) -> list[Event]:
        if self._batch:
            return self._perform_batch(entry)
        before = self.state
        state = before.copy()
        ctx = Context(self.rules, state)
        if entry == STEP:
            step = self.current_step
            if step.kind == "dice":
                roll = self.rules.roll(state)
                faces = tuple(ctx.rng.roll_many(die, n) for die, n in roll.pool)
                shown = "; ".join(" ".join(die.symbol(f) for f in fs)
                                  for (die, _), fs in zip(roll.pool, faces, strict=True))
                ctx.emit(DiceRolled([die.name for die, _ in roll.pool], [list(fs) for fs in faces],
                                    list(roll.groups), roll.at, list(roll.by)),
                         f"{step.title}: {shown}", step.clauses, roll.roller(state.active), to=roll.to,
                         public=roll.public)
                self.rules.resolve(ctx, faces)
            else:
                self.rules.auto(ctx)
        else:
            assert isinstance(entry, Action)
            self.rules.apply(ctx, entry)
        ctx.is_over()  # the engine asks the ruleset's end condition after every change
        ctx.finish()
        self._history.append(_Frame(entry, before, len(self.log)))
        self.log.extend(ctx.events)
        self.state = state
        self._version += 1
        self._notify(ctx.events)
        return ctx.events

    def _perform_batch(self, entry: Entry) -> list[Event]:
        """:meth:`_perform` in batch mode: the same calls into the ruleset, in the same order, so the same
        dice and the same state; on the state in place, with no snapshot, log or listeners."""
        state = self.state
        rules = self.rules
        ctx = Context(rules, state, quiet=True)
        if isinstance(entry, str):  # STEP: an automatic or dice step
            if rules.sequence.lookup(state.position)[1].kind == "dice":
                rng = ctx.rng
                faces = tuple(rng.roll_many(die, n) for die, n in rules.roll(state).pool)
                rules.resolve(ctx, faces)
            else:
                rules.auto(ctx)
        else:
            rules.apply(ctx, entry)
        if state.result is None:
            ctx.is_over()
        ctx.finish()
        self._history.append(_STEP_FRAME if isinstance(entry, str) else _Frame(entry, None, 0))
        self._version += 1
        return []

    def _consume_future(self, entry: Entry) -> None:
        if self._future and self._future[-1] == entry:
            self._future.pop()
        else:
            self._future.clear()

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Tell listeners once, at the end, about everything done inside (a long run of steps redraws the
        map once, not once a step)."""
        if self._held is not None:
            yield
            return
        self._held = []
        try:
            yield
        finally:
            events, self._held = self._held, None
            self._notify(events)

    def _notify(self, events: list[Event]) -> None:
        if self._held is not None:
            self._held.extend(events)
            return
        for callback in list(self._listeners):
            callback(self, events)

    def report(self, viewer: str | None = None) -> str:
        """The after-action report as a standalone HTML page (:func:`hexlab.classroom.report`): the scenario, the
        result, the turns in words, the maps, losses and score over time, and "was it luck?"."""
        from ..classroom import report

        return report(self, viewer)
