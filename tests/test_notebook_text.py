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
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
RUN = 8
CLAUSE = re.compile(r"\b(?:m44|cc|caf|was|cw)\.[a-z0-9_]+(?:\.[a-z0-9_]+)+\b")


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
