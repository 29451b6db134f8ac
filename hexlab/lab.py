"""``hexlab lab [DIR]``: copy the kit into a working folder and open JupyterLab there.

For a teacher who is not a programmer: ``pip install 'hexlab[lab]'`` then ``hexlab lab``. The notebooks are
copied from the package into ``DIR`` (``hexlab-notebooks`` by default), and the scenarios into
``DIR/scenarios`` with a short guide to making your own (``scenarios/make_your_own_scenario.md``).

Nothing is written outside ``DIR``, and nothing through a link: before anything is changed, every place the
kit writes (the notebooks, ``scenarios/...``, ``.hexlab`` and its settings, ``voila.json``) is checked, and a
link, or anything other than a file where a file goes (or a folder where a folder goes), stops ``hexlab lab``
with the path and nothing changed. Files are written whole or not at all (a temporary file beside it, then
renamed over it), and the fingerprint record is read as untrusted data: a malformed one is reported.

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
import re
import signal
import stat
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path, PurePosixPath

from .engine import HexlabError
from .guard import Refused, excerpt, json_loads, printable, read_capped
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
RECORD = ".hexlab/kit.json"
"""The fingerprints of the files the folder was given."""
MAX_RECORD_BYTES = 1_000_000
STOP_WAIT = 30.0
"""Seconds JupyterLab is given to shut its kernels down after a stop, before it is killed."""


BRIEFINGS = Path(__file__).resolve().parent / "classroom" / "briefings"
"""The teams' briefings (one Markdown page per side of a lesson's scenario), copied into ``briefings/``."""
ANSWER = re.compile(r"<details>\s*<summary>[^<]*(?:answer key|model answer)[^<]*</summary>.*?</details>",
                    re.IGNORECASE | re.DOTALL)
"""An answer key or a model answer in a notebook's text: a folded block whose summary says so."""
FOR_STUDENTS = "*(The answer is in your teacher's copy.)*"


def kit_files() -> list[tuple[str, Path]]:
    """Every file the kit gives a working folder: (its place in the folder, where the kit has it)."""
    files = [(p.name, p) for p in sorted(NOTEBOOKS.glob("*.ipynb"))]
    files += [(f"lessons/{p.name}", p) for p in sorted((NOTEBOOKS / "lessons").glob("*.ipynb"))]
    files += [(f"briefings/{p.relative_to(BRIEFINGS).as_posix()}", p) for p in sorted(BRIEFINGS.glob("*/*/*.md"))]
    files += [(f"scenarios/{p.relative_to(SCENARIOS).as_posix()}", p) for p in sorted(SCENARIOS.glob("*/*.toml"))]
    if GUIDE.is_file():
        files.append((GUIDE_NAME, GUIDE))
    return files


def students_copy(data: bytes) -> bytes:
    """A notebook without its answer keys and model answers (each replaced by a line saying the teacher's copy
    has it), for ``hexlab lab --students``. Outputs stay: they are what running the cells shows anyway."""
    nb = json.loads(data)
    for cell in nb.get("cells", []):
        if cell.get("cell_type") != "markdown":
            continue
        text = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        first = text.lstrip().split("\n", 1)[0]
        if first.startswith("#") and re.search(r"answer key|model answers?", first, re.IGNORECASE):
            stripped = f"{first}\n\n{FOR_STUDENTS}\n"  # a cell that is all answers, under its heading
        else:
            stripped = ANSWER.sub(FOR_STUDENTS, text)
        if stripped != text:
            cell["source"] = stripped.splitlines(keepends=True)
    return (json.dumps(nb, indent=1, ensure_ascii=False) + "\n").encode("utf-8")


def _content(place: str, source: Path, students: bool) -> bytes:
    data = source.read_bytes()
    return students_copy(data) if students and place.endswith(".ipynb") else data


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def fingerprint(path: Path) -> str:
    """What tells a changed copy from an untouched one. For a notebook: its cells' kinds and sources, so that
    a notebook JupyterLab saved after it was opened or run, with nobody editing a cell, is unchanged. For any
    other file (or a notebook that is not valid JSON): its bytes."""
    return fingerprint_of(path.read_bytes(), path.suffix)


def fingerprint_of(data: bytes, suffix: str) -> str:
    """:func:`fingerprint` of a file's bytes (``suffix``: its ending, ``.ipynb`` for a notebook)."""
    if suffix == ".ipynb":
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


class UnsafeFolder(HexlabError):
    """A working folder that holds a link (or something other than a file or folder) where the kit writes."""


def _place_problem(target: Path, place: str, folder: bool = False) -> str | None:
    """Why the kit may not write ``target/place`` (a file, or a folder with ``folder``), or ``None``: no part
    of the way there below ``target`` may be a link, each part on the way must be a folder, and the place
    itself a regular file (or folder) if it exists. Links are looked at, never followed (``lstat``)."""
    parts = PurePosixPath(place).parts
    if not parts or ".." in parts or PurePosixPath(place).is_absolute():
        return f"{place}: not a place inside the folder"
    path = target
    for i, part in enumerate(parts):
        path = path / part
        try:
            mode = os.lstat(path).st_mode
        except FileNotFoundError:
            break
        except OSError as exc:
            return f"{printable(str(path))}: cannot be checked ({exc.strerror})"
        if stat.S_ISLNK(mode):
            try:
                to = os.readlink(path)
            except OSError:
                to = "?"
            return f"{printable(str(path))} is a link (to {printable(to)})"
        want_folder = folder or i < len(parts) - 1
        if want_folder and not stat.S_ISDIR(mode):
            return f"{printable(str(path))} is not a folder"
        if not want_folder and not stat.S_ISREG(mode):
            return f"{printable(str(path))} is not a regular file"
    inside = os.path.realpath(target / place)
    root = os.path.realpath(target)
    if os.path.commonpath([inside, root]) != root:
        return f"{printable(str(target / place))} leads outside {printable(str(target))}"
    return None


def check_folder(target: Path, places: Sequence[str], folders: Sequence[str] = ()) -> None:
    """Refuse (:class:`UnsafeFolder`, naming every path) a working folder where writing any of ``places`` (files)
    or ``folders`` would follow a link or replace something that is not a file or folder."""
    if target.is_symlink() or (target.exists() and not target.is_dir()):
        raise UnsafeFolder(f"{printable(str(target))} is not a folder")
    problems = [p for p in (*(_place_problem(target, f, folder=True) for f in folders),
                            *(_place_problem(target, f) for f in places)) if p is not None]
    if problems:
        shown = "\n  ".join(problems[:20]) + (f"\n  ... and {len(problems) - 20} more" if len(problems) > 20 else "")
        raise UnsafeFolder(f"hexlab lab does not write through links or over what is not a file; nothing was changed "
                           f"in {printable(str(target))}. Move these away and run it again:\n  {shown}")


def _write(dest: Path, data: bytes) -> None:
    """Write ``dest`` whole or not at all: a new temporary file beside it (never an existing one: no link is
    followed), then renamed over it (a rename replaces a link planted since, never writes through it)."""
    fd, tmp = tempfile.mkstemp(dir=dest.parent, prefix=f".{dest.name}.", suffix=".tmp")
    try:
        os.chmod(tmp, 0o644)  # as a copied file would be (mkstemp makes it private)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, dest)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def read_record(target: Path, say: Callable[[str], None] = print) -> dict[str, str]:
    """The fingerprints recorded in ``target/.hexlab/kit.json``: a regular file of JSON, an object of text by
    text. A record that is missing is empty; one that is malformed is reported (``say``) and read as empty, so
    every copy that differs from the kit counts as the student's and is asked about, never replaced silently."""
    path = target / RECORD
    if not os.path.lexists(path):
        return {}
    try:
        data = json_loads(read_capped(path, MAX_RECORD_BYTES))
        if not isinstance(data, dict) or not all(isinstance(v, str) for v in data.values()):
            raise Refused("", "not an object of file names and fingerprints")
    except (Refused, ValueError) as exc:
        problem = exc.problem if isinstance(exc, Refused) else f"not valid JSON ({excerpt(str(exc))})"
        say(f"{printable(str(path))}: {problem}; it is written anew, and every copy that differs from the kit's "
            "is treated as yours")
        return {}
    return data


def copy_kit(target: Path, ask: Callable[[str], bool], say: Callable[[str], None] = print,
             students: bool = False) -> list[str]:
    """Copy the kit's notebooks and scenarios (and the scenario guide) into ``target``; returns the places
    written (``"00_start_here.ipynb"``, ``"scenarios/cadet/village.toml"``). ``ask(question)`` decides whether
    to replace a copy the student has edited (never asked for an untouched one). Files of the student's own
    are never touched. Raises :class:`UnsafeFolder`, with nothing changed, if any place it would write is a
    link or not a file (:func:`check_folder`). ``students``: the notebooks without their answer keys and model
    answers (:func:`students_copy`); the teacher's copy (the default) keeps them."""
    files = kit_files()
    settings_places = [f".hexlab/settings/{name}" for name in QUIET_SETTINGS]
    check_folder(target, [place for place, _ in files] + [RECORD, "voila.json", *settings_places],
                 [".hexlab", ".hexlab/settings", ".hexlab/workspaces", "lessons", "briefings"])
    target.mkdir(parents=True, exist_ok=True)
    state_dir = target / ".hexlab"
    state_dir.mkdir(exist_ok=True)
    given = read_record(target, say)
    written = []
    as_shipped = []
    for place, source in files:
        dest = target / place
        content = _content(place, source, students)
        new = fingerprint_of(content, dest.suffix)
        if dest.exists():
            have = fingerprint(dest)
            if have == new:
                given[place] = new
                if dest.suffix == ".ipynb" and dest.read_bytes() == content:
                    as_shipped.append(dest)
                continue
            # untouched: as it was given (an older kit.json kept the bytes' digest instead)
            untouched = given.get(place) in (have, _digest(dest))
            if not untouched and not ask(f"{dest} has been changed since it was copied. Replace it with the "
                                         "kit's version (your changes would be lost)?"):
                say(f"kept your copy of {place}")
                continue
        dest.parent.mkdir(parents=True, exist_ok=True)
        _write(dest, content)
        given[place] = new
        written.append(place)
        if dest.suffix == ".ipynb":
            as_shipped.append(dest)
    _write(target / RECORD, json.dumps(given, indent=1, sort_keys=True).encode("utf-8"))
    for place, values in zip(settings_places, QUIET_SETTINGS.values(), strict=True):
        path = target / place
        if not path.exists():  # the folder's own choices, once made, are kept
            path.parent.mkdir(parents=True, exist_ok=True)
            _write(path, json.dumps(values, indent=1).encode("utf-8"))
    voila = target / "voila.json"
    if not voila.exists():
        _write(voila, json.dumps(VOILA_SETTINGS, indent=1).encode("utf-8"))
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
        ask: Callable[[str], bool] = ask_at_terminal, students: bool = False) -> int:
    if not NOTEBOOKS.is_dir():
        raise HexlabError(f"this hexlab has no notebooks to copy ({NOTEBOOKS} is missing)")
    target = Path(directory or DEFAULT_DIR).expanduser().resolve()
    written = copy_kit(target, ask, students=students)
    kind = "the students' copy (no answer keys)" if students else "notebooks and scenarios"
    print(f"{kind} in {target} ({len(written)} copied)")
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
