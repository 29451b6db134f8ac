"""The computer opponent's benchmark can be stopped, resumed and split (benchmarks/bench_ai.py): every finished game is
one JSON line with its fingerprint, a rerun plays only what is missing, ``--shard i/k`` plays every k-th game, and the
Markdown is rebuilt from the file, keeping the notes written under it. Two short Cadet drill games, no timings
asserted."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_ai.py"


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location("bench_ai", BENCH)
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_ai"] = module  # the worker processes find play_one by its module's name
    spec.loader.exec_module(module)
    yield module
    sys.modules.pop("bench_ai", None)


def lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_a_rerun_skips_recorded_games_and_a_shard_plays_only_its_share(bench, tmp_path, capsys, monkeypatch):
    # the checkout is shared: the sources may change during the test, so the fingerprint is pinned here (it is
    # tested on its own below)
    monkeypatch.setattr(bench, "fingerprint", lambda root=None, ruleset=None: "pinned000001")
    games, md = tmp_path / "games.jsonl", tmp_path / "ai.md"
    common = ["--scenarios", "cadet/drill_bump", "--pairings", "veteran:random", "--jobs", "1",
              "--out-games", str(games), "--out", str(md)]
    bench.main(["--games", "1", "--seats", "0", *common])
    first = lines(games)
    assert [(g["seat"], g["seed"]) for g in first] == [("Greeks", 1)]
    g = first[0]
    assert g["fingerprint"] == "pinned000001" and g["commit"] and g["times"] and g["winner"]
    assert set(g) >= {"scenario", "hero", "other", "seat", "seed", "winner", "times", "cpu", "fingerprint", "commit"}
    bench.main(["--games", "1", "--seats", "0", *common])  # nothing left to play
    assert lines(games) == first
    # seeds 1-2 from both seats are 4 games; shard 2/2 takes the 2nd and 4th: Ottomans seed 1, Ottomans seed 2
    bench.main(["--games", "2", "--shard", "2/2", *common])
    assert [(g["seat"], g["seed"]) for g in lines(games)] == [("Greeks", 1), ("Ottomans", 1), ("Ottomans", 2)]
    # other sources, another fingerprint: the same game is played again
    monkeypatch.setattr(bench, "fingerprint", lambda root=None, ruleset=None: "pinned000002")
    bench.main(["--games", "1", "--seats", "0", *common])
    assert [(g["seat"], g["seed"], g["fingerprint"]) for g in lines(games)][-1] == ("Greeks", 1, "pinned000002")
    capsys.readouterr()


def test_the_fingerprint_changes_with_the_computers_and_the_rulesets_sources_only(bench, tmp_path):
    for folder in ("hexlab/ai", "hexlab/rulesets", "hexlab/widgets"):
        (tmp_path / folder).mkdir(parents=True)
        (tmp_path / folder / "x.py").write_text("A = 1\n")
    before = bench.fingerprint(tmp_path)
    (tmp_path / "hexlab/widgets/x.py").write_text("A = 2\n")
    (tmp_path / "hexlab/ai/__pycache__").mkdir()
    (tmp_path / "hexlab/ai/__pycache__/x.cpython-311.pyc").write_bytes(b"\0")
    assert bench.fingerprint(tmp_path) == before
    (tmp_path / "hexlab/rulesets/x.py").write_text("A = 2\n")
    assert bench.fingerprint(tmp_path) != before


def test_a_rulesets_fingerprint_leaves_out_the_other_rulesets_sources_but_not_the_engines(bench, tmp_path):
    # a change to one ruleset replays its games only; a change to the engine, the search or a module every game
    # loads replays them all
    for rel in ("hexlab/engine/game.py", "hexlab/ai/search.py", "hexlab/ai/rulesets/cadet.py",
                "hexlab/ai/rulesets/cactus.py", "hexlab/rulesets/__init__.py", "hexlab/rulesets/cadet/rules.py",
                "hexlab/rulesets/cactus/rules.py", "scenarios/cadet/village.toml", "scenarios/cactus/turn.toml",
                "hexlab/dice.py", "hexlab/cli.py", "hexlab/widgets/table.py"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("A = 1\n")

    def prints():
        return bench.fingerprint(tmp_path, "cadet"), bench.fingerprint(tmp_path, "cactus")

    cadet, cactus = prints()
    assert cadet != cactus
    for rel in ("hexlab/rulesets/cactus/rules.py", "hexlab/ai/rulesets/cactus.py", "scenarios/cactus/turn.toml"):
        (tmp_path / rel).write_text("A = 2\n")
        now = prints()
        assert now[0] == cadet and now[1] != cactus, rel
        cactus = now[1]
    for rel in ("hexlab/cli.py", "hexlab/widgets/table.py"):  # not what a game loads
        (tmp_path / rel).write_text("A = 2\n")
        assert prints() == (cadet, cactus), rel
    for rel in ("hexlab/engine/game.py", "hexlab/ai/search.py", "hexlab/rulesets/__init__.py", "hexlab/dice.py"):
        (tmp_path / rel).write_text("A = 2\n")
        now = prints()
        assert now[0] != cadet and now[1] != cactus, rel
        cadet, cactus = now
    assert bench.fingerprints(["cadet/village", "cactus/turn", "cadet/drill_bump"], tmp_path) == {
        "cadet": cadet, "cactus": cactus}


def test_the_modules_a_game_loads_are_all_fingerprinted(bench):
    # a fresh process that reads a scenario of every ruleset, makes the computer and plays a step loads no top-level
    # hexlab module outside GAME_MODULES (else a change to it would not replay the games it may change)
    code = (
        "import sys, hexlab\n"
        "from hexlab.players import make_player\n"
        "for sid in ('memoir44/tenaru', 'cadet/village', 'cactus/guadalcanal', 'warsea/tokyo_express',"
        " 'cartwheel/wewak'):\n"
        "    g = hexlab.load(sid, seed=1).batch_mode()\n"
        "    p = make_player('veteran', 1)\n"
        "    for _ in range(3):\n"
        "        g.step() if g.current_step.automatic else g.apply(p.choose(g))\n"
        "print(sorted(m.split('.')[1] for m in sys.modules if m.startswith('hexlab.') and m.count('.') == 1))\n")
    import ast
    import subprocess

    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=BENCH.parents[1]).stdout
    loaded = {m for m in ast.literal_eval(out.strip().splitlines()[-1])
              if (BENCH.parents[1] / "hexlab" / f"{m}.py").is_file()}
    assert loaded <= set(bench.GAME_MODULES), sorted(loaded - set(bench.GAME_MODULES))


def test_the_report_is_built_from_the_file_for_one_fingerprint_and_keeps_the_notes(bench, tmp_path):
    games, md = tmp_path / "games.jsonl", tmp_path / "ai.md"
    record = {"scenario": "cadet/drill_bump", "hero": "veteran", "other": "random", "seat": "Greeks", "seed": 1,
              "winner": "Greeks", "won": True, "lost": False, "times": [0.1, 0.2], "cpu": [0.1, 0.1], "error": "",
              "fingerprint": "aaaa", "commit": "abc", "wall_stop": False}
    for seed, fp in [(1, "aaaa"), (2, "aaaa"), (3, "bbbb")]:
        bench.append_game(games, dict(record, seed=seed, fingerprint=fp))
    md.write_text("old table\n\n" + bench.KEEP_MARK + "\n\nWhy a row cannot reach 90%.\n")
    bench.main(["--report-only", "--fingerprint", "aaaa", "--out-games", str(games), "--out", str(md)])
    text = md.read_text()
    assert "old table" not in text and text.rstrip().endswith("Why a row cannot reach 90%.")
    assert "| cadet/drill_bump | Greeks | veteran vs random | 2 | 2-0-0 |" in text  # seed 3 is another fingerprint's
    assert "`aaaa`" in text and "1 other fingerprint" in text


def test_the_words_of_the_computers_reasons_are_not_fingerprinted(bench, tmp_path):
    """Rewording a reason or a hint (hexlab/ai/explain.py) cannot change a move, so it replays no game; the search
    beside it still does."""
    (tmp_path / "hexlab/ai").mkdir(parents=True)
    (tmp_path / "hexlab/ai/explain.py").write_text("WORDS = 1\n")
    (tmp_path / "hexlab/ai/search.py").write_text("DEPTH = 1\n")
    before = bench.fingerprint(tmp_path)
    (tmp_path / "hexlab/ai/explain.py").write_text("WORDS = 2\n")
    assert bench.fingerprint(tmp_path) == before
    (tmp_path / "hexlab/ai/search.py").write_text("DEPTH = 2\n")
    assert bench.fingerprint(tmp_path) != before


def test_games_recorded_before_the_words_were_left_out_count_under_the_same_sources_fingerprint(bench, tmp_path,
                                                                                                  monkeypatch):
    """A game recorded under the fingerprint its sources had while explain.py was hashed in counts as a game of the
    fingerprint those sources have now (bench_ai.SAME_SOURCES), in the report and when a rerun skips what is
    recorded; a game of any other fingerprint still does not."""
    monkeypatch.setattr(bench, "SAME_SOURCES", {"new000000001": "old000000001"})
    monkeypatch.setattr(bench, "fingerprint", lambda root=None, ruleset=None: "new000000001")
    games, md = tmp_path / "games.jsonl", tmp_path / "ai.md"
    record = {"scenario": "cadet/drill_bump", "hero": "veteran", "other": "random", "seat": "Greeks", "seed": 1,
              "winner": "Greeks", "won": True, "lost": False, "times": [0.1], "cpu": [0.1], "error": "",
              "commit": "abc", "wall_stop": False}
    for seed, fp in [(1, "old000000001"), (2, "new000000001"), (3, "other0000001")]:
        bench.append_game(games, dict(record, seed=seed, fingerprint=fp))
    common = ["--scenarios", "cadet/drill_bump", "--pairings", "veteran:random", "--seats", "0",
              "--out-games", str(games), "--out", str(md)]
    bench.main(["--report-only", *common])
    text = md.read_text()
    assert "| cadet/drill_bump | Greeks | veteran vs random | 2 | 2-0-0 |" in text
    assert "`new000000001` (cadet; recorded as `old000000001` before `explain.py` was left out)" in text
    assert "1 other fingerprint" in text
    bench.main(["--games", "2", "--jobs", "1", *common])  # seeds 1 and 2 are recorded: nothing is played
    assert [g["seed"] for g in lines(games)] == [1, 2, 3]


def test_games_of_sources_shown_to_play_the_same_count_back_through_every_earlier_fingerprint(bench, tmp_path,
                                                                                               monkeypatch):
    """A change to shared code that cannot change a ruleset's moves (bench_ai.SAME_PLAY, checked move for move) lets
    the ruleset's games count under its new fingerprint, followed back through each earlier one, SAME_SOURCES' too;
    the report says why each counts, and a game of any other fingerprint still does not."""
    monkeypatch.setattr(bench, "SAME_SOURCES", {"mid000000001": "old000000001"})
    monkeypatch.setattr(bench, "SAME_PLAY", {"new000000001": "mid000000001"})
    monkeypatch.setattr(bench, "fingerprint", lambda root=None, ruleset=None: "new000000001")
    assert bench.same_play("new000000001") == {"new000000001", "mid000000001", "old000000001"}
    assert bench.same_play("other0000001") == {"other0000001"}
    games, md = tmp_path / "games.jsonl", tmp_path / "ai.md"
    record = {"scenario": "cadet/drill_bump", "hero": "veteran", "other": "random", "seat": "Greeks", "seed": 1,
              "winner": "Greeks", "won": True, "lost": False, "times": [0.1], "cpu": [0.1], "error": "",
              "commit": "abc", "wall_stop": False}
    for seed, fp in [(1, "old000000001"), (2, "mid000000001"), (3, "new000000001"), (4, "other0000001")]:
        bench.append_game(games, dict(record, seed=seed, fingerprint=fp))
    bench.main(["--report-only", "--scenarios", "cadet/drill_bump", "--pairings", "veteran:random", "--seats", "0",
                "--out-games", str(games), "--out", str(md)])
    text = md.read_text()
    assert "| cadet/drill_bump | Greeks | veteran vs random | 3 | 3-0-0 |" in text
    assert ("`new000000001` (cadet; recorded as `mid000000001` by sources that play the same; recorded as "
            "`old000000001` before `explain.py` was left out)") in text
    assert "1 other fingerprint" in text


def test_the_readme_table_is_rewritten_between_its_marks_and_nothing_else_is(bench, tmp_path):
    """``--readme README.md`` puts the short table (each scenario and seat: the veteran against random and against
    novice) between the two marker lines and leaves the rest of the file as it was; a file without them is refused
    with the reason, unchanged."""
    games, readme = tmp_path / "games.jsonl", tmp_path / "README.md"
    record = {"scenario": "cadet/drill_bump", "hero": "veteran", "other": "random", "seat": "Greeks", "seat_index": 0,
              "seed": 1, "winner": "Greeks", "won": True, "lost": False, "times": [0.2], "cpu": [0.1], "error": "",
              "fingerprint": "aaaa", "commit": "abc", "wall_stop": False}
    bench.append_game(games, record)
    bench.append_game(games, dict(record, seed=2, winner="Ottomans", won=False, lost=True))
    bench.append_game(games, dict(record, other="novice"))
    before, after = "# hexlab\n\nWhat comes before.\n", "\nWhat comes after.\n"
    readme.write_text(before + bench.README_START + "\nold table\n" + bench.README_END + after)
    common = ["--report-only", "--fingerprint", "aaaa", "--out-games", str(games), "--out", ""]
    bench.main([*common, "--readme", str(readme)])
    text = readme.read_text()
    assert text.startswith(before + bench.README_START) and text.endswith(bench.README_END + after)
    assert "old table" not in text
    assert "| cadet/drill_bump | 1-2 | Greeks | 1-1-0 (50%) | 1-0-0 (100%) |  |  |  |" in text
    assert "| cadet | 3 | 0.100 s | 0.100 s | 0.200 s | 0.200 s |" in text
    plain = tmp_path / "PLAIN.md"
    plain.write_text("no marks here\n")
    with pytest.raises(SystemExit, match="needs one line"):
        bench.main([*common, "--readme", str(plain)])
    assert plain.read_text() == "no marks here\n"


def test_bad_options_are_refused_with_the_reason(bench, capsys):
    for argv, words in [(["--shard", "3/2", "--report-only"], "between 1 and k"),
                        (["--shard", "x", "--report-only"], "i/k"),
                        (["--report-only", "--out-games", ""], "--out-games"),
                        (["--pairings", "veteran", "--report-only"], "hero:other")]:
        with pytest.raises(SystemExit):
            bench.main(argv)
        assert words in capsys.readouterr().err


def test_the_decision_time_summary_counts_the_veterans_decisions_only(bench):
    """Rows of a level against itself (``--pairings novice:novice``, how balanced a scenario is) sit in the same table,
    but the summary of decision times is the veteran's: a novice's quick decisions must not pull its median down."""
    import argparse

    def record(hero: str, times: list[float]) -> dict:
        return {"scenario": "cadet/village", "hero": hero, "other": hero, "seat": "Greeks", "seed": 1, "won": True,
                "lost": False, "times": times, "cpu": times, "finished": "2026-11-25 00:00 UTC"}

    args = argparse.Namespace(out_games="", wall_stop=False, jobs=1, minutes=0)
    out = bench.report([record("veteran", [0.2, 0.3, 0.4]), record("novice", [0.001] * 50)], args, "f", 0, None, False)
    rows = {line.split(" | ")[0].strip("| "): line for line in out if line.startswith("| ")}
    assert rows["cadet"].startswith("| cadet | 3 | 0.300 s")
    table = [line for line in out if line.startswith("| cadet/village")]
    assert len(table) == 2 and "| novice vs novice |" in table[1]
