"""Campaign operations for the CLI, the chat and the UI: each one is one atomic append.

Every function takes an optional ``store=`` (a :class:`CampaignStore`); without it the store of
the current settings is used (``TABLETOP_DATABASE_URL``/``DATABASE_URL`` or
``$TABLETOP_HOME/campaigns.sqlite3``), opened once per process and URL (:mod:`assistant.store.access`).
Here: campaigns, moves, undo and replay, journals. A campaign's other records (characters, tracks, clocks,
slots, transcript, the open question) live in :mod:`assistant.store.records` and are re-exported here.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from typing import Any

from assistant.engine import Request, Result, get_ruleset
from assistant.engine.tracks import Clock as Clock
from assistant.engine.tracks import ProgressTrack as ProgressTrack
from assistant.engine.tracks import Rank as Rank
from assistant.errors import AssistantError, InputError
from assistant.store import followups
from assistant.store.access import MAX_NAME as MAX_NAME
from assistant.store.access import MAX_TEXT as MAX_TEXT
from assistant.store.access import app_version, new_character, normalize_character, store_or_default
from assistant.store.access import append_one as append_one
from assistant.store.access import check_name as check_name
from assistant.store.access import close_stores as close_stores
from assistant.store.access import get_store as get_store
from assistant.store.base import AppendContext, CampaignInfo, CampaignStore
from assistant.store.events import CHAT_ROLES as CHAT_ROLES
from assistant.store.events import CampaignCreated, CharacterAdded, Event, MoveResolved, StoredEvent
from assistant.store.events import CharacterUpdated as CharacterUpdated
from assistant.store.events import ChatMessage as ChatMessage
from assistant.store.events import ClockCreated as ClockCreated
from assistant.store.events import ClockUpdated as ClockUpdated
from assistant.store.events import NarrationRecorded as NarrationRecorded
from assistant.store.events import QuestionAsked as QuestionAsked
from assistant.store.events import QuestionSettled as QuestionSettled
from assistant.store.events import SetActive as SetActive
from assistant.store.events import SlotUpdated as SlotUpdated
from assistant.store.events import TrackCreated as TrackCreated
from assistant.store.events import TrackUpdated as TrackUpdated
from assistant.store.factory import open_store as open_store
from assistant.store.factory import store_url as store_url
from assistant.store.followups import StaleEventError as StaleEventError
from assistant.store.moves import campaign_rng as campaign_rng
from assistant.store.moves import engine_request as engine_request
from assistant.store.moves import find_id as find_id
from assistant.store.moves import move_event, request_dict
from assistant.store.moves import slug as slug
from assistant.store.moves import unique as unique
from assistant.store.records import add_character as add_character
from assistant.store.records import append_chat as append_chat
from assistant.store.records import ask_question as ask_question
from assistant.store.records import create_clock as create_clock
from assistant.store.records import create_track as create_track
from assistant.store.records import record_narration as record_narration
from assistant.store.records import set_active_character as set_active_character
from assistant.store.records import set_slot as set_slot
from assistant.store.records import settle_question as settle_question
from assistant.store.records import update_character as update_character
from assistant.store.records import update_clock as update_clock
from assistant.store.records import update_track as update_track
from assistant.store.replay import ReplayMismatch as ReplayMismatch
from assistant.store.replay import check_move as check_move
from assistant.store.replay import replay_log, with_current_wording
from assistant.store.state import CampaignState

#: Names kept as they were before the records moved out (events and helpers above are re-exported for the same
#: reason): callers import them from here.
_append_one = append_one
_store = store_or_default

# ---- campaigns -------------------------------------------------------------------------------------


def create_campaign(
    name: str,
    system: str,
    character: dict[str, Any] | None = None,
    seed: int | None = None,
    *,
    store: CampaignStore | None = None,
) -> CampaignState:
    """Create a campaign with one starting character (the system's defaults, or ``character``)."""
    name = check_name(name)
    system_id = get_ruleset(system).system_id
    if seed is None:
        seed = secrets.randbits(48)
    elif isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**62:
        raise InputError("seed must be a whole number 0 - 2^62.")
    cid, sheet = new_character(system_id, character, {})
    st = store_or_default(store)
    st.create_campaign(
        CampaignCreated(name=name, system=system_id, seed=seed, app_version=app_version()),
        [CharacterAdded(character_id=cid, character=sheet, active=True)],
    )
    return st.load(name)


def list_campaigns(*, store: CampaignStore | None = None) -> list[CampaignInfo]:
    return store_or_default(store).list_campaigns()


def load_campaign(name: str, *, store: CampaignStore | None = None) -> CampaignState:
    return store_or_default(store).load(name)


def campaign_events(name: str, *, store: CampaignStore | None = None) -> list[StoredEvent]:
    return store_or_default(store).events(name)


# ---- moves -----------------------------------------------------------------------------------------


def resolve_event(
    name: str,
    request: Request | dict[str, Any] | str,
    rng: random.Random | None = None,
    *,
    narration: str | None = None,
    store: CampaignStore | None = None,
) -> tuple[Result, int]:
    """:func:`resolve_in_campaign`, also returning the number of the event it appended (the move to narrate,
    choose on or undo later: another writer may have appended after it by the time the caller looks)."""
    raw = request_dict(request)
    out: list[Result] = []

    def build(ctx: AppendContext) -> list[Event]:
        event, result = move_event(ctx.state, raw, ctx.next_seq, rng, narration)
        out[:] = [result]
        return [event]

    stored = store_or_default(store).append_with(check_name(name), build)
    return out[0], stored[0].seq


def resolve_in_campaign(
    name: str,
    request: Request | dict[str, Any] | str,
    rng: random.Random | None = None,
    *,
    narration: str | None = None,
    store: CampaignStore | None = None,
) -> Result:
    """Resolve ``request`` for the campaign and append one ``move_resolved`` event atomically.

    ``request`` is the engine's request where ``system`` may be omitted (the campaign's) and
    ``character`` may be omitted (the active character's sheet is used, and its state after the
    move saved); ``character_id`` picks another campaign character; ``options.track`` /
    ``options.clock`` may name a campaign track/clock (its new value is saved). Dice: forced
    ``dice`` win; else ``rng``; else the campaign's seeded dice for this event. A bad request
    raises the engine's error and appends nothing."""
    return resolve_event(name, request, rng, narration=narration, store=store)[0]


# ---- undo and replay -------------------------------------------------------------------------------


def undo_last(name: str, *, expect: int | None = None, store: CampaignStore | None = None) -> StoredEvent:
    """Append an ``undo`` compensating the last state-changing event still in effect. With ``expect`` (the
    event the player saw last), refuse with :class:`~assistant.store.followups.StaleEventError` when another
    writer acted since."""
    return followups.undo(store_or_default(store), name, expect)


def undo_events(name: str, *, expect: int | None = None, store: CampaignStore | None = None) -> list[StoredEvent]:
    """:func:`undo_last`, returning every event the undo appended (after a pick: the roll as it stood before it, and
    the edits made since carried over it); see :func:`assistant.store.followups.undo_events`."""
    return followups.undo_events(store_or_default(store), name, expect)


def redo_move(
    name: str,
    target_seq: int | None,
    options_update: dict[str, Any],
    *,
    doing: str = "change the move",
    known: Sequence[int] | None = None,
    store: CampaignStore | None = None,
) -> tuple[Result, int]:
    """Replace the last move (event ``target_seq``) by itself with the same dice and updated options (open
    choices picked, momentum burned); see :func:`assistant.store.followups.redo_move`."""
    return followups.redo_move(store_or_default(store), name, target_seq, options_update, doing=doing, known=known)


def replay(name: str, *, store: CampaignStore | None = None) -> CampaignState:
    """Re-resolve every move of the log and check results and state match what is stored; raises
    :class:`ReplayMismatch` at the first difference (see :func:`assistant.store.replay.replay_log`)."""
    st = store_or_default(store)
    return replay_log(st.events(name), st.load(name), name)


# ---- journals --------------------------------------------------------------------------------------


def export(name: str, format: str = "markdown", *, store: CampaignStore | None = None) -> str:  # noqa: A002
    """The campaign as a Markdown journal (``markdown``) or an Iron Vault journal (``ironvault``)."""
    from assistant.store.journal import render

    st = store_or_default(store)
    events = st.events(name)
    return render(events, fold(events), format)


def import_journal(text: str, name: str | None = None, *, store: CampaignStore | None = None) -> str:
    """Create a campaign from one of our exports (either format); returns its name. Without
    ``name`` it keeps the exported name, or adds " (imported)" / " (imported N)" if that is taken."""
    from assistant.store.journal import parse

    events = _check_importable(parse(text))
    created: Any = events[0]
    st = store_or_default(store)
    taken = {c.name for c in st.list_campaigns()}
    if name is not None:
        target = check_name(name)
    else:
        target = created.name
        n = 1
        while target in taken:
            target = f"{created.name} (imported{'' if n == 1 else f' {n}'})"
            n += 1
    first = created.model_copy(update={"name": target})
    st.create_campaign(first, events[1:])
    return target


def _check_importable(events: list[Event]) -> list[Event]:
    """Refuse a journal whole unless it is a log we could have written: every move replays to its stored result
    with its stored dice, and every character is within its sheet's bounds after every event (so a hand-edited
    momentum of 99, a made-up stat or a fake outcome never becomes a campaign that cannot be played). Returns the
    events with each move's wording (reasons, rules text, labels) as this version words it: an export from an
    older version imports whatever its wording was."""
    from assistant.store.state import apply

    state = CampaignState()
    checked: list[Event] = []
    try:
        for seq, read in enumerate(events, 1):
            event = read
            if isinstance(read, MoveResolved):
                replayed = check_move(state, StoredEvent(seq=seq, event=read))
                event = read.model_copy(update={"result": with_current_wording(read.result, replayed)})
            checked.append(event)
            stored = StoredEvent(seq=seq, event=event)
            apply(state, stored)
            if seq == 1:
                get_ruleset(state.system)  # an unknown system is refused here
            for cid, character in state.characters.items():
                try:
                    normalize_character(state.system, {k: v for k, v in character.items() if k != "id"})
                except InputError as exc:
                    raise InputError(f"character {character.get('name') or cid!r} after record {seq}: {exc.message}") from None
    except (ReplayMismatch, InputError) as exc:
        raise InputError(
            f"This journal cannot be imported: {exc.message} It was changed after it was exported, or written by "
            "another version; nothing was imported."
        ) from None
    except AssistantError as exc:
        raise InputError(f"This journal cannot be imported ({exc.message}); nothing was imported.") from None
    return checked


def fold(events: list[StoredEvent]) -> CampaignState:
    from assistant.store.state import fold as _fold

    return _fold(events)
