"""What a player tripped on in the ninth round of played sessions (Starforged, Elegy, Dungeon World), played through
the chat as they typed it: an attack with no fight on starts one (Enter the Fray), a progress move on an empty track
says what rolling it now means, a table named after a move says it is not the move, a question typed without its "?"
is a question, the cost of an expedition's progress asked once."""

from __future__ import annotations

import pytest

from assistant.chat.session import ChatSession
from assistant.store import service
from rules_index.embed import get_embedder
from tests.session_helpers import ScriptedDice, assert_store_matches_card, character_named

pytestmark = pytest.mark.usefixtures("hash_embedder")


def _session(system: str, name: str = "round9") -> tuple[ChatSession, ScriptedDice]:
    service.create_campaign(name, system, seed=3)
    dice = ScriptedDice(5)
    return ChatSession.open(name, rng=dice, embedder=get_embedder("hash")), dice


@pytest.mark.parametrize("said", ["the raider attacks me!", "the raider shoots at me", "a pirate comes at me with a knife"])
def test_an_attack_with_no_fight_on_starts_one(said: str) -> None:
    """ "When you initiate combat or are forced into a fight" (Enter the Fray); Endure Harm answers harm dealt."""
    session, dice = _session("starforged")
    offered = session.send(said)
    assert offered.suggestions[0].move == "Enter the Fray", offered.narration
    dice.queue(5, 5, 6)
    fray = session.confirm(offered.suggestions[0])
    assert_store_matches_card(session, fray)
    assert "Position: in control." in fray.narration, fray.narration


def test_harm_dealt_is_still_endure_harm() -> None:
    session, _dice = _session("starforged")
    offered = session.send("the raider slashes me, serious harm")
    assert offered.suggestions[0].move == "Endure Harm", offered.narration


def test_take_decisive_action_on_an_empty_track_says_it_is_a_sure_miss() -> None:
    session, dice = _session("starforged")
    offered = session.send("the raider attacks me!")
    dice.queue(5, 5, 6)
    session.confirm(offered.suggestions[0])
    asked = session.send("I take decisive action")
    line = next(line for line in asked.narration.splitlines() if "Take Decisive Action" in line)
    assert "miss 100%" not in line, asked.narration
    assert "a sure miss now: no progress box filled on the raider" in line, asked.narration
    assert "mark progress first" in line, asked.narration


def test_fulfilling_a_vow_with_no_progress_says_it_is_a_sure_miss() -> None:
    session, dice = _session("starforged")
    offered = session.send("I swear a formidable vow to find my sister")
    dice.queue(5, 4, 1)
    session.confirm(offered.suggestions[0])
    asked = session.send("I fulfill my vow")
    assert "Fulfill Your Vow — a sure miss now: no progress box filled on Find my sister" in asked.narration, asked.narration


def test_a_near_sure_miss_on_a_progress_track_says_how_many_boxes_are_filled() -> None:
    """Strike on a weak hit marks progress twice on a formidable fight (2 boxes); in a bad spot, Take Decisive Action
    counts a strong hit without a match as a weak hit and a weak hit as a miss: 99% a miss."""
    session, dice = _session("starforged")
    offered = session.send("the raider attacks me")
    dice.queue(5, 4, 1)
    session.confirm(offered.suggestions[0])
    strike = session.send("I shoot the raider")
    dice.queue(2, 1, 6)  # 2 + edge 3 = 5 against 1 and 6: a weak hit, in a bad spot
    session.confirm(strike.suggestions[0])
    asked = session.send("I finish him off")
    line = next(line for line in asked.narration.splitlines() if "Take Decisive Action" in line)
    assert "miss 99% (only 2 of 10 progress boxes filled on the raider; mark more progress first)" in line, line


def test_companion_takes_a_hit_needs_a_hit() -> None:
    """ "When your companion faces physical injury" (Companion Takes a Hit): a companion helping is not one."""
    session, _dice = _session("starforged")
    helped = session.send("my companion helps me search the wreck")
    assert helped.suggestions[0].move != "Companion Takes a Hit", helped.narration
    shot = session.send("my companion is shot by the raider")
    assert shot.suggestions[0].move == "Companion Takes a Hit", shot.narration


def test_a_table_named_by_its_move_says_how_to_play_the_move() -> None:
    session, dice = _session("starforged")
    dice.queue(80)
    turn = session.send("/table Take Decisive Action")
    assert "Others won’t forget" in turn.narration, turn.narration
    assert any("not the move itself: to play the move, /roll take decisive action." in n for n in turn.notes), turn.notes
    dice.queue(95)
    price = session.send("/table pay the price")
    assert not any("not the move itself" in n for n in price.notes), price.notes


@pytest.mark.parametrize("said", ["what should I do next", "what now", "what do I do now", "what are my options"])
def test_asking_what_to_do_without_a_question_mark_is_a_question(said: str) -> None:
    session, _dice = _session("starforged")
    turn = session.send(said)
    assert turn.kind == "oracle" and not turn.results and not turn.suggestions, turn.narration
    assert turn.narration.startswith("What your character does next is yours to say"), turn.narration


def test_a_yes_no_question_without_a_question_mark_asks_the_oracle() -> None:
    session, dice = _session("starforged")
    dice.queue(96)
    turn = session.send("is the station abandoned")
    assert turn.kind == "oracle" and turn.results and turn.results[0].outcome == "no", turn.narration
    assert "the station is not abandoned" in turn.narration, turn.narration


def test_an_action_is_still_an_action() -> None:
    session, _dice = _session("starforged")
    turn = session.send("what a mess, I run for the airlock")
    assert turn.kind == "action" and turn.suggestions, turn.narration


def test_the_cost_of_expedition_progress_is_asked_once() -> None:
    session, dice = _session("starforged")
    offered = session.send("I survey the derelict, a dangerous expedition")
    dice.queue(5, 9, 1)
    turn = session.confirm(offered.suggestions[0])
    assert_store_matches_card(session, turn)
    assert turn.narration.count("This progress costs you") <= 1, turn.narration
    assert "Choose what this progress costs you" in turn.narration, turn.narration


def test_dw_a_spell_the_other_character_casts_on_me_is_theirs_and_lands_on_me() -> None:
    """The seed's worked example: Hermione casts Magic Missile (2d6+INT), a 10, then 2d4 = 7 damage ignoring armor:
    "Ilyana lowers her Health Points from 22 to 15"."""
    session, dice = _session("dungeon-world")
    session.send("/character add Mara class=wizard int=2 mana=3")
    offered = session.send("Mara hits me with a magic missile")
    missile = offered.suggestions[0]
    assert missile.move == "Magic Missile", offered.narration
    assert any("Magic Missile" in n and "Mara's, rolled with Mara's sheet, at you" in n for n in offered.notes), offered.notes
    assert missile.stat_value == 2 and missile.request["character_id"] != session.state.active_character
    dice.queue(6, 2)  # 6 + 2 + Mara's INT 2 = 10: a strong hit (the fighter's INT 0 would make it an 8)
    cast = session.confirm(missile)
    assert_store_matches_card(session, cast)
    assert "= 10: a strong hit" in cast.narration, cast.narration
    dice.queue(3, 4)
    dealt = session.confirm(cast.follow_ups[0])
    assert_store_matches_card(session, dealt)
    assert "HP 22 → 15." in dealt.narration, dealt.narration
    reloaded = ChatSession.open("round9", embedder=get_embedder("hash"))
    assert reloaded.state.active()["hp"] == 15 and character_named(reloaded, "Mara")["hp"] == 22


def test_dw_defending_against_the_other_character_stays_mine() -> None:
    session, _dice = _session("dungeon-world")
    session.send("/character add Mara class=wizard int=2")
    offered = session.send("Mara attacks me")
    hack = next(s for s in offered.suggestions if s.move == "Hack & Slash")
    assert hack.request["options"]["target"] == session.state.active_character, hack.request
    for s in offered.suggestions:
        if s.move in ("Defend", "Saving Throw"):
            assert "target" not in (s.request.get("options") or {}) and "character_id" not in s.request, s.request
    mine = session.send("I hack at Mara")
    assert mine.suggestions[0].request["options"]["target"] != session.state.active_character


def test_elegy_stress_amounts_are_the_stress_scale_and_a_typed_number_is_the_amount() -> None:
    """ "1 stress: An unsettling or frustrating incident." ... "5 stress: A soul-shattering incident" (Stress); no
    bare 6-10 in the list, and "4" is 4 stress, not the fourth line."""
    session, dice = _session("elegy")
    offered = session.send("the sight of the burned chapel horrifies me")
    endure = next(s for s in offered.suggestions if s.move == "Endure Stress")
    asked = session.confirm(endure)
    assert asked.kind == "question", asked.narration
    assert "- 5 (soul-shattering)" in asked.narration and "- Dangerous (your foe's rank)" in asked.narration, asked.narration
    assert "- 6\n" not in asked.narration and "1. " not in asked.narration, asked.narration
    assert "Or type another amount, up to 10." in asked.narration, asked.narration
    dice.queue(9, 8)
    done = session.send("4")
    assert_store_matches_card(session, done)
    assert "Spirit 5 → 1." in done.narration, done.narration
    session.send("/undo")
    again = session.confirm(endure)
    assert again.kind == "question"
    dice.queue(9, 8)
    ranked = session.send("dangerous")
    assert_store_matches_card(session, ranked)
    assert "A dangerous foe deals 2 stress." in ranked.narration and "Spirit 5 → 3." in ranked.narration, ranked.narration


@pytest.mark.parametrize(
    ("said", "rank"),
    [
        ("I swear a formidable vow to find my sister", "formidable"),
        ("I survey the derelict, a dangerous expedition", "dangerous"),
    ],
)
def test_a_tracks_rank_is_on_the_card_not_in_the_story(said: str, rank: str) -> None:
    session, dice = _session("starforged")
    offered = session.send(said)
    dice.queue(5, 4, 1)
    done = session.confirm(offered.suggestions[0])
    assert_store_matches_card(session, done)
    story, _, card = done.narration.partition("\n\n")
    assert rank not in story.lower(), done.narration
    assert f"a new {rank}" in card, done.narration


def test_elegy_a_move_that_can_only_miss_says_so_in_words() -> None:
    """Elegy's action score is the stat and adds against two challenge dice, with no action die: +intellect 1 never
    beats a die, so Perform Ritual can only miss; the list says that and what changes it, not "miss 100%"."""
    session, _dice = _session("elegy")
    session.send("/set intellect 1")
    asked = session.send("I perform a ritual to find the hunter")
    line = next(line for line in asked.narration.splitlines() if "Perform Ritual" in line)
    assert "miss 100%" not in line, asked.narration
    assert "a sure miss at +intellect 1: the score cannot beat the dice unless you burn focus (2) or have an add" in line, line


def test_elegy_a_rank_said_after_a_comma_stays_on_the_card() -> None:
    session, dice = _session("elegy")
    offered = session.send("I swear an elegy to destroy the hunter who killed my sire, formidable")
    sing = next(s for s in offered.suggestions if s.move == "Sing an Elegy")
    dice.queue(10, 5)
    done = session.confirm(sing)
    assert_store_matches_card(session, done)
    story, _, card = done.narration.partition("\n\n")
    assert "formidable" not in story and "a new formidable elegy" in card, done.narration


def test_what_now_after_a_miss_names_what_the_rules_offer_next() -> None:
    session, dice = _session("starforged")
    offered = session.send("I leap across the chasm")
    face = next(s for s in offered.suggestions if s.move == "Face Danger")
    dice.queue(1, 9, 10)  # 1 + edge 3 = 4 against 9 and 10: a miss, "Pay the Price"
    missed = session.confirm(face)
    assert "Pay the Price" in missed.narration, missed.narration
    turn = session.send("what now")
    assert turn.narration.startswith("Next, the rules offer Pay the Price"), turn.narration
    assert "“pay the price”" in turn.narration, turn.narration
