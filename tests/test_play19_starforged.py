"""Round 19 of Starforged played through the chat: a vow named in a long sentence keeps its last words, a line that
sets the scene first ("as I dock, ...") is told as the player put it, and an opening never says the player's verb
twice ("You go all in to go for the kill")."""

from __future__ import annotations

import pytest

from assistant.narrate.line_grammar import Shape, shape
from assistant.narrate.opening import frame
from tests.session_helpers import open_campaign, play, track_named

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_a_vow_sworn_in_a_long_sentence_is_named_with_all_its_words() -> None:
    session, dice = open_campaign("Aurora", "starforged")
    sworn = play(session, dice, "I swear an iron vow to find my sister Kira, who vanished near the Aurora relay station", 6, 7, 3)
    assert sworn.results[0].move == "Swear an Iron Vow", sworn.results[0].move
    track_named(session, "Find my sister Kira, who vanished near the Aurora relay station")


def test_a_name_too_long_is_cut_at_a_clause_or_a_word_never_on_a_word_that_leads_on() -> None:
    from assistant.chat.track_finder import MAX_NAME, name_from_words

    long = "I swear an iron vow to find my sister Kira, who vanished near the Aurora relay station on the far side of the Veil"
    name = name_from_words(long, "vow")
    assert len(name) <= MAX_NAME and not name.endswith((" the", " of", " near")), name
    assert name.startswith("Find my sister Kira"), name


@pytest.mark.parametrize(
    ("words", "told"),
    [
        (
            "as I dock, a scavenger crew with stun batons jumps me in the airlock. I draw my pistol and fight",
            "As you dock, a scavenger crew with stun batons jumps you in the airlock. You draw your pistol and fight.",
        ),
        ("when the guard turns away, I slip past", "When the guard turns away, you slip past."),
        ("while the drones reload, I sprint for the hatch", "While the drones reload, you sprint for the hatch."),
    ],
)
def test_words_that_set_the_scene_first_are_told_as_the_player_put_them(words: str, told: str) -> None:
    assert shape(words)[0] is Shape.CLAUSE
    assert frame(words, seed=1) == told
    assert "focus on as" not in frame(words, seed=2).lower()


def test_a_question_that_opens_with_when_is_still_a_question() -> None:
    assert shape("when does the ship arrive, and who is on it?")[0] is Shape.QUESTION


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("words", ["I go for the decisive blow", "go for the kill", "I make my way to the hatch"])
def test_an_opening_never_says_the_players_verb_twice(seed: int, words: str) -> None:
    told = frame(words, seed=seed).lower()
    assert "go all in to go" not in told and "make your move to make" not in told, told


def test_the_fight_opened_while_docking_is_told_in_one_sentence_in_the_chat() -> None:
    session, dice = open_campaign("Docking", "starforged")
    words = "as I dock, a scavenger crew with stun batons jumps me in the airlock. I draw my pistol and fight"
    offered = session.send(words)
    fray = next(s for s in offered.suggestions if s.move == "Enter the Fray")
    dice.queue(5, 6, 6)
    fought = session.confirm(fray)
    assert fought.narration.startswith("As you dock, a scavenger crew with stun batons jumps you in the airlock."), (
        fought.narration
    )


@pytest.mark.parametrize("words", ["I swear an iron vow to avenge my father", "I swear an iron vow to find my sister Kira"])
def test_a_vow_sworn_in_so_many_words_offers_the_vow_without_heal_or_endure_harm(words: str) -> None:
    session, _dice = open_campaign(f"Sworn {len(words)}", "starforged")
    offered = session.send(words)
    moves = [s.move for s in offered.suggestions]
    assert moves[:1] == ["Swear an Iron Vow"], moves
    assert not {"Heal", "Endure Harm"} & set(moves), moves


def test_words_no_move_fits_clearly_still_offer_three() -> None:
    session, _dice = open_campaign("Unclear", "starforged")
    offered = session.send("I look around the hangar for anything useful")
    assert len(offered.suggestions) == 3, [s.move for s in offered.suggestions]


@pytest.mark.parametrize(
    ("words", "name"),
    [
        ("I meet Captain Ilsa Voss, a smuggler who might help me, and make a connection", "Captain Ilsa Voss"),
        ("I meet Jonah and make a connection", "Jonah"),
        ("I make a connection with Dr. Ana Reyes", "Dr. Ana Reyes"),
    ],
)
def test_a_connection_is_named_after_the_one_met(words: str, name: str) -> None:
    from assistant.chat.track_finder import name_from_words

    assert name_from_words(words, "connection") == name


def test_the_connection_made_in_the_chat_is_on_the_sheet_by_name() -> None:
    session, dice = open_campaign("Voss", "starforged")
    offered = session.send("I meet Captain Ilsa Voss, a smuggler who might help me, and make a connection")
    connection = next(s for s in offered.suggestions if s.move == "Make a Connection")
    dice.queue(6, 9, 5)
    made = session.confirm(connection)
    assert made.kind == "action", made.error
    track_named(session, "Captain Ilsa Voss")


@pytest.mark.parametrize("words", ["I keep going through the Reach, rationing supplies", "we push on deeper into the Reach"])
def test_going_on_with_an_expedition_offers_the_next_leg_first(words: str) -> None:
    session, dice = open_campaign(f"Reach {len(words)}", "starforged")
    play(session, dice, "I undertake an expedition across the Shattered Reach to the relay", 4, 1, 4)
    offered = session.send(words)
    assert offered.suggestions[0].move == "Undertake an Expedition", [s.move for s in offered.suggestions]


def test_moves_refused_for_the_same_reason_are_named_in_one_note() -> None:
    from assistant.chat.refusals import why_not_now

    session, _dice = open_campaign("No Fight Yet", "starforged")
    notes = why_not_now(session.reload(), [], "do I strike or clash with the raider?")
    assert (
        "Strike and Clash act on a fight's progress track, and there is no open fight yet: Enter the Fray first, or "
        "start one with /track <rank> fight <name>." in notes
    ), notes
    assert not any(n.startswith(("Strike acts", "Clash acts")) for n in notes), notes


def test_trading_shots_in_a_bad_spot_is_clash_at_a_distance() -> None:
    session, dice = open_campaign("Hold", "starforged")
    play(session, dice, "a scavenger crew jumps me in the airlock and I fight", 1, 9, 9)  # a miss: in a bad spot
    offered = session.send("I clash with the leader, trading shots across the hold")
    clash = next(s for s in offered.suggestions if s.move == "Clash")
    assert clash.stat == "edge", clash.stat
