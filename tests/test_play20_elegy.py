"""Round 20 of Elegy played through the chat with the companion Mara: the price of Mara's miss is told of her ("Mara is
stressed", not "You are stressed"), and an ambush sprung on the character enters the fray with +intellect ("Caught in
a trap or sizing up the situation")."""

from __future__ import annotations

import pytest

from assistant.narrate.their_words import of_someone, rows_of
from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize(
    ("row", "told"),
    [
        ("You are stressed", "Mara is stressed"),
        ("A friend or ally is in harm's way (or you are, if alone)", "A friend or ally is in harm's way (or Mara is, if alone)"),
        ("A trusted individual or community acts against you", "A trusted individual or community acts against Mara"),
        (
            "An individual or community you care about is exposed to danger",
            "An individual or community Mara cares about is exposed to danger",
        ),
        ("You face a tough choice", "Mara faces a tough choice"),
        ("Your supernatural abilities malfunction", "Mara's supernatural abilities malfunction"),
        ("You waste blood", "Mara wastes blood"),
        ("Something of value is lost or destroyed", "Something of value is lost or destroyed"),
    ],
)
def test_a_price_row_is_told_of_the_one_who_pays(row: str, told: str) -> None:
    assert of_someone(row, "Mara") == told


def test_a_row_told_mid_sentence_keeps_the_names_capital() -> None:
    text = "As she climbs, you are stressed."
    assert rows_of(text, ["You are stressed"], "Mara") == "As she climbs, Mara is stressed."


def _mara_misses(session, dice, words: str) -> None:  # type: ignore[no-untyped-def]
    offered = session.send(words)
    assert any("Mara's" in n for n in offered.notes), offered.notes
    dice.queue(10, 10)
    missed = session.confirm(offered.suggestions[0])
    assert missed.kind == "action" and missed.results[0].outcome == "miss", missed.error


def test_the_price_of_maras_miss_is_hers() -> None:
    session, dice = open_campaign("Priest", "elegy")
    session.send("/character add Mara")
    _mara_misses(session, dice, "Mara tries to calm the frightened priest")
    dice.queue(85)  # 82-88: "You are stressed"
    paid = session.send("/price")
    assert paid.kind == "action", paid.error
    assert "Mara is stressed" in paid.narration and "You are stressed" not in paid.narration, paid.narration


def test_the_price_of_the_players_own_miss_stays_theirs() -> None:
    session, dice = open_campaign("Chapel", "elegy")
    session.send("/character add Mara")
    offered = session.send("I sneak into the chapel")
    dice.queue(10, 10)
    session.confirm(offered.suggestions[0])
    dice.queue(85)
    paid = session.send("/price")
    assert "you are stressed" in paid.narration.lower() and "Mara" not in paid.narration, paid.narration


def test_an_ambush_sprung_on_the_character_enters_the_fray_with_intellect() -> None:
    session, _dice = open_campaign("Crypt", "elegy")
    session.send("/set intellect 3")
    offered = session.send("a hunter leaps at me from the shadows of the crypt")
    fray = [s for s in offered.suggestions if s.move == "Enter the Fray"]
    assert fray and fray[0].stat == "intellect", [(s.move, s.stat) for s in offered.suggestions]
