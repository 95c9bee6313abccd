"""Round 22, commands a player types in a game that has no use for them, and the sheet's tracks: the city game's bare
"/oracle" was answered with a Starforged example ("Is the station abandoned?"), its "/track" with "No progress tracks
yet. Start one with /track ..." (a game without progress tracks), and /sheet listed every track as "Track:" without
saying which was the vow, the fight or the connection, nor the fight's position."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize("typed", ["/oracle", "/o", "/oracle likely", "/oracle is the magistrate watching?"])
def test_the_city_games_oracle_says_it_has_none_and_what_to_roll(typed: str) -> None:
    session, _dice = open_campaign("City oracle", "city")
    turn = session.send(typed)
    assert turn.kind == "error"
    assert "has no yes/no oracle" in turn.error and "the Magistrate (the GM) answers" in turn.error, turn.error  # round 26
    assert "station" not in turn.error and "Usage" not in turn.error, turn.error


@pytest.mark.parametrize(("system", "typed", "words"), [
    ("city", "/track dangerous Find him", "has no progress tracks; keep count with a clock"),
    ("blades", "/progress the heist 2", "has no progress tracks; keep count with a clock"),
    ("dungeon-world", "/table", "has no tables to roll; roll dice"),
    ("dungeon-world", "/price", "has no Pay the Price move"),
    ("blades", "/oracle", "has no yes/no oracle; roll Fortune Roll"),
])  # fmt: skip
def test_a_command_the_game_lacks_says_what_it_has_instead_and_changes_nothing(system: str, typed: str, words: str) -> None:
    from assistant.store import service

    session, _dice = open_campaign(f"Lacks {system} {typed}", system)
    before = len(service.campaign_events(f"Lacks {system} {typed}"))
    turn = session.send(typed)
    assert turn.kind == "error" and words in turn.error, turn.error
    assert "Start one with /track" not in turn.error and "e.g. /table pay the price" not in turn.error, turn.error
    assert len(service.campaign_events(f"Lacks {system} {typed}")) == before


@pytest.mark.parametrize(
    ("system", "question"), [("starforged", "Is the station abandoned?"), ("elegy", "Is the crypt guarded?")]
)
def test_a_game_with_an_oracle_still_shows_its_own_usage(system: str, question: str) -> None:
    session, _dice = open_campaign(f"Oracle usage {system}", system)
    turn = session.send("/oracle")
    assert turn.kind == "error" and f"/oracle likely {question}" in turn.error, turn.error


def test_the_sheet_names_each_tracks_kind_and_the_fights_position() -> None:
    session, dice = open_campaign("Sheet kinds", "starforged")
    assert session.send("/track formidable Find my sister").kind != "error"
    assert session.send("/track dangerous expedition Cross the wastes").kind != "error"
    assert session.send("/track troublesome connection Mara the pilot").kind != "error"
    dice.queue(1, 9, 9)
    assert session.send("/roll enter the fray +iron").kind == "action"  # a miss: the fight begins in a bad spot
    sheet = session.send("/sheet").narration
    lines = sheet.splitlines()
    assert "Vow: Find my sister (formidable) 0/10 boxes" in lines, sheet
    assert "Expedition: Cross the wastes (dangerous) 0/10 boxes" in lines, sheet
    assert "Connection: Mara the pilot (troublesome) 0/10 boxes" in lines, sheet
    assert any(line.startswith("Fight: ") and line.endswith("— you are in a bad spot") for line in lines), sheet
    assert not any(line.startswith("Track:") for line in lines), sheet
    assert session.send("/track epic Unite the clans").kind != "error"
    session.send("/progress Unite the clans")
    session.send("/progress Unite the clans")  # an epic vow marks a tick at a time
    assert "Vow: Unite the clans (epic) 0/10 boxes and 2 ticks" in session.send("/sheet").narration.splitlines()


@pytest.mark.parametrize(
    ("system", "example"), [("elegy", "/progress avenge my sire"), ("starforged", "/progress find the lost ship")]
)
def test_the_progress_example_is_a_track_of_the_game(system: str, example: str) -> None:
    from assistant.chat.help_text import system_help

    shown = system_help(system)
    assert f"e.g. {example}" in shown, shown
    assert system == "starforged" or "find the ship" not in shown, shown


def test_the_duels_sheet_shows_the_class_its_grit_and_its_conditions_as_the_characters_sheet_does() -> None:
    """/sheet left out the class, level and damage die that /sheet <name> showed, and called conditions "Impacts"."""
    session, _dice = open_campaign("Duel sheet", "dungeon-world")
    assert session.send("/set class wizard").kind != "error"
    assert session.send("/add condition vulnerable").kind != "error"
    sheet = session.send("/sheet").narration.splitlines()
    assert "Class: Wizard · Level: 1 · Grit: the Wizard's, d4 · Max HP: 22 · Initiative: 0" in sheet, sheet
    assert "Conditions and debilities: vulnerable" in sheet and not any(s.startswith("Impacts") for s in sheet), sheet
    named = session.send("/sheet Your character").narration
    assert "- Grit: the Wizard's, d4" in named and "- Class: Wizard" in named, named


def test_a_sheet_with_words_of_its_own_adds_no_field_line() -> None:
    session, _dice = open_campaign("Crew sheet", "blades")
    sheet = session.send("/sheet").narration
    assert "Playbook:" not in sheet and "Crew name:" not in sheet, sheet  # Blades' own lines tell the crew


@pytest.mark.parametrize(("system", "typed"), [("city", "/track"), ("blades", "/progress"), ("dungeon-world", "/progress")])
def test_listing_tracks_in_a_game_without_them_says_what_it_keeps_count_with(system: str, typed: str) -> None:
    session, _dice = open_campaign(f"List {system} {typed}", system)
    turn = session.send(typed)
    assert turn.kind == "command", turn.error  # a list asked for, not a mistake
    assert "has no progress tracks; keep count with a clock instead (/clock 6 <name>)." in turn.narration, turn.narration
    assert "Start one with /track" not in turn.narration, turn.narration


def test_listing_tracks_in_starforged_before_any_still_says_how_to_start_one() -> None:
    session, _dice = open_campaign("List starforged", "starforged")
    assert session.send("/progress").narration == "No progress tracks yet. Start one with /track <rank> <name>."
