"""Round 12: a whole Starforged session as a player plays it, the campaign reloaded mid-way: a vow sworn, progress
made, a fight fought and lost, the oracle asked about the foe mid-fight, and the vow fulfilled. Every card matches the
saved sheet, and no story reads the rules' alternatives or tells a missed roll as done."""

from __future__ import annotations

import pytest

from assistant.chat.session import ChatSession
from assistant.chat.turn import Turn
from tests.session_helpers import ScriptedDice, assert_store_matches_card, open_campaign, track_named

pytestmark = pytest.mark.usefixtures("hash_embedder")


def _play(session: ChatSession, dice: ScriptedDice, text: str, move: str, *faces: int) -> Turn:
    """The player's words, then the suggested ``move`` confirmed with these dice; the card checked against the store."""
    offered = session.send(text)
    assert offered.kind == "action", offered.error
    chosen = next((s for s in offered.suggestions if s.move == move), None)
    assert chosen is not None, (move, [s.move for s in offered.suggestions])
    dice.queue(*faces)
    rolled = session.confirm(chosen)
    assert_store_matches_card(session, rolled)
    assert not dice.faces, dice.faces
    return rolled


def _story(turn: Turn) -> str:
    return turn.narration.split("\n\n")[0]


def test_a_starforged_session_from_vow_to_fulfilment_with_a_reload_mid_way() -> None:
    session, dice = open_campaign("Iron Syndicate", "starforged")
    session.send("/set name Kira")
    sworn = _play(
        session, dice, "I swear an iron vow to rescue my brother from the Iron Syndicate, a dangerous vow", "Swear an Iron Vow",
        6, 2, 3,
    )  # fmt: skip
    assert "Rescue my brother from the Iron Syndicate: a new dangerous vow." in sworn.narration, sworn.narration
    milestone = _play(session, dice, "I reach a milestone on my vow", "Reach a Milestone")
    assert _story(milestone) == "You are one step closer to rescuing your brother from the Iron Syndicate.", milestone.narration
    assert track_named(session, "Rescue my brother from the Iron Syndicate")["ticks"] == 8

    session = ChatSession.open("Iron Syndicate", rng=dice)  # the player closes the terminal and comes back
    assert session.reload().active()["name"] == "Kira"  # type: ignore[index]
    tracks = session.send("/track").narration
    assert "Rescue my brother from the Iron Syndicate (dangerous vow): 2/10 boxes" in tracks, tracks

    fray = _play(session, dice, "A syndicate enforcer blocks my path and draws a blade", "Enter the Fray", 5, 3, 1)
    assert _story(fray).startswith("A syndicate enforcer blocks your path and draws a blade."), fray.narration
    struck = _play(session, dice, "I strike at the enforcer", "Strike", 6, 1, 2)
    assert "Progress on the syndicate enforcer: 0 → 8 ticks." in struck.narration, struck.narration
    asked = session.send("is the enforcer dead?")
    assert not asked.results and "the fight with the syndicate enforcer is still open (2/10 boxes" in asked.narration
    lost = _play(session, dice, "I finish him", "Take Decisive Action", 7, 8)
    assert lost.results[0].outcome == "miss" and "Your fight “The syndicate enforcer” is lost." in lost.notes, lost.notes
    assert "defeated or" not in lost.narration and "or your objective is lost" not in lost.narration, lost.narration
    assert [f.move for f in lost.follow_ups] == ["Pay the Price"]
    dice.queue(10)
    price = session.send("/table pay the price")
    assert price.kind == "action" and price.results[0].move == "Pay the Price", price.error
    again = session.send("is the enforcer dead?")  # the fight is over now: the oracle may answer
    assert again.results and again.results[0].move == "Ask the Oracle", again.narration

    session.send("/roll reach a milestone")
    fulfilled = _play(session, dice, "I free my brother and fulfil my vow", "Fulfill Your Vow", 2, 1)
    assert fulfilled.results[0].outcome == "strong_hit", fulfilled.narration
    assert "Your vow “Rescue my brother from the Iron Syndicate” is completed." in fulfilled.notes, fulfilled.notes
    state = session.reload()
    assert track_named(session, "Rescue my brother from the Iron Syndicate")["status"] == "completed"
    assert state.active()["legacy"]["quests"]["ticks"] > 0  # type: ignore[index]


def test_a_weak_fulfilment_picked_tells_the_pick_not_the_option_left_behind() -> None:
    session, dice = open_campaign("Weak Fulfilment", "starforged")
    _play(session, dice, "I swear an iron vow to rescue my brother, a dangerous vow", "Swear an Iron Vow", 6, 2, 3)
    session.send("/roll reach a milestone")
    weak = _play(session, dice, "I fulfil my vow", "Fulfill Your Vow", 2, 1)
    assert weak.results[0].outcome == "weak_hit" and weak.open_choices, weak.narration
    picked = session.send("/choose 1")
    assert picked.narration.startswith("You choose: swear an Iron Vow to set things right"), picked.narration
    assert "Otherwise" not in picked.narration and "one rank lower" not in picked.narration, picked.narration
    assert_store_matches_card(session, picked)


def test_a_strike_that_keeps_you_in_control_reads_still_in_control_on_the_card() -> None:
    from assistant.ui.components.dice_card import dice_card_view

    session, dice = open_campaign("Still In Control", "starforged")
    _play(session, dice, "A syndicate enforcer blocks my path and draws a blade", "Enter the Fray", 5, 3, 1)
    struck = _play(session, dice, "I strike at the enforcer", "Strike", 6, 1, 2)
    changes = dice_card_view(struck.results[0]).changes
    assert "Position: still in control — strong hit" in changes, changes
    assert not any("in control → in control" in c for c in changes), changes
