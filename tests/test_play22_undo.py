"""Round 22, undo and meters with a second character at the table: undoing Duke's attack read "Undone: Hack & Slash
(+str): strong hit" (as if it were the player's), undoing the one playing's change read "a change to a character's
sheet", undoing Mara's arrival "a new character"; "/meter Mara: blood -1" answered "There is no meter called
'mara:_blood'"."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_undoing_an_opponents_attack_says_it_was_theirs() -> None:
    session, dice = open_campaign("Duel undo", "dungeon-world")
    assert session.send("/character add Duke class=fighter").kind != "error"
    offered = session.send("Duke roars and hacks at me with his greatsword")
    assert offered.suggestions and offered.suggestions[0].move == "Hack & Slash", [s.move for s in offered.suggestions]
    dice.queue(6, 6)
    assert session.send("1").kind == "action"
    undone = session.send("/undo")
    assert undone.narration.startswith("Undone: Duke's Hack & Slash (+str): strong hit"), undone.narration
    dice.queue(4, 3)
    mine = session.send("/roll hack and slash +str")
    assert mine.kind == "action", mine.error
    undone = session.send("/undo")
    assert undone.narration.startswith("Undone: Hack & Slash (+str)"), undone.narration  # the player's own: no name


def test_undoing_changes_to_a_companion_and_to_the_one_playing_says_whose() -> None:
    session, _dice = open_campaign("Companion undo", "elegy")
    assert session.send("/character add Mara").kind != "error"
    assert session.send("/set Mara: health 3").kind != "error"
    assert session.send("/undo").narration == "Undone: a change to Mara's sheet (Health 5 → 3).", session
    assert session.send("/set health 3").kind != "error"
    assert session.send("/undo").narration == "Undone: a change to your character's sheet (Health 5 → 3)."
    assert session.send("/undo").narration == "Undone: Mara joining the campaign."


@pytest.mark.parametrize("typed", ["/meter Mara: blood -1 fed", "/meter mara: blood -1 fed", "/meter MARA: blood +1 rested"])
def test_a_meter_typed_for_a_companion_says_how_to_change_theirs_and_changes_nothing(typed: str) -> None:
    from assistant.store import service

    session, _dice = open_campaign("Companion meter", "elegy")
    assert session.send("/character add Mara").kind != "error"
    before = service.load_campaign("Companion meter").characters
    turn = session.send(typed)
    assert turn.kind == "error", turn.narration
    assert turn.error == "/meter changes the one playing. To change Mara's blood, set it: /set Mara: blood <value>."
    assert service.load_campaign("Companion meter").characters == before


@pytest.mark.parametrize(("typed", "said"), [("/meter banana_split -1 x", "'banana split'"), ("/meter wits -1 x", "'wits'")])
def test_an_unknown_meter_is_named_in_words(typed: str, said: str) -> None:
    session, _dice = open_campaign("Unknown meter", "elegy")
    turn = session.send(typed)
    assert turn.kind == "error" and f"There is no meter called {said}; the meters are health" in turn.error, turn.error
    assert "_" not in turn.error, turn.error
