# ruff: noqa: F811  (pytest fixtures imported from tests/rules_index_fixtures.py)
"""The index against a real Chroma server (``chroma run`` on 127.0.0.1), as with TABLETOP_CHROMA_URL."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from assistant.errors import ConfigError
from rules_index import homebrew
from rules_index.index import RulesIndex
from rules_index.search import get_index, search_index
from rules_index.store import make_client
from tests.rules_index_fixtures import CountingEmbedder, tabletop_home  # noqa: F401

pytestmark = pytest.mark.slow
CHROMA = Path(sys.executable).parent / "chroma"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="module")
def chroma_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = _free_port()
    data = tmp_path_factory.mktemp("chroma-server")
    log = (data / "server.log").open("wb")
    proc = subprocess.Popen(
        [str(CHROMA), "run", "--host", "127.0.0.1", "--port", str(port), "--path", str(data / "db")],
        stdout=log,
        stderr=subprocess.STDOUT,
        env={"ANONYMIZED_TELEMETRY": "False", "PATH": "/usr/bin:/bin"},
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                make_client(url=url).heartbeat()
                break
            except Exception:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError((data / "server.log").read_text(errors="replace")[-2000:]) from None
                time.sleep(0.3)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


def test_http_index_builds_incrementally_and_searches(chroma_url: str, tmp_path: Path) -> None:
    embedder = CountingEmbedder()
    index = RulesIndex(embedder, url=chroma_url)
    first = index.sync_corpus()
    assert first.embedded == index.collection.count() > 200
    embedder.embedded.clear()
    second = RulesIndex(embedder, url=chroma_url)  # another client of the same server
    assert second.sync_corpus().embedded == 0 and embedder.embedded == []
    hits = search_index(second, "what happens when my heat level reaches 9", system="blades", k=3)
    assert hits[0].section == "Heat" and hits[0].citation.startswith("blades › Heat (blades.txt:L48-")
    doc = tmp_path / "house.md"
    doc.write_text("# House Rules\n\n## Critical Fumbles\nOn a roll of double ones, your weapon breaks.\n")
    assert homebrew.ingest(doc, "house", second).chunks == 1
    assert "house" in index.systems()  # the first client sees the change through the server
    assert homebrew.remove(doc, index) == 1


def test_settings_url_selects_the_http_client(chroma_url: str, tabletop_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_CHROMA_URL", chroma_url)
    index = get_index()
    assert "fastapi" in index.client.get_settings().chroma_api_impl and "blades" in index.systems()
    assert not (tabletop_home / "rules_index" / "chroma").exists()


def test_unreachable_server_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="Cannot reach the Chroma server"):
        make_client(url=f"http://127.0.0.1:{_free_port()}")
    with pytest.raises(ConfigError, match="is not a URL"):
        make_client(url="ftp://x")
