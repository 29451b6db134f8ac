"""Operation Cartwheel's words: each decision as a button and the log say it, and what a counter prints beyond its
type (a bomber's model and engines, a ground unit's size and CF, a ship's type and AA) for its title."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...engine import Action, GameState
from ...words import possessive as shared_possessive
from .actions import (
    Airdrop,
    Build,
    Commit,
    CommitTF36,
    Designate,
    Disembark,
    Dismantle,
    Embark,
    EndBuilding,
    EndDesignation,
    EndDismantling,
    EndGround,
    EndRecon,
    FlyRecon,
    GeneralRegroup,
    March,
    PassMission,
    PlaceMagic,
    PlaceRecon,
    Sail,
    StrikeBase,
    StrikeGround,
    StrikeShip,
)
from .data import SHIP_TYPES, SIZES, carries_cargo, engines, naval_combat
from .state import CartwheelState

if TYPE_CHECKING:
    from .rules import Cartwheel


def possessive(name: str) -> str:
    """A side owning something, at the start of a sentence: "The Allies'", "Japan's" (the log read "Allies's")."""
    return shared_possessive(name, start=True)


def printed_words(mine: CartwheelState, uid: str) -> str:
    """A counter's printed facts in words, for its title (the size symbol is shown and does nothing:
    oc.components.ground.size_decorative)."""
    if uid in mine.air:
        st = mine.air[uid]
        kind = f", {engines(st.model)}" if st.model and st.code in ("B", "D", "P", "S", "T") else ""
        return f"{st.model}{kind}" if st.model else ""
    if uid in mine.ground:
        g = mine.ground[uid]
        cf = f"CF {g.cf}, its attack and defence"
        return f"{g.size} {SIZES.get(g.size, '')}, {cf}" if g.size else cf
    if uid in mine.ships:
        sh = mine.ships[uid]
        role = "naval combat unit" if naval_combat(sh.ship) else "transport, no gunnery or AA"
        if naval_combat(sh.ship) and carries_cargo(sh.ship):
            role += " and transport"
        return f"{sh.ship} {SHIP_TYPES.get(sh.ship, '')}, {role}" + (f", AA {sh.aa}" if naval_combat(sh.ship) else "")
    return ""


def _yes(yes: bool, a: str, b: str) -> str:
    return a if yes else b


WORDS: dict[type[Action], Callable[[Cartwheel, GameState, Any], str]] = {
    Commit: lambda r, s, a: _yes(a.yes, "Commit the 11th Hikoshidan (+1 VP to the Allies)",
                                 "Do not commit the 11th Hikoshidan"),
    CommitTF36: lambda r, s, a: _yes(a.yes, "Commit TF-36", "Do not commit TF-36"),
    Build: lambda r, s, a: f"Start mobile airbase {r.base_name(a.airbase)} in {a.to}",
    EndBuilding: lambda r, s, a: "No more mobile airbases",
    GeneralRegroup: lambda r, s, a: _yes(a.yes, "Declare a general regroup turn", "No general regroup"),
    Designate: lambda r, s, a: f"Mark {a.unit} to regroup",
    EndDesignation: lambda r, s, a: "No more regroup markers",
    FlyRecon: lambda r, s, a: f"Send {a.unit} on a recon flight",
    PlaceMagic: lambda r, s, a: f"Magic PBY over {a.to}" + (f", examining {r.base_name(a.airbase)}" if a.airbase else ""),
    PlaceRecon: lambda r, s, a: f"Recon {a.unit} over {a.to}"
    + (f", examining {r.base_name(a.airbase)}" if a.airbase else ""),
    EndRecon: lambda r, s, a: "No more recon flights",
    StrikeBase: lambda r, s, a: f"Strike {r.base_name(a.airbase)} from {r.base_name(a.base)}",
    StrikeShip: lambda r, s, a: f"Strike {a.target} from {r.base_name(a.base)}",
    StrikeGround: lambda r, s, a: f"Bomb {a.target} from {r.base_name(a.base)}",
    Sail: lambda r, s, a: f"Sail {a.unit} to {a.to}",
    PassMission: lambda r, s, a: "Pass this mission opportunity",
    March: lambda r, s, a: f"Move {a.unit} to {a.to}",
    EndGround: lambda r, s, a: "No more ground moves",
    Dismantle: lambda r, s, a: f"Dismantle {r.base_name(a.airbase)}",
    EndDismantling: lambda r, s, a: "Dismantle nothing more",
    Airdrop: lambda r, s, a: f"Drop {a.unit} by C-47 on {a.to}",
    Embark: lambda r, s, a: f"{a.unit} goes aboard {a.target}",
    Disembark: lambda r, s, a: f"{a.unit} lands on {a.to}",
}
