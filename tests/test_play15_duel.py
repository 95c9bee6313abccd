"""Round 15 of a Dungeon World duel played through the chat: a spell the sheet has no mana for says why where its odds
would be, before the player confirms it; and a bonus typed without a sign past the bounds is refused in the player's
words, not as the engine's "Bad request: adds: Value error"."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_a_spell_with_no_mana_says_why_before_it_is_confirmed() -> None:
    from assistant.chat.moves_info import moves_that_fit

    session, _ = open_campaign("No Mana", "dungeon-world")
    refused = session.send("I cast magic missile at the orc")  # round 33: told at once, nothing offered to confirm
    assert not refused.suggestions and "it needs 1 mana while you have 0" in refused.narration, refused.narration
    assert "/set mana 1" in refused.narration, refused.narration
    session.send("/set mana 2")
    again = session.send("I cast magic missile at the orc")
    missile = next(s for s in again.suggestions if s.move == "Magic Missile")
    assert missile.odds_words is None and missile.odds, missile
    assert "- Magic Missile (+int) — strong hit" in moves_that_fit(again.suggestions)


@pytest.mark.parametrize("typed", ["/roll hack and slash +str 99", "/roll hack and slash +str +99", "/roll hack and slash 8 +4"])
def test_a_bonus_past_the_bounds_is_refused_in_the_players_words(typed: str) -> None:
    session, _ = open_campaign(f"Too Much {typed}", "dungeon-world")
    refused = session.send(typed)
    assert refused.kind == "error", refused.narration
    assert refused.error.startswith("A bonus is a whole number from -10 to +10; +"), refused.error
    assert "Bad request" not in refused.error and "adds" not in refused.error
    assert session.reload().moves == 0


def test_defending_against_a_foe_is_not_aimed_at_the_foe() -> None:
    session, _ = open_campaign("Against Duke", "dungeon-world")
    session.send("/character add Duke class=fighter")
    offered = session.send("I defend against Duke")
    defend = next(s for s in offered.suggestions if s.move == "Defend")
    assert "target" not in (defend.request.get("options") or {}), defend.request
    assert not any(n.startswith("Aimed at Duke") for n in offered.notes), offered.notes
    protecting = session.send("I defend Duke from the arrows")
    defend = next(s for s in protecting.suggestions if s.move == "Defend")
    assert (defend.request.get("options") or {}).get("target") == "duke", defend.request
