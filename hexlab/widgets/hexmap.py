"""``HexMap``: the live map of a game, on an ipycanvas MultiCanvas.

Three layers: terrain (drawn once, and again when a browser connects), units (redrawn on every change
of the game) and highlights (redrawn on every selection). Every layer is the same :func:`scene` the SVG
renderer draws, put on the canvas with batch calls inside ``hold_canvas``. The canvas buffer has twice
the pixels of its size on the page (crisp on high-DPI screens) and its CSS size is fixed to its pixel
size, so it is never stretched.

The map holds no rules. A click on a unit asks the engine for that unit's legal actions and highlights
where they lead; a click on a highlighted place applies that action; any other click asks the engine
why not (``Game.explain``) and shows the answer with its rule clause. Decisions that no unit takes but
that act on a place (a bombing raid on a box) are highlighted while no unit is selected, and a click
there takes them. Hovering over a highlighted place says what a click will do before it does it; an
action that ends the unit's turn with nothing done (a rest) is drawn apart and asks before it is taken.
"""

from __future__ import annotations

import html
import math
import threading
from collections.abc import Callable
from functools import partial
from typing import Any

import ipywidgets as widgets
import traitlets
from ipycanvas import MultiCanvas, hold_canvas

from ..engine import Action, DiceRolled, Game, PhaseBegan, RuleError
from ..engine.state import Location
from ..hexes import Hex, bounds, hex_to_pixel, pixel_to_hex
from ..render.rules_html import code
from ..render.scene import Poly, Scene, Text, fit_layout, scene
from .draw import draw_shapes

TERRAIN, UNITS, HIGHLIGHT = 0, 1, 2
LAYER_NAMES = {TERRAIN: "terrain", UNITS: "units", HIGHLIGHT: "highlight"}
VERB_ORDER = {"battle": 0, "move": 1}
DRAWING = threading.RLock()
"""Held while a map builds a picture and sends it to its canvas. In JupyterLab 4.6 with ipykernel 7 the widgets'
messages may be handled on a kernel subshell's thread as well as the main one, so two callbacks can draw at once
("New game" drawing the new map while its layers' "client ready" messages redraw them). ipycanvas gathers the
commands of every canvas in the kernel into one batch and remembers which canvas the browser draws on, so two
drawings at once got mixed: a layer cleared half way and the rest drawn unscaled, or on another layer."""


def auto_size(game: Game, width: float = 760.0, height: float = 700.0) -> float:
    """A hex size that fits the board in about ``width`` x ``height`` pixels (between 14 and 40)."""
    board = game.board
    if board.orientation == "pointy":
        across, down = (board.width + 0.5) * math.sqrt(3), board.height * 1.5 + 0.5
    else:
        across, down = board.width * 1.5 + 0.5, (board.height + 0.5) * math.sqrt(3)
    return max(14.0, min(40.0, width / (across + 1.2), height / (down + 1.2)))


class HexMap(widgets.VBox):
    """The live map of ``game``: hover for a hex's label, terrain and units; click a unit to see where
    it may go and what it may attack; click a highlighted hex to do it."""

    selected = traitlets.Unicode(None, allow_none=True).tag(sync=False)
    """The id of the selected unit."""
    target = traitlets.Unicode(None, allow_none=True).tag(sync=False)
    """The id of the enemy unit under the mouse while a unit is selected (for the odds panel)."""
    message = traitlets.Unicode("").tag(sync=False)
    viewer = traitlets.Unicode(None, allow_none=True).tag(sync=False)
    """The seat the map is drawn for (a side, or ``PUBLIC``): it shows only what that side may see and offers
    moves only when that side decides. ``None``: everything, and every side's moves (the teacher's view)."""

    def __init__(self, game: Game, size: float | None = None, dpr: int = 2, viewer: str | None = None,
                 displays: bool = True, **kwargs: Any) -> None:
        self.game = game
        self.dpr = dpr
        self.set_trait("viewer", viewer)
        self.hex_size = size or auto_size(game)
        self.hex_layout = fit_layout(game.board, self.hex_size)
        self._scene: Scene = scene(game, self.hex_layout, viewer=viewer)
        self._cells = self._scene.cells
        self.displays_shown = displays or not game.board.displays or game.board.kind == "area"
        """Whether the canvas shows the board's off-map displays beside the hexes (``displays=False``: a widget
        beside the map shows them, :class:`~hexlab.widgets.airbase.BesideMap`, and the canvas holds the hexes only;
        the scene still knows where each display's counters are, so :meth:`select` and :meth:`click_unit` work)."""
        width, height = self._scene.width, self._scene.height
        if not self.displays_shown:
            x0, y0, x1, y1 = bounds(self.hex_layout, list(game.board.terrain))
            width, height = x1 + max(x0, 0.0), y1 + max(y0, 0.0) - 3.0  # short of the displays' edge under it
        self.css_width = int(math.ceil(width))
        self.css_height = int(math.ceil(height))
        self.canvas = MultiCanvas(
            3, width=self.css_width * dpr, height=self.css_height * dpr,
            layout=widgets.Layout(width=f"{self.css_width}px", height=f"{self.css_height}px",
                                  min_width=f"{self.css_width}px", flex="0 0 auto"),
        )
        self.canvas.add_class("hexlab-map")
        self.hover = widgets.HTML(layout=widgets.Layout(min_height="1.6em"))
        self.hover.add_class("hexlab-hover")
        self.note = widgets.HTML(layout=widgets.Layout(min_height="1.6em"))
        self.note.add_class("hexlab-note")
        self.unit_actions = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self._targets: dict[Location, list[Action]] = {}
        """The places a click acts on now, with the actions it may mean: the selected unit's, or (with no
        unit selected) the decisions no unit takes that act on a place."""
        self.after_action: Callable[[], None] | None = None
        """Run after each action taken on the map, inside the same change (the stepper's bookkeeping)."""
        self.choices: list[Action] = []
        """The actions offered as buttons after a click on a place that several of them reach."""
        self._last_hex: Location = None
        self.draw_count = 0
        self._on_apply: list[Callable[[Action], None]] = []
        self.overlay: Callable[[], list[Any]] | None = None
        """Shapes drawn over the highlights (scene coordinates), asked on every redraw: a question's marks and
        keyboard focus (:mod:`hexlab.widgets.exercise`)."""
        self.on_place_click: Callable[[Location, str | None], bool] | None = None
        """Asked first on every click with the place and unit under it; returning ``True`` takes the click (a
        question picks places instead of playing them)."""
        super().__init__([self.canvas, self.hover, self.note, self.unit_actions], **kwargs)
        self.add_class("hexlab-hexmap")
        for index in (TERRAIN, UNITS, HIGHLIGHT):  # each layer is its own canvas, ready in the browser in its own time
            self.canvas[index].on_client_ready(partial(self._layer_ready, index))
        self.canvas.on_mouse_move(self._mouse_move)
        self.canvas.on_mouse_down(self._mouse_down)
        self.canvas.on_mouse_out(lambda *_: self._set_hover(None))
        self._stop = game.on_change(self._game_changed)
        self.observe(self._selection_changed, names=["selected"])
        self.observe(self._follow_viewer, names=["viewer"])
        self.redraw()

    def __repr__(self) -> str:
        return f"<HexMap {self.game.rules.id} {self.css_width}x{self.css_height}px>"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live widget, with a picture of the map as it is now for viewers without a kernel (and for
        the notebook as stored)."""
        bundle = super()._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        if isinstance(data, dict):
            data["image/svg+xml"] = self.to_svg()
        return bundle

    # ------------------------------------------------------------------------------------ the seat
    def seen(self):
        """The state as the map's viewer sees it (the whole state for the teacher's view)."""
        return self.game.state if self.viewer is None else self.game.view(self.viewer)

    def may_act(self) -> bool:
        """Whether the map's viewer decides now (the teacher's view acts for every side)."""
        return self.game.decides(self.viewer)

    def _follow_viewer(self, change: dict[str, Any]) -> None:
        self.selected = None
        self.target = None
        self._refresh_targets()
        self.redraw_units()

    # ------------------------------------------------------------------------------------ drawing
    def _build_scene(self, layers: tuple[str, ...] = ("units", "highlight")) -> Scene:
        los = None
        seen = self.seen()
        sel = seen.units.get(self.selected) if self.selected else None
        tgt = seen.units.get(self.target) if self.target else None
        if sel is not None and tgt is not None:
            result = self.game.rules.sight(seen, sel.at, tgt.at)
            if result is not None:
                los = (sel.at, tgt.at, result)
        highlights = {}
        for where, actions in self._targets.items():
            if all(a.ends_turn for a in actions):
                highlights[where] = "end"
            else:
                highlights[where] = min((a.verb for a in actions if not a.ends_turn),
                                        key=lambda v: VERB_ORDER.get(v, 5))
        sc = scene(self.game, self.hex_layout, highlights=highlights, selected=self.selected, los=los,
                   layers=layers, dice=self._last_roll(), viewer=self.viewer)
        if "units" in layers:
            sc.layers["units"] = sc.layers["units"] + self._mark_shapes(seen)
        if "highlight" in layers and self.overlay is not None:
            sc.layers["highlight"] = sc.layers["highlight"] + list(self.overlay())
        return sc

    def marks(self, seen: Any = None) -> list[Any]:
        """The markers the ruleset puts on places of the map (``Ruleset.beside_map``), as the seat sees them."""
        seen = self.seen() if seen is None else seen
        return list(self.game.rules.beside_map(seen, self.viewer).marks)

    def _mark_shapes(self, seen: Any) -> list[Any]:
        """Each marker as a small chit at the top of its hex (several on one hex stack downwards)."""
        out: list[Any] = []
        count: dict[Any, int] = {}
        size = self.hex_size
        for m in self.marks(seen):
            if not isinstance(m.at, Hex):
                continue
            n = count.get(m.at, 0)
            count[m.at] = n + 1
            cx, cy = hex_to_pixel(self.hex_layout, m.at)
            font = max(8.0, round(size * 0.36, 1))
            w, h = len(m.text) * font * 0.62 + 6, font + 4
            x0, y0 = cx - w / 2, cy - size * 0.92 + n * (h + 1)
            out.append(Poly(((x0, y0), (x0 + w, y0), (x0 + w, y0 + h), (x0, y0 + h)), "#fff3c4", "#5a4500", 1.0))
            out.append(Text(round(cx, 2), round(y0 + h - 3, 2), m.text, font, "#3a2c00", weight="bold"))
        return out

    def _last_roll(self) -> tuple[Any, list[str]] | None:
        """The roll being resolved now, if it was made somewhere on the map and the map's seat may see it
        (the dice tray's own test of "now": :func:`~hexlab.widgets.dicetray.roll_status`); an older roll
        is not drawn on the map as if it were the current one."""
        from .dicetray import roll_status

        game = self.game
        log = game.log_for(self.viewer)
        for index in range(len(log) - 1, -1, -1):
            roll = log[index].payload
            if isinstance(roll, PhaseBegan) and log[index].turn == game.state.turn:
                return None  # a new phase has begun since
            if isinstance(roll, DiceRolled):
                if roll.at is None or roll_status(game, log, index)[0] != "current":
                    return None
                dice = game.rules.dice_by_name()
                symbols = [dice[name].symbol(face) if name in dice else str(face)
                           for name, faces in zip(roll.dice, roll.faces, strict=False) for face in faces]
                return roll.at, symbols
        return None

    def redraw(self, *_: Any) -> None:
        """Draw all three layers (when a browser connects, and at the start)."""
        with DRAWING:
            self._scene = self._build_scene(("terrain", "units", "highlight"))
            self._cells = self._scene.cells
            self._paint(self._scene, (TERRAIN, UNITS, HIGHLIGHT))
            self.draw_count += 1

    def _paint(self, sc: Scene, indexes: tuple[int, ...]) -> None:
        """Clear and draw these canvas layers from ``sc``, as one message to the browser (one drawing at a time in
        the kernel: :data:`DRAWING`)."""
        with DRAWING, hold_canvas():
            for index in indexes:
                c = self.canvas[index]
                c.clear()
                draw_shapes(c, sc.layers[LAYER_NAMES[index]], self.dpr)

    def _layer_ready(self, index: int, *_: Any) -> None:
        """A browser made one layer's canvas (a page opened, or a table rebuilt): draw that layer for it. ipycanvas
        tells the MultiCanvas only of its top layer's, and each layer's arrives on its own; it may arrive while
        the map is being drawn on another thread, so the picture is built and sent under :data:`DRAWING`."""
        with DRAWING:
            self._paint(self._build_scene((LAYER_NAMES[index],)), (index,))

    def redraw_units(self) -> None:
        """Draw the units and highlight layers again (after a change of the game or the selection)."""
        with DRAWING:  # built and sent together: a picture of an older position is never sent after a newer one
            self._scene = self._build_scene()
            self._paint(self._scene, (UNITS, HIGHLIGHT))
            self.draw_count += 1

    def redraw_highlights(self) -> None:
        with DRAWING:
            self._scene = self._build_scene(("highlight",))
            self._paint(self._scene, (HIGHLIGHT,))
            self.draw_count += 1

    def to_svg(self) -> str:
        """What the map shows now, as SVG."""
        from ..render.svg import to_svg

        return to_svg(self._build_scene(("terrain", "units", "highlight")))

    # ------------------------------------------------------------------------------------ the game
    def _game_changed(self, game: Game, events: list[Any]) -> None:
        actions = self._actions_of(self.selected)
        self.target = None
        if self.selected and not actions:
            self.selected = None  # _selection_changed clears the targets
        else:
            self._refresh_targets(actions)
        self.redraw_units()

    def _actions_of(self, unit: str | None) -> list[Action]:
        """The legal actions of ``unit`` now (``None``: those no unit takes), if the map's seat decides."""
        if not self.may_act():
            return []
        return [a for a in self.game.legal_actions() if a.actor == unit]

    def _refresh_targets(self, actions: list[Action] | None = None) -> None:
        """Where the selected unit's legal actions lead (``actions``: already listed by the caller); with
        no unit selected, where the decisions that no unit takes act on the map."""
        self._targets = {}
        self.choices = []
        loose: list[Action] = []
        rules, state = self.game.rules, self.game.state
        if actions is None:
            actions = self._actions_of(self.selected)
        for action in actions:
            where = rules.action_location(state, action)
            if where is None:
                loose.append(action)
            else:
                self._targets.setdefault(where, []).append(action)
        buttons = []
        for action in loose if self.selected else []:  # the stepper offers the unit-less ones
            words = self.game.describe(action)
            lost = rules.forfeit(state, action)
            b = widgets.Button(description=words, layout=widgets.Layout(width="auto"),
                               tooltip=f"{words}: {lost}" if lost else words)
            b.on_click(lambda _b, a=action: self.act(a))
            buttons.append(b)
        self.unit_actions.children = buttons

    def _selection_changed(self, change: dict[str, Any]) -> None:
        self._refresh_targets()
        self.redraw_highlights()

    def select(self, unit: str | None) -> None:
        """Select a unit (as a click on it does), or clear the selection with ``None``."""
        if unit is None:
            self.selected = None
            return
        actions = self._actions_of(unit)
        if not actions:
            u = self.seen().units.get(unit)
            if u is not None and u.alive and not self.may_act() and self.game.to_act is not None:
                self._say(f"{html.escape(str(self.game.to_act))} decides now, not {html.escape(str(self.viewer))}.",
                          None)
                self.selected = None
                return
            if u is None or not u.alive:
                self._say(f"There is no unit {unit!r} on the map.", None)
            else:
                self._say_error(self.game.rules.why_not_unit(self.game.state, u))
            self.selected = None
            return
        if self.selected == unit:
            self._refresh_targets()
            self.redraw_highlights()
        self.selected = unit
        u = self.game.state.units[unit]
        n = len({self.game.rules.action_location(self.game.state, a) for a in actions} - {None})
        places = f"{n} highlighted place{'' if n == 1 else 's'} to act on" if n else "no place on the map to act on"
        buttons = " (more choices below the map)" if self.unit_actions.children else ""
        self._say(f"{html.escape(self.game.rules.unit_title(u))}: {places}{buttons}. Point at a highlighted "
                  "place to see what a click there does.", None, quiet=True)

    def act(self, action: Action) -> bool:
        """Apply an action through the engine; show its refusal (with the clause) if it has one."""
        try:
            with self.game.batch():
                self.game.apply(action)
                if self.after_action is not None:
                    self.after_action()
        except RuleError as err:
            self._say_error(err)
            return False
        self._say(html.escape(self.game.describe(action)) + " ✓", None, quiet=True)
        for callback in self._on_apply:
            callback(action)
        return True

    def ask(self, where: Location, actions: list[Action]) -> None:
        """Several legal actions reach the same place (an overland move and a sea move into one box, a
        move and an attack): offer each as a button instead of guessing which the player meant."""
        self.choices = list(actions)
        buttons = []
        for action in actions:
            words = self.click_words(action)
            b = widgets.Button(description=words, layout=widgets.Layout(width="auto"),
                               button_style="" if action.verb == "pass" or action.ends_turn else "primary",
                               tooltip=words)
            b.on_click(lambda _b, a=action: self.act(a))
            buttons.append(b)
        cancel = widgets.Button(description="Cancel", layout=widgets.Layout(width="auto"))
        cancel.on_click(lambda _b: self._refresh_targets())
        self.unit_actions.children = [*buttons, cancel]
        chosen = self.seen().units.get(self.selected) if self.selected else None
        own = chosen is not None and where == chosen.at
        again = f", or click {html.escape(self.selected)} again to let it go" if own else ""
        if len(actions) == 1:
            self._say(f"{html.escape(self.click_words(actions[0]))}? Confirm with the button below{again}.", None)
        else:
            self._say(f"{len(actions)} ways to act on {html.escape(self.game.board.label(where))}: choose one "
                      f"below{again}.", None)

    def click_words(self, action: Action) -> str:
        """An action in words, with what it ends when it ends the unit's turn: "GL rests (ends GL's
        activation)"."""
        words = self.game.describe(action)
        if action.ends_turn:
            return f"{words} (ends {action.actor}'s {self.game.rules.unit_turn})"
        return words

    def on_apply(self, callback: Callable[[Action], None]) -> None:
        self._on_apply.append(callback)

    # ------------------------------------------------------------------------------------ the mouse
    def place_at(self, x: float, y: float) -> tuple[Location, str | None]:
        """The place (hex or area) and the unit under a point given in CSS pixels."""
        counter = self._scene.counter_at(x, y)
        if counter is not None:
            return counter.at, counter.unit
        box = self._scene.box_at(x, y)  # an area's box, or a box of a display beside the map
        if box is not None or self._scene.areas is not None:
            return box, None
        h = pixel_to_hex(self.hex_layout, (x, y))
        if h not in self.game.board.terrain:
            return None, None
        if self.game.board.kind == "area":
            return self.game.board.area_of(h) or h, None
        return h, None

    def point_of(self, where: Location) -> tuple[float, float] | None:
        """A point (CSS pixels) inside a place, for a click on it: a hex's centre, an area's box (or, on a
        map of hexes grouped into areas, the centre of one of its hexes with no counter on it if there is
        one), a display's box. ``None`` for a place the map does not draw."""
        sc = self._scene
        if isinstance(where, Hex):
            cell = self._cells.get(where)
            return (cell.center[0], cell.center[1]) if cell is not None else None
        if sc.displays is not None and where in sc.displays.boxes:
            x0, y0, x1, y1 = sc.displays.boxes[where]
            return ((x0 + x1) / 2, y1 - 4.0)
        if sc.areas is not None and where in sc.areas.boxes:
            x0, y0, x1, y1 = sc.areas.boxes[where]
            return ((x0 + x1) / 2, y1 - 4.0)
        if isinstance(where, str):
            inside = [c for h, c in self._cells.items() if self.game.board.area_of(h) == where]
            free = [c for c in inside if sc.counter_at(*c.center) is None]
            cell = (free or inside or [None])[0]
            return (cell.center[0], cell.center[1]) if cell is not None else None
        return None

    def click_unit(self, unit: str) -> None:
        """A click on ``unit`` wherever it is drawn (on the map or on a panel beside it): the same as a click on its
        counter on the map."""
        seen = self.seen()
        u = seen.units.get(unit)
        if u is None:
            self._say(f"There is no unit {unit!r} on the map.", None)
            return
        for c in self._scene.counters:
            if c.unit == unit:
                self.click(c.x, c.y)
                return
        self.select(unit)

    def click(self, x: float, y: float) -> None:
        """What a click at (x, y) in CSS pixels does."""
        where, unit = self.place_at(x, y)
        if self.on_place_click is not None and self.on_place_click(where, unit):
            return
        if self.selected is None and where in self._targets and (unit is None or not self._actions_of(unit)):
            self._take(where)  # a decision no unit takes, on this place (a raid on the box)
            return
        if unit is not None and unit == self.selected and self.choices and \
                where == self.game.rules.action_location(self.game.state, self.choices[0]):
            self.selected = None  # a second click on the unit while its own place's question is open: let it go
            self._say("Selection cleared.", None, quiet=True)
            return
        if self.selected and where in self._targets:
            self._take(where)  # on the unit's own place too (it rests, it rallies): asked first if it ends its turn
            return
        if unit is not None and unit != self.selected:
            seen = self.seen()
            own = self._actions_of(unit)
            if len(own) == 1 and not own[0].ends_turn and \
                    self.game.rules.action_location(self.game.state, own[0]) == seen.units[unit].at:
                self.act(own[0])  # the unit's one choice is about itself (order it, activate it): one click
                return
            if own or self.selected is None or seen.units[unit].side == seen.units[self.selected].side:
                self.select(unit)
                return
        if unit is not None and unit == self.selected:
            self.selected = None
            self._say("Selection cleared.", None, quiet=True)
            return
        if self.selected and where is not None:
            intent = self.game.rules.intent(self.game.state, self.selected, where)
            error = self.game.explain(intent) if intent is not None else None
            if error is not None:
                self._say_error(error)
            else:
                self._say(f"{html.escape(self.selected)} can't act on {html.escape(self.game.board.label(where))}.",
                          None)
            return
        step = self.game.current_step
        if self.game.is_over:
            self._say("The game is over.", None)
        elif step.automatic:
            self._say(f"Next comes {html.escape(step.title.lower())}, which the engine does: press "
                      "<b>Next step</b>.", step.clauses[0] if step.clauses else None)
        else:
            self._say(f"{html.escape(str(self.game.to_act))} decides: click one of their units.", None, quiet=True)

    def _take(self, where: Location) -> None:
        """A click on a highlighted place: its one action, unless that ends the unit's turn (then ask
        first), or the choice among several."""
        actions = sorted(self._targets[where], key=lambda a: VERB_ORDER.get(a.verb, 5))
        if len(actions) == 1 and not actions[0].ends_turn:
            self.act(actions[0])
        else:
            self.ask(where, actions)

    def _mouse_down(self, x: float, y: float) -> None:
        self.click(x / self.dpr, y / self.dpr)

    def _mouse_move(self, x: float, y: float) -> None:
        x, y = x / self.dpr, y / self.dpr
        h: Location
        if self._scene.areas is not None or self._scene.box_at(x, y) is not None:
            h = self._scene.box_at(x, y)
        else:
            h = pixel_to_hex(self.hex_layout, (x, y))
            h = h if h in self.game.board.terrain else None
        if h == self._last_hex:
            return
        self._last_hex = h
        self._set_hover(h)

    def _set_hover(self, h: Location) -> None:
        if h is None:
            self.hover.value = ""
            self._last_hex = None
            if self.target is not None:
                self.target = None
                self.redraw_highlights()
            return
        board, state = self.game.board, self.seen()
        place: Location = h
        if isinstance(h, Hex) and board.kind == "area":
            place = board.area_of(h)
        cell = self._cells.get(h) if isinstance(h, Hex) else None
        units = state.units_at(place) if place is not None else []
        who = "; ".join(html.escape(self._unit_words(u)) for u in units)
        where = html.escape(board.label(place)) if not isinstance(place, Hex) else html.escape(cell.label if cell else "")
        terrain = html.escape(cell.terrain) if cell else ""
        does = ""
        if place in self._targets:
            actions = self._targets[place]
            if len(actions) == 1:
                does = f"<br><b>Click:</b> {html.escape(self.click_words(actions[0]))}"
                if actions[0].ends_turn:
                    does += " (asks first)"
            else:
                does = ("<br><b>Click</b> to choose: "
                        + "; ".join(html.escape(self.click_words(a)) for a in actions[:4])
                        + ("; ..." if len(actions) > 4 else ""))
        marks = "; ".join(html.escape(m.title or m.text) for m in self.marks(state) if m.at == place)
        self.hover.value = (f"<span class='hexlab-hover-label'><b>{where}</b></span>"
                            + (f" · {terrain}" if terrain else "") + (f" · {who}" if who else "")
                            + (f" · {marks}" if marks else "") + does)
        target = None
        if self.selected and place in self._targets:
            enemy = next((u for u in units if u.side != state.units[self.selected].side), None)
            target = enemy.id if enemy else None
        if target != self.target:
            self.target = target
            self.redraw_highlights()

    def _unit_words(self, unit: Any) -> str:
        """A unit for the hover line: its title, and its strength unless the title already gives it
        ("Greeks leader GL (ATK 3, STR 4/4)", "SNLF2: SNLF 4-4")."""
        rules = self.game.rules
        title = rules.unit_title(unit)
        strength = rules.strength_text(unit) or f"{unit.strength}/{unit.max_strength}"
        return title if strength in title else f"{title} ({strength})"

    # ------------------------------------------------------------------------------------ messages
    def _say(self, text: str, clause: str | None, quiet: bool = False) -> None:
        cite = f" {code(clause)}" if clause else ""
        colour = "var(--jp-ui-font-color2, #555)" if quiet else "var(--jp-warn-color0, #8a1c1c)"
        self.note.value = f"<span style='color:{colour}'>{text}{cite}</span>"
        self.message = text

    def _say_error(self, error: RuleError) -> None:
        self._say(html.escape(error.reason), error.clause)

