"""Round 34: a suffer move's change on the card read "Health: 5 → 3 (-2) — Endure Harm: suffer -2 health", a double
sign beside the change's own; it reads "Endure Harm: 2 health lost"."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.engine.change_words import change_line
from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize(("move", "meter"), [("Endure Harm", "Health"), ("Endure Stress", "Spirit")])
def test_the_loss_is_said_once(move: str, meter: str) -> None:
    result = resolve({"system": "starforged", "move": move, "options": {"amount": 2}})
    lines = [change_line(e) for e in result.effects]
    assert lines == [f"{meter}: 5 → 3 (-2) — {move}: 2 {meter.lower()} lost"], lines


def test_the_saved_card_says_the_loss_once() -> None:
    session, _dice = open_campaign("Loss words", "starforged")
    made = session.send("/roll endure harm 2")
    assert made.results and made.results[0].effects[0].reason == "Endure Harm: 2 health lost"
    assert "suffer -2" not in made.narration
