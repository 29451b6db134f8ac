"""Handouts (issue 28, item 3): for every scenario, on A4 and on Letter, the map (SVG, and a PDF page), the roster, a
one-page rules summary, the odds table and one briefing page per side, checked without fpdf2 (the PDF is read as
bytes); briefings hold only what their side sees; bad input is one clear line."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from hexlab import reference, rulesets
from hexlab.classroom import handout
from hexlab.classroom.briefings import GENERATED_NOTE, briefing, briefings, generated
from hexlab.classroom.handout import _rules_lines
from hexlab.cli import main
from hexlab.engine import HexlabError
from hexlab.scenario import read, scenarios

SCENARIOS = [s["id"] for s in scenarios()]
PAGE_SIZES = {"A4": (595.28, 841.89), "Letter": (612.0, 792.0)}
"""Points, as a PDF's MediaBox gives them."""


def pages(pdf: bytes) -> list[tuple[float, float]]:
    """Each page's size, from the page objects (``/Type /Page``, not ``/Pages``) and their MediaBox."""
    assert pdf.startswith(b"%PDF-") and pdf.rstrip().endswith(b"%%EOF")
    objects = re.findall(rb"obj\s*<<(.*?)>>\s*endobj", pdf, re.S)
    found = []
    for body in objects:
        if re.search(rb"/Type\s*/Page(?![s\w])", body):
            box = re.search(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]", body)
            found.append((float(box.group(1)), float(box.group(2))) if box else (0.0, 0.0))
    if found and all(b == (0.0, 0.0) for b in found):  # the size given once, on the page tree
        box = re.search(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]", pdf)
        assert box, "the PDF gives its page size"
        found = [(float(box.group(1)), float(box.group(2)))] * len(found)
    return found


@pytest.mark.parametrize("paper", ["A4", "Letter"])
@pytest.mark.parametrize("sid", SCENARIOS)
def test_the_handouts_build_for_every_scenario(sid, paper, tmp_path):
    scen = read(sid)
    files = [Path(f) for f in handout(sid, tmp_path, paper=paper)]
    stem = sid.split("/")[1]
    key = paper.lower()
    names = {f.name for f in files}
    assert f"{stem}-map.svg" in names and f"{stem}-handout-{key}.pdf" in names
    svg = (tmp_path / f"{stem}-map.svg").read_text(encoding="utf-8")
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg") and len(root.findall(".//{http://www.w3.org/2000/svg}polygon")) > 0
    assert "paint-order" not in svg and 'opacity="0.75"' not in svg, "print text is solid, with no halo over it"
    width, height = PAGE_SIZES[paper]
    main_pages = pages((tmp_path / f"{stem}-handout-{key}.pdf").read_bytes())
    assert len(main_pages) == 4, "the map, the roster, the rules summary and the odds"
    assert all(abs(w - width) < 1 and abs(h - height) < 1 for w, h in main_pages)
    for side in scen.meta.sides:
        safe = re.sub(r"[^A-Za-z0-9_-]+", "_", side)
        brief = tmp_path / f"{stem}-briefing-{safe}-{key}.pdf"
        assert brief.name in names
        one = pages(brief.read_bytes())
        assert len(one) == 1, f"{side}'s briefing is one page"
        assert abs(one[0][0] - width) < 1


@pytest.mark.parametrize("ruleset", reference.known())
def test_the_rules_summary_has_every_step_with_its_clauses_and_marks_our_readings(ruleset):
    cls = rulesets.get(ruleset)
    groups = _rules_lines(ruleset)
    lines = [line for _, steps in groups for line in steps]
    steps = [step for phase in cls.sequence.phases for step in phase.steps]
    assert len(lines) == len(steps), "one line a step"
    ref = reference.load(ruleset)
    for line, step in zip(lines, steps, strict=True):
        assert step.title in line
        for cid in step.clauses:
            assert cid in line
            clause = ref.clauses.get(cid)
            if clause is not None and clause.reading:
                assert f"{cid} (our reading)" in line
            if clause is not None and clause.mark == "illustrative":
                assert f"{cid} (illustrative)" in line


def test_a_generated_briefing_holds_only_what_its_side_sees():
    scen = read("cartwheel/wewak")
    game = scen.new_game(0)
    for side in scen.meta.sides:
        seen = set(game.view(side).units)
        unseen = [u.id for u in game.state.units.values() if u.id not in seen]
        text = generated(scen, side, game).markdown
        for uid in unseen:
            assert not re.search(rf"\({re.escape(uid)}\)", text), f"{uid} is hidden from {side}"
        for uid in seen:
            if game.state.units[uid].side == side:
                assert f"({uid})" in text, f"{side} is told of its own {uid}"
    assert any(u.id not in game.view("Allies").units for u in game.state.units.values()), "wewak hides something"


def test_a_generated_briefing_says_so_and_a_hand_written_one_is_used_when_present(tmp_path):
    scen = read("memoir44/tenaru")
    made = briefing(scen, "Japan", root=tmp_path)
    assert made.generated and GENERATED_NOTE in made.markdown and "You move first." in made.markdown
    folder = tmp_path / "memoir44" / "tenaru"
    folder.mkdir(parents=True)
    (folder / "US Marines.md").write_text("# Hold the creek\n\nDig in on the west bank.\n", encoding="utf-8")
    written = briefing(scen, "US Marines", root=tmp_path)
    assert not written.generated and written.title == "Hold the creek" and "west bank" in written.markdown
    assert [b.side for b in briefings(scen, root=tmp_path)] == ["Japan", "US Marines"]
    with pytest.raises(ValueError, match="no side 'Germany'"):
        briefing(scen, "Germany", root=tmp_path)


def test_bad_input_is_refused_with_one_clear_line(tmp_path, capsys):
    with pytest.raises(HexlabError, match="Legal"):
        handout("memoir44/tenaru", tmp_path, paper="Legal")
    assert main(["handout", "memoir44/no_such_battle", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("hexlab: ") and "no scenario" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
    assert not any(tmp_path.iterdir()), "nothing is written for a scenario that does not load"


def test_the_cli_writes_the_files_it_lists(tmp_path, capsys):
    assert main(["handout", "cadet/drill_crowd", "--out", str(tmp_path / "out"), "--paper", "Letter"]) == 0
    listed = capsys.readouterr().out.split()
    assert listed and all(Path(p).is_file() for p in listed)
    assert any(p.endswith("-handout-letter.pdf") for p in listed)


# ------------------------------------------------------------------ the font: the same handout on every machine

def _handout_module():
    import importlib

    return importlib.import_module("hexlab.classroom.handout")  # the package exports the function by that name


@pytest.mark.parametrize("sid", SCENARIOS)
def test_every_character_of_every_page_is_printed_not_replaced(sid, tmp_path, monkeypatch):
    """The handouts use the PDF's own Helvetica (Latin-1): nothing a page says may come out as "?"."""
    mod = _handout_module()
    sheets = []
    real = mod.Sheet.output

    def output(self, path):
        sheets.append(self)
        return real(self, path)

    monkeypatch.setattr(mod.Sheet, "output", output)
    handout(sid, tmp_path, paper="A4")
    assert len(sheets) == 1 + len(read(sid).meta.sides)
    for sheet in sheets:
        assert sheet.font == "helvetica"
        assert sheet.replaced == set(), f"{sheet.footer_text}: printed as '?': {sorted(sheet.replaced)}"


def test_a_handout_is_the_same_file_on_any_machine(tmp_path):
    """No font file is looked for or embedded, and the creation date is fixed: two runs give the same bytes."""
    first = [Path(f) for f in handout("memoir44/tenaru", tmp_path / "a", paper="A4")]
    second = [Path(f) for f in handout("memoir44/tenaru", tmp_path / "b", paper="A4")]
    for a, b in zip(first, second, strict=True):
        assert a.read_bytes() == b.read_bytes(), a.name
    pdf = next(f for f in first if f.name.endswith("-handout-a4.pdf")).read_bytes()
    assert b"/BaseFont /Helvetica" in pdf
    assert b"/FontFile" not in pdf, "no font is embedded, so none has to be found"


def test_the_maps_marks_are_drawn_as_shapes_and_no_text_needs_a_unicode_font():
    from hexlab.render.scene import Poly, Text

    mod = _handout_module()
    for sid in SCENARIOS:
        scen = read(sid)
        sc = mod._map_scene(scen.new_game(0), "t")
        printed = mod.for_print(sc)
        texts = [s for shapes in printed.layers.values() for s in shapes if isinstance(s, Text)]
        assert all(ord(c) < 256 for t in texts for c in t.text), sid
    scen = read("memoir44/tenaru")
    sc = mod._map_scene(scen.new_game(0), "t")
    stars = sum(1 for shapes in sc.layers.values() for s in shapes if isinstance(s, Text) and s.text == "\u2605")
    assert stars >= 1, "the Tenaru map marks its objectives with a star"
    printed = mod.for_print(sc)
    drawn = [s for shapes in printed.layers.values() for s in shapes if isinstance(s, Poly) and len(s.points) == 10]
    assert len(drawn) >= stars, "each star is a ten-pointed polygon in the printed map"


def test_text_outside_latin1_is_spelled_plainly():
    mod = _handout_module()
    lost: set[str] = set()
    assert mod.latin1("Ōnishi \u2013 \u201cSeishin\u201d \u2264 2\u2026", lost) == 'Onishi - "Seishin" <= 2...'
    assert lost == set()
    assert mod.latin1("\u2708", lost) == "?" and lost == {"\u2708"}, "an unknown mark is reported, not hidden"


@pytest.mark.skipif(not __import__("shutil").which("pdftotext"), reason="needs poppler's pdftotext")
def test_the_pages_read_as_plain_text(tmp_path):
    import subprocess

    files = [Path(f) for f in handout("warsea/tokyo_express", tmp_path, paper="Letter")]
    pdf = next(f for f in files if f.name.endswith("-handout-letter.pdf"))
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    assert "United States" in text and "Japan" in text
    assert "1 step" in text and "1 steps" not in text, "one step is singular"
    assert "?" not in text.replace("hexlab rules", "")


@pytest.mark.skipif(not __import__("shutil").which("pdftotext"), reason="needs poppler's pdftotext")
@pytest.mark.rule("oc.base.scramble_default", "oc.base.aa_fire_default", "oc.base.bombing_default")
def test_the_cartwheel_odds_page_carries_the_strike_table_the_odds_command_gives(tmp_path):
    import subprocess
    from fractions import Fraction

    from hexlab.rulesets.cartwheel.odds import strike_odds

    files = [Path(f) for f in handout("cartwheel/wewak", tmp_path, paper="A4")]
    pdf = next(f for f in files if f.name.endswith("-handout-a4.pdf"))
    text = subprocess.run(["pdftotext", "-layout", "-f", "4", "-l", "4", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout
    assert "An air strike on an airbase" in text and "airbase destroyed" in text
    odds = strike_odds([3, 3], [4], [4, 4], 3)
    hit = 1 - Fraction(odds["p_no_effect"])
    row = next(line.split() for line in text.splitlines() if line.split()[:2] == ["2", "3"])
    assert row[2] == f"{float(hit) * 100:.1f}%" and row[3] == f"{float(Fraction(odds['p_destroyed'])) * 100:.1f}%"


@pytest.mark.skipif(not __import__("shutil").which("pdftotext"), reason="needs poppler's pdftotext")
def test_an_odds_column_that_says_nothing_is_left_out(tmp_path):
    import subprocess

    files = [Path(f) for f in handout("warsea/tokyo_express", tmp_path, paper="A4")]
    pdf = next(f for f in files if f.name.endswith("-handout-a4.pdf"))
    text = subprocess.run(["pdftotext", "-layout", "-f", "4", "-l", "4", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout
    assert "gunnery" in text and "expected successes" in text
    assert "sink" not in text, "a troop counter is never sunk: a column of 0.0% is not printed"


def test_a_generated_briefing_reads_as_english():
    scen = read("cartwheel/campaign")
    japan = generated(scen, "Japan", scen.new_game(0)).markdown
    assert "The Allies move first." in japan and "The Allies moves first." not in japan
    assert ": 1 step" in japan and "1 steps" not in japan, "a recon aircraft of one step is '1 step'"
