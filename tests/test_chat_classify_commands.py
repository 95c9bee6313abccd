"""Offline message classification and slash-command parsing."""

from __future__ import annotations

import pytest

from assistant.chat.classify import classify, odds_in
from assistant.chat.commands import help_text, parse_command
from assistant.engine.errors import InputError


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("/roll face danger +edge", "command"),
        ("hello", "meta"),
        ("help", "meta"),
        ("", "meta"),
        ("What happens when my momentum is negative?", "rules"),
        ("How does Face Danger work?", "rules"),
        ("can I burn momentum on a progress roll?", "rules"),
        ("what does a match mean", "rules"),
        ("Is the station abandoned?", "oracle"),
        ("Does the captain trust me?", "oracle"),
        ("oracle: will the storm pass", "oracle"),
        ("What is behind the door?", "oracle"),
        ("I slip past the sentry in the shadows", "action"),
        ("I shoot the drone before it raises the alarm", "action"),
        ("We swear an iron vow to find my sister", "action"),
    ],
)
def test_classify(text: str, kind: str) -> None:
    assert classify(text, "starforged").kind == kind


def test_open_story_question_is_not_yes_no() -> None:
    assert classify("What is behind the door?").yes_no is False
    assert classify("Is the door locked?").yes_no is True


@pytest.mark.parametrize(
    ("text", "odds"),
    [
        ("Is it likely that the guard sleeps?", "likely"),
        ("is there a small chance of rescue?", "small chance"),
        ("Is the hatch open?", None),
        ("Almost certainly a trap?", "almost certain"),
    ],
)
def test_odds_words(text: str, odds: str | None) -> None:
    assert odds_in(text) == odds


def test_move_name_makes_a_question_a_rules_question() -> None:
    assert classify("Is Secure an Advantage the right move here?", "starforged").kind == "rules"


def test_parse_roll_with_stat_adds_burn_and_options() -> None:
    cmd = parse_command("/roll face danger +edge +1 burn track=find-the-ship")
    assert cmd.name == "roll"
    assert cmd.args == {
        "move": "face danger",
        "stat": "edge",
        "adds": 1,
        "options": {"burn": True, "track": "find-the-ship"},
        "bare": None,
    }


def test_parse_roll_negative_adds_and_numbers_in_options() -> None:
    cmd = parse_command("roll strike +iron -1 progress_boxes=4")
    assert cmd.args["adds"] == -1 and cmd.args["options"] == {"progress_boxes": 4}


def test_parse_oracle_odds_prefix() -> None:
    assert parse_command("/oracle likely Is the station abandoned?").args == {
        "question": "Is the station abandoned?",
        "odds": "likely",
    }
    assert parse_command("/oracle Is it raining?").args["odds"] == "50/50"
    assert parse_command("/o small chance: rescue?").args == {"question": "rescue?", "odds": "small chance"}


@pytest.mark.parametrize(
    ("text", "name", "args"),
    [
        ("/dice 2d6+1", "dice", {"value": "2d6+1"}),
        ("/r 1d100", "dice", {"value": "1d100"}),
        ("/table pay the price", "table", {"value": "pay the price"}),
        ("/progress find the ship 2", "progress", {"track": "find the ship", "times": 2}),
        ("/progress 3 find the ship", "progress", {"track": "find the ship", "times": 3}),  # the count first
        ("/progress 2", "progress", {"track": None, "times": 2}),
        ("/progress", "progress", {"track": None, "times": 1}),
        ("/track dangerous Find the lost ship", "track", {"rank": "dangerous", "name": "Find the lost ship"}),
        ("/clock 6 The alarm", "clock", {"segments": 6, "name": "The alarm"}),
        ("/meter health -1 grazed by a shot", "meter", {"meter": "health", "delta": -1, "reason": "grazed by a shot"}),
        ("/choose take_2_momentum, add_1", "choose", {"options": ["take_2_momentum", "add_1"]}),
        ("/undo", "undo", {}),
        ("/pay", "price", {}),
        ("/ask what is a match?", "ask", {"value": "what is a match?"}),
    ],
)
def test_parse_commands(text: str, name: str, args: dict[str, object]) -> None:
    cmd = parse_command(text)
    assert (cmd.name, cmd.args) == (name, args)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("/frobnicate", "Unknown command"),
        ("/roll", "Name the move"),
        ("/roll +edge +heart face danger", "Two stats"),
        ("/oracle", "yes/no question"),
        ("/meter health lots because", "Usage: /meter"),
        ("/meter health 0 nothing", "Usage: /meter"),
        ("/track huge A vow", "needs a rank: how hard it is, one of troublesome"),
        ("/clock six Alarm", "segments"),
        ("/progress vow 41", "1 to 40"),
        ("/undo now", "takes nothing"),
        ("/", "Type a command"),
        ('/roll "face danger', "Could not read"),
    ],
)
def test_bad_commands_say_what_to_do(text: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        parse_command(text)


def test_help_lists_every_command() -> None:
    text = help_text()
    for name in ("/roll", "/oracle", "/table", "/price", "/dice", "/progress", "/meter", "/choose", "/undo", "/ask"):
        assert name in text
