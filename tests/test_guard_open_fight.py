"""A foe of a fight still open told dead on a turn that rolled no progress: "You are separated from the Iron Syndicate's
enforcer, who is now dead." on a Pay the Price roll, read in a real-browser session with a 1.5B model, while the fight
with the syndicate enforcer was open (it ended three turns later on Take Decisive Action)."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, prepare
from assistant.guard.foe_fate import fight_names

PRICE = {"system": "starforged", "move": "Pay the Price", "dice": [30]}
DECISIVE = {"system": "starforged", "move": "Take Decisive Action", "dice": [1, 2], "options": {"progress_boxes": 8}}
FIGHTS = [
    {"name": "The syndicate enforcer", "kind": "combat", "rank": "formidable", "ticks": 8},
    {"name": "Rescue my brother", "kind": "vow", "rank": "dangerous", "ticks": 8},
    {"name": "The old raider", "kind": "combat", "rank": "troublesome", "ticks": 40, "status": "completed"},
]


def open_fight_flags(text: str, request: dict[str, object] = PRICE, tracks: list[dict[str, object]] = FIGHTS) -> list[str]:
    result = resolve(request)
    facts = prepare([result], open_fights=fight_names(tracks))
    return [v.detail for v in check_narration(text, [result], facts=facts) if "fight is still open" in v.detail]


def test_only_open_fights_are_read() -> None:
    assert fight_names(FIGHTS) == ["The syndicate enforcer"]


@pytest.mark.parametrize(
    "text",
    [
        "You are separated from the Iron Syndicate's enforcer, who is now dead.",
        "The enforcer lies dead at your feet.",
        "In the confusion the syndicate enforcer dies.",
        "The enforcer breathes his last in the dust of the corridor.",
    ],
)
def test_the_foe_of_an_open_fight_told_dead_on_a_table_roll_is_flagged(text: str) -> None:
    assert open_fight_flags(text), text


@pytest.mark.parametrize(
    "text",
    [
        "You lose sight of the enforcer in the smoke.",
        "The enforcer is not dead; he staggers back to his feet.",
        "Your old ally, who is now dead, would have known what to do.",
        "The raider lies dead where you left him.",
        "If the enforcer dies here, the syndicate will come for you.",
    ],
)
def test_the_foe_alive_or_someone_else_dead_passes(text: str) -> None:
    assert not open_fight_flags(text), text


def test_the_progress_roll_that_ends_the_fight_may_tell_the_foe_dead() -> None:
    assert not open_fight_flags("The enforcer lies dead at your feet.", DECISIVE)


def test_without_open_fights_nothing_is_read() -> None:
    assert not open_fight_flags("The enforcer lies dead at your feet.", PRICE, [])


def test_a_fight_opened_by_enter_the_fray_in_a_session_is_an_open_fight() -> None:
    from assistant.chat.session import ChatSession
    from assistant.store import service

    service.create_campaign("fight-saga", "starforged", seed=4)
    session = ChatSession.open("fight-saga")
    session.confirm(
        {
            "move": "Enter the Fray",
            "stat": "iron",
            "dice": [4, 1, 8],
            "options": {"track": {"name": "The syndicate enforcer", "rank": "formidable"}},
        }
    )
    tracks = list(session._state.tracks.values())
    assert "The syndicate enforcer" in fight_names(tracks), tracks
