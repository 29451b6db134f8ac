"""One look for every ruleset: terrain colours, side colours, highlight colours, fonts.

Rulesets name a style key for each terrain (``Terrain.style``); the SVG renderer, the canvas widget and
the printable handouts all read these tables, so a forest is the same green in Memoir '44 and Cadet
Commander. Colours are chosen to stay apart for common colour-vision differences and to print in grey.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

TERRAIN: dict[str, str] = {
    # open ground
    "clear": "#e9e4c9", "countryside": "#e9e4c9", "field": "#e4dcb0", "beach": "#f1dfa4",
    "road": "#d9cfae",
    # cover
    "forest": "#8fb67a", "woods": "#8fb67a", "jungle": "#5f9a5c", "hedgerow": "#a7c089",
    "orchard": "#b5cf8f",
    # built up
    "town": "#c9b8a6", "village": "#c9b8a6", "church": "#c9b8a6", "bunker": "#9e9e94", "airfield": "#cfcfc4",
    # high ground
    "hill": "#d6b98c", "steep_hill": "#bf9a66", "mountain": "#a9875c", "ridge": "#c8a676",
    # wet
    "marsh": "#b4c9b0", "river": "#8fbfe0", "ford": "#b7d6ea", "lake": "#8fbfe0", "water": "#8fbfe0",
    "ocean": "#6fa7d6", "sea": "#7fb2dc", "reef": "#a7cfe0", "lagoon": "#9fcbe6",
}
"""Fill colour of each terrain style."""

HEXSIDE: dict[str, tuple[str, float, tuple[float, ...]]] = {
    # style: (colour, width as a fraction of the hex size, dash pattern in hex sizes)
    "wall": ("#5b5147", 0.16, ()),
    "fence": ("#7a5a3a", 0.09, (0.18, 0.1)),
    "hedge": ("#3f7a34", 0.18, ()),
    "river": ("#3f86c6", 0.20, ()),
    "stream": ("#5c9bd1", 0.12, ()),
    "cliff": ("#6b4f32", 0.14, (0.1, 0.06)),
}
"""How each hexside feature is stroked."""

FEATURE: dict[str, tuple[str, str]] = {
    # style: (glyph drawn in the hex, colour)
    "objective": ("★", "#8a1c1c"), "medal": ("★", "#8a1c1c"), "flag": ("⚑", "#8a1c1c"),
    "wire": ("✕✕", "#4a4a4a"), "sandbags": ("◠", "#7a6a4a"), "hedgehog": ("✳", "#4a4a4a"),
    "bunker": ("▣", "#4a4a4a"), "mines": ("✹", "#8a1c1c"), "bridge": ("═", "#5b4a3a"),
    "airbase": ("✈", "#3a3a3a"), "port": ("⚓", "#2a4a6a"), "wall": ("▬", "#5b5147"),
}
"""Per-hex features: a glyph and its colour."""

SIDES: list[tuple[str, str]] = [
    # (counter fill, text and symbol colour) by side order
    ("#3d6aa8", "#ffffff"),  # blue
    ("#b24a32", "#ffffff"),  # red
    ("#5f7f3a", "#ffffff"),  # green
    ("#7a5aa0", "#ffffff"),  # violet
]
SIDE_NAMES: dict[str, tuple[str, str]] = {
    # sides with colours of their own, whatever their order
    "Red": ("#b24a32", "#ffffff"), "Blue": ("#3d6aa8", "#ffffff"),
    "Allies": ("#5f7f3a", "#ffffff"), "Axis": ("#4a5058", "#ffffff"),
    "US": ("#5f7f3a", "#ffffff"), "USMC": ("#5f7f3a", "#ffffff"), "Allied": ("#5f7f3a", "#ffffff"),
    "US Marines": ("#5f7f3a", "#ffffff"), "Marines": ("#5f7f3a", "#ffffff"), "United States": ("#5f7f3a", "#ffffff"),
    "Germany": ("#4a5058", "#ffffff"), "Germans": ("#4a5058", "#ffffff"), "Italy": ("#8a6d3b", "#ffffff"),
    "Britain": ("#a0522d", "#ffffff"), "British": ("#a0522d", "#ffffff"), "Commonwealth": ("#a0522d", "#ffffff"),
    "Soviet Union": ("#8b1a1a", "#ffffff"), "Soviets": ("#8b1a1a", "#ffffff"),
    "Japan": ("#c9a227", "#1f1f1f"), "Japanese": ("#c9a227", "#1f1f1f"), "IJN": ("#c9a227", "#1f1f1f"),
    "Greeks": ("#3d6aa8", "#ffffff"), "Greece": ("#3d6aa8", "#ffffff"),
    "Ottomans": ("#b24a32", "#ffffff"), "Turks": ("#b24a32", "#ffffff"),
}


@dataclass(frozen=True, slots=True)
class Look:
    """How the map marks a place for one verb: a ring just inside the place's edge, on a white casing, in
    ``colour``, ``dash``ed (in hex sizes; empty: solid), with ``mark``: "ring", "corners" (a ring with a solid
    wedge in each corner, like a gunsight's) or "brackets" (only the ring's corners). ``words`` says what it
    means, for legends and the docs. Rings stay clear of the counters, so a highlight never washes one out."""

    colour: str
    dash: tuple[float, ...] = ()
    mark: str = "ring"
    words: str = ""


DOTS = (0.01, 0.17)
"""A dotted ring (round caps make the short dashes dots)."""
DASHES = (0.24, 0.14)

HIGHLIGHT_LOOKS: dict[str, Look] = {
    # the verbs of actions (Action.verb), as the map marks where a selected unit may act
    "move": Look("#4527a0", (), "ring", "a place the unit may move to: a solid violet ring"),
    "battle": Look("#a50021", (), "corners", "an enemy it may attack: a crimson ring with solid corners"),
    "act": Look("#b000b5", (), "brackets", "another thing it may do there (take ground, activate, a Banzai, "
                                           "remove wire): magenta brackets at the corners"),
    "end": Look("#263238", DASHES, "ring", "an action that ends the unit's turn (rest): a dashed slate ring"),
    "order": Look("#0d2a6b", DOTS, "ring", "a unit that may be ordered: a dotted navy ring"),
    "card": Look("#7a0b3c", (0.3, 0.1, 0.01, 0.1), "ring", "a place a card acts on: a dash-dot wine ring"),
    "pass": Look("#37474f", DOTS, "brackets", "declining to act there: dotted slate brackets at the corners"),
    # the hex explorer's marks (hexlab.widgets.HexExplorer)
    "path": Look("#4527a0", (), "ring", "on the path or line"),
    "origin": Look("#0d2a6b", (), "brackets", "where it starts"),
    "goal": Look("#a50021", (), "corners", "where it ends"),
    "result": Look("#4527a0", (), "ring", "in the answer"),
    "second": Look("#b000b5", DOTS, "ring", "in the second answer"),
}
"""The look of each highlight, by verb. Every colour is at least 30 CIEDE2000 units from every terrain fill
(15 under simulated colour-vision deficiency), and verbs shown together differ in shape too (solid, corners,
brackets, dashed, dotted): tests/test_readable.py checks both."""

SELECT_EDGE, SELECT_INSIDE = "#161616", "#ffffff"
"""The selected unit's ring: white between two dark edges, clear on any terrain and any counter."""

HIGHLIGHT: dict[str, str] = {
    **{verb: look.colour for verb, look in HIGHLIGHT_LOOKS.items()},
    "select": SELECT_INSIDE, "los_clear": "#00363a", "los_blocked": "#a50021",
}
"""Highlight colours by action verb (and for line of sight)."""

CASING = "#ffffff"
"""Drawn under every highlight ring and line, so it reads on dark terrain as well as light."""


def highlight_look(verb: str) -> Look:
    """The look for a verb; a verb without one of its own is drawn as "act"."""
    return HIGHLIGHT_LOOKS.get(verb, HIGHLIGHT_LOOKS["act"])


INK = "#2b2b2b"
GRID = "#6f6a58"
REGION = "#8a1c1c"
BACKGROUND = "#fbfaf5"
FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif"


def side_colours(side: str, sides: list[str]) -> tuple[str, str]:
    """(fill, ink) for a side's counters: its own colours if it has some, else by its order."""
    if side in SIDE_NAMES:
        return SIDE_NAMES[side]
    index = sides.index(side) if side in sides else 0
    return SIDES[index % len(SIDES)]


def terrain_colour(style: str) -> str:
    return TERRAIN.get(style, "#dddddd")


@lru_cache(maxsize=256)
def rgb(colour: str) -> tuple[int, int, int]:
    """``"#3d6aa8"`` -> ``(61, 106, 168)``."""
    c = colour.lstrip("#")
    if len(c) == 3:
        c = "".join(ch * 2 for ch in c)
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)
