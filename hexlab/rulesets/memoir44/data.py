"""Memoir '44 as data: unit types, the range table, the battle die, terrain and obstacles.

Every entry cites the clauses it encodes. The engine's rules (``rules.py``) and the odds (``odds.py``)
read these tables; nothing about a terrain is written anywhere else.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...dice import Die

INFANTRY, ARMOR, ARTILLERY = "infantry", "armor", "artillery"
KINDS = (INFANTRY, ARMOR, ARTILLERY)

BATTLE_DIE_ICONS = {
    # what the dice tray draws for each face: the inside of a 50x50 SVG, ink in currentColor
    'infantry': (
        '<path d="M10 30 Q10 12 25 12 Q40 12 40 30 Z" fill="currentColor"/><rect x="6" y="29" width="38" '
        'height="5" rx="2" fill="currentColor"/>'
    ),
    'armor': (
        '<rect x="7" y="24" width="36" height="10" rx="5" fill="currentColor"/><rect x="15" y="16" width='
        '"16" height="9" rx="2" fill="currentColor"/><rect x="30" y="18" width="15" height="3" fill="curr'
        'entColor"/><circle cx="13" cy="34" r="3" fill="#fff"/><circle cx="25" cy="34" r="3" fill="#fff"/'
        '><circle cx="37" cy="34" r="3" fill="#fff"/>'
    ),
    'grenade': (
        '<ellipse cx="24" cy="30" rx="11" ry="13" fill="currentColor"/><rect x="19" y="12" width="10" hei'
        'ght="6" fill="currentColor"/><path d="M29 14 Q38 12 36 24" stroke="currentColor" stroke-width="3'
        '" fill="none"/><circle cx="17" cy="14" r="4" stroke="currentColor" stroke-width="2" fill="none"/'
        '><path d="M13 28 H35 M13 34 H35 M24 18 V42" stroke="#fff" stroke-width="1.5"/>'
    ),
    'star': (
        '<polygon points="25,6 30,19 44,19 33,28 37,42 25,34 13,42 17,28 6,19 20,19" fill="currentColor"/'
        '>'
    ),
    'flag': (
        '<rect x="11" y="7" width="3" height="36" fill="currentColor"/><path d="M14 8 Q24 4 30 9 Q36 13 4'
        '2 9 V25 Q36 29 30 25 Q24 20 14 24 Z" fill="currentColor"/>'
    ),
}

BATTLE_DIE = Die(
    "battle", ("infantry", "infantry", "armor", "grenade", "star", "flag"),
    labels={"infantry": "infantry", "armor": "armor", "grenade": "grenade", "star": "star", "flag": "flag"},
    icons=BATTLE_DIE_ICONS,
)
"""The six-faced battle die: 2 infantry, armor, grenade, star, flag (m44.dice.battle.faces)."""

HITS_ON: dict[str, frozenset[str]] = {
    # which faces hit which target type (m44.resolve.symbol.*, m44.resolve.artillery_target)
    INFANTRY: frozenset({"infantry", "grenade"}),
    ARMOR: frozenset({"armor", "grenade"}),
    ARTILLERY: frozenset({"grenade"}),
}

RANGE_DICE: dict[str, tuple[int, ...]] = {
    # dice at range 1, 2, 3...; beyond the row: out of range (m44.range.*)
    INFANTRY: (3, 2, 1),
    ARMOR: (3, 3, 3),
    ARTILLERY: (3, 3, 2, 2, 1, 1),
}
RANGE_CLAUSES: dict[str, tuple[str, ...]] = {
    INFANTRY: ("m44.range.infantry.d1", "m44.range.infantry.d2", "m44.range.infantry.d3"),
    ARMOR: ("m44.range.armor.d1", "m44.range.armor.d2", "m44.range.armor.d3"),
    ARTILLERY: ("m44.range.artillery.d1", "m44.range.artillery.d2", "m44.range.artillery.d3",
                "m44.range.artillery.d4", "m44.range.artillery.d5", "m44.range.artillery.d6"),
}
MAX_RANGE_CLAUSE = {INFANTRY: "m44.range.infantry.max", ARMOR: "m44.range.armor.max",
                    ARTILLERY: "m44.range.artillery.max"}

MOVE: dict[str, int] = {INFANTRY: 2, ARMOR: 3, ARTILLERY: 1}
"""Movement allowance in hexes (m44.move.infantry.range, m44.move.armor.range, m44.move.artillery.range)."""

NATIONS = ("standard", "japan", "usmc", "bcf", "italy", "soviet")
"""The nations a side may be (m44.nation.*); ``standard`` has no national rules."""

FIGURES: dict[str, int] = {INFANTRY: 4, ARMOR: 3, ARTILLERY: 2}
"""Starting figures by type (m44.setup.unit_figures); badges change them (French Resistance 3,
Elite Armor 4)."""


@dataclass(frozen=True)
class TerrainRule:
    """What one kind of terrain (or obstacle) does. Dice are reductions for an attacker of each type
    shooting at a unit in the hex; ``battle_out`` reductions for a unit of a type battling out of it."""

    name: str
    title: str
    style: str
    dice: dict[str, int] = field(default_factory=dict)
    dice_clause: str | None = None
    from_below: bool = False
    """The reduction counts only when the attacker is lower (hills, cliffs)."""
    blocks_los: bool = False
    los_clause: str | None = None
    move_stop: bool = False
    no_battle_after_entry: bool = False
    impassable_for: frozenset[str] = frozenset()
    impassable_clause: str | None = None
    battle_out: dict[str, int] = field(default_factory=dict)
    flag_ignore: str | None = None
    """Who may ignore 1 flag in it: "any" unit, "infantry", or "owner" (a bunker's original owner)."""
    flag_clause: str | None = None
    move_cap: int | None = None
    """A move that enters (or, for ocean, starts in) the hex may cover at most this many hexes."""
    height: int = 0
    clauses: tuple[str, ...] = ()
    obstacle: bool = False
    """An obstacle placed on a terrain hex (sandbags, wire, hedgehogs, field bunkers, sea walls)."""


def _t(name: str, title: str, style: str | None = None, **kw) -> TerrainRule:
    return TerrainRule(name, title, style or name, **kw)


INF_ARM_1_2 = {INFANTRY: 1, ARMOR: 2}
INF_ARM_1_1 = {INFANTRY: 1, ARMOR: 1}
STOP_TERRAIN_BATTLE_OUT = {ARMOR: 2}
NO_ARMOR_ARTILLERY = frozenset({ARMOR, ARTILLERY})

TERRAIN: dict[str, TerrainRule] = {t.name: t for t in [
    _t("countryside", "Countryside", "clear", clauses=("m44.terrain.general.countryside",)),
    _t("beach", "Beach", move_cap=2, clauses=("m44.terrain.beach.move", "m44.terrain.beach.battle",
                                              "m44.terrain.beach.take_ground", "m44.terrain.beach.los")),
    _t("ocean", "Ocean", move_cap=1, clauses=("m44.terrain.ocean.move", "m44.terrain.ocean.no_battle",
                                              "m44.terrain.ocean.no_retreat", "m44.terrain.ocean.los")),
    _t("forest", "Forest", dice=INF_ARM_1_2, dice_clause="m44.terrain.forest.dice", blocks_los=True,
       los_clause="m44.terrain.forest.los", move_stop=True, no_battle_after_entry=True,
       clauses=("m44.terrain.forest.move_stop", "m44.terrain.forest.no_battle")),
    _t("hedgerow", "Hedgerow", dice=INF_ARM_1_2, dice_clause="m44.terrain.hedgerow.dice", blocks_los=True,
       los_clause="m44.terrain.hedgerow.los", move_stop=True, no_battle_after_entry=True,
       clauses=("m44.terrain.hedgerow.move_stop", "m44.terrain.hedgerow.no_battle",
                "m44.terrain.hedgerow.enter_from_adjacent")),
    _t("town", "Town or village", dice=INF_ARM_1_2, dice_clause="m44.terrain.town.dice", blocks_los=True,
       los_clause="m44.terrain.town.los", move_stop=True, no_battle_after_entry=True,
       battle_out=STOP_TERRAIN_BATTLE_OUT, clauses=("m44.terrain.town.move_stop", "m44.terrain.town.no_battle",
                                                    "m44.terrain.town.armor_battle_out")),
    _t("hill", "Hill", dice=INF_ARM_1_1, dice_clause="m44.terrain.hill.dice", from_below=True, blocks_los=True,
       los_clause="m44.terrain.hill.los", height=1, clauses=("m44.terrain.hill.move", "m44.terrain.hill.from_below")),
    _t("steep_hill", "Steep hill", dice=INF_ARM_1_1, dice_clause="m44.terrain.steep_hill.dice", from_below=True,
       blocks_los=True, los_clause="m44.terrain.steep_hill.los", height=1,
       clauses=("m44.terrain.steep_hill.move_up", "m44.terrain.steep_hill.move_down",
                "m44.terrain.steep_hill.designation")),
    _t("cliff", "Cliff", "steep_hill", dice=INF_ARM_1_1, dice_clause="m44.terrain.cliff.dice",
       from_below=True, blocks_los=True, los_clause="m44.terrain.cliff.los", height=1,
       clauses=("m44.terrain.cliff.infantry_beach_move", "m44.terrain.cliff.armor_artillery_beach",
                "m44.terrain.cliff.inland_as_hill", "m44.terrain.cliff.retreat_as_hill",
                "m44.terrain.cliff.no_take_ground_from_beach")),
    _t("sea_bluff", "Sea bluff", "steep_hill", dice=INF_ARM_1_1, dice_clause="m44.terrain.cliff.dice",
       from_below=True, blocks_los=True, los_clause="m44.terrain.cliff.los", height=1,
       clauses=("m44.terrain.cliff.infantry_beach_move", "m44.terrain.cliff.armor_artillery_beach",
                "m44.terrain.cliff.inland_as_hill", "m44.terrain.cliff.retreat_as_hill")),
    _t("river", "River or waterway", impassable_for=frozenset(KINDS),
       impassable_clause="m44.terrain.river.impassable", clauses=("m44.terrain.river.los",)),
    _t("bridge", "Bridge", "road", clauses=("m44.terrain.bridge.move", "m44.terrain.bridge.battle",
                                            "m44.terrain.bridge.los")),
    _t("bunker", "Bunker", dice=INF_ARM_1_2, dice_clause="m44.terrain.bunker.dice", blocks_los=True,
       los_clause="m44.terrain.bunker.los", impassable_for=NO_ARMOR_ARTILLERY,
       impassable_clause="m44.terrain.bunker.impassable", flag_ignore="owner", flag_clause="m44.terrain.bunker.flag",
       clauses=("m44.terrain.bunker.infantry_move", "m44.terrain.bunker.protect_owner_only",
                "m44.terrain.bunker.artillery_no_retreat", "m44.terrain.bunker.arc")),
    _t("airfield", "Airfield", clauses=("m44.terrain.airfield.move", "m44.terrain.airfield.battle",
                                        "m44.terrain.airfield.los")),
    _t("barracks", "Barracks", "town", dice=INF_ARM_1_2, dice_clause="m44.terrain.barracks.dice", blocks_los=True,
       los_clause="m44.terrain.barracks.los", move_stop=True, no_battle_after_entry=True,
       battle_out=STOP_TERRAIN_BATTLE_OUT, clauses=("m44.terrain.barracks.move_stop",
                                                    "m44.terrain.barracks.no_battle",
                                                    "m44.terrain.barracks.armor_battle_out")),
    _t("cemetery", "Cemetery", "field", flag_ignore="any", flag_clause="m44.terrain.cemetery.flag",
       clauses=("m44.terrain.cemetery.move", "m44.terrain.cemetery.battle", "m44.terrain.cemetery.los")),
    _t("church", "Church", "church", dice=INF_ARM_1_2, dice_clause="m44.terrain.church.dice", blocks_los=True,
       los_clause="m44.terrain.church.los", move_stop=True, no_battle_after_entry=True,
       battle_out=STOP_TERRAIN_BATTLE_OUT, flag_ignore="any", flag_clause="m44.terrain.church.flag",
       clauses=("m44.terrain.church.move_stop", "m44.terrain.church.no_battle",
                "m44.terrain.church.armor_battle_out")),
    _t("dam", "Dam", "road", impassable_for=NO_ARMOR_ARTILLERY, impassable_clause="m44.terrain.dam.impassable",
       flag_ignore="any", flag_clause="m44.terrain.dam.flag",
       clauses=("m44.terrain.dam.infantry_move", "m44.terrain.dam.battle", "m44.terrain.dam.los")),
    _t("factory", "Factory complex", "town", dice=INF_ARM_1_2, dice_clause="m44.terrain.factory.dice",
       blocks_los=True, los_clause="m44.terrain.factory.los", move_stop=True, no_battle_after_entry=True,
       battle_out=STOP_TERRAIN_BATTLE_OUT, clauses=("m44.terrain.factory.move_stop",
                                                    "m44.terrain.factory.no_battle",
                                                    "m44.terrain.factory.armor_battle_out")),
    _t("cave", "Cave", "mountain", clauses=("m44.nation.japan.caves.terrain",)),
]}

OBSTACLES: dict[str, TerrainRule] = {t.name: t for t in [
    _t("sandbags", "Sandbags", dice=INF_ARM_1_1, dice_clause="m44.terrain.sandbags.dice", flag_ignore="any",
       flag_clause="m44.terrain.sandbags.flag", obstacle=True,
       clauses=("m44.terrain.sandbags.scope", "m44.terrain.sandbags.remove", "m44.terrain.sandbags.los")),
    _t("wire", "Barbed wire", move_stop=True, battle_out={INFANTRY: 1}, obstacle=True,
       clauses=("m44.terrain.wire.move_stop", "m44.terrain.wire.infantry_battle_out",
                "m44.terrain.wire.infantry_remove", "m44.terrain.wire.armor_remove", "m44.terrain.wire.los")),
    _t("hedgehog", "Hedgehogs", impassable_for=NO_ARMOR_ARTILLERY, impassable_clause="m44.terrain.hedgehog.impassable",
       flag_ignore="infantry", flag_clause="m44.terrain.hedgehog.flag", obstacle=True,
       clauses=("m44.terrain.hedgehog.infantry_move", "m44.terrain.hedgehog.battle", "m44.terrain.hedgehog.los")),
    _t("field_bunker", "Field bunker", "bunker", dice=INF_ARM_1_2, dice_clause="m44.terrain.field_bunker.dice",
       blocks_los=True, los_clause="m44.terrain.field_bunker.los", impassable_for=NO_ARMOR_ARTILLERY,
       impassable_clause="m44.terrain.field_bunker.impassable", flag_ignore="any",
       flag_clause="m44.terrain.field_bunker.flag", obstacle=True,
       clauses=("m44.terrain.field_bunker.infantry_move", "m44.terrain.field_bunker.protect_any",
                "m44.terrain.field_bunker.no_retreat", "m44.terrain.field_bunker.arc")),
    _t("sea_wall", "Sea wall", "wall", dice=INF_ARM_1_1, dice_clause="m44.terrain.sea_wall.dice", flag_ignore="any",
       flag_clause="m44.terrain.sea_wall.flag", obstacle=True,
       clauses=("m44.terrain.sea_wall.scope", "m44.terrain.sea_wall.behind", "m44.terrain.sea_wall.move",
                "m44.terrain.sea_wall.permanent", "m44.terrain.sea_wall.los")),
]}
"""Obstacles sit on a terrain hex (``[[board.feature]]`` in a scenario); some can be removed in play."""

SEAWARD = frozenset({"beach", "ocean"})
"""An attacker on these is on a sea wall's seaward side (m44.terrain.sea_wall.behind, chosen reading)."""

BADGES = ("special_forces", "french_resistance", "elite_armor")
"""The badges a unit may carry (m44.sf.*, m44.nation.french_resistance.*); a scenario naming another is refused."""

BADGE_MARKS = {"special_forces": "SF", "french_resistance": "FR", "elite_armor": "E"}
"""The short mark each badge puts in its counter's corner (m44.move.special_forces.infantry,
m44.sf.french_resistance.*, the elite armor rules)."""
