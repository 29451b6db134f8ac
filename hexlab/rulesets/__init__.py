"""The rulesets hexlab knows, by id.

Built-in rulesets are imported when first asked for, from a fixed table (a scenario file names a
ruleset by id; nothing a file says is ever imported beyond this table). Tests and notebooks may add
their own with :func:`register`.
"""

from __future__ import annotations

import importlib

from ..engine.ruleset import Ruleset

BUILTIN: dict[str, str] = {
    "memoir44": "hexlab.rulesets.memoir44",
    "cadet": "hexlab.rulesets.cadet",
    "cactus": "hexlab.rulesets.cactus",
    "warsea": "hexlab.rulesets.warsea",
    "cartwheel": "hexlab.rulesets.cartwheel",
}
"""Ruleset id -> module that registers it when imported. Each ruleset issue adds its line."""

_REGISTRY: dict[str, type[Ruleset]] = {}


def register(cls: type[Ruleset]) -> type[Ruleset]:
    """Make a ruleset known by its id (usable as a class decorator)."""
    _REGISTRY[cls.id] = cls
    return cls


def get(ruleset_id: str) -> type[Ruleset]:
    """The ruleset class for an id; ``KeyError`` with the known ids if there is none."""
    if ruleset_id not in _REGISTRY and ruleset_id in BUILTIN:
        importlib.import_module(BUILTIN[ruleset_id])
    try:
        return _REGISTRY[ruleset_id]
    except KeyError:
        raise KeyError(f"unknown ruleset {ruleset_id!r} (known: {', '.join(known()) or 'none'})") from None


def known() -> list[str]:
    return sorted(set(_REGISTRY) | set(BUILTIN))
