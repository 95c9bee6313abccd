"""Round 32: the price of Mara's miss stays hers when the oracle was asked, or a roll of the player's taken back with
/undo, between the miss and /price (it was told of the player: "You are stressed", tied to the last thing rolled)."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def _mara_misses(name: str):  # type: ignore[no-untyped-def]
    session, dice = open_campaign(name, "elegy")
    session.send("/character add Mara")
    offered = session.send("Mara tries to sneak past the priest")
    dice.queue(10, 10)
    missed = session.confirm(next(s for s in offered.suggestions if s.move == "Face Danger"))
    assert missed.results[0].outcome == "miss", missed.narration
    return session, dice


def test_an_oracle_asked_after_maras_miss_leaves_the_price_hers() -> None:
    session, dice = _mara_misses("Oracle between")
    assert session.send("/oracle is the priest awake?").kind == "oracle"
    dice.queue(85)  # 82-88: "You are stressed"
    paid = session.send("/price")
    assert "Mara is stressed" in paid.narration and "You are stressed" not in paid.narration, paid.narration


def test_a_roll_of_the_players_taken_back_leaves_the_price_hers() -> None:
    session, dice = _mara_misses("Undo between")
    offered = session.send("I hide behind the altar")
    dice.queue(1, 2)
    session.confirm(next(s for s in offered.suggestions if s.move == "Face Danger"))
    assert session.send("/undo").narration.startswith("Undone: Face Danger")
    dice.queue(85)
    paid = session.send("/price")
    assert "Mara is stressed" in paid.narration, paid.narration


def test_the_players_own_roll_after_maras_miss_pays_its_own_price() -> None:
    session, dice = _mara_misses("Own roll after")
    offered = session.send("I hide behind the altar")
    dice.queue(1, 2)  # a weak hit: Face Danger's own Pay the Price
    session.confirm(next(s for s in offered.suggestions if s.move == "Face Danger"))
    dice.queue(85)
    paid = session.send("/price")
    assert "you are stressed" in paid.narration.lower() and "Mara" not in paid.narration, paid.narration
