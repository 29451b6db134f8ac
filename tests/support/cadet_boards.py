"""Helpers for the Cadet Commander tests: small scenarios written inline, chosen dice, refusals.

A test board is 8 x 8 hexes, offset "odd-r", labels "col,row" (row 0 at the top). The Greeks' baseline is
row 7 and their flag 4,7; the Ottomans' baseline is row 0 and their flag 4,0. Unless a test says
otherwise the figures may stand anywhere (``deploy = "anywhere"``, the drill setting) and the Greeks play
first, so a test starts at the Greek leader's activation (or at the free activation when the Greeks have
no leader).

On an even row the hexes beside (c,r) are (c-1,r-1), (c,r-1), (c-1,r), (c+1,r), (c-1,r+1), (c,r+1); on an
odd row (c,r-1), (c+1,r-1), (c-1,r), (c+1,r), (c,r+1), (c+1,r+1).

``roll`` sets up the dice a test needs: at a dice step it picks the generator seed whose roll comes up as
wanted (the generator's state is part of the game state, so this is exactly "a game whose dice came up
so"); the engine still rolls and resolves the dice itself.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from hexlab.engine import Game
from hexlab.hexes import Hex
from hexlab.rulesets.cadet.rules import Activate, EndActivation
from hexlab.scenario import load_text
from hexlab.testing import force_roll, refused, snapshot  # noqa: F401  (re-exported for the tests)
from tests.support.toml_text import toml_value as _toml

UnitSpec = tuple  # (id, side, type, "c,r") or (id, side, type, "c,r", {extra fields})
G, O = "Greeks", "Ottomans"  # noqa: E741 - the two sides, short for the unit tables


def scenario_text(units: Iterable[UnitSpec], *, terrain: dict[str, Sequence[str]] | None = None,
                  hexsides: dict[str, Sequence[Sequence[str]]] | None = None, rules: dict[str, Any] | None = None,
                  first: str | None = G, sides: Sequence[str] = (G, O), deploy: str = "anywhere",
                  features: dict[str, Sequence[str]] | None = None, width: int = 8, height: int = 8,
                  baselines: bool = True) -> str:
    """A Cadet Commander scenario as TOML text (``baselines=False``: leave the baselines to the defaults)."""
    out = ["[scenario]", 'ruleset = "cadet"', 'title = "Test"', f"sides = {_toml(list(sides))}",
           *([f"first = {_toml(first)}"] if first is not None else []), "",
           "[board]", f"width = {width}", f"height = {height}", 'offset = "odd-r"', 'labels = "colrow"',
           'default_terrain = "clear"', ""]
    for name, hexes in (terrain or {}).items():
        out += ["[[board.terrain]]", f"type = {_toml(name)}", f"hexes = {_toml(list(hexes))}", ""]
    for name, pairs in (hexsides or {}).items():
        out += ["[[board.hexside]]", f"type = {_toml(name)}", f"between = {_toml([list(p) for p in pairs])}", ""]
    for name, hexes in (features or {}).items():
        out += ["[[board.feature]]", f"type = {_toml(name)}", f"hexes = {_toml(list(hexes))}", ""]
    for spec in units:
        uid, side, kind, at = spec[:4]
        extra = dict(spec[4]) if len(spec) > 4 else {}
        out += ["[[unit]]", f"id = {_toml(uid)}", f"side = {_toml(side)}", f"type = {_toml(kind)}"]
        if at is not None:
            out.append(f"at = {_toml(at)}")
        attrs = {k: extra.pop(k) for k in list(extra) if k in ("atk",)}
        for k, v in extra.items():
            out.append(f"{k} = {_toml(v)}")
        if attrs:
            out.append(f"attrs = {_toml(attrs)}")
        out.append("")
    opts: dict[str, Any] = {"deploy": deploy}
    if list(sides) == [G, O] and baselines:
        opts["baselines"] = {G: height - 1, O: 0}
    opts.update(rules or {})
    out.append("[rules]")
    for k, v in opts.items():
        out.append(f"{k} = {_toml(v)}")
    return "\n".join(out) + "\n"


def make(units: Iterable[UnitSpec], *, seed: int = 1, **kw: Any) -> Game:
    """Load an inline scenario and run to the first decision."""
    game = load_text(scenario_text(units, **kw), "cadet/test", seed=seed)
    game.play_to_decision()
    return game


def hx(game: Game, label: str) -> Hex:
    return game.board.parse(label)


def at(game: Game, uid: str) -> str | None:
    """A figure's hex as a label (None when off the board)."""
    u = game.state.units[uid]
    return game.board.label(u.at) if u.at is not None else None




Want = Callable[[tuple], bool] | Sequence[Any]


def roll(game: Game, *wanted: Want) -> list:
    """At a dice step: make the roll come up as wanted (one entry per dice group: the faces as a list, in
    any order, or a test on them), roll it, and run on to the next decision. Returns the events."""
    events = force_roll(game, *wanted)
    return events + game.play_to_decision()


def activate(game: Game, uid: str) -> None:
    """End the activations in the way (the leader's), then give ``uid`` the free activation."""
    cur = game.state.rules_state.current
    if cur and cur.unit == uid:
        return
    if cur:
        game.apply(EndActivation())
        game.play_to_decision()
    game.apply(Activate(uid))
    game.play_to_decision()


def kinds(events: Iterable[Any]) -> list[str]:
    return [e.kind for e in events]


def event(events: Iterable[Any], kind: str):
    found = [e for e in events if e.kind == kind]
    assert found, f"no {kind} event in {kinds(events)}"
    return found[-1]
