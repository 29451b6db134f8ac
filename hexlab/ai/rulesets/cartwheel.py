"""What the computer values in Operation Cartwheel, and how it fills the enemy's hidden airbase displays.

The evaluation is in victory points, for one side: its own account minus the enemy's.

- **victory points** (oc.victory.concept.vp_track): the VPs scored so far (the game is won on them after the last
  turn);
- **air steps** (oc.victory.concept.regroup_replacement_vp): every step an aerial unit loses is a VP for the enemy
  when it is replaced, so a step on a display or on the map is worth a VP, and a little more for what its factors
  can do (air attack, defence and bombing: oc.components.air.attack_factor, .defense_factor, .bombing_factor);
- **airbases** (oc.base.victory_default): an airbase destroyed scores the enemy 2 VPs, one captured 3; a working
  base is worth 3, a disrupted one 2, one destroyed or under construction 1;
- **objectives** (oc.victory.concept.control_by_occupation): an objective hex of the scenario (``occupation_vp``)
  scores its VPs at the end to the side with a ground combat unit standing in it, so a hex occupied now counts its
  VPs for the occupier (the VPs are only awarded after the last turn, and without this term the computer walked
  its only unit out of an objective it held and lost the points: measured on Wewak, see benchmarks/results/ai.md);
- **ground steps** (oc.components.ground.combat_factor): a step of a ground unit on the map is worth a VP, and a
  ground unit loses a little for every hex it stands away from the nearest place worth walking to: an enemy
  airbase it could capture (oc.air.airbase_capture.by_occupation) or an objective hex its side does not occupy;
- **bombs on their way** (oc.base.bombing_default): while a strike is flown, what its bombers still in it are worth
  to their side by the exact odds of their bombing rolls, valued with the terms above (:func:`strike_worth`).
  Without it every target looked the same to the search, whose horizon ends before the bombs fall: measured
  against the novice over seeds 1-10 of the campaign, the Allies went from 1 win to 7 (1-9-0 to 7-1-2), and on
  Wewak over seeds 1-20 from 7-12-1 to 12-8-0 (see benchmarks/results/ai.md);
- **11th Hikoshidan VPs still to score** (oc.victory.hikoshidan.destroyed_unit_vp, .flown_unit_half_vp): until the
  turn's Airbase Reorganization, the VP the Allies will score there for each 11th Hikoshidan unit destroyed this
  turn and, in a committed turn, the half VP for each that flew and survived (the engine's own list of them). On
  the last turn the aerial steps count for little, and without this term a lost 11th Hikoshidan unit looked free.
  Japan's losses are hidden from the Allies (a lost Japanese unit is not in their view, and their worlds put it back
  on a display), so from their seat the term counts only what the search itself sees happen (a loss, a flight);
  what is due already is the same for all their moves.

- **the last turn** (oc.sequence.phase.victory_points_final_turn): no later turn is played, so only what still
  scores counts. A step lost is no VP unless its unit is marked to regroup (a unit that regroups at a working airbase
  with a step missing has it replaced at the end, a VP for the enemy; at a disrupted airbase, only if its repair roll
  comes first and succeeds, oc.victory.concept.regroup_replacement_vp: **replacement steps still to score**, and such
  a marker buys nothing then, so it costs a little: :data:`LAST_MARKER`). Once the last bomb can have fallen (from the
  last turn's Ground Operations on), airbases and ground steps score only as they are destroyed or captured or leave
  an objective hex; until then a disrupted base or a reduced unit is still a step towards destroying it. Valued as on
  other turns, a marker looked free, and the 51st Division walked off its objective hex (2 VP) onto the Allies' mobile
  airbase under construction at 0606, for one point in the airbases' count: measured on Wewak as Japan against random
  over seeds 1-100, 84-7-9 before, 94-5-1 after (the nine draws were each a unit marked on turn 2 that lost a step;
  see benchmarks/results/ai.md).

The hidden part (oc.air.airbase.adc_hidden): a side does not see the enemy's airbase displays, only what its
recon disclosed (numbers of fighters and bombers). The scenario's order of battle is public, so each world puts
back on the enemy's displays every enemy aerial unit the side does not see, at full strength, at the display it
started on if that one still hosts units (else at a random enemy display that does), and never more fighters or
bombers at a display than the side's latest recon counted there. A unit the side saw destroyed is not told apart
from one on a display (the view does not keep enemy units that are gone), so the worlds may hold an enemy a unit
or two stronger than it is: the computer errs on the side of caution.
"""

from __future__ import annotations

import copy
import functools
from typing import Any

from ...dice import Rng
from ...engine import Game, GameState, Unit
from ...engine.state import DisplayBox
from ...hexes import Hex
from ..world import generic_resample

TERMS = {
    "vp": ("victory points", "oc.victory.concept.vp_track"),
    "air": ("aerial steps", "oc.victory.concept.regroup_replacement_vp"),
    "bases": ("airbases", "oc.base.victory_default"),
    "objectives": ("objective hexes occupied", "oc.victory.concept.control_by_occupation"),
    "ground": ("ground steps", "oc.components.ground.combat_factor"),
    "advance": ("ground units near enemy airbases and objectives", "oc.air.airbase_capture.by_occupation"),
    "strike": ("bombs on their way", "oc.base.bombing_default"),
    "regroup": ("replacement steps still to score", "oc.victory.concept.regroup_replacement_vp"),
    "hikoshidan": ("11th Hikoshidan VPs still to score", "oc.victory.hikoshidan.destroyed_unit_vp"),
}

LAST_MARKER = 0.1
"""What a regroup marker costs on the last turn, where it can only lose a VP (see :func:`evaluate`)."""
BASE_WORTH = {"working": 3.0, "disrupted": 2.0, "destroyed": 1.0, "under construction": 1.0}


def evaluate(rules: Any, state: GameState, side: str) -> dict[str, float]:
    from ...rulesets.cartwheel import board
    from ...rulesets.cartwheel.closing import hikoshidan_flown
    from ...rulesets.cartwheel.data import HIKOSHIDAN_DESTROYED_VP, HIKOSHIDAN_FLOWN_VP, REPLACEMENT_VP
    from ...rulesets.cartwheel.scoring import totals

    terms = dict.fromkeys(TERMS, 0.0)
    mine = rules.mine(state)
    last = state.turn >= rules.options.turns  # (see the module: the last turn)
    settled = last and state.position in _steps("ground.move")  # no bomb falls from here on
    regrouping = set(mine.regrouping)
    for s, v in totals(rules, state).items():
        terms["vp"] += float(v) if s == side else -float(v)
    enemy_bases: dict[str, list[Hex]] = {s: [] for s in state.sides}
    for b in mine.bases.values():
        if not b.side:
            continue
        if not settled:  # (then a base scores only as destroyed or captured, in "vp")
            terms["bases"] += BASE_WORTH.get(b.status, 0.0) * (1.0 if b.side == side else -1.0)
        if b.hex and b.status in ("working", "disrupted", "under construction"):
            for s in state.sides:
                if s != b.side:
                    enemy_bases[s].append(board.hx(rules, b.hex))
    # objective hexes: their VPs to the side occupying each now (oc.victory.concept.control_by_occupation)
    occupied: dict[Hex, str] = {}
    objectives = [(board.hx(rules, label), float(points)) for label, points in sorted(rules.options.occupation_vp.items())]
    if objectives:
        for u in state.units.values():
            if u.alive and board.is_ground(u) and isinstance(u.at, Hex):
                occupied.setdefault(u.at, u.side)
        for h, points in objectives:
            holder = occupied.get(h)
            if holder is not None:
                terms["objectives"] += points if holder == side else -points
    for u in state.units.values():
        if not u.alive:
            continue
        sign = 1.0 if u.side == side else -1.0
        if board.is_air(u):
            st = mine.air.get(u.id)
            factors = (st.af + st.df + st.bf) if st is not None else 0
            if not last:
                terms["air"] += sign * u.strength * (1.0 + 0.05 * factors)
                continue
            # the last turn: no later regroup replaces a lost step, so a step is worth only what it can still do;
            # a unit marked to regroup that regroups with a step missing has it replaced at the end, a VP for the
            # enemy, and the marker buys nothing then (the game is over), only that risk
            terms["air"] += sign * u.strength * 0.05 * factors
            if u.id in regrouping:
                due = REPLACEMENT_VP / 2 * _regroup_chance(rules, state, u) if u.strength < u.max_strength else 0.0
                terms["regroup"] -= sign * (due + LAST_MARKER)
        elif board.is_ground(u) and isinstance(u.at, Hex):
            if not settled:  # (then a step scores nothing: only the hex the unit stands in does)
                terms["ground"] += sign * u.strength
            targets = enemy_bases.get(u.side, []) + [h for h, _ in objectives if occupied.get(h) != u.side]
            if targets:
                from ...hexes import hex_distance

                terms["advance"] -= sign * 0.05 * min(hex_distance(u.at, h) for h in targets)
    # this turn's 11th Hikoshidan VPs, due to the Allies at Regroup: from its commitment to the reorganization
    if state.position in _steps("events.hikoshidan", "regroup.reorganize", after=True):
        due = HIKOSHIDAN_DESTROYED_VP * len(mine.destroyed_11th)
        if mine.committed:
            due += HIKOSHIDAN_FLOWN_VP * len(hikoshidan_flown(rules, state))
        terms["hikoshidan"] = due / 2 * (1.0 if side == "Allies" else -1.0)
    if mine.strike is not None:
        worth = strike_worth(rules, state, occupied, objectives)
        terms["strike"] = worth if mine.strike.side == side else -worth
    return terms


def strike_worth(rules: Any, state: GameState, occupied: dict[Hex, str], objectives: list[tuple[Hex, float]]) -> float:
    """What the strike being flown is worth to its side if the bombers still in it reach the target: the exact
    chances of 0, 1, 2... bomb hits (each bomber's own roll, oc.base.bombing_default, through the engine's
    ``bomb_hits``), each valued with this module's own terms: an airbase's worth lost and the VPs for destroying it,
    a ground unit's steps and, if it is wiped out, the objective hex it held alone. Scramble, air combat and AA
    still to come are not counted: as they happen, the bombers they turn back leave the count.

    Why: a strike is chosen at one decision and its bombs fall several chance steps and enemy decisions later
    (scramble, interception, air combat, AA), beyond the search's horizon; every target looked the same, and the
    computer struck whichever the rules listed first (Wewak, never the garrison of Lae that closes an objective)."""
    from ...rulesets.cartwheel import combat
    from ...rulesets.cartwheel.data import BASE_DESTROYED_VP
    from ...rulesets.cartwheel.strikes import bombing_factor

    mine = rules.mine(state)
    st = mine.strike
    live = [b for b in st.still_in() if b in state.units and state.units[b].alive]
    if not live:
        return 0.0
    drm = combat.resistance(mine.ground[st.target].cf, rules.options.cf_standard) if st.target in mine.ground else 0
    dist = [1.0]  # the chance of each number of hits so far (a bomber at a time)
    for b in live:
        p = _bomb_chance(bombing_factor(rules, state, b), drm)
        dist = [(dist[k] if k < len(dist) else 0.0) * (1 - p) + (dist[k - 1] * p if k else 0.0)
                for k in range(len(dist) + 1)]
    if st.target in mine.bases:
        b = mine.bases[st.target]
        worth = BASE_WORTH.get(b.status, 0.0)

        def value(hits: int) -> float:
            res = combat.airbase_bombed(hits, b.status == "disrupted", b.status == "under construction")
            if res.status == "removed":
                return worth
            if res.status == "destroyed":
                return worth - BASE_WORTH["destroyed"] + BASE_DESTROYED_VP / 2
            return worth - BASE_WORTH["disrupted"] if res.status == "disrupted" else 0.0
    elif st.target in mine.ground and st.target in state.units:
        u = state.units[st.target]
        held = [points for h, points in objectives if h == u.at and occupied.get(h) == u.side
                and sum(1 for o in state.units.values() if o.alive and o.at == h and o.side == u.side
                        and o.id in mine.ground) == 1]

        def value(hits: int) -> float:
            return min(hits, u.strength) + (sum(held) if hits >= u.strength else 0.0)
    else:
        return 0.0  # a ship: its steps are not in this evaluation
    return sum(p * value(k) for k, p in enumerate(dist))


def _regroup_chance(rules: Any, state: GameState, u: Unit) -> float:
    """The chance a unit marked to regroup does so (the engine's ``regroups``): 1 at a working airbase; at a
    disrupted one, before the turn's repair rolls, the chance its repair roll succeeds (the engine's ``repaired``,
    oc.air.airbase_destruction.repair_roll_default); else 0."""
    from ...rulesets.cartwheel import board
    from ...rulesets.cartwheel.closing import regroups
    from ...rulesets.cartwheel.data import DISRUPTED

    if regroups(rules, state, u):
        return 1.0
    d = board.base_of(u)
    if u.alive and d is not None and rules.mine(state).bases[d].status == DISRUPTED and state.position in _steps(
            last="regroup.repair"):
        return _repair_chance()
    return 0.0


@functools.cache
def _repair_chance() -> float:
    from ...rulesets.cartwheel import combat
    from ...rulesets.cartwheel.odds import chance

    return float(chance(combat.repaired))


@functools.cache
def _steps(first: str | None = None, last: str | None = None, after: bool = False) -> frozenset[str]:
    """A stretch of a turn's steps in the ruleset's order of a turn: from ``first`` (the turn's start if ``None``;
    the step after it if ``after``) to ``last`` (the turn's end if ``None``), both included."""
    from ...rulesets.cartwheel.sequence import TURN

    start = 0 if first is None else TURN.index(first) + after
    end = len(TURN) if last is None else TURN.index(last) + 1
    return frozenset(TURN[start:end])


@functools.cache
def _bomb_chance(bf: int, drm: int) -> float:
    """One bomber's chance of a hit, through the engine's D10 and ``bomb_hits`` (the odds module's ``chance``)."""
    from ...rulesets.cartwheel import combat
    from ...rulesets.cartwheel.odds import chance

    return float(chance(lambda face: combat.bomb_hits(face, bf, drm)))


_SETUPS: dict[tuple[str, str, str], dict[str, Any]] = {}
""":func:`prepare`'s answers, by scenario (its id and text) and side: the set-up is the same for every game of it."""


def prepare(game: Game, side: str) -> dict[str, Any]:
    """What the side knows of the enemy's aerial units from the scenario (public, printed in its order of battle):
    each enemy aerial unit that starts on an enemy airbase display, as the scenario sets it up, with its factors.

    Read from a fresh set-up of the game's scenario, never from the game: where the game started is not public
    (a game that left batch mode, or was built from a position, starts where it then stood, hidden units and
    all). A game without a scenario gives nothing: the worlds then hold only the units the side sees."""
    scenario = game.scenario
    if scenario is None:
        return {}
    key = (scenario.id, scenario.source, side)
    known = _SETUPS.get(key)
    if known is None:
        start = scenario.new_game(0).state  # the set-up rolls no dice: any seed gives it
        mine = game.rules.mine(start)
        known = {u.id: (copy.deepcopy(u), mine.air[u.id]) for u in start.units.values()
                 if u.side != side and u.id in mine.air and isinstance(u.at, DisplayBox)}
        if len(_SETUPS) >= 16:
            _SETUPS.clear()
        _SETUPS[key] = known
    return known  # resample copies what it places; the printed factors are frozen: shared


def resample(rules: Any, view: GameState, side: str, rng: Rng, known: dict[str, Any] | None = None) -> GameState:
    """A world agreeing with the view: the enemy's unseen aerial units put back on its displays (see the module)."""
    from ...rulesets.cartwheel import board
    from ...rulesets.cartwheel.data import BOMBER, DEFAULT_CODE, FIGHTER, READY
    from ...rulesets.cartwheel.state import AirStats

    world = generic_resample(view, rng, [])
    mine = rules.mine(world)
    known = known or {}
    # an enemy aerial unit the side sees without knowing which it is (a recon over a hex, shown by a name of the
    # view's own) gets the factors of an unseen unit of its kind from the order of battle, which is then not
    # placed again on a display
    used: set[str] = set()
    for uid in sorted(world.units):
        u = world.units[uid]
        if not board.is_air(u) or uid in mine.air:
            continue
        match = next((k for k in sorted(known) if k not in world.units and k not in used
                      and known[k][0].kind == u.kind), None)
        if match is not None:
            used.add(match)
            mine.air[uid] = known[match][1]
        else:
            mine.air[uid] = AirStats(code=DEFAULT_CODE.get(u.kind, ""), two_sided=u.max_strength > 1)
    if not known:
        return world
    hosting = sorted(d for d, b in mine.bases.items() if b.side and b.side != side and board.hosts(rules, world, d))
    if not hosting:
        return world
    sighted = mine.intel.get(side, {})
    room = {d: {FIGHTER: sighted[d].fighters, BOMBER: sighted[d].bombers} for d in hosting if d in sighted}
    for d in room:  # the units the side sees there already count against what recon saw
        for u in board.based(world, d):
            if u.kind in room[d]:
                room[d][u.kind] -= 1

    def fits(d: str, u: Unit) -> bool:
        return d not in room or u.kind not in room[d] or room[d][u.kind] > 0

    for uid in sorted(known):
        if uid in world.units or uid in used:
            continue
        start, stats = known[uid]
        home = start.at.display
        choices = [home] if home in hosting and fits(home, start) else [d for d in hosting if fits(d, start)]
        if not choices:
            continue  # recon counted no room for it anywhere: taken as gone
        d = choices[rng.randbelow(len(choices))] if len(choices) > 1 else choices[0]
        u = copy.deepcopy(start)
        u.at = DisplayBox(d, READY)
        world.units[uid] = u
        mine.air[uid] = stats
        if d in room and u.kind in room[d]:
            room[d][u.kind] -= 1
    return world


def hides_more(rules: Any, view: GameState, side: str) -> bool:
    """The enemy's airbase displays are always hidden (oc.air.airbase.adc_hidden)."""
    return True
