"""What a player tripped on in the eighth round of played sessions (Starforged, Elegy, Dungeon World), played
through the chat as they typed it: an oracle asked for in a "can I ...?", one change to a meter shown as one, a second
pick's card without the first pick's change again, an open choice or question left behind said so, the advice of
Pay the Price told as the rules' and not as story."""

from __future__ import annotations

import pytest

from assistant.chat.session import ChatSession
from assistant.store import service
from rules_index.embed import get_embedder
from tests.session_helpers import ScriptedDice, assert_store_matches_card

pytestmark = pytest.mark.usefixtures("hash_embedder")


def _session(system: str, name: str = "round8") -> tuple[ChatSession, ScriptedDice]:
    service.create_campaign(name, system, seed=3)
    dice = ScriptedDice(5)
    return ChatSession.open(name, rng=dice, embedder=get_embedder("hash")), dice


@pytest.mark.parametrize(
    ("said", "asked", "answer"),
    [
        ("can I ask the oracle if the station is abandoned?", "Is the station abandoned?", "No: the station is not abandoned."),
        ("I ask the oracle whether the raider flees", "Does the raider flee?", "No: the raider does not flee."),
        ("could we ask the oracle if there are guards, likely", "Are there guards?", "No: there are no guards."),
    ],
)
def test_an_oracle_asked_for_in_words_is_asked(said: str, asked: str, answer: str) -> None:
    session, dice = _session("starforged")
    dice.queue(96)  # above every odds: a no
    turn = session.send(said)
    assert turn.kind == "oracle", turn.narration
    assert turn.results and turn.results[0].outcome == "no", turn.narration
    assert f"You ask the oracle: “{asked}”" in turn.narration, turn.narration
    assert answer in turn.narration, turn.narration
    assert "The rules do not say" not in turn.narration


def test_asking_whether_the_oracle_may_be_asked_twice_is_still_a_rules_question() -> None:
    session, _dice = _session("starforged")
    turn = session.send("can I ask the oracle twice?")
    assert turn.kind != "oracle" and not turn.results, turn.narration


def test_elegy_focus_lost_twice_in_one_move_is_one_line_on_the_card() -> None:
    """Endure Harm at 1 health, a dangerous foe (2 harm): health 1 -> 0, the remaining 1 harm is -1 focus, and the
    miss costs -1 focus more: one line, "Focus 3 → 2 → 1.", not "Focus 3 → 2. Focus 2 → 1."."""
    session, dice = _session("elegy")
    session.send("/set health 1")
    session.send("/set focus 3")
    offered = session.send("the hunter stakes me, a dangerous foe")
    endure = next(s for s in offered.suggestions if s.move == "Endure Harm")
    dice.queue(9, 9)
    done = session.confirm(endure)
    assert_store_matches_card(session, done)
    assert "Focus 3 → 2 → 1." in done.narration, done.narration
    assert "Focus 2 → 1." not in done.narration and "Focus 3 → 2." not in done.narration, done.narration
    assert not done.violations, done.violations
    assert session.reload().active()["focus"] == 1


def test_a_second_pick_shows_only_what_it_changed() -> None:
    """Endure Harm at 1 health, serious harm, a miss: pick Lose Momentum (-2), then mark wounded; the second card
    says the impact, not the momentum again."""
    session, dice = _session("starforged")
    session.send("/set momentum 1")
    session.send("/set health 1")
    offered = session.send("the raider slashes me, serious harm")
    endure = next(s for s in offered.suggestions if s.move == "Endure Harm")
    dice.queue(1, 9, 9)
    session.confirm(endure)
    first = session.send("/choose 2")
    assert "Momentum 0 → -2." in first.narration, first.narration
    second = session.send("/choose mark wounded")
    assert_store_matches_card(session, second)
    assert "Impact marked: wounded." in second.narration, second.narration
    assert "Momentum" not in second.narration, second.narration


def test_an_open_choice_is_said_when_the_player_moves_on_and_said_left_when_another_move_is_rolled() -> None:
    session, dice = _session("starforged")
    offered = session.send("a raider jumps me with a blade!")
    fray = next(s for s in offered.suggestions if s.move == "Enter the Fray")
    dice.queue(3, 9, 3)  # 3 + wits 1 = 4 against 9 and 3 (ambushed: "Caught in a trap"): a weak hit, choose one
    assert session.confirm(fray).open_choices
    moved_on = session.send("I dive behind the crates")
    assert any("Enter the Fray still waits for your pick" in n and "/choose" in n for n in moved_on.notes), moved_on.notes
    # a move that does not need a position (React Under Fire, offered first for a dive in a fight, makes the pick)
    dice.queue(6, 1, 1)
    rolled = session.send("/roll face danger +edge")
    assert_store_matches_card(session, rolled)
    assert any("Enter the Fray's choice was left open" in n and "nothing from it was taken" in n for n in rolled.notes), (
        rolled.notes
    )


def test_the_choice_is_still_picked_after_a_new_action_is_only_offered() -> None:
    session, dice = _session("starforged")
    offered = session.send("a raider jumps me with a blade!")
    dice.queue(3, 9, 3)
    session.confirm(next(s for s in offered.suggestions if s.move == "Enter the Fray"))
    session.send("I dive behind the crates")
    picked = session.send("/choose 2")
    assert picked.kind != "error", picked.error
    assert session.reload().active()["position"] == "in_control"


def test_a_refused_command_leaves_the_open_question_open() -> None:
    """Repair asks where the repairs are made; a /progress on a track that does not exist is refused and changes
    nothing: "field" still answers the question."""
    session, dice = _session("starforged")
    offered = session.send("I fix the reactor")
    asked = session.confirm(next(s for s in offered.suggestions if s.move == "Repair"))
    assert asked.kind == "question", asked.narration
    refused = session.send("/progress reactor 3")
    assert refused.kind == "error" and "No track called" in refused.error, refused.error
    assert session.reload().pending_question is not None
    dice.queue(3, 3, 7)
    answered = session.send("field")
    assert answered.results and answered.results[0].move == "Repair", answered.narration


@pytest.mark.parametrize("system", ["starforged", "elegy"])
def test_pay_the_price_as_the_next_step_is_told_as_story_without_rules_advice(system: str) -> None:
    """Face Danger misses; the next step the terminal numbers is Pay the Price, played by its request: the row is
    read as the price, and neither "roll again" (it read as an order to roll once more) nor "Interpret the answer ..."
    (advice for asking the oracle instead) is told."""
    from assistant.chat.cli import _turn_steps

    session, dice = _session(system)
    offered = session.send("I sneak through the dark corridor")
    face = next(s for s in offered.suggestions if s.move == "Face Danger")
    dice.queue(*([1, 9, 9] if system == "starforged" else [9, 9]))
    missed = session.confirm(face)
    steps = _turn_steps(session, missed)
    label, request = next((label, request) for label, request in steps if "Pay the Price" in label)
    dice.queue(42)
    paid = session.confirm(request)
    assert_store_matches_card(session, paid)
    paragraphs = paid.narration.split("\n\n")
    assert "Interpret the answer" not in paid.narration, paid.narration
    assert paragraphs[0] == "Pay the Price (rolled 42).", paid.narration
    assert "a new hazard" in paragraphs[1] and "roll again" not in paid.narration, paid.narration


def _two_fighters() -> tuple[ChatSession, ScriptedDice, str]:
    session, dice = _session("dungeon-world")
    session.send("/set name Brakk")
    session.send("/character add Mara class=bard")
    mara = next(cid for cid, c in session.reload().characters.items() if c.get("name") == "Mara")
    return session, dice, mara


def test_dungeon_world_her_blow_on_me_lands_on_my_sheet() -> None:
    """ "Mara hits me for 5 damage": Brakk (playing) takes it, less his armor 3; Mara's HP is untouched."""
    session, _dice, mara = _two_fighters()
    offered = session.send("Mara hits me for 5 damage")
    deal = next(s for s in offered.suggestions if s.move == "Deal Damage")
    assert not any("Deal Damage" in n and "Mara" in n for n in offered.notes), offered.notes
    done = session.confirm(deal)
    assert_store_matches_card(session, done)
    assert "Damage to Brakk: 5 (already rolled), less 3 armor: 2 HP." in done.narration, done.narration
    assert "Rolled :" not in done.narration and "= 5" not in done.narration, done.narration
    state = session.reload()
    assert state.active()["hp"] == 20 and state.characters[mara]["hp"] == 18


def test_dungeon_world_a_blow_by_someone_without_a_sheet_still_lands_on_me() -> None:
    session, _dice, mara = _two_fighters()
    offered = session.send("the orc slashed at me, 4 damage")
    done = session.confirm(next(s for s in offered.suggestions if s.move == "Deal Damage"))
    assert_store_matches_card(session, done)
    assert session.reload().active()["hp"] == 21 and session.reload().characters[mara]["hp"] == 18


def test_dungeon_world_the_second_of_two_picks_says_one_more() -> None:
    session, dice, _mara = _two_fighters()
    offered = session.send("i hack at Mara with my axe")
    dice.queue(5, 5)  # 10 + STR 2 = 12: a strong hit, choose two
    hit = session.confirm(next(s for s in offered.suggestions if s.move == "Hack & Slash"))
    assert hit.open_choices[0].prompt == "Choose two", hit.open_choices
    first = session.send("/choose 1")
    assert first.open_choices and first.open_choices[0].prompt == "Choose two (1 more to pick)", first.open_choices
    assert "Choose two (1 more to pick)" in first.narration, first.narration
    second = session.send("/choose 1")
    assert second.kind != "error" and not second.open_choices, second.error


def test_sheet_with_a_name_shows_that_characters_sheet() -> None:
    session, _dice, _mara = _two_fighters()
    shown = session.send("/sheet Mara")
    assert shown.kind == "command", shown.error
    assert shown.narration.startswith("Mara") and "Class: Bard" in shown.narration, shown.narration


def test_choose_with_nothing_open_says_what_to_do() -> None:
    session, _dice = _session("starforged")
    session.send("/clock 6 The alarm is raised")
    session.send("/clock +1 alarm")
    refused = session.send("/choose 2")
    assert refused.kind == "error" and "nothing waits for a pick now" in refused.error, refused.error
    assert "what your character does" in refused.error


def test_another_move_picked_after_the_named_one_is_refused_is_not_told_as_the_named_one() -> None:
    """ "I make my last gasp" at full HP: Last Gasp is refused (note), Hack & Slash is offered first; picked, it is
    told by its own name, not "You try to make your last gasp"."""
    session, dice, _mara = _two_fighters()
    offered = session.send("i make my last gasp")
    assert any("Last Gasp is rolled when your Health Points reach 0" in n for n in offered.notes), offered.notes
    other = next(s for s in offered.suggestions if s.move != "Last Gasp")
    dice.queue(6, 5)
    rolled = session.confirm(other)
    assert_store_matches_card(session, rolled)
    assert "last gasp" not in rolled.narration.lower(), rolled.narration
    assert f"{other.move}, +" in rolled.narration, rolled.narration


def test_a_state_told_in_the_players_words_is_not_told_as_tried_on_a_miss() -> None:
    session, dice = _session("elegy")
    session.send("I am shaken by what I did")
    asked = session.confirm({"move": "Endure Stress"})
    assert asked.kind == "question", asked.narration
    dice.queue(9, 9)
    told = session.send("2")
    assert told.results and told.results[0].outcome == "miss", told.narration
    assert "try to are" not in told.narration and told.narration.startswith("You are shaken by what you did."), told.narration


def test_choose_answers_the_open_question_when_no_choice_is_open() -> None:
    """Endure Harm asks how much; "/choose 2" (the player's habit from the last pick) answers it: 2, serious harm."""
    session, _dice = _session("starforged")
    session.send("the raider attacks me!")
    asked = session.confirm({"move": "Endure Harm"})
    assert asked.kind == "question", asked.narration
    answered = session.send("/choose 2")
    assert answered.kind != "error", answered.error
    assert answered.results and answered.results[0].move == "Endure Harm", answered.narration
    assert "Health 5 → 3." in answered.narration, answered.narration


def test_two_open_choices_left_behind_are_named_by_their_prompts_not_a_dozen_options() -> None:
    """A city hit opens two choices of several options each; rolling on read "... choice was left open (They comply ...
    or ... or ...)", a dozen options in one sentence. The note now names the two choices. (Direct Someone to Act's
    reaction and consequence are picked before the next move since round 27; Observe Someone's questions and its
    "you may mark Heat" may be left.)"""
    session, dice = _session("city", "left-behind")
    dice.queue(6, 5)  # 11 + network 0: a 10+, ask two questions; you may mark Heat to add them as a Tie
    strong = session.send("/roll observe someone")
    assert len(strong.open_choices) == 2, strong.narration
    dice.queue(6, 6)
    rolled = session.send("/roll appraise circumstances +lore")
    note = next(n for n in rolled.notes if "left open" in n)
    assert note == (
        "Observe Someone's choices were left open (Ask two questions; You may mark Heat to add them as a Tie): "
        "nothing from them was taken."
    ), note
    assert " or " not in note
