"""The notebooks' words are ours (issue 10): no run of eight or more words in a row is shared with the
source texts in ../shared/seeds, and every rule code a notebook cites is a real clause.

What is compared: each notebook's markdown, the comments in its code, and the text its cells print
(scenario notes included). Runs made only of numbers or of capitalised names (a table, a list of
places) are not counted as copying.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from hexlab import reference

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT.parent / "shared" / "seeds"
NOTEBOOKS = sorted(p for p in (ROOT / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
RUN = 8
CLAUSE = re.compile(r"\b(?:m44|cc|caf|was|oc)\.[a-z0-9_]+(?:\.[a-z0-9_]+)+\b")


def _words(text: str) -> list[str]:
    return re.findall(r"[A-Za-z0-9']+", text)


def _runs(words: list[str]) -> set[tuple[str, ...]]:
    out = set()
    for i in range(len(words) - RUN + 1):
        run = words[i:i + RUN]
        if sum(w.isdigit() for w in run) * 2 >= RUN or all(w[:1].isupper() or w.isdigit() for w in run):
            continue  # a table of numbers, or a string of names
        out.add(tuple(w.lower() for w in run))
    return out


def _notebook_text(path: Path) -> str:
    nb = json.loads(path.read_text(encoding="utf-8"))
    parts = []
    for cell in nb["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            parts.append(source)
            continue
        parts += [line.split("#", 1)[1] for line in source.splitlines() if "#" in line]
        for out in cell.get("outputs", []):
            text = out.get("text") or out.get("data", {}).get("text/plain") or out.get("data", {}).get("text/markdown")
            if text:
                parts.append("".join(text))
    return "\n".join(parts)


@pytest.fixture(scope="module")
def seed_runs() -> dict[tuple[str, ...], str]:
    if not SEEDS.is_dir():
        pytest.skip("../shared/seeds is not beside this checkout: no source texts to compare the notebooks with")
    runs: dict[tuple[str, ...], str] = {}
    for path in sorted(SEEDS.glob("*.txt")):
        for run in _runs(_words(path.read_text(encoding="utf-8", errors="replace"))):
            runs.setdefault(run, path.name)
    assert runs, f"no seed texts in {SEEDS}"
    return runs


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_no_eight_words_in_a_row_from_the_sources(path: Path, seed_runs):
    shared = sorted(" ".join(run) for run in _runs(_words(_notebook_text(path))) if run in seed_runs)
    assert shared == [], f"{path.name} repeats the source word for word: {shared[:5]}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_every_rule_code_a_notebook_cites_exists(path: Path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    text = "\n".join("".join(c["source"]) for c in nb["cells"])
    cited = set(CLAUSE.findall(text))
    known = {cid for rid in reference.known() for cid in reference.load(rid).clauses}
    known |= {c for c in cited if c.startswith(("sk.", "bx."))}
    assert sorted(cited - known) == []


# ------------------------------------------------------------------ issue 21: the marks of what is ours

MARK = re.compile(r"<sup>(our reading|illustrative|published game|ours)</sup>")
LABELS = {"our reading": "reading", "illustrative": "illustrative", "published game": "published"}
CITED = re.compile(CLAUSE.pattern + r"`?\s*(?:<sup>(our reading|illustrative|published game|ours)</sup>)?")


def _clause(cid: str):
    return reference.lookup(cid)


def _sections(path: Path) -> list[str]:
    """The notebook's markdown cut into sections: each ends with its "Rules:" line (or the notebook's end)."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    out, current = [], []
    for cell in nb["cells"]:
        if cell["cell_type"] != "markdown":
            continue
        text = "".join(cell["source"])
        current.append(text)
        if re.search(r"^Rules:", text, re.MULTILINE):
            out.append("\n".join(current))
            current = []
    if current:
        out.append("\n".join(current))
    return out


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_every_clause_a_notebook_cites_carries_its_catalog_mark(path: Path):
    """A clause the catalog marks as ours (our reading, or an illustrative value) is marked wherever the
    notebook cites it, with that mark; a clause the source states carries no mark; and what the published
    game has (reference.PUBLISHED) is marked "published game", never as ours."""
    wrong = []
    for section in _sections(path):
        for m in CITED.finditer(section):
            cid, mark = m.group(0).split("`")[0].split("<")[0].strip(), m.group(1)
            clause = _clause(cid)
            if clause is None:
                continue  # the test rulesets' codes, and codes that don't exist (checked above)
            want = clause.label or None
            if mark != want:
                wrong.append(f"{cid}: marked {mark or 'nothing'}, the catalog says {want or 'the source states it'}")
    assert wrong == []


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_a_mark_in_the_text_belongs_to_a_clause_of_its_section_with_that_mark(path: Path):
    """A statement marked *our reading* (or *illustrative*, or *published game*) is backed by a clause with that
    mark on its section's Rules line; and the old catch-all mark "ours" is gone (it did not say which)."""
    wrong = []
    for section in _sections(path):
        cited = {LABELS.get(m.group(1)) for m in CITED.finditer(section) if m.group(1)}
        for m in MARK.finditer(section):
            if m.group(1) == "ours":
                wrong.append(f"'ours' near: {section[max(0, m.start() - 60):m.start()]!r}")
            elif LABELS[m.group(1)] not in cited:
                wrong.append(f"{m.group(1)} with no clause so marked near: {section[max(0, m.start() - 60):m.start()]!r}")
    assert wrong == []


# ------------------------------------------------------------------ issue 23, item 6: the first cell says what it does


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_the_first_code_cell_says_in_one_line_what_it_does(path: Path):
    """A reader who opens a notebook sees at once what the first cell is for: its first line is a comment that
    says so, in one line ("# Load hexlab ...; run this cell first.")."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    first = next("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
    line, *rest = first.splitlines()
    assert re.fullmatch(r"# [A-Z].{20,118}\.", line), f"{path.name}: the first code cell begins {line!r}"
    assert not (rest and rest[0].startswith("#")), f"{path.name}: the first cell's comment runs over one line"
