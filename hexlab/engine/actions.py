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
"""

from __future__ import annotations

import dataclasses
import re
import typing
from typing import Any, ClassVar

from .codec import decode_value, encode_value, hints_of
from .errors import SaveError


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
            kwargs[field_name] = decode_value(data[field_name], hints[field_name], f"{where}.{field_name}")
        return cls(**kwargs)
