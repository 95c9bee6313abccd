"""The rules' text told as the story, read by its shape (a long run of a rules passage the narrator was given, or of
the move's own text, told as a claim), in paraphrases of our own; beside them, the same words quoted, recited with
their condition, told as a general truth, this turn's own outcome in the rules' words, the player's words and the
offline template, which pass."""

from __future__ import annotations

from typing import Any

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, prepare
from assistant.guard.rules_told import check_rules_told

EAR_HIT = {"system": "city", "move": "Ear to the Ground", "stat": "lore", "dice": [5, 6]}
EAR_PASSAGE = (
    "Ear to the Ground\nWhen you listen out for interesting information, name something you're especially interested "
    "in -- a public figure, a faction, a neighborhood, an event, etc. -- and roll +Lore.\n"
    "- 10+ You hear a rumor related to the named subject. You may write a new belief based on the rumor.\n"
    "- 7 - 9 Mark Heat to hear a rumor related to the named subject, or hear an interesting but unrelated rumor."
)
CLUES_WEAK = {"system": "starforged", "move": "Gather Information", "stat": "wits", "dice": [4, 3, 8]}
SHEET = "What happened this turn (decided by the rules engine; tell it, add nothing):\n\nMove: the move."
INTENT = "I listen to the dockside gossip about the harbour master"


def _found(text: str, request: dict[str, Any], quotable: tuple[str, ...] = (EAR_PASSAGE,), sheet: str = SHEET) -> list[Any]:
    facts = prepare([resolve(request)], quotable=quotable, sheet=sheet)
    return [v for v in check_narration(text, facts=facts, intent=INTENT) if "reads out the rules' text" in v.detail]


@pytest.mark.parametrize(
    "text",
    [
        # the trigger told as what happens
        "The harbour master's clerk tells you something you're especially interested in, a public figure or a faction.",
        "You listen out for interesting information, name something you're especially interested in, and wait.",
        # another tier's line told as this turn's
        "You mark Heat to hear a rumor related to the named subject, and the docks fall quiet.",
    ],
)
def test_a_run_of_the_rules_passage_told_as_the_story_is_the_rules_read_out(text: str) -> None:
    found = _found(text, EAR_HIT)
    assert found and found[0].kind.value == "echo", text


def test_the_moves_own_text_counts_without_a_retrieved_passage() -> None:
    text = "The station's archive lets you conduct an investigation, analyze evidence, or do research on the beacon."
    assert _found(text, CLUES_WEAK, quotable=())


@pytest.mark.parametrize(
    "text",
    [
        # this turn's own outcome in the rules' words: the engine's result, told
        "You hear a rumor related to the named subject: the harbour master owes the smugglers.",
        # the rules quoted as rules
        'The rules say: "When you listen out for interesting information, name something you\'re especially interested in."',
        "When you listen out for interesting information, name something you're especially interested in, the rules go.",
        # a general truth, no event told
        "Anyone might name something you're especially interested in, a public figure or a faction.",
        # the player's own words and a short everyday phrase
        "You listen to the dockside gossip about the harbour master, and a public figure's name comes up.",
        # a question handing the turn over
        "Will you name something you're especially interested in, a public figure or a faction?",
    ],
)
def test_quotes_recitals_general_truths_and_this_turns_outcome_pass(text: str) -> None:
    assert not _found(text, EAR_HIT), text


def test_the_offline_template_is_not_read_this_way() -> None:
    text = "You listen out for interesting information, name something you're especially interested in, and wait."
    assert not _found(text, EAR_HIT, sheet="")


def test_the_check_alone_reads_the_raw_text() -> None:
    """A sentence that is the rules word for word is set aside by the sentence reader as engine text; this check reads
    the text itself."""
    facts = prepare([resolve(EAR_HIT)], quotable=(EAR_PASSAGE,), sheet=SHEET)
    text = "Mark Heat to hear a rumor related to the named subject, or hear an interesting but unrelated rumor."
    assert check_rules_told(text, facts, INTENT)
