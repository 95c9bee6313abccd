"""Round 35 in Dungeon World: the card of the damage the player's blow lands on Mara was titled "Mara's Deal Damage"
(the sheet it changed named as the one who made it); the player reads it as their Deal Damage to Mara. Mara's own
blow stays "Mara's Hack & Slash"."""

from __future__ import annotations

import pytest

from assistant.ui.components.dice_card import dice_card_view
from tests.session_helpers import assert_store_matches_card, open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_my_blow_on_mara_is_deal_damage_to_mara() -> None:
    session, dice = open_campaign("Blow title", "dungeon-world")
    assert session.send("/character add Mara class=bard").ok
    offered = session.send("i swing my sword at mara")
    dice.queue(6, 6)
    hit = session.confirm(offered.suggestions[0])
    picked = session.choose(["1", "2"], event_seq=hit.event_seq)
    step = next(f for f in picked.follow_ups if f.move == "Deal Damage")
    dice.queue(7)
    dealt = session.confirm(step)
    assert_store_matches_card(session, dealt)
    view = dice_card_view(dealt.results[0], playing=session.state.active_character)
    assert view.title == "Deal Damage to Mara", view.title
    assert session.reload().characters["mara"]["hp"] == 12  # 7 less her leather's 1


def test_maras_own_blow_is_hers() -> None:
    session, dice = open_campaign("Her title", "dungeon-world")
    assert session.send("/character add Mara class=bard").ok
    offered = session.send("mara attacks me with her rapier")
    dice.queue(3, 4)
    hit = session.confirm(offered.suggestions[0])
    view = dice_card_view(hit.results[0], playing=session.state.active_character)
    assert view.title.startswith("Mara's Hack & Slash"), view.title
