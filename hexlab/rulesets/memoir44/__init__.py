"""Memoir '44 (ruleset id ``memoir44``): the core rules, command cards, terrain, nations and odds.

The package, by concept: ``actions``, ``events``, ``state``, ``options``, ``data`` and ``cards`` (what can be
done, what is logged, what is kept, what a scenario sets, the tables and the deck); ``sequence`` (a turn's
steps and what each decision accepts); ``board``, ``combat``, ``flags``, ``odds`` (the battlefield, the one
combat function, the flags a unit ignores, exact odds); one module per part of the turn, each registering
its step handlers with ``handlers``: ``orders``, ``tactics``, ``movement``, ``battle``, ``retreat``,
``take_ground``, ``turn_end`` (with ``losses``: figures and medals); and ``rules``, the ``Ruleset`` class.
"""

from ... import rulesets
from . import battle, movement, orders, retreat, tactics, take_ground, turn_end  # noqa: F401  (register the handlers)
from .rules import Memoir44

rulesets.register(Memoir44)

__all__ = ["Memoir44"]
