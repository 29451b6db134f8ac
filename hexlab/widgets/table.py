"""The play table: map, stepper, dice tray, odds panel and log, laid out for a notebook.

``hexlab.play("ruleset/name", seed=1)`` returns a :class:`Table` for hot-seat play by two people at one
screen; ``players={"Blue": "computer"}`` (or ``"human,computer"``) lets the computer take a side, and
"Play to next decision" then plays its turns. "New game", "Save" and "Load" start the scenario again and keep
games as JSON files in the notebook's folder.

The table is made for a school laptop (1366x768, JupyterLab's file browser open): the map scales down to the
room it has (:func:`fit_map`), and what to do now (the stepper's step, the map's messages and questions, the
choices and "Next step") sits beside it, above the fold.
"""

from __future__ import annotations

import html
import re
import time
from collections.abc import Mapping
from glob import escape as glob_escape
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from .. import saves
from ..engine import Game, HexlabError
from ..engine.seats import PUBLIC
from ..players import Player, players_for
from ..render.scene import SIDE_MARK_NAMES
from ..scenario import load
from .airbase import BesideMap
from .dicetray import DiceTray
from .hexmap import HexMap
from .odds import OddsPanel
from .stepper import PhaseStepper

CSS = "<style>\n" + (Path(__file__).with_name("table.css")).read_text(encoding="utf-8") + "</style>\n"
"""The table's stylesheet (table.css), put in the table's title so it comes wherever the table is shown."""

MAP_HEIGHT = "100vh - 230px"
"""The height a table's map may take: the window's, less the notebook's bars and the table's title, so that on a
school laptop (1366x768) the whole map shows with the stepper beside it."""


class Table(widgets.VBox):
    """Everything needed to play a game in a notebook, from a seat.

    ``seat="Allies"`` shows one side's view for good (the other side is the computer, or another screen).
    With no ``seat``, the people at the table play *hot-seat*: the table shows the view of the side whose
    decision it is, and when the decision passes to another person it first hides everything private
    (hands, hidden units: the public view) and asks that player to take the seat. ``teacher=True`` (or
    the switch on the table) shows both sides at once. What a seat sees is decided by the ruleset, in one
    place (:mod:`hexlab.engine.seats`). The table runs the engine's bookkeeping by itself, so the clicks
    are the decisions and the rolls; ``walk=True`` (or the stepper's switch) stops at every step.

    "New game" starts the scenario afresh (with the seed in the box: this game's, unless changed), "Save"
    writes the game as JSON into ``folder`` (the notebook's folder: the kernel's working directory) and
    "Load" opens one of the saves there. Either puts a new game on the table: the map, stepper, dice and
    odds are built again around it, and the old ones stop following the old game."""

    def __init__(self, game: Game, players: Mapping[str, Any] | str | None = None, size: float | None = None,
                 seat: str | None = None, teacher: bool = False, walk: bool = False, folder: str | None = None,
                 **kwargs: Any) -> None:
        if seat is not None and seat not in game.state.sides:
            raise ValueError(f"seat: {seat!r} is not a side of this game ({', '.join(game.state.sides)})")
        self.fixed_seat = seat
        """The one side this table is for, or ``None`` for hot-seat play between the people at it."""
        self._players_asked = players
        self._size = size
        self.folder = folder
        """Where "Save" writes and "Load" looks (``None``: the kernel's working directory, the notebook's folder)."""
        self.teacher = widgets.ToggleButton(value=teacher, description="Show both sides (teacher)",
                                            tooltip="Show every side's hand and hidden units at once",
                                            layout=widgets.Layout(width="auto", align_self="flex-start"))
        self.words = widgets.HTML()
        """The position in words (``game.describe()``), for a screen reader or a printed page."""
        self._build_files()
        self._labels = [widgets.HTML("<b>Dice</b>"), widgets.HTML("<b>Sequence of play</b>"),
                        widgets.HTML("<b>What happened</b> (newest first)")]
        # the head stays; the rest (the map with what is beside it, and the sequence and log below) is built in
        # boxes of its own for each game by _install
        self.title = widgets.HTML()
        self._head = widgets.VBox([self.title, self.files, self.file_note])
        self._head.add_class("hexlab-table-head")
        super().__init__([self._head], **kwargs)
        self.add_class("hexlab-table")
        self.teacher.observe(lambda _change: self._show_seat(self._waiting_for()), names=["value"])
        self._stops: list[Any] = []
        self._install(game, self._players_for(game), walk)

    def _players_for(self, game: Game) -> dict[str, Player]:
        return players_for(game, self._players_asked) if self._players_asked is not None else {}

    def _install(self, game: Game, players: dict[str, Player], walk: bool) -> None:
        """Put ``game`` on the table: build the map, stepper, dice and odds around it, and stop and close the
        ones that followed the game before it.

        The new parts go in new boxes, made whole in the kernel (the bookkeeping due at the start run, the seat's
        view set) before the page sees them, and the table then swaps its old boxes for the new ones in one
        change. In the browser, a box builds the views of its children asynchronously and, once they are built,
        posts each of them a resize message; if the box's children change again, or the box leaves the page, in
        the meantime, those messages reach views already thrown away, and each logs "Cannot read properties of
        null (reading 'processLuminoMessage')" in the console. (Filling the old boxes with the new parts, then
        putting the new map before the stepper's box, did just that: it made the browser build that box anew.)
        So while a game is put on the table, nothing on the page has its children changed but the table, once."""
        old = self._parts() if hasattr(self, "map") else []
        old_boxes = self._boxes() if hasattr(self, "map") else []
        for stop in self._stops:
            stop()
        self.game = game
        self.players = players
        self.seat: str | None = self.fixed_seat or self._first_person()
        """The side whose player sits at the table now (hot-seat: the one who last took the seat)."""
        viewer = self._viewer(self._waiting_for())
        # what the ruleset draws beside the map (tracks, off-map displays...): the same widget for every ruleset;
        # when it draws the displays, the map's canvas holds the hexes alone
        probe = game.rules.beside_map(game.view(PUBLIC), PUBLIC).panels
        self.map = HexMap(game, size=self._size, viewer=viewer,
                          displays=not any(p.kind == "display" for p in probe))
        fit_map(self.map, MAP_HEIGHT + (" - 100px" if any(p.kind == "track" for p in probe) else ""))
        self.beside = BesideMap(game, self.map)
        """The panels beside the map (:class:`~hexlab.widgets.airbase.BesideMap`): empty for most rulesets."""
        self.stepper = PhaseStepper(game, players=self.players, viewer=viewer, walk=walk)
        self.stepper.attach(self.map)  # a move on the map runs the bookkeeping after it, as a button's does
        self.dice = DiceTray(game)
        self.dice.viewer = viewer
        self.odds = OddsPanel(game, self.map)
        self.title.value = self._title_html()
        # what the map says about a click and the choices it asks for sit by the stepper, not under the map: on
        # a laptop the map fills the window's height and anything under it is out of sight
        beside = (self.map.note, self.map.unit_actions, self.map.hover)
        self.map.children = [w for w in self.map.children if w not in beside] + (
            [self.beside.tracks] if self.beside.tracks.value else [])
        self.map.unit_actions.add_class("hexlab-unit-actions")
        self._hint_row = widgets.HBox([self.stepper.hint_button, self.stepper.hint_view])
        self.handover = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        """The hot-seat hand-over: who decides now and the button that shows their side."""
        self.handover.add_class("hexlab-handover")
        self._stops = [self.map._stop, self.stepper._stop, self.dice._stop, self.odds._stop, self.beside._stop,
                       game.on_change(lambda *_: self._turn_passed())]
        self.stepper.settle()  # the bookkeeping due at the start (unless walking through every step)
        self._show_seat(self._waiting_for())
        # beside the map (or right under it, in a narrow notebook): what to do now, the dice, the odds;
        # below: the sequence of play and the log
        self.side = widgets.VBox([self.handover, self.stepper.header, self.map.note, self.map.unit_actions,
                                  self.stepper.choices, self.stepper.buttons, self.stepper.note,
                                  self._hint_row, self.map.hover,
                                  self.stepper.explain, self._labels[0], self.dice, self.odds],
                                 layout=widgets.Layout(flex="1 1 300px", min_width="300px", max_width="460px"))
        self.side.add_class("hexlab-side")
        self.side.add_class("hexlab-stepper")
        self.body = widgets.HBox([self.map, self.side] + ([self.beside] if self.beside.shown.panels else []),
                                 layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"))
        self.sequence = widgets.VBox([self._labels[1], self.stepper.walk, self.stepper.sequence],
                                     layout=widgets.Layout(flex="1 1 300px", min_width="280px"))
        self.history = widgets.VBox([self._labels[2], self.stepper.log_view, self.words, self.teacher],
                                    layout=widgets.Layout(flex="2 1 360px", min_width="300px"))
        self._below = widgets.HBox([self.sequence, self.history],
                                   layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"))
        self.seed_box.value = game.seed
        self._kept = game.history
        self._refresh_saves()
        self.children = [self._head, self.body, self._below]  # the one change the page sees
        for widget in old:
            _close(widget)
        for box in old_boxes:  # not their children: the table's own widgets (the labels, the teacher's switch) stay
            _close_box(box)

    def _parts(self) -> list[widgets.Widget]:
        """The widgets bound to the game on the table (not all of them inside the table's own boxes: the stepper
        lends its parts, the map its note and buttons)."""
        # the hint's row is the stepper's, shown beside the map: closed with the rest (left open, its button kept
        # the old stepper, and with it the old game, alive for as long as the kernel ran)
        return [self.map, self.map.note, self.map.unit_actions, self.map.hover, self.stepper, self.dice, self.odds,
                self.beside, self.beside.tracks, self._hint_row, self.handover]

    def _boxes(self) -> list[widgets.Box]:
        """The boxes made for one game to lay out the table's parts: closed with the game's parts, but not what
        is in them (the parts, closed on their own, and the table's own widgets, which stay)."""
        return [self.body, self.side, self._below, self.sequence, self.history]

    def close(self) -> None:
        """Close the table and every widget of it, and stop following its game (a page that puts up another
        table calls this, so the kernel lets the old one and its game go)."""
        for stop in getattr(self, "_stops", ()):
            stop()
        self._stops = []
        if hasattr(self, "map"):
            for widget in self._parts():
                _close(widget)
        # (a table whose construction was refused part way, a bad player name say, is closed by the garbage
        # collector too: only the parts it got as far as making)
        own = [getattr(self, name, None) for name in ("teacher", "words", "files", "file_note")]
        for widget in list(self.children) + [w for w in own if w is not None] + list(getattr(self, "_labels", ())):
            _close(widget)
        for part in (self.layout, getattr(self, "style", None)):
            if isinstance(part, widgets.Widget):
                part.close()
        super().close()

    def _title_html(self) -> str:
        game = self.game
        title = game.scenario.title if game.scenario else game.rules.name
        summary = game.scenario.meta.summary if game.scenario else ""
        who = ", ".join(f"{s} {SIDE_MARK_NAMES[i % 4]}: {'computer' if s in self.players else 'a person'}"
                        for i, s in enumerate(game.state.sides))
        return (f"{CSS}<div class='hexlab-table-title'>{html.escape(title)} "
                f"<small>· {html.escape(game.rules.name)} · seed {game.seed} · {html.escape(who)}</small></div>"
                + (f"<details class='hexlab-table-summary'><summary>About this scenario</summary>"
                   f"{html.escape(summary)}</details>" if summary else ""))

    # ------------------------------------------------------------------------------------ new, save, load
    def _build_files(self) -> None:
        """The row of game-file buttons: New game (with its seed), Save, and Load from the saves here."""
        auto = widgets.Layout(width="auto")
        self.new_button = widgets.Button(description="New game", layout=auto)
        self.seed_box = widgets.IntText(description="seed", layout=widgets.Layout(width="120px"),
                                        style={"description_width": "initial"},
                                        tooltip="The seed of the new game's dice: this game's seed at first (the "
                                                "same dice again); change it for other dice")
        self.save_button = widgets.Button(description="Save", layout=auto)
        self.saves_list = widgets.Dropdown(layout=widgets.Layout(width="auto", max_width="230px"))
        self.load_button = widgets.Button(description="Load", layout=auto)
        self.look_button = widgets.Button(description="↻", layout=widgets.Layout(width="32px"),
                                          tooltip="Look for saves in the folder again")
        for b, fn, cls in ((self.new_button, lambda: self.new_game(self.seed_box.value), "hexlab-new-game"),
                           (self.save_button, self.save_here, "hexlab-save"),
                           (self.load_button, lambda: self.load_game(self.saves_list.value), "hexlab-load"),
                           (self.look_button, self._refresh_saves, "hexlab-look")):
            b.on_click(lambda _b, fn=fn: fn())
            b.add_class(cls)
        self.seed_box.add_class("hexlab-seed")
        self.saves_list.add_class("hexlab-saves")
        self.files = widgets.HBox([self.new_button, self.seed_box, self.save_button, self.saves_list,
                                   self.load_button, self.look_button],
                                  layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        self.files.add_class("hexlab-files")
        self.file_note = widgets.HTML()
        self.file_note.add_class("hexlab-file-note")
        self._confirm: tuple[str, Any] | None = None
        self._kept: list[Any] = []

    def where(self) -> Path:
        """The folder "Save" writes to and "Load" lists: :attr:`folder`, or the notebook's (the kernel's
        working directory)."""
        return Path(self.folder) if self.folder is not None else Path.cwd()

    def _say_file(self, text: str, error: bool = False) -> None:
        cls = " class='hexlab-file-error'" if error else ""
        self.file_note.value = f"<div{cls}>{text}</div>"

    def _unsaved(self, verb: str, key: Any) -> bool:
        """Whether the game on the table has moves that would be lost and the player has not yet confirmed
        (by pressing the same button again): then say so, and the press does nothing."""
        if self.game.history == self._kept or self._confirm == (verb, key):
            self._confirm = None
            return False
        self._confirm = (verb, key)
        moves = len(self.game.actions)
        self._say_file(f"This game has {moves} move{'' if moves == 1 else 's'} since it was last saved. Press "
                       f"<b>{verb}</b> again to leave it, or <b>Save</b> it first.", error=True)
        return True

    def new_game(self, seed: int | None = None) -> Game:
        """Put a new game of the same scenario on the table, with ``seed`` (``None``: this game's seed, so the
        same dice). Asks first (by a note; press again) when the game on the table has unsaved moves."""
        game = self.game
        seed = game.seed if seed is None else int(seed)
        if game.scenario is None:
            self._say_file("This game was not built from a scenario, so there is nothing to start again.", True)
            return game
        if self._unsaved("New game", seed):
            return game
        fresh = game.scenario.new_game(seed)
        self._install(fresh, self._players_for(fresh), self.stepper.walk.value)
        self._say_file(f"A new game of {html.escape(game.scenario.title)}, seed {fresh.seed}.")
        return fresh

    def save_name(self) -> str:
        """The name the next save gets: the scenario's name and a number, ``tenaru-save-3.json``."""
        sid = self.game.scenario.id if self.game.scenario else self.game.rules.id
        stem = Path(sid).stem or "game"
        numbers = [int(m.group(1)) for p in self.where().glob(f"{glob_escape(stem)}-save-*.json")
                   if (m := re.fullmatch(re.escape(stem) + r"-save-(\d+)\.json", p.name))]
        return f"{stem}-save-{max(numbers, default=0) + 1}.json"

    def save_here(self) -> Path | None:
        """Save the game into :meth:`where` under :meth:`save_name`; say where. ``None`` if it can't be saved."""
        path = self.where() / self.save_name()
        try:
            saves.save(self.game, str(path))
        except (HexlabError, OSError) as err:
            self._say_file(f"Not saved: {html.escape(str(err))}", error=True)
            return None
        self._kept = self.game.history
        self._confirm = None
        self._refresh_saves(path.name)
        self._say_file(f"Saved as <b>{html.escape(path.name)}</b> in <code>{html.escape(str(path.parent))}</code>. "
                       f"<b>Load</b> opens it here; in any notebook, <code>hexlab.resume({path.name!r})</code>.")
        return path

    def save_files(self) -> list[Path]:
        """The hexlab saves in :meth:`where`, newest first (JSON files that say they are hexlab saves)."""
        found = []
        for p in self.where().glob("*.json"):
            try:
                with open(p, "rb") as fh:
                    head = fh.read(4096)
                stamp = p.stat().st_mtime
            except OSError:
                continue
            if b'"' + saves.SAVE_FORMAT.encode() + b'"' in head:
                found.append((stamp, p.name, p))
        return [p for _, _, p in sorted(found, key=lambda t: (-t[0], t[1]))]

    def _refresh_saves(self, chosen: str | None = None) -> None:
        files = self.save_files()
        options = [(f"{p.name} · {time.strftime('%d %b %H:%M', time.localtime(p.stat().st_mtime))}", p.name)
                   for p in files]
        keep = chosen or self.saves_list.value
        self.saves_list.options = options or [("no saves here yet", "")]
        names = [name for _, name in options]
        self.saves_list.value = keep if keep in names else (names[0] if names else "")
        self.saves_list.disabled = self.load_button.disabled = not options
        folder = html.escape(str(self.where()))
        self.saves_list.tooltip = f"The hexlab saves in {folder}, newest first"
        self.save_button.tooltip = f"Save this game as {self.save_name()} in {folder}"
        self.load_button.tooltip = f"Open the chosen save from {folder} on this table"
        title = self.game.scenario.title if self.game.scenario else self.game.rules.name
        self.new_button.tooltip = (f"Start {title} again from the beginning, with the seed in the box: this game's "
                                   f"seed ({self.game.seed}) gives the same dice; another seed, other dice")

    def load_game(self, name: str | None) -> Game | None:
        """Put the save ``name`` (in :meth:`where`) on the table. A save that can't be read or doesn't replay
        is reported by its name and what is wrong, and the game on the table stays as it was."""
        if not name:
            self._say_file(f"There are no hexlab saves in <code>{html.escape(str(self.where()))}</code> yet.", True)
            return None
        path = self.where() / name
        try:
            game = saves.load(str(path))
            players = self._players_for(game)
            if self.fixed_seat is not None and self.fixed_seat not in game.state.sides:
                raise HexlabError(f"it is a game of {', '.join(game.state.sides)}, and this table is for "
                                  f"{self.fixed_seat}")
        except Exception as err:  # noqa: BLE001 (a reader gets the file's name and the problem, never a traceback)
            words = str(err).replace(str(path), name)
            if not isinstance(err, (HexlabError, OSError)):
                words = f"{type(err).__name__}: {words}"
            self._say_file(f"<b>{html.escape(name)}</b> can't be loaded: {html.escape(words)}. The game on the "
                           "table is unchanged.", error=True)
            return None
        if self._unsaved("Load", name):
            return None
        self._install(game, players, self.stepper.walk.value)
        moves = len(game.actions)
        self._say_file(f"Loaded <b>{html.escape(name)}</b>: {moves} move{'' if moves == 1 else 's'} made, now "
                       f"{html.escape(game.rules.clock(game.state))}.")
        return game

    # ------------------------------------------------------------------------------------ the seat
    def _people(self) -> list[str]:
        return [s for s in self.game.state.sides if s not in self.players]

    def _first_person(self) -> str | None:
        """Who sits at a hot-seat table first: the person who decides first, else the first person."""
        people = self._people()
        to_act = self.game.to_act
        return to_act if to_act in people else (people[0] if people else None)

    def _viewer(self, waiting: Any = ...) -> str | None:
        """The view the table shows now: everything for the teacher; the seated side's; or, while a hot-seat
        game waits for the next player (``waiting``, from :meth:`_waiting_for`, asked when not given) to take
        the seat, only what every side may see."""
        if waiting is ...:
            waiting = self._waiting_for()
        if self.teacher.value:
            return None
        if waiting is not None:
            return PUBLIC
        return self.seat if self.seat is not None else PUBLIC

    def _waiting_for(self) -> str | None:
        """In hot-seat play, the person who must take the seat before the table shows their side (the
        decision has passed to them, and their view differs from the seated player's)."""
        if self.fixed_seat is not None:
            return None
        to_act = self.game.to_act
        if to_act is None or to_act in self.players or to_act == self.seat:
            return None
        return to_act if self.game.has_secrets() else None

    def take_seat(self, side: str) -> None:
        """The next player sits down: the table shows ``side``'s view (the hand-over's button does this)."""
        if side not in self.game.state.sides:
            raise ValueError(f"{side!r} is not a side of this game")
        self.seat = side
        self._show_seat(self._waiting_for())

    def _turn_passed(self) -> None:
        waiting = self._waiting_for()
        if self.fixed_seat is None and self.seat is not None and waiting is None:
            to_act = self.game.to_act
            if to_act is not None and to_act not in self.players:
                self.seat = to_act  # nothing private to hide: the seat simply follows the decision
        self._show_seat(waiting)

    def _show_seat(self, waiting: str | None) -> None:
        """Show the seat's view; ``waiting`` is :meth:`_waiting_for`, worked out once per change (it asks the
        engine for every side's observation)."""
        viewer = self._viewer(waiting)
        if self.teacher.value:
            waiting = None
        before = self.handover.children  # made for the seat before: closed once replaced (a kernel keeps them)
        if waiting is not None:
            take = widgets.Button(description=f"I am {waiting}: show my side", button_style="primary",
                                  layout=widgets.Layout(width="auto"))
            take.add_class("hexlab-take-seat")
            take.on_click(lambda _b, side=waiting: self.take_seat(side))
            note = widgets.HTML(f"<div class='hexlab-stepper-note'><b>{html.escape(waiting)}</b> decides now. "
                                f"Pass the screen to the {html.escape(waiting)} player: their side stays hidden "
                                "until they press the button.</div>")
            self.handover.children = [note, take]
        elif self.fixed_seat is None and self.seat is not None and not self.teacher.value and self._people()[1:]:
            self.handover.children = [widgets.HTML(
                f"<div class='hexlab-seat' title='Hot-seat play: private information (a hand, hidden units) shows "
                f"only to the side whose turn it is'>Seat: <b>{html.escape(self.seat)}</b> · hot-seat (secrets show "
                "on their side's turn)</div>")]
        else:
            self.handover.children = []
        for widget in before:
            _close(widget)
        if self.map.viewer != viewer:
            self.map.viewer = viewer
        if self.stepper.viewer != viewer:
            self.stepper.set_viewer(viewer)
        self.dice.viewer = viewer
        self._describe(viewer)

    def _describe(self, viewer: str | None) -> None:
        self.words.value = (f"<details class='hexlab-words'><summary>The position in words</summary>"
                            f"<pre>{html.escape(self.game.describe(viewer=viewer))}</pre></details>")

    def __repr__(self) -> str:
        sid = self.game.scenario.id if self.game.scenario else self.game.rules.id
        return f"<hexlab table: {sid}, seed {self.game.seed}>"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        if isinstance(data, dict):
            data["image/svg+xml"] = self.map.to_svg()
        return bundle

    def save(self, path: str) -> str:
        """Save the game (scenario, seed and every move) as JSON, to resume later with ``hexlab.resume``."""
        saved = saves.save(self.game, path)
        self._kept = self.game.history
        self._refresh_saves()
        return saved

    def report(self) -> str:
        """The after-action report of the game at the table, as a standalone HTML page, drawn for the view the
        table shows now (a seat sees only its side's view; the teacher's view sees everything)."""
        from ..classroom import report

        return report(self.game, self._viewer())


def fit_map(hexmap: HexMap, height: str = MAP_HEIGHT) -> None:
    """Let a map scale down to the width it has and to ``height`` (a CSS length sum), keeping its proportions,
    but never grow past its own size. ipycanvas reports a mouse position in the canvas' own pixels however
    large the canvas is shown (its width over its shown width), so the map's clicks land where they point."""
    w, h = hexmap.css_width, hexmap.css_height
    fits = f"min({w}px, max(240px, calc(({height}) * {w / h:.4f})))"
    hexmap.canvas.layout.width = f"min(100%, {fits})"
    hexmap.canvas.layout.height = "auto"  # from the canvas' proportions
    hexmap.canvas.layout.min_width = "0"
    hexmap.layout.flex = "3 1 420px"
    hexmap.layout.max_width = fits
    hexmap.layout.min_width = "200px"


def _close(widget: widgets.Widget) -> None:
    """Close a widget and every widget inside it (a map's canvas layers too), with their layouts and styles:
    ipywidgets keeps every widget that is not closed, so a table that puts a hundred games on it in a row would
    otherwise keep the widgets of all of them."""
    for child in getattr(widget, "children", None) or ():
        _close(child)
    for layer in getattr(widget, "_canvases", None) or ():
        _close(layer)
    for part in (getattr(widget, "layout", None), getattr(widget, "style", None)):
        if isinstance(part, widgets.Widget):
            part.close()
    widget.close()


def _close_box(box: widgets.Box) -> None:
    """Close a box and its layout, but none of the widgets in it."""
    for part in (box.layout, getattr(box, "style", None)):
        if isinstance(part, widgets.Widget):
            part.close()
    box.close()


def play(scenario_id: str, seed: int | None = None, players: Any = None, size: float | None = None,
         seat: str | None = None, teacher: bool = False) -> Table:
    """The play table for a scenario: hot-seat between the people at it unless ``players`` hands a side to
    the computer; ``seat`` shows one side's view only; ``teacher`` shows both."""
    return Table(load(scenario_id, seed=seed), players=players, size=size, seat=seat, teacher=teacher)


def resume(path: str, players: Any = None, size: float | None = None, seat: str | None = None,
           teacher: bool = False) -> Table:
    """The play table for a saved game (see ``Table.save``). The save is the whole game; opened for a
    ``seat``, the table shows only that side's view of it."""
    return Table(saves.load(path), players=players, size=size, seat=seat, teacher=teacher)
