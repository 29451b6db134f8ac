"""The games' state machines (issue 29): a hypothesis ``RuleBasedStateMachine`` per ruleset that plays a game
from one of its scenarios with everything a user can do to it, in any order, and checks after every rule that
the game is still what it claims to be.

The rules: a legal action (drawn from ``legal_actions()``), a few steps of play at once, an automatic step
(or ``step()`` asked at a decision, which must be refused), an illegal action (an action legal at another
moment, or a legal one with a field changed to another value of its type), a wrongly typed action (a plain
tuple where a hex belongs, ``None``, a dict), something that is not an action at all, undo, redo, restart,
and a save and load (from text and from a file), after which play goes on in the loaded game.

The invariants, after each rule:

- the game equals a fresh game of the same scenario and seed with its history replayed (the state as
  serialised bytes, the history, the log);
- no stall: a game not over has either an automatic step next or some legal action, and a game over has none;
- every side's observation hides what it must (no generator, other hands and the draw pile as counts, no unit
  the side's view leaves out, and each ruleset's own secrets: Memoir '44's card under a Commissar chip and a
  Recon's two cards, Cartwheel's airbase displays);
- the ruleset's own invariants (``Ruleset.invariants``: strengths, stacking, medals and VP against their
  causes...), and common ones: scores never negative, the turn counter never below 1 and never going back
  except by undo, restart or load.

A refused action (a ``RuleError``) must leave the game byte-identical: its serialised state, its history, its
log and what redo would do. Counters of runs and rules applied are kept in :data:`STATS` for ``tools/soak.py``.
"""

from __future__ import annotations

import dataclasses
import json
import os
import tempfile
import types
import typing
from collections import Counter, defaultdict
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

import hexlab
from hexlab import saves
from hexlab.dice import Rng
from hexlab.engine import Action, Game, RuleError
from hexlab.engine.codec import hints_of
from hexlab.engine.seats import HIDDEN
from hexlab.engine.state import DisplayBox
from hexlab.hexes import Hex

SUPPRESS = [HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large]
settings.register_profile("hexlab-ci", max_examples=12, stateful_step_count=40, deadline=None, derandomize=True,
                          database=None, suppress_health_check=SUPPRESS, print_blob=True)
settings.register_profile("hexlab-soak", max_examples=10, stateful_step_count=60, deadline=None,
                          derandomize=False, database=None, suppress_health_check=SUPPRESS, print_blob=True)
PROFILE = os.environ.get("HEXLAB_STATE_MACHINE_PROFILE", "hexlab-ci")
"""The profile the tests run with: ``hexlab-ci`` (fixed examples: the same games every run, under a minute of CPU
for all the machines) or ``hexlab-soak`` (longer games, a new random seed each run: what ``tools/soak.py`` runs
over and over)."""

STATS: dict[str, Counter[str]] = defaultdict(Counter)
"""Per ruleset: ``runs`` (games the machine started), ``rules`` (rules applied), a count per rule, ``actions``
(decisions applied), ``refusals`` (actions refused, each checked byte-identical) and ``checks_at_game_over``."""

NOT_ACTIONS = (None, "Pass", {"type": "Pass"}, ["step"], 7)
"""Things that are not actions at all: each must be refused as one."""


def snapshot(game: Game) -> tuple[Any, ...]:
    """Everything a refused action must leave as it was: the serialised state (generator included), the
    history, the log and what redo would take forward."""
    return (json.dumps(game.state.to_data(), sort_keys=True), json.dumps(saves.history_data(game)),
            json.dumps([e.to_data() for e in game.log]), repr(game._future))


def admits(hint: Any, value: Any) -> bool:
    """Whether the annotation ``hint`` could take ``value`` (only for the wrong values tried here: ``None``,
    plain tuples and dicts), read independently of the engine's own field checks."""
    if hint is Any:
        return True
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return any(admits(a, value) for a in args)
    if hint is type(None):
        return value is None
    if origin is tuple or hint is tuple:
        return type(value) is tuple
    if origin is dict or hint is dict:
        return type(value) is dict
    return False


def wrong_values(action: Action, name: str) -> list[Any]:
    """Values of the wrong type for the field ``name`` of ``action``: a plain tuple where a hex is, ``None``,
    a dict shaped like a hex, the value inside a tuple."""
    value = getattr(action, name)
    hint = hints_of(type(action))[name]
    candidates: list[Any] = [None, {"q": 1, "r": 2}, (value,)]
    if isinstance(value, Hex):
        candidates.insert(0, (value.q, value.r))
    if isinstance(value, str):
        candidates.append(7)
    if isinstance(value, int) and not isinstance(value, bool):
        candidates.append(str(value))
    return [c for c in candidates if not admits(hint, c)]


def other_values(game: Game, action: Action, name: str, seen: list[Action]) -> list[Any]:
    """Values of the right type for the field ``name`` other than the one ``action`` has: other unit ids or
    names seen in that field, nearby and far hexes, numbers one off, the other truth value."""
    value = getattr(action, name)
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [value + 1, value - 1, value + 1000]
    if isinstance(value, Hex):
        return [Hex(value.q + dq, value.r + dr) for dq, dr in ((1, 0), (0, 1), (-1, 1), (2, -1))] + [Hex(99, -99)]
    if isinstance(value, str):
        names = {getattr(a, name) for a in seen if type(a) is type(action)} | set(game.state.units) | {"nonesuch"}
        return sorted(v for v in names if isinstance(v, str) and v != value)
    return []


def doing_first(legal: list[Action], pick: int) -> Action:
    """A legal action chosen by ``pick``: one that gives nothing up seven times in eight when there is one
    (random play that always passes never reaches the fighting)."""
    doing = [a for a in legal if a.verb != "pass"]
    if doing and pick % 8:
        return doing[(pick // 8) % len(doing)]
    return legal[pick % len(legal)]


class GameMachine(RuleBasedStateMachine):
    """One ruleset's games under every operation a user has, checked after each (see the module's words).
    A subclass names the ruleset and its scenarios."""

    RULESET = ""
    SCENARIOS: tuple[str, ...] = ()
    MAX_PREFIX = 150
    """At most this many steps of random play before the rules start."""

    def __init__(self) -> None:
        super().__init__()
        self.game: Game | None = None
        self.scenario_id = ""
        self.seed = 0
        self.seen: list[Action] = []
        self.turn = 1
        self.replayed: Game | None = None
        """A game built from the scenario and seed by replaying the history, only ever forward."""
        self.replayed_history: list[Any] = []

    # ------------------------------------------------------------------------------------------- helpers
    def count(self, name: str) -> None:
        stats = STATS[self.RULESET]
        stats["rules"] += 1
        stats[name] += 1

    @property
    def deciding(self) -> bool:
        game = self.game
        return game is not None and not game.is_over and not game.current_step.automatic

    @property
    def stepping(self) -> bool:
        game = self.game
        return game is not None and not game.is_over and game.current_step.automatic

    def forward(self, operation: Any, *args: Any) -> Any:
        """Carry out an operation that moves the game forward; the turn counter may not go back."""
        before = self.game.state.turn
        out = operation(*args)
        assert self.game.state.turn >= before, f"the turn went back from {before} to {self.game.state.turn}"
        self.turn = self.game.state.turn
        return out

    def refused(self, action: Any, why: str) -> RuleError:
        """``action`` must be refused with a RuleError (by ``explain`` and ``apply`` alike, with the same
        clause), it must not be offered, and the game must stay byte-identical."""
        game = self.game
        before = snapshot(game)
        explained = game.explain(action) if isinstance(action, Action) else None
        try:
            game.apply(action)
        except RuleError as exc:
            error = exc
        else:
            raise AssertionError(f"{why}: {action!r} was accepted at {game.state.position}")
        assert snapshot(game) == before, f"{why}: refusing {action!r} changed the game"
        assert action not in game.legal_actions(), f"{why}: {action!r} is refused but `in legal_actions()`"
        if isinstance(action, Action):
            assert explained is not None, f"{why}: explain() found {action!r} legal, apply() refused it: {error}"
            assert explained.clause == error.clause, (action, explained, error)
            offered = {repr(a) for a in game.legal_actions()}  # by repr: a plain tuple equals a Hex
            assert repr(action) not in offered, f"{why}: {action!r} is refused but offered"
        assert snapshot(game) == before, f"{why}: asking about {action!r} changed the game"
        STATS[self.RULESET]["refusals"] += 1
        return error

    def take(self, action: Action) -> None:
        """Apply an action the rules accept (it must be among those offered)."""
        assert action in list(self.game.legal_actions()), f"{action!r} is legal (explain) but not offered"
        self.forward(self.game.apply, action)
        STATS[self.RULESET]["actions"] += 1
        self.seen.append(action)
        del self.seen[:-60]

    def decide_or_step(self, pick: int) -> None:
        game = self.game
        if game.current_step.automatic:
            self.forward(game.step)
            return
        legal = list(game.legal_actions())
        assert legal, f"stalled at {game.state.position}: a decision with no legal action"
        action = doing_first(legal, pick)
        assert game.explain(action) is None, f"{action!r} is offered but explain() refuses it: {game.explain(action)}"
        self.take(action)

    def pick_legal(self, pick: int) -> Action | None:
        legal = [a for a in self.game.legal_actions() if dataclasses.fields(a)]
        return legal[pick % len(legal)] if legal else None

    # ------------------------------------------------------------------------------------------- rules
    @initialize(data=st.data())
    def start(self, data: st.DataObject) -> None:
        """A game of one of the scenarios, with a seed, played on at random for a while first (so the rules
        reach the middle and the end of games, not only their first moves)."""
        self.scenario_id = data.draw(st.sampled_from(self.SCENARIOS), label="scenario")
        self.seed = data.draw(st.integers(0, 10**6), label="seed")
        prefix = data.draw(st.integers(0, self.MAX_PREFIX), label="steps played first")
        self.game = hexlab.load(self.scenario_id, seed=self.seed)
        self.turn = self.game.state.turn
        STATS[self.RULESET]["runs"] += 1
        chooser = Rng(self.seed * 31 + prefix)
        for _ in range(prefix):
            if self.game.is_over:
                break
            self.decide_or_step(chooser.randbelow(2**16))

    @precondition(lambda self: self.game is not None and not self.game.is_over)
    @rule(pick=st.integers(0, 2**16))
    def act(self, pick: int) -> None:
        """One legal action (or, at an automatic step, that step)."""
        self.count("act")
        self.decide_or_step(pick)

    @precondition(lambda self: self.game is not None and not self.game.is_over)
    @rule(picks=st.lists(st.integers(0, 2**16), min_size=2, max_size=25))
    def play_on(self, picks: list[int]) -> None:
        """A run of play: automatic steps and legal actions, as a game goes (deeper into it than one at a time)."""
        self.count("play_on")
        for pick in picks:
            if self.game.is_over:
                break
            self.decide_or_step(pick)

    @precondition(lambda self: self.game is not None)
    @rule()
    def step(self) -> None:
        """The next automatic step; asked at a decision or after the end, it is refused and changes nothing."""
        self.count("step")
        game = self.game
        if self.stepping:
            self.forward(game.step)
            return
        before = snapshot(game)
        try:
            game.step()
        except RuleError:
            pass
        else:
            raise AssertionError(f"step() went through at a decision ({game.state.position})")
        assert snapshot(game) == before, "a refused step() changed the game"

    @precondition(lambda self: self.deciding and self.seen)
    @rule(pick=st.integers(0, 2**16))
    def stale_action(self, pick: int) -> None:
        """An action legal at another moment: refused unless it happens to be legal now."""
        self.count("stale_action")
        action = self.seen[pick % len(self.seen)]
        if self.game.explain(action) is None:
            self.take(action)
        else:
            self.refused(action, "an action of another moment")

    @precondition(lambda self: self.deciding)
    @rule(pick=st.integers(0, 2**16), which=st.integers(0, 2**16), variant=st.integers(0, 2**16))
    def changed_field(self, pick: int, which: int, variant: int) -> None:
        """A legal action with one field changed to another value of its type: legal (then it is offered and
        applies) or refused, byte-identical."""
        self.count("changed_field")
        action = self.pick_legal(pick)
        if action is None:
            return
        fields = dataclasses.fields(action)
        name = fields[which % len(fields)].name
        values = other_values(self.game, action, name, self.seen)
        if not values:
            return
        changed = dataclasses.replace(action, **{name: values[variant % len(values)]})
        if self.game.explain(changed) is None:
            self.take(changed)
        else:
            self.refused(changed, f"{type(action).__name__}.{name} changed")

    @precondition(lambda self: self.deciding)
    @rule(pick=st.integers(0, 2**16), which=st.integers(0, 2**16), variant=st.integers(0, 2**16))
    def wrongly_typed(self, pick: int, which: int, variant: int) -> None:
        """A legal action with one field of the wrong type: refused naming the field, byte-identical."""
        self.count("wrongly_typed")
        action = self.pick_legal(pick)
        if action is None:
            return
        fields = dataclasses.fields(action)
        name = fields[which % len(fields)].name
        values = wrong_values(action, name)
        if not values:
            return
        bad = dataclasses.replace(action, **{name: values[variant % len(values)]})
        error = self.refused(bad, f"{type(action).__name__}.{name} wrongly typed")
        assert f"{type(action).__name__}.{name} must be" in str(error), str(error)

    @precondition(lambda self: self.deciding)
    @rule(thing=st.sampled_from(NOT_ACTIONS))
    def not_an_action(self, thing: Any) -> None:
        self.count("not_an_action")
        error = self.refused(thing, "not an action")
        assert "is not an action" in str(error), str(error)

    @precondition(lambda self: self.game is not None and self.game.is_bookkeeping())
    @rule()
    def settle(self) -> None:
        """The bookkeeping due now, as a table runs it by itself (``settle``)."""
        self.count("settle")
        length = len(self.game.history)
        self.forward(self.game.settle)
        assert len(self.game.history) > length and not self.game.is_bookkeeping()

    @precondition(lambda self: self.game is not None and self.game.can_undo)
    @rule(bookkeeping=st.booleans())
    def undo(self, bookkeeping: bool) -> None:
        """Take back the last entry (with ``bookkeeping``, the table's undo: the bookkeeping since, then the
        decision or roll before it)."""
        self.count("undo")
        length = len(self.game.history)
        assert self.game.undo(bookkeeping=bookkeeping)
        assert (len(self.game.history) < length if bookkeeping else len(self.game.history) == length - 1)
        assert self.game.can_redo
        self.turn = self.game.state.turn

    @precondition(lambda self: self.game is not None and self.game.can_redo)
    @rule()
    def redo(self) -> None:
        self.count("redo")
        length = len(self.game.history)
        assert self.forward(self.game.redo)
        assert len(self.game.history) == length + 1

    @precondition(lambda self: self.game is not None and len(self.game.history) >= 3)
    @rule()
    def restart(self) -> None:
        self.count("restart")
        game = self.game
        undone = len(game.history) + len(game._future)
        game.restart()
        fresh = hexlab.load(self.scenario_id, seed=self.seed)
        assert snapshot(game)[:3] == snapshot(fresh)[:3], "restart did not go back to the start"
        assert len(game._future) == undone, "restart lost what could be redone"
        self.turn = game.state.turn

    @precondition(lambda self: self.game is not None and self.game.history)
    @rule(through_file=st.booleans())
    def save_and_load(self, through_file: bool) -> None:
        """A save, loaded again (from text or a file), is the same game; play goes on in the loaded one."""
        self.count("save_and_load")
        game = self.game
        if through_file:
            with tempfile.TemporaryDirectory() as folder:
                loaded = saves.load(saves.save(game, os.path.join(folder, "game.json")))
        else:
            loaded = saves.loads(saves.dumps(game))
        assert snapshot(loaded)[:3] == snapshot(game)[:3], "a saved and loaded game differs from the original"
        assert saves.dumps(loaded) == saves.dumps(game)
        self.game = loaded
        self.turn = loaded.state.turn

    # ------------------------------------------------------------------------------------------- invariants
    @invariant()
    def equals_its_replay(self) -> None:
        """The game is its scenario, seed and history: a fresh game with the history replayed is the same."""
        game = self.game
        if game is None:
            return
        history = saves.history_data(game)
        done = self.replayed_history
        if self.replayed is None or history[:len(done)] != done:  # undone, restarted: replay from the start
            self.replayed, done = hexlab.load(self.scenario_id, seed=self.seed), []
        saves.replay(self.replayed, history[len(done):], "replay")  # else only what is new since the last check
        self.replayed_history = history
        assert snapshot(self.replayed)[:3] == snapshot(game)[:3], "the game differs from a replay of its history"

    @invariant()
    def no_stall(self) -> None:
        game = self.game
        if game is None:
            return
        if game.is_over:
            assert not game.legal_actions() and game.to_act is None
            STATS[self.RULESET]["checks_at_game_over"] += 1
        elif not game.current_step.automatic:
            assert game.legal_actions(), f"stalled at {game.state.position}: a decision with no legal action"
            assert game.to_act in game.state.sides

    @invariant()
    def rules_hold(self) -> None:
        """The ruleset's own invariants, and the common ones: scores never negative, strengths in bounds,
        the turn counter at least 1 and never behind what it was before a forward step."""
        game = self.game
        if game is None:
            return
        state = game.state
        broken = game.rules.invariants(state)
        assert not broken, f"{self.scenario_id} seed {self.seed} at {state.position}: {'; '.join(broken)}"
        assert all(v >= 0 for v in state.score.values()), f"a negative score: {state.score}"
        assert all(0 <= u.strength <= u.max_strength for u in state.units.values())
        assert state.turn >= 1 and state.turn >= self.turn
        assert len(game.history) == len(saves.history_data(game))

    @invariant()
    def seats_hide_what_they_must(self) -> None:
        game = self.game
        if game is None:
            return
        for side in game.state.sides:
            obs = game.observation(side)
            text = json.dumps(obs)
            assert "rng" not in obs, f"{side}'s observation holds the dice generator"
            for other, hand in obs["hands"].items():
                if other != side:
                    assert isinstance(hand, int) or hand == [], f"{side} sees {other}'s hand: {hand}"
            for pile, cards in obs["decks"].items():
                assert isinstance(cards, int) or cards == [] or pile == "discard", \
                    f"{side} sees the order of the pile {pile!r}"
            seen_units = {u["id"] for u in obs["units"]}
            for uid in set(game.state.units) - set(game.view(side).units):
                assert uid not in seen_units and f'"{uid}"' not in text, f"{side} learns of the unseen unit {uid}"
            self.hidden_by_ruleset(game, side, obs)

    def hidden_by_ruleset(self, game: Game, side: str, obs: dict[str, Any]) -> None:
        """A ruleset's own secrets in ``side``'s observation (nothing more by default)."""


class Memoir44Machine(GameMachine):
    RULESET = "memoir44"
    SCENARIOS = ("memoir44/normandy", "memoir44/tenaru", "memoir44/drill_basic", "memoir44/drill_commissar",
                 "memoir44/drill_retreat", "memoir44/drill_overrun", "memoir44/drill_pacific")

    def hidden_by_ruleset(self, game: Game, side: str, obs: dict[str, Any]) -> None:
        """The enemy's card under a Commissar chip and a Recon's two cards while the other side chooses are
        face down (m44.nation.soviet.commissar.timing, m44.order.cards.data)."""
        mine = obs["rules"]
        for owner, card in mine["chip"].items():
            if owner != side:
                assert card in (None, HIDDEN), f"{side} sees the card under {owner}'s chip: {card}"
        if game.state.active != side:
            assert all(card == HIDDEN for card in mine["keep"]), f"{side} sees the Recon's cards {mine['keep']}"


class CadetMachine(GameMachine):
    RULESET = "cadet"
    SCENARIOS = ("cadet/village", "cadet/drill_bump", "cadet/drill_crowd", "cadet/drill_punch", "cadet/drill_push")


class CactusMachine(GameMachine):
    RULESET = "cactus"
    SCENARIOS = ("cactus/guadalcanal", "cactus/drill_turn")


class WarseaMachine(GameMachine):
    RULESET = "warsea"
    SCENARIOS = ("warsea/tokyo_express", "warsea/drill_landing", "warsea/drill_rescue")


class CartwheelMachine(GameMachine):
    RULESET = "cartwheel"
    SCENARIOS = ("cartwheel/wewak", "cartwheel/campaign")
    MAX_PREFIX = 100

    def hidden_by_ruleset(self, game: Game, side: str, obs: dict[str, Any]) -> None:
        """No enemy aerial unit on its airbase display reaches the side, in no box (oc.air.airbase.adc_hidden)."""
        on_display = {u.id for u in game.state.units.values() if u.side != side and isinstance(u.at, DisplayBox)}
        assert not on_display & {u["id"] for u in obs["units"]}, f"{side} sees the enemy's airbase display"


class SkirmishMachine(GameMachine):
    RULESET = "skirmish"
    SCENARIOS = ("skirmish/meadow",)


MACHINES: dict[str, type[GameMachine]] = {m.RULESET: m for m in (
    Memoir44Machine, CadetMachine, CactusMachine, WarseaMachine, CartwheelMachine, SkirmishMachine)}
