"""``open_store(settings or url)``: SQLite by default, PostgreSQL when a database URL is set."""

from __future__ import annotations

from pathlib import Path

from assistant.config import Settings, load_settings
from assistant.store.base import CampaignStore

#: The SQLite file inside ``TABLETOP_HOME``.
SQLITE_FILE = "campaigns.sqlite3"


def default_sqlite_path(settings: Settings | None = None) -> Path:
    return (settings or load_settings()).home / SQLITE_FILE


def store_url(target: Settings | str | Path | None = None) -> str:
    """The URL :func:`open_store` would open for ``target``."""
    if target is None:
        target = load_settings()
    if isinstance(target, Settings):
        return target.database_url or f"sqlite:///{default_sqlite_path(target)}"
    text = str(target)
    if isinstance(target, Path) or "://" not in text:
        return f"sqlite:///{Path(text).expanduser()}"
    return text


def open_store(target: Settings | str | Path | None = None) -> CampaignStore:
    """Open (creating and migrating if needed) the campaign store for ``target``: settings
    (``TABLETOP_DATABASE_URL``/``DATABASE_URL``, else ``home/campaigns.sqlite3``), a URL
    (``sqlite:///path`` or ``postgresql+psycopg://...``) or a SQLite file path. Default: the
    environment's settings."""
    url = store_url(target)
    if url.startswith("sqlite:///"):
        from assistant.store.sqlite import SQLiteStore

        return SQLiteStore(url[len("sqlite:///") :])
    if url.startswith("postgres://"):
        url = "postgresql+psycopg://" + url[len("postgres://") :]
    elif url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://") :]
    from assistant.store.sqlalchemy_store import SQLAlchemyStore

    return SQLAlchemyStore(url)
