"""A vice's place read as the vice: "the gambling den" lost its -ing word to the reading that drops a describing word
("past the sleeping guards"), so at 0 stress Long-Term Project was offered first with no word on Indulge Vice."""

from __future__ import annotations

import pytest

from assistant.suggest import SuggestContext, suggest
from tests.session_helpers import open_campaign

PLACES = ["I spend the night at the gambling den", "I hit the gambling dens", "I drink at the drinking hole"]


@pytest.mark.usefixtures("hash_embedder")
@pytest.mark.parametrize("text", PLACES)
def test_at_no_stress_the_vice_place_says_why_indulge_vice_is_not_offered(text: str) -> None:
    session, _dice = open_campaign("Vice place " + text, "blades")
    turn = session.send(text)
    assert any(n.startswith("Indulge Vice is not suggested now") for n in turn.notes), turn.notes
    assert not turn.suggestions, [s.move for s in turn.suggestions]


@pytest.mark.parametrize("text", PLACES)
def test_with_stress_the_vice_place_offers_indulge_vice_first(embedder, text: str) -> None:
    sheet = {"id": "pc1", "stress": 3}
    moves = suggest(text, SuggestContext(system="blades", character=sheet, mode="downtime"), k=3, embedder=embedder)
    assert moves[0].move == "Indulge Vice", [m.move for m in moves]
