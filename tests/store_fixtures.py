"""Fixtures for the campaign store tests: every store test runs on SQLite and on a real, throwaway
PostgreSQL server (started here from Debian's binaries; ``scripts/test-services.sh`` installs them).

Import the fixtures into a test module with ``from tests.store_fixtures import *``.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from assistant.store import service
from assistant.store.base import CampaignStore

__all__ = ["PgServer", "backend", "pg_server", "store", "FACE_DANGER_WEAK", "FACE_DANGER_STRONG"]

#: Face Danger with the default character (edge 3): 4+3=7 vs 2, 9 is a weak hit; 6+3=9 vs 1, 2 strong.
FACE_DANGER_WEAK = {"move": "Face Danger", "stat": "edge", "dice": [4, 2, 9]}
FACE_DANGER_STRONG = {"move": "Face Danger", "stat": "edge", "dice": [6, 1, 2]}


def _pg_bin() -> Path | None:
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/postgres"), key=lambda p: int(p.split("/")[4]) if p.split("/")[4].isdigit() else 0
    )
    if found:
        return Path(found[-1]).parent
    on_path = shutil.which("postgres")
    return Path(on_path).parent if on_path else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class PgServer:
    """A PostgreSQL server in a temporary directory on 127.0.0.1 (run as an unprivileged user when
    the tests run as root), with trust auth for the ``postgres`` role."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.dir = Path(tempfile.mkdtemp(prefix="tabletop-pg-"))
        self.data = self.dir / "data"
        self.port = _free_port()
        self.log = self.dir / "server.log"
        self.proc: subprocess.Popen[bytes] | None = None
        self._user: dict[str, int] = {}
        if os.geteuid() == 0:
            try:
                pw = pwd.getpwnam("postgres")
            except KeyError:
                pw = pwd.getpwnam("nobody")
            self._user = {"user": pw.pw_uid, "group": pw.pw_gid}
            os.chown(self.dir, pw.pw_uid, pw.pw_gid)
        self.dir.chmod(0o700)

    def _run(self, args: list[str]) -> None:
        env = {**os.environ, "LC_ALL": "C", "LANG": "C"}
        proc = subprocess.run(  # type: ignore[call-overload]
            args,
            capture_output=True,
            text=True,
            env=env,
            cwd=self.dir,
            timeout=120,
            extra_groups=[] if self._user else None,
            **self._user,
        )
        if proc.returncode != 0:
            raise RuntimeError(f"{args[0]} failed: {proc.stdout}\n{proc.stderr}")

    def start(self) -> None:
        self._run(
            [
                str(self.bindir / "initdb"),
                "-D",
                str(self.data),
                "-U",
                "postgres",
                "--auth=trust",
                "-E",
                "UTF8",
                "--locale=C",
                "--no-sync",
            ]
        )
        env = {**os.environ, "LC_ALL": "C", "LANG": "C"}
        with self.log.open("wb") as log:
            self.proc = subprocess.Popen(  # type: ignore[call-overload]
                [
                    str(self.bindir / "postgres"),
                    "-D",
                    str(self.data),
                    "-k",
                    str(self.dir),
                    "-p",
                    str(self.port),
                    "-h",
                    "127.0.0.1",
                    "-c",
                    "fsync=off",
                    "-c",
                    "synchronous_commit=off",
                    "-c",
                    "full_page_writes=off",
                    "-c",
                    "max_connections=200",
                ],
                stdout=log,
                stderr=subprocess.STDOUT,
                env=env,
                cwd=self.dir,
                extra_groups=[] if self._user else None,
                **self._user,
            )
        import psycopg

        deadline = time.monotonic() + 60
        while True:
            try:
                with psycopg.connect(self.dsn("postgres"), connect_timeout=2):
                    return
            except psycopg.OperationalError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"PostgreSQL did not start: {self.log.read_text(errors='replace')[-2000:]}") from None
                time.sleep(0.1)

    def dsn(self, db: str) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{db}"

    def new_database(self) -> str:
        """A fresh empty database; returns its SQLAlchemy URL."""
        import psycopg

        name = "t_" + uuid.uuid4().hex[:16]
        with psycopg.connect(self.dsn("postgres"), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{name}"

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)  # fast shutdown
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        shutil.rmtree(self.dir, ignore_errors=True)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    bindir = _pg_bin()
    if bindir is None:
        pytest.fail(
            "PostgreSQL server binaries not found (/usr/lib/postgresql/*/bin/postgres): "
            "run `bash scripts/test-services.sh` (as root) to install them."
        )
    server = PgServer(bindir)
    try:
        server.start()
    except Exception:
        server.stop()
        raise
    yield server
    server.stop()


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The store URL of this test's backend, also set in the environment (so the service functions
    and the CLI use it)."""
    if request.param == "postgres":
        url = request.getfixturevalue("pg_server").new_database()
        monkeypatch.setenv("TABLETOP_DATABASE_URL", url)
    else:
        monkeypatch.delenv("TABLETOP_DATABASE_URL", raising=False)
        monkeypatch.delenv("DATABASE_URL", raising=False)
        url = f"sqlite:///{Path(os.environ['TABLETOP_HOME']) / 'campaigns.sqlite3'}"
    yield url
    service.close_stores()


@pytest.fixture
def store(backend: str) -> CampaignStore:
    return service.get_store()
