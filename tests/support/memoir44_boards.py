"""Helpers for the Memoir '44 tests: small scenarios written inline, cards in hand, chosen dice.

A scenario is the standard 13 x 9 board (odd rows one hex shorter, labels "col,row", row 0 at the top)
with the Allies on the bottom edge (row 8) unless ``bottom`` says otherwise. Units are given as
``(id, side, type, "col,row")`` tuples, optionally followed by a dict of extra fields (``strength``,
``badge``...). On an even row the hexes beside (c,r) are (c-1,r-1), (c,r-1), (c-1,r), (c+1,r),
(c-1,r+1), (c,r+1); on an odd row (c,r-1), (c+1,r-1), (c-1,r), (c+1,r), (c,r+1), (c+1,r+1).

Two kinds of direct state set-up are used, both documented where they happen:

- ``give``: put chosen command cards in a hand (moved from the deck or discards, so the 60 cards of the
  game stay the same cards; the hand goes back into the deck).
- ``roll``: at a dice step, pick the generator seed that rolls the faces a test needs. The generator's
  state is part of the game state (undo rewinds it), so this is exactly "a game whose dice came up
  so": the engine still rolls and resolves the dice itself.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from hexlab.engine import Game
from hexlab.hexes import Hex
from hexlab.rulesets.memoir44.combat import resolve_faces
from hexlab.rulesets.memoir44.rules import Battle, DoneOrdering, EndMoves, Order, PlayCard
from hexlab.scenario import load_text
from hexlab.testing import force_roll, refused, snapshot  # noqa: F401  (re-exported for the tests)
from tests.support.toml_text import toml_value as _toml

UnitSpec = tuple  # (id, side, type, "c,r") or (id, side, type, "c,r", {extra fields})


def scenario_text(units: Iterable[UnitSpec], *, terrain: dict[str, Sequence[str]] | None = None,
                  features: dict[str, Sequence[str]] | None = None, rules: dict[str, Any] | None = None,
                  first: str | None = "Allies", sides: Sequence[str] = ("Allies", "Axis"), bottom: str = "Allies",
                  title: str = "Test", width: int = 13, height: int = 9) -> str:
    """A Memoir '44 scenario as TOML text."""
    out = ["[scenario]", 'ruleset = "memoir44"', f"title = {_toml(title)}", f"sides = {_toml(list(sides))}"]
    if first is not None:
        out.append(f"first = {_toml(first)}")
    out += ["", "[board]", f"width = {width}", f"height = {height}", 'offset = "odd-r"', "short_odd_rows = true",
            'labels = "colrow"', 'default_terrain = "countryside"', ""]
    for name, hexes in (terrain or {}).items():
        out += ["[[board.terrain]]", f"type = {_toml(name)}", f"hexes = {_toml(list(hexes))}", ""]
    for name, hexes in (features or {}).items():
        out += ["[[board.feature]]", f"type = {_toml(name)}", f"hexes = {_toml(list(hexes))}", ""]
    for spec in units:
        uid, side, kind, at = spec[:4]
        extra = dict(spec[4]) if len(spec) > 4 else {}
        out += ["[[unit]]", f"id = {_toml(uid)}", f"side = {_toml(side)}", f"type = {_toml(kind)}",
                f"at = {_toml(at)}"]
        attrs = {k: extra.pop(k) for k in list(extra) if k in ("badge", "nation")}
        for k, v in extra.items():
            out.append(f"{k} = {_toml(v)}")
        if attrs:
            out.append(f"attrs = {_toml(attrs)}")
        out.append("")
    out += ["[rules]", f"bottom = {_toml(bottom)}"]
    for k, v in (rules or {}).items():
        out.append(f"{k} = {_toml(v)}")
    return "\n".join(out) + "\n"


def make(units: Iterable[UnitSpec], *, seed: int = 1, hand: Sequence[str] | None = None, ambush: bool = False,
         **kw: Any) -> Game:
    """Load an inline scenario; ``hand`` puts those cards in the first side's hand (see ``give``).

    Unless ``ambush``, no Ambush card is left in a dealt hand (it goes back to the deck, swapped for
    the deck's top card), so a close assault is not interrupted by a card the test did not ask for."""
    game = load_text(scenario_text(units, **kw), "memoir44/test", seed=seed)
    if not ambush:
        s = game.state
        for side in s.sides:
            if "ambush" in s.hands[side]:
                s.hands[side].remove("ambush")
                s.hands[side].append(s.decks["deck"].pop())
                s.decks["deck"].insert(0, "ambush")
    if hand is not None:
        give(game, game.state.active, hand)
    return game


def give(game: Game, side: str, cards: Sequence[str]) -> None:
    """Set ``side``'s hand to ``cards`` (direct state set-up). The old hand goes back on the deck and
    the new cards come out of the deck or the discards, so the game keeps exactly its 60 cards."""
    s = game.state
    s.decks["deck"][:0] = s.hands[side]  # under the deck
    s.hands[side] = []
    for c in cards:
        for pile in ("deck", "discard"):
            if c in s.decks[pile]:
                s.decks[pile].remove(c)
                break
        else:
            other = next(o for o in s.sides if o != side and c in s.hands[o])
            s.hands[other].remove(c)
            s.hands[other].append(s.decks["deck"].pop())
        s.hands[side].append(c)


def hx(game: Game, label: str) -> Hex:
    return game.board.parse(label)


def at(game: Game, uid: str) -> str | None:
    """A unit's hex as a label (None when eliminated)."""
    u = game.state.units[uid]
    return game.board.label(u.at) if u.at is not None else None




def order(game: Game, card: str, units: Sequence[str] = (), *, done: bool = True) -> None:
    """Play ``card`` (which must be in hand) and order ``units``; then Done ordering."""
    game.apply(PlayCard(card))
    game.play_to_decision()
    for uid in units:
        game.apply(Order(uid))
    if done:
        game.apply(DoneOrdering())
        game.play_to_decision()


def to_battle(game: Game, card: str, units: Sequence[str]) -> None:
    """Play a card, order units, skip the moves: the Battle phase."""
    order(game, card, units)
    if game.state.position == "move.move":
        game.apply(EndMoves())


Faces = tuple[str, ...]


def faces_are(*wanted: str) -> Callable[[Faces], bool]:
    return lambda faces: sorted(faces) == sorted(wanted)


def gives(target_kind: str, hits: int, flags: int) -> Callable[[Faces], bool]:
    return lambda faces: resolve_faces(faces, target_kind) == (hits, flags)


def roll(game: Game, want: Callable[[Faces], bool]) -> list:
    """At a dice step: make the roll come up as ``want`` says (direct set-up of the generator's seed,
    see the module doc), roll it, and run on to the next decision. Returns the events."""
    events = force_roll(game, want)
    return events + game.play_to_decision()


def dice_of(game: Game) -> int:
    """The number of battle dice the battle just declared rolls."""
    return game.state.rules_state.turn.battle.dice


def kinds(events: Iterable[Any]) -> list[str]:
    return [e.kind for e in events]


def cited(events: Iterable[Any]) -> set[str]:
    return {c for e in events for c in e.clauses}


def pass_turn(game: Game) -> None:
    """Play the active side's first playable card and do nothing with it: order nobody, move nobody,
    battle nobody (at any other decision, the first legal choice)."""
    side = game.state.active
    game.play_to_decision()
    while not game.is_over and game.state.active == side:
        legal = list(game.legal_actions())
        passing = [a for a in legal if a.verb == "pass"]
        game.apply(passing[0] if passing else legal[0])
        game.play_to_decision()


ASSAULTS = ["assault_left", "assault_centre", "assault_right"]


def battle(units: Iterable[UnitSpec], *, attacker: str = "A1", target: str = "X1",
           want: Callable[[Faces], bool] | None = None, also: Sequence[str] = (), **kw: Any) -> Game:
    """A game in which ``attacker`` (ordered by the Assault card of its section, with the units ``also``;
    its side plays first) has just declared a battle on ``target``; with ``want``, the roll is made to
    come out so."""
    units = list(units)
    side = next(u[1] for u in units if u[0] == attacker)
    kw.setdefault("first", side)
    game = make(units, **kw)
    give(game, side, ASSAULTS)
    u = game.state.units[attacker]
    section = game.rules.field.sections_of(u.at, side)[0]
    to_battle(game, f"assault_{section}", [attacker, *also])
    game.apply(Battle(attacker, target))
    if want is not None:
        roll(game, want)
    return game
