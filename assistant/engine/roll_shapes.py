"""What the odds of a roll depend on — its *shape* — and the exact count of each of its results.

A roll step records the shape of the roll it makes (the score after cap, the dice, the momentum that
may cancel the action die or be burned, the focus below which challenge dice are rerolled, the pool's
size, advantage, the tiers...). Two rolls of the same shape have the same odds, whatever else the sheet
says, so the counting below is cached on the shape alone.

Each shape counts its results by closed form or a small enumeration (a pool reads the distribution of
its highest or lowest die, never its 6^n faces) as *classes*: ``(outcome, match) -> Count``, every class
with the number of equally likely face sequences that give it and one of them (``faces``), in the order
the engine rolls them. The odds then ask the engine what each class becomes once the system's rules after
the dice have spoken (a bad spot, a bumped tier, coin spent): one resolution per class, not per face.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache

from assistant.engine.errors import InputError
from assistant.engine.oracle import is_d100_match
from assistant.engine.outcomes import Outcome, challenge_outcome

#: The largest number of face combinations a total roll with kept dice enumerates.
MAX_COMBINATIONS = 1_000_000

_CHALLENGE_OUTCOMES = (Outcome.MISS, Outcome.WEAK_HIT, Outcome.STRONG_HIT)


@dataclass(frozen=True)
class Count:
    """One class of results: how many equally likely face sequences give it, and one of them."""

    count: int
    faces: tuple[int, ...]


Classes = dict[tuple[Outcome, bool], Count]


def _add(classes: Classes, key: tuple[Outcome, bool], count: int, faces: tuple[int, ...]) -> None:
    if count <= 0:
        return
    known = classes.get(key)
    classes[key] = Count(count, faces) if known is None else Count(known.count + count, known.faces)


@dataclass(frozen=True)
class ChallengeShape:
    """An action roll (action die + base, capped) or a progress roll (``action_die=False``) vs two d10."""

    base: int
    """Stat + adds (the progress score for a progress roll)."""
    cap: int
    action_die: bool = True
    cancel: int | None = None
    """A negative momentum that cancels an equal action die."""
    burn: int | None = None
    """The momentum (or focus) burned when it beats more challenge dice (only when the request burns)."""
    reroll_below: int = 0
    """Challenge dice lower than this are rerolled once; a reroll lower again counts as beaten (Elegy's focus)."""

    @property
    def combinations(self) -> int:
        """The denominator of the counts: 6 x 10 x 10 faces; in hundredths per challenge die with rerolls."""
        return (6 if self.action_die else 1) * (100 if self.reroll_below <= 1 else 100 * 100)

    def scores(self) -> dict[int, tuple[int, int | None]]:
        """Each score compared -> (how many action-die faces give it, one such face or None)."""
        out: dict[int, tuple[int, int | None]] = {}
        faces: Sequence[int | None] = range(1, 7) if self.action_die else (None,)
        for a in faces:
            cancelled = a is None or (self.cancel is not None and self.cancel < 0 and -self.cancel == a)
            score = min((0 if cancelled or a is None else a) + self.base, self.cap)
            n, first = out.get(score, (0, a))
            out[score] = (n + 1, first)
        return out

    def classes(self) -> Classes:
        return _challenge_classes(self)


def _challenge_faces(limit: int) -> list[tuple[int, int, tuple[int, ...]]]:
    """Each final face of a challenge die -> (its weight, whether it was a low reroll, the dice rolled).

    Without rerolls every face weighs 1 (of 10). With ``limit``: a face below it is rerolled once, so a
    final face ``f`` is a kept original (``f >= limit``, 10 hundredths) or a reroll of a low die
    (``limit - 1`` hundredths for any ``f``, low again when ``f < limit``)."""
    if limit <= 1:
        return [(1, 0, (f,)) for f in range(1, 11)]
    out: list[tuple[int, int, tuple[int, ...]]] = []
    low = limit - 1
    for f in range(1, 11):
        if f >= limit:
            out.append((10 + low, 0, (f,)))  # kept, or rerolled into a face that is not low: beaten only by the score
        else:
            out.append((low, 1, (1, f)))  # rerolled (from a 1) and low again
    return out


@lru_cache(maxsize=4096)
def _challenge_classes(shape: ChallengeShape) -> Classes:
    classes: Classes = {}
    limit = shape.reroll_below
    faces = _challenge_faces(limit)
    for score, (n_action, action_face) in sorted(shape.scores().items()):
        prefix = () if action_face is None else (action_face,)
        for (w1, low1, d1), (w2, low2, d2) in itertools.product(faces, faces):
            f1, f2 = d1[-1], d2[-1]
            beaten = int(bool(low1) or score > f1) + int(bool(low2) or score > f2)
            outcome = _CHALLENGE_OUTCOMES[beaten]
            if shape.burn is not None and shape.burn > 0:
                burned = challenge_outcome(shape.burn, (f1, f2))
                if _CHALLENGE_OUTCOMES.index(burned) > beaten:
                    outcome = burned
            # the engine rolls both challenge dice, then the rerolls in order
            rolled = prefix + (d1[0], d2[0]) + d1[1:] + d2[1:]
            _add(classes, (outcome, f1 == f2), n_action * w1 * w2, rolled)
    return classes


@dataclass(frozen=True)
class PoolShape:
    """A pool of d6, the highest counting (two or more sixes: critical); 0 dice = two dice, the lowest."""

    dice: int

    @property
    def combinations(self) -> int:
        return 6 ** (2 if self.dice == 0 else self.dice)

    def classes(self) -> Classes:
        return _pool_classes(self.dice)


@lru_cache(maxsize=64)
def _pool_classes(n: int) -> Classes:
    """By the distribution of the counting die: P(highest <= k) = (k/6)^n; of the lowest of two for 0 dice."""
    classes: Classes = {}
    if n == 0:  # the lowest of two dice: 1-3 bad, 4-5 partial, 6 full; never critical
        _add(classes, (Outcome.FULL_SUCCESS, False), 1, (6, 6))
        _add(classes, (Outcome.PARTIAL_SUCCESS, False), 3**2 - 1, (4, 4))
        _add(classes, (Outcome.BAD_OUTCOME, False), 6**2 - 3**2, (1, 1))
        return classes
    rest = (1,) * (n - 1)
    one_six = n * 5 ** (n - 1)
    _add(classes, (Outcome.CRITICAL, False), 6**n - 5**n - one_six, (6, 6) + rest[1:])
    _add(classes, (Outcome.FULL_SUCCESS, False), one_six, (6,) + rest)
    _add(classes, (Outcome.PARTIAL_SUCCESS, False), 5**n - 3**n, (4,) + rest)
    _add(classes, (Outcome.BAD_OUTCOME, False), 3**n, (1,) + rest)
    return classes


@dataclass(frozen=True)
class TotalShape:
    """NdS + modifier against tiers, optionally keeping the best or worst K dice."""

    modifier: int
    count: int
    sides: int
    tiers: tuple[tuple[int, Outcome], ...]
    """(lowest total, outcome), best tier first."""
    keep: str | None = None
    keep_count: int = 2

    @property
    def combinations(self) -> int:
        return int(self.sides**self.count)

    def outcome_of(self, total: int) -> Outcome:
        for low, outcome in self.tiers:
            if total >= low:
                return outcome
        return Outcome.MISS

    def classes(self) -> Classes:
        return _total_classes(self)


@lru_cache(maxsize=256)
def _kept_sums(count: int, sides: int, keep: str | None, keep_count: int) -> dict[int, Count]:
    """Each sum of the kept dice -> how many face sequences give it, and one of them."""
    sums: dict[int, Count] = {0: Count(1, ())}
    if keep is None:  # a convolution, die by die
        for _ in range(count):
            step: dict[int, Count] = {}
            for total, known in sums.items():
                for f in range(1, sides + 1):
                    before = step.get(total + f)
                    step[total + f] = (
                        Count(known.count, (*known.faces, f))
                        if before is None
                        else Count(before.count + known.count, before.faces)
                    )
            sums = step
        return sums
    if sides**count > MAX_COMBINATIONS:
        raise InputError(f"That roll has {sides**count} face combinations; too many to count exactly.")
    sums = {}
    for faces in itertools.product(range(1, sides + 1), repeat=count):
        kept = sorted(faces, reverse=keep == "best")[:keep_count]
        total = sum(kept)
        before = sums.get(total)
        sums[total] = Count(1, faces) if before is None else Count(before.count + 1, before.faces)
    return sums


@lru_cache(maxsize=1024)
def _total_classes(shape: TotalShape) -> Classes:
    classes: Classes = {}
    for total, known in sorted(_kept_sums(shape.count, shape.sides, shape.keep, shape.keep_count).items()):
        _add(classes, (shape.outcome_of(total + shape.modifier), False), known.count, known.faces)
    return classes


@dataclass(frozen=True)
class OracleShape:
    """A d100 yes/no: yes at most (or at least) the threshold; doubles are a match."""

    threshold: int
    yes_at_most: bool = True

    @property
    def combinations(self) -> int:
        return 100

    def classes(self) -> Classes:
        return _oracle_classes(self)


@lru_cache(maxsize=64)
def _oracle_classes(shape: OracleShape) -> Classes:
    classes: Classes = {}
    for value in range(1, 101):
        yes = value <= shape.threshold if shape.yes_at_most else value >= shape.threshold
        _add(classes, (Outcome.YES if yes else Outcome.NO, is_d100_match(value)), 1, (value,))
    return classes


RollShape = ChallengeShape | PoolShape | TotalShape | OracleShape


# ---- recording the shape of the roll a resolution makes -------------------------------------------
@dataclass(frozen=True)
class Recorded:
    """The shape of a resolution's roll, and how many dice it rolled before it (forced dice come first)."""

    shape: RollShape
    dice_before: int


RECORDER: ContextVar[list[Recorded] | None] = ContextVar("roll_shapes", default=None)
"""The shapes being recorded (None when no one records)."""
_RECORDER = RECORDER


@contextmanager
def recording() -> Iterator[list[Recorded]]:
    """Collect the shapes of the rolls made inside the block (``with recording() as shapes: resolve(...)``)."""
    shapes: list[Recorded] = []
    token = _RECORDER.set(shapes)
    try:
        yield shapes
    finally:
        _RECORDER.reset(token)


def recording_now() -> bool:
    """Whether someone is recording shapes (a roll step need not work out its shape otherwise)."""
    return _RECORDER.get() is not None


def record(shape: RollShape, dice_before: int) -> None:
    """Called by the roll steps: keep the shape when someone is recording (a no-op otherwise)."""
    shapes = _RECORDER.get()
    if shapes is not None:
        shapes.append(Recorded(shape, dice_before))
