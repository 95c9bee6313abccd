# ruff: noqa: F811  (fixtures imported from tests/rules_index_fixtures.py)
"""A model's yes or no to a yes/no rules question is not shown: "i'm a bard, can i cast magic missile?" was answered
"Yes, you can cast Magic Missile as a level 1 spell. [1]" by a real model (every word of it is in the note on Magic
Missile, which says Cast a Spell (Wizard)); a verdict is the model's own inference, so the rule beside it stands, or
the rules text is shown. And the terminal's `assistant ask` names games and notes as the app does."""

from __future__ import annotations

import pytest
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage
from typer.testing import CliRunner

from assistant.citation_words import shown_text
from rules_index.index import RulesIndex
from rules_index.qa import answer
from rules_index.verdict import asks_yes_no, is_verdict, without_verdicts
from tests.rules_index_fixtures import hash_index, tabletop_home  # noqa: F401

BARD = "i'm a bard, can i cast magic missile?"


def fake(reply: str) -> GenericFakeChatModel:
    return GenericFakeChatModel(messages=iter([AIMessage(content=reply)]))


def _missile_reply(index: RulesIndex) -> str:
    first = answer(BARD, system="dungeon-world", index=index)
    n = next(p.n for p in first.passages if "magic missile" in p.hit.text.lower())
    return f"Yes, you can cast Magic Missile as a level 1 spell [{n}]."


def test_a_yes_to_a_yes_or_no_question_is_not_shown_and_the_rules_text_is(hash_index: RulesIndex) -> None:
    reply = _missile_reply(hash_index)
    result = answer(BARD, system="dungeon-world", llm=fake(reply), index=hash_index)
    assert result.mode == "extractive" and result.found
    assert not result.text.startswith("Yes")
    assert result.note and "yes or no the passages do not state" in result.note and "showing the rules text" in result.note


def test_the_rule_beside_a_withheld_verdict_stands(hash_index: RulesIndex) -> None:
    first = answer(BARD, system="dungeon-world", index=hash_index)
    n = next(p.n for p in first.passages if "magic missile" in p.hit.text.lower())
    rule = f"Magic Missile deals 2d4 damage to one target, ignoring armor [{n}]."
    reply = f"Yes, you can cast Magic Missile as a level 1 spell [{n}]. {rule}"
    result = answer(BARD, system="dungeon-world", llm=fake(reply), index=hash_index)
    assert result.mode == "llm" and result.text == rule
    assert result.note and "a yes or no the passages do not state left out" in result.note


def test_a_question_that_is_not_yes_or_no_keeps_its_answer(hash_index: RulesIndex) -> None:
    question = "how much damage does magic missile do?"
    first = answer(question, system="dungeon-world", index=hash_index)
    n = next(p.n for p in first.passages if "magic missile" in p.hit.text.lower())
    reply = f"Magic Missile deals 2d4 damage to one target, ignoring armor [{n}]."
    result = answer(question, system="dungeon-world", llm=fake(reply), index=hash_index)
    assert result.mode == "llm" and "2d4" in result.text


@pytest.mark.parametrize(
    ("question", "asks"),
    [
        ("can a bard cast magic missile?", True),
        ("i'm a bard, can i cast magic missile?", True),
        ("so does armor stack with shields", True),
        ("what happens at 9 heat?", False),
        ("how much damage does a sword do?", False),
        ("when do I mark xp?", False),
    ],
)
def test_which_questions_ask_yes_or_no(question: str, asks: bool) -> None:
    assert asks_yes_no(question) is asks


@pytest.mark.parametrize(
    ("sentence", "verdict"),
    [
        ("Yes, you can cast it [1].", True),
        ("No. Armor does not stack [2].", True),
        ("No one rolls for it [1].", False),
        ("You cannot cast a spell without mana [1].", False),
        ("Magic Missile deals 2d4 damage [1].", False),
        ("Your momentum resets to +2 [1].", False),
        ("Nobody rolls for it [1].", False),
    ],
)
def test_which_sentences_give_a_verdict(sentence: str, verdict: bool) -> None:
    assert is_verdict(sentence) is verdict


def test_only_a_yes_or_no_question_loses_its_verdicts() -> None:
    sentences = ["Yes, you can [1].", "Spells cost mana [1]."]
    assert without_verdicts("can a bard cast magic missile?", sentences) == (["Spells cost mana [1]."], 1)
    assert without_verdicts("what does magic missile do?", sentences) == (sentences, 0)


def test_ask_in_the_terminal_names_the_game_and_the_notes_as_the_app_does(hash_index: RulesIndex) -> None:
    from assistant.cli import app

    out = CliRunner().invoke(app, ["ask", "-s", "dungeon-world", "can a bard cast magic missile?"])
    assert out.exit_code == 0, out.output
    assert "Dungeon World ›" in out.output and "dungeon-world ›" not in out.output
    assert "the engine's" not in out.output and ".txt:L" not in out.output


def test_a_note_whose_title_has_a_word_in_brackets_is_shown_in_words() -> None:
    text = "[3] Rules note: dungeon-world › How Cast a Spell (Wizard) is read (1) (from the engine's dungeon-world moves data)"
    shown = "[3] Rules note: Dungeon World › How Cast a Spell (Wizard) is read (1) (from how this app reads the moves)"
    assert shown_text(text) == shown
