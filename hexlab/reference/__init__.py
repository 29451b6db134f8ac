"""The rules reference shipped in the package: every clause a ruleset cites, in a sentence or two.

The team's rule catalogs (``../shared/rules/*.toml``) are copied here as they are, so an installed hexlab
needs nothing beside it; ``tests/test_reference.py`` keeps the copies equal to the catalogs. Each clause
has an id (``m44.terrain.forest.stop``), the section of the source it comes from, the rule in our words,
an example, and notes; a clause whose notes begin ``not in source:`` (or a ``*.base.*``/``*_default``
clause) is a value or reading of ours, and is marked **illustrative** wherever it is shown.

    >>> from hexlab import reference
    >>> reference.clause("cadet", "cc.move.one_hex").rule      # doctest: +SKIP
"""

from __future__ import annotations

import functools
import tomllib
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent

CATALOGS = {"memoir44": "memoir44.toml", "cadet": "cadet_commander.toml", "cactus": "cactus_ground.toml"}
"""Ruleset id -> its catalog file in this folder (War at Sea and Cartwheel add theirs with their rulesets)."""


@dataclass(frozen=True, slots=True)
class Clause:
    id: str
    section: str
    kind: str
    rule: str
    example: str = ""
    notes: str = ""

    @property
    def illustrative(self) -> bool:
        """A value or reading the source does not give: ours, to be labelled as such."""
        return (self.notes.lower().startswith("not in source") or ".base." in self.id
                or self.id.endswith("_default"))

    def text(self) -> str:
        """The clause for a tooltip or a printed list: the rule, and the mark if it is ours."""
        return self.rule + (" (Illustrative: our value or reading; the source does not give it.)"
                            if self.illustrative else "")


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
                               c.get("example", ""), c.get("notes", "")) for c in data["clause"]}
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
             f"with its code. <i>Illustrative</i> marks a value or reading the source does not give, which is "
             f"ours.</p>"]
    for title, clauses in by_sequence(ruleset_id):
        rows = "".join(
            f"<li><code>{escape(c.id)}</code>{' <i>(illustrative)</i>' if c.illustrative else ''}: "
            f"{escape(c.rule)}</li>" for c in clauses)
        parts.append(f"<details><summary>{escape(title)} ({len(clauses)})</summary><ul>{rows}</ul></details>")
    parts.append("</div>")
    return "".join(parts)


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
