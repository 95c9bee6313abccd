"""Round 13: what a player tripped on across the games, played from the player's words: moves that could change
nothing are not suggested (and the words that name one hear why), a table named by one of its words says which table
it rolled, the price is told as story (not as an order to roll again), and a faction's roll is told as the faction's."""

from __future__ import annotations

import pytest

from tests.session_helpers import assert_store_matches_card, open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize(
    ("system", "words", "move", "why"),
    [
        ("blades", "I lay low to reduce heat", "Reduce Heat", "Reduce Heat would change nothing now: you have no heat."),
        ("blades", "I rest and tend my wounds to recover", "Recover", "Recover would change nothing now: you have no harm."),
        (
            "starforged",
            "I find a moment of peace with my crew to hearten",
            "Hearten",
            "Hearten would change nothing now: your spirit is 5, its most.",
        ),
        (
            "elegy",
            "I find a moment of peace in respite",
            "Respite",
            "Respite would change nothing now: your spirit is 5, its most.",
        ),
    ],
)
def test_a_move_that_could_change_nothing_is_not_suggested_and_the_words_naming_it_hear_why(
    system: str, words: str, move: str, why: str
) -> None:
    session, _ = open_campaign(f"Nothing To Do {move}", system)
    offered = session.send(words)
    assert move not in [s.move for s in offered.suggestions], [s.move for s in offered.suggestions]
    note = next(n for n in offered.notes if n.startswith(why))
    assert note.endswith(f"roll it with /roll {move.lower()} if you want it anyway."), note


@pytest.mark.parametrize(
    ("system", "edit", "words", "move"),
    [
        ("blades", "/set heat 3", "I lay low to reduce heat", "Reduce Heat"),
        ("blades", "/add harm Broken Arm (level 2)", "I rest and tend my wounds to recover", "Recover"),
        ("starforged", "/set spirit 3", "I find a moment of peace with my crew to hearten", "Hearten"),
    ],
)
def test_the_same_move_is_suggested_once_it_can_change_something(system: str, edit: str, words: str, move: str) -> None:
    session, _ = open_campaign(f"Something To Do {move}", system)
    assert session.send(edit).kind == "command"
    offered = session.send(words)
    assert move in [s.move for s in offered.suggestions], ([s.move for s in offered.suggestions], offered.notes)


def test_a_table_named_by_one_word_says_which_table_was_rolled() -> None:
    session, dice = open_campaign("Which Table", "starforged")
    dice.queue(92)
    rolled = session.send("/table action")
    assert rolled.kind == "action", rolled.error
    assert rolled.narration.startswith("Take Decisive Action: Weak Hit Cost (rolled 92): It gets complicated"), rolled.narration
    assert rolled.notes[0] == (
        "No table is called “action”: this is Take Decisive Action: Weak Hit Cost, the one table whose name holds those "
        "words (/tables lists them all)."
    ), rolled.notes
    dice.queue(92)
    plain = session.send("/table weak hit cost")  # most of the name: no note
    assert plain.kind == "action" and not [n for n in plain.notes if n.startswith("No table")], plain.notes


@pytest.mark.parametrize(("system", "price"), [("starforged", 42), ("elegy", 33)])
def test_pay_the_price_is_told_as_story_without_an_order_to_roll_again(system: str, price: int) -> None:
    session, dice = open_campaign(f"Price {system}", system)
    offered = session.send("I sneak past the guards")
    dice.queue(*((1, 9, 9) if system == "starforged" else (9, 9)))
    missed = session.confirm(next(s for s in offered.suggestions if s.move == "Face Danger"))
    assert [f.move for f in missed.follow_ups] == ["Pay the Price"], missed.narration
    dice.queue(price)
    paid = session.send("/roll pay the price")
    assert paid.kind == "action", paid.error
    assert "roll again" not in paid.narration.lower(), paid.narration
    assert paid.narration.startswith(f"Pay the Price (rolled {price})."), paid.narration
    assert "As you try to sneak past the guards, " in paid.narration, paid.narration
    assert_store_matches_card(session, paid)


@pytest.mark.parametrize(
    ("faces", "told"),
    [((6, 6), "The defen"), ((5, 4), "The defen"), ((1, 2), "The defen")],
)
def test_overtake_neighborhood_is_told_as_the_defenders_roll_not_the_players(faces: tuple[int, int], told: str) -> None:
    session, dice = open_campaign(f"Docks {faces}", "city")
    offered = session.send("our guild tries to take over the docks neighborhood")
    dice.queue(*faces)
    rolled = session.confirm(next(s for s in offered.suggestions if s.move == "Overtake Neighborhood"))
    assert rolled.kind == "action" and not rolled.violations, rolled.violations
    story = rolled.narration.split("\n\n")[0]
    assert story.startswith("Your guild tries to take over the docks neighborhood. " + told), story
    assert "your way" not in story and "you" not in story.split(". ", 1)[1].lower().split(), story
    assert_store_matches_card(session, rolled)


def test_a_faction_move_is_told_as_the_factions_effort() -> None:
    session, dice = open_campaign("Dyes", "city")
    dice.queue(6, 6)
    rolled = session.send("/roll secure resource resource=rare-dyes")
    assert rolled.kind == "action", rolled.error
    assert rolled.narration.split("\n\n")[0].startswith("The faction"), rolled.narration
    assert "your way" not in rolled.narration


def test_a_long_choice_left_open_is_counted_not_read_back() -> None:
    session, dice = open_campaign("Lantern District", "city")
    dice.queue(3, 5)
    bearings = session.send("/roll get your bearings")  # 3 + 5 + environs 0 = 8: a weak hit, nine options
    assert bearings.kind == "action" and len([o for c in bearings.open_choices for o in c.options]) == 9
    # "Pick one, then ask the Magistrate what the consequences are": the cost is picked before the next move (round
    # 27); the questions, six of them, may be left
    assert session.send("/choose it took you extra time to find your way").kind == "action"
    dice.queue(3, 6)
    rumor = session.send("/roll ear to the ground")
    left = [n for n in rumor.notes if n.startswith("Get Your Bearings' choice")]  # named by its prompts, not read back
    assert left and left[0].endswith("was taken.") and " or " not in left[0] and "Ask one Question" in left[0], rumor.notes
    dice.queue(3, 4)
    bearings = session.send("/roll get your bearings")
    assert any(n.startswith("Ear to the Ground's choice was left open (Mark Heat") for n in bearings.notes), bearings.notes
