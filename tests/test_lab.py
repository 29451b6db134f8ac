"""``hexlab lab``: the notebooks copied into a working folder, a student's edits never lost without asking,
JupyterLab's news pop-up off for the kit's folder; and a wheel that works outside the checkout."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from hexlab.lab import NOTEBOOKS, QUIET_SETTINGS, START, copy_kit, lab_command

ROOT = Path(__file__).resolve().parents[1]
KIT_NAMES = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))


def never(question: str) -> bool:
    raise AssertionError(f"asked when nothing was edited: {question}")


def test_the_kit_holds_every_notebook_of_the_repository():
    assert KIT_NAMES == sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    assert START in KIT_NAMES


def test_copies_every_notebook_and_switches_the_news_off(tmp_path):
    written = copy_kit(tmp_path, never, say=lambda _: None)
    assert written == KIT_NAMES
    for name in KIT_NAMES:
        assert (tmp_path / name).read_bytes() == (NOTEBOOKS / name).read_bytes()
    for name, values in QUIET_SETTINGS.items():
        assert json.loads((tmp_path / ".hexlab" / "settings" / name).read_text()) == values
    cmd = lab_command(tmp_path)
    assert cmd[-1] == START and f"--LabApp.user_settings_dir={tmp_path / '.hexlab' / 'settings'}" in cmd
    assert copy_kit(tmp_path, never, say=lambda _: None) == []  # nothing to do the second time


def test_an_edited_notebook_is_kept_unless_the_person_says_replace(tmp_path):
    copy_kit(tmp_path, never, say=lambda _: None)
    mine = tmp_path / START
    mine.write_text(mine.read_text() + "\n", encoding="utf-8")
    questions: list[str] = []
    said: list[str] = []
    assert copy_kit(tmp_path, lambda q: questions.append(q) or False, say=said.append) == []
    assert mine.read_text().endswith("\n\n") and len(questions) == 1 and START in questions[0]
    assert said == [f"kept your copy of {START}"]
    assert copy_kit(tmp_path, lambda q: True, say=lambda _: None) == [START]
    assert mine.read_bytes() == (NOTEBOOKS / START).read_bytes()


def test_an_untouched_old_copy_is_brought_up_to_date_without_asking(tmp_path):
    copy_kit(tmp_path, never, say=lambda _: None)
    old = b'{"cells": [], "an": "older kit"}'
    (tmp_path / START).write_bytes(old)
    record = tmp_path / ".hexlab" / "kit.json"
    given = json.loads(record.read_text())
    import hashlib

    given[START] = hashlib.sha256(old).hexdigest()  # as if an older kit had written it
    record.write_text(json.dumps(given))
    assert copy_kit(tmp_path, never, say=lambda _: None) == [START]


def test_the_command_copies_and_prints_the_lab_command(tmp_path):
    out = subprocess.run([sys.executable, "-m", "hexlab.cli", "lab", str(tmp_path / "kit"), "--copy-only"],
                         capture_output=True, text=True, check=True, stdin=subprocess.DEVNULL)
    assert f"({len(KIT_NAMES)} copied)" in out.stdout and "jupyterlab" in out.stdout
    assert sorted(p.name for p in (tmp_path / "kit").glob("*.ipynb")) == KIT_NAMES


def test_a_wheel_installed_outside_the_checkout_plays_and_copies_the_kit(tmp_path):
    """A teacher's install: build the wheel, install it in a fresh virtual environment (pydantic from the
    package index), and from another folder list the scenarios, play a game, copy the notebooks."""
    wheels = tmp_path / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q", "-w", str(wheels)],
                   check=True, capture_output=True)
    (wheel,) = wheels.glob("hexlab-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "hexlab/kit/scenarios/memoir44/tenaru.toml" in names
    assert f"hexlab/kit/notebooks/{START}" in names
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    py = venv / "bin" / "python"
    subprocess.run([str(py), "-m", "pip", "install", "-q", str(wheel)], check=True, capture_output=True)
    elsewhere = tmp_path / "classroom"
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    hexlab_cmd = str(venv / "bin" / "hexlab")

    def run(*args: str) -> str:
        done = subprocess.run(args, cwd=elsewhere, env=env, capture_output=True, text=True, stdin=subprocess.DEVNULL)
        assert done.returncode == 0, done.stderr
        return done.stdout

    listed = run(hexlab_cmd, "scenarios")
    assert "memoir44/tenaru" in listed and "cadet/village" in listed and "cactus/guadalcanal" in listed
    played = run(hexlab_cmd, "play", "cadet/village", "--seed", "3", "--players", "computer,random")
    assert "wins" in played or "drawn" in played
    where = run(str(py), "-c", "import hexlab; print(hexlab.__file__)")
    assert str(ROOT) not in where and str(venv) in where
    run(hexlab_cmd, "lab", "kit", "--copy-only")
    assert sorted(p.name for p in (elsewhere / "kit").glob("*.ipynb")) == KIT_NAMES


@pytest.mark.parametrize("path", ["scenarios", "notebooks"])
def test_the_package_links_to_the_repository_folders(path):
    link = ROOT / "hexlab" / "kit" / path
    assert link.is_symlink() and link.resolve() == (ROOT / path).resolve()
