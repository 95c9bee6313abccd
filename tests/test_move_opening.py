"""A model-narrated move opens with the engine's own words: the player's attempt and a line for the outcome's tier.

A small model told only what the outcome means still told a miss as the door sliding open; the opening tells the
outcome before the model writes, and the model only goes on from it.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from assistant.engine import resolve
from assistant.narrate import NarrationRequest
from assistant.narrate.outcome_prose import TONES
from assistant.narrate.story_facts import CONTINUE_OPENING, TOLD_OPENING, formula_sentences, move_opening
from assistant.narrate.template import TemplateNarrator
from assistant.narrate.turn_message import closing, facts_text
from tests.scripted_narration import Scripted, narrate, split_opening

FD = {"system": "starforged", "move": "Face Danger", "stat": "iron", "character": {"stats": {"iron": 2}}}
DICE = {"strong": [6, 1, 2], "weak": [4, 2, 9], "miss": [1, 7, 8]}


class _Whole:
    """A model whose draft comes in one piece, ending on its last sentence with no whitespace after it."""

    name = "whole"

    def __init__(self, text: str) -> None:
        self.text = text

    def stream(self, request: NarrationRequest) -> Iterator[str]:
        yield self.text


def _request(family: str, words: str = "I force the jammed airlock open") -> NarrationRequest:
    result = resolve({**FD, "dice": DICE[family]})
    return NarrationRequest(task="narrate", system="starforged", player_text=words, results=(result,))


@pytest.mark.parametrize("family", ["strong", "weak", "miss"])
def test_the_opening_tells_the_attempt_and_the_outcomes_tier(family: str) -> None:
    request = _request(family)
    opening = move_opening(request)
    assert "force the jammed airlock open" in opening and opening.startswith("You")
    assert any(opening.endswith(line) for line in TONES[family])
    message = facts_text(request)  # the model is told the opening was said, and to go on from it
    assert f"{TOLD_OPENING} {opening}\n{CONTINUE_OPENING}" in message
    assert message.rstrip().endswith(closing("opened", request.story_sentences))
    assert message.rstrip().endswith("what the world or the people in it do in answer. Then stop.")


def test_a_miss_is_told_as_a_miss_before_the_models_story_and_the_story_goes_on_from_it() -> None:
    request = _request("miss")
    outcome = narrate(Scripted("The seals hiss as the corridor lights turn red."), request)
    opening, story = split_opening(outcome.text, "miss")
    assert outcome.narrator == "llm" and "force the jammed airlock open" in opening
    assert story == "The seals hiss as the corridor lights turn red."


def test_the_opening_told_again_by_the_model_is_shown_once() -> None:
    request = _request("weak")
    opening = move_opening(request)
    first = opening.split(". ")[0] + "."
    outcome = narrate(Scripted(f"{first} The hinge screams, and the noise carries down the hall."), request)
    assert outcome.text.count("jammed airlock") == 1
    assert outcome.text.endswith("The hinge screams, and the noise carries down the hall.")


def test_no_opening_for_an_oracle_a_price_a_roll_without_a_tier_nor_offline() -> None:
    oracle = resolve({"system": "starforged", "move": "Ask the Oracle", "dice": [60], "options": {"odds": "50/50"}})
    price = resolve({"system": "starforged", "move": "Pay the Price", "dice": [50]})
    for task, result in (("oracle", oracle), ("pay_the_price", price), ("narrate", price)):
        assert move_opening(NarrationRequest(task=task, system="starforged", player_text="x", results=(result,))) == ""
    request = _request("miss")
    offline = narrate(TemplateNarrator(), request)  # the template tells the whole turn itself, once
    assert offline.text.count("force the jammed airlock open") == 1


def test_a_command_roll_opens_with_the_outcome_alone() -> None:
    result = resolve({**FD, "dice": DICE["miss"]})
    request = NarrationRequest(task="narrate", system="starforged", player_text="Face Danger", results=(result,))
    assert move_opening(request) in TONES["miss"]


def test_the_oracles_earlier_answers_are_told_to_the_model_as_established() -> None:
    from assistant.narrate.turn_message import ESTABLISHED

    request = NarrationRequest(
        task="narrate", system="starforged", player_text="I force the jammed airlock open",
        results=(resolve({**FD, "dice": DICE["miss"]}),),
        established=("The reactor is no longer running.", "There are survivors aboard."),
    )  # fmt: skip
    message = facts_text(request)
    assert f"{ESTABLISHED} The reactor is no longer running. There are survivors aboard." in message
    assert ESTABLISHED not in facts_text(_request("miss"))


def test_a_miss_opens_with_the_words_told_as_tried_never_as_done() -> None:
    for words in ("I feed on the sleeping watchman", "I lean on my contacts to acquire a fine carriage"):
        opening = move_opening(_request("miss", words))
        assert opening.startswith("You try to ") or opening.split(" ")[1] in {"set", "attempt", "make", "steel", "go"}, opening
    strong = move_opening(_request("strong", "I feed on the sleeping watchman"))  # told done, or set about and done
    assert "feed on the sleeping watchman" in strong and not strong.startswith("You try to"), strong
    assert strong.split(". ", 1)[1] in TONES["strong"], strong


def test_a_model_sentence_that_only_says_the_opening_or_the_fact_sheet_again_is_skipped() -> None:
    request = _request("miss", "I press the clerk to open the archive for me")
    outcome = narrate(
        Scripted(
            "You try to press the clerk to open the archive for you, but it fails. "
            "You try, but you do not get what you wanted, and the situation gets worse. "
            "The clerk calls for the watch, and boots sound on the stairs."
        ),
        request,
    )
    opening, story = split_opening(outcome.text, "miss")
    assert story == "The clerk calls for the watch, and boots sound on the stairs."
    fresh = narrate(Scripted("The clerk refuses to open the archive and calls the guard."), request)
    assert split_opening(fresh.text, "miss")[1] == "The clerk refuses to open the archive and calls the guard."


def test_an_earlier_answer_said_again_word_for_word_is_skipped() -> None:
    price = resolve({"system": "starforged", "move": "Pay the Price", "dice": [50]})
    request = NarrationRequest(
        task="pay_the_price", system="starforged", player_text="Pay the Price", results=(price,),
        established=("There are survivors aboard.",),
    )  # fmt: skip
    outcome = narrate(Scripted("There are survivors aboard. Your pack splits, and your supplies scatter."), request)
    assert outcome.text == "A new enemy is revealed. Your pack splits, and your supplies scatter."  # the row opens it


def test_the_fact_sheets_formula_as_the_drafts_last_line_is_skipped_too() -> None:
    request = _request("weak")
    formula = formula_sentences(request.results)[-1]  # "It works, but at a cost or with a complication."
    outcome = narrate(_Whole(f"The hatch groans and gives a hand's width.\n\n{formula}"), request)  # nothing after it
    assert outcome.text.endswith("The hatch groans and gives a hand's width.") and formula not in outcome.text


def test_a_rolled_row_opens_its_story_and_the_model_goes_on_from_it() -> None:
    from assistant.narrate.story_facts import row_opening

    price = resolve({"system": "elegy", "move": "Pay the Price", "dice": [42]})
    request = NarrationRequest(
        task="pay_the_price", system="elegy", player_text="I feed on the sleeping watchman", results=(price,)
    )
    told = row_opening(request)
    assert told == "As you try to feed on the sleeping watchman, the ambient introduces a new hazard."
    assert f"{TOLD_OPENING} {told}" in facts_text(request)
    outcome = narrate(Scripted("A bell starts to toll somewhere above the nave."), request)
    assert outcome.text == f"{told} A bell starts to toll somewhere above the nave."

    history = (("player", "I feed on the sleeping watchman"), ("narrator", "You try to feed on the sleeping watchman."))
    by_command = NarrationRequest(
        task="pay_the_price", system="elegy", player_text="Pay the Price", results=(price,), history=history
    )
    assert row_opening(by_command) == told  # /price: the row tied to the action the player last declared

    table = resolve({"system": "starforged", "move": "Make a Discovery", "dice": [89]})
    rolled = NarrationRequest(task="table", system="starforged", player_text="/table make a discovery", results=(table,))
    assert row_opening(rolled) == "Visions or prophesies of the future."
    assert row_opening(_request("miss")) == ""  # a move's story opens with the attempt instead


def test_an_open_choices_option_is_not_told_to_the_model_as_what_happens() -> None:
    """Defend's 10+ reads "you redirect damage meant for the person you defend onto yourself", which the engine
    makes an option of the hold the player spends: told it as what happens, a 1.5B model spent the hold."""
    request = NarrationRequest(
        task="narrate",
        system="dungeon-world",
        player_text="I raise my shield to protect the cleric",
        results=(resolve({"system": "dungeon-world", "move": "Defend", "stat": "con", "dice": [3, 6]}),),
    )
    sheet = facts_text(request)
    assert "Left to the player: a choice on the panel beside your story" in sheet
    assert "Spend your Hold on Defend" not in sheet  # the choice's asking words: the panel asks it
    assert "redirect damage" not in sheet.lower()


def test_a_vice_roll_is_not_told_to_the_model_as_a_failure() -> None:
    """A vice roll's 1-3 clears stress (or overindulges): told "a bad outcome: you try, but it goes badly", a 1.5B
    model wrote "your stress levels skyrocket"."""
    vice = resolve({"system": "blades", "move": "Indulge Vice", "dice": [2, 3]})
    sheet = facts_text(NarrationRequest(task="narrate", system="blades", player_text="I hit the gambling dens", results=(vice,)))
    assert "goes badly" not in sheet and "bad outcome" not in sheet
    assert "Also true now: You overindulge." in sheet and "select an overindulgence" not in sheet
    assert "stress" not in sheet.split("Left to the player")[0].lower()  # nothing to clear: no word on stress


def test_an_oracle_turns_own_answer_is_its_first_sentence_not_an_earlier_answer() -> None:
    from assistant.narrate.turn_message import ESTABLISHED

    oracle = resolve({"system": "elegy", "move": "Ask the Oracle", "options": {"odds": "50/50"}, "dice": [20]})
    assert oracle.outcome == "no"
    request = NarrationRequest(
        task="oracle", system="elegy", player_text="Does the priest sense me?", question="Does the priest sense me?",
        results=(oracle,), established=("The door is locked.", "The priest does not sense you."),
    )  # fmt: skip
    message = facts_text(request)
    assert message.count("The priest does not sense you.") == 1  # given once, as the story's first sentence
    assert f"{ESTABLISHED} The door is locked." in message
    alone = NarrationRequest(
        task="oracle", system="elegy", player_text="Does the priest sense me?", question="Does the priest sense me?",
        results=(oracle,), established=("The priest does not sense you.",),
    )  # fmt: skip
    assert ESTABLISHED not in facts_text(alone)


def test_choices_on_the_panel_are_told_once_and_a_choice_on_a_condition_is_no_fact() -> None:
    """Meet Someone New's weak hit has four choices: the model was told "Left to the player: a choice on the panel"
    four times, and "Also true now: You answered two of their Questions." though the player had answered none (the
    +1 forward waits on it)."""
    met = resolve({"system": "city", "move": "Meet Someone New", "stat": "network", "dice": [1, 6]})
    assert met.outcome == "weak_hit" and len(met.choices) >= 3
    sheet = facts_text(NarrationRequest(task="narrate", system="city", player_text="I introduce myself", results=(met,)))
    assert sheet.count("Left to the player: a choice on the panel") == 1, sheet
    assert "answered two of their Questions" not in sheet, sheet
    assert any(c.prompt == "If you answered two of their Questions" for c in met.choices)  # the panel's words
