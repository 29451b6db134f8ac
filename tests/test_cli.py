"""The ``hexlab`` command: scenarios, validate, play and odds; mistakes exit 2 with no traceback."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from hexlab import odds, reference
from hexlab.cli import main
from hexlab.words import is_plural, wins

ROOT = Path(__file__).resolve().parents[1]
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


def test_scenarios_json_gives_each_scenarios_file(capsys):
    """Each scenario's ``path`` is its file (once it was ``unit[15]``, a field's place in the file)."""
    code, out, _ = run(capsys, "scenarios", "--json")
    listed = json.loads(out)
    assert code == 0 and len(listed) > 3
    for s in listed:
        path = Path(s["path"])
        assert path.is_file() and path.as_posix().endswith(f"{s['id']}.toml"), s
    assert Path(next(s["path"] for s in listed if s["id"] == "skirmish/meadow")).samefile(MEADOW)
    code, out, _ = run(capsys, "validate", next(s["path"] for s in listed if s["id"] == "cadet/village"))
    assert code == 0 and "ok" in out


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


@pytest.mark.parametrize(("content", "words"), [
    (b"x = " + b"[" * 50_000 + b"]" * 50_000 + b"\n", "nested more than 32 deep"),
    (b"x = {a = " * 20_000 + b"1" + b"}" * 20_000 + b"\n", "nested more than 32 deep"),
    (b"x = " + b"7" * 10_000 + b"\n", "a number of 10,000 digits"),
    (Path(MEADOW).read_bytes().replace(b"Skirmish at", b"\\u001b[31mSkirmish at"), "control character \\x1b"),
])
def test_validate_and_play_refuse_hostile_files_in_a_real_process_without_a_traceback(tmp_path, content, words):
    bad = tmp_path / "hostile.toml"
    bad.write_bytes(content)
    for command in ("validate", "play"):
        done = subprocess.run([sys.executable, "-m", "hexlab.cli", command, str(bad)], capture_output=True, text=True,
                              timeout=60)
        assert done.returncode == 2 and f"{bad}: " in done.stderr and words in done.stderr
        assert "Traceback" not in done.stderr and "\x1b" not in done.stderr + done.stdout


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
    (["odds"], "give a ruleset first"),
    (["los"], "give a ruleset first"),
    (["odds", "skirmish", "--attack", "99"], "--attack must be 1-12"),
])
def test_mistakes_exit_2_with_a_message(capsys, argv, message):
    code, _, err = run(capsys, *argv)
    assert code == 2 and message in err and "Traceback" not in err


def test_odds_json_stays_exact_and_the_words_are_percentages(capsys):
    code, out, _ = run(capsys, "odds", "skirmish", "--attack", "2", "--json")
    report = json.loads(out)
    assert code == 0
    assert report["p_at_least_one_hit"] == "5/9"  # 1 - (2/3)^2
    assert report["expected_hits"] == "2/3"
    assert sum(Fraction(r["p"]) for r in report["outcomes"]) == 1
    code, out, _ = run(capsys, "odds", "skirmish", "--attack", "2")
    assert code == 0
    assert re.search(r"at least one hit +55\.6%$", out, re.M)
    assert "5/9" not in out and "p_" not in out  # percentages and words, no fractions or keys
    code, out, _ = run(capsys, "odds", "skirmish", "--attack", "2", "--exact")
    assert re.search(r"at least one hit +55\.6% +\(5/9\)$", out, re.M)
    assert re.search(r"expected hits +0\.67 \(2/3\)$", out, re.M)


def test_odds_help_lists_the_rulesets_and_exits_0():
    for argv in (["odds", "--help"], ["odds", "-h"], ["los", "--help"]):
        done = subprocess.run([sys.executable, "-m", "hexlab.cli", *argv], capture_output=True, text=True, timeout=60)
        assert done.returncode == 0 and done.stderr == ""
        assert done.stdout.startswith(f"usage: hexlab {argv[0]} RULESET") and "memoir44" in done.stdout
    assert "--exact" in subprocess.run([sys.executable, "-m", "hexlab.cli", "odds", "--help"], capture_output=True,
                                       text=True, timeout=60).stdout
    done = subprocess.run([sys.executable, "-m", "hexlab.cli", "odds", "cadet", "--help"], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0 and "--atk" in done.stdout and "--exact" in done.stdout


def test_odds_reads_as_a_two_way_table_of_hits_and_flags(capsys):
    code, out, _ = run(capsys, "odds", "memoir44", "--dice", "2", "--target", "armor")
    assert code == 0
    lines = out.splitlines()
    header = next(line for line in lines if "hits \\ flags" in line)
    assert header.split()[3:] == ["0", "1", "2", "any"]
    row = next(line for line in lines if line.split()[:1] == ["0"])
    assert row.split()[1:] == ["25.0%", "16.7%", "2.8%", "44.4%"]  # no hit: 1/4, 1/6, 1/36; 4/9 in all
    code, out, _ = run(capsys, "odds", "memoir44", "--dice", "2", "--target", "armor", "--exact")
    row = next(line for line in out.splitlines() if line.split()[:1] == ["0"])
    assert row.split()[1:] == ["1/4", "1/6", "1/36", "4/9"]


def test_a_long_distribution_stays_a_screenful(capsys):
    code, out, _ = run(capsys, "odds", "memoir44", "--dice", "12", "--target", "infantry")
    assert code == 0 and len(out.splitlines()) <= 40 and max(map(len, out.splitlines())) <= 100
    assert "5 or more" in out                                 # flags 5 to 12 in one column
    assert re.search(r"at least one hit +>99\.9%$", out, re.M)  # possible but not sure: never "100.0%"
    # one value: its tail merged into "N or more"; several values: the least likely are "other outcomes"
    one = [{"hits": h, "p": odds.fraction_str(Fraction(1, 2 ** (h + 1)) if h < 39 else Fraction(1, 2 ** 39))}
           for h in range(40)]
    lines = odds.distribution(one)
    assert len(lines) == odds.ROWS + 1 and lines[-1].split() == ["19", "or", "more", "<0.1%"]
    three = [{"a": a, "b": b, "retreat": r, "p": "1/50"} for a in range(5) for b in range(5) for r in (True, False)]
    lines = odds.distribution(three, exact=True)
    assert len(lines) == odds.ROWS + 1 and lines[-1].split() == ["31", "other", "outcomes", "31/50"]


def test_the_odds_use_the_odds_panels_words_for_the_same_chances(capsys):
    """The odds panel (a notebook) and ``hexlab odds`` (a terminal) name the same chance alike, and write it
    alike ("12.5%", with the fraction after it in brackets)."""
    from tests.support.memoir44_boards import make

    game = make([("A1", "Allies", "infantry", "6,6"), ("X1", "Axis", "infantry", "6,5")])
    report = game.rules.odds(game.state, "A1", "X1")
    dice = int(report.notes[0].split()[0])
    code, out, _ = run(capsys, "odds", "memoir44", "--dice", str(dice), "--target", "infantry", "--figures", "4",
                       "--exact")
    assert code == 0 and dice >= 1
    p = report.summary["eliminate"]
    assert re.search(rf"^  eliminate +{re.escape(odds.chance(p))} +\({p.numerator}/{p.denominator}\)$", out, re.M)
    assert odds.chance(Fraction(1, 8), exact=True) == "12.5% (1/8)"
    assert odds.chance(Fraction(1, 10 ** 6)) == "<0.1%" and odds.chance(0) == "0.0%" and odds.chance(1) == "100.0%"


@pytest.mark.parametrize("players", ["human,computer", "random,human", "person"])
def test_a_persons_seat_is_refused_with_one_line_saying_where_to_play(players):
    """``hexlab play`` never asks anyone anything: a seat for a person stops it at once with one line that
    says to play in a notebook (it used to play up to that person's first decision and stop, exit 0)."""
    done = subprocess.run([sys.executable, "-m", "hexlab.cli", "play", "cadet/village", "--players", players],
                          capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
    assert "notebook" in done.stderr and "hexlab.play('cadet/village'" in done.stderr


@pytest.mark.parametrize("name, words", [
    ("Greeks", "the Greeks win"), ("Allies", "the Allies win"), ("Ottomans", "the Ottomans win"),
    ("Japanese", "the Japanese win"), ("Axis", "the Axis wins"), ("US Marines", "the US Marines win"),
    ("United States", "the United States wins"),
    ("Japan", "Japan wins"), ("Red", "Red wins"), ("The Reds", "The Reds win"),
])
def test_the_winner_and_the_verb_agree(name, words):
    assert wins(name) == words and wins(name, start=True) == words[0].upper() + words[1:]
    assert is_plural(name) == words.endswith(" win")


@pytest.mark.parametrize("name, words", [
    ("Allies", "the Allies'"), ("Japan", "Japan's"), ("British", "the British's"), ("Japanese", "the Japanese's"),
    ("US Marines", "the US Marines'"), ("Axis", "the Axis'"), ("United States", "the United States'"),
    ("Italy", "Italy's"),
])
def test_whose_hand_an_apostrophe_alone_after_a_final_s(name, words):
    """The log and the refusals read "Allies's hand" once; a review then found "the British' units"."""
    from hexlab.words import possessive

    assert possessive(name) == words and possessive(name, start=True) == words[0].upper() + words[1:]


@pytest.mark.parametrize("sides", [("Greeks", "Ottomans"), ("Greece", "Turkey")])
def test_play_says_who_won_with_a_verb_that_agrees(capsys, tmp_path, sides):
    """The line that ends the game: "The Greeks win: ...", "Greece wins: ..." (Cadet Commander's village, with
    its sides renamed for the second)."""
    text = (ROOT / "scenarios" / "cadet" / "village.toml").read_text(encoding="utf-8")
    for old, new in zip(("Greeks", "Ottomans"), sides, strict=True):
        text = text.replace(old, new)
    path = tmp_path / "cadet" / "village.toml"
    path.parent.mkdir()
    path.write_text(text, encoding="utf-8")
    for seed in range(3, 13):
        code, out, _ = run(capsys, "play", str(path), "--seed", str(seed), "--players", "random,random")
        winner = re.search(r"^RESULT winner=(\S+)", out, re.M)
        if code == 0 and winner and winner.group(1) in sides:
            break
    else:
        pytest.fail("no game of ten was won")
    name = winner.group(1)
    said = f"The {name} win: " if name.endswith("s") else f"{name} wins: "
    wrong = f"{name} wins" if name.endswith("s") else f"{name} win:"
    assert re.search(rf"^T\d+ +\S+ +{said}", out, re.M) and wrong not in out


# ------------------------------------------------------------------------------------------------ the README

README = (ROOT / "README.md").read_text(encoding="utf-8")
CLAUSE = re.compile(r"\b(?:m44|cc|caf)\.[a-z0-9_]+(?:\.[a-z0-9_]+)+\b")


def test_every_clause_the_readme_names_is_in_the_shipped_catalogs():
    known = {cid for rid in reference.CATALOGS for cid in reference.load(rid).clauses}
    named = set(CLAUSE.findall(README))
    prefixes = {cid.rsplit(".", n)[0] for cid in known for n in range(1, cid.count("."))}  # m44.terrain
    assert named, "the README names no clause"
    assert sorted(c for c in named if c not in known and c not in prefixes) == []


def test_the_readmes_example_of_naming_a_clause_in_a_test_is_named_by_a_test():
    example = re.search(r"Every rule is an atomic clause with an id \(`([^`]+)`\)", README)
    assert example, "the README's example clause has moved; point this test at it"
    cid = example.group(1)
    assert cid in reference.load("memoir44").clauses
    tests = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests").glob("test_*.py") if p.name != "test_cli.py")
    assert f'"{cid}"' in tests and "pytest.mark.rule" in tests
