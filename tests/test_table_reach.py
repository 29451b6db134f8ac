"""Every legal move can be made from the table: at every decision random play reaches, in every ruleset,
each legal action is reachable by the table's own buttons and clicks on the map.

The test drives the widgets' handlers (a button's click, ``HexMap.click`` at a counter's or a place's
pixel), never ``game.apply`` directly: it swaps the game's ``apply`` for a recorder while it explores, so
each click says which action it would take without taking it, and then compares what the clicks reach
with ``game.legal_actions()``. Between checks the game moves on by random play.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import hexlab
from hexlab.engine import Action, Game
from hexlab.widgets.table import Table

ROOT = Path(__file__).resolve().parent

GAMES = [
    ("memoir44/tenaru", 3, 260),
    ("memoir44/normandy", 5, 160),
    ("memoir44/drill_commissar", 2, 120),
    ("memoir44/drill_overrun", 1, 120),
    ("cadet/village", 4, 220),
    ("cadet/drill_push", 2, 120),
    ("cadet/drill_punch", 3, 120),
    ("cactus/guadalcanal", 6, 200),
    ("cactus/drill_turn", 1, 120),
    ("warsea/tokyo_express", 2, 160),
    ("warsea/drill_rescue", 1, 100),
    ("cartwheel/wewak", 1, 40),
    ("cartwheel/campaign", 2, 20),
    ("skirmish/meadow", 2, 120),
    (str(ROOT / "scenarios" / "landing" / "two_islands.toml"), 3, 160),
]


class Recorder:
    """Stands in for ``game.apply`` while the table is explored: notes the action a click takes."""

    def __init__(self) -> None:
        self.taken: list[Action] = []

    def __call__(self, action: Action) -> list:
        self.taken.append(action)
        return []


def _press_all(buttons, skip: tuple[str, ...] = ("Cancel",)) -> None:
    for b in list(buttons):
        if b.description not in skip:
            b.click()


def reachable(table: Table) -> set[Action]:
    """Every action the table's buttons and map clicks would take now."""
    game, m, stepper = table.game, table.map, table.stepper
    rec = Recorder()
    game.apply = rec  # the widgets call game.apply(action): note it instead
    try:
        _press_all(stepper.choices.children)
        m.select(None)
        for where in list(m._targets):  # decisions no unit takes, on a place (a raid on a box)
            m.select(None)
            point = m.point_of(where)
            assert point is not None, f"{where!r} is a target the map does not draw"
            m.click(*point)
            _press_all(m.unit_actions.children)
        for counter in list(m._scene.counters):
            m.select(None)
            m.click(counter.x, counter.y)
            if m.selected != counter.unit:
                continue  # the click took the unit's one action (recorded), or the unit has none
            _press_all(m.unit_actions.children)
            for where in list(m._targets):
                point = m.point_of(where)
                assert point is not None, f"{where!r} is a target the map does not draw"
                m.click(*point)
                _press_all(m.unit_actions.children)  # a choice between several, or a confirmation
                if m.selected != counter.unit:  # a confirmation's Cancel or a click elsewhere
                    m.select(None)
                    m.click(counter.x, counter.y)
        m.select(None)
    finally:
        del game.apply
    return set(rec.taken)


def _hand_over(table: Table) -> None:
    """A hot-seat table waiting for the next player: press "I am X: show my side"."""
    for w in table.handover.children:
        if "hexlab-take-seat" in getattr(w, "_dom_classes", ()):
            w.click()


@pytest.mark.parametrize("scenario_id,seed,steps", GAMES, ids=[g[0].split("/")[-1] for g in GAMES])
def test_every_legal_action_is_reachable_from_the_table(scenario_id, seed, steps):
    game: Game = hexlab.load(scenario_id, seed=seed)
    table = Table(game)
    rng = random.Random(seed)
    checked = 0
    for _ in range(steps):
        if game.is_over:
            break
        if game.current_step.automatic:
            table.stepper.next_step()  # the stepper's own button: a roll, and the bookkeeping after it
            continue
        _hand_over(table)
        legal = set(game.legal_actions())
        got = reachable(table)
        missing = legal - got
        assert not missing, (f"{scenario_id} at {game.state.position}: not reachable from the table: "
                             + ", ".join(sorted(game.describe(a) for a in missing)))
        assert got <= legal, f"the table offers illegal actions: {got - legal}"
        checked += 1
        choices = sorted(legal, key=repr)
        table.stepper.choose(rng.choice(choices))  # the stepper's choose(): the action, then bookkeeping
    assert checked >= 10, f"only {checked} decisions reached"
