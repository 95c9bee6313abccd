"""Round 28, Dungeon World with three characters: in "Bart attacks Mia" the note called Deal Damage Bart's, rolled
with Bart's sheet, though it is resolved on Mia's (the one it hurts); it is now said so. A Saving Throw offered for
"Bart swings his sword at Mia" was Bart's, aimed at Mia: it is made by the one who resists, Mia, with her sheet."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_duel_of_three

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize(
    ("typed", "who", "whom"),
    [("Bart attacks Mia", "Bart", "Mia"), ("Mia attacks Bart", "Mia", "Bart")],
)
def test_deal_damage_is_told_resolved_on_the_sheet_it_hurts(typed: str, who: str, whom: str) -> None:
    session, _ = open_duel_of_three("Damage note " + typed)
    turn = session.send(typed)
    moves = [s.move for s in turn.suggestions]
    assert "Deal Damage" in moves, moves
    note = next(n for n in turn.notes if "read from your words" in n)
    assert f"Deal Damage is resolved on {whom}'s sheet" in note, note
    assert "Hack & Slash" in note.split(";")[0] and "Deal Damage" not in note.split(";")[0], note
    assert f"{who}'s, rolled with {who}'s sheet, at {whom}" in note, note
    damage = next(s for s in turn.suggestions if s.move == "Deal Damage")
    assert damage.request.get("character_id") == whom.lower(), damage.request  # the note says what the request does


def test_an_attack_between_two_others_offers_no_turn_begins() -> None:
    session, _ = open_duel_of_three("No turn begins")
    moves = [s.move for s in session.send("Mia attacks Bart").suggestions]
    assert moves[0] == "Hack & Slash" and "Your Turn Begins" not in moves, moves


def test_a_blow_between_two_others_offers_no_saving_throw() -> None:
    """A Saving Throw resists a control move; beside a sword swing it was noise (round 35), as was Arcane Art, the
    Bard's starting move, for Bart the Fighter."""
    session, _dice = open_duel_of_three("Saving throw theirs")
    turn = session.send("Bart swings his sword at Mia")
    moves = [s.move for s in turn.suggestions]
    assert moves[0] == "Hack & Slash" and "Saving Throw" not in moves and "Arcane Art" not in moves, moves
    assert turn.suggestions[0].request.get("character_id") == "bart"
    assert (turn.suggestions[0].request.get("options") or {}).get("target") == "mia"


# ---- "hits" is a blow struck: Hack & Slash, not Defend -------------------------------------------------------------
@pytest.mark.parametrize("typed", ["Bart hits Mia", "I hit Bart", "then Mia hits Bart with her staff", "I hit at the orc"])
def test_a_blow_struck_by_name_is_hack_and_slash_first(typed: str) -> None:
    session, _ = open_duel_of_three("Hits " + typed)
    moves = [s.move for s in session.send(typed).suggestions]
    assert moves[0] == "Hack & Slash", moves


@pytest.mark.parametrize(
    ("typed", "first"),
    [
        ("Bart hits me for 5", "Deal Damage"),
        ("I take the hit meant for Mia", "Defend"),
        ("Mia hits me with a fireball", "Deal Damage"),
    ],
)
def test_a_blow_taken_or_a_spell_that_hits_is_no_hack_and_slash(typed: str, first: str) -> None:
    session, _ = open_duel_of_three("Hit taken " + typed)
    moves = [s.move for s in session.send(typed).suggestions]
    assert moves[0] == first, moves


@pytest.mark.parametrize("typed", ["I hit it, how much damage do I deal?", "Bart hits Mia, does he deal extra damage"])
def test_how_much_a_blow_deals_is_deal_damage_s_question(typed: str) -> None:
    from assistant.engine.cue_words import match_cues
    from assistant.engine.data import normalize_name

    boosts = match_cues("dungeon-world", typed).move_boost  # the rules ranking reads the same cues
    assert boosts.get(normalize_name("Deal Damage"), 0.0) > boosts.get(normalize_name("Hack & Slash"), 0.0), boosts
