"""Batch mode (``Game.batch_mode``, issue 27 point 5): the same game as interactive play for the same seed, with no
undo snapshots, log or listeners."""

from __future__ import annotations

from typing import Any

import pytest

import hexlab
from hexlab.engine import RuleError
from hexlab.players import players_for

SCENARIOS = ["memoir44/tenaru", "memoir44/normandy", "cadet/village", "cactus/guadalcanal", "warsea/tokyo_express",
             "warsea/drill_landing", "cartwheel/campaign"]
SEEDS = {"cartwheel/campaign": 2}
"""Games per scenario where four would be slow (a random Cartwheel campaign takes seconds)."""


def _play(scenario: str, seed: int, batch: bool, max_steps: int = 3000) -> hexlab.Game:
    game = hexlab.load(scenario, seed=seed)
    if batch:
        game.batch_mode()
    for _ in game.run(players_for(game, "random"), max_steps):
        pass
    return game


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_batch_plays_the_same_game_as_interactive_play(scenario: str) -> None:
    for seed in range(SEEDS.get(scenario, 4)):
        slow, fast = _play(scenario, seed, False), _play(scenario, seed, True)
        assert fast.batched and not slow.batched
        assert fast.history == slow.history, f"{scenario} seed {seed}"
        assert fast.state.to_data() == slow.state.to_data(), f"{scenario} seed {seed}"
        assert fast.result == slow.result
        assert fast.log == slow.log[:len(fast.log)] and len(fast.log) < len(slow.log)  # the setup's events only


def test_batch_mode_keeps_no_undo_and_refuses_illegal_actions() -> None:
    game = hexlab.load("cadet/village", seed=3).batch_mode()
    game.play_to_decision()
    legal = list(game.legal_actions())
    assert legal and not game.can_undo
    game.apply(legal[0])
    with pytest.raises(RuleError, match="batch mode"):
        game.undo()
    # an action listed at an earlier position is checked again, not trusted
    stale = legal[0]
    before = game.state.to_data()
    if not game.is_legal(stale):
        with pytest.raises(RuleError):
            game.apply(stale)
        assert game.state.to_data() == before


def test_leaving_batch_mode_undoes_back_to_there() -> None:
    game = hexlab.load("cadet/village", seed=5, ).batch_mode()
    players = players_for(game, "random")
    for _ in game.run(players, 30):
        pass
    game.batch_mode(False)
    here = game.state.to_data()
    for _ in game.run(players, 5):
        pass
    while game.can_undo:
        game.undo()
    assert game.state.to_data() == here


def test_listeners_are_not_told_in_batch_mode() -> None:
    game = hexlab.load("cactus/guadalcanal", seed=1)
    heard: list[int] = []
    game.on_change(lambda g, events: heard.append(len(events)))
    game.batch_mode()
    for _ in game.run(players_for(game, "random"), 50):
        pass
    assert heard == []
    assert len(game.history) == 50 or game.is_over


@pytest.mark.parametrize("scenario", ["memoir44/tenaru", "cadet/village", "warsea/tokyo_express", "cartwheel/campaign"])
def test_a_copy_of_a_batch_game_plays_in_batch_mode_on_its_own(scenario: str) -> None:
    """What a search that plays ahead on copies relies on: the copy is in batch mode, it plays on from where the
    game stands exactly as the game itself would, and playing it leaves the game as it was."""
    game = hexlab.load(scenario, seed=7).batch_mode()
    for _ in game.run(players_for(game, "random"), 40):
        pass
    here, history = game.state.to_data(), game.history
    copy = game.copy()
    assert copy.batched and copy.history == history and copy.state.to_data() == here
    ahead = [players_for(g, "random") for g in (game, copy)]
    for _ in copy.run(ahead[1], 60):
        pass
    assert game.state.to_data() == here and game.history == history  # the game stands still
    for _ in game.run(ahead[0], 60):
        pass
    assert game.history == copy.history and game.state.to_data() == copy.state.to_data()
    assert game.log == copy.log  # no log grows in either (the setup's events only)


def test_copying_a_batch_game_copies_its_state_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A copy costs one copy of the state, whatever the game's length (the start it restarts from is shared)."""
    from hexlab.engine.state import GameState

    game = hexlab.load("cadet/village", seed=2).batch_mode()
    for _ in game.run(players_for(game, "random"), 50):
        pass
    copies: list[int] = []
    real = GameState.copy

    def counted(self: GameState) -> GameState:
        copies.append(1)
        return real(self)

    monkeypatch.setattr(GameState, "copy", counted)
    other = game.copy()
    assert len(copies) == 1
    other.restart()  # the shared start is copied when used, never changed in place
    assert game.state.to_data() != other.state.to_data() and game._initial[0].to_data() == other.state.to_data()


def test_a_quiet_context_keeps_no_events() -> None:
    """Batch play (and a search's look-ahead) changes the state through a quiet context: the rules emit as ever,
    and nothing is built or kept."""
    from hexlab.engine.ruleset import Context
    from hexlab.rulesets.cadet.events import VictoryPoint

    game = hexlab.load("cadet/village", seed=1)
    quiet, loud = Context(game.rules, game.state.copy(), quiet=True), Context(game.rules, game.state.copy())
    assert quiet.emit(VictoryPoint(1), "1 VP.") is None and quiet.events == []
    assert loud.emit(VictoryPoint(1), "1 VP.") is not None and len(loud.events) == 1


# ------------------------------------------------------------------------- what makes listing fast (issue 27 point 5)
# The listing of legal actions skips work its checks would refuse anyway (targets out of range, aircraft that cannot
# fly, bases with no bomber) and remembers, while the state stands still, what every check would work out again. The
# tests below hold it to the plain definition: the legal actions are exactly the candidates the full check accepts,
# at every position of real games, and what is remembered never outlives the position it was worked out at.


def _brute_candidates(game: hexlab.Game) -> list[Any] | None:
    """Every action of the kinds a fast listing filters, at the current step, unfiltered (``None`` at other steps)."""
    state, rules, pos = game.state, game.rules, game.state.position
    if rules.id == "memoir44" and pos == "battle.choose":
        from hexlab.rulesets.memoir44.actions import Battle

        turn = state.rules_state.turn
        return [Battle(u, t) for u in turn.ordered for t in state.units]
    if rules.id == "warsea" and pos.endswith(".declare"):
        from hexlab.rulesets.warsea.actions import Attack

        return [Attack(u, t, w) for u in state.units for t in state.units
                for w in ("anti_air", "bombs", "gunnery", "torpedo")]
    if rules.id == "warsea" and pos == "air.mission":
        from hexlab.rulesets.warsea.actions import Fly

        return [Fly(u, sector) for u in state.units for sector in rules.board.areas]
    if rules.id == "cactus" and pos == "ground.move":
        from hexlab.rulesets.cactus.actions import HOWS, Move

        return [Move(u, box, how) for u in state.units for box in rules.board.areas for how in HOWS]
    if rules.id == "cactus" and pos == "air.raids":
        from hexlab.rulesets.cactus.actions import Raid

        return [Raid(g.id, box, aim) for g in rules.ground.bombers for box in rules.board.areas
                for aim in ("troops", "installation")]
    if rules.id == "cartwheel" and pos == "ops.mission":
        from hexlab.rulesets.cartwheel.actions import StrikeBase, StrikeGround, StrikeShip

        bases = list(rules.mine(state).bases)
        return ([StrikeBase(b, t) for b in bases for t in bases] + [kind(b, u) for kind in (StrikeShip, StrikeGround)
                                                                     for b in bases for u in state.units])
    return None


@pytest.mark.rule("m44.battle.fire.definition", "m44.los.required", "was.base.air_missions_default",
                  "was.base.gunnery_range_default", "oc.base.strike_mission_default", "caf.movement.once_per_turn",
                  "caf.movement.no_exit_from_contested_box")
@pytest.mark.parametrize("scenario", ["memoir44/tenaru", "cactus/guadalcanal", "warsea/tokyo_express",
                                      "cartwheel/campaign"])
def test_the_listing_is_exactly_what_the_full_check_accepts(scenario: str) -> None:
    """Where the listing leaves candidates out without checking them (a battle beyond the unit's range, an aircraft
    to a sector beyond its range, a strike from a base with no bomber able to fly, a move of a unit that has moved
    or stands in a contested box, a raid by a group that has raided), every action of those kinds that
    the full check accepts (``Game.explain``, outside any listing, so nothing remembered helps it) is listed, and
    nothing it refuses is."""
    seen = 0
    for seed in range({"cartwheel/campaign": 1, "cactus/guadalcanal": 6}.get(scenario, 3)):
        game = hexlab.load(scenario, seed=seed).batch_mode()
        player = players_for(game, "random")
        for _ in range(400 if scenario != "cartwheel/campaign" else 250):
            if game.is_over:
                break
            game.play_to_decision()
            if game.is_over:
                break
            brute = _brute_candidates(game)
            listed = list(game.legal_actions())
            if brute is not None:
                kinds = {type(a) for a in brute}
                accepted = {a for a in brute if game.explain(a) is None}
                where = f"{scenario} seed {seed} at {game.state.position}"
                assert {a for a in listed if type(a) in kinds} == accepted, where
                seen += 1
            assert all(game.explain(a) is None for a in listed)  # and every listed action passes the full check
            for _ in game.run(player, 1):
                pass
    assert seen > 0  # the game reached the steps these shortcuts serve


@pytest.mark.parametrize("scenario", ["warsea/tokyo_express", "cartwheel/campaign"])
def test_whether_a_side_has_work_agrees_with_its_listing(scenario: str) -> None:
    """A round passes over a side with nothing to do by asking whether it has anything (stopping at the first legal
    action found): the answer is the same as listing all it may do, at every round step of real games."""
    from hexlab.engine.flow import PassOver

    module = __import__(f"hexlab.rulesets.{scenario.split('/')[0]}.flow", fromlist=["STEPS"])
    steps: PassOver = module.STEPS
    asked = 0
    game = hexlab.load(scenario, seed=4).batch_mode()
    players = players_for(game, "random")
    for _ in range(300 if scenario.startswith("warsea") else 200):
        for _ in game.run(players, 1):  # one action or step at a time (batch mode yields no events)
            pass
        state = game.state
        if state.position in steps.work and not game.is_over:
            for side in state.sides:
                fast = steps.has_work(game.rules, state, state.position, side)
                assert fast == bool(steps.work[state.position](game.rules, state, side)), state.position
                asked += state.position in steps.any_work
    assert asked > 0


@pytest.mark.parametrize("scenario", ["memoir44/tenaru", "cactus/guadalcanal", "warsea/tokyo_express",
                                      "cartwheel/campaign"])
def test_what_is_remembered_never_outlives_its_position(scenario: str) -> None:
    """Undo, redo, restart and loading a save give back the listings of the positions they return to, exactly as
    first listed (nothing remembered from a later position answers for an earlier one); and nothing remembered is
    kept in the state, copied into a copy or a seat's view, or saved."""
    from hexlab import saves

    game = hexlab.load(scenario, seed=6)
    players = players_for(game, "random")
    listings: list[tuple[int, list[Any]]] = []
    for _ in range(120):
        if not game.is_over and game.to_act is not None:
            listings.append((len(game.history), list(game.legal_actions())))
        for _ in game.run(players, 1):
            pass
    assert game.state.memo is None and game.state.copy().memo is None
    for side in game.state.sides:
        assert game.view(side).memo is None
    replayed = saves.loads(saves.dumps(game))
    assert replayed.state.to_data() == game.state.to_data()
    at_end = {n: actions for n, actions in listings}
    if len(game.history) in at_end:
        assert list(replayed.legal_actions()) == at_end[len(game.history)]
    while game.can_undo:
        game.undo()
        n = len(game.history)
        if n in at_end and not game.is_over and game.to_act is not None:
            assert list(game.legal_actions()) == at_end[n], f"{scenario}: after undo to {n}"
    while game.can_redo:
        game.redo()
        n = len(game.history)
        if n in at_end and not game.is_over and game.to_act is not None:
            assert list(game.legal_actions()) == at_end[n], f"{scenario}: after redo to {n}"
    game.restart()
    if 0 in at_end:
        assert list(game.legal_actions()) == at_end[0]


def test_a_listing_in_progress_keeps_its_memory_out_of_copies_and_views() -> None:
    """While the legal actions are being listed the state holds a scratch memory; a copy or a seat's view made then
    (a view drawn by a listener, a search's copy) starts without it, so nothing worked out for one seat reaches
    another, and the memory is gone once the listing ends, even one left part way."""
    game = hexlab.load("memoir44/tenaru", seed=2)
    game.play_to_decision()
    listing = iter(game.rules.legal_actions(game.state))
    next(listing)
    assert game.state.memo is not None
    assert game.state.copy().memo is None
    for side in game.state.sides:
        assert game.view(side).memo is None
    del listing  # a listing dropped part way lets its memory go
    assert game.state.memo is None


@pytest.mark.rule("oc.base.strike_mission_default")
def test_a_strike_at_troops_aboard_a_ship_is_refused_with_its_clause() -> None:
    """A strike named at ground troops carried aboard a ship (not in a hex of the map) is refused with the strike
    mission's clause, and the state is left as it was (it used to fail inside the map's labels)."""
    from hexlab.engine.state import Aboard
    from hexlab.rulesets.cartwheel import board
    from hexlab.rulesets.cartwheel.actions import StrikeGround

    game = hexlab.load("cartwheel/campaign", seed=1).batch_mode()
    players = players_for(game, "random")
    for _ in range(400):
        if game.state.position == "ops.mission" or game.is_over:
            break
        for _ in game.run(players, 1):
            pass
    assert game.state.position == "ops.mission"
    state, side = game.state, game.to_act
    troops = next(u for u in state.units.values() if u.alive and board.is_ground(u) and u.side != side)
    ship = next(u for u in state.units.values() if u.alive and board.is_naval(u) and u.side == troops.side)
    troops.at = Aboard(ship.id)
    base = next(d for d, b in game.rules.mine(state).bases.items() if b.side == side)
    before = state.to_data()
    error = game.explain(StrikeGround(base, troops.id))
    assert error is not None and error.clause == "oc.base.strike_mission_default"
    with pytest.raises(RuleError):
        game.apply(StrikeGround(base, troops.id))
    assert game.state.to_data() == before


@pytest.mark.rule("m44.order.units.announce", "m44.order.section.straddle", "m44.move.unit.once_per_turn",
                  "m44.stack.no_entry_occupied", "m44.order.only_ordered_act")
@pytest.mark.parametrize("scenario", ["memoir44/tenaru", "memoir44/normandy"])
def test_memoir_orders_and_moves_are_listed_without_a_second_check_and_are_exactly_the_legal_ones(scenario: str) -> None:
    """Memoir '44 works out which units a card can still order, and where each ordered unit may go, for all of them
    at once, and its listing yields those Orders and Moves without calling their checks (``candidates(checked=...)``).
    At every order and move step of real games, the listed ones are exactly the candidates the full check
    (``Game.explain``, outside any listing) accepts: an Order for every unit of the game, a Move of every unit to
    every hex of the map."""
    from hexlab.rulesets.memoir44.actions import Move, Order

    rules_checked = hexlab.load(scenario, seed=0).rules._handlers().checked_at
    assert rules_checked["order.announce"] == {"Order"} and rules_checked["move.move"] == {"Move"}
    seen = {"order.announce": 0, "move.move": 0}
    for seed in range(2):
        game = hexlab.load(scenario, seed=seed).batch_mode()
        player = players_for(game, "random")
        for _ in range(300):
            game.play_to_decision()
            if game.is_over:
                break
            state, pos = game.state, game.state.position
            if pos in seen:
                kind = Order if pos == "order.announce" else Move
                if kind is Order:
                    brute = [Order(u) for u in state.units]
                else:
                    brute = [Move(u, h) for u in state.rules_state.turn.ordered for h in game.rules.board.terrain]
                listed = {a for a in game.legal_actions() if isinstance(a, kind)}
                accepted = {a for a in brute if game.explain(a) is None}
                assert listed == accepted, f"{scenario} seed {seed} at {pos}"
                seen[pos] += 1
            for _ in game.run(player, 1):
                pass
    assert all(seen.values()), seen


@pytest.mark.rule("was.base.sea_movement_default")
@pytest.mark.parametrize("scenario", ["warsea/tokyo_express", "warsea/drill_landing"])
def test_war_at_sea_moves_listed_without_a_second_check_are_exactly_the_legal_ones(scenario: str) -> None:
    """War at Sea lists its ships' moves, aircraft missions and attacks without calling their checks
    (``candidates(checked=...)``); the missions and attacks are held to the full check above, and here the moves: at
    every move step of real games the listed Moves are exactly those ``Game.explain`` accepts among every unit to
    every sector."""
    from hexlab.rulesets.warsea.actions import Move

    game = hexlab.load(scenario, seed=0)
    assert game.rules._handlers().checked_at["sea.move"] == {"Move"}
    seen = 0
    for seed in range(3):
        game = hexlab.load(scenario, seed=seed).batch_mode()
        player = players_for(game, "random")
        for _ in range(300):
            game.play_to_decision()
            if game.is_over:
                break
            if game.state.position == "sea.move":
                brute = [Move(u, sector) for u in game.state.units for sector in game.rules.board.areas]
                listed = {a for a in game.legal_actions() if isinstance(a, Move)}
                assert listed == {a for a in brute if game.explain(a) is None}, f"{scenario} seed {seed}"
                seen += 1
            for _ in game.run(player, 1):
                pass
    assert seen > 0


# ------------------------------------------------------------------------- batch play does less (issue 27 point 5, part 2)
# Batch play lists the legal actions all at once (``Ruleset.legal_action_list``), trusts an action only when it is the
# very object it listed, makes the dice generator only for a step that rolls, and the listings of War at Sea, Cactus
# and Cartwheel weigh their candidates without writing out refusals. The tests below hold each shortcut to the plain
# definition it stands in for.


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_listing_made_all_at_once_is_the_one_by_one_listing(scenario: str) -> None:
    """At every decision of real games, the list batch play takes (a step whose candidates need no check is the offer's
    own list) holds the same actions, in the same order, as the one-by-one listing that checks each candidate."""
    seen = 0
    for seed in range(SEEDS.get(scenario, 2)):
        game = hexlab.load(scenario, seed=seed).batch_mode()
        player = players_for(game, "random")
        for _ in range(250):
            game.play_to_decision()
            if game.is_over:
                break
            state = game.state
            assert game.rules.legal_action_list(state) == list(game.rules.legal_actions(state)), state.position
            assert state.memo is None  # nothing remembered outlives the listing
            seen += 1
            for _ in game.run(player, 1):
                pass
    assert seen > 0


def test_batch_play_trusts_only_the_very_action_it_listed() -> None:
    """An action equal to a listed one but made elsewhere is held to its field types first: a plain tuple where a hex
    belongs compares equal to the listed move, yet is refused with the field named, and the state is left as it was;
    the same move with a real hex is carried out as the listed one would be."""
    from hexlab.hexes import Hex
    from hexlab.rulesets.memoir44.actions import Move

    game = hexlab.load("memoir44/tenaru", seed=1).batch_mode()
    player = players_for(game, "random")
    for _ in range(400):
        game.play_to_decision()
        if game.is_over or game.state.position == "move.move" and any(
                isinstance(a, Move) for a in game.legal_actions()):
            break
        for _ in game.run(player, 1):
            pass
    assert game.state.position == "move.move"
    listed = next(a for a in game.legal_actions() if isinstance(a, Move))
    fake = Move(listed.unit, tuple(listed.to))  # type: ignore[arg-type]
    assert fake == listed and fake is not listed
    before, history = game.state.to_data(), game.history
    with pytest.raises(RuleError, match="Move.to"):
        game.apply(fake)
    assert game.state.to_data() == before and game.history == history
    twin = Move(listed.unit, Hex(listed.to.q, listed.to.r))
    game.apply(twin)
    assert game.state.units[listed.unit].at == listed.to and game.history[-1] == listed


def test_made_actions_are_the_actions_themselves() -> None:
    """``made`` hands out one action for equal fields, of the class asked for: equal to (and saved like) one built
    directly, never another class's with the same fields."""
    from hexlab.engine.actions import made
    from hexlab.rulesets.cartwheel.actions import StrikeBase, StrikeShip

    a, b = made(StrikeBase, "B1", "B2"), made(StrikeBase, "B1", "B2")
    assert a is b and a == StrikeBase("B1", "B2") and a.to_data() == StrikeBase("B1", "B2").to_data()
    ship = made(StrikeShip, "B1", "B2")
    assert type(ship) is StrikeShip and ship != a


def test_a_context_makes_its_dice_generator_only_when_a_rule_rolls() -> None:
    """A step that rolls nothing leaves the generator's state exactly as it was; one that shuffles moves it on exactly
    as the generator resumed from the state would (so a game stays its scenario, seed and actions)."""
    from hexlab.dice import Rng
    from hexlab.engine.ruleset import Context

    game = hexlab.load("cadet/village", seed=4)
    state = game.state.copy()
    start = state.rng
    quiet = Context(game.rules, state, quiet=True)
    quiet.finish()
    assert state.rng == start and "rng" not in quiet.__dict__
    cards, expected = list(range(10)), list(range(10))
    rolling = Context(game.rules, state)
    rolling.shuffle(cards)
    rolling.finish()
    twin = Rng.from_state(start)
    twin.shuffle(expected)
    assert cards == expected and state.rng == twin.state != start
    with pytest.raises(AttributeError):
        _ = quiet.no_such_thing  # type: ignore[attr-defined]


@pytest.mark.rule("oc.base.ground_operations_default", "oc.components.ground.garrison_defend_only",
                  "oc.components.naval.cargo_capacity")
def test_cartwheel_ground_moves_listed_are_exactly_the_legal_ones() -> None:
    """Cartwheel lists no march or embarkation for a unit that has moved, and no march for a garrison, without asking
    their checks: at every ground move step of real games, the listed marches and embarkations are exactly those
    ``Game.explain`` accepts among every ground unit to every hex next to it and aboard every transport."""
    from hexlab.rulesets.cartwheel import board
    from hexlab.rulesets.cartwheel.actions import Embark, March

    seen = 0
    for seed in range(2):
        game = hexlab.load("cartwheel/campaign", seed=seed).batch_mode()
        player = players_for(game, "random")
        for _ in range(500):
            game.play_to_decision()
            if game.is_over:
                break
            state, rules = game.state, game.rules
            if state.position == "ground.move":
                units = [u for u in state.units.values() if board.is_ground(u) and board.on_map(u)]
                brute = [March(u.id, h) for u in units for h in board.neighbours(rules, board.label(rules, u.at))]
                brute += [Embark(u.id, t) for u in units for t in rules.mine(state).cargo]
                listed = {a for a in game.legal_actions() if isinstance(a, (March, Embark))}
                assert listed == {a for a in brute if game.explain(a) is None}, f"seed {seed}"
                seen += 1
            for _ in game.run(player, 1):
                pass
    assert seen > 0


@pytest.mark.rule("caf.air.bombing.choose_installation_or_troops", "caf.special.new_targets.no_bombing_own_occupied",
                  "caf.air.cover.required_for_sea_moves", "caf.stacking.four_steps_per_box")
def test_cactus_moves_and_raids_are_listed_without_a_second_check() -> None:
    """Cactus weighs its moves and raids without writing refusals and says so (``candidates(checked=...)``); the
    listing is held to the full check in ``test_the_listing_is_exactly_what_the_full_check_accepts``, and whether a
    side has a move or a raid left (which passes a side over) agrees with its listing."""
    from hexlab.rulesets.cactus.actions import Move, Raid
    from hexlab.rulesets.cactus.air import can_raid
    from hexlab.rulesets.cactus.moves import can_move

    game = hexlab.load("cactus/guadalcanal", seed=0)
    checked = game.rules._handlers().checked_at
    assert checked["ground.move"] == {"Move"} and checked["air.raids"] == {"Raid"}
    asked = 0
    for seed in range(6):
        game = hexlab.load("cactus/guadalcanal", seed=seed).batch_mode()
        player = players_for(game, "random")
        for _ in range(300):
            game.play_to_decision()
            if game.is_over:
                break
            state = game.state
            if state.position in ("ground.move", "air.raids"):
                kind, can = (Move, can_move) if state.position == "ground.move" else (Raid, can_raid)
                listed = [a for a in game.legal_actions() if isinstance(a, kind)]
                assert state.standing(can, game.rules, state, state.active) == bool(listed)
                asked += 1
            for _ in game.run(player, 1):
                pass
    assert asked > 0
