"""Cadet Commander (clauses in ../shared/rules/cadet_commander.toml): the ruleset class that puts the
package together, with its set-up, its end condition and its view hooks.

A turn: the leader is activated first without a roll, then one figure of the player's choice, then a D6
for each further figure (a 1 ends the turn). An activated figure has two actions: move one hex, punch up
an enemy in its hex, or rest (both actions). A figure that walks into an enemy's hex stops and punches up
at once. A punch up rolls the attacker's ATK dice; the attacker keeps one die: Oh Dear, Run away, Ouch or
Hit and Run. At the end of each activation no hex may hold more than two figures. A victory point for
each punch up that costs the enemy STR; 10 points, or the enemy's flag held through his turn, wins.

Where the rules are silent the catalog's defaults apply, and the scenario may change them (``[rules]``):
see :class:`~.options.CadetOptions`. The package: ``actions``, ``events``, ``state``, ``options``,
``data`` (what can be done, what is logged, what is kept, what a scenario may set, the tables);
``sequence`` (the steps and what each accepts); ``board`` (costs, stacking, push-back hexes), ``combat``
(``punch_result``), ``odds``; one module per part of the turn, each registering its step handlers:
``activation``, ``moves``, ``punch``, ``stacking``, ``end_turn``; ``scenario_checks``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ...engine import Action, Context, DiceRolled, GameState, Outcome, RuleError, Ruleset
from ...engine.state import Board, Location, Unit
from ...hexes import Hex, from_offset, hex_distance, to_offset
from ...odds import OddsReport
from .actions import (
    Activate,
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
from .activation import eligible, first_turn, leader
from .board import Ground, gone_home, in_play
from .combat import ATK_DIE, EFFECTS, best_face, label
from .data import BOARD_INCHES, FEATURES, HEX_INCHES, HEXSIDE_FEATURES, MAX_PER_HEX, TERRAIN, UNIT_TYPES
from .events import Setup
from .handlers import handlers
from .odds import CadetOdds, punch_report
from .options import CadetOptions, Objective
from .scenario_checks import scenario_problems
from .sequence import NOT_NOW, REFUSALS, SEQUENCE
from .state import CadetState, Tally

DESCRIBE: dict[type[Action], Callable[[Any, Any], str]] = {
    Activate: lambda r, a: f"Activate {a.unit}",
    Move: lambda r, a: f"Move {a.unit} to {r.where(a.to)}",
    Punch: lambda r, a: f"{a.unit} punches up {a.target}",
    Rest: lambda r, a: f"{a.unit} rests",
    ChooseDie: lambda r, a: f"Keep {label(a.face)}",
    PushBack: lambda r, a: f"Push {a.unit} back to {r.where(a.to)}",
    Follow: lambda r, a: f"{a.unit} follows up to {r.where(a.to)}",
    Stay: lambda r, a: f"{a.unit} does not follow up",
    FallBack: lambda r, a: f"{a.unit} falls back to {r.where(a.to)}",
    RollActivation: lambda r, a: "Roll for another figure",
    EndTurn: lambda r, a: "End the turn",
    EndActivation: lambda r, a: "End activation",
}
"""Each action in plain words, for buttons and the log."""

class Cadet(Ruleset[CadetState]):
    id = "cadet"
    name = "Cadet Commander"
    sequence = SEQUENCE
    refusals = REFUSALS
    refusal = NOT_NOW
    handlers = handlers
    actions = (Activate, RollActivation, EndTurn, Move, Punch, Rest, EndActivation, ChooseDie, PushBack, Follow,
               Stay, FallBack)
    state_type = CadetState
    terrain = TERRAIN
    hexside_features = HEXSIDE_FEATURES
    features = FEATURES
    unit_types = UNIT_TYPES
    options_model = CadetOptions
    dice_kinds = (ATK_DIE,)
    retired_attrs = frozenset({"atk", "home"})  # kept in Cadet.own_atk and CadetState.home since issue 22
    odds_cli = CadetOdds()
    options: CadetOptions

    def __init__(self, board: Board, options: CadetOptions | None, sides: Sequence[str] = (),
                 first: str | None = None) -> None:
        super().__init__(board, options, sides, first)
        self.sides = list(self.sides)
        opts = options if options is not None else CadetOptions()
        baselines: dict[str, int] = {}
        flags: dict[str, Hex] = {}
        for i, side in enumerate(self.sides[:2]):
            baselines[side] = opts.baselines.get(side, 0 if i == 0 else board.height - 1)
            flags[side] = self._parse(opts.flags.get(side)) or self._hex_at(board.width // 2, baselines[side])
        self.objectives: list[tuple[Hex, Objective]] = []
        for obj in opts.objectives:
            h = self._parse(obj.hex)
            if h is not None:
                self.objectives.append((h, obj))
        self.ground = Ground(board, flags, baselines)
        self.own_atk: dict[str, int] = {}
        """Figures the scenario gives an ATK of their own (``attrs = { atk = 1 }``), read at :meth:`setup`."""

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

    # =========================================================================================== the start and the end
    def validate_scenario(self, scenario: Any) -> list[tuple[str, str]]:
        return scenario_problems(self, scenario)

    def setup(self, ctx: Context) -> None:
        """Flags and objectives on the map; the first player from the scenario, or a roll-off next
        (cc.setup.flag.placement, cc.setup.first_player)."""
        s = ctx.state
        own = {u.id: u.attrs.pop("atk") for u in s.units.values() if "atk" in u.attrs}
        self.own_atk = {uid: int(atk) for uid, atk in own.items() if isinstance(atk, int)}
        for side in s.sides:
            s.features.setdefault(self.flags[side], []).append("flag")
        for h, _ in self.objectives:
            s.features.setdefault(h, []).append("objective")
        home = [u.id for u in s.units.values() if u.attrs.pop("home", False)]  # kept typed (CadetState.home)
        s.rules_state = CadetState(tally={side: Tally() for side in s.sides}, home=home)
        flags = ", ".join(f"{side} at {self.where(self.flags[side])}" for side in s.sides)
        ctx.emit(Setup(), f"The bands stand on their baselines; the flags: {flags}.",
                 ["cc.setup.figures.baseline", "cc.setup.flag.placement", "cc.setup.flag.hex"])
        if self.first:
            first_turn(ctx, self.first, f"The scenario gives the first turn to {self.first}.")

    def end_if(self, state: GameState) -> Outcome | None:
        """Ten victory points win at once (cc.victory.vp.ten); so does the enemy's flag held through his
        turn (cc.victory.flag.capture)."""
        mine: CadetState | None = state.rules_state
        if mine is None:
            return None
        for side in state.sides:
            if state.score[side] >= self.options.vp_to_win:
                return Outcome(side, f"{state.score[side]} victory points", ("cc.victory.vp.ten",))
        if mine.captured is not None:
            return Outcome(state.other(mine.captured), f"captured the {mine.captured} flag",
                           ("cc.victory.flag.capture",))
        return None

    def not_now(self, state: GameState, action: Action) -> RuleError:
        """An action the step does not accept: while a figure is activated, the chain waits
        (cc.turn.activation.leader_first, cc.outline.band.control), whatever the step; otherwise the words the
        sequence of play declares (the steps' ``refuse=``, :data:`~.sequence.REFUSALS`)."""
        mine = self.mine(state)
        cur = mine.current
        if cur is not None and isinstance(action, Activate | RollActivation | EndTurn):
            if mine.stage == "leader":
                return RuleError(f"The leader {cur.unit} is activated first: end its activation, then choose "
                                 "the free activation.", "cc.turn.activation.leader_first")
            title = self.sequence.lookup(state.position)[1].title.lower()
            return RuleError(f"One figure at a time: finish {cur.unit}'s activation first ({title}).",
                             "cc.outline.band.control")
        return super().not_now(state, action)

    def refusal_fields(self, state: GameState) -> dict[str, Any]:
        """The refusals' facts, and ``engaged``: the figure that walked into the enemy's hex."""
        engage = self.mine(state).engage
        return {**super().refusal_fields(state), "engaged": engage.unit if engage is not None else ""}

    # =========================================================================================== helpers
    def atk(self, u: Unit) -> int:
        """A figure's ATK: its own (the scenario's ``attrs.atk``, :attr:`own_atk`) or its type's: 2, or 3 for
        leaders and heroes."""
        own = self.own_atk.get(u.id)
        return own if own is not None else int(self.unit_types[u.kind].stats["atk"])

    def atk_clause(self, u: Unit) -> str:
        return "cc.punch.atk.leader_hero" if u.kind in ("leader", "hero") else "cc.punch.atk.standard"

    def leader(self, state: GameState, side: str) -> Unit | None:
        return leader(state, side)

    def punch_dice(self, u: Unit, cover: bool) -> int:
        """ATK dice for a punch up: the ATK, one fewer when the defender is behind a wall or hedge."""
        return max(0, self.atk(u) - (1 if cover else 0))

    # =========================================================================================== views
    def describe(self, state: GameState, action: Action) -> str:
        words = DESCRIBE.get(type(action))
        return words(self, action) if words is not None else type(action).__name__

    unit_turn = "activation"

    def forfeit(self, state: GameState, action: Action) -> str | None:
        """What ending an activation or the turn gives up: the figure's unused actions (two a figure,
        cc.action.limit.two), or the figures not yet activated this turn."""
        mine: CadetState = state.rules_state
        if isinstance(action, EndActivation) and mine.current is not None:
            cur = mine.current
            if cur.actions >= 2:
                return f"both of {cur.unit}'s actions are lost"
            if cur.actions == 1:
                return f"{cur.unit}'s second action is lost"
        if isinstance(action, EndTurn):
            waiting = [u.id for u in eligible(state, state.active)]
            other = state.other(state.active)
            if waiting:
                return (f"{', '.join(waiting)} {'is' if len(waiting) == 1 else 'are'} not activated this turn; "
                        f"the turn passes to {other}")
            return f"the turn passes to {other}"
        return super().forfeit(state, action)

    def turn_context(self, state: GameState) -> str | None:
        """The figure activated now and the actions it has left (cc.action.limit.two): a figure with 1 action
        left cannot wade a river or go into woods, though the map looks the same."""
        cur = state.rules_state.current
        if cur is None:
            return None
        left = f"{cur.actions} action{'s' if cur.actions != 1 else ''} left"
        return f"{cur.unit} is the figure activated now, with {left} this activation"

    def clock(self, state: GameState) -> str:
        goal = self.options.vp_to_win
        return f"Turn {state.turn} · VP " + ", ".join(f"{s} {state.score.get(s, 0)}/{goal}" for s in state.sides)

    def unit_title(self, unit: Unit) -> str:
        t = self.unit_types.get(unit.kind)
        return f"{unit.side} {t.title.lower() if t else unit.kind} {unit.id} (ATK {self.atk(unit)}, STR " \
               f"{unit.strength}/{unit.max_strength})"

    def face_words(self, roll: DiceRolled, group: int, face: Any) -> str | None:
        """What a rolled face does (for the dice tray): an ATK die's result for the figure punched up
        (cc.punch.result.*), "if kept" when the attacker has several to choose from (cc.punch.roll.choose_one);
        the activation D6 (cc.turn.activation.roll, cc.turn.activation.roll_one)."""
        if roll.dice[group] == ATK_DIE.name:
            effect = EFFECTS[face]
            what = f"the defender {effect.words}" if effect.str_loss or effect.push else "no effect"
            return f"if kept, {what}" if len(set(roll.faces[group])) > 1 else what
        if roll.dice[group] == "d6" and group < len(roll.groups) and roll.groups[group].endswith("activation"):
            return "the turn is over" if face == 1 else "one more figure"
        return None

    def action_location(self, state: GameState, action: Action) -> Location:
        if isinstance(action, Activate | Rest):
            u = state.units.get(action.unit)
            return u.at if u is not None else None
        return super().action_location(state, action)

    def intent(self, state: GameState, unit: str, where: Location) -> Action | None:
        """What a click on ``where`` means with ``unit`` selected, by what the step accepts."""
        u = state.units.get(unit)
        if u is None or not isinstance(where, Hex):
            return None
        mine: CadetState = state.rules_state
        accepts = self.sequence.lookup(state.position)[1].accepts
        if PushBack.__name__ in accepts and mine.push is not None and mine.push.unit == unit:
            return PushBack(unit, where)
        if FallBack.__name__ in accepts:
            return FallBack(unit, where)
        if Follow.__name__ in accepts:
            return Follow(unit, where)
        if Activate.__name__ in accepts and where == u.at:
            return Activate(unit)
        enemies = self.ground.enemies_at(state, u.side, where)
        if enemies and (where == u.at or mine.engage is not None):
            return Punch(unit, enemies[0].id)
        if where == u.at:
            return Rest(unit) if Rest.__name__ in accepts else None
        return Move(unit, where)

    def suggest(self, state: GameState) -> Action | None:
        """The ruleset's pick of a die: Hit and Run > Ouch > Run away > Oh Dear (the novice takes it; the veteran
        weighs every pick). ``None`` at any other step."""
        mine: CadetState = state.rules_state
        step = self.sequence.lookup(state.position)[1]
        if ChooseDie.__name__ not in step.accepts or state.result is not None or mine.punch is None:
            return None
        face = best_face(mine.punch.faces)
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
        mine: CadetState = state.rules_state
        engage, pending = mine.engage, mine.punch
        if pending is not None and pending.attacker == u.id and pending.target == t.id:
            cover = pending.cover  # the punch up being rolled now: its own dice
        elif u.at == t.at:
            cover = engage is not None and engage.unit == u.id and engage.cover
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

    def invariants(self, state: GameState) -> list[str]:
        """The stacking limit between activations, STR within bounds, the flags in place, and the
        scoreboard against the tally (cc.score.vp.str_loss)."""
        broken: list[str] = []
        mine: CadetState = state.rules_state
        cur = mine.current
        crowded_ok = state.units[cur.unit].at if cur is not None else None
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
            if gone_home(state, u) and (u.at is not None or u.strength == 0):
                broken.append(f"{u.id} went home but is on the board or lost its STR (cc.stack.overflow.sulk)")
        flags = sorted(h for h, names in state.features.items() for n in names if n == "flag")
        if flags != sorted(self.flags.values()):
            broken.append(f"the flags moved: {flags} (cc.setup.flag.hex)")
        for side in state.sides:
            other = state.other(side)
            mine_t, theirs = mine.tally[side], mine.tally[other]
            punches = mine_t.caused if self.options.vp_per_str_point else mine_t.scoring_punches
            if state.score[side] != punches + mine_t.objective_vp:
                broken.append(f"{side} has {state.score[side]} VP, not one per scoring punch up ({punches}) plus "
                              f"objectives ({mine_t.objective_vp}) (cc.score.vp.str_loss)")
            missing = sum(u.max_strength - u.strength for u in state.units.values() if u.side == side)
            if missing != theirs.caused - mine_t.healed:
                broken.append(f"the {side} figures are {missing} STR down, but the {other} punch ups took "
                              f"{theirs.caused} and rests gave back {mine_t.healed} (cc.score.vp.str_loss)")
            if mine_t.scoring_punches > mine_t.caused:
                broken.append(f"{side} scored for more punch ups than cost STR (cc.score.vp.per_event)")
        return broken


__all__ = ["BOARD_INCHES", "HEX_INCHES", "Activate", "Cadet", "CadetOptions", "ChooseDie", "EndActivation", "EndTurn",
           "FallBack", "Follow", "Move", "Punch", "PushBack", "Rest", "RollActivation", "Stay"]
