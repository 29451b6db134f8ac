"""``DiceTray``: the faces of the last roll, what each face does and what the roll did, as an anywidget whose
JavaScript ships with hexlab (no CDN).

Custom dice show the pictures their ruleset gives each face (``Die.icons``: Memoir '44's battle die
draws infantry, armor, grenade, star and flag; Cadet Commander's ATK die Oh Dear, Run away, Ouch and Hit
and Run); d6 faces show pips and d10 faces numerals 1-10. A face that stands for several numbers that do
nothing (Cactus' ground d6 reads 1 to 4 as one face) is drawn blank, never as a range. Under each die are
the face's words from the roller's side, as the ruleset gives them (``Ruleset.face_words``, else the die's
``labels``: "5: Japan's 5 throws US Marines back"), and under the dice what the roll did, in the engine's
own words (the events its resolution logged). A new roll animates briefly (not for readers who ask their
system for less motion).

Connected to a game, the tray follows the log (``game.log_for(viewer)``: a roll private to another side is not
shown) and says which roll it shows: the roll being resolved now ("Roll, turn 2, Battle"), or, once the game
has moved on (another phase or turn, or a new roll is due), the last roll with its moment, in a muted style
("Last roll (turn 2, Battle)"). An undo that takes the roll back takes it off the tray.
"""

from __future__ import annotations

import pathlib
from typing import Any

import anywidget
import traitlets

from ..dice import Die
from ..engine import DiceRolled, Event, Game, PhaseBegan

HERE = pathlib.Path(__file__).parent


class DiceTray(anywidget.AnyWidget):
    # the files' text, not their paths: anywidget ties every tray made from a path to the file's watcher, for
    # good, so a table that rebuilds its tray for each new game would keep every old game alive
    _esm = (HERE / "dicetray.js").read_text(encoding="utf-8")
    _css = (HERE / "dicetray.css").read_text(encoding="utf-8")

    dice = traitlets.List(traitlets.Dict()).tag(sync=True)
    """One entry per die: face, label, meaning, sides, whether it is blank, the faces to flicker through, its
    group and the group's words."""
    icons = traitlets.Dict().tag(sync=True)
    """SVG pictures of custom faces, from the ruleset's dice (``Die.icons``), by face."""
    caption = traitlets.Unicode("").tag(sync=True)
    """The roll in the log's words ("Roll the battle dice: armor")."""
    heading = traitlets.Unicode("").tag(sync=True)
    """Which roll this is: "Roll, turn 2, Battle" or "Last roll (turn 2, Battle)"."""
    status = traitlets.Unicode("none").tag(sync=True)
    """``"current"`` (the roll being resolved now), ``"last"`` (the game has moved on) or ``"none"``."""
    results = traitlets.List(traitlets.Unicode()).tag(sync=True)
    """What the roll did, in the log's words."""
    roll = traitlets.Int(0).tag(sync=True)
    """Counts rolls; a change starts the roll animation."""

    def __init__(self, game: Game | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.game = game
        self._viewer: str | None = None
        self._shown: Event | None = None
        self._stop = lambda: None
        if game is not None:
            self.icons = {str(face): svg for die in game.rules.dice_by_name().values()
                          for face, svg in (die.icons or {}).items()}
            self._stop = game.on_change(lambda g, events: self._follow(g))
            self._follow(game, animate=False)

    @property
    def viewer(self) -> str | None:
        """The seat the tray shows rolls to (``game.log_for``): a roll private to another side is not shown."""
        return self._viewer

    @viewer.setter
    def viewer(self, side: str | None) -> None:
        self._viewer = side
        if self.game is not None:
            self._shown = None
            self._follow(self.game, animate=False)

    def __repr__(self) -> str:
        if not self.caption:
            return "<DiceTray: no roll yet>"
        return f"<DiceTray: {self.heading}: {self.caption}>"

    def show(self, groups: list[tuple[str, list[Any], Die | None]], caption: str = "", animate: bool = True,
             counts=None, meanings=None, rollers: list[str] | None = None) -> None:
        """Show dice: ``groups`` is ``[(group label, faces rolled, the die), ...]``; ``meanings(group, face)``
        gives a face's words (by default the die's label for it); ``rollers`` the side rolling each group."""
        dice = []
        for g, (label, faces, die) in enumerate(groups):
            roller = rollers[g] if rollers and g < len(rollers) else ""
            all_faces = list(die.distinct) if die else sorted(set(faces), key=str)
            for face in faces:
                meaning = meanings(g, face) if meanings else None
                blank = _blank(die, face)
                if blank:  # a face for several numbers is named by what it does, never as a range
                    name, meaning = meaning or "no effect", None
                elif meaning and isinstance(face, int):  # the number; what it does is the meaning
                    name = str(face)
                else:
                    name = die.label(face) if die else _words(face)
                dice.append({
                    "face": face, "label": name, "meaning": meaning if meaning and meaning != name else "",
                    "blank": blank, "sides": die.sides if die else len(all_faces),
                    "faces": all_faces, "group": g, "group_label": label, "roller": roller if roller not in label else "",
                    "counts": bool(counts and counts(face)),
                })
        self.caption = caption
        self.dice = dice
        if animate:
            self.roll += 1

    def clear(self) -> None:
        self._shown = None
        self.caption = self.heading = ""
        self.status = "none"
        self.results = []
        self.dice = []

    def _follow(self, game: Game, animate: bool = True) -> None:
        log = game.log if self._viewer is None else game.log_for(self._viewer)
        index = next((i for i in range(len(log) - 1, -1, -1) if isinstance(log[i].payload, DiceRolled)), None)
        if index is None:
            self.clear()
            return
        last = log[index]
        status, heading = roll_status(game, log, index)
        self.status, self.heading = status, heading
        if last is self._shown:
            return
        self._shown = last
        roll = last.payload
        assert isinstance(roll, DiceRolled)
        self.results = [e.text for e in consequences(log, index)]
        words = game.rules.face_words
        self.show(_groups(game, last), last.text, animate=animate,
                  meanings=lambda g, face: words(roll, g, face),
                  rollers=list(roll.by) or ([last.side] * len(roll.dice) if last.side else None))


def roll_status(game: Game, log: list[Event], index: int) -> tuple[str, str]:
    """Whether the roll at ``log[index]`` is the one being resolved now, and its heading.

    It is current while the game is still in the turn and phase it was rolled in, no phase has begun since
    and no new roll is due (a dice step waiting to be rolled); otherwise it is the last roll, shown with the
    turn and phase it belongs to."""
    event = log[index]
    phase_id = event.position.split(".")[0]
    try:
        phase_title = game.rules.sequence.lookup(event.position)[0].title
    except (KeyError, ValueError):
        phase_title = phase_id
    moment = f"turn {event.turn}, {phase_title}"
    later = log[index + 1:]
    moved_on = (game.is_over or event.turn != game.state.turn or phase_id != game.state.phase_id
                or any(isinstance(e.payload, PhaseBegan) for e in later) or game.current_step.kind == "dice")
    if moved_on:
        return "last", f"Last roll ({moment})"
    return "current", f"Roll, {moment}"


def consequences(log: list[Event], index: int) -> list[Event]:
    """The events a roll's resolution logged at once: those right after it, in the same turn and at the same
    step (a new phase, another roll or the next step's business ends them)."""
    roll = log[index]
    out = []
    for e in log[index + 1:]:
        if e.turn != roll.turn or e.position != roll.position or isinstance(e.payload, DiceRolled | PhaseBegan):
            break
        out.append(e)
    return out


def _words(face: Any) -> str:
    return face if isinstance(face, int) else str(face).replace("_", " ")


def _blank(die: Die | None, face: Any) -> bool:
    """A named face on a die of numbers, with no picture: it stands for several numbers that do nothing (the
    ground d6's "1-4"), so it is drawn blank rather than as a range."""
    if die is None or not isinstance(face, str) or (die.icons and face in die.icons):
        return False
    return any(isinstance(f, int) for f in die.faces)


def _groups(game: Game, event: Event) -> list[tuple[str, list[Any], Die | None]]:
    roll = event.payload
    assert isinstance(roll, DiceRolled)
    dice_by_name = game.rules.dice_by_name()
    labels = list(roll.groups) + [""] * (len(roll.dice) - len(roll.groups))
    return [(label, list(rolled), dice_by_name.get(name))
            for label, name, rolled in zip(labels, roll.dice, roll.faces, strict=False)]
