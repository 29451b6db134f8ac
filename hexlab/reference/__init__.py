"""The rules reference shipped in the package: every clause a ruleset cites, in a sentence or two.

The team's rule catalogs (``../shared/rules/*.toml``) are copied here as they are, so an installed hexlab
needs nothing beside it; ``tests/test_reference.py`` keeps the copies equal to the catalogs. Each clause
has an id (``m44.terrain.forest.move_stop``), the section of the source it comes from, the rule in our words,
an example, and notes. Wherever a rule is shown, a reader can tell whose it is (:attr:`Clause.mark`):

* **our reading** (``reading = true`` in the catalog): the source is ambiguous, silent on a case or
  garbled there, and the clause is the reading hexlab chose;
* **illustrative** (notes beginning ``not in source:``, and the ``*.base.*``/``*_default`` clauses): a
  value or table the source does not give, which a scenario supplies;
* **published game** (:data:`PUBLISHED`): not in the summary hexlab follows, but the published game's
  own, so never marked as ours;
* no mark: the source states it.

    >>> from hexlab import reference
    >>> reference.clause("cadet", "cc.move.one_hex").rule      # doctest: +SKIP
"""

from __future__ import annotations

import functools
import tomllib
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent

CATALOGS = {"memoir44": "memoir44.toml", "cadet": "cadet_commander.toml", "cactus": "cactus_ground.toml",
            "warsea": "war_at_sea_landing.toml",
            "cartwheel": "cartwheel.toml"}
"""Ruleset id -> its catalog file in this folder, and in the team's ``../shared/rules``: the one table of catalogs
(the rulesets' clause ids, ``hexlab rules`` and the tests all read it; War at Sea and Cartwheel add their lines
with their rulesets)."""


PUBLISHED: dict[str, str] = {
    "m44.setup.unit_figures": "The summary hexlab follows gives only the special units' figure counts; 4 infantry "
                              "figures, 3 tanks and 2 guns are the published game's (Memoir '44 rulebook, Days of "
                              "Wonder, 2004).",
    "m44.order.cards.data": "The summary hexlab follows gives neither the deck nor the cards' texts; the 60-card "
                            "deck and the texts are the published game's, as public references give them (each "
                            "card names its source in hexlab/rulesets/memoir44/cards.toml).",
}
"""Clauses the catalog marks ``not in source`` (the summary hexlab follows leaves them out) whose values are
nonetheless the published game's: they are shown as the published game's, never as ours."""

MARKS = {
    "reading": ("our reading", "Our reading: the source is ambiguous or silent here, and this is how hexlab reads "
                               "it."),
    "illustrative": ("illustrative", "Illustrative: a value of ours; the source does not give it."),
    "published": ("published game", "The published game's, though the summary hexlab follows leaves it out."),
}
"""Mark -> (its label, the sentence that explains it), the same words in the reference, ``hexlab rules``, the
play table's rule chips and the notebooks."""


@dataclass(frozen=True, slots=True)
class Clause:
    id: str
    section: str
    kind: str
    rule: str
    example: str = ""
    notes: str = ""
    reading: bool = False
    """``reading = true`` in the catalog: the rule as written is our reading of an ambiguous or silent source."""

    @property
    def not_in_source(self) -> bool:
        """The catalog says the source does not give this value (or it is part of the base-game model)."""
        return (self.notes.lower().startswith("not in source") or ".base." in self.id
                or self.id.endswith("_default"))

    @property
    def illustrative(self) -> bool:
        """A value the source does not give and the published game does not settle either: ours."""
        return self.not_in_source and self.id not in PUBLISHED

    @property
    def mark(self) -> str:
        """``"reading"``, ``"illustrative"``, ``"published"`` or ``""`` (the source states it)."""
        if self.reading:
            return "reading"
        if self.illustrative:
            return "illustrative"
        return "published" if self.id in PUBLISHED else ""

    @property
    def label(self) -> str:
        """The mark's short label ("our reading", "illustrative", "published game"), or ``""``."""
        return MARKS[self.mark][0] if self.mark else ""

    def text(self) -> str:
        """The clause for a tooltip or a printed list: the rule, and what its mark means."""
        if not self.mark:
            return self.rule
        note = PUBLISHED[self.id] if self.mark == "published" else MARKS[self.mark][1]
        return f"{self.rule} ({note})"


@dataclass(frozen=True, slots=True)
class Reference:
    ruleset: str
    name: str
    source: str
    clauses: dict[str, Clause]

    def search(self, query: str) -> list[Clause]:
        """Clauses whose id starts with ``query``, or failing that whose words contain every word of it."""
        q = query.strip().lower()
        by_id = [c for c in self.clauses.values() if c.id.lower().startswith(q)]
        if by_id:
            return by_id
        words = q.split()
        return [c for c in self.clauses.values()
                if all(w in f"{c.id} {c.section} {c.rule} {c.example}".lower() for w in words)]

    def sections(self) -> dict[str, list[Clause]]:
        out: dict[str, list[Clause]] = {}
        for c in self.clauses.values():
            out.setdefault(c.section, []).append(c)
        return out


def known() -> list[str]:
    return sorted(CATALOGS)


@functools.cache
def load(ruleset_id: str) -> Reference:
    """The reference of a ruleset; ``KeyError`` naming the rulesets that have one."""
    if ruleset_id not in CATALOGS:
        raise KeyError(f"no rules reference for {ruleset_id!r} (known: {', '.join(known())})")
    data = tomllib.loads((HERE / CATALOGS[ruleset_id]).read_text(encoding="utf-8"))
    meta = data.get("ruleset", {})
    clauses = {c["id"]: Clause(c["id"], c.get("section", ""), c.get("kind", ""), c.get("rule", ""),
                               c.get("example", ""), c.get("notes", ""), bool(c.get("reading", False)))
               for c in data["clause"]}
    return Reference(ruleset_id, meta.get("name", ruleset_id), meta.get("source", ""), clauses)


def by_sequence(ruleset_id: str) -> list[tuple[str, list[Clause]]]:
    """The whole reference grouped by the ruleset's sequence of play: each phase with the clauses its
    steps teach (in the order the steps cite them), then the rest by the source's sections."""
    from .. import rulesets

    ref = load(ruleset_id)
    sequence = rulesets.get(ruleset_id).sequence
    seen: set[str] = set()
    groups: list[tuple[str, list[Clause]]] = []
    for phase in sequence.phases:
        items = []
        for step in phase.steps:
            for cid in step.clauses:
                if cid in ref.clauses and cid not in seen:
                    seen.add(cid)
                    items.append(ref.clauses[cid])
        if items:
            groups.append((f"{phase.title} (sequence of play)", items))
    for section, clauses in ref.sections().items():
        rest = [c for c in clauses if c.id not in seen]
        if rest:
            groups.append((section, rest))
    return groups


def html(ruleset_id: str) -> str:
    """The rules reference as folded HTML for a notebook: one part per phase of the sequence of play,
    then the source's other sections; our readings and values are marked."""
    from html import escape

    ref = load(ruleset_id)
    parts = [f"<div class='hexlab-reference'><p><b>{escape(ref.name)}</b>: every rule hexlab plays, in our words, "
             f"with its code. {escape(legend(ref))}</p>"]
    for title, clauses in by_sequence(ruleset_id):
        rows = "".join(
            f"<li><code>{escape(c.id)}</code>{f' <i>({c.label})</i>' if c.mark else ''}: {escape(c.rule)}"
            f"{f' <small>{escape(PUBLISHED[c.id])}</small>' if c.mark == 'published' else ''}</li>"
            for c in clauses)
        parts.append(f"<details><summary>{escape(title)} ({len(clauses)})</summary><ul>{rows}</ul></details>")
    parts.append("</div>")
    return "".join(parts)


def legend(ref: Reference) -> str:
    """One sentence per mark the reference uses, saying what it means; unmarked rules are the source's."""
    used = [m for m in MARKS if any(c.mark == m for c in ref.clauses.values())]
    counts = {m: sum(c.mark == m for c in ref.clauses.values()) for m in used}
    words = {
        "reading": "'our reading' ({n}) marks a rule where the source is ambiguous or silent and hexlab chose how to "
                   "read it",
        "illustrative": "'illustrative' ({n}) marks a value the source does not give, which is ours",
        "published": "'published game' ({n}) marks what the summary we follow leaves out but the published game "
                     "has",
    }
    parts = [words[m].format(n=counts[m]) for m in used]
    return ("Unmarked rules are stated by the source; " + "; ".join(parts) + ".") if parts else \
        "Every rule here is stated by the source."


def clause(ruleset_id: str, clause_id: str) -> Clause | None:
    """One clause, or ``None`` if the ruleset has no reference or no such clause."""
    try:
        return load(ruleset_id).clauses.get(clause_id)
    except KeyError:
        return None


def lookup(clause_id: str) -> Clause | None:
    """A clause by its id alone (the id's prefix names its ruleset: ``m44.``, ``cc.``, ``caf.``)."""
    for ruleset_id in CATALOGS:
        found = clause(ruleset_id, clause_id)
        if found is not None:
            return found
    return None
