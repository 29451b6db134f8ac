"""The class app's two pages, as widgets: the team's page (join, pick a lesson and a scenario, play hot-seat or
against the computer, resume, print the report) and the teacher's page (every team's game, any of them opened,
a scenario's games pooled beside what happened in history, CSV).

``hexlab classroom`` serves them with Voila, which shows widgets and never runs code a page sends; every
request a page can make (a button, a text box, a list) is checked here and in :mod:`hexlab.classroom.room`
before anything is read or written. A team's page holds one team, joined with its name and word, and offers
only that team's games; the teacher's page opens only for the teacher code.
"""

from __future__ import annotations

import base64
import html
import os
from typing import Any

import ipywidgets as widgets

from .. import scenario as scenarios
from ..engine import Game, HexlabError
from ..widgets.table import Table
from .room import GameEntry, Room, RoomError, Team

ROOM_ENV = "HEXLAB_ROOM"
SEED_ENV = "HEXLAB_CLASS_SEED"
"""Set by ``hexlab classroom --seed N``: every new game starts from that seed (the whole class plays the same dice)."""
LEVELS = (("a beginner (novice)", "novice"), ("a good player (veteran)", "veteran"))
# The lessons (notebooks/lessons) and the scenarios each plays; "Every scenario" lists the rest.
LESSONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Guadalcanal, August to November 1942", ("cactus/guadalcanal", "memoir44/tenaru", "warsea/tokyo_express")),
    ("New Guinea, 1943: air power and airbases", ("cartwheel/wewak", "cartwheel/campaign")),
    ("Normandy, 6 June 1944", ("memoir44/normandy",)),
)
EVERY = "Every scenario (drills too)"
CSS = """<style>
.hexlab-class h2 {margin: 4px 0 8px 0; font-size: 1.3em}
.hexlab-class-error {color: #a40000; font-weight: 600}
.hexlab-class-ok {color: #1b5e20}
.hexlab-class table {border-collapse: collapse}
.hexlab-class td, .hexlab-class th {padding: 3px 10px; text-align: left; border-bottom: 1px solid #ccc}
.hexlab-download {color: #0b57d0; text-decoration: underline; font-weight: 600}
</style>"""


def room_from_env() -> Room:
    """The room ``hexlab classroom`` serves (its folder is in the ``HEXLAB_ROOM`` environment variable)."""
    folder = os.environ.get(ROOM_ENV)
    if not folder:
        raise RoomError("This page belongs to a class room: start it with `make classroom` (hexlab classroom).")
    return Room(folder)


def new_seed() -> int:
    """The seed of a new game: the class's own (``hexlab classroom --seed``), else a new one."""
    fixed = os.environ.get(SEED_ENV, "")
    if fixed.isdigit() and int(fixed) < 2**32:
        return int(fixed)
    return int.from_bytes(os.urandom(2), "big")


def _say(box: widgets.HTML, text: str, error: bool = False) -> None:
    box.value = f"<div class='{'hexlab-class-error' if error else 'hexlab-class-ok'}'>{text}</div>"


def _download(text: str, filename: str, label: str, mime: str) -> str:
    """A link that saves ``text`` as ``filename`` from the page (no server round trip, nothing executed)."""
    data = base64.b64encode(text.encode("utf-8")).decode("ascii")
    return (f"<a download='{html.escape(filename)}' href='data:{mime};base64,{data}' "
            f"class='hexlab-download'>{html.escape(label)}</a>")


def _scenario_options(known: dict[str, dict[str, Any]], lesson: str) -> list[tuple[str, str]]:
    """The scenarios a lesson plays (``known``: every scenario by id, as :func:`hexlab.scenario.scenarios` lists)."""
    ids = next((ids for name, ids in LESSONS if name == lesson), None)
    if ids is None:
        ids = tuple(sorted(known))
    return [(f"{known[i]['title']} ({i})", i) for i in ids if i in known]


def _bar_chart(rows: list[tuple[str, int]], total: int) -> str:
    """Who won how often, as an inline SVG bar chart (one bar a side, or "draw"), labelled with the counts."""
    if not rows or total <= 0:
        return ""
    height, width, label = 26 * len(rows) + 10, 460, 150
    parts = [f"<svg xmlns='http://www.w3.org/2000/svg' width='{width}' height='{height}' role='img' "
             f"aria-label='Games won by each side' font-family='sans-serif' font-size='13'>"]
    for i, (side, n) in enumerate(rows):
        y = 6 + 26 * i
        length = (width - label - 90) * n / total
        parts.append(f"<text x='{label - 8}' y='{y + 15}' text-anchor='end'>{html.escape(side)}</text>"
                     f"<rect x='{label}' y='{y}' width='{length:.1f}' height='18' fill='#4a6fa5' stroke='#1f2d44'/>"
                     f"<text x='{label + length + 6:.1f}' y='{y + 15}'>{n} of {total} ({n / total:.0%})</text>")
    parts.append("</svg>")
    return "<div class='hexlab-pool-chart'>" + "".join(parts) + "</div>"


def _score(entry: GameEntry) -> str:
    return ", ".join(f"{side} {v}" for side, v in (entry.score or {}).items())


def _state(entry: GameEntry) -> str:
    if entry.problem:
        return f"can't be read: {entry.problem}"
    if entry.finished:
        return f"{entry.winner} won: {entry.reason}" if entry.winner else f"a draw: {entry.reason}"
    return f"turn {entry.turn}, under way"


class ClassApp(widgets.VBox):
    """The team's page: join, then a menu (a new game of a lesson's scenario, or one of the team's games to
    resume), then the table. The game is saved in the team's folder after every move."""

    def __init__(self, room: Room, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("hexlab-class")
        self.room = room
        self.known = {s["id"]: s for s in scenarios.scenarios()}
        """Every scenario by id, read once for the page: the lists and the check of a new game's scenario use it."""
        self.team: Team | None = None
        self.table: Table | None = None
        self.game_name: str | None = None
        self.note = widgets.HTML()
        self.note.add_class("hexlab-class-note")
        # joining
        self.team_box = widgets.Text(description="Team name", placeholder="e.g. Red Marines",
                                     style={"description_width": "initial"})
        self.word_box = widgets.Password(description="Team word", style={"description_width": "initial"},
                                         tooltip="A word your team chooses the first time and types to come back")
        self.join_button = widgets.Button(description="Join", button_style="primary")
        self.join_button.add_class("hexlab-join")
        self.join_button.on_click(lambda _b: self.join(self.team_box.value, self.word_box.value))
        self.join_view = widgets.VBox([widgets.HTML(f"{CSS}<h2>hexlab in class</h2><p>Type your team's name and "
                                                    "a team word. The first time, the word you type becomes your "
                                                    "team's word: you need it to come back to your games.</p>"),
                                       widgets.HBox([self.team_box, self.word_box, self.join_button])])
        # the menu
        self.lesson = widgets.Dropdown(options=[name for name, _ in LESSONS] + [EVERY], description="Lesson",
                                       style={"description_width": "initial"}, layout=widgets.Layout(width="auto"))
        self.scenario = widgets.Dropdown(description="Scenario", style={"description_width": "initial"},
                                         layout=widgets.Layout(width="auto"))
        self.mode = widgets.Dropdown(description="Play", style={"description_width": "initial"},
                                     layout=widgets.Layout(width="auto"))
        self.level = widgets.Dropdown(options=LEVELS, description="The computer plays as",
                                      style={"description_width": "initial"}, layout=widgets.Layout(width="auto"))
        self.start_button = widgets.Button(description="Start a new game", button_style="primary")
        self.start_button.add_class("hexlab-start")
        self.start_button.on_click(lambda _b: self.start(self.scenario.value, self.mode.value, self.level.value))
        self.games_list = widgets.Dropdown(description="Our games", style={"description_width": "initial"},
                                           layout=widgets.Layout(width="auto"))
        self.resume_button = widgets.Button(description="Resume")
        self.resume_button.add_class("hexlab-resume")
        self.resume_button.on_click(lambda _b: self.resume(self.games_list.value))
        self.lesson.observe(lambda _c: self._fill_scenarios(), names=["value"])
        self.scenario.observe(lambda _c: self._fill_modes(), names=["value"])
        self.mode.observe(lambda _c: self._show_level(), names=["value"])
        self.menu_view = widgets.VBox()
        # the game
        self.menu_button = widgets.Button(description="Back to the menu")
        self.menu_button.on_click(lambda _b: self.show_menu())
        self.report_button = widgets.Button(description="After-action report")
        self.report_button.add_class("hexlab-report")
        self.report_button.on_click(lambda _b: self.report())
        self.report_link = widgets.HTML()
        self.game_view = widgets.VBox()
        self.children = [self.join_view, self.note]

    # ------------------------------------------------------------------------------------------ joining
    def join(self, name: str, word: str) -> Team | None:
        """Join (or make) the team; the menu follows. A refusal is said on the page and nothing changes."""
        try:
            team = self.room.team(name, word)
        except RoomError as err:
            _say(self.note, html.escape(str(err)), error=True)
            return None
        self.team = team
        self.word_box.value = ""
        self.show_menu()
        _say(self.note, f"Welcome, <b>{html.escape(team.name)}</b>.")
        return team

    # ------------------------------------------------------------------------------------------ the menu
    def show_menu(self) -> None:
        if self.team is None:
            return
        self._fill_scenarios()
        entries = self.team.games()
        self.games_list.options = [(f"{e.title or e.scenario} · {_state(e)}", e.name) for e in entries] or \
            [("no games yet", "")]
        self.games_list.value = self.games_list.options[0][1]
        self.resume_button.disabled = not entries
        _let_go(self.menu_view.children, keep=self._kept_widgets())
        self.menu_view.children = [
            widgets.HTML(f"{CSS}<h2>Team {html.escape(self.team.name)}</h2>"),
            widgets.HTML("<b>A new game</b>"), self.lesson, self.scenario, self.mode, self.level, self.start_button,
            widgets.HTML("<b>Or go on with one of your games</b>"), widgets.HBox([self.games_list, self.resume_button]),
        ]
        self.children = [self.menu_view, self.note]

    def _kept_widgets(self) -> list[widgets.Widget]:
        """The page's own widgets, which stay for as long as the page (the rest is made anew each time shown)."""
        return [self.lesson, self.scenario, self.mode, self.level, self.start_button, self.games_list,
                self.resume_button, self.menu_button, self.report_button, self.report_link]

    def _fill_scenarios(self) -> None:
        options = _scenario_options(self.known, self.lesson.value)
        self.scenario.options = options
        if options:
            self.scenario.value = options[0][1]
        self._fill_modes()

    def _fill_modes(self) -> None:
        sid = self.scenario.value
        sides = self.known[sid]["sides"] if sid in self.known else []
        self.mode.options = [("Hot-seat: both sides at this screen", "")] + \
            [(f"Against the computer: we play {side}", side) for side in sides]
        self.mode.value = ""
        self._show_level()

    def _show_level(self) -> None:
        self.level.layout.display = None if self.mode.value else "none"

    # ------------------------------------------------------------------------------------------ playing
    def start(self, scenario_id: str, our_side: str = "", level: str = "novice") -> Game | None:
        """A new game of ``scenario_id`` (one the menu lists): hot-seat, or ``our_side`` against the computer."""
        if self.team is None:
            return None
        if scenario_id not in self.known:
            _say(self.note, "Pick a scenario from the list.", error=True)
            return None
        game = scenarios.load(scenario_id, seed=new_seed())
        if our_side and our_side not in game.state.sides:
            _say(self.note, "Pick a side from the list.", error=True)
            return None
        if level not in {v for _, v in LEVELS}:
            level = "novice"
        name = self.team.save_name(scenario_id)
        self.team.set_mode(name, our_side, level)
        self.team.save(game, name)
        return self._play(game, name)

    def resume(self, name: str) -> Game | None:
        """One of the team's games, back on the table; a broken save is named and nothing else changes."""
        if self.team is None or not name:
            return None
        try:
            game = self.team.open(name)
        except RoomError as err:
            _say(self.note, html.escape(str(err)), error=True)
            return None
        return self._play(game, name)

    def _play(self, game: Game, name: str) -> Game:
        assert self.team is not None
        if self.table is not None:  # the table of the game played before (the menu, then another game): let it go
            self._stop()
            self.table.close()
            self.table = None
        side, level = self.team.mode(name)
        if side and side in game.state.sides:
            other = {s: level for s in game.state.sides if s != side}
            table = Table(game, players=other, seat=side)
        else:
            table = Table(game)
        # a class plays its own side: no teacher's switch, no files outside the team's folder
        table.teacher.layout.display = "none"
        table.teacher.observe(lambda c: setattr(table.teacher, "value", False) if c["new"] else None, names=["value"])
        table.files.layout.display = "none"
        table.file_note.layout.display = "none"
        self.table, self.game_name = table, name
        # saved first, before the table shows the move: the page never says what the saves folder does not hold
        self._stop = game.on_change(lambda *_: self._autosave(), first=True)
        self.report_link.value = ""
        _let_go(self.game_view.children, keep=self._kept_widgets())
        self.game_view.children = [widgets.HBox([self.menu_button, self.report_button, self.report_link]), table]
        self.children = [self.game_view, self.note]
        _say(self.note, f"Playing <b>{html.escape(name)}</b>; it is saved after every move.")
        return game

    def _autosave(self) -> None:
        if self.team is None or self.table is None or self.game_name is None:
            return
        try:
            self.team.save(self.table.game, self.game_name)
        except (HexlabError, OSError) as err:
            _say(self.note, f"Not saved: {html.escape(str(err))}", error=True)

    def report(self) -> str | None:
        """The after-action report of the game on the table, as a link that saves it (to print or keep)."""
        if self.table is None:
            return None
        from .report import report
        page = report(self.table.game)
        stem = (self.game_name or "game").removesuffix(".json")
        self.report_link.value = _download(page, f"{stem}-report.html", "Save the report (open it to print)",
                                           "text/html")
        return page


class TeacherPage(widgets.VBox):
    """The teacher's page: asks for the teacher code, then lists every team's games, opens any of them, and
    pools one scenario's finished games beside its history, with a CSV of every game."""

    def __init__(self, room: Room, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("hexlab-class")
        self.room = room
        self.teacher: Any = None
        self.note = widgets.HTML()
        self.code_box = widgets.Password(description="Teacher code", style={"description_width": "initial"})
        self.open_button = widgets.Button(description="Open", button_style="primary")
        self.open_button.add_class("hexlab-teacher-open")
        self.open_button.on_click(lambda _b: self.unlock(self.code_box.value))
        self.games_view = widgets.HTML()
        self.pick = widgets.Dropdown(description="Open a game", style={"description_width": "initial"},
                                     layout=widgets.Layout(width="auto"))
        self.look_button = widgets.Button(description="Open it")
        self.look_button.on_click(lambda _b: self.look(self.pick.value))
        self.refresh_button = widgets.Button(description="Refresh")
        self.refresh_button.on_click(lambda _b: self.refresh())
        self.pool_pick = widgets.Dropdown(description="Compare a scenario", style={"description_width": "initial"},
                                          layout=widgets.Layout(width="auto", max_width="520px"))
        self.pool_pick.observe(lambda _c: self._show_pool(), names=["value"])
        self.pool_view = widgets.HTML()
        self.game_view = widgets.VBox()
        self.children = [widgets.HTML(f"{CSS}<h2>The teacher's page</h2>"),
                         widgets.HBox([self.code_box, self.open_button]), self.note]

    def unlock(self, code: str) -> bool:
        try:
            self.teacher = self.room.teacher(code)
        except RoomError as err:
            _say(self.note, html.escape(str(err)), error=True)
            return False
        self.code_box.value = ""
        self.note.value = ""
        self.refresh()
        return True

    def refresh(self) -> None:
        if self.teacher is None:
            return
        self._entries = self.teacher.games()
        rows = "".join(f"<tr><td>{html.escape(e.team)}</td><td>{html.escape(e.title or e.scenario or e.name)}</td>"
                       f"<td>{e.turn if not e.problem else ''}</td><td>{html.escape(_score(e))}</td>"
                       f"<td>{html.escape(_state(e))}</td></tr>" for e in self._entries)
        csv_link = _download(self.teacher.csv(self._entries), "class-games.csv", "Every game as CSV", "text/csv")
        self.games_view.value = (f"<h3>The room's games ({len(self._entries)})</h3><table><thead><tr><th>Team</th>"
                                 f"<th>Scenario</th><th>Turn</th><th>Score</th><th>Where it stands</th></tr></thead>"
                                 f"<tbody>{rows}</tbody></table><p>{csv_link}</p>")
        self.pick.options = [(f"{e.team}: {e.name}", f"{e.team}/{e.name}") for e in self._entries
                             if not e.problem] or [("no games yet", "")]
        self.pick.value = self.pick.options[0][1]
        played = sorted({e.scenario for e in self._entries if e.scenario})
        self.pool_pick.options = [(sid, sid) for sid in played] or [("no games yet", "")]
        self.pool_pick.value = self.pool_pick.options[0][1]
        self.children = [widgets.HTML(f"{CSS}<h2>The teacher's page</h2>"), self.refresh_button, self.games_view,
                         widgets.HBox([self.pick, self.look_button]), self.pool_pick, self.pool_view, self.game_view,
                         self.note]
        self._show_pool()

    def _show_pool(self) -> None:
        sid = self.pool_pick.value
        if self.teacher is None or not sid:
            self.pool_view.value = ""
            return
        pool = self.teacher.pool(sid, self._entries)
        meta = scenarios.read(sid)
        bars = _bar_chart(sorted(pool["wins"].items()), pool["finished"])
        scores = ", ".join(f"{html.escape(s)} {v:.1f}" for s, v in pool["score"].items())
        turns = pool["turns"]
        ended = f"turn {turns['min']} to {turns['max']} (mean {turns['mean']:.1f})" if turns else "none finished yet"
        self.pool_view.value = (
            f"<h3>{html.escape(meta.title)}: the class's games</h3>{bars or '<div>No finished games yet.</div>'}"
            f"<div>Finished {pool['finished']}, under way {pool['unfinished']}, unreadable {pool['unreadable']}."
            f"</div><div>Score at the end (mean): {scores or '-'}</div><div>Games ended: {ended}</div>"
            f"<h3>What happened in history</h3><p>{html.escape(meta.meta.history or meta.meta.summary)}</p>")

    def look(self, key: str) -> Game | None:
        if self.teacher is None or not key or "/" not in key:
            return None
        team, name = key.split("/", 1)
        try:
            game = self.teacher.open(team, name)
        except RoomError as err:
            _say(self.note, html.escape(str(err)), error=True)
            return None
        self.game_view.children = [widgets.HTML(f"<h3>{html.escape(team)}: {html.escape(name)}</h3>"),
                                   Table(game, teacher=True)]
        return game


def _let_go(old: tuple[widgets.Widget, ...], keep: list[widgets.Widget]) -> None:
    """Close the widgets a page made for one showing (headings, rows) when it shows something else: a kernel
    keeps every widget that is not closed. The page's own widgets (``keep``) and any table (closed by the page
    when it puts up another) are left alone; a row is closed, not the widgets in it."""
    for widget in old:
        if widget in keep or isinstance(widget, Table):
            continue
        for part in (widget.layout, getattr(widget, "style", None)):
            if isinstance(part, widgets.Widget):
                part.close()
        widget.close()


def class_page() -> widgets.Widget:
    """The team's page for the room being served (what ``class.ipynb`` shows)."""
    try:
        return ClassApp(room_from_env())
    except RoomError as err:
        return widgets.HTML(f"<b>{html.escape(str(err))}</b>")


def teacher_page() -> widgets.Widget:
    """The teacher's page for the room being served (what ``teacher.ipynb`` shows)."""
    try:
        return TeacherPage(room_from_env())
    except RoomError as err:
        return widgets.HTML(f"<b>{html.escape(str(err))}</b>")
