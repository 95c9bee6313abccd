"""Round 35, the move a player's words call for, through the chat: a job's name that is also the prison's ("the
Ironhook payroll job ... payoff time"), the city game's directing and allies, an Elegy waking, and Feed's consent
approach, which only the words tell."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def _moves(system: str, text: str) -> list[tuple[str, str | None]]:
    session, _ = open_campaign("Words", system)
    turn = session.send(text)
    assert turn.kind != "error", turn.error
    return [(s.move, s.stat) for s in turn.suggestions]


@pytest.mark.parametrize(
    "text",
    [
        "we finished the Ironhook payroll job, 4 coin take and it got pretty bloody. payoff time",
        "payoff time",
    ],
)
def test_blades_payoff_said_is_the_payoff_not_a_prison_sentence(text: str) -> None:
    shown = _moves("blades", text)
    assert shown[0][0] == "Payoff", shown


def test_blades_going_to_ironhook_is_still_incarceration() -> None:
    shown = _moves("blades", "I turn myself in and get sent to Ironhook")
    assert shown[0][0] == "Incarceration", shown


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("i direct the dockhands to load everything tonight", "Direct Someone to Act"),
        ("we call in the Lamplighters guild as allies to push the collector out of the Tanneries", "Eliminate Threat"),
    ],
)
def test_city_directing_and_allies(text: str, move: str) -> None:
    shown = _moves("city", text)
    assert shown[0][0] == move, shown
    assert "Get Something" not in [m for m, _ in shown[:1]]


@pytest.mark.parametrize(
    "text",
    [
        "i wake in the cellar of the burned tannery, the thirst is clawing at me",
        "I wake at sunset in the crypt beneath the chapel of St Alwen, hungry and sore",
    ],
)
def test_elegy_waking_is_awake_at_sunset_before_feed(text: str) -> None:
    shown = _moves("elegy", text)
    assert shown[0][0] == "Awake at Sunset", shown


@pytest.mark.parametrize(
    "text",
    [
        "i feed on the hunter while he is down",
        "i drink from the dying ghoul to get my strength back",
        "I go hunting in the dockside taverns for someone drunk enough not to notice",
    ],
)
def test_elegy_feed_rolls_heart_only_when_the_victim_consents(text: str) -> None:
    feeds = [stat for move, stat in _moves("elegy", text) if move == "Feed"]
    assert feeds and "heart" not in feeds, feeds  # heart is the best stat, but +heart is the victim's consent


def test_elegy_feed_with_consent_said_rolls_heart() -> None:
    shown = _moves("elegy", "she lets me drink from her wrist, willing")
    assert shown[0] == ("Feed", "heart"), shown


def test_city_a_faction_move_made_with_allies_rolls_their_plus_one_and_takes_indebted() -> None:
    """ "When a faction receives aid from another faction ... +1 on its roll for every faction helping. But must take
    the complicating aspect "indebted" regardless of the outcome." """
    session, dice = open_campaign("Allies", "city")
    turn = session.send("we call in the Lamplighters guild as allies to push the collector out of the Tanneries")
    dice.queue(3, 4)
    rolled = session.confirm(turn.suggestions[0])
    assert rolled.kind != "error", rolled.error
    assert "Rolled 3 + 4 + aspects 0 + 1 = 8" in rolled.narration, rolled.narration
    faction = (session.reload().active() or {}).get("faction") or {}
    assert "indebted" in faction.get("complications", []), faction
