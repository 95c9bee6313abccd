"""Round 34: a debility or an impact picked by its number is told by its name. Dungeon World's "You cause a debility
of your choice" answered "2" was told "You choose: you cause a debility of your choice." and the card said "Impact
marked: shakey" (the variant calls it a debility); in Starforged "i mark 2" while "1. Mark wounded 2. Mark
permanently harmed" waited was played as a new action instead of the pick."""

from __future__ import annotations

import pytest

from assistant.chat.followed_next import open_follow_ups
from assistant.chat.next_steps import next_steps
from tests.session_helpers import character_named, open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_a_debility_picked_by_number_is_named() -> None:
    session, dice = open_campaign("Debility by number", "dungeon-world")
    assert session.send("/character add Duke class=fighter").ok
    offered = session.send("I hack at Duke with my sword")
    dice.queue(6, 6)
    session.confirm(offered.suggestions[0])
    asked = session.send("/choose 4")
    assert asked.kind == "question", asked.narration
    picked = session.send("2")
    assert "You choose: you cause a debility of your choice: shakey." in picked.narration, picked.narration
    session.send("/choose 1")
    dice.queue(10)
    follow_ups = open_follow_ups(session.store, session.campaign, session.known.top)
    (label, request), *_ = next_steps(session, follow_ups)  # the terminal's "[1] Deal Damage on Duke"
    assert label == "Deal Damage on Duke", label
    dealt = session.confirm(request)
    assert dealt.results and dealt.results[0].move == "Deal Damage", dealt.narration
    assert "Debility marked: shakey." in dealt.narration and "Impact" not in dealt.narration, dealt.narration
    assert "shakey" in character_named(session, "Duke")["impacts"]


@pytest.mark.parametrize("line", ["i mark 2", "mark 2", "option 2"])
def test_an_impact_picked_by_number_after_its_verb(line: str) -> None:
    session, dice = open_campaign(f"Impact {line}", "starforged")
    session.send("/set health 0")
    offered = session.send("the raider's knife cuts me deep, serious harm")
    dice.queue(5, 8, 8)  # a miss: the cost, then the impact the rules require at 0 health
    session.confirm(next(s for s in offered.suggestions if s.move == "Endure Harm"))
    session.send("lose momentum")
    picked = session.send(line)
    assert picked.kind == "action" and not picked.suggestions, picked.narration
    assert "You choose: mark permanently harmed" in picked.narration, picked.narration
    assert "permanently_harmed" in session.reload().active()["impacts"]
