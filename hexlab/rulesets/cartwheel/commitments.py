"""Random Events Phase: the random event roll (5.1), the 11th Hikoshidan commitment (5.2) and TF-36's (5.3)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ...dice import D10
from ...engine import Action, Context, GameState, Roll
from ...engine.flow import Faces
from . import board, flow
from .actions import Commit, CommitTF36
from .data import EVENT_WORDS, FLOWN, HIKOSHIDAN_COMMIT_VP, OFFBOARD, READY, event_for
from .events import Committed, RandomEvent, Rebased
from .handlers import handlers
from .scoring import award

if TYPE_CHECKING:
    from .rules import Cartwheel


@flow.needed("events.roll")
def events_on(rules: Cartwheel, state: GameState) -> bool:
    return rules.options.random_events


@handlers.roll("events.roll")
def event_die(rules: Cartwheel, state: GameState) -> Roll:
    return Roll.of([(D10, 1)], ["random event"], by="Allies")


@handlers.resolve("events.roll")
def random_event(rules: Cartwheel, ctx: Context, faces: Faces) -> None:
    mine = rules.mine(ctx.state)
    dr = faces[0][0]
    mine.event = event_for(dr)
    if mine.event == "submarine":
        mine.submarine = True
    ctx.emit(RandomEvent(dr, mine.event), f"Random event, DR {dr}: {EVENT_WORDS[mine.event]} (illustrative table).",
             ["oc.special.random_event.roll_and_apply", "oc.special.random_event.table_default"])
    flow.proceed(rules, ctx)


@flow.needed("events.hikoshidan")
def hikoshidan_asked(rules: Cartwheel, state: GameState) -> bool:
    return rules.options.commitments and any(rules.mine(state).air[u.id].group == "11th"
                                             for u in state.units.values() if u.alive and u.id in rules.mine(state).air)


@handlers.candidates("events.hikoshidan")
def offer_commit(rules: Cartwheel, state: GameState) -> Iterator[Action]:
    yield Commit(True)
    yield Commit(False)


handlers.unchecked(Commit)  # oc.special.hikoshidan.decision_timing: Japan's free choice every turn


def eleventh(rules: Cartwheel, state: GameState) -> list[str]:
    mine = rules.mine(state)
    return sorted(uid for uid, st in mine.air.items() if st.group == "11th" and state.units[uid].alive)


@handlers.effect(Commit)
def commit(rules: Cartwheel, ctx: Context, action: Commit) -> None:
    s, mine = ctx.state, rules.mine(ctx.state)
    mine.committed = action.yes
    truk = rules.truk
    if action.yes:
        award(rules, ctx, "Allies", HIKOSHIDAN_COMMIT_VP, "the 11th Hikoshidan committed",
              "oc.victory.hikoshidan.commitment_vp")
        for uid in eleventh(rules, s):  # oc.special.hikoshidan.commit_placement: Rabaul as far as room, else Truk
            u = s.units[uid]
            if board.base_of(u) not in (truk, None):
                continue
            flown = board.flown(u)
            to = rules.rabaul if board.may_base(rules, s, rules.rabaul, u) is None else truk
            if mine.air[uid].floatplane:  # oc.special.hikoshidan.rufe_placement: an undisrupted coastal mobile base
                to = next((d for d, b in mine.bases.items() if b.side == "Japan" and b.kind == "mobile"
                           and b.status == "working" and board.may_base(rules, s, d, u) is None), truk)
                port = rules.port_for(s, "Japan")
                if to == truk and port:  # or a port, on the map (oc.air.hosting.rufe_at_port_on_map)
                    u.at = board.hx(rules, port)
                    mine.afloat[uid] = []
                    continue
            u.at = rules.board.displays[to].box(board.box(board.disrupted(u), flown))
        ctx.emit(Committed("11th Hikoshidan", True), "Japan commits the 11th Hikoshidan: the Allies score 1 VP.",
                 ["oc.special.hikoshidan.decision_timing", "oc.victory.hikoshidan.commitment_vp",
                  "oc.special.hikoshidan.commit_placement", "oc.special.hikoshidan.no_obligation_to_fly"], "Japan")
        ctx.emit(Rebased(), "The 11th Hikoshidan's units go to Rabaul as far as it has room, the rest to Truk.",
                 ["oc.special.hikoshidan.commit_placement", "oc.special.hikoshidan.rufe_placement"], "Japan",
                 to="Japan", public="Japan places the 11th Hikoshidan's units.")
    else:
        for uid in eleventh(rules, s):  # oc.special.hikoshidan.uncommitted_to_truk, uncommitted_clears_disruption
            s.units[uid].at = rules.board.displays[truk].box(FLOWN)
            mine.afloat.pop(uid, None)
        ctx.emit(Committed("11th Hikoshidan", False), "Japan does not commit the 11th Hikoshidan: its units go to "
                 "Truk, Flown, undisrupted.", ["oc.special.hikoshidan.uncommitted_to_truk",
                                              "oc.special.hikoshidan.uncommitted_clears_disruption"], "Japan")
    assert rules.options.airbases[truk].kind == OFFBOARD
    _ = READY
    flow.proceed(rules, ctx)


@flow.needed("events.tf36")
def tf36_asked(rules: Cartwheel, state: GameState) -> bool:
    return rules.options.commitments and any(st.group == "tf36" for st in rules.mine(state).air.values()) or (
        rules.options.commitments and any(u.attrs.get("tf36") for u in state.units.values()))


@handlers.candidates("events.tf36")
def offer_tf36(rules: Cartwheel, state: GameState) -> Iterator[Action]:
    yield CommitTF36(True)
    yield CommitTF36(False)


handlers.unchecked(CommitTF36)  # oc.naval.tf36.commitment_declaration: the Allies' free choice


@handlers.effect(CommitTF36)
def commit_tf36(rules: Cartwheel, ctx: Context, action: CommitTF36) -> None:
    rules.mine(ctx.state).tf36 = action.yes
    ctx.emit(Committed("TF-36", action.yes), f"The Allies {'commit' if action.yes else 'do not commit'} TF-36 this "
             "turn.", ["oc.naval.tf36.commitment_declaration", "oc.naval.tf36.commitment_effects_default"], "Allies")
    flow.proceed(rules, ctx)
