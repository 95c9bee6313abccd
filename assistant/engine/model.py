"""The Request that goes into the engine and the Result that comes out.

The JSON of ``assistant resolve`` is exactly these objects serialised (``Result.to_json()``). The
narrator, the guard, the store, the UI and the evals all read the same Result.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from assistant.engine import safe_json
from assistant.engine.errors import InputError

MAX_ADDS = 10
MAX_FORCED_DICE = 100


class Request(BaseModel):
    """One thing to resolve: a move (or a table, or free notation) for one character."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    system: str
    """Rule system id: ``starforged``, ``elegy``, ``blades``, ``city``, ``dungeon-world``."""
    move: str
    """Move name or id (case- and punctuation-insensitive); ``table:<name>`` rolls a table;
    ``roll:<notation>`` rolls free dice notation."""
    stat: str | None = None
    """The stat (or meter) to roll with, when the move offers a choice."""
    adds: int = 0
    """Bonuses added to the action score (assets, aid, +1 on your next move...)."""
    character: dict[str, Any] | None = None
    """The character sheet as the system's JSON; missing fields take the system's defaults."""
    options: dict[str, Any] = Field(default_factory=dict)
    """Move-specific options: ``burn``, ``progress_ticks``, ``rank``, ``in_control``, ``odds``..."""
    dice: list[int] | None = None
    """Forced die faces in the order the engine rolls them."""

    @field_validator("adds")
    @classmethod
    def _adds_in_range(cls, value: int) -> int:
        if not -MAX_ADDS <= value <= MAX_ADDS:
            raise ValueError(f"adds must be between -{MAX_ADDS} and +{MAX_ADDS}")
        return value

    @field_validator("dice")
    @classmethod
    def _dice_count(cls, value: list[int] | None) -> list[int] | None:
        if value is not None and len(value) > MAX_FORCED_DICE:
            raise ValueError(f"at most {MAX_FORCED_DICE} forced dice")
        return value

    @staticmethod
    def decode(data: object) -> dict[str, Any]:
        """The request as a JSON object: decodes text, rejects anything that is not an object or is beyond the
        input limits (depth, number size, broken characters: :mod:`assistant.engine.safe_json`)."""
        data = safe_json.loads(data) if isinstance(data, (str, bytes, bytearray)) else safe_json.check(data)
        if not isinstance(data, dict):
            raise InputError('A request is a JSON object like {"system": "starforged", "move": "Face Danger", ...}.')
        return data

    @classmethod
    def parse(cls, data: object) -> Request:
        """Build a Request from JSON (text or decoded), turning validation problems into :class:`InputError`."""
        data = cls.decode(data)
        try:
            return cls.model_validate(data, strict=False)
        except ValidationError as exc:
            raise InputError("Bad request: " + _explain(exc)) from None


def _explain(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors()[:5]:
        where = ".".join(str(p) for p in err["loc"]) or "request"
        if err["type"] == "extra_forbidden":
            parts.append(f"unknown field '{where}' (fields: system, move, stat, adds, character, options, dice)")
        elif err["type"] == "missing":
            parts.append(f"'{where}' is required")
        else:
            parts.append(f"{where}: {err['msg']}")
    return "; ".join(parts) + "."


class Effect(BaseModel):
    """One change the engine made (or reports), with its reason and the rule it rests on."""

    model_config = ConfigDict(frozen=True)

    kind: str
    """``meter``, ``momentum_burn``, ``momentum_reset``, ``impact``, ``position``, ``progress``,
    ``legacy``, ``xp``, ``clock``, ``next_move_add``, ``note``..."""
    target: str
    """What changed: a meter name, a track, ``position``..."""
    before: Any = None
    after: Any = None
    delta: int | None = None
    reason: str = ""
    rule: str = ""
    """The move (or core rule) the change comes from."""


class ChoiceOption(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: str
    label: str
    effects: list[dict[str, Any]] = Field(default_factory=list)
    """The structured effects of this option (applied when the player picks it via ``options.choose``)."""


class Choice(BaseModel):
    """Options the player must still pick from (the engine never picks for the player)."""

    model_config = ConfigDict(frozen=True)

    id: str
    prompt: str
    pick: int = 1
    """How many to pick; 0 means any number."""
    options: list[ChoiceOption]


class FollowUp(BaseModel):
    """Something the rules say happens next, such as Pay the Price or a suffer move."""

    model_config = ConfigDict(frozen=True)

    kind: str
    """``move``, ``table`` or ``suffer`` (pick a suffer move and apply ``amount``)."""
    move: str
    """The move (or table) name."""
    reason: str = ""
    amount: int | None = None
    request: dict[str, Any] | None = None
    """A ready-made request to resolve it (add dice, stat or options as needed)."""


class Result(BaseModel):
    """Everything one resolution decided."""

    model_config = ConfigDict(frozen=True)

    system: str
    move: str
    """The move's name as printed in the rules."""
    move_id: str
    roll: str
    """``action``, ``progress``, ``table``, ``oracle``, ``pool``, ``total``, ``notation`` or ``none``."""
    outcome: str
    match: bool = False
    score: int | None = None
    """The action or progress score actually compared (after cap, cancel or burn); the total for
    total rolls; the counting die for pools; the d100 value for oracles."""
    stat: str | None = None
    stat_value: int | None = None
    adds: int = 0
    dice: list[int] = Field(default_factory=list)
    """Every face used, in the order rolled (feed it back as ``dice`` to replay)."""
    dice_detail: list[dict[str, Any]] = Field(default_factory=list)
    challenge: list[int] | None = None
    character_before: dict[str, Any] | None = None
    character: dict[str, Any] | None = None
    """State after the move's automatic effects."""
    effects: list[Effect] = Field(default_factory=list)
    choices: list[Choice] = Field(default_factory=list)
    follow_ups: list[FollowUp] = Field(default_factory=list)
    text: str = ""
    """The rules text of this outcome."""
    table: dict[str, Any] | None = None
    track: dict[str, Any] | None = None
    clock: dict[str, Any] | None = None
    burn: dict[str, Any] | None = None
    """Momentum burn: what was burned, or what burning would give (``available``)."""
    notes: list[str] = Field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return self.model_dump(mode="json")

    def to_json(self, **kwargs: Any) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, **kwargs)
