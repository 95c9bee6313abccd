"""``campaign show`` lists what the player did (a pick reads as the pick, an undo the player asked for says what it took
back), not the undos a pick writes to keep the edits made while it waited; ``campaign list`` names the game, the
characters and when the campaign was last played, in words; ``--json`` keeps everything."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from typer.testing import CliRunner

from assistant.chat.session import ChatSession
from assistant.cli import app
from assistant.store import service
from assistant.store.shown_log import when_played
from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def _played(name: str) -> ChatSession:
    session, _dice = open_campaign(name, "starforged")
    for line in ("/set name Kira", "/set health 1"):
        assert session.send(line).kind != "error", line
    session.confirm({"move": "Endure Harm", "stat": "health", "options": {"amount": 1}, "dice": [1, 9, 9]})
    for line in ("/add asset Starship", "/choose mark wounded", "/undo", "/choose mark permanently harmed"):
        assert session.send(line).kind != "error", line
    return session


def _run(*args: str) -> str:
    result = CliRunner().invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def test_show_lists_the_picks_and_the_players_undo_not_the_stores_bookkeeping() -> None:
    _played("Shown")
    out = _run("campaign", "show", "Shown", "--tail", "40")
    assert "Undid event" not in out and "character_updated" not in out and "move_resolved" not in out, out
    assert out.startswith("Shown — Ironsworn: Starforged, seed 7"), out
    rolls = [line for line in out.splitlines() if "engine: Endure Harm" in line]
    assert len(rolls) == 3, rolls  # the roll, the first pick (undone), the second pick
    assert not rolls[0].endswith("(undone)") and rolls[1].endswith("(with your pick) (undone)"), rolls
    assert rolls[2].endswith("(with your pick)"), rolls
    assert "system: Undone: what you chose after rolling Endure Harm; the roll stands as first rolled." in out, out
    document = json.loads(_run("campaign", "show", "Shown", "--json"))
    state = service.load_campaign("Shown")
    assert len(document["events"]) == state.last_seq and len(document["transcript"]) == len(state.transcript)  # complete
    assert [p["text"] for p in document["played"] if p["role"] == "system"] == [
        "Undone: what you chose after rolling Endure Harm; the roll stands as first rolled."
    ]


def test_list_names_the_game_the_characters_and_when_it_was_last_played() -> None:
    session = _played("Listed")
    assert session.send("/character add Mara").kind != "error"
    out = _run("campaign", "list")
    assert "Listed — Ironsworn: Starforged, played by Kira, Mara; last played today at " in out, out
    assert "starforged" not in out and "events" not in out, out
    rows = json.loads(_run("campaign", "list", "--json"))
    row = next(r for r in rows if r["name"] == "Listed")
    assert row["system"] == "starforged" and row["last_seq"] == service.load_campaign("Listed").last_seq
    assert row["characters"] == ["Kira", "Mara"] and row["game"] == "Ironsworn: Starforged"
    assert row["last_played_at"] >= row["created_at"]


def test_when_played_reads_as_a_player_says_it() -> None:
    now = dt.datetime(2026, 11, 29, 12, 0, tzinfo=dt.UTC)
    local = now.astimezone()

    def at(delta: dt.timedelta) -> str:
        return (now - delta).isoformat()

    assert when_played(at(dt.timedelta(minutes=5)), now).startswith("today at ") or local.hour == 0
    assert when_played(at(dt.timedelta(days=1)), now).startswith("yesterday at ")
    assert when_played(at(dt.timedelta(days=3)), now).startswith("on ") and " at " in when_played(at(dt.timedelta(days=3)), now)
    assert when_played(at(dt.timedelta(days=30)), now) == f"on {(now - dt.timedelta(days=30)).astimezone().day} Oct 2026"
    assert when_played("", now) == "never"


def test_the_undo_of_a_second_pick_says_the_first_still_stands_in_show_and_export() -> None:
    session, dice = open_campaign("Two picks", "city")
    dice.queue(4, 4)  # Transit 8: a 7-9, pick 2 consequences
    for line in ("/roll transit", "/add tie Marlo", "/choose 1", "/choose 1", "/undo"):
        assert session.send(line).kind != "error", line
    said = "Undone: what you chose last after rolling Transit; the roll stands as it was before that pick."
    assert said in _run("campaign", "show", "Two picks"), _run("campaign", "show", "Two picks")
    assert said.rstrip(".") in service.export("Two picks", "markdown")
