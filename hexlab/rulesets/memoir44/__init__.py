"""Memoir '44 (ruleset id ``memoir44``): the core rules, command cards, terrain, nations and odds."""

from ... import rulesets
from .rules import Memoir44

rulesets.register(Memoir44)

__all__ = ["Memoir44"]
