"""What a ruleset provides to the engine (the contract), and the context its rules use to change a game.

A ruleset is a subclass of :class:`Ruleset`: class-level data (its sequence of play, action classes,
event payloads, terrain, unit types, the scenario options it accepts, its typed state) and the step
handlers registered in its phase modules (:mod:`hexlab.engine.flow`). One object is made per game, bound
to the game's board, scenario options, sides and first player. The engine calls

- ``setup(ctx)`` once, after the scenario's units are placed (deal cards, shuffle decks, make the
  ruleset's typed state);
- per step, the handlers: candidates filtered by checks for ``legal_actions``, the check and the effect
  of each action, the automatic work, the :class:`~hexlab.engine.flow.Roll` of a dice step and the
  resolution of its faces (the engine rolls the pool from the seeded generator);
- ``not_now(state, action)`` for an action the current step does not accept: by default the words the
  step declares for its type (``step(..., refuse=...)``), else the class's (:attr:`Ruleset.refusals`,
  :attr:`Ruleset.refusal`), so no ruleset switches on step names;
- ``end_if(state)`` after every change: the :class:`~hexlab.engine.flow.Outcome` once the game is over;
- the view hooks (``describe``, ``clock``, ``strength_text``, ``odds``, ``sight``, ``intent``...) for the
  map, the stepper, the odds panel and the log; ``invariants`` in the random simulation tests.

Everything a rule changes goes through the :class:`Context`: typed events with their clauses, moves
through the sequence of play (checked against what the sequence declares), the end of the game.
``docs/adding_a_ruleset.md`` is the checklist for writing a new one.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar, cast

from pydantic import BaseModel, ConfigDict

from .. import style, words
from ..dice import Die, Rng
from .actions import Action, ActionCodec, natural
from .errors import RuleError
from .events import Event, GameOver, Payload, PhaseBegan, payload_kinds
from .flow import Handlers, Outcome, Roll
from .sequence import Refusal, RefusalSpec, SequenceOfPlay, as_refusal, refusals_by_name
from .state import Aboard, Board, DisplayBox, GameState, Location, Unit


@dataclass(frozen=True, slots=True)
class Terrain:
    """A kind of hex (or hexside) a ruleset knows, with how the map draws it."""

    name: str
    title: str
    style: str = ""
    """A key of :data:`hexlab.style.TERRAIN`; defaults to ``name``."""
    clauses: tuple[str, ...] = ()
    note: str = ""


@dataclass(frozen=True, slots=True)
class UnitType:
    """A kind of unit: its title, the symbol drawn on its counter, what its strength counts."""

    kind: str
    title: str
    symbol: str
    measure: str = "steps"
    """``figures``, ``steps`` or ``STR``: how the counter shows strength."""
    max_strength: int | None = None
    """Full strength; ``None`` when the scenario must give it."""
    stats: dict[str, Any] = field(default_factory=dict, hash=False)


class Options(BaseModel):
    """The base of every ruleset's scenario options (a scenario's ``[rules]`` table): strict, and an
    unknown key is an error that names it."""

    model_config = ConfigDict(extra="forbid", strict=True)


class Objective(Options):
    """A place on the map a scenario makes worth something (a medal, victory points): the base every
    ruleset's objective extends with what its rules add (who scores it, how much, for how long)."""

    hex: str
    """Its hex, in the board's own labels."""
    name: str = "objective"
    """What the place is called in the log ("the church")."""


class NoOptions(Options):
    """A ruleset that takes no scenario options."""


# ----------------------------------------------------------------------- what is drawn beside the map
@dataclass(frozen=True, slots=True)
class Piece:
    """A counter on a panel beside the map: a unit (``unit`` is its id: a click selects it, as on the map) or a
    marker (``unit`` is ``None``: "Initiative", "Base Disrupted"). ``text`` is its name, ``detail`` its printed
    factors ("AF 4 DF 3"), ``marks`` the markers on it ("Regroup"), ``title`` the words a pointer shows."""

    text: str
    unit: str | None = None
    side: str | None = None
    detail: str = ""
    marks: tuple[str, ...] = ()
    title: str = ""


@dataclass(frozen=True, slots=True)
class Area:
    """A named box of a panel (a display's quadrant, a track's space) and the pieces in it. ``tone`` is a look:
    ``""``, ``"disrupted"``, ``"current"`` (the space a track's marker stands on) or ``"muted"``."""

    name: str
    pieces: tuple[Piece, ...] = ()
    tone: str = ""
    note: str = ""


@dataclass(frozen=True, slots=True)
class Panel:
    """One panel beside the map: an off-map display, a track, a table for the reader, a battle board.

    ``kind`` says where the views put it: ``"track"`` with the map (under it), ``"display"`` in the column of
    displays (grouped by ``side``), ``"battle"`` above the displays while it lasts, ``"table"`` folded, for
    reference. ``areas`` are drawn ``columns`` to a row; ``markers`` stand on the panel's title band;
    ``lines`` are short sentences under it and ``flags`` warnings ("over capacity"); ``clauses`` are the rules
    the panel shows."""

    key: str
    title: str
    kind: str = "display"
    side: str | None = None
    areas: tuple[Area, ...] = ()
    markers: tuple[Piece, ...] = ()
    lines: tuple[str, ...] = ()
    flags: tuple[str, ...] = ()
    columns: int = 2
    clauses: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class MapMark:
    """A marker drawn on a place of the map (a "Base Disrupted" marker on an airfield's hex)."""

    at: Location
    text: str
    title: str = ""


@dataclass(frozen=True, slots=True)
class Beside:
    """Everything a ruleset draws beside (and on) the map besides terrain and units: :class:`Panel` s and
    :class:`MapMark` s. Empty for most rulesets."""

    panels: tuple[Panel, ...] = ()
    marks: tuple[MapMark, ...] = ()


_BESIDE: dict[type, Any] = {}


def draws_beside_map(ruleset: type) -> Any:
    """Register a function ``(rules, state, viewer) -> Beside`` as ``ruleset``'s :meth:`Ruleset.beside_map`
    (a decorator). It lives in the ruleset package's ``views.py``, so the rules modules hold no drawing."""

    def register(fn: Any) -> Any:
        _BESIDE[ruleset] = fn
        return fn

    return register


S = TypeVar("S")
"""A ruleset's typed state (its ``state_type``): ``class Skirmish(Ruleset[SkirmishState])``."""


class Ruleset(Generic[S]):
    """The base of every ruleset. Class attributes are its data; methods are bound to one game.

    Generic over its typed state ``S`` (``class Cadet(Ruleset[CadetState])``): :meth:`mine` reads it from a
    state typed, :meth:`hide` takes and returns it. A ruleset written as plain ``Ruleset`` still works (its
    state is then ``Any``)."""

    id: ClassVar[str]
    name: ClassVar[str]
    sequence: ClassVar[SequenceOfPlay]
    """The phases and steps of a turn, in order (:mod:`hexlab.engine.sequence`)."""
    handlers: ClassVar[Handlers | None] = None
    """The step handlers its phase modules registered (:mod:`hexlab.engine.flow`). ``None`` only for a
    ruleset that overrides ``legal_actions``/``check``/``apply``/``auto``/``roll``/``resolve`` itself."""
    actions: ClassVar[tuple[type[Action], ...]]
    """Every action class it offers (saves name them by class name)."""
    state_type: ClassVar[type | None] = None
    """Its typed state (the ``S`` of ``Ruleset[S]``): a dataclass made in ``setup`` and kept in
    ``state.rules_state``, saved by the same codec as the actions. ``None`` for a ruleset with nothing to keep
    beyond the common state."""
    refusals: ClassVar[Mapping[Any, RefusalSpec]] = {}
    """What the refusal of an action type says at any step that does not accept it and has no words of its own
    for it (``step(..., refuse=...)``), by action type (a class, its name, or a tuple of them): a
    :class:`~hexlab.engine.sequence.Refusal` or ``(words, clause)`` ("Units move in the Move phase, before any
    battle."). Read by :meth:`not_now`; stored by type name once the class is made."""
    retired_attrs: ClassVar[frozenset[str]] = frozenset()
    """Keys of ``Unit.attrs`` this ruleset used to keep there and now keeps typed (its typed state, or a table it
    reads from the scenario at ``setup``): a save made before still loads (:func:`hexlab.saves.loads` compares
    the replay with it without them)."""
    refusal: ClassVar[Refusal] = Refusal('Not now: this is the step "{title}" ({decider} decides).')
    """The refusal of an action at a step that does not accept it when neither the step nor :attr:`refusals`
    has words for its type; its clause, left ``None``, is the step's first. May be set as words alone."""
    terrain: ClassVar[dict[str, Terrain]]
    hexside_features: ClassVar[dict[str, Terrain]] = {}
    features: ClassVar[dict[str, Terrain]] = {}
    """Per-hex things that can change in play (wire, bunkers, flags)."""
    unit_types: ClassVar[dict[str, UnitType]]
    options_model: ClassVar[type[BaseModel]] = NoOptions
    """The pydantic model of its scenario's ``[rules]`` table."""
    board_kinds: ClassVar[tuple[str, ...]] = ("hex",)
    dice_kinds: ClassVar[tuple[Die, ...]] = ()
    """The ruleset's own dice (custom faces), so views can draw every face of a die."""
    codec: ClassVar[ActionCodec]
    clauses: ClassVar[frozenset[str]] = frozenset()
    """The ids of the ruleset's rule catalog: read from its catalog in :mod:`hexlab.reference` when the
    class does not set them (a ruleset without a catalog, like the example Skirmish, lists its own)."""
    odds_cli: ClassVar[Any] = None
    """``hexlab odds RULESET ...``: an object with ``arguments(parser)``, ``report(args) -> dict`` and
    ``text(report) -> str`` (its docstring is the command's description); ``None``: no odds queries."""
    los_cli: ClassVar[Any] = None
    """``hexlab los RULESET ...``, the same shape as ``odds_cli``; ``None``: no line-of-sight queries."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "refusals" in cls.__dict__:
            cls.refusals = refusals_by_name(cls.__dict__["refusals"])
        if "refusal" in cls.__dict__:
            cls.refusal = as_refusal(cls.__dict__["refusal"])
        if "sequence" in cls.__dict__:
            if not cls.__dict__.get("clauses"):  # the catalog shipped in hexlab.reference, loaded once
                from .. import reference

                if cls.id in reference.CATALOGS:
                    cls.clauses = frozenset(reference.load(cls.id).clauses)
            cls.sequence.validate(cls.known_clauses())
            cls.codec = ActionCodec(cls.actions)
            cls._check_refusals()
            if cls.handlers is not None:
                cls.handlers.verify(cls.sequence, cls.id)
                known = {a.__name__ for a in cls.actions}
                for key in cls.sequence.keys():
                    unknown = set(cls.sequence.lookup(key)[1].accepts) - known
                    if unknown:
                        raise ValueError(f"{cls.id}: step {key} accepts unknown actions {sorted(unknown)}")

    def __init__(self, board: Board, options: BaseModel, sides: Sequence[str] = (),
                 first: str | None = None) -> None:
        self.board = board
        self.options = options
        self.sides = tuple(sides)
        """The scenario's sides, in its order."""
        self.first = first
        """The side the scenario names to play first, or ``None`` when the ruleset decides."""

    # ----------------------------------------------------------------------- class-level data
    @classmethod
    def _check_refusals(cls) -> None:
        """Refuse refusal words for an action the ruleset does not have or a clause it does not know."""
        known, clauses = {a.__name__ for a in cls.actions}, cls.known_clauses()
        said: list[tuple[str, str, Refusal]] = [("refusals", name, r) for name, r in cls.refusals.items()]
        said += [(key, name, r) for key in cls.sequence.keys() for name, r in cls.sequence.lookup(key)[1].refuse]
        for where, name, r in said:
            if name not in known:
                raise ValueError(f"{cls.id}: {where} refuses unknown action {name}")
            if r.clause is not None and r.clause not in clauses:
                raise ValueError(f"{cls.id}: {where} cites unknown clause {r.clause} refusing {name}")

    @classmethod
    def known_clauses(cls) -> set[str]:
        """Every clause id this ruleset may cite: its rule catalog (``clauses``), or, for a ruleset
        without one, the clauses its sequence of play names."""
        return set(cls.clauses) if cls.clauses else cls.sequence.clause_ids()

    # ----------------------------------------------------------------------- scenario hooks
    def validate_scenario(self, scenario: Any) -> list[tuple[str, str]]:
        """Rule-specific checks of a :class:`hexlab.scenario.Scenario` (its units, features, options):
        ``(field path, problem)`` pairs, empty when it is fine. (The engine never imports the scenario
        module: scenarios are built above the engine.)"""
        return []

    def setup(self, ctx: Context) -> None:
        """Prepare the starting state after the units are placed: make the typed state, deal hands,
        shuffle decks. Events it emits open the game's log."""
        if self.state_type is not None and ctx.state.rules_state is None:
            ctx.state.rules_state = self.state_type()

    # ----------------------------------------------------------------------- decisions
    def legal_actions(self, state: GameState) -> Iterable[Action]:
        """The legal actions at a decision step: the step's candidates, each filtered by its check."""
        handlers = self._handlers()
        key = state.position
        offer = handlers.candidates_at.get(key)
        if offer is None:
            return
        step = self.sequence.lookup(key)[1]
        outer = state.memo is not None
        if not outer:
            state.memo = {}  # the checks share work while the state stands still (GameState.cached)
        checks: dict[type, Any] = {}  # each action type's check at this step, found once a listing
        checked = handlers.checked_at.get(key, ())  # types the offer gives only when legal: no check to call
        try:
            for action in offer(self, state):
                cls = type(action)
                if cls in checks:
                    check = checks[cls]
                else:
                    name = cls.__name__
                    check = checks[cls] = (None if name not in step.accepts else True if name in checked
                                           else handlers.check_for(key, name))
                if check is True or (check is not None and check(self, state, action) is None):
                    yield action
        finally:
            if not outer:
                state.memo = None

    def legal_action_list(self, state: GameState) -> list[Action]:
        """:meth:`legal_actions` all at once, as a list (the same actions in the same order), for batch play: where
        every candidate the step's offer gives is of a type it needs no check for there (a type it offers only when
        legal, ``candidates(checked=...)``, or one declared ``unchecked``), the offer's own list is the answer, and no
        candidate goes through the filter one by one."""
        if type(self).legal_actions is not Ruleset.legal_actions:  # a ruleset that lists its actions itself
            return list(self.legal_actions(state))
        handlers = self._handlers()
        key = state.position
        offer = handlers.candidates_at.get(key)
        if offer is None:
            return []
        outer = state.memo is not None
        if not outer:
            state.memo = {}
        try:
            found = list(offer(self, state))
            free = handlers.free_at(self.sequence, key)
            kinds = set(map(type, found))
            if all(cls in free for cls in kinds):
                return found
            # some need their check: filter as legal_actions does, with each kind's answer found once
            accepts = self.sequence.lookup(key)[1].accepts
            judge: dict[type, Any] = {}  # True: yielded as it is; False: never (not accepted here); else its check
            for cls in kinds:
                name = cls.__name__
                judge[cls] = True if cls in free else (handlers.check_for(key, name) if name in accepts else None) or False
            return [a for a in found
                    if (j := judge[type(a)]) is True or (j is not False and j(self, state, a) is None)]
        finally:
            if not outer:
                state.memo = None

    def check(self, state: GameState, action: Action) -> RuleError | None:
        """``None`` if ``action`` is legal now, else the :class:`RuleError` that forbids it (with its
        clause). The engine has already checked that the game is at a decision step."""
        step = self.sequence.lookup(state.position)[1]
        name = type(action).__name__
        if name not in step.accepts:
            return self.not_now(state, action)
        check = self._handlers().check_for(state.position, name)
        assert check is not None  # verified at import
        return check(self, state, action)

    def not_now(self, state: GameState, action: Action) -> RuleError:
        """The refusal of an action the current step does not accept, in the words declared for it: the step's
        own for its type (``step(..., refuse=...)``), else the ruleset's for its type (:attr:`refusals`), else
        the ruleset's general words (:attr:`refusal`), filled in from :meth:`refusal_fields`. Override it only
        for a refusal that depends on more than the step and the type (and call ``super().not_now``)."""
        step = self.sequence.lookup(state.position)[1]
        name = type(action).__name__
        said = step.refusal(name) or cast(Mapping[str, Refusal], self.refusals).get(name) or self.refusal
        return self.refuse(state, said)

    def refuse(self, state: GameState, said: Refusal) -> RuleError:
        """The :class:`RuleError` of the refusal ``said`` at the current step: its words filled in from
        :meth:`refusal_fields`, its clause or else the step's first."""
        return said.error(self.sequence.lookup(state.position)[1], _Facts(self.refusal_fields(state)))

    def refusal_fields(self, state: GameState) -> dict[str, Any]:
        """The facts refusal words may name in braces: ``title`` (the step's title), ``step`` (the same in lower
        case) and ``decider`` (who decides now). Extend it (``{**super().refusal_fields(state), ...}``) for a
        ruleset's own; a value may be a function of nothing, called only when the words use it."""
        title = self.sequence.lookup(state.position)[1].title
        return {"title": title, "step": title.lower(), "decider": lambda: self.to_act(state)}

    def apply(self, ctx: Context, action: Action) -> None:
        """Carry out a legal action (the engine checked it first)."""
        effect = self._handlers().effect_for(ctx.state.position, type(action).__name__)
        assert effect is not None  # verified at import
        effect(self, ctx, action)

    def to_act(self, state: GameState) -> str:
        """Who decides at the current decision step: as the step declares it (``Step.decider``), the
        active side, the other side, or the side a function of the state names."""
        _, step = self.sequence.lookup(state.position)
        if callable(step.decider):
            return step.decider(self, state)
        return state.other(state.active) if step.decider == "inactive" else state.active

    def mine(self, state: GameState) -> S:
        """The ruleset's own typed state in ``state`` (``state.rules_state``), typed as its ``S``."""
        return state.rules_state  # typed as S by the signature (no cast call: rules ask this on every check)

    # ----------------------------------------------------------------------- automatic steps
    def auto(self, ctx: Context) -> None:
        """The work of the current automatic step."""
        self._handlers().autos[ctx.state.position](self, ctx)

    def roll(self, state: GameState) -> Roll:
        """The dice the current dice step rolls."""
        return self._handlers().rolls[state.position](self, state)

    def resolve(self, ctx: Context, faces: tuple[tuple[Any, ...], ...]) -> None:
        """Apply a dice step's rolled faces (one tuple per group of the :class:`Roll`, in rolled order)."""
        self._handlers().resolves[ctx.state.position](self, ctx, faces)

    @classmethod
    def event_kinds(cls) -> dict[str, type[Payload]]:
        """The payload class of every kind of event this ruleset logs (to read a log back as typed events)."""
        return payload_kinds(cls.__module__.rsplit(".", 1)[0])

    @classmethod
    def dice_by_name(cls) -> dict[str, Die]:
        from ..dice import D6, D10

        return {d.name: d for d in (D6, D10, *cls.dice_kinds)}

    # ----------------------------------------------------------------------- the end
    def end_if(self, state: GameState) -> Outcome | None:
        """The :class:`Outcome` once the game is over, else ``None``. The engine asks after every change
        (boardgame.io's ``endIf``); a procedure that must stop as soon as the game is won asks through
        ``ctx.is_over()``. Must be a function of the state alone."""
        return None

    def _handlers(self) -> Handlers:
        if self.handlers is None:
            raise TypeError(f"{type(self).__name__} registers no step handlers and overrides none of "
                            "legal_actions/check/apply/auto/roll/resolve")
        return self.handlers

    # ----------------------------------------------------------------------- views
    def describe(self, state: GameState, action: Action) -> str:
        """An action in plain words, for buttons and the log."""
        return repr(action)

    unit_turn: ClassVar[str] = "turn"
    """What one unit's share of a turn is called ("activation" in Cadet Commander), for the map's words
    about an action that ends it ("GL rests (ends GL's activation)")."""

    def face_words(self, roll: Any, group: int, face: Any) -> str | None:
        """What ``face`` of the die in ``group`` of a logged roll (a ``DiceRolled``) does, from the side that
        rolled it ("5: Japan must fall back"), for the dice tray; ``None`` leaves the die's own labels."""
        return None

    def action_help(self, state: GameState, action: Action) -> str:
        """More about an action than its button's words (a command card's text), for its tooltip; empty
        when the words say it all."""
        return ""

    def forfeit(self, state: GameState, action: Action) -> str | None:
        """What taking ``action`` gives up, in words ("GL's second action is lost"), for a ``pass`` (ending
        an activation, the moves, the turn); ``None`` for an action that does something. The default
        names the step it ends; a ruleset says more where it knows what is left unused."""
        if action.verb != "pass":
            return None
        _, step = self.sequence.lookup(state.position)
        if action.actor is not None:
            return f"{action.actor} does nothing more at this step ({step.title.lower()})"
        others = [a for a in self.legal_actions(state) if a.verb != "pass" and a != action]
        units = sorted({a.actor for a in others if a.actor is not None}, key=natural)
        if units:
            verbs = sorted({VERB_WORDS.get(a.verb, "act") for a in others if a.actor is not None})
            could = " or ".join(verbs) if len(verbs) <= 2 else "act"
            return f"{_some(units)} could still {could}"
        if others:
            return f"given up: {_some([self.describe(state, a) for a in others])}"
        return f"{step.title.lower()} ends"

    def action_location(self, state: GameState, action: Action) -> Location:
        """Where on the map an action acts: its ``to`` field, or the hex of the unit it targets."""
        to = getattr(action, "to", None)
        if to is not None:
            return to
        target = getattr(action, "target", None)
        if isinstance(target, str) and target in state.units:
            return state.units[target].at
        return None

    def strength_text(self, unit: Unit) -> str | None:
        """What a counter prints for its strength, when the ruleset has its own notation (a "5-4" face:
        dice and steps); ``None`` draws the strength the usual way for its measure."""
        return None

    def side_colours(self, side: str, sides: Sequence[str]) -> tuple[str, str]:
        """(fill, ink) of a side's counters. By default the kit's shared palette (:mod:`hexlab.style`): a
        nation's own colours where the side is named for one (Japan, Axis...), else by the side's order,
        so the same armies look the same in every ruleset. A ruleset whose sides need other colours
        overrides this."""
        return style.side_colours(side, list(sides))

    def badge_text(self, unit: Unit) -> str | None:
        """A short mark for a counter's corner ("SF" for Special Forces), or ``None`` (the default)."""
        return None

    def unit_title(self, unit: Unit) -> str:
        t = self.unit_types.get(unit.kind)
        return f"{unit.side} {t.title if t else unit.kind} {unit.id}"

    def where(self, at: Location) -> str:
        return self.board.label(at)

    def clock(self, state: GameState) -> str:
        """The game's time in words ("Turn 3", "Turn 2, hour 4")."""
        return f"Turn {state.turn}"

    def beside_map(self, state: GameState, viewer: str | None) -> Beside:
        """What the views draw beside the map and on it for this ruleset, as plain data (:class:`Beside`):
        tracks (turn, victory points), off-map displays with the units and markers on them, a battle board
        while a battle is fought, tables for the reader. ``state`` is ``viewer``'s view (``Game.view``): build
        everything from it alone, so nothing hidden from that seat is ever drawn; ``viewer`` is the side (or
        ``PUBLIC``, or ``None`` for the teacher) for facts kept per side. The views build it once for every
        ruleset. By default, what a function registered with :func:`draws_beside_map` returns, else nothing."""
        for cls in type(self).__mro__:
            if cls in _BESIDE:
                return cast(Beside, _BESIDE[cls](self, state, viewer))
        return Beside()

    # ----------------------------------------------------------------------- what a seat sees
    public_piles: ClassVar[frozenset[str]] = frozenset()
    """Deck piles every side sees face up (a discard pile); every other pile is face down to everyone."""

    def is_hidden(self, state: GameState, unit: Unit) -> bool:
        """Whether ``unit`` is hidden from its enemies (a scout not yet seen): they do not see it, and the map
        draws its counter dashed for its own side and the teacher. By default its ``hidden`` fact
        (``unit.attrs["hidden"]``); a ruleset that keeps the fact in its typed state overrides this."""
        return bool(unit.attrs.get("hidden"))

    def sees(self, state: GameState, side: str, unit: Unit) -> bool:
        """Whether ``side`` sees ``unit``: its own always; an enemy's unless the ruleset hides it. By
        default an enemy unit is hidden when :meth:`is_hidden` says so, when it is aboard a carrier the side
        does not see, or when it stands in an off-map display that belongs to another side (Cartwheel's
        airbases: a ruleset shows them through its own rules, reconnaissance)."""
        if unit.side == side:
            return True
        if self.is_hidden(state, unit):
            return False
        if isinstance(unit.at, Aboard):
            carrier = state.units.get(unit.at.carrier)
            return carrier is not None and self.sees(state, side, carrier)
        if isinstance(unit.at, DisplayBox):
            display = self.board.displays.get(unit.at.display)
            return display is None or display.side in (None, side)
        return True

    def hide(self, rules_state: S, state: GameState, side: str) -> S:
        """The ruleset's typed state as ``side`` may see it: change the given copy (it is the view's own)
        so that nothing private to another side is left (a card under a chip, cards drawn to choose from)
        and return it. ``side`` is :data:`~hexlab.engine.seats.PUBLIC` for the view of nobody's seat. By
        default everything in it is public."""
        return rules_state

    def view(self, state: GameState, side: str | None) -> GameState:
        """The state as ``side`` sees it, typed: a copy without the dice generator, with every face-down
        pile and every other side's hand turned :data:`~hexlab.engine.seats.HIDDEN`, the units it does
        not see left out, and the typed state passed through :meth:`hide`. ``side`` is a side, ``PUBLIC``
        (nobody's seat) or ``None`` (the teacher's view: both hands and every unit, but still no deck
        order and no generator). Everything a seat is shown reads this (DESIGN.md: one place)."""
        from .seats import hidden

        v = state.copy()
        v.rng = 0
        v.decks = {name: (list(cards) if name in self.public_piles else hidden(cards))
                   for name, cards in v.decks.items()}
        if side is None:
            return v
        v.hands = {s: (cards if s == side else hidden(cards)) for s, cards in v.hands.items()}
        v.units = {k: u for k, u in v.units.items() if self.sees(state, side, u)}
        v.rules_state = self.hide(v.rules_state, state, side)
        return v

    def suggest(self, state: GameState) -> Action | None:
        """A move the ruleset recommends at a decision (the ``novice`` level takes it without searching; the
        tools' simple ``ComputerPlayer`` takes it, else picks at random), or ``None``. Must return a legal action
        or ``None``."""
        return None

    def invariants(self, state: GameState) -> list[str]:
        """Broken invariants, in words (empty when all hold), checked after every action and step by the
        random simulation tests. The default checks what holds in every ruleset: each unit's strength is
        between 0 and its full strength. Extend it (``super().invariants(state) + [...]``)."""
        return [f"{u.id} has strength {u.strength}, outside 0..{u.max_strength}"
                for u in state.units.values() if not 0 <= u.strength <= u.max_strength]

    def odds(self, state: GameState, actor: str, target: str) -> Any:
        """Exact odds (an :class:`hexlab.odds.OddsReport`) of unit ``actor`` attacking unit ``target``,
        for the odds panel; ``None`` when that attack is not possible."""
        return None

    def map_routes(self) -> list[tuple[str, str, str]]:
        """On an area map, the routes drawn between areas: ``(area, area, kind)`` with kind ``land`` (a
        solid road) or ``sea`` (a dashed lane). By default, each pair of linked areas, by land."""
        return [(a.id, link, "land") for a in self.board.areas.values() for link in a.links if a.id < link]

    def map_lines(self) -> list[tuple[Location, Location]]:
        """Straight dashed lines the map draws from centre to centre, past both ends (Memoir '44's
        section lines); none by default."""
        return []

    def turn_context(self, state: GameState) -> str | None:
        """What a player must know about the turn in play to judge a move or an attack, that the map does not
        show (Memoir '44: the command card played, whose text can change how far a unit goes or how many dice
        it rolls); ``None`` when nothing. Exercises add it to their question, so a student can answer fairly."""
        return None

    @staticmethod
    def own(state: GameState, ids: Iterable[str], side: str) -> list[str]:
        """Of the unit ids ``ids``, those of ``side``'s units, in order (a :meth:`turn_context` tells the acting side
        of its own units only)."""
        return [u for u in ids if u in state.units and state.units[u].side == side]

    def sight(self, state: GameState, frm: Location, to: Location) -> Any:
        """The line of sight between two places, when the ruleset has one (a
        :class:`hexlab.hexes.LosResult`), for the map to draw; ``None`` otherwise."""
        return None

    def intent(self, state: GameState, unit: str, where: Location) -> Action | None:
        """The action a click on ``where`` means with ``unit`` selected, so the map can ask the engine
        why it is not allowed. By convention: an action class with fields ``unit`` and ``target``
        against an enemy unit there, else one with ``unit`` and ``to``."""
        import dataclasses

        enemy = next((u for u in state.units.values() if u.alive and u.at == where and u.id != unit
                      and u.side != state.units[unit].side), None) if unit in state.units else None
        by_fields = {frozenset(f.name for f in dataclasses.fields(cls)): cls for cls in self.actions}
        if enemy is not None and frozenset({"unit", "target"}) in by_fields:
            return by_fields[frozenset({"unit", "target"})](unit=unit, target=enemy.id)
        if where is not None and frozenset({"unit", "to"}) in by_fields:
            return by_fields[frozenset({"unit", "to"})](unit=unit, to=where)
        return None

    def why_not_unit(self, state: GameState, unit: Unit) -> RuleError:
        """Why ``unit`` has no legal action now (it is called only when it has none)."""
        _, step = self.sequence.lookup(state.position)
        if step.automatic:
            return RuleError(f"Nobody decides now: {step.title.lower()} comes next (press Next step).",
                             step.clauses[0] if step.clauses else None)
        side = self.to_act(state)
        if unit.side != side:
            return RuleError(f"{unit.id} belongs to {unit.side}; {side} decides now ({step.title.lower()}).",
                             step.clauses[0] if step.clauses else None)
        if unit.side == side and not any(a.actor is not None for a in self.legal_actions(state)):
            return RuleError(f"First {step.title[:1].lower()}{step.title[1:]}: the choices are the buttons "
                             "beside the map.", step.clauses[0] if step.clauses else None)
        return RuleError(f"{unit.id} has nothing it may do at this step ({step.title.lower()}).",
                         step.clauses[0] if step.clauses else None)


VERB_WORDS = {"move": "move", "battle": "battle", "order": "be ordered", "card": "play a card", "act": "act"}
"""An action's verb as the words "could still ..." ends with, for :meth:`Ruleset.forfeit`."""


def _some(names: Sequence[str], most: int = 4) -> str:
    """"A, B and C"; past ``most`` names, "A, B, C, D and 3 more"."""
    if len(names) > most:
        return ", ".join(names[:most]) + f" and {len(names) - most} more"
    return " and ".join([", ".join(names[:-1]), names[-1]]) if len(names) > 1 else "".join(names)


class _Facts(dict[str, Any]):
    """Refusal facts: a value that is a function of nothing is computed when the words name it."""

    def __getitem__(self, key: str) -> Any:
        value = super().__getitem__(key)
        return value() if callable(value) else value


class Context:
    """Passed to a ruleset's procedures: the state being changed, and the ways to change it."""

    def __init__(self, rules: Ruleset[Any], state: GameState, *, quiet: bool = False) -> None:
        self.rules = rules
        self.board = rules.board
        self.state = state
        self.events: list[Event] = []
        self.quiet = quiet
        """Keep no events: :meth:`emit` drops them (batch play and a search's look-ahead, which read none)."""

    def __getattr__(self, name: str) -> Any:
        """``rng``, the seeded generator resumed from the state, made the first time a rule asks for it: most
        actions and steps roll nothing, and need not pay for one (see :meth:`finish`)."""
        if name == "rng":
            rng = self.rng = Rng.from_state(self.state.rng)
            return rng
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    # events --------------------------------------------------------------------------------
    def emit(self, payload: Payload, text: str, clauses: Sequence[str] = (), side: str | None = None, *,
             to: str | None = None, public: str | None = None) -> Event | None:
        """Log an event: its typed payload, the words the log shows, the clauses that caused it, the side it
        concerns. ``to`` makes it private to that side, the others reading only ``public`` (words that give
        nothing away: "Japan moves a hidden unit.") or nothing (:meth:`Event.for_side`). A quiet context
        (``quiet=True``) keeps nothing and returns ``None``."""
        if self.quiet:
            return None
        ev = Event(payload, text, tuple(clauses), self.state.turn, self.state.position, side, to=to, public=public)
        self.events.append(ev)
        return ev

    # the sequence of play ------------------------------------------------------------------
    def goto(self, target: str) -> None:
        """Move to another step of the sequence of play; it must be one the current step leads to."""
        seq = self.rules.sequence
        here = self.state.position
        key = target if "." in target else f"{self.state.phase_id}.{target}"
        if key == here:
            return
        if not seq.may_follow(here, key):
            raise AssertionError(f"{self.rules.id}: step {here!r} does not lead to {key!r}")
        if self.quiet:  # no PhaseBegan to write: just go there
            self.state.position = key
            return
        old_phase = self.state.phase_id
        self.state.position = key
        phase, step = seq.lookup(key)
        if phase.id != old_phase and not self.quiet:  # cite the step's main clause; its others come with it
            self.emit(PhaseBegan(phase.id), f"{phase.title} phase begins.", step.clauses[:1], self.state.active)

    def advance(self) -> None:
        """Go to the one step the current step leads to."""
        nxt = self.rules.sequence.successors(self.state.position)
        if len(nxt) != 1:
            raise AssertionError(f"{self.state.position!r} leads to several steps; use goto()")
        self.goto(next(iter(nxt)))

    # the end -------------------------------------------------------------------------------
    def end(self, winner: str | None, reason: str, clauses: Sequence[str] = ()) -> None:
        """End the game now (the engine does this when ``end_if`` answers; a ruleset rarely needs to)."""
        self.state.result = {"winner": winner, "reason": reason, "clauses": list(clauses)}
        who = words.wins(winner, start=True) if winner else "The game is drawn"
        self.emit(GameOver(winner), f"{who}: {reason}", clauses, winner)

    def is_over(self) -> bool:
        """Ask the ruleset's end condition now (and end the game if it is met): for a procedure that
        must stop as soon as the game is won. The engine asks it anyway after every change."""
        if self.state.result is None:
            outcome = self.rules.end_if(self.state)
            if outcome is not None:
                self.end(outcome.winner, outcome.reason, outcome.clauses)
        return self.state.result is not None

    # chance --------------------------------------------------------------------------------
    def shuffle(self, cards: list[Any]) -> None:
        """Shuffle a pile with the game's seeded generator."""
        self.rng.shuffle(cards)

    def finish(self) -> None:
        """Write the generator's state back into the game state (if anything was drawn from it)."""
        rng = self.__dict__.get("rng")
        if rng is not None:
            self.state.rng = rng.state
