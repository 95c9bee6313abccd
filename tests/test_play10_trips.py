"""Round 10: what a player tripped on across the games, each played from the player's words: a bare number for a
list, an action typed while a question waits for words, "/choose 2" after the moves that fit, a stray "Choose one."
after a pick, prose that framed a feeling as a place to look, "do a barrel roll" read as a rules question, a secret
learned read as facing danger, and a fight named after half its foe."""

from __future__ import annotations

import pytest

from assistant.chat.classify import classify
from assistant.chat.session import ChatSession
from assistant.narrate.opening import frame
from tests.session_helpers import ScriptedDice, assert_store_matches_card, open_campaign, track_named

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_a_bare_number_for_a_list_says_what_to_type_and_adds_nothing() -> None:
    session, _ = open_campaign("Number City", "city")
    before = session.reload().characters
    told = session.send("/set demands 3")
    assert told.kind == "error", told.narration
    said = told.error or ""
    assert "“3” alone is not one" in said and "/add demands <the words>" in said and "/remove demands 3" in said, said
    assert "/set demands before retiring 3" in said, said
    assert "_" not in said and "options." not in said, said
    assert session.reload().characters == before
    added = session.send("/add demands Find the smuggler")
    assert added.kind != "error", added.error
    demands = session.reload().active()["demands"]
    assert [d if isinstance(d, str) else d.get("text") for d in demands] == ["Find the smuggler"], demands


def test_an_action_typed_while_a_question_waits_for_words_is_played_not_taken_as_the_answer() -> None:
    session, _ = open_campaign("Demand City", "city")
    asked = session.send("/roll perceive demand")
    assert asked.kind == "question", asked.narration
    assert "What Demand does the city make of you?" in asked.narration, asked.narration
    moved_on = session.send("I go to the docks")
    assert moved_on.kind == "action", moved_on.error
    assert "set aside" in " ".join(moved_on.notes) + moved_on.narration, (moved_on.notes, moved_on.narration)
    assert session.reload().active()["demands"] == [], session.reload().active()["demands"]
    asked_again = session.send("/roll perceive demand")
    assert asked_again.kind == "question"
    answered = session.send("Find the smuggler")
    assert answered.kind == "action", answered.error
    demands = session.reload().active()["demands"]
    assert "Find the smuggler" in str(demands), demands


def test_choose_a_number_after_the_moves_that_fit_plays_that_suggested_move() -> None:
    session, dice = open_campaign("Chosen Move", "starforged")
    offered = session.send("I sneak past the patrol and slip into the hangar")
    assert len(offered.suggestions) >= 2, offered.suggestions
    second = offered.suggestions[1]
    dice.queue(5, 2, 3)
    played = session.send("/choose 2")
    assert played.kind == "action", played.error
    assert played.results and played.results[0].move == second.move, (played.results, second.move)
    assert_store_matches_card(session, played)


def test_choose_a_number_with_an_older_choice_open_picks_it_and_says_how_to_roll_the_offered_move() -> None:
    session, dice = open_campaign("Chosen Card", "starforged")
    offered = session.send("a raider jumps me with a blade!")
    dice.queue(3, 9, 3)  # 3 + wits 1 = 4 (ambushed: "Caught in a trap") against 9 and 3: a weak hit
    fray = session.confirm(next(s for s in offered.suggestions if s.move == "Enter the Fray"))
    assert fray.open_choices, fray.narration
    new = session.send("I dive behind the crates")
    picked = session.send("/choose 2")
    assert picked.kind != "error", picked.error
    said = " ".join(picked.notes)
    assert "/choose 2 picked from Enter the Fray's open choice" in said, said
    assert f"To roll the move offered as 2 ({new.suggestions[1].move}), type 2 alone." in said, said


def test_after_picking_the_cost_of_an_expedition_the_story_says_no_stray_choose_one() -> None:
    session, dice = open_campaign("Waypoint", "starforged")
    offered = session.send("I survey the derelict, a dangerous expedition")
    dice.queue(4, 5, 9)  # action 4 + edge: a weak hit, choose what the progress costs
    weak = session.confirm(offered.suggestions[0])
    assert weak.open_choices, weak.narration
    picked = session.send("/choose 3")
    assert picked.kind == "action", picked.error
    assert "Choose one." not in picked.narration, picked.narration
    assert "face a peril at the waypoint" in picked.narration, picked.narration


def test_a_feeling_is_told_as_it_was_said_not_as_a_place_your_attention_turns() -> None:
    told = frame("the sight of the burned chapel horrifies me", seed=1)
    assert told == "The sight of the burned chapel horrifies you.", told
    assert "attention" not in frame("the sight of the corpse sickens me", seed=2)


def test_do_a_barrel_roll_is_an_action_and_a_question_is_still_a_question() -> None:
    assert classify("do a barrel roll", "starforged").kind == "action"
    assert classify("do a flip over the railing", "starforged").kind == "action"
    assert classify("do I roll +edge for this?", "starforged").kind == "rules"
    assert classify("do the guards see me", "starforged").kind == "oracle"


def test_learning_a_secret_about_the_hunter_is_gathering_information() -> None:
    session, _ = open_campaign("Secret Night", "elegy")
    offered = session.send("I learn a secret about the hunter")
    # round 34: Gather Information at intellect 1 can only miss, so it is offered after moves that can hit, saying so
    gather = next(s for s in offered.suggestions if s.move == "Gather Information")
    assert "a sure miss at +intellect 1" in (gather.odds_words or ""), gather.odds_words


def test_a_fight_with_the_pirate_captain_is_named_after_the_whole_foe() -> None:
    session, dice = open_campaign("Captain Fight", "starforged")
    offered = session.send("the pirate captain attacks me")
    assert offered.suggestions[0].move == "Enter the Fray", [s.move for s in offered.suggestions]
    dice.queue(5, 2, 3)
    session.confirm(offered.suggestions[0])
    assert track_named(session, "The pirate captain")["kind"] == "combat"


def _duel() -> tuple[ChatSession, ScriptedDice]:
    session, dice = open_campaign("Duel Ten", "dungeon-world")
    session.send("/set name Kael")
    session.send("/character add Mara hp=10 armor=1")
    return session, dice


def test_maras_strong_hit_on_me_is_told_as_hers_and_her_picks_are_her_call() -> None:
    session, dice = _duel()
    offered = session.send("Mara attacks me")
    hack = next(s for s in offered.suggestions if s.move == "Hack & Slash")
    dice.queue(5, 5)  # 10 + her STR 2: a strong hit, hers
    hit = session.confirm(hack)
    assert_store_matches_card(session, hit)
    told = hit.narration
    assert "Mara attacks you." in told, told
    assert not any(line in told for line in ("your way", "for you", "pays off in full", "equal to it")), told
    assert "Choose two, Mara's call:" in told and "your call" not in told, told
    assert "On Mara's sheet, condition marked: vulnerable." in told, told
    picked = session.send("/choose 1")
    assert picked.narration.startswith("Mara picks: they deal their combat damage"), picked.narration
    assert "Mara's call" in picked.narration and "your call" not in picked.narration, picked.narration


def test_my_own_blow_on_mara_is_still_told_as_mine() -> None:
    session, dice = _duel()
    offered = session.send("I hack at Mara with my sword")
    dice.queue(5, 5)
    hit = session.confirm(offered.suggestions[0])
    assert "your call" in hit.narration and "Mara's call" not in hit.narration, hit.narration
    assert "On Mara's sheet" not in hit.narration, hit.narration


def test_maras_blow_for_five_lands_on_my_sheet_without_the_word_damage() -> None:
    session, _dice = _duel()
    offered = session.send("Mara hits me for 5")
    assert offered.suggestions[0].move == "Deal Damage", [s.move for s in offered.suggestions]
    done = session.confirm(offered.suggestions[0])
    assert_store_matches_card(session, done)
    assert "Damage to Kael: 5 (already rolled), less 3 armor: 2 HP." in done.narration, done.narration
    state = session.reload()
    mara = next(c for c in state.characters.values() if c.get("name") == "Mara")
    assert state.active()["hp"] == 20 and mara["hp"] == 10, (state.active()["hp"], mara["hp"])


def test_a_barrel_roll_is_facing_danger_with_speed() -> None:
    session, _ = open_campaign("Barrel Roll", "starforged")
    offered = session.send("do a barrel roll")
    assert offered.kind == "action" and offered.suggestions, offered.narration
    top = offered.suggestions[0]
    assert (top.move, top.stat) == ("Face Danger", "edge"), [(s.move, s.stat) for s in offered.suggestions]
