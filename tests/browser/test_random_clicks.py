"""Random clicking on a play table in JupyterLab never breaks it (issue 29, point 4).

One notebook holds one table per ruleset (Memoir '44, Cadet, Cactus, War at Sea, Cartwheel), each seated for
one side with the computer (novice) playing the other, each saving into a folder of its own. A random generator,
seeded (the seed is in every failure message, and ``HEXLAB_CLICK_SEED`` replays it), picks a fixed number of
clicks on each table among what the page offers at that moment: a point of the map (a counter, a highlighted
place, or anywhere), the stepper's buttons (Next step, Play to next decision, Undo, Redo, Restart), its choice
buttons and the map's choice buttons, Hint, New game, Save and Load. Only clicks: the page is never scripted.

After every click the test asks the kernel (by running code in it, as a reader's own cell would) what the game
on the table is, and asks again until the page shows the buttons the kernel has (the click's callback may run on a
kernel subshell's thread while the question runs on the main one, so one answer may come from before the click or
half-way through it). A question the kernel leaves unanswered for two minutes, or a test still clicking after 25
minutes (it takes about 2), fails at once, with the kernel's status, what came
back for the question and every kernel thread's stack, instead of leaving CI waiting for its own limit. At the end:

- no error output in the notebook, no error in the browser's console, no traceback in the kernel (a widget
  callback's exception is caught in the kernel and counted);
- the game on each table is one the engine reaches by legal actions: its save replays from scenario, seed and
  actions (:func:`hexlab.saves.loads`) to the very same state;
- Undo, pressed until the game is back at its start, brings back the first picture of the map (the canvas'
  pixels and the map's SVG, as they were before the first click).

It writes ``benchmarks/results/random_clicks.json`` (read by ``tools/reliability.py``).
"""

from __future__ import annotations

import ast
import base64
import json
import os
import random
import time
from pathlib import Path

import nbformat
import pytest

from hexlab import saves

from .harness import ARTIFACTS, ROOT, canvases, open_notebook, run_all, start_lab, wait_drawn

pytestmark = pytest.mark.browser

SEED = int(os.environ.get("HEXLAB_CLICK_SEED", "2911"))
CLICKS = 50
"""Random clicks a table: enough to play several actions on each (the count is the same every run)."""
KERNEL_WAIT_MS = int(os.environ.get("HEXLAB_CLICK_KERNEL_WAIT_MS", "120000"))
"""How long a question to the kernel may go unanswered before the test fails, saying what the kernel was doing
(its status and every thread's stack): a click is handled in well under a second, a veteran hint in a few."""
BUDGET_S = float(os.environ.get("HEXLAB_CLICK_BUDGET", "1500"))
"""The whole test's time (it takes about 2 minutes): past it the clicking stops and the test fails with the trail,
rather than leave CI waiting for its own limit with nothing said."""
TABLES = [  # one scenario of each ruleset: the small ones, so that a few dozen clicks play several actions
    "memoir44/drill_basic", "cadet/drill_punch", "cactus/drill_turn", "warsea/drill_rescue", "cartwheel/wewak",
]
if os.environ.get("HEXLAB_CLICK_TABLES"):  # to replay a failure on one table: HEXLAB_CLICK_TABLES=cartwheel/wewak
    TABLES = [t for t in TABLES if t in os.environ["HEXLAB_CLICK_TABLES"].split(",")]
NOTEBOOK = "random_clicks.ipynb"
RESULTS = ROOT / "benchmarks" / "results" / "random_clicks.json"
THIRD_PARTY = ("https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free",)

SETUP = '''\
import json, logging, os, sys, hashlib, faulthandler, signal
from IPython import get_ipython
import hexlab
from hexlab import saves
from hexlab.scenario import load
from hexlab.widgets import Table

ERRORS = []
"""Every exception a widget callback raised in this kernel (ipywidgets catches them; they are counted here)."""
KERNEL_PID = os.getpid()
_STACKS = open(os.path.join(os.getcwd(), "kernel-stacks.txt"), "w")
faulthandler.register(signal.SIGUSR1, file=_STACKS, all_threads=True)  # the test asks for them if the kernel is silent
_ip = get_ipython()
_show = _ip.showtraceback
def _record(*args, **kwargs):
    ERRORS.append(repr(sys.exc_info()[1]))
    return _show(*args, **kwargs)
_ip.showtraceback = _record
class _Catch(logging.Handler):
    def emit(self, record):
        if record.levelno >= logging.ERROR:
            ERRORS.append(record.getMessage() + (repr(record.exc_info[1]) if record.exc_info else ""))
for _name in ("", "ipykernel", "traitlets", "ipywidgets", "comm"):
    logging.getLogger(_name).addHandler(_Catch())
if isinstance(getattr(_ip.kernel, "log", None), logging.Logger):
    _ip.kernel.log.addHandler(_Catch())

TABLES = {}
def make(sid, seed):
    game = load(sid, seed=seed)
    seat = game.to_act if game.to_act in game.state.sides else game.state.sides[0]
    others = {s: "novice" for s in game.state.sides if s != seat}
    folder = os.path.join(os.getcwd(), "saves-" + sid.replace("/", "-"))
    os.makedirs(folder, exist_ok=True)
    TABLES[sid] = Table(game, players=others, seat=seat, folder=folder)
    return TABLES[sid]

def _words(text):
    return " ".join(str(text).split())

def ui(t):
    """What the table's buttons are in the kernel: the page must show the same before the next click."""
    st = t.stepper
    return [_words(st.next_button.description), st.next_button.disabled, st.undo_button.disabled,
            st.redo_button.disabled, st.run_button.disabled, t.load_button.disabled,
            [_words(b.description) for b in st.choices.children],
            [_words(b.description) for b in t.map.unit_actions.children]]

def probe(sid, save=False):
    t = TABLES[sid]
    m, g = t.map, t.game
    counters = [[c.x, c.y, c.unit] for c in m._scene.counters]
    targets = [list(p) for p in (m.point_of(w) for w in m._targets) if p is not None]
    out = {"actions": len(g.actions), "history": len(g.history), "over": g.is_over, "selected": m.selected,
           "counters": counters, "targets": targets, "width": m.css_width, "height": m.css_height,
           "seed": g.seed, "errors": list(ERRORS), "file_note": t.file_note.value,
           "svg": hashlib.sha256(m.to_svg().encode()).hexdigest(),
           "ui": ui(t)}
    if save:
        out["save"] = saves.dumps(g)
        out["state"] = g.state.to_data()
    global ANSWER
    ANSWER = json.dumps(out)  # read back through the request's reply (user_expressions), not its printed output
'''

JS_ASK = """async ([code, expr, ms]) => {
  // the value of expr after code ran, from the execute reply: a widget callback running at the same time on a kernel
  // subshell's thread may take the printed output of this request as its own, the reply's user_expressions not.
  // The reply is all the answer needs: the request's 'idle' status on IOPub (which fut.done also waits for) is not
  // waited for. No answer in ms: say so, with what did come, never wait for ever
  const w = window.jupyterapp.shell.currentWidget;
  const k = w.sessionContext.session.kernel;
  const fut = k.requestExecute({code, silent: false, store_history: false, user_expressions: {answer: expr}});
  let error = '';
  const seen = [];
  fut.onIOPub = msg => {
    const t = msg.header.msg_type;
    seen.push(t === 'status' ? 'status ' + msg.content.execution_state : t);
    if (t === 'error') error += 'KERNEL ERROR ' + msg.content.ename + ': ' + msg.content.evalue;
  };
  const replied = new Promise(r => { fut.onReply = r; });
  const late = new Promise(r => setTimeout(() => r(null), ms));
  const reply = await Promise.race([replied, fut.done, late]);
  if (!reply) return {value: null, silent: true, status: k.status, connection: k.connectionStatus, seen};
  if (reply.content.status === 'error') error += 'KERNEL ERROR ' + reply.content.ename + ': ' + reply.content.evalue;
  const v = (reply.content.user_expressions || {}).answer;
  return {value: v && v.status === 'ok' ? v.data['text/plain'] : null, error: error || (v ? v.evalue || '' : '')};
}"""

KINDS = {  # what a click may be, its weight, and the buttons it picks among (in the table)
    "map": (40, None),
    "next": (8, ".hexlab-next-step"),
    "run": (4, ".hexlab-play-to-next-decision"),
    "undo": (7, ".hexlab-undo"),
    "redo": (4, ".hexlab-redo"),
    "restart": (2, ".hexlab-restart"),
    "choice": (10, ".hexlab-choice"),
    "unit-button": (10, ".hexlab-unit-actions .widget-button"),
    "hint": (4, ".hexlab-hint"),
    "new": (2, ".hexlab-new-game"),
    "save": (3, ".hexlab-save"),
    "load": (3, ".hexlab-load"),
}
CLICKABLE = """const clickable = b => {
  // enabled and shown: a box of some size, not hidden (what a person can press; playwright's "visible")
  const r = b.getBoundingClientRect();
  return !b.disabled && r.width > 0 && r.height > 0 && getComputedStyle(b).visibility !== 'hidden';
};
"""
JS_AVAILABLE = """([i, sels]) => {
""" + CLICKABLE + """
  const t = document.querySelectorAll('.hexlab-table')[i];
  const out = {};
  for (const [k, s] of Object.entries(sels)) {
    out[k] = [...t.querySelectorAll(s)].filter(clickable).length;
  }
  return out;
}"""

JS_MARK = """([i, sel, n]) => {
""" + CLICKABLE + """
  for (const b of document.querySelectorAll('[data-hexlab-pick]')) b.removeAttribute('data-hexlab-pick');
  const t = document.querySelectorAll('.hexlab-table')[i];
  const b = [...t.querySelectorAll(sel)].filter(clickable)[n];
  if (!b) return null;
  b.setAttribute('data-hexlab-pick', '1');
  return b.innerText.trim();
}"""

JS_UI = """i => {
  const t = document.querySelectorAll('.hexlab-table')[i];
  const w = s => s.replace(/\\s+/g, ' ').trim();
  const one = sel => t.querySelector(sel);
  const next = one('.hexlab-next-step'), undo = one('.hexlab-undo'), redo = one('.hexlab-redo');
  const run = one('.hexlab-play-to-next-decision'), load = one('.hexlab-load');
  if (!next || !undo || !redo || !run || !load) return null;
  return [w(next.innerText), next.disabled, undo.disabled, redo.disabled, run.disabled, load.disabled,
          [...t.querySelectorAll('.hexlab-choice')].map(b => w(b.innerText)),
          [...t.querySelectorAll('.hexlab-unit-actions .widget-button')].map(b => w(b.innerText))];
}"""
JS_SIGNATURE = """i => {
  const t = document.querySelectorAll('.hexlab-table')[i];
  if (!t) return '';
  const buttons = [...t.querySelectorAll("button")]
    .map(b => `${b.innerText.trim()}|${b.disabled}|${b.offsetParent !== null}`);
  const maps = [...t.querySelectorAll('canvas.hexlab-map')].map(c => `${c.width}x${c.height}`);
  return buttons.join(';') + '#' + maps.join(';') + '#' + t.innerText.length;
}"""


def _settle(session: Session, i: int) -> None:
    """Wait until the page stops changing (the same buttons and map in two looks in a row): a new game or a loaded
    one builds the table's parts again, and a click must not land while they are being made."""
    last = None
    for _ in range(60):
        now = session.page.evaluate(JS_SIGNATURE, i)
        if now and now == last:
            return
        last = now
        session.page.wait_for_timeout(150)


def _agree(session: Session, i: int, sid: str) -> dict:
    """The kernel's state once the page shows the buttons the kernel has, both read again until they agree (at most
    15 s), then the page settled. The kernel is asked again each time: a click's callback may still be running on a
    kernel subshell's thread when the question runs on the main one, and a look taken then shows the game before
    the click, or half-way through it (the description of Next step changed, its choices not yet), which the page
    never shows."""
    probe = session.probe(sid)
    for _ in range(100):
        if session.page.evaluate(JS_UI, i) == probe["ui"]:
            break
        session.page.wait_for_timeout(150)
        probe = session.probe(sid)
    _settle(session, i)
    return probe


def _notebook(path: Path) -> Path:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(SETUP)] + [nbformat.v4.new_code_cell(f"make({sid!r}, {SEED})")
                                                      for sid in TABLES]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, path)
    return path


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("random-clicks")
    server = start_lab(tmp, [_notebook(tmp / NOTEBOOK)])
    yield server
    server.stop()


class Session:
    """The notebook's page, its console errors, and the kernel behind it."""

    def __init__(self, page, server=None) -> None:
        self.page = page
        self.server = server
        self.kernel_pid: int | None = None
        self.console: list[str] = []
        self.failed: list[str] = []
        page.on("console", lambda m: self.console.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: self.console.append(f"page error: {e}"))
        page.on("requestfailed", lambda r: self.failed.append(r.url))

    def silence(self) -> str:
        """What the kernel was doing when it did not answer: the server's view of it and every thread's stack."""
        import signal
        import urllib.request

        said = []
        if self.server is not None:
            try:
                url = f"{self.server.url}/api/kernels?token={self.server.token}"
                with urllib.request.urlopen(url, timeout=10) as r:
                    said.append("server: " + r.read().decode()[:500])
            except OSError as err:
                said.append(f"server: no answer ({err})")
        if self.kernel_pid and self.server is not None:
            stacks = Path(self.server.root) / "kernel-stacks.txt"
            try:
                os.kill(self.kernel_pid, signal.SIGUSR1)
                self.page.wait_for_timeout(2000)
                said.append("kernel threads:\n" + stacks.read_text(encoding="utf-8", errors="replace")[:20000])
            except OSError as err:
                said.append(f"kernel {self.kernel_pid}: {err}")
        return "\n".join(said)

    def ask(self, code: str, expr: str) -> dict:
        """Run ``code`` in the kernel and return :data:`JS_ASK`'s answer for ``expr``; a kernel silent for
        :data:`KERNEL_WAIT_MS` fails the test, saying what it was doing (:meth:`silence`)."""
        answer = self.page.evaluate(JS_ASK, [code, expr, KERNEL_WAIT_MS])
        if answer.get("silent"):
            raise AssertionError(f"seed {SEED}: the kernel did not answer {code!r} in {KERNEL_WAIT_MS} ms "
                                 f"(kernel {answer.get('status')}, connection {answer.get('connection')}; "
                                 f"what came on IOPub for it: {answer.get('seen')})\n"
                                 f"{self.silence()}")
        return answer

    def probe(self, sid: str, save: bool = False) -> dict:
        answer = self.ask(f"probe({sid!r}, save={save})", "ANSWER")
        try:
            return json.loads(ast.literal_eval(answer["value"]))
        except (ValueError, SyntaxError, TypeError):
            raise AssertionError(f"seed {SEED}: the kernel's answer about {sid} is not JSON: "
                                 f"{str(answer)[:500]!r}") from None

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


def _canvas_hash(session: Session, i: int) -> str:
    """The map's picture: its canvas' size and a digest of its pixels."""
    session.page.mouse.move(0, 0)  # no hover over the map
    session.page.wait_for_timeout(500)
    layers = canvases(session.page)[i]["layers"]
    return json.dumps([(c["w"], c["h"], c["painted"], c["hash"]) for c in layers])


def _keep_picture(session: Session, i: int, name: str) -> None:
    """The map's canvas as a PNG in artifacts/browser (its own pixels: nothing of the page over it)."""
    url = session.page.evaluate("i => document.querySelectorAll('.hexlab-table canvas.hexlab-map')[i].toDataURL()", i)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / name).write_bytes(base64.b64decode(url.split(",", 1)[1]))


def _click_map(session: Session, i: int, probe: dict, x: float, y: float) -> None:
    canvas = session.page.locator(".hexlab-table canvas.hexlab-map").nth(i)
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    scale = box["width"] / probe["width"]
    session.page.mouse.click(box["x"] + x * scale, box["y"] + y * scale)


def _random_click(session: Session, i: int, sid: str, probe: dict, rng: random.Random, late: int = 0) -> str:
    """One random click on table ``i``; returns what it was."""
    sels = {k: s for k, (_, s) in KINDS.items() if s is not None}
    shown = session.page.evaluate(JS_AVAILABLE, [i, sels])
    kinds = [k for k in KINDS if k == "map" or shown.get(k, 0) > 0]
    kind = rng.choices(kinds, weights=[KINDS[k][0] for k in kinds])[0]
    if kind == "map":
        pick = rng.random()
        if pick < 0.4 and probe["counters"]:
            x, y, unit = rng.choice(probe["counters"])
            what = f"map: counter {unit}"
        elif pick < 0.8 and probe["targets"]:
            x, y = rng.choice(probe["targets"])
            what = "map: a highlighted place"
        else:
            x, y = rng.uniform(0, probe["width"]), rng.uniform(0, probe["height"])
            what = "map: anywhere"
        _click_map(session, i, probe, x, y)
        return f"{what} ({x:.0f}, {y:.0f})"
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    n = rng.randrange(shown[kind])
    for attempt in range(3):
        label = session.page.evaluate(JS_MARK, [i, KINDS[kind][1], n])
        if label is None and late < 2:
            # the kernel's answer to the last click came after the look (the probe read the game before the kernel
            # had the click: seen once in CI, Undo still enabled from before a Restart). A person sees the page
            # change and clicks what is there then: wait for the page to show the game, and choose again
            probe = _agree(session, i, sid)
            return "(the page changed) " + _random_click(session, i, sid, probe, rng, late + 1)
        if label is None:
            raise AssertionError(f"{kind} #{n}: the button is no longer on the page")
        try:
            session.page.locator("[data-hexlab-pick]").click(timeout=7_000)
            break
        except PlaywrightTimeout:
            # the kernel sent the buttons anew between the look and the click (a late update): the marked button
            # left the page and its new copy is not marked. A person clicks the new one: look again and click it
            if attempt == 2:
                raise
            _settle(session, i)
    return f"{kind} #{n} ({label})"


def _answer(session: Session, sid: str, before: dict) -> dict:
    """The kernel's state once it has handled the click made since ``before`` was read: the game, the chosen unit or
    the buttons changed (at most 5 s). A look taken sooner shows the state before the click, and a click chosen from
    it (another Undo, the chosen unit clicked again) acts on what is no longer there."""
    probe = session.probe(sid)
    for _ in range(50):
        if any(probe[k] != before[k] for k in ("actions", "history", "selected", "ui")):
            break
        session.page.wait_for_timeout(100)
        probe = session.probe(sid)
    return probe


def _undo_to_start(session: Session, i: int, sid: str, start: dict, deadline: float) -> dict:
    probe = session.probe(sid)
    for _ in range(400):
        if probe["actions"] == 0 and probe["history"] <= start["history"]:
            break
        if time.monotonic() > deadline:  # the caller reports a game not back at its start
            break
        session.page.locator(".hexlab-table").nth(i).locator(".hexlab-undo").click(timeout=20_000)
        _answer(session, sid, probe)
        probe = _agree(session, i, sid)
    for _ in range(2):  # a unit still chosen on the map: click it again to let it go (a second time if the first
        # click asked about its own place, where it may act: Cadet's leader rests there)
        hit = [c for c in probe["counters"] if c[2] == probe["selected"]] if probe["selected"] else []
        if not hit:
            break
        _click_map(session, i, probe, hit[0][0], hit[0][1])
        _answer(session, sid, probe)
        probe = _agree(session, i, sid)
    return probe


def test_random_clicks_on_a_table_of_each_ruleset(lab, browser):
    context = browser.new_context(viewport={"width": 1366, "height": 900}, device_scale_factor=1)
    page = context.new_page()
    session = Session(page, lab)
    began = time.monotonic()
    deadline = began + BUDGET_S
    open_notebook(page, lab, NOTEBOOK)
    ran = run_all(page)
    assert ran.errors == [], f"seed {SEED}: {ran.errors}"
    session.kernel_pid = int(session.ask("", "KERNEL_PID")["value"])
    wait_drawn(page)
    page.wait_for_timeout(1000)
    results: dict[str, dict[str, int]] = {}
    trail: dict[str, list[str]] = {}
    problems: list[str] = []
    for i, sid in enumerate(TABLES):
        rng = random.Random(f"{SEED}:{sid}")
        page.locator(".hexlab-table").nth(i).scroll_into_view_if_needed()
        start = _agree(session, i, sid)
        first_picture = _canvas_hash(session, i)
        _keep_picture(session, i, f"random_clicks_{sid.replace('/', '_')}_first.png")
        clicks, applied, log = 0, 0, []
        probe, console_seen = start, len(session.console)  # the trail names the clicks after which errors came
        for n in range(CLICKS):
            if time.monotonic() > deadline:
                problems.append(f"seed {SEED}, {sid}: the test's {BUDGET_S:.0f} s ran out before click {n}; "
                                f"the last clicks (seconds from the start):\n  " + "\n  ".join(log[-12:]))
                break
            before = probe["actions"]
            try:
                what = _random_click(session, i, sid, probe, rng)
            except Exception as err:  # noqa: BLE001 (a click the page refused: named with the seed, below)
                problems.append(f"seed {SEED}, {sid}, click {n}: {type(err).__name__}: {str(err)[:8000]}")
                break
            clicks += 1
            probe = _agree(session, i, sid)
            applied += probe["actions"] > before
            fresh, console_seen = len(session.console) - console_seen, len(session.console)
            log.append(f"{n}: {what} -> {probe['actions']} actions" + (f" [{fresh} console errors]" if fresh else "")
                       + f" @{time.monotonic() - began:.1f}s")
            if probe["errors"]:
                problems.append(f"seed {SEED}, {sid}, after click {n} ({what}): {probe['errors']}")
                break
            if "Error:" in probe["file_note"]:
                problems.append(f"seed {SEED}, {sid}, after click {n} ({what}): {probe['file_note']}")
        trail[sid] = log
        # the game on the table is one the engine reaches by legal actions: its save replays to the same state
        final = session.probe(sid, save=True)
        replayed = saves.loads(final["save"], name=f"{sid} after random clicks (seed {SEED})")
        if replayed.state.to_data() != final["state"]:
            problems.append(f"seed {SEED}, {sid}: the replay of the table's game differs from the game")
        # back to the start by Undo: the first picture of the map again
        back = _undo_to_start(session, i, sid, start, deadline + 120)
        if back["actions"] != 0 or back["history"] != start["history"]:
            problems.append(f"seed {SEED}, {sid}: Undo did not bring the game back to its start "
                            f"({back['actions']} actions, {back['history']} entries; start {start['history']})")
        if back["svg"] != start["svg"]:
            problems.append(f"seed {SEED}, {sid}: after undoing to the start the map's SVG differs from the first")
        for _ in range(60):  # the browser draws what the kernel sent: wait for the picture to settle
            last_picture = _canvas_hash(session, i)
            if last_picture == first_picture:
                break
        # kept to be looked at: the canvas' own pixels, and the map as the page shows it (after "New game" or "Load"
        # rebuilt the table, the terrain must be there: two drawings sent at once from two kernel threads once
        # left it blank)
        _keep_picture(session, i, f"random_clicks_{sid.replace('/', '_')}_undone.png")
        page.locator(".hexlab-table canvas.hexlab-map").nth(i).screenshot(
            path=str(ARTIFACTS / f"random_clicks_{sid.replace('/', '_')}_undone_page.png"))
        if last_picture != first_picture:
            problems.append(f"seed {SEED}, {sid}: after undoing to the start the map's picture differs from the first "
                            f"(canvas size, painted pixels, digest: {first_picture} then {last_picture})")
        errors = len(back["errors"]) + sum(1 for p in problems if f", {sid}" in p)
        results[sid.split("/")[0]] = {"clicks": clicks, "errors": errors, "actions_applied": applied}
    found = page.evaluate("""() => {
      const w = window.jupyterapp.shell.currentWidget; const out = [];
      const cells = w.content.model.cells;
      for (let i = 0; i < cells.length; i++) { const c = cells.get(i); if (c.type !== 'code') continue;
        for (let j = 0; j < c.outputs.length; j++) { const o = c.outputs.get(j).toJSON();
          if (o.output_type === 'error') out.push(`cell ${i}: ${o.ename}: ${o.evalue}`);
          if (o.output_type === 'stream' && o.name === 'stderr') out.push(`cell ${i} stderr: ${o.text}`); } }
      return out; }""")
    console = session.errors()
    context.close()
    log_text = lab.log.read_text(encoding="utf-8", errors="replace")
    tracebacks = log_text.count("Traceback (most recent call last)")
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps({"seed": SEED, "clicks_per_table": CLICKS, "rulesets": results,
                                   "console_errors": len(console), "output_errors": len(found),
                                   "kernel_tracebacks": tracebacks},
                                  indent=2) + "\n", encoding="utf-8")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "random_clicks_trail.json").write_text(json.dumps(trail, indent=1), encoding="utf-8")
    assert problems == [], "\n".join(problems)
    assert found == [], f"seed {SEED}: error output in the notebook: {found}"
    assert console == [], f"seed {SEED}: console errors: {console}"
    assert tracebacks == 0, f"seed {SEED}: a traceback in the server's log ({lab.log})"
    for name, r in results.items():
        assert r["clicks"] == CLICKS, f"seed {SEED}: {name}: {r['clicks']} of {CLICKS} clicks made"
    assert sum(r["actions_applied"] for r in results.values()) >= len(TABLES), \
        f"seed {SEED}: the clicks played almost nothing: {results}"
