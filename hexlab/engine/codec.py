"""The one annotation-driven codec: actions, each ruleset's typed state and event payloads to JSON and back.

Values are written by what they are (a ``Hex`` as ``[q, r]``, a dataclass as an object of its fields,
tuples and lists as lists) and read back by the annotations of the class that holds them, so nothing in a
save is ever executed and every mistake names where it is (``save: history[3].to: expected a hex``).
Supported annotations: ``bool``, ``int``, ``float``, ``str``, ``Hex``, ``Any`` (JSON as it is),
``X | None`` and other unions (tried in order), ``Literal[...]``, ``tuple[X, ...]``, ``tuple[X, Y]``,
``list[X]``, ``dict[str, X]`` and dataclasses made of these, generic ones with their arguments
(``Together[Hit]``: :mod:`hexlab.engine.simultaneous`). The typed places of
:mod:`hexlab.engine.state` are such dataclasses: ``Aboard("T1")`` is written ``{"carrier": "T1"}`` and
``DisplayBox("rabaul", "Ready")`` ``{"display": "rabaul", "box": "Ready"}``, so a field annotated
``Location`` (``Hex | str | Aboard | DisplayBox | None``) reads each back as what it was.
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from typing import Any, Literal, Union

from ..guard import excerpt
from ..hexes import Hex
from .errors import SaveError


def encode_value(value: Any) -> Any:
    """A typed value as JSON-ready data."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, Hex):
        return [value.q, value.r]
    if isinstance(value, tuple | list):
        return [encode_value(v) for v in value]
    if isinstance(value, dict):
        return {str(k): encode_value(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: encode_value(getattr(value, f.name)) for f in dataclasses.fields(value)}
    raise TypeError(f"cannot store a {type(value).__name__} in a save: {excerpt(value)}")


@functools.cache
def hints_of(cls: type) -> dict[str, Any]:
    """The resolved annotations of a dataclass's fields (cached: ``get_type_hints`` is slow)."""
    return typing.get_type_hints(cls)


def _substitute(hint: Any, params: dict[Any, Any]) -> Any:
    """``hint`` with a generic dataclass's type parameters replaced by its arguments (``list[E]`` read as
    ``list[Hit]`` in a ``Together[Hit]``)."""
    if isinstance(hint, typing.TypeVar):
        return params.get(hint, Any)
    args = typing.get_args(hint)
    if not params or not args:
        return hint
    new = tuple(a if a is Ellipsis else _substitute(a, params) for a in args)
    origin = typing.get_origin(hint)
    if origin in (Union, types.UnionType):
        return Union[new]  # noqa: UP007 (rebuilt from arguments)
    if origin is Literal:
        return hint
    return origin[new] if origin in (list, dict, tuple) else hint


def decode_dataclass(cls: type, data: Any, where: str, params: dict[Any, Any] | None = None) -> Any:
    """Build ``cls`` from an object of its fields; every field must be there, and no others. ``params``
    are a generic dataclass's type arguments, by parameter."""
    if not isinstance(data, dict):
        raise SaveError(f"{where}: expected an object with the fields of {cls.__name__}, got {excerpt(data)}")
    hints = hints_of(cls)
    names = [f.name for f in dataclasses.fields(cls) if f.init]
    extra = set(data) - set(names)
    if extra:
        raise SaveError(f"{where}: unknown fields for {cls.__name__}: {', '.join(sorted(extra))}")
    kwargs = {}
    for f in dataclasses.fields(cls):
        if not f.init:
            continue
        if f.name not in data:
            if f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING:
                continue
            raise SaveError(f"{where}.{f.name}: missing")
        hint = _substitute(hints[f.name], params) if params else hints[f.name]
        kwargs[f.name] = decode_value(data[f.name], hint, f"{where}.{f.name}")
    return cls(**kwargs)


def decode_value(value: Any, hint: Any, where: str) -> Any:
    """Read ``value`` as the annotation ``hint`` says; :class:`SaveError` names ``where`` it went wrong."""
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
                return decode_value(value, option, where)
            except SaveError as exc:
                errors.append(str(exc))
        raise SaveError(errors[0] if errors else f"{where}: unexpected value {excerpt(value)}")
    if origin is Literal:
        if value in typing.get_args(hint):
            return value
        raise SaveError(f"{where}: expected one of {typing.get_args(hint)}, got {excerpt(value)}")
    if hint is Hex:
        if (isinstance(value, list) and len(value) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
            return Hex(value[0], value[1])
        raise SaveError(f"{where}: expected a hex as [q, r], got {excerpt(value)}")
    if origin is tuple:
        args = typing.get_args(hint)
        if not isinstance(value, list):
            raise SaveError(f"{where}: expected a list, got {excerpt(value)}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(decode_value(v, args[0], f"{where}[{i}]") for i, v in enumerate(value))
        if len(args) != len(value):
            raise SaveError(f"{where}: expected {len(args)} items, got {len(value)}")
        return tuple(decode_value(v, a, f"{where}[{i}]") for i, (v, a) in enumerate(zip(value, args, strict=True)))
    if origin is list:
        (arg,) = typing.get_args(hint) or (Any,)
        if not isinstance(value, list):
            raise SaveError(f"{where}: expected a list, got {excerpt(value)}")
        return [decode_value(v, arg, f"{where}[{i}]") for i, v in enumerate(value)]
    if origin is dict:
        key_hint, arg = typing.get_args(hint) or (str, Any)
        if not isinstance(value, dict):
            raise SaveError(f"{where}: expected an object, got {excerpt(value)}")
        if key_hint is not str:
            raise SaveError(f"{where}: only text keys can be stored, not {key_hint!r}")
        return {k: decode_value(v, arg, f"{where}.{k}") for k, v in value.items()}
    if hint is bool:
        if isinstance(value, bool):
            return value
        raise SaveError(f"{where}: expected true or false, got {excerpt(value)}")
    if hint is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        raise SaveError(f"{where}: expected a whole number, got {excerpt(value)}")
    if hint is float:
        if isinstance(value, int | float) and not isinstance(value, bool):
            return float(value)
        raise SaveError(f"{where}: expected a number, got {excerpt(value)}")
    if hint is str:
        if isinstance(value, str):
            return value
        raise SaveError(f"{where}: expected text, got {excerpt(value)}")
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return decode_dataclass(hint, value, where)
    if isinstance(origin, type) and dataclasses.is_dataclass(origin):  # a generic one: Together[Hit]
        params = dict(zip(getattr(origin, "__parameters__", ()), typing.get_args(hint), strict=False))
        return decode_dataclass(origin, value, where, params)
    raise SaveError(f"{where}: cannot read a value of type {hint!r}")


def clone_value(value: Any) -> Any:
    """A deep copy of typed state: mutable dataclasses, dicts and lists are copied, immutable leaves
    (numbers, text, hexes, tuples, frozen dataclasses) shared. Much faster than ``copy.deepcopy``."""
    kind = type(value)
    if kind in _SHARED:
        return value
    if kind is dict:
        return {k: clone_value(v) for k, v in value.items()}
    if kind is list:
        return [clone_value(v) for v in value]
    names = _mutable_fields(kind)
    if names is None:
        return value
    return type(value)(**{name: clone_value(getattr(value, name)) for name in names})


_SHARED = frozenset({type(None), bool, int, float, str, Hex, tuple, frozenset})
"""Immutable leaves, shared by copies as they are (looked up by exact type: faster than isinstance)."""


@functools.cache
def _mutable_fields(cls: type) -> tuple[str, ...] | None:
    """The init fields of a mutable dataclass, ``None`` for anything shared as it is (cached per class:
    ``dataclasses.fields`` on every copy would cost a fifth of a random game's time)."""
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or params.frozen:
        return None
    return tuple(f.name for f in dataclasses.fields(cls) if f.init)
