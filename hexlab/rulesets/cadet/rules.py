"""Cadet Commander: what each action and step does (clauses in ../shared/rules/cadet_commander.toml).

A turn: the leader is activated first without a roll, then one figure of the player's choice, then a D6
for each further figure (a 1 ends the turn). An activated figure has two actions: move one hex, punch up
an enemy in its hex, or rest (both actions). A figure that walks into an enemy's hex stops and punches up
at once. A punch up rolls the attacker's ATK dice; the attacker keeps one die: Oh Dear, Run away, Ouch or
Hit and Run. At the end of each activation no hex may hold more than two figures. A victory point for
each punch up that costs the enemy STR; 10 points, or the enemy's flag held through his turn, wins.

Where the rules are silent the catalog's defaults apply, and the scenario may change them (``[rules]``):
see :class:`CadetOptions`. The actions and options are in ``actions.py``, the sequence of play in
``sequence.py``, the ground (costs, stacking, push-back hexes) in ``board.py``; the combat function is
``combat.punch_result``; the odds are in ``odds.py``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...dice import D6
from ...engine import Action, Context, GameState, RuleError, Ruleset
from ...engine.state import Location, Unit
from ...hexes import Hex, from_offset, hex_distance, to_offset
from ...odds import OddsReport
from .actions import (
    Activate,
    CadetOptions,
    ChooseDie,
    EndActivation,
    EndTurn,
    FallBack,
    Follow,
    Move,
    Punch,
    PushBack,
    Rest,
    RollActivation,
    Stay,
)
from .board import MAX_PER_HEX, Ground, in_play
from .catalog import CLAUSES
from .combat import ATK_DIE, ORDER, best_face, effect, label, punch_result
from .data import BOARD_INCHES, FEATURES, HEX_INCHES, HEXSIDE_FEATURES, TERRAIN, UNIT_TYPES
from .events import (
    ActionsDone,
    Activated,
    ActivationEnded,
    ActivationRoll,
    AllActivated,
    BumpedBack,
    Contact,
    FellBack,
    FirstPlayer,
    FlagCaptured,
    FollowedUp,
    NoExtraPoint,
    NoFollowUp,
    NoLeader,
    NoRoomToFollow,
    ObjectiveHeld,
    Overcrowded,
    PunchResult,
    PunchUp,
    PushBlocked,
    PushedBack,
    Removed,
    Rested,
    RollGood,
    RollOffTied,
    Setup,
    StoodFast,
    StrLost,
    TurnBegan,
    TurnEnded,
    TurnOver,
    UnitMoved,
    VictoryPoint,
    WentHome,
)
from .odds import CadetOdds, punch_report
from .sequence import SEQUENCE, STEP_ACTIONS


class Cadet(Ruleset):
    id = "cadet"
    name = "Cadet Commander"
    sequence = SEQUENCE
    actions = (Activate, RollActivation, EndTurn, Move, Punch, Rest, EndActivation, ChooseDie, PushBack, Follow,
               Stay, FallBack)
    terrain = TERRAIN
    hexside_features = HEXSIDE_FEATURES
    features = FEATURES
    unit_types = UNIT_TYPES
    options_model = CadetOptions
    clauses = frozenset(CLAUSES)
    dice_kinds = (ATK_DIE,)
    odds_cli = CadetOdds()

    def __init__(self, board, options, sides=(), first=None):
        super().__init__(board, options, sides, first)
        self.sides = list(self.sides)
        opts = options if options is not None else CadetOptions()
        baselines: dict[str, int] = {}
        flags: dict[str, Hex] = {}
        for i, side in enumerate(self.sides[:2]):
            baselines[side] = opts.baselines.get(side, 0 if i == 0 else board.height - 1)
            flags[side] = self._parse(opts.flags.get(side)) or self._hex_at(board.width // 2, baselines[side])
        self.objectives: list[tuple[Hex, Any]] = []
        for obj in opts.objectives:
            h = self._parse(obj.hex)
            if h is not None:
                self.objectives.append((h, obj))
        self.ground = Ground(board, flags, baselines)

    def _parse(self, label: str | None) -> Hex | None:
        if label is None:
            return None
        try:
            return self.board.parse(label)
        except ValueError:
            return None

    def _hex_at(self, col: int, row: int) -> Hex:
        return from_offset(col, row, self.board.offset)

    @property
    def flags(self) -> dict[str, Hex]:
        return self.ground.flags

    def row(self, h: Hex) -> int:
        return to_offset(h, self.board.offset).row

    # =========================================================================================== setup
    def validate_scenario(self, scenario) -> list[tuple[str, str]]:
        problems: list[tuple[str, str]] = []
        opts, sides = self.options, list(scenario.meta.sides)
        if len(sides) != 2:
            problems.append(("scenario.sides", "Cadet Commander is for two players, each with a band and a flag "
                                               "(cc.components.list)"))
            return problems
        last = self.board.height - 1
        for key, table in (("baselines", opts.baselines), ("flags", opts.flags)):
            for side in table:
                if side not in sides:
                    problems.append((f"rules.{key}.{side}", f"no side {side!r} (sides: {sides})"))
        for side, row in opts.baselines.items():
            if row not in (0, last):
                problems.append((f"rules.baselines.{side}", f"a baseline is the row along a board edge: 0 or {last} "
                                                            "(cc.setup.board.grid)"))
        if self.ground.baselines.get(sides[0]) == self.ground.baselines.get(sides[1]):
            problems.append(("rules.baselines", "the two bands need different baselines (cc.setup.board.grid)"))
        centre = (self.board.width - 1) / 2
        for side in sides:
            label = opts.flags.get(side)
            if label is not None:
                try:
                    self.board.parse(label)
                except ValueError as exc:
                    problems.append((f"rules.flags.{side}", str(exc)))
                    continue
            flag = self.flags[side]
            place = f"rules.flags.{side}" if label is not None else "rules.flags"
            off = to_offset(flag, self.board.offset)
            if off.row != self.ground.baselines[side]:
                problems.append((place, f"the {side} flag must stand on the {side} baseline, row "
                                        f"{self.ground.baselines[side]} (cc.setup.flag.placement)"))
            elif abs(off.col - centre) > 1:
                problems.append((place, f"the {side} flag must stand in or near the centre of the baseline "
                                        "(cc.setup.flag.placement)"))
        for i, (_, feature) in enumerate(scenario.features):
            if feature == "flag":
                problems.append((f"board.feature[{i}]", "flags are placed by [rules] flags (or stand in the middle "
                                                        "of each baseline by default), not as board features"))
        for i, obj in enumerate(opts.objectives):
            try:
                self.board.parse(obj.hex)
            except ValueError as exc:
                problems.append((f"rules.objectives[{i}].hex", str(exc)))
        seen: dict[Any, list[str]] = {}
        leaders: dict[str, int] = {}
        for i, u in enumerate(scenario.units):
            path = f"unit[{i}]"
            if not isinstance(u.at, Hex):
                problems.append((f"{path}.at", "every figure starts on the board (cc.setup.figures.baseline)"))
                continue
            seen.setdefault(u.at, []).append(u.id)
            if len(seen[u.at]) > MAX_PER_HEX:
                problems.append((f"{path}.at", f"at most two figures a hex: {', '.join(seen[u.at])} "
                                               "(cc.setup.figures.baseline)"))
            if opts.deploy == "baseline" and u.side in self.ground.baselines and \
                    self.row(u.at) != self.ground.baselines[u.side]:
                problems.append((f"{path}.at", f"{u.side} figures set up on their baseline, row "
                                               f"{self.ground.baselines[u.side]} (cc.setup.figures.baseline)"))
            if u.strength != u.max_strength:
                problems.append((f"{path}.strength", "a figure starts at its starting STR: give max_strength "
                                                     "(cc.setup.str.start)"))
            if u.kind == "leader":
                leaders[u.side] = leaders.get(u.side, 0) + 1
                if leaders[u.side] > 1:
                    problems.append((f"{path}.type", f"a band has one leader; {u.side} has two "
                                                     "(cc.setup.band.composition)"))
            atk = u.attrs.get("atk")
            if atk is not None and (not isinstance(atk, int) or isinstance(atk, bool) or not 1 <= atk <= 3):
                problems.append((f"{path}.attrs.atk", "ATK is a whole number of dice from 1 to 3: a player has "
                                                      "three ATK dice (cc.components.atk_dice.count)"))
        for side in sides:
            if not any(u.side == side for u in scenario.units):
                problems.append(("unit", f"{side} has no band (cc.components.list)"))
        return problems

    def setup(self, ctx: Context) -> None:
        s = ctx.state
        for side in s.sides:
            s.features.setdefault(self.flags[side], []).append("flag")
        for h, _ in self.objectives:
            s.features.setdefault(h, []).append("objective")
        zero = {side: 0 for side in s.sides}
        s.vars = {
            "first": None, "activated": [], "stage": None, "current": None, "engage": None, "punch": None,
            "push": None, "follow": None, "bump": None,
            "caused": dict(zero), "scoring_punches": dict(zero), "healed": dict(zero), "objective_vp": dict(zero),
        }
        flags = ", ".join(f"{side} at {self.where(self.flags[side])}" for side in s.sides)
        ctx.emit(Setup(), f"The bands stand on their baselines; the flags: {flags}.",
                 ["cc.setup.figures.baseline", "cc.setup.flag.placement", "cc.setup.flag.hex"])
        first = self.first
        if first:
            s.active = first
            s.vars["first"] = first
            ctx.emit(FirstPlayer(), f"The scenario gives the first turn to {first}.", ["cc.setup.first_player"], first)
            ctx.goto("turn.start")
            ctx.emit(TurnBegan(), f"Turn 1: {first} to play.", ["cc.turn.activation.any_or_all"], first)

    # =========================================================================================== helpers
    def atk(self, u: Unit) -> int:
        """A figure's ATK: its own (``attrs.atk``) or its type's: 2, or 3 for leaders and heroes."""
        value = u.attrs.get("atk")
        return int(value) if isinstance(value, int) else int(self.unit_types[u.kind].stats["atk"])

    def atk_clause(self, u: Unit) -> str:
        return "cc.punch.atk.leader_hero" if u.kind in ("leader", "hero") else "cc.punch.atk.standard"

    def leader(self, state: GameState, side: str) -> Unit | None:
        return next((u for u in state.units.values() if u.side == side and u.kind == "leader" and in_play(u)), None)

    def eligible(self, state: GameState, side: str) -> list[Unit]:
        """The side's figures on the board that have not been activated this turn (cc.turn.activation.once)."""
        done = set(state.vars["activated"])
        return sorted((u for u in state.units.values() if u.side == side and in_play(u) and u.id not in done),
                      key=lambda u: u.id)

    def current(self, state: GameState) -> dict[str, Any] | None:
        return state.vars.get("current")

    def punch_dice(self, u: Unit, cover: bool) -> int:
        """ATK dice for a punch up: the ATK, one fewer when the defender is behind a wall or hedge."""
        return max(0, self.atk(u) - (1 if cover else 0))

    # =========================================================================================== decisions
    def legal_actions(self, state: GameState) -> Iterator[Action]:
        pos = state.position
        side = state.active
        v = state.vars
        candidates: list[Action] = []
        if pos in ("turn.free", "turn.pick"):
            candidates = [EndTurn(), *(Activate(u.id) for u in self.eligible(state, side))]
        elif pos == "turn.ask":
            candidates = [EndTurn(), RollActivation()]
        elif pos == "turn.act":
            cur = v["current"]
            u = state.units[cur["unit"]]
            candidates = [EndActivation()]
            assert isinstance(u.at, Hex)
            candidates += [Move(u.id, h) for h in sorted(self.board.neighbors(u.at))]
            candidates += [Punch(u.id, e.id) for e in self.ground.enemies_at(state, u.side, u.at)]
            candidates.append(Rest(u.id))
        elif pos == "turn.engage":
            candidates = [Punch(v["engage"]["unit"], e) for e in v["engage"]["enemies"]]
        elif pos == "turn.choose":
            candidates = [ChooseDie(f) for f in ORDER if f in v["punch"]["faces"]]
        elif pos == "turn.push":
            candidates = [PushBack(v["push"]["unit"], h) for h in v["push"]["options"]]
        elif pos == "turn.follow":
            candidates = [Follow(v["follow"]["unit"], v["follow"]["to"]), Stay(v["follow"]["unit"])]
        elif pos == "turn.bump":
            candidates = [FallBack(v["bump"]["unit"], h) for h in v["bump"]["options"]]
        for action in candidates:
            if self.check(state, action) is None:
                yield action

    def check(self, state: GameState, action: Action) -> RuleError | None:
        pos = state.position
        if type(action) not in STEP_ACTIONS.get(pos, ()):
            return self._not_now(state, action)
        v = state.vars
        if isinstance(action, EndTurn | RollActivation | EndActivation):
            return None
        if isinstance(action, Activate):
            u = state.units.get(action.unit)
            if u is None or u.side != state.active or not in_play(u):
                return RuleError(f"{action.unit} is not one of the {state.active} figures on the board.",
                                 "cc.outline.band.control")
            if u.id in v["activated"]:
                return RuleError(f"{u.id} has already been activated this turn.", "cc.turn.activation.once")
            return None
        if isinstance(action, ChooseDie):
            faces = v["punch"]["faces"]
            if action.face not in faces:
                shown = ", ".join(label(f) for f in ORDER if f in faces)
                return RuleError(f"No die shows {action.face!r}: keep one of the dice rolled ({shown}).",
                                 "cc.punch.roll.choose_one")
            return None
        if isinstance(action, PushBack):
            return self._push_error(state, action)
        if isinstance(action, Follow | Stay):
            f = v["follow"]
            if action.unit != f["unit"]:
                return RuleError(f"Only the attacker, {f['unit']}, may follow up.", "cc.punch.follow_up")
            if isinstance(action, Follow) and action.to != f["to"]:
                return RuleError(f"A follow-up goes into the defender's new hex, {self.where(f['to'])}.",
                                 "cc.punch.follow_up")
            return None
        if isinstance(action, FallBack):
            b = v["bump"]
            if action.unit != b["unit"]:
                return RuleError(f"{b['unit']} is the figure that must leave the crowded hex.",
                                 "cc.stack.overflow.return")
            if action.to not in b["options"]:
                where = ", ".join(self.where(h) for h in b["options"])
                return RuleError(f"{self.where(action.to)} is not allowable: it must be next to the crowded hex, "
                                 f"with no enemy and at most one figure ({where}).", "cc.stack.overflow.alternative")
            return None
        if pos == "turn.engage" and isinstance(action, Punch):
            e = v["engage"]
            if action.unit != e["unit"]:
                return RuleError(f"{e['unit']} walked into the enemy's hex: it makes the punch up.",
                                 "cc.move.enemy.stop")
            if action.target not in e["enemies"]:
                return RuleError(f"Punch one of the enemy figures in the hex: {', '.join(e['enemies'])}.",
                                 "cc.move.enemy.choose")
            return None
        # Move, Punch, Rest at the act step: the activated figure only
        assert isinstance(action, Move | Punch | Rest)
        error = self._actor_error(state, action.unit)
        if error is not None:
            return error
        cur = v["current"]
        u = state.units[action.unit]
        assert isinstance(u.at, Hex)
        if isinstance(action, Rest):
            if cur["actions"] < 2:
                return RuleError(f"A rest takes both actions, and {u.id} has used one already.",
                                 "cc.rest.whole_activation")
            return None
        if isinstance(action, Punch):
            t = state.units.get(action.target)
            if t is None or t.side == u.side or not in_play(t):
                return RuleError(f"{action.target} is not an enemy figure on the board.", "cc.punch.contact.same_hex")
            if t.at != u.at:
                return RuleError(f"{t.id} is not in {u.id}'s hex: a punch up is made in the same hex, so move in "
                                 "first.", "cc.punch.contact.same_hex")
            if cur["punches"] >= 1 and not self.options.allow_double_punch:
                return RuleError(f"{u.id} has punched up once this activation; this scenario allows no second punch "
                                 "up.", "cc.action.repeat")
            return None
        # Move
        if cur["stopped"]:
            return RuleError(f"{u.id} went into an enemy's hex this activation: it stops there and may only punch "
                             "up.", "cc.move.enemy.stop")
        if action.to not in self.board.terrain:
            return RuleError("That hex is off the board: figures move on the board only.", "cc.move.action.one_hex")
        if hex_distance(u.at, action.to) != 1:
            return RuleError(f"A move takes a figure into a neighbouring hex; {self.where(action.to)} is "
                             f"{hex_distance(u.at, action.to)} hexes away.", "cc.move.action.one_hex")
        extras = self.ground.extra_costs(u.at, action.to)
        cost = 1 + len(extras)
        if cost > cur["actions"]:
            why = " and ".join(w for w, _ in extras)
            left = cur["actions"]
            return RuleError(f"Moving to {self.where(action.to)} costs {cost} actions ({why}); {u.id} has {left} "
                             f"left.", extras[0][1] if extras else "cc.action.limit.two")
        return None

    def _actor_error(self, state: GameState, uid: str) -> RuleError | None:
        v = state.vars
        cur = v["current"]
        u = state.units.get(uid)
        if u is None or u.side != state.active or not in_play(u):
            return RuleError(f"{uid} is not one of the {state.active} figures on the board.", "cc.outline.band.control")
        if uid == cur["unit"]:
            return None
        if uid in v["activated"]:
            return RuleError(f"{uid} has already been activated this turn.", "cc.turn.activation.once")
        if v["stage"] == "leader":
            return RuleError(f"The leader {cur['unit']} acts first; {uid} has not been activated.",
                             "cc.turn.activation.leader_first")
        return RuleError(f"Only {cur['unit']} is activated now; {uid} needs an activation of its own (after the "
                         "free one, a roll of 2 to 6).", "cc.turn.activation.roll")

    def _push_error(self, state: GameState, action: PushBack) -> RuleError | None:
        p = state.vars["push"]
        if action.unit != p["unit"]:
            return RuleError(f"{p['unit']} is the figure being pushed back.", "cc.punch.retreat.direction")
        if action.to in p["options"]:
            return None
        u = state.units[p["unit"]]
        if p["blocked"]:
            where = ", ".join(self.where(h) for h in p["options"])
            return RuleError(f"The way back is blocked: {u.id} steps into a hex next to it that is not a river, "
                             f"holds no enemy and fewer than two figures ({where}).",
                             "cc.punch.retreat.blocked_destination")
        if action.to in self.ground.towards_flag(u):
            block = self.ground.push_block(state, u, action.to)
            if block is not None:
                return RuleError(f"{u.id} cannot be pushed into {self.where(action.to)}: {block[0]}.", block[1])
        return RuleError(f"{self.where(action.to)} is not one hex nearer {u.id}'s flag.", "cc.punch.retreat.direction")

    def _not_now(self, state: GameState, action: Action) -> RuleError:
        pos = state.position
        v = state.vars
        title = self.sequence.lookup(pos)[1].title.lower()
        cur = v.get("current")
        if cur is not None and isinstance(action, Activate | RollActivation
                                                                            | EndTurn):
            if v["stage"] == "leader":
                return RuleError(f"The leader {cur['unit']} is activated first: end its activation, then choose "
                                 "the free activation.", "cc.turn.activation.leader_first")
            return RuleError(f"One figure at a time: finish {cur['unit']}'s activation first ({title}).",
                             "cc.outline.band.control")
        if isinstance(action, Move | Punch | Rest | EndActivation):
            if pos == "turn.free":
                return RuleError("No figure is activated now: choose the free activation first.",
                                 "cc.turn.activation.free_second")
            if pos in ("turn.ask", "turn.pick"):
                return RuleError("No figure is activated now: a further figure needs an activation roll of 2 to 6.",
                                 "cc.turn.activation.roll")
            if pos == "turn.engage":
                return RuleError(f"{v['engage']['unit']} walked into the enemy's hex: first it must punch up one of "
                                 "them.", "cc.move.enemy.stop")
        if isinstance(action, RollActivation) and pos == "turn.free":
            return RuleError("The figure after the leader needs no roll: choose it (or end the turn).",
                             "cc.turn.activation.free_second")
        if isinstance(action, Activate) and pos == "turn.ask":
            return RuleError("Roll the D6 first: 2 to 6 lets you activate one more figure.", "cc.turn.activation.roll")
        clause = {ChooseDie: "cc.punch.roll.choose_one", PushBack: "cc.punch.retreat.direction",
                  Follow: "cc.punch.follow_up", Stay: "cc.punch.follow_up",
                  FallBack: "cc.stack.overflow.alternative"}.get(type(action))
        step_clauses = self.sequence.lookup(pos)[1].clauses
        return RuleError(f"Not now: the game is at {title!r}.", clause or (step_clauses[0] if step_clauses else None))

    # =========================================================================================== apply
    def apply(self, ctx: Context, action: Action) -> None:
        s = ctx.state
        v = s.vars
        if isinstance(action, EndTurn):
            ctx.emit(TurnEnded(),
                     f"No more activations for {s.active} this turn.", ["cc.turn.activation.any_or_all"], s.active)
            ctx.goto("end.check")
        elif isinstance(action, RollActivation):
            ctx.emit(ActivationRoll(), f"A D6 for one more {s.active} figure.", ["cc.turn.activation.roll"], s.active)
            ctx.goto("turn.roll")
        elif isinstance(action, Activate):
            stage = "free" if s.position == "turn.free" else "rolled"
            clause = "cc.turn.activation.free_second" if stage == "free" else "cc.turn.activation.roll"
            self._begin(ctx, s.units[action.unit], stage, [clause, "cc.turn.activation.once"])
        elif isinstance(action, Move):
            self._move(ctx, s.units[action.unit], action.to)
        elif isinstance(action, Punch):
            u, t = s.units[action.unit], s.units[action.target]
            if s.position == "turn.engage":
                cover = bool(v["engage"]["cover"])
                v["engage"] = None
                self._start_punch(ctx, u, t, forced=True, cover=cover, clauses=["cc.move.enemy.choose"])
            else:
                v["current"]["actions"] -= 1
                self._start_punch(ctx, u, t, forced=False, cover=False, clauses=["cc.action.limit.two"])
        elif isinstance(action, Rest):
            self._rest(ctx, s.units[action.unit])
        elif isinstance(action, EndActivation):
            cur = v["current"]
            ctx.emit(ActionsDone(unit=cur["unit"]), f"{cur['unit']} does nothing more.", ["cc.action.limit.two"], s.active)
            ctx.goto("turn.finish")
        elif isinstance(action, ChooseDie):
            self._resolve_punch(ctx, punch_result(v["punch"]["faces"], action.face), chosen=True)
        elif isinstance(action, PushBack):
            p = v["push"]
            clause = "cc.punch.retreat.blocked_destination" if p["blocked"] else "cc.punch.retreat.direction"
            self._push_to(ctx, s.units[action.unit], action.to, [clause])
        elif isinstance(action, Follow):
            u = s.units[action.unit]
            frm = u.at
            u.at = action.to
            cur = v["current"]
            cur["came_from"] = frm
            cur["stopped"] = True
            v["follow"] = None
            ctx.emit(FollowedUp(unit=u.id, frm=frm, to=action.to),
                     f"{u.id} follows up into {self.where(action.to)} and stays in contact.", ["cc.punch.follow_up"], u.side)
            self._after_punch(ctx)
        elif isinstance(action, Stay):
            v["follow"] = None
            ctx.emit(NoFollowUp(unit=action.unit), f"{action.unit} stays where it is.", ["cc.punch.follow_up"], s.active)
            self._after_punch(ctx)
        elif isinstance(action, FallBack):
            u = s.units[action.unit]
            v["bump"] = None
            self._relocate(ctx, u, action.to, FellBack, "moves out of the crowd to", ["cc.stack.overflow.alternative"])
            self._close_activation(ctx)

    # ------------------------------------------------------------------------------------------- the turn
    def _begin(self, ctx: Context, u: Unit, stage: str, clauses: list[str]) -> None:
        v = ctx.state.vars
        v["stage"] = stage
        v["activated"].append(u.id)
        v["current"] = {"unit": u.id, "actions": 2, "moves": 0, "punches": 0, "stopped": False, "came_from": None}
        how = {"leader": "the leader, activated first without a roll", "free": "the free activation",
               "rolled": "activated after a good roll"}[stage]
        ctx.emit(Activated(unit=u.id, stage=stage),
                 f"{u.id} is activated ({how}): two actions.", [*clauses, "cc.action.limit.two"], u.side)
        ctx.goto("turn.act")

    def _start_turn(self, ctx: Context) -> None:
        s = ctx.state
        v = s.vars
        v.update({"activated": [], "stage": None, "current": None, "engage": None, "punch": None, "push": None,
                  "follow": None, "bump": None})
        leader = self.leader(s, s.active)
        if leader is not None:
            self._begin(ctx, leader, "leader", ["cc.turn.activation.leader_first"])
            return
        ctx.emit(NoLeader(), f"No {s.active} leader on the board: the turn starts with the free activation.",
                 ["cc.turn.activation.no_leader"], s.active)
        self._next_activation(ctx, "turn.free")

    def _next_activation(self, ctx: Context, step_key: str) -> None:
        s = ctx.state
        if self.eligible(s, s.active):
            ctx.goto(step_key)
            return
        ctx.emit(AllActivated(), f"Every {s.active} figure on the board has been activated this turn.",
                 ["cc.turn.activation.once"], s.active)
        ctx.goto("end.check")

    def _close_activation(self, ctx: Context) -> None:
        s = ctx.state
        v = s.vars
        cur = v["current"]
        v["current"] = None
        ctx.emit(ActivationEnded(unit=cur["unit"]),
                 f"{cur['unit']}'s activation ends.", ["cc.stack.limit.end_of_activation"], s.active)
        self._next_activation(ctx, "turn.free" if v["stage"] == "leader" else "turn.ask")

    def _end_of_activation(self, ctx: Context) -> None:
        """The stacking check once the activation is over (cc.stack.*)."""
        s = ctx.state
        cur = s.vars["current"]
        u = s.units[cur["unit"]]
        if not in_play(u):
            self._close_activation(ctx)
            return
        assert isinstance(u.at, Hex)
        crowd = self.ground.figures_at(s, u.at)
        if len(crowd) <= MAX_PER_HEX:
            self._close_activation(ctx)
            return
        ctx.emit(Overcrowded(unit=u.id, at=u.at),
                 f"{self.where(u.at)} holds {len(crowd)} figures: {u.id}, the last in, must leave.",
                 ["cc.stack.limit.end_of_activation"], u.side)
        back = cur["came_from"]
        if back is not None and self.ground.allowable(s, u, back):
            self._relocate(ctx, u, back, BumpedBack, "goes back, free, to", ["cc.stack.overflow.return"])
            self._close_activation(ctx)
            return
        options = self.ground.fall_back_hexes(s, u)
        if len(options) == 1:
            self._relocate(ctx, u, options[0], FellBack, "cannot go back; it moves instead to",
                           ["cc.stack.overflow.alternative"])
            self._close_activation(ctx)
        elif options:
            s.vars["bump"] = {"unit": u.id, "options": options}
            ctx.goto("turn.bump")
        else:
            u.at = None
            u.attrs["home"] = True
            ctx.emit(WentHome(unit=u.id), f"{u.id} has nowhere to go: it goes home to mum in a sulk (no STR lost, no "
                      "victory point).", ["cc.stack.overflow.sulk", "cc.stack.overflow.sulk_no_penalty"], u.side)
            self._close_activation(ctx)

    def _relocate(self, ctx: Context, u: Unit, to: Hex, kind: type[BumpedBack | FellBack], words: str,
                  clauses: list[str]) -> None:
        frm = u.at
        u.at = to
        ctx.emit(kind(unit=u.id, frm=frm, to=to), f"{u.id} {words} {self.where(to)}.", clauses, u.side)

    def _end_turn(self, ctx: Context) -> None:
        s = ctx.state
        me, them = s.active, s.other(s.active)
        for h, obj in self.objectives:
            here = self.ground.figures_at(s, h)
            if any(u.side == me for u in here) and not any(u.side == them for u in here):
                s.score[me] += obj.vp
                s.vars["objective_vp"][me] += obj.vp
                name = obj.name[:1].upper() + obj.name[1:]
                ctx.emit(ObjectiveHeld(at=h, vp=obj.vp),
                         f"{name} ({self.where(h)}) is held by {me} alone: {obj.vp} VP to {me}.",
                         ["cc.score.vp.scenario"], me)
                if self._check_points(ctx, me):
                    return
        flag = self.flags[me]
        here = self.ground.figures_at(s, flag)
        if any(u.side == them for u in here) and not any(u.side == me for u in here):
            holder = next(u for u in here if u.side == them)
            ctx.emit(FlagCaptured(at=flag),
                     f"{holder.id} has held the {me} flag through the {me} turn: the flag is captured.",
                     ["cc.victory.flag.capture"], them)
            ctx.end(them, f"captured the {me} flag", ["cc.victory.flag.capture"])
            return
        if me != s.vars["first"]:
            s.turn += 1
        s.active = them
        s.vars.update({"activated": [], "stage": None, "current": None})
        ctx.goto("turn.start")
        ctx.emit(TurnBegan(), f"Turn {s.turn}: {them} to play.", ["cc.turn.activation.any_or_all"], them)

    # ------------------------------------------------------------------------------------------- moving
    def _move(self, ctx: Context, u: Unit, to: Hex) -> None:
        s = ctx.state
        cur = s.vars["current"]
        frm = u.at
        assert isinstance(frm, Hex)
        extras = self.ground.extra_costs(frm, to)
        cost = 1 + len(extras)
        left_contact = bool(self.ground.enemies_at(s, u.side, frm))
        cur["actions"] -= cost
        cur["moves"] += 1
        cur["came_from"] = frm
        u.at = to
        clauses = ["cc.move.action.one_hex", *(c for _, c in extras)]
        if cur["moves"] == 2:
            clauses.append("cc.move.activation.max_two")
        if self.ground.friends_at(s, u.side, to)[1:]:
            clauses.append("cc.move.friendly.pass")
        if left_contact:
            clauses.append("cc.move.leave_contact")
        why = f" ({', '.join(w for w, _ in extras)}: {cost} actions)" if extras else ""
        ctx.emit(UnitMoved(unit=u.id, frm=frm, to=to, cost=cost),
                 f"{u.id} moves from {self.where(frm)} to {self.where(to)}{why}.", clauses, u.side)
        enemies = self.ground.enemies_at(s, u.side, to)
        if enemies:
            cur["stopped"] = True
            cover = self.ground.crossing(frm, to) is not None
            ctx.emit(Contact(unit=u.id), f"{u.id} walks into {', '.join(e.id for e in enemies)}: it stops and must punch up "
                      "(free).", ["cc.move.enemy.stop", "cc.move.enemy.forced_punch_free"], u.side)
            if len(enemies) == 1:
                self._start_punch(ctx, u, enemies[0], forced=True, cover=cover, clauses=[])
            else:
                s.vars["engage"] = {"unit": u.id, "enemies": [e.id for e in enemies], "cover": cover}
                ctx.goto("turn.engage")
            return
        if cur["actions"] <= 0:
            ctx.goto("turn.finish")

    def _rest(self, ctx: Context, u: Unit) -> None:
        s = ctx.state
        gain = min(self.options.rest_amount, u.max_strength - u.strength)
        u.strength += gain
        s.vars["healed"][u.side] += gain
        s.vars["current"]["actions"] = 0
        clauses = ["cc.rest.restore", "cc.rest.amount", "cc.rest.whole_activation"]
        if gain < self.options.rest_amount:
            clauses.append("cc.rest.cap")
        ctx.emit(Rested(unit=u.id, gain=gain),
                 f"{u.id} rests (both actions): +{gain} STR, now {u.strength} of {u.max_strength}.", clauses, u.side)
        ctx.goto("turn.finish")

    # ------------------------------------------------------------------------------------------- punch ups
    def _start_punch(self, ctx: Context, u: Unit, t: Unit, *, forced: bool, cover: bool, clauses: list[str]) -> None:
        s = ctx.state
        s.vars["current"]["punches"] += 1
        dice = self.punch_dice(u, cover)
        s.vars["punch"] = {"attacker": u.id, "target": t.id, "dice": dice, "forced": forced, "cover": cover,
                           "faces": [], "scored": False}
        words = [f"{u.id} (ATK {self.atk(u)}) punches up {t.id}: {dice} ATK {'die' if dice == 1 else 'dice'}"]
        cite = [*clauses, "cc.punch.roll.dice_count", self.atk_clause(u)]
        if cover:
            words.append(f"one fewer, {t.id} is behind the {self.ground.crossing(s.vars['current']['came_from'], u.at)}")
            cite += ["cc.punch.wall.minus_one", "cc.punch.wall.behind"]
        if forced:
            words.append("no action spent")
            cite.append("cc.move.enemy.forced_punch_free")
        ctx.emit(PunchUp(unit=u.id, target=t.id, dice=dice, forced=forced, cover=cover),
                 "; ".join(words) + ".", cite, u.side)
        ctx.goto("turn.punch")

    def _resolve_punch(self, ctx: Context, result: str, chosen: bool) -> None:
        s = ctx.state
        p = s.vars["punch"]
        att, tgt = s.units[p["attacker"]], s.units[p["target"]]
        eff = effect(result)
        p["result"] = result
        how = f"{att.id} keeps {label(result)}" if chosen else f"{label(result)} is the only result showing"
        if p["dice"] == 0:
            how = "No dice to roll: Oh Dear"
        ctx.emit(PunchResult(unit=att.id, target=tgt.id, result=result),
                 f"{how}: {tgt.id} {eff.words}.", ["cc.punch.roll.choose_one", eff.clause], att.side)
        if eff.str_loss:
            if self._lose(ctx, tgt, eff.str_loss, att, [eff.clause]):
                return
        if eff.push and in_play(tgt):
            self._push(ctx, att, tgt)
            return
        self._after_punch(ctx)

    def _lose(self, ctx: Context, u: Unit, n: int, by: Unit, clauses: list[str]) -> bool:
        """``u`` loses ``n`` STR to a punch up by ``by``; victory points; True if that won the game."""
        s = ctx.state
        p = s.vars["punch"]
        lost = min(n, u.strength)
        u.strength -= lost
        s.vars["caused"][by.side] += lost
        ctx.emit(StrLost(unit=u.id, lost=lost),
                 f"{u.id} loses {lost} STR ({u.strength} left).", [*clauses, "cc.components.scoreboard.tracking"], u.side)
        gained = 0
        if self.options.vp_per_str_point:
            gained = lost
        elif not p["scored"]:
            gained = 1
        if gained:
            p["scored"] = True
            s.vars["scoring_punches"][by.side] += 1
            s.score[by.side] += gained
            ctx.emit(VictoryPoint(vp=gained),
                     f"{gained} VP to {by.side} ({s.score[by.side]} in all).", ["cc.score.vp.str_loss",
                     "cc.score.vp.per_event"], by.side)
        elif lost:
            ctx.emit(NoExtraPoint(),
                     f"This punch up has scored its VP already: no more for {by.side}.", ["cc.score.vp.per_event"], by.side)
        if u.strength == 0:
            frm = u.at
            u.at = None
            ctx.emit(Removed(unit=u.id, at=frm),
                     f"{u.id} is out of STR and leaves the board.", ["cc.punch.str.zero_removed"], u.side)
        return self._check_points(ctx, by.side)

    def _check_points(self, ctx: Context, side: str) -> bool:
        s = ctx.state
        if s.score[side] >= self.options.vp_to_win:
            ctx.end(side, f"{s.score[side]} victory points", ["cc.victory.vp.ten"])
            return True
        return False

    def _push(self, ctx: Context, att: Unit, tgt: Unit) -> None:
        s = ctx.state
        closer = self.ground.towards_flag(tgt)
        if not closer:
            frm = tgt.at
            tgt.at = None
            tgt.attrs["home"] = True
            ctx.emit(WentHome(unit=tgt.id, at=frm),
                     f"{tgt.id} is pushed back off the board and goes home to mum (no STR lost).",
                     ["cc.punch.retreat.off_board", "cc.punch.retreat.direction"], tgt.side)
            self._after_punch(ctx)
            return
        legal = [h for h in closer if self.ground.push_block(s, tgt, h) is None]
        if len(legal) == 1:
            self._push_to(ctx, tgt, legal[0], ["cc.punch.retreat.direction"])
            return
        if legal:
            s.vars["push"] = {"unit": tgt.id, "options": legal, "blocked": False, "from": tgt.at}
            ctx.goto("turn.push")
            return
        blocks = [self.ground.push_block(s, tgt, h) for h in closer]
        reasons = "; ".join(f"{self.where(h)}: {b[0]}" for h, b in zip(closer, blocks, strict=True) if b)
        clauses = list(dict.fromkeys(b[1] for b in blocks if b))
        ctx.emit(PushBlocked(unit=tgt.id),
                 f"{tgt.id} cannot move back towards its flag ({reasons}): it loses 1 STR and steps "
                  "aside.", clauses, tgt.side)
        if self._lose(ctx, tgt, 1, att, clauses):
            return
        if not in_play(tgt):
            self._after_punch(ctx)
            return
        options = self.ground.sidestep_hexes(s, tgt)
        if not options:
            ctx.emit(StoodFast(unit=tgt.id),
                     f"{tgt.id} has no hex to step into: it stays where it is.",
                     ["cc.punch.retreat.blocked_destination"], tgt.side)
            self._after_punch(ctx)
        elif len(options) == 1:
            self._push_to(ctx, tgt, options[0], ["cc.punch.retreat.blocked_destination"])
        else:
            s.vars["push"] = {"unit": tgt.id, "options": options, "blocked": True, "from": tgt.at}
            ctx.goto("turn.push")

    def _push_to(self, ctx: Context, tgt: Unit, to: Hex, clauses: list[str]) -> None:
        s = ctx.state
        s.vars["push"] = None
        frm = tgt.at
        tgt.at = to
        ctx.emit(PushedBack(unit=tgt.id, frm=frm, to=to),
                 f"{tgt.id} moves back from {self.where(frm)} to {self.where(to)}.", clauses, tgt.side)
        att = s.units[s.vars["punch"]["attacker"]]
        if len(self.ground.figures_at(s, to)) <= MAX_PER_HEX - 1:
            s.vars["follow"] = {"unit": att.id, "to": to}
            ctx.goto("turn.follow")
            return
        ctx.emit(NoRoomToFollow(unit=att.id),
                 f"{att.id} cannot follow up: {self.where(to)} would hold three figures.", ["cc.punch.follow_up"], att.side)
        self._after_punch(ctx)

    def _after_punch(self, ctx: Context) -> None:
        s = ctx.state
        s.vars["punch"] = None
        s.vars["engage"] = None
        if s.result is not None:
            return
        cur = s.vars["current"]
        if cur["actions"] > 0:
            ctx.goto("turn.act")
        else:
            ctx.goto("turn.finish")

    # =========================================================================================== automatic
    def auto(self, ctx: Context) -> None:
        pos = ctx.state.position
        if pos == "turn.start":
            self._start_turn(ctx)
        elif pos == "turn.finish":
            self._end_of_activation(ctx)
        elif pos == "end.check":
            self._end_turn(ctx)
        else:  # pragma: no cover - the sequence lists every automatic step
            raise RuleError(f"step {pos} has no automatic procedure")

    def dice(self, state: GameState):
        pos = state.position
        if pos == "setup.roll_off":
            return [(D6, 1), (D6, 1)]
        if pos == "turn.roll":
            return [(D6, 1)]
        if pos == "turn.punch":
            return [(ATK_DIE, state.vars["punch"]["dice"])]
        raise RuleError(f"step {pos} rolls no dice")

    def dice_location(self, state: GameState):
        if state.position == "turn.punch" and state.vars.get("punch"):
            return state.units[state.vars["punch"]["attacker"]].at
        return None

    def dice_groups(self, state: GameState) -> list[str]:
        pos = state.position
        if pos == "setup.roll_off":
            return list(state.sides)
        if pos == "turn.roll":
            return [f"{state.active}: activation"]
        if pos == "turn.punch":
            p = state.vars["punch"]
            return [f"{p['attacker']} punches {p['target']}"]
        return []

    def resolve(self, ctx: Context, faces) -> None:
        s = ctx.state
        pos = s.position
        if pos == "setup.roll_off":
            a, b = faces[0][0], faces[1][0]
            first, second = s.sides
            if a == b:
                ctx.emit(RollOffTied(), f"Both roll {a}: roll again.", ["cc.setup.first_player"])
                return
            winner = first if a > b else second
            s.active = winner
            s.vars["first"] = winner
            ctx.emit(FirstPlayer(),
                     f"{first} {a}, {second} {b}: the first turn goes to {winner}.", ["cc.setup.first_player"], winner)
            ctx.goto("turn.start")
            ctx.emit(TurnBegan(), f"Turn {s.turn}: {winner} to play.", ["cc.turn.activation.any_or_all"], winner)
        elif pos == "turn.roll":
            face = faces[0][0]
            if face == 1:
                ctx.emit(TurnOver(), f"A 1: the turn is over for {s.active}.", ["cc.turn.activation.roll_one"], s.active)
                ctx.goto("end.check")
            else:
                ctx.emit(RollGood(),
                         f"A {face}: {s.active} may activate one more figure.", ["cc.turn.activation.roll"], s.active)
                ctx.goto("turn.pick")
        elif pos == "turn.punch":
            p = s.vars["punch"]
            rolled = list(faces[0])
            p["faces"] = rolled
            if len(set(rolled)) <= 1:
                self._resolve_punch(ctx, punch_result(rolled), chosen=False)
            else:
                ctx.goto("turn.choose")

    # =========================================================================================== views
    def describe(self, state: GameState, action: Action) -> str:
        if isinstance(action, Activate):
            return f"Activate {action.unit}"
        if isinstance(action, Move):
            return f"Move {action.unit} to {self.where(action.to)}"
        if isinstance(action, Punch):
            return f"{action.unit} punches up {action.target}"
        if isinstance(action, Rest):
            return f"{action.unit} rests"
        if isinstance(action, ChooseDie):
            return f"Keep {label(action.face)}"
        if isinstance(action, PushBack):
            return f"Push {action.unit} back to {self.where(action.to)}"
        if isinstance(action, Follow):
            return f"{action.unit} follows up to {self.where(action.to)}"
        if isinstance(action, Stay):
            return f"{action.unit} does not follow up"
        if isinstance(action, FallBack):
            return f"{action.unit} falls back to {self.where(action.to)}"
        names = {RollActivation: "Roll for another figure", EndTurn: "End the turn", EndActivation: "End activation"}
        return names.get(type(action), type(action).__name__)

    def clock(self, state: GameState) -> str:
        goal = self.options.vp_to_win
        return f"Turn {state.turn} · VP " + ", ".join(f"{s} {state.score.get(s, 0)}/{goal}" for s in state.sides)

    def unit_title(self, unit: Unit) -> str:
        t = self.unit_types.get(unit.kind)
        return f"{unit.side} {t.title.lower() if t else unit.kind} {unit.id} (ATK {self.atk(unit)}, STR " \
               f"{unit.strength}/{unit.max_strength})"

    def action_location(self, state: GameState, action: Action) -> Location:
        if isinstance(action, Activate | Rest):
            u = state.units.get(action.unit)
            return u.at if u is not None else None
        return super().action_location(state, action)

    def intent(self, state: GameState, unit: str, where: Location) -> Action | None:
        u = state.units.get(unit)
        if u is None or not isinstance(where, Hex):
            return None
        pos = state.position
        v = state.vars
        if pos == "turn.push" and v["push"]["unit"] == unit:
            return PushBack(unit, where)
        if pos == "turn.bump":
            return FallBack(unit, where)
        if pos == "turn.follow":
            return Follow(unit, where)
        if pos in ("turn.free", "turn.pick") and where == u.at:
            return Activate(unit)
        enemies = self.ground.enemies_at(state, u.side, where)
        if enemies and (where == u.at or pos == "turn.engage"):
            return Punch(unit, enemies[0].id)
        if where == u.at:
            return Rest(unit) if pos == "turn.act" else None
        return Move(unit, where)

    def suggest(self, state: GameState) -> Action | None:
        """The computer player's pick of a die: Hit and Run > Ouch > Run away > Oh Dear. ``None`` at any
        other step (the computer then plays at random)."""
        if state.position != "turn.choose" or state.result is not None:
            return None
        face = best_face(state.vars["punch"]["faces"])
        return ChooseDie(face) if face is not None else None

    def odds(self, state: GameState, actor: str, target: str) -> OddsReport | None:
        """The odds of ``actor`` punching up ``target``: in the same hex, or by walking into its hex from next
        door (the forced punch up, with one die fewer over a wall or hedge)."""
        u, t = state.units.get(actor), state.units.get(target)
        if u is None or t is None or not in_play(u) or not in_play(t) or u.side == t.side:
            return None
        assert isinstance(u.at, Hex) and isinstance(t.at, Hex)
        notes: list[str] = []
        clauses: tuple[str, ...] = (self.atk_clause(u),)
        engage = state.vars.get("engage")
        pending = state.vars.get("punch")
        if pending and pending["attacker"] == u.id and pending["target"] == t.id:
            cover = bool(pending["cover"])  # the punch up being rolled now: its own dice
        elif u.at == t.at:
            cover = bool(engage and engage["unit"] == u.id and engage["cover"])
        elif hex_distance(u.at, t.at) == 1:
            cover = self.ground.crossing(u.at, t.at) is not None
            notes.append(f"{u.id} must first move into {t.id}'s hex; the punch up that follows is free")
            clauses += ("cc.move.enemy.stop", "cc.move.enemy.forced_punch_free")
        else:
            return None
        if cover:
            notes.append(f"{t.id} is behind a wall or hedge: one die fewer")
            clauses += ("cc.punch.wall.minus_one", "cc.punch.wall.behind")
        if t.strength <= 1:
            notes.append(f"{t.id} has 1 STR left: any STR loss knocks it out")
        else:
            notes.append("a push back that is blocked costs 1 STR more")
        dice = self.punch_dice(u, cover)
        return punch_report(f"{u.id} (ATK {self.atk(u)})", f"{t.id} (STR {t.strength})", dice, t.strength, notes,
                            clauses)

    # =========================================================================================== checks
    def invariants(self, state: GameState) -> list[str]:
        broken: list[str] = []
        v = state.vars
        cur = v.get("current")
        crowded_ok = None
        if cur is not None:
            crowded_ok = state.units[cur["unit"]].at
        for h, figures in state.occupancy().items():
            limit = MAX_PER_HEX + 1 if h == crowded_ok else MAX_PER_HEX
            if len(figures) > limit:
                broken.append(f"{self.where(h)} holds {len(figures)} figures (cc.stack.limit.end_of_activation)")
        for u in state.units.values():
            if not 0 <= u.strength <= u.max_strength:
                broken.append(f"{u.id} has STR {u.strength} of {u.max_strength} (cc.rest.cap)")
            if u.strength == 0 and u.at is not None:
                broken.append(f"{u.id} has no STR left but is still on the board (cc.punch.str.zero_removed)")
            if u.at is not None and u.at not in self.board.terrain:
                broken.append(f"{u.id} stands off the board")
            if u.attrs.get("home") and (u.at is not None or u.strength == 0):
                broken.append(f"{u.id} went home but is on the board or lost its STR (cc.stack.overflow.sulk)")
        flags = sorted(h for h, names in state.features.items() for n in names if n == "flag")
        if flags != sorted(self.flags.values()):
            broken.append(f"the flags moved: {flags} (cc.setup.flag.hex)")
        for side in state.sides:
            other = state.other(side)
            punches = v["caused"][side] if self.options.vp_per_str_point else v["scoring_punches"][side]
            if state.score[side] != punches + v["objective_vp"][side]:
                broken.append(f"{side} has {state.score[side]} VP, not one per scoring punch up ({punches}) plus "
                              f"objectives ({v['objective_vp'][side]}) (cc.score.vp.str_loss)")
            missing = sum(u.max_strength - u.strength for u in state.units.values() if u.side == side)
            if missing != v["caused"][other] - v["healed"][side]:
                broken.append(f"the {side} figures are {missing} STR down, but the {other} punch ups took "
                              f"{v['caused'][other]} and rests gave back {v['healed'][side]} (cc.score.vp.str_loss)")
            if v["scoring_punches"][side] > v["caused"][side]:
                broken.append(f"{side} scored for more punch ups than cost STR (cc.score.vp.per_event)")
        return broken


__all__ = ["BOARD_INCHES", "HEX_INCHES", "Activate", "Cadet", "CadetOptions", "ChooseDie", "EndActivation", "EndTurn",
           "FallBack", "Follow", "Move", "Punch", "PushBack", "Rest", "RollActivation", "Stay"]
