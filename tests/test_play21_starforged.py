"""Round 21 of Starforged played through the chat: a vow said after a colon is named by its words, a title stays with
its name ("Dr. Vale"), a move that makes no roll is offered without a stat, says why it made none, and a /roll aimed at
a fight by name (or after words that name it) acts on that fight, not the most recent one."""

from __future__ import annotations

import pytest

from assistant.chat.moves_info import moves_that_fit
from assistant.chat.track_names import name_from_words
from assistant.engine.cue_words import match_cues
from tests.session_helpers import open_campaign, track_named

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize(
    ("words", "name"),
    [
        (  # was "Swear a second vow: I will get Vale off this station before the syndicate finds"
            "I swear a second vow: I will get Vale off this station before the syndicate finds her, it's dangerous",
            "I will get Vale off this station before the syndicate finds her",
        ),
        (  # was "Get Vale off this station before the syndicate finds her." (the full stop of a rank's sentence)
            "I swear an iron vow to get Vale off this station before the syndicate finds her. dangerous.",
            "Get Vale off this station before the syndicate finds her",
        ),
    ],
)
def test_a_vows_name_is_the_vow(words: str, name: str) -> None:
    assert name_from_words(words, "vow") == name


def test_a_connection_keeps_its_title_and_is_named_again_without_it() -> None:
    session, dice = open_campaign("Medic", "starforged")
    offered = session.send("I make a connection with Dr. Vale, the medic on the station who knew my sister")
    dice.queue(6, 2, 3)
    made = session.confirm(next(s for s in offered.suggestions if s.move == "Make a Connection"))
    assert made.kind == "action", made.error
    assert not any("target Dr (" in n for n in made.notes), made.notes  # was "Read from your words: target Dr"
    assert track_named(session, "Dr. Vale")["kind"] == "connection"
    offered = session.send("I develop my relationship with Vale")
    develop = next(s for s in offered.suggestions if s.move == "Develop Your Relationship")
    line = next(x for x in moves_that_fit([develop]).splitlines() if x.startswith("- Develop"))
    assert "+rank" not in line and "no roll" in line, line  # was "Develop Your Relationship (+rank) — no roll ..."
    developed = session.confirm(develop)
    result = developed.results[0]
    assert "No roll: you share no bond with them yet, so you mark progress on the connection." in result.notes, result.notes
    assert track_named(session, "Dr. Vale")["ticks"] == 4  # the same connection, not a new "Vale"


def _two_fights(session, dice) -> None:  # type: ignore[no-untyped-def]
    for words, faces in (
        ("a pirate cutter opens fire on us, we enter the fray", (6, 1, 1)),
        ("a second raider ambushes us", (6, 1, 1)),
    ):
        turn = session.send(words)
        enter = next(s for s in turn.suggestions if s.move == "Enter the Fray")
        dice.queue(*faces)
        assert session.confirm(enter).kind == "action"


def test_a_roll_aimed_at_a_fight_by_name_acts_on_it() -> None:
    session, dice = open_campaign("Two fights", "starforged")
    _two_fights(session, dice)
    names = sorted(t["name"] for t in session.reload().tracks.values())
    cutter = next(n for n in names if "cutter" in n.lower())
    dice.queue(6, 1, 1)
    turn = session.send(f"/roll strike +edge on {cutter.lower()}")  # was "There is no move called 'strike on ...'"
    assert turn.kind == "action", turn.error
    assert any(f"On your fight “{cutter}” (named in your words)." == n for n in turn.notes), turn.notes
    assert track_named(session, cutter)["ticks"] > 0


def test_a_roll_after_words_naming_a_fight_acts_on_that_fight() -> None:
    session, dice = open_campaign("Finish it", "starforged")
    _two_fights(session, dice)
    cutter = next(t["name"] for t in session.reload().tracks.values() if "cutter" in t["name"].lower())
    session.send("I finish the cutter off with a torpedo to its reactor")
    dice.queue(1, 1)
    turn = session.send("/roll take decisive action")  # went to the most recent fight, the raider's, and lost it
    assert turn.kind == "action", turn.error
    assert any(f"“{cutter}”" in n and "named in your words" in n for n in turn.notes), turn.notes


@pytest.mark.parametrize(
    ("words", "move"),
    [
        ("I line up the cannons on their engines and open up, all guns", "clash"),
        ("I blast the first cutter's engines while it's crippled", "strike"),
        ("I finish the cutter off with a torpedo to its reactor", "takedecisiveaction"),
        ("I throw the ship into a hard dive to get out of their guns", "reactunderfire"),
    ],
)
def test_a_ship_fights_words_call_for_the_fights_moves(words: str, move: str) -> None:
    assert move in match_cues("starforged", words).move_boost, words  # were Resupply, Repair or Face Danger first


def test_a_blast_door_is_no_shot() -> None:
    assert not match_cues("starforged", "could I splice the wires and override the blast door?").move_boost


def test_without_a_word_for_the_approach_the_best_stat_is_rolled() -> None:
    from assistant.suggest import SuggestContext, suggest

    context = SuggestContext(system="starforged", character={"stats": {"edge": 3, "heart": 2, "iron": 2, "shadow": 1, "wits": 1}})
    dive = {s.move: s.stat for s in suggest("I throw the ship into a hard dive to get out of their guns", context, k=6)}
    assert dive.get("Face Danger") in (None, "edge"), dive  # was +shadow ("With deception, stealth, or trickery")
    sneak = {s.move: s.stat for s in suggest("I sneak past the sentries", context, k=6)}
    assert sneak["Face Danger"] == "shadow", sneak  # the words name the approach


def test_an_ambush_in_an_open_fight_goes_on_with_that_fight() -> None:
    session, dice = open_campaign("Ambush", "starforged")
    offered = session.send("a raider jumps me in the corridor")
    dice.queue(6, 1, 1)
    assert session.confirm(next(s for s in offered.suggestions if s.move == "Enter the Fray")).kind == "action"
    offered = session.send("we're ambushed!")
    dice.queue(6, 1, 1)
    turn = session.confirm(next(s for s in offered.suggestions if s.move == "Enter the Fray"))
    assert turn.kind == "action", turn.error
    assert any(n.startswith("Continues your fight “The raider”") for n in turn.notes), turn.notes
    assert [t["name"] for t in session.reload().tracks.values()] == ["The raider"]  # no second fight "The fight"


def test_an_answer_out_of_range_says_which_numbers_answer() -> None:
    session, _dice = open_campaign("Stressed", "starforged")
    asked = session.send("/roll endure stress")
    assert session.pending_question is not None, asked.narration
    turn = session.send("5")  # was "I didn't catch that."
    said = turn.error or turn.narration
    assert "5 is not one of the answers: give a number from 1 to 3." in said, said
    assert session.pending_question is not None  # still asked: nothing changed
