"""``DiceTray``: the last roll's faces, as an anywidget whose JavaScript ships with hexlab (no CDN).

Custom dice show the pictures their ruleset gives each face (``Die.icons``: Memoir '44's battle die
draws infantry, armor, grenade, star and flag; Cadet Commander's ATK die Oh Dear, Run away, Ouch and Hit
and Run); d6 faces show pips and d10 faces numerals 1-10. A new roll animates briefly (not for readers
who ask their system for less motion). Connected to a game, the tray shows every ``DiceRolled`` event
as it happens, and goes back with undo.
"""

from __future__ import annotations

import pathlib
from typing import Any

import anywidget
import traitlets

from ..dice import Die
from ..engine import DiceRolled, Event, Game

HERE = pathlib.Path(__file__).parent


class DiceTray(anywidget.AnyWidget):
    _esm = HERE / "dicetray.js"
    _css = HERE / "dicetray.css"

    dice = traitlets.List(traitlets.Dict()).tag(sync=True)
    """One entry per die: face, label, sides, the faces to flicker through, its group."""
    icons = traitlets.Dict().tag(sync=True)
    """SVG pictures of custom faces, from the ruleset's dice (``Die.icons``), by face."""
    caption = traitlets.Unicode("").tag(sync=True)
    roll = traitlets.Int(0).tag(sync=True)
    """Counts rolls; a change starts the roll animation."""

    def __init__(self, game: Game | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.game = game
        self.viewer: str | None = None
        """The seat the tray shows rolls to (``game.log_for``): a roll private to another side is not shown."""
        self._shown: Event | None = None
        if game is not None:
            self.icons = {str(face): svg for die in game.rules.dice_by_name().values()
                          for face, svg in (die.icons or {}).items()}
            game.on_change(lambda g, events: self._follow(g))
            self._follow(game, animate=False)

    def __repr__(self) -> str:
        return f"<DiceTray: {self.caption or 'no roll yet'}>"

    def show(self, groups: list[tuple[str, list[Any], Die | None]], caption: str = "", animate: bool = True,
             counts=None) -> None:
        """Show dice: ``groups`` is ``[(group label, faces rolled, the die), ...]``."""
        dice = []
        for g, (label, faces, die) in enumerate(groups):
            all_faces = list(die.distinct) if die else sorted(set(faces), key=str)
            for face in faces:
                dice.append({
                    "face": face, "label": die.label(face) if die else _words(face),
                    "sides": die.sides if die else len(all_faces), "faces": all_faces,
                    "group": g, "group_label": label, "counts": bool(counts and counts(face)),
                })
        self.caption = caption
        self.dice = dice
        if animate:
            self.roll += 1

    def _follow(self, game: Game, animate: bool = True) -> None:
        log = game.log if self.viewer is None else game.log_for(self.viewer)
        last = next((e for e in reversed(log) if isinstance(e.payload, DiceRolled)), None)
        if last is self._shown:
            return
        self._shown = last
        if last is None:
            self.caption = ""
            self.dice = []
            return
        self.show(_groups(game, last), last.text, animate=animate)


def _words(face: Any) -> str:
    return face if isinstance(face, int) else str(face).replace("_", " ")


def _groups(game: Game, event: Event) -> list[tuple[str, list[Any], Die | None]]:
    roll = event.payload
    assert isinstance(roll, DiceRolled)
    dice_by_name = game.rules.dice_by_name()
    labels = list(roll.groups) + [""] * (len(roll.dice) - len(roll.groups))
    return [(label, list(rolled), dice_by_name.get(name))
            for label, name, rolled in zip(labels, roll.dice, roll.faces, strict=False)]
