"""Dice, exact probability distributions and a replayable random number generator.

Three things live here:

* :class:`Die` -- a physical die: a name and a tuple of faces.  Faces may repeat (Memoir '44's battle
  die has two infantry faces), and are ``str`` or ``int``.
* :class:`Dist` -- an immutable, *exact* probability distribution: outcome -> :class:`fractions.Fraction`,
  summing to exactly 1.  Pool helpers (:func:`pool_sum`, :func:`pool_count`, :func:`best_of`,
  :func:`through`, ...) build them by convolution or by enumerating multisets, never by simulation, so
  a notebook can show "11/36" instead of "0.3057".
* :class:`Rng` -- a SplitMix64 generator written in plain integer arithmetic.  Its whole state is one
  int in ``[0, 2**64)``, so it can be stored in a JSON game state: undo restores the dice along with the
  board, and a game is exactly *scenario + seed + actions*.  The sequence for a seed is the same on every
  Python version and platform (no :mod:`random`, no :func:`hash`).

Reading a d10: :data:`D10` has faces ``1..10``.  The physical die's ``0`` is read as ``10``, as in nearly
every wargame combat results table; there is no face ``0``.
"""

from __future__ import annotations

import hashlib
import math
import operator
import os
import time
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from numbers import Rational
from types import MappingProxyType
from typing import Any, Generic, TypeVar

__all__ = [
    "D6",
    "D10",
    "Die",
    "Dist",
    "Face",
    "Rng",
    "best_of",
    "d",
    "expectation",
    "p_at_least",
    "pool_count",
    "pool_map_sum",
    "pool_sum",
    "roll_multisets",
    "roll_multisets_mixed",
    "through",
    "through_mixed",
]

Face = str | int
"""A die face: a string such as ``"flag"`` or an int such as ``6``."""

T = TypeVar("T")
U = TypeVar("U")

_ONE = Fraction(1)
_ZERO = Fraction(0)


def _is_int(x: object) -> bool:
    """True for ints that are not bools."""
    return isinstance(x, int) and not isinstance(x, bool)


# ---------------------------------------------------------------------------------------------------------
# Dist
# ---------------------------------------------------------------------------------------------------------


def _to_jsonable(outcome: Any) -> Any:
    """Tuples become lists (recursively); everything else is returned as is."""
    if isinstance(outcome, tuple):
        return [_to_jsonable(x) for x in outcome]
    return outcome


def _from_jsonable(outcome: Any) -> Any:
    """Lists become tuples (recursively), undoing :func:`_to_jsonable`."""
    if isinstance(outcome, list):
        return tuple(_from_jsonable(x) for x in outcome)
    return outcome


def _as_fraction(x: Any, what: str) -> Fraction:
    """Convert an exact rational (int or Fraction) to Fraction; floats are refused."""
    if isinstance(x, Fraction):
        return x
    if isinstance(x, bool) or not isinstance(x, Rational):
        raise TypeError(f"{what} must be an int or Fraction (exact), got {x!r}")
    return Fraction(x)


class Dist(Generic[T]):
    """An immutable exact probability distribution over hashable outcomes.

    Probabilities are :class:`~fractions.Fraction` and sum to exactly 1 (checked at construction).
    Outcomes with probability 0 are dropped, so two distributions are equal exactly when they give every
    outcome the same probability.  Outcomes are kept sorted when they are mutually comparable, otherwise
    in first-seen order, so iteration, :meth:`items`, :meth:`to_json` and :meth:`sample` are deterministic.

    >>> Dist.uniform([1, 2, 3, 4, 5, 6]).p(lambda x: x >= 5)
    Fraction(1, 3)
    """

    __slots__ = ("_p", "_cum")

    _p: dict[T, Fraction]
    _cum: tuple[int, list[int], tuple[T, ...]] | None

    def __init__(self, probabilities: Mapping[T, Fraction | int]) -> None:
        """Build from ``{outcome: probability}``; probabilities must be exact, >= 0 and sum to 1."""
        probs: dict[T, Fraction] = {}
        total = _ZERO
        for outcome, p in probabilities.items():
            q = _as_fraction(p, f"probability of {outcome!r}")
            if q < 0:
                raise ValueError(f"negative probability {q} for {outcome!r}")
            total += q
            if q:
                probs[outcome] = q
        if total != 1:
            raise ValueError(f"probabilities sum to {total}, not 1")
        object.__setattr__(self, "_p", _sorted_dict(probs))
        object.__setattr__(self, "_cum", None)

    # -- construction ----------------------------------------------------------------------------------

    @classmethod
    def _trusted(cls, probs: dict[T, Fraction]) -> Dist[T]:
        """Private fast path: ``probs`` holds positive Fractions summing to 1 and is not shared."""
        self = object.__new__(cls)
        object.__setattr__(self, "_p", _sorted_dict(probs))
        object.__setattr__(self, "_cum", None)
        return self

    @classmethod
    def _from_int_weights(cls, weights: Mapping[T, int], total: int) -> Dist[T]:
        """Private fast path: non-negative int weights that sum to ``total`` > 0."""
        return cls._trusted({o: Fraction(w, total) for o, w in weights.items() if w})

    @classmethod
    def from_weights(cls, weights: Mapping[T, int]) -> Dist[T]:
        """Build from non-negative integer weights, e.g. ``{"hit": 1, "miss": 5}``."""
        total = 0
        for outcome, w in weights.items():
            if not _is_int(w):
                raise TypeError(f"weight of {outcome!r} must be an int, got {w!r}")
            if w < 0:
                raise ValueError(f"negative weight {w} for {outcome!r}")
            total += w
        if total <= 0:
            raise ValueError("weights must have a positive total")
        return cls._from_int_weights(weights, total)

    @classmethod
    def uniform(cls, outcomes: Iterable[T]) -> Dist[T]:
        """Each listed element equally likely; an element listed twice is twice as likely."""
        counts: dict[T, int] = {}
        for o in outcomes:
            counts[o] = counts.get(o, 0) + 1
        if not counts:
            raise ValueError("uniform() needs at least one outcome")
        return cls._from_int_weights(counts, sum(counts.values()))

    @classmethod
    def certain(cls, outcome: T) -> Dist[T]:
        """The distribution that always gives ``outcome``."""
        return cls._trusted({outcome: _ONE})

    @classmethod
    def from_json(cls, data: Iterable[Mapping[str, Any]]) -> Dist[Any]:
        """Inverse of :meth:`to_json` (lists in outcomes become tuples again)."""
        probs: dict[Any, Fraction] = {}
        for entry in data:
            outcome = _from_jsonable(entry["outcome"])
            probs[outcome] = probs.get(outcome, _ZERO) + Fraction(entry["p"])
        return cls(probs)

    # -- immutability, equality ------------------------------------------------------------------------

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Dist is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Dist is immutable")

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Dist):
            return self._p == other._p
        return NotImplemented

    def __hash__(self) -> int:
        return hash(frozenset(self._p.items()))

    def __reduce__(self) -> tuple[Any, ...]:
        return (Dist, (dict(self._p),))

    # -- container protocol ----------------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self._p)

    def __iter__(self) -> Iterator[T]:
        return iter(self._p)

    def __contains__(self, outcome: object) -> bool:
        try:
            return outcome in self._p
        except TypeError:  # unhashable
            return False

    @property
    def outcomes(self) -> tuple[T, ...]:
        """Outcomes with positive probability, in the deterministic order of :meth:`items`."""
        return tuple(self._p)

    def items(self) -> tuple[tuple[T, Fraction], ...]:
        """``(outcome, probability)`` pairs, sorted when outcomes are sortable, else first-seen order."""
        return tuple(self._p.items())

    def __repr__(self) -> str:
        body = ", ".join(f"{o!r}: {p.numerator}/{p.denominator}" for o, p in self._p.items())
        return f"Dist({{{body}}})"

    # -- queries ---------------------------------------------------------------------------------------

    def p(self, outcome_or_predicate: T | Callable[[T], bool]) -> Fraction:
        """Probability of one outcome, or of the event ``predicate(outcome)`` when given a callable."""
        if callable(outcome_or_predicate):
            pred = outcome_or_predicate
            return sum((q for o, q in self._p.items() if pred(o)), _ZERO)
        try:
            return self._p.get(outcome_or_predicate, _ZERO)  # type: ignore[arg-type]
        except TypeError:  # unhashable: cannot be an outcome
            return _ZERO

    def p_at_least(self, k: Any) -> Fraction:
        """``P(outcome >= k)`` for comparable (usually numeric) outcomes."""
        return sum((q for o, q in self._p.items() if o >= k), _ZERO)  # type: ignore[operator]

    def expectation(self, f: Callable[[T], Any] | None = None) -> Fraction:
        """Exact expected value of the outcome (numeric outcomes) or of ``f(outcome)``.

        The values must be ints or Fractions; floats are refused to keep results exact.
        """
        total = _ZERO
        for o, q in self._p.items():
            v = o if f is None else f(o)
            if not isinstance(v, int | Fraction):
                if f is None:
                    raise TypeError(f"outcome {v!r} is not numeric; pass f to expectation()")
                raise TypeError(f"f returned {v!r}; expectation needs ints or Fractions")
            total += q * v
        return total

    # -- transformations -------------------------------------------------------------------------------

    def map(self, f: Callable[[T], U]) -> Dist[U]:
        """Distribution of ``f(outcome)``; outcomes with equal images are merged."""
        probs: dict[U, Fraction] = {}
        for o, q in self._p.items():
            image = f(o)
            prev = probs.get(image)
            probs[image] = q if prev is None else prev + q
        return Dist._trusted(probs)

    def convolve(self, other: Dist[U], op: Callable[[T, U], Any] = operator.add) -> Dist[Any]:
        """Distribution of ``op(a, b)`` for independent ``a ~ self`` and ``b ~ other``.

        The default adds (two dice sums -> sum); ``op=lambda a, b: (a, b)`` gives the joint distribution.
        """
        probs: dict[Any, Fraction] = {}
        other_items = list(other._p.items())
        for a, pa in self._p.items():
            for b, pb in other_items:
                c = op(a, b)
                q = pa * pb
                prev = probs.get(c)
                probs[c] = q if prev is None else prev + q
        return Dist._trusted(probs)

    def condition(self, predicate: Callable[[T], bool]) -> Dist[T]:
        """Distribution given that ``predicate(outcome)`` holds (renormalised); ValueError if impossible."""
        kept = {o: q for o, q in self._p.items() if predicate(o)}
        mass = sum(kept.values(), _ZERO)
        if not mass:
            raise ValueError("cannot condition on an event of probability 0")
        if mass == 1:
            return Dist._trusted(kept)
        return Dist._trusted({o: q / mass for o, q in kept.items()})

    filter = condition

    # -- sampling and serialisation --------------------------------------------------------------------

    def sample(self, rng: Rng) -> T:
        """Draw one outcome exactly: a uniform integer below the common denominator selects the outcome
        whose cumulative numerator first exceeds it.  Consumes one :meth:`Rng.randbelow` call."""
        cum = self._cum
        if cum is None:
            denom = 1
            for q in self._p.values():
                denom = denom * q.denominator // math.gcd(denom, q.denominator)
            running = 0
            bounds: list[int] = []
            for q in self._p.values():
                running += q.numerator * (denom // q.denominator)
                bounds.append(running)
            cum = (denom, bounds, tuple(self._p))
            object.__setattr__(self, "_cum", cum)
        denom, bounds, outcomes = cum
        return outcomes[bisect_right(bounds, rng.randbelow(denom))]

    def to_json(self) -> list[dict[str, Any]]:
        """``[{"outcome": ..., "p": "a/b"}, ...]`` in :meth:`items` order; tuples become lists."""
        return [
            {"outcome": _to_jsonable(o), "p": f"{q.numerator}/{q.denominator}"} for o, q in self._p.items()
        ]


def _sorted_dict(probs: dict[T, Fraction]) -> dict[T, Fraction]:
    """The same dict re-ordered by outcome when outcomes are mutually comparable."""
    if len(probs) < 2:
        return probs
    try:
        keys = sorted(probs)  # type: ignore[type-var]
    except TypeError:
        return probs
    return {k: probs[k] for k in keys}


def p_at_least(dist: Dist[Any], k: Any) -> Fraction:
    """``P(outcome >= k)``; module-level spelling of :meth:`Dist.p_at_least`."""
    return dist.p_at_least(k)


def expectation(dist: Dist[Any], f: Callable[[Any], Any] | None = None) -> Fraction:
    """Exact expected value; module-level spelling of :meth:`Dist.expectation`."""
    return dist.expectation(f)


# ---------------------------------------------------------------------------------------------------------
# Die
# ---------------------------------------------------------------------------------------------------------


def _face_map(
    die_name: str, faces: tuple[Face, ...], mapping: Mapping[Face, str] | None, what: str
) -> Mapping[Face, str]:
    """Validate a symbols/labels mapping and freeze it."""
    frozen = dict(mapping or {})
    for face, text in frozen.items():
        if face not in faces:
            raise ValueError(f"{what} of die {die_name!r} names {face!r}, which is not one of its faces")
        if not isinstance(text, str):
            raise TypeError(f"{what}[{face!r}] of die {die_name!r} must be a str, got {text!r}")
    return MappingProxyType(frozen)


@dataclass(frozen=True, repr=False)
class Die:
    """A die: a name and its faces, in the order printed on the die.

    Faces may repeat -- each listed face is one side, so ``("infantry", "infantry", "armor", "grenade",
    "star", "flag")`` rolls infantry one time in three.  ``symbols`` gives short display glyphs and
    ``labels`` plain-words names for faces (both optional, both keyed by face). ``icons`` gives, for
    custom faces, the inside of a 50x50 SVG (``currentColor`` for ink) that the dice tray draws; a
    ruleset's dice bring their own pictures, so no view keeps a table of them.
    """

    name: str
    faces: tuple[Face, ...]
    symbols: Mapping[Face, str] | None = field(default=None, hash=False)
    labels: Mapping[Face, str] | None = field(default=None, hash=False)
    icons: Mapping[Face, str] | None = field(default=None, hash=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not isinstance(self.name, str):
            raise TypeError(f"die name must be a str, got {self.name!r}")
        faces = tuple(self.faces)
        if not faces:
            raise ValueError(f"die {self.name!r} has no faces")
        for face in faces:
            if not (isinstance(face, str) or _is_int(face)):
                raise TypeError(f"die {self.name!r}: faces must be str or int, got {face!r}")
        object.__setattr__(self, "faces", faces)
        object.__setattr__(self, "symbols", _face_map(self.name, faces, self.symbols, "symbols"))
        object.__setattr__(self, "labels", _face_map(self.name, faces, self.labels, "labels"))
        weights: dict[Face, int] = {}
        for face in faces:
            weights[face] = weights.get(face, 0) + 1
        object.__setattr__(self, "_weights", weights)
        object.__setattr__(self, "_distinct", tuple(weights))
        object.__setattr__(self, "_rank", {face: i for i, face in enumerate(weights)})
        object.__setattr__(self, "_dist", Dist._from_int_weights(weights, len(faces)))

    def __repr__(self) -> str:
        extra = ""
        if self.symbols:
            extra += f", symbols={dict(self.symbols)!r}"
        if self.labels:
            extra += f", labels={dict(self.labels)!r}"
        return f"Die({self.name!r}, {self.faces!r}{extra})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Die, (self.name, self.faces, dict(self.symbols or {}), dict(self.labels or {}),
                      dict(self.icons or {})))

    def __copy__(self) -> Die:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Die:
        return self

    @property
    def sides(self) -> int:
        """Number of sides (repeated faces counted each time)."""
        return len(self.faces)

    @property
    def distinct(self) -> tuple[Face, ...]:
        """The distinct faces, in first-seen order."""
        return self._distinct  # type: ignore[attr-defined, no-any-return]

    @property
    def weights(self) -> dict[Face, int]:
        """``{face: number of sides showing it}`` (a fresh dict)."""
        return dict(self._weights)  # type: ignore[attr-defined]

    def p(self, face: Face) -> Fraction:
        """Probability that one roll shows ``face`` (0 for a face the die does not have)."""
        return self._dist.p(face)  # type: ignore[attr-defined, no-any-return]

    def dist(self) -> Dist[Face]:
        """Distribution of one roll."""
        return self._dist  # type: ignore[attr-defined, no-any-return]

    def _check_face(self, face: Face) -> None:
        if face not in self._weights:  # type: ignore[attr-defined]
            raise ValueError(f"{face!r} is not a face of die {self.name!r}")

    def symbol(self, face: Face) -> str:
        """Short display glyph for ``face`` (from ``symbols``; default ``str(face)``)."""
        self._check_face(face)
        assert self.symbols is not None
        return self.symbols.get(face, str(face))

    def label(self, face: Face) -> str:
        """Plain-words name for ``face`` (from ``labels``; default the face with ``_`` read as spaces)."""
        self._check_face(face)
        assert self.labels is not None
        return self.labels.get(face, str(face).replace("_", " "))

    def canonical(self, faces: Iterable[Face]) -> tuple[Face, ...]:
        """Sort rolled faces into the multiset key used by :func:`roll_multisets` (distinct-face order)."""
        rank = self._rank  # type: ignore[attr-defined]
        try:
            return tuple(sorted(faces, key=rank.__getitem__))
        except KeyError as exc:
            raise ValueError(f"{exc.args[0]!r} is not a face of die {self.name!r}") from None


def d(n: int) -> Die:
    """An ``n``-sided numeric die ``"d<n>"`` with faces ``1..n``."""
    if not _is_int(n) or n < 1:
        raise ValueError(f"a die needs a positive int number of sides, got {n!r}")
    return Die(f"d{n}", tuple(range(1, n + 1)))


D6 = d(6)
"""The six-sided die, faces 1-6."""

D10 = d(10)
"""The ten-sided die, read 1-10: the physical die's ``0`` counts as 10 (there is no face 0)."""


# ---------------------------------------------------------------------------------------------------------
# Pools
# ---------------------------------------------------------------------------------------------------------


def _check_count(n: Any) -> None:
    if not _is_int(n) or n < 0:
        raise ValueError(f"number of dice must be an int >= 0, got {n!r}")


def _wconvolve(a: dict[Any, int], b: dict[Any, int], op: Callable[[Any, Any], Any]) -> dict[Any, int]:
    """Convolution of two integer weight tables."""
    out: dict[Any, int] = {}
    b_items = list(b.items())
    for x, wx in a.items():
        for y, wy in b_items:
            z = op(x, y)
            out[z] = out.get(z, 0) + wx * wy
    return out


def _wpower(base: dict[Any, int], n: int, op: Callable[[Any, Any], Any], identity: Any) -> dict[Any, int]:
    """``n``-fold convolution of ``base`` with itself (by squaring); ``op`` associative and commutative."""
    result: dict[Any, int] = {identity: 1}
    while n:
        if n & 1:
            result = _wconvolve(result, base, op)
        n >>= 1
        if n:
            base = _wconvolve(base, base, op)
    return result


@lru_cache(maxsize=512, typed=True)  # typed: 2.0 or True must not find the cached answer for 2 or 1
def roll_multisets(die: Die, n: int) -> Dist[tuple[Face, ...]]:
    """Distribution of the multiset of faces shown by ``n`` dice: the canonical chance outcomes.

    Each outcome is a tuple of ``n`` faces sorted in the die's distinct-face order (see
    :meth:`Die.canonical`), with the multinomial probability
    ``n! / prod(c_i!) * prod(p_i ** c_i)``.  There are ``C(n+k-1, k-1)`` outcomes for ``k`` distinct
    faces.  ``n = 0`` gives ``{(): 1}``.
    """
    _check_count(n)
    distinct = die.distinct
    w = [die._weights[f] for f in distinct]  # type: ignore[attr-defined]
    fact_n = math.factorial(n)
    weights: dict[tuple[Face, ...], int] = {}
    for combo in combinations_with_replacement(range(len(distinct)), n):
        counts: dict[int, int] = {}
        for i in combo:
            counts[i] = counts.get(i, 0) + 1
        weight = fact_n
        denom = 1
        for i, c in counts.items():
            denom *= math.factorial(c)
            weight *= w[i] ** c
        weights[tuple(distinct[i] for i in combo)] = weight // denom
    return Dist._from_int_weights(weights, die.sides**n)


def outcome_count(pool: Sequence[tuple[Die, int]]) -> int:
    """How many chance outcomes :func:`roll_multisets_mixed` lists for ``pool``, worked out without listing
    them: the product of ``C(n+k-1, k-1)`` over the pool (a big pool has millions)."""
    total = 1
    for die, n in pool:
        k = len(die.distinct)
        total *= math.comb(n + k - 1, k - 1) if n > 0 else 1
    return total


def roll_multisets_mixed(pool: Sequence[tuple[Die, int]]) -> Dist[tuple[tuple[Face, ...], ...]]:
    """Chance outcomes of a mixed pool ``[(die, count), ...]``: one multiset tuple per pool entry.

    ``roll_multisets_mixed([(RED, 2), (WHITE, 1)])`` has outcomes like ``(("hit", "miss"), ("hit",))``.
    """
    result: Dist[tuple[tuple[Face, ...], ...]] = Dist.certain(())
    for die, n in pool:
        result = result.convolve(roll_multisets(die, n), lambda acc, ms: acc + (ms,))
    return result


def through(die: Die, n: int, fn: Callable[[tuple[Face, ...]], T]) -> Dist[T]:
    """Exact distribution of ``fn(faces)`` over every multiset of ``n`` faces, merged.

    ``fn`` receives the faces sorted as by :meth:`Die.canonical`, so it must depend only on which faces
    came up, not on their order -- true of any combat result function.  This is how a ruleset gets
    exact odds from the very function its engine resolves combat with.
    """
    return roll_multisets(die, n).map(fn)


def through_mixed(
    pool: Sequence[tuple[Die, int]], fn: Callable[[tuple[tuple[Face, ...], ...]], T]
) -> Dist[T]:
    """:func:`through` for a mixed pool; ``fn`` receives one faces tuple per pool entry."""
    return roll_multisets_mixed(pool).map(fn)


@lru_cache(maxsize=512, typed=True)
def pool_sum(die: Die, n: int) -> Dist[int]:
    """Distribution of the total of ``n`` numeric dice (``n = 0`` -> always 0), by convolution."""
    _check_count(n)
    for face in die.distinct:
        if not _is_int(face):
            raise TypeError(f"pool_sum needs numeric faces; die {die.name!r} has {face!r}")
    weights = _wpower(die.weights, n, operator.add, 0)
    return Dist._from_int_weights(weights, die.sides**n)


def _face_predicate(die: Die, predicate_or_faces: Any) -> Callable[[Face], bool]:
    if callable(predicate_or_faces):
        return predicate_or_faces  # type: ignore[no-any-return]
    if isinstance(predicate_or_faces, str | int):
        wanted = {predicate_or_faces}
    else:
        wanted = set(predicate_or_faces)
    for face in wanted:
        die._check_face(face)
    return wanted.__contains__


def pool_count(
    die: Die, n: int, predicate_or_faces: Callable[[Face], bool] | Face | Iterable[Face]
) -> Dist[int]:
    """Distribution of how many of ``n`` dice show a matching face (binomial).

    Match with a predicate ``face -> bool``, a single face, or a collection of faces (each must be a
    face of the die, to catch typos).
    """
    _check_count(n)
    pred = _face_predicate(die, predicate_or_faces)
    m = sum(1 for face in die.faces if pred(face))
    s = die.sides
    weights = {k: math.comb(n, k) * m**k * (s - m) ** (n - k) for k in range(n + 1)}
    return Dist._from_int_weights(weights, s**n)


def _add_vectors(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(map(operator.add, a, b))


def pool_map_sum(die: Die, n: int, value: Callable[[Face], tuple[int, ...] | int]) -> Dist[Any]:
    """Distribution of the sum over ``n`` dice of ``value(face)``: an int, or a tuple of ints summed
    componentwise -- e.g. Memoir '44 battle dice mapped to ``(hits, flags)``.  By convolution."""
    _check_count(n)
    per_face: dict[Any, int] = {}
    shape: int | None = None  # None: ints; k: tuples of length k
    for i, face in enumerate(die.distinct):
        v = value(face)
        if isinstance(v, tuple):
            if not all(isinstance(x, int) for x in v):
                raise TypeError(f"value({face!r}) = {v!r}: tuple entries must be ints")
            v = tuple(int(x) for x in v)
            this: int | None = len(v)
        elif isinstance(v, int):
            v = int(v)
            this = None
        else:
            raise TypeError(f"value({face!r}) = {v!r}: must be an int or a tuple of ints")
        if i and this != shape:
            raise ValueError("value() must return ints for every face, or tuples of one length")
        shape = this
        per_face[v] = per_face.get(v, 0) + die._weights[face]  # type: ignore[attr-defined]
    if shape is None:
        weights = _wpower(per_face, n, operator.add, 0)
    else:
        weights = _wpower(per_face, n, _add_vectors, (0,) * shape)
    return Dist._from_int_weights(weights, die.sides**n)


def best_of(die: Die, n: int, order: Sequence[Face]) -> Dist[Any]:
    """Distribution of the best face among ``n`` dice, ``order`` listing faces best first.

    Every face of the die must appear in ``order`` (ValueError otherwise); ``order`` may list extra
    faces, which simply get probability 0.  With ``n = 0`` there is no best face: the result is
    ``{None: 1}``.
    """
    _check_count(n)
    order = tuple(order)
    if len(set(order)) != len(order):
        raise ValueError(f"order lists a face twice: {order!r}")
    missing = [f for f in die.distinct if f not in order]
    if missing:
        raise ValueError(f"faces {missing!r} of die {die.name!r} are not in order {order!r}")
    if n == 0:
        return Dist.certain(None)
    weights = die._weights  # type: ignore[attr-defined]
    # P(best == face) = P(all dice show face-or-worse) - P(all dice show strictly worse).
    s = die.sides
    result: dict[Any, int] = {}
    worse = s  # sides showing the current face or anything worse
    for face in order:
        here = weights.get(face, 0)
        strictly_worse = worse - here
        result[face] = worse**n - strictly_worse**n
        worse = strictly_worse
    return Dist._from_int_weights(result, s**n)


# ---------------------------------------------------------------------------------------------------------
# Rng
# ---------------------------------------------------------------------------------------------------------

_MASK64 = (1 << 64) - 1
_TWO64 = 1 << 64
_GAMMA = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB


def _mix64(z: int) -> int:
    """SplitMix64's output finaliser on a 64-bit int."""
    z = ((z ^ (z >> 30)) * _MIX1) & _MASK64
    z = ((z ^ (z >> 27)) * _MIX2) & _MASK64
    return z ^ (z >> 31)


def _fold_seed(seed: int) -> int:
    """Map any int to a 64-bit state; ints already in ``[0, 2**64)`` map to themselves."""
    if not _is_int(seed):
        raise TypeError(f"seed must be an int, got {seed!r}")
    if 0 <= seed <= _MASK64:
        return seed
    negative = seed < 0
    rest = ~seed if negative else seed  # ~seed == -seed - 1 >= 0
    h = _mix64(0x6A09E667F3BCC908 if negative else 0xBB67AE8584CAA73B)
    while rest:
        h = _mix64(((h ^ (rest & _MASK64)) + _GAMMA) & _MASK64)
        rest >>= 64
    return h


class Rng:
    """A deterministic SplitMix64 generator whose whole state is one int in ``[0, 2**64)``.

    >>> rng = Rng(2024)
    >>> saved = rng.state
    >>> a = rng.roll_many(D6, 3)
    >>> rng.state = saved            # undo
    >>> rng.roll_many(D6, 3) == a
    True

    All draws are exact integer arithmetic, identical on every platform and Python version.
    """

    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        """Seed with any int; negative or huge seeds are folded into 64 bits deterministically."""
        self._state = _fold_seed(seed)

    @classmethod
    def from_state(cls, state: int) -> Rng:
        """Resume from a saved :attr:`state` (must be an int in ``[0, 2**64)``)."""
        rng = cls.__new__(cls)
        rng.state = state
        return rng

    @staticmethod
    def seed_from(value: int | str | None = None) -> int:
        """Turn a user-facing seed into a 64-bit int seed and return it (record it to replay the game).

        ``None`` picks a fresh seed from :func:`os.urandom` mixed with the clock; a ``str`` is
        hashed with SHA-256; an ``int`` is folded as by :class:`Rng`.
        """
        if value is None:
            return int.from_bytes(os.urandom(8), "big") ^ _fold_seed(time.time_ns())
        if isinstance(value, str):
            return int.from_bytes(hashlib.sha256(value.encode("utf-8")).digest()[:8], "big")
        return _fold_seed(value)

    @property
    def state(self) -> int:
        """The complete generator state, a JSON-safe int in ``[0, 2**64)``."""
        return self._state

    @state.setter
    def state(self, value: int) -> None:
        if not _is_int(value):
            raise TypeError(f"Rng state must be an int, got {value!r}")
        if not 0 <= value <= _MASK64:
            raise ValueError(f"Rng state must be in [0, 2**64), got {value}")
        self._state = value

    def __repr__(self) -> str:
        return f"Rng.from_state({self._state})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Rng):
            return self._state == other._state
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # mutable

    def copy(self) -> Rng:
        """An independent generator in the same state."""
        return Rng.from_state(self._state)

    # -- raw draws -------------------------------------------------------------------------------------

    def next64(self) -> int:
        """The next raw 64-bit output."""
        s = (self._state + _GAMMA) & _MASK64
        self._state = s
        z = ((s ^ (s >> 30)) * _MIX1) & _MASK64
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK64
        return z ^ (z >> 31)

    def getrandbits(self, k: int) -> int:
        """A uniform int with ``k`` random bits (``k >= 0``), built from ``ceil(k / 64)`` outputs."""
        if not _is_int(k) or k < 0:
            raise ValueError(f"number of bits must be an int >= 0, got {k!r}")
        words = -(-k // 64)
        x = 0
        for _ in range(words):
            x = (x << 64) | self.next64()
        return x >> (words * 64 - k)

    def randbelow(self, n: int) -> int:
        """A uniform int in ``[0, n)``, unbiased by rejection sampling."""
        if not _is_int(n) or n <= 0:
            raise ValueError(f"randbelow needs an int n > 0, got {n!r}")
        if n <= _TWO64:
            # Reject the top partial block of 2**64 so every residue has the same number of preimages.
            limit = _TWO64 - _TWO64 % n
            while True:
                s = (self._state + _GAMMA) & _MASK64
                self._state = s
                z = ((s ^ (s >> 30)) * _MIX1) & _MASK64
                z = ((z ^ (z >> 27)) * _MIX2) & _MASK64
                z ^= z >> 31
                if z < limit:
                    return z % n
        k = n.bit_length()
        while True:
            x = self.getrandbits(k)
            if x < n:
                return x

    def randint(self, a: int, b: int) -> int:
        """A uniform int in ``[a, b]`` (both ends included)."""
        if b < a:
            raise ValueError(f"empty range [{a}, {b}]")
        return a + self.randbelow(b - a + 1)

    def random_fraction_below(self, denominator: int) -> Fraction:
        """An exact uniform draw from ``{0, 1/denominator, ..., (denominator - 1)/denominator}``."""
        return Fraction(self.randbelow(denominator), denominator)

    # -- dice and sequences ----------------------------------------------------------------------------

    def roll(self, die: Die) -> Face:
        """Roll one die: each side (not each distinct face) equally likely."""
        faces = die.faces
        return faces[self.randbelow(len(faces))]

    def roll_many(self, die: Die, n: int) -> tuple[Face, ...]:
        """Roll ``n`` dice, in roll order (use :meth:`Die.canonical` for the multiset)."""
        _check_count(n)
        faces = die.faces
        k = len(faces)
        return tuple(faces[self.randbelow(k)] for _ in range(n))

    def choice(self, seq: Sequence[T]) -> T:
        """A uniformly chosen element of a non-empty sequence (IndexError if empty)."""
        if not seq:
            raise IndexError("cannot choose from an empty sequence")
        return seq[self.randbelow(len(seq))]

    def shuffle(self, items: list[Any]) -> None:
        """Shuffle a list in place (Fisher-Yates, one :meth:`randbelow` per position from the end)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]
