"""A session holds together: moves find, start and update the campaign's tracks and clocks, and the store holds
what every card shows."""

from __future__ import annotations

import pytest

from assistant.chat.session import ChatSession
from assistant.store import service
from rules_index.embed import get_embedder
from tests.session_helpers import ScriptedDice, assert_store_matches_card, play, track_named


@pytest.fixture(autouse=True)
def _hash_embedder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")


def open_session(system: str, name: str = "saga") -> tuple[ChatSession, ScriptedDice]:
    service.create_campaign(name, system, seed=42)
    dice = ScriptedDice()
    return ChatSession.open(name, rng=dice, embedder=get_embedder("hash")), dice


@pytest.fixture
def starforged() -> tuple[ChatSession, ScriptedDice]:
    yield open_session("starforged")
    service.close_stores()


def test_a_vow_from_free_text_to_fulfilled_by_the_top_suggestion(starforged: tuple[ChatSession, ScriptedDice]) -> None:
    session, dice = starforged
    sworn = play(session, dice, "I swear a dangerous iron vow to find my lost sister", 6, 1, 1)
    assert sworn.results[0].move == "Swear an Iron Vow"
    assert any("dangerous vow" in n and "Find my lost sister" in n for n in sworn.notes)
    assert track_named(session, "Find my lost sister") | {} == {
        "name": "Find my lost sister",
        "kind": "vow",
        "rank": "dangerous",
        "ticks": 0,
        "boxes": 0,
    }

    for ticks in (8, 16, 24, 32):
        marked = play(session, dice, "I reach a milestone on my vow to find my lost sister")
        assert marked.results[0].move == "Reach a Milestone"
        assert any("Find my lost sister" in n for n in marked.notes)
        assert track_named(session, "Find my lost sister")["ticks"] == ticks

    turn = session.send("I fulfill my vow to find my lost sister")
    top = turn.suggestions[0]
    assert top.move == "Fulfill Your Vow" and top.odds is not None  # odds on the track it found: 8 boxes
    assert top.odds["outcomes"]["strong_hit"] == 49.0  # 8 beats both d10 with 7 in 10 each
    dice.queue(2, 3)
    fulfilled = session.confirm(top)
    assert_store_matches_card(session, fulfilled)
    assert fulfilled.results[0].outcome == "strong_hit"
    vow = track_named(session, "Find my lost sister")
    assert vow["status"] == "completed"
    assert "Your vow “Find my lost sister” is completed." in fulfilled.notes
    legacy = session.state.active()["legacy"]["quests"]
    assert legacy["ticks"] == 2  # a dangerous vow's legacy reward

    # a fulfilled vow takes no more milestones: no progress move is suggested, and one named is refused in words
    after = session.send("I reach a milestone on my vow to find my lost sister")
    # named in the words, but not offered (confirming it could only be refused): the turn's note says why
    assert "Reach a Milestone" not in [s.move for s in after.suggestions]
    assert any("no open vow" in n and "Swear an Iron Vow" in n for n in after.notes), after.notes
    assert track_named(session, "Find my lost sister")["ticks"] == 32
    refused = session.send("/roll Reach a Milestone")
    assert refused.kind == "error" and "no open vow" in refused.error and "options" not in refused.error


def test_recommit_after_a_miss_updates_the_saved_track(starforged: tuple[ChatSession, ScriptedDice]) -> None:
    session, dice = starforged
    play(session, dice, "I swear a dangerous iron vow to find my lost sister", 6, 1, 1)
    for _ in range(2):
        play(session, dice, "I reach a milestone on my vow to find my lost sister")
    missed = play(session, dice, "I fulfill my vow to find my lost sister", 9, 10)
    assert missed.results[0].outcome == "miss"
    assert track_named(session, "Find my lost sister")["ticks"] == 16
    recommitted = session.choose("recommit")
    assert_store_matches_card(session, recommitted)
    first, second = recommitted.results[0].dice[-2:]  # the recommit's own challenge dice: clear the lower in boxes
    vow = track_named(session, "Find my lost sister")
    assert (vow["ticks"], vow["rank"]) == (max(0, 16 - 4 * min(first, second)), "formidable")
    assert vow.get("status") in (None, "open")


def test_a_fight_from_enter_the_fray_through_strike_to_decisive_action(starforged: tuple[ChatSession, ScriptedDice]) -> None:
    session, dice = starforged
    entered = play(session, dice, "I enter the fray against a dangerous raider gang", 6, 1, 1)
    assert entered.results[0].move == "Enter the Fray"
    fight = track_named(session, "Raider gang")
    assert (fight["kind"], fight["rank"], fight["ticks"]) == ("combat", "dangerous", 0)
    assert session.state.active()["position"] == "in_control"

    for ticks in (16, 32):  # a strong hit marks progress twice: 2 x 8 ticks on a dangerous fight
        struck = play(session, dice, "I strike at the raiders with my blade", 6, 1, 1)
        assert struck.results[0].move == "Strike"
        assert track_named(session, "Raider gang")["ticks"] == ticks

    decisive = play(session, dice, "I take decisive action to end the fight with the raider gang", 1, 2)
    assert decisive.results[0].move == "Take Decisive Action"
    assert track_named(session, "Raider gang")["status"] == "completed"
    # the fight is over: talking someone down is Compel again, not a fight move
    talk = session.send("I talk the nervous pilot into standing down")
    assert talk.suggestions[0].move == "Compel"


def test_a_combat_position_ends_when_the_scene_moves_on(starforged: tuple[ChatSession, ScriptedDice]) -> None:
    session, dice = starforged
    play(session, dice, "I enter the fray against the raiders", 6, 1, 1)
    play(session, dice, "I strike at the raiders with my blade", 6, 1, 1)
    talk = session.send("I talk the nervous pilot into standing down")
    assert talk.suggestions[0].move == "Compel"


def test_strike_without_a_fight_is_not_suggested_and_is_refused_in_words(
    starforged: tuple[ChatSession, ScriptedDice],
) -> None:
    session, _dice = starforged
    turn = session.send("I strike at the raider with my blade")
    assert "Strike" not in [s.move for s in turn.suggestions]
    refused = session.send("/roll Strike +iron")
    assert refused.kind == "error"
    assert "Enter the Fray" in refused.error and "options" not in refused.error
    assert session.reload().moves == 0


def test_clocks_by_name(starforged: tuple[ChatSession, ScriptedDice]) -> None:
    session, _dice = starforged
    started = session.send("/clock 4 The raiders close in")
    assert started.kind == "command"
    advanced = session.send("/clock +1 The raiders close in")
    assert_store_matches_card(session, advanced)
    clocks = list(session.reload().clocks.values())
    assert len(clocks) == 1 and clocks[0]["filled"] == 1
    session.send("/clock +2 raiders")
    back = session.send("/clock -1 the raiders")
    assert_store_matches_card(session, back)
    assert list(session.reload().clocks.values())[0]["filled"] == 2
    unknown = session.send("/clock +1 The storm")
    assert unknown.kind == "error" and "/clock 6 The storm" in unknown.error
    again = session.send("/clock 6 The raiders close in")
    assert again.kind == "error" and "already" in again.error
    assert len(session.reload().clocks) == 1


def test_a_blades_long_term_project_clock() -> None:
    session, dice = open_session("blades", "crows")
    try:
        first = play(session, dice, "I work on a long-term project to get my family sword back from the pawn shop", 5)
        assert first.results[0].move == "Long-Term Project"
        assert any("Get my family sword back" in n and "8-segment" in n for n in first.notes)
        projects = session.state.active()["projects"]
        assert [(p["name"], p["segments"], p["filled"]) for p in projects] == [
            ("Get my family sword back from the pawn shop", 8, 2)
        ]
        again = play(session, dice, "I keep working on my project to get the family sword back", 6)
        assert any("On your project" in n for n in again.notes)
        projects = session.state.active()["projects"]
        assert [(p["segments"], p["filled"]) for p in projects] == [(8, 5)]
    finally:
        service.close_stores()


def test_elegy_moves_without_a_track_or_a_chance_are_not_suggested() -> None:
    session, _dice = open_session("elegy", "nights")
    try:
        turn = session.send("I slip through the cathedral shadows")
        moves = [s.move for s in turn.suggestions]
        assert "Reach a Milestone" not in moves and "Fulfill Your Elegy" not in moves
        for s in turn.suggestions:
            assert s.odds is None or s.odds["outcomes"].get("miss") != 100.0, s.move
    finally:
        service.close_stores()
