"""The SQLAlchemy campaign store, for PostgreSQL (``postgresql+psycopg://user@host:port/db``).

Same tables and SQL as SQLite (see :mod:`assistant.store.base`); appenders serialise on the
campaign row with ``SELECT ... FOR UPDATE`` and the ``(campaign_id, seq)`` unique constraint
backs it up. Serialization failures, deadlocks, unique violations and dropped connections are
retried.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from assistant.store.base import SQLStoreBase, StoreError

#: SQLSTATEs worth retrying: serialization failure, deadlock, lock not available, unique violation.
TRANSIENT_SQLSTATES = {"40001", "40P01", "55P03", "23505"}


class _SAConn:
    def __init__(self, conn: Any) -> None:
        from sqlalchemy import text

        self._conn = conn
        self._text = text

    def all(self, sql: str, params: dict[str, Any] | None = None) -> list[tuple[Any, ...]]:
        return [tuple(r) for r in self._conn.execute(self._text(sql), params or {}).fetchall()]

    def run(self, sql: str, params: dict[str, Any] | None = None) -> None:
        self._conn.execute(self._text(sql), params or {})

    def many(self, sql: str, rows: list[dict[str, Any]]) -> None:
        if rows:
            self._conn.execute(self._text(sql), rows)


class SQLAlchemyStore(SQLStoreBase):
    def __init__(self, url: str) -> None:
        super().__init__()
        try:
            from sqlalchemy import create_engine
            from sqlalchemy.exc import ArgumentError, NoSuchModuleError
        except ImportError as exc:  # pragma: no cover - sqlalchemy is a dependency
            raise StoreError(f"SQLAlchemy is needed for a database URL: {exc}.") from None
        try:
            self.engine = create_engine(url, pool_pre_ping=True)
        except (ArgumentError, NoSuchModuleError, ImportError) as exc:
            raise StoreError(f"Bad database URL (use postgresql+psycopg://user@host:port/db): {exc}.") from None
        self.url = self.engine.url.render_as_string(hide_password=True)
        self.dialect = self.engine.dialect.name
        if self.dialect != "postgresql":
            raise StoreError(f"Only PostgreSQL URLs are supported here (got {self.dialect}); leave the URL unset for SQLite.")
        self._migrate()

    @contextmanager
    def _tx(self, write: bool) -> Iterator[_SAConn]:
        with self.engine.begin() as conn:
            yield _SAConn(conn)

    def _driver_errors(self) -> tuple[type[BaseException], ...]:
        from sqlalchemy.exc import DBAPIError

        return (DBAPIError,)

    def _is_transient(self, exc: BaseException) -> bool:
        from sqlalchemy.exc import DBAPIError

        if not isinstance(exc, DBAPIError):
            return False
        if exc.connection_invalidated:
            return True
        state = getattr(exc.orig, "sqlstate", None) or ""
        return state in TRANSIENT_SQLSTATES or state.startswith("08")

    def close(self) -> None:
        self.engine.dispose()
