"""Actions: small frozen dataclasses, one class per kind of decision a ruleset offers.

An action names what it does with plain fields (unit ids, hexes, card names). Conventions let the map
widget work with any ruleset without knowing its rules: a field ``unit`` names the unit that acts
(``actor``); a field ``to`` (a hex or area) or ``target`` (an enemy unit's id) says where it acts,
which ``Ruleset.action_location`` turns into a place on the map; ``verb`` says what kind of thing it
is (``move``, ``battle``, ``card``, ``pass``...), which the map uses to colour its highlights.

Actions are stored in saves as ``{"type": ClassName, field: value...}``; decoding is driven by the
dataclass fields' annotations, so nothing in a save is ever executed.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any, ClassVar, Union

from ..hexes import Hex
from .errors import SaveError


@dataclasses.dataclass(frozen=True, slots=True)
class Action:
    """Base class of every ruleset's actions."""

    verb: ClassVar[str] = "act"

    @property
    def actor(self) -> str | None:
        return getattr(self, "unit", None)


    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": type(self).__name__}
        for f in dataclasses.fields(self):
            out[f.name] = _encode(getattr(self, f.name))
        return out


def _encode(value: Any) -> Any:
    if isinstance(value, Hex):
        return [value.q, value.r]
    if isinstance(value, tuple | list):
        return [_encode(v) for v in value]
    return value


def _decode(value: Any, hint: Any, where: str) -> Any:
    origin = typing.get_origin(hint)
    if hint is Any:
        return value
    if origin in (Union, types.UnionType):
        options = typing.get_args(hint)
        if value is None and type(None) in options:
            return None
        errors = []
        for option in options:
            if option is type(None):
                continue
            try:
                return _decode(value, option, where)
            except SaveError as exc:
                errors.append(str(exc))
        raise SaveError(errors[0] if errors else f"{where}: unexpected value {value!r}")
    if hint is Hex:
        if (isinstance(value, list) and len(value) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
            return Hex(value[0], value[1])
        raise SaveError(f"{where}: expected a hex as [q, r], got {value!r}")
    if origin is tuple:
        args = typing.get_args(hint)
        if not isinstance(value, list):
            raise SaveError(f"{where}: expected a list, got {value!r}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(v, args[0], f"{where}[{i}]") for i, v in enumerate(value))
        if len(args) != len(value):
            raise SaveError(f"{where}: expected {len(args)} items, got {len(value)}")
        return tuple(_decode(v, a, f"{where}[{i}]") for i, (v, a) in enumerate(zip(value, args, strict=True)))
    if hint is bool:
        if isinstance(value, bool):
            return value
        raise SaveError(f"{where}: expected true or false, got {value!r}")
    if hint is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        raise SaveError(f"{where}: expected a whole number, got {value!r}")
    if hint is str:
        if isinstance(value, str):
            return value
        raise SaveError(f"{where}: expected text, got {value!r}")
    raise SaveError(f"{where}: cannot read a value of type {hint!r}")


class ActionCodec:
    """Reads and writes one ruleset's actions."""

    def __init__(self, classes: typing.Iterable[type[Action]]) -> None:
        self.classes: dict[str, type[Action]] = {}
        self.hints: dict[str, dict[str, Any]] = {}
        for cls in classes:
            self.classes[cls.__name__] = cls
            self.hints[cls.__name__] = typing.get_type_hints(cls)

    def decode(self, data: Any, where: str = "action") -> Action:
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            raise SaveError(f"{where}: expected an object with a 'type', got {data!r}")
        name = data["type"]
        cls = self.classes.get(name)
        if cls is None:
            known = ", ".join(sorted(self.classes))
            raise SaveError(f"{where}: unknown action type {name!r} (this ruleset has: {known})")
        hints = self.hints[name]
        kwargs = {}
        names = [f.name for f in dataclasses.fields(cls)]
        extra = set(data) - set(names) - {"type"}
        if extra:
            raise SaveError(f"{where}: unknown fields for {name}: {', '.join(sorted(extra))}")
        for field_name in names:
            if field_name not in data:
                raise SaveError(f"{where}.{field_name}: missing")
            kwargs[field_name] = _decode(data[field_name], hints[field_name], f"{where}.{field_name}")
        return cls(**kwargs)
