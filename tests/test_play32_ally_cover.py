"""Round 32: "Kira, cover me!" (Starforged, Kira a character of the campaign) is Kira's Aid Your Ally at the one
playing, not Check Your Gear; a rule's "you" before its verb stays the subject when told of another ("strong hit: they
are both in control", it read "them are both"; Elegy's "Them are stressed" after "(see Harm)")."""

from __future__ import annotations

import pytest

from assistant.narrate.their_words import of_them
from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize("line", ["Kira, cover me!", "kira cover me while i cut through the door", "Kira, watch my back"])
def test_an_ally_told_to_cover_the_player_aids_them(line: str) -> None:
    session, _dice = open_campaign(f"Cover {len(line)}", "starforged")
    session.send("/character add Kira")
    turn = session.send(line)
    assert turn.suggestions[0].move == "Aid Your Ally", [s.move for s in turn.suggestions]
    assert "Check Your Gear" not in [s.move for s in turn.suggestions]
    request = turn.suggestions[0].request
    assert request["character_id"] == "kira" and request["options"]["target"] == session.state.active_character, request


def test_the_aid_is_told_as_kiras_with_her_call_in_plain_words() -> None:
    session, _dice = open_campaign("Cover told", "starforged")
    session.send("/character add Kira")
    turn = session.send("Kira, cover me!")
    made = session.confirm(turn.suggestions[0])
    assert made.kind == "action", made.error
    assert "Name the ally you aid" not in made.narration, made.narration
    assert "you are both in control" in made.narration and "them are" not in made.narration.lower(), made.narration


@pytest.mark.parametrize(
    ("rule", "told"),
    [
        ("strong hit: you are both in control", "strong hit: they are both in control"),
        ("(see Harm) You are stressed", "(see Harm) They are stressed"),
        ("the attack does not leave you vulnerable", "the attack does not leave them vulnerable"),
        ("deal damage to you", "deal damage to them"),
    ],
)
def test_you_before_its_verb_is_the_subject(rule: str, told: str) -> None:
    assert of_them(rule) == told


@pytest.mark.parametrize(
    ("line", "told"),
    [
        ("Kira cover me while I cut through the door", "You tell Kira, “Cover me while I cut through the door.”"),
        ("Kira watch my back", "You tell Kira, “Watch my back.”"),
        ("Kira covers me while I cut", "Kira covers you while you cut"),
        ("The guard hits me", "The guard hits you"),
        ("Raiders attack me", "Raiders attack you"),
    ],
)
def test_an_order_to_a_name_without_a_comma_is_told_as_said_to_them(line: str, told: str) -> None:
    from assistant.narrate.line_grammar import shape

    assert shape(line)[1] == told
