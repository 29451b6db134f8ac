"""Memoir '44's typed state: what the rules remember between steps, kept in ``state.rules_state``.

:class:`Memoir44State` holds the whole game's facts (hand limits, medals, objectives held, the Commissar
chip, the last card each side played) and one :class:`TurnFacts`, the facts of the turn being played
(the card, the ordered units, who moved and battled, the battle and the retreat in progress), which
``new_turn`` replaces at the end of each turn. Saved by the engine's codec: every field is typed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from ...hexes import Hex

if TYPE_CHECKING:
    from ...engine import GameState
    from ...engine.state import Unit

BattleKind = Literal["battle", "overrun", "ambush", "battle_back", "air", "barrage"]
"""A unit's battle, an armor overrun (m44.overrun.*), an Ambush fired first, a British battle back
(m44.nation.bcf.battle_back.*), or a card's strike: Air Power, Barrage (m44.order.cards.data)."""


@dataclass(slots=True)
class BattleInProgress:
    """The battle whose dice are rolled or resolved now."""

    attacker: str | None
    """The unit that battles; ``None`` for a card's strike."""
    target: str
    dice: int
    close: bool
    """A close assault (m44.battle.close_assault.definition)."""
    kind: BattleKind
    frm: Hex | None
    """The target's hex when the battle was declared, where a unit takes ground (m44.take_ground.*);
    ``None`` for a battle back, which never takes ground."""
    vacated: bool = False
    """The target's hex was emptied (eliminated or retreated)."""

    @property
    def card_strike(self) -> bool:
        return self.kind in ("air", "barrage")


@dataclass(slots=True)
class AmbushedAttack:
    """The close assault an Ambush interrupted: it goes on if its attacker is still there."""

    battle: BattleInProgress
    at: Hex
    """Where the attacker stood."""


@dataclass(slots=True)
class RetreatInProgress:
    """A unit pushed back by flags, one hex per flag (m44.retreat.flag.distance)."""

    unit: str
    flags: int
    """Flags still to retreat for."""
    optional: int
    """Flags it may still choose to ignore (m44.retreat.ignore_flag.general)."""
    per_flag: int
    """Hexes a flag may push it: 1, or up to 3 for French Resistance and Italian units."""
    by: str
    """The side that rolled the flags (and takes the medal if a blocked retreat eliminates it)."""
    ignore_clause: str
    this_flag: int = 0
    """Hexes retreated for the current flag."""


@dataclass(frozen=True, slots=True)
class StopRule:
    """Terrain a unit entered that stopped its move; ``no_battle``: it may not battle this turn."""

    name: str
    no_battle: bool


@dataclass(slots=True)
class Moved:
    """A unit's move this turn: hexes of movement spent and the terrain that stopped it."""

    hexes: int
    stop_rules: list[StopRule] = field(default_factory=list)


@dataclass(slots=True)
class FinestHour:
    """What Their Finest Hour's roll orders: infantry, armor, and units of any kind."""

    infantry: int
    armor: int
    any: int


@dataclass(slots=True)
class TurnFacts:
    """The facts of the turn being played; replaced as a whole when the turn ends."""

    card: str | None = None
    """The card played (the copied card, for a Counter-Attack)."""
    counter: bool = False
    """The card was played through a Counter-Attack."""
    fallback: bool = False
    """The card orders 1 unit of the player's choice instead (its named units are all gone)."""
    finest: FinestHour | None = None
    targets: list[str] = field(default_factory=list)
    """Units a card picked (Barrage, Air Power, Medics & Mechanics)."""
    queue: list[str] = field(default_factory=list)
    """Card targets still to strike."""
    ordered: list[str] = field(default_factory=list)
    moved: dict[str, Moved] = field(default_factory=dict)
    battled: list[str] = field(default_factory=list)
    """Each battle a unit made (twice for Artillery Bombard)."""
    overrun: list[str] = field(default_factory=list)
    again_done: bool = False
    """Behind Enemy Lines' second move is made."""
    battle: BattleInProgress | None = None
    retreat: RetreatInProgress | None = None
    ambushed: AmbushedAttack | None = None


@dataclass(slots=True)
class Memoir44State:
    """Everything Memoir '44's rules keep beyond the common state (the units, hands, decks, score)."""

    hand_limit: dict[str, int] = field(default_factory=dict)
    """Each side's hand size (Italian High Command shrinks it)."""
    eliminated: dict[str, list[str]] = field(default_factory=dict)
    """The enemy units each side eliminated: one medal each (m44.victory.medal.last_figure)."""
    held: dict[str, list[str]] = field(default_factory=dict)
    """The objectives each side holds, by hex label: one medal each."""
    chip: dict[str, str | None] = field(default_factory=dict)
    """The card under each Soviet side's Commissar chip."""
    last_card: dict[str, str | None] = field(default_factory=dict)
    """The card each side played last (what a Counter-Attack copies); after a Counter-Attack, the card it
    became (our reading, m44.order.cards.data)."""
    ia_section: dict[str, str | None] = field(default_factory=dict)
    """The section each side's last Infantry Assault went in (a copied one goes in the same)."""
    keep: list[str] = field(default_factory=list)
    """Recon: the two cards drawn, one to keep."""
    ambush_draw: str | None = None
    """The side that played Ambush and draws a card for it at the end of the turn."""
    turn: TurnFacts = field(default_factory=TurnFacts)

    @classmethod
    def start(cls, sides: list[str], hand_limit: dict[str, int]) -> Memoir44State:
        return cls(hand_limit=dict(hand_limit), eliminated={s: [] for s in sides}, held={s: [] for s in sides},
                   chip=dict.fromkeys(sides), last_card=dict.fromkeys(sides), ia_section=dict.fromkeys(sides))

    def new_turn(self) -> None:
        """Forget the turn just played (m44.turn.sequence.phases: the next side starts afresh)."""
        self.turn = TurnFacts()


def over_limit(s: GameState) -> str | None:
    """The side holding more cards than High Command allows, if any (m44.nation.italy.high_command.*)."""
    for side in s.sides:
        if len(s.hands[side]) > s.rules_state.hand_limit[side]:
            return side
    return None


def living_by_id(rules: Any, state: GameState, side: str) -> list[Unit]:
    """``side``'s living units in the order of their ids (the order every listing offers them in): the same as
    ``sorted(state.units_of(side), key=lambda u: u.id)``, with the ids put in order once for the units the game has
    (remembered on the ruleset with that set of ids: a game never adds or removes a unit, it only eliminates one)."""
    units = state.units
    known = rules.__dict__.get("_m44_id_order")
    if known is None or known[0] != units.keys():
        known = (frozenset(units), tuple(sorted(units, key=lambda k: units[k].id)))
        rules.__dict__["_m44_id_order"] = known
    out = []
    for uid in known[1]:
        u = units[uid]
        if u.side == side and u.strength > 0:  # (Unit.alive)
            out.append(u)
    return out
