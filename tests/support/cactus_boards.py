"""Helpers for the Cactus Air Force Ground Combat tests: small scenarios written inline on the Guadalcanal map,
chosen dice, and running a game on to the step a test wants.

The test map is the scenario's: four boxes at positions, with their references on a grid of 12 x 16 boxes, offset
"odd-q", references "col/row" counted from 1 (the grid the air rules count in). The four boxes: Guadalcanal 7/13,
Beach Red 8/14, Cape Esperance 7/12 (the three joined by land) and Munda 7/9 (sea only). Unless a test says
otherwise the Japanese move first each hour, there are no fighters or bombers, and the clock is 5 turns of 10 hours.

Units are written ``(id, side, type, area)`` or ``(id, side, type, area, {"strength": 2, "came_from": "munda"})``:
``strength`` goes to the unit, anything else into its attrs (``came_from``, ``seaborne`` mark an attacker in a
box that starts contested).

``roll`` makes a dice step come up as wanted: it picks the generator seed whose roll shows those faces (the
generator's state is part of the game state, so this is exactly "a game whose dice came up so"); the engine
still rolls and resolves the dice itself. It stops right after the roll (a game whose units can no longer
move would otherwise run on by itself to its last turn). Ground-combat faces are 6, 5 or "1-4" (1 to 4 may be written as
numbers).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from hexlab.engine import Game
from hexlab.rulesets.cactus import facts
from hexlab.rulesets.cactus.rules import EndMoves, EndRaids, EndRefit, Fight
from hexlab.scenario import load_text, read_text
from hexlab.testing import force_roll, refused, snapshot  # noqa: F401  (re-exported for the tests)
from tests.support.toml_text import toml_value as _toml

US, JP = "US Marines", "Japan"
GC, BR, CE, MU = "guadalcanal", "beach_red", "cape_esperance", "munda"

BOARD = """
[board]
kind = "area"
background = "sea"

[board.refs]
labels = "slash"
offset = "odd-q"
first = 1
width = 12
height = 16

[[board.area]]
id = "guadalcanal"
name = "Guadalcanal"
ref = "7/13"
at = [0, 2]
terrain = "airfield"
links = ["beach_red", "cape_esperance"]
attrs = { airstrip_aa = 2 }

[[board.area]]
id = "beach_red"
name = "Beach Red"
ref = "8/14"
at = [1, 3]
terrain = "jungle"
links = ["guadalcanal", "cape_esperance"]

[[board.area]]
id = "cape_esperance"
name = "Cape Esperance"
ref = "7/12"
at = [0, 1]
terrain = "jungle"
links = ["guadalcanal", "beach_red"]

[[board.area]]
id = "munda"
name = "Munda"
ref = "7/9"
at = [0, 0]
terrain = "jungle"
attrs = { airstrip_aa = 1 }
"""

WILDCATS = {"id": "wildcats", "side": US, "name": "Wildcats", "base": "7/13", "reach": 3}
ZEROS = {"id": "zeros", "side": JP, "name": "Zeros", "base": "7/9", "reach": 3}
SBD = {"id": "sbd", "side": US, "name": "Dauntlesses", "base": "7/13", "reach": 5}
BETTY = {"id": "betty", "side": JP, "name": "Bettys", "base": "1/1", "reach": 16}

UnitSpec = tuple


def scenario_text(units: Iterable[UnitSpec], *, first: str = JP, **rules: Any) -> str:
    """A Cactus scenario as TOML text: the test map, these units, these ``[rules]``."""
    out = ["[scenario]", 'ruleset = "cactus"', 'title = "Test"', f"sides = {_toml([US, JP])}",
           f"first = {_toml(first)}", BOARD]
    for spec in units:
        uid, side, kind, at = spec[:4]
        extra = dict(spec[4]) if len(spec) > 4 else {}
        out += ["[[unit]]", f"id = {_toml(uid)}", f"side = {_toml(side)}", f"type = {_toml(kind)}",
                f"at = {_toml(at)}"]
        if "strength" in extra:
            out.append(f"strength = {_toml(extra.pop('strength'))}")
        if extra:
            out.append(f"attrs = {_toml(extra)}")
        out.append("")
    groups = {k: rules.pop(k) for k in ("fighters", "bombers") if k in rules}
    out.append("[rules]")
    for k, v in rules.items():
        out.append(f"{k} = {_toml(v)}")
    for k, items in groups.items():
        for g in items:
            out.append(f"[[rules.{k}]]")
            out += [f"{f} = {_toml(v)}" for f, v in g.items()]
    return "\n".join(out) + "\n"


def advance(game: Game) -> list:
    """Run the automatic bookkeeping steps, stopping at a decision or a dice step (which a test rolls)."""
    events = []
    while not game.is_over and game.current_step.kind == "auto":
        events += game.step()
    return events


def make(units: Iterable[UnitSpec], *, seed: int = 1, **kw: Any) -> Game:
    """Load an inline scenario and run to the first decision or dice step."""
    game = load_text(scenario_text(units, **kw), "cactus/test", seed=seed)
    advance(game)
    return game


def scenario(units: Iterable[UnitSpec], **kw: Any):
    """The validated scenario (to start many games from)."""
    return read_text(scenario_text(units, **kw), "cactus/test")


def where(game: Game, uid: str) -> str | None:
    return game.state.units[uid].at


def steps(game: Game, uid: str) -> int:
    return game.state.units[uid].strength


def face(game: Game, uid: str) -> tuple[str | None, str | None]:
    u = game.state.units[uid]
    return facts.counter(u), facts.face(u)


def came_from(game: Game, uid: str) -> str | None:
    """The box an attacker came from overland (``None``: by sea, or not attacking)."""
    return facts.came_from(game.state, game.state.units[uid])


def seaborne(game: Game, uid: str) -> bool:
    """Whether an attacker came by sea."""
    return facts.seaborne(game.state, game.state.units[uid])


Want = Callable[[tuple], bool] | Sequence[Any]


def _norm(face: Any) -> str:
    return "1-4" if face in (1, 2, 3, 4) else str(face)


def roll(game: Game, *wanted: Want) -> list:
    """At a dice step: make the roll come up as wanted (one entry per dice group) and roll it (the game stops
    right after: at a decision the roll calls for, or at the next automatic step). Returns the events."""
    return force_roll(game, *wanted, key=_norm)


def end_moves(game: Game) -> list:
    """Both sides stop moving this hour (where they still can); run on to the next decision or dice step."""
    events = []
    when = (game.state.turn, game.state.rules_state.hour)
    while not game.is_over and game.state.position == "ground.move" and when == (game.state.turn,
                                                                                  game.state.rules_state.hour):
        events += game.apply(EndMoves())
        events += advance(game)
    return events


def pass_until(game: Game, position: str, max_actions: int = 500) -> list:
    """Take the "nothing more" action at each decision (no moves, no raids, no refit, no Banzai) until the game
    reaches ``position`` (a decision or a dice step)."""
    events = []
    passes = {"ground.move": EndMoves(), "air.raids": EndRaids(), "end.refit": EndRefit(), "combat.banzai": Fight()}
    for _ in range(max_actions):
        if game.is_over or game.state.position == position:
            return events
        if game.current_step.automatic:
            events += game.step()
            continue
        events += game.apply(passes[game.state.position])
    raise AssertionError(f"never reached {position}; at {game.state.position}")


def kinds(events: Iterable[Any]) -> list[str]:
    return [e.kind for e in events]


def event(events: Iterable[Any], kind: str):
    found = [e for e in events if e.kind == kind]
    assert found, f"no {kind} event in {kinds(events)}"
    return found[-1]
