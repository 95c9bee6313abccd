"""Round 35, Elegy connections named after the one met, not the whole deed: "i dance with the countess and let her
see a little of who i really am" would have started a connection called “Dance with the countess and let her see a
little of who i really am”."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize(
    ("words", "name"),
    [
        ("i dance with the countess and let her see a little of who i really am", "The countess"),
        ("I trust Ilse with the secret of my haven, testing whether she will keep it", "Ilse"),
        ("I make a connection with Countess Ilse von Hart at her midnight salon", "Countess Ilse von Hart"),
    ],
)
def test_a_new_connection_is_named_after_the_one_met(words: str, name: str) -> None:
    session, dice = open_campaign("Salon", "elegy")
    turn = session.send(words)
    made = next((s for s in turn.suggestions if s.move == "Make a Connection"), None)
    dice.queue(10, 1, 1)  # a strong hit: the connection is made
    if made is not None:
        rolled = session.confirm(made)
    else:  # the move typed in a fresh campaign, and the deed given as the answer to "What is the new connection?"
        session, dice = open_campaign("Salon2", "elegy")
        dice.queue(10, 1, 1)
        assert session.send("/roll make a connection").kind == "question"
        rolled = session.send(words)
    assert rolled.kind != "error", rolled.error
    names = [t["name"] for t in session.reload().tracks.values() if t.get("kind") == "connection"]
    assert names == [name], (names, rolled.notes)
