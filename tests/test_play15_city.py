"""Round 15 of the city game played through the chat: a faction move that makes no roll as the sheet stands (Lose
Cohesion with no aspects) is listed as such, not as "none 100%", in the chat and in the app."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_a_move_made_without_dice_as_the_sheet_stands_does_not_read_none_100() -> None:
    from assistant.chat.moves_info import moves_that_fit
    from assistant.ui.components.suggestions import suggestion_caption

    session, _ = open_campaign("Cohesion", "city")
    offered = session.send("our faction succumbs to the threat and loses cohesion")
    cohesion = next(s for s in offered.suggestions if s.move == "Lose Cohesion")
    listed = moves_that_fit(offered.suggestions)
    assert "- Lose Cohesion — no roll as the sheet stands: the move happens without dice" in listed, listed  # no stat: no roll
    assert "none 100%" not in listed
    caption = suggestion_caption(cohesion, "total")
    assert caption.startswith("no roll as the sheet stands") and "none 100" not in caption, caption


def test_a_faction_roll_with_no_aspects_says_how_to_add_them() -> None:
    session, dice = open_campaign("No Aspects", "city")
    dice.queue(3, 4)
    bare = session.send("/roll secure resource")
    assert bare.kind == "action", bare.error
    assert (
        "Rolled +0: the faction has no aspects on the sheet (add one with /add aspect <words>, or say how many aspects "
        "are relevant)."
    ) in bare.narration, bare.narration
    assert "every aspect listed" not in bare.narration
    # the miss's "doesn't acquire the resource OR acquires it with a complicating aspect" is picked first (round 27)
    assert session.send("/choose 1").kind == "action"
    session.send("/add aspect Dockside warehouses")
    dice.queue(3, 4)
    listed = session.send("/roll secure resource")
    assert "Rolled +1: every aspect listed for the faction" in listed.narration, listed.narration
