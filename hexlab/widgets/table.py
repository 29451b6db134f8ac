"""The play table: map, stepper, dice tray, odds panel and log, laid out for a notebook.

``hexlab.play("ruleset/name", seed=1)`` returns a :class:`Table` for hot-seat play by two people at one
screen; ``players={"Blue": "computer"}`` (or ``"human,computer"``) lets the computer take a side, and
"Play to next decision" then plays its turns.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets

from .. import saves
from ..engine import Game
from ..engine.seats import PUBLIC
from ..players import Player, players_for
from ..render.scene import SIDE_MARK_NAMES
from ..scenario import load
from .dicetray import DiceTray
from .hexmap import HexMap
from .odds import OddsPanel
from .stepper import PhaseStepper

CSS = """
<style>
/* Colours come from JupyterLab's theme variables (light, dark, Notebook 7 and Voila alike), with the
   light kit's own colours as fallbacks where a page has no theme. */
.hexlab-table { font-family: system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif;
  color: var(--jp-ui-font-color1, #2b2b2b); --hexlab-accent: var(--jp-warn-color0, #8a1c1c);
  --hexlab-panel: var(--jp-layout-color2, #f3f0e2); --hexlab-paper: var(--jp-layout-color1, #fbfaf5);
  --hexlab-chip: var(--jp-layout-color3, #eee8d5); --hexlab-muted: var(--jp-ui-font-color2, #555); }
.hexlab-table-title { font-size: 16px; font-weight: 600; margin: 2px 0 6px 0; }
.hexlab-table-title small { font-weight: 400; color: var(--hexlab-muted); }
.hexlab-side { padding-left: 12px; }
.hexlab-stepper-header { font-size: 13px; background: var(--hexlab-panel); border-radius: 6px; padding: 6px 8px; }
ol.hexlab-sequence { margin: 6px 0; padding-left: 20px; font-size: 12.5px; line-height: 1.35; }
ol.hexlab-sequence ul { margin: 0; padding-left: 16px; list-style: none; }
ol.hexlab-sequence li.hexlab-current { font-weight: 700; color: var(--hexlab-accent); }
ol.hexlab-sequence li.hexlab-current-phase > b { color: var(--hexlab-accent); }
.hexlab-badge { display: inline-block; min-width: 38px; text-align: center; font-size: 10px; border-radius: 3px;
  padding: 0 3px; margin-right: 3px; font-weight: 600; }
.hexlab-badge-decision { background: #3d6aa8; color: #fff; }
.hexlab-badge-auto { background: #d8d3c0; color: #333; }
.hexlab-badge-dice { background: #b24a32; color: #fff; }
.hexlab-stepper .widget-button { width: auto; }
.hexlab-explain { font-size: 12.5px; background: var(--hexlab-paper); border-left: 3px solid #c9a227; padding: 4px 8px; }
.hexlab-explain code, .hexlab-log code, .hexlab-odds code, .hexlab-note code, .hexlab-stepper-note code {
  font-size: 11px; background: var(--hexlab-chip); color: inherit; padding: 0 3px; border-radius: 3px; }
.hexlab-stepper-note { font-size: 12.5px; color: var(--hexlab-accent); }
.hexlab-seat { font-size: 12px; line-height: 1.3; color: var(--hexlab-muted); margin-bottom: 4px; }
details.hexlab-chip { display: inline-block; vertical-align: top; margin: 0 2px; }
details.hexlab-chip > summary { list-style: none; cursor: pointer; display: inline; }
details.hexlab-chip > summary::-webkit-details-marker { display: none; }
details.hexlab-chip[open] { display: block; }
.hexlab-chip-rule { display: block; font-size: 11.5px; background: var(--hexlab-paper); border: 1px solid var(--hexlab-chip);
  border-radius: 4px; padding: 2px 6px; margin: 2px 0 4px 0; }
.hexlab-mark { font-size: 10px; font-style: italic; margin-left: 2px; padding: 0 3px; border-radius: 3px;
  border: 1px dashed currentColor; white-space: nowrap; }
.hexlab-mark-reading { color: var(--jp-brand-color1, #5b3fa0); }
.hexlab-mark-illustrative { color: var(--jp-warn-color1, #9a5b00); }
.hexlab-mark-published { color: var(--hexlab-muted); border-style: dotted; }
details.hexlab-rules { margin-top: 3px; font-size: 12px; }
details.hexlab-rules > summary { cursor: pointer; color: var(--hexlab-muted); }
details.hexlab-rules ul { margin: 2px 0; padding-left: 16px; }
ul.hexlab-log-list { max-height: 220px; overflow-y: auto; margin: 0; padding-left: 16px; font-size: 12px;
  line-height: 1.35; }
ul.hexlab-log-list li.hexlab-phase { color: var(--hexlab-muted); font-style: italic; }
.hexlab-hover, .hexlab-note { font-size: 12.5px; }
.hexlab-odds { font-size: 12.5px; }
.hexlab-odds-title { font-weight: 600; margin-bottom: 4px; }
.hexlab-odds-row { display: flex; align-items: center; gap: 6px; margin: 2px 0; }
.hexlab-odds-label { width: 150px; flex: 0 0 150px; }
.hexlab-odds-bar { flex: 1 1 auto; background: var(--hexlab-chip); height: 12px; border-radius: 3px; overflow: hidden; }
.hexlab-odds-bar span { display: block; height: 100%; background: #3d6aa8; }
.hexlab-odds-p { width: 120px; flex: 0 0 120px; text-align: right; font-variant-numeric: tabular-nums; }
.hexlab-odds-empty { font-size: 12px; color: var(--hexlab-muted); }
ul.hexlab-odds-summary, ul.hexlab-odds-notes { margin: 4px 0; padding-left: 16px; }
details.hexlab-words > summary { cursor: pointer; font-weight: 600; }
details.hexlab-words pre { font-size: 12px; white-space: pre-wrap; background: var(--hexlab-paper); padding: 4px 8px;
  border-radius: 4px; color: inherit; }
.hexlab-map canvas { border-radius: 4px; }
</style>
"""


class Table(widgets.VBox):
    """Everything needed to play a game in a notebook, from a seat.

    ``seat="Allies"`` shows one side's view for good (the other side is the computer, or another screen).
    With no ``seat``, the people at the table play *hot-seat*: the table shows the view of the side whose
    decision it is, and when the decision passes to another person it first hides everything private
    (hands, hidden units: the public view) and asks that player to take the seat. ``teacher=True`` (or
    the switch on the table) shows both sides at once. What a seat sees is decided by the ruleset, in one
    place (:mod:`hexlab.engine.seats`). The table runs the engine's bookkeeping by itself, so the clicks
    are the decisions and the rolls; ``walk=True`` (or the stepper's switch) stops at every step."""

    def __init__(self, game: Game, players: Mapping[str, Any] | str | None = None, size: float | None = None,
                 seat: str | None = None, teacher: bool = False, walk: bool = False, **kwargs: Any) -> None:
        self.game = game
        self.players: dict[str, Player] = players_for(game, players) if players is not None else {}
        if seat is not None and seat not in game.state.sides:
            raise ValueError(f"seat: {seat!r} is not a side of this game ({', '.join(game.state.sides)})")
        self.fixed_seat = seat
        """The one side this table is for, or ``None`` for hot-seat play between the people at it."""
        self.seat: str | None = seat or self._first_person()
        """The side whose player sits at the table now (hot-seat: the one who last took the seat)."""
        self.teacher = widgets.ToggleButton(value=teacher, description="Show both sides (teacher)",
                                            tooltip="Show every side's hand and hidden units at once",
                                            layout=widgets.Layout(width="auto"))
        self.handover = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        self.handover.add_class("hexlab-handover")
        viewer = self._viewer(self._waiting_for())
        self.map = HexMap(game, size=size, viewer=viewer)
        self.stepper = PhaseStepper(game, players=self.players, viewer=viewer, walk=walk)
        self.stepper.attach(self.map)  # a move on the map runs the bookkeeping after it, as a button's does
        self.dice = DiceTray(game)
        self.dice.viewer = viewer
        self.odds = OddsPanel(game, self.map)
        title = game.scenario.title if game.scenario else game.rules.name
        summary = game.scenario.meta.summary if game.scenario else ""
        who = ", ".join(f"{s} {SIDE_MARK_NAMES[i % 4]}: {'computer' if s in self.players else 'a person'}"
                        for i, s in enumerate(game.state.sides))
        head = widgets.HTML(
            f"{CSS}<div class='hexlab-table-title'>{html.escape(title)} "
            f"<small>· {html.escape(game.rules.name)} · seed {game.seed} · {html.escape(who)}</small></div>"
            + (f"<div style='font-size:12.5px;margin-bottom:6px'>{html.escape(summary)}</div>" if summary else ""))
        # beside the map (or right under it, in a narrow notebook): what to do now, the dice, the odds;
        # below: the sequence of play and the log
        controls = widgets.VBox([self.handover, self.stepper.header, self.stepper.buttons, self.stepper.choices,
                                 self.stepper.note, self.stepper.explain, widgets.HTML("<b>Dice</b>"), self.dice,
                                 self.odds],
                                layout=widgets.Layout(flex="1 1 300px", min_width="300px", max_width="460px"))
        controls.add_class("hexlab-side")
        controls.add_class("hexlab-stepper")
        body = widgets.HBox([self.map, controls], layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"))
        sequence = widgets.VBox([widgets.HTML("<b>Sequence of play</b>"), self.stepper.sequence],
                                layout=widgets.Layout(flex="1 1 300px", min_width="280px"))
        self.words = widgets.HTML()
        """The position in words (``game.describe()``), for a screen reader or a printed page."""
        history = widgets.VBox([widgets.HTML("<b>What happened</b> (newest first)"), self.stepper.log_view,
                                self.words, self.teacher], layout=widgets.Layout(flex="2 1 360px", min_width="300px"))
        below = widgets.HBox([sequence, history], layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"))
        super().__init__([head, body, below], **kwargs)
        self.add_class("hexlab-table")
        self.teacher.observe(lambda _change: self._show_seat(self._waiting_for()), names=["value"])
        game.on_change(lambda *_: self._turn_passed())
        self.stepper.settle()  # the bookkeeping due at the start (unless walking through every step)
        self._show_seat(self._waiting_for())

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
            self.handover.children = [widgets.HTML(f"<div class='hexlab-seat'>Seat: <b>{html.escape(self.seat)}</b> "
                                                   "(hot-seat: private information shows only to the side whose "
                                                   "turn it is)</div>")]
        else:
            self.handover.children = []
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
        return saves.save(self.game, path)


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
