"""Actions: small frozen dataclasses, one class per kind of decision a ruleset offers.

An action names what it does with plain fields (unit ids, hexes, card names). Conventions let the map
widget work with any ruleset without knowing its rules: a field ``unit`` names the unit that acts
(``actor``); a field ``to`` (a hex or area) or ``target`` (an enemy unit's id) says where it acts,
which ``Ruleset.action_location`` turns into a place on the map; ``verb`` says what kind of thing it
is (``move``, ``battle``, ``card``, ``pass``...), which the map uses to colour its highlights. A
``pass`` gives something up (the rest of a step, an activation, a turn): the table never makes it the
primary button and says what it gives up (``Ruleset.forfeit``).

Actions are stored in saves as ``{"type": ClassName, field: value...}``; decoding is driven by the
dataclass fields' annotations (:mod:`hexlab.engine.codec`, the same codec as each ruleset's typed state),
so nothing in a save is ever executed.

An action built in Python is held to the same annotations before any rule sees it: :func:`check_fields`
(called by ``Game.apply``) refuses ``Move(unit="A2", to=(1, 7))`` (a tuple where a hex belongs) or
``PlayCard(card=None)`` with a :class:`RuleError` naming the field, so a wrongly typed action can never
reach a rule, change the state or be written into a save.
"""

from __future__ import annotations

import dataclasses
import functools
import re
import types
import typing
from collections.abc import Callable
from typing import Any, ClassVar, Literal, Union

from ..guard import control_character, excerpt
from ..hexes import Hex
from .codec import decode_value, encode_value, hints_of
from .errors import RuleError, SaveError


@dataclasses.dataclass(frozen=True, slots=True)
class Action:
    """Base class of every ruleset's actions."""

    verb: ClassVar[str] = "act"
    ends_turn: ClassVar[bool] = False
    """Whether taking this action ends the acting unit's turn with nothing else done (a rest): the map marks
    it and never takes it on a stray click."""

    @property
    def actor(self) -> str | None:
        return getattr(self, "unit", None)


    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": type(self).__name__}
        for f in dataclasses.fields(self):
            out[f.name] = encode_value(getattr(self, f.name))
        return out


A = typing.TypeVar("A", bound=Action)

_MADE: dict[tuple[Any, ...], Any] = {}
_MOST_MADE = 1 << 16


def made(cls: type[A], *fields: Any) -> A:
    """``cls(*fields)``, made the first time and handed out again after: an action is a small frozen value, so one
    is as good as another equal to it, and a listing that offers the same moves position after position (and game
    after game) need not build them anew. For a ruleset's own listings, which pass each field of its declared type
    (the memory is keyed by the values: ``1`` and ``True`` would be one key)."""
    key = (cls, *fields)
    found = _MADE.get(key)
    if found is None:
        if len(_MADE) >= _MOST_MADE:  # a bound on the memory: start afresh
            _MADE.clear()
        found = _MADE[key] = cls(*fields)
    return found  # type: ignore[no-any-return]


def natural(text: str) -> list[Any]:
    """A sort key that puts "2,3" before "10,3" and "W2" before "W10" (places and unit ids in words)."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", text)]


class ActionCodec:
    """Reads and writes one ruleset's actions."""

    def __init__(self, classes: typing.Iterable[type[Action]]) -> None:
        self.classes: dict[str, type[Action]] = {}
        self.hints: dict[str, dict[str, Any]] = {}
        for cls in classes:
            self.classes[cls.__name__] = cls
            self.hints[cls.__name__] = hints_of(cls)

    def decode(self, data: Any, where: str = "action") -> Action:
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            raise SaveError(f"{where}: expected an object with a 'type', got {excerpt(data)}")
        name = data["type"]
        cls = self.classes.get(name)
        if cls is None:
            known = ", ".join(sorted(self.classes))
            raise SaveError(f"{where}: unknown action type {excerpt(name)} (this ruleset has: {known})")
        hints = self.hints[name]
        kwargs = {}
        names = [f.name for f in dataclasses.fields(cls)]
        extra = set(data) - set(names) - {"type"}
        if extra:
            raise SaveError(f"{where}: unknown fields for {name}: {', '.join(sorted(extra))}")
        for field_name in names:
            if field_name not in data:
                raise SaveError(f"{where}.{field_name}: missing")
            kwargs[field_name] = decode_value(data[field_name], hints[field_name], f"{where}.{field_name}")
        return cls(**kwargs)


# ------------------------------------------------------------------------------------------- field types

MAX_TEXT = 200
"""The longest text an action's field may hold (a unit's id, a card's name: a scenario's ids are shorter)."""

Check = Callable[[Any], str | None]
"""Checks one value against an annotation: ``None`` when it fits, else what was expected."""


def check_fields(action: Any) -> None:
    """Refuse an action whose fields are not of their declared types (a plain tuple where a ``Hex`` belongs,
    ``None`` where a card's name belongs, a dict as a hex, ``True`` as a number), with a :class:`RuleError`
    naming the action, the field, what was expected and what was given; nothing else is touched. Anything
    that is not an :class:`Action` is refused too. The checks are worked out once per action class."""
    if not isinstance(action, Action):
        raise RuleError(f"{excerpt(action)} is not an action (actions are the ruleset's action classes).", None)
    for name, check in _checks(type(action)):
        expected = check(getattr(action, name))
        if expected is not None:
            raise RuleError(f"{type(action).__name__}.{name} must be {expected}, not "
                            f"{excerpt(getattr(action, name))}.", None)


@functools.cache
def _checks(cls: type) -> tuple[tuple[str, Check], ...]:
    hints = hints_of(cls)
    return tuple((f.name, _check_for(hints[f.name])) for f in dataclasses.fields(cls))


def _check_for(hint: Any) -> Check:
    """A check for one annotation (those an action's fields use: text, numbers, hexes, literals, optional
    values, tuples and small frozen dataclasses)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any:
        return lambda v: None
    if hint is str:
        return lambda v: None if type(v) is str and len(v) <= MAX_TEXT and not control_character(v) else \
            f"text of at most {MAX_TEXT} characters, with no control characters"
    if hint is bool:
        return lambda v: None if type(v) is bool else "true or false"
    if hint is int:
        return lambda v: None if type(v) is int else "a whole number"
    if hint is float:
        return lambda v: None if type(v) in (int, float) and v == v and v not in (float("inf"), float("-inf")) \
            else "a number"
    if hint is Hex:
        return lambda v: None if type(v) is Hex and type(v[0]) is int and type(v[1]) is int else "a Hex"
    if hint is type(None):
        return lambda v: None if v is None else "None"
    if origin is Literal:
        allowed = args
        return lambda v: None if any(type(v) is type(a) and v == a for a in allowed) else \
            "one of " + ", ".join(map(repr, allowed))
    if origin in (Union, types.UnionType):
        options = [_check_for(a) for a in args]
        words = " or ".join(str(o(object())) for o in options)
        return lambda v: None if any(o(v) is None for o in options) else words
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = _check_for(args[0])
            return lambda v: None if type(v) is tuple and all(item(x) is None for x in v) else \
                f"a tuple of {item(object())}"
        items = [_check_for(a) for a in args]
        return lambda v: None if type(v) is tuple and len(v) == len(items) and all(
            c(x) is None for c, x in zip(items, v, strict=True)) else f"a tuple of {len(items)}"
    if origin in (list, dict, set, frozenset):
        return lambda v: None if type(v) is origin else f"a {origin.__name__}"
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        fields = _checks(hint)
        return lambda v: None if type(v) is hint and all(c(getattr(v, n)) is None for n, c in fields) else \
            f"a {hint.__name__}"
    if isinstance(hint, type):
        return lambda v: None if isinstance(v, hint) else f"a {hint.__name__}"
    return lambda v: None  # an annotation no action uses (the codec refuses to save what it cannot read)
