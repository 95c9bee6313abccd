"""Round-9 misses of the guard on real-model drafts: an earlier sentence copied word for word with a phrase of the
engine's inside it, and a line of another move's result quoted out of the rules passage the narrator was given."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, prepare
from assistant.guard.model import Violation, ViolationKind

CITY_MISS = {"system": "city", "move": "Ear to the Ground", "stat": "lore", "dice": [2, 1]}
DIRECT_MISS = {"system": "city", "move": "Direct Someone to Act", "stat": "sway", "dice": [1, 2]}
#: a reading that cites another move's miss (Use Power's) to explain this move's missing one
READING = (
    "How Ear to the Ground is read (1)\nThe move lists no 6- result; where the text means one it writes it (as Use "
    "Power does), so a miss here has no written effect and the Magistrate says what happens. This reading rests on "
    "the sentence: “- **6-** The power **backfires**.”"
)


def found(text: str, request: dict, *, quotable: tuple[str, ...] = (), earlier: tuple[str, ...] = ()) -> list[Violation]:
    result = resolve(request)
    facts = prepare([result], quotable=quotable, earlier=earlier)
    return check_narration(text, [result], facts=facts)


@pytest.mark.parametrize(
    "text",
    [
        'Things turn against you. The Magistrate says, "The power backfires."',
        "Things turn against you, and the power backfires on you.",
        "The gossip dries up. The power backfires.",
    ],
)
def test_another_moves_result_quoted_from_the_reading_is_flagged(text: str) -> None:
    flags = found(text, CITY_MISS, quotable=(READING,))
    assert [v.kind for v in flags] == [ViolationKind.PHANTOM_ROLL], flags
    assert "Use Power" in flags[0].detail


@pytest.mark.parametrize(
    "text",
    [
        "Things turn against you. The merchants fall silent when they see you listening.",
        # the rule recited with its condition is a reading, not this turn's story
        "On a miss with Use Power, the power backfires; here the Magistrate says what happens.",
    ],
)
def test_the_reading_told_without_another_moves_result_passes(text: str) -> None:
    assert found(text, CITY_MISS, quotable=(READING,)) == []


def test_another_moves_line_not_in_the_reading_is_left_to_the_other_checks() -> None:
    """The narrator was not given Use Power's line: a story that happens to say it is not a quote of a reading."""
    assert found("Things turn against you. The power backfires.", CITY_MISS) == []


def test_an_earlier_sentence_copied_word_for_word_with_the_engines_phrase_inside_it_is_flagged() -> None:
    """'the Magistrate says' is the engine's own phrase this turn; blanked, the copy was no longer word for word."""
    earlier = ("Things turn against you.", 'The Magistrate says, "The power backfires."')
    flags = found('It goes wrong.\nThe Magistrate says, "The power backfires."', DIRECT_MISS, earlier=earlier)
    assert ViolationKind.ECHO in {v.kind for v in flags}, flags


def test_the_engines_phrase_alone_after_an_earlier_turn_passes() -> None:
    earlier = ('The Magistrate says, "The power backfires."',)
    assert (
        found(
            "It goes wrong. The clerk slams the archive door; the Magistrate says what happens next.",
            DIRECT_MISS,
            earlier=earlier,
        )
        == []
    )


def test_a_draft_mixing_you_and_the_player_is_shown_in_the_second_person_only() -> None:
    """ "the player" is a style fault fixed before the guard reads the sentence, so the draft passes on its first
    attempt (no retry spent on it) and the player never reads "the player"."""
    from assistant.narrate import NarrationRequest
    from tests.scripted_narration import Scripted, narrate

    result = resolve(CITY_MISS)
    request = NarrationRequest(
        task="narrate", system="city", player_text="I listen to the gossip", results=(result,), story_sentences=4
    )
    draft = "The merchants fall silent around you. The player's cover is blown, and the merchants watch the player closely."
    outcome = narrate(Scripted(draft), request)
    assert outcome.attempts == 1
    assert "player" not in outcome.text.lower()
    assert "Your cover is blown, and the merchants watch you closely." in outcome.text
