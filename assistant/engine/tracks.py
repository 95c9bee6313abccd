"""Progress tracks, legacy tracks, clocks and bounded meters — plain values with pure updates."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from assistant.engine.errors import InputError

TICKS_PER_BOX = 4
BOXES = 10
MAX_TICKS = TICKS_PER_BOX * BOXES


class Rank(str, Enum):
    """Challenge rank of a progress track, with the ticks one 'mark progress' fills."""

    TROUBLESOME = "troublesome"
    """3 boxes (12 ticks) per mark."""
    DANGEROUS = "dangerous"
    """2 boxes (8 ticks) per mark."""
    FORMIDABLE = "formidable"
    """1 box (4 ticks) per mark."""
    EXTREME = "extreme"
    """2 ticks per mark."""
    EPIC = "epic"
    """1 tick per mark."""

    @property
    def ticks_per_mark(self) -> int:
        return _TICKS_PER_MARK[self]

    @property
    def legacy_reward_ticks(self) -> int:
        """Legacy reward for completing a track of this rank (Fulfill Your Vow and kin):
        troublesome=1 tick; dangerous=2 ticks; formidable=1 box; extreme=2 boxes; epic=3 boxes."""
        return _LEGACY_REWARD_TICKS[self]

    @property
    def bonus(self) -> int:
        """'+their rank' (Develop Your Relationship): troublesome=+1 ... epic=+5."""
        return _ORDER[self] + 1

    def shifted(self, steps: int) -> Rank:
        """The rank ``steps`` higher (positive) or lower (negative), clamped to the ends."""
        if not steps:
            return self
        return _RANKS[max(0, min(len(_RANKS) - 1, _ORDER[self] + steps))]

    @classmethod
    def parse(cls, value: object) -> Rank:
        if isinstance(value, Rank):
            return value
        text = str(value).strip().lower()
        rank = cls._value2member_map_.get(text)
        if isinstance(rank, Rank):
            return rank
        raise InputError(f"Unknown rank {value!r}; use one of: {', '.join(r.value for r in cls)}.")


_RANKS: tuple[Rank, ...] = tuple(Rank)
_ORDER: dict[Rank, int] = {rank: i for i, rank in enumerate(_RANKS)}
_TICKS_PER_MARK: dict[Rank, int] = dict(zip(_RANKS, (12, 8, 4, 2, 1), strict=True))
_LEGACY_REWARD_TICKS: dict[Rank, int] = dict(zip(_RANKS, (1, 2, 4, 8, 12), strict=True))


def _check_ticks(ticks: int) -> int:
    if isinstance(ticks, bool) or not isinstance(ticks, int) or not 0 <= ticks <= MAX_TICKS:
        raise InputError(f"Progress is 0-{MAX_TICKS} ticks (10 boxes of 4); got {ticks!r}.")
    return ticks


@dataclass(frozen=True)
class ProgressTrack:
    """A 10-box progress track (vow, expedition, connection, combat objective, scene challenge)."""

    rank: Rank = Rank.FORMIDABLE
    ticks: int = 0
    name: str = ""
    kind: str = "vow"

    def __post_init__(self) -> None:
        _check_ticks(self.ticks)

    @property
    def boxes(self) -> int:
        """Filled boxes = the progress score."""
        return self.ticks // TICKS_PER_BOX

    @property
    def score(self) -> int:
        return self.boxes

    def mark(self, times: int = 1) -> ProgressTrack:
        """Mark progress ``times`` per the rank; never past 40 ticks."""
        return replace(self, ticks=min(MAX_TICKS, self.ticks + times * self.rank.ticks_per_mark))

    def clear_boxes(self, boxes: int) -> ProgressTrack:
        """Clear ``boxes`` filled boxes (the track keeps its partial ticks within the last box)."""
        return replace(self, ticks=max(0, self.ticks - boxes * TICKS_PER_BOX))

    def clear_ticks(self, ticks: int) -> ProgressTrack:
        return replace(self, ticks=max(0, self.ticks - ticks))

    def raise_rank(self) -> ProgressTrack:
        return replace(self, rank=self.rank.shifted(1))

    def to_dict(self) -> dict[str, object]:
        return {"name": self.name, "kind": self.kind, "rank": self.rank.value, "ticks": self.ticks, "boxes": self.boxes}


@dataclass(frozen=True)
class LegacyTrack:
    """A Starforged legacy track (quests, bonds, discoveries): 10 boxes, 2 xp per filled box,
    cleared when the tenth box fills, then 1 xp per box; progress rolls against a cleared track
    count 10."""

    ticks: int = 0
    cleared: int = 0
    """How many times the track was filled and cleared."""

    def __post_init__(self) -> None:
        _check_ticks(self.ticks)
        if self.cleared < 0:
            raise InputError("A legacy track's cleared count cannot be negative.")

    @property
    def score(self) -> int:
        return 10 if self.cleared else self.ticks // TICKS_PER_BOX

    def mark_ticks(self, ticks: int) -> tuple[LegacyTrack, int]:
        """Add ticks; returns the new track and the experience earned by boxes filled on the way."""
        if ticks < 0:
            raise InputError("Legacy rewards mark ticks; they are never negative.")
        xp = 0
        current, cleared = self.ticks, self.cleared
        for _ in range(ticks):
            current += 1
            if current % TICKS_PER_BOX == 0:
                xp += 1 if cleared else 2
            if current == MAX_TICKS:
                current, cleared = 0, cleared + 1
        return LegacyTrack(ticks=current, cleared=cleared), xp

    def to_dict(self) -> dict[str, int]:
        return {"ticks": self.ticks, "cleared": self.cleared}


@dataclass(frozen=True)
class Clock:
    """A clock of N segments (Blades clocks, Starforged tension clocks)."""

    segments: int
    filled: int = 0
    name: str = ""

    def __post_init__(self) -> None:
        if not 1 <= self.segments <= 24:
            raise InputError(f"A clock has 1-24 segments; got {self.segments}.")
        if not 0 <= self.filled <= self.segments:
            raise InputError(f"A {self.segments}-segment clock has 0-{self.segments} filled; got {self.filled}.")

    @property
    def full(self) -> bool:
        return self.filled >= self.segments

    def fill(self, n: int = 1) -> Clock:
        return replace(self, filled=max(0, min(self.segments, self.filled + n)))

    def to_dict(self) -> dict[str, object]:
        return {"name": self.name, "segments": self.segments, "filled": self.filled, "full": self.full}


@dataclass(frozen=True)
class Meter:
    """Bounds of a meter; :meth:`apply` clamps and reports what did not fit."""

    name: str
    minimum: int
    maximum: int

    def apply(self, value: int, delta: int, maximum: int | None = None) -> tuple[int, int]:
        """Return (new value, overflow): overflow is the part of a negative delta below the minimum
        (e.g. harm left over when health hits 0), as a positive number."""
        top = self.maximum if maximum is None else maximum
        raw = value + delta
        new = max(self.minimum, min(top, raw))
        overflow = self.minimum - raw if raw < self.minimum else 0
        return new, overflow


def segments_word(n: int) -> str:
    """``segment`` or ``segments`` for ``n`` of them ("fill 1 segment", "fill 3 segments")."""
    return "segment" if abs(n) == 1 else "segments"


#: A track kind as a player names it: a combat track is "a fight" ("a new formidable fight", never "combat").
KIND_WORDS = {"combat": "fight", "scene": "scene challenge"}


def kind_word(kind: str) -> str:
    """The word for a track of ``kind`` in a sentence ("fight" for ``combat``; other kinds as they are)."""
    return KIND_WORDS.get(kind, kind)
