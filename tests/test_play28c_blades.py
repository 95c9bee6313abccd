"""Round 28, Blades downtime in the terminal: a sheet change asked for in words points to /set (it was offered Payoff,
Long-Term Project, Acquire Asset), "I want to see my sheet" shows it, the waiting pick's menu reads "attract trouble"
(not "attract Trouble"), and "what now?" or a bare /choose while a pick waits names the pick (it was told Blades has
no oracle, or the /choose usage)."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize(
    ("typed", "command"),
    [
        ("set my coin to 2", "/set coin 2"),
        ("change my stress to 3", "/set stress 3"),
        ("I want to set my heat to 2", "/set heat 2"),
        ("put my crew coin at 4", "/set crew coin 4"),
        ("please set my wanted level to 1", "/set wanted 1"),
    ],
)
def test_a_sheet_change_in_words_points_to_set_and_changes_nothing(typed: str, command: str) -> None:
    session, _ = open_campaign("Set words " + typed, "blades")
    before = dict(session.reload().active() or {})
    turn = session.send(typed)
    assert turn.kind == "meta" and not turn.suggestions, [s.move for s in turn.suggestions]
    assert f"type {command} " in turn.narration and "Nothing was changed" in turn.narration, turn.narration
    assert dict(session.reload().active() or {}) == before
    assert session.send(command).kind != "error"  # the line pointed to is one the chat takes


@pytest.mark.parametrize("typed", ["I set the timer on the bomb to 3", "I change my plan to 2 teams", "set a trap"])
def test_words_that_name_no_field_are_still_an_action(typed: str) -> None:
    session, _ = open_campaign("Set action " + typed, "blades")
    turn = session.send(typed)
    assert "/set" not in turn.narration, turn.narration


def test_a_sheet_change_in_words_in_starforged_names_its_meter() -> None:
    session, _ = open_campaign("Set words starforged", "starforged")
    assert "type /set momentum 5 " in session.send("set my momentum to 5").narration


@pytest.mark.parametrize(
    "typed",
    ["I want to see my sheet", "can I see my sheet?", "let me look at my character sheet", "show me the sheet please"],
)
def test_asking_for_the_sheet_in_words_shows_it(typed: str) -> None:
    session, _ = open_campaign("Sheet words " + typed, "blades")
    turn = session.send(typed)
    assert "Blades in the Dark" in turn.narration and "Stress 0" in turn.narration, turn.narration
    assert not turn.suggestions


def test_a_sheet_of_paper_is_still_an_action() -> None:
    session, _ = open_campaign("Sheet of paper", "blades")
    assert "Stress 0" not in session.send("I look at the sheet of paper on the desk").narration


def _overindulged(name: str):
    session, dice = open_campaign(name, "blades")
    for line in ("/set stress 1", "/set coin 3"):
        assert session.send(line).kind != "error", line
    dice.queue(5, 2)
    turn = session.send("/roll indulge vice")
    assert turn.open_choices, turn.narration
    return session


def test_the_waiting_overindulgence_reads_in_lower_case_words() -> None:
    session = _overindulged("Overindulged menu")
    said = session.send("what now?").narration
    assert "/choose 1 (attract trouble)" in said and "/choose 4 (tapped)" in said, said
    assert "no oracle" not in said


@pytest.mark.parametrize("typed", ["what now?", "what should I do?", "now what"])
def test_what_now_while_a_pick_waits_names_the_pick_in_a_game_without_oracle(typed: str) -> None:
    session = _overindulged("Overindulged " + typed)
    said = session.send(typed).narration
    assert "Indulge Vice still waits for a pick" in said and "no oracle" not in said, said


def test_what_now_with_nothing_waiting_in_blades_does_not_send_to_an_oracle() -> None:
    session, _ = open_campaign("What now blades", "blades")
    said = session.send("what now?").narration
    assert "yours to say" in said and "oracle" not in said, said


def test_a_bare_choose_while_a_pick_waits_lists_the_pick_and_changes_nothing() -> None:
    session = _overindulged("Bare choose")
    turn = session.send("/choose")
    assert turn.kind != "error" and "/choose 2 (brag about your exploits)" in turn.narration, turn.narration
    assert session.send("/choose 2").kind != "error"
    assert (session.reload().active() or {}).get("heat") == 2


def test_a_bare_choose_with_nothing_to_pick_gives_its_usage() -> None:
    session, _ = open_campaign("Bare choose none", "blades")
    turn = session.send("/choose")
    assert turn.kind == "error" and "Name at least one option" in (turn.error or ""), turn.error


@pytest.mark.parametrize(
    ("label", "system", "said"),
    [
        ("Attract Trouble: Select or roll an additional entanglement", "blades", "attract trouble"),
        ("Lose Momentum (-2)", "starforged", "lose Momentum (-2)"),
        ("Suffer -1 Health", "starforged", "suffer -1 Health"),
        ("Give up on the quest: Forsake Your Vow.", "starforged", "give up on the quest"),
        ("Brag about your exploits: +2 heat", "blades", "brag about your exploits"),
    ],
)
def test_a_menu_head_keeps_only_the_games_terms_in_capitals(label: str, system: str, said: str) -> None:
    from assistant.chat.open_choice import _short

    assert _short(label, system) == said


# ---- an activity not paid for yet is told as owed, not as a pick that may be given up -------------------------------
@pytest.mark.parametrize("typed", ["I recover from my wounds", "what now?", "/choose"])
def test_an_unpaid_activity_is_told_as_owed(typed: str) -> None:
    session, _ = open_campaign("Owed " + typed, "blades")
    assert session.send("/set coin 4").kind != "error"
    for line in ("I train my insight", "I train my resolve", "I train my prowess"):
        assert session.send(line).suggestions, line
        assert session.send("1").kind != "error", line
    turn = session.send(typed)
    said = " ".join([turn.narration, *turn.notes])
    assert "Train is not paid for yet: pay with /choose 1 (pay 1 coin) or /choose 2 (pay 1 rep)" in said, said
    assert "gives it up" not in said, said
    assert session.send("/choose 1").kind != "error"
    assert (session.reload().active() or {}).get("coin") == 3


# ---- "/roll train insight": the move, then what the words after it say ----------------------------------------------
@pytest.mark.parametrize(("typed", "track"), [("/roll train insight", "insight"), ("/roll train my resolve", "resolve")])
def test_a_roll_command_with_words_after_the_move_reads_them(typed: str, track: str) -> None:
    session, _ = open_campaign("Roll words " + typed, "blades")
    turn = session.send(typed)
    assert turn.kind == "action" and turn.results and turn.results[0].move == "Train", turn.error
    assert (session.reload().active() or {}).get("xp", {}).get(track) == 1, turn.narration


def test_words_after_the_move_that_say_nothing_ask_as_the_move_alone_does() -> None:
    session, _ = open_campaign("Roll words nothing", "blades")
    turn = session.send("/roll train nonsense")
    assert turn.kind != "error" and "Which xp track do you train?" in turn.narration, turn.narration
    assert not turn.results


def test_a_misspelt_move_still_offers_the_name() -> None:
    session, _ = open_campaign("Roll misspelt", "blades")
    turn = session.send("/roll trian")
    assert turn.kind == "error" and "Did you mean: Train?" in (turn.error or ""), turn.error


def test_words_left_over_from_a_key_value_are_no_words_after_the_move() -> None:
    session, _ = open_campaign("Roll words key value", "blades")
    turn = session.send("/roll long-term project +study project=Learn the vault combination clock=6")
    assert turn.kind == "error" and not turn.results, turn.narration  # not a project called "Learn"
    assert not (session.reload().active() or {}).get("projects")
