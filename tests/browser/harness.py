"""Drive JupyterLab and Voila in Debian's Chromium with Python's playwright.

JupyterLab runs on 127.0.0.1 with a temporary root, workspace and settings (so the committed notebooks
are never touched); Chromium is /usr/bin/chromium, started with ``executable_path`` (never a browser
download). The helpers run every cell of a notebook through JupyterLab's own commands and read the
results from the notebook model, the page's console and the canvases themselves.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts" / "browser"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
]
BIN = Path(sys.executable).parent

SETTINGS = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings":
        {"checkForUpdates": False, "fetchNews": "false"},
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
    "@jupyterlab/apputils-extension/themes.jupyterlab-settings": {"theme": "JupyterLab Light"},
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_http(url: str, timeout: float = 90.0, proc: subprocess.Popen | None = None) -> None:
    deadline = time.time() + timeout
    while time.time() < deadline:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=5) as r:
                if r.status < 500:
                    return
        except OSError:
            time.sleep(0.5)
    raise TimeoutError(f"no answer from {url} in {timeout}s")


def stop_process(proc: subprocess.Popen) -> None:
    """Ask a server to stop; kill it if it has not within 20 s."""
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()


@dataclass
class Server:
    proc: subprocess.Popen
    url: str
    token: str
    root: Path
    log: Path

    def stop(self) -> None:
        stop_process(self.proc)


@dataclass
class RoomServer:
    """The class app served as ``hexlab classroom`` serves it (see :func:`class_server`)."""

    proc: subprocess.Popen
    url: str
    port: int
    room: Any
    teacher_code: str
    log: Path
    pages: Path

    def stop(self) -> None:
        stop_process(self.proc)


@contextmanager
def class_server(tmp: Path, class_code: str, *, seed: int | None = None, ready: str = "page",
                 timeout: float = 180.0) -> Iterator[RoomServer]:
    """The class app served on 127.0.0.1 from a new room in ``tmp / "saves"``, through the same command line as
    ``hexlab classroom`` (:func:`hexlab.classroom.serve.voila_command`), its output in ``tmp / "voila.log"``.
    ``seed``: every new game starts from it (``hexlab classroom --seed``). ``ready``: ``"page"`` waits until the
    class page renders (which starts a kernel), ``"socket"`` only until the port answers. Stopped, and its pages
    folder removed, on leaving."""
    from hexlab.classroom.room import Room
    from hexlab.classroom.serve import pages_folder, voila_command

    room, teacher_code = Room.create(tmp / "saves")
    pages = pages_folder()
    port = free_port()
    env = {**_env(tmp), "HEXLAB_ROOM": str(room.folder)}
    if seed is not None:
        env["HEXLAB_CLASS_SEED"] = str(seed)
    log = tmp / "voila.log"
    with open(log, "w") as out:
        proc = subprocess.Popen(voila_command(pages, port, "127.0.0.1", class_code), cwd=pages, env=env, stdout=out,
                                stderr=subprocess.STDOUT)
    server = RoomServer(proc, f"http://127.0.0.1:{port}", port, room, teacher_code, log, pages)
    try:
        if ready == "page":
            wait_http(f"{server.url}/voila/render/class.ipynb?token={class_code}", timeout=timeout, proc=proc)
        else:
            wait_port(port, timeout=timeout, proc=proc, log=log)
        yield server
    finally:
        server.stop()
        shutil.rmtree(pages, ignore_errors=True)  # the pages' own folder, made for this server alone


def wait_port(port: int, timeout: float = 90.0, proc: subprocess.Popen | None = None, log: Path | None = None) -> None:
    """Wait until something listens on 127.0.0.1:``port``; a server that stops first is an error (with its log's
    end)."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        if proc is not None and proc.poll() is not None:
            tail = log.read_text()[-2000:] if log is not None and log.exists() else ""
            raise RuntimeError(f"the server stopped with {proc.returncode}: {tail}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.5)
    raise TimeoutError(f"nothing listens on port {port} after {timeout}s")


def _env(tmp: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update({
        "JUPYTER_RUNTIME_DIR": str(tmp / "runtime"), "JUPYTER_CONFIG_DIR": str(tmp / "config"),
        "IPYTHONDIR": str(tmp / "ipython"), "PYTHONPATH": str(ROOT), "JUPYTER_PLATFORM_DIRS": "1",
    })
    return env


def start_lab(tmp: Path, notebooks: list[Path], theme: str = "JupyterLab Light", app: str = "lab") -> Server:
    """JupyterLab (``app="lab"``) or Notebook 7 (``app="notebook"``) on a free port, in ``theme``."""
    root = tmp / "root"
    root.mkdir(parents=True)
    for nb in notebooks:
        shutil.copy(nb, root / nb.name)
    settings = tmp / "settings"
    values = dict(SETTINGS)
    values["@jupyterlab/apputils-extension/themes.jupyterlab-settings"] = {"theme": theme}
    for name, value in values.items():
        path = settings / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value), encoding="utf-8")
    port, token = free_port(), secrets.token_hex(16)
    log = tmp / f"{app}.log"
    appclass = "LabApp" if app == "lab" else "JupyterNotebookApp"
    cmd = [str(BIN / "jupyter"), app, "--no-browser", f"--ServerApp.port={port}", "--ServerApp.ip=127.0.0.1",
           f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
           f"--{appclass}.workspaces_dir={tmp / 'workspaces'}", f"--{appclass}.user_settings_dir={settings}",
           f"--{appclass}.expose_app_in_browser=True", "--ServerApp.open_browser=False",
           "--ServerApp.port_retries=0", "--allow-root"]
    if app == "lab":
        cmd.append("--LabApp.extension_manager=readonly")
    proc = subprocess.Popen(cmd, cwd=root, env=_env(tmp), stdout=open(log, "w"), stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    wait_http(f"{url}/api/status?token={token}", proc=proc)
    return Server(proc, url, token, root, log)


def start_voila(tmp: Path, notebook: Path) -> Server:
    root = tmp / "voila"
    root.mkdir(parents=True)
    shutil.copy(notebook, root / notebook.name)
    port = free_port()
    log = tmp / "voila.log"
    cmd = [str(BIN / "voila"), str(root / notebook.name), "--no-browser", f"--port={port}",
           "--Voila.ip=127.0.0.1", "--show_tracebacks=True",
           # Notebook 7's JupyterLab extension (its "open in Notebook" buttons) fails to load inside Voila
           # 0.5's page and logs an error that is not hexlab's; the README gives teachers the same option
           '--VoilaConfiguration.extension_denylist=["@jupyter-notebook/lab-extension"]']
    proc = subprocess.Popen(cmd, cwd=root, env=_env(tmp), stdout=open(log, "w"), stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    wait_http(url, proc=proc)
    return Server(proc, url, "", root, log)


@dataclass
class RunResult:
    errors: list[str] = field(default_factory=list)
    console: list[str] = field(default_factory=list)
    cells: int = 0


JS_KERNEL_IDLE = """() => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
  return !!(k && k.status === 'idle' && w.content && w.content.model);
}"""

JS_RUN_DONE = """() => {
  const w = window.jupyterapp.shell.currentWidget;
  const k = w.sessionContext.session.kernel;
  const cells = w.content.model.cells;
  for (let i = 0; i < cells.length; i++) {
    const c = cells.get(i);
    if (c.type === 'code' && c.sharedModel.getSource().trim() && !c.executionCount) return false;
  }
  const busy = [...document.querySelectorAll('.jp-InputPrompt')].some(p => p.textContent.includes('*'));
  return k.status === 'idle' && !busy;
}"""

JS_ERRORS = """() => {
  const w = window.jupyterapp.shell.currentWidget;
  const cells = w.content.model.cells;
  const out = [];
  let n = 0;
  for (let i = 0; i < cells.length; i++) {
    const c = cells.get(i);
    if (c.type !== 'code') continue;
    n += 1;
    for (let j = 0; j < c.outputs.length; j++) {
      const o = c.outputs.get(j).toJSON();
      if (o.output_type === 'error') out.push(`cell ${i}: ${o.ename}: ${o.evalue}`);
      if (o.output_type === 'stream' && o.name === 'stderr') out.push(`cell ${i} stderr: ${o.text}`);
    }
  }
  for (const el of document.querySelectorAll('.jp-OutputArea-output')) {
    if (el.textContent.includes('Error displaying widget')) out.push('a widget failed to display');
  }
  return {errors: out, cells: n};
}"""

JS_CANVASES = """() => [...document.querySelectorAll('.hexlab-map')].map(map => {
  // ipycanvas' MultiCanvas shows its layers composited on one canvas element
  const layers = map.tagName === 'CANVAS' ? [map] : [...map.querySelectorAll('canvas')];
  const r = map.getBoundingClientRect();
  return {
    x: r.x, y: r.y, width: r.width, height: r.height,
    layers: layers.map(c => {
      const ctx = c.getContext('2d');
      const d = ctx.getImageData(0, 0, c.width, c.height).data;
      let painted = 0, hash = 0;
      for (let i = 3; i < d.length; i += 4) {
        if (d[i] > 0) { painted++; hash = (hash * 31 + d[i - 3] + 7 * d[i - 2] + 13 * d[i - 1]) % 1000000007; }
      }
      return {w: c.width, h: c.height, cssw: c.getBoundingClientRect().width, painted, hash};
    }),
  };
})"""


def open_notebook(page, server: Server, name: str, app: str = "lab") -> None:
    path = f"lab/tree/{name}?token={server.token}&reset" if app == "lab" else f"notebooks/{name}?token={server.token}"
    page.goto(f"{server.url}/{path}", wait_until="domcontentloaded")
    page.wait_for_function(JS_KERNEL_IDLE, timeout=120_000)


def run_all(page, timeout: float = 240_000) -> RunResult:
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_timeout(500)
    page.wait_for_function(JS_RUN_DONE, timeout=timeout, polling=500)
    page.wait_for_timeout(1500)  # widgets render and draw after the kernel is idle
    found = page.evaluate(JS_ERRORS)
    return RunResult(found["errors"], [], found["cells"])


def canvases(page) -> list[dict]:
    return page.evaluate(JS_CANVASES)


def wait_drawn(page, timeout_ms: int = 20_000) -> list[dict]:
    """Wait until every map's terrain layer has paint, and return the canvases."""
    deadline = time.time() + timeout_ms / 1000
    maps: list[dict] = []
    while time.time() < deadline:
        maps = canvases(page)
        if maps and all(m["layers"] and m["layers"][0]["painted"] > 0 for m in maps):
            return maps
        page.wait_for_timeout(300)
    return maps


JS_PIXEL = """([x, y]) => {
  const c = document.querySelector('.hexlab-map');
  const scale = c.width / c.getBoundingClientRect().width;
  const d = c.getContext('2d').getImageData(Math.round(x * scale), Math.round(y * scale), 1, 1).data;
  return [d[0], d[1], d[2], d[3]];
}"""


def pixel(page, x: float, y: float) -> list[int]:
    """The RGBA of the first map's canvas at (x, y) in CSS pixels from its top-left corner."""
    return page.evaluate(JS_PIXEL, [x, y])
