"""The event log: everything the engine does, in plain words, with the rule clauses that caused it.

Notebook narration, the stepper's log, the dice tray and the after-action report are all views of this
log. Every event has a typed payload, one small frozen dataclass per kind (``PhaseBegan``,
``DiceRolled``, ``UnitMoved``, ``GameOver``...): a ruleset emits ``ctx.emit(UnitMoved(unit, frm, to),
text, clauses)`` and a view reads ``event.payload.to``. ``event.kind`` is the payload's class name and
``event.data`` its fields as JSON-ready data (fields left at their default are not written), which is
what a log file or a save holds.

The engine's own kinds are here; each ruleset declares its own in its ``events`` module. Payload classes
register themselves by name, so a log read back from JSON gets its typed payloads again.
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .state import Location, decode, encode

PAYLOADS: dict[str, dict[str, type[Payload]]] = {}
"""Payload classes by the package that declares them (``hexlab.engine`` for the engine's own kinds,
``hexlab.rulesets.cactus`` for Cactus'...), then by kind: two rulesets may each have a ``UnitMoved``."""


def payload_kinds(package: str) -> dict[str, type[Payload]]:
    """The kinds a ruleset's log may hold: the engine's and its package's own."""
    return {**PAYLOADS.get("hexlab.engine", {}), **PAYLOADS.get(package, {})}


@dataclass(frozen=True)
class Payload:
    """Base class of event payloads. Subclasses are frozen dataclasses of JSON-ready fields (text,
    numbers, hexes, lists); a field with a default is left out of ``data`` while it has that value."""

    kind: ClassVar[str] = "Event"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.kind = cls.__dict__.get("kind", cls.__name__)  # a class may name its kind (``kind = "Attack"``)
        package = cls.__module__.rsplit(".", 1)[0]
        PAYLOADS.setdefault(package, {})[cls.kind] = cls  # ``slots=True`` remakes the class: the last one wins

    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name, has_default, default in _field_defaults(type(self)):
            value = getattr(self, name)
            if has_default and value == default:
                continue
            out[name] = list(value) if isinstance(value, tuple) and not hasattr(value, "_fields") else value
        return out

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Payload:
        names = {f.name for f in dataclasses.fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in names})


@functools.cache
def _field_defaults(cls: type) -> tuple[tuple[str, bool, Any], ...]:
    """``(name, has a default, the default)`` for each field of a payload class (every event is written
    through this, so it is worked out once per class)."""
    out = []
    for f in dataclasses.fields(cls):
        if f.default is not dataclasses.MISSING:
            out.append((f.name, True, f.default))
        elif f.default_factory is not dataclasses.MISSING:
            out.append((f.name, True, f.default_factory()))
        else:
            out.append((f.name, False, None))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Note(Payload):
    """An event of a kind no payload class declares (for events read from old logs): its data as it is."""

    values: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True, init=False)
class Event:
    """One entry of the log: a payload with the words, clauses and moment that go with it.

    ``to`` is its audience: ``None`` for everyone, or the one side that sees it in full (a hidden unit's
    move, the cards a player draws); every other side sees only ``public``, a summary in words ("Japan
    moves a hidden unit."), or nothing at all when there is none (:meth:`for_side`)."""

    kind: str
    text: str
    clauses: tuple[str, ...]
    turn: int
    position: str
    side: str | None
    data: dict[str, Any] = field(compare=True, hash=False)
    payload: Payload = field(compare=False, hash=False, repr=False)
    to: str | None = None
    public: str | None = None

    def __init__(self, payload: Payload, text: str, clauses: tuple[str, ...], turn: int, position: str,
                 side: str | None = None, kind: str | None = None, to: str | None = None,
                 public: str | None = None) -> None:
        set_ = object.__setattr__
        set_(self, "payload", payload)
        set_(self, "kind", kind or payload.kind)
        set_(self, "text", text)
        set_(self, "clauses", tuple(clauses))
        set_(self, "turn", turn)
        set_(self, "position", position)
        set_(self, "side", side)
        set_(self, "data", payload.values if isinstance(payload, Note) else payload.to_data())
        set_(self, "to", to)
        set_(self, "public", public)

    def for_side(self, side: str | None) -> Event | None:
        """The event as ``side`` may read it: itself when it is for everyone or for that side (or for the
        teacher, ``side=None``); otherwise its public summary, as an event of kind ``Private`` with no
        data; ``None`` when others see nothing of it."""
        if self.to is None or side is None or side == self.to:
            return self
        if self.public is None:
            return None
        return Event(Note({}), self.public, self.clauses, self.turn, self.position, self.side, "Private")

    def __str__(self) -> str:
        cite = f"  [{', '.join(self.clauses)}]" if self.clauses else ""
        return f"{self.text}{cite}"

    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "text": self.text, "clauses": list(self.clauses),
                               "turn": self.turn, "position": self.position}
        if self.side is not None:
            out["side"] = self.side
        if self.data:
            out["data"] = encode(self.data)
        if self.to is not None:
            out["to"] = self.to
        if self.public is not None:
            out["public"] = self.public
        return out

    @classmethod
    def from_data(cls, data: dict[str, Any], kinds: dict[str, type[Payload]] | None = None) -> Event:
        """An event read back from a log; ``kinds`` are the payload classes of its ruleset
        (``rules.event_kinds()``), the engine's own by default."""
        kind = data["kind"]
        values = decode(data.get("data", {}))
        payload_cls = (kinds if kinds is not None else payload_kinds("hexlab.engine")).get(kind)
        try:
            payload: Payload = payload_cls.from_data(values) if payload_cls else Note(values)
        except TypeError:  # two rulesets share a kind's name with different fields: keep the data as it is
            payload = Note(values)
        return cls(payload, data["text"], tuple(data["clauses"]), int(data["turn"]), data["position"],
                   data.get("side"), kind, data.get("to"), data.get("public"))


# ------------------------------------------------------------------------------- the engine's own kinds


@dataclass(frozen=True, slots=True)
class PhaseBegan(Payload):
    """The sequence of play entered a new phase."""

    phase: str


@dataclass(frozen=True, slots=True)
class DiceRolled(Payload):
    """A dice step rolled its pool: one list of faces per group, in rolled order."""

    dice: list[str]
    faces: list[list[Any]]
    groups: list[str] = field(default_factory=list)
    """Words for each group ("Attacker", "Return fire"), when the roll has several."""
    at: Location = None
    """Where on the map the roll happens (a battle's target), if anywhere."""
    by: list[str] = field(default_factory=list)
    """The side that rolls each group, when the roll names them (``Roll.by``)."""


@dataclass(frozen=True, slots=True)
class Remark(Payload):
    """Words about the move just made, for readers only (a computer player's reason for it: see
    :meth:`hexlab.engine.Game.annotate`). It is no part of the game: no state, no history, no replay."""

    by: str = ""


@dataclass(frozen=True, slots=True)
class GameOver(Payload):
    """The game ended: the winner (``None`` for a draw); the reason is the event's text."""

    winner: str | None
