"""Round 23, events told as the player put them: "Suddenly two Court snipers ambush me from the rafters" was told
"You focus on two Court snipers ambush you from the rafters." (no sentence, and "Suddenly" dropped). A deed done to
the character by someone else ("... ambush me", "three thugs grab me") is told as it happened, not as something the
character turns their attention to; the player's own deeds are still told as tried."""

from __future__ import annotations

import pytest

from assistant.narrate.line_grammar import Shape, shape
from assistant.narrate.opening import frame

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize(
    ("typed", "told"),
    [
        ("Suddenly two Court snipers ambush me from the rafters", "Suddenly two Court snipers ambush you from the rafters."),
        ("Two Court snipers ambush me from the rafters", "Two Court snipers ambush you from the rafters."),
        ("Three thugs grab me", "Three thugs grab you."),
        ("Out of nowhere a pack of wolves surrounds us", "Out of nowhere a pack of wolves surrounds you."),
        ("suddenly the floor collapses under me", "Suddenly the floor collapses under you."),
        ("Several Inquisition agents corner me in the alley", "Several Inquisition agents corner you in the alley."),
    ],
)
def test_events_happening_to_the_character_are_told_as_they_happen(typed: str, told: str) -> None:
    for seed in range(6):
        for failed in (False, True):
            said = frame(typed, seed, attempt=True, failed=failed)
            assert said == told, said
    assert shape(typed)[0] is Shape.CLAUSE


@pytest.mark.parametrize(
    ("typed", "start"),
    [
        ("I ambush the snipers", "ambush the snipers."),
        ("ambush them from the rafters", "ambush them from the rafters."),
        ("help Mara up", "help Mara up."),
        ("I ask the dockhands about the Wayfarer crew", "ask the dockhands about the Wayfarer crew."),
    ],
)
def test_the_players_own_deeds_are_still_told_as_tried(typed: str, start: str) -> None:
    said = frame(typed, 1, attempt=True)
    assert said.startswith("You ") and said.endswith(start), said
    assert shape(typed)[0] is not Shape.CLAUSE


def test_a_bare_noun_phrase_is_still_a_focus() -> None:
    assert shape("the chance to hit you")[0] is Shape.PHRASE
    assert shape("the old bridge")[0] is Shape.PHRASE


def test_a_typed_vow_with_no_words_asks_what_the_vow_is_as_its_button_does() -> None:
    from tests.session_helpers import open_campaign

    session, dice = open_campaign("Vow typed", "starforged")
    asked = session.send("/roll swear an iron vow +heart")
    assert asked.kind == "question", (asked.kind, asked.narration, asked.error)
    assert "What is the new vow?" in asked.narration and "The vow" not in asked.narration, asked.narration
    assert not session.state.tracks  # nothing started before the answer
    dice.queue(5, 1, 2)
    sworn = session.send("to find my lost sister, a dangerous vow")
    assert sworn.kind == "action", sworn.error
    tracks = list(session.state.tracks.values())
    assert [(t["name"], t["rank"]) for t in tracks] == [("Find my lost sister", "dangerous")], tracks
    assert sworn.results[0].stat == "heart", sworn.results[0].stat


def test_a_typed_fight_still_rolls_at_once_as_the_fight() -> None:
    from tests.session_helpers import open_campaign

    session, dice = open_campaign("Fight typed", "starforged")
    dice.queue(5, 1, 2)
    turn = session.send("/roll enter the fray +iron")
    assert turn.kind == "action", (turn.kind, turn.narration, turn.error)


def test_moving_on_from_enter_the_frays_pick_says_what_leaving_it_means() -> None:
    from tests.session_helpers import open_campaign

    session, dice = open_campaign("Fray pick", "starforged")
    dice.queue(4, 5, 9)  # 4 + edge 3 = 7 against 5 and 9: a weak hit, choose one
    assert session.send("/roll enter the fray +edge").open_choices
    offered = session.send("I shoot the raider")
    waiting = [n for n in offered.notes if "still waits for your pick" in n]
    assert waiting and waiting[0].endswith("rolling another move instead gives it up, and nothing from it is taken."), waiting
