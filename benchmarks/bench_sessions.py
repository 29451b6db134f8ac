"""Many teams at once in the class app, and what one of them can reach by requests it crafts itself.

Run from the project root:  .venv/bin/python benchmarks/bench_sessions.py [--sessions 10] [--actions 3]

It starts the class app (``hexlab classroom``'s command, Voila through hexlab's launcher, on 127.0.0.1, with a
class code) on a new saves folder, opens ``--sessions`` browser sessions at once in Debian's Chromium (each a
browser context of its own, as separate computers are), and in each a team joins, starts a game of a different
scenario against the computer and plays ``--actions`` decisions by clicks, the sessions taking turns click by
click, so that all of them are open and playing at the same time. Then it checks that every team's save holds its
own game and only it, that no page showed an error, and it tries the crafted requests of :func:`crafted_requests`
(plain HTTP and the kernel's websocket, not the page; among them another session's kernel by its id). After them
every session's page must still answer a click, and the server's log must hold no traceback, neither while the
teams played nor while the crafted requests were refused. It prints the figures and writes
``benchmarks/results/sessions.json``::

    {"sessions": 10, "errors": int, "crafted_requests": int, "refused": int, ...}

``tests/browser/test_classroom_sessions.py`` runs the same with three sessions.
"""

from __future__ import annotations

import argparse
import asyncio
import html
import http.client
import json
import os
import re
import sys
import tempfile
import time
import urllib.parse
import uuid
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hexlab import saves  # noqa: E402
from hexlab.classroom.app import ClassApp, TeacherPage  # noqa: E402
from hexlab.classroom.room import Room, RoomError, team_key  # noqa: E402
from tests.browser.harness import RoomServer, class_server  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "sessions.json"
CLASS_CODE = "oak-river-5150"
SCENARIOS = [  # one per session, all different; the first ten of these are the ten sessions
    "cactus/drill_turn", "memoir44/drill_basic", "cadet/drill_punch", "memoir44/drill_cover", "cadet/drill_push",
    "memoir44/drill_terrain", "cadet/drill_bump", "memoir44/drill_retreat", "cadet/drill_crowd", "memoir44/drill_los",
    "memoir44/drill_overrun", "memoir44/drill_desert",
]
THIRD_PARTY = ("https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free",)


# ---------------------------------------------------------------------------------------------- the server
def room_server(tmp: Path):
    """The class app served on 127.0.0.1 from a new room in ``tmp``, as ``hexlab classroom`` serves it."""
    return class_server(tmp, CLASS_CODE)


# ---------------------------------------------------------------------------------------------- sessions
@dataclass
class Session:
    """One team at one browser: its page, its shadow table (which plans the clicks) and what it saw go wrong."""
    team: str
    word: str
    scenario: str
    side: str
    context: Any
    page: Any
    console: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    save_name: str = ""
    planner: Any = None
    clicker: Any = None
    action: Any = None
    decisions: int = 0
    clicks: int = 0

    def errors(self) -> list[str]:
        third = [u for u in self.failed if u.startswith(THIRD_PARTY)]
        forgive = len(third) if len(third) == len(self.failed) else 0
        out = []
        for message in self.console:
            if forgive and message.startswith("Failed to load resource"):
                forgive -= 1
                continue
            out.append(message)
        return out


def open_sessions(browser, server: RoomServer, count: int) -> list[Session]:
    """``count`` teams, each in a browser context of its own, opened one after the other (each page's kernel
    starts while the others run)."""
    from hexlab import scenario as scenarios

    out = []
    for i in range(count):
        sid = SCENARIOS[i % len(SCENARIOS)]
        side = scenarios.load(sid, seed=1).state.sides[0]
        context = browser.new_context(viewport={"width": 1366, "height": 768}, device_scale_factor=1)
        page = context.new_page()
        s = Session(f"Team {chr(65 + i)}{i}", f"word-{i}-{uuid.uuid4().hex[:6]}", sid, side, context, page)
        page.on("console", lambda m, s=s: s.console.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e, s=s: s.console.append(f"page error: {e}"))
        page.on("requestfailed", lambda r, s=s: s.failed.append(r.url))
        page.goto(f"{server.url}/voila/render/class.ipynb?token={CLASS_CODE}", wait_until="commit")
        # the next page is opened once this one shows (on two cores, ten kernels started in the same second keep
        # the first pages waiting for minutes); all stay open and play together after
        page.wait_for_selector(".hexlab-join", timeout=300_000)
        out.append(s)
    return out


def _choose(page, label: str, option_text: str) -> None:
    select = page.locator(f".widget-dropdown:has(label:text-is('{label}')) select").first
    find = ("(s, t) => { const o = [...s.options].find(o => o.text.replace(/\u00a0/g, ' ').includes(t));"
            " return o ? o.value : null; }")
    for _ in range(150):
        value = select.evaluate(find, option_text)
        if value is not None:
            break
        page.wait_for_timeout(200)
    else:
        raise AssertionError(f"no option {option_text!r} in {label}")
    select.select_option(value=value)
    page.wait_for_timeout(300)


def join_and_start(s: Session, server: RoomServer) -> None:
    """The team joins, picks its scenario and its side against the computer, and starts the game."""
    from hexlab.widgets import Table
    from tests.browser.clicks import Planner
    from tests.browser.test_classroom_app import Clicker

    page = s.page
    page.wait_for_selector(".hexlab-join", timeout=300_000)
    page.locator(".widget-text:has(label:text-is('Team name')) input").fill(s.team)
    page.locator("input[type=password]").first.fill(s.word)
    page.locator(".hexlab-join").click()
    page.wait_for_selector(".hexlab-start", timeout=60_000)
    _choose(page, "Lesson", "Every scenario")
    _choose(page, "Scenario", f"({s.scenario})")
    _choose(page, "Play", f"we play {s.side}")
    page.locator(".hexlab-start").click()
    page.wait_for_selector(".hexlab-table canvas.hexlab-map", timeout=120_000)
    page.wait_for_timeout(1000)
    team = server.room.team(s.team, s.word)
    entries = team.games(replay=False)
    assert len(entries) == 1, f"{s.team}: {len(entries)} saves after starting one game"
    s.save_name = entries[0].name
    game = saves.load(str(team.folder / s.save_name))
    other = [x for x in game.state.sides if x != s.side]
    shadow = Table(game, players={x: "novice" for x in other}, seat=s.side)
    s.planner = Planner(shadow, seed=sum(map(ord, s.team)))
    s.clicker = Clicker(page, shadow)


def click_once(s: Session) -> bool:
    """One click of the team's play (planned on its shadow, made on its page); False when the game is over."""
    from hexlab.engine.game import STEP

    planner = s.planner
    game = planner.game
    if game.is_over:
        return False
    needs_choice = planner.take_seat_button() is None and planner.shadow.stepper.next_button.disabled
    if needs_choice and s.action is None:
        s.action = planner.choose(game)
    before = len(game.history)
    click = planner.next_click(s.action if needs_choice else None)
    planner.take(click)
    s.clicker(click)
    s.clicks += 1
    if needs_choice and len(game.history) > before:
        taken = next(e for e in game.history[before:] if e != STEP)
        assert taken == s.action, f"{s.team}: the clicks took {taken!r}, not {s.action!r}"
        s.action = None
        s.decisions += 1
    return True


def play_round_robin(sessions: list[Session], decisions: int, click_limit: int = 400) -> None:
    """Every session plays ``decisions`` decisions, one click each in turn (all at once, as a class does)."""
    for _ in range(click_limit):
        busy = [s for s in sessions if s.decisions < decisions and not s.planner.game.is_over]
        if not busy:
            return
        for s in busy:
            click_once(s)
    raise AssertionError("the sessions did not finish their decisions in the clicks allowed")


def check_independent(sessions: list[Session], server: RoomServer) -> list[str]:
    """Each team's folder holds its one game, and the save is the game its own page played (its own actions,
    its own scenario), nothing of another session's."""
    problems = []
    for s in sessions:
        team = server.room.team(s.team, s.word)
        names = [e.name for e in team.games(replay=False)]
        if names != [s.save_name]:
            problems.append(f"{s.team}: its folder holds {names}, not only {s.save_name}")
            continue
        saved = saves.load(str(team.folder / s.save_name))
        shadow = s.planner.game
        if saved.scenario.id != s.scenario:
            problems.append(f"{s.team}: its save is a game of {saved.scenario.id}, not {s.scenario}")
        if saved.history != shadow.history or saved.state.to_data() != shadow.state.to_data():
            problems.append(f"{s.team}: its save ({len(saved.actions)} actions) is not the game its page played "
                            f"({len(shadow.actions)} actions)")
    return problems


# ---------------------------------------------------------------------------------------------- crafted requests
@dataclass
class Tried:
    what: str
    refused: bool
    answer: str


def _raw(server: RoomServer, method: str, path: str, body: bytes | None = None,
         headers: dict[str, str] | None = None) -> tuple[int, bytes, dict[str, str]]:
    """A request sent as written (no normalising of ``..`` or ``%2e`` by a client library)."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    try:
        conn.putrequest(method, path, skip_accept_encoding=True)
        for k, v in (headers or {}).items():
            conn.putheader(k, v)
        conn.putheader("Content-Length", str(len(body or b"")))
        conn.endheaders(body)
        r = conn.getresponse()
        headers = {k.lower(): v for k, v in r.getheaders()}
        cookies = [v for k, v in r.getheaders() if k.lower() == "set-cookie"]
        if cookies:
            headers["set-cookie"] = "\n".join(cookies)  # every one of them, a line each
        return r.status, r.read(), headers
    finally:
        conn.close()


def _secrets_in(body: bytes, secrets: list[str]) -> list[str]:
    text = body.decode("utf-8", "replace")
    return [s for s in secrets if s and s in text]


def crafted_requests(server: RoomServer, victims: list[dict[str, str]]) -> list[Tried]:
    """Requests a student can write by hand, each of which must be refused.

    ``victims`` are other teams (``team``, ``word``, ``save``): their game must stay out of reach. A request is
    *refused* when it gets no success status or its answer holds none of the room's secrets (the text of a save,
    a team's word hash, the room file, ``/etc/passwd``)."""
    room = server.room
    tok = f"token={CLASS_CODE}"
    # what the answer to a refused request never holds: a line of /etc/passwd, the room file, a word's hash, a save
    marks = ["root:x:0:0", '"format": "hexlab-room"', '"salt"', '"history"']
    # a link planted in a team's folder, pointing out of the saves folder (as a student with a shell on the
    # teacher's computer could not, but a careless copy could): it must not be listed, opened or followed
    planted = []
    if victims:
        vfolder = room.folder / "teams" / team_key(victims[0]["team"])
        for name, target in (("passwd.json", "/etc/passwd"), ("room-1.json", str(room.folder / "room.json"))):
            link = vfolder / name
            if not link.exists():
                link.symlink_to(target)
                planted.append(link)
    tried: list[Tried] = []

    def http_try(what: str, method: str, path: str, body: bytes | None = None, ok_if: Any = None) -> None:
        status, data, _ = _raw(server, method, path, body)
        leaked = _secrets_in(data, marks)
        refused = (status >= 300 or not leaked) if ok_if is None else ok_if(status, data)
        tried.append(Tried(what, bool(refused and not leaked),
                           f"HTTP {status}" + (f", holds {leaked}" if leaked else "")))

    saves_abs = str(room.folder)
    v0 = victims[0] if victims else {"team": "nobody", "save": "none-1.json"}
    vkey = team_key(v0["team"])
    victim_path = f"{saves_abs}/teams/{vkey}/{v0['save']}"
    q = urllib.parse.quote
    # the app without the class code
    http_try("the class page without the class code", "GET", "/voila/render/class.ipynb",
             ok_if=lambda st, d: st in (302, 401, 403) or b"hexlab" not in d.lower())
    http_try("the teacher page without the class code", "GET", "/voila/render/teacher.ipynb",
             ok_if=lambda st, d: st in (302, 401, 403) or b"teacher" not in d.lower())
    http_try("the class page with a wrong class code", "GET", "/voila/render/class.ipynb?token=oak-river-0000",
             ok_if=lambda st, d: st in (302, 401, 403) or b"hexlab" not in d.lower())
    # the teacher's page with the class code only: the page itself shows nothing of the room before the code
    team_names = [v["team"] for v in victims]
    http_try("the teacher page with the class code, before the teacher code", "GET",
             f"/voila/render/teacher.ipynb?{tok}",
             ok_if=lambda st, d: not any(n.encode() in d for n in team_names) and b"hexlab-room" not in d)
    # another team's save and the room's files by path, through every handler that serves files
    for what, path in [
        ("another team's save by absolute path (render)", f"/voila/render/{victim_path}?{tok}"),
        ("another team's save by absolute path (files)", f"/voila/files/{victim_path}?{tok}"),
        ("another team's save by a relative path (files)",
         f"/voila/files/../{q(os.path.relpath(victim_path, server.pages))}?{tok}"),
        ("another team's save, ../ encoded as %2e%2e",
         "/voila/files/" + "%2e%2e/" * 12 + victim_path.lstrip("/") + f"?{tok}"),
        ("the room file by absolute path", f"/voila/files/{saves_abs}/room.json?{tok}"),
        ("the room file, ../ encoded as %2e%2e%2f",
         "/voila/files/" + "%2e%2e%2f" * 12 + saves_abs.lstrip("/") + f"/room.json?{tok}"),
        ("/etc/passwd through render with ../", "/voila/render/" + "../" * 12 + f"etc/passwd?{tok}"),
        ("/etc/passwd through render, %2e%2e", "/voila/render/" + "%2e%2e/" * 12 + f"etc/passwd?{tok}"),
        ("/etc/passwd through render, double slash", f"/voila/render//etc/passwd?{tok}"),
        ("/etc/passwd through render, %2f", f"/voila/render/%2fetc%2fpasswd?{tok}"),
        ("/etc/passwd through files with ../", "/voila/files/" + "../" * 12 + f"etc/passwd?{tok}"),
        ("/etc/passwd through static with ../", "/voila/static/" + "..%2f" * 12 + f"etc/passwd?{tok}"),
        ("/etc/passwd through templates with ../", "/voila/templates/" + "..%2f" * 12 + f"etc/passwd?{tok}"),
        ("/etc/passwd through a template's static folder with ../",
         "/voila/templates/lab/static/" + "..%2f" * 12 + f"etc/passwd?{tok}"),
        ("a template's files, a path too short", f"/voila/templates/lab?{tok}"),
        ("/etc/passwd through labextensions with ../", "/voila/labextensions/" + "..%2f" * 12 + f"etc/passwd?{tok}"),
        ("/etc/passwd through the themes with ../", "/voila/api/themes/" + "..%2f" * 12 + f"etc/passwd?{tok}"),
        ("the saves folder through the contents API", f"/voila/api/contents/{saves_abs}?{tok}"),
        ("the saves folder through the contents API, %2e%2e", "/voila/api/contents/" + "%2e%2e/" * 12
         + saves_abs.lstrip("/") + f"?{tok}"),
        ("the saves folder through the tree", f"/voila/tree/{saves_abs}?{tok}"),
        ("a planted link to /etc/passwd in a team folder (files)",
         f"/voila/files/{saves_abs}/teams/{vkey}/passwd.json?{tok}"),
    ]:
        http_try(what, "GET", path)
    # Jupyter's own API with the class code: nothing of it is served by the class app
    for what, method, path in [
        ("the kernels list", "GET", f"/api/kernels?{tok}"),
        ("a new kernel", "POST", f"/api/kernels?{tok}"),
        ("the sessions list", "GET", f"/api/sessions?{tok}"),
        ("the contents API", "GET", f"/api/contents?{tok}"),
        ("the contents API: write a file", "PUT", f"/api/contents/x.ipynb?{tok}"),
        ("a terminal", "POST", f"/api/terminals?{tok}"),
        ("the terminals list", "GET", f"/api/terminals?{tok}"),
        ("a terminal's socket", "GET", f"/terminals/websocket/1?{tok}"),
        ("JupyterLab", "GET", f"/lab?{tok}"),
        ("the notebook editor", "GET", f"/notebooks/class.ipynb?{tok}"),
        ("the file download handler", "GET", f"/files/class.ipynb?{tok}"),
        ("the server's config", "GET", f"/api/config/notebook?{tok}"),
        ("a kernel that does not exist (a guessed id)", "GET", f"/api/kernels/{uuid.uuid4()}?{tok}"),
        ("shutting down a guessed kernel", "DELETE", f"/api/kernels/{uuid.uuid4()}?{tok}"),
        ("shutting down a guessed kernel through Voila", "POST", f"/voila/api/shutdown/{uuid.uuid4()}?{tok}"),
    ]:
        http_try(what, method, path, b"{}" if method in ("POST", "PUT") else None,
                 ok_if=lambda st, d: st >= 400 or (st in (301, 302) and b"api" not in d))
    # the kernel's socket: code sent by hand is not run (Voila passes widget messages only); another session's
    # kernel, by its id, answers neither on its socket nor on its REST routes
    tried.extend(kernel_socket_tries(server, victims))
    # the requests the page can make, with values no page offers (a crafted widget message sets any value and
    # presses any button: the app's methods are what those messages reach)
    tried.extend(widget_tries(server, victims))
    for link in planted:
        link.unlink()
    return tried


KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')
SEAT = "hexlab-seat"  # the launcher's cookie (hexlab/classroom/launch.py)


def page_kernel(html_text: str) -> str | None:
    """The id of the kernel a rendered page talks to (Voila writes it in the page's configuration)."""
    m = KERNEL_ID.search(html_text)
    return m.group(1) if m else None


def _seat_cookie(headers: dict[str, str], kernel: str) -> str:
    """The ``Cookie`` header a browser sends to ``kernel``'s routes after the page's answer ``headers``."""
    from http.cookies import SimpleCookie

    for line in headers.get("set-cookie", "").splitlines():
        jar = SimpleCookie()
        jar.load(line)
        morsel = jar.get(SEAT)
        if morsel is not None and morsel["path"].rstrip("/").endswith(f"/api/kernels/{kernel}"):
            return f"{SEAT}={morsel.value}"
    return ""


def kernel_socket_tries(server: RoomServer, victims: list[dict[str, str]] | None = None) -> list[Tried]:
    """Open a team page without a browser, take its kernel's socket (with the seat cookie the page gave), and
    send what no page sends; then try another session's kernel (``victims[0]["kernel"]``) by its id, over its
    socket and its REST routes, without its seat, with one's own, and with a forged one."""
    status, body, headers = _raw(server, "GET", f"/voila/render/class.ipynb?token={CLASS_CODE}")
    kernel = page_kernel(body.decode("utf-8", "replace"))
    if status != 200 or kernel is None:
        return [Tried("the kernel's socket: find the page's kernel", False, f"HTTP {status}, no kernel id in the page")]
    seat = _seat_cookie(headers, kernel)
    marker = Path(tempfile.gettempdir()) / f"hexlab-crafted-{uuid.uuid4().hex}"
    code = f"open({str(marker)!r}, 'w').write('ran')"
    with ThreadPoolExecutor(1) as pool:  # a loop of its own (playwright's sync API runs one in this thread)
        answers = pool.submit(asyncio.run, _socket_exchange(server, kernel, code, seat)).result()
    # the socket works (the kernel answers kernel_info_request, sent after the others): what it drops, it refused
    works = "the socket works (kernel_info_reply came)" if answers["info"] else "NO ANSWER AT ALL on the socket"
    out = [Tried("code sent to the page's own kernel (execute_request)",
                 answers["info"] and not marker.exists() and not answers["reply"],
                 f"{'a file was written' if marker.exists() else 'not run'}; reply: {answers['reply'] or 'none'}; "
                 f"{works}"),
           Tried("a completion request to the kernel (complete_request)", answers["info"] and not answers["complete"],
                 f"reply: {answers['complete'] or 'none'}; {works}"),
           Tried("the socket of a kernel that does not exist (a guessed id)", answers["guessed"] != "open",
                 f"socket {answers['guessed']}")]
    marker.unlink(missing_ok=True)
    if victims:
        out += other_kernel_tries(server, victims[0].get("kernel", ""), kernel, seat)
    return out


def other_kernel_tries(server: RoomServer, victim: str, own: str, own_seat: str) -> list[Tried]:
    """Another session's kernel ``victim``, known by its id, reached from a page of one's own (kernel ``own``,
    seat cookie ``own_seat``): every socket and REST request to it must be refused."""
    if not victim or victim == own:
        return [Tried("another session's kernel: its id", False, f"no kernel id of another session ({victim!r})")]
    tok = f"token={CLASS_CODE}"
    forged = f"{SEAT}={victim}"  # the id itself, unsigned
    cookies = {"no seat": "", "one's own seat": own_seat, "a forged seat (the id, unsigned)": forged}
    out: list[Tried] = []
    with ThreadPoolExecutor(1) as pool:
        sockets = pool.submit(asyncio.run, _sockets_to(server, victim, list(cookies.values()))).result()
    for (what, _), answer in zip(cookies.items(), sockets, strict=True):
        out.append(Tried(f"another session's kernel socket, {what}", answer != "open", f"socket {answer}"))
    for what, method, path, cookie in [
        ("another session's kernel over REST, no seat", "GET", f"/api/kernels/{victim}?{tok}", ""),
        ("another session's kernel over REST, one's own seat", "GET", f"/api/kernels/{victim}?{tok}", own_seat),
        ("another session's kernel over REST, a forged seat", "GET", f"/api/kernels/{victim}?{tok}", forged),
        ("shutting another session's kernel down over REST, one's own seat", "DELETE", f"/api/kernels/{victim}?{tok}",
         own_seat),
        ("shutting another session's kernel down through Voila, one's own seat", "POST",
         f"/voila/api/shutdown/{victim}?{tok}", own_seat),
    ]:
        status, data, _ = _raw(server, method, path, b"" if method == "POST" else None,
                               {"Cookie": cookie} if cookie else None)
        # refused: a 403, and nothing of the kernel's model (its state, its connections) in the answer
        out.append(Tried(what, status == 403 and b"execution_state" not in data, f"HTTP {status}"))
    # the control: one's own kernel over REST, with its seat, is answered (so the refusals above are the seat
    # check's, not a route that answers nobody); reported only when it fails
    status, data, _ = _raw(server, "GET", f"/api/kernels/{own}?{tok}", headers={"Cookie": own_seat})
    if status != 200 or b"execution_state" not in data:
        out.append(Tried("another session's kernel: the control (one's own kernel over REST, with its seat) failed",
                         False, f"HTTP {status} for one's own kernel"))
    return out


async def _sockets_to(server: RoomServer, kernel: str, cookies: list[str]) -> list[str]:
    """Try to open ``kernel``'s socket once with each ``Cookie`` header of ``cookies``: "open" or why not."""
    from tornado.httpclient import HTTPClientError, HTTPRequest
    from tornado.websocket import websocket_connect

    out = []
    for cookie in cookies:
        url = f"ws://127.0.0.1:{server.port}/api/kernels/{kernel}/channels?token={CLASS_CODE}&session_id={uuid.uuid4()}"
        headers = {"Origin": server.url, **({"Cookie": cookie} if cookie else {})}
        try:
            ws = await websocket_connect(HTTPRequest(url, headers=headers))
        except (HTTPClientError, OSError) as err:
            out.append(f"refused ({err})")
        else:
            ws.close()
            out.append("open")
    return out


async def _socket_exchange(server: RoomServer, kernel: str, code: str, seat: str) -> dict[str, Any]:
    from tornado.httpclient import HTTPClientError, HTTPRequest
    from tornado.websocket import websocket_connect

    url = f"ws://127.0.0.1:{server.port}/api/kernels/{kernel}/channels?token={CLASS_CODE}&session_id={uuid.uuid4()}"
    out: dict[str, Any] = {"reply": "", "complete": "", "guessed": "", "info": False}
    ws = await websocket_connect(HTTPRequest(url, headers={"Origin": server.url, "Cookie": seat}))

    def msg(kind: str, content: dict) -> str:
        return json.dumps({"header": {"msg_id": uuid.uuid4().hex, "username": "x", "session": uuid.uuid4().hex,
                                      "msg_type": kind, "version": "5.3", "date": ""},
                           "parent_header": {}, "metadata": {}, "content": content, "channel": "shell",
                           "buffers": []})

    await ws.write_message(msg("execute_request", {"code": code, "silent": False, "store_history": False,
                                                  "user_expressions": {}, "allow_stdin": False}))
    await ws.write_message(msg("complete_request", {"code": "import o", "cursor_pos": 8}))
    await ws.write_message(msg("kernel_info_request", {}))
    deadline = time.time() + 20
    got_info = False
    while time.time() < deadline and not got_info:
        try:
            raw = await asyncio.wait_for(ws.read_message(), timeout=max(0.1, deadline - time.time()))
        except TimeoutError:
            break
        if raw is None:
            break
        if isinstance(raw, bytes):
            continue
        data = json.loads(raw)
        kind = data.get("header", {}).get("msg_type") or data.get("msg_type")
        if kind == "execute_reply":
            out["reply"] = json.dumps(data.get("content", {}))[:200]
        elif kind == "complete_reply":
            out["complete"] = json.dumps(data.get("content", {}))[:200]
        elif kind == "kernel_info_reply":
            got_info = out["info"] = True  # replies come in order: the two before it were dropped
    await asyncio.sleep(1.0)
    ws.close()
    try:
        other = await websocket_connect(f"ws://127.0.0.1:{server.port}/api/kernels/{uuid.uuid4()}/channels"
                                        f"?token={CLASS_CODE}")
        other.close()
        out["guessed"] = "open"
    except (HTTPClientError, OSError) as err:
        out["guessed"] = f"refused ({err})"
    return out


def widget_tries(server: RoomServer, victims: list[dict[str, str]]) -> list[Tried]:
    """What a page's buttons and boxes reach, with crafted values: another team's game, the teacher's view."""
    room = server.room
    tried: list[Tried] = []
    v0 = victims[0] if victims else None
    mine = ClassApp(room)
    mine.join("Mallory", "crafted-word")
    stranger = ClassApp(room)  # a page where no team has joined yet
    attempts: list[tuple[str, Any]] = []
    if v0 is not None:
        attempts += [
            ("join another team with a wrong word", lambda: mine.join(v0["team"], "not-their-word")),
            ("resume another team's game by its name", lambda: mine.resume(v0["save"])),
            ("resume another team's game by a path", lambda: mine.resume(f"../{team_key(v0['team'])}/{v0['save']}")),
            ("resume a planted link in one's own folder", lambda: _plant_and_resume(mine)),
        ]
    attempts += [
        ("resume a save by an absolute path", lambda: mine.resume(str(room.folder / "room.json"))),
        ("resume %2e%2e/room.json", lambda: mine.resume("%2e%2e/room.json")),
        ("join as a team named ../..", lambda: stranger.join("../..", "some-word")),
        ("join as a team named /etc", lambda: stranger.join("/etc", "some-word")),
        ("start a game of a scenario the menu does not list (a path)",
         lambda: mine.start("../../../etc/passwd", "")),
    ]
    for what, attempt in attempts:
        before = _snapshot(room)
        try:
            result = attempt()
        except RoomError as err:  # refused in words: what the page shows
            result = None
            note = str(err)
        else:
            page = stranger if "join as" in what else mine
            note = html.unescape(re.sub(r"<[^>]+>", "", page.note.value))[:160]
        changed = _snapshot(room) != before
        tried.append(Tried(f"widget: {what}", result is None and not changed,
                           f"{'refused' if result is None else 'OPENED'}: {note}" + (", files changed" if changed else "")))
    teacher = TeacherPage(room)
    for what, attempt in [
        ("the teacher's page: open a game without the code",
         lambda: teacher.look(f"{v0['team']}/{v0['save']}" if v0 else "x/y.json")),
        ("the teacher's page: refresh without the code", lambda: teacher.refresh() or (teacher.games_view.value or None)),
        ("the teacher's page: a wrong code", lambda: teacher.unlock("not-the-code") or None),
        ("the teacher's page: the class code as teacher code", lambda: teacher.unlock(CLASS_CODE) or None),
    ]:
        result = attempt()
        shown = teacher.games_view.value + "".join(getattr(w, "value", "") for w in teacher.game_view.children)
        leaked = v0 is not None and (v0["team"] in shown or v0["save"] in shown)
        tried.append(Tried(f"widget: {what}", result is None and not leaked,
                           "refused" if result is None and not leaked else "OPENED"))
    mine.close()
    stranger.close()
    teacher.close()
    return tried


def _plant_and_resume(app: ClassApp) -> Any:
    link = app.team.folder / "planted-1.json"
    link.symlink_to(app.room.folder / "room.json")
    try:
        listed = any(e.name == link.name for e in app.team.games(replay=False))
        return "listed" if listed else app.resume(link.name)
    finally:
        link.unlink()


def _snapshot(room: Room) -> dict[str, tuple[int, int]]:
    out = {}
    for p in sorted(room.folder.rglob("*")):
        if p.is_file() and not p.is_symlink():
            st = p.stat()
            out[str(p)] = (st.st_size, st.st_mtime_ns)
    return out


def still_playing(sessions: list[Session]) -> list[str]:
    """Each session's page answers one more click (a move while its game goes on, else back to its menu); what
    did not."""
    problems = []
    for s in sessions:
        try:
            if not click_once(s):
                s.page.get_by_role("button", name="Back to the menu").click()
                s.page.wait_for_selector(".hexlab-resume", timeout=60_000)
        except Exception as err:  # a page that no longer answers: reported, not raised
            problems.append(f"{s.team}: its page no longer answers after the crafted requests ({type(err).__name__}: "
                            f"{str(err).splitlines()[0][:160]})")
    return problems


# ---------------------------------------------------------------------------------------------- the run
TRACEBACK = "Traceback (most recent call last)"


def run(browser, server: RoomServer, count: int, decisions: int) -> dict[str, Any]:
    started = time.time()
    sessions = open_sessions(browser, server, count)
    try:
        for s in sessions:
            join_and_start(s, server)
        play_round_robin(sessions, decisions)
        problems = check_independent(sessions, server)
        victims = [{"team": s.team, "word": s.word, "save": s.save_name, "kernel": page_kernel(s.page.content()) or ""}
                   for s in sessions]
        played_log = server.log.read_text(encoding="utf-8", errors="replace")
        tried = crafted_requests(server, victims)
        time.sleep(1.0)  # lets the server finish logging the last refusal before its log is read
        crafted_log = server.log.read_text(encoding="utf-8", errors="replace")
        # every session's own page still plays after all that (its widgets answer: its kernel is alive and its
        # socket is its own), and its save is still the game its page played
        after = still_playing(sessions)
        if not after:
            after = check_independent(sessions, server)
        console = {s.team: s.errors() for s in sessions if s.errors()}
    finally:
        for s in sessions:
            s.context.close()
    # the server's log while the teams played, while the crafted requests were tried, and after: no traceback in
    # any part (a refusal is a clean error page, never a failed one)
    log = server.log.read_text(encoding="utf-8", errors="replace")
    tracebacks = (played_log.count(TRACEBACK) + log[len(crafted_log):].count(TRACEBACK))
    crafted_tracebacks = crafted_log[len(played_log):].count(TRACEBACK)
    errors = len(problems) + len(after) + sum(len(v) for v in console.values()) + tracebacks + crafted_tracebacks
    return {
        "sessions": count, "errors": errors, "crafted_requests": len(tried), "refused": sum(t.refused for t in tried),
        "decisions_per_session": decisions, "clicks": sum(s.clicks for s in sessions),
        "scenarios": [s.scenario for s in sessions], "seconds": round(time.time() - started, 1),
        "problems": problems, "after_crafted_requests": after, "console_errors": console,
        "server_tracebacks": tracebacks,
        "server_tracebacks_on_crafted_requests": crafted_tracebacks,
        "tried": [{"request": t.what, "refused": t.refused, "answer": t.answer} for t in tried],
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sessions", type=int, default=10)
    ap.add_argument("--actions", type=int, default=3, help="decisions each session plays")
    ap.add_argument("--out", default=str(RESULTS))
    args = ap.parse_args(argv)
    if not 1 <= args.sessions <= len(SCENARIOS):
        ap.error(f"--sessions must be 1 to {len(SCENARIOS)}")
    from playwright.sync_api import sync_playwright

    from tests.browser.harness import CHROMIUM, CHROMIUM_ARGS

    with tempfile.TemporaryDirectory(prefix="hexlab-sessions-") as tmp, room_server(Path(tmp)) as server, \
            sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            result = run(browser, server, args.sessions, args.actions)
        finally:
            browser.close()
    for t in result["tried"]:
        print(f"{'refused' if t['refused'] else 'NOT REFUSED'}: {t['request']} -> {t['answer']}")
    print(f"\n{result['sessions']} sessions at once ({', '.join(result['scenarios'])}), {result['clicks']} clicks in "
          f"{result['seconds']} s: {result['errors']} errors; crafted requests {result['crafted_requests']}, refused "
          f"{result['refused']}")
    print(f"server tracebacks: {result['server_tracebacks']} while the teams played, "
          f"{result['server_tracebacks_on_crafted_requests']} on the crafted requests")
    for p in result["problems"] + result["after_crafted_requests"]:
        print("problem:", p)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(f"written to {out}")
    return 0 if result["errors"] == 0 and result["refused"] == result["crafted_requests"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
