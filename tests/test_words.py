"""Every choice a ruleset offers is shown in words, never as its class name (issue 21: the Ambush choice
printed as ``PlayAmbush`` in the Memoir '44 notebook and on the table's buttons)."""

from __future__ import annotations

import inspect
import random
import sys

import pytest

import hexlab
from hexlab import rulesets
from hexlab.engine import Action
from hexlab.scenario import scenarios

RULESETS = ["memoir44", "cadet", "cactus", "warsea", "cartwheel"]


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_action_type_of_a_ruleset_has_its_words(ruleset_id):
    cls = rulesets.get(ruleset_id)
    package = cls.__module__.rsplit(".", 1)[0]
    actions = sys.modules[f"{package}.actions"]
    types = {t for _, t in inspect.getmembers(actions, inspect.isclass)
             if issubclass(t, Action) and t is not Action and t.__module__ == actions.__name__}
    module = sys.modules[cls.__module__]
    words = getattr(module, "WORDS", None) or getattr(module, "DESCRIBE", None)
    assert types and words is not None
    assert sorted(t.__name__ for t in types - set(words)) == []


@pytest.mark.parametrize("scenario_id", sorted(s["id"] for s in scenarios() if s["ruleset"] in RULESETS))
def test_every_choice_random_play_meets_reads_as_words(scenario_id):
    game = hexlab.load(scenario_id, seed=5)
    rng = random.Random(5)
    for _ in range(600):
        if game.is_over:
            break
        if game.current_step.automatic:
            game.step()
            continue
        legal = list(game.legal_actions())
        for action in legal:
            words = game.describe(action)
            name = type(action).__name__
            assert words and words != name and not words.startswith(f"{name}("), (name, words)
        game.apply(rng.choice(legal))
