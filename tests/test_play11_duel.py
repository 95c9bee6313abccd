"""Round 11 of a Dungeon World duel through the chat: Mara's move at the one playing is given to a language model as
hers (her outcome, her sheet's changes, her call on her picks), and the guard does not let a story tell it as the
player's own roll ("It goes your way")."""

from __future__ import annotations

import pytest

from assistant.chat.session import ChatSession
from assistant.guard import ViolationKind, check_narration, prepare
from assistant.narrate import NarrationRequest
from assistant.narrate.context import build_context
from tests.session_helpers import Capturing, ScriptedDice, assert_store_matches_card, open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def _duel(name: str) -> tuple[ChatSession, ScriptedDice, Capturing]:
    _, dice = open_campaign(name, "dungeon-world")
    narrator = Capturing()
    session = ChatSession.open(name, rng=dice, narrator=narrator)
    session.send("/set name Kael")
    session.send("/character add Mara hp=10 armor=1")
    return session, dice, narrator


def _prompt(request: NarrationRequest) -> str:
    return "\n".join(str(m.content) for m in build_context(request, 1200).messages)


def test_maras_strong_hit_goes_to_the_model_as_hers_with_her_changes_and_her_call() -> None:
    session, dice, narrator = _duel("Duel Eleven")
    offered = session.send("Mara attacks me")
    hack = next(s for s in offered.suggestions if s.move == "Hack & Slash")
    dice.queue(5, 5)  # 10 + her STR: a strong hit, hers
    hit = session.confirm(hack)
    assert_store_matches_card(session, hit)
    request = narrator.requests[-1]
    assert request.actor == "Mara", request.actor
    told = _prompt(request)
    assert "This move is Mara's, not yours" in told and "Mara attacks you" in told, told
    assert "Your declared action" not in told, told
    assert "Move: Hack & Slash, made by Mara." in told, told
    assert "a strong hit for Mara: Mara does what Mara set out to do." in told, told
    assert "you do what you set out to do" not in told, told
    assert "Mara is now vulnerable" in told and "you are now vulnerable" not in told, told
    assert "Left to Mara: a choice on the panel" in told and "which Mara chooses" in told and "Left to the player" not in told, (
        told
    )
    assert "It goes your way" not in told, told


def test_my_own_blow_on_mara_still_goes_to_the_model_as_mine() -> None:
    session, dice, narrator = _duel("Duel Mine")
    offered = session.send("I hack at Mara with my sword")
    dice.queue(5, 5)
    session.confirm(offered.suggestions[0])
    request = narrator.requests[-1]
    assert request.actor == "", request.actor
    told = _prompt(request)
    assert "Your declared action" in told and "This move is" not in told, told
    assert "a strong hit: you do what you set out to do." in told, told


def test_the_guard_holds_a_story_to_mara_owning_her_roll() -> None:
    session, dice, narrator = _duel("Duel Guard")
    offered = session.send("Mara attacks me")
    dice.queue(5, 5)
    session.confirm(next(s for s in offered.suggestions if s.move == "Hack & Slash"))
    result = narrator.requests[-1].results[0]
    theirs = prepare([result], actor="Mara")
    for story in ("Mara lunges. It goes your way.", "Steel flashes, and you do what you set out to do."):
        found = check_narration(story, result, facts=theirs, intent="Mara attacks me")
        assert any(v.kind is ViolationKind.OUTCOME and "Mara's" in v.detail for v in found), (story, found)
    fine = check_narration("Mara lunges, and it goes Mara's way.", result, facts=theirs, intent="Mara attacks me")
    assert not [v for v in fine if "Mara's, not the player's" in v.detail], fine
    mine = check_narration("It goes your way.", result, facts=prepare([result]), intent="I attack Mara")
    assert not [v for v in mine if "not the player's" in v.detail], mine


def test_maras_spell_without_mana_is_refused_in_her_name_with_her_sheet_to_fix() -> None:
    session, _dice, _narrator = _duel("Duel Mana")
    before = session.reload().characters
    refused = session.send("Mara casts a spell at me")  # told at once (round 33), not offered to be refused
    assert not refused.suggestions, [s.move for s in refused.suggestions]
    said = refused.narration
    assert "Mara has 0" in said and "/set Mara: mana 1" in said and "you have" not in said, said
    assert session.reload().characters == before
    mine = session.send("I cast a spell at Mara").narration
    assert "you have 0" in mine and "/set mana 1" in mine, mine


def test_finishing_mara_offers_hack_and_slash_with_strength() -> None:
    session, _dice, _narrator = _duel("Duel End")
    offered = session.send("I finish Mara")
    assert offered.suggestions[0].move == "Hack & Slash" and offered.suggestions[0].stat == "str", offered.narration
    assert "None of the moves closely fits" not in offered.narration, offered.narration
