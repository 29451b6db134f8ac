"""Cactus Air Force: Ground Combat (ruleset id ``cactus``): the fan-made ground variant of Cactus Air Force.
Four boxes around Guadalcanal, step-counters that flip and are replaced as they lose steps, moves overland,
by naval transport or by amphibious invasion under fighter cover, hourly combat in every contested box (6s
hit, a defender's 5 throws the attacker back), Banzai attacks, bombing of troops, refit, victory points and
the Japanese sudden-death win on Guadalcanal; exact odds for one hour and for whole battles.

The phase modules are imported first, so their step handlers are registered when the class is built (and
checked against the sequence of play)."""

from ... import rulesets
from . import air, battle, clock, moves, refit, shared  # noqa: F401  (their handlers register on import)
from .rules import Cactus

rulesets.register(Cactus)

__all__ = ["Cactus"]
