"""A fight is on from Enter the Fray's roll, even while its weak-hit pick (momentum or control) is still open: the
chat read "no position" as "no fight", so a shot at the foe ("I shoot the raider before he reaches cover") offered
Enter the Fray again, a second fight, instead of Strike; and an ambush in that fight still goes into the fray."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")

ATTACKS = [
    "I shoot the raider before he reaches cover",
    "I fire at the raider",
    "I hack at the raider with my blade",
    "I open fire on him",
]


def _fight_with_pick_open(name: str):  # type: ignore[no-untyped-def]
    session, dice = open_campaign(name, "starforged")
    dice.queue(3, 1, 10)  # action 3 + iron 2 = 5 against 1 and 10: a weak hit, "choose one" left open
    turn = session.send("/roll enter the fray +iron")
    assert turn.kind == "action" and turn.results[0].outcome == "weak_hit"
    state = session.reload()
    assert state.active().get("position") in (None, "")  # nothing picked yet
    assert any(t.get("kind") == "combat" for t in state.tracks.values())
    return session


@pytest.mark.parametrize("words", ATTACKS)
def test_an_attack_while_the_pick_is_open_is_a_blow_in_that_fight_not_a_second_fray(words: str) -> None:
    session = _fight_with_pick_open("Pick open")
    offered = [s.move for s in session.send(words).suggestions]
    assert offered and offered[0] != "Enter the Fray", offered
    assert offered[0] in ("Strike", "Clash"), offered


def test_with_no_fight_on_a_first_shot_still_enters_the_fray() -> None:
    session, _dice = open_campaign("No fight yet", "starforged")
    assert session.send("I shoot the raider before he reaches cover").suggestions[0].move == "Enter the Fray"
