"""What a ruleset provides to the engine, and the context its rules use to change a game.

A ruleset is a subclass of :class:`Ruleset`: class-level data (its sequence of play, action classes,
terrain, unit types, the scenario options it accepts) and methods bound to one game's board and
scenario options. The engine calls

- ``setup(ctx)`` once, after the scenario's units are placed (deal cards, shuffle decks);
- ``legal_actions(state)`` and ``check(state, action)`` at decision steps (``check`` returns ``None``
  or the :class:`RuleError` that forbids the action, with its clause);
- ``apply(ctx, action)`` to carry out a legal action;
- ``auto(ctx)`` at an automatic step, ``dice(state)`` and ``resolve(ctx, faces)`` at a dice step
  (the engine rolls the pool from the seeded generator and passes the faces);
- ``invariants(state)`` in the random simulation tests.

Everything a rule changes goes through the :class:`Context`: events with their clauses, moves through
the sequence of play (checked against what the sequence declares), dice, the end of the game.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel, ConfigDict

from ..dice import Die, Rng
from .actions import Action, ActionCodec
from .errors import RuleError
from .events import Event
from .sequence import SequenceOfPlay
from .state import Board, GameState, Location, Unit

if TYPE_CHECKING:
    from ..scenario import Scenario


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


class NoOptions(BaseModel):
    """A ruleset that takes no scenario options."""

    model_config = ConfigDict(extra="forbid")


class Ruleset(ABC):
    id: ClassVar[str]
    name: ClassVar[str]
    sequence: ClassVar[SequenceOfPlay]
    actions: ClassVar[tuple[type[Action], ...]]
    terrain: ClassVar[dict[str, Terrain]]
    hexside_features: ClassVar[dict[str, Terrain]] = {}
    features: ClassVar[dict[str, Terrain]] = {}
    """Per-hex things that can change in play (wire, bunkers, flags)."""
    unit_types: ClassVar[dict[str, UnitType]]
    options_model: ClassVar[type[BaseModel]] = NoOptions
    board_kinds: ClassVar[tuple[str, ...]] = ("hex",)
    dice_kinds: ClassVar[tuple[Die, ...]] = ()
    """The ruleset's own dice (custom faces), so views can draw every face of a die."""
    codec: ClassVar[ActionCodec]
    clauses: ClassVar[frozenset[str]] = frozenset()
    """The ids of the ruleset's rule catalog (``catalog.clause_ids``)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "sequence" in cls.__dict__:
            cls.sequence.validate(cls.known_clauses())
            cls.codec = ActionCodec(cls.actions)

    def __init__(self, board: Board, options: BaseModel, scenario: Scenario | None = None) -> None:
        self.board = board
        self.options = options
        self.scenario = scenario

    # ----------------------------------------------------------------------- class-level data
    @classmethod
    def known_clauses(cls) -> set[str]:
        """Every clause id this ruleset may cite: its rule catalog (``clauses``), or, for a ruleset
        without one, the clauses its sequence of play names."""
        return set(cls.clauses) if cls.clauses else cls.sequence.clause_ids()

    # ----------------------------------------------------------------------- scenario hooks
    def validate_scenario(self, scenario: Scenario) -> list[tuple[str, str]]:
        """Rule-specific checks of a scenario: ``(field path, problem)`` pairs."""
        return []

    def setup(self, ctx: Context) -> None:
        """Prepare the starting state after the units are placed (deal hands, shuffle decks)."""
        return None

    # ----------------------------------------------------------------------- decisions
    @abstractmethod
    def legal_actions(self, state: GameState) -> Iterable[Action]:
        """Defined by every concrete ruleset."""

    @abstractmethod
    def check(self, state: GameState, action: Action) -> RuleError | None:
        """Defined by every concrete ruleset."""

    @abstractmethod
    def apply(self, ctx: Context, action: Action) -> None:
        """Defined by every concrete ruleset."""

    def to_act(self, state: GameState) -> str:
        """Who decides at the current decision step."""
        _, step = self.sequence.lookup(state.position)
        return state.other(state.active) if step.decider == "inactive" else state.active

    # ----------------------------------------------------------------------- automatic steps
    def auto(self, ctx: Context) -> None:
        raise RuleError(f"step {ctx.state.position} has no automatic procedure")

    def dice(self, state: GameState) -> list[tuple[Die, int]]:
        """The pool a dice step rolls: ``[(die, how many), ...]``."""
        raise RuleError(f"step {state.position} rolls no dice")

    def dice_groups(self, state: GameState) -> list[str]:
        """Words for each entry of :meth:`dice` ("Attacker", "Return fire"), for the dice tray."""
        return []

    def dice_location(self, state: GameState) -> Location:
        """Where on the map a dice step's roll happens (the punch up's hex, the battle's target), so the
        map can show the faces there; ``None`` for rolls that belong nowhere (a roll-off)."""
        return None

    @classmethod
    def dice_by_name(cls) -> dict[str, Die]:
        from ..dice import D6, D10

        return {d.name: d for d in (D6, D10, *cls.dice_kinds)}

    def resolve(self, ctx: Context, faces: tuple[tuple[Any, ...], ...]) -> None:
        """Apply a dice step's rolled faces (one tuple per entry of :meth:`dice`, in rolled order)."""
        raise RuleError(f"step {ctx.state.position} resolves no dice")

    # ----------------------------------------------------------------------- views
    def describe(self, state: GameState, action: Action) -> str:
        """An action in plain words, for buttons and the log."""
        return repr(action)

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

    def unit_title(self, unit: Unit) -> str:
        t = self.unit_types.get(unit.kind)
        return f"{unit.side} {t.title if t else unit.kind} {unit.id}"

    def where(self, at: Location) -> str:
        return self.board.label(at)

    def clock(self, state: GameState) -> str:
        """The game's time in words ("Turn 3", "Turn 2, hour 4")."""
        return f"Turn {state.turn}"

    def redact(self, data: dict[str, Any], side: str) -> dict[str, Any]:
        """What ``side`` may see of a state (as data): other sides' hands and decks become counts, and
        units marked ``hidden`` in their attrs are invisible to the enemy."""
        data["hands"] = {s: (cards if s == side else len(cards)) for s, cards in data["hands"].items()}
        data["decks"] = {name: len(cards) for name, cards in data["decks"].items()}
        data["units"] = [u for u in data["units"] if u["side"] == side or not u["attrs"].get("hidden")]
        return data

    def invariants(self, state: GameState) -> list[str]:
        """Broken invariants, in words (empty when all hold). Used by the random simulation tests."""
        return []

    def odds(self, state: GameState, actor: str, target: str) -> Any:
        """Exact odds (an :class:`hexlab.odds.OddsReport`) of unit ``actor`` attacking unit ``target``,
        for the odds panel; ``None`` when that attack is not possible."""
        return None

    def map_lines(self) -> list[tuple[Location, Location]]:
        """Straight dashed lines the map draws from centre to centre, past both ends (Memoir '44's
        section lines); none by default."""
        return []

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
        return RuleError(f"{unit.id} has nothing it may do at this step ({step.title.lower()}).",
                         step.clauses[0] if step.clauses else None)


class Context:
    """Passed to a ruleset's procedures: the state being changed, and the ways to change it."""

    def __init__(self, rules: Ruleset, state: GameState) -> None:
        self.rules = rules
        self.board = rules.board
        self.state = state
        self.rng = Rng.from_state(state.rng)
        self.events: list[Event] = []

    # events --------------------------------------------------------------------------------
    def event(self, kind: str, text: str, clauses: Sequence[str] = (), side: str | None = None,
              **data: Any) -> Event:
        ev = Event(kind, text, tuple(clauses), self.state.turn, self.state.position, side, data)
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
        old_phase = self.state.phase_id
        self.state.position = key
        phase, step = seq.lookup(key)
        if phase.id != old_phase:  # cite the step's main clause; its others come with what happens in it
            self.event("PhaseBegan", f"{phase.title} phase begins.", step.clauses[:1], self.state.active,
                       phase=phase.id)

    def advance(self) -> None:
        """Go to the one step the current step leads to."""
        nxt = self.rules.sequence.successors(self.state.position)
        if len(nxt) != 1:
            raise AssertionError(f"{self.state.position!r} leads to several steps; use goto()")
        self.goto(next(iter(nxt)))

    def end(self, winner: str | None, reason: str, clauses: Sequence[str] = ()) -> None:
        self.state.result = {"winner": winner, "reason": reason, "clauses": list(clauses)}
        who = f"{winner} wins" if winner else "The game is drawn"
        self.event("GameOver", f"{who}: {reason}", clauses, winner, winner=winner)

    # chance --------------------------------------------------------------------------------
    def roll(self, die: Die, n: int, why: str, clauses: Sequence[str] = (), side: str | None = None
             ) -> tuple[Any, ...]:
        """Roll ``n`` dice inside an automatic step (and log it)."""
        faces = self.rng.roll_many(die, n)
        shown = " ".join(die.symbol(f) for f in faces)
        self.event("DiceRolled", f"{why}: {shown}", clauses, side, die=die.name, faces=list(faces))
        return faces

    def shuffle(self, cards: list[Any]) -> None:
        self.rng.shuffle(cards)

    def finish(self) -> None:
        self.state.rng = self.rng.state


def units_iter(state: GameState, side: str | None = None) -> Iterator[Unit]:
    for u in state.units.values():
        if u.alive and (side is None or u.side == side):
            yield u
