"""``ExerciseView``: an exercise answered on the map, by mouse or keyboard, and graded by the engine.

The map is the play table's :class:`~hexlab.widgets.hexmap.HexMap`, drawn for the seat of the side the question
is about, with two of its hooks: a click picks or unpicks a place (or a unit) instead of playing it, and an
overlay draws the picks, the keyboard's focus and, after **Check**, the marks: right (green), missed (orange,
dashed) and wrong (red, crossed). Each mistake is listed under the map with its rule clause, which opens to the
rule's text on a click. A number is typed in a box; a choice is picked from buttons.

Keyboard (click the "keyboard" strip, or Tab to it, first): the arrow keys move the focus from place to place
(every hex or area of the map, or every counter drawn, those aboard another unit too), Space or Enter picks or
unpicks the focused place, C checks, X clears the picks. A number is typed in its box and checked with Enter; a
choice's buttons are reached with Tab and pressed with Space. Every answer checked goes on
the notebook's :class:`~hexlab.exercises.sheet.Sheet`, which ``hexlab.exercises.summary()`` shows.
"""

from __future__ import annotations

import html
import math
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets

from ..exercises.kinds import key_of, place_of
from ..exercises.model import SET_TYPES, Exercise, Grade
from ..exercises.seat import has_hidden, seat_of
from ..exercises.sheet import SHEET, Sheet
from ..hexes import Hex
from ..render.rules_html import cite
from ..render.scene import Line, Poly
from .hexmap import HexMap

PICKED, RIGHT, MISSED, WRONG, FOCUS = "#1f5fbf", "#1a7f37", "#c96a00", "#b3261e", "#111111"

_KEYS_ESM = """
function render({ model, el }) {
  const pad = document.createElement("div");
  pad.className = "hexlab-keypad";
  pad.tabIndex = 0;
  pad.setAttribute("role", "application");
  pad.setAttribute("aria-label", "Answer with the keyboard");
  const show = () => { pad.textContent = model.get("text"); };
  show();
  model.on("change:text", show);
  pad.addEventListener("keydown", (e) => {
    const keys = ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", " ", "Enter", "c", "C", "x", "X"];
    if (!keys.includes(e.key)) return;
    e.preventDefault();
    e.stopPropagation();
    model.send({ key: e.key === " " ? "Space" : e.key });
  });
  el.appendChild(pad);
}
export default { render };
"""

_KEYS_CSS = """
.hexlab-keypad { border: 1px dashed #888; padding: 4px 8px; font-size: 12px; cursor: pointer; border-radius: 4px; }
.hexlab-keypad:focus { outline: 3px solid #1f5fbf; border-color: #1f5fbf; background: #eef4ff; }
"""


class KeyPad(anywidget.AnyWidget):
    """A focusable strip that passes the answer keys (arrows, Space, Enter, C, X) to Python."""

    _esm = _KEYS_ESM
    _css = _KEYS_CSS
    text = traitlets.Unicode("").tag(sync=True)


_NUMBER_ESM = """
function render({ model, el }) {
  const box = document.createElement("input");
  box.type = "text";
  box.className = "hexlab-number widget-input";
  box.placeholder = model.get("placeholder");
  box.setAttribute("aria-label", model.get("placeholder"));
  box.value = model.get("value");
  model.on("change:value", () => { if (box.value !== model.get("value")) box.value = model.get("value"); });
  box.addEventListener("input", () => { model.set("value", box.value); model.save_changes(); });
  box.addEventListener("keydown", (e) => {
    e.stopPropagation();  // what is typed here is the answer, never a notebook shortcut
    if (e.key !== "Enter") return;
    e.preventDefault();
    model.send({ submit: box.value });  // the text goes with the key: it cannot arrive after it
  });
  el.appendChild(box);
}
export default { render };
"""

_NUMBER_CSS = """
.hexlab-number { width: 18em; padding: 2px 6px; font-size: 13px; }
.hexlab-number:focus { outline: 3px solid #1f5fbf; }
"""


class NumberBox(anywidget.AnyWidget):
    """A box to type a number in; Enter sends the text typed with it, to check.

    (A plain ``ipywidgets.Text`` sends Enter as a message of its own, which can reach Python before the last
    characters typed while the kernel is busy; the answer would then be graded without them.)"""

    _esm = _NUMBER_ESM
    _css = _NUMBER_CSS
    value = traitlets.Unicode("").tag(sync=True)
    placeholder = traitlets.Unicode("").tag(sync=True)


DIRECTIONS = {"ArrowUp": (0.0, -1.0), "ArrowDown": (0.0, 1.0), "ArrowLeft": (-1.0, 0.0), "ArrowRight": (1.0, 0.0)}


class ExerciseView(widgets.VBox):
    """One exercise: its question, the map to answer on (or a box or buttons), Check, and the marks."""

    def __init__(self, exercise: Exercise, sheet: Sheet | None = None, size: float | None = None,
                 **kwargs: Any) -> None:
        self.exercise = exercise
        self.sheet = sheet if sheet is not None else SHEET
        self.game = exercise.game()
        # A game that hides anything is drawn for the seat the question is put to (never the whole board).
        seat = seat_of(exercise, self.game) if (exercise.view or has_hidden(exercise, self.game)) else None
        self.map = HexMap(self.game, size=size, viewer=seat)
        self.picked: set[str] = set()
        self.grade: Grade | None = None
        self.focus: str | None = None
        self.map.on_place_click = self._clicked
        self.map.overlay = self._overlay
        self.question = widgets.HTML(f"<b>{html.escape(exercise.question)}</b>")
        self.question.add_class("hexlab-question")
        self.answer_box = NumberBox(placeholder="type a number (3, 1/6 or 25%), then Enter")
        self.answer_box.on_msg(self._submitted)  # Enter in the box checks, as C does on the keyboard strip
        self.options = widgets.ToggleButtons(options=list(exercise.choices), value=None,
                                             style={"button_width": "auto"})
        self.check_button = widgets.Button(description="Check", button_style="primary",
                                           tooltip="Grade the answer (key C)")
        self.check_button.on_click(lambda _b: self.check())
        self.clear_button = widgets.Button(description="Clear", tooltip="Unpick everything (key X)")
        self.clear_button.on_click(lambda _b: self.clear())
        self.keypad = KeyPad(text="Keyboard: click here, then arrows move the focus, Space/Enter picks, C checks, "
                                "X clears.")
        self.keypad.on_msg(self._key)
        self.result = widgets.HTML()
        self.result.add_class("hexlab-exercise-result")
        self.picks = widgets.HTML()
        parts: list[widgets.Widget] = [self.question]
        if exercise.answer_type in SET_TYPES:
            self._spots = self._places()
            parts += [self.map, self.keypad, self.picks]
        else:
            self._spots = {}
            parts += [self.map, self.answer_box if exercise.answer_type == "number" else self.options]
        parts += [widgets.HBox([self.check_button, self.clear_button]), self.result]
        super().__init__(parts, **kwargs)
        self.add_class("hexlab-exercise")
        self._show_picks()
        self.map.redraw_highlights()

    # ------------------------------------------------------------------------------------ places
    def _places(self) -> dict[str, tuple[float, float]]:
        """Every item a student may pick, with its point on the map (CSS pixels): the hexes or areas of the map,
        or the units drawn on it."""
        out: dict[str, tuple[float, float]] = {}
        sc = self.map._scene
        if self.exercise.answer_type == "units":
            # every counter drawn, those aboard a ship or in a box beside the map too: what a click can pick, the
            # arrow keys must reach (War at Sea's troops aboard a transport are a question's wrong picks)
            for c in sc.counters:
                out.setdefault(c.unit, (c.x, c.y))
            return out
        if self.exercise.answer_type == "areas":
            for aid in self.game.board.areas:
                p = self.map.point_of(aid)
                if p is not None:
                    out[aid] = p
            return out
        for h, cell in self.map._cells.items():
            out[key_of(self.game, h)] = cell.center
        return out

    def _key_at(self, where: Any, unit: str | None) -> str | None:
        if self.exercise.answer_type == "units":
            return unit
        if where is None:
            return None
        if self.exercise.answer_type == "areas":
            return where if isinstance(where, str) and where in self.game.board.areas else None
        return key_of(self.game, where) if isinstance(where, Hex) else None

    def _clicked(self, where: Any, unit: str | None) -> bool:
        if self.exercise.answer_type not in SET_TYPES:
            return True  # the map only shows the position
        key = self._key_at(where, unit)
        if key is not None:
            self.focus = key
            self.toggle(key)
        return True

    # ------------------------------------------------------------------------------------ answering
    def toggle(self, key: str) -> None:
        """Pick ``key`` (a hex label, area id or unit id), or unpick it if picked."""
        if key in self.picked:
            self.picked.discard(key)
        else:
            self.picked.add(key)
        self.grade = None
        self.result.value = ""
        self._show_picks()
        self.map.redraw_highlights()

    def clear(self) -> None:
        self.picked.clear()
        self.answer_box.value = ""
        self.options.value = None
        self.grade = None
        self.result.value = ""
        self._show_picks()
        self.map.redraw_highlights()

    def answer(self) -> Any:
        """The answer as it stands: the picked items, the typed number or the chosen option."""
        if self.exercise.answer_type in SET_TYPES:
            return sorted(self.picked)
        if self.exercise.answer_type == "number":
            return self.answer_box.value
        return self.options.value

    def check(self) -> Grade | None:
        """Grade the answer, keep it on the sheet and show the marks; a malformed answer says what is wrong."""
        from ..engine import HexlabError

        try:
            self.grade = self.sheet.record(self.exercise, self.answer())
        except HexlabError as exc:
            self.grade = None
            self.result.value = f"<span style='color:{WRONG}'>{html.escape(str(exc))}</span>"
            return None
        self.result.value = self._grade_html(self.grade)
        self.map.redraw_highlights()
        return self.grade

    def _submitted(self, _widget: Any, content: dict[str, Any], _buffers: Any = None) -> None:
        """Enter pressed in the number box, with the text typed: check that answer."""
        if not isinstance(content, dict) or not isinstance(content.get("submit"), str):
            return
        if self.exercise.answer_type == "number":
            self.answer_box.value = content["submit"]
            self.check()

    def _key(self, _widget: Any, content: dict[str, Any], _buffers: Any = None) -> None:
        key = content.get("key") if isinstance(content, dict) else None
        if key in DIRECTIONS:
            self.move_focus(key)
        elif key in ("Space", "Enter"):
            if self.focus is not None and self.exercise.answer_type in SET_TYPES:
                self.toggle(self.focus)
        elif key in ("c", "C"):
            self.check()
        elif key in ("x", "X"):
            self.clear()

    def move_focus(self, key: str) -> None:
        """Move the focus to the nearest place in the arrow's direction (within 60 degrees of it)."""
        if not self._spots:
            return
        if self.focus not in self._spots:
            subject = self.exercise.subject.get("unit")
            start = None
            if subject and subject in self.game.state.units:
                at = self.game.state.place_of(self.game.state.units[subject])
                start = subject if self.exercise.answer_type == "units" else key_of(self.game, at)
            self.focus = start if start in self._spots else sorted(self._spots)[0]
        else:
            dx, dy = DIRECTIONS[key]
            x0, y0 = self._spots[self.focus]
            best, best_d = None, math.inf
            for k, (x, y) in self._spots.items():
                vx, vy = x - x0, y - y0
                d = math.hypot(vx, vy)
                if k == self.focus or d == 0 or (vx * dx + vy * dy) < 0.5 * d:
                    continue
                score = d * (2.0 - (vx * dx + vy * dy) / d)
                if score < best_d:
                    best, best_d = k, score
            if best is not None:
                self.focus = best
        self._show_picks()
        self.map.redraw_highlights()

    # ------------------------------------------------------------------------------------ drawing
    def _outline(self, key: str) -> list[tuple[float, float]] | None:
        sc = self.map._scene
        if self.exercise.answer_type == "units":
            c = next((c for c in sc.counters if c.unit == key), None)
            if c is None:
                return None
            r = c.size / 2 + 3
            return [(c.x - r, c.y - r), (c.x + r, c.y - r), (c.x + r, c.y + r), (c.x - r, c.y + r)]
        if self.exercise.answer_type == "areas":
            boxes = sc.areas.boxes if sc.areas is not None else {}
            if key in boxes:
                x0, y0, x1, y1 = boxes[key]
                return [(x0 + 2, y0 + 2), (x1 - 2, y0 + 2), (x1 - 2, y1 - 2), (x0 + 2, y1 - 2)]
            return None
        from ..hexes import polygon_corners

        try:
            h = place_of(self.game, key)
        except ValueError:
            return None
        if not isinstance(h, Hex):
            return None
        return [(x * 0.86 + c[0] * 0.14, y * 0.86 + c[1] * 0.14)
                for (x, y), c in zip(polygon_corners(self.map.hex_layout, h),
                                     [self.map._cells[h].center] * 6, strict=False)]

    def _overlay(self) -> list[Any]:
        shapes: list[Any] = []

        def ring(key: str, colour: str, width: float, dash: tuple[float, ...] = (), fill: bool = False) -> None:
            pts = self._outline(key)
            if pts:
                shapes.append(Poly(tuple((round(x, 2), round(y, 2)) for x, y in pts), colour if fill else None,
                                   None if fill else colour, width or 1.0, 0.25 if fill else 1.0, dash))

        g = self.grade
        if g is not None and self.exercise.answer_type in SET_TYPES:
            for k in g.right:
                ring(k, RIGHT, 3.0)
                ring(k, RIGHT, 0.0, fill=True)
            for k in g.missed:
                ring(k, MISSED, 3.0, (5.0, 3.0))
            for k in g.wrong:
                ring(k, WRONG, 3.0)
                pts = self._outline(k)
                if pts:
                    n = len(pts)
                    shapes.append(Line((pts[0], pts[n // 2]), WRONG, 2.5))
                    shapes.append(Line((pts[n // 4], pts[(3 * n) // 4]), WRONG, 2.5))
        else:
            for k in sorted(self.picked):
                ring(k, PICKED, 3.0)
                ring(k, PICKED, 0.0, fill=True)
        if self.focus is not None:
            ring(self.focus, FOCUS, 2.0, (3.0, 2.0))
        return shapes

    def _show_picks(self) -> None:
        if self.exercise.answer_type not in SET_TYPES:
            return
        picked = ", ".join(sorted(self.picked)) or "nothing yet"
        focus = f" · focus: <b>{html.escape(self.focus)}</b>" if self.focus else ""
        self.picks.value = f"Picked: {html.escape(picked)}{focus}"

    def _grade_html(self, g: Grade) -> str:
        if g.correct:
            head = f"<b style='color:{RIGHT}'>Right!</b>"
        else:
            head = (f"<b style='color:{WRONG}'>Not quite</b>: score {float(g.score):.0%} "
                    f"({len(g.right)} right, {len(g.missed)} missed, {len(g.wrong)} wrong).")
        rows = []
        for m in g.mistakes:  # wrong picks first, each with its own reason
            if m.how == "missed":
                continue
            what = "not allowed" if m.how == "wrong" else "not the answer"
            rows.append(f"<li><b style='color:{WRONG}'>{html.escape(m.item)}</b>: {what}. "
                        f"{html.escape(m.reason)} {cite([m.clause]) if m.clause else ''}</li>")
        missed: dict[str, list[str]] = {}
        for m in g.mistakes:  # missed items, grouped by the clause that allows them
            if m.how == "missed":
                missed.setdefault(m.clause, []).append(m.item)
        for clause, items in missed.items():
            reason = next(m.reason for m in g.mistakes if m.how == "missed" and m.item == items[0])
            rows.append(f"<li><b style='color:{MISSED}'>{html.escape(', '.join(items))}</b>: missed"
                        f"{'' if len(items) == 1 else f' ({len(items)})'}. {html.escape(reason)}"
                        f"{' (and likewise the others)' if len(items) > 1 else ''} {cite([clause]) if clause else ''}</li>")
        legend = ""
        if self.exercise.answer_type in SET_TYPES and not g.correct:
            legend = (f"<div style='font-size:11px'>On the map: <span style='color:{RIGHT}'>green, right</span>; "
                      f"<span style='color:{MISSED}'>orange dashed, missed</span>; "
                      f"<span style='color:{WRONG}'>red crossed, wrong</span>.</div>")
        return head + (f"<ul>{''.join(rows)}</ul>" if rows else "") + legend

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live widget, with a picture of the map and the question in words for viewers without a kernel."""
        bundle = super()._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        if isinstance(data, dict):
            data["image/svg+xml"] = self.map.to_svg()
            data["text/plain"] = self.exercise.question
        return bundle

    def __repr__(self) -> str:
        return f"<ExerciseView {self.exercise.ruleset}/{self.exercise.kind}: {len(self.picked)} picked>"
