"""The class app's launcher (hexlab/classroom/launch.py), without a browser: a game's kernel answers only the
browser that opened its page, and the server refuses crafted requests with clean error pages, never a traceback
in its log (issue 29, point 5)."""

from __future__ import annotations

import asyncio
import json
import re
import shutil
import signal
import socket
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from http.client import HTTPConnection
from http.cookies import SimpleCookie
from pathlib import Path

import pytest
import tornado.web
from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest
from tornado.httpserver import HTTPServer
from tornado.netutil import bind_sockets
from tornado.websocket import websocket_connect

from hexlab.classroom import launch
from hexlab.classroom.serve import pages_folder, voila_command

KERNEL = "0b5fd056-9226-4548-b2a2-25ad67a3e78c"
OTHER = "827a314a-a198-41ca-acc1-54541b439dc5"
SECRET = b"a-test-secret-of-32-bytes-length"
TRACEBACK = "Traceback (most recent call last)"


def _run(coro):
    """Run ``coro`` to its end on an event loop of its own, in a thread of its own (the browser tests' playwright
    keeps a loop running in this thread when they run in the same session)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# ---------------------------------------------------------------------------------------------- the pieces
def test_a_seat_matches_only_the_kernel_it_names() -> None:
    assert launch.seat_matches(KERNEL.encode(), KERNEL)
    assert not launch.seat_matches(OTHER.encode(), KERNEL)
    assert not launch.seat_matches(None, KERNEL)  # no cookie, or one whose signature failed
    assert not launch.seat_matches(b"", KERNEL)
    assert not launch.seat_matches(KERNEL.encode(), "")  # a route that names no kernel is nobody's


def test_the_seat_cookies_go_only_to_the_kernels_own_routes() -> None:
    assert launch.seat_cookies("/", KERNEL) == [("hexlab-seat", f"/api/kernels/{KERNEL}"),
                                                 ("hexlab-seat-close", f"/voila/api/shutdown/{KERNEL}")]
    assert [p for _, p in launch.seat_cookies("/room/", KERNEL)] == [f"/room/api/kernels/{KERNEL}",
                                                                     f"/room/voila/api/shutdown/{KERNEL}"]


class _Manager:
    """A kernel manager as Voila's page handler uses it (start a kernel, then look things up)."""

    def __init__(self, asynchronous: bool) -> None:
        self.asynchronous = asynchronous
        self.pool = 0

    def start_kernel(self, **kwargs):
        if self.asynchronous:
            async def started() -> str:
                return KERNEL
            return started()
        return KERNEL

    def get_pool_size(self, path: str) -> int:
        return self.pool


@pytest.mark.parametrize("asynchronous", [False, True])
def test_the_page_handler_learns_which_kernel_it_started(asynchronous: bool) -> None:
    seen: list[str] = []
    manager = launch._KernelStarts(_Manager(asynchronous), seen.append)
    assert _run(manager.start_kernel(kernel_name="python3", path="")) == KERNEL
    assert seen == [KERNEL]
    assert manager.get_pool_size("class.ipynb") == 0  # the rest passes through
    with pytest.raises(AttributeError):  # Voila's own test for a manager without a pool still works
        _ = manager.notebook_data


class _Probe(tornado.web.RequestHandler):
    def get(self, kernel_id: str) -> None:
        self.write("kernel " + kernel_id)


async def _probe(cookies: dict[str, bytes], kernel: str) -> int:
    """The status a seat-checked route of ``kernel`` answers a request sending ``cookies``."""
    app = tornado.web.Application([(r"/api/kernels/(?P<kernel_id>[0-9a-f-]+)", launch.seat_checked(_Probe))],
                                  cookie_secret=SECRET)
    sockets = bind_sockets(0, "127.0.0.1")
    server = HTTPServer(app)
    server.add_sockets(sockets)
    header = "; ".join(f"{k}={v.decode()}" for k, v in cookies.items())
    try:
        r = await AsyncHTTPClient().fetch(f"http://127.0.0.1:{sockets[0].getsockname()[1]}/api/kernels/{kernel}",
                                          headers={"Cookie": header} if header else {}, raise_error=False)
        return r.code
    finally:
        server.stop()


def _signed(name: str, value: str, secret: bytes = SECRET) -> bytes:
    return tornado.web.create_signed_value(secret, name, value)


@pytest.mark.parametrize("cookies, status", [
    ({"hexlab-seat": _signed("hexlab-seat", KERNEL)}, 200),  # its own seat
    ({"hexlab-seat-close": _signed("hexlab-seat-close", KERNEL)}, 200),
    ({}, 403),  # no seat
    ({"hexlab-seat": _signed("hexlab-seat", OTHER)}, 403),  # the seat of another kernel
    ({"hexlab-seat": KERNEL.encode()}, 403),  # the id, unsigned
    ({"hexlab-seat": _signed("hexlab-seat", KERNEL, b"another-servers-secret-32-bytes!")}, 403),  # signed elsewhere
    ({"hexlab-seat": _signed("username", KERNEL)}, 403),  # signed under another cookie's name
])
def test_a_kernels_route_answers_only_the_seat_that_names_it(cookies: dict[str, bytes], status: int) -> None:
    assert _run(_probe(cookies, KERNEL)) == status


def test_the_template_files_route_refuses_malformed_paths_with_404() -> None:
    handler = launch.StrictTemplateFiles.__new__(launch.StrictTemplateFiles)
    for path in ["lab", "lab/static", "lab/x/voila.js", "lab/static/../../etc/passwd", "../static/x",
                 "lab/static//etc/passwd", "lab\\static\\x"]:
        with pytest.raises(tornado.web.HTTPError) as err:
            handler.parse_url_path(path)
        assert err.value.status_code == 404, path


def test_the_launcher_guards_every_kernel_route_of_this_voila(tmp_path: Path) -> None:
    """Built as ``hexlab classroom`` builds it (not started): each route whose URL names a kernel checks the
    seat, the page route gives one, and Jupyter Server's error pages get the static files they link."""
    pages = pages_folder()
    command = voila_command(pages, _free_port(), "127.0.0.1", "oak-1234")
    assert command[1:3] == ["-m", "hexlab.classroom.launch"]
    before = signal.getsignal(signal.SIGTERM)
    app = launch.ClassroomVoila()
    try:
        app.initialize(command[3:] + [f"--Voila.connection_dir_root={tmp_path}"])
        app.connection_dir = str(tmp_path)
        app.init_settings()
        routes = app.init_handlers()
    finally:
        signal.signal(signal.SIGTERM, before)
        shutil.rmtree(pages, ignore_errors=True)
    by_class = {}
    for pattern, handler, *_ in routes:
        by_class.setdefault(handler, []).append(pattern)
        if "kernel_id" in pattern or "shutdown" in pattern:
            assert issubclass(handler, launch._SeatCheck), (pattern, handler)
    checked = [p for h, ps in by_class.items() if issubclass(h, launch._SeatCheck) for p in ps]
    assert any(p.endswith("/channels") for p in checked) and any("shutdown" in p for p in checked)
    assert len(checked) >= 3
    assert launch.SeatGivingVoilaHandler in by_class and launch.StrictTemplateFiles in by_class
    assert Path(app.tornado_settings["static_path"], "favicon.ico").is_file()
    assert app.tornado_settings["static_url_prefix"] == "/voila/static/"


# ---------------------------------------------------------------------------------------------- the server
@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """The class app served on 127.0.0.1 as ``hexlab classroom`` serves it; yields (port, log path)."""
    from tests.browser.harness import class_server

    with class_server(tmp_path_factory.mktemp("launch"), "oak-1234", ready="socket", timeout=120) as s:
        yield s.port, s.log


def _get(port: int, method: str, path: str, cookie: str = "") -> tuple[int, bytes, list[str]]:
    conn = HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        conn.putrequest(method, path, skip_accept_encoding=True)
        if cookie:
            conn.putheader("Cookie", cookie)
        conn.putheader("Content-Length", "0")
        conn.endheaders()
        r = conn.getresponse()
        return r.status, r.read(), [v for k, v in r.getheaders() if k.lower() == "set-cookie"]
    finally:
        conn.close()


def _open_page(port: int) -> tuple[str, str]:
    """Render the class page as a browser does: its kernel's id and the seat cookie the page gave for it."""
    status, body, set_cookies = _get(port, "GET", "/voila/render/class.ipynb?token=oak-1234")
    assert status == 200
    kernel = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', body.decode()).group(1)
    for line in set_cookies:
        jar = SimpleCookie()
        jar.load(line)
        seat = jar.get("hexlab-seat")
        if seat is not None:
            assert seat["path"] == f"/api/kernels/{kernel}" and seat["httponly"]
            return kernel, f"hexlab-seat={seat.value}"
    raise AssertionError(f"the page gave no seat cookie: {set_cookies}")


async def _socket(port: int, kernel: str, cookie: str) -> str:
    url = f"ws://127.0.0.1:{port}/api/kernels/{kernel}/channels?token=oak-1234&session_id={uuid.uuid4()}"
    headers = {"Origin": f"http://127.0.0.1:{port}", **({"Cookie": cookie} if cookie else {})}
    try:
        ws = await websocket_connect(HTTPRequest(url, headers=headers))
    except HTTPClientError as err:
        return f"refused {err.code}"
    ws.write_message(json.dumps({
        "header": {"msg_id": uuid.uuid4().hex, "username": "x", "session": uuid.uuid4().hex,
                   "msg_type": "kernel_info_request", "version": "5.3", "date": ""},
        "parent_header": {}, "metadata": {}, "content": {}, "channel": "shell", "buffers": []}))
    try:
        while True:
            raw = await asyncio.wait_for(ws.read_message(), timeout=60)
            if raw is None:
                return "closed"
            if isinstance(raw, str) and json.loads(raw).get("header", {}).get("msg_type") == "kernel_info_reply":
                return "answered"
    finally:
        ws.close()


def test_a_kernel_answers_only_the_browser_that_opened_its_page(server) -> None:
    port, log = server
    mine, my_seat = _open_page(port)
    theirs, their_seat = _open_page(port)
    tok = "token=oak-1234"
    # each page's own kernel, with its seat: the socket answers, the REST route too
    assert _run(_socket(port, mine, my_seat)) == "answered"
    assert _get(port, "GET", f"/api/kernels/{mine}?{tok}", my_seat)[0] == 200
    # another page's kernel, known by its id: refused without a seat, with one's own, with a forged one
    for cookie in ["", my_seat, f"hexlab-seat={theirs}"]:
        assert _run(_socket(port, theirs, cookie)) == "refused 403", cookie
        assert _get(port, "GET", f"/api/kernels/{theirs}?{tok}", cookie)[0] == 403
        assert _get(port, "DELETE", f"/api/kernels/{theirs}?{tok}", cookie)[0] == 403
        assert _get(port, "POST", f"/voila/api/shutdown/{theirs}?{tok}", cookie)[0] == 403
    # ... and it is still alive and its own page's
    assert _run(_socket(port, theirs, their_seat)) == "answered"
    text = log.read_text(encoding="utf-8", errors="replace")
    assert f"kernel {theirs}: refused" in text and TRACEBACK not in text


@pytest.mark.parametrize("path, status, jupyter_page", [
    # the four crafted requests whose refusals logged tracebacks before the launcher (the first was an uncaught
    # assert in Voila's template files route, the other three Jupyter Server's error page failing to render)
    ("/voila/templates/" + "..%2f" * 12 + "etc/passwd", 404, False),
    ("/voila/labextensions/" + "..%2f" * 12 + "etc/passwd", 404, True),
    ("/voila/api/themes/" + "..%2f" * 12 + "etc/passwd", 404, True),
    (f"/api/kernels/{uuid.uuid4()}/channels", 403, True),
    # two more shapes the template files route refused with a traceback
    ("/voila/templates/lab", 404, False),
    ("/voila/templates/lab/static/" + "..%2f" * 12 + "etc/passwd", 404, False),
])
def test_a_refusal_is_a_clean_error_page_and_no_traceback(server, path: str, status: int, jupyter_page: bool) -> None:
    port, log = server
    before = len(log.read_text(encoding="utf-8", errors="replace"))
    got, body, _ = _get(port, "GET", f"{path}?token=oak-1234")
    assert got == status
    assert b"root:x:0:0" not in body and b"<html" in body.lower()
    if jupyter_page:  # Jupyter Server's error page, its style sheets linked where the server serves them
        links = re.findall(rb'href="([^"]+\.css[^"]*)"', body)
        assert links and all(link.startswith(b"/voila/static/") for link in links), links
        assert all(_get(port, "GET", link.decode())[0] == 200 for link in links)
    time.sleep(0.5)  # lets the server finish its log lines for the request
    assert TRACEBACK not in log.read_text(encoding="utf-8", errors="replace")[before:]
