"""Playing a table by its buttons and map clicks only, as a person does, and counting the clicks.

A *shadow* table (the same :class:`hexlab.widgets.Table` in the test's own process, on the same scenario and
seed as the table in the browser) plans each click: which button, or which point of the map. The browser
test makes the same click on the page, and the shadow takes it too (a button's ``click()``, the map's
``click(x, y)``), so both tables go the same way; the test checks they agree. The decisions are the game's
own computer player's (``hexlab.players.ComputerPlayer``), asked on the shadow; it only chooses, the clicks
do the rest. Nothing here calls ``game.apply``.

A click is one of:

- ``Click("next", ...)``: the stepper's primary "Next step" button (a roll, at a dice step);
- ``Click("seat", ...)``: "I am X: show my side", the hot-seat hand-over;
- ``Click("choice", index=i)``: the stepper's i-th choice button (a decision no unit takes);
- ``Click("unit-button", index=i)``: the i-th button under the map (a unit's choice, or a confirmation);
- ``Click("map", x=..., y=...)``: a point of the map, in the map's own CSS pixels (before any scaling).
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from hexlab.engine import Action
from hexlab.engine.game import STEP
from hexlab.hexes import Hex
from hexlab.players import ComputerPlayer
from hexlab.widgets import Table


@dataclass(frozen=True)
class Click:
    kind: str
    index: int = 0
    x: float = 0.0
    y: float = 0.0
    label: str = ""


@dataclass
class Tally:
    """The clicks of a stretch of play, by kind."""

    clicks: list[Click] = field(default_factory=list)

    def add(self, click: Click) -> None:
        self.clicks.append(click)

    @property
    def total(self) -> int:
        return len(self.clicks)

    def by_kind(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for c in self.clicks:
            out[c.kind] = out.get(c.kind, 0) + 1
        return out


def _steady(hexmap: Any, x: float, y: float, want: Callable[[Any], bool], slack: float = 1.5) -> bool:
    """Whether a click at (x, y) and a little around it (the browser rounds the mouse to whole pixels of the
    scaled canvas) all hit what ``want`` accepts."""
    return all(want(hexmap.place_at(x + dx, y + dy)) for dx in (-slack, 0, slack) for dy in (-slack, 0, slack))


def _grid(x0: float, y0: float, x1: float, y1: float, step: float = 4.0) -> Iterator[tuple[float, float]]:
    """Points of a rectangle, from its middle outwards."""
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    pts = [(x0 + i * step, y0 + j * step) for i in range(int((x1 - x0) / step) + 1)
           for j in range(int((y1 - y0) / step) + 1)]
    yield from sorted(pts, key=lambda p: (p[0] - cx) ** 2 + (p[1] - cy) ** 2)


def unit_point(hexmap: Any, unit: str) -> tuple[float, float]:
    """A point of the map where a click hits ``unit``'s counter."""
    counter = next(c for c in hexmap._scene.counters if c.unit == unit)
    half = counter.size / 2
    for x, y in _grid(counter.x - half, counter.y - half, counter.x + half, counter.y + half, 2.0):
        if _steady(hexmap, x, y, lambda hit: hit[1] == unit):
            return x, y
    raise AssertionError(f"no point of the map hits {unit}'s counter")


def place_point(hexmap: Any, where: Any) -> tuple[float, float]:
    """A point of the map where a click lands on the place ``where`` (clear of counters if it can be)."""
    sc = hexmap._scene
    if isinstance(where, Hex) and where in sc.cells:
        cx, cy = sc.cells[where].center
        r = hexmap.hex_size * 0.6
        rect = (cx - r, cy - r, cx + r, cy + r)
    elif sc.areas is not None and where in getattr(sc.areas, "boxes", {}):
        rect = sc.areas.boxes[where]
    else:
        rect = (0.0, 0.0, sc.width, sc.height)
    points = list(_grid(*rect))
    for wanted in (lambda hit: hit == (where, None), lambda hit: hit[0] == where):
        for x, y in points:
            if _steady(hexmap, x, y, wanted):
                return x, y
    raise AssertionError(f"no point of the map lands on {where!r}")


class Planner:
    """Plans the clicks of a person playing the shadow table, and takes them on it."""

    def __init__(self, shadow: Table, choose: Callable[[Any], Action] | None = None, seed: int = 1) -> None:
        self.shadow = shadow
        self.choose = choose or ComputerPlayer(seed).choose
        """Who decides: the game's computer player, unless given (a list of decisions played back)."""
        self.decisions: list[Action] = []

    @property
    def game(self):
        return self.shadow.game

    def take_seat_button(self) -> Any:
        return next((w for w in self.shadow.handover.children if "hexlab-take-seat" in w._dom_classes), None)

    def next_click(self, action: Action | None) -> Click:
        """The next click: the hand-over, a roll, or the next click towards ``action`` (the decision chosen)."""
        s, m = self.shadow, self.shadow.map
        if self.take_seat_button() is not None:
            return Click("seat", label=self.take_seat_button().description)
        if not s.stepper.next_button.disabled:
            return Click("next", label=s.stepper.next_button.description)
        assert action is not None
        game, rules = self.game, self.game.rules
        if action.actor is None:
            i = s.stepper.choice_actions().index(action)
            return Click("choice", index=i, label=s.stepper.choices.children[i].description)
        if m.choices and action in m.choices:  # the map asks which (or to confirm): its button
            words = m.click_words(action)
            i = next(i for i, b in enumerate(m.unit_actions.children) if b.description == words)
            return Click("unit-button", index=i, label=words)
        if m.selected != action.actor:
            at = game.state.units[action.actor].at
            if m.selected is not None and at in m._targets:
                # the unit stands where the selected one may act: a click there would act; clear it first
                x, y = unit_point(m, m.selected)
                return Click("map", x=x, y=y, label=f"clear {m.selected}")
            x, y = unit_point(m, action.actor)
            return Click("map", x=x, y=y, label=f"click {action.actor}")
        where = rules.action_location(game.state, action)
        if where is None:
            words = game.describe(action)
            i = next(i for i, b in enumerate(m.unit_actions.children) if b.description == words)
            return Click("unit-button", index=i, label=words)
        x, y = place_point(m, where)
        return Click("map", x=x, y=y, label=f"{game.describe(action)} on {game.board.label(where)}")

    def take(self, click: Click) -> None:
        """Make the click on the shadow table."""
        s = self.shadow
        if click.kind == "seat":
            self.take_seat_button().click()
        elif click.kind == "next":
            s.stepper.next_button.click()
        elif click.kind == "choice":
            s.stepper.choices.children[click.index].click()
        elif click.kind == "unit-button":
            s.map.unit_actions.children[click.index].click()
        elif click.kind == "map":
            s.map.click(click.x, click.y)
        else:
            raise ValueError(click.kind)

    def play_turn(self, do: Callable[[Click], None] = lambda c: None, limit: int = 400) -> Tally:
        """Play until the game's turn number changes (or the game ends): each click is made on the shadow
        and handed to ``do`` (which makes it in the browser). Returns the clicks."""
        game, tally = self.game, Tally()
        turn = game.state.turn
        action: Action | None = None
        while not game.is_over and game.state.turn == turn:
            if len(tally.clicks) >= limit:
                raise AssertionError(f"more than {limit} clicks in one turn")
            needs_choice = self.take_seat_button() is None and self.shadow.stepper.next_button.disabled
            if needs_choice and action is None:
                action = self.choose(game)
            before = len(game.history)
            click = self.next_click(action if needs_choice else None)
            self.take(click)
            tally.add(click)
            do(click)
            if needs_choice and len(game.history) > before:
                taken = next(e for e in game.history[before:] if e != STEP)
                assert taken == action, f"the clicks took {taken!r}, not the chosen {action!r}"
                self.decisions.append(action)
                action = None
        return tally


def log_top(table: Table) -> str:
    """The newest line of a table's log, as a browser shows its text (before the clause chips): a computer's reason
    cites rule codes marked up with their marks, whose tags the browser shows as their text alone."""
    m = re.search(r"<li[^>]*>(.*?) <small", table.stepper.log_view.value, re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", m.group(1))) if m else ""


def played_back(decisions: list[Action]) -> Callable[[Any], Action]:
    """A chooser that makes the given decisions again, in order."""
    it = iter(decisions)
    return lambda game: next(it)
