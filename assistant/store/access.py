"""The campaign store a process uses (one per URL, opened once) and the checks every campaign operation shares:
a campaign's name, a text's size, a character sheet; one atomic append built from the campaign as it is."""

from __future__ import annotations

import threading
from typing import Any

from assistant.config import Settings
from assistant.engine import get_ruleset
from assistant.errors import InputError
from assistant.store.base import CampaignStore
from assistant.store.events import StoredEvent
from assistant.store.factory import open_store, store_url
from assistant.store.moves import slug, unique

MAX_NAME = 80
MAX_TEXT = 100_000

_STORES: dict[str, CampaignStore] = {}
_STORES_LOCK = threading.Lock()


# ---- the store -------------------------------------------------------------------------------------


def get_store(target: Settings | str | None = None) -> CampaignStore:
    """The (cached) store for ``target`` (default: the current settings)."""
    url = store_url(target)
    with _STORES_LOCK:
        if url not in _STORES:
            _STORES[url] = open_store(url)
        return _STORES[url]


def close_stores() -> None:
    with _STORES_LOCK:
        for store in _STORES.values():
            store.close()
        _STORES.clear()


def store_or_default(store: CampaignStore | None) -> CampaignStore:
    return store if store is not None else get_store()


def app_version() -> str:
    try:
        from importlib.metadata import version

        return version("tabletop-oracle")
    except Exception:  # noqa: BLE001 - not installed: no version to record
        return ""


# ---- checks ----------------------------------------------------------------------------------------


def check_name(name: object) -> str:
    if not isinstance(name, str) or not name.strip():
        raise InputError('A campaign needs a name, e.g. `assistant campaign new "Iron Road" --system starforged`.')
    name = name.strip()
    if len(name) > MAX_NAME or any(ord(c) < 32 for c in name):
        raise InputError(f"A campaign name is 1-{MAX_NAME} printable characters.")
    return name


def checked_text(value: object, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InputError(f"{what} must be non-empty text.")
    if len(value) > MAX_TEXT:
        raise InputError(f"{what} is too long (at most {MAX_TEXT} characters).")
    return value


def normalize_character(system: str, character: object) -> dict[str, Any]:
    if character is not None and not isinstance(character, dict):
        raise InputError('A character is a JSON object (the system\'s sheet), e.g. {"name": "Kira", "stats": {...}}.')
    return get_ruleset(system).sheet.normalize(character or {})


def new_character(system: str, character: object, taken: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    sheet = normalize_character(system, character)
    wanted = str(sheet.get("id") or "") or slug(str(sheet.get("name", "")), "pc1")
    if sheet.get("id") and wanted in taken:
        raise InputError(f"There is already a character with id {wanted!r}.")
    cid = unique(wanted, taken)
    sheet["id"] = cid
    return cid, sheet


def append_one(name: str, build: Any, store: CampaignStore | None) -> StoredEvent:
    """Append the one event ``build(ctx)`` makes from the campaign as it is (under its lock)."""
    return store_or_default(store).append_with(name, lambda ctx: [build(ctx)])[0]
