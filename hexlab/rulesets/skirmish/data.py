"""Skirmish's tables: its rule clauses, movement costs and command cards."""

from __future__ import annotations

CLAUSES = {
    "sk.order.play_card": "The active side plays one command card from its hand each turn.",
    "sk.order.activations": "The card's number is how many actions the side may take this turn.",
    "sk.act.once": "A unit acts (moves or attacks) at most once a turn.",
    "sk.act.pass": "The active side may stop acting at any time.",
    "sk.move.allowance": "A unit moves up to its allowance; clear costs 1, woods 2.",
    "sk.move.water": "No unit may enter water.",
    "sk.move.wall": "No unit may cross a wall.",
    "sk.move.enemy": "No unit may enter or pass through a hex holding an enemy.",
    "sk.stack.one": "At most one unit may end its move in a hex.",
    "sk.attack.range": "A unit attacks an enemy 1 or 2 hexes away.",
    "sk.attack.los": "Attacks at range 2 need line of sight; woods block it (a line along a hex edge is "
                     "blocked only if woods lie on both sides).",
    "sk.attack.hidden": "A hidden unit cannot be attacked until it is revealed.",
    "sk.combat.dice": "The attacker rolls one die per step, one less if the target is in woods or across a "
                      "wall; hits on 5 or 6.",
    "sk.combat.return_fire": "An adjacent target fires back at the same time with one die per step, "
                             "hitting on 6; losses on both sides are removed together.",
    "sk.combat.step_loss": "Each hit removes one step; a unit flips to its reduced face and is "
                           "eliminated at zero.",
    "sk.score.elimination": "A side scores a point for each enemy unit it eliminates.",
    "sk.hidden.scouts": "Scouts start hidden from the enemy; a scout is revealed when it attacks.",
    "sk.draw.card": "At the end of its turn the active side draws a card; an empty deck is reshuffled "
                    "from the discards.",
    "sk.victory.annihilation": "A side with no units left loses.",
    "sk.victory.turns": "After the last turn the side with more points wins; equal points is a draw.",
}
"""Every rule, by clause id. A real ruleset's catalog is shipped in ``hexlab/reference`` instead."""

MOVE_COST = {"clear": 1, "woods": 2}
"""Movement points to enter a hex, by terrain (sk.move.allowance); terrain not listed can't be entered."""

CARDS = {"order1": 1, "order2": 2}
"""Command cards: how many units each lets act (sk.order.activations)."""
