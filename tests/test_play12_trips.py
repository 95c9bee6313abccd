"""Round 12: what a player tripped on across the games, played from the player's words: an edit that changes nothing
stores nothing (so /undo takes back the last real change), the oracle asked whether a foe is dead mid-fight, a missed
Fulfill Your Vow told as done, and the rules' alternatives for a miss read out as story."""

from __future__ import annotations

import pytest

from tests.session_helpers import assert_store_matches_card, open_campaign, play, track_named

pytestmark = pytest.mark.usefixtures("hash_embedder")


def _sheet_edits(session: object, campaign: str) -> int:
    return sum(1 for e in session.store.events(campaign) if e.event.type == "character_updated")  # type: ignore[attr-defined]


def test_an_edit_that_changes_nothing_stores_nothing_and_undo_takes_back_the_last_real_change() -> None:
    session, _ = open_campaign("Same Sheet", "starforged")
    assert session.send("/set health 3").narration == "Your character: Health 5 → 3."
    edits = _sheet_edits(session, "Same Sheet")
    again = session.send("/set health 3")
    assert again.kind == "command" and again.narration == "Your character: Health is already 3.", again.narration
    assert again.event_seq is None
    session.send("/set name Kira")
    assert session.send("/set name Kira").narration == "Nothing changed on Kira's sheet."
    assert session.send("/set edge 3").narration == "Kira: Edge is already 3."
    assert _sheet_edits(session, "Same Sheet") == edits + 1  # the name; no event for the three edits that did nothing
    undone = session.send("/undo")
    assert "Name set to Kira" in undone.narration and "already" not in undone.narration, undone.narration
    state = session.reload()
    assert not state.active().get("name") and state.active()["health"] == 3  # type: ignore[union-attr]


def test_asking_the_oracle_whether_the_hunted_foe_is_dead_points_at_the_fight_and_rolls_nothing() -> None:
    session, dice = open_campaign("Hunted", "elegy")
    play(session, dice, "a hunter with a stake attacks me!", 1, 6)
    before = len(session.store.events("Hunted"))
    asked = session.send("is the hunter dead?")
    assert asked.kind == "oracle" and not asked.results, asked.narration
    told = asked.narration
    assert "The oracle does not decide that: the fight with the hunter is still open (0/10 boxes" in told, told
    assert "End the Fight" in told and "Clash" in told, told
    assert not dice.faces and not [e for e in session.store.events("Hunted")[before:] if e.event.type == "move_resolved"]
    assert track_named(session, "The hunter").get("status", "open") == "open"
    for asked_again in ("is he dead?", "/oracle will the hunter flee?"):  # the only foe of the only fight
        again = session.send(asked_again)
        assert not again.results and "The oracle does not decide that" in again.narration, again.narration
    other = session.send("/oracle is the door to the crypt locked?")  # a question no track decides: the oracle answers
    assert other.results and other.results[0].move == "Ask the Oracle", other.narration


def test_did_the_raider_die_is_a_story_question_the_fight_decides_not_a_rules_question() -> None:
    session, dice = open_campaign("Raided", "starforged")
    play(session, dice, "a raider attacks me with a blade, I fight back", 5, 1, 2)
    asked = session.send("did the raider die?")
    assert asked.kind == "oracle", (asked.kind, asked.narration)
    assert "the fight with the raider is still open" in asked.narration and "Take Decisive Action" in asked.narration
    assert "mark progress first with Gain Ground, Strike or Clash" in asked.narration, asked.narration
    assert not asked.results and not asked.citations


def test_a_missed_fulfill_your_vow_is_never_told_as_done() -> None:
    session, dice = open_campaign("Missed Vow", "starforged")
    play(session, dice, "I swear an iron vow to find my sister, a troublesome vow", 5, 4, 1)
    missed = play(session, dice, "My vow is fulfilled", 9, 9)
    assert missed.results[0].move == "Fulfill Your Vow" and missed.results[0].outcome == "miss"
    assert "vow is fulfilled" not in missed.narration.lower() and "you fulfil" not in missed.narration.lower(), missed.narration
    for _ in range(2):  # the same words twice: "One more time: you try to ...", never "you finally fulfil your vow"
        session.send("/choose recommit")
        again = play(session, dice, "I finally fulfil my vow", 9, 9)
        opening = again.narration.split("\n")[0]
        assert "try to finally fulfil your vow" in opening and "you finally fulfil" not in opening.lower(), opening


def test_a_missed_face_danger_tells_the_miss_not_the_rules_alternatives() -> None:
    session, dice = open_campaign("Chasm", "starforged")
    missed = play(session, dice, "I leap across the chasm", 1, 9, 9)
    assert missed.results[0].outcome == "miss"
    story = missed.narration.split("\n\n")[0]
    assert "You fail, or" not in missed.narration and "momentary success" not in story, missed.narration
    assert story.startswith("You ") and "leap across the chasm" in story, story
    assert_store_matches_card(session, missed)


@pytest.mark.parametrize(
    ("system", "words", "opening", "faces"),
    [
        ("elegy", "A vampire hunter with a crossbow corners me", "A vampire hunter with a crossbow corners you.", (7, 2)),
        ("starforged", "Raiders surround us", "Raiders surround you.", (5, 3, 1)),
        ("starforged", "I set out for the Syndicate's station", "", (4, 5, 2)),
    ],
)
def test_the_players_words_open_the_story_as_a_sentence(system: str, words: str, opening: str, faces: tuple[int, ...]) -> None:
    session, dice = open_campaign(f"Words {system} {len(words)}", system)
    rolled = play(session, dice, words, *faces)
    first = rolled.narration.split("\n")[0]
    assert "set your sights on" not in first and "focus on a" not in first.lower(), first
    assert "set out to set out" not in first.lower(), first
    assert first.startswith(opening), first


@pytest.mark.parametrize("system", ["starforged", "blades"])
def test_roll_with_dice_notation_rolls_free_dice_and_the_story_passes_the_check(system: str) -> None:
    session, dice = open_campaign(f"Free Dice {system}", system)
    dice.queue(3, 5)
    plain = session.send("/roll 2d6")
    assert plain.kind == "action" and plain.narration == "Rolled 2d6 (3, 5) = 8.", (plain.error, plain.narration)
    dice.queue(3, 2, 4)
    kept = session.send("/roll 3d6kh2+1")
    assert kept.kind == "action" and not kept.violations, kept.violations
    assert kept.narration.startswith("Rolled 3d6kh2") and kept.narration.endswith("= 8."), kept.narration
    assert not [e for e in session.store.events(f"Free Dice {system}") if e.event.type == "character_updated"]


def test_a_number_after_a_suffer_moves_name_is_its_amount_and_after_another_move_a_bonus() -> None:
    session, dice = open_campaign("Bare Numbers", "starforged")
    harm = session.send("/roll endure harm 2")
    assert harm.kind == "action" and harm.results[0].adds == 0, (harm.kind, harm.narration)
    assert "Health 5 → 3." in harm.narration and session.reload().active()["health"] == 3, harm.narration  # type: ignore[index]
    dice.queue(3, 2, 9)
    danger = session.send("/roll face danger +edge 1")
    assert danger.results[0].adds == 1 and "Action 3 + edge 3 + 1 = 7" in danger.narration, danger.narration


def test_asking_the_oracle_with_a_colon_asks_it_at_the_odds_named_after() -> None:
    session, dice = open_campaign("Corrupt Captain", "elegy")
    dice.queue(80)
    asked = session.send("I ask the oracle: is the watch captain corrupt? likely")
    assert asked.kind == "oracle" and asked.results, (asked.kind, asked.narration)
    assert "“Is the watch captain corrupt?”" in asked.narration and "likely?" not in asked.narration, asked.narration
    assert "Odds likely" in asked.narration, asked.narration


def test_a_missed_move_asked_for_by_name_beside_the_apps_card_passes_the_check() -> None:
    from assistant.chat.session import ChatSession

    _, dice = open_campaign("Lost Fight", "elegy")
    session = ChatSession.open("Lost Fight", rng=dice, cards_shown=True)
    offered = session.send("A vampire hunter with a crossbow corners me")
    dice.queue(7, 2)
    session.confirm(next(s for s in offered.suggestions if s.move == "Enter the Fray"))
    offered = session.send("I end the fight")
    dice.queue(9, 2)
    ended = session.confirm(next(s for s in offered.suggestions if s.move == "End the Fight"))
    assert ended.results[0].outcome == "miss" and not ended.violations, ended.violations
    # the card beside the story says the rule ("On a miss, you have lost this fight."); the story does not say it again
    assert "you have lost this fight" in ended.results[0].text.lower()
    assert "lost this fight" not in ended.narration.lower() and ended.narration.strip(), ended.narration
    assert any("is lost" in n for n in ended.notes), ended.notes
    assert_store_matches_card(session, ended)


def test_undoing_a_roll_whose_action_die_was_cancelled_says_so() -> None:
    session, dice = open_campaign("Cancelled", "starforged")
    session.send("/set momentum -3")
    dice.queue(3, 2, 5)
    missed = session.send("/roll face danger +wits")
    assert "Action 3 (cancelled), wits 1 = 1 against 2 and 5: a miss." in missed.narration, missed.narration
    undone = session.send("/undo")
    assert undone.narration == (
        "Undone: Face Danger (+wits): miss — action 3 (cancelled by negative momentum) + wits 1 = 1 against 2 and 5."
    ), undone.narration
    assert session.reload().moves == 0


def test_progress_on_a_track_that_does_not_exist_in_a_new_campaign_says_how_to_start_one() -> None:
    session, _ = open_campaign("No Tracks", "starforged")
    refused = session.send("/progress banana 2")
    assert refused.kind == "error", refused.narration
    assert refused.error == "No track called 'banana': this campaign has no tracks yet. Start one with /track <rank> <name>."
    assert not session.reload().tracks


def test_a_track_started_by_command_is_the_kind_the_moves_need() -> None:
    session, _ = open_campaign("Typed Tracks", "elegy")
    started = session.send("/track extreme Destroy the hunters guild")
    assert started.narration == "New extreme elegy: Destroy the hunters guild", started.narration
    milestone = session.send("/roll reach a milestone")  # the elegy's milestone, no dead end
    assert milestone.kind == "action" and "Destroy the hunters guild" in milestone.narration, milestone.error
    forged, forged_dice = open_campaign("Typed Fight", "starforged")
    refused = forged.send("/roll strike +iron")
    assert refused.error is not None and "start one with /track <rank> fight <name>" in refused.error, refused.error
    assert forged.send("/track formidable fight The raider").narration == "New formidable fight: The raider"
    forged_dice.queue(6, 1, 2)
    struck = forged.send("/roll strike +iron")
    assert struck.kind == "action" and "Progress on the raider: 0 → 8 ticks." in struck.narration, struck.error
