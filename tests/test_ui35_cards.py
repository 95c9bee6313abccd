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
