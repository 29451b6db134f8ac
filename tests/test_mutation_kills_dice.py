"""More checks of hexlab.dice, written to close the gaps mutation testing found (``make mutation``).

They pin what a game depends on: the exact random sequence for a seed (so a saved game replays to the same
dice on every machine), the exact chances, and the clear error each kind of bad input gets.
"""

from __future__ import annotations

import pickle
from fractions import Fraction

import pytest

from hexlab import dice
from hexlab.dice import D6, D10, Die, Dist, Rng, best_of, d, expectation, pool_count, pool_map_sum, pool_sum

MASK = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15


# -- the generator: the same numbers for a seed, for ever --------------------------------------------------

def test_splitmix64_matches_the_published_reference_sequence():
    # The reference SplitMix64 outputs for seed 1234567 (Vigna's splitmix64.c).
    rng = Rng(1234567)
    assert [rng.next64() for _ in range(5)] == [
        6457827717110365317, 3203168211198807973, 9817491932198370423, 4593380528125082431, 16408922859458223821,
    ]


@pytest.mark.parametrize("seed, state", [
    (0, 0),
    (2**64 - 1, 2**64 - 1),
    (2**64, 2638794103724293775),
    (2**64 + 1, 10829274409225714632),
    (-1, 5272463233947570727),
    (-2, 3966241984631611488),
    (-(2**70), 7696518294698990129),
    (2**130 + 7, 12365163023881486273),
])
def test_any_int_seed_folds_to_the_same_64_bit_state_every_time(seed, state):
    assert Rng(seed).state == state
    assert Rng.seed_from(seed) == state


def test_a_word_seed_is_hashed_to_a_fixed_number():
    assert Rng.seed_from("hexlab") == 1417958907375451374
    assert Rng.seed_from("\u00e9") == 5375421630974772051
    assert Rng.seed_from("hexlab") < 2**64


def test_a_fresh_seed_mixes_the_system_random_bytes_with_the_clock(monkeypatch):
    monkeypatch.setattr(dice.os, "urandom", lambda n: bytes(range(1, n + 1)))
    monkeypatch.setattr(dice.time, "time_ns", lambda: 0xF0F0)
    assert Rng.seed_from(None) == 0x0102030405060708 ^ 0xF0F0


def test_draws_for_a_seed_are_pinned():
    rng = Rng(3)
    assert [rng.getrandbits(k) for k in (0, 1, 7, 64, 65, 130)] == [
        0, 0, 89, 11307387092600937729, 2688308089430971294, 865980941934898503169082308885592405731]
    rng = Rng(7)
    assert rng.randbelow(2**64) == 7191089600892374487
    assert rng.state == (7 + GAMMA) & MASK
    rng = Rng(7)
    assert [rng.randbelow(2**64 + 1) for _ in range(3)] == [
        14382179201784748974, 16692159691001447348, 17264418614845743596]
    rng = Rng(11)
    assert [rng.randbelow(2**63 + 1) for _ in range(6)] == [
        5833679380957638813, 4839782808629744545, 3047264704176347588, 1854164870865395556, 6280598950732548470,
        3022001859363712864]
    assert rng.state == 14727398570297873650
    rng = Rng(3)
    assert [rng.randint(5, 5), rng.randint(-3, 3), rng.randint(1, 6)] == [5, 0, 4]


def _unshift(z: int, k: int) -> int:
    x = z
    for _ in range(64 // k + 1):
        x = z ^ (x >> k)
    return x


def _unmix(z: int) -> int:
    """The state step before SplitMix64's output finaliser, so a test can make the generator say a chosen number."""
    z = _unshift(z, 31)
    z = (z * pow(0x94D049BB133111EB, -1, 2**64)) & MASK
    z = _unshift(z, 27)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 2**64)) & MASK
    return _unshift(z, 30)


def _state_before(output: int) -> int:
    return (_unmix(output) - GAMMA) & MASK


def test_the_inverse_used_below_is_right():
    rng = Rng.from_state(_state_before(123456789))
    assert rng.next64() == 123456789


def test_a_raw_draw_at_the_rejection_limit_is_thrown_away():
    # For n = 2**63 + 1 the draws at or above 2**63 + 1 would favour small results: they are redrawn.
    n = 2**63 + 1
    start = _state_before(2**63 + 1)
    probe = Rng.from_state(start)
    assert probe.next64() == 2**63 + 1
    while (raw := probe.next64()) >= 2**63 + 1:
        pass
    rng = Rng.from_state(start)
    assert rng.randbelow(n) == raw % n
    assert rng.state == probe.state and rng.state != (start + GAMMA) & MASK


def test_a_big_range_draw_equal_to_the_range_is_thrown_away():
    first = 2**63 + 5
    start = _state_before(first)
    probe = Rng.from_state(start)
    probe.next64()
    second = probe.next64()
    n = (first << 1) | (second >> 63)  # exactly what getrandbits(65) makes of the next two words
    rng = Rng.from_state(start)
    value = rng.randbelow(n)
    assert 0 <= value < n
    assert rng.state == (start + 4 * GAMMA) & MASK  # the first try was refused, a second one made


@pytest.mark.parametrize("call, message", [
    (lambda: Rng(0).getrandbits(-1), "^number of bits"),
    (lambda: Rng(0).getrandbits(1.5), "^number of bits"),
    (lambda: Rng(0).randbelow(0), "^randbelow needs an int n > 0, got 0"),
    (lambda: Rng(0).randint(3, 2), r"^empty range \[3, 2\]"),
    (lambda: Rng(0).choice([]), "^cannot choose from an empty sequence"),
    (lambda: Rng(1.5), "^seed must be an int, got 1.5"),
])
def test_bad_draws_are_refused_with_a_clear_message(call, message):
    with pytest.raises((ValueError, TypeError, IndexError), match=message):
        call()


# -- exact distributions -----------------------------------------------------------------------------------

def test_sampling_uses_the_common_denominator_exactly():
    big = 3**40
    dist = Dist({"rare": Fraction(1, big), "common": Fraction(big - 1, big)})
    asked = []

    class Last:
        def randbelow(self, n):
            asked.append(n)
            return n - 1

    class First:
        def randbelow(self, n):
            return 0

    # Outcomes in sorted order: "common" owns draws 0 .. big - 2, "rare" owns the last one.
    assert dist.sample(Last()) == "rare"
    assert dist.sample(First()) == "common"
    assert asked == [big]


def test_two_outcomes_are_kept_in_sorted_order():
    assert Dist({2: Fraction(1, 2), 1: Fraction(1, 2)}).outcomes == (1, 2)
    assert Dist.from_weights({"b": 1, "a": 3}).items() == (("a", Fraction(3, 4)), ("b", Fraction(1, 4)))


def test_from_json_adds_up_an_outcome_listed_twice():
    data = [{"outcome": 1, "p": "1/4"}, {"outcome": 1, "p": "1/4"}, {"outcome": [2, 3], "p": "1/2"}]
    assert Dist.from_json(data) == Dist({1: Fraction(1, 2), (2, 3): Fraction(1, 2)})


def test_a_zero_weight_is_allowed_and_dropped():
    assert Dist.from_weights({"miss": 0, "hit": 2}) == Dist.certain("hit")


def test_chances_of_nothing_are_exact_zero_fractions():
    dist = Dist.uniform([1, 2, 3])
    for p in (dist.p(lambda x: x > 5), dist.p_at_least(4), dist.p(99)):
        assert p == 0 and isinstance(p, Fraction)


def test_expectation_of_a_function_of_the_outcome():
    assert expectation(D6.dist(), lambda x: x * x) == Fraction(91, 6)


@pytest.mark.parametrize("call, error, message", [
    (lambda: Dist({"a": 0.5, "b": Fraction(1, 2)}), TypeError, "^probability of 'a' must be an int or Fraction"),
    (lambda: Dist({"a": Fraction(-1, 2), "b": Fraction(3, 2)}), ValueError, "^negative probability -1/2 for 'a'"),
    (lambda: Dist({"a": Fraction(1, 3)}), ValueError, "^probabilities sum to 1/3, not 1"),
    (lambda: Dist.from_weights({"a": 1.0}), TypeError, "^weight of 'a' must be an int, got 1.0"),
    (lambda: Dist.from_weights({"a": -1, "b": 2}), ValueError, "^negative weight -1 for 'a'"),
    (lambda: Dist.from_weights({"a": 0}), ValueError, "^weights must have a positive total"),
    (lambda: Dist.uniform([]), ValueError, r"^uniform\(\) needs at least one outcome"),
    (lambda: Dist.uniform(["x"]).expectation(), TypeError, r"^outcome 'x' is not numeric; pass f to expectation\(\)"),
    (lambda: D6.dist().expectation(lambda x: 0.5), TypeError, "^f returned 0.5; expectation needs ints or Fractions"),
    (lambda: D6.dist().condition(lambda x: x > 6), ValueError, "^cannot condition on an event of probability 0"),
])
def test_bad_distributions_are_refused_with_a_clear_message(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_a_distribution_cannot_be_changed_or_have_parts_deleted():
    dist = D6.dist()
    with pytest.raises(AttributeError, match="^Dist is immutable$"):
        del dist._p
    with pytest.raises(AttributeError, match="^Dist is immutable$"):
        dist.x = 1


# -- dice --------------------------------------------------------------------------------------------------

BATTLE = Die("battle", ("infantry", "infantry", "armor", "grenade", "star", "flag"),
             symbols={"star": "*"}, labels={"grenade": "grenade face"})


def test_a_die_knows_the_chance_of_each_face():
    assert Die("made now", (1, 1, 2)).p(1) == Fraction(2, 3)  # a die made after import, with the code under test
    assert Die("made now", ("a", "b", "b", "b")).dist() == Dist({"a": Fraction(1, 4), "b": Fraction(3, 4)})
    assert BATTLE.p("infantry") == Fraction(1, 3)
    assert BATTLE.dist() == Dist({"infantry": Fraction(1, 3), "armor": Fraction(1, 6), "grenade": Fraction(1, 6),
                                  "star": Fraction(1, 6), "flag": Fraction(1, 6)})
    assert D10.p(10) == Fraction(1, 10) and D10.p(0) == 0


def test_a_die_shows_its_symbols_and_labels_and_survives_pickling():
    assert repr(BATTLE) == ("Die('battle', ('infantry', 'infantry', 'armor', 'grenade', 'star', 'flag'), "
                            "symbols={'star': '*'}, labels={'grenade': 'grenade face'})")
    assert repr(Die("x", (1, 2), labels={1: "one"})) == "Die('x', (1, 2), labels={1: 'one'})"
    back = pickle.loads(pickle.dumps(BATTLE))
    assert back == BATTLE and dict(back.labels) == {"grenade": "grenade face"} and dict(back.symbols) == {"star": "*"}


@pytest.mark.parametrize("call, error, message", [
    (lambda: Die(3, (1, 2)), TypeError, "^die name must be a str, got 3"),
    (lambda: Die("blank", ()), ValueError, "^die 'blank' has no faces"),
    (lambda: Die("odd", (1, 2.5)), TypeError, "^die 'odd': faces must be str or int, got 2.5"),
    (lambda: Die("x", (1, 2), symbols={3: "c"}), ValueError, "^symbols of die 'x' names 3, which is not one of its faces"),
    (lambda: Die("x", (1, 2), labels={1: 5}), TypeError, r"^labels\[1\] of die 'x' must be a str, got 5"),
    (lambda: BATTLE.symbol("tank"), ValueError, "^'tank' is not a face of die 'battle'"),
    (lambda: BATTLE.canonical(["star", "tank"]), ValueError, "^'tank' is not a face of die 'battle'"),
    (lambda: d(0), ValueError, "^a die needs a positive int number of sides, got 0"),
    (lambda: d("6"), ValueError, "^a die needs a positive int number of sides"),
    (lambda: pool_sum(D6, 2.5), ValueError, "^number of dice must be an int >= 0, got 2.5"),
    (lambda: pool_count(D6, -1, 6), ValueError, "^number of dice must be an int >= 0, got -1"),
    (lambda: best_of(BATTLE, 2, ["flag", "flag"]), ValueError, "^order lists a face twice"),
    (lambda: best_of(BATTLE, 2, ["flag"]), ValueError, r"^faces \['infantry', 'armor', 'grenade', 'star'\] of die 'battle'"),
    (lambda: pool_map_sum(D6, 2, lambda f: (f, 0.5)), TypeError, r"^value\(1\) = \(1, 0.5\): tuple entries must be ints"),
    (lambda: pool_map_sum(D6, 2, lambda f: "x"), TypeError, r"^value\(1\) = 'x': must be an int or a tuple of ints"),
    (lambda: pool_map_sum(D6, 2, lambda f: f if f < 3 else (f, 0)), ValueError,
     r"^value\(\) must return ints for every face, or tuples of one length$"),
    (lambda: pool_sum(Die("x", ("a", "b")), 2), TypeError, "^pool_sum needs numeric faces; die 'x' has 'a'$"),
])
def test_bad_dice_are_refused_with_a_clear_message(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_a_one_sided_die_is_a_die():
    assert d(1).faces == (1,) and d(1).dist() == Dist.certain(1)


def test_sums_of_three_and_five_dice_are_exact():
    assert pool_sum(D6, 3).p(10) == Fraction(27, 216)
    assert pool_sum(D6, 5).p(17) == Fraction(65, 648)
    assert pool_map_sum(D6, 3, lambda f: (1, 0) if f >= 5 else (0, 1)).p((3, 0)) == Fraction(1, 27)


def test_the_number_of_chance_outcomes_is_counted_without_listing_them():
    two_faced = Die("x", ("a", "a", "b"))
    pool = [(D6, 3), (two_faced, 2), (D10, 0)]
    assert dice.outcome_count(pool) == 168 == len(dice.roll_multisets_mixed(pool))
    assert dice.outcome_count([(D6, 1)]) == 6
    assert dice.outcome_count([(D10, 2)]) == 55
    assert dice.outcome_count([]) == 1
