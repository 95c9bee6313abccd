"""Two changes to one list, both kept: an entry the player adds while a move's pick waits and the entry the pick adds
(Starforged's impacts, the city game's ties) are both on the sheet after the pick, in the order they were made, through
undo, a reopened campaign and replay. Only a value set two ways (the heat a pick marks, set by hand too) is refused, and
the refusal says which option sets it."""

from __future__ import annotations

from typing import Any

import pytest

from assistant.chat.session import ChatSession
from assistant.store import service
from assistant.store.list_merge import merge_list
from tests.session_helpers import assert_store_matches_card, open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def _ok(session: ChatSession, line: str) -> Any:
    turn = session.send(line)
    assert turn.kind != "error", (line, turn.error)
    return turn


def _sheet(session: ChatSession) -> dict[str, Any]:
    state = session.reload()
    assert state.characters == service.load_campaign(session.campaign).characters
    assert state.characters == ChatSession.open(session.campaign).state.characters  # a reopened campaign agrees
    return dict(state.active() or {})


# ---- the merge itself ----------------------------------------------------------------------------------------------
def test_an_added_entry_goes_back_where_it_stood_and_the_other_change_stays() -> None:
    assert merge_list([], ["shaken"], ["wounded"]) == ["shaken", "wounded"]  # the player's first, then the pick's
    assert merge_list(["a"], ["a", "S"], ["a", "P"]) == ["a", "S", "P"]
    assert merge_list(["a", "b"], ["b"], ["a", "b", "P"]) == ["b", "P"]  # a removal is made again too
    assert merge_list(["a"], ["a", "P"], ["a", "P"]) == ["a", "P"]  # the same entry added by both: listed once
    marked = {"text": "The seal is forged", "marked": True}  # a secret marked since is the same secret
    assert merge_list(["The seal is forged"], [], [marked]) == []
    assert merge_list(["The seal is forged"], ["The seal is forged", "New"], [marked]) == [marked, "New"]


# ---- Starforged: an impact added while Endure Harm's "Mark wounded" waits ----------------------------------------------
def _harmed(name: str) -> ChatSession:
    session, _dice = open_campaign(name, "starforged")
    _ok(session, "/set health 1")
    harmed = session.confirm({"move": "Endure Harm", "stat": "health", "options": {"amount": 1}, "dice": [1, 9, 9]})
    labels = [[o.label for o in c.options] for c in harmed.open_choices]
    assert ["Mark wounded", "Mark permanently harmed", "Roll on the table"] in labels, labels
    return session


def test_an_impact_added_while_the_pick_marks_another_keeps_both_through_undo_and_reopen() -> None:
    session = _harmed("Impacts")
    added = _ok(session, "/add impact shaken")
    assert "still waits" not in added.narration and _sheet(session)["impacts"] == ["shaken"]
    session = ChatSession.open(session.campaign)  # picked after a reopen
    picked = _ok(session, "/choose mark wounded")
    assert any("What you changed while the pick waited stands: Impacts: added shaken" in n for n in picked.notes), picked.notes
    assert_store_matches_card(session, picked)
    assert _sheet(session)["impacts"] == ["shaken", "wounded"]
    assert service.replay(session.campaign)
    assert "shaken" in service.export(session.campaign, "markdown").split("## Session")[0]  # the overview's sheet
    undone = _ok(session, "/undo")  # the pick: the roll stands as first rolled, the impact stays
    assert undone.narration.startswith("Undone: your pick on Endure Harm"), undone.narration
    assert _sheet(session)["impacts"] == ["shaken"] and session._open_choice() is not None
    _ok(session, "/choose mark permanently harmed")
    assert _sheet(session)["impacts"] == ["shaken", "permanently_harmed"]
    assert service.replay(session.campaign)


# ---- the city game: a tie added while Observe Someone's "add them as a Tie" waits ---------------------------------------
def _observed(name: str) -> ChatSession:
    session, _dice = open_campaign(name, "city")
    observed = session.confirm({"move": "Observe Someone", "stat": "network", "dice": [5, 5], "options": {"target": "Vex"}})
    assert observed.results[0].outcome == "weak_hit" or observed.open_choices, observed.narration
    return session


def test_a_tie_added_while_the_pick_adds_one_keeps_both_in_the_order_made() -> None:
    session = _observed("Ties")
    _ok(session, "/add tie Marlo")
    for line in ("/choose 1", "/choose 2", "/choose add them as a tie"):
        picked = _ok(session, line)
    assert_store_matches_card(session, picked)
    sheet = _sheet(session)
    assert (sheet["ties"], sheet["heat"]) == (["Marlo", "Vex"], 1)
    assert service.replay(session.campaign)
    _ok(session, "/undo")  # the last pick: Vex goes, Marlo stays
    assert _sheet(session)["ties"] == ["Marlo"]


def test_the_heat_the_pick_marks_set_by_hand_is_refused_saying_which_option_sets_it() -> None:
    session = _observed("Heat")
    before = service.load_campaign(session.campaign).last_seq
    refused = session.send("/set heat 3")
    said = refused.error or ""
    assert refused.kind == "error", refused.narration
    assert said.startswith("Observe Someone still waits for your pick, and “Mark Heat to add them as a Tie"), said
    assert "would change heat" in said and "Nothing was changed" in said and "_" not in said, said
    assert service.load_campaign(session.campaign).last_seq == before


def test_a_list_too_long_with_both_entries_refuses_the_pick_and_stores_nothing() -> None:
    session = _observed("Full")
    ties = [f"Contact {n}" for n in range(1, 20)]  # 19 of the 20 a sheet holds: the player's 20th fills it
    assert session.edit_character({"ties": ties}).kind != "error"
    _ok(session, "/add tie Marlo")
    _ok(session, "/choose 1")
    _ok(session, "/choose 2")
    before = service.load_campaign(session.campaign).last_seq
    refused = session.send("/choose add them as a tie")
    said = refused.error or ""
    assert refused.kind == "error" and "with what you changed while it waited kept too" in said, said
    assert "at most 20" in said and "Nothing was changed" in said, said
    kept = [s.event.type for s in service.campaign_events(session.campaign)[before:]]
    assert set(kept) <= {"chat_message"}, kept  # the player's line and the refusal: no change
    assert _sheet(session)["ties"] == [*ties, "Marlo"]


# ---- a step on a meter that the pick's own step leaves at its bound ----------------------------------------------------
def _resupplied(name: str) -> ChatSession:
    session, _dice = open_campaign(name, "starforged")
    rolled = session.confirm({"move": "Resupply", "stat": "heart", "dice": [5, 9, 2]})  # 7 against 9 and 2: a weak hit
    assert rolled.open_choices and (_sheet(session))["supply"] == 5, rolled.narration  # "+2 supply" would hold at 5
    return session


def test_a_meter_step_the_pick_would_hold_at_its_bound_is_refused_when_made_and_at_the_pick() -> None:
    session = _resupplied("Supply")
    refused = session.send("/meter supply -1 spoiled")
    assert refused.kind == "error" and "would change supply" in (refused.error or ""), refused.error
    service.resolve_event(session.campaign, {"move": "meter:supply", "options": {"delta": -1, "reason": "spoiled"}})
    picked = ChatSession.open(session.campaign).send("/choose 1")  # stepped outside the chat: refused at the pick
    said = picked.error or ""
    assert picked.kind == "error" and "it changes supply, which was changed after the roll" in said, said
    assert _sheet(session)["supply"] == 4


def test_choose_after_an_edit_reads_the_move_under_it() -> None:
    session, dice = open_campaign("Under", "starforged")
    dice.queue(2, 4, 6)  # Face Danger +edge: 5 against 4 and 6, a weak hit: a suffer move (-1), no pick
    assert session.send("/roll face danger +edge").follow_ups
    _ok(session, "/set spirit 4")
    step = _ok(session, "/choose 1")  # "[1] Lose Momentum (-1)", as the terminal lists it again
    assert step.results and step.results[0].move == "Lose Momentum", step.narration


# ---- a pick that empties the list the player added to (Blades' "Lost": all harm healed) ---------------------------------
def test_harm_added_while_lost_may_heal_it_all_waits_for_the_pick() -> None:
    session, dice = open_campaign("Lost", "blades")
    _ok(session, "/set vice Gambling")
    dice.queue(4, 1)  # Indulge Vice: clears 4 stress of none: overindulge, a pick the rules require
    rolled = _ok(session, "/roll indulge vice")
    assert any(o.id == "lost" for c in rolled.open_choices for o in c.options), rolled.narration
    refused = session.send("/add harm Broken Arm (level 2)")
    said = refused.error or ""
    assert refused.kind == "error" and "“Lost: your character vanishes" in said and "would change harm" in said, said
    _ok(session, "/set stress 3")  # what no option touches is kept
    _ok(session, "/choose lost")
    assert (_sheet(session)["stress"], _sheet(session)["harm"]) == (3, [])
