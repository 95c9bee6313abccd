"""Round 27, a pick the rules require left open: Blades' overindulgence ("select an overindulgence from the list"), a
Dungeon World spell's penalties ("Choose One Penalty", "Take two penalties"), the city game's consequences ("Pick 2
Consequences, or ask the Magistrate how you were diverted"). Rolling the next move gave it up silently, and a sheet
change (/set, /meter) put it out of reach. Now the next move is refused with a message that names the pick and how to
make it; nothing is stored. Bookkeeping made while the pick waits is kept and the pick carries it, but for a change to
what the pick may change (heat, while bragging would raise it), which waits for the pick. A benefit the player may give
up (Hack & Slash's "Choose two", the city game's questions) still lets the next move through, with a line saying it was
left."""

from __future__ import annotations

import pytest

from assistant.store import service
from tests.session_helpers import open_campaign

pytestmark = [pytest.mark.filterwarnings("ignore::DeprecationWarning"), pytest.mark.usefixtures("hash_embedder")]


# ---- Blades: the overindulgence -----------------------------------------------------------------------------------
def _overindulged(name: str):
    session, dice = open_campaign(name, "blades")
    assert session.send("/set vice gambling").kind != "error"
    dice.queue(5, 2)  # insight 2: the best die 5 clears 5 stress, none is marked: overindulge
    vice = session.send("/roll indulge vice")
    assert vice.open_choices and "overindulge" in vice.narration, vice.narration
    return session, dice


BLADES_NEXT = ["/roll long-term project +study", "/roll acquire asset"]


@pytest.mark.parametrize("typed", BLADES_NEXT)
def test_the_overindulgence_is_picked_before_the_next_move(typed: str) -> None:
    session, dice = _overindulged("Over " + typed)
    before = service.load_campaign(session.campaign)
    dice.queue(4, 3)
    refused = session.send(typed)
    assert refused.kind == "error", refused.narration
    said = refused.error or ""
    assert "Indulge Vice still waits for a pick the rules require" in said, said
    assert "/choose 2 (brag about your exploits)" in said and "/undo" in said, said
    assert "_" not in said, said  # no ids
    after = service.load_campaign(session.campaign)
    assert (after.characters, after.clocks, after.moves) == (before.characters, before.clocks, before.moves)


@pytest.mark.parametrize("typed", ["/set coin 2", "/set trauma 1", "/clock 4 The debt comes due"])
def test_bookkeeping_while_the_overindulgence_waits_is_kept_through_the_pick(typed: str) -> None:
    session, _dice = _overindulged("Kept " + typed)
    kept = session.send(typed)
    assert kept.kind == "command", kept.error
    stored = service.load_campaign(session.campaign)
    assert session.send("/choose brag").kind == "action"
    after = service.load_campaign(session.campaign)
    assert after.active()["heat"] == 2  # the pick
    for field in ("coin", "trauma"):  # the edit
        assert after.active().get(field) == stored.active().get(field), field
    assert after.clocks == stored.clocks


def test_a_meter_the_overindulgence_may_change_waits_for_the_pick() -> None:
    session, _dice = _overindulged("Heat waits")
    before = service.load_campaign(session.campaign)
    refused = session.send("/meter heat +1 the job")
    said = refused.error or ""
    assert refused.kind == "error" and said.startswith("Indulge Vice still waits for your pick, and “"), said
    assert "would change heat" in said and "Nothing was changed" in said, said
    assert service.load_campaign(session.campaign).characters == before.characters


def test_after_the_pick_the_next_move_is_made_and_the_pick_kept() -> None:
    session, dice = _overindulged("Pick then move")
    picked = session.send("/choose brag")
    assert picked.kind == "action", picked.error
    assert session.reload().active()["heat"] == 2
    dice.queue(4, 3)
    project = session.send("/roll long-term project +study")
    assert project.kind != "error", project.error
    assert not any("left open" in n for n in project.notes), project.notes
    assert session.reload().active()["heat"] == 2


@pytest.mark.parametrize(
    "typed", ["/oracle will the dealer talk?", "/dice 2d6", "/sheet", "/character", "/moves", "/help", "how does heat work?"]
)
def test_what_stores_nothing_is_answered_and_the_pick_still_waits(typed: str) -> None:
    session, _dice = _overindulged("Nothing stored " + typed)
    turn = session.send(typed)
    assert "still waits for a pick the rules require" not in (turn.error or ""), turn.error
    assert session.send("/choose 2").kind == "action"
    assert session.reload().active()["heat"] == 2


def test_the_offer_of_a_new_move_says_the_pick_comes_first() -> None:
    session, _dice = _overindulged("Offer")
    offered = session.send("I want to work on my long-term project")
    said = " ".join(offered.notes)
    assert "Indulge Vice still waits for a pick the rules require" in said and "before your next move" in said, said
    assert "gives it up" not in said, said


def test_undo_twice_takes_back_the_roll_then_the_vice() -> None:
    session, _dice = _overindulged("Undo twice")
    first = session.send("/undo")
    assert first.kind != "error" and "Indulge Vice" in first.narration, first.narration
    second = session.send("/undo")
    assert second.kind != "error" and "Gambling" in second.narration, second.narration
    assert not session.reload().active()["vice"]["type"]
    assert session.send("/roll long-term project +study").kind != "error"


def test_the_pick_survives_a_reopened_session() -> None:
    session, _dice = _overindulged("Reopen")
    from assistant.chat.session import ChatSession

    reopened = ChatSession.open(session.campaign)
    refused = reopened.send("/roll acquire asset")
    assert refused.kind == "error" and "Indulge Vice still waits" in (refused.error or ""), refused.error
    assert reopened.send("/choose lost").kind == "action"


# ---- the city game ---------------------------------------------------------------------------------------------------
def test_city_transit_consequences_come_before_the_next_move_and_the_alternative_answers_them() -> None:
    session, dice = open_campaign("City transit", "city")
    dice.queue(4, 4)  # 8 + environs: a 7-9
    transit = session.send("/roll transit")
    assert transit.results[0].outcome == "weak_hit", transit.narration
    dice.queue(6, 6)
    refused = session.send("/roll get your bearings")
    assert refused.kind == "error" and "Transit still waits for a pick the rules require" in (refused.error or "")
    assert "Pick 2 Consequences" in refused.error and "Or, instead of the Consequences" in refused.error, refused.error
    diverted = session.send("/choose diverted")
    assert diverted.kind == "action", diverted.error
    dice.queue(6, 6)
    assert session.send("/roll get your bearings").kind == "action"


def test_city_questions_may_be_given_up_and_the_player_reads_it() -> None:
    session, dice = open_campaign("City questions", "city")
    dice.queue(6, 5)  # 11 + stat: a 10+, ask two questions
    observed = session.send("/roll observe someone")
    assert observed.open_choices, observed.narration
    dice.queue(3, 3)
    moved = session.send("/roll get your bearings")
    assert moved.kind == "action", moved.error
    assert any("Observe Someone's choice" in n and "left open" in n for n in moved.notes), moved.notes


# ---- Dungeon World: a spell's penalties, on Mara's spell too ---------------------------------------------------------
def _mara_missed(name: str):
    session, dice = open_campaign(name, "dungeon-world")
    for line in ("/character add Mara class=wizard", "/set Mara: mana 3"):
        assert session.send(line).kind != "error", line
    dice.queue(1, 2)
    offered = session.send("Mara casts a spell at me")
    cast = next(s for s in offered.suggestions if s.move == "Cast a Spell (Wizard)")
    missed = session.confirm(cast)
    assert missed.results[0].outcome == "miss", missed.narration
    return session, dice, missed


@pytest.mark.parametrize("typed", ["/roll hack and slash +str", "I attack Mara"])
def test_mara_s_spell_penalties_come_before_my_next_move(typed: str) -> None:
    session, dice, _missed = _mara_missed("Penalties " + typed)
    dice.queue(6, 6)
    turn = session.send(typed)
    if turn.suggestions:  # the words are offered moves: rolling one is refused
        turn = session.confirm(turn.suggestions[0])
    said = turn.error or ""
    assert turn.kind == "error", turn.narration
    assert said.startswith("Mara's Cast a Spell (Wizard) still waits for a pick the rules require"), said
    assert "Mara's spell fails" in said and "they become vulnerable" in said and "you become" not in said, said
    assert session.send("/choose 2 3").kind == "action"
    assert "vulnerable" in session.reload().characters["mara"]["impacts"]


def test_hack_and_slash_benefits_may_be_given_up_with_a_line_saying_so() -> None:
    session, dice = open_campaign("Benefits", "dungeon-world")
    session.send("/character add Duke class=fighter")
    dice.queue(6, 6)
    hit = session.send("/roll hack and slash +str target=Duke")
    assert hit.open_choices, hit.narration
    dice.queue(3, 3)
    moved = session.send("/roll defend +con")
    assert moved.kind == "action", moved.error
    assert any("Hack & Slash's choice was left open" in n for n in moved.notes), moved.notes


@pytest.mark.parametrize("typed", ["ok", "xyzzy", "how do I play?"])
def test_a_line_that_is_no_action_says_the_pick_waits_first(typed: str) -> None:
    session, _dice = _overindulged("Waits first " + typed)
    turn = session.send(typed)
    assert turn.kind != "error", turn.error
    assert turn.narration.startswith("Indulge Vice still waits for a pick the rules require"), turn.narration
    assert session.send("/choose 3").kind == "action"
