"""Three teams play the class app at once, each its own game, and none can reach another's (issue 29, point 5).

The class app is started once (``hexlab classroom``'s Voila command on 127.0.0.1, behind a class code). Three
browser contexts (three computers, as far as the server can tell) open it together; each team joins, starts a
game of a different scenario against the computer, and plays a few decisions by clicks, the three taking turns
click by click so that all are open and playing at once. Then:

- every team's folder holds its one game, and the save is the game its own page played (its actions only);
- no page showed a console error and the server logged no traceback, neither while the teams played nor while
  the crafted requests were refused (each refusal is a clean error page);
- every crafted request of ``benchmarks/bench_sessions.py`` (by hand over HTTP and the kernel's socket: another
  team's save by name, by path, with ``../`` and ``%2e%2e``, through a link planted in a team's folder, the
  teacher's page without the teacher code, Jupyter's kernels, sessions, contents and terminals APIs with the class
  code, code sent to the kernel, another session's kernel by its id over its socket and its REST routes, without
  its seat cookie, with one's own and with a forged one) is refused;
- after them every team's page still answers a click, and its save is still the game it played.

``benchmarks/bench_sessions.py`` runs the same with ten sessions.
"""

from __future__ import annotations

import importlib.util
import sys

import pytest

from .harness import ROOT

pytestmark = pytest.mark.browser

_spec = importlib.util.spec_from_file_location("bench_sessions", ROOT / "benchmarks" / "bench_sessions.py")
bench = importlib.util.module_from_spec(_spec)
sys.modules["bench_sessions"] = bench  # dataclasses look their module up
_spec.loader.exec_module(bench)

SESSIONS = 3
DECISIONS = 2


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with bench.room_server(tmp_path_factory.mktemp("class-sessions")) as s:
        yield s


def test_three_teams_play_at_once_and_none_reaches_another(server, browser):
    result = bench.run(browser, server, SESSIONS, DECISIONS)
    assert len(set(result["scenarios"])) == SESSIONS
    assert result["problems"] == [], result["problems"]
    assert result["console_errors"] == {}, result["console_errors"]
    assert result["server_tracebacks"] == 0, f"a traceback in the server's log while the teams played ({server.log})"
    assert result["server_tracebacks_on_crafted_requests"] == 0, \
        f"a traceback in the server's log while the crafted requests were refused ({server.log})"
    assert result["after_crafted_requests"] == [], result["after_crafted_requests"]
    assert result["errors"] == 0
    not_refused = [t for t in result["tried"] if not t["refused"]]
    assert not_refused == [], not_refused
    assert result["crafted_requests"] >= 40 and result["refused"] == result["crafted_requests"]
    # another session's kernel, by its id, was among them: its socket and its REST routes, all refused
    other = [t for t in result["tried"] if t["request"].startswith(("another session's kernel", "shutting another"))]
    assert len(other) >= 8 and all(t["refused"] for t in other), other
