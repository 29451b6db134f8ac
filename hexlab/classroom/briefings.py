"""Each side's briefing: a page of situation and orders for that side alone.

Hand-written briefings live beside this module as Markdown, one file a side:
``hexlab/classroom/briefings/<ruleset>/<scenario>/<Side>.md`` (``briefings/memoir44/tenaru/US Marines.md``; a side's
name may also be written with ``_`` for its spaces). A scenario without one gets a briefing made from its data
(:func:`generated`): the side's forces as that side sees them, the enemy it can see, who moves first and what the
scenario says wins, with a line saying that it was made from the scenario. What a side is not allowed to see at
the start (hidden units, the other side's hand) never appears in its briefing: the forces come from
``Game.view(side)``, the engine's one place for what a side may see.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .. import words
from ..engine import Game
from ..scenario import Scenario

HERE = Path(__file__).with_name("briefings")

GENERATED_NOTE = ("This briefing was generated from the scenario file (no hand-written briefing exists for this side "
                  "yet); it lists only what your side can see at the start.")


@dataclass(frozen=True)
class Briefing:
    side: str
    title: str
    markdown: str
    """The text, in simple Markdown: ``#`` headings, ``-`` lists and ``**bold**``."""
    generated: bool
    path: Path | None = None


def path_for(scenario: Scenario, side: str, root: Path = HERE) -> Path | None:
    """The hand-written briefing of ``side`` in ``scenario``, if there is one."""
    ruleset, _, name = scenario.id.partition("/")
    folder = root / ruleset / (name or scenario.name)
    for candidate in (side, side.replace(" ", "_")):
        path = folder / f"{candidate}.md"
        if path.is_file():
            return path
    return None


def _units_text(game: Game, side: str, viewer: str) -> list[str]:
    view = game.view(viewer)
    rules = game.rules
    lines = []
    for u in sorted(view.units_of(side), key=lambda u: u.id):
        ut = rules.unit_types.get(u.kind)
        measure = ut.measure if ut else "steps"
        if u.strength == 1 and measure.endswith("s"):
            measure = measure[:-1]  # "1 step"
        strength = rules.strength_text(u) or f"{u.strength} {measure}"
        lines.append(f"- {rules.unit_title(u)} ({u.id}), {rules.where(u.at)}: {strength}")
    return lines


def generated(scenario: Scenario, side: str, game: Game | None = None) -> Briefing:
    """A briefing for ``side`` made from the scenario's data, holding only what that side sees at the start."""
    game = game or scenario.new_game(0)
    meta = scenario.meta
    enemies = [s for s in meta.sides if s != side]
    first = meta.first or game.state.active
    lines = [f"# Briefing for {side}", "", f"*{GENERATED_NOTE}*", "", "## The situation", "", meta.summary or meta.title, ""]
    lines += ["## Your forces", "", *(_units_text(game, side, side) or ["- (none on the map at the start)"]), ""]
    for enemy in enemies:
        seen = _units_text(game, enemy, side)
        lines += [f"## {words.side(enemy, start=True)}, as far as you can see", "",
                  *(seen or ["- nothing you can see at the start"]), ""]
    goes = ("You move first." if first == side
            else f"{words.side(first, start=True)} {words.agree(first, 'moves', 'move')} first.")
    lines += ["## Your orders", "", f"- {goes}",
              f"- Win as the scenario says: {meta.summary or 'see the rules summary'}",
              f"- Rules: {game.rules.name}; the rules summary sheet lists the sequence of play with its clause ids."]
    return Briefing(side, f"Briefing for {side}", "\n".join(lines).strip() + "\n", True)


def briefing(scenario: Scenario, side: str, game: Game | None = None, root: Path = HERE) -> Briefing:
    """``side``'s briefing: the hand-written one if there is one, else :func:`generated`. ``ValueError`` for a side
    the scenario does not have."""
    if side not in scenario.meta.sides:
        raise ValueError(f"{scenario.id} has no side {side!r} (its sides: {', '.join(scenario.meta.sides)})")
    path = path_for(scenario, side, root)
    if path is None:
        return generated(scenario, side, game)
    text = path.read_text(encoding="utf-8")
    first = next((line for line in text.splitlines() if line.startswith("#")), "")
    return Briefing(side, first.lstrip("#").strip() or f"Briefing for {side}", text, False, path)


def briefings(scenario: Scenario, game: Game | None = None, root: Path = HERE) -> list[Briefing]:
    """Every side's briefing, in the scenario's order of sides."""
    game = game or scenario.new_game(0)
    return [briefing(scenario, side, game, root) for side in scenario.meta.sides]
