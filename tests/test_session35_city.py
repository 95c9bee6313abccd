"""Round 35, the city game: Observe Someone on a Tie ("If you have a Tie with them, you may roll with advantage")
rolled two dice and asked no third question on a 12+, the Tie named in lower case ("marta") not being read."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_observing_a_tie_rolls_with_advantage_and_asks_the_third_question() -> None:
    session, dice = open_campaign("Docks", "city")
    assert session.send("/add ties Marta the dock boss").kind != "error"
    turn = session.send("i watch marta closely as she counts the crates, she's my tie")
    observe = next(s for s in turn.suggestions if s.move == "Observe Someone")
    dice.queue(6, 1, 6)  # three dice, the best two: 12
    rolled = session.confirm(observe)
    assert rolled.kind != "error", rolled.error
    said = rolled.narration
    assert "Rolled 6 + 1 (dropped) + 6" in said and "12" in said, said
    assert any("target Marta the dock boss, your Tie" in n and "advantage" in n for n in rolled.notes), rolled.notes
    assert "and a third" in said, said  # "Ask two questions, and a third (you already had a Tie with them)"


def test_observing_someone_who_is_no_tie_rolls_two_dice() -> None:
    session, dice = open_campaign("Docks2", "city")
    assert session.send("/add ties Marta the dock boss").kind != "error"
    turn = session.send("I observe the toll captain while he counts the coin")
    observe = next(s for s in turn.suggestions if s.move == "Observe Someone")
    dice.queue(3, 4)
    rolled = session.confirm(observe)
    assert "Rolled 3 + 4" in rolled.narration and "dropped" not in rolled.narration, rolled.narration


def test_a_secret_revealed_by_the_dice_and_left_unmade_is_said_on_the_next_roll() -> None:
    """Use a Secret with a die of 1 or 2: "then you Reveal a Secret"; moving on to another roll left it unsaid."""
    session, dice = open_campaign("Grain", "city")
    assert session.send("/add secrets the harbourmaster skims from the grain tax").kind != "error"
    dice.queue(6, 2, 5)  # 6 + 5 kept: a strong hit (a weak reaction to pick), and a 2 shown: Reveal a Secret
    used = session.send("/roll use a secret +sway")
    assert used.kind != "error" and any(f.move == "Reveal a Secret" for f in used.follow_ups), used.narration
    assert session.send("/choose 1").kind != "error"
    dice.queue(4, 4)
    turn = session.send("/roll direct someone to act +sway")
    assert turn.kind != "error", turn.error
    assert any("Not made before Direct Someone to Act: Reveal a Secret" in n for n in turn.notes), turn.notes
