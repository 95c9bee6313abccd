"""Where die faces come from, and the record of every die rolled.

Every roll in the engine draws its faces from a :class:`DiceSource`: either an injected
``random.Random`` (seeded in tests, ``random.Random()`` otherwise) or a queue of *forced* faces,
given in the order the engine rolls them. Forced dice are all of a resolution's dice or none: once any face
is forced, a resolution that needs more faces than were given (a "roll twice" row, a reroll, the dice of a
notation) is refused rather than topped up from the RNG, and so are forced faces left over.

Nothing here calls the global functions of the :mod:`random` module.
"""

from __future__ import annotations

import contextlib
import contextvars
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import NamedTuple

from assistant.engine.errors import DiceError

#: Upper bound on how many dice one resolution may roll (a guard against runaway rerolls).
MAX_DICE_PER_RESOLUTION = 1000

_top_up: contextvars.ContextVar[bool] = contextvars.ContextVar("dice_top_up", default=False)


@contextlib.contextmanager
def topped_up() -> Iterator[None]:
    """Within this block, a resolution that needs more dice than were forced rolls the rest from its RNG.

    For the store only, which re-resolves a move the player already saw with that move's own dice (a pick
    that rolls more, such as Recommit, rolls its new dice from the campaign's RNG and stores them all). A
    request's ``dice`` from outside are all of the roll's dice or none."""
    token = _top_up.set(True)
    try:
        yield
    finally:
        _top_up.reset(token)


class Die(NamedTuple):
    """One die rolled by the engine, with what became of it (immutable; a tuple, so that building, hashing and
    comparing one costs next to nothing)."""

    sides: int
    """Number of faces (6, 10, 100, ...)."""
    value: int
    """The face rolled (1..sides)."""
    role: str = ""
    """What the die is for: ``action``, ``challenge``, ``d100``, ``pool``, ``stat``, ``damage``..."""
    kept: bool = True
    """False when a keep-highest/lowest rule dropped this die."""
    cancelled: bool = False
    """True when a rule cancelled the die (negative momentum cancels an equal action die)."""
    rerolled: bool = False
    """True when this die was replaced by a reroll (the new face is a later die)."""
    forced: bool = False
    """True when the face came from the request's forced dice rather than the RNG."""

    def to_dict(self) -> dict[str, object]:
        return {
            "sides": self.sides,
            "value": self.value,
            "role": self.role,
            "kept": self.kept,
            "cancelled": self.cancelled,
            "rerolled": self.rerolled,
            "forced": self.forced,
        }

    def but(self, **changes: object) -> Die:
        """A copy with some fields changed (``die.but(kept=False)``)."""
        return self._replace(**changes)  # type: ignore[arg-type]


#: The forced faces of a source given none (shared: a source only reads its forced faces).
_NONE_FORCED: list[int] = []

#: Fresh dice (kept, not cancelled, not rerolled) by sides, face, role and forced: immutable, so shared.
_FRESH: dict[tuple[int, int, str, bool], Die] = {}
MAX_FRESH = 10_000


class DiceSource:
    """A supply of die faces: forced faces first, then the injected RNG.

    >>> src = DiceSource(forced=[6, 3, 9])
    >>> src.roll(6, "action").value, src.roll(10, "challenge").value
    (6, 3)
    """

    def __init__(self, rng: random.Random | None = None, forced: Iterable[int] | None = None) -> None:
        self._rng = rng if rng is not None else random.Random()
        # ``getrandbits`` when the RNG is a plain random.Random: its ``randrange(n)`` for ``n >= 1`` is then
        # ``getrandbits(n.bit_length())`` drawn until below ``n``, which roll() does inline. A subclass or a patched
        # instance draws through its own ``randrange``.
        self._bits: Callable[[int], int] | None = None
        if type(self._rng) is random.Random:
            own = vars(self._rng)
            if not ("randrange" in own or "_randbelow" in own or "getrandbits" in own):
                self._bits = self._rng.getrandbits
        self._position = 0
        self.rolled: list[Die] = []
        if forced is None:  # the usual case: nothing forced, nothing to check (and top-up never asked)
            self._forced: list[int] = _NONE_FORCED
            self._top_up = False
            self.any_forced = False
            return
        self._forced = list(forced)
        self.any_forced = bool(self._forced)
        """Whether any face was forced (a roll step checks it has enough only then)."""
        self._top_up = _top_up.get()
        for face in self._forced:
            if isinstance(face, bool) or not isinstance(face, int):
                raise DiceError(f"Forced dice must be whole numbers; got {face!r}. Give faces like [4, 7, 2].")

    @property
    def forced_remaining(self) -> int:
        """How many forced faces have not been used yet."""
        return len(self._forced) - self._position

    @property
    def forced_given(self) -> int:
        return len(self._forced)

    def face(self, sides: int) -> tuple[int, bool]:
        """Draw one raw face (1..sides) without recording it; returns (face, was_forced)."""
        if sides < 1:
            raise DiceError(f"A die needs at least one side; got d{sides}.")
        if len(self.rolled) >= MAX_DICE_PER_RESOLUTION:
            raise DiceError(f"Too many dice in one resolution (limit {MAX_DICE_PER_RESOLUTION}).")
        if self._position < len(self._forced):
            value = self._forced[self._position]
            if not 1 <= value <= sides:
                raise DiceError(
                    f"Forced die #{self._position + 1} is {value}, but that die is a d{sides} "
                    f"(faces 1-{sides}). Fix the 'dice' list."
                )
            self._position += 1
            return value, True
        if self._forced and not self._top_up:
            raise DiceError(
                f"This roll needs more dice than the {len(self._forced)} given: give all of its dice or none "
                f"(a 'roll twice' row or a reroll needs its own dice, in the order they are rolled; die "
                f"#{self._position + 1} is a d{sides})."
            )
        return self._rng.randrange(sides) + 1, False

    def roll(self, sides: int, role: str = "") -> Die:
        """Roll (or take the next forced face for) one die and record it."""
        if self._forced or sides < 1 or len(self.rolled) >= MAX_DICE_PER_RESOLUTION:
            value, forced = self.face(sides)
        elif (bits := self._bits) is not None:  # randrange(sides) + 1 as random.Random draws it, without its calls
            k = sides.bit_length()
            r = bits(k)
            while r >= sides:
                r = bits(k)
            value, forced = r + 1, False
        else:  # nothing forced: straight from the RNG (what :meth:`face` does after its checks)
            value, forced = self._rng.randrange(sides) + 1, False
        key = (sides, value, role, forced)
        die = _FRESH.get(key)
        if die is None:
            if len(_FRESH) >= MAX_FRESH:
                _FRESH.clear()
            die = _FRESH[key] = Die(sides, value, role, True, False, False, forced)
        self.rolled.append(die)
        return die

    def roll_each(self, dice: Sequence[tuple[int, str]]) -> list[Die]:
        """Roll one die of each (sides, role) in order, as :meth:`roll` would one by one (the same faces from the
        same RNG, the same records), in one call when nothing is forced."""
        bits = self._bits
        rolled = self.rolled
        if self._forced or bits is None or len(rolled) + len(dice) > MAX_DICE_PER_RESOLUTION:
            return [self.roll(sides, role) for sides, role in dice]
        out: list[Die] = []
        fresh = _FRESH
        for sides, role in dice:
            if sides < 1:  # refused by face(), as one by one (after the dice before it)
                rolled += out
                return out + [self.roll(sides, role)]
            k = sides.bit_length()
            r = bits(k)
            while r >= sides:
                r = bits(k)
            key = (sides, r + 1, role, False)
            die = fresh.get(key)
            if die is None:
                if len(fresh) >= MAX_FRESH:
                    fresh.clear()
                die = fresh[key] = Die(sides, r + 1, role, True, False, False, False)
            out.append(die)
        rolled += out
        return out

    def roll_many(self, count: int, sides: int, role: str = "") -> list[Die]:
        return [self.roll(sides, role) for _ in range(count)]

    def require_forced(self, count: int, what: str) -> None:
        """If faces were forced, insist that at least ``count`` are left for the roll ``what``."""
        if self._forced and len(self._forced) - self._position < count:
            raise DiceError(
                f"{what} needs {count} dice but only {self.forced_remaining} forced face(s) are left; give all of them or none."
            )

    def check_all_forced_used(self) -> None:
        """Raise if the request forced more faces than the resolution used."""
        if len(self._forced) > self._position:
            raise DiceError(
                f"{self.forced_given} forced dice were given but the roll used only {self._position}; "
                f"remove the extra {self.forced_remaining}."
            )


def faces(dice: Sequence[Die]) -> list[int]:
    return [d.value for d in dice]
