"""Round 20 of Blades downtime played through the chat: the entanglement roll picks a row of the table, so its odds
are told by the die that counts ("a 1-3 75%"), never as a success or a bad outcome, in the chat and in the app."""

from __future__ import annotations

import pytest

from assistant.chat.moves_info import moves_that_fit
from assistant.ui.components.suggestions import odds_text
from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")

_FAILURE_WORDS = ("success", "bad outcome", "critical")


def test_the_entanglements_odds_are_told_by_the_die_in_the_chat() -> None:
    session, _dice = open_campaign("Entangled", "blades")
    offered = session.send("we roll entanglements")
    entangle = next(s for s in offered.suggestions if s.move == "Entanglements")
    line = next(x for x in moves_that_fit([entangle]).splitlines() if x.startswith("- Entanglements"))
    assert "a 1-3 75%" in line and "a 4-5 22%" in line and "a 6 3%" in line, line
    assert not any(w in line for w in _FAILURE_WORDS), line


def test_the_entanglements_odds_are_told_by_the_die_in_the_app() -> None:
    session, _dice = open_campaign("Entangled app", "blades")
    entangle = next(s for s in session.send("we roll entanglements").suggestions if s.move == "Entanglements")
    caption = odds_text(entangle.odds, True, "blades", "entanglements")
    assert caption.startswith("a 6 3%") and "a 1-3 75%" in caption, caption
    assert not any(w in caption for w in _FAILURE_WORDS), caption


def test_the_entanglements_odds_name_two_sixes_when_the_wanted_level_rolls_dice() -> None:
    from assistant.chat.moves_info import _odds_line
    from assistant.engine.probability import odds_for_request

    table = odds_for_request({"system": "blades", "move": "entanglements", "character": {"wanted_level": 2}})
    line = _odds_line(table.to_dict(), "blades", "entanglements")
    assert "two 6s" in line and "bad outcome" not in line, line


def test_an_action_roll_keeps_its_tiers() -> None:
    from assistant.chat.moves_info import _odds_line
    from assistant.engine.probability import odds_for_request

    table = odds_for_request(
        {"system": "blades", "move": "action_roll", "stat": "finesse", "character": {"stats": {"finesse": 1}}}
    )
    line = _odds_line(table.to_dict(), "blades", "action_roll")
    assert "partial success" in line and "a 4-5" not in line, line


def test_coin_the_player_names_goes_before_the_words_for_the_score() -> None:
    session, _dice = open_campaign("Paid", "blades")
    offered = session.send("we get paid for the score, 4 coin, it was a standard score")
    payoff = next(s for s in offered.suggestions if s.move == "Payoff")
    paid = session.confirm(payoff)
    assert paid.kind == "action", paid.error
    assert any("4 coin" in n and "coin 4" not in n for n in paid.notes), paid.notes
    result = paid.results[0]
    before, after = result.character_before or {}, result.character or {}
    gained = sum(int(after.get(k, 0)) - int(before.get(k, 0)) for k in ("coin", "crew_coin"))
    assert gained == 4, (result.state_before, result.state_after)


def test_words_for_the_score_alone_still_say_its_coin() -> None:
    session, _dice = open_campaign("Standard", "blades")
    payoff = next(s for s in session.send("we get paid, it was a standard score").suggestions if s.move == "Payoff")
    paid = session.confirm(payoff)
    assert any("6 coin (“standard score”)" in n for n in paid.notes), paid.notes
