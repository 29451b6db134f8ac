"""Generated exercises: positions from the scenarios and drills, and from seeded random play from them, kept
only where a rule changes the answer (the kind's ``nontrivial``). The same ruleset, kind and seed always give
the same exercise."""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable

from ..engine import Action, Game, HexlabError
from ..scenario import load, scenarios
from . import kinds as _kinds
from .model import Exercise

MAX_GAMES = 16
"""Games tried (each a scenario, a seed and a random walk) before giving up on a seed."""
MAX_STEPS = 600
"""Steps (decisions and automatic steps) played in one game."""
ASKED_PER_STOP = 6
"""Subjects tried at each position once the walk has gone far enough."""


@functools.cache
def builtin_ids() -> frozenset[str]:
    """The ids of the kit's scenarios (an exercise on any other carries its scenario's text)."""
    return frozenset(str(s["id"]) for s in scenarios() if "error" not in s)


def scenario_ids(ruleset: str) -> list[str]:
    """The ruleset's scenarios and drills (``scenarios/<ruleset>/*.toml``), in a fixed order."""
    ids = sorted(s["id"] for s in scenarios() if s.get("ruleset") == ruleset and "error" not in s
                 and str(s["id"]).startswith(ruleset + "/"))
    if not ids:
        raise HexlabError(f"no scenarios for ruleset {ruleset!r}")
    return ids


def _choose(rng: random.Random, game: Game, steer: Callable[[Game, list[Action]], list[Action]] | None) -> Action:
    """A random decision that tends to get on with the game: a pass only now and then; half the time one the kind
    steers towards, if any."""
    acts = list(game.legal_actions())
    if steer is not None:
        preferred = steer(game, acts)
        if preferred and rng.random() < 0.5:
            return rng.choice(preferred)
    doing = [a for a in acts if a.verb != "pass"]
    if doing and (len(doing) == len(acts) or rng.random() < 0.85):
        return rng.choice(doing)
    return rng.choice(acts)


def generate(ruleset: str, kind: str, seed: int, scenario: str | None = None) -> Exercise:
    """One exercise of ``kind`` for ``ruleset``, chosen by ``seed`` (deterministic): a scenario, a game seed and a
    random walk of some decisions from its start, then the first position on the walk with a question whose
    answer a rule changes. ``scenario`` fixes the scenario instead of picking one."""
    k = _kinds.kind(ruleset, kind)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise HexlabError(f"an exercise's seed is a whole number, not {seed!r}")
    rng = random.Random(f"{ruleset}/{kind}/{seed}")
    ids = [scenario] if scenario else scenario_ids(ruleset)
    for _ in range(MAX_GAMES):
        game = load(rng.choice(ids), rng.randrange(1, 10_000))
        skip = rng.randrange(0, 30)
        decisions = 0
        for _ in range(MAX_STEPS):
            if game.is_over:
                break
            if decisions >= skip:  # (a dice step may be asked about too: Cartwheel's initiative roll)
                options = k.subjects(game)
                rng.shuffle(options)
                for subject in options[:ASKED_PER_STOP]:
                    ex = k.build(game, subject)
                    if ex is not None and k.nontrivial(ex, game):
                        return ex
            if game.current_step.automatic:
                game.step()
                continue
            game.apply(_choose(rng, game, k.steer))
            decisions += 1
    raise HexlabError(f"found no {kind!r} exercise for {ruleset} worth asking from seed {seed}: try another seed")


def generate_many(ruleset: str, kind: str, n: int, seed: int) -> list[Exercise]:
    """``n`` different exercises (no two about the same position and subject), deterministic by ``seed``."""
    if n < 1:
        raise HexlabError(f"the count of exercises is at least 1, not {n}")
    _kinds.kind(ruleset, kind)  # an unknown ruleset or kind is said as such, not as "found none"
    out: list[Exercise] = []
    seen: set[tuple[object, ...]] = set()
    i = 0
    while len(out) < n:
        if i >= 4 * n + 20:
            raise HexlabError(f"found only {len(out)} different {kind!r} exercises for {ruleset} from seed {seed}")
        try:
            ex = generate(ruleset, kind, seed * 1000 + i)
        except HexlabError:  # that seed's games offered no fair question: the next seed is as good
            i += 1
            continue
        i += 1
        key = (ex.scenario, ex.seed, json.dumps(ex.history), tuple(sorted(ex.subject.items())))
        if key not in seen:
            seen.add(key)
            out.append(ex)
    return out
