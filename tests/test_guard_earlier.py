"""Earlier turns told again as this one: the guard reads the story so far (``prepare(..., earlier=...)``) and flags a
sentence the player already read, copied or retold in other words, with a retry line that quotes it; the engine's
opening, a row told of an earlier subject, a feeling carried on and an earlier answer recalled on a question pass."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, describe_violations, prepare
from assistant.guard.model import Violation, ViolationKind
from tests.scripted_narration import Scripted, narrate

PRICE = {"system": "starforged", "move": "Pay the Price", "dice": [17]}
TABLE = {"system": "starforged", "move": "Make a Discovery", "dice": [89]}
ORACLE = {"system": "starforged", "move": "Ask the Oracle", "options": {"odds": "likely"}, "dice": [29]}
MISS = {"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [1, 7, 8]}
WEAK = {"system": "starforged", "move": "Face Danger", "stat": "shadow", "dice": [5, 9, 3]}
CITY_MISS = {"system": "city", "move": "Ear to the Ground", "stat": "lore", "dice": [2, 1]}
ORACLE_NO = {"system": "elegy", "move": "Ask the Oracle", "options": {"odds": "unlikely"}, "dice": [29]}

FEED = [
    "You stalk the priest through the rain-soaked cloister.",
    "You try to feed on the sleeping watchman. Trouble finds you instead. You are unable to feed due to an adversity.",
]
GOSSIP = ["You listen to the gossip in the market. The guild master is planning to attack you and your people."]
DOCKS = ["You try to ask the dockhands about the Wayfarer's last crew. You scrape through."]


def found(text: str, request: dict, earlier: list[str], told: list[str] | None = None, intent: str = "") -> list[Violation]:
    result = resolve(request)
    facts = prepare([result], earlier=earlier, told=told or [])
    return check_narration(text, [result], facts=facts, intent=intent)


@pytest.mark.parametrize(
    ("text", "request_", "earlier", "told"),
    [
        # the last turn's miss copied onto the price that follows it
        ("The watchman stirs. You are unable to feed due to an adversity.", PRICE, FEED, []),
        # the last turn's event told in other words as this miss's worsening
        ("The situation gets worse as the guild master plans to attack you and your people.", CITY_MISS, GOSSIP, []),
        # a bare roll told as the last turn's question again
        (
            "It holds, just about. You try to ask the dockhands about the Wayfarer's last crew.",
            WEAK,
            DOCKS,
            ["It holds, just about."],
        ),
        # the last question's story copied onto the next answer
        (
            "No one else is awake. You quickly realize the priest is not responding to your approach.",
            ORACLE_NO,
            ["You quickly realize the priest is not responding to your approach."],
            ["No one else is awake."],
        ),
    ],
)
def test_an_earlier_turn_told_again_is_flagged_with_a_retry_line_quoting_it(
    text: str, request_: dict, earlier: list[str], told: list[str]
) -> None:
    found_ = found(text, request_, earlier, told)
    echoes = [v for v in found_ if v.kind is ViolationKind.ECHO and "earlier turn" in v.detail]
    assert echoes, found_
    retry = describe_violations(echoes)
    assert "that was an earlier turn; tell what happens this turn" in retry
    assert echoes[0].excerpt.split()[0] in retry


def test_the_story_so_far_as_the_chat_filter_keeps_it_is_read_too() -> None:
    from assistant.narrate.echo import earlier_sentences

    padded = earlier_sentences(FEED)  # " you are unable to feed due to an adversity "
    assert any(v.kind is ViolationKind.ECHO for v in found("You are unable to feed due to an adversity.", PRICE, padded))


@pytest.mark.parametrize(
    ("text", "request_", "earlier", "told"),
    [
        # the engine's own opening names the action the price is tied to
        (
            "As you try to feed on the sleeping watchman, the ambient introduces a new hazard. The watchman wakes.",
            PRICE,
            FEED,
            ["As you try to feed on the sleeping watchman, the ambient introduces a new hazard."],
        ),
        # this turn's row told of an earlier subject builds on it
        ("You see visions of the Wayfarer's last crew.", TABLE, DOCKS, []),
        # a feeling carried on tells no event
        ("You feel a sense of unease at the guild master's plans to attack you.", CITY_MISS, GOSSIP, []),
        # an earlier turn's subject with a new event of its own
        (
            "The guild master's men close the market gates, and a lookout shouts your name across the square.",
            CITY_MISS,
            GOSSIP,
            [],
        ),
        # no story so far: nothing to compare
        ("You are unable to feed due to an adversity.", PRICE, [], []),
        # the turn handed back to the player, said again (a 1.5B's Endure Harm after an oracle answer)
        (
            "You are wounded. You must decide the next action to take.",
            PRICE,
            ["The raider flees. You must decide the next action to take."],
            [],
        ),
        # this turn's own rules text, told by an earlier turn too
        ("You succeed, but not without a cost.", WEAK, ["You scrape through. You succeed, but not without a cost."], []),
    ],
)
def test_what_this_turn_tells_passes(text: str, request_: dict, earlier: list[str], told: list[str]) -> None:
    assert not [v for v in found(text, request_, earlier, told) if "earlier turn" in v.detail]


def test_an_earlier_answer_said_again_is_caught_on_a_question_and_on_a_roll() -> None:
    earlier = ["The reactor is no longer running."]
    result = resolve(ORACLE)
    facts = prepare([result], established=earlier, earlier=earlier, told=["There are survivors aboard."])
    text = "There are survivors aboard. The reactor is no longer running."
    found_ = check_narration(text, [result], facts=facts, question="Are there survivors aboard?")
    assert [v.excerpt for v in found_] == ["The reactor is no longer running."]
    assert any("earlier turn" in v.detail for v in found("The reactor is no longer running.", MISS, earlier))


def test_prepare_without_the_story_so_far_reads_as_before() -> None:
    result = resolve(PRICE)
    assert check_narration("You are unable to feed due to an adversity.", [result]) == check_narration(
        "You are unable to feed due to an adversity.", [result], facts=prepare([result])
    )


def test_the_chat_gives_the_guard_the_story_so_far_and_leaves_a_retelling_out() -> None:
    """A sentence the guard reads as an earlier turn's story is left out and the story after it stands."""
    from assistant.narrate import NarrationRequest

    result = resolve(CITY_MISS)
    history = (("user", "I listen to the gossip in the market"), ("narrator", GOSSIP[0]))
    request = NarrationRequest(task="narrate", system="city", player_text="I press the clerk", results=(result,), history=history)
    retold = "The situation gets worse as the guild master plans to attack you and your people."
    outcome = narrate(Scripted(retold + " The clerk shrugs."), request)
    assert outcome.attempts == 1 and "guild master" not in outcome.text and "clerk shrugs" in outcome.text
    later = narrate(Scripted("The clerk shrugs. " + retold), request)
    assert later.attempts == 1 and "guild master" not in later.text and "clerk shrugs" in later.text
    # a draft of nothing else is asked once more for a sentence of its own (a one-sentence draft is quick to redo);
    # one that again adds nothing leaves the engine's opening as the story, not the offline narration
    only = narrate(Scripted(retold, "The clerk calls for the watch."), request)
    assert only.attempts == 2 and "guild master" not in only.text and only.text.endswith("The clerk calls for the watch.")
    again = narrate(Scripted(retold, retold), request)
    assert again.attempts == 2 and again.narrator == "llm-retry" and again.text.startswith("You ")
    assert "guild master" not in again.text


def test_a_question_asked_in_an_earlier_turn_copied_as_the_story_is_flagged() -> None:
    from assistant.narrate.echo import earlier_sentences

    asked = earlier_sentences(["Does the priest in the cloister sense me?"])
    found_ = found("Does the priest in the cloister sense me?", PRICE, asked)
    assert any(v.kind is ViolationKind.ECHO and "asked in an earlier turn" in v.detail for v in found_)
    assert not found("Does the priest in the cloister hear the bells?", PRICE, asked)


FRAY = {"system": "starforged", "move": "Enter the Fray", "stat": "heart", "dice": [4, 3, 8]}


def test_a_short_earlier_sentence_copied_word_for_word_is_flagged() -> None:
    flags = found("The raider flees.", FRAY, ["You shoot at the raider.", "The raider flees."], intent="I draw my blade")
    assert [v.kind for v in flags] == [ViolationKind.ECHO], flags


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("The raider flees.", "The raider flees"),  # the player's own words told back
        ("It holds.", ""),  # too few words of meaning to tell a copy by
        ("The raider runs.", "I draw my blade"),  # not word for word
    ],
)
def test_a_short_sentence_of_this_turns_own_or_not_copied_passes(text: str, intent: str) -> None:
    earlier = ["You shoot at the raider.", "The raider flees.", "It holds."]
    assert not any(v.kind is ViolationKind.ECHO for v in found(text, FRAY, earlier, intent=intent))


def test_the_chat_gives_the_guard_the_short_sentences_of_the_story_so_far() -> None:
    """'The raider flees.' is too short for the chat's own copy filter; the guard now reads it and it is left out."""
    from assistant.narrate import NarrationRequest

    result = resolve(FRAY)
    history = (("user", "I shoot at the raider"), ("narrator", "Your shot goes wide. The raider flees."))
    request = NarrationRequest(task="narrate", system="starforged", player_text="I chase him", results=(result,), history=history)
    outcome = narrate(Scripted("The raider flees. Smoke hangs over the deck."), request)
    assert "raider flees" not in outcome.text.lower() and "smoke hangs" in outcome.text.lower()


VOLLEY_WEAK = {"system": "dungeon-world", "move": "Volley", "character": {"stats": {"dex": 0}}, "dice": [4, 4]}
DEFENDED = ["I raise my shield to protect the cleric", "You raise your shield to protect the cleric. You come through in style."]


def test_an_earlier_turn_told_again_in_one_clause_of_a_sentence_is_flagged() -> None:
    # a 1.5B's Volley after a Defend: the first clause retells the Defend, the second this turn's damage
    text = "You pull it off, with a catch. The cleric's shield is now protected, but you have to deal some damage to the fighter."
    flags = [v for v in found(text, VOLLEY_WEAK, DEFENDED, ["You pull it off, with a catch."]) if "earlier turn" in v.detail]
    assert len(flags) == 1 and flags[0].kind is ViolationKind.ECHO and "cleric's shield" in flags[0].excerpt


@pytest.mark.parametrize(
    "text",
    [
        "You pull it off, with a catch. Your arrow finds the bard, but the cleric is still in danger.",
        "You pull it off, with a catch. You deal your damage, and the cleric raises a hand in thanks.",
    ],
)
def test_a_clause_naming_an_earlier_subject_with_a_new_event_passes(text: str) -> None:
    assert not [v for v in found(text, VOLLEY_WEAK, DEFENDED, ["You pull it off, with a catch."]) if "earlier turn" in v.detail]


VICE = ["You try to spend the evening at the gambling dens, but it goes badly.",
        "You feel a sense of guilt and shame wash over you as you leave the place."]  # fmt: skip
ASSET_BAD = {"system": "blades", "move": "Acquire Asset", "dice": [1, 1]}


def test_a_feeling_copied_word_for_word_from_the_last_turn_is_flagged_and_one_carried_on_passes() -> None:
    intent = "I lean on my contacts to acquire a fine carriage"
    copied = "You try to lean on your contacts, but it goes badly. " + VICE[1]
    assert [v.kind for v in found(copied, ASSET_BAD, VICE, intent=intent)] == [ViolationKind.ECHO]
    carried = "You try to lean on your contacts, but it goes badly. You feel the same shame as last night."
    assert not found(carried, ASSET_BAD, VICE, intent=intent)
    # a feeling alone, word for word again, tells no event of its own
    uneasy = ["You try to feed on the watchman. You feel a sense of unease growing inside you."]
    again = "You try to lean on your contacts, but it goes badly. You feel a sense of unease growing inside you."
    assert not found(again, ASSET_BAD, uneasy, intent=intent)
