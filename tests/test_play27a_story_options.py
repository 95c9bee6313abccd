"""The story of a roll with a choice does not tell one of its options as what happened: Sojourn's miss read "The world
pushes back, hard. - The community needs your help, or makes a costly demand ..." above the card's "Choose one" (the
rules text's bullet carries a sentence its option's label leaves out, so it was not known as the option), and Face
Death's weak hit told "There is more to be done ..." likewise. The options are the card's to offer; the story tells
neither, and the rules text's other sentences stay."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.narrate.outcome_prose import story


@pytest.mark.parametrize(
    ("move", "stat", "dice", "option"),
    [
        ("Sojourn", "heart", [1, 9, 5], "The community needs your help"),
        ("Face Death", "heart", [3, 1, 9], "There is more to be done"),
        ("Face Desolation", "heart", [3, 1, 9], "You see a vision of a dreaded event"),
    ],
)
def test_an_option_of_the_open_choice_is_not_told_as_the_story(move: str, stat: str, dice: list[int], option: str) -> None:
    result = resolve({"system": "starforged", "move": move, "stat": stat, "dice": dice})
    assert any(o.label.startswith(option) for c in result.choices for o in c.options), result.choices
    assert option not in story(result), story(result)


def test_the_rules_sentences_beside_the_options_stay() -> None:
    weak = resolve({"system": "starforged", "move": "Sojourn", "stat": "heart", "dice": [3, 1, 9]})
    assert "each make one recover move instead of two" in story(weak), story(weak)
