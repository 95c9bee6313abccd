"""Round 12 of the Magistrate's city played through the chat: a story question names each move that finds things
out once."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_a_story_question_names_each_move_that_finds_out_once() -> None:
    session, _ = open_campaign("Watched", "city")
    asked = session.send("is the Magistrate watching me?")
    assert asked.kind == "oracle" and not asked.results, asked.error
    told = asked.narration
    assert "the Magistrate (the GM) answers questions about the story" in told, told
    assert told.count("Ear to the Ground") == 1 and "Appraise Circumstances" in told, told


def test_a_schemes_card_names_its_productivity_in_words_and_its_name_once() -> None:
    from assistant.chat.session import ChatSession
    from assistant.ui.components.dice_card import dice_card_view
    from tests.session_helpers import assert_store_matches_card

    _, dice = open_campaign("Wine Run", "city")
    session = ChatSession.open("Wine Run", rng=dice, cards_shown=True)
    offered = session.send("I set up a scheme to smuggle wine past the tariffs")
    dice.queue(5, 5)
    set_up = session.confirm(next(s for s in offered.suggestions if s.move == "Set Up a Scheme"))
    assert_store_matches_card(session, set_up)
    started = dice_card_view(set_up.results[0]).changes
    assert started[0].startswith("Smuggle wine past the tariffs: productivity 0"), started
    assert started[0].count("Smuggle wine") == 1, started
    offered = session.send("I run the scheme")
    dice.queue(6, 5)
    ran = session.confirm(next(s for s in offered.suggestions if s.move == "Run the Scheme"))
    assert_store_matches_card(session, ran)
    changes = dice_card_view(ran.results[0]).changes
    assert any(c.startswith("Productivity of Smuggle wine past the tariffs: 0 → 1 (+1)") for c in changes), changes
    assert not any(".productivity" in c for c in changes), changes


def test_a_belief_leaned_on_and_marked_reads_as_what_moved_on_the_card() -> None:
    from assistant.chat.session import ChatSession
    from assistant.ui.components.dice_card import dice_card_view

    _, dice = open_campaign("Lies", "city")
    session = ChatSession.open("Lies", rng=dice, cards_shown=True)
    session.send("/add belief The Magistrate lies")
    offered = session.send("can i use my belief that the magistrate lies?")
    leaned = session.confirm(next(s for s in offered.suggestions if s.move == "Use Belief"))
    assert dice_card_view(leaned.results[0]).changes[0].startswith("Belief leaned on: The Magistrate lies — "), leaned
    offered = session.send("I meet someone new at the tannery")
    dice.queue(1, 4, 3)
    met = session.confirm(next(s for s in offered.suggestions if s.move == "Meet Someone New"))
    changes = dice_card_view(met.results[0]).changes
    assert any(c.startswith("The Magistrate lies: marked no → yes — ") for c in changes), changes
    assert not any("text The Magistrate lies" in c or ":  →" in c for c in changes), changes


def test_use_powers_weak_hit_offers_the_backfire_as_the_other_way_not_a_bare_or() -> None:
    from assistant.chat.session import ChatSession
    from assistant.ui.components.dice_card import dice_card_view

    _, dice = open_campaign("Power", "city")
    session = ChatSession.open("Power", rng=dice, cards_shown=True)
    dice.queue(3, 5)
    power = session.send("/roll use power complexity=1 connected=yes")
    assert power.kind == "action" and power.results[0].outcome == "weak_hit", (power.error, power.narration)
    steps = dice_card_view(power.results[0]).next_steps
    assert "Choose: Or, instead of the two Consequences" in steps and "Choose: OR" not in steps, steps


def test_a_backfire_of_ten_or_more_reads_as_the_worst_on_the_card_and_in_the_story() -> None:
    from assistant.chat.session import ChatSession
    from assistant.ui.components.dice_card import OUTCOME_COLORS, dice_card_view

    _, dice = open_campaign("Backfired", "city")
    session = ChatSession.open("Backfired", rng=dice, cards_shown=True)
    dice.queue(5, 6)
    worst = session.send("/roll backfire complexity=2")
    assert worst.results[0].outcome == "strong_hit", worst.error
    view = dice_card_view(worst.results[0])
    assert view.outcome == "Strong hit (the worst here)" and view.outcome_key == "miss", view
    assert OUTCOME_COLORS[view.outcome_key] == OUTCOME_COLORS["miss"]
    assert "the worst result here: lower is better" in worst.narration, worst.narration
