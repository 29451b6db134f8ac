"""Skirmish: the example ruleset, small and complete, written the way every hexlab ruleset is.

It is not a published game. It exists to show a reader how a ruleset is built (``docs/adding_a_ruleset.md``
walks through it file by file) and to prove the engine's core in the tests: a hex map with terrain costs
and hexside walls, units measured in steps that flip when hit, a deck and hands of command cards, hidden
units (scouts the enemy cannot see until they fight), a dice step with exact chance outcomes, simultaneous
combat, automatic bookkeeping steps and a victory check. Its clause ids start with ``sk.`` (``data.CLAUSES``).

The layout is the one every ruleset package shares:

- ``actions``, ``events``, ``state``, ``options``, ``data``: what can be done, what is logged, what is kept,
  what a scenario may set, the tables;
- ``sequence``: the phases and steps of a turn, and what each decision step accepts;
- ``board``, ``combat``, ``odds``: the map's rules, the one combat function, exact odds through it;
- one module per phase (``command``, ``acting``, ``fighting``, ``end_of_turn``), each registering its
  step handlers with ``handlers``;
- ``rules``: the ``Ruleset`` class that puts it together, with its end condition and view hooks.

It is registered when imported (``import hexlab.rulesets.skirmish``); it is not one of the built-in
rulesets a scenario can name without that import.
"""

from .. import register
from . import acting, command, end_of_turn, fighting  # noqa: F401  (register the step handlers)
from .actions import Attack, Move, Pass, PlayCard
from .rules import Skirmish

register(Skirmish)

__all__ = ["Attack", "Move", "Pass", "PlayCard", "Skirmish"]
