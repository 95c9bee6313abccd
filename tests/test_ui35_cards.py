"""Dice cards as a player reads them: a roll of plain dice says its number once ("1d10", the die, "Total 8"; it also
said "1d10 (8) = `8`" with the number as code), and a move made on another's sheet is named as its maker's."""

from __future__ import annotations

import random

from assistant.engine import resolve
from assistant.ui.components.dice_card import dice_card_view


def test_plain_dice_say_their_total_once_and_a_sum_says_how_it_adds() -> None:
    plain = dice_card_view(resolve({"system": "dungeon-world", "move": "roll:1d10"}, rng=random.Random(1)))
    assert plain.score_line == "Total 3" and plain.outcome_text == ""
    added = dice_card_view(resolve({"system": "dungeon-world", "move": "roll:2d6+2"}, rng=random.Random(1)))
    assert added.outcome_text == "2d6 (2, 5) + 2 = 9"  # no backticks: the number is not code
    assert "`" not in dice_card_view(resolve({"system": "starforged", "move": "roll:4d6kh3"}, rng=random.Random(1))).outcome_text


def test_a_move_made_on_another_s_sheet_is_named_by_its_maker() -> None:
    result = resolve({"system": "dungeon-world", "move": "roll:1d10"}, rng=random.Random(1))
    mine = dice_card_view(result, made_on=("", "Mara"))
    assert mine.title == "1d10 on Mara" and mine.whose == "Mara"
    assert dice_card_view(result, made_on=("Duke", "Mara")).title == "Duke's 1d10 on Mara"


def test_a_number_question_says_its_range_with_or_without_buttons() -> None:
    from assistant.chat.questions import Answer, Question
    from assistant.ui.components.question import answer_caption

    bare = Question(move="Payoff", field="coin", text="How much coin?", kind="number", lo=0, hi=20)
    assert answer_caption(bare) == "Type a number from 0 to 20 in the chat below."
    offered = Question(move="Harm", field="amount", text="How much?", kind="number", lo=1, hi=5, answers=[Answer("1", 1)])
    assert answer_caption(offered) == "Or type a number from 1 to 5 in the chat below."
    assert answer_caption(Question(move="Cast", field="spell", text="Which spell?", kind="text")) == (
        "Type your answer in the chat below."
    )


def test_a_free_roll_is_drawn_as_its_card_alone_live_as_after_a_reload() -> None:
    """'/roll 1d10' drew its card and, under it, 'Rolled 1d10 (4) = 4.' until the next rerun (the log's drawing leaves
    out what the card says)."""
    from streamlit.testing.v1 import AppTest

    from tests.test_ui_app import APP, create_campaign, markdown, open_page, play_action

    at = AppTest.from_file(str(APP), default_timeout=60)
    at.run()
    create_campaign(at, name="Free Dice", system="dungeon-world")
    play_action(at, "/roll 1d10")
    assert "Total " in markdown(at)
    assert "Rolled 1d10" not in markdown(at), markdown(at)[-800:]
    assert "Rolled 1d10" not in markdown(open_page("Free Dice"))


def test_an_unnamed_faction_with_a_complication_reads_as_words() -> None:
    from assistant.ui.components.sheet import item_text

    faction = {"name": "", "aspects": [], "complications": ["indebted"], "neighborhoods": []}
    assert item_text(faction) == "no name yet — complications: indebted"  # it read "complications indebted"
    assert item_text({"text": "Skim the tolls", "complexity": 2}) == "Skim the tolls (complexity 2)"
    assert item_text({"name": ""}) == ""
