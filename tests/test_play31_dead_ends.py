"""Round 31, dead ends a player hit in the terminal. A mistyped or unknown command ("/log", "/shet") printed the whole
list of twenty commands; it says now the command meant, where to look, or that an action is typed without "/". "I mark
progress on my vow" with no vow offered three other moves and no word of why Reach a Milestone was not among them. A
move that never rolls (Reach a Milestone) was listed bare, where the others say their odds."""

from __future__ import annotations

import pytest

from assistant.chat.commands import parse_command
from assistant.engine import InputError
from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("/shet", "Did you mean /sheet?"),
        ("/choos 1", "Did you mean /choose?"),
        ("/log", "/sheet shows the character"),
        ("/look around the hold", "type it without the “/”"),
    ],
)
def test_an_unknown_command_says_what_was_meant_in_a_line(typed: str, said: str) -> None:
    with pytest.raises(InputError) as raised:
        parse_command(typed)
    message = str(raised.value)
    assert said in message and "/roll <move>" not in message, message


def test_an_unknown_command_near_none_lists_the_commands() -> None:
    with pytest.raises(InputError) as raised:
        parse_command("/frobnicate")
    assert "Unknown command '/frobnicate'." in str(raised.value) and "/roll <move>" in str(raised.value)


def test_an_unknown_command_in_the_chat_changes_nothing() -> None:
    session, _ = open_campaign("Unknown command", "starforged")
    before = session.reload()
    turn = session.send("/journal")
    assert turn.kind == "error" and "Unknown command '/journal'" in turn.error, turn.error
    assert session.reload().undo_stack == before.undo_stack


def test_marking_progress_with_no_vow_says_there_is_none() -> None:
    session, _ = open_campaign("No vow", "starforged")
    turn = session.send("i mark progress on my vow")
    assert any("there is no open vow yet" in n for n in turn.notes), turn.notes


def test_a_move_without_dice_says_so_where_odds_stand() -> None:
    session, dice = open_campaign("Milestone words", "starforged")
    assert session.send("/track dangerous Find my brother").kind != "error"
    turn = session.send("I reach a milestone on my vow, we found his ship")
    milestone = next(s for s in turn.suggestions if s.move == "Reach a Milestone")
    assert milestone.odds_words == "no roll: the move is made without dice", milestone.odds_words
    assert "Reach a Milestone — no roll: the move is made without dice" in turn.narration, turn.narration


@pytest.mark.parametrize(("words", "move"), [("I roll heat", "Heat"), ("I roll payoff", "Payoff")])
def test_a_blades_step_rolled_by_its_name_is_offered_first(words: str, move: str) -> None:
    session, _ = open_campaign("By name " + move, "blades")
    turn = session.send(words)
    assert turn.suggestions and turn.suggestions[0].move == move, ([s.move for s in turn.suggestions], turn.notes)


def test_what_a_sheet_field_is_asks_the_rules_not_the_oracle() -> None:
    from assistant.chat.classify import classify

    assert classify("what is grit?", "dungeon-world").kind == "rules"
    assert classify("what is the wanted level?", "blades").kind == "rules"
    assert classify("what is his name?", "dungeon-world").kind == "oracle"
    session, _ = open_campaign("Grit asked", "dungeon-world")
    answered = session.send("what is grit?")
    assert "has no oracle" not in answered.narration, answered.narration


def test_the_oracle_offered_says_its_odds() -> None:
    session, _ = open_campaign("Oracle words", "elegy")
    turn = session.send("the horror of the crypt breaks me")
    oracle = [s for s in turn.suggestions if s.move == "Ask the Oracle"]
    assert oracle and oracle[0].odds_words == "yes or no at 50/50 (other odds: /oracle likely <question>)", oracle
