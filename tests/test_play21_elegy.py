"""Round 21 of Elegy played through the chat with the companion Mara: Pay the Price's harm, stress and wasted blood
lead to their suffer moves (as Starforged's do), odds typed after the question are its odds, Mara's sheet says how
to change Mara (not the one playing), and slipping in is done with dexterity."""

from __future__ import annotations

import random

import pytest

from assistant.chat.classify import classify
from assistant.engine import resolve
from assistant.engine.cue_words import match_cues
from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize(("roll", "move"), [(70, "Endure Hunger"), (76, "Endure Harm"), (83, "Endure Stress")])
def test_pay_the_price_leads_to_its_suffer_move(roll: int, move: str) -> None:
    result = resolve({"system": "elegy", "move": "pay_the_price", "dice": [roll]}, rng=random.Random(0))
    assert [f.move for f in result.follow_ups] == [move], result.follow_ups


@pytest.mark.parametrize(
    ("words", "question", "odds"),
    [
        ("is the bishop in the crypt below? probably", "is the bishop in the crypt below?", "likely"),
        ("is the bishop in the crypt? (unlikely)", "is the bishop in the crypt?", "unlikely"),
        ("does the hunter know my name? long shot", "does the hunter know my name?", "small chance"),
    ],
)
def test_odds_typed_after_the_question_are_its_odds(words: str, question: str, odds: str) -> None:
    found = classify(words, "elegy")  # was asked as "...below? probably?" at 50/50
    assert (found.kind, found.text, found.odds) == ("oracle", question, odds), found


def test_the_oracle_asked_with_odds_after_the_question_rolls_them() -> None:
    session, dice = open_campaign("Crypt", "elegy")
    dice.queue(60)
    turn = session.send("is the bishop in the crypt below? probably")
    assert turn.kind != "error", turn.error
    assert "probably" not in turn.narration, turn.narration
    assert any("Likely" in n or "likely" in n for n in turn.results[0].notes), turn.results[0].notes


def test_a_companions_sheet_says_how_to_change_the_companion() -> None:
    session, _dice = open_campaign("Mara", "elegy")
    assert session.send("/character add Mara").kind != "error"
    shown = session.send("/sheet Mara").narration
    assert "/set Mara: <field> <value>" in shown, shown  # was "/set <field> <value>", which changes the one playing
    own = session.send("/sheet").narration
    assert "/set Mara:" not in own, own


def test_slipping_in_is_done_with_dexterity() -> None:
    cues = match_cues("elegy", "Mara and I slip into the cathedral at midnight")
    assert cues.move_stats.get("facedanger") == {"dexterity": 1}, cues


def test_the_help_gives_examples_of_the_game_played() -> None:
    from assistant.chat.help_text import system_help

    shown = system_help("elegy")
    assert "/oracle likely Is the crypt guarded?" in shown and "fight The hunter" in shown, shown
    assert "station" not in shown and "raider" not in shown, shown  # Starforged's examples in a vampire game


def test_a_stat_the_words_name_is_kept_when_it_can_only_miss() -> None:
    session, _dice = open_campaign("Low dexterity", "elegy")
    assert session.send("/set dexterity 1").kind != "error"
    offered = session.send("I sneak past the hunters in the nave")
    faces = [s for s in offered.suggestions if s.move == "Face Danger"]
    face = next(s for s in faces if s.stat == "dexterity")  # it switched to +heart, an approach the words do not take
    assert "sure miss at +dexterity" in (face.odds_words or ""), face.odds_words
    # round 34: a sure miss is not listed first; the same move at an approach that can hit comes right before it
    assert faces[0].stat != "dexterity" and offered.suggestions.index(faces[0]) + 1 == offered.suggestions.index(face)
