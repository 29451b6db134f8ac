"""Questions answered with a number: Memoir '44's battle dice, the exact odds of an outcome, War at Sea's ship
capacity, Cartwheel's initiative modifier (each from the ruleset's own function)."""

from __future__ import annotations

from ..engine import Game
from ..engine.actions import Action
from .ask import (
    ODDS_TOLERANCE,
    _battles,
    _exercise,
    _legal,
    _side_units,
    _step_clause,
)
from .model import Exercise, Why


def dice_subjects(game: Game) -> list[dict[str, str]]:
    return [{"unit": a.unit, "target": a.target} for acts in _battles(game).values() for a in acts
            if type(a).__name__ == "Battle"]


def build_dice(game: Game, subject: dict[str, str]) -> Exercise | None:
    """Memoir '44: how many dice ``unit`` rolls at ``target`` (the range table, the target's terrain, battling out
    of terrain, nations), from the ruleset's own ``battle_dice``."""
    from ..rulesets.memoir44.combat import battle_dice

    st = game.state
    u, t = st.units[subject["unit"]], st.units[subject["target"]]
    dice = battle_dice(game.rules.field, st, u, t)
    clause = next((c for _, d, c in dice.steps[1:] if d and c), dice.steps[0][2])
    q = (f"{u.id} ({game.rules.unit_title(u)}) battles {t.id} ({game.rules.unit_title(t)}). How many dice does it "
         "roll?")
    return _exercise(game, "dice", dict(subject), q, "number", [str(dice.count)],
                     {"answer": Why(clause, dice.words())}, explanation=dice.words())


def _dice_nontrivial(ex: Exercise, game: Game) -> bool:
    from ..rulesets.memoir44.combat import battle_dice

    st = game.state
    dice = battle_dice(game.rules.field, st, st.units[ex.subject["unit"]], st.units[ex.subject["target"]])
    return any(d for _, d, _ in dice.steps[1:])


def odds_subjects(game: Game) -> list[dict[str, str]]:
    """The legal battles; where a ruleset's battles name no target (Cactus' hourly combat), each of the acting
    side's units with an enemy its odds can be worked out against (``Ruleset.odds``)."""
    pairs = [{"unit": a.unit, "target": a.target} for acts in _battles(game).values() for a in acts]
    if not pairs and game.ruleset == "cactus" and _legal(game):
        side = game.to_act
        for u in sorted(_side_units(game, side), key=lambda u: u.id):
            for t in sorted(_side_units(game, side, enemy=True), key=lambda t: t.id):
                if game.rules.odds(game.state, u.id, t.id) is not None:
                    pairs.append({"unit": u.id, "target": t.id})
    out = []
    for pair in pairs:  # one subject per outcome the odds report gives a chance of
        report = game.rules.odds(game.state, pair["unit"], pair["target"])
        for name, p in (report.summary.items() if report is not None else ()):
            if 0 < p < 1:
                out.append({**pair, "outcome": name})
    return out


def build_odds(game: Game, subject: dict[str, str]) -> Exercise | None:
    """The chance of an outcome of an attack, exact from the ruleset's odds (``Ruleset.odds``); a typed guess
    within :data:`ODDS_TOLERANCE` counts."""
    report = game.rules.odds(game.state, subject["unit"], subject["target"])
    if report is None or not report.summary:
        return None
    wanted = subject.get("outcome")
    asked = next(((n, p) for n, p in report.summary.items() if 0 < p < 1 and wanted in (None, n)), None)
    if asked is None:
        return None
    name, p = asked
    clauses = tuple(report.clauses)
    title = f"{report.title}, {report.situation}" if report.situation else report.title
    q = (f"{title}. What is the chance of this outcome: {name}? Type a fraction or a percentage "
         f"(within {float(ODDS_TOLERANCE):.0%} counts).")
    notes = "; ".join(report.notes)
    return _exercise(game, "odds", {"unit": subject["unit"], "target": subject["target"], "outcome": name}, q,
                     "number", [str(p)],
                     {"answer": Why(clauses[0] if clauses else _step_clause(game),
                                    f"exact odds from the rules' dice{': ' + notes if notes else ''}")},
                     tolerance=str(ODDS_TOLERANCE), explanation=notes)


def _odds_nontrivial(ex: Exercise, game: Game) -> bool:
    """More than one rule sets the chance (terrain, cover, a unit's last step, a fight already on...)."""
    report = game.rules.odds(game.state, ex.subject["unit"], ex.subject["target"])
    return report is not None and len(set(report.clauses)) > 1


def capacity_subjects(game: Game) -> list[dict[str, str]]:
    from ..rulesets.warsea import board as wboard

    return [{"unit": u.id} for u in sorted(game.state.units.values(), key=lambda u: u.id)
            if u.alive and wboard.card(game.rules, game.state, u) is not None
            and wboard.card(game.rules, game.state, u).kind == "ship"]


def build_capacity(game: Game, subject: dict[str, str]) -> Exercise | None:
    """War at Sea: how many troop counters a ship may carry, from its card's abilities (was.naval.capacity.*)."""
    from ..rulesets.warsea import board as wboard

    u = game.state.units[subject["unit"]]
    c = wboard.card(game.rules, game.state, u)
    if c is None:
        return None
    room, clause = wboard.capacity(game.rules, game.state, u)
    abilities = ", ".join(c.abilities) or "no special abilities"
    q = f"{u.id} ({game.rules.unit_title(u)}; abilities: {abilities}). How many troop counters may it carry?"
    return _exercise(game, "capacity", dict(subject), q, "number", [str(room)],
                     {"answer": Why(clause, f"{u.id}'s abilities ({abilities}) give a capacity of {room}")})


def initiative_subjects(game: Game) -> list[dict[str, str]]:
    return [{"turn": str(game.state.turn)}] if game.state.position == "initiative.roll" and game.state.turn > 1 else []


def build_initiative(game: Game, subject: dict[str, str]) -> Exercise | None:
    """Cartwheel: the modifier to the Allies' initiative roll this turn, from the ruleset's ``initiative_drm``."""
    from ..rulesets.cartwheel.initiative import initiative_drm

    drm = initiative_drm(game.rules, game.state)
    over = game.rules.mine(game.state).recon_over
    flights = ", ".join(f"{u} over {game.board.label(h)}" for u, h in sorted(over.items())) or "no recon flights"
    rabaul, moresby = game.rules.site_hex("rabaul"), game.rules.site_hex("port_moresby")
    sites = ", ".join(f"{name} is {h}" for name, h in (("Rabaul", rabaul), ("Port Moresby", moresby))
                      if h)
    magic = game.rules.mine(game.state).magic_at
    if magic:
        flights += f"; the Magic marker is on {game.board.label(magic)}"
    q = (f"Turn {game.state.turn}: the Allies roll for initiative. Recon this turn: {flights} ({sites}). What "
         "modifier applies to the roll (a number such as +1, 0 or -1)?")
    return _exercise(game, "initiative", dict(subject), q, "number", [str(drm)],
                     {"answer": Why("oc.sequence.initiative_roll.drm_table_default",
                                    "+1 for an Allied recon over Rabaul, -1 for a Japanese recon over Port Moresby "
                                    f"(oc.air.recon.initiative_drm_trigger): {drm:+d} here")})


def _initiative_nontrivial(ex: Exercise, game: Game) -> bool:
    """A recon flew (so the student must know where it counts)."""
    mine = game.rules.mine(game.state)
    return bool(mine.recon_over) or bool(mine.magic_at)


def _steer_recon(game: Game, actions: list[Action]) -> list[Action]:
    """Cartwheel: the recon placements and Magic over Rabaul or Port Moresby, the ones that change the initiative
    roll (so random play reaches positions where the modifier is not zero)."""
    sites = {game.rules.site_hex("rabaul"), game.rules.site_hex("port_moresby")} - {""}
    return [a for a in actions if type(a).__name__ in ("PlaceRecon", "PlaceMagic") and getattr(a, "to", None) in sites]
