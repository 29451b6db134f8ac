"""``hexlab lab [DIR]``: copy the kit's notebooks into a working folder and open JupyterLab there.

For a teacher who is not a programmer: ``pip install 'hexlab[lab]'`` then ``hexlab lab``. The notebooks
are copied from the package into ``DIR`` (``hexlab-notebooks`` by default). A copy the student has
changed is never overwritten without asking: the folder keeps the fingerprint of every file it was given
(``.hexlab/kit.json``), so an untouched copy is brought up to date silently and an edited one is kept
unless the person at the keyboard says to replace it. JupyterLab opens at ``00_start_here.ipynb`` with
the folder's own settings (``.hexlab/settings``), where its news pop-up and update check are switched
off, so the first thing a class sees is the lesson.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from .engine import HexlabError
from .scenario import KIT

NOTEBOOKS = KIT / "notebooks"
START = "00_start_here.ipynb"
DEFAULT_DIR = "hexlab-notebooks"
QUIET_SETTINGS: dict[str, dict[str, object]] = {
    # JupyterLab 4: no news pop-up, no "would you like news?" question, no update check.
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false", "checkForUpdates": False,
    },
}


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def copy_kit(target: Path, ask: Callable[[str], bool], say: Callable[[str], None] = print) -> list[str]:
    """Copy the kit's notebooks into ``target``; returns the names written. ``ask(question)`` decides
    whether to replace a copy the student has edited (never asked for an untouched one)."""
    target.mkdir(parents=True, exist_ok=True)
    state_dir = target / ".hexlab"
    state_dir.mkdir(exist_ok=True)
    record_path = state_dir / "kit.json"
    try:
        given: dict[str, str] = json.loads(record_path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        given = {}
    written = []
    for source in sorted(NOTEBOOKS.glob("*.ipynb")):
        dest = target / source.name
        new = _digest(source)
        if dest.exists():
            have = _digest(dest)
            if have == new:
                given[source.name] = new
                continue
            edited = given.get(source.name) != have
            if edited and not ask(f"{dest} has been changed since it was copied. Replace it with the "
                                  "kit's version (your changes would be lost)?"):
                say(f"kept your copy of {source.name}")
                continue
        shutil.copyfile(source, dest)
        given[source.name] = new
        written.append(source.name)
    record_path.write_text(json.dumps(given, indent=1, sort_keys=True), encoding="utf-8")
    settings = state_dir / "settings"
    for name, values in QUIET_SETTINGS.items():
        path = settings / name
        if not path.exists():  # the folder's own choices, once made, are kept
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(values, indent=1), encoding="utf-8")
    return written


def lab_command(target: Path, extra: Sequence[str] = ()) -> list[str]:
    """The ``jupyter lab`` command line that opens ``target`` at the start-here notebook."""
    state_dir = target / ".hexlab"
    return [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={target}",
            f"--LabApp.user_settings_dir={state_dir / 'settings'}",
            f"--LabApp.workspaces_dir={state_dir / 'workspaces'}", *extra, START]


def ask_at_terminal(question: str) -> bool:
    """Ask yes/no at the terminal; anything but yes (or no terminal at all) keeps the student's copy."""
    if not sys.stdin or not sys.stdin.isatty():
        return False
    try:
        return input(f"{question} [y/N] ").strip().lower() in ("y", "yes")
    except EOFError:
        return False


def run(directory: str | None, copy_only: bool = False, extra: Sequence[str] = (),
        ask: Callable[[str], bool] = ask_at_terminal) -> int:
    if not NOTEBOOKS.is_dir():
        raise HexlabError(f"this hexlab has no notebooks to copy ({NOTEBOOKS} is missing)")
    target = Path(directory or DEFAULT_DIR).expanduser().resolve()
    written = copy_kit(target, ask)
    print(f"notebooks in {target} ({len(written)} copied)")
    cmd = lab_command(target, extra)
    if copy_only:
        print(" ".join(cmd))
        return 0
    try:
        import jupyterlab  # noqa: F401
    except ImportError:
        raise HexlabError("JupyterLab is not installed: pip install 'hexlab[lab]'") from None
    if hasattr(os, "geteuid") and os.geteuid() == 0 and "--allow-root" not in cmd:
        cmd.insert(3, "--allow-root")  # JupyterLab refuses to run as root without it (containers, classroom VMs)
    return subprocess.call(cmd, cwd=target)
