# ruff: noqa: F811  (pytest fixtures imported from tests/rules_index_fixtures.py)
"""Files from outside are read only when they are what they claim: ingest and import refuse symlinks and pipes
(which would hang), and a damaged campaign database is detected when it is opened, before anything is written."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from assistant.errors import InputError
from assistant.store import service
from assistant.store.base import StoreError
from assistant.store.sqlite import SQLiteStore
from rules_index import homebrew
from rules_index.index import RulesIndex
from tests.rules_index_fixtures import hash_index, tabletop_home  # noqa: F401


def test_ingest_refuses_a_symlink_out_of_its_folder(hash_index: RulesIndex, tmp_path: Path) -> None:
    secret = tmp_path / "elsewhere" / "passwd.md"
    secret.parent.mkdir()
    secret.write_text("# Accounts\n\nroot:x:0:0:the secret line\n", encoding="utf-8")
    link = tmp_path / "rules" / "house-rules.md"
    link.parent.mkdir()
    link.symlink_to(secret)
    with pytest.raises(InputError, match="symbolic link"):
        homebrew.ingest(link, "my-hack", hash_index)
    assert not any("secret line" in c.text for c in hash_index.chunks())


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX feature")
def test_ingest_and_import_refuse_a_pipe_instead_of_hanging(hash_index: RulesIndex, tmp_path: Path) -> None:
    pipe = tmp_path / "rules.md"
    os.mkfifo(pipe)
    with pytest.raises(InputError, match="not a regular file"):
        homebrew.ingest(pipe, "my-hack", hash_index)
    from typer.testing import CliRunner

    from assistant.cli import app

    out = CliRunner().invoke(app, ["campaign", "import", str(pipe)])
    assert out.exit_code != 0 and "not a regular file" in out.output and "Traceback" not in out.output


def test_a_damaged_database_is_refused_at_open_and_left_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "campaigns.db"
    store = SQLiteStore(path)
    service.create_campaign("saga", "starforged", seed=1, store=store)
    for _ in range(30):
        service.append_chat("saga", "user", "We push on through the storm. " * 20, store=store)
    store.close()
    with path.open("r+b") as fh:  # garble the start of the second page (a b-tree page)
        fh.seek(4096)
        fh.write(b"\xa5" * 64)
    damaged = path.read_bytes()
    with pytest.raises(StoreError, match="damaged"):
        SQLiteStore(path)
    assert path.read_bytes() == damaged
