"""The answer quotes an outcome line whole and each rule once."""

from __future__ import annotations

from rules_index.quoting import once_each, outcome_line

WIZARD = (
    "When you choose a spell to cast, roll+INT. You cannot cast a spell unless you have mana.\n"
    "✴On a 7–9, the spell is cast, but Choose One Penalty.\n"
    "✴On a miss, your spell fails. Take two penalties.\n"
    "The spell and mana equal to the spell's level are lost and cannot be cast until you rest!"
)
EAR = "When you listen out, roll +Lore.\n- 10+ You hear a rumor. You may write a new belief based on it."


def test_an_outcome_line_is_quoted_whole_from_any_of_its_sentences() -> None:
    assert outcome_line(WIZARD, "On a miss, your spell fails.") == "On a miss, your spell fails. Take two penalties."
    assert outcome_line(EAR, "You may write a new belief based on it.") == (
        "10+ You hear a rumor. You may write a new belief based on it."
    )


def test_any_other_sentence_is_quoted_as_it_is() -> None:
    assert outcome_line(WIZARD, "When you choose a spell to cast, roll+INT.") == "When you choose a spell to cast, roll+INT."
    assert outcome_line(WIZARD, "On a 7–9, the spell is cast, but Choose One Penalty.") == (
        "On a 7–9, the spell is cast, but Choose One Penalty."
    )
    rows = "57–62. Your abilities malfunction 63–68. An asset is compromised 69–74. You waste blood"
    assert outcome_line(rows, "69–74. You waste blood") == "69–74. You waste blood"  # rows run together
    long_row = "6- " + "word " * 60
    assert outcome_line(long_row + "Second.", "Second.") == "Second."  # a long line is not quoted whole


def test_a_quote_already_inside_an_earlier_one_is_not_repeated() -> None:
    quotes = [("10+ You hear a rumor. You may write a new belief.", 1), ("You hear a rumor.", 1), ("Other.", 2)]
    assert once_each(quotes) == [quotes[0], quotes[2]]
