"""The campaign log's event types (pydantic), their JSON form, and upcasting of older versions.

Every event is a JSON object with ``type`` (the discriminator), ``v`` (that type's payload version)
and ``at`` (UTC ISO-8601 time it was made). The store adds the per-campaign sequence number
(``seq``, 1, 2, 3, ...) which is not part of the payload.

Event schema version: :data:`EVENT_SCHEMA_VERSION`. Payloads written by older versions are
upgraded by :func:`upcast` when read, so old campaigns still open; the rows themselves are never
rewritten (history is append-only).
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from assistant.errors import InputError

#: The version of the event schema as a whole (the highest ``v`` of any type).
EVENT_SCHEMA_VERSION = 2

#: Chat roles accepted in ``chat_message``.
CHAT_ROLES = ("user", "assistant", "system", "narrator", "gm")

#: Generic per-system slots for things that are not characters: Blades' crew, the city game's
#: factions, Dungeon World's combatants, and anything else a system needs.
KNOWN_SLOTS = ("crew", "factions", "combatants", "npcs", "assets", "notes")


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


class _Event(BaseModel):
    model_config = ConfigDict(extra="forbid")

    v: int = 1
    at: str = Field(default_factory=now_iso)


class CampaignCreated(_Event):
    """Always event 1 of a campaign."""

    type: Literal["campaign_created"] = "campaign_created"
    name: str
    system: str
    seed: int
    """Seed of the campaign's own dice: a move with neither forced dice nor a caller's RNG rolls with
    ``random.Random(f"{seed}:{seq}")`` so the whole campaign replays from seed + log."""
    app_version: str = ""


class CharacterAdded(_Event):
    type: Literal["character_added"] = "character_added"
    character_id: str
    character: dict[str, Any]
    """The normalised sheet (it carries ``id`` and, if given, ``name``)."""
    active: bool = False
    """Make it the active character (the first character always becomes active)."""


class CharacterUpdated(_Event):
    """Replace a character's sheet (edits outside a move: advances, gear, a GM fiat)."""

    type: Literal["character_updated"] = "character_updated"
    character_id: str
    character: dict[str, Any]
    reason: str = ""


class CharacterRemoved(_Event):
    type: Literal["character_removed"] = "character_removed"
    character_id: str


class SetActive(_Event):
    type: Literal["set_active"] = "set_active"
    character_id: str


class StateChange(BaseModel):
    """What a move changed in the campaign: the character's sheet before/after, and the campaign
    tracks and clocks the request referred to by name (their new values)."""

    model_config = ConfigDict(extra="forbid")

    character_id: str | None = None
    before: dict[str, Any] | None = None
    after: dict[str, Any] | None = None
    tracks: dict[str, dict[str, Any]] = Field(default_factory=dict)
    clocks: dict[str, dict[str, Any]] = Field(default_factory=dict)


class MoveResolved(_Event):
    """One engine resolution. ``request`` is what the engine was asked, without the character when
    it came from the campaign (``character_source="campaign"``: the sheet is ``state_change.before``)
    and with the forced dice if the request forced them; ``dice`` are all faces used."""

    type: Literal["move_resolved"] = "move_resolved"
    v: int = 2
    request: dict[str, Any]
    character_source: Literal["campaign", "request", "none"] = "campaign"
    dice: list[int]
    dice_source: Literal["forced", "campaign", "caller"] = "campaign"
    result: dict[str, Any]
    """``Result.to_dict()`` exactly as returned to the caller."""
    state_change: StateChange = Field(default_factory=StateChange)
    narration: str | None = None


class TrackCreated(_Event):
    type: Literal["track_created"] = "track_created"
    track_id: str
    track: dict[str, Any]
    """``{name, kind, rank, ticks}`` (ticks 0-40)."""


class TrackUpdated(_Event):
    type: Literal["track_updated"] = "track_updated"
    track_id: str
    track: dict[str, Any]
    """The whole new value (``None`` fields are not allowed; to retire a track set ``status``)."""
    reason: str = ""


class ClockCreated(_Event):
    type: Literal["clock_created"] = "clock_created"
    clock_id: str
    clock: dict[str, Any]
    """``{name, segments, filled}``."""


class ClockUpdated(_Event):
    type: Literal["clock_updated"] = "clock_updated"
    clock_id: str
    clock: dict[str, Any]
    reason: str = ""


class SlotUpdated(_Event):
    """Set (or, with ``value=None``, remove) ``slots[slot][key]``: crew, factions, combatants..."""

    type: Literal["slot_updated"] = "slot_updated"
    slot: str
    key: str
    value: Any = None


class ChatMessage(_Event):
    type: Literal["chat_message"] = "chat_message"
    role: str
    text: str
    notes: list[str] = Field(default_factory=list)
    """The lines shown under the chat's reply (what the words were read as, a move this game lacks, what the rules say
    of a meter at 0...): a page drawn again from the log shows them."""


class NarrationRecorded(_Event):
    """The narration shown for an earlier event (usually a move)."""

    type: Literal["narration_recorded"] = "narration_recorded"
    event_seq: int
    text: str
    notes: list[str] = Field(default_factory=list)
    """The lines shown under the move with its story (coin that may still raise the roll, the size a new project's
    clock was given, the next action kept from the player's words...): a page drawn again from the log shows them."""
    narrator: str = ""
    """Who told the story (``template``, ``llm``, ``llm-retry``, ``template-fallback``): the page says again when the
    offline story stood in for the model's."""


class QuestionAsked(_Event):
    """The chat asked the player for a value a move needs (how much harm, which stat...): the move waits for the
    answer. ``question`` is the chat's question (its text, answers and the move's request). Not undoable: a
    question changes no game state, and a later ``question_asked`` replaces it."""

    type: Literal["question_asked"] = "question_asked"
    question: dict[str, Any]


class QuestionSettled(_Event):
    """The open question was answered (the move resolved) or set aside (the player did something else)."""

    type: Literal["question_settled"] = "question_settled"
    how: Literal["answered", "cancelled"] = "answered"


class EditsCarried(_Event):
    """Bookkeeping carried over a pick: the edits lying over a move when its pick was made (a secret added, a meter
    set, a clock ticked) were taken back with the roll and made again on top of the move made again (event
    ``move_seq``), as the events ``edits`` just before this one. ``by`` says what moved under them: the player's
    ``pick``, or the ``unpick`` an undo of it made. The first ``before_pick`` edits were made before the pick that
    made ``move_seq`` (all of them, for a pick): while the last of them in effect is the last action, undo takes back
    that pick first, as it was done after them. Changes no state itself."""

    type: Literal["edits_carried"] = "edits_carried"
    move_seq: int
    edits: list[int]
    by: Literal["pick", "unpick"] = "pick"
    before_pick: int = 0


class Patch(BaseModel):
    """Set ``path`` in the state to ``value`` (or delete it when ``present`` is false)."""

    model_config = ConfigDict(extra="forbid")

    path: list[str]
    value: Any = None
    present: bool = True


class Undo(_Event):
    """Compensates event ``target_seq``: ``restore`` puts back what it changed."""

    type: Literal["undo"] = "undo"
    target_seq: int
    target_type: str
    restore: list[Patch]


Event = Annotated[
    CampaignCreated
    | CharacterAdded
    | CharacterUpdated
    | CharacterRemoved
    | SetActive
    | MoveResolved
    | TrackCreated
    | TrackUpdated
    | ClockCreated
    | ClockUpdated
    | SlotUpdated
    | ChatMessage
    | NarrationRecorded
    | QuestionAsked
    | QuestionSettled
    | EditsCarried
    | Undo,
    Field(discriminator="type"),
]

EVENT_ADAPTER: TypeAdapter[Event] = TypeAdapter(Event)

#: Event types that change state and so can be undone.
UNDOABLE = frozenset(
    {
        "character_added",
        "character_updated",
        "character_removed",
        "set_active",
        "move_resolved",
        "track_created",
        "track_updated",
        "clock_created",
        "clock_updated",
        "slot_updated",
    }
)


class StoredEvent(BaseModel):
    """An event as it sits in a campaign's log."""

    model_config = ConfigDict(frozen=True)

    seq: int
    event: Event

    @property
    def type(self) -> str:
        return self.event.type

    def to_dict(self) -> dict[str, Any]:
        return {"seq": self.seq, **self.event.model_dump(mode="json")}


# ---- upcasting -----------------------------------------------------------------------------------


def _move_resolved_v1_to_v2(raw: dict[str, Any]) -> dict[str, Any]:
    """v1 (schema 1) kept the character id as ``character`` and had no ``dice_source``,
    ``character_source`` or ``state_change``; the sheet after the move was ``result.character``."""
    out = dict(raw)
    cid = out.pop("character", None)
    result = out.get("result") or {}
    out.setdefault("dice", list(result.get("dice", [])))
    out["dice_source"] = "forced" if (out.get("request") or {}).get("dice") else "caller"
    out["character_source"] = "campaign" if cid else "none"
    out["state_change"] = (
        {"character_id": cid, "before": result.get("character_before"), "after": result.get("character")} if cid else {}
    )
    out["v"] = 2
    return out


#: (type, from_version) -> function returning the payload one version up.
UPCASTERS = {("move_resolved", 1): _move_resolved_v1_to_v2}


def upcast(raw: dict[str, Any]) -> dict[str, Any]:
    """Bring an event payload written by an older version up to the current one."""
    while (raw.get("type"), raw.get("v", 1)) in UPCASTERS:
        raw = UPCASTERS[(raw["type"], raw.get("v", 1))](raw)
    return raw


def parse_event(data: str | bytes | dict[str, Any]) -> Event:
    """Decode (and upcast) one stored payload."""
    raw = json.loads(data) if isinstance(data, (str, bytes)) else dict(data)
    try:
        return EVENT_ADAPTER.validate_python(upcast(raw))
    except ValidationError as exc:
        raise InputError(f"Not a valid campaign event ({raw.get('type')!r}): {exc.errors()[0]['msg']}.") from None


def parse_stored(event_type: str, version: int, payload: str | bytes) -> Event:
    """Decode a stored row: JSON straight into the model, upcasting only older versions."""
    if (event_type, version) in UPCASTERS:
        return parse_event(payload)
    try:
        return EVENT_ADAPTER.validate_json(payload)
    except ValidationError:
        return parse_event(payload)


def dump_event(event: Event) -> str:
    return event.model_dump_json()


def scrub_event(event: Event) -> Event:
    """``event`` with every secret scrubbed from its text (the same event when there was none)."""
    from assistant.secrets import scrub

    payload = event.model_dump_json()
    clean = scrub(payload)
    return event if clean == payload else EVENT_ADAPTER.validate_json(clean)
