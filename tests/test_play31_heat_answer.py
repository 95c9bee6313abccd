"""Round 31: Blades' Heat asks "How loud was the operation?" with four numbered answers whose labels carry heat
("3. Loud (4)"). "3" was read as the third answer without a word, though a player may mean 3 heat. The list is
numbered, so a number picks by its place, as the question now says under the answers, and the card says what "3" was
read as; the words ("loud") and the extras ("and there were bodies") read as before."""

from __future__ import annotations

import pytest

from assistant.chat.questions import Answer, Question, read_by_place
from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")

HOW = "(Answer with its number in the list, 1 to 4, or its words.)"


def _asked(name: str):
    session, _ = open_campaign(name, "blades")
    asked = session.send("/roll heat")
    assert asked.question is not None, asked.narration
    return session, asked


def test_the_question_says_a_number_is_its_place_in_the_list() -> None:
    _, asked = _asked("Heat how")
    assert HOW in asked.question.prompt(), asked.question.prompt()


def test_a_number_is_read_by_its_place_and_the_card_says_so() -> None:
    session, _ = _asked("Heat three")
    answered = session.send("3")
    assert answered.results and answered.results[0].character["heat"] == 4, answered.narration
    assert "Read 3 as answer 3 in the list: Loud (4)." in answered.notes, answered.notes


def test_words_are_read_without_the_note() -> None:
    session, _ = _asked("Heat words")
    answered = session.send("loud, and there were bodies")
    assert answered.results[0].character["heat"] == 6, answered.narration
    assert not any(n.startswith("Read 3") for n in answered.notes), answered.notes


def test_a_plain_numbered_list_says_nothing_more() -> None:
    plain = Question(
        move="Face Danger", field="stat", text="Which stat?", answers=[Answer("Edge", "edge"), Answer("Iron", "iron")]
    )
    assert "Answer with its number" not in plain.prompt()
    assert read_by_place(plain, "2", "iron") == ""
