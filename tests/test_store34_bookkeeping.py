"""Bookkeeping while a move's pick waits, through the chat: nothing is lost. A secret added while the city game's
Transit consequences wait, a Starforged meter set, an asset noted and a clock ticked while Secure an Advantage's pick
waits: each is stored at once and still there after the pick (by number or in words), after a reopened campaign, and
after undo, which takes back the last thing done (the pick, then each edit, then the roll). Only an edit of what the
pick may change (/set momentum while "Take +2 momentum" is on offer) waits for the pick, and says so."""

from __future__ import annotations

from typing import Any

import pytest

from assistant.chat.session import ChatSession
from assistant.store import service
from tests.session_helpers import assert_store_matches_card, open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")

SECRET = "The Magistrate's seal is forged"


def _ok(session: ChatSession, line: str) -> Any:
    turn = session.send(line)
    assert turn.kind != "error", (line, turn.error)
    return turn


def _secrets(session: ChatSession) -> list[str]:
    """The secrets on the sheet, by their words (a roll keeps each with whether it is marked)."""
    return [s["text"] if isinstance(s, dict) else s for s in _sheet(session).get("secrets") or []]


def _sheet(session: ChatSession) -> dict[str, Any]:
    """The one playing's sheet as the store holds it (what the sidebar and a reload show)."""
    state = session.reload()
    assert state.characters == service.load_campaign(session.campaign).characters
    return dict(state.active() or {})


# ---- the city game: a secret added while Transit's consequences wait ------------------------------------------------
def _transit(name: str) -> tuple[ChatSession, Any]:
    session, dice = open_campaign(name, "city")
    dice.queue(4, 4)  # 8 + environs 0: a 7-9, pick 2 consequences (a pick the rules require)
    transit = _ok(session, "/roll transit")
    assert transit.results[0].outcome == "weak_hit" and transit.open_choices[0].required, transit.narration
    added = _ok(session, f"/add secret {SECRET}")
    assert SECRET in added.narration and "still waits" not in added.narration, added.narration
    assert SECRET in _secrets(session)
    return session, dice


def test_a_secret_added_while_the_consequences_wait_stays_through_picks_by_number() -> None:
    session, _dice = _transit("Secret by number")
    first = _ok(session, "/choose 1")
    assert_store_matches_card(session, first)
    assert any("What you changed while the pick waited stands: Secrets: added " + SECRET in n for n in first.notes)
    second = _ok(session, "/choose 1")  # "Pick 2": the second consequence, numbered anew
    assert not second.open_choices, second.narration
    assert SECRET in _secrets(session)
    service.replay(session.campaign)  # every move made again replays to what is stored
    undone = _ok(session, "/undo")  # the last thing done: the second pick
    assert undone.narration.startswith("Undone: your pick on Transit"), undone.narration
    assert "as it was before that pick" in undone.narration and SECRET in undone.narration, undone.narration
    assert SECRET in _secrets(session)
    undone = _ok(session, "/undo")  # the first pick: the secret was added before it, and stays
    assert "as first rolled" in undone.narration and SECRET in _secrets(session), undone.narration
    undone = _ok(session, "/undo")  # then the secret
    assert "Secrets: added" in undone.narration and not _secrets(session), undone.narration
    undone = _ok(session, "/undo")  # then the roll
    assert undone.narration.startswith("Undone: Transit"), undone.narration
    assert service.load_campaign(session.campaign).moves == 0


def test_a_secret_added_while_the_consequences_wait_stays_through_a_pick_in_words() -> None:
    session, _dice = _transit("Secret in words")
    picked = _ok(session, "noticed by someone")  # the words of one consequence: a pick
    assert picked.kind == "action" and picked.open_choices, picked.narration  # one more to pick
    assert any("Secrets: added " + SECRET in n for n in picked.notes), picked.notes
    picked = _ok(session, "I pick: it took longer to get there")
    assert picked.kind == "action" and not picked.open_choices, picked.narration
    assert SECRET in _secrets(session)
    _ok(session, "/undo")
    assert SECRET in _secrets(session) and session._open_choice() is not None  # the pick is open again


def test_the_next_move_still_waits_for_the_required_pick_after_an_edit() -> None:
    session, dice = _transit("Next move")
    dice.queue(6, 6)
    refused = session.send("/roll get your bearings")
    assert refused.kind == "error" and "Transit still waits for a pick the rules require" in (refused.error or "")
    _ok(session, "/choose diverted")
    dice.queue(6, 6)
    _ok(session, "/roll get your bearings")
    assert SECRET in _secrets(session)


def test_reopening_the_campaign_between_the_edit_and_the_pick_keeps_both() -> None:
    session, _dice = _transit("Reopened")
    again = ChatSession.open(session.campaign)  # a new session object on the same database
    assert again._open_choice() is not None, "the pick still waits after the reopen"
    _ok(again, "/choose 2")
    _ok(again, "/choose 2")
    assert SECRET in _secrets(again)
    third = ChatSession.open(session.campaign)
    undone = _ok(third, "/undo")  # a reopened campaign's undo takes back the pick too, not the secret
    assert undone.narration.startswith("Undone: your pick on Transit"), undone.narration
    assert SECRET in _secrets(third)


# ---- Starforged: a meter the pick changes, one it does not, an asset noted and a clock ticked ---------------------
def _advantage(name: str) -> tuple[ChatSession, Any]:
    session, dice = open_campaign(name, "starforged")
    _ok(session, "/clock 6 The patrol closes in")
    dice.queue(5, 4, 9)  # 5 + edge 3 = 8 against 4 and 9: a weak hit, "Take +2 momentum" or "+1 on your next move"
    rolled = _ok(session, "/roll secure an advantage +edge")
    assert rolled.results[0].outcome == "weak_hit" and rolled.open_choices, rolled.narration
    return session, dice


def test_setting_the_meter_the_pick_changes_waits_for_the_pick_and_says_so() -> None:
    session, _dice = _advantage("Momentum")
    before = service.load_campaign(session.campaign)
    refused = session.send("/set momentum 5")
    said = refused.error or ""
    assert refused.kind == "error", refused.narration
    assert said.startswith("Secure an Advantage still waits for your pick, and “Take +2 momentum” would change momentum")
    assert "make the pick first" in said and "/undo" in said and "Nothing was changed" in said and "_" not in said, said
    assert service.load_campaign(session.campaign).last_seq == before.last_seq  # not even the line is kept
    _ok(session, "/set health 3")  # a meter no option changes: kept
    picked = _ok(session, "/choose take +2 momentum")
    assert_store_matches_card(session, picked)
    sheet = _sheet(session)
    assert (sheet["momentum"], sheet["health"]) == (4, 3)
    _ok(session, "/set momentum 5")  # the pick made: momentum is the player's to set
    assert _sheet(session)["momentum"] == 5


def test_an_asset_and_a_clock_tick_stay_through_the_pick_and_undo_takes_back_one_thing_at_a_time() -> None:
    session, _dice = _advantage("Asset and clock")
    _ok(session, "/add asset Starship")
    ticked = _ok(session, "/clock +1 The patrol closes in")
    assert "1/6" in ticked.narration, ticked.narration
    picked = _ok(session, "/choose 2")
    assert any("Assets: added Starship" in n and "The patrol closes in" in n for n in picked.notes), picked.notes

    def seen() -> tuple[Any, ...]:
        sheet = _sheet(session)
        clock = next(iter(session.state.clocks.values()))
        return sheet.get("assets", []), clock["filled"], sheet["next_move_add"]

    assert seen() == (["Starship"], 1, 1)
    steps = []
    for _ in range(3):
        turn = _ok(session, "/undo")
        steps.append((turn.narration.split(":")[1].strip().split(" ")[0], *seen()))
    assert steps == [("your", ["Starship"], 1, 0), ("Advance", ["Starship"], 0, 0), ("a", [], 0, 0)], steps
    assert service.replay(session.campaign)


def test_the_app_sees_the_same_sheet_as_the_chat() -> None:
    session, _dice = _advantage("Sidebar")
    _ok(session, "/set health 2")
    _ok(session, "/choose 1")
    reopened = ChatSession.open(session.campaign)
    assert reopened.state.characters == session.reload().characters
    assert (reopened.state.active() or {})["health"] == 2 and (reopened.state.active() or {})["momentum"] == 4


# ---- Dungeon World: a character joins and plays while a spell's penalties wait ---------------------------------------
def test_a_character_who_joins_and_plays_while_the_penalties_wait_stays_after_the_pick_and_its_undo() -> None:
    service.create_campaign("Joined", "dungeon-world", seed=4)
    session = ChatSession.open("Joined")
    for line in ("/set class wizard", "/set mana 2"):
        _ok(session, line)
    cast = session.confirm({"move": "Cast a Spell (Wizard)", "stat": "int", "dice": [1, 2], "options": {"target": "pc1"}})
    assert cast.results[0].outcome == "miss" and cast.open_choices[0].required, cast.narration
    _ok(session, "/character add Duke class=fighter")
    _ok(session, "/character play Duke")
    picked = _ok(session, "/choose 2 3")  # the trance and -1 ongoing: on the caster's sheet, though Duke plays
    assert any("Duke joining the campaign; Duke plays" in n for n in picked.notes), picked.notes
    state = session.reload()
    assert state.characters[state.active_character or ""]["name"] == "Duke"
    assert "vulnerable" in state.characters["pc1"]["impacts"]
    _ok(session, "/undo")  # the pick: Duke stays, and plays
    state = session.reload()
    assert state.characters[state.active_character or ""]["name"] == "Duke"
    assert "vulnerable" not in state.characters["pc1"]["impacts"] and session._open_choice() is not None


# ---- a burn after the roll, over bookkeeping made since ------------------------------------------------------------
def _missed_with_momentum(name: str) -> tuple[ChatSession, Any]:
    session, dice = open_campaign(name, "starforged")
    _ok(session, "/set momentum 8")
    dice.queue(1, 5, 6)  # 1 + edge 3 = 4 against 5 and 6: a miss; momentum 8 beats both
    missed = _ok(session, "/roll face danger +edge")
    assert missed.results[0].outcome == "miss" and missed.results[0].burn.available, missed.narration
    return session, dice


def test_momentum_burned_after_a_sheet_edit_keeps_the_edit() -> None:
    session, _dice = _missed_with_momentum("Burn over edit")
    _ok(session, "/set health 3")
    burned = _ok(session, "/burn")
    assert burned.results[0].outcome == "strong_hit", burned.narration
    assert any("What you changed since the roll stands: Health 5 → 3" in n for n in burned.notes), burned.notes
    sheet = _sheet(session)
    assert (sheet["health"], sheet["momentum"]) == (3, 3)  # the edit; momentum reset to 2 by the burn, +1 on the hit
    undone = _ok(session, "/undo")  # the burn: the miss is back, the edit stays
    assert undone.narration.startswith("Undone: the burn on Face Danger"), undone.narration
    assert (_sheet(session)["health"], _sheet(session)["momentum"]) == (3, 8)


def test_a_burn_after_momentum_was_set_since_the_roll_is_refused_in_words() -> None:
    session, _dice = _missed_with_momentum("Burn over momentum")
    _ok(session, "/set momentum 9")
    refused = session.send("/burn")
    said = refused.error or ""
    assert refused.kind == "error" and said.startswith("Could not burn momentum on Face Danger: it changes momentum"), said
    assert "Momentum 8 → 9" in said and "Nothing was changed" in said and "_" not in said, said
    assert _sheet(session)["momentum"] == 9
