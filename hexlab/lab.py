"""``hexlab lab [DIR]``: copy the kit into a working folder and open JupyterLab there.

For a teacher who is not a programmer: ``pip install 'hexlab[lab]'`` then ``hexlab lab``. The notebooks are
copied from the package into ``DIR`` (``hexlab-notebooks`` by default), and the scenarios into
``DIR/scenarios`` with a short guide to making your own (``scenarios/make_your_own_scenario.md``).

A copy the student has changed is never overwritten without asking: the folder keeps the fingerprint of
every file it was given (``.hexlab/kit.json``), so an untouched copy is brought up to date silently and an
edited one is kept unless the person at the keyboard says to replace it. For a notebook the fingerprint is
its cells' kinds and sources, not its bytes: JupyterLab rewrites a notebook's metadata and outputs when it
saves one, so a notebook that was opened and run but not edited still counts as untouched.

JupyterLab opens at ``00_start_here.ipynb`` (the address it prints goes straight there) with the folder's own
settings (``.hexlab/settings``), where its news pop-up and update check are switched off, so the first thing
a class sees is the lesson. Stopping ``hexlab lab`` (Ctrl-C, or a SIGTERM) stops JupyterLab and its kernels
too. The folder also gets a ``voila.json``, so that ``voila NOTEBOOK.ipynb`` run there shows a notebook as a
plain web page with no warnings.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from .engine import HexlabError
from .scenario import KIT

NOTEBOOKS = KIT / "notebooks"
SCENARIOS = KIT / "scenarios"
GUIDE = KIT / "own_scenario.md"
"""The "make your own scenario" guide, copied beside the scenarios as :data:`GUIDE_NAME`."""
GUIDE_NAME = "scenarios/make_your_own_scenario.md"
START = "00_start_here.ipynb"
START_URL = f"/lab/tree/{START}"
"""Where JupyterLab opens, and where the address it prints leads."""
DEFAULT_DIR = "hexlab-notebooks"
QUIET_SETTINGS: dict[str, dict[str, object]] = {
    # JupyterLab 4: no news pop-up, no "would you like news?" question, no update check.
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false", "checkForUpdates": False,
    },
}
ENCRYPTED_KERNELS = "--KernelManager.transport_encryption=auto"
"""Kernels that say they can (ipykernel 7.3 and later) talk to JupyterLab over an encrypted channel, so the
kernel's "running over TCP without encryption" warning is not printed at every start."""
VOILA_SETTINGS: dict[str, dict[str, object]] = {
    "KernelManager": {"transport_encryption": "auto"},
    # Notebook 7's JupyterLab extension (its "open in Notebook" buttons) fails to load inside Voila's page
    # when Notebook 7 is installed beside it; it has no use there.
    "VoilaConfiguration": {"extension_denylist": ["@jupyter-notebook/lab-extension"]},
}
"""``voila.json`` in the working folder: Voila reads it when started there (``voila NOTEBOOK.ipynb``)."""
STOP_WAIT = 30.0
"""Seconds JupyterLab is given to shut its kernels down after a stop, before it is killed."""


def kit_files() -> list[tuple[str, Path]]:
    """Every file the kit gives a working folder: (its place in the folder, where the kit has it)."""
    files = [(p.name, p) for p in sorted(NOTEBOOKS.glob("*.ipynb"))]
    files += [(f"scenarios/{p.relative_to(SCENARIOS).as_posix()}", p) for p in sorted(SCENARIOS.glob("*/*.toml"))]
    if GUIDE.is_file():
        files.append((GUIDE_NAME, GUIDE))
    return files


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def fingerprint(path: Path) -> str:
    """What tells a changed copy from an untouched one. For a notebook: its cells' kinds and sources, so that
    a notebook JupyterLab saved after it was opened or run, with nobody editing a cell, is unchanged. For any
    other file (or a notebook that is not valid JSON): its bytes."""
    data = path.read_bytes()
    if path.suffix == ".ipynb":
        try:
            cells = [[c["cell_type"], "".join(c["source"]) if isinstance(c["source"], list) else c["source"]]
                     for c in json.loads(data)["cells"]]
        except (ValueError, KeyError, TypeError):
            pass
        else:
            return "cells:" + hashlib.sha256(json.dumps(cells).encode("utf-8")).hexdigest()
    return hashlib.sha256(data).hexdigest()


def _trust(paths: Sequence[Path]) -> None:
    """Sign the kit's notebooks as trusted, as ``jupyter trust`` does, so that JupyterLab and Voila show their
    saved outputs and don't warn that they are not trusted. Only files exactly as the kit ships them are
    signed; nothing is done when nbformat (part of Jupyter) is not installed."""
    try:
        import nbformat
        from nbformat.sign import NotebookNotary
    except ImportError:
        return
    notary = NotebookNotary()
    for path in paths:
        try:
            notary.sign(nbformat.read(path, as_version=4))
        except Exception:  # a signature store that cannot be written only costs the warning
            return


def copy_kit(target: Path, ask: Callable[[str], bool], say: Callable[[str], None] = print) -> list[str]:
    """Copy the kit's notebooks and scenarios (and the scenario guide) into ``target``; returns the places
    written (``"00_start_here.ipynb"``, ``"scenarios/cadet/village.toml"``). ``ask(question)`` decides whether
    to replace a copy the student has edited (never asked for an untouched one). Files of the student's own
    are never touched."""
    target.mkdir(parents=True, exist_ok=True)
    state_dir = target / ".hexlab"
    state_dir.mkdir(exist_ok=True)
    record_path = state_dir / "kit.json"
    try:
        given: dict[str, str] = json.loads(record_path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        given = {}
    written = []
    as_shipped = []
    for place, source in kit_files():
        dest = target / place
        new = fingerprint(source)
        if dest.exists():
            have = fingerprint(dest)
            if have == new:
                given[place] = new
                if dest.suffix == ".ipynb" and dest.read_bytes() == source.read_bytes():
                    as_shipped.append(dest)
                continue
            # untouched: as it was given (an older kit.json kept the bytes' digest instead)
            untouched = given.get(place) in (have, _digest(dest))
            if not untouched and not ask(f"{dest} has been changed since it was copied. Replace it with the "
                                         "kit's version (your changes would be lost)?"):
                say(f"kept your copy of {place}")
                continue
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, dest)
        given[place] = new
        written.append(place)
        if dest.suffix == ".ipynb":
            as_shipped.append(dest)
    record_path.write_text(json.dumps(given, indent=1, sort_keys=True), encoding="utf-8")
    settings = state_dir / "settings"
    for name, values in QUIET_SETTINGS.items():
        path = settings / name
        if not path.exists():  # the folder's own choices, once made, are kept
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(values, indent=1), encoding="utf-8")
    voila = target / "voila.json"
    if not voila.exists():
        voila.write_text(json.dumps(VOILA_SETTINGS, indent=1), encoding="utf-8")
    _trust(as_shipped)
    return written


def lab_command(target: Path, extra: Sequence[str] = ()) -> list[str]:
    """The ``jupyter lab`` command line that opens ``target`` at the start-here notebook (the address it
    prints, and the browser it opens, go straight to it)."""
    state_dir = target / ".hexlab"
    return [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={target}",
            f"--LabApp.default_url={START_URL}",
            f"--LabApp.user_settings_dir={state_dir / 'settings'}",
            f"--LabApp.workspaces_dir={state_dir / 'workspaces'}", ENCRYPTED_KERNELS, *extra]


def ask_at_terminal(question: str) -> bool:
    """Ask yes/no at the terminal; anything but yes (or no terminal at all) keeps the student's copy."""
    if not sys.stdin or not sys.stdin.isatty():
        return False
    try:
        return input(f"{question} [y/N] ").strip().lower() in ("y", "yes")
    except EOFError:
        return False


class _Stopped(Exception):
    """``hexlab lab`` was asked to stop by a signal (SIGTERM, or SIGHUP when its terminal closes)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


@contextmanager
def _stop_signals() -> Iterator[None]:
    """While JupyterLab runs, SIGTERM and SIGHUP stop ``hexlab lab`` the way Ctrl-C does: with an exception
    that lets it stop JupyterLab first (Python's default for them would leave JupyterLab running alone)."""

    def stop(signum: int, frame: object) -> None:
        raise _Stopped(signum)

    names = [n for n in ("SIGTERM", "SIGHUP") if hasattr(signal, n)]
    before = {n: signal.signal(getattr(signal, n), stop) for n in names}
    try:
        yield
    finally:
        for n, handler in before.items():
            signal.signal(getattr(signal, n), handler)


def stop(proc: subprocess.Popen[bytes], wait: float = STOP_WAIT) -> None:
    """Stop JupyterLab: a SIGTERM, on which it shuts its kernels down and exits; killed if it is still
    running after ``wait`` seconds (or at a second Ctrl-C)."""
    if proc.poll() is not None:
        return
    proc.terminate()
    try:
        proc.wait(timeout=wait)
    except (subprocess.TimeoutExpired, KeyboardInterrupt, _Stopped):
        proc.kill()
        proc.wait()


def run(directory: str | None, copy_only: bool = False, extra: Sequence[str] = (),
        ask: Callable[[str], bool] = ask_at_terminal) -> int:
    if not NOTEBOOKS.is_dir():
        raise HexlabError(f"this hexlab has no notebooks to copy ({NOTEBOOKS} is missing)")
    target = Path(directory or DEFAULT_DIR).expanduser().resolve()
    written = copy_kit(target, ask)
    print(f"notebooks and scenarios in {target} ({len(written)} copied)")
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
    print(f"JupyterLab opens {START}; stop it with Ctrl-C here")
    sys.stdout.flush()
    # JupyterLab runs in a process group of its own, so a Ctrl-C at the terminal reaches hexlab lab alone,
    # which then stops JupyterLab cleanly (JupyterLab's own Ctrl-C would first ask "Shutdown this server?").
    group = {"process_group": 0} if os.name == "posix" else {}
    with _stop_signals():
        proc = subprocess.Popen(cmd, cwd=target, **group)  # type: ignore[call-overload]
        try:
            return proc.wait()
        except (KeyboardInterrupt, _Stopped) as exc:
            print("\nstopping JupyterLab", file=sys.stderr)
            stop(proc)
            return 128 + (exc.signum if isinstance(exc, _Stopped) else signal.SIGINT)
        finally:
            stop(proc)
