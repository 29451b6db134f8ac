"""The after-action report (issue 28, item 4): built for every scenario from a short seeded game, standalone (no
network), with every turn's map, and "was it luck?" numbers equal to the exact expectation summed over the attacks
made (checked against Memoir '44's battle dice worked out here by hand: a binomial over the hit faces)."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from math import comb

import pytest

from hexlab import saves
from hexlab.classroom import report
from hexlab.classroom.luck import luck
from hexlab.cli import main
from hexlab.engine import STEP
from hexlab.players import RandomPlayer
from hexlab.scenario import load, scenarios

SCENARIOS = [s["id"] for s in scenarios()]
STEPS = 160
"""A short game: enough for a few turns and some battles in every ruleset."""


def played(sid: str, seed: int = 3, steps: int = STEPS):
    game = load(sid, seed=seed)
    players = {side: RandomPlayer(11 + i) for i, side in enumerate(game.state.sides)}
    for _ in game.run(players, steps):
        pass
    return game


def luck_data(html: str) -> dict:
    found = re.search(r'<script type="application/json" id="luck-data">(.*?)</script>', html, re.S)
    assert found, "the report carries its luck numbers"
    return json.loads(found.group(1).replace("<\\/", "</"))


def frac(text: str) -> Fraction:
    return Fraction(text)


@pytest.mark.parametrize("sid", SCENARIOS)
def test_the_report_builds_for_every_scenario_with_every_turns_map_and_no_network(sid):
    game = played(sid)
    html = report(game)
    assert html.startswith("<!DOCTYPE html>") and html.rstrip().endswith("</html>")
    assert game.scenario.title in html or game.scenario.title.replace("'", "&#x27;") in html
    assert "http://" not in html and "https://" not in html, "nothing in the page points at the network"
    assert "<link" not in html and "src=" not in html, "no stylesheet, script or picture is fetched"
    assert "@media print" in html
    ended = sorted({e.turn for e in game.log if e.turn < game.state.turn})
    for turn in ended:
        assert f'id="map-turn-{turn}"' in html, f"turn {turn}'s map is missing"
    assert 'id="map-start"' in html and 'id="map-finish"' in html
    maps = re.findall(r'<figure class="map"[^>]*>.*?</figure>', html, re.S)
    assert len(maps) == len(ended) + 2 and all("<svg" in m for m in maps)
    result = game.result
    if result is not None:
        assert result["reason"].replace("'", "&#x27;") in html or result["reason"] in html


@pytest.mark.parametrize("sid", SCENARIOS)
def test_the_luck_numbers_are_the_exact_expectation_summed_over_the_attacks(sid):
    game = played(sid)
    data = luck_data(report(game))
    lk = luck(game)
    counted = [a for a in lk.attacks if a.counted]
    for turn, per_side in data["turns"].items():
        for side, cell in per_side.items():
            want = sum((a.expected.get(side, Fraction(0)) for a in counted if a.turn == int(turn)), Fraction(0))
            got = sum(a.actual.get(side, 0) for a in counted if a.turn == int(turn))
            assert frac(cell["expected"]) == want
            assert cell["actual"] == got
    for a in data["attacks"]:  # every expectation is a probability-weighted count: never negative
        assert all(frac(v) >= 0 for v in a["expected"].values())


def _binomial_mean_capped(n: int, p: Fraction, cap: int) -> Fraction:
    """E[min(hits, cap)] for ``n`` dice each hitting with chance ``p``: worked out here, not by hexlab."""
    return sum((Fraction(comb(n, k)) * p ** k * (1 - p) ** (n - k) * min(k, cap) for k in range(n + 1)), Fraction(0))


HIT_CHANCE = {"infantry": Fraction(3, 6), "armor": Fraction(2, 6), "artillery": Fraction(1, 6)}
"""Memoir '44's battle die: 2 infantry faces, 1 armor, 1 grenade, 1 star, 1 flag; a grenade hits anything and the
target's own symbol hits it (m44.dice.battle.faces, m44.resolve.hit.matching)."""


@pytest.mark.rule("m44.dice.battle.faces", "m44.resolve.hit.matching")
def test_memoir44_luck_matches_a_hand_worked_binomial_for_each_battle():
    game = played("memoir44/drill_basic", seed=5, steps=600)
    lk = luck(game)
    fresh = game.scenario.new_game(game.seed)
    by_index = {a.index: a for a in lk.attacks}
    checked = 0
    for i, entry in enumerate(game.history):
        state = fresh.state
        if entry == STEP and state.position == "battle.roll" and i in by_index:
            battle = state.rules_state.turn.battle
            target = state.units[battle.target]
            attack = by_index[i]
            if battle.kind == "battle":
                want = _binomial_mean_capped(battle.dice, HIT_CHANCE[target.kind], target.strength)
                enemy = next(s for s in state.sides if s != target.side)
                assert attack.expected.get(enemy, Fraction(0)) == want, (i, battle)
                checked += 1
        fresh.step() if entry == STEP else fresh.apply(entry)
    assert checked >= 3, "the game made some battles to check"
    # one case by hand: 2 dice at a 1-figure infantry unit hit it unless both miss: 1 - (1/2)^2
    assert _binomial_mean_capped(2, Fraction(1, 2), 1) == Fraction(3, 4)


def test_a_roll_that_costs_nobody_anything_is_not_an_attack():
    game = played("memoir44/tenaru", seed=3, steps=300)
    lk = luck(game)
    assert lk.attacks, "some battles were fought"
    assert all(a.position == "battle.roll" for a in lk.attacks), "card draws, medics' rolls and the like are left out"


def test_game_and_table_report_and_the_cli_write_the_same_page(tmp_path, capsys):
    game = played("cadet/village", seed=2, steps=120)
    assert game.report() == report(game)
    path = tmp_path / "game.json"
    saves.save(game, str(path))
    out = tmp_path / "report.html"
    assert main(["report", str(path), "--out", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == report(saves.load(str(path)))


def test_a_broken_save_gives_one_clear_line_and_exit_2(tmp_path, capsys):
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    assert main(["report", str(broken), "--out", str(tmp_path / "r.html")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("hexlab: ") and "not a hexlab save" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
    assert not (tmp_path / "r.html").exists()
    assert main(["report", str(tmp_path / "missing.json"), "--out", str(tmp_path / "r.html")]) == 2
    assert "can't be read" in capsys.readouterr().err


def test_a_seats_report_shows_only_what_that_side_sees():
    game = played("cartwheel/wewak", seed=1, steps=40)
    hidden = [u.id for u in game.state.units.values() if u.side == "Japan" and u.id not in game.view("Allies").units]
    assert hidden, "the scenario hides some Japanese units from the Allies"
    html = game.report(viewer="Allies")
    maps = "".join(re.findall(r'<figure class="map".*?</figure>', html, re.S))
    start_hidden = [uid for uid in hidden if uid not in game.scenario.new_game(game.seed).view("Allies").units]
    for uid in start_hidden:
        assert f">{uid}<" not in maps.split('id="map-turn-')[0], f"{uid} is hidden from the Allies at the start"


def test_the_table_reports_what_its_seat_may_see():
    pytest.importorskip("ipywidgets")
    from hexlab.engine.seats import PUBLIC
    from hexlab.widgets.table import Table

    game = played("cartwheel/wewak", seed=1, steps=30)
    table = Table(game, seat="Allies")
    assert table.report() == report(game, viewer=table._viewer())
    assert table._viewer() in ("Allies", PUBLIC), "a seated table never reports with the teacher's view"
    hidden = [u.id for u in game.scenario.new_game(game.seed).state.units.values()
              if u.id not in game.scenario.new_game(game.seed).view("Allies").units]
    start = table.report().split('id="map-start"')[1].split("</figure>")[0]
    assert hidden and not any(f">{uid}<" in start for uid in hidden)


# ----------------------------------------------------------------------------- every roll accounted for (Cartwheel)

def _cartwheel_rolls(game):
    """``(index, before, after, events)`` of every dice step of ``game`` that made an attack."""
    from hexlab.classroom.luck import attack_at, replay

    sides = list(game.state.sides)
    for index, entry, before, after, events in replay(game):
        if entry == STEP and attack_at(game.rules, index, before, after, events, sides, seed=game.seed) is not None:
            yield index, before, after, events


@pytest.mark.rule("oc.base.aerial_combat_default")
def test_every_cartwheel_roll_is_counted_and_the_big_ones_are_sampled_with_their_error_stated():
    game = played("cartwheel/wewak", seed=3, steps=400)
    lk = luck(game)
    assert lk.attacks and not lk.uncounted(), "no roll is left out of the sums"
    big = lk.sampled()
    assert big, "this game has an aerial combat too big to list"
    from hexlab.classroom.luck import MOST_OUTCOMES, MOST_SAMPLES, SAMPLES, TARGET
    for a in big:
        assert a.outcomes > MOST_OUTCOMES and SAMPLES <= a.samples <= MOST_SAMPLES and a.samples % SAMPLES == 0
        assert all(0 < e <= TARGET for e in a.error.values()) or a.samples == MOST_SAMPLES, a.error
    html = report(game)
    data = luck_data(html)
    assert [a["method"] for a in data["attacks"] if a["method"] == "sampled"] and "Not counted" not in html
    assert all(f"from {a.samples:,} seeded samples" in html for a in big) and "within" in html
    again = luck(game)
    assert [(a.expected, a.error) for a in again.attacks] == [(a.expected, a.error) for a in lk.attacks], \
        "the same game gives the same estimate"
    assert report(game) == html


@pytest.mark.rule("oc.base.bombing_default", "oc.components.die.d10_zero_is_ten")
def test_a_sampled_estimate_holds_the_exact_expectation_within_its_stated_error():
    from hexlab.classroom.luck import attack_at

    game = played("cartwheel/wewak", seed=3, steps=400)
    sides = list(game.state.sides)
    checked = 0
    for index, before, after, events in _cartwheel_rolls(game):
        exact = attack_at(game.rules, index, before, after, events, sides, seed=game.seed)
        if exact.method != "exact" or exact.outcomes > 1_000:
            continue
        est = attack_at(game.rules, index, before, after, events, sides, seed=game.seed, samples=3_000, most=0,
                        most_samples=3_000)
        assert est.method == "sampled" and est.samples == 3_000
        assert est.actual == exact.actual
        for side in set(exact.expected) | set(est.expected):
            want = exact.expected.get(side, Fraction(0))
            got = est.expected.get(side, Fraction(0))
            assert abs(float(got - want)) <= est.error.get(side, 0.0) + 1e-12, (index, side, float(got), float(want))
        checked += 1
    assert checked >= 2


@pytest.mark.rule("oc.base.bombing_default")
def test_cartwheel_dice_are_listed_in_order_because_each_belongs_to_one_unit():
    """Each bomber bombs with its own die: 2 d10s are 100 ordered outcomes (not 55 handfuls), and the exact
    expectation is the mean over all 100 orders, resolved by the rules one by one."""
    from itertools import product

    from hexlab.classroom.luck import _resolved_hits, attack_at, credited

    game = played("cartwheel/wewak", seed=3, steps=400)
    sides = list(game.state.sides)
    bombs = [(i, b, a, e) for i, b, a, e in _cartwheel_rolls(game) if b.position == "ops.bomb"]
    assert bombs
    index, before, after, events = bombs[0]
    pool = list(game.rules.roll(before).pool)
    attack = attack_at(game.rules, index, before, after, events, sides, seed=game.seed)
    n = sum(k for _, k in pool)
    assert attack.outcomes == 10 ** n and attack.method == "exact"
    want: dict[str, Fraction] = {}
    for faces in product(range(1, 11), repeat=n):
        for side, hits in _resolved_hits(game.rules, before, (faces,), sides, None).items():
            want[side] = want.get(side, Fraction(0)) + Fraction(hits, 10 ** n)
    assert attack.expected == {s: v for s, v in want.items() if v}
    assert credited({"Japan": 2}, sides, None) == {"Allies": 2}


@pytest.mark.parametrize("sid", ["memoir44/tenaru", "cactus/guadalcanal", "warsea/tokyo_express"])
def test_the_rulesets_read_as_handfuls_resolve_the_same_faces_alike_in_any_order(sid):
    """Only Cartwheel lists dice in order; for the others a roll's faces in reverse order cost the same."""
    from hexlab.classroom.luck import ORDERED, SPECIAL, _resolved_hits, replay

    game = played(sid, seed=3, steps=300)
    assert game.rules.id not in ORDERED
    sides = list(game.state.sides)
    checked = 0
    for index, entry, before, _after, events in replay(game):
        if entry != STEP or (game.rules.id, before.position) in SPECIAL:
            continue
        rolled = next((e.payload for e in events if type(e.payload).__name__ == "DiceRolled"), None)
        if rolled is None or all(len(f) < 2 for f in rolled.faces):
            continue
        faces = tuple(tuple(f) for f in rolled.faces)
        backwards = tuple(tuple(reversed(f)) for f in faces)
        assert _resolved_hits(game.rules, before, faces, sides, None) == \
            _resolved_hits(game.rules, before, backwards, sides, None), (index, faces)
        checked += 1
    assert checked >= 1


@pytest.mark.rule("oc.base.scramble_default")
def test_a_roll_left_unlisted_because_it_never_costs_anything_really_never_does():
    """Every step in ``NEVER_COSTS`` is checked here over every ordered outcome of a roll the game made."""
    from hexlab.classroom.luck import NEVER_COSTS, _resolved_hits, ordered_count, ordered_outcomes, replay

    game = played("cartwheel/wewak", seed=3, steps=400)
    sides = list(game.state.sides)
    seen = set()
    for _index, entry, before, _after, _events in replay(game):
        key = (game.rules.id, before.position)
        if entry != STEP or key not in NEVER_COSTS or key in seen:
            continue
        pool = list(game.rules.roll(before).pool)
        assert ordered_count(pool) <= 10_000
        for faces, _p in ordered_outcomes(pool):
            assert _resolved_hits(game.rules, before, faces, sides, None) == {}, (key, faces)
        seen.add(key)
    assert seen == {k for k in NEVER_COSTS if k[0] == "cartwheel"}


@pytest.mark.rule("m44.victory.medals.target")
def test_the_report_marks_the_rules_of_ours_that_the_computer_cites_and_the_result_names():
    """A teacher reading the report of a game against the computer meets its one-line reasons ("... by medals +2.0
    [m44.victory.medals.target]") and the rule that ended the game: each code there carries its catalog mark, as on
    the table, so a value of ours (the drill's medal target is illustrative) is never shown as the source's."""
    from hexlab import reference
    from hexlab.players import make_player

    game = load("memoir44/drill_overrun", seed=1)
    for _ in game.run({"Allies": make_player("veteran", 1), "Axis": RandomPlayer(2)}, 2000):
        pass
    assert game.is_over
    page = report(game)
    reasons = [li for li in re.findall(r"<li>(.*?)</li>", page) if "(veteran) plays" in li]
    cited = [c for li in reasons for c in re.findall(r"\[<code title='[^']*'>([a-z0-9_.]+)</code>", li)]
    assert reasons and cited
    for li in reasons:
        assert not re.search(r"\[[a-z0-9_]+\.[a-z0-9_.]+\]", li), li  # no code left bare
    for clause in set(cited):
        label = reference.lookup(clause).label
        assert not label or f">{clause}</code><span class='hexlab-mark" in page, clause
    result = re.search(r'<p class="clauses">Rule: (.*?)</p>', page).group(1)
    assert ">m44.victory.medals.target</code>" in result and "illustrative</span>" in result
