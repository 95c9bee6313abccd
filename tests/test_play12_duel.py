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


def test_damage_dealt_beside_the_apps_card_adds_no_title_only_story() -> None:
    from assistant.chat.session import ChatSession
    from assistant.ui.components.dice_card import dice_card_view

    _, dice = open_campaign("Damage", "dungeon-world")
    session = ChatSession.open("Damage", rng=dice, cards_shown=True)
    session.send("/character add Mara class=bard")
    offered = session.send("I attack Mara with my sword")
    dice.queue(3, 2)
    session.confirm(next(s for s in offered.suggestions if s.move == "Hack & Slash"))
    session.send("/choose 1")
    offered = session.send("I deal damage")
    dice.queue(7)
    dealt = session.confirm(next(s for s in offered.suggestions if s.move == "Deal Damage"))
    assert dealt.kind == "action" and not dealt.notes and not dealt.violations, (dealt.error, dealt.notes)
    assert dealt.narration == "", dealt.narration  # not "Deal Damage." (the card's title)
    card = dice_card_view(dealt.results[0])
    assert "Damage to Mara: 1d10 (1dGrit) = 7, less 1 armor: 6 HP." in card.notes
    assert card.changes[0].startswith("HP: 18 → 12 (-6)"), card.changes
    assert_store_matches_card(session, dealt)
