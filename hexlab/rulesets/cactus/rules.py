"""Cactus Air Force: Ground Combat (ruleset id ``cactus``): what each action and step does (clauses in
../shared/rules/cactus_ground.toml).

Four boxes, two small armies. Every hour each side may move ground units that have not moved this turn,
straight to another box: overland along a land link, by sea (fighter cover over the whole route) into an
empty or friendly box, or by amphibious invasion into an enemy box. Then every box holding both sides is
fought over: both roll their counters' dice at once, 6s cost the other side a step, and any defender 5 throws
an overland attacker back where it came from or costs a seaborne one a step more. The Japanese may make
Banzai attacks (double dice, a step lost after). A box changes hands only when all the enemy's steps there are
gone and one of the attacker's is left. Then the air: bombers raid boxes (the troops or the installation) and
the side holding a box fires AA. At the end of a turn every box held alone scores 1 VP, and each side may
trade an air refit for one ground step. Japanese troops alone in Guadalcanal win the game at once.

The variant leaves the base game's numbers to the base game: the turns and hours, the fighters and bombers,
the bombing and AA rolls, the refits; the scenario gives them (:class:`CactusOptions`) and lists them as
illustrative. The actions and options are in ``actions.py``, the sequence of play in ``sequence.py``, the
counters in ``counters.py``, the boxes, routes, air cover and FLAK in ``board.py``; the combat function is
``combat.hour_result``; the odds (one hour, and whole battles) are in ``odds.py``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...dice import D6
from ...engine import Action, Context, GameState, RuleError, Ruleset, Terrain, UnitType
from ...engine.state import Location, Unit
from ...hexes import Hex
from ...odds import OddsReport
from .actions import (
    HOWS,
    Banzai,
    CactusOptions,
    EndMoves,
    EndRaids,
    EndRefit,
    Fight,
    Move,
    Raid,
    Refit,
    TakeLoss,
)
from .board import STACK_LIMIT, TARGET_VP, Ground
from .catalog import CLAUSES
from .combat import GROUND_D6, hour_result, rolled_dice
from .counters import COUNTERS, KINDS, counters_aside, face_attrs, face_text
from .odds import CactusOdds, hour_report
from .sequence import SEQUENCE, STEP_ACTIONS

MOVE_CLAUSES = {
    "overland": ["caf.movement.option.overland", "caf.movement.overland_connections",
                 "caf.air.cover.not_needed_overland", "caf.movement.direct_location_to_location"],
    "transport": ["caf.movement.option.naval_transport", "caf.movement.sea_move_ends_in_destination",
                  "caf.movement.direct_location_to_location"],
    "invasion": ["caf.movement.option.amphibious_invasion", "caf.movement.may_enter_enemy_box",
                 "caf.movement.sea_move_ends_in_destination"],
}
HOW_WORDS = {"overland": "overland", "transport": "by naval transport", "invasion": "by amphibious invasion"}
GUADALCANAL = "guadalcanal"


class Cactus(Ruleset):
    id = "cactus"
    name = "Cactus Air Force: Ground Combat"
    sequence = SEQUENCE
    actions = (Move, EndMoves, Banzai, Fight, TakeLoss, Raid, EndRaids, Refit, EndRefit)
    board_kinds = ("area",)
    terrain = {
        "sea": Terrain("sea", "Sea", "sea", ("caf.air.cover.required_for_sea_moves",),
                       "A box of open sea: sea moves pass through, under fighter cover."),
        "jungle": Terrain("jungle", "Island (jungle)", "jungle", ("caf.movement.overland_connections",),
                          "Land. Ground units stand only in the four boxes; the land links join them."),
        "airfield": Terrain("airfield", "Airfield", "airfield", ("caf.air.advanced_flak.airstrips",),
                            "An airstrip: with advanced FLAK it fires the AA printed for it."),
    }
    unit_types = {
        k.id: UnitType(k.id, k.title, k.symbol, "steps", k.max_steps, {"nation": k.nation, "chain": list(k.chain)})
        for k in KINDS.values()
    }
    options_model = CactusOptions
    clauses = frozenset(CLAUSES)
    dice_kinds = (GROUND_D6,)
    odds_cli = CactusOdds()

    def __init__(self, board, options, sides=(), first=None):
        super().__init__(board, options, sides, first)
        self.options: CactusOptions = options if options is not None else CactusOptions()
        self.sides = list(self.sides) or ["US Marines", self.options.japanese]
        self.first = self.first or self.sides[0]
        self.ground = Ground(board, self.options, self.sides)
        self.japanese = self.options.japanese
        self.guadalcanal = GUADALCANAL

    # =========================================================================================== setup
    def validate_scenario(self, scenario) -> list[tuple[str, str]]:
        problems: list[tuple[str, str]] = []
        opts = self.options
        sides = list(scenario.meta.sides)
        if len(sides) != 2:
            return [("scenario.sides", "the ground variant is for two sides, the Allies and the Japanese")]
        if opts.japanese not in sides:
            problems.append(("rules.japanese", f"{opts.japanese!r} is not one of the sides {sides}"))
        areas = self.board.areas
        for name, groups in (("fighters", opts.fighters), ("bombers", opts.bombers)):
            seen: set[str] = set()
            for i, g in enumerate(groups):
                path = f"rules.{name}[{i}]"
                if g.id in seen:
                    problems.append((f"{path}.id", f"group {g.id!r} is listed twice"))
                seen.add(g.id)
                if g.side not in sides:
                    problems.append((f"{path}.side", f"{g.side!r} is not one of the sides {sides}"))
                try:
                    self.board.parse(g.base)
                except ValueError as exc:
                    problems.append((f"{path}.base", str(exc)))
                for j, h in enumerate(g.hours):
                    if not 1 <= h <= opts.hours:
                        problems.append((f"{path}.hours[{j}]", f"hours run from 1 to {opts.hours}"))
        for side, boxes in opts.targets.items():
            if side not in sides:
                problems.append((f"rules.targets.{side}", f"no side {side!r} (sides: {sides})"))
            for j, box in enumerate(boxes):
                if box not in areas:
                    problems.append((f"rules.targets.{side}[{j}]", f"no area {box!r} on this map"))
        for side, n in opts.air_refits.items():
            if side not in sides:
                problems.append((f"rules.air_refits.{side}", f"no side {side!r} (sides: {sides})"))
            if n < 0:
                problems.append((f"rules.air_refits.{side}", "air refits cannot be negative"))
        steps: dict[tuple[str, str], int] = {}
        for i, u in enumerate(scenario.units):
            path = f"unit[{i}]"
            kind = KINDS[u.kind]
            if (u.side == opts.japanese) != (kind.nation == "japanese"):
                problems.append((f"{path}.type", f"a {kind.title} unit belongs to the "
                                                 f"{'Japanese' if kind.nation == 'japanese' else 'Allied'} side"))
            if not isinstance(u.at, str):
                problems.append((f"{path}.at", "every ground unit starts in one of the boxes "
                                               "(caf.movement.locations.four_boxes_only)"))
                continue
            if u.max_strength != kind.max_steps:
                problems.append((f"{path}.max_strength", f"a {kind.title} has {kind.max_steps} steps at full strength"))
            steps[(u.at, u.side)] = steps.get((u.at, u.side), 0) + u.strength
            if steps[(u.at, u.side)] > STACK_LIMIT:
                problems.append((f"{path}.at", f"{u.side} would have {steps[(u.at, u.side)]} steps in {u.at}: at most "
                                               f"{STACK_LIMIT} (caf.stacking.four_steps_per_box)"))
            came = u.attrs.get("came_from")
            if came is not None and came not in areas:
                problems.append((f"{path}.attrs.came_from", f"no area {came!r} on this map"))
            sea = u.attrs.get("seaborne")
            if sea is not None and not isinstance(sea, bool):
                problems.append((f"{path}.attrs.seaborne", "true or false"))
        for box in areas:
            here = [u for u in scenario.units if u.at == box]
            if len({u.side for u in here}) > 1:
                attackers = {u.side for u in here if u.attrs.get("came_from") is not None or u.attrs.get("seaborne")}
                if len(attackers) != 1:
                    problems.append(("unit", f"{box} starts contested: mark the attacking side's units with "
                                             "attrs came_from (overland) or seaborne = true, and only that side's "
                                             "(caf.combat.attacker_defender_roles)"))
        return problems

    def setup(self, ctx: Context) -> None:
        s = ctx.state
        first = self.first
        order = [first, next(x for x in s.sides if x != first)]
        fights: dict[str, dict[str, str]] = {}
        pinned: dict[str, str] = {}
        for box in self.ground.boxes:
            if self.ground.contested(s, box):
                att = next(u.side for u in self.ground.units_in(s, box)
                           if u.attrs.get("came_from") is not None or u.attrs.get("seaborne"))
                fights[box] = {"attacker": att, "defender": self.ground.other(att)}
                for u in self.ground.units_in(s, box):
                    pinned[u.id] = box
        for u in s.units.values():
            attacking = u.at in fights and fights[u.at]["attacker"] == u.side
            u.attrs.update(face_attrs(u.kind, u.strength))
            u.attrs["came_from"] = u.attrs.get("came_from") if attacking else None
            u.attrs["seaborne"] = bool(u.attrs.get("seaborne")) if attacking else False
        s.vars = {
            "order": order, "hour": 1, "done": [], "moved": [], "fights": fights, "battles": [], "battle": None,
            "allocate": None, "raided": [], "raid": None, "refitted": [],
            "air_refits": {side: self.options.air_refits.get(side, 1) for side in s.sides},
            "bombed": {side: [] for side in s.sides}, "awards": [], "bonus": [], "pinned": pinned,
        }
        placed = "; ".join(f"{u.id} ({face_text(u.kind, u.strength)}) in {self.where(u.at)}" for u in s.units.values())
        clauses = ["caf.setup.allied.mar1_guadalcanal", "caf.setup.allied.mar1_res_beach_red",
                   "caf.setup.japan.snlf_cape_esperance", "caf.setup.japan.snlf_munda"]
        ctx.event("Setup", f"Set up: {placed}.", clauses, None)
        aside = counters_aside(s.units.values())
        words = ", ".join(f"{n} x {COUNTERS[c].name} {COUNTERS[c].front}/{COUNTERS[c].back}" for c, n in aside.items() if n)
        ctx.event("CountersAside", f"Held aside until losses call for them: {words}.",
                  ["caf.setup.reduced_counters_held_aside", "caf.components.counters.blank_counters_required"], None,
                  aside=aside)
        for box, f in fights.items():
            ctx.event("BattleJoined", f"{f['attacker']} are attacking {f['defender']} in {self.where(box)}.",
                      ["caf.combat.attacker_defender_roles", "caf.combat.trigger.opposing_units_share_box"],
                      f["attacker"], box=box)
        self._sudden_death(ctx)
        if s.result is None:
            self._begin_hour(ctx)

    # =========================================================================================== helpers
    def dice_of(self, u: Unit) -> int:
        """The left number of the face up: dice rolled in ground combat (caf.components.counters.left_number_is_dice)."""
        return KINDS[u.kind].dice(u.strength)

    def hour(self, state: GameState) -> int:
        return int(state.vars["hour"])

    def attackers(self, state: GameState, box: str) -> list[Unit]:
        f = state.vars["fights"].get(box)
        return self.ground.units_in(state, box, f["attacker"]) if f else []

    def defenders(self, state: GameState, box: str) -> list[Unit]:
        f = state.vars["fights"].get(box)
        return self.ground.units_in(state, box, f["defender"]) if f else []

    def _move_candidates(self, state: GameState, side: str) -> Iterator[Move]:
        for u in state.units_of(side):
            for box in self.ground.boxes:
                if box != u.at:
                    for how in HOWS:
                        yield Move(u.id, box, how)

    def _raid_candidates(self, state: GameState, side: str) -> Iterator[Raid]:
        for g in self.ground.bombers_up(side, self.hour(state)):
            for box in self.ground.boxes:
                for aim in ("troops", "installation"):
                    yield Raid(g.id, box, aim)

    def _refit_candidates(self, state: GameState, side: str) -> Iterator[Refit]:
        for u in state.units_of(side):
            yield Refit(u.id)

    def _can(self, state: GameState, side: str, stage: str) -> bool:
        if stage == "move":
            return any(self._move_error(state, side, a) is None for a in self._move_candidates(state, side))
        if stage == "raid":
            return any(self._raid_error(state, side, a) is None for a in self._raid_candidates(state, side))
        return any(self._refit_error(state, side, a) is None for a in self._refit_candidates(state, side))

    def _next_decider(self, ctx: Context, stage: str) -> bool:
        """Make the next side in order that has something to do in this stage the active one; ``False`` when
        neither has (a side with nothing to do is passed over)."""
        s = ctx.state
        for side in s.vars["order"]:
            if side in s.vars["done"]:
                continue
            if self._can(s, side, stage):
                s.active = side
                return True
            s.vars["done"].append(side)
        return False

    # =========================================================================================== decisions
    def to_act(self, state: GameState) -> str:
        pos = state.position
        if pos == "combat.banzai":
            return state.vars["battle"]["attacker"]
        if pos in ("combat.losses", "air.bomb_loss"):
            return state.vars["allocate"]["side"]
        return state.active

    def legal_actions(self, state: GameState) -> Iterator[Action]:
        pos = state.position
        side = self.to_act(state)
        v = state.vars
        candidates: list[Action] = []
        if pos == "ground.move":
            candidates = [EndMoves(), *self._move_candidates(state, side)]
        elif pos == "combat.banzai":
            candidates = [Fight(), *(Banzai(u.id) for u in self.attackers(state, v["battle"]["box"]))]
        elif pos in ("combat.losses", "air.bomb_loss"):
            candidates = [TakeLoss(uid) for uid in v["allocate"]["units"]]
        elif pos == "air.raids":
            candidates = [EndRaids(), *self._raid_candidates(state, side)]
        elif pos == "end.refit":
            candidates = [EndRefit(), *self._refit_candidates(state, side)]
        for action in candidates:
            if self.check(state, action) is None:
                yield action

    def check(self, state: GameState, action: Action) -> RuleError | None:
        pos = state.position
        if type(action) not in STEP_ACTIONS.get(pos, ()):
            return self._not_now(state, action)
        side = self.to_act(state)
        if isinstance(action, EndMoves | Fight | EndRaids | EndRefit):
            return None
        if isinstance(action, Move):
            return self._move_error(state, side, action)
        if isinstance(action, Banzai):
            return self._banzai_error(state, action)
        if isinstance(action, TakeLoss):
            alloc = state.vars["allocate"]
            if action.unit not in alloc["units"]:
                clause = "caf.air.bombing.defaults" if pos == "air.bomb_loss" else "caf.combat.resolution_defaults"
                names = ", ".join(alloc["units"])
                return RuleError(f"{action.unit} cannot take this step: {alloc['side']} picks one of {names}.", clause)
            return None
        if isinstance(action, Raid):
            return self._raid_error(state, side, action)
        assert isinstance(action, Refit)
        return self._refit_error(state, side, action)

    def _not_now(self, state: GameState, action: Action) -> RuleError:
        title = self.sequence.lookup(state.position)[1].title.lower()
        if isinstance(action, Banzai):
            u = state.units.get(action.unit)
            if u is None or u.side != self.japanese:
                return RuleError("Only the Japanese make Banzai attacks.", "caf.combat.banzai.japanese_only")
            return RuleError(f"Not now ({title}): a Banzai is declared by a Japanese attacker just before the combat "
                             "dice.", "caf.combat.banzai.japanese_only")
        if isinstance(action, Move | EndMoves):
            return RuleError(f"Not now ({title}): ground units move at the start of each hour, before combat.",
                             "caf.sequence.ground_move_timing")
        if isinstance(action, Refit | EndRefit):
            return RuleError(f"Not now ({title}): a refit is made in the Reinforcement Phase at the end of the turn.",
                             "caf.supply.refit.in_reinforcement_phase")
        if isinstance(action, Raid | EndRaids):
            return RuleError(f"Not now ({title}): raids fly after the hour's ground combat.",
                             "caf.combat.timing.every_hour_before_air")
        if isinstance(action, Fight):
            return RuleError(f"Not now ({title}): no Japanese attack is waiting for its dice.",
                             "caf.combat.both_sides_roll")
        return RuleError(f"Not now ({title}): no step loss is waiting to be taken.", "caf.combat.resolution_defaults")

    def _move_error(self, state: GameState, side: str, action: Move) -> RuleError | None:
        u = state.units.get(action.unit)
        if u is None or not u.alive or not isinstance(u.at, str):
            return RuleError(f"{action.unit} is not a ground unit on the map.", "caf.movement.locations.four_boxes_only")
        error = self._move_rules_error(state, u, action)
        if error is None and u.side != side:
            return RuleError(f"{u.id} belongs to {u.side}; {side} is moving now.", "caf.sequence.ground_move_timing")
        return error

    def _move_rules_error(self, state: GameState, u: Unit, action: Move) -> RuleError | None:
        """Why ``u`` may not make this move, whoever's turn it is (``None``: it may, in its side's moves)."""
        side = u.side
        assert isinstance(u.at, str)
        if action.to not in self.board.areas:
            names = ", ".join(f"{a.name} {self.board.labels.label(a.anchor)}" for a in self.board.areas.values())
            return RuleError(f"Ground units may only go to the boxes {names}.", "caf.movement.locations.four_boxes_only")
        if action.to == u.at:
            return RuleError(f"{u.id} is in {self.where(u.at)} already: a move takes it to another box.",
                             "caf.movement.direct_location_to_location")
        if action.how not in HOWS:
            return RuleError(f"A move is overland, transport or invasion, not {action.how!r}.",
                             "caf.movement.direct_location_to_location")
        if u.id in state.vars["moved"]:
            return RuleError(f"{u.id} has moved this turn already: each ground unit moves once a turn.",
                             "caf.movement.once_per_turn")
        if self.ground.contested(state, u.at):
            return RuleError(f"{self.where(u.at)} is contested: no unit may move out of it while both sides are there.",
                             "caf.movement.no_exit_from_contested_box")
        enemy = self.ground.enemy_in(state, action.to, side)
        if action.how == "overland":
            if not self.ground.linked(u.at, action.to):
                return RuleError(f"No land links {self.where(u.at)} with {self.where(action.to)}: go by sea.",
                                 "caf.movement.overland_connections")
        elif action.how == "transport":
            if enemy:
                return RuleError(f"The enemy is in {self.where(action.to)}: naval transport only goes to a box with no "
                                 "enemy (land there by amphibious invasion).", "caf.movement.option.naval_transport")
        elif not enemy:
            return RuleError(f"No enemy is in {self.where(action.to)}: an amphibious invasion is made against enemy "
                             "units (go by naval transport).", "caf.movement.option.amphibious_invasion")
        if action.how != "overland":
            _, bare = self.ground.cover(side, self.hour(state), self.ground.route(u.at, action.to))
            if bare:
                boxes = ", ".join(self.board.labels.label(h) for h in bare)
                return RuleError(f"No {side} fighter covers {boxes} this hour: a sea move needs cover over every box of "
                                 "its route, the destination included.", "caf.air.cover.required_for_sea_moves")
        have = self.ground.steps(state, action.to, side)
        if have + u.strength > STACK_LIMIT:
            return RuleError(f"{self.where(action.to)} would hold {have + u.strength} {side} steps: at most "
                             f"{STACK_LIMIT}.", "caf.stacking.four_steps_per_box")
        return None

    def _banzai_error(self, state: GameState, action: Banzai) -> RuleError | None:
        b = state.vars["battle"]
        u = state.units.get(action.unit)
        if u is None or u.side != self.japanese:
            return RuleError("Only the Japanese make Banzai attacks.", "caf.combat.banzai.japanese_only")
        if u not in self.attackers(state, b["box"]):
            return RuleError(f"{u.id} is not attacking in {self.where(b['box'])}: only an attacking unit makes a Banzai "
                             "attack.", "caf.combat.banzai.japanese_only")
        if u.id in b["banzai"]:
            return RuleError(f"{u.id} has declared its Banzai attack already (its dice are doubled once).",
                             "caf.combat.banzai.doubled_dice")
        return None

    def _raid_error(self, state: GameState, side: str, action: Raid) -> RuleError | None:
        g = self.ground.bomber(action.group)
        hour = self.hour(state)
        if g is None or g.side != side:
            return RuleError(f"{action.group!r} is not one of {side}'s bomber groups.",
                             "caf.special.variant.base_rules_apply")
        if not g.flies(hour):
            return RuleError(f"{g.name} does not fly in hour {hour} (it flies in hours {list(g.hours)}).",
                             "caf.special.variant.base_rules_apply")
        if g.id in state.vars["raided"]:
            return RuleError(f"{g.name} has flown its raid this hour.", "caf.special.variant.base_rules_apply")
        if action.to not in self.board.areas:
            return RuleError("Raids on ground troops and occupied locations go to the four boxes.",
                             "caf.movement.locations.four_boxes_only")
        if not g.reaches(self.ground.anchor(action.to)):
            return RuleError(f"{self.where(action.to)} is beyond the reach of {g.name} ({g.reach} boxes).",
                             "caf.special.variant.base_rules_apply")
        if action.aim not in ("troops", "installation"):
            return RuleError("A raid aims at the ground units (troops) or at the installation.",
                             "caf.air.bombing.choose_installation_or_troops")
        holder = self.ground.holder(state, action.to)
        if holder == side:
            return RuleError(f"{side}'s own troops hold {self.where(action.to)}: it cannot be bombed by {side}.",
                             "caf.special.new_targets.no_bombing_own_occupied")
        if action.aim == "troops":
            if not self.ground.enemy_in(state, action.to, side):
                return RuleError(f"No enemy ground units are in {self.where(action.to)}.",
                                 "caf.air.bombing.choose_installation_or_troops")
            return None
        if not (self.ground.on_roster(side, action.to) or holder == self.ground.other(side)):
            return RuleError(f"{self.where(action.to)} is not on {side}'s target roster and the enemy does not hold it.",
                             "caf.special.new_targets.enemy_may_bomb_occupied")
        if action.to in state.vars["bombed"][side]:
            return RuleError(f"{side} has bombed {self.where(action.to)} successfully already: its VP are scored.",
                             "caf.victory.new_target_bombing_vp")
        return None

    def _refit_error(self, state: GameState, side: str, action: Refit) -> RuleError | None:
        u = state.units.get(action.unit)
        if u is None or u.side != side:
            return RuleError(f"{action.unit} is not one of {side}'s ground units.",
                             "caf.supply.refit.in_reinforcement_phase")
        if not u.alive:
            return RuleError(f"{u.id} has been eliminated: refit does not bring a unit back.",
                             "caf.supply.refit.cap_full_strength")
        if side in state.vars["refitted"]:
            return RuleError(f"{side} has restored a ground step this turn already: one a turn.",
                             "caf.supply.refit.one_step_per_turn")
        if state.vars["air_refits"].get(side, 0) <= 0:
            return RuleError(f"{side} has no air-unit refit left this turn to give up for a ground step.",
                             "caf.supply.refit.costs_air_refit")
        if u.strength >= u.max_strength:
            return RuleError(f"{u.id} is at full strength ({face_text(u.kind, u.strength)}).",
                             "caf.supply.refit.cap_full_strength")
        assert isinstance(u.at, str)
        if self.ground.contested(state, u.at):
            return RuleError(f"{self.where(u.at)} is contested: only a unit in an uncontested box is refitted.",
                             "caf.supply.refit.uncontested_location_only")
        have = self.ground.steps(state, u.at, side)
        if have + 1 > STACK_LIMIT:
            return RuleError(f"{self.where(u.at)} holds {have} {side} steps: one more would break the limit of "
                             f"{STACK_LIMIT}.", "caf.stacking.overstack_prohibited")
        return None

    # =========================================================================================== apply
    def apply(self, ctx: Context, action: Action) -> None:
        s = ctx.state
        v = s.vars
        if isinstance(action, Move):
            self._move(ctx, action)
        elif isinstance(action, EndMoves):
            v["done"].append(s.active)
            self._continue_moves(ctx)
        elif isinstance(action, Banzai):
            b = v["battle"]
            b["banzai"].append(action.unit)
            u = s.units[action.unit]
            ctx.event("BanzaiDeclared", f"{u.id} makes a Banzai attack: {rolled_dice(self.dice_of(u), True)} dice "
                      "instead of " f"{self.dice_of(u)}, and a step lost after the combat.",
                      ["caf.combat.banzai.japanese_only", "caf.combat.banzai.doubled_dice"], u.side, unit=u.id)
            if all(x.id in b["banzai"] for x in self.attackers(s, b["box"])):
                ctx.goto("combat.roll")
        elif isinstance(action, Fight):
            ctx.goto("combat.roll")
        elif isinstance(action, TakeLoss):
            alloc = v["allocate"]
            u = s.units[action.unit]
            v["allocate"] = None
            if s.position == "combat.losses":
                task = v["battle"]["queue"][0]
                task["n"] -= 1
                self._lose(ctx, u, alloc["clauses"], alloc["why"])
                self._run_queue(ctx)
            else:
                self._lose(ctx, u, alloc["clauses"], alloc["why"])
                v["raid"] = None
                self._continue_raids(ctx)
        elif isinstance(action, Raid):
            self._raid(ctx, action)
        elif isinstance(action, EndRaids):
            v["done"].append(s.active)
            self._continue_raids(ctx)
        elif isinstance(action, Refit):
            self._refit(ctx, action)
        elif isinstance(action, EndRefit):
            v["done"].append(s.active)
            self._continue_refits(ctx)

    # ----------------------------------------------------------------------------------- the hour
    def _begin_hour(self, ctx: Context) -> None:
        s = ctx.state
        s.vars["done"] = []
        s.vars["raided"] = []
        ctx.event("HourBegan", f"Turn {s.turn}, hour {s.vars['hour']}.", ["caf.sequence.turn_structure_default"], None,
                  hour=s.vars["hour"])
        ctx.goto("ground.move")
        self._continue_moves(ctx)

    def _continue_moves(self, ctx: Context) -> None:
        if ctx.state.result is not None:
            return
        if not self._next_decider(ctx, "move"):
            ctx.goto("combat.battles")

    def _move(self, ctx: Context, action: Move) -> None:
        s = ctx.state
        v = s.vars
        u = s.units[action.unit]
        side = u.side
        frm = u.at
        assert isinstance(frm, str)
        enemy = self.ground.enemy_in(s, action.to, side)
        if action.how != "overland":
            used, _ = self.ground.cover(side, self.hour(s), self.ground.route(frm, action.to))
            route = ", ".join(self.board.labels.label(h) for h in self.ground.route(frm, action.to))
            names = ", ".join(g.name for g in self.ground.fighters if g.id in used)
            ctx.event("AirCover", f"Fighters cover the route {route}: {names}.",
                      ["caf.air.cover.required_for_sea_moves", "caf.air.cover.within_fighter_speed",
                       "caf.air.cover.route_and_speed_defaults"], side, unit=u.id, fighters=used)
        u.at = action.to
        v["moved"].append(u.id)
        ctx.event("UnitMoved", f"{u.id} ({face_text(u.kind, u.strength)}) moves {HOW_WORDS[action.how]} from "
                  f"{self.where(frm)} to {self.where(action.to)}.",
                  [*MOVE_CLAUSES[action.how], "caf.movement.once_per_turn"], side, unit=u.id, frm=frm, to=action.to,
                  how=action.how)
        if enemy:
            fights = v["fights"]
            if action.to not in fights:
                fights[action.to] = {"attacker": side, "defender": self.ground.other(side)}
                for x in self.ground.units_in(s, action.to):
                    v["pinned"][x.id] = action.to
                ctx.event("BattleJoined", f"{side} attack {self.ground.other(side)} in {self.where(action.to)}: "
                          "combat this hour.", ["caf.movement.may_enter_enemy_box", "caf.combat.attacker_defender_roles",
                                                "caf.combat.trigger.opposing_units_share_box"], side, box=action.to)
            else:
                v["pinned"][u.id] = action.to
                role = "attackers" if fights[action.to]["attacker"] == side else "defenders"
                ctx.event("BattleJoined", f"{u.id} joins the {role} in {self.where(action.to)}.",
                          ["caf.movement.may_enter_enemy_box", "caf.combat.attacker_defender_roles"], side,
                          box=action.to)
            if fights[action.to]["attacker"] == side:
                u.attrs["came_from"] = frm if action.how == "overland" else None
                u.attrs["seaborne"] = action.how == "invasion"
        self._sudden_death(ctx)
        self._continue_moves(ctx)

    # ----------------------------------------------------------------------------------- combat
    def _next_battle(self, ctx: Context) -> None:
        s = ctx.state
        v = s.vars
        while v["battles"]:
            box = v["battles"].pop(0)
            if not self.ground.contested(s, box):
                continue
            f = v["fights"][box]
            v["battle"] = {"box": box, "attacker": f["attacker"], "defender": f["defender"], "banzai": [], "queue": []}
            if f["attacker"] == self.japanese:
                ctx.goto("combat.banzai")
            else:
                ctx.goto("combat.roll")
            return
        v["battle"] = None
        self._begin_raids(ctx)

    def _run_queue(self, ctx: Context) -> None:
        """Apply the hour's results in order, stopping when an owner must pick the unit that takes a step."""
        s = ctx.state
        b = s.vars["battle"]
        while b["queue"]:
            task = b["queue"][0]
            if task["task"] == "loss":
                if self._take_losses(ctx, task):
                    return
                b["queue"].pop(0)
                continue
            b["queue"].pop(0)
            if task["task"] == "five":
                self._five(ctx)
            elif task["task"] == "banzai":
                for uid in b["banzai"]:
                    u = s.units[uid]
                    if u.alive:
                        self._lose(ctx, u, ["caf.combat.banzai.automatic_step_loss", "caf.combat.resolution_defaults"],
                                   "the Banzai attack's step")
            elif task["task"] == "settle":
                self._settle(ctx)
                if s.result is None:
                    self._next_battle(ctx)
                return

    def _take_losses(self, ctx: Context, task: dict[str, Any]) -> bool:
        """Take a loss task's steps; ``True`` when the owner must choose (the game waits at the losses step)."""
        s = ctx.state
        box = s.vars["battle"]["box"]
        while task["n"] > 0:
            units = [u for u in self.ground.units_in(s, box, task["side"])
                     if task["only"] is None or u.id in task["only"]]
            if not units:
                task["n"] = 0
                break
            if len(units) == 1 or task["n"] >= sum(u.strength for u in units):
                task["n"] -= 1
                self._lose(ctx, units[0], task["clauses"], task["why"])
                continue
            s.vars["allocate"] = {"side": task["side"], "n": task["n"], "units": [u.id for u in units],
                                  "why": task["why"], "clauses": task["clauses"], "box": box}
            ctx.goto("combat.losses")
            return True
        return False

    def _lose(self, ctx: Context, u: Unit, clauses: list[str], why: str) -> None:
        """One step off ``u``: flip its counter, swap in the reduced counter, or remove it."""
        s = ctx.state
        before = face_text(u.kind, u.strength)
        old_counter = u.attrs.get("counter")
        u.strength -= 1
        u.attrs.update(face_attrs(u.kind, u.strength))
        if u.strength == 0:
            frm = u.at
            u.at = None
            u.attrs["came_from"] = None
            u.attrs["seaborne"] = False
            s.vars["pinned"].pop(u.id, None)
            ctx.event("Eliminated", f"{u.id} loses its last step ({why}) and is removed.",
                      [*clauses, "caf.components.counters.eliminated_at_zero_steps"], u.side, unit=u.id, at=frm)
            return
        after = face_text(u.kind, u.strength)
        how = ("flips to" if u.attrs["counter"] == old_counter else "is replaced by")
        clause = ("caf.components.counters.flip_on_step_loss" if u.attrs["counter"] == old_counter
                  else "caf.components.counters.replacement_counter_chain")
        counter = COUNTERS[u.attrs["counter"]]
        ctx.event("StepLost", f"{u.id} loses a step ({why}): {before} {how} {after}.", [*clauses, clause, counter.clause],
                  u.side, unit=u.id, steps=u.strength, counter=u.attrs["counter"], face=u.attrs["face"])

    def _five(self, ctx: Context) -> None:
        s = ctx.state
        b = s.vars["battle"]
        box = b["box"]
        att = self.ground.units_in(s, box, b["attacker"])
        overland = [u for u in att if not u.attrs["seaborne"]]
        seaborne = [u for u in att if u.attrs["seaborne"]]
        for u in overland:
            dest = u.attrs["came_from"]
            blocked = None
            if dest is None or dest not in self.board.areas:
                blocked = "it has no box to go back to"
            elif self.ground.enemy_in(s, dest, u.side):
                blocked = f"the enemy is in {self.where(dest)}"
            elif self.ground.steps(s, dest, u.side) + u.strength > STACK_LIMIT:
                blocked = f"{self.where(dest)} would hold more than {STACK_LIMIT} {u.side} steps"
            if blocked:
                ctx.event("RetreatBlocked", f"{u.id} cannot retreat ({blocked}): it stays and loses a step instead.",
                          ["caf.combat.blocked_retreat_default", "caf.combat.defender_five_forces_retreat"], u.side,
                          unit=u.id)
                self._lose(ctx, u, ["caf.combat.blocked_retreat_default"], "a blocked retreat")
                continue
            u.at = dest
            u.attrs["came_from"] = None
            u.attrs["seaborne"] = False
            s.vars["pinned"].pop(u.id, None)
            ctx.event("Retreated", f"The defender's 5 sends {u.id} back to {self.where(dest)}, where it came from.",
                      ["caf.combat.defender_five_forces_retreat", "caf.combat.retreat_overland_to_start"], u.side,
                      unit=u.id, frm=box, to=dest)
        if seaborne:
            ctx.event("NoRetreatFromTheSea", "Troops that came by sea do not retreat: they lose one step more.",
                      ["caf.combat.seaborne_no_retreat_extra_step", "caf.combat.defender_five_forces_retreat"],
                      b["attacker"])
            b["queue"].insert(0, {"task": "loss", "side": b["attacker"], "n": 1, "only": [u.id for u in seaborne],
                                  "why": "no retreat from the sea",
                                  "clauses": ["caf.combat.seaborne_no_retreat_extra_step"]})

    def _settle(self, ctx: Context) -> None:
        s = ctx.state
        v = s.vars
        b = v["battle"]
        box = b["box"]
        att = self.ground.units_in(s, box, b["attacker"])
        dfn = self.ground.units_in(s, box, b["defender"])
        if att and dfn:
            ctx.event("StillContested", f"Both sides still have steps in {self.where(box)}: the fight goes on next hour.",
                      ["caf.combat.occupation.contested_otherwise"], None, box=box)
            return
        v["fights"].pop(box, None)
        for u in att + dfn:
            u.attrs["came_from"] = None
            u.attrs["seaborne"] = False
            v["pinned"].pop(u.id, None)
        if att:
            ctx.event("Occupied", f"Every {b['defender']} step in {self.where(box)} is gone and {b['attacker']} steps "
                      f"remain: {b['attacker']} occupy it (and gain AA fire there).",
                      ["caf.combat.occupation.requires_elimination_and_survivor", "caf.air.aa.occupier_gains_flak"],
                      b["attacker"], box=box)
        elif dfn:
            ctx.event("Held", f"No {b['attacker']} steps are left in {self.where(box)}: {b['defender']} hold it.",
                      ["caf.combat.occupation.requires_elimination_and_survivor"], b["defender"], box=box)
        else:
            ctx.event("NobodyHolds", f"Neither side has a step left in {self.where(box)}: nobody occupies it.",
                      ["caf.combat.occupation.requires_elimination_and_survivor"], None, box=box)
        self._sudden_death(ctx)

    def _sudden_death(self, ctx: Context) -> None:
        s = ctx.state
        if s.result is None and self.guadalcanal in self.board.areas and \
                self.ground.holder(s, self.guadalcanal) == self.japanese:
            ctx.end(self.japanese, f"Japanese troops alone hold {self.where(self.guadalcanal)}: sudden death",
                    ["caf.victory.sudden_death_guadalcanal"])

    # ----------------------------------------------------------------------------------- air
    def _begin_raids(self, ctx: Context) -> None:
        ctx.state.vars["done"] = []
        ctx.goto("air.raids")
        self._continue_raids(ctx)

    def _continue_raids(self, ctx: Context) -> None:
        if not self._next_decider(ctx, "raid"):
            ctx.goto("air.clock")
        elif ctx.state.position != "air.raids":
            ctx.goto("air.raids")

    def _raid(self, ctx: Context, action: Raid) -> None:
        s = ctx.state
        side = s.active
        g = self.ground.bomber(action.group)
        assert g is not None
        aa = self.ground.raid_aa(s, side, action.to, action.aim)
        s.vars["raided"].append(g.id)
        s.vars["raid"] = {"group": g.id, "side": side, "box": action.to, "aim": action.aim, "aa": aa}
        what = "the ground units" if action.aim == "troops" else "the installation"
        ctx.event("RaidOrdered", f"{g.name} raid {what} in {self.where(action.to)} (AA: {aa} d6).",
                  ["caf.air.bombing.choose_installation_or_troops", "caf.special.variant.base_rules_apply"], side,
                  group=g.id, box=action.to, aim=action.aim)
        ctx.goto("air.bomb")

    def _refit(self, ctx: Context, action: Refit) -> None:
        s = ctx.state
        u = s.units[action.unit]
        before = face_text(u.kind, u.strength)
        u.strength += 1
        u.attrs.update(face_attrs(u.kind, u.strength))
        s.vars["air_refits"][u.side] -= 1
        s.vars["refitted"].append(u.side)
        s.vars["done"].append(u.side)
        ctx.event("Refitted", f"{u.side} give up an air refit: {u.id} goes from {before} to "
                  f"{face_text(u.kind, u.strength)}.",
                  ["caf.supply.refit.in_reinforcement_phase", "caf.supply.refit.costs_air_refit",
                   "caf.supply.refit.one_step_per_turn"], u.side, unit=u.id, steps=u.strength)
        self._continue_refits(ctx)

    def _continue_refits(self, ctx: Context) -> None:
        if not self._next_decider(ctx, "refit"):
            ctx.goto("end.next")

    # =========================================================================================== automatic
    def auto(self, ctx: Context) -> None:
        pos = ctx.state.position
        if pos == "combat.battles":
            self._find_battles(ctx)
        elif pos == "air.clock":
            self._clock(ctx)
        elif pos == "end.vp":
            self._turn_vp(ctx)
        elif pos == "end.next":
            self._next_turn(ctx)
        else:  # pragma: no cover - the sequence lists every automatic step
            raise RuleError(f"step {pos} has no automatic procedure")

    def _find_battles(self, ctx: Context) -> None:
        s = ctx.state
        boxes = [b for b in self.ground.boxes if self.ground.contested(s, b)]
        s.vars["battles"] = list(boxes)
        if boxes:
            ctx.event("Battles", "Ground combat this hour in " + ", ".join(self.where(b) for b in boxes) + ".",
                      ["caf.combat.trigger.opposing_units_share_box", "caf.combat.timing.every_hour_before_air"], None,
                      boxes=boxes)
        self._next_battle(ctx)

    def _clock(self, ctx: Context) -> None:
        s = ctx.state
        if s.vars["hour"] < self.options.hours:
            s.vars["hour"] += 1
            self._begin_hour(ctx)
        else:
            ctx.goto("end.vp")

    def _turn_vp(self, ctx: Context) -> None:
        s = ctx.state
        gained = {side: 0 for side in s.sides}
        for box in self.ground.boxes:
            holder = self.ground.holder(s, box)
            if holder is None:
                continue
            s.score[holder] += 1
            gained[holder] += 1
            s.vars["awards"].append([s.turn, box, holder])
            ctx.event("VictoryPoint", f"{holder} hold {self.where(box)} alone: 1 VP.",
                      ["caf.victory.uncontested_location_vp"], holder, box=box, vp=1)
        ctx.event("TurnScored", f"End of turn {s.turn}: " + ", ".join(f"{side} +{n} VP ({s.score[side]} in all)"
                                                                       for side, n in gained.items()) + ".",
                  ["caf.victory.uncontested_location_vp"], None, gained=gained)
        s.vars["done"] = []
        if s.turn >= self.options.turns:
            ctx.goto("end.next")
            return
        ctx.goto("end.refit")
        self._continue_refits(ctx)

    def _next_turn(self, ctx: Context) -> None:
        s = ctx.state
        if s.turn >= self.options.turns:
            self._final_score(ctx)
            return
        s.turn += 1
        s.vars["hour"] = 1
        s.vars["moved"] = []
        s.vars["refitted"] = []
        s.vars["air_refits"] = {side: self.options.air_refits.get(side, 1) for side in s.sides}
        self._begin_hour(ctx)

    def _final_score(self, ctx: Context) -> None:
        s = ctx.state
        for box in self.ground.boxes:
            holder = self.ground.holder(s, box)
            if holder is None or not self.ground.on_roster(holder, box) or box in s.vars["bombed"][holder]:
                continue
            vp = TARGET_VP[self.ground.nation(holder)]
            s.score[holder] += vp
            s.vars["bonus"].append(["held target", box, holder, vp])
            ctx.event("TargetHeld", f"{holder} hold {self.where(box)}, a target on their roster never bombed: {vp} VP.",
                      ["caf.victory.occupied_unbombed_target"], holder, box=box, vp=vp)
        a, b = s.sides
        score = f"{a} {s.score[a]} VP, {b} {s.score[b]} VP"
        winner = a if s.score[a] > s.score[b] else b if s.score[b] > s.score[a] else None
        ctx.end(winner, f"after {self.options.turns} turns: {score}",
                ["caf.victory.uncontested_location_vp", "caf.victory.occupied_unbombed_target"])

    # ----------------------------------------------------------------------------------- dice
    def dice(self, state: GameState):
        pos = state.position
        v = state.vars
        if pos == "combat.roll":
            b = v["battle"]
            att = sum(rolled_dice(self.dice_of(u), u.id in b["banzai"]) for u in self.attackers(state, b["box"]))
            dfn = sum(self.dice_of(u) for u in self.defenders(state, b["box"]))
            return [(GROUND_D6, att), (GROUND_D6, dfn)]
        if pos == "air.bomb":
            r = v["raid"]
            return ([(D6, r["aa"])] if r["aa"] else []) + [(D6, 1)]
        raise RuleError(f"step {pos} rolls no dice")

    def dice_location(self, state: GameState):
        if state.position == "combat.roll" and state.vars.get("battle"):
            return state.vars["battle"]["box"]
        return None

    def dice_groups(self, state: GameState) -> list[str]:
        pos = state.position
        v = state.vars
        if pos == "combat.roll":
            b = v["battle"]
            banzai = ", Banzai" if b["banzai"] else ""
            return [f"{b['attacker']} (attacking{banzai})", f"{b['defender']} (defending)"]
        if pos == "air.bomb":
            r = v["raid"]
            g = self.ground.bomber(r["group"])
            name = g.name if g else r["group"]
            aa = [f"AA in {self.where(r['box'])}"] if r["aa"] else []
            return [*aa, f"{name} (bombing)"]
        return []

    def resolve(self, ctx: Context, faces) -> None:
        s = ctx.state
        if s.position == "combat.roll":
            self._resolve_combat(ctx, faces)
        else:
            self._resolve_raid(ctx, faces)

    def _resolve_combat(self, ctx: Context, faces) -> None:
        s = ctx.state
        b = s.vars["battle"]
        box = b["box"]
        att = self.attackers(s, box)
        res = hour_result(faces[0], faces[1], banzai=len(b["banzai"]), seaborne=any(u.attrs["seaborne"] for u in att),
                          overland=any(not u.attrs["seaborne"] for u in att))
        five = ", and at least one 5" if res.defender_five else ""
        ctx.event("GroundCombat", f"In {self.where(box)}: {b['attacker']} score {res.defender_steps_lost} hit(s) with "
                  f"6s; {b['defender']} score {res.attacker_hits} hit(s){five}.",
                  ["caf.combat.both_sides_roll", "caf.combat.hit_on_six", "caf.combat.hit_costs_one_step"], None,
                  box=box, attacker_steps_lost=res.attacker_steps_lost, defender_steps_lost=res.defender_steps_lost,
                  attacker_retreats=res.attacker_retreats, defender_five=res.defender_five)
        hits = ["caf.combat.hit_on_six", "caf.combat.hit_costs_one_step", "caf.combat.resolution_defaults"]
        why = "a 6 rolled against it"
        queue: list[dict[str, Any]] = [
            {"task": "loss", "side": b["defender"], "n": res.defender_steps_lost, "only": None, "why": why,
             "clauses": hits},
            {"task": "loss", "side": b["attacker"], "n": res.attacker_hits, "only": None, "why": why, "clauses": hits},
        ]
        if res.defender_five:
            queue.append({"task": "five"})
        if b["banzai"]:
            queue.append({"task": "banzai"})
        queue.append({"task": "settle"})
        b["queue"] = queue
        self._run_queue(ctx)

    def _resolve_raid(self, ctx: Context, faces) -> None:
        s = ctx.state
        r = s.vars["raid"]
        side = r["side"]
        box = r["box"]
        aa_faces = faces[0] if r["aa"] else ()
        bomb = faces[-1][0]
        aa_hits = sum(1 for f in aa_faces if f >= self.options.aa_hit)
        flak = ["caf.air.aa.hit_number_default", "caf.air.aa.occupier_gains_flak"]
        if self.options.advanced_flak:
            flak += ["caf.air.advanced_flak.recommended",
                     "caf.air.advanced_flak.airstrips" if r["aim"] == "installation" and self.ground.airstrip(box)
                     else "caf.air.advanced_flak.ground_targets"]
        if aa_hits:
            ctx.event("RaidDrivenOff", f"AA in {self.where(box)} scores {aa_hits} hit(s): the raid is driven off.", flak,
                      self.ground.other(side), box=box)
        elif bomb < self.options.bomb_hit:
            ctx.event("BombsMissed", f"Bombing roll {bomb}: the raid on {self.where(box)} fails.",
                      ["caf.air.bombing.standard_resolution", "caf.air.bombing.defaults"], side, box=box)
        elif r["aim"] == "troops":
            enemy = self.ground.other(side)
            units = [u for u in self.ground.units_in(s, box, enemy) if u.strength > 1]
            ctx.event("BombsHit", f"Bombing roll {bomb}: the troops in {self.where(box)} are hit.",
                      ["caf.air.bombing.standard_resolution", "caf.air.bombing.success_costs_one_step"], side, box=box)
            if not units:
                ctx.event("LastStepHolds", "Every unit there is down to its last step, which bombing cannot take.",
                          ["caf.air.bombing.last_step_immune"], enemy, box=box)
            elif len(units) == 1:
                self._lose(ctx, units[0], ["caf.air.bombing.success_costs_one_step", "caf.air.bombing.last_step_immune"],
                           "bombing")
            else:
                s.vars["allocate"] = {"side": enemy, "n": 1, "units": [u.id for u in units], "why": "bombing",
                                      "clauses": ["caf.air.bombing.success_costs_one_step", "caf.air.bombing.defaults"],
                                      "box": box}
                ctx.goto("air.bomb_loss")
                return
        else:
            vp = TARGET_VP[self.ground.nation(side)]
            s.score[side] += vp
            s.vars["bombed"][side].append(box)
            s.vars["bonus"].append(["bombing", box, side, vp])
            ctx.event("TargetBombed", f"Bombing roll {bomb}: the installation in {self.where(box)} is hit: {vp} VP to "
                      f"{side}.", ["caf.victory.new_target_bombing_vp", "caf.air.bombing.standard_resolution"], side,
                      box=box, vp=vp)
        s.vars["raid"] = None
        self._continue_raids(ctx)

    # =========================================================================================== views
    def describe(self, state: GameState, action: Action) -> str:
        if isinstance(action, Move):
            return f"{action.unit} {HOW_WORDS.get(action.how, action.how)} to {self.where(action.to)}"
        if isinstance(action, Banzai):
            return f"{action.unit} makes a Banzai attack"
        if isinstance(action, TakeLoss):
            return f"{action.unit} takes the step loss"
        if isinstance(action, Raid):
            g = self.ground.bomber(action.group)
            return f"{g.name if g else action.group}: bomb the {action.aim} in {self.where(action.to)}"
        if isinstance(action, Refit):
            return f"Refit {action.unit} (one step, for an air refit)"
        names = {EndMoves: "No more moves", Fight: "Roll the combat dice", EndRaids: "No more raids",
                 EndRefit: "No refit"}
        return names.get(type(action), type(action).__name__)

    def strength_text(self, unit: Unit) -> str | None:
        """The counter's printed face: dice and steps, "5-4" (caf.components.counters.left_number_is_dice)."""
        return f"{KINDS[unit.kind].dice(unit.strength)}-{unit.strength}" if unit.alive else None

    def clock(self, state: GameState) -> str:
        if state.phase_id == "end":
            return f"Turn {state.turn}, end of turn"
        return f"Turn {state.turn}, hour {state.vars.get('hour', 1)}"

    def unit_title(self, unit: Unit) -> str:
        return f"{unit.side} {face_text(unit.kind, unit.strength)} ({unit.id})"

    def action_location(self, state: GameState, action: Action) -> Location:
        if isinstance(action, Banzai | TakeLoss | Refit):
            u = state.units.get(action.unit)
            return u.at if u is not None else None
        return super().action_location(state, action)

    def intent(self, state: GameState, unit: str, where: Location) -> Action | None:
        u = state.units.get(unit)
        if u is None:
            return None
        box = self.board.area_of(where) if isinstance(where, Hex) else where
        pos = state.position
        if pos == "combat.banzai" and box == u.at:
            return Banzai(unit)
        if pos in ("combat.losses", "air.bomb_loss") and box == u.at:
            return TakeLoss(unit)
        if pos == "end.refit" and box == u.at:
            return Refit(unit)
        if pos != "ground.move" or not isinstance(box, str) or box == u.at or not isinstance(u.at, str):
            return None
        if self.ground.linked(u.at, box):
            return Move(unit, box, "overland")
        return Move(unit, box, "invasion" if self.ground.enemy_in(state, box, u.side) else "transport")

    def suggest(self, state: GameState) -> Action | None:
        """The computer's pick of the unit that takes a step: the one with the most steps (the first of them in
        the scenario's order). :func:`odds.battle_odds` assumes the same pick. ``None`` at other steps."""
        if state.result is not None or state.position not in ("combat.losses", "air.bomb_loss"):
            return None
        units = [state.units[uid] for uid in state.vars["allocate"]["units"]]
        best = max(u.strength for u in units)
        return TakeLoss(next(u.id for u in units if u.strength == best))

    def odds(self, state: GameState, actor: str, target: str) -> OddsReport | None:
        """One hour of combat in the target's box: the fight going on there, or the one ``actor`` would start by
        moving in (overland along a link, else by amphibious invasion)."""
        u, t = state.units.get(actor), state.units.get(target)
        if u is None or t is None or not u.alive or not t.alive or u.side == t.side or not isinstance(t.at, str):
            return None
        box = t.at
        notes: list[str] = []
        fight = state.vars["fights"].get(box)
        if fight is not None:
            att = self.ground.units_in(state, box, fight["attacker"])
            dfn = self.ground.units_in(state, box, fight["defender"])
            seaborne = any(x.attrs["seaborne"] for x in att)
            overland = any(not x.attrs["seaborne"] for x in att)
            if u.at != box:
                notes.append(f"the fight going on in {self.where(box)}, without {u.id}")
        elif isinstance(u.at, str):
            att = [u, *self.ground.units_in(state, box, u.side)]
            dfn = self.ground.units_in(state, box, t.side)
            overland = self.ground.linked(u.at, box)
            seaborne = not overland
            notes.append(f"if {u.id} moves in {'overland' if overland else 'by amphibious invasion'} this hour")
        else:
            return None
        attacker = att[0].side
        a_dice = sum(self.dice_of(x) for x in att)
        d_dice = sum(self.dice_of(x) for x in dfn)
        if attacker == self.japanese:
            notes.append(f"with Banzai the attacker would roll {2 * a_dice} dice and lose a step per Banzai unit after")
        return hour_report(f"{attacker} ({a_dice} dice) against {dfn[0].side} ({d_dice} dice) in {self.where(box)}",
                           a_dice, d_dice, banzai=0, seaborne=seaborne, overland=overland,
                           defender_steps=sum(x.strength for x in dfn), attacker_steps=sum(x.strength for x in att),
                           notes=notes)

    # =========================================================================================== checks
    def invariants(self, state: GameState) -> list[str]:
        broken: list[str] = []
        v = state.vars
        for box in self.ground.boxes:
            for side in state.sides:
                n = self.ground.steps(state, box, side)
                if n > STACK_LIMIT:
                    broken.append(f"{side} have {n} steps in {box} (caf.stacking.four_steps_per_box)")
            if self.ground.contested(state, box) and box not in v["fights"]:
                broken.append(f"{box} is contested but no fight is recorded (caf.combat.trigger.opposing_units_share_box)")
        for u in state.units.values():
            kind = KINDS.get(u.kind)
            if kind is None:
                broken.append(f"{u.id} is of unknown kind {u.kind}")
                continue
            if not 0 <= u.strength <= kind.max_steps or u.max_strength != kind.max_steps:
                broken.append(f"{u.id} has {u.strength} of {u.max_strength} steps; a {kind.title} has 1 to "
                              f"{kind.max_steps} (caf.components.counters.right_number_is_steps)")
                continue
            want = face_attrs(u.kind, u.strength)
            if any(u.attrs.get(k) != val for k, val in want.items()):
                broken.append(f"{u.id} shows {u.attrs.get('counter')}/{u.attrs.get('face')} with {u.strength} steps, "
                              f"not {want['counter']}/{want['face']} (caf.components.counters.flip_on_step_loss)")
            if u.strength == 0 and u.at is not None:
                broken.append(f"{u.id} has no steps but is on the map (caf.components.counters.eliminated_at_zero_steps)")
            if u.strength > 0 and u.at not in self.board.areas:
                broken.append(f"{u.id} is outside the four boxes (caf.movement.locations.four_boxes_only)")
        for uid, box in v["pinned"].items():
            u = state.units[uid]
            if u.alive and u.at != box:
                broken.append(f"{uid} left {box} while it was contested (caf.movement.no_exit_from_contested_box)")
        if len(v["moved"]) != len(set(v["moved"])):
            broken.append(f"a unit moved twice this turn: {v['moved']} (caf.movement.once_per_turn)")
        seen = set()
        for turn, box, _side in v["awards"]:
            if (turn, box) in seen:
                broken.append(f"{box} scored twice in turn {turn} (caf.victory.uncontested_location_vp)")
            seen.add((turn, box))
        for side in state.sides:
            total = sum(1 for a in v["awards"] if a[2] == side) + sum(b[3] for b in v["bonus"] if b[2] == side)
            if state.score[side] != total:
                broken.append(f"{side} have {state.score[side]} VP, but their awards add up to {total} "
                              "(caf.victory.uncontested_location_vp)")
            if v["refitted"].count(side) > 1:
                broken.append(f"{side} refitted twice this turn (caf.supply.refit.one_step_per_turn)")
        return broken


__all__ = ["Banzai", "Cactus", "CactusOptions", "EndMoves", "EndRaids", "EndRefit", "Fight", "Move", "Raid", "Refit",
           "TakeLoss"]
