"""A database written by schema version 1 (with version-1 events) opens, migrates and replays."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from assistant.engine import get_ruleset, resolve
from assistant.store import migrations, service
from assistant.store.base import StoreError
from assistant.store.events import MoveResolved
from assistant.store.factory import open_store
from tests.store_fixtures import *  # noqa: F403

AT = "2024-01-01T00:00:00.000000+00:00"


def _v1_payloads() -> list[dict[str, Any]]:
    character = {**get_ruleset("starforged").default_character(), "id": "pc1", "name": "Old Timer"}
    request = {"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [6, 1, 2]}
    result = resolve({**request, "character": character}).to_dict()
    return [
        {"type": "campaign_created", "v": 1, "at": AT, "name": "old", "system": "starforged", "seed": 42},
        {"type": "character_added", "v": 1, "at": AT, "character_id": "pc1", "character": character, "active": True},
        {"type": "chat_message", "v": 1, "at": AT, "role": "user", "text": "Back in the old days"},
        # version-1 move: the character id under "character", no dice_source/state_change
        {"type": "move_resolved", "v": 1, "at": AT, "request": request, "character": "pc1", "dice": [6, 1, 2], "result": result},
    ]


def _write_v1(run: Callable[[str, dict[str, Any]], None], dialect: str) -> None:
    run(migrations.VERSION_TABLE, {})
    for sql in migrations.MIGRATIONS[1](dialect):
        run(sql, {})
    run("INSERT INTO schema_version (version) VALUES (1)", {})
    run("INSERT INTO campaigns (id, name, system, seed, created_at) VALUES (1, 'old', 'starforged', 42, :at)", {"at": AT})
    for seq, payload in enumerate(_v1_payloads(), 1):
        run(
            "INSERT INTO events (campaign_id, seq, type, payload) VALUES (1, :seq, :type, :payload)",
            {"seq": seq, "type": payload["type"], "payload": json.dumps(payload)},
        )


def _make_v1_database(backend: str) -> None:
    if backend.startswith("sqlite:///"):
        path = Path(backend[len("sqlite:///") :])
        path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(path)
        with conn:
            _write_v1(lambda sql, p: conn.execute(sql, p), "sqlite")
        conn.close()
        return
    from sqlalchemy import create_engine, text

    engine = create_engine(backend)
    with engine.begin() as conn:
        _write_v1(lambda sql, p: conn.execute(text(sql), p), "postgresql")
    engine.dispose()


def test_a_version_1_campaign_still_opens(backend: str) -> None:
    _make_v1_database(backend)
    store = service.get_store()
    assert store.schema_version() == migrations.SCHEMA_VERSION == 2
    state = service.load_campaign("old")
    assert state.seed == 42 and state.moves == 1
    assert state.characters["pc1"]["momentum"] == 3 and state.characters["pc1"]["name"] == "Old Timer"
    assert store.info("old").last_seq == 4  # backfilled by migration 2
    move = store.events("old")[3].event
    assert isinstance(move, MoveResolved) and move.v == 2 and move.dice_source == "forced"
    assert move.state_change.character_id == "pc1" and move.state_change.before is not None
    # it carries on: new events continue the numbering, and the whole log replays
    result = service.resolve_in_campaign("old", {"move": "Face Danger", "stat": "edge", "dice": [4, 2, 9]})
    assert result.character_before is not None and result.character_before["momentum"] == 3
    assert store.info("old").last_seq == 5
    assert service.replay("old").characters["pc1"]["momentum"] == 3
    service.undo_last("old")
    service.undo_last("old")  # the version-1 move
    assert service.load_campaign("old").characters["pc1"]["momentum"] == 2


def test_a_fresh_store_runs_every_migration_once(backend: str) -> None:
    first = open_store(backend)
    assert first.schema_version() == migrations.SCHEMA_VERSION
    first.close()
    second = open_store(backend)  # opening again changes nothing
    assert second.schema_version() == migrations.SCHEMA_VERSION and second.list_campaigns() == []
    second.close()


def test_a_newer_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite3"
    open_store(path).close()
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("UPDATE schema_version SET version = 99")
    conn.close()
    with pytest.raises(StoreError, match="newer"):
        open_store(path)
