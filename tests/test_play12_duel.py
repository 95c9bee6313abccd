"""Round 12 of a Dungeon World duel played through the chat: Mara's Magic Missile is told as a spell cast, not as the
rules' pointer to another move's tier ("Cast a Spell (Wizard), 7–9: ...") or the damage instruction the card offers."""

from __future__ import annotations

import pytest

from tests.session_helpers import assert_store_matches_card, open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize(("faces", "told"), [((5, 4), "Magic Missile is cast."), ((6, 6), "Magic Missile is cast and you")])
def test_a_magic_missile_is_told_as_cast_without_the_rules_pointer(faces: tuple[int, int], told: str) -> None:
    session, dice = open_campaign(f"Missile {faces}", "dungeon-world")
    session.send("/character add Mara class=wizard")
    session.send("/set Mara: mana 3")
    session.send("/character play Mara")
    dice.queue(*faces)
    cast = session.send("/roll magic missile")
    assert cast.kind == "action", cast.error
    story = cast.narration.split("\n\n")[0]
    assert told in story, story
    assert "Cast a Spell (Wizard)," not in story and "7–9" not in story and "Choose One Penalty" not in story, story
    assert "Deal 2d4 damage" not in story and [f.move for f in cast.follow_ups] == ["Deal Damage"], cast.narration
    assert_store_matches_card(session, cast)
