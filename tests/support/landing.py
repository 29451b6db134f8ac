"""Landing: the second small example ruleset, on a grid of sea sectors (``docs/adding_a_ruleset.md``).

Two islands lie on a grid of square sea sectors. The landing side (the scenario's first side) carries its
troops aboard transports, lands them, and searches for the defender's troops, which start hidden. A turn:

1. **Plan.** Both sides choose, in secret, the island their support goes to this turn (one more die in its
   fights); neither sees the other's choice until both have chosen.
2. **Missions.** The sides take turns, one mission each: a ship sails to the next sector (its troops with
   it), a troop lands from its ship, boards a ship or marches across its island, or the landing side searches
   the sector one of its units is in (a d6: 4 or more finds every hidden unit there). Each unit flies one
   mission a turn. The phase ends when both sides have passed, one after the other.
3. **Battle.** In every sector where both sides have troops the enemy has seen, both roll at once, one d6 a
   step (5-6 hits); the losses are taken together afterwards, so a unit destroyed still fired.
4. **End.** The landing side wins when it holds both islands at the end of a turn (troops there, and no enemy
   troops, hidden or not); the defender wins if that has not happened by the last turn.

While hidden, a unit's missions reach the enemy only as "Japan moves a hidden unit.": the enemy's view,
log, map and words hold nothing of it (the engine's seats contract, :mod:`hexlab.engine.seats`). Written in
the engine's handler style, in one file: options, actions, typed state and events, the sequence of play as
data, one group of handlers per phase, and the ruleset class with its end condition and view hooks.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from pydantic import Field

from hexlab import rulesets
from hexlab.dice import D6
from hexlab.engine import (
    Aboard,
    Action,
    Context,
    GameState,
    Handlers,
    Location,
    Options,
    Outcome,
    Payload,
    Roll,
    RuleError,
    Ruleset,
    SequenceOfPlay,
    Terrain,
    Unit,
    UnitType,
    phase,
    step,
)
from hexlab.engine.flow import Faces
from hexlab.engine.seats import Alternation
from hexlab.engine.simultaneous import Declarations, Together

CLAUSES = {
    "ld.turn.sequence", "ld.support.secret", "ld.support.die", "ld.missions.alternate", "ld.missions.once",
    "ld.ship.sail", "ld.ship.capacity", "ld.troops.land", "ld.troops.board", "ld.troops.march",
    "ld.hidden.start", "ld.hidden.log", "ld.hidden.board", "ld.search.roll", "ld.combat.together",
    "ld.combat.hits", "ld.victory.islands",
}
handlers = Handlers()


# ------------------------------------------------------------------------------------------- options


class LandingOptions(Options):
    """The scenario's ``[rules]`` table: every number of the example is ours, for play in class."""

    turns: int = Field(default=4, ge=1)
    search_on: int = Field(default=4, ge=1, le=6)
    """A search finds what is hidden on this face or more (ld.search.roll)."""
    hits_on: int = Field(default=5, ge=1, le=6)
    """A combat die hits on this face or more (ld.combat.hits)."""
    support_dice: int = Field(default=1, ge=0)
    """Dice a side adds in the fights on the island its support went to (ld.support.die)."""


# ------------------------------------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class Support(Action):
    """Send this turn's support to an island (chosen in secret)."""

    island: str
    verb = "act"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """A ship sails to the next sector, or a troop marches to the next sector of its island."""

    unit: str
    to: str
    verb = "move"


@dataclass(frozen=True, slots=True)
class Land(Action):
    """A troop goes ashore from its ship, into the island sector the ship lies in."""

    unit: str
    verb = "move"


@dataclass(frozen=True, slots=True)
class Embark(Action):
    """A troop boards a ship of its side in its sector."""

    unit: str
    ship: str
    verb = "move"


@dataclass(frozen=True, slots=True)
class Search(Action):
    """The landing side searches the sector one of its units is in."""

    unit: str
    verb = "act"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """No mission this time (the phase ends when both sides pass, one after the other)."""

    verb = "pass"


# ------------------------------------------------------------------------------------------- typed state


@dataclass(slots=True)
class Looking:
    """The search being rolled: who searches, where."""

    side: str
    sector: str


@dataclass(frozen=True, slots=True)
class Loss:
    """Hits a side takes in a sector, recorded as the dice come in and taken together (ld.combat.together)."""

    sector: str
    side: str
    hits: int


@dataclass(slots=True)
class LandingState:
    support: Declarations[str] | None = None
    """Each side's island for this turn's support, declared in secret (ld.support.secret)."""
    missions: Alternation | None = None
    """The round of missions, alternating until both sides pass in a row (ld.missions.alternate)."""
    done: list[str] = field(default_factory=list)
    """The units that have flown their mission this turn (ld.missions.once)."""
    looking: Looking | None = None
    winner: str | None = None
    reason: str = ""

    def new_turn(self, order: list[str]) -> None:
        """The per-turn facts, afresh: nobody has declared, no round of missions yet, every unit may act."""
        self.support = Declarations(list(order))
        self.missions = None
        self.done = []
        self.looking = None


# ------------------------------------------------------------------------------------------- events
# (kinds are keyed by package, and tests/support is shared with the Boxes ruleset: no name of its here)


@dataclass(frozen=True, slots=True)
class SupportChosen(Payload):
    side: str
    island: str


@dataclass(frozen=True, slots=True)
class SupportShown(Payload):
    chosen: dict[str, str]


@dataclass(frozen=True, slots=True)
class Moved(Payload):
    unit: str
    frm: str
    to: str


@dataclass(frozen=True, slots=True)
class Landed(Payload):
    unit: str
    sector: str


@dataclass(frozen=True, slots=True)
class Embarked(Payload):
    unit: str
    ship: str


@dataclass(frozen=True, slots=True)
class Passed(Payload):
    side: str


@dataclass(frozen=True, slots=True)
class SearchOrdered(Payload):
    unit: str
    sector: str


@dataclass(frozen=True, slots=True)
class Searched(Payload):
    sector: str
    found: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Losses(Payload):
    unit: str
    steps: int


@dataclass(frozen=True, slots=True)
class TurnEnded(Payload):
    turn: int


# ------------------------------------------------------------------------------------------- sequence of play


def declaring(rules: Landing, state: GameState) -> str:
    """The side still to choose its support island: the side whose turn it is first (ld.support.secret)."""
    return rules.mine(state).support.waiting()[0]


def on_mission(rules: Landing, state: GameState) -> str:
    """The side whose mission it is: the round of missions says (ld.missions.alternate)."""
    return rules.mine(state).missions.to_act


SEQUENCE = SequenceOfPlay((
    phase("plan", "Plan", [
        step("support", "Choose where support goes", ["ld.support.secret", "ld.support.die"],
             "Each side picks an island for its support this turn without seeing the other's pick; both picks "
             "are shown once both have chosen.", decider=declaring, accepts=[Support],
             refuse={(Move, Land, Embark, Search, Pass): ("First both sides choose where their support goes "
                                                          "({decider} chooses now).", "ld.support.secret")}),
    ]),
    phase("missions", "Missions", [
        step("mission", "Fly a mission or pass",
             ["ld.missions.alternate", "ld.missions.once", "ld.ship.sail", "ld.ship.capacity", "ld.troops.land",
              "ld.troops.board", "ld.troops.march", "ld.hidden.log", "ld.hidden.board"],
             "The sides take turns: sail a ship, land or board a troop, march across an island, or search. Each "
             "unit flies one mission a turn; the phase ends when both sides have passed in a row.",
             decider=on_mission, next=["missions.search", "battle.fight", "end.hold"],
             accepts=[Move, Land, Embark, Search, Pass],
             refuse={Support: "Support was chosen at the start of the turn; now {decider} flies a mission."}),
        step("search", "Roll the search", ["ld.search.roll", "ld.hidden.start"],
             "One d6: on 4 or more every hidden enemy unit in the sector is found, and stays in sight.",
             kind="dice", next=["missions.mission"]),
    ], repeat="until both sides pass"),
    phase("battle", "Battle", [
        step("fight", "Both sides fire", ["ld.combat.together", "ld.combat.hits", "ld.support.die"],
             "In every sector where both sides have troops in sight, both roll a d6 a step; hits are taken "
             "together afterwards, so a unit destroyed still fired.", kind="dice"),
    ]),
    phase("end", "End of the turn", [
        step("hold", "Who holds the islands", ["ld.victory.islands", "ld.turn.sequence"],
             "The landing side wins holding both islands; after the last turn the defender wins.", kind="auto",
             next=["plan.support"]),
    ]),
))


# ------------------------------------------------------------------------------------------- plan


@handlers.candidates("plan.support")
def offer_support(rules: Landing, state: GameState) -> Iterator[Action]:
    for island in rules.islands():
        yield Support(island)


@handlers.check(Support)
def check_support(rules: Landing, state: GameState, action: Support) -> RuleError | None:
    if action.island not in rules.islands():
        return RuleError(f"Support goes to an island: {', '.join(rules.islands())}.", "ld.support.die")
    return None


@handlers.effect(Support)
def choose_support(rules: Landing, ctx: Context, action: Support) -> None:
    s, mine = ctx.state, rules.mine(ctx.state)
    side = mine.support.waiting()[0]
    mine.support.declare(side, action.island)
    ctx.emit(SupportChosen(side, action.island), f"{side}: support goes to {action.island}.",
             ["ld.support.secret"], side, to=side, public=f"{side}: support chosen, kept secret until both have chosen.")
    if not mine.support.complete:
        return
    chosen = dict(mine.support.chosen)
    ctx.emit(SupportShown(chosen), "Support this turn: " + "; ".join(f"{k} at {v}" for k, v in chosen.items()) + ".",
             ["ld.support.secret"])
    mine.missions = Alternation.start([s.active, s.other(s.active)])
    ctx.advance()


# ------------------------------------------------------------------------------------------- missions


def tell(rules: Landing, ctx: Context, unit: Unit, payload: Payload, text: str, clause: str) -> None:
    """Log a unit's mission: for everyone, or, while the enemy does not see the unit, in full to its own side
    and to the enemy only as a hidden unit moving (ld.hidden.log)."""
    s = ctx.state
    if rules.sees(s, s.other(unit.side), unit):
        ctx.emit(payload, text, [clause], unit.side)
    else:
        ctx.emit(payload, text, [clause, "ld.hidden.log"], unit.side, to=unit.side,
                 public=f"{unit.side} moves a hidden unit.")


def flown(rules: Landing, ctx: Context, unit: Unit) -> None:
    """The unit has flown its mission this turn, and the other side's mission is next."""
    mine = rules.mine(ctx.state)
    mine.done.append(unit.id)
    mine.missions.acted()


@handlers.candidates("missions.mission")
def offer_missions(rules: Landing, state: GameState) -> Iterator[Action]:
    side, done = rules.mine(state).missions.to_act, rules.mine(state).done
    for u in state.units_of(side):
        if u.id in done:
            continue
        if isinstance(u.at, Aboard):
            yield Land(u.id)
        else:
            yield from (Move(u.id, link) for link in rules.board.areas[u.at].links)
        if not rules.is_ship(u):
            yield from (Embark(u.id, ship.id) for ship in state.units_at(u.at) if rules.is_ship(ship))
        if side == rules.landing:
            yield Search(u.id)  # ashore, afloat or from aboard a ship: the sector the unit is in
    yield Pass()


def own_unit(rules: Landing, state: GameState, uid: str) -> tuple[Unit | None, RuleError | None]:
    """The unit a mission names, if the side to act may send it: its own, alive, not yet used this turn."""
    side = rules.mine(state).missions.to_act
    u = state.units.get(uid)
    if u is None or not u.alive or u.side != side:  # the same words whether or not an enemy unit has that id
        return None, RuleError(f"Choose one of {side}'s units.", "ld.missions.alternate")
    if u.id in rules.mine(state).done:
        return None, RuleError(f"{u.id} has flown its mission this turn.", "ld.missions.once")
    return u, None


@handlers.check(Move)
def check_move(rules: Landing, state: GameState, action: Move) -> RuleError | None:
    u, error = own_unit(rules, state, action.unit)
    if u is None:
        return error
    if isinstance(u.at, Aboard):
        return RuleError(f"{u.id} is aboard {u.at.carrier}: land it first.", "ld.troops.march")
    if action.to not in rules.board.areas[u.at].links:
        return RuleError(f"{rules.where(action.to)} is not next to {rules.where(u.at)}.",
                         "ld.ship.sail" if rules.is_ship(u) else "ld.troops.march")
    if not rules.is_ship(u) and (rules.island_of(u.at) is None or rules.island_of(action.to) != rules.island_of(u.at)):
        return RuleError("Troops march only across their own island; to cross the sea, board a ship.",
                         "ld.troops.march")
    return None


@handlers.effect(Move)
def move(rules: Landing, ctx: Context, action: Move) -> None:
    u = ctx.state.units[action.unit]
    frm, u.at = u.at, action.to
    cargo = [c.id for c in ctx.state.aboard(u.id)]  # aboard by reference: they go where it goes
    verb = "sails" if rules.is_ship(u) else "marches"
    text = f"{u.id} {verb} from {rules.where(frm)} to {rules.where(u.at)}"
    text += f" with {', '.join(cargo)} aboard." if cargo else "."
    tell(rules, ctx, u, Moved(u.id, frm, u.at), text, "ld.ship.sail" if rules.is_ship(u) else "ld.troops.march")
    flown(rules, ctx, u)


@handlers.check(Land)
def check_land(rules: Landing, state: GameState, action: Land) -> RuleError | None:
    u, error = own_unit(rules, state, action.unit)
    if u is None:
        return error
    if not isinstance(u.at, Aboard):
        return RuleError(f"{u.id} is not aboard a ship.", "ld.troops.land")
    if rules.island_of(state.place_of(u)) is None:
        return RuleError(f"{u.at.carrier} is at sea in {rules.where(state.place_of(u))}: troops land only on an "
                         "island.", "ld.troops.land")
    return None


@handlers.effect(Land)
def land(rules: Landing, ctx: Context, action: Land) -> None:
    u = ctx.state.units[action.unit]
    ship, u.at = u.at.carrier, ctx.state.place_of(u)
    tell(rules, ctx, u, Landed(u.id, u.at), f"{u.id} lands from {ship} on {rules.where(u.at)}.", "ld.troops.land")
    flown(rules, ctx, u)


@handlers.check(Embark)
def check_embark(rules: Landing, state: GameState, action: Embark) -> RuleError | None:
    u, error = own_unit(rules, state, action.unit)
    if u is None:
        return error
    ship = state.units.get(action.ship)
    if rules.is_ship(u) or isinstance(u.at, Aboard):
        return RuleError(f"{u.id} cannot board: only troops ashore or in a ship's sector board.", "ld.troops.board")
    if ship is None or not ship.alive or ship.side != u.side or not rules.is_ship(ship) or ship.at != u.at:
        return RuleError(f"{u.id} boards a ship of its own side in its sector ({rules.where(u.at)}).",
                         "ld.troops.board")
    if bool(u.attrs.get("hidden")) != bool(ship.attrs.get("hidden")):
        return RuleError("A hidden troop boards only a hidden ship, and a troop in sight only a ship in sight.",
                         "ld.hidden.board")
    room, load, size = rules.capacity(ship), state.load(ship.id, rules.size), rules.size(u)
    if load + size > room:
        return RuleError(f"{ship.id} carries {room}: it has {load} aboard and {u.id} needs {size}.",
                         "ld.ship.capacity")
    return None


@handlers.effect(Embark)
def embark(rules: Landing, ctx: Context, action: Embark) -> None:
    u = ctx.state.units[action.unit]
    u.at = Aboard(action.ship)
    tell(rules, ctx, u, Embarked(u.id, action.ship), f"{u.id} boards {action.ship}.", "ld.troops.board")
    flown(rules, ctx, u)


@handlers.check(Search)
def check_search(rules: Landing, state: GameState, action: Search) -> RuleError | None:
    if rules.mine(state).missions.to_act != rules.landing:
        return RuleError(f"Only the landing side ({rules.landing}) searches: nothing of its own is hidden from "
                         f"{rules.defender}.", "ld.search.roll")
    u, error = own_unit(rules, state, action.unit)
    return error


@handlers.effect(Search)
def search(rules: Landing, ctx: Context, action: Search) -> None:
    u = ctx.state.units[action.unit]
    sector = ctx.state.place_of(u)
    rules.mine(ctx.state).looking = Looking(u.side, sector)
    ctx.emit(SearchOrdered(u.id, sector), f"{u.id} searches {rules.where(sector)}.", ["ld.search.roll"], u.side)
    flown(rules, ctx, u)
    ctx.goto("missions.search")


@handlers.roll("missions.search")
def search_die(rules: Landing, state: GameState) -> Roll:
    look = rules.mine(state).looking
    return Roll.of([(D6, 1)], [f"{look.side} searching {rules.where(look.sector)}"], at=look.sector, by=look.side)


@handlers.resolve("missions.search")
def search_result(rules: Landing, ctx: Context, faces: Faces) -> None:
    s, mine = ctx.state, rules.mine(ctx.state)
    look, mine.looking = mine.looking, None
    where = rules.where(look.sector)
    if faces[0][0] < rules.options.search_on:
        ctx.emit(Searched(look.sector), f"The search of {where} finds nothing.", ["ld.search.roll"], look.side)
    else:  # every hidden enemy unit whose place is the sector: ashore, afloat, or aboard a ship there
        found = [u for u in s.units.values()
                 if u.alive and u.side != look.side and u.attrs.get("hidden") and s.place_of(u) == look.sector]
        for u in found:
            del u.attrs["hidden"]
        names = ", ".join(u.id for u in found)
        ctx.emit(Searched(look.sector, [u.id for u in found]),
                 f"The search of {where} finds {names}." if found else f"The search of {where} finds nobody hidden.",
                 ["ld.search.roll", "ld.hidden.start"], look.side)
    ctx.goto("missions.mission")


handlers.unchecked(Pass)  # a side may always let its mission go (ld.missions.alternate)


@handlers.effect(Pass)
def pass_mission(rules: Landing, ctx: Context, action: Pass) -> None:
    missions = rules.mine(ctx.state).missions
    side = missions.to_act
    missions.passed()
    ended = " Both sides have passed: the missions are over." if missions.over else ""
    ctx.emit(Passed(side), f"{side}: no mission (pass).{ended}", ["ld.missions.alternate"], side)
    if missions.over:
        ctx.goto("battle.fight" if contested(rules, ctx.state) else "end.hold")


# ------------------------------------------------------------------------------------------- battle


def contested(rules: Landing, state: GameState) -> list[tuple[str, str, int]]:
    """``(sector, side, dice)`` for each side in each island sector where both sides have troops ashore that
    the enemy sees (a hidden troop neither fires nor is fired at), in the order of the sectors."""
    out = []
    mine = rules.mine(state)
    for sector in sorted(s for s in rules.board.areas if rules.island_of(s)):
        troops = {side: [u for u in state.units_at(sector) if u.side == side and not rules.is_ship(u)
                         and rules.sees(state, state.other(side), u)] for side in state.sides}
        if all(troops.values()):
            for side in state.sides:
                support = mine.support.chosen.get(side) == rules.island_of(sector)
                dice = sum(u.strength for u in troops[side]) + (rules.options.support_dice if support else 0)
                out.append((sector, side, dice))
    return out


@handlers.roll("battle.fight")
def fight_dice(rules: Landing, state: GameState) -> Roll:
    fights = contested(rules, state)
    sectors = {sector for sector, _, _ in fights}
    return Roll.of([(D6, dice) for _, _, dice in fights], [f"{side} in {rules.where(sector)}" for sector, side, _ in fights],
                   at=next(iter(sectors)) if len(sectors) == 1 else None, by=[side for _, side, _ in fights])


@handlers.resolve("battle.fight")
def fight(rules: Landing, ctx: Context, faces: Faces) -> None:
    s = ctx.state
    losses: Together[Loss] = Together()  # every sector's dice first; no step is lost until all have fired
    for (sector, side, _), rolled in zip(contested(rules, s), faces, strict=True):
        hits = sum(1 for f in rolled if f >= rules.options.hits_on)
        if hits:
            losses.record(Loss(sector, s.other(side), hits))
    for loss in losses.take():
        lost: dict[str, int] = {}
        for _ in range(loss.hits):  # each hit on the strongest troop still standing (then by id)
            standing = [u for u in s.units_at(loss.sector) if u.side == loss.side and not rules.is_ship(u)
                        and rules.sees(s, s.other(u.side), u)]
            if not standing:
                break
            target = min(standing, key=lambda u: (-u.strength, u.id))
            target.strength -= 1
            lost[target.id] = lost.get(target.id, 0) + 1
        for uid, steps in lost.items():
            u = s.units[uid]
            end = "and is destroyed" if not u.alive else f"({u.strength} left)"
            ctx.emit(Losses(uid, steps), f"{uid} loses {steps} step{'s' if steps > 1 else ''} {end}.",
                     ["ld.combat.hits", "ld.combat.together"], u.side)
    ctx.advance()


# ------------------------------------------------------------------------------------------- end of the turn


@handlers.auto("end.hold")
def hold(rules: Landing, ctx: Context) -> None:
    s, mine = ctx.state, rules.mine(ctx.state)
    held = rules.holders(s)
    ctx.emit(TurnEnded(s.turn), f"Turn {s.turn} ends.", ["ld.turn.sequence"])
    taken = sum(1 for side in held.values() if side == rules.landing)
    if taken == len(held):
        mine.winner = rules.landing
        mine.reason = f"the landing side ({rules.landing}) holds both islands after turn {s.turn}"
        return
    if s.turn >= rules.options.turns:
        mine.winner = rules.defender
        mine.reason = f"the landing side ({rules.landing}) holds {taken} of {len(held)} islands after the last turn"
        return
    s.turn += 1
    s.active = s.other(s.active)  # the sides take turns going first
    mine.new_turn([s.active, s.other(s.active)])
    ctx.advance()


# ------------------------------------------------------------------------------------------- the ruleset


class Landing(Ruleset[LandingState]):
    id = "landing"
    name = "Landing (example ruleset)"
    board_kinds = ("area",)
    sequence = SEQUENCE
    handlers = handlers
    actions = (Support, Move, Land, Embark, Search, Pass)
    state_type = LandingState
    terrain = {"sea": Terrain("sea", "Sea", "ocean"), "island": Terrain("island", "Island", "jungle")}
    unit_types = {
        "transport": UnitType("transport", "Transport", "transport", "steps", 1, {"capacity": 2}),
        "barge": UnitType("barge", "Barge", "transport", "steps", 1, {"capacity": 1}),
        "regiment": UnitType("regiment", "Regiment", "marine", "steps", 3, {"size": 2}),
        "battalion": UnitType("battalion", "Battalion", "infantry", "steps", 2, {"size": 1}),
    }
    options_model = LandingOptions
    clauses = frozenset(CLAUSES)
    options: LandingOptions

    # ----------------------------------------------------------------------- the game's facts
    @property
    def landing(self) -> str:
        """The side that lands and searches: the scenario's first side."""
        return self.first or self.sides[0]

    @property
    def defender(self) -> str:
        return next(s for s in self.sides if s != self.landing)

    def is_ship(self, unit: Unit) -> bool:
        return "capacity" in self.unit_types[unit.kind].stats

    def capacity(self, ship: Unit) -> int:
        return int(self.unit_types[ship.kind].stats["capacity"])

    def size(self, unit: Unit) -> int:
        """What a troop weighs aboard (``state.load(ship, rules.size)`` sums it): ld.ship.capacity."""
        return int(self.unit_types[unit.kind].stats.get("size", 1))

    def island_of(self, sector: object) -> str | None:
        """The island a sector is part of (its ``island`` attr, else its name), or ``None`` at sea."""
        area = self.board.areas.get(sector) if isinstance(sector, str) else None
        if area is None or area.terrain != "island":
            return None
        return str(area.attrs.get("island", area.name))

    def islands(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for sector in sorted(self.board.areas):
            island = self.island_of(sector)
            if island is not None:
                out.setdefault(island, []).append(sector)
        return out

    def holders(self, state: GameState) -> dict[str, str | None]:
        """Each island's holder: the one side with troops ashore on it, hidden or not (ld.victory.islands)."""
        out: dict[str, str | None] = {}
        for island, sectors in self.islands().items():
            sides = {u.side for u in state.units.values() if u.alive and u.at in sectors and not self.is_ship(u)}
            out[island] = next(iter(sides)) if len(sides) == 1 else None
        return out

    # ----------------------------------------------------------------------- the game's start and end
    def validate_scenario(self, scenario: Any) -> list[tuple[str, str]]:
        problems: list[tuple[str, str]] = []
        if len(self.islands()) != 2:
            problems.append(("board.sector", f"two islands are needed, found {len(self.islands())}"))
        units = {u.id: u for u in scenario.units}
        for i, u in enumerate(scenario.units):
            if u.attrs.get("hidden") and u.side == self.landing:
                problems.append((f"unit[{i}].attrs.hidden", f"only {self.defender} start hidden (ld.hidden.start)"))
            if isinstance(u.at, Aboard) and not self.is_ship(units[u.at.carrier]):
                problems.append((f"unit[{i}].at", f"{u.at.carrier} is not a ship"))
        return problems

    def setup(self, ctx: Context) -> None:
        s = ctx.state
        s.rules_state = LandingState()
        s.rules_state.new_turn([s.active, s.other(s.active)])

    def end_if(self, state: GameState) -> Outcome | None:
        """Decided at the end of a turn (ld.victory.islands): the hold step writes the verdict."""
        mine = self.mine(state)
        return None if mine.winner is None else Outcome(mine.winner, mine.reason, ("ld.victory.islands",))

    def invariants(self, state: GameState) -> list[str]:
        broken = super().invariants(state)
        for u in state.units.values():
            if self.is_ship(u) and state.load(u.id, self.size) > self.capacity(u):
                broken.append(f"{u.id} carries {state.load(u.id, self.size)}, over {self.capacity(u)}")
            if isinstance(u.at, Aboard):
                ship = state.units[u.at.carrier]
                if not self.is_ship(ship) or ship.side != u.side:
                    broken.append(f"{u.id} is aboard {ship.id}, not a ship of its own")
                if u.alive and bool(u.attrs.get("hidden")) != bool(ship.attrs.get("hidden")):
                    broken.append(f"{u.id} and its ship {ship.id} are not both hidden or both in sight")
            if u.attrs.get("hidden") and u.side != self.defender:
                broken.append(f"{u.id} is hidden but belongs to {u.side}")
        return broken

    # ----------------------------------------------------------------------- what a seat sees
    def sees(self, state: GameState, side: str, unit: Unit) -> bool:
        """Its own units; an enemy's once found (ld.hidden.start, ld.search.roll), and troops aboard a ship
        only when it sees the ship. (The engine's default says the same; written out, it is this game's rule.)"""
        if unit.side == side:
            return True
        if unit.attrs.get("hidden"):
            return False
        if isinstance(unit.at, Aboard):
            ship = state.units.get(unit.at.carrier)
            return ship is not None and self.sees(state, side, ship)
        return True

    def hide(self, rules_state: LandingState, state: GameState, side: str) -> LandingState:
        """Which hidden units have flown a mission is theirs to know; the other side's support island stays
        secret until both have chosen (ld.hidden.log, ld.support.secret)."""
        rules_state.done = [uid for uid in rules_state.done if self.sees(state, side, state.units[uid])]
        if rules_state.support is not None:
            rules_state.support.hide_from(side)
        return rules_state

    # ----------------------------------------------------------------------- words
    def where(self, at: Location) -> str:
        area = self.board.areas.get(at) if isinstance(at, str) else None
        return area.title if area is not None else super().where(at)

    def clock(self, state: GameState) -> str:
        return f"Turn {state.turn} of {self.options.turns}"

    def describe(self, state: GameState, action: Action) -> str:
        if isinstance(action, Support):
            return f"Send support to {action.island}"
        if isinstance(action, Pass):
            return "Pass (no mission)"
        unit = state.units.get(getattr(action, "unit", ""))
        if unit is None:
            return repr(action)
        if isinstance(action, Move):
            return f"{'Sail' if self.is_ship(unit) else 'March'} {unit.id} to {self.where(action.to)}"
        if isinstance(action, Embark):
            return f"Board {unit.id} onto {action.ship}"
        if isinstance(action, Land):
            return f"Land {unit.id} on {self.where(state.place_of(unit))}"
        return f"Search {self.where(state.place_of(unit))} with {unit.id}"

    def action_location(self, state: GameState, action: Action) -> Location:
        """Where a landing, a boarding or a search happens: the unit's sector (a move: where it goes)."""
        unit = getattr(action, "unit", None)
        if isinstance(action, Move) or unit not in state.units:
            return super().action_location(state, action)
        return state.place_of(unit)


rulesets.register(Landing)
