"""What a ruleset declares instead of writing code for it (issue 22, point 7): the words of a refusal on the step
(or by action type, for the whole ruleset), the action types that need no check, the ``attrs`` keys a ruleset no
longer keeps (older saves still load), and the one hook that says a unit is hidden."""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest

from hexlab import saves
from hexlab.engine import (
    Action,
    GameState,
    Handlers,
    Refusal,
    Ruleset,
    SaveError,
    SequenceOfPlay,
    Terrain,
    Unit,
    UnitType,
    phase,
    step,
)
from hexlab.engine.flow import no_check
from hexlab.render import scene, to_svg
from hexlab.rulesets.cactus.rules import Cactus
from hexlab.rulesets.cadet.rules import Cadet
from hexlab.rulesets.memoir44.rules import Memoir44
from tests.support.skirmish import Move, Pass, PlayCard, Skirmish
from tests.test_engine import duel


@dataclass(frozen=True, slots=True)
class Go(Action):
    pass


@dataclass(frozen=True, slots=True)
class Stop(Action):
    pass


def tiny(name: str, steps: list, refusals: dict | None = None, checks: bool = True) -> type[Ruleset]:
    """A one-phase ruleset with the given steps, each taking Go (checked) and Stop (declared unchecked)."""
    handlers = Handlers()
    for s in steps:
        if s.kind == "decision":
            handlers.candidates(f"p.{s.id}")(lambda rules, state: iter([Go(), Stop()]))
    if checks:
        handlers.check(Go)(lambda rules, state, action: None)
    handlers.unchecked(Stop)
    handlers.effect(Go, Stop)(lambda rules, ctx, action: None)
    attrs = {"id": name, "name": name, "sequence": SequenceOfPlay((phase("p", "P", steps),)), "handlers": handlers,
             "actions": (Go, Stop), "terrain": {"clear": Terrain("clear", "Clear")},
             "unit_types": {"u": UnitType("u", "Unit", "infantry")}, "clauses": frozenset({"t.one", "t.two"})}
    if refusals is not None:
        attrs["refusals"] = refusals
    return type(name, (Ruleset,), attrs)


# ------------------------------------------------------------------------ refusal words on the steps


def test_a_step_says_its_own_refusal_words_and_cites_their_clause():
    game = duel()                                   # Red has played its card: the step is "Move or attack"
    err = game.explain(PlayCard("order2"))
    assert (err.reason, err.clause) == ("You have already played a card this turn.", "sk.order.play_card")
    _, act = Skirmish.sequence.lookup("action.act")
    assert act.refusal("PlayCard") == Refusal("You have already played a card this turn.", "sk.order.play_card")
    _, play = Skirmish.sequence.lookup("command.play")
    assert {name for name, _ in play.refuse} == {"Move", "Attack", "Pass"}
    assert "not_now" not in vars(Skirmish)          # no switch on step names: the engine says the step's words


def test_refusal_words_are_filled_in_with_the_facts_of_the_moment():
    said = Refusal("Not now ({step}); {decider} decides.")
    _, stepped = Skirmish.sequence.lookup("action.act")
    game = duel()
    err = game.rules.refuse(game.state, said)
    assert (err.reason, err.clause) == ("Not now (move or attack); Red decides.", stepped.clauses[0])
    assert said.error(stepped).reason == "Not now ({step}); {decider} decides."   # no facts: the words as written


def test_the_rulesets_declare_their_refusals_and_keep_their_words():
    assert Memoir44.refusals["Move"] == Refusal("Units move in the Move phase, before any battle.",
                                                "m44.turn.sequence.move_before_battle")
    assert Memoir44.refusal.words == "That is not a choice at this step ({step})."
    assert Cactus.refusals["Refit"].words.startswith("Not now ({step}): a refit")
    assert Cadet.sequence.lookup("turn.engage")[1].refusal("Move").clause == "cc.move.enemy.stop"
    assert Cadet.refusals["FallBack"] == Refusal("Not now: the game is at {step!r}.", "cc.stack.overflow.alternative")


def test_the_default_refusal_names_the_step_and_who_decides():
    rules_cls = tiny("tiny_default", [step("a", "Choose", ["t.one"], "…", accepts=[Stop], next=["b"]),
                                      step("b", "Other", ["t.two"], "…", accepts=[Go], next=["a"])])
    rules = rules_cls(None, None, ["X", "Y"])
    state = GameState("tiny_default", ["X", "Y"], "X", "p.a", 0)
    err = rules.check(state, Go())
    assert (err.reason, err.clause) == ('Not now: this is the step "Choose" (X decides).', "t.one")
    assert rules.check(state, Stop()) is None


def test_refusal_declarations_are_checked_when_the_ruleset_is_made():
    with pytest.raises(ValueError, match="both accepts and refuses Go"):
        SequenceOfPlay((phase("p", "P", [step("a", "A", ["t.one"], "…", accepts=[Go], refuse={Go: "no"})]),))
    with pytest.raises(ValueError, match="accepts no actions"):
        SequenceOfPlay((phase("p", "P", [step("a", "A", ["t.one"], "…", kind="auto", refuse={Go: "no"})]),))
    with pytest.raises(ValueError, match="write a brace as"):
        Refusal("Not now { at all")
    with pytest.raises(ValueError, match="two refusals declared for Go"):
        step("a", "A", ["t.one"], "…", accepts=[Stop], refuse={Go: "no", (Go,): "again"})
    with pytest.raises(ValueError, match="unknown rule clauses: t.nine"):
        tiny("tiny_clause", [step("a", "A", ["t.one"], "…", accepts=[Stop], refuse={Go: ("no", "t.nine")})])
    with pytest.raises(ValueError, match="refuses unknown action Move"):
        tiny("tiny_unknown", [step("a", "A", ["t.one"], "…", accepts=[Go, Stop])], refusals={Move: "no"})
    with pytest.raises(ValueError, match="cites unknown clause t.nine"):
        tiny("tiny_ruleset_clause", [step("a", "A", ["t.one"], "…", accepts=[Go, Stop])],
             refusals={Go: ("no", "t.nine")})


# ------------------------------------------------------------------------ no check needed


def test_an_unchecked_action_type_is_declared_once_and_always_legal_where_taken():
    assert Skirmish.handlers.is_unchecked("action.act", "Pass")
    assert Skirmish.handlers.check_for("action.act", "Pass") is no_check
    game = duel()
    assert game.explain(Pass()) is None and Pass() in game.legal_actions()
    rules_cls = tiny("tiny_free", [step("a", "A", ["t.one"], "…", accepts=[Go, Stop])])
    rules_cls.handlers.verify(rules_cls.sequence, "tiny_free")             # Stop's declaration counts as its check
    with pytest.raises(ValueError, match="no check for Go"):
        tiny("tiny_missing", [step("a", "A", ["t.one"], "…", accepts=[Go, Stop])], checks=False)
    with pytest.raises(ValueError, match="two handlers"):
        rules_cls.handlers.unchecked(Stop)


# ------------------------------------------------------------------------ typed facts instead of attrs


def test_facts_read_from_the_scenario_at_setup_leave_the_units_attrs():
    from tests.support.memoir44_boards import make

    game = make([("A1", "Allies", "infantry", "6,7", {"badge": "french_resistance"}), ("X1", "Axis", "infantry", "6,4")],
                rules={"nations": {"Axis": "japan"}})
    a1, x1 = game.state.units["A1"], game.state.units["X1"]
    assert a1.attrs == {} and x1.attrs == {}
    assert (game.rules.facts(a1).badge, game.rules.facts(a1).nation) == ("french_resistance", "standard")
    assert game.rules.facts(x1).nation == "japan" and game.rules.badge_text(a1) == "FR"
    assert Memoir44.retired_attrs == {"nation", "badge"}


def test_a_save_holding_attrs_a_ruleset_no_longer_keeps_still_loads():
    from tests.support.memoir44_boards import make

    game = make([("A1", "Allies", "infantry", "6,7", {"badge": "special_forces"}), ("X1", "Axis", "infantry", "6,4")])
    data = saves.to_data(game)
    for u in data["state"]["units"]:                 # as a save made before the facts moved: in the units' attrs
        u["attrs"] = {"nation": "standard", **({"badge": "special_forces"} if u["id"] == "A1" else {})}
    loaded = saves.loads(json.dumps(data))
    assert loaded.rules.facts(loaded.state.units["A1"]).badge == "special_forces"
    data["state"]["units"][0]["attrs"]["stranger"] = 1  # a fact the ruleset never retired still counts
    with pytest.raises(SaveError, match="does not match"):
        saves.loads(json.dumps(data))


def test_whether_a_unit_is_hidden_is_one_hook_the_views_read():
    class Shy(Skirmish):
        """Every Blue unit hidden, whatever its attrs say."""

        def is_hidden(self, state: GameState, unit: Unit) -> bool:
            return unit.side == "Blue"

    game = duel()
    shy = Shy(game.rules.board, game.rules.options, game.rules.sides, game.rules.first)
    assert game.rules.is_hidden(game.state, game.state.units["B2"])     # the scout: its hidden fact
    assert not game.rules.is_hidden(game.state, game.state.units["B1"])
    assert "B1" in game.rules.view(game.state, "Red").units
    assert "B1" not in shy.view(game.state, "Red").units and "B1" in shy.view(game.state, "Blue").units
    plain = to_svg(scene(game.state, board=game.rules.board, rules=game.rules))
    dashed = to_svg(scene(game.state, board=game.rules.board, rules=shy))
    assert dashed.count("stroke-dasharray") > plain.count("stroke-dasharray")


def test_handlers_are_typed_where_they_are_used():
    import inspect

    from hexlab.rulesets.skirmish import acting, fighting

    for fn in (acting.check_move, acting.offer_actions, fighting.combat_result):
        params = inspect.signature(fn).parameters
        assert all(p.annotation is not inspect.Parameter.empty for p in params.values()), fn.__name__
    assert Skirmish.__orig_bases__[0].__args__[0].__name__ == "SkirmishState"
    game = duel()
    assert game.rules.mine(game.state) is game.state.rules_state

