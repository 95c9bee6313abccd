"""Round 13 of a Dungeon World duel played through the chat: a pick on Mara's move stays Mara's (on her sheet, told as
her pick, each pick once), a second /choose says the choice is made, and a Volley with no ammunition left says so and
what to do instead of being told as a shot."""

from __future__ import annotations

import pytest

from tests.session_helpers import assert_store_matches_card, character_named, open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def _moves(session: object, campaign: str) -> int:
    return sum(1 for e in session.store.events(campaign) if e.event.type == "move_resolved")  # type: ignore[attr-defined]


def test_picks_on_maras_attack_stay_hers_and_a_second_choose_says_the_choice_is_made() -> None:
    session, dice = open_campaign("Her Picks", "dungeon-world")
    session.send("/character add Mara class=bard max_hp=18")
    offered = session.send("Mara attacks me with her rapier")
    dice.queue(6, 5)  # 6 + 5 + Mara's STR 2 = 13: a strong hit, choose two
    attack = session.confirm(next(s for s in offered.suggestions if s.move == "Hack & Slash"))
    assert "vulnerable" in character_named(session, "Mara")["impacts"]  # type: ignore[operator]
    first = session.send("/choose 1")
    assert first.narration.startswith("Mara picks: they deal their combat damage"), first.narration
    second = session.send("/choose 1")  # the attack does not leave you vulnerable: Mara's impact is cleared
    assert second.kind == "action", second.error
    story = second.narration.split("\n\n")
    assert story[0] == "Mara picks: the attack does not leave them vulnerable.", story[0]
    assert "On Mara's sheet, condition cleared: vulnerable." in second.narration, second.narration
    assert "You choose" not in second.narration
    assert_store_matches_card(session, second)
    assert "vulnerable" not in character_named(session, "Mara")["impacts"]  # type: ignore[operator]
    assert session.reload().active()["impacts"] == []  # type: ignore[index]  # the player's sheet is untouched
    events = _moves(session, "Her Picks")
    again = session.send("/choose 3")
    assert again.kind == "error" and again.error == (
        "Hack & Slash's choice is already made (Mara chose: they deal their combat damage (1dGrit) if they have a weapon; "
        "the attack does not leave them vulnerable): nothing is left to pick. Tell me what your character does next."
    ), again.error
    assert _moves(session, "Her Picks") == events
    assert attack.kind == "action"


def test_several_shots_with_the_last_arrow_spent_is_refused_and_the_choice_stays_open() -> None:
    session, dice = open_campaign("Last Arrow", "dungeon-world")
    session.send("/set ammunition 1")
    dice.queue(4, 4)  # 4 + 4 + DEX 1 = 9: a weak hit; the roll spends the last ammunition
    volley = session.send("/roll volley")
    assert "Ammunition 1 → 0." in volley.narration, volley.narration
    assert (
        "- You have to take several shots, reducing your ammo by one (not now: you have no ammunition left to take "
        "several shots with; pick one of the other two)"
    ) in volley.narration, volley.narration
    events = _moves(session, "Last Arrow")
    refused = session.send("/choose 3")
    assert refused.kind == "error" and refused.error.startswith("You have no ammunition left to take several shots with")
    assert refused.open_choices and _moves(session, "Last Arrow") == events
    picked = session.send("/choose 2")
    assert picked.kind == "action" and "take what you can get" in picked.narration, picked.narration
    assert_store_matches_card(session, picked)


@pytest.mark.parametrize("words", ["I shoot a volley at the bandit", "I loose an arrow at the bandit"])
def test_a_shot_with_no_ammunition_says_so_and_the_move_picked_is_not_told_as_the_shot(words: str) -> None:
    session, dice = open_campaign(f"Empty Quiver {words}", "dungeon-world")
    session.send("/set ammunition 0")
    offered = session.send(words)
    assert "Volley" not in [s.move for s in offered.suggestions]
    told = (
        "You have no ammunition left for Volley: fight up close with Hack & Slash instead, or, when a new fight starts, "
        "Enter a Combat Encounter gives you back your 5 ammunition."
    )
    assert told in offered.notes, offered.notes
    dice.queue(5, 3)
    picked = session.confirm(offered.suggestions[0])
    assert picked.kind == "action", picked.error
    assert "arrow" not in picked.narration and "volley" not in picked.narration.lower(), picked.narration
    assert_store_matches_card(session, picked)
    refused = session.send("/roll volley")
    assert refused.kind == "error" and refused.error == told, refused.error
    entered = session.send("/roll enter a combat encounter")
    assert entered.kind == "action" and session.reload().active()["ammunition"] == 5  # type: ignore[index]


def test_the_next_step_of_maras_attack_on_an_unnamed_character_reads_in_lower_case() -> None:
    from assistant.chat.cli import _turn_steps

    session, dice = open_campaign("Unnamed", "dungeon-world")
    session.send("/character add Mara class=bard max_hp=18")
    offered = session.send("Mara attacks me with her rapier")
    dice.queue(6, 5)
    session.confirm(next(s for s in offered.suggestions if s.move == "Hack & Slash"))
    picked = session.send("/choose 1 2")
    assert picked.kind == "action", picked.error
    assert [label for label, _ in _turn_steps(session, picked)] == ["Deal Damage on your character"]


def test_maras_volley_at_you_is_not_told_as_your_damage() -> None:
    session, dice = open_campaign("Her Volley", "dungeon-world")
    session.send("/character add Mara class=bard max_hp=18")
    offered = session.send("Mara shoots a volley at me")
    dice.queue(3, 3)  # 3 + 3 + Mara's DEX 1 = 7: a weak hit
    shot = session.confirm(next(s for s in offered.suggestions if s.move == "Volley"))
    assert shot.kind == "action", shot.error
    story = shot.narration.split("\n\n")[0]
    assert story.startswith("Mara shoots a volley at you.") and "You deal your damage" not in story, story
    assert "Mara's call" in shot.narration and not shot.violations, shot.narration
    assert_store_matches_card(session, shot)
