"""A Dungeon World blow on someone with no sheet here ("I hack at the orc with my sword"): the weak hit's "deal your
combat damage" left a Deal Damage next step that took the damage off the attacker's own HP (22 → 17, their
vulnerability cleared), in the terminal and on the app's button. The next step is now the damage roll itself, and a
Deal Damage on the attacker's own sheet for their own blow is refused with what to do."""

from __future__ import annotations

import pytest

from assistant.chat.followed_next import open_follow_ups
from assistant.chat.next_steps import next_steps
from assistant.chat.session import ChatSession
from assistant.store import service


@pytest.fixture(autouse=True)
def _hash(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")


def _after_the_blow(name: str) -> ChatSession:
    service.create_campaign(name, "dungeon-world", seed=5)  # seed 5: the hack is a weak hit
    session = ChatSession.open(name, retrieve_rules=False)
    turn = session.confirm(session.send("I hack at the orc with my sword").suggestions[0])
    assert turn.results[0].outcome == "weak_hit"
    session.choose("1")  # "You deal your combat damage (1dGrit) if you have a weapon."
    return session


def _hp(session: ChatSession) -> int:
    return int(session._state.characters[session._state.active_character]["hp"])


def test_the_next_step_is_the_damage_roll_not_damage_on_your_own_sheet() -> None:
    session = _after_the_blow("Orc hunt")
    steps = next_steps(session, open_follow_ups(session.store, session.campaign, session.known.top))
    assert steps == [("Roll your damage (1d10): the one you attacked has no sheet here", {"move": "roll:1d10"})]
    turn = session.confirm(steps[0][1])
    assert turn.results and turn.results[0].move == "1d10" and _hp(session) == 22
    service.close_stores()


def test_deal_damage_on_your_own_sheet_for_your_own_blow_is_refused() -> None:
    session = _after_the_blow("Orc hunt 2")
    offered = session.send("i deal damage")
    assert offered.suggestions and offered.suggestions[0].move == "Deal Damage"
    refused = session.confirm(offered.suggestions[0])
    assert refused.kind == "error" and "/dice 1d10" in refused.narration and "own HP" in refused.narration
    assert _hp(session) == 22 and "vulnerable" in session._state.characters[session._state.active_character]["impacts"]
    service.close_stores()


def test_deal_damage_on_a_campaign_character_still_lands_on_their_sheet() -> None:
    service.create_campaign("Duel", "dungeon-world", seed=5)
    session = ChatSession.open("Duel", retrieve_rules=False)
    session.send("/character add Duke class=paladin")
    turn = session.confirm(session.send("I hack at Duke with my sword").suggestions[0])
    assert turn.results[0].outcome in ("weak_hit", "strong_hit")
    session.choose(["1", "2"] if turn.results[0].outcome == "strong_hit" else "1")
    steps = next_steps(session, open_follow_ups(session.store, session.campaign, session.known.top))
    assert steps and steps[0][0] == "Deal Damage on Duke", steps
    service.close_stores()


def test_the_model_s_refined_list_is_aimed_as_the_offline_one(tmp_path) -> None:
    # With a model planning, "#1" (and the app's button) rolled the refined list's Hack & Slash, which was aimed at no
    # one: its damage had no sheet to land on ("Roll your damage … no sheet here" though Duke was in the campaign).
    from assistant.config import LLMSettings, Secret, Settings
    from tests.openai_stub import OpenAIStub

    with OpenAIStub() as stub:
        service.create_campaign("Planned duel", "dungeon-world", seed=8)
        llm = LLMSettings(base_url=stub.base_url, model="stub", api_key=Secret("sk-test-0123456789"), planning="json")
        session = ChatSession.open("Planned duel", settings=Settings(home=tmp_path, llm=llm), retrieve_rules=False)
        session.send("/character add Duke class=paladin")
        stub.add_text('{"calls": [{"tool": "roll_move", "args": {"move": "Hack & Slash", "stat": "str"}}]}')
        session.send("i charge at duke and swing my greatsword at his head")
        refined = session.refine()
        assert refined.suggestions[0].move == "Hack & Slash"
        assert (refined.suggestions[0].request.get("options") or {}).get("target") == "duke", refined.suggestions[0].request
        service.close_stores()


def test_a_blow_at_a_foe_with_no_sheet_is_not_aimed_at_the_only_other_character() -> None:
    # "I hack at the goblin archer" with Duke in the campaign was "aimed at Duke, the only other character": the
    # damage meant for the goblin would have come off Duke's HP.
    service.create_campaign("Goblins", "dungeon-world", seed=8)
    session = ChatSession.open("Goblins", retrieve_rules=False)
    session.send("/character add Duke class=paladin")
    turn = session.send("I hack at the goblin archer with my greatsword")
    hack = next(s for s in turn.suggestions if s.move == "Hack & Slash")
    assert not (hack.request.get("options") or {}).get("target") and not any("Duke" in n for n in turn.notes), turn.notes
    aimed = session.send("I hack at duke")
    assert (aimed.suggestions[0].request.get("options") or {}).get("target") == "duke"
    assert any("Aimed at Duke" in n or "aimed at Duke" in n for n in session.send("i deal the damage").notes)
    service.close_stores()
