"""What the guard reports: one :class:`Violation` per claim of the narration the engine contradicts."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class ViolationKind(str, Enum):
    """The kinds of authority the narration may not take from the engine."""

    NUMBER = "number"
    """A die value, total, score or odds figure the engine did not produce."""
    OUTCOME = "outcome"
    """An outcome contrary to the engine's (failure words on a hit, success on a miss, yes on a no)."""
    STATE = "state"
    """A meter, track, clock or xp change the engine did not make (or made differently)."""
    PHANTOM_ROLL = "phantom_roll"
    """A roll narrated that the engine did not make (or a different move, stat or table than it rolled)."""
    DECISION = "decision"
    """A decision taken for the player: an open choice picked, or an explicit "you decide to"."""
    ECHO = "echo"
    """The prompt's fact sheet or ids copied into the story ("ENGINE FACTS:", "strong_hit")."""


@dataclass(frozen=True)
class Violation:
    """One contradiction: its kind, what is wrong (naming the engine's fact), and the offending text."""

    kind: ViolationKind
    detail: str
    excerpt: str = ""

    def to_dict(self) -> dict[str, str]:
        return {"kind": self.kind.value, "detail": self.detail}
