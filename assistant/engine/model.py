"""The Request that goes into the engine and the Result that comes out.

The JSON of ``assistant resolve`` is exactly these objects serialised (``Result.to_json()``). The
narrator, the guard, the store, the UI and the evals all read the same Result.
"""

from __future__ import annotations

import json
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

import assistant.engine.safe_json as safe_json
from assistant.engine.dice import Die
from assistant.engine.errors import InputError
from assistant.engine.kinds import LEGACY_EFFECT_KINDS, EffectKind, RollKind
from assistant.engine.outcomes import Outcome

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


M = TypeVar("M", bound=BaseModel)


def trusted(cls: type[M], **fields: Any) -> M:
    """A model built from values the engine made itself, already of the declared types (every field given).

    Validating them again costs more than the rest of a resolution; pydantic's ``model_construct`` is slower
    still. Tests hold a trusted Result equal to the same Result validated. Given fewer fields, it validates."""
    return trusted_fields(cls, fields)


def trusted_fields(cls: type[M], fields: dict[str, Any]) -> M:
    """:func:`trusted` with the fields as a dict (taken, not copied: the caller hands it over)."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = set(cls.__pydantic_fields__)  # a slow lookup on pydantic's metaclass
        if cls.model_config.get("frozen"):
            _SHARED_FIELDS_SET.add(cls)
    if len(fields) != len(names):
        return cls(**fields)
    model = _new(cls)
    _setattr(model, "__dict__", fields)
    # every field is given: the set of them. A frozen model never changes its set (pydantic's copies copy it
    # first), so all its trusted instances share one; another gets its own copy.
    _set_fields_set(model, names if cls in _SHARED_FIELDS_SET else names.copy())
    _set_extra(model, None)
    _set_private(model, None)
    return model


def trusted_result(fields: dict[str, Any]) -> Result:
    """:func:`trusted_fields` of a :class:`Result` whose every field is given (the engine's own), in one call."""
    model = _new(Result)
    _setattr(model, "__dict__", fields)
    _set_fields_set(model, _RESULT_FIELDS)
    _set_extra(model, None)
    _set_private(model, None)
    return model


_FIELD_NAMES: dict[type[BaseModel], set[str]] = {}
_SHARED_FIELDS_SET: set[type[BaseModel]] = set()
_new = object.__new__
_setattr = object.__setattr__
# BaseModel's own slots, written straight through their descriptors (what object.__setattr__ finds each time)
_set_fields_set = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__


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

    kind: EffectKind
    """What changed: a meter, a burn, an impact, progress, a clock... (see :class:`EffectKind`)."""
    target: str
    """Which one: a meter name, a track's name, ``position``..."""
    before: Any = None
    after: Any = None
    delta: int | None = None
    reason: str = ""
    rule: str = ""
    """The move (or core rule) the change comes from."""
    marks: int | None = None
    """Progress: how many times progress was marked (each mark fills the ticks of the track's rank)."""
    held: str | None = None
    """A meter's change that moved nothing because the meter stood at its bound: ``max`` (a gain at full blood) or
    ``min`` (a loss at 0); None otherwise (a change of 0 is no bound)."""

    @field_validator("kind", mode="before")
    @classmethod
    def _legacy_kind(cls, value: object) -> object:
        return LEGACY_EFFECT_KINDS.get(value, value) if isinstance(value, str) else value


class DieRecord(BaseModel):
    """One die the resolution rolled, with what became of it (``dice_detail``)."""

    model_config = ConfigDict(frozen=True)

    sides: int
    value: int
    role: str = ""
    """``action``, ``challenge``, ``pool``, ``roll``, ``oracle``, ``table``, ``damage``, ``recommit``..."""
    kept: bool = True
    """False when a keep-best/worst rule (or a pool) dropped it."""
    cancelled: bool = False
    """True when a rule cancelled it (negative momentum cancels an equal action die)."""
    rerolled: bool = False
    """True when a later die replaced it (Elegy's negative focus)."""
    forced: bool = False
    """True when the face came from the request's ``dice``."""

    @classmethod
    def of(cls, die: Die) -> DieRecord:
        """The record of ``die``; records are immutable, so one is made per distinct die and shared."""
        record = DIE_RECORDS.get(die)
        if record is None:
            if len(DIE_RECORDS) >= MAXDIE_RECORDS:
                DIE_RECORDS.clear()
            record = DIE_RECORDS[die] = cls._build(die)
        return record

    @classmethod
    def _build(cls, die: Die) -> DieRecord:
        return trusted(
            cls,
            sides=die.sides,
            value=die.value,
            role=die.role,
            kept=die.kept,
            cancelled=die.cancelled,
            rerolled=die.rerolled,
            forced=die.forced,
        )


#: Records of dice rolled so far, by die (faces, role and marks): at most :data:`MAXDIE_RECORDS` kept.
DIE_RECORDS: dict[Die, DieRecord] = {}
MAXDIE_RECORDS = 10_000


class Burn(BaseModel):
    """Burning a meter to replace the action score (Starforged momentum, Elegy focus): done, or on offer."""

    model_config = ConfigDict(frozen=True)

    meter: str
    """``momentum`` or ``focus``."""
    before: int
    """The meter's value: it replaces the action score when burned."""
    after: int | None = None
    """What the meter resets to when burned (+2, +1 with one impact, 0 with more)."""
    burned: bool = False
    available: bool = False
    """Burning would beat more challenge dice than the score: the player may still choose it."""
    outcome: Outcome
    """The outcome after burning (burned), if burned (available), or as it stands (asked, but no help)."""
    score_before: int | None = None
    outcome_before: Outcome | None = None

    @model_validator(mode="before")
    @classmethod
    def _legacy_shape(cls, data: Any) -> Any:
        """The first contract's ``{"momentum": 7, ...}`` / ``{"meter": "focus", "focus": 7, ...}``."""
        if isinstance(data, dict) and "before" not in data:
            meter = data.get("meter") or ("focus" if "focus" in data else "momentum")
            legacy = {k: v for k, v in data.items() if k not in ("momentum", "focus")}
            return {**legacy, "meter": meter, "before": data.get(meter)}
        return data


class ChoiceOption(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: str
    label: str
    effects: list[dict[str, Any]] = Field(default_factory=list)
    """The structured effects of this option (applied when the player picks it via ``options.choose``)."""
    cost: int = 0
    """Points of the choice's ``budget`` this option spends."""
    available: bool = True
    """False when the character cannot pick it now (``why`` says why)."""
    why: str = ""


class Choice(BaseModel):
    """Options the player must still pick from (the engine never picks for the player)."""

    model_config = ConfigDict(frozen=True)

    id: str
    prompt: str
    pick: int = 1
    """How many to pick; 0 means any number."""
    options: list[ChoiceOption]
    repeat: bool = False
    """The same option may be picked more than once."""
    required: bool = False
    """The rules require a pick (a cost, or what the move comes to): the next move waits for it; a choice not
    required is a benefit given up by moving on."""
    budget: int | None = None
    """Points the picks may spend (each option's ``cost``); None when the choice has no budget."""


class FollowUp(BaseModel):
    """Something the rules say happens next, such as Pay the Price or a suffer move."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["move", "table", "suffer"]
    """``move``, ``table`` or ``suffer`` (pick a suffer move and apply ``amount``)."""
    move: str
    """The move (or table) name."""
    reason: str = ""
    amount: int | None = None
    request: dict[str, Any] | None = None
    """A ready-made request to resolve it (add dice, stat or options as needed)."""
    target: str | None = None
    """Resolve it for this character, the move's target (``options.target``), not the one who made the move:
    Dungeon World's Deal Damage after an attack lands on the one attacked."""
    other_than: str | None = None
    """For ``suffer``: the suffer move (id) it must not be. A suffer move's own cost goes to "a different suffer
    move" (Sacrifice Resources while unprepared), so that move is not offered again for it."""


class Result(BaseModel):
    """Everything one resolution decided."""

    model_config = ConfigDict(frozen=True)

    system: str
    move: str
    """The move's name as printed in the rules."""
    move_id: str
    roll: RollKind
    """``action``, ``progress``, ``table``, ``oracle``, ``pool``, ``total``, ``notation`` or ``none``."""
    outcome: Outcome
    match: bool = False
    score: int | None = None
    """The action or progress score actually compared (after cap, cancel or burn); the total for
    total rolls; the counting die for pools; the d100 value for oracles."""
    stat: str | None = None
    stat_value: int | None = None
    adds: int = 0
    dice: list[int] = Field(default_factory=list)
    """Every face used, in the order rolled (feed it back as ``dice`` to replay)."""
    dice_detail: list[DieRecord] = Field(default_factory=list)
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
    burn: Burn | None = None
    """A burn of momentum (or focus): what was burned, or what burning would give (``available``)."""
    started: list[str] = Field(default_factory=list)
    """``"track"`` and/or ``"clock"`` when ``track``/``clock`` is new (started by this resolution, e.g. a
    vow sworn or a tension clock set) rather than the one the request gave: a campaign adds it."""
    notes: list[str] = Field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return self.model_dump(mode="json")

    def to_json(self, **kwargs: Any) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, **kwargs)


#: Every field of a Result (shared by the trusted ones: a frozen model never changes its set).
_RESULT_FIELDS = set(Result.__pydantic_fields__)
