# ruff: noqa: F811  (the openai_stub fixture is imported from tests/openai_stub.py)
"""An Elegy night played in the terminal with a real model (Vesper hunts the count's ghoul at the opera): "my name is
Vesper, a vampire…" offered Feed; "what do i know about the ghoul? i ask the usher quietly" was refused as an oracle
question that is not a yes/no one; "how much hunger do i have?" quoted the rules of hunger instead of the sheet; "the
ghoul turns and attacks me" named the fight "The ghoul turns and"; and "#1" after the model's refined list rolled the
first move of the offline list the player no longer read."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from assistant.chat.classify import classify
from assistant.chat.name_said import name_said
from assistant.chat.session import ChatSession
from assistant.chat.track_names import name_from_words
from assistant.config import LLMSettings, Secret, Settings
from assistant.store import service
from tests.openai_stub import OpenAIStub, openai_stub  # noqa: F401


@pytest.fixture(autouse=True)
def _hash(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")


def _session(name: str, system: str = "elegy") -> ChatSession:
    service.create_campaign(name, system, seed=34)
    return ChatSession.open(name, retrieve_rules=False)


@pytest.mark.parametrize(
    ("said", "name"),
    [
        ("my name is Vesper, a vampire hunting for the one who turned me", "Vesper"),
        ("my name is vesper", "Vesper"),
        ("Hi, my name is Ilsa Voss and I run a salvage crew", "Ilsa Voss"),
        ("i'm Arden, a fighter with a greatsword", "Arden"),  # an introduction (played with a real model: it offered moves)
        ("I am Vesper Crane, the last of my line", "Vesper Crane"),
        ("call me Ash.", "Ash"),
        ("my character is called Kael the Red", "Kael"),
    ],
)
def test_a_name_said_in_words_names_the_character(said: str, name: str) -> None:
    assert name_said(said) == name
    session = _session("Named " + name)
    turn = session.send(said)
    assert not turn.suggestions and name in turn.narration
    assert session._state.characters[session._state.active_character]["name"] == name
    session.undo()
    assert session._state.characters[session._state.active_character].get("name") != name
    service.close_stores()


@pytest.mark.parametrize(
    "said",
    ["my name is not important", "I am a vampire", "call me when the ship lands", "i'm hungry, a little", "I'm ready"],
)
def test_words_that_give_no_name_name_no_one(said: str) -> None:
    assert name_said(said) is None


@pytest.mark.parametrize(
    "said",
    [
        "what do i know about the ghoul? i ask the usher quietly",
        "is the door locked? i try the handle",
        "where is the key? i search the desk drawers",
    ],
)
def test_a_question_then_a_deed_is_an_action(said: str) -> None:
    assert classify(said, "elegy").kind == "action"
    session = _session("Asked " + said.split()[3])
    turn = session.send(said)
    assert turn.suggestions, turn.narration
    assert "yes/no" not in turn.narration
    service.close_stores()


@pytest.mark.parametrize(
    ("said", "kind"),
    [
        ("is it guarded? i think so", "oracle"),
        ("what happens if i miss? i want to know the rule", "rules"),
        ("how does focus work? i burn it", "rules"),
        ("is the door open? i want to know before i go", "oracle"),
    ],
)
def test_a_question_with_a_thought_or_a_rule_is_still_a_question(said: str, kind: str) -> None:
    assert classify(said, "elegy").kind == kind


def test_hunger_is_answered_from_blood_and_set_there() -> None:
    session = _session("Hungry night")
    for said in ("how much hunger do i have?", "how hungry am i?"):
        turn = session.send(said)
        assert "Your hunger is told by your blood" in turn.narration and "blood is 5" in turn.narration, turn.narration
    refused = session.send("/set hunger 2")
    assert refused.kind == "error" and "/set blood <0-5>" in refused.narration, refused.narration
    session.send("/set blood 2")
    assert "blood is 2" in session.send("how hungry am i?").narration
    service.close_stores()


@pytest.mark.parametrize(
    ("said", "foe"),
    [
        ("the ghoul turns and attacks me with a silver knife", "The ghoul"),
        ("the hunter spins then attacks me", "The hunter"),
        ("suddenly the drone turns and fires", "The drone"),
        ("the pirate captain attacks me", "The pirate captain"),
    ],
)
def test_a_foe_that_turns_and_attacks_is_named_without_the_turn(said: str, foe: str) -> None:
    assert name_from_words(said, "combat") == foe


def test_a_number_picks_from_the_refined_list_the_player_reads(openai_stub: OpenAIStub, tmp_path: Path) -> None:
    service.create_campaign("Refined", "starforged", seed=9)
    llm = LLMSettings(base_url=openai_stub.base_url, model="stub", api_key=Secret("sk-test-0123456789"), planning="json")
    session: Any = ChatSession.open("Refined", settings=Settings(home=tmp_path, llm=llm), retrieve_rules=False)
    openai_stub.add_text('{"calls": [{"tool": "roll_move", "args": {"move": "Secure an Advantage", "stat": "wits"}}]}')
    offline = session.send("I study the sentry's patrol and slip past when it turns")
    refined = session.refine()
    assert refined.suggestions and refined.suggestions[0].move == "Secure an Advantage", refined.suggestions
    assert offline.suggestions[0].move != "Secure an Advantage"  # else the test shows nothing
    openai_stub.add_text("You study the patrol.")
    turn = session.send("#1")
    assert turn.results and turn.results[0].move == "Secure an Advantage", (turn.kind, turn.narration)
    service.close_stores()


@pytest.mark.parametrize(
    "said", ["she casts magic missile at me", "her magic missile hits me for 5 damage", "the wizard's fireball slams into us"]
)
def test_a_spell_cast_at_you_is_not_yours_to_pay_for(said: str) -> None:
    # A Dungeon World fight (Bart, a fighter with no mana): "she casts magic missile at me" was refused as Bart's own
    # cast ("You can't cast Magic Missile now: … you have 0"); her spell lands on him: its damage is what he meets.
    session = _session("Hit by " + said.split()[1], "dungeon-world")
    turn = session.send(said)
    offered = [s.move for s in turn.suggestions]
    assert "can't cast" not in turn.narration and offered and offered[0] == "Deal Damage", (turn.narration, offered)
    assert not any(m.startswith(("Magic Missile", "Cast a Spell")) for m in offered), offered
    service.close_stores()


def test_your_own_cast_with_no_mana_is_still_refused() -> None:
    session = _session("My own cast", "dungeon-world")
    turn = session.send("i cast magic missile at her")
    assert "You can't cast Magic Missile now" in turn.narration and not turn.results
    service.close_stores()


def test_a_rules_note_whose_title_has_a_number_is_cited_in_the_games_words() -> None:
    from assistant.citation_words import shown_text

    said = "[3] Rules note: dungeon-world › How Hack & Slash is read (1) (from the engine's dungeon-world moves data)"
    assert shown_text(said) == "[3] Rules note: Dungeon World › How Hack & Slash is read (1) (from how this app reads the moves)"
