"""What hits do to aerial units (disrupted, reduced, eliminated) and where a unit goes when its airbase can no longer
host it: shared by strikes, bombing, evacuation and recon's return."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import Context, GameState
from ...engine.state import DisplayBox, Unit
from . import board, combat
from .events import AirLoss, Rebased

if TYPE_CHECKING:
    from .rules import Cartwheel


def damage_of(state: GameState, u: Unit) -> combat.Damage:
    return combat.Damage(board.disrupted(u), u.strength < u.max_strength)


def apply_hits(rules: Cartwheel, ctx: Context, hits: dict[str, int], why: str, clause: str) -> None:
    """Hits on aerial units, all at once (a unit hit still fired): disrupted, reduced or eliminated."""
    s, mine = ctx.state, rules.mine(ctx.state)
    for uid, n in hits.items():
        u = s.units[uid]
        if not u.alive:
            continue
        if (st := mine.strike) and uid in st.bombers and uid not in st.aborted:
            st.aborted.append(uid)  # a disrupted or destroyed bomber does not bomb
        d = damage_of(s, u)
        for _ in range(n):
            d = combat.hit(d, mine.air[uid].two_sided)
        words = "eliminated" if d.eliminated else "reduced and disrupted" if d.reduced and u.strength == u.max_strength \
            else "disrupted"
        if d.eliminated:
            eliminate(rules, ctx, u)
        else:
            if d.reduced:
                u.strength = 1
            if isinstance(u.at, DisplayBox):
                u.at = DisplayBox(u.at.display, board.box(True, board.flown(u)))
            elif uid in mine.afloat and "Disrupted" not in mine.afloat[uid]:
                mine.afloat[uid].append("Disrupted")
        ctx.emit(AirLoss(uid, words), f"{uid} is {words} ({why}).", [clause], u.side, to=u.side,
                 public=f"A {u.side} aerial unit is {words} ({why}).")


def eliminate(rules: Cartwheel, ctx: Context, u: Unit) -> None:
    mine = rules.mine(ctx.state)
    u.strength = 0
    u.at = None
    mine.afloat.pop(u.id, None)
    if mine.air.get(u.id) and mine.air[u.id].group == "11th" and u.id not in mine.destroyed_11th:
        mine.destroyed_11th.append(u.id)


def rebase(rules: Cartwheel, ctx: Context, u: Unit, frm: str | None) -> None:
    """A unit whose airbase can no longer host it flies to the nearest friendly airbase in range with room, Flown;
    with none it is lost (our reading: oc.air.hosting.must_be_based)."""
    dis = board.disrupted(u)
    u.at = None
    to = board.landing(rules, ctx.state, u, frm)
    if to is None:
        eliminate(rules, ctx, u)
        ctx.emit(Rebased(u.id), f"{u.id} finds no friendly airbase in range and is lost.",
                 ["oc.air.hosting.must_be_based"], u.side, to=u.side, public=f"A {u.side} aerial unit is lost.")
        return
    u.at = rules.board.displays[to].box(board.box(dis, True))
    ctx.emit(Rebased(u.id, to), f"{u.id} lands at {rules.base_name(to)}.", ["oc.air.hosting.must_be_based"], u.side,
             to=u.side)


def lose_steps(ctx: Context, u: Unit, n: int) -> None:
    """A ground or naval unit loses ``n`` steps; at none it is eliminated, and the units it carries with it."""
    for _ in range(n):
        if not u.alive:
            return
        if u.strength > 1:
            u.strength -= 1
            continue
        for passenger in ctx.state.aboard(u.id):  # lost with their transport
            passenger.strength = 0
            passenger.at = None
        u.strength = 0
        u.at = None
