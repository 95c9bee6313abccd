"""Round 22, words told again: the same words a second time were told "Again, you see the doctor about your broken
arm.", which reads as "again, you see, ..." (a phrase of speech, as "you know" would be). Words that a comma after
the lead-in would turn so are told "Once more you see the doctor ..."; a miss still tells them as tried."""

from __future__ import annotations

import pytest

from assistant.narrate.opening import frame
from assistant.narrate.tried import AGAIN

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize(
    ("typed", "told"),
    [
        ("I see the doctor about my broken arm", "Once more you see the doctor about your broken arm."),
        ("I see Mara at the docks", "Once more you see Mara at the docks."),
        ("I know the way through the sewers", "Once more you know the way through the sewers."),
        ("I hear the bells of the cathedral", "Once more you hear the bells of the cathedral."),
    ],
)
def test_words_told_again_that_a_comma_would_make_a_phrase_of_speech(typed: str, told: str) -> None:
    first = frame(typed, 1, attempt=False)
    for seed in range(6):  # whichever lead-in the seed would pick
        again = frame(typed, seed, [first], attempt=False)
        assert again == told, again
        assert not again.startswith(("Again, you", "Once more, you", "One more time: you")), again


def test_a_missed_go_told_again_is_still_tried() -> None:
    typed = "I see the doctor about my broken arm"
    first = frame(typed, 1, attempt=False)
    missed = frame(typed, 1, [first], attempt=False, failed=True)
    assert missed == "Once more you try to see the doctor about your broken arm.", missed


@pytest.mark.parametrize("typed", ["I climb the tower", "I sneak past the guards"])
def test_other_words_told_again_keep_their_lead_ins(typed: str) -> None:
    first = frame(typed, 1, attempt=False)
    leads = {frame(typed, seed, [first], attempt=False).split(" you ", 1)[0] for seed in range(12)}
    assert leads <= set(AGAIN) and len(leads) >= 2, leads


def test_seeing_the_doctor_twice_in_the_chat_reads_once_more() -> None:
    from tests.session_helpers import open_campaign

    session, dice = open_campaign("Doctor twice", "blades")
    assert session.send("/add harm 3 broken arm").kind != "error"
    openings = []
    for faces in ((6, 5), (5, 4)):
        offered = session.send("I see the doctor about my broken arm")
        assert offered.suggestions[0].move == "Recover", [s.move for s in offered.suggestions]
        asked = session.send("1")  # Recover asks the healer's quality
        assert asked.kind == "question", asked.narration
        dice.queue(*faces)
        turn = session.send("2")
        assert turn.kind == "action", turn.error
        openings.append(turn.narration.split(".")[0])
    assert openings[1] == "Once more you see the doctor about your broken arm", openings
