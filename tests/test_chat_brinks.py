"""A meter at 0 and a character's end, played through the chat: the player is told what the rules say happens
(Endure Harm's table, Face Death) and offered the move; a character who died plays no more moves, says what comes
next, and stays dead after a reload until the deciding roll is undone."""

from __future__ import annotations

import pytest

from assistant.chat.session import ChatSession
from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_starforged_health_at_zero_says_the_rule_once_and_offers_face_death() -> None:
    session, dice = open_campaign("void", "starforged")
    session.send("/set health 1")
    dice.queue(1, 9, 10)  # action 1 + iron 2 = 3: a miss
    hurt = session.send("/roll endure harm amount=2")
    assert hurt.kind == "action", hurt.error
    said = [n for n in hurt.notes if n.startswith("Your health is 0.")]
    assert len(said) == 1 and "Face Death" in said[0] and "mark wounded or permanently harmed" in said[0], hurt.notes
    picked = session.send("/choose 2")  # a pick on the same move does not say it again
    assert not [n for n in picked.notes if n.startswith("Your health is 0.")], picked.notes
    shot = session.send("the raider shoots me again")
    assert "Face Death" in [s.move for s in shot.suggestions], [s.move for s in shot.suggestions]
    assert not [n for n in shot.notes if n.startswith("Your health is 0.")], shot.notes
    assert session.send("/choose 1").kind == "action"  # mark wounded: the rules require it before the sheet changes
    session.send("/set health 3")
    again = session.send("/set health 0")  # back at 0 after leaving it: said again
    assert [n for n in again.notes if n.startswith("Your health is 0.")], again.notes
    crawl = session.send("I crawl toward the airlock")
    assert not [n for n in crawl.notes if n.startswith("Your health is 0.")] and "Face Death" in [
        s.move for s in crawl.suggestions
    ]


def test_a_character_who_dies_plays_no_more_moves_until_the_roll_is_undone() -> None:
    session, dice = open_campaign("void", "starforged")
    session.send("/set name Kira")
    session.send("/set health 0")
    dice.queue(1, 9, 10)  # action 1 + heart 2 = 3 against 9 and 10: a miss
    died = session.send("/roll face death")
    assert died.kind == "action" and died.results[0].outcome == "miss", died.error
    assert any(n.startswith("Kira is dead") and "Continue a Legacy" in n for n in died.notes), died.notes
    acted = session.send("I get up and shoot the raider")
    assert not acted.suggestions and acted.narration.startswith("Kira is dead (Face Death, a miss"), acted.narration
    assert "/character add" in acted.narration
    rolled = session.send("/roll face danger +edge")
    assert rolled.kind == "error" and rolled.error.startswith("Kira is dead"), rolled.error
    assert session.send("/oracle Is the raider still here?").kind == "oracle"  # the story's world goes on
    legacy = session.send("/roll continue a legacy")
    assert legacy.kind == "question", legacy.error  # the move for the one who comes after
    reopened = ChatSession.open("void")  # a new process: still dead
    assert reopened.send("I shoot the raider").narration.startswith("Kira is dead")
    assert reopened.send("/undo").kind != "error"  # the oracle
    assert reopened.send("/undo").kind != "error"  # Face Death
    assert reopened.send("I shoot the raider").suggestions


def test_elegy_a_noble_sacrifice_at_the_last_death_ends_the_vampire() -> None:
    session, dice = open_campaign("night", "elegy")
    session.send("/set name Vesper")
    session.send("/set health 1")
    hurt = session.send("the hunter stabs me, 2 harm")
    assert hurt.suggestions[0].move == "Endure Harm", [s.move for s in hurt.suggestions]
    dice.queue(1, 9)
    endured = session.send("1")
    assert any(n.startswith("Your health is 0.") and "Face Last Death" in n for n in endured.notes), endured.notes
    assert session.send("/choose mark wounded").kind == "action"  # the miss at 0 health requires it first
    offered = session.send("the hunter stabs me again")
    assert "Face Last Death" in [s.move for s in offered.suggestions]
    dice.queue(10, 1)  # heart 3 against 10 and 1: a weak hit
    brink = session.confirm(next(s for s in offered.suggestions if s.move == "Face Last Death"))
    assert brink.open_choices, brink.narration
    ended = session.send("/choose 1")  # the noble sacrifice
    assert any(n.startswith("Vesper dies, but not before making a noble sacrifice") for n in ended.notes), ended.notes
    assert session.send("I bite the hunter").narration.startswith("Vesper dies")


def test_a_blow_told_while_a_question_is_open_is_a_new_action_not_the_answer() -> None:
    session, _ = open_campaign("night", "elegy")
    offered = session.send("i try to stay calm as the horror unfolds")
    asked = session.confirm(next(s for s in offered.suggestions if s.move == "Endure Stress"))
    assert asked.kind == "question", asked.narration
    blow = session.send("the hunter stakes me, a formidable foe")
    assert blow.kind == "action" and not blow.results, blow.narration
    assert blow.suggestions[0].move == "Endure Harm", [s.move for s in blow.suggestions]
    assert any("set aside" in n for n in blow.notes), blow.notes


def test_dungeon_world_hp_at_zero_says_last_gasp_and_offers_it() -> None:
    session, _ = open_campaign("pit", "dungeon-world")
    session.send("/character add Mia class=bard")
    session.send("/character play Mia")
    zero = session.send("/set hp 0")
    assert any(n.startswith("Your Health Points are 0: you must roll Last Gasp") for n in zero.notes), zero.notes
    offered = session.send("i defend myself")
    assert "Last Gasp" in [s.move for s in offered.suggestions], [s.move for s in offered.suggestions]
