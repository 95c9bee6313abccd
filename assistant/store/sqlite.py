"""The SQLite campaign store (the default): one file, WAL, ``synchronous=NORMAL``.

Each append is one ``BEGIN IMMEDIATE`` ... ``COMMIT`` transaction, so a process killed at any
point (even ``kill -9`` mid-write) leaves every committed event and nothing half-written; other
processes wait on the write lock (``busy_timeout``) and retry if it is still busy.

Durability: in WAL mode ``synchronous=NORMAL`` writes each commit to the write-ahead log without waiting
for the disk (the log is synced at checkpoints). A crash of the app, however abrupt, loses nothing that was
committed: the operating system still has the written log. Only an operating-system crash or a power cut
can lose the last commits before the latest checkpoint (never half of one: the file stays consistent).
``FULL`` would wait for the disk at every commit, which cost up to tens of milliseconds per turn on a busy
machine (``bench/bench_store.py``, ``bench/bench_chat.py``).
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from assistant.store.base import SQLStoreBase, StoreError

BUSY_TIMEOUT_MS = 30_000


class _SQLiteConn:
    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn

    def all(self, sql: str, params: dict[str, Any] | None = None) -> list[tuple[Any, ...]]:
        return self._conn.execute(sql, params or {}).fetchall()

    def run(self, sql: str, params: dict[str, Any] | None = None) -> None:
        self._conn.execute(sql, params or {})

    def many(self, sql: str, rows: list[dict[str, Any]]) -> None:
        self._conn.executemany(sql, rows)


class SQLiteStore(SQLStoreBase):
    dialect = "sqlite"

    def __init__(self, path: str | Path) -> None:
        super().__init__()
        self.path = Path(path).expanduser()
        self.url = f"sqlite:///{self.path}"
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._conn = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None, check_same_thread=False)
        except (OSError, sqlite3.Error) as exc:
            raise StoreError(f"Can't open the campaign database {self.path}: {exc}.") from None
        self._lock = threading.RLock()
        existed = self.path.exists() and self.path.stat().st_size > 0
        try:
            self._retry(self._configure)
            damage = self._quick_check() if existed else "ok"
        except sqlite3.DatabaseError as exc:
            damage = str(exc)
        if damage != "ok":
            self._conn.close()
            raise StoreError(
                f"The campaign database {self.path} is damaged ({damage}); nothing was read or written. "
                "Restore it from a backup, or move it away to start a new one."
            )
        self._migrate()

    def _quick_check(self) -> str:
        """``PRAGMA quick_check`` (the cheap form of the integrity check), run once when an existing file is opened."""
        with self._lock:
            rows = self._conn.execute("PRAGMA quick_check").fetchall()
        return "ok" if [r[0] for r in rows] == ["ok"] else "; ".join(str(r[0]) for r in rows[:3])

    def _configure(self) -> None:
        with self._lock:
            mode = self._conn.execute("PRAGMA journal_mode=WAL").fetchone()[0]
            if str(mode).lower() != "wal":
                raise StoreError(f"Can't switch {self.path} to WAL mode (got {mode}).")
            self._conn.execute("PRAGMA synchronous=NORMAL")  # see the module docstring
            self._conn.execute("PRAGMA foreign_keys=ON")
            self._conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")

    @contextmanager
    def _tx(self, write: bool) -> Iterator[_SQLiteConn]:
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            try:
                yield _SQLiteConn(self._conn)
                self._conn.execute("COMMIT")
            except BaseException:
                if self._conn.in_transaction:
                    self._conn.execute("ROLLBACK")
                raise

    def _driver_errors(self) -> tuple[type[BaseException], ...]:
        return (sqlite3.Error,)

    def _is_transient(self, exc: BaseException) -> bool:
        if isinstance(exc, sqlite3.IntegrityError):
            return "UNIQUE" in str(exc).upper()
        if isinstance(exc, sqlite3.OperationalError):
            text = str(exc).lower()
            return "locked" in text or "busy" in text
        return False

    def integrity_check(self) -> str:
        """``PRAGMA integrity_check``: ``"ok"`` for a sound file."""
        with self._lock:
            return str(self._conn.execute("PRAGMA integrity_check").fetchone()[0])

    def close(self) -> None:
        with self._lock:
            self._conn.close()
