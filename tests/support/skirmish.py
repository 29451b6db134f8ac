"""The example ruleset Skirmish, which the engine's tests use; it lives in ``hexlab/rulesets/skirmish``
so a reader of ``docs/adding_a_ruleset.md`` finds it beside the real rulesets."""

from hexlab.rulesets.skirmish import Attack, Move, Pass, PlayCard, Skirmish

__all__ = ["Attack", "Move", "Pass", "PlayCard", "Skirmish"]
