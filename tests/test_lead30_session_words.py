"""What a player typed in the held-out chat scripts of this round that the chat read wrong: a yes/no question about the
story holding "how many" was answered as a rules question ("The rules do not say…")."""

from __future__ import annotations

import pytest

from assistant.chat.classify import classify
from assistant.chat.questions import NO_ANSWER, Question, read_answer


@pytest.mark.parametrize(
    ("words", "kind"),
    [
        ("Is the foreman hiding how many have died?", "oracle"),
        ("Does the hunter know how many of us there are?", "oracle"),
        ("How many boxes does a formidable vow mark?", "rules"),
        ("so how much momentum do I get on a strong hit?", "rules"),
    ],
)
def test_how_many_inside_a_story_question_is_the_oracle_s(words: str, kind: str) -> None:
    assert classify(words, "starforged").kind == kind


@pytest.mark.parametrize(
    ("said", "value"),
    [
        ("6", 6),
        ("six", 6),
        ("we got six coin", 6),
        ("I got 4 coin from it", 4),
        ("I roll heat, we killed a bluecoat in Six Towers", None),
        ("We rob the Six Towers bank", None),
    ],
)
def test_a_number_is_read_from_an_answer_not_from_a_place_name_or_a_new_action(said: str, value: int | None) -> None:
    question = Question(move="Payoff", field="coin", text="How much coin did the score bring in?", kind="number", lo=0, hi=12)
    got = read_answer(question, said)
    assert (None if got is NO_ANSWER else got) == value, said


@pytest.mark.usefixtures("hash_embedder")
def test_a_picked_number_with_more_words_picks_and_reads_the_rest() -> None:
    from tests.session_helpers import open_campaign

    session, _dice = open_campaign("Heat answer", "blades")
    turn = session.send("I roll heat for the score")
    asked = session.confirm(turn.suggestions[0])
    assert asked.question is not None, asked
    answered = session.send("3, and there were bodies")
    assert answered.kind != "error" and answered.results, answered
    assert answered.results[0].character["heat"] == 6  # loud (4) + killing (2)


@pytest.mark.usefixtures("hash_embedder")
@pytest.mark.parametrize(
    ("system", "words", "move"),
    [
        ("city", "I cross the old bridge into the tanners' quarter before the curfew bells", "Transit"),
        ("elegy", "I ask the tenement children about the slumlord's habits, to learn when he is alone", "Gather Information"),
        ("dungeon-world", "I cut at the assassin with my shortsword", "Hack & Slash"),
    ],
)
def test_lines_of_the_new_scripts_offer_their_move_first(system: str, words: str, move: str) -> None:
    from assistant.suggest import SuggestContext, suggest

    assert suggest(words, SuggestContext(system=system), k=3)[0].move == move


@pytest.mark.parametrize(
    ("question", "yes", "no"),
    [
        (
            "Did the widow on the landing hear his scream?",
            "Yes: the widow on the landing did hear his scream.",
            "No: the widow on the landing did not hear his scream.",
        ),
        ("Does the captain of the guard know my name?", "Yes: the captain of the guard knows your name.", None),
        ("Has the priest in the chapel seen me?", "Yes: the priest in the chapel has seen you.", None),
        ("Is the priest in the chapel?", "Yes: the priest is in the chapel.", "No: the priest is not in the chapel."),
    ],
)
def test_an_oracle_answer_keeps_the_place_with_its_subject(question: str, yes: str, no: str | None) -> None:
    from assistant.narrate.answers import answer_statement

    assert answer_statement(question, "yes") == yes
    if no is not None:
        assert answer_statement(question, "no") == no
