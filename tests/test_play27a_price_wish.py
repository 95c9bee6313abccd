"""A price told of a wish: after "I want to finish Kraven off" missed, Pay the Price read "As you try to want to finish
Kraven off, you face a tough choice." The wish is the attempt ("As you try to finish Kraven off"); a want that is no
deed ("I want the key") is not told as tried."""

from __future__ import annotations

import pytest

from assistant.narrate.answers import _tried
from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize(
    ("words", "deed"),
    [
        ("I want to sneak past the sentry", "sneak past the sentry"),
        ("I would like to sneak past the sentry", "sneak past the sentry"),
        ("I wanna sneak past the sentry", "sneak past the sentry"),
        ("I need to sneak past the sentry", "sneak past the sentry"),
        ("I sneak past the sentry", "sneak past the sentry"),
    ],
)
def test_the_price_of_a_wish_is_told_of_the_deed(words: str, deed: str) -> None:
    session, dice = open_campaign("Price " + words[:14].strip(), "starforged")
    offered = session.send(words)
    face = next(s for s in offered.suggestions if s.move == "Face Danger")
    dice.queue(1, 9, 9)
    missed = session.confirm(face)
    assert missed.results[0].outcome == "miss", missed.error
    dice.queue(12)
    price = session.send("/price")
    assert price.kind == "action", price.error
    assert f"As you try to {deed}, you face a tough choice." in price.narration, price.narration
    assert "try to want" not in price.narration and "try to like" not in price.narration


@pytest.mark.parametrize("clause", ["you want the key", "you need a ship", "you wish for rain"])
def test_a_want_that_is_no_deed_is_not_told_as_tried(clause: str) -> None:
    assert _tried(clause) == clause
