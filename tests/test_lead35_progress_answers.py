"""A question about the progress on the player's own tracks is answered from the sheet: played with a real model,
"how much progress do i have on my vow?" went to the rules answer, and the model said "You have 1 tick of progress on
your vow" for a vow at 0 boxes. A question about how progress works stays a rules question."""

from __future__ import annotations

import pytest

from assistant.chat.progress_answers import progress_question
from assistant.chat.session import ChatSession
from assistant.store import service


@pytest.fixture(autouse=True)
def _home(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")
    for name in ("TABLETOP_LLM_BASE_URL", "TABLETOP_LLM_API_KEY", "OPENAI_API_KEY", "TABLETOP_LLM_GGUF"):
        monkeypatch.delenv(name, raising=False)


def _session(name: str, system: str = "starforged") -> ChatSession:
    service.create_campaign(name, system, seed=35)
    return ChatSession.open(name, retrieve_rules=False)


@pytest.mark.parametrize(
    "question",
    [
        "how much progress do i have on my vow?",
        "how far along is my quest",
        "where am i on my vow?",
        "how's the vow going?",
        "what's my progress",
        "How close am I to finishing my vow?",
    ],
)
def test_progress_on_a_sworn_vow_is_read_from_the_sheet(question: str) -> None:
    session = _session("Relay")
    session.send("I swear an iron vow to find out who sabotaged the relay station, it's a dangerous vow")
    session.send("#1")
    session.send("/progress find out who sabotaged the relay station")
    turn = session.send(question)
    assert turn.kind == "meta" and not turn.results
    assert (
        "Vow: Find out who sabotaged the relay station (dangerous) 2/10 boxes" in turn.narration
    )  # a dangerous vow marks 2 boxes
    assert "tick of progress" not in turn.narration


def test_no_track_yet_says_how_to_start_one_and_changes_nothing() -> None:
    session = _session("Empty")
    before = len(session.store.events("Empty"))
    turn = session.send("how much progress do i have on my vow?")
    assert "You have no vow on your sheet yet" in turn.narration and not turn.suggestions
    assert len(session.store.events("Empty")) - before <= 2  # the question and its answer in the chat, nothing else


@pytest.mark.parametrize(
    ("question", "asks"),
    [
        ("how much progress does a milestone mark?", False),
        ("how many ticks do i get for a dangerous vow?", False),
        ("what happens when i fulfill my vow?", False),
        ("how far along is the fight?", True),
        ("how much progress is on my elegy?", True),
    ],
)
def test_how_progress_works_stays_a_rules_question(question: str, asks: bool) -> None:
    assert progress_question(question, "elegy" if "elegy" in question else "starforged") is asks


def test_a_game_without_progress_tracks_leaves_the_question_to_the_rules() -> None:
    assert not progress_question("how much progress do we have on our project?", "blades")


def test_an_elegy_fight_is_answered_from_its_track() -> None:
    session = _session("Night", "elegy")
    session.send("a hunter bursts into my haven with a crossbow, i fight him")
    turn = session.send("#1")
    assert any(t.get("kind") == "combat" for t in session._state.tracks.values()), turn.narration
    answer = session.send("how is the fight going?")
    assert answer.kind == "meta" and "Fight:" in answer.narration and "/10 boxes" in answer.narration
