"""Round 20 of Starforged played through the chat: two actions typed in one line roll one move at a time (the second is
kept and said again after the first), an ambush sprung on the character enters the fray with +wits ("Caught in a trap
or sizing up the situation"), and "undo" or "sheet" typed without the slash do what the player means."""

from __future__ import annotations

import pytest

from assistant.chat.classify import classify
from assistant.chat.one_at_a_time import split_actions
from rules_index.embed import MiniLMEmbedder
from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize(
    ("words", "first", "then"),
    [
        ("I shoot the drone and then run for the airlock", "I shoot the drone", "run for the airlock"),
        ("I hack the door panel, then I slip inside", "I hack the door panel", "I slip inside"),
        ("I bribe the guard. Then I search the cargo hold", "I bribe the guard", "I search the cargo hold"),
        ("I patch my wounds and after that head for the ship", "I patch my wounds", "head for the ship"),
    ],
)
def test_two_actions_joined_by_then_are_split(words: str, first: str, then: str) -> None:
    split = split_actions(words)
    assert split is not None and (split.first, split.then) == (first, then), split


@pytest.mark.parametrize(
    "words",
    [
        "I draw my pistol and fight",
        "if the guard sleeps, then I slip past",
        "when the drones reload, then I sprint for the hatch",
        "then I run",
    ],
)
def test_one_action_is_not_split(words: str) -> None:
    assert split_actions(words) is None


def test_two_actions_offer_moves_for_the_first_and_keep_the_second_for_next() -> None:
    session, dice = open_campaign("Airlock", "starforged")
    offered = session.send("I shoot the drone and then run for the airlock")
    assert offered.suggestions, offered.notes
    said = " ".join(offered.notes)
    assert "One move at a time" in said and "“I shoot the drone”" in said and "“run for the airlock”" in said, said
    dice.queue(6, 1, 2)
    rolled = session.confirm(offered.suggestions[0])
    assert rolled.kind == "action", rolled.error
    assert "airlock" not in rolled.narration, rolled.narration  # the roll tells the first action only
    assert rolled.notes[-1].startswith("Next, as you said: “run for the airlock”"), rolled.notes


def test_a_vow_whose_words_hold_then_is_sworn_whole() -> None:
    session, dice = open_campaign("Kira", "starforged")
    offered = session.send("I swear an iron vow to find Kira and then avenge her")
    assert offered.suggestions[0].move == "Swear an Iron Vow", [s.move for s in offered.suggestions]
    assert not any("One move at a time" in n for n in offered.notes), offered.notes
    dice.queue(6, 1, 2)
    sworn = session.confirm(offered.suggestions[0])
    names = [t.get("name") for t in session.reload().tracks.values()]
    assert "Find Kira and then avenge her" in names, (names, sworn.notes)


@pytest.mark.parametrize(
    "words", ["they jump me from the dark", "raiders ambush me in the corridor", "pirates catch me off guard and attack"]
)
def test_an_ambush_sprung_on_the_character_enters_the_fray_with_wits(words: str) -> None:
    session, _dice = open_campaign(f"Ambush {len(words)}", "starforged")
    offered = session.send(words)
    fray = [s for s in offered.suggestions if s.move == "Enter the Fray"]
    assert fray, [s.move for s in offered.suggestions]
    assert fray[0].stat == "wits", fray[0].stat


def test_an_ambush_the_character_lays_enters_the_fray_with_shadow() -> None:
    session, _dice = open_campaign("Lay", "starforged")
    offered = session.send("I set up an ambush for the raiders and attack before they see me")
    fray = [s for s in offered.suggestions if s.move == "Enter the Fray"]
    assert fray and fray[0].stat == "shadow", [(s.move, s.stat) for s in offered.suggestions]


@pytest.mark.parametrize(("words", "command"), [("undo", "undo"), ("Undo that.", "undo"), ("take that back", "undo")])
def test_a_command_typed_without_its_slash_is_that_command(words: str, command: str) -> None:
    c = classify(words, "starforged")
    assert (c.kind, c.text) == ("command", command)


@pytest.mark.parametrize("words", ["sheet", "show my sheet", "my character sheet"])
def test_sheet_typed_without_its_slash_shows_the_sheet(words: str) -> None:
    assert (classify(words, "starforged").kind, classify(words, "starforged").text) == ("command", "sheet")


def test_undo_typed_in_words_undoes_the_last_move_and_offers_no_moves() -> None:
    session, dice = open_campaign("Undo words", "starforged")
    offered = session.send("I swear an iron vow to find my sister")
    dice.queue(6, 1, 2)
    session.confirm(offered.suggestions[0])
    undone = session.send("undo")
    assert undone.kind != "error" and not undone.suggestions, undone.error
    assert "Undone" in undone.narration, undone.narration
    assert not session.reload().tracks, session.state.tracks


@pytest.mark.parametrize(
    ("name", "told"),
    [("The raider", "the raider"), ("A hunter", "a hunter"), ("The Iron Prince", "The Iron Prince"), ("Find Kira", "Find Kira")],
)
def test_a_track_named_after_a_foe_reads_in_a_sentence(name: str, told: str) -> None:
    from assistant.narrate.effect_lines import mid_sentence

    assert mid_sentence(name) == told


def test_progress_on_the_raider_is_told_mid_sentence_in_lower_case() -> None:
    session, dice = open_campaign("Raider", "starforged")
    offered = session.send("a raider attacks me in the corridor")
    dice.queue(6, 1, 1)
    session.confirm(next(s for s in offered.suggestions if s.move == "Enter the Fray"))
    dice.queue(6, 1, 1)
    struck = session.confirm({"move": "Strike", "stat": "iron"})
    assert "Progress on the raider:" in struck.narration, struck.narration
    asked = session.send("is the raider dead?")
    assert "the fight with the raider is still open" in asked.narration, asked.narration


@pytest.mark.parametrize(
    ("system", "words"),
    [
        ("starforged", "how do assets work?"),
        ("starforged", "what is a companion asset?"),
        ("elegy", "how do assets work in elegy?"),
        ("city", "how do secrets work?"),
        ("dungeon-world", "what is vulnerable?"),
        ("dungeon-world", "what does helpless mean?"),
        # a term of two words or more that the system's rules text uses
        ("starforged", "what is a command vehicle?"),
        ("dungeon-world", "what is the combat inventory?"),
        ("blades", "what's a long-term project?"),
    ],
)
def test_how_a_part_of_the_game_works_is_a_rules_question_not_the_oracles(system: str, words: str) -> None:
    assert classify(words, system).kind == "rules"


@pytest.mark.parametrize(
    "words",
    ["is the captain wounded?", "What is behind the door?", "Is the station abandoned?", "what is the captain hiding?"],
)
def test_questions_about_the_story_stay_the_oracles(words: str) -> None:
    assert classify(words, "starforged").kind == "oracle"


def test_a_connection_met_somewhere_is_named_after_the_one_met() -> None:
    from assistant.chat.track_names import name_from_words

    assert name_from_words("I meet Captain Ilsa Voss at the docks and make a connection", "connection") == "Captain Ilsa Voss"


@pytest.mark.parametrize("words", ["we push on deeper into the Reach, rationing supplies", "I keep going toward the relay"])
def test_going_on_with_an_expedition_continues_the_one_under_way(words: str) -> None:
    session, dice = open_campaign(f"Leg {len(words)}", "starforged")
    offered = session.send("I undertake an expedition across the Shattered Reach to the relay, a dangerous expedition")
    dice.queue(6, 1, 2)
    session.confirm(next(s for s in offered.suggestions if s.move == "Undertake an Expedition"))
    again = session.send(words)
    leg = next(s for s in again.suggestions if s.move == "Undertake an Expedition")
    dice.queue(6, 1, 2)
    went = session.confirm(leg)
    assert any("Continues your expedition “The Shattered Reach to the relay”" in n for n in went.notes), went.notes
    expeditions = [t for t in session.reload().tracks.values() if t.get("kind") == "expedition"]
    assert len(expeditions) == 1 and expeditions[0]["ticks"] == 16, expeditions


def test_the_second_action_waits_for_the_first_rolls_open_choice() -> None:
    session, dice = open_campaign("Choice first", "starforged")
    offered = session.send("I shoot the drone and then run for the airlock")
    assert offered.suggestions, offered.notes
    dice.queue(1, 2, 8)  # 1 + edge 3 = 4 against 2 and 8: a weak hit, choose one
    rolled = session.confirm({"move": "Enter the Fray", "stat": "edge"})
    assert rolled.open_choices, rolled.narration
    assert rolled.notes[-1].startswith("Next, as you said: “run for the airlock”. Once you have made the choice below"), (
        rolled.notes
    )


@pytest.mark.parametrize("words", ["I go for the kill", "I finish him off"])
def test_going_for_the_kill_in_control_offers_take_decisive_action_first(embedder: MiniLMEmbedder, words: str) -> None:
    """With the real model (the hash embedder ranks by letters): "go for the kill" is the decisive move, not a Strike."""
    from assistant.suggest import SuggestContext, suggest

    context = SuggestContext(system="starforged", position="in_control", in_combat=True)
    ranked = suggest(words, context, k=3, embedder=embedder)
    assert ranked[0].move == "Take Decisive Action", [s.move for s in ranked]


def test_a_fight_begun_blade_in_hand_enters_the_fray_with_iron(embedder: MiniLMEmbedder) -> None:
    """Enter the Fray: "In the thick of it at close quarters: Roll +iron"."""
    from assistant.suggest import SuggestContext, suggest

    ranked = suggest("I attack the raider with my blade", SuggestContext(system="starforged"), k=4, embedder=embedder)
    fray = next(s for s in ranked if s.move == "Enter the Fray")
    assert fray.stat == "iron", [(s.move, s.stat) for s in ranked]


def test_two_actions_resumed_after_a_reload_still_roll_the_first() -> None:
    session, dice = open_campaign("Resumed", "starforged")
    session.send("I shoot the drone and then run for the airlock")
    from assistant.chat.session import ChatSession

    reopened = ChatSession.open("Resumed", rng=dice)
    resumed = reopened.resume_suggestions("I shoot the drone and then run for the airlock")
    assert resumed, "no moves offered again"
    dice.queue(6, 1, 2)
    rolled = reopened.confirm(resumed[0])
    assert "airlock" not in rolled.narration, rolled.narration
    assert rolled.notes[-1].startswith("Next, as you said: “run for the airlock”"), rolled.notes
