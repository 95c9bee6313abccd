"""Round 15 of play, whose move and whose call: "Mara attacks the hunter" is Mara's move, rolled with her sheet (not
the player's move aimed at Mara), its card puts the new fight in the campaign and the focus on her sheet; and a
choice the rules give another party (the city's defending faction) is not told as the player's call."""

from __future__ import annotations

import pytest

from tests.session_helpers import assert_store_matches_card, character_named, open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_a_companion_named_first_makes_the_move_with_hercharacter_named() -> None:
    session, dice = open_campaign("Her Hunt", "elegy")
    session.send("/character add Mara heart=4")
    offered = session.send("Mara attacks the hunter")
    assert offered.suggestions, offered.notes
    first = offered.suggestions[0]
    assert not any("Aimed at Mara" in n for n in offered.notes), offered.notes
    assert any("Mara's, rolled with Mara's sheet (read from your words)." in n for n in offered.notes), offered.notes
    assert "target" not in (first.request.get("options") or {}), first.request
    assert first.stat_value == 4  # Mara's heart, not the one playing's 3
    dice.queue(9, 8)  # Mara's heart 4 against 9 and 8: a miss
    rolled = session.confirm(next(s for s in offered.suggestions if s.move == "Enter the Fray"))
    assert rolled.kind == "action", rolled.error
    assert rolled.narration.startswith("Mara tries to attack the hunter."), rolled.narration  # a miss: tried, not done
    assert "The hunter: a new formidable fight. On Mara's sheet, focus 2 → 1." in rolled.narration, rolled.narration
    assert_store_matches_card(session, rolled)
    assert character_named(session, "Mara")["focus"] == 1
    assert session.reload().active()["focus"] == 2  # type: ignore[index]  # the one playing is untouched


def test_striking_a_companion_is_still_aimed_at_her() -> None:
    session, _ = open_campaign("Her Foe", "dungeon-world")
    session.send("/character add Mara class=bard max_hp=18")
    offered = session.send("I strike Mara with my sword")
    hack = next(s for s in offered.suggestions if s.move == "Hack & Slash")
    assert (hack.request.get("options") or {}).get("target") == "mara", hack.request
    assert "character_id" not in hack.request


def test_the_defending_factions_choice_is_not_told_as_your_call() -> None:
    session, dice = open_campaign("Ashgate", "city")
    dice.queue(2, 3)  # 5 with no aspects: a miss for the defending faction
    turn = session.send("/roll overtake neighborhood")
    assert turn.kind == "action", turn.error
    assert "The defending faction may do one of these (the defending faction's call):" in turn.narration, turn.narration
    assert "your call" not in turn.narration, turn.narration


def test_the_picks_on_maras_action_roll_are_told_of_her_not_you() -> None:
    session, dice = open_campaign("Her Benefit", "elegy")
    session.send("/character add Mara heart=4")
    offered = session.send("Mara attacks the hunter")
    theirs = next(s for s in offered.suggestions if s.move == "Face Danger")
    assert theirs.request["character_id"] == "mara", theirs.request  # her move: the benefit list is Action Roll's
    dice.queue(1, 2)  # Mara's heart 4 against 1 and 2: a strong hit
    rolled = session.confirm({**theirs.request, "move": "Action Roll", "stat": "heart"})
    assert "Choose a fitting benefit, Mara's call:" in rolled.narration, rolled.narration
    assert "- They feed: gain +4 blood (they kill their victim)" in rolled.narration, rolled.narration
    assert "- You " not in rolled.narration and "your" not in rolled.narration.split("Mara's call:")[1], rolled.narration
    picked = session.send("/choose 4")
    assert picked.kind == "action", picked.error
    assert picked.narration.startswith("Mara picks: they feed: gain +4 blood"), picked.narration
    assert_store_matches_card(session, picked)


def test_a_companion_biting_to_feed_is_told_in_the_players_words() -> None:
    session, dice = open_campaign("Her Feeding", "elegy")
    session.send("/character add Mara")
    offered = session.send("Mara bites the guard to feed")
    dice.queue(1, 2)
    fed = session.confirm(next(s for s in offered.suggestions if s.move == "Feed"))
    assert fed.narration.startswith("Mara bites the guard to feed."), fed.narration
