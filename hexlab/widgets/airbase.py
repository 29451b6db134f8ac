"""``BesideMap``: what a ruleset draws beside the map, drawn from the seat's view (``Ruleset.beside_map``).

For every ruleset the same widget: tracks go with the map (:attr:`BesideMap.tracks`, put under the map's canvas),
and the rest in a column beside it: a battle board while a battle is fought, the off-map displays grouped by side
(Operation Cartwheel's airbases: Ready and Flown halves, Disrupted quadrants, capacity used, the base's markers), and
tables for the reader, folded. A ruleset that draws nothing beside the map gets an empty widget.

The widget holds no rules and reads nothing but the seat's view (``game.view(viewer)``, the viewer being the map's):
a side sees its own displays in full and the enemy's only as its rules disclose them (Cartwheel: the numbers its
recon counted, and when), the hot-seat hand-over shows no display's contents, the teacher's switch shows both. A unit's
counter is a button: a click is a click on the unit on the map (:meth:`HexMap.click_unit`), so it selects the unit and
its choices show beside the map, as on the map.

Operation Cartwheel's markers drawn (on the panels and, through ``Beside.marks``, on the map): Initiative, Turn,
Regroup, Disrupted (air), Mission Target, Air Round, Mobile Airbase, Base Construction, Base Disrupted, Base Eliminated.
Not drawn, because the model keeps no such state: Ace, Altitude, Air Battle Move Sequence, Supply (1 or 2 units), No
Supply, Hits (1 or 2), Parafrag, Radar, Fortification, Disrupted (naval) and Disrupted (land).
"""

from __future__ import annotations

import html
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ..engine import Game
from ..engine.ruleset import Area, Beside, Panel, Piece
from ..engine.seats import PUBLIC

if TYPE_CHECKING:
    from .hexmap import HexMap

KIND_ORDER = ("battle", "display", "table")


def _e(text: Any) -> str:
    return html.escape(str(text))


class BesideMap(widgets.VBox):
    """The panels a ruleset draws beside ``hexmap`` (its game, its seat), kept up to date with the game, the
    map's seat and its selection."""

    def __init__(self, game: Game, hexmap: HexMap, **kwargs: Any) -> None:
        self.game = game
        self.map = hexmap
        self.tracks = widgets.HTML()
        """The tracks (turn, victory points), for the views to put with the map."""
        self.tracks.add_class("hexlab-tracks")
        self.battle = widgets.VBox()
        self.displays = widgets.VBox()
        self.tables = widgets.HTML()
        self.tables.add_class("hexlab-beside-tables")
        self.counters: dict[str, widgets.Button] = {}
        """The unit counters on the panels, by unit id (a click selects the unit, as on the map)."""
        self.shown: Beside = Beside()
        super().__init__([self.battle, self.displays, self.tables], **kwargs)
        self.add_class("hexlab-beside")
        self._stop_game = game.on_change(lambda *_: self.refresh())
        hexmap.observe(self._map_changed, names=["viewer", "selected"])
        self.refresh()

    def _stop(self) -> None:
        self._stop_game()
        self.map.unobserve(self._map_changed, names=["viewer", "selected"])

    def _map_changed(self, change: dict[str, Any]) -> None:
        if change["name"] == "viewer":
            self.refresh()
        else:
            self._mark_selected()

    # ------------------------------------------------------------------------------------ the data
    def beside(self) -> Beside:
        """What the ruleset draws beside the map for the map's seat, from that seat's view only."""
        viewer = self.map.viewer
        seen = self.game.state if viewer is None else self.game.view(viewer)
        return self.game.rules.beside_map(seen, viewer)

    def has_displays(self) -> bool:
        return any(p.kind == "display" for p in self.shown.panels)

    def refresh(self) -> None:
        """Draw the panels again if what they show has changed."""
        now = self.beside()
        if now == self.shown and self.children:
            self._mark_selected()
            return
        self.shown = now
        sides = list(self.game.state.sides)
        panels = now.panels
        tracks = [p for p in panels if p.kind == "track"]
        self.tracks.value = "".join(self._track_html(p, sides) for p in tracks)
        self.counters = {}
        self.battle.children = [self._card(p, sides) for p in panels if p.kind == "battle"]
        groups: list[widgets.Widget] = []
        shown_sides = list(dict.fromkeys(p.side for p in panels if p.kind == "display"))
        for side in shown_sides:
            cards = [self._card(p, sides) for p in panels if p.kind == "display" and p.side == side]
            mine = self.map.viewer is None or self.map.viewer == side
            whose = ("all units shown" if mine and self.map.viewer is None else "yours" if mine
                     else "hidden: what your recon saw" if self.map.viewer != PUBLIC else "hidden")
            head = widgets.HTML(f"<div class='hexlab-beside-group'>{_e(side)} airbases <small>· {_e(whose)}</small></div>")
            box = widgets.Box(cards, layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"))
            box.add_class("hexlab-beside-cards")
            groups += [head, box]
        self.displays.children = groups
        self.tables.value = "".join(self._table_html(p) for p in panels if p.kind == "table")
        self._mark_selected()

    # ------------------------------------------------------------------------------------ drawing
    def _colours(self, side: str | None, sides: list[str]) -> tuple[str, str]:
        if side is None:
            return "#4a4a4a", "#ffffff"
        return self.game.rules.side_colours(side, sides)

    def _marker_html(self, p: Piece, sides: list[str]) -> str:
        return (f"<span class='hexlab-marker' title='{_e(p.title or p.text)}'>{_e(p.text)}</span>")

    def _track_html(self, p: Panel, sides: list[str]) -> str:
        cells = []
        for a in p.areas:
            inner = "".join(self._marker_html(x, sides) for x in a.pieces)
            cls = "hexlab-track-cell" + (" hexlab-track-current" if a.tone == "current" else "")
            note = f"<small>{_e(a.note)}</small>" if a.note else ""
            cells.append(f"<div class='{cls}'><b>{_e(a.name)}</b>{note}{inner}</div>")
        fill, ink = self._colours(p.side, sides)
        band = (f"<span class='hexlab-track-title' style='background:{fill};color:{ink}'>{_e(p.title)}</span>"
                + "".join(self._marker_html(m, sides) for m in p.markers))
        return (f"<div class='hexlab-track' data-panel='{_e(p.key)}' title='{_e(' '.join(p.lines))}'>{band}"
                f"<div class='hexlab-track-cells'>{''.join(cells)}</div></div>")

    def _table_html(self, p: Panel) -> str:
        rows = "".join(f"<li>{_e(line)}</li>" for line in p.lines)
        cites = " ".join(f"<code>{_e(c)}</code>" for c in p.clauses)
        return (f"<details class='hexlab-beside-table' data-panel='{_e(p.key)}'><summary>{_e(p.title)}</summary>"
                f"<ul>{rows}</ul><div class='hexlab-beside-cite'>{cites}</div></details>")

    def _counter(self, p: Piece, sides: list[str]) -> widgets.Widget:
        fill, ink = self._colours(p.side, sides)
        words = p.text + (f" · {p.detail}" if p.detail else "")
        # a disrupted unit's quadrant (or its battle status, in its detail) and its dashed edge say so already
        marks = [m for m in p.marks if m not in ("Normal", "Disrupted")]
        if marks:
            words += " [" + ", ".join(marks) + "]"
        if p.unit is None:
            w = widgets.HTML(f"<span class='hexlab-ab-piece' style='background:{fill};color:{ink}' "
                             f"title='{_e(p.title)}'>{_e(words)}</span>")
            return w
        b = widgets.Button(description=words, tooltip=p.title or words,
                           layout=widgets.Layout(width="auto", height="auto"))
        b.style.button_color = fill
        b.style.text_color = ink
        b.add_class("hexlab-ab-counter")
        b.add_class(f"hexlab-ab-unit-{p.unit}")
        if "Disrupted" in p.marks:
            b.add_class("hexlab-ab-disrupted")
        b.on_click(lambda _b, unit=p.unit: self.click(unit))
        self.counters[p.unit] = b
        return b

    def _area(self, a: Area, sides: list[str]) -> widgets.Widget:
        label = widgets.HTML(f"<div class='hexlab-ab-area-name'>{_e(a.name)}"
                             + (f" <small>{_e(a.note)}</small>" if a.note else "") + "</div>")
        pieces = widgets.Box([self._counter(x, sides) for x in a.pieces],
                             layout=widgets.Layout(flex_flow="row wrap"))
        box = widgets.VBox([label, pieces])
        box.add_class("hexlab-ab-area")
        if a.tone:
            box.add_class(f"hexlab-ab-{a.tone}")
        return box

    def _card(self, p: Panel, sides: list[str]) -> widgets.Widget:
        fill, ink = self._colours(p.side, sides)
        markers = "".join(self._marker_html(m, sides) for m in p.markers)
        lines = "".join(f"<div class='hexlab-ab-line'>{_e(line)}</div>" for line in p.lines)
        flags = "".join(f"<div class='hexlab-ab-flag'>⚠ {_e(f)}</div>" for f in p.flags)
        head = widgets.HTML(f"<div class='hexlab-ab-title' style='background:{fill};color:{ink}'>{_e(p.title)}"
                            f"{markers}</div>{lines}{flags}")
        parts: list[widgets.Widget] = [head]
        if p.areas:
            grid = widgets.GridBox([self._area(a, sides) for a in p.areas],
                                   layout=widgets.Layout(grid_template_columns=f"repeat({max(1, p.columns)}, 1fr)",
                                                         grid_gap="3px"))
            parts.append(grid)
        card = widgets.VBox(parts)
        card.add_class("hexlab-ab-card")
        card.add_class(f"hexlab-panel-{p.kind}")
        if p.flags:
            card.add_class("hexlab-ab-over")
        return card

    def _mark_selected(self) -> None:
        for unit, b in self.counters.items():
            if unit == self.map.selected:
                b.add_class("hexlab-ab-selected")
            else:
                b.remove_class("hexlab-ab-selected")

    # ------------------------------------------------------------------------------------ clicks
    def click(self, unit: str) -> None:
        """A click on a unit's counter: the same as a click on the unit on the map."""
        self.map.click_unit(unit)

    def text(self) -> str:
        """Every word the widget holds (its HTML, its buttons' words and tooltips and classes), to check what it
        shows a seat."""
        return "\n".join([self.tracks.value, *_words(self)])


def _words(w: widgets.Widget) -> Iterator[str]:
    for name in ("value", "description", "tooltip"):
        v = getattr(w, name, None)
        if isinstance(v, str):
            yield v
    yield " ".join(getattr(w, "_dom_classes", ()))
    for child in getattr(w, "children", None) or ():
        yield from _words(child)
