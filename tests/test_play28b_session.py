"""Round 28, the terminal session. "Bart attacks Mia" with three characters rolled with the player's own sheet: who
acts and at whom now come from the names in the words. "I undo that" was read as an action, not /undo. The terminal
listed odds with two decimals ("strong hit 33.17%") where the app rounds: both read whole percent now. A move that can
only miss was offered first; it now comes after the moves that can hit."""

from __future__ import annotations

import re

import pytest

from assistant.chat.moves_info import moves_that_fit
from assistant.narrate.odds_words import percent
from tests.session_helpers import open_campaign, open_duel_of_three

pytestmark = pytest.mark.usefixtures("hash_embedder")


# ---- who acts comes from the words --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("typed", "maker", "target"),
    [("Bart attacks Mia", "bart", "mia"), ("Mia attacks Bart", "mia", "bart"), ("Bart swings his sword at Mia", "bart", "mia"),
     ("then Mia stabs Bart", "mia", "bart")],
)  # fmt: skip
def test_one_character_attacking_another_rolls_with_the_attacker_s_sheet(typed: str, maker: str, target: str) -> None:
    session, dice = open_duel_of_three("Who acts " + typed)
    turn = session.send(typed)
    attack = next(s for s in turn.suggestions if s.move in ("Hack & Slash", "Volley"))
    assert attack.request.get("character_id") == maker, attack.request
    assert (attack.request.get("options") or {}).get("target") == target, attack.request
    name, whom = maker.title(), target.title()
    assert any(f"{name}'s, rolled with {name}'s sheet, at {whom}" in n for n in turn.notes), turn.notes
    dice.queue(5, 5)
    rolled = session.confirm(attack)
    assert rolled.kind == "action" and rolled.results[0].move == attack.move, rolled.error
    assert name in rolled.narration, rolled.narration  # told as theirs


@pytest.mark.parametrize(("typed", "target"), [("I attack Mia", "mia"), ("I hit Bart with my axe", "bart")])
def test_the_one_playing_still_attacks_whom_they_name(typed: str, target: str) -> None:
    session, _ = open_duel_of_three("Mine " + typed)
    attack = next(s for s in session.send(typed).suggestions if s.move == "Hack & Slash")
    assert attack.request.get("character_id") in (None, session.reload().active_character), attack.request
    assert (attack.request.get("options") or {}).get("target") == target, attack.request


def test_a_character_attacking_me_is_still_aimed_at_me() -> None:
    session, _ = open_duel_of_three("At me")
    attack = next(s for s in session.send("Bart attacks me").suggestions if s.move == "Hack & Slash")
    assert attack.request.get("character_id") == "bart", attack.request
    assert (attack.request.get("options") or {}).get("target") == session.reload().active_character


# ---- "I undo that" is /undo ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "typed", ["I undo that", "I want to undo that", "let me undo the last roll", "please undo my last move", "undo it please"]
)
def test_undo_in_words_takes_the_roll_back(typed: str) -> None:
    from assistant.store import service

    name = "Undo " + typed
    session, dice = open_campaign(name, "starforged")
    dice.queue(3, 3, 9)
    assert session.send("/roll face danger +edge").results
    assert service.load_campaign(name).moves == 1
    turn = session.send(typed)
    assert turn.kind != "action" and not turn.suggestions, (turn.kind, turn.narration)
    assert service.load_campaign(name).moves == 0, turn.narration


@pytest.mark.parametrize("typed", ["I undo the knot on the rope", "I take back the stolen data core"])
def test_deeds_that_say_undo_or_take_back_are_still_actions(typed: str) -> None:
    session, _ = open_campaign("Deed " + typed, "starforged")
    assert session.send(typed).suggestions


# ---- odds in whole percent ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("value", "said"),
    [(33.17, "33%"), (43.67, "44%"), (2.78, "3%"), (100, "100%"), (0, "0%"), (0.28, "under 1%"), (99.72, "over 99%")],
)
def test_a_chance_reads_in_whole_percent(value: float, said: str) -> None:
    assert percent(value) == said


def test_the_terminal_lists_odds_as_the_app_rounds_them() -> None:
    session, _ = open_campaign("Odds", "starforged")
    listed = moves_that_fit(session.send("I dodge the falling rocks").suggestions)
    assert re.search(r"\d%", listed) and not re.search(r"\d\.\d+%", listed), listed


# ---- a sure miss is not offered first -----------------------------------------------------------------------------
@pytest.mark.parametrize("words", ["I finish the hunter", "I go for the kill", "I put the hunter down for good"])
def test_a_progress_move_that_can_only_miss_is_offered_after_moves_that_can_hit(words: str) -> None:
    session, dice = open_campaign("Sure miss " + words, "elegy")
    assert session.send("/track dangerous fight The hunter").kind != "error"
    turn = session.send(words)
    moves = [s.move for s in turn.suggestions]
    assert moves and moves[0] != "End the Fight", moves
    if "End the Fight" in moves:
        line = next(x for x in turn.narration.splitlines() if "End the Fight" in x)
        assert "a sure miss now" in line, line


def test_a_progress_move_the_words_name_stays_first() -> None:
    session, _ = open_campaign("Named sure miss", "elegy")
    assert session.send("/track dangerous fight The hunter").kind != "error"
    assert session.send("I end the fight").suggestions[0].move == "End the Fight"
