"""The ``CampaignStore`` protocol and the SQL logic both backends share.

A backend supplies only a transaction (``_tx``), its SQL dialect and which driver errors are
transient; everything else (locking the campaign row, numbering events, snapshots, migrations)
is here, written in SQL that SQLite and PostgreSQL both accept.

Appending is one transaction: lock the campaign row (``SELECT ... FOR UPDATE`` on PostgreSQL,
``BEGIN IMMEDIATE`` on SQLite), read ``last_seq``, insert the events with the next numbers, update
``last_seq``, commit. ``(campaign_id, seq)`` is a unique constraint, so even a buggy writer cannot
create two events with one number; a conflict or a busy database is retried with backoff.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from typing import Any, Protocol, runtime_checkable

from pydantic import BaseModel

from assistant.errors import AssistantError, ConfigError, InputError, UnknownNameError
from assistant.store import migrations
from assistant.store.events import CampaignCreated, Event, StoredEvent, now_iso, parse_stored, scrub_event
from assistant.store.state import FOLD_VERSION, CampaignState, apply

#: Write a snapshot when a load had to fold at least this many events past the latest one.
SNAPSHOT_EVERY = 250
#: Snapshots kept per campaign (the newest ones).
SNAPSHOTS_KEPT = 3
MAX_ATTEMPTS = 200
_NO_LIMIT = 2**62


class StoreError(ConfigError):
    """The database failed (unreachable, corrupt, newer than this code...)."""

    kind = "store"


class CampaignInfo(BaseModel):
    name: str
    system: str
    seed: int
    created_at: str
    last_seq: int


class AppendContext:
    """What a ``build`` callback of :meth:`CampaignStore.append_with` sees, inside the transaction
    that holds the campaign's lock."""

    def __init__(self, store: SQLStoreBase, conn: Conn, cid: int, state: CampaignState) -> None:
        self._store, self._conn, self._cid = store, conn, cid
        self.state = state

    @property
    def next_seq(self) -> int:
        return self.state.last_seq + 1

    def state_at(self, seq: int) -> CampaignState:
        """The state right after event ``seq`` (0 = empty)."""
        return self._store._load_in(self._conn, self._cid, upto=seq, use_snapshot=True)[0]

    def events(self, after: int, upto: int) -> list[StoredEvent]:
        """The events numbered ``after`` + 1 to ``upto`` (those there are)."""
        return self._store._events_in(self._conn, self._cid, after=after, upto=upto)

    def event(self, seq: int) -> StoredEvent:
        found = self._store._events_in(self._conn, self._cid, after=seq - 1, upto=seq)
        if not found:
            raise InputError(f"There is no event {seq} in {self.state.name!r} (it has {self.state.last_seq}).")
        return found[0]


@runtime_checkable
class CampaignStore(Protocol):
    """Where campaigns live. Implementations: :class:`~assistant.store.sqlite.SQLiteStore` and
    :class:`~assistant.store.sqlalchemy_store.SQLAlchemyStore`; get one with
    :func:`assistant.store.open_store`."""

    @property
    def url(self) -> str: ...
    @property
    def dialect(self) -> str: ...

    def create_campaign(self, created: CampaignCreated, initial: Sequence[Event] = ()) -> list[StoredEvent]: ...
    def list_campaigns(self) -> list[CampaignInfo]: ...
    def info(self, name: str) -> CampaignInfo: ...
    def append(self, name: str, events: Sequence[Event]) -> list[StoredEvent]: ...
    def append_with(self, name: str, build: Callable[[AppendContext], Sequence[Event]]) -> list[StoredEvent]: ...
    def events(self, name: str, after: int = 0, upto: int | None = None) -> list[StoredEvent]: ...
    def load(self, name: str, *, upto: int | None = None, use_snapshot: bool = True) -> CampaignState: ...
    def snapshot(self, name: str) -> int: ...
    def schema_version(self) -> int: ...
    def close(self) -> None: ...


class Conn(Protocol):
    def all(self, sql: str, params: dict[str, Any] | None = None) -> list[tuple[Any, ...]]: ...
    def run(self, sql: str, params: dict[str, Any] | None = None) -> None: ...
    def many(self, sql: str, rows: list[dict[str, Any]]) -> None: ...


class SQLStoreBase:
    url: str = ""
    dialect: str = ""
    _cache: dict[int, CampaignState]
    _cache_lock: threading.RLock

    def __init__(self) -> None:
        self._cache = {}
        self._cache_lock = threading.RLock()

    # ---- backend hooks ----------------------------------------------------------------------------
    def _tx(self, write: bool) -> AbstractContextManager[Conn]:
        raise NotImplementedError

    def _is_transient(self, exc: BaseException) -> bool:
        raise NotImplementedError

    def _driver_errors(self) -> tuple[type[BaseException], ...]:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    @property
    def _for_update(self) -> str:
        return " FOR UPDATE" if self.dialect == "postgresql" else ""

    # ---- retry ------------------------------------------------------------------------------------
    def _retry(self, fn: Callable[[], Any]) -> Any:
        delay = 0.002
        for attempt in range(MAX_ATTEMPTS):
            try:
                return fn()
            except AssistantError:
                raise
            except self._driver_errors() as exc:
                if not self._is_transient(exc) or attempt == MAX_ATTEMPTS - 1:
                    raise StoreError(f"The campaign database failed ({self.url}): {_short(exc)}") from None
                time.sleep(delay * random.uniform(0.5, 1.5))
                delay = min(delay * 2, 0.1)
        raise AssertionError("unreachable")

    # ---- migrations -------------------------------------------------------------------------------
    def _migrate(self) -> None:
        def go() -> None:
            with self._tx(write=True) as conn:
                if self.dialect == "postgresql":
                    conn.run("SELECT pg_advisory_xact_lock(7226521)")
                conn.run(migrations.VERSION_TABLE)
                rows = conn.all("SELECT version FROM schema_version")
                current = rows[0][0] if rows else 0
                if current > migrations.SCHEMA_VERSION:
                    raise StoreError(
                        f"The campaign database {self.url} has schema version {current}, newer than this "
                        f"program's {migrations.SCHEMA_VERSION}; upgrade tabletop-oracle to open it."
                    )
                for version, stmts in migrations.statements(current, migrations.SCHEMA_VERSION, self.dialect):
                    for sql in stmts:
                        conn.run(sql)
                    if rows:
                        conn.run("UPDATE schema_version SET version = :v", {"v": version})
                    else:
                        conn.run("INSERT INTO schema_version (version) VALUES (:v)", {"v": version})
                        rows = [(version,)]

        self._retry(go)

    def schema_version(self) -> int:
        def go() -> int:
            with self._tx(write=False) as conn:
                return int(conn.all("SELECT version FROM schema_version")[0][0])

        return int(self._retry(go))

    # ---- reads ------------------------------------------------------------------------------------
    def _campaign_row(self, conn: Conn, name: str, lock: bool = False) -> tuple[Any, ...]:
        sql = "SELECT id, name, system, seed, created_at, last_seq FROM campaigns WHERE name = :name"
        rows = conn.all(sql + (self._for_update if lock else ""), {"name": name})
        if not rows:
            raise UnknownNameError(f"No campaign called {name!r}. List them with `assistant campaign list`.")
        return rows[0]

    def _events_in(self, conn: Conn, cid: int, after: int, upto: int | None) -> list[StoredEvent]:
        rows = conn.all(
            "SELECT seq, type, v, payload FROM events WHERE campaign_id = :cid AND seq > :after AND seq <= :upto ORDER BY seq",
            {"cid": cid, "after": after, "upto": _NO_LIMIT if upto is None else upto},
        )
        return [StoredEvent(seq=seq, event=parse_stored(t, v, payload)) for seq, t, v, payload in rows]

    def _load_in(self, conn: Conn, cid: int, upto: int | None, use_snapshot: bool) -> tuple[CampaignState, int]:
        """(state after event ``upto``, how many events were folded past the snapshot)."""
        start: CampaignState | None = None
        after = 0
        if use_snapshot:
            rows = conn.all(
                "SELECT seq, state FROM snapshots WHERE campaign_id = :cid AND fold_version = :fv "
                "AND seq <= :upto ORDER BY seq DESC LIMIT 1",
                {"cid": cid, "fv": FOLD_VERSION, "upto": _NO_LIMIT if upto is None else upto},
            )
            if rows:
                after, start = rows[0][0], CampaignState.model_validate_json(rows[0][1])
        tail = self._events_in(conn, cid, after, upto)
        state = start if start is not None else CampaignState()
        for stored in tail:
            apply(state, stored, copy_values=False)  # freshly decoded events: nothing else holds them
        return state, len(tail)

    def info(self, name: str) -> CampaignInfo:
        def go() -> CampaignInfo:
            with self._tx(write=False) as conn:
                return _info(self._campaign_row(conn, name))

        return self._retry(go)

    def list_campaigns(self) -> list[CampaignInfo]:
        def go() -> list[CampaignInfo]:
            with self._tx(write=False) as conn:
                rows = conn.all("SELECT id, name, system, seed, created_at, last_seq FROM campaigns ORDER BY name")
                return [_info(r) for r in rows]

        return self._retry(go)

    def events(self, name: str, after: int = 0, upto: int | None = None) -> list[StoredEvent]:
        def go() -> list[StoredEvent]:
            with self._tx(write=False) as conn:
                cid = self._campaign_row(conn, name)[0]
                return self._events_in(conn, cid, after, upto)

        return self._retry(go)

    def load(self, name: str, *, upto: int | None = None, use_snapshot: bool = True) -> CampaignState:
        """The campaign's state (after event ``upto``, default the last), from the newest snapshot
        plus the events after it; writes a new snapshot when that tail was long."""

        def go() -> tuple[int, CampaignState, int]:
            with self._tx(write=False) as conn:
                cid = self._campaign_row(conn, name)[0]
                state, folded = self._load_in(conn, cid, upto, use_snapshot)
                return cid, state, folded

        cid, state, folded = self._retry(go)
        if use_snapshot and upto is None and folded >= SNAPSHOT_EVERY:
            self._retry(lambda: self._write_snapshot_tx(cid, state))
        return state

    # ---- snapshots --------------------------------------------------------------------------------
    def _write_snapshot(self, conn: Conn, cid: int, state: CampaignState) -> None:
        conn.run(
            "INSERT INTO snapshots (campaign_id, seq, fold_version, state, created_at) "
            "VALUES (:cid, :seq, :fv, :state, :at) ON CONFLICT DO NOTHING",
            {"cid": cid, "seq": state.last_seq, "fv": FOLD_VERSION, "state": state.model_dump_json(), "at": now_iso()},
        )
        keep = conn.all(
            "SELECT seq FROM snapshots WHERE campaign_id = :cid ORDER BY seq DESC LIMIT :n", {"cid": cid, "n": SNAPSHOTS_KEPT}
        )
        if len(keep) == SNAPSHOTS_KEPT:
            conn.run("DELETE FROM snapshots WHERE campaign_id = :cid AND seq < :seq", {"cid": cid, "seq": keep[-1][0]})

    def _write_snapshot_tx(self, cid: int, state: CampaignState) -> None:
        with self._tx(write=True) as conn:
            self._write_snapshot(conn, cid, state)

    def snapshot(self, name: str) -> int:
        """Write a snapshot of the current state now; returns its sequence number."""
        state = self.load(name, use_snapshot=True)
        cid = self._retry(lambda: self._cid(name))
        self._retry(lambda: self._write_snapshot_tx(cid, state))
        return state.last_seq

    def _cid(self, name: str) -> int:
        with self._tx(write=False) as conn:
            return int(self._campaign_row(conn, name)[0])

    # ---- writes -----------------------------------------------------------------------------------
    def _insert(self, conn: Conn, cid: int, first_seq: int, events: Sequence[Event]) -> list[StoredEvent]:
        stored = [StoredEvent(seq=first_seq + i, event=scrub_event(ev)) for i, ev in enumerate(events)]
        conn.many(
            "INSERT INTO events (campaign_id, seq, type, v, payload, created_at) VALUES (:cid, :seq, :type, :v, :payload, :at)",
            [
                {
                    "cid": cid,
                    "seq": s.seq,
                    "type": s.event.type,
                    "v": s.event.v,
                    "payload": s.event.model_dump_json(),
                    "at": s.event.at,
                }
                for s in stored
            ],
        )
        if stored:
            conn.run("UPDATE campaigns SET last_seq = :seq WHERE id = :cid", {"seq": stored[-1].seq, "cid": cid})
        return stored

    def create_campaign(self, created: CampaignCreated, initial: Sequence[Event] = ()) -> list[StoredEvent]:
        """Create a campaign whose log starts with ``created`` then ``initial``, atomically."""

        def go() -> list[StoredEvent]:
            with self._tx(write=True) as conn:
                if conn.all("SELECT id FROM campaigns WHERE name = :name", {"name": created.name}):
                    raise InputError(f"A campaign called {created.name!r} already exists; pick another name.")
                rows = conn.all(
                    "INSERT INTO campaigns (name, system, seed, created_at, last_seq) "
                    "VALUES (:name, :system, :seed, :at, 0) RETURNING id",
                    {"name": created.name, "system": created.system, "seed": created.seed, "at": created.at},
                )
                return self._insert(conn, rows[0][0], 1, [created, *initial])

        return self._retry(go)

    def append(self, name: str, events: Sequence[Event]) -> list[StoredEvent]:
        """Append ``events`` (in one transaction) and return them with their sequence numbers."""
        if any(ev.type == "campaign_created" for ev in events):
            raise InputError("campaign_created can only be the first event of a campaign.")

        def go() -> list[StoredEvent]:
            with self._tx(write=True) as conn:
                cid, *_rest, last = self._campaign_row(conn, name, lock=True)
                return self._insert(conn, cid, last + 1, events)

        return self._retry(go)

    def append_with(self, name: str, build: Callable[[AppendContext], Sequence[Event]]) -> list[StoredEvent]:
        """Read-decide-append atomically: ``build`` gets the current state (under the campaign's lock;
        it must not modify it) and returns the events to append. An :class:`AssistantError` from
        ``build`` appends nothing. ``build`` may be called again if the transaction is retried.

        The state comes from a per-process cache advanced by the events committed since (by anyone),
        so an append costs the same on a 10-event and a 10,000-event campaign."""

        def go() -> tuple[int, CampaignState, list[StoredEvent], bool]:
            with self._tx(write=True) as conn:
                cid = self._campaign_row(conn, name, lock=True)[0]
                state = self._cached_state(conn, cid)
                events = list(build(AppendContext(self, conn, cid, state)))
                if any(ev.type == "campaign_created" for ev in events):
                    raise InputError("campaign_created can only be the first event of a campaign.")
                stored = self._insert(conn, cid, state.last_seq + 1, events)
                snap = (
                    conn.all(
                        "SELECT MAX(seq) FROM snapshots WHERE campaign_id = :cid AND fold_version = :fv",
                        {"cid": cid, "fv": FOLD_VERSION},
                    )[0][0]
                    or 0
                )
                return cid, state, stored, state.last_seq + len(stored) - snap >= SNAPSHOT_EVERY

        with self._cache_lock:
            cid, state, stored, want_snapshot = self._retry(go)
            for ev in stored:  # committed: advance the cache
                apply(state, ev)
            if want_snapshot:
                self._retry(lambda: self._write_snapshot_tx(cid, state))
        return stored

    def _cached_state(self, conn: Conn, cid: int) -> CampaignState:
        cached = self._cache.get(cid)
        if cached is not None:
            for stored in self._events_in(conn, cid, cached.last_seq, None):
                apply(cached, stored, copy_values=False)
            return cached
        state = self._load_in(conn, cid, None, True)[0]
        self._cache[cid] = state
        return state


def _info(row: tuple[Any, ...]) -> CampaignInfo:
    _cid, name, system, seed, created_at, last_seq = row
    return CampaignInfo(name=name, system=system, seed=seed, created_at=created_at, last_seq=last_seq)


def _short(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__
