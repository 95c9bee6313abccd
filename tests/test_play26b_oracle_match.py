"""Round 26, the oracle offline: a match printed the rule under the card that states it ("On a match, an extreme
result or twist has occurred." right under the app's card showing that very sentence and its match badge; in the
terminal "It is a match." and then the rule). The story now tells what the match does to this answer, once, in
Elegy and Starforged, in the app and in the terminal; an answer without a match says nothing of matches."""

from __future__ import annotations

import pytest

from assistant.engine import Result, resolve
from assistant.narrate import NarrationRequest, TemplateNarrator
from assistant.ui.components.dice_card import dice_card_view

#: (system, odds, d100, answer): a yes and a no with a match in each system, and one answer without a match.
ROLLS = [
    ("elegy", "50/50", 44, "no", True),
    ("elegy", "50/50", 77, "yes", True),
    ("elegy", "likely", 74, "yes", False),
    ("starforged", "likely", 44, "yes", True),
    ("starforged", "50/50", 77, "no", True),
    ("starforged", "50/50", 91, "no", False),
]


def _oracle(system: str, odds: str, roll: int) -> Result:
    return resolve({"system": system, "move": "Ask the Oracle", "dice": [roll], "options": {"odds": odds}})


def _told(result: Result, question: str, *, card: bool, recent: tuple[str, ...] = ()) -> str:
    request = NarrationRequest(
        task="oracle",
        system=result.system,
        player_text=question,
        question=question,
        results=(result,),
        card=card,
        recent=recent,
    )
    return "".join(TemplateNarrator().stream(request))


@pytest.mark.parametrize(("system", "odds", "roll", "answer", "match"), ROLLS)
@pytest.mark.parametrize("card", [False, True], ids=["app", "terminal"])
def test_a_match_is_told_as_story_once_not_as_the_cards_rule(
    system: str, odds: str, roll: int, answer: str, match: bool, card: bool
) -> None:
    result = _oracle(system, odds, roll)
    assert (result.outcome, result.match) == (answer, match)
    text = _told(result, "Is the captain lying?", card=card)
    assert "On a match" not in text, text
    assert ("Yes: the captain is lying." if answer == "yes" else "No: the captain is not lying.") in text
    assert text.count("extreme") == (1 if match else 0), text
    assert ("It is a match." in text) is (match and card)  # the terminal's card line; the app draws a badge
    if not card:  # the app's card keeps the rule: the story under it does not repeat a sentence of it
        shown = dice_card_view(result).outcome_text
        assert ("extreme result or twist" in shown) is match
        story_sentences = {s.strip() for s in text.replace("\n", " ").split(".") if s.strip()}
        assert not any(s in shown for s in story_sentences if len(s.split()) > 3), (text, shown)


def test_the_match_story_varies_with_what_was_said_before() -> None:
    result = _oracle("elegy", "50/50", 44)
    first = _told(result, "Is the captain lying?", card=False)
    line = next(p for p in first.split("\n\n") if "extreme" in p)
    again = _told(result, "Is the captain lying?", card=False, recent=(first,))
    assert line not in again and "extreme" in again, again
