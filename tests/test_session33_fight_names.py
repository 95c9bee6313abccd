"""Round 33, an Elegy fight begun as a player types it: "i attack him, claws out" started a fight called “Him, claws
out”, a name no player gives a foe, shown on the card, the sheet and every later note. The clause after a comma says
how the blow lands, not who is fought: a foe named before it keeps its name, a pronoun names no one ("The fight")."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign, play

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize(
    ("said", "name"),
    [
        ("i attack him, claws out", "The fight"),
        ("I attack the ghoul caretaker, claws out", "The ghoul caretaker"),
        ("i attack her - fangs bared", "The fight"),
    ],
)
def test_a_fight_is_named_for_the_foe_not_the_clause_after_it(said: str, name: str) -> None:
    session, dice = open_campaign("Fight " + said[:16], "elegy")
    turn = play(session, dice, said, 1, 1)  # a strong hit on Enter the Fray
    assert turn.results[0].move == "Enter the Fray", turn.results[0].move
    fights = [t["name"] for t in session.reload().tracks.values()]
    assert fights == [name], fights
    assert "claws out" not in session.send("/sheet").narration
