"""``hexlab classroom`` (``make classroom``): serve the class app to the room's network with Voila.

The teacher runs it on one computer; students open the address it prints in a browser on theirs (nothing to
install). Voila shows the pages' widgets and never their code, and it refuses to run code a page sends (it
passes only widget messages to the kernel). The server serves nothing without the **class code** (Voila's
token); the teacher's page also asks for the **teacher code**. Both are printed at the start; the class code is
new each time, the teacher code is new each time too unless ``--teacher-code`` keeps one. The pages are served
from a folder of their own (the two notebooks, nothing else), never from the saves folder. Voila runs through
:mod:`hexlab.classroom.launch`, so that a game's kernel answers only the browser that opened its page.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
from importlib import resources
from pathlib import Path

from .app import ROOM_ENV, SEED_ENV
from .room import Room, RoomError, new_code

PAGES = ("class.ipynb", "teacher.ipynb")


def lan_address() -> str:
    """This computer's address on the local network, as another computer in the room reaches it (no packet is
    sent: a UDP socket is only pointed at a private address to learn the route)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.255.255.255", 1))
            return str(s.getsockname()[0])
    except OSError:
        return "127.0.0.1"


def pages_folder() -> Path:
    """A new folder holding only the app's two pages, for Voila to serve."""
    folder = Path(tempfile.mkdtemp(prefix="hexlab-class-pages-"))
    source = resources.files("hexlab.classroom") / "pages"
    for name in PAGES:
        (folder / name).write_bytes((source / name).read_bytes())
    return folder


def voila_command(pages: Path, port: int, host: str, class_code: str) -> list[str]:
    """The command line serving ``pages`` behind ``class_code``: Voila, through the class app's launcher
    (:mod:`hexlab.classroom.launch`), which keeps each game's kernel to the browser that opened its page."""
    return [sys.executable, "-m", "hexlab.classroom.launch", str(pages), f"--port={port}", f"--Voila.ip={host}",
            "--no-browser", f"--token={class_code}", "--show_tracebacks=False", "--Voila.root_dir=" + str(pages),
            # Notebook 7's JupyterLab extension (its "open in Notebook" buttons) fails to load inside Voila 0.5's
            # page and logs an error that is not hexlab's (one item of the list per option: traitlets' own syntax, where
            # a Python list literal is deprecated)
            "--VoilaConfiguration.extension_denylist=@jupyter-notebook/lab-extension"]


def serve(saves: str, host: str = "0.0.0.0", port: int = 8866, class_code: str | None = None,
          teacher_code: str | None = None, seed: int | None = None) -> int:
    """Set up the room in ``saves`` and serve the app until stopped (Ctrl-C); returns the server's exit code.
    ``seed``: every new game starts from it (the whole class plays the same dice); ``None``, a new one a game."""
    if seed is not None and not 0 <= seed < 2**32:
        print(f"hexlab classroom: --seed must be a whole number from 0 to {2**32 - 1}, not {seed}", file=sys.stderr)
        return 2
    try:
        room, teacher = Room.create(saves, teacher_code)
    except (RoomError, OSError) as err:
        print(f"hexlab classroom: {err}", file=sys.stderr)
        return 2
    code = class_code or new_code(2)
    pages = pages_folder()
    where = lan_address() if host in ("0.0.0.0", "") else host
    print(f"""
hexlab classroom
  saves folder:  {room.folder}
  class code:    {code}
  teacher code:  {teacher}   (keep this one to yourself)

  Students open:       http://{where}:{port}/voila/render/class.ipynb?token={code}
  Your page (teacher): http://{where}:{port}/voila/render/teacher.ipynb?token={code}

Stop the server with Ctrl-C. The games stay in the saves folder; start again with the same folder to go on.
""", flush=True)
    env = {**os.environ, ROOM_ENV: str(room.folder)}
    if seed is not None:
        env[SEED_ENV] = str(seed)
    try:
        return subprocess.call(voila_command(pages, port, host, code), env=env)
    except KeyboardInterrupt:
        return 0
    finally:
        shutil.rmtree(pages, ignore_errors=True)
