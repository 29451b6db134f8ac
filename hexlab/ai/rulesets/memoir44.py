"""What the computer values in Memoir '44, and how it deals the cards it cannot see.

The evaluation, for one side, is its own account minus the enemy's, in medal points:

- **medals** (m44.victory.medals.target): 10 points each, and 5 more when one medal short of winning;
- **figures** (m44.victory.medal.last_figure): each unit is worth 3 points at full strength, in proportion to
  the figures it has left (its last figure is also the enemy's medal, counted by the threat below);
- **attacks to come**: each unit's best attack from where it stands: the dice it would roll
  (m44.range.*, the target's terrain m44.terrain.general.best_reduction, sight m44.los.required, forced close
  assault m44.battle.close_assault.forced), through the exact hit distribution of the battle dice
  (m44.resolve.hit.matching), as expected figures plus the chance to take the last figure (a medal). It
  counts in full for a unit ordered and not yet battled this turn (m44.order.only_ordered_act), for the
  units the card just played may still order (m44.order.units.announce: the best ones, as many as the card
  orders), and only in part for the others (they need a card first);
- **exposure** is the same computed from the enemy's side: what the enemy's units could do to each of ours
  where it stands; a side that ends its turn with units open to a medal pays for it. The side not playing
  now plays the next card (m44.turn.sequence.phases), so its best few attacks count for half, not the small
  share of "later";
- **closing in**: a unit with no target in range loses a little for each hex it is away from the nearest
  enemy (units far from the fight win no medals).

The cards (m44.setup.hand_size): the enemy's hand, the deck's order and a card under an enemy Commissar
chip are dealt from the standard deck minus the cards the side can see (its hand, the discards).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any
from weakref import WeakKeyDictionary

from ...dice import Rng
from ...engine import GameState, Unit
from ...engine.seats import HIDDEN
from ...hexes import Hex, hex_distance, sight_line
from ..world import generic_resample, unseen_cards

MEDAL = 10.0
FIGURES = 3.0
NOW, CARD, LATER = 0.9, 0.7, 0.15
"""How much of a unit's best attack counts: ordered this turn, orderable by the card just played, later."""
NEXT, NEXT_UNITS = 0.5, 3
"""The side that is not playing now plays the next card: its best ``NEXT_UNITS`` attacks (a section card orders
two to four units) count at ``NEXT`` (attacks on one unit no more than it is worth), the rest at ``LATER``. At
``LATER`` alone, a unit that walked out of its sandbags into reach of three enemy units paid almost nothing for
it, and the Tenaru Marines lost their line so."""

TERMS = {
    "medals": ("medals", "m44.victory.medals.target"),
    "figures": ("figures left", "m44.victory.medal.last_figure"),
    "attacks": ("attacks to come", "m44.resolve.hit.matching"),
    "exposure": ("units open to enemy fire", "m44.range.infantry.d1"),
    "closing": ("closing with the enemy", "m44.move.infantry.range"),
}


@lru_cache(maxsize=4096)
def _attack_value(dice: int, target_kind: str, figures: int) -> tuple[float, float]:
    """(expected figures taken, probability of taking the last one) for ``dice`` battle dice."""
    from ...rulesets.memoir44.odds import hit_flag_dist

    if dice <= 0:
        return 0.0, 0.0
    dist = hit_flag_dist(dice, target_kind)
    hits = sum(float(p) * min(h, figures) for (h, _), p in dist.items())
    kill = sum(float(p) for (h, _), p in dist.items() if h >= figures)
    return hits, kill


@lru_cache(maxsize=65536)
def _lines(a: Hex, b: Hex) -> tuple[tuple[Hex, ...], tuple[Hex, ...]]:
    """The interiors of the two traced lines between two hex centres (m44.los.line.centres,
    m44.los.edge.both_sides), as :func:`hexlab.hexes.line_of_sight` traces them (``exact=True``)."""
    line = sight_line(a, b, exact=True)
    return tuple(line.plus[1:-1]), tuple(line.minus[1:-1])


_DICE: WeakKeyDictionary[Any, dict[tuple[Any, ...], int]] = WeakKeyDictionary()
_ATTACKS: WeakKeyDictionary[Any, dict[tuple[Any, ...], tuple[float, str | None]]] = WeakKeyDictionary()


class Sight:
    """Line of sight and battle dice for one state, read the way ``board.Field.sight`` and
    ``combat.reach_error`` read them (m44.los.block.terrain, .unit; m44.los.endpoints), made fast for the
    many questions an evaluation asks: the traced lines are cached per pair of hexes, the occupied hexes
    are a set, and the dice per attacker, target and the facts they depend on. ``tests/test_ai_memoir44.py``
    checks it agrees with ``reach_error`` and ``battle_dice``."""

    def __init__(self, rules: Any, state: GameState) -> None:
        self.rules = rules
        self.fld = rules.field
        self.state = state
        self.occupied = {u.at for u in state.units.values() if u.alive and isinstance(u.at, Hex)}
        self.dice_cache = _DICE.setdefault(rules, {})
        self.attack_cache = _ATTACKS.setdefault(rules, {})
        self._signature: tuple[Any, ...] | None = None

    def signature(self) -> tuple[Any, ...]:
        """What sight and dice depend on beyond the two units: the occupied hexes and the hexes' features
        (an attack's value is cached under it, so it is worked out once for the many states that share it)."""
        if self._signature is None:
            feats = tuple(sorted((h, tuple(v)) for h, v in self.state.features.items() if v))
            self._signature = (frozenset(self.occupied), feats)
        return self._signature

    def blocks(self, h: Hex, frm: Hex, to: Hex) -> bool:
        fld = self.fld
        if h not in fld.board.terrain:
            return False
        if h in self.occupied:
            return True
        terrain = fld.terrain(h)
        if terrain.blocks_los:
            if terrain.height:
                g = fld.hill_groups.get(h)
                if g is not None and fld.hill_groups.get(frm) == g and fld.hill_groups.get(to) == g:
                    return False
            return True
        return any(o.blocks_los for o in fld.obstacles(self.state, h))

    def clear(self, frm: Hex, to: Hex) -> bool:
        if hex_distance(frm, to) <= 1:
            return True
        plus, minus = _lines(frm, to)
        return not (any(self.blocks(h, frm, to) for h in plus) and any(self.blocks(h, frm, to) for h in minus))

    def dice(self, a: Unit, t: Unit) -> int:
        from ...rulesets.memoir44.combat import battle_dice

        feats = self.state.features
        key = (a.kind, self.fld.facts(a).nation, a.strength >= 4, a.at, t.at, t.side,
               tuple(feats.get(a.at, ())), tuple(feats.get(t.at, ())))
        n = self.dice_cache.get(key)
        if n is None:
            n = battle_dice(self.fld, self.state, a, t).count
            if len(self.dice_cache) < 200_000:
                self.dice_cache[key] = n
        return n


def best_attacks(rules: Any, state: GameState, attackers: list[Unit], targets: list[Unit],
                 sight: Sight | None = None, nearest: dict[str, int] | None = None) -> dict[str, tuple[float, str | None]]:
    """Each attacker's best attack from where it stands: (value in points, target id). Range
    (m44.range.*), forced close assault (m44.battle.close_assault.forced), sight (m44.los.required, not
    for artillery), then the dice and their exact hits. ``nearest``, if given, gets each attacker's
    distance to the nearest target."""
    from ...rulesets.memoir44.data import ARTILLERY, RANGE_DICE

    sight = sight or Sight(rules, state)
    out: dict[str, tuple[float, str | None]] = {}
    spots = [(t.at[0], t.at[1], t) for t in targets if isinstance(t.at, Hex)]
    for a in attackers:
        if not isinstance(a.at, Hex):
            continue
        reach = len(RANGE_DICE.get(a.kind, ()))
        q, r = a.at[0], a.at[1]
        near = []
        closest = 99
        for tq, tr, t in spots:
            dq, dr = q - tq, r - tr
            d = (abs(dq) + abs(dr) + abs(dq + dr)) // 2  # hex_distance, inlined: the evaluation's hot loop
            if d < closest:
                closest = d
            if d <= reach:
                near.append((d, t))
        if nearest is not None:
            nearest[a.id] = closest if spots else 0
        if any(d == 1 for d, _ in near):
            near = [(d, t) for d, t in near if d == 1]  # forced close assault
        key = (a.id, a.kind, a.strength, a.at, tuple((t.id, t.at, t.strength) for _, t in near), sight.signature())
        found = sight.attack_cache.get(key)
        if found is None:
            best, whom = 0.0, None
            for d, t in near:
                if d > 1 and a.kind != ARTILLERY and not sight.clear(a.at, t.at):
                    continue
                hits, kill = _attack_value(sight.dice(a, t), t.kind, t.strength)
                value = hits * FIGURES / max(1, t.max_strength) + kill * MEDAL
                if value > best:
                    best, whom = value, t.id
            found = (best, whom)
            if len(sight.attack_cache) < 200_000:
                sight.attack_cache[key] = found
        out[a.id] = found
    return out


def _orderable(rules: Any, state: GameState) -> tuple[list[str], int]:
    """At the order step: the units the card may still order, and how many more it orders."""
    from ...rulesets.memoir44.actions import Order
    from ...rulesets.memoir44.orders import check_order
    from ...rulesets.memoir44.tactics import slots

    t = state.rules_state.turn
    counts = [s.count for s in slots(rules, state)]
    room = 99 if any(c is None for c in counts) else sum(c for c in counts if c is not None) - len(t.ordered)
    units = [u.id for u in state.units_of(state.active)
             if u.id not in t.ordered and check_order(rules, state, Order(u.id)) is None]
    return units, max(0, room)


def _next_card_threat(attacks: dict[str, tuple[float, str | None]], targets: list[Unit]) -> float:
    """What the side that plays the next card threatens: its best ``NEXT_UNITS`` attacks at ``NEXT``. Attacks on
    the same unit add up only to what that unit is worth (its figures and its medal): a unit can be lost once,
    however many enemy units could fire at it."""
    worth = {t.id: FIGURES * t.strength / max(1, t.max_strength) + MEDAL for t in targets}
    on: dict[str, float] = {}
    for uid in sorted(attacks, key=lambda uid: -attacks[uid][0])[:NEXT_UNITS]:
        value, whom = attacks[uid]
        if whom is not None:
            on[whom] = on.get(whom, 0.0) + value
    return NEXT * sum(min(v, worth.get(whom, v)) for whom, v in on.items())


def evaluate(rules: Any, state: GameState, side: str) -> dict[str, float]:
    other = state.other(side)
    mine = state.rules_state
    terms = dict.fromkeys(TERMS, 0.0)
    for s, sign in ((side, 1.0), (other, -1.0)):
        medals = state.score.get(s, 0)
        value = medals * MEDAL + (MEDAL / 2 if medals == rules.medal_target(s) - 1 else 0.0)
        terms["medals"] += sign * value
    units = {s: state.units_of(s) for s in state.sides}
    for u in units[side]:
        terms["figures"] += FIGURES * u.strength / max(1, u.max_strength)
    for u in units[other]:
        terms["figures"] -= FIGURES * u.strength / max(1, u.max_strength)
    active = state.active
    turn = mine.turn
    phase = state.phase_id
    sight = Sight(rules, state)
    for s in (side, other):
        foe = state.other(s)
        nearest: dict[str, int] = {}
        attacks = best_attacks(rules, state, units[s], units[foe], sight, nearest)
        weights = dict.fromkeys(attacks, LATER)
        extra = 0.0
        if s != active:  # it plays the next card (m44.turn.sequence.phases)
            extra = _next_card_threat(attacks, units[foe])
            # those attacks are counted by the line above: the others count at LATER
            for uid in sorted(attacks, key=lambda uid: -attacks[uid][0])[:NEXT_UNITS]:
                weights[uid] = 0.0
        elif phase in ("order", "move", "battle", "again"):
            for uid in turn.ordered:
                if uid in weights and uid not in turn.battled:
                    weights[uid] = NOW
            if state.position == "order.announce":
                can, room = _orderable(rules, state)
                ranked = sorted(can, key=lambda uid: -attacks.get(uid, (0.0, None))[0])
                for uid in ranked[:room]:
                    weights[uid] = CARD
        total = extra + sum(weights[uid] * v for uid, (v, _) in attacks.items())
        terms["attacks" if s == side else "exposure"] += total if s == side else -total
        for u in units[s]:
            if attacks.get(u.id, (0.0, None))[1] is None and isinstance(u.at, Hex):
                near = nearest.get(u.id, 0)
                terms["closing"] += (-0.08 if s == side else 0.08) * max(0, near - 2)
    return terms


def composition(rules: Any) -> list[str]:
    from ...rulesets.memoir44.cards import standard_deck

    return standard_deck()


def resample(rules: Any, view: GameState, side: str, rng: Rng) -> GameState:
    """Deal the enemy's hand, the deck and any hidden card under a chip from the cards the side has not
    seen; the recon cards being chosen from (seen only by the side choosing) likewise. The pile under the
    Commissar chips is face down in every view, but a side knows its own chip's card: it is put back there,
    and only the enemy's is dealt (m44.nation.soviet.commissar.play_from_chip)."""
    mine = view.rules_state
    owners = sorted(o for o, c in mine.chip.items() if c)
    in_pile = len(view.decks.get("chip", [])) == len(owners)
    if in_pile:
        view.decks["chip"] = [mine.chip[o] for o in owners]  # its own card as it knows it, the enemy's face down
    known_chip = [] if in_pile else [c for c in mine.chip.values() if c and c != HIDDEN]
    known_keep = [c for c in mine.keep if c != HIDDEN]
    unseen = unseen_cards(composition(rules), view, known_chip + known_keep)
    keep_hidden = [i for i, c in enumerate(mine.keep) if c == HIDDEN]
    world = generic_resample(view, rng, unseen)
    extra = []
    if in_pile:
        for owner, card in zip(owners, world.decks["chip"], strict=True):
            mine.chip[owner] = card
    else:
        extra = [k for k, c in mine.chip.items() if c == HIDDEN]
    # what generic_resample did not fill: a chip off the pile and the recon cards, from the rest of the unseen
    left = unseen_cards(composition(rules), world, known_chip + known_keep)
    rng.shuffle(left)
    for owner in extra:
        mine.chip[owner] = left.pop() if left else None
    for i in keep_hidden:
        mine.keep[i] = left.pop() if left else mine.keep[i]
    return world


EXACT_OUTCOMES = 252
"""Memoir '44's battles roll at most six dice here (210 outcomes of the five symbols), so every one is listed."""


def shape(level: Any) -> Any:
    """A named level fitted to Memoir '44: every battle's dice searched outcome by outcome, exactly (a level
    lists rolls of up to 80 outcomes and samples past that; a five-dice battle has 126). Listing them costs about
    what 12 samples did here (measured on Tenaru's positions: CPU per decision 0.074 s and 0.080 s); elsewhere,
    listing up to 252 cost the search its depth (``benchmarks/results/ai.md``, 25 November, fifth sitting)."""
    from dataclasses import replace

    return level if level.exact_outcomes >= EXACT_OUTCOMES else replace(level, exact_outcomes=EXACT_OUTCOMES)


def hides_more(rules: Any, view: GameState, side: str) -> bool:
    mine = view.rules_state
    return any(c == HIDDEN for c in mine.chip.values()) or any(c == HIDDEN for c in mine.keep)
