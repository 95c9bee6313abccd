"""Round 22, answers to a question the chat asks before a move: "-1" to the healer's quality (0 to 6) was read as
answer 1 and the move was rolled at quality 1; "2.5" was taken for a new action. A signed or fractional number is no
answer to pick and says which numbers answer, changing nothing; a cost typed as the rules print it ("-2" harm) is
that cost."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def _asked_quality(name: str) -> tuple[object, object]:
    session, dice = open_campaign(name, "blades")
    assert session.send("/add harm 2 broken arm").kind != "error"
    offered = session.send("I see the doctor about my broken arm")
    assert offered.suggestions[0].move == "Recover", [s.move for s in offered.suggestions]
    asked = session.send("1")
    assert asked.kind == "question" and "quality" in asked.narration, asked.narration
    return session, dice


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("-1", "-1"),
        ("- 3", "- 3"),
        ("2.5", "2.5"),
        ("+2.5", "+2.5"),
        ("3,5", "3,5"),
        ("\u22121", "-1"),  # the minus sign
        ("\u20132", "-2"),  # a dash, as a phone types it
        ("minus one", "-1"),
        ("Minus 3", "-3"),
    ],
)
def test_a_signed_or_fractional_number_is_no_answer_and_says_which_are(typed: str, said: str) -> None:
    from assistant.store import service

    session, _dice = _asked_quality(f"Quality {typed}")
    before = service.load_campaign(f"Quality {typed}").characters
    turn = session.send(typed)  # type: ignore[attr-defined]
    assert not turn.results, [r.move for r in turn.results]
    assert f"{said} is not one of the answers: give a whole number from 0 to 6." in turn.narration, turn.narration
    assert service.load_campaign(f"Quality {typed}").characters == before


@pytest.mark.parametrize(("typed", "quality"), [("2", 2), ("0", 0), ("quality 3", 3), ("six", 6)])
def test_a_whole_number_in_range_still_answers(typed: str, quality: int) -> None:
    session, dice = _asked_quality(f"Quality good {typed}")
    dice.queue(*([4] * max(quality, 2)))  # type: ignore[attr-defined]
    turn = session.send(typed)  # type: ignore[attr-defined]
    assert turn.kind == "action", turn.error
    assert turn.results[0].stat_value == quality, turn.results[0]


@pytest.mark.parametrize("typed", ["-2", "2", "\u22122", "minus two"])
def test_a_cost_typed_as_the_rules_print_it_is_that_cost(typed: str) -> None:
    session, _dice = open_campaign(f"Harm {typed}", "starforged")
    asked = session.send("/roll endure harm")
    assert asked.kind == "question", asked.narration
    turn = session.send(typed)
    assert turn.kind == "action", turn.error
    assert "Health 5 → 3" in turn.narration, turn.narration


@pytest.mark.parametrize("typed", ["-2", "\u22122", "\u20132", "minus two"])
def test_a_signed_number_picks_no_answer_of_a_list(typed: str) -> None:
    from assistant.chat.answer_reading import NO_ANSWER, read_answer
    from assistant.chat.questions import Answer, Question

    answers = [Answer("Tinker", "tinker"), Answer("Quality", "quality")]
    question = Question(move="Recover", field="stat", text="Which stat do you roll?", answers=answers)
    assert read_answer(question, typed) is NO_ANSWER
    assert read_answer(question, "2") == "quality"
