"""Offline narration and the engine's words as a player reads them: the player's words framed grammatically, oracle
answers as English statements, no Python list, snake_case id or unchanged "0 → 0" in a reason or note, and the story
leaving to the card and the open choice what they already say."""

from __future__ import annotations

import re

import pytest

from assistant.engine import resolve
from assistant.narrate import NarrationRequest, TemplateNarrator
from assistant.narrate.answers import answer_statement
from assistant.narrate.line_grammar import Shape, shape
from assistant.narrate.opening import frame

SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")


def test_numbers_rolled_are_told_as_numbers_not_a_python_list() -> None:
    secret = resolve({"system": "city", "move": "Use a Secret", "stat": "flat", "dice": [1, 5, 4]})
    assert "A die shows 1 or 2 (dice 1, 5 and 4): you Reveal a Secret." in secret.notes
    damage = resolve({"system": "dungeon-world", "move": "Deal Damage", "dice": [3, 2], "options": {"damage_dice": "2d6"}})
    assert damage.notes[-1] == "Damage: 2d6 = 5 (rolled 3, 2), less 3 armor: 2 HP."
    for text in [*secret.notes, *damage.notes]:
        assert "[" not in text


def test_a_forward_names_the_moves_it_applies_to() -> None:
    bearings = resolve({"system": "city", "move": "Get Your Bearings", "stat": "environs", "dice": [5, 6]})
    reasons = [e.reason for e in bearings.effects]
    assert "take +1 forward on Transit or Steer Clear" in reasons
    assert not any(SNAKE.search(r) for r in reasons), reasons


@pytest.mark.parametrize(
    ("text", "kind", "opening"),
    [
        ("the score was loud and a Bluecoat was killed", Shape.CLAUSE, "The score was loud and a Bluecoat was killed."),
        ("I was hit by a bolt", Shape.ATTEMPT, "You were hit by a bolt."),
        ("The raider lunges at me", Shape.CLAUSE, "The raider lunges at you."),
        ("Kara lunges at the beast", Shape.CLAUSE, "Kara lunges at the beast."),
        ("The guards watch the gate", Shape.CLAUSE, "The guards watch the gate."),
        ("why is the door locked", Shape.QUESTION, "Why is the door locked? "),
        ("hmm", Shape.NONE, ""),
        ("The drones swarm toward us", Shape.CLAUSE, "The drones swarm toward you."),
        ("I'm wounded but I keep fighting", Shape.CLAUSE, "You're wounded but you keep fighting."),
        ("ok let's go", Shape.FIRST_PERSON, "You "),
    ],
)
def test_the_players_words_are_framed_grammatically(text: str, kind: Shape, opening: str) -> None:
    assert shape(text)[0] is kind
    framed = frame(text, "seed")
    assert framed.startswith(opening) if opening else framed == "", framed
    assert "You lunges" not in framed and " were loud" not in framed


@pytest.mark.parametrize("words", ["Hack & Slash", "I Hack & Slash the orc", "Defy Danger"])
def test_a_move_named_in_the_players_words_keeps_its_capitals(words: str) -> None:
    framed = frame(words, "seed")
    name = words.removeprefix("I ").removesuffix(" the orc")
    assert name in framed, framed


@pytest.mark.parametrize(
    ("question", "answer", "statement"),
    [
        ("Are there scavengers aboard?", "no", "No: there are no scavengers aboard."),
        ("Are there any guards?", "yes", "Yes: there are some guards."),
        ("Is anyone still alive in here?", "no", "No: no one is alive in here."),
        ("Is anyone still alive in here?", "yes", "Yes: someone is still alive in here."),
        ("Has anything changed?", "no", "No: nothing has changed."),
        ("Is anyone else awake?", "no", "No: no one else is awake."),
        ("Is anyone else awake?", "yes", "Yes: someone else is awake."),
        ("Does the guard have any keys?", "no", "No: the guard does not have any keys."),
        ("Was I seen?", "yes", "Yes: you were seen."),
        ("Does anyone know me?", "no", "No: no one knows you."),  # the verb conjugated for "no one"
        ("Did the captain spurn us?", "no", "No: the captain did not spurn you."),
        ("Will the rusty old bridge hold?", "yes", "Yes: the rusty old bridge will hold."),
        # a verb the word lists do not know, found by the object after it
        ("Did the pirates send a distress call?", "yes", "Yes: the pirates did send a distress call."),
        ("Will the old guard open the gate?", "no", "No: the old guard will not open the gate."),
        ("Does the dockmaster owe us a favour?", "no", "No: the dockmaster does not owe you a favour."),
        ("Did my sister leave me a message?", "yes", "Yes: your sister did leave you a message."),
        ("Does the storm cut off our retreat?", "yes", "Yes: the storm cuts off your retreat."),
        ("Does the gate open from the inside?", "no", "No: the gate does not open from the inside."),
        ("Will the magistrate grant the permit?", "yes", "Yes: the magistrate will grant the permit."),
        ("Did the guards lock up the armoury?", "no", "No: the guards did not lock up the armoury."),
    ],
)
def test_an_oracle_answer_reads_as_an_english_statement(question: str, answer: str, statement: str) -> None:
    assert answer_statement(question, answer) == statement


def test_an_oracle_question_asked_in_chat_is_answered_in_a_sentence() -> None:
    result = resolve({"system": "starforged", "move": "Ask the Oracle", "dice": [84], "options": {"odds": "50/50"}})
    text = TemplateNarrator().narrate(
        NarrationRequest(task="oracle", system="starforged", player_text="is anyone still alive in here?", results=(result,))
    )
    assert "No: no one is alive in here." in text and "anyone is no longer" not in text


def test_a_change_that_changed_nothing_is_not_shown_as_one() -> None:
    smooth = resolve({"system": "blades", "move": "Heat", "options": {"exposure": "smooth"}})
    text = TemplateNarrator().narrate(
        NarrationRequest(task="narrate", system="blades", player_text="the score was smooth", results=(smooth,))
    )
    assert "Heat: no change (still 0)." in text and "0 → 0" not in text


def test_blades_says_vaults_and_overindulgence_in_words() -> None:
    vice = resolve({"system": "blades", "move": "Indulge Vice", "stat": "insight", "dice": [4, 1]})
    assert "You clear 4 stress, but none is marked: you overindulge." in vice.notes
    payoff = resolve({"system": "blades", "move": "Payoff", "options": {"coin": 4}, "character": {"crew_coin": 2}})
    said = " ".join(payoff.notes)
    assert "(no vault upgrades)" in said and "(s)" not in said, said


def test_an_instruction_the_engine_carried_out_is_not_told_again() -> None:
    lie_low = resolve({"system": "blades", "move": "Reduce Heat", "stat": "sway", "dice": [4], "character": {"heat": 6}})
    text = TemplateNarrator().narrate(
        NarrationRequest(task="narrate", system="blades", player_text="lie low", results=(lie_low,))
    )
    assert "Heat 6 → 4." in text and "Reduce heat by two" not in text


def test_the_story_does_not_list_the_options_the_open_choice_lists() -> None:
    volley = resolve({"system": "dungeon-world", "move": "Volley", "stat": "dex", "dice": [3, 5]})
    text = TemplateNarrator().narrate(
        NarrationRequest(task="narrate", system="dungeon-world", player_text="I shoot the goblin", results=(volley,))
    )
    story = text.split("\n\n")[0]
    assert story.endswith("You deal your damage.") and "choose one" not in story.lower() and "1d6" not in story


def test_a_players_own_name_for_a_thing_is_quoted_as_prose_not_as_python() -> None:
    scheme = {"schemes": [{"name": "The widow's toll", "productivity": 1}]}
    run = resolve({"system": "city", "move": "Run the Scheme", "dice": [5, 3], "character": scheme})
    assert "Rolling +Productivity of “The widow's toll” (+1)." in run.notes, run.notes
    assert not any('"' in n or "\\'" in n for n in run.notes)


def test_what_the_engine_already_did_is_not_told_again_as_a_list() -> None:
    advantage = resolve({"system": "starforged", "move": "Secure an Advantage", "stat": "shadow", "dice": [5, 2, 4]})
    fray = resolve({"system": "starforged", "move": "Enter the Fray", "stat": "heart", "dice": [6, 4, 1]})
    for result in (advantage, fray):
        text = TemplateNarrator().narrate(
            NarrationRequest(task="narrate", system="starforged", player_text="I make my move", results=(result,))
        )
        story = text.split("\n\n")[0]
        assert "Take both" not in text and "\n- " not in text, text
        assert "momentum" not in story.lower() and "in control" not in story.lower(), story


def test_every_row_of_a_price_rolled_twice_is_read_in_the_light_of_the_action() -> None:
    miss = resolve({"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [1, 8, 9]})
    price = resolve({"system": "starforged", "move": "Pay the Price", "dice": [97, 12, 98, 50, 73]})
    text = TemplateNarrator().narrate(
        NarrationRequest(task="pay_the_price", system="starforged", player_text="I force the door open", results=(miss, price))
    )
    assert "As you try to force the door open, you face a tough choice, a new enemy is revealed and you waste resources." in text
    assert text.count("tough choice") == 1, text  # the card leaves the rows to the reading: each said once


def test_a_rank_table_and_a_pick_instruction_are_left_to_the_card_and_the_choice() -> None:
    track = {"name": "My sire", "rank": "formidable", "ticks": 0, "kind": "elegy"}
    milestone = resolve({"system": "elegy", "move": "Reach a Milestone", "options": {"track": track}})
    rest = resolve({"system": "elegy", "move": "Rest", "stat": "heart", "dice": [2, 10]})
    for result in (milestone, rest):
        text = TemplateNarrator().narrate(
            NarrationRequest(task="narrate", system="elegy", player_text="I press on", results=(result,))
        )
        assert "Mark 2 boxes" not in text and "1boxes" not in text and "above." not in text, text
        assert "You may mark progress" not in text


def test_entanglements_read_as_the_gms_pick_from_the_lower_die() -> None:
    result = resolve({"system": "blades", "move": "Entanglements", "stat": "wanted_level", "dice": [1, 6]})
    text = TemplateNarrator().narrate(
        NarrationRequest(task="narrate", system="blades", player_text="We roll for entanglements", results=(result,))
    )
    assert "Wanted level 0 means no dice, so the lower die counts. Rolled 1 and 6: the 1 counts." in text
    assert "bad outcome" not in text and "the best die is 1" not in text and "Zero dice" not in text
    assert "The GM picks the entanglement that manifests (heat 0-3, a roll of 1-3):\n- Gang Trouble" in text
    assert "your call" not in text and "Heat 4/5" not in text and "column" not in text, text


def test_marked_progress_is_left_to_the_card() -> None:
    vow = {"name": "Find my sister", "rank": "dangerous", "ticks": 0, "kind": "vow"}
    ice = {"name": "The ice", "rank": "formidable", "ticks": 0, "kind": "expedition"}
    milestone = resolve({"system": "starforged", "move": "Reach a Milestone", "options": {"track": vow}})
    waypoint = resolve({"system": "starforged", "move": "Undertake an Expedition", "stat": "edge", "dice": [4, 1, 2],
                        "options": {"track": ice}})  # fmt: skip
    for result in (milestone, waypoint):
        text = TemplateNarrator().narrate(
            NarrationRequest(task="narrate", system="starforged", player_text="I press on", results=(result,))
        )
        story = text.split("\n\n")[0]
        assert "mark progress" not in story and "..." not in story, story
    assert "Envision the location." in TemplateNarrator().narrate(
        NarrationRequest(task="narrate", system="starforged", player_text="I press on", results=(waypoint,))
    )


def test_a_quest_fulfilled_reads_as_an_attempt_and_leaves_its_experience_to_the_card() -> None:
    track = {"name": "Aurel", "rank": "dangerous", "ticks": 24, "kind": "elegy"}
    done = resolve({"system": "elegy", "move": "Fulfill Your Elegy", "dice": [1, 5], "options": {"track": track}})
    text = TemplateNarrator().narrate(
        NarrationRequest(task="narrate", system="elegy", player_text="I fulfill my elegy for Aurel", results=(done,))
    )
    assert not text.startswith("You fulfill") and "Mark experience" not in text and "XP 0 → 2." in text, text
    milestone = resolve({"system": "elegy", "move": "Reach a Milestone",
                         "options": {"track": {**track, "rank": "epic", "ticks": 0}}})  # fmt: skip
    assert "0 → 1 tick." in TemplateNarrator().narrate(
        NarrationRequest(task="narrate", system="elegy", player_text="", results=(milestone,))
    )


def test_a_picked_choice_is_not_asked_again_and_its_change_shows_its_numbers() -> None:
    picked = resolve({"system": "city", "move": "Set Up a Scheme", "stat": "network", "dice": [6, 2],
                      "options": {"choose": ["start_at_minus_1"]}})  # fmt: skip
    text = TemplateNarrator().narrate(
        NarrationRequest(task="narrate", system="city", player_text="I set up a scheme", results=(picked,))
    )
    assert "Mark Heat or start Productivity" not in text and "Set Up a Scheme: weak hit" not in text, text
    assert "Chosen: Start Productivity at -1. Scheme 1 productivity: 0 → -1." in text


def test_a_note_on_the_card_is_not_also_told_in_the_story() -> None:
    initiative = resolve({"system": "dungeon-world", "move": "Roll Initiative", "options": {"initiative": 12}})
    text = TemplateNarrator().narrate(
        NarrationRequest(task="narrate", system="dungeon-world", player_text="We roll initiative", results=(initiative,))
    )
    assert text.count("The highest initiative goes first") == 1, text


def test_the_same_words_twice_do_not_open_two_turns_with_the_same_sentence() -> None:
    first = frame("I sneek into the lair", "seed")
    second = frame("I sneek into the lair", "seed", [f"{first} It goes wrong."])
    assert first == "You sneek into the lair." and second != first and second.endswith("you sneek into the lair.")


def test_a_tables_instruction_to_roll_on_its_list_below_is_not_told_after_the_roll() -> None:
    from assistant.engine import resolve
    from assistant.narrate import NarrationRequest, TemplateNarrator

    price = resolve({"system": "elegy", "move": "Pay the Price", "dice": [25]})
    told = TemplateNarrator().narrate(
        NarrationRequest(task="pay_the_price", system="elegy", player_text="I feed on the watchman", results=(price,))
    )
    assert "separated from something or someone" in told and "list below" not in told


def test_a_yes_to_a_do_question_is_told_in_plain_present_tense() -> None:
    from assistant.narrate.answers import answer_statement

    assert answer_statement("Does the raider flee?", "yes") == "Yes: the raider flees."
    assert answer_statement("Do the guards see me?", "yes") == "Yes: the guards see you."
    assert answer_statement("Does the captain have the key?", "yes") == "Yes: the captain has the key."
    assert answer_statement("Does the raider flee?", "no") == "No: the raider does not flee."
    assert answer_statement("Does the priest wish to talk?", "no") == ""  # unparsed: the engine's plain answer is said
