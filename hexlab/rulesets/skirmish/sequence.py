"""Skirmish's sequence of play: four phases a turn, what each step teaches and accepts, and what its refusal
of an action it does not accept says (``refuse=``)."""

from __future__ import annotations

from ...engine import SequenceOfPlay, phase, step
from .actions import Attack, Move, Pass, PlayCard

SEQUENCE = SequenceOfPlay((
    phase("command", "Command", [
        step("play", "Play a command card", ["sk.order.play_card", "sk.order.activations"],
             "Choose a card from your hand: its number is how many units may act.", next=["action.act"],
             accepts=[PlayCard], refuse={(Move, Attack, Pass): ("First play a command card.", "sk.order.play_card")}),
    ]),
    phase("action", "Action", [
        step("act", "Move or attack", ["sk.act.once", "sk.act.pass", "sk.move.allowance", "sk.attack.range"],
             "Move a unit or attack with it; each unit acts once.",
             next=["combat.roll", "draw.draw"], accepts=[Pass, Move, Attack],
             refuse={PlayCard: ("You have already played a card this turn.", "sk.order.play_card")}),
    ]),
    phase("combat", "Combat", [
        step("roll", "Roll for combat", ["sk.combat.dice", "sk.combat.return_fire", "sk.combat.step_loss"],
             "Both sides roll at once; hits remove steps.", kind="dice",
             next=["action.act", "draw.draw"]),
    ]),
    phase("draw", "End of turn", [
        step("draw", "Draw a card", ["sk.draw.card"], "Draw back up.", kind="auto"),
        step("check", "Check victory", ["sk.victory.annihilation", "sk.victory.turns"],
             "Is the game over?", kind="auto", next=["command.play"]),
    ]),
))
