"""Cadet Commander's tables: the board's size, its terrain and hexside features, the figures' types, and
the numbers the ground rules use (clauses in ../shared/rules/cadet_commander.toml, shipped as the catalog
in ``hexlab.reference``).

Walls, fences and hedges lie on hexsides (cc.terrain.edges.definition): crossing one costs an extra
action (cc.move.terrain.wall) and gives cover to a figure attacked over it (cc.punch.wall.behind).
Rivers and woods are whole hexes that cost an extra action to enter (cc.move.terrain.river,
cc.move.terrain.woods). ATK is 2 for warriors, 3 for leaders and heroes (cc.punch.atk.standard,
cc.punch.atk.leader_hero).
"""

from __future__ import annotations

from ...engine import Terrain, UnitType

BOARD_INCHES, HEX_INCHES = 24, 3
"""A 2 ft square play area of 3 in hexes: 8 hexes a side (cc.components.board.size)."""

TERRAIN = {
    "clear": Terrain("clear", "Open ground", "clear", ("cc.terrain.edges.definition",)),
    "village": Terrain("village", "Village houses and yards", "village", ("cc.components.list",),
                       "Scenery: open ground for the rules; the walls and hedges around it matter."),
    "woods": Terrain("woods", "Woods", "woods", ("cc.move.terrain.woods",),
                     "Entering costs an extra action."),
    "river": Terrain("river", "River", "river", ("cc.move.terrain.river", "cc.punch.retreat.blocked_river"),
                     "Wading in costs an extra action; nobody is pushed back into it."),
}

HEXSIDE_FEATURES = {
    name: Terrain(name, name.title(), name, ("cc.move.terrain.wall", "cc.punch.wall.behind",
                                             "cc.terrain.edges.definition"),
                  "Crossing costs an extra action; a figure attacked over it has cover (one die fewer).")
    for name in ("wall", "fence", "hedge")
}

FEATURES = {
    "flag": Terrain("flag", "Flag", "flag", ("cc.setup.flag.hex", "cc.victory.flag.capture")),
    "objective": Terrain("objective", "Objective", "objective", ("cc.score.vp.scenario",)),
}

UNIT_TYPES = {
    "leader": UnitType("leader", "Leader", "leader", "STR", 4, {"atk": 3}),
    "hero": UnitType("hero", "Hero", "hero", "STR", 4, {"atk": 3}),
    "warrior": UnitType("warrior", "Warrior", "warrior", "STR", 3, {"atk": 2}),
}

EDGES: dict[str, str] = {"wall": "wall", "fence": "fence", "hedge": "hedge"}
"""Hexside features that cost an action to cross and give cover to a figure behind them."""

HEX_COSTS: dict[str, str] = {"river": "cc.move.terrain.river", "woods": "cc.move.terrain.woods"}
"""Hex terrain that costs an extra action to enter, with the clause that says so."""

MAX_PER_HEX = 2
"""At most two figures a hex at the end of an activation (cc.stack.limit.end_of_activation)."""

ACTIONS_PER_ACTIVATION = 2
"""An activated figure has two actions (cc.action.limit.two)."""
