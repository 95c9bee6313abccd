"""/help speaks the open game's language: its own moves, tables and meters as examples, and none of the commands it
has no use for."""

from __future__ import annotations

import pytest

from assistant.chat.help_text import system_help
from assistant.chat.session import ChatSession
from assistant.store import service
from rules_index.embed import get_embedder

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_blades_help_has_no_oracle_price_burn_or_tracks_and_no_starforged_examples() -> None:
    service.create_campaign("help-blades", "blades", seed=3)
    text = ChatSession.open("help-blades", embedder=get_embedder("hash")).send("/help").narration
    assert text.startswith("Commands for Blades in the Dark:")
    for absent in ("/oracle", "/price", "/burn", "/track", "/progress", "face danger", "momentum", "+edge", "edge 3"):
        assert absent not in text, absent
    assert "/roll acquire asset +tier" in text and "/clock" in text and "/table entanglements" in text


@pytest.mark.parametrize("system", ["starforged", "elegy", "blades", "city", "dungeon-world"])
def test_every_example_names_something_of_its_own_game(system: str) -> None:
    text = system_help(system)
    if system in ("starforged", "elegy"):
        assert "/oracle" in text and "/price" in text and "/burn" in text
    if system == "dungeon-world":
        assert "/roll hack & slash +str" in text and "/tables" not in text and "class=bard" in text
    if system != "starforged":
        assert "momentum" not in text and "+edge" not in text


def test_a_rules_question_the_text_does_not_cover_points_to_the_move_it_names(monkeypatch: pytest.MonkeyPatch) -> None:
    import rules_index.qa as qa

    service.create_campaign("help-tier", "blades", seed=3)
    session = ChatSession.open("help-tier", embedder=get_embedder("hash"))
    silent = qa.Answer("can we advance our tier?", "blades", qa.NOT_FOUND, [], found=False, mode="none")
    monkeypatch.setattr(qa, "answer", lambda *a, **k: silent)  # the texts' silence, whatever the embedder finds
    turn = session.send("/ask can we advance our tier?")
    assert turn.kind == "rules" and turn.narration.startswith(qa.NOT_FOUND)
    assert "Advance Tier move can be made here" in turn.narration and "/roll advance tier" in turn.narration
    assert "can be made here" not in session.send("/ask what does tier mean?").narration  # no move named
