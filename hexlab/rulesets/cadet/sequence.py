"""Cadet Commander's sequence of play as data: the steps, the clauses each teaches, what each does in plain
words, who decides, which actions each decision step accepts, and what the refusal of any other says there
(a step's own words, ``refuse=``, else :data:`REFUSALS` by the action's type, else :data:`NOT_NOW`; the engine
says them through ``Cadet.not_now``). The handlers of each step are in the phase modules: ``activation`` (the
roll-off, turn.start, free, ask, roll, pick), ``moves`` (act, engage), ``punch`` (punch, choose, push,
follow), ``stacking`` (finish, bump) and ``end_turn`` (end.check)."""

from __future__ import annotations

from ...engine import Action, SequenceOfPlay, phase, step
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

FIGURE_ACTIONS = (Move, Punch, Rest, EndActivation)
"""What an activated figure does: refused, in a step's own words, while no figure is activated."""
NO_FIGURE = "No figure is activated now: a further figure needs an activation roll of 2 to 6."

SEQUENCE = SequenceOfPlay((
    phase("setup", "Set up", [
        step("roll_off", "Roll for the first turn", ["cc.setup.first_player", "cc.components.d6"],
             "Each player rolls a D6; the higher roll plays first (a tie is rolled again). Turns then "
             "alternate. A scenario may name the first player instead.", kind="dice",
             next=["turn.start"]),
    ], "The bands stand on their baselines, each flag in the middle of its owner's baseline."),
    phase("turn", "The turn", [
        step("start", "The leader is activated", ["cc.turn.activation.leader_first", "cc.turn.activation.no_leader",
                                                  "cc.turn.activation.once"],
             "The leader always acts first, with no die roll. A band whose leader is gone starts with the "
             "free choice instead.", kind="auto", next=["turn.act", "turn.free", "end.check"]),
        step("free", "Choose the free activation", ["cc.turn.activation.free_second",
                                                    "cc.turn.activation.any_or_all"],
             "Pick one more figure: it is activated without a roll. Or end the turn now.",
             next=["turn.act", "end.check"], accepts=[Activate, EndTurn],
             refuse={FIGURE_ACTIONS: ("No figure is activated now: choose the free activation first.",
                                      "cc.turn.activation.free_second"),
                     RollActivation: ("The figure after the leader needs no roll: choose it (or end the turn).",
                                      "cc.turn.activation.free_second")}),
        step("ask", "Roll for another figure?", ["cc.turn.activation.roll", "cc.turn.activation.any_or_all",
                                                 "cc.turn.activation.once"],
             "Each further figure needs a D6 roll of 2 to 6. You may stop and end the turn instead.",
             next=["turn.roll", "end.check"], accepts=[RollActivation, EndTurn],
             refuse={FIGURE_ACTIONS: (NO_FIGURE, "cc.turn.activation.roll"),
                     Activate: ("Roll the D6 first: 2 to 6 lets you activate one more figure.",
                                "cc.turn.activation.roll")}),
        step("roll", "Activation roll", ["cc.turn.activation.roll", "cc.turn.activation.roll_one",
                                         "cc.components.d6"],
             "Roll a D6: 2 to 6 activates one more figure of your choice; a 1 ends your turn at once.",
             kind="dice", next=["turn.pick", "end.check"]),
        step("pick", "Choose the figure", ["cc.turn.activation.roll", "cc.turn.activation.once"],
             "The roll was good: choose a figure that has not been activated this turn.",
             next=["turn.act", "end.check"], accepts=[Activate, EndTurn],
             refuse={FIGURE_ACTIONS: (NO_FIGURE, "cc.turn.activation.roll")}),
        step("act", "Take actions", ["cc.action.limit.two", "cc.move.action.one_hex", "cc.move.activation.max_two",
                                     "cc.move.terrain.wall", "cc.move.terrain.river", "cc.move.terrain.woods",
                                     "cc.move.friendly.pass", "cc.move.leave_contact", "cc.punch.contact.same_hex",
                                     "cc.action.repeat", "cc.rest.restore", "cc.rest.whole_activation"],
             "Two actions: move one hex (crossing a wall, fence or hedge, or entering a river or woods, "
             "costs one action more), punch up an enemy in your hex, or rest (both actions, +1 STR).",
             next=["turn.engage", "turn.punch", "turn.finish"], accepts=[Move, Punch, Rest, EndActivation]),
        step("engage", "Choose whom to punch", ["cc.move.enemy.stop", "cc.move.enemy.choose",
                                                "cc.move.enemy.forced_punch_free"],
             "The figure walked into a hex with two enemy figures: it must punch up one of them, free.",
             next=["turn.punch"], accepts=[Punch],
             refuse={(Move, Rest, EndActivation): ("{engaged} walked into the enemy's hex: first it must punch up "
                                                   "one of them.", "cc.move.enemy.stop")}),
        step("punch", "Roll the ATK dice", ["cc.punch.roll.dice_count", "cc.punch.atk.standard",
                                            "cc.punch.atk.leader_hero", "cc.punch.wall.minus_one",
                                            "cc.punch.wall.behind", "cc.dice.atk.faces",
                                            "cc.components.atk_dice.count"],
             "The attacker rolls its ATK dice (2 for warriors, 3 for leaders and heroes; one fewer if it "
             "came over a wall or hedge to reach the defender). The defender rolls nothing.", kind="dice",
             next=["turn.choose", "turn.push", "turn.follow", "turn.act", "turn.finish"]),
        step("choose", "Keep one die", ["cc.punch.roll.choose_one", "cc.punch.result.oh_dear",
                                        "cc.punch.result.run_away", "cc.punch.result.ouch",
                                        "cc.punch.result.hit_and_run", "cc.punch.str.zero_removed",
                                        "cc.score.vp.str_loss", "cc.score.vp.per_event", "cc.victory.vp.ten"],
             "Pick one of the dice; only its face counts. Ouch: -1 STR. Run away: back one hex towards "
             "its flag. Hit and Run: both. Oh Dear: nothing. Each punch up that costs STR scores 1 VP.",
             next=["turn.push", "turn.follow", "turn.act", "turn.finish"], accepts=[ChooseDie]),
        step("push", "Push back", ["cc.punch.retreat.direction", "cc.punch.retreat.blocked_full",
                                   "cc.punch.retreat.blocked_river", "cc.punch.retreat.enemy_blocks",
                                   "cc.punch.retreat.blocked_destination", "cc.punch.retreat.off_board"],
             "The defender's owner moves it one hex nearer its own flag. If that is blocked (a river, two "
             "figures, an enemy) it steps aside and loses 1 STR; off the board it goes home.",
             decider="inactive", next=["turn.follow", "turn.act", "turn.finish"], accepts=[PushBack]),
        step("follow", "Follow up?", ["cc.punch.follow_up"],
             "The attacker may step into the defender's new hex to stay in contact, if that hex would hold "
             "no more than two figures. It costs nothing.", next=["turn.act", "turn.finish"], accepts=[Follow, Stay]),
        step("finish", "End of the activation", ["cc.stack.limit.end_of_activation", "cc.stack.overflow.return",
                                                 "cc.stack.overflow.alternative", "cc.stack.overflow.sulk",
                                                 "cc.stack.overflow.sulk_no_penalty"],
             "No hex may hold more than two figures now: the last figure in goes back where it came from, "
             "or to another hex next door, or home to mum.", kind="auto",
             next=["turn.bump", "turn.free", "turn.ask", "end.check"]),
        step("bump", "Fall back from the crowd", ["cc.stack.overflow.alternative"],
             "The figure cannot go back where it came from: choose another hex next to the crowded one with "
             "no enemy and at most one figure.", next=["turn.free", "turn.ask", "end.check"], accepts=[FallBack]),
    ], "The leader acts first, then one free figure, then a D6 for each further figure (a 1 ends the "
       "turn). Each activated figure has two actions; a punch up may push the enemy back."),
    phase("end", "End of turn", [
        step("check", "Flags and victory", ["cc.victory.flag.capture", "cc.score.vp.scenario",
                                            "cc.victory.vp.ten"],
             "If, at the end of a player's turn, an enemy figure stands in that player's flag hex and none of "
             "the player's own figures is in that hex, the flag is captured and the enemy wins. Then the other "
             "player's turn begins.", kind="auto",
             next=["turn.start"]),
    ]),
))

NOT_NOW = "Not now: the game is at {step!r}."
"""The refusal of an action at a step that has no words of its own for it (``Cadet.refusal``): it cites the rule of
the action tried (:data:`REFUSALS`), else the step's own first clause."""

REFUSALS: dict[type[Action], tuple[str, str]] = {
    ChooseDie: (NOT_NOW, "cc.punch.roll.choose_one"), PushBack: (NOT_NOW, "cc.punch.retreat.direction"),
    Follow: (NOT_NOW, "cc.punch.follow_up"), Stay: (NOT_NOW, "cc.punch.follow_up"),
    FallBack: (NOT_NOW, "cc.stack.overflow.alternative"),
}
"""The refusal of these actions at any step without words of its own for them cites the rule of the action tried."""
