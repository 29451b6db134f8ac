"""The rules reference in the package equals the team's catalogs, covers every clause a ruleset cites, and
``hexlab rules`` prints it."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from hexlab import reference, rulesets
from tests.support.catalogs import SHARED


@pytest.mark.parametrize(("ruleset_id", "catalog"), sorted(reference.CATALOGS.items()))
def test_the_shipped_reference_is_the_catalog_as_it_is(ruleset_id, catalog):
    if not (SHARED / catalog).exists():
        pytest.skip("../shared/rules is not beside this checkout: nothing to compare the shipped copy with")
    shipped = reference.HERE / catalog
    assert shipped.read_bytes() == (SHARED / catalog).read_bytes(), f"copy {SHARED / catalog} to {shipped}"


@pytest.mark.parametrize("ruleset_id", sorted(reference.CATALOGS))
def test_every_clause_a_ruleset_may_cite_has_its_rule(ruleset_id):
    ref = reference.load(ruleset_id)
    cited = rulesets.get(ruleset_id).known_clauses()
    assert cited <= set(ref.clauses)
    assert all(ref.clauses[c].rule and ref.clauses[c].section for c in cited)


def test_our_values_are_marked_illustrative():
    ref = reference.load("cadet")
    ours = [c for c in ref.clauses.values() if c.illustrative]
    assert ours and all(c.notes.startswith("not in source") for c in ours)
    assert ours[0].text().endswith("the source does not give it.)")
    board = ref.clauses["cc.setup.board.grid"]
    assert board.illustrative and not ref.clauses["cc.outline.band.control"].illustrative


def _hexlab(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "hexlab.cli", *args], capture_output=True, text=True)


def test_hexlab_rules_prints_one_clause_a_search_and_a_whole_reference():
    one = _hexlab("rules", "cadet", "cc.setup.board.grid")
    assert one.returncode == 0 and "cc.setup.board.grid" in one.stdout and "illustrative" in one.stdout
    assert "The Play Area" in one.stdout
    words = _hexlab("rules", "memoir44", "forest")
    assert words.returncode == 0 and "m44.terrain.forest" in words.stdout
    whole = _hexlab("rules", "cactus")
    assert whole.returncode == 0 and whole.stdout.count("caf.") >= len(reference.load("cactus").clauses)


def test_hexlab_rules_says_clearly_when_nothing_matches():
    none = _hexlab("rules", "cadet", "zeppelin")
    assert none.returncode == 2 and "no clause" in none.stderr and "Traceback" not in none.stderr
    bad = _hexlab("rules", "chess")
    assert bad.returncode == 2 and "no rules reference" in bad.stderr and "Traceback" not in bad.stderr


@pytest.mark.parametrize("ruleset_id", sorted(reference.CATALOGS))
def test_the_notebook_reference_holds_every_rule_once_grouped_by_the_sequence(ruleset_id):
    groups = reference.by_sequence(ruleset_id)
    ids = [c.id for _, clauses in groups for c in clauses]
    assert sorted(ids) == sorted(reference.load(ruleset_id).clauses) and len(ids) == len(set(ids))
    phases = [p.title for p in rulesets.get(ruleset_id).sequence.phases]
    assert groups[0][0].startswith(phases[0])
    page = reference.html(ruleset_id)
    assert page.count("<details>") == len(groups) and "(illustrative)" in page


# ------------------------------------------------------------------ issue 21: two marks, used everywhere

def _catalog(ruleset_id: str) -> list[dict]:
    import tomllib

    # the shipped copy, which the first test keeps equal to the team's catalog
    return tomllib.loads((reference.HERE / reference.CATALOGS[ruleset_id]).read_text(encoding="utf-8"))["clause"]


@pytest.mark.parametrize("ruleset_id", sorted(reference.CATALOGS))
def test_every_reading_of_ours_is_marked_our_reading_and_only_those(ruleset_id):
    ref = reference.load(ruleset_id)
    readings = {c["id"] for c in _catalog(ruleset_id) if c.get("reading")}
    assert readings, "the catalogs mark our readings with reading = true"
    assert {c.id for c in ref.clauses.values() if c.mark == "reading"} == readings
    for cid in readings:
        assert ref.clauses[cid].label == "our reading" and "Our reading" in ref.clauses[cid].text()


@pytest.mark.parametrize("ruleset_id", sorted(reference.CATALOGS))
def test_not_in_source_values_are_illustrative_unless_the_published_game_has_them(ruleset_id):
    ref = reference.load(ruleset_id)
    for c in _catalog(ruleset_id):
        clause = ref.clauses[c["id"]]
        if c.get("reading"):
            continue
        if c.get("notes", "").lower().startswith("not in source"):
            assert clause.mark == ("published" if c["id"] in reference.PUBLISHED else "illustrative"), c["id"]
        elif ".base." not in c["id"] and not c["id"].endswith("_default"):
            assert clause.mark == "", c["id"]


def test_what_the_published_game_has_is_never_marked_ours():
    """The figure counts, the deck and the card texts are the published game's, only missing from the
    summary hexlab follows: they say so, and are neither illustrative nor our reading."""
    ref = reference.load("memoir44")
    for cid in ("m44.setup.unit_figures", "m44.order.cards.data"):
        c = ref.clauses[cid]
        assert c.mark == "published" and not c.illustrative and not c.reading
        assert "published game" in c.text()
    assert set(reference.PUBLISHED) <= set(ref.clauses)


def test_the_reference_page_and_hexlab_rules_show_the_two_marks_apart():
    page = reference.html("memoir44")
    assert "<code>m44.los.edge.both_sides</code> <i>(our reading)</i>" in page
    assert "<code>m44.setup.hand_size</code> <i>(illustrative)</i>" in page
    assert "<code>m44.setup.unit_figures</code> <i>(published game)</i>" in page
    assert "<code>m44.los.required</code>:" in page                   # the source's own: no mark
    one = _hexlab("rules", "memoir44", "m44.nation.japan.seishin.full_strength")
    assert "[our reading]" in one.stdout and "Our reading" in one.stdout and "[illustrative]" not in one.stdout
    whole = _hexlab("rules", "cactus")
    n_reading = sum(1 for c in reference.load("cactus").clauses.values() if c.reading)
    assert whole.stdout.count("[our reading]") == n_reading and "'our reading'" in whole.stdout.splitlines()[0]


def test_the_play_tables_rule_chips_carry_the_marks():
    from hexlab.widgets.stepper import _cite, rules_list

    chips = _cite(["m44.los.edge.both_sides", "m44.setup.hand_size", "m44.los.required"])
    assert re.search(r"hexlab-mark-reading'[^>]*>our reading</span>", chips)
    assert re.search(r"hexlab-mark-illustrative'[^>]*>illustrative</span>", chips)
    assert chips.count("hexlab-mark ") == 2                              # the source's own rule has none
    assert "Our reading: the source is ambiguous" in chips               # and the tooltip says what it means
    assert "hexlab-mark-reading" in rules_list(["caf.combat.both_sides_roll"])


def test_the_maps_refusals_and_the_odds_panel_mark_their_rules_too():
    import hexlab
    from hexlab.engine import RuleError
    from hexlab.odds import OddsReport
    from hexlab.widgets import HexMap
    from hexlab.widgets.odds import bar_chart

    hexmap = HexMap(hexlab.load("cadet/village", seed=1))
    hexmap._say_error(RuleError("Woods cost one more action.", "cc.move.terrain.woods"))
    assert re.search(r"hexlab-mark-reading'[^>]*>our reading</span>", hexmap.note.value)
    hexmap._say_error(RuleError("Not your figure.", "cc.outline.band.control"))
    assert "our reading" in hexmap.note.value
    hexmap._say_error(RuleError("Warriors roll 2.", "cc.punch.atk.standard"))
    assert "hexlab-mark" not in hexmap.note.value
    panel = bar_chart(OddsReport("t", [], {}, ("cc.punch.roll.dice_count", "cc.punch.atk.standard")))
    assert re.search(r"hexlab-mark-reading'[^>]*>our reading</span>", panel)
    assert panel.count("hexlab-mark ") == 1
