"""Round 35 in Dungeon World: a Fighter's attack lines were offered Arcane Art (the text's "Bard Starting Move")
third, and moves that make no roll of the character's own (Your Turn Begins, Take a Bonus, Suffer a Control Move, a
Saving Throw with no control move made) beside the blow. Beside Hack & Slash now: deeds of the character's own class."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")

_NO_ROLL = {"Your Turn Begins", "Take a Bonus", "Suffer a Control Move", "Saving Throw", "Roll Initiative"}


@pytest.mark.parametrize(
    "line",
    [
        "i swing my sword at mara",
        "i hit mara again",
        "my turn, i attack mara",
        "i charge at mara and hit her with everything i have",
        "i strike at her while she is stunned",
        "i bash her with my shield",
    ],
)
def test_a_fighters_blow_is_offered_with_fighters_deeds(line: str) -> None:
    session, _dice = open_campaign(f"Blow {len(line)}", "dungeon-world")
    assert session.send("/character add Mara class=bard").ok
    offered = session.send(line)
    moves = [s.move for s in offered.suggestions]
    assert moves[0] == "Hack & Slash", moves
    assert "Arcane Art" not in moves and not _NO_ROLL & set(moves), moves
    assert not any("Bard" in n for n in offered.notes), offered.notes


def test_a_bard_still_weaves_arcane_art_and_a_named_move_stays() -> None:
    session, _dice = open_campaign("Bard blow", "dungeon-world")
    assert session.send("/set class bard").ok
    assert session.send("/character add Duke class=paladin").ok
    offered = session.send("i weave a song of arcane art for myself")
    assert offered.suggestions[0].move == "Arcane Art", [s.move for s in offered.suggestions]
    named = session.send("i take a bonus and attack duke")
    assert "Take a Bonus" in [s.move for s in named.suggestions], [s.move for s in named.suggestions]


def test_a_control_spell_on_me_still_offers_the_saving_throw() -> None:
    session, _dice = open_campaign("Held", "dungeon-world")
    offered = session.send("the wizard casts a spell to hold me in place")
    assert "Saving Throw" in [s.move for s in offered.suggestions], [s.move for s in offered.suggestions]
    assert not any("Wizard's starting move" in n for n in offered.notes), offered.notes  # her spell, not the player's


@pytest.mark.parametrize("line", ["mara sings arcane art to buff duke", "i sing to give duke +1d4 damage"])
def test_a_song_for_duke_is_no_blow_on_him_nor_his_receive_arcane_art(line: str) -> None:
    """Receive Arcane Art is the ally's ("When a bard's Arcane Art gives you, their ally, the selected effect"), made
    after the bard's hit; it was listed as Mara's move, beside Deal Damage on Duke."""
    session, _dice = open_campaign(f"Song {len(line)}", "dungeon-world")
    assert session.send("/set class bard").ok
    for add in ("/character add Duke class=paladin", "/character add Mara class=bard"):
        assert session.send(add).ok
    offered = session.send(line)
    moves = [s.move for s in offered.suggestions]
    assert moves[0] == "Arcane Art", moves
    assert not {"Receive Arcane Art", "Deal Damage", "Hack & Slash"} & set(moves), moves
    assert (offered.suggestions[0].request.get("options") or {}).get("target") == "duke"


def test_maras_song_over_me_is_hers_for_me() -> None:
    session, _dice = open_campaign("Song over me", "dungeon-world")
    assert session.send("/character add Mara class=bard").ok
    offered = session.send("mara weaves a song of protection over me")
    first = offered.suggestions[0]
    assert first.move == "Arcane Art" and first.request.get("character_id") == "mara", first.request
    assert (first.request.get("options") or {}).get("target") == session.state.active_character
    assert "Hack & Slash" not in [s.move for s in offered.suggestions]
