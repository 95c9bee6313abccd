"""What a Blades player reads in downtime, played through the chat: a zero-dice roll said once and plainly, a pick
that does not repeat the card, the changes named as the sheet names them."""

from __future__ import annotations

from typing import Any

import pytest

from assistant.chat.session import ChatSession
from tests.session_helpers import ScriptedDice, assert_store_matches_card, open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def open_blades(name: str) -> tuple[ChatSession, ScriptedDice]:
    return open_campaign(name, "blades")


def roll(session: ChatSession, dice: ScriptedDice, command: str, *faces: int) -> Any:
    dice.queue(*faces)
    turn = session.send(command)
    assert turn.kind != "error", turn.error
    assert turn.results, turn.narration
    assert_store_matches_card(session, turn)
    assert not dice.faces, f"dice left unused: {dice.faces}"
    return turn


def test_a_zero_dice_roll_says_once_that_the_lower_die_counts() -> None:
    session, dice = open_blades("zero dice")
    session.send("/set heat 6")
    turn = roll(session, dice, "/roll reduce heat +wreck", 1, 6)
    text = turn.narration
    assert "Wreck 0 means no dice, so the lower die counts. Rolled 1 and 6: the 1 counts." in text, text
    assert "Zero dice" not in text and "lowest" not in text and "the best die" not in text, text
    sixes = roll(session, dice, "/roll reduce heat +wreck", 6, 6)
    assert "the 6 counts (no critical with no dice)" in sixes.narration and "Heat 5 → 2" in sixes.narration, sixes.narration


def test_a_pick_shows_what_it_changed_not_the_whole_card_again() -> None:
    session, dice = open_blades("brag")
    session.send("/set heat 6")
    vice = roll(session, dice, "/roll indulge vice", 4, 5)
    assert "Rolled 4 and 5" in vice.narration and vice.results[0].choices
    picked = session.send("brag")
    assert picked.kind != "error", picked.error
    assert "Rolled" not in picked.narration and "Chosen:" not in picked.narration, picked.narration
    assert "You choose: brag about your exploits" in picked.narration and "Heat 6 → 8." in picked.narration
    assert (session.reload().active() or {})["heat"] == 8


def test_training_marks_xp_and_says_so_not_the_attribute() -> None:
    session, _ = open_blades("train")
    turn = session.send("/roll train xp_track=prowess")
    assert turn.kind != "error", turn.error
    assert "Prowess XP 0 → 1." in turn.narration, turn.narration
    assert (session.reload().active() or {})["xp"]["prowess"] == 1


def test_an_acquired_asset_says_its_quality() -> None:
    session, dice = open_blades("asset")
    session.send("/set crew tier 1")
    turn = roll(session, dice, "/roll acquire asset", 6)
    assert "The asset's quality is 2 (the crew's Tier 1, +1 for the result)." in turn.narration, turn.narration


def test_heat_past_9_says_why_heat_went_down_and_the_wanted_level_up() -> None:
    session, _ = open_blades("wanted")
    session.send("/set heat 8")
    turn = session.send("/roll heat exposure=wild")
    assert turn.kind != "error", turn.error
    text = turn.narration
    assert "Heat 8 → 5." in text and "Wanted level 0 → 1." in text, text
    assert "Heat reached 9: +1 wanted level and the heat is cleared; the 5 beyond 9 rolls over." in text, text
    sheet = session.reload().active() or {}
    assert (sheet["heat"], sheet["wanted_level"]) == (5, 1)


def test_a_downtime_result_reads_as_how_much_not_success_at_a_cost_and_a_move_label_is_not_told() -> None:
    from assistant.narrate.outcome_prose import SCALED_TONES, TONES

    session, dice = open_blades("project")
    turn = session.send("long term project: I sway the pawn shop owner about the family sword")
    project = next(s for s in turn.suggestions if str(s.move) == "Long-Term Project")
    dice.queue(5)
    rolled = session.confirm(project)
    assert_store_matches_card(session, rolled)
    text = rolled.narration
    assert "long term project:" not in text.lower() and "sway the pawn shop owner" in text, text
    assert any(line in text for line in SCALED_TONES["weak"]), text
    assert not any(line in text for line in TONES["weak"]), text
    dice.queue(2)
    low = session.confirm({"move": "Reduce Heat", "stat": "consort"})
    assert any(line in low.narration for line in SCALED_TONES["miss"]), low.narration


@pytest.mark.parametrize(
    "words",
    ["Skulk takes the fall and goes to Ironhook so our wanted level goes down", "I take the fall for the crew and go to prison"],
)
def test_taking_the_fall_offers_incarceration(words: str) -> None:
    session, _ = open_blades("the fall")
    session.send("/set wanted level 1")
    turn = session.send(words)
    assert "Incarceration" in [str(s.move) for s in turn.suggestions], [str(s.move) for s in turn.suggestions]


def test_payoff_beyond_the_vault_and_the_purse_says_how_much_goes_to_the_stash_in_plain_words() -> None:
    session, _ = open_blades("big score")
    session.send("/set crew coin 4")
    session.send("/set coin 1")
    turn = session.send("/roll payoff coin=8")
    assert turn.kind != "error", turn.error
    assert "5 go into your stash" in turn.narration and "(es)" not in turn.narration, turn.narration
    sheet = session.reload().active() or {}
    assert (sheet["coin"], sheet["stash"], sheet["crew_coin"]) == (4, 5, 4)


def test_the_gms_pick_of_an_entanglement_keeps_its_name() -> None:
    session, dice = open_blades("gang")
    roll(session, dice, "/roll entanglements", 2, 3)
    picked = session.send("/choose 1")
    assert picked.narration.startswith("The GM picks: Gang Trouble."), picked.narration
