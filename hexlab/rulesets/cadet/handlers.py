"""Cadet Commander's step handlers, filled by the phase modules (``activation``, ``moves``, ``punch``,
``stacking``, ``end_turn``) and handed to the ruleset class (``Cadet.handlers``)."""

from ...engine import Handlers

handlers = Handlers()
