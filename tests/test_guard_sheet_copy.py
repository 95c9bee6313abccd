"""A model's draft that copies its fact sheet or the card into the story (a real 1.5B model's drafts): the facts told
again in the rules' terms, an outcome's definition, an open choice's prompt and its options. The offline template's
sentences are the engine's own and pass; the outcome told in plain words, a handover to the GM and a quotation pass."""

from __future__ import annotations

from typing import Any

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, prepare
from assistant.narrate import NarrationRequest, TemplateNarrator
from assistant.narrate.story_facts import story_facts
from tests.scripted_narration import Scripted, narrate

VICE = {"system": "blades", "move": "Indulge Vice", "stat": "insight", "dice": [2, 3]}  # overindulges: a choice left
ELEGY_MISS = {"system": "elegy", "move": "Face Danger", "stat": "dexterity", "dice": [3, 9]}  # score 2 against 3 and 9
CITY_MISS = {"system": "city", "move": "Direct Someone to Act", "stat": "sway", "dice": [3, 1]}
HACK = {"system": "dungeon-world", "move": "Hack & Slash", "stat": "str", "dice": [5, 4]}  # strong hit: choose two
ASSET = {"system": "blades", "move": "Acquire Asset", "dice": [1, 2]}  # bad outcome


def draft_kinds(text: str, request: dict[str, Any], intent: str = "I act") -> set[str]:
    """The guard's kinds for ``text`` read as a model's draft, written from the fact sheet of ``request``'s Result."""
    result = resolve(request)
    facts = prepare([result], sheet=story_facts([result], player_text=intent))
    return {v.kind.value for v in check_narration(text, [result], intent=intent, facts=facts)}


@pytest.mark.parametrize(
    ("label", "request_", "text"),
    [
        ("the rules' alternatives", ELEGY_MISS, "You fail, or a momentary success is undermined by a dire turn of events."),
        ("the rules' note on a miss", CITY_MISS,
         "The text gives no result for a miss on this move; the Magistrate says what happens."),
        ("a tier defined", HACK, "You land a strong hit: you do what you set out to do."),
        ("the choice's prompt", VICE, "You overindulge: select an overindulgence."),
        ("the prompt of a pick", HACK, "Choose two."),
        ("the follow-up heading", ELEGY_MISS, "The rain hammers down. Offered next: Pay the Price."),
        ("the options listed", VICE, "You overindulge: Brag about your exploits: +2 heat / Lost: your character vanishes for a "
         "few weeks / Tapped: your current purveyor cuts you off."),
    ],
)  # fmt: skip
def test_a_draft_copying_its_facts_or_the_card_is_an_echo(label: str, request_: dict[str, Any], text: str) -> None:
    assert "echo" in draft_kinds(text, request_), label


@pytest.mark.parametrize(
    ("label", "request_", "text"),
    [
        ("the outcome in plain words", ASSET, "You try, but it goes badly."),
        ("a handover to the GM", CITY_MISS, "The clerk's face closes. The Magistrate says what happens."),
        ("a short definition as story", HACK, "You do what you set out to do."),
        ("a long definition as its own sentence: the outcome in the sheet's plain words", CITY_MISS,
         "The clerk frowns. You try, but you do not get what you wanted, and the situation gets worse."),
        ("a definition woven into the deed", CITY_MISS,
         "You lean on the clerk to unlock the ledgers, but you do not get what you wanted, and the situation gets worse."),
        ("the rules quoted", ELEGY_MISS,
         'The rules say: "You fail, or a momentary success is undermined by a dire turn of events."'),
        ("the overindulgence as story", VICE, "You lose the night to the dice, and more than the night."),
    ],
)  # fmt: skip
def test_story_quotes_and_handovers_pass(label: str, request_: dict[str, Any], text: str) -> None:
    assert "echo" not in draft_kinds(text, request_), label


@pytest.mark.parametrize("request_", [VICE, ELEGY_MISS, CITY_MISS, HACK, ASSET])
def test_the_template_tells_the_engines_own_sentences_without_a_sheet(request_: dict[str, Any]) -> None:
    result = resolve(request_)
    for card in (True, False):
        text = TemplateNarrator().narrate(
            NarrationRequest(task="narrate", system=result.system, player_text="I act", results=(result,), card=card)
        )
        assert check_narration(text, [result]) == [], text


def test_the_chat_does_not_show_a_draft_that_copies_the_choices_prompt() -> None:
    result = resolve(VICE)
    request = NarrationRequest(
        task="narrate", system="blades", player_text="I spend the evening at the gambling dens", results=(result,)
    )
    narrator = Scripted("You overindulge: select an overindulgence.", "The dice take the night, and then some.")
    outcome = narrate(narrator, request)
    assert "select an overindulgence" not in outcome.text
    assert "The dice take the night" in outcome.text and len(narrator.requests) == 2


STRIKE_MISS = {"system": "starforged", "move": "Strike", "stat": "iron", "character": {"stats": {"iron": 1}}, "dice": [1, 9, 9]}


@pytest.mark.parametrize(
    "text",
    [
        "You miss, and the fight turns against you.",
        "You just miss him, and the fight turns against you.",
        "Your shot goes wide: you missed, and the fight turns against you.",
    ],
)
def test_a_miss_told_as_the_shot_gone_wide_with_the_rules_plain_words_passes(text: str) -> None:
    """'You miss' is the deed (a shot gone wide); the rules' own plain words after it are the outcome told as story."""
    assert "echo" not in draft_kinds(text, STRIKE_MISS, "I shoot the raider before he reaches cover"), text


def test_the_miss_named_as_the_outcome_with_its_line_is_still_the_copy() -> None:
    text = "A miss on this move: the fight turns against you."
    assert "echo" in draft_kinds(text, STRIKE_MISS, "I shoot the raider before he reaches cover")


DISCOVERY = {"system": "starforged", "move": "Make a Discovery", "dice": [89]}


@pytest.mark.parametrize(
    "text",
    [
        "The discovery was rolled on the table, and visions of the future came to you.",
        "Visions of the future appeared on the dice.",
        "The dice show visions of the future, and the sky darkens.",
        "You rolled on the discovery table and found visions of what is to come.",
    ],
)
def test_the_roll_read_out_is_the_game_told_instead_of_the_story(text: str) -> None:
    assert "echo" in draft_kinds(text, DISCOVERY, "Make a Discovery"), text


@pytest.mark.parametrize(
    "text",
    [
        "A map lies open on the table, and the visions come as you touch it.",
        "Visions of the future flood your mind: a burning station, a door of light.",
    ],
)
def test_a_table_in_the_room_and_the_vision_told_pass(text: str) -> None:
    assert "echo" not in draft_kinds(text, DISCOVERY, "Make a Discovery"), text
