"""Campaign store benchmark: append time per event and load time of a 10,000-event campaign.

Runs on SQLite (WAL, synchronous=NORMAL) in a temporary directory and, when PostgreSQL is available
(``TABLETOP_DATABASE_URL`` set, or Debian's server binaries to start a throwaway one), on PostgreSQL.

    python bench/bench_store.py [--events 10000] [--single 500]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from assistant.store import service  # noqa: E402
from assistant.store.base import CampaignStore  # noqa: E402
from assistant.store.events import ChatMessage, MoveResolved  # noqa: E402
from assistant.store.factory import open_store  # noqa: E402

MOVE = {"move": "Face Danger", "stat": "edge", "adds": 10}


def bench(label: str, store: CampaignStore, total: int, single: int) -> None:
    name = "bench"
    service.create_campaign(name, "starforged", seed=1, store=store)
    t0 = time.perf_counter()
    for i in range(single):
        store.append(name, [ChatMessage(role="user", text=f"message {i}: " + "x" * 200)])
    chat = (time.perf_counter() - t0) / single
    t0 = time.perf_counter()
    for _ in range(single):
        service.resolve_in_campaign(name, MOVE, store=store)
    move = (time.perf_counter() - t0) / single
    template = next(e.event for e in store.events(name, after=store.info(name).last_seq - 1) if isinstance(e.event, MoveResolved))
    t0 = time.perf_counter()
    while (last := store.info(name).last_seq) < total:
        batch = [template if i % 3 == 0 else ChatMessage(role="assistant", text="y" * 300) for i in range(min(500, total - last))]
        store.append(name, batch)
    bulk = (time.perf_counter() - t0) / max(1, total - 2 - 2 * single)
    t0 = time.perf_counter()
    full = store.load(name, use_snapshot=False)
    no_snap = time.perf_counter() - t0
    store.snapshot(name)
    store.append(name, [ChatMessage(role="user", text="one more")])
    t0 = time.perf_counter()
    snap = store.load(name)
    with_snap = time.perf_counter() - t0
    assert snap.last_seq == full.last_seq + 1 == total + 1
    print(
        f"{label:10} append/event: chat {chat * 1000:7.2f} ms, move (resolve+append) {move * 1000:7.2f} ms, "
        f"batched {bulk * 1000:6.3f} ms | load {total} events: no snapshot {no_snap:6.2f} s, "
        f"snapshot+1 event {with_snap * 1000:7.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--events", type=int, default=10_000)
    parser.add_argument("--single", type=int, default=300, help="single-event appends timed (each kind)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        store = open_store(Path(tmp) / "campaigns.sqlite3")
        bench("sqlite", store, args.events, args.single)
        store.close()
    url = os.environ.get("TABLETOP_DATABASE_URL") or os.environ.get("DATABASE_URL")
    server = None
    if not url:
        from tests.store_fixtures import PgServer, _pg_bin

        bindir = _pg_bin()
        if bindir is None:
            print("postgres   skipped: no TABLETOP_DATABASE_URL and no server binaries (scripts/test-services.sh)")
            return
        server = PgServer(bindir)
        server.start()
        url = server.new_database()
        label = "postgres*"
    else:
        label = "postgres"
    try:
        store = open_store(url)
        bench(label, store, args.events, args.single)
        store.close()
        if server is not None:
            print("           * throwaway server with fsync=off (numbers are not durable-commit latencies)")
    finally:
        if server is not None:
            server.stop()


if __name__ == "__main__":
    main()
