"""Creating and editing a campaign's characters within the text's bounds (see
:mod:`assistant.engine.character_edit`): each one is one atomic append, so an edit is undoable, replays and
travels with an export. A refused edit appends nothing."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import yaml

from assistant.engine import get_ruleset
from assistant.engine.character_edit import Edit, check_character, edit_character
from assistant.errors import InputError
from assistant.store import service
from assistant.store.access import append_one
from assistant.store.base import AppendContext, CampaignStore
from assistant.store.events import CharacterAdded, CharacterUpdated, Event, StoredEvent
from assistant.store.moves import find_id, slug, unique
from assistant.store.state import CampaignState

MAX_FILE_BYTES = 200_000


def new_campaign(
    name: str,
    system: str,
    character: Mapping[str, Any] | None = None,
    seed: int | None = None,
    *,
    store: CampaignStore | None = None,
) -> CampaignState:
    """A campaign whose first character is checked as a new character of its system (Starforged's starting
    spread, Blades' seven dots...) before anything is stored."""
    system_id = get_ruleset(system).system_id
    sheet = check_character(system_id, character, creating=True) if character else None
    return service.create_campaign(name, system_id, sheet, seed, store=store)


def create_character(
    name: str, character: Mapping[str, Any] | None = None, *, active: bool = False, store: CampaignStore | None = None
) -> str:
    """Add a character checked as a new one of the campaign's system; returns its id. It becomes the one
    playing only with ``active=True`` (an opponent or a companion does not change who is playing)."""
    out: list[str] = []

    def build(ctx: AppendContext) -> Event:
        sheet = check_character(ctx.state.system, character, creating=True)
        taken = ctx.state.characters
        wanted = str(sheet.get("id") or "") or slug(str(sheet.get("name", "")), "pc1")
        if sheet.get("id") and wanted in taken:
            raise InputError(f"There is already a character called {taken[wanted].get('name') or wanted!r}; pick another name.")
        cid = unique(wanted, taken)
        sheet["id"] = cid
        out[:] = [cid]
        return CharacterAdded(character_id=cid, character=sheet, active=active)

    append_one(name, build, store)
    return out[0]


#: Words for the one playing: what the lists call a character without a name, and what a player says of themself.
_PLAYING = frozenset({"your character", "my character", "me", "myself", "you"})


def find_character(state: CampaignState, ref: str | None) -> str:
    """The id of the character a player names (its name or id; none, or "your character" as the lists call one
    without a name, or "me": the one playing)."""
    said = " ".join(str(ref or "").lower().split())
    named = any(str(c.get("name", "")).strip().lower() == said for c in state.characters.values())
    if said in _PLAYING and state.active_character is not None and not named:
        return state.active_character
    if ref is None or not str(ref).strip():
        if state.active_character is None:
            raise InputError("This campaign has no character yet; create one first.")
        return state.active_character
    try:
        return find_id("character", state.characters, str(ref))
    except InputError:
        names = ", ".join(
            str(c.get("name") or ("your character" if cid == state.active_character else f"character {cid.removeprefix('pc')}"))
            for cid, c in state.characters.items()
        )
        raise InputError(f"No character called {ref!r} in this campaign; it has: {names}.") from None


def edit(
    name: str,
    edits: Iterable[Edit] | Mapping[str, Any],
    *,
    character: str | None = None,
    store: CampaignStore | None = None,
    guard: Callable[[AppendContext, Sequence[Event]], None] | None = None,
) -> tuple[StoredEvent | None, list[str]]:
    """Apply ``edits`` to a character (default: the one playing) as one ``character_updated`` event; returns it
    and what changed, in words. Out-of-bounds values are refused and nothing is stored; an edit that leaves the
    sheet as it was ("Health is already 3") stores nothing either (None), so /undo never takes back a no-op.
    ``guard`` checks the event in the same transaction, raising to refuse it (an edit of what a waiting pick sets:
    :func:`assistant.store.pick_guard.refuse_over_waiting_pick`)."""
    said: list[str] = []

    def build(ctx: AppendContext) -> Event:
        cid = find_character(ctx.state, character)
        before = ctx.state.characters[cid]
        after, changes = edit_character(ctx.state.system, before, edits)
        after["id"] = cid
        said[:] = changes
        if after == {**before, "id": cid}:
            raise _Unchanged(changes)
        event = CharacterUpdated(character_id=cid, character=after, reason="; ".join(changes))
        if guard is not None:
            guard(ctx, [event])
        return event

    try:
        stored = append_one(name, build, store)
    except _Unchanged as unchanged:
        return None, unchanged.said
    return stored, said


class _Unchanged(InputError):
    """An edit that leaves the sheet as it was: raised inside the append so that nothing is stored."""

    def __init__(self, said: list[str]) -> None:
        super().__init__("Nothing changed on the sheet.")
        self.said = said


def read_character_file(path: str | Path) -> dict[str, Any]:
    """A character sheet from a JSON or YAML file, or an error saying what is wrong with the file."""
    p = Path(path)
    if not p.is_file():
        raise InputError(f"No character file at {str(path)!r}; give a JSON or YAML file with the character's fields.")
    raw = p.read_bytes()
    if len(raw) > MAX_FILE_BYTES:
        raise InputError(f"The character file is too large (at most {MAX_FILE_BYTES // 1000} kB).")
    try:
        text = raw.decode("utf-8")
        data = json.loads(text) if p.suffix.lower() == ".json" else yaml.safe_load(text)
    except (UnicodeDecodeError, json.JSONDecodeError, yaml.YAMLError) as exc:
        kind = "JSON" if p.suffix.lower() == ".json" else "YAML"
        raise InputError(f"The character file is not valid {kind} ({str(exc).splitlines()[0]}); fix it and try again.") from None
    if not isinstance(data, dict):
        raise InputError('A character file holds one object with the character\'s fields, e.g. {"name": "Kira", "stats": {...}}.')
    return data
