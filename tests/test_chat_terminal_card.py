"""The terminal shows the dice card in a line when a model told the story (its story leaves the numbers to the card);
the offline narration states the card itself, so the line is not printed twice."""

from __future__ import annotations

import pytest

from assistant.chat.cli import _print_turn
from assistant.chat.turn import Turn
from assistant.engine import resolve

WEAK = {"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [4, 2, 9]}


def test_a_models_story_is_followed_by_the_card_line(capsys: pytest.CaptureFixture[str]) -> None:
    turn = Turn(
        kind="action", narration="You leap the gap and catch the ledge, bruised.", results=[resolve(WEAK)], narrator="llm"
    )
    _print_turn(turn, as_json=False)
    out = capsys.readouterr().out
    assert "You leap the gap" in out
    assert "  dice: Face Danger, +edge. Action 4 + edge 3 = 7 against 2 and 9: a weak hit." in out


def test_the_offline_story_carries_its_own_card(capsys: pytest.CaptureFixture[str]) -> None:
    turn = Turn(kind="action", narration="You leap. Face Danger, +edge. Action 4 + edge 3 = 7 against 2 and 9: a weak hit.",
                results=[resolve(WEAK)], narrator="template")  # fmt: skip
    _print_turn(turn, as_json=False)
    assert "dice:" not in capsys.readouterr().out


def test_an_oracle_answer_a_model_told_keeps_its_odds_and_roll_on_the_card(capsys: pytest.CaptureFixture[str]) -> None:
    """The odds and the d100 are the oracle's card: a model's story says the answer, the line says how it was rolled."""
    result = resolve({"system": "elegy", "move": "Ask the Oracle", "options": {"odds": "50/50"}, "dice": [67]})
    turn = Turn(kind="oracle", narration="The relic is still here, dusty on its plinth.", results=[result], narrator="llm")
    _print_turn(turn, as_json=False)
    out = capsys.readouterr().out
    assert "  dice: Ask the Oracle. Odds 50/50: yes on 51 or greater; rolled 67." in out


def test_the_terminal_cites_the_game_by_name_and_the_lines_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    """The terminal read "source: starforged › Swear an Iron Vow (starforged.txt:L220-L228)" and a rules answer's
    "[1] Rules note: starforged › Burning momentum": the game by its id, the lines as a file reference."""
    turn = Turn(
        kind="rules",
        narration="Burning momentum replaces your action score. [1]\n\n[1] Rules note: starforged › Burning momentum "
        "(from the published Starforged rules)",
        citations=["starforged › Swear an Iron Vow (starforged.txt:L220-L228)"],
        notes=["the nearest sections are dungeon-world › Hack & Slash (dungeon-world.txt:L186-L195)"],
        narrator="template",
    )
    _print_turn(turn, as_json=False)
    out = capsys.readouterr().out
    assert "  source: Ironsworn: Starforged › Swear an Iron Vow (starforged.txt, lines 220–228)" in out
    assert "[1] Rules note: Ironsworn: Starforged › Burning momentum (from the published Starforged rules)" in out
    assert "Dungeon World › Hack & Slash (dungeon-world.txt, lines 186–195)" in out
    assert "starforged ›" not in out and ":L2" not in out
