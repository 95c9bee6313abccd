"""What a player reads in a chat session, turn by turn: every option of an open choice listed, a move the words name
but that cannot be made now said why, a pick or burn retold with the player's own words, commands and sheets in words
(no ids, no idle bonuses), and a game without an oracle or tables not pointing the player at them."""

from __future__ import annotations

import random

import pytest

from assistant.chat.session import ChatSession
from assistant.engine import resolve
from assistant.narrate import NarrationRequest, TemplateNarrator
from assistant.store import service
from rules_index.embed import get_embedder
from tests.session_helpers import ScriptedDice


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
    offered = session.send("I fulfill my elegy")  # not offered without an elegy open: the note says why
    told = " ".join(offered.notes)
    assert "acts on an elegy's progress track" in told and " a elegy" not in told, told
    refused = session.send("/roll fulfill your elegy")
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
    assert "Meters: HP 22, Armor 3, Mana 0, Ammunition 5" in sheet and "bonus" not in sheet and "penalty" not in sheet
    first = session.send("/set ammunition 0").narration
    again = session.send("/set ammunition 0").narration
    assert first == "Your character: Ammunition 5 → 0." and again == "Your character: Ammunition is already 0."
    blades = ChatSession.open(service.create_campaign("crew", "blades", seed=3).name, embedder=get_embedder("hash"))
    assert "Stress 0, Trauma 0, Coin 0" in blades.send("/sheet").narration  # a 0 that is part of the state stays


def test_the_sheet_names_stats_and_meters_as_the_sidebar_does() -> None:
    """``/sheet`` read "Meters: health 5, spirit 5, ... companion health 5" beside a sidebar saying "Health: 5 / 5"."""
    sheet = _session("starforged").send("/sheet").narration
    assert all(f"{stat} " in sheet.split("Stats: ")[1].split("\n")[0] for stat in ("Edge", "Heart", "Iron", "Shadow", "Wits"))
    assert "Meters: Health 5, Spirit 5, Supply 5, Momentum 2, Integrity 5, Companion health 5" in sheet, sheet
    assert "health 5" not in sheet.replace("Companion health 5", "")


def test_a_roll_of_another_move_is_not_told_as_the_words_before_it() -> None:
    session = _session("starforged")
    offered = session.send("I swear to find my sister")
    assert "Gather Information" not in [s.move for s in offered.suggestions]
    rolled = session.send("/roll gather information +wits")
    assert "sister" not in rolled.narration, rolled.narration


def test_a_pick_goes_on_from_the_move_told_with_the_players_own_words() -> None:
    dice = ScriptedDice()
    session = _session("city", dice)
    offered = session.send("I get my bearings in the Docks")
    dice.queue(5, 5)
    rolled = session.confirm(offered.suggestions[0])
    assert rolled.open_choices, rolled.narration
    assert "get your bearings in the Docks" in rolled.narration, rolled.narration
    picked = session.send("/choose 1")  # the pick is told as the pick, not as the move again under its name
    assert picked.narration.startswith("You take up the question “Where is the best place to hide?”"), picked.narration
    assert "to Get Your Bearings" not in picked.narration
    assert "Chosen:" not in picked.narration and "?." not in picked.narration  # the pick is said once
    assert "Rolled" not in picked.narration  # the dice the card showed are not shown again


@pytest.mark.parametrize("system", ["city", "blades", "starforged"])
def test_a_question_the_oracle_cannot_answer_says_what_this_game_offers(system: str) -> None:
    session = _session(system)
    said = session.send("who runs the smuggling ring?").narration
    has_tables = system != "city"
    assert ("/tables" in said) is has_tables, said
    assert ("has no oracle" in said) is (system != "starforged"), said
    assert ".." not in said and ".," not in said


def test_a_question_typed_without_its_mark_is_still_quoted_as_a_question() -> None:
    session = _session("starforged")
    asked = session.send("/oracle unlikely is the church empty")
    assert "You ask the oracle: “Is the church empty?”" in asked.narration, asked.narration


def test_a_named_move_with_its_track_open_is_not_said_to_lack_one() -> None:
    dice = ScriptedDice()
    session = _session("elegy", dice)
    dice.queue(8, 10)
    session.send("/roll enter the fray +heart")
    clash = session.send("I clash with the ghouls using my sabre")
    assert not any("no open fight" in n for n in clash.notes), clash.notes


def test_an_option_reads_as_a_sentence_and_the_terminal_still_numbers_it() -> None:
    from typer.testing import CliRunner

    from assistant.cli import app

    art = resolve({"system": "dungeon-world", "move": "Arcane Art", "stat": "cha", "dice": [4, 3]})
    text = TemplateNarrator().narrate(NarrationRequest(task="narrate", system="dungeon-world", player_text="", results=(art,)))
    assert "- You are left vulnerable\n" in text and "- you " not in text
    args = ["chat", "-c", "arcana", "--new", "--system", "dungeon-world", "--seed", "2"]
    out = CliRunner().invoke(app, args, input="/roll arcane art +cha\n").output
    assert "1. " in out and "choose 2:" not in out and "choose 1:" not in out, out


def test_a_variant_of_an_offered_move_is_not_said_to_be_unavailable() -> None:
    session = _session("starforged")
    turn = session.send("I secure an advantage by studying the patrol routes")
    assert "Secure an Advantage" in [s.move for s in turn.suggestions]
    assert not any("Scene Challenge" in n for n in turn.notes), turn.notes


def test_a_move_the_position_forbids_says_which_to_make_and_an_unnamed_fight_reads() -> None:
    dice = ScriptedDice()
    session = _session("starforged", dice)
    dice.queue(1, 9, 9)
    fray = session.send("/roll enter the fray +heart")
    assert (
        "A new formidable fight." in fray.narration
        and "The fight:" not in fray.narration
        and "combat" not in fray.narration.split("\n\n")[-1]
    )
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


def test_damage_dealt_to_another_character_comes_off_their_sheet_not_yours() -> None:
    dice = ScriptedDice()
    session = _session("dungeon-world", dice)
    session.send("/character add Duke class=paladin")
    offered = session.send("deal damage to duke")
    assert offered.suggestions[0].move == "Deal Damage"
    dice.queue(4)
    asked = session.confirm(offered.suggestions[0])
    done = session.answer("d4") if asked.question is not None else asked
    assert done.results, done.error
    hp = {c.get("name") or cid: c["hp"] for cid, c in session.reload().characters.items()}
    assert hp == {"pc1": 22, "Duke": 23}, hp  # a paladin: 24 HP and 3 armor (the text's example), 4 - 3 = 1
    assert "to deal damage to duke." in done.narration.split("\n\n")[0], done.narration  # told as an attempt


def test_a_project_named_after_a_colon_is_named_by_those_words() -> None:
    from assistant.chat.clock_finder import project_name

    assert project_name("a new long-term project: earn the trust of the Grey Cloaks") == "Earn the trust of the Grey Cloaks"
    assert project_name("I work on my long-term project to map the tunnels") == "Map the tunnels"
