"""Round 27, Blades downtime played as a new player types: "I want to figure out how much heat we took" answered
"Nothing to roll for that now" (Reduce Heat, refused at 0 heat, came first) though the Heat move ("After a score or
conflict with an opponent, your crew takes heat according to the nature of the operation") is the one asked for; and
lowering the heat the crew took is Reduce Heat, not Heat."""

from __future__ import annotations

import pytest

from assistant.suggest import SuggestContext, suggest


def _moves(embedder, text: str) -> list[str]:
    return [s.move for s in suggest(text, SuggestContext(system="blades"), k=3, embedder=embedder)]


@pytest.mark.parametrize(
    "text",
    [
        "I want to figure out how much heat we took",
        "how much heat we took from the job",
        "I want to see how much heat the job brought",
        "I want to find out the heat the score earned us",
        "we took heat on that score",
    ],
)
def test_the_heat_a_score_brings_is_the_heat_move(embedder, text: str) -> None:
    assert _moves(embedder, text)[0] == "Heat", text


@pytest.mark.parametrize(
    "text",
    [
        "I want to reduce the heat we took",
        "I want to lower the heat from the job",
        "I want to lose some heat by lying low",
        "I want to bribe the watch to drop the case",
    ],
)
def test_lowering_the_heat_is_reduce_heat(embedder, text: str) -> None:
    assert _moves(embedder, text)[0] == "Reduce Heat", text


@pytest.mark.usefixtures("hash_embedder")
def test_a_second_pick_on_entanglements_says_entanglements_choice() -> None:
    from tests.session_helpers import open_campaign

    session, dice = open_campaign("Entangled twice", "blades")
    dice.queue(6, 5)  # wanted 0: two dice, the lower (5) counts: Rivals or Unquiet Dead at heat 0-3
    rolled = session.send("/roll entanglements")
    assert rolled.open_choices, rolled.narration
    assert session.send("/choose rivals").kind == "action"
    again = session.send("/choose rivals")
    assert again.kind == "error", again.narration
    assert (again.error or "").startswith("Entanglements' choice is already made"), again.error
