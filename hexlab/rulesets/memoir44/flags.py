"""Which flags a unit may, or must, ignore: the one rule the retreats in play and the exact odds share.

Sheltering terrain lets a unit ignore 1 flag: churches, cemeteries, dams, sandbags, field bunkers, sea
walls (from the seaward side only, m44.terrain.sea_wall.behind), hedgehogs for infantry, a bunker for
its original owner (m44.retreat.ignore_flag.general and each terrain's ``.flag`` clause). Japanese
infantry must ignore 1 flag, 2 in sheltering terrain and every flag in a cave
(m44.nation.japan.yamato.*); Italian artillery may ignore 1 (m44.nation.italy.artillery_bravery).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.state import GameState, Unit
from ...hexes import Hex
from .board import Field
from .data import ARTILLERY, INFANTRY, SEAWARD

FLAG_TERRAIN_CLAUSE = "m44.retreat.ignore_flag.general"


@dataclass(frozen=True, slots=True)
class FlagIgnores:
    """The flags rolled against a unit that it must ignore and may ignore, and the clause that says so."""

    must: int = 0
    """Flags it must ignore (Yamato Damashii)."""
    every: bool = False
    """It must ignore every flag (Japanese infantry in a cave, m44.nation.japan.yamato.caves_all)."""
    may: int = 0
    """Flags it may choose to ignore (sheltering terrain, Italian artillery)."""
    clause: str = FLAG_TERRAIN_CLAUSE

    def compulsory(self, flags: int) -> int:
        """How many of ``flags`` it must ignore."""
        return flags if self.every else min(self.must, flags)

    def can_retreat(self, flags: int) -> bool:
        """Do ``flags`` still push it back when it ignores every flag it must and may?"""
        return flags > self.compulsory(flags) + self.may

    @property
    def compulsory_words(self) -> str:
        """"every" or how many flags it must ignore (empty when it must ignore none)."""
        return "every" if self.every else str(self.must) if self.must else ""


NONE = FlagIgnores()
"""No flag ignored (a card's strike from the air or a barrage, m44.order.cards.data)."""


def flag_ignores(fld: Field, state: GameState, u: Unit, attacker_at: Hex | None = None) -> FlagIgnores:
    """The flags ``u`` ignores when a unit at ``attacker_at`` rolls them. A sea wall shelters only from
    the seaward side (m44.terrain.sea_wall.behind), so with no ``attacker_at`` (the odds panel) it
    shelters from none."""
    sheltering = None
    for r in fld.rules_at(state, u.at):
        if r.name == "sea_wall" and (attacker_at is None or fld.board.terrain[attacker_at] not in SEAWARD):
            continue
        if r.flag_ignore == "any" or (r.flag_ignore == "infantry" and u.kind == INFANTRY) or (
                r.flag_ignore == "owner" and fld.bunker_owner.get(u.at) == u.side):
            sheltering = r
    nation = fld.facts(u).nation
    if nation == "japan" and u.kind == INFANTRY:
        if fld.board.terrain[u.at] == "cave":
            return FlagIgnores(every=True, clause="m44.nation.japan.yamato.caves_all")
        if sheltering is not None:
            return FlagIgnores(must=2, clause="m44.nation.japan.yamato.terrain_two")
        return FlagIgnores(must=1, clause="m44.nation.japan.yamato.ignore_one")
    if sheltering is not None:
        return FlagIgnores(may=1, clause=sheltering.flag_clause or FLAG_TERRAIN_CLAUSE)
    if nation == "italy" and u.kind == ARTILLERY:
        return FlagIgnores(may=1, clause="m44.nation.italy.artillery_bravery")
    return NONE
