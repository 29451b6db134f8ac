"""The ``hexlab`` command: scenarios, validate, play and odds; mistakes exit 2 with no traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from hexlab.cli import main

MEADOW = str(Path(__file__).parent / "scenarios" / "skirmish" / "meadow.toml")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_scenarios_lists_ids_and_titles(capsys):
    code, out, _ = run(capsys, "scenarios")
    assert code == 0 and "skirmish/meadow" in out and "Skirmish at the meadow (test)" in out
    code, out, _ = run(capsys, "scenarios", "--json")
    listed = {s["id"]: s for s in json.loads(out)}
    assert listed["skirmish/meadow"]["ruleset"] == "skirmish"


def test_validate_exit_codes(capsys, tmp_path):
    code, out, _ = run(capsys, "validate", MEADOW)
    assert code == 0 and "ok" in out
    bad = tmp_path / "bad.toml"
    bad.write_text(Path(MEADOW).read_text().replace('at = "1,1"', 'at = "40,1"'), encoding="utf-8")
    code, out, err = run(capsys, "validate", MEADOW, str(bad))
    assert code == 2
    assert f"{bad}: unit[0].at: hex '40,1' is off the map" in err
    assert "Traceback" not in err


@pytest.mark.parametrize("content", [b"", b"\xff\xfe\x00\x01", b"[scenario]\nruleset = 3\n", b"not = [toml"])
def test_validate_in_a_real_process_never_shows_a_traceback(tmp_path, content):
    bad = tmp_path / "broken.toml"
    bad.write_bytes(content)
    done = subprocess.run([sys.executable, "-m", "hexlab.cli", "validate", str(bad)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert str(bad) in done.stderr
    assert "Traceback" not in done.stderr and "File \"" not in done.stderr


def test_play_prints_one_line_per_event_and_a_result_identically_for_a_seed(capsys, tmp_path):
    code, first, _ = run(capsys, "play", "skirmish/meadow", "--seed", "7")
    assert code == 0
    lines = first.strip().splitlines()
    assert lines[0].startswith("# Skirmish at the meadow (test) (seed 7)")
    assert lines[-1].startswith("RESULT winner=")
    assert any("[sk." in line for line in lines)
    _, second, _ = run(capsys, "play", "skirmish/meadow", "--seed", "7")
    assert first == second
    _, other, _ = run(capsys, "play", "skirmish/meadow", "--seed", "8")
    assert other != first
    log = tmp_path / "game.jsonl"
    code, out, _ = run(capsys, "play", "skirmish/meadow", "--seed", "7", "--log", str(log),
                       "--players", "random,first")
    rows = [json.loads(line) for line in log.read_text().splitlines()]
    assert rows[-1]["seed"] == 7 and "actions" in rows[-1]
    assert all("kind" in r and "clauses" in r for r in rows[:-1])


def test_play_stops_after_max_steps(capsys):
    code, out, _ = run(capsys, "play", "skirmish/meadow", "--seed", "1", "--max-steps", "5")
    assert code == 0 and out.strip().splitlines()[-1].startswith("RESULT unfinished after 5 steps")


@pytest.mark.parametrize(("argv", "message"), [
    (["play", "skirmish/nonesuch"], "no scenario with this id"),
    (["play", "skirmish/meadow", "--players", "random,random,random"], "--players"),
    (["play", "skirmish/meadow", "--players", "genius"], "unknown player 'genius'"),
    (["odds", "chess"], "unknown ruleset 'chess'"),
    (["odds", "skirmish", "--attack", "99"], "--attack must be 1-12"),
])
def test_mistakes_exit_2_with_a_message(capsys, argv, message):
    code, _, err = run(capsys, *argv)
    assert code == 2 and message in err and "Traceback" not in err


def test_odds_prints_exact_fractions(capsys):
    code, out, _ = run(capsys, "odds", "skirmish", "--attack", "2", "--json")
    report = json.loads(out)
    assert code == 0
    assert report["p_at_least_one_hit"] == "5/9"  # 1 - (2/3)^2
    assert report["expected_hits"] == "2/3"
    assert sum(__import__("fractions").Fraction(r["p"]) for r in report["outcomes"]) == 1
    code, out, _ = run(capsys, "odds", "skirmish", "--attack", "2")
    assert "p_at_least_one_hit: 5/9 (55.6%)" in out
