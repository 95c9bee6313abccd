"""What a player reads in a whole session, line by line: every option of an open choice listed, no Python list
or snake_case id in a reason, no change shown where nothing changed, the player's words framed grammatically."""

from __future__ import annotations

import random
import re

import pytest

from assistant.chat.session import ChatSession
from assistant.engine import resolve
from assistant.narrate import NarrationRequest, TemplateNarrator
from assistant.narrate.answers import answer_statement
from assistant.narrate.intent import Shape, frame, shape
from assistant.store import service
from rules_index.embed import get_embedder
from tests.session_helpers import ScriptedDice

SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")


@pytest.fixture(autouse=True)
def _hash_embedder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")


def _session(system: str, dice: random.Random | None = None) -> ChatSession:
    service.create_campaign("evening", system, seed=3)
    return ChatSession.open("evening", rng=dice or random.Random(5), embedder=get_embedder("hash"))


def test_every_option_of_an_open_choice_reaches_the_player() -> None:
    """The last option of the list is the narration's last line, without a full stop: it was dropped as an
    unfinished sentence."""
    dice = ScriptedDice()
    session = _session("starforged", dice)
    dice.queue(4, 1, 10)
    turn = session.send("/roll enter the fray +heart")
    assert turn.results[0].outcome.value == "weak_hit"
    assert turn.narration.endswith("- Take +2 momentum (you begin in a bad spot)\n- You are in control"), turn.narration
    assert "Choose one." not in turn.narration  # the story does not ask what the list asks
    assert turn.narration.count("Take +2 momentum") == 1


def test_numbers_rolled_are_told_as_numbers_not_a_python_list() -> None:
    secret = resolve({"system": "city", "move": "Use a Secret", "stat": "flat", "dice": [1, 5, 4]})
    assert "A die shows 1 or 2 (dice 1, 5 and 4): you Reveal a Secret." in secret.notes
    damage = resolve({"system": "dungeon-world", "move": "Deal Damage", "dice": [3, 2], "options": {"damage_dice": "2d6"}})
    assert damage.notes[-1] == "Damage: 2d6 = 5 (rolled 3, 2)."
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
        ("Does the guard have any keys?", "no", "No: the guard does not have any keys."),
        ("Was I seen?", "yes", "Yes: you were seen."),
        ("Does anyone know me?", "no", ""),  # would need the verb conjugated: the plain answer is said instead
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
    assert "Heat: no change." in text and "0 → 0" not in text


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


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("/table", "Which table? (/tables lists them.) Usage: /table <name>"),
        ("/dice", "Which dice? Usage: /dice <notation>"),
        ("/set", "Name the field and the value. Usage: /set"),
        ("/price", "Blades in the Dark has no Pay the Price move; roll a table (/tables) instead."),
    ],
)
def test_a_command_missing_its_words_says_what_is_missing(typed: str, said: str) -> None:
    session = _session("blades")
    turn = session.send(typed)
    assert turn.kind == "error" and turn.error.startswith(said), turn.error
    assert session.reload().moves == 0


def test_a_move_named_but_not_offered_says_why_it_cannot_be_made_now() -> None:
    session = _session("elegy")
    clash = session.send("I clash with the hunter")
    assert "Clash" not in [s.move for s in clash.suggestions]
    assert any(n.startswith("Clash acts on a fight's progress track, and there is no open fight yet") for n in clash.notes)
    service.create_campaign("arrows", "dungeon-world", {"ammunition": 0}, seed=3)
    dw = ChatSession.open("arrows", rng=random.Random(5), embedder=get_embedder("hash"))
    volley = dw.send("I volley at the goblin")
    assert "Volley" not in [s.move for s in volley.suggestions]
    assert any("no ammunition left for Volley" in n for n in volley.notes), volley.notes
    gasp = dw.send("I take my last gasp")
    assert any(n.startswith("Last Gasp is rolled when your Health Points reach 0") for n in gasp.notes), gasp.notes


def test_an_elegy_track_is_an_elegy_not_a_elegy() -> None:
    session = _session("elegy")
    offered = session.send("I fulfill my elegy")
    refused = session.confirm(offered.suggestions[0])
    assert "acts on an elegy's progress track" in refused.error and " a elegy" not in refused.error


def test_an_open_choice_said_in_an_earlier_turn_is_listed_again_whole() -> None:
    """The second Hack & Slash's options were said by the first: they were skipped as an earlier turn told again."""
    dice = ScriptedDice()
    session = _session("dungeon-world", dice)
    dice.queue(3, 5)
    first = session.send("/roll hack & slash +str")
    dice.queue(5, 2)
    again = session.send("/roll hack & slash +str")
    for turn in (first, again):
        for option in turn.open_choices[0].options:
            assert f"- {option.label}" in turn.narration, turn.narration


def test_the_sheet_leaves_out_idle_bonuses_and_never_shows_an_id() -> None:
    session = _session("dungeon-world")
    sheet = session.send("/sheet").narration
    assert sheet.startswith("Your character — Dungeon World")
    assert "Meters: hp 22, armor 3, mana 0, ammunition 5" in sheet and "bonus" not in sheet and "penalty" not in sheet
    first = session.send("/set ammunition 0").narration
    again = session.send("/set ammunition 0").narration
    assert first == "Your character: Ammunition 5 → 0." and again == "Your character: Ammunition is already 0."
    blades = ChatSession.open(service.create_campaign("crew", "blades", seed=3).name, embedder=get_embedder("hash"))
    assert "stress 0, trauma 0, coin 0" in blades.send("/sheet").narration  # a 0 that is part of the state stays


def test_the_story_does_not_list_the_options_the_open_choice_lists() -> None:
    volley = resolve({"system": "dungeon-world", "move": "Volley", "stat": "dex", "dice": [3, 5]})
    text = TemplateNarrator().narrate(
        NarrationRequest(task="narrate", system="dungeon-world", player_text="I shoot the goblin", results=(volley,))
    )
    story = text.split("\n\n")[0]
    assert story.endswith("You deal your damage.") and "choose one" not in story.lower() and "1d6" not in story


def test_a_roll_of_another_move_is_not_told_as_the_words_before_it() -> None:
    session = _session("starforged")
    offered = session.send("I swear to find my sister")
    assert "Gather Information" not in [s.move for s in offered.suggestions]
    rolled = session.send("/roll gather information +wits")
    assert "sister" not in rolled.narration, rolled.narration


def test_a_pick_retells_the_move_with_the_players_own_words() -> None:
    dice = ScriptedDice()
    session = _session("city", dice)
    offered = session.send("I get my bearings in the Docks")
    dice.queue(5, 5)
    rolled = session.confirm(offered.suggestions[0])
    assert rolled.open_choices, rolled.narration
    picked = session.send("/choose 1")
    assert "get your bearings in the Docks" in picked.narration, picked.narration
    assert "to Get Your Bearings" not in picked.narration
    assert "Chosen: Where is the best place to hide?" in picked.narration and "?." not in picked.narration


@pytest.mark.parametrize("system", ["city", "blades", "starforged"])
def test_a_question_the_oracle_cannot_answer_says_what_this_game_offers(system: str) -> None:
    session = _session(system)
    said = session.send("who runs the smuggling ring?").narration
    has_tables = system != "city"
    assert ("/tables" in said) is has_tables, said
    assert ("has no oracle" in said) is (system != "starforged"), said
    assert ".." not in said and ".," not in said


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
    assert "You face a tough choice; a new enemy is revealed; you waste resources." in text
    assert "As you force the door open, you face a tough choice, a new enemy is revealed and you waste resources." in text


def test_a_question_typed_without_its_mark_is_still_quoted_as_a_question() -> None:
    session = _session("starforged")
    asked = session.send("/oracle unlikely is the church empty")
    assert "You ask the oracle: “Is the church empty?”" in asked.narration, asked.narration


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
    assert "the lower die is 1: a bad outcome" in text and "the best die is 1" not in text
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


def test_a_named_move_with_its_track_open_is_not_said_to_lack_one() -> None:
    dice = ScriptedDice()
    session = _session("elegy", dice)
    dice.queue(8, 10)
    session.send("/roll enter the fray +heart")
    clash = session.send("I clash with the ghouls using my sabre")
    assert not any("no open fight" in n for n in clash.notes), clash.notes


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


def test_an_option_reads_as_a_sentence_and_the_terminal_still_numbers_it() -> None:
    from typer.testing import CliRunner

    from assistant.cli import app

    art = resolve({"system": "dungeon-world", "move": "Arcane Art", "stat": "cha", "dice": [4, 3]})
    text = TemplateNarrator().narrate(NarrationRequest(task="narrate", system="dungeon-world", player_text="", results=(art,)))
    assert "- You are left vulnerable\n" in text and "- you " not in text
    args = ["chat", "-c", "arcana", "--new", "--system", "dungeon-world", "--seed", "2"]
    out = CliRunner().invoke(app, args, input="/roll arcane art +cha\n").output
    assert "1. " in out and "choose 2:" not in out and "choose 1:" not in out, out


def test_a_note_on_the_card_is_not_also_told_in_the_story() -> None:
    initiative = resolve({"system": "dungeon-world", "move": "Roll Initiative", "options": {"initiative": 12}})
    text = TemplateNarrator().narrate(
        NarrationRequest(task="narrate", system="dungeon-world", player_text="We roll initiative", results=(initiative,))
    )
    assert text.count("The highest initiative goes first") == 1, text


def test_a_variant_of_an_offered_move_is_not_said_to_be_unavailable() -> None:
    session = _session("starforged")
    turn = session.send("I secure an advantage by studying the patrol routes")
    assert "Secure an Advantage" in [s.move for s in turn.suggestions]
    assert not any("Scene Challenge" in n for n in turn.notes), turn.notes


def test_the_same_words_twice_do_not_open_two_turns_with_the_same_sentence() -> None:
    first = frame("I sneek into the lair", "seed")
    second = frame("I sneek into the lair", "seed", [f"{first} It goes wrong."])
    assert first == "You sneek into the lair." and second != first and second.endswith("you sneek into the lair.")


def test_a_move_the_position_forbids_says_which_to_make_and_an_unnamed_fight_reads() -> None:
    dice = ScriptedDice()
    session = _session("starforged", dice)
    dice.queue(1, 9, 9)
    fray = session.send("/roll enter the fray +heart")
    assert "The fight: a new formidable combat." in fray.narration and "A new combat" not in fray.narration
    strike = session.send("I strike the raider with my blade")
    assert "Strike" not in [s.move for s in strike.suggestions]
    assert "Strike is made when you are in control, but you are in a bad spot. Make Clash instead." in strike.notes


def test_a_burn_on_a_rolled_command_is_retold_without_words_it_never_had() -> None:
    service.create_campaign("focus", "elegy", {"focus": 8}, seed=3)
    dice = ScriptedDice()
    session = ChatSession.open("focus", rng=dice, embedder=get_embedder("hash"))
    dice.queue(6, 9)
    rolled = session.send("/roll face danger +heart")
    burned = session.send("/burn")
    assert burned.results and burned.results[0].outcome.value == "weak_hit", burned.error
    assert "to Face Danger" not in burned.narration and not rolled.narration.startswith("You")


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("/choose 9", "Could not choose: there is no move to act on yet; roll a move first."),
        ("/character play Nobody", "No character called 'Nobody' in this campaign; it has: your character."),
        ("/remove impact 5", "There is no “5” in Impacts on the sheet; name one by its number or words (none yet)."),
    ],
)
def test_a_request_with_nothing_to_act_on_says_so_in_words(typed: str, said: str) -> None:
    turn = _session("starforged").send(typed)
    assert turn.kind == "error" and turn.error == said, turn.error
