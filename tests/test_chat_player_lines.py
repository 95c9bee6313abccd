"""What a player reads in a session: a typed number is a pick (never an action), and every line reads in words."""

from __future__ import annotations

import random

import pytest
from typer.testing import CliRunner

from assistant.chat.session import ChatSession
from assistant.store import service
from rules_index.embed import get_embedder
from tests.session_helpers import ScriptedDice


@pytest.fixture(autouse=True)
def _hash_embedder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")


def _session(system: str, *, auto_roll: bool = False) -> ChatSession:
    service.create_campaign("night", system, seed=3)
    return ChatSession.open("night", rng=random.Random(5), embedder=get_embedder("hash"), auto_roll=auto_roll)


def test_a_number_after_an_auto_rolled_action_rolls_nothing() -> None:
    session = _session("starforged", auto_roll=True)
    rolled = session.send("I strike the raider with my sword")
    assert rolled.results
    moves = session.reload().moves
    turn = session.send("1")
    assert turn.kind == "error" and not turn.results
    assert "number picks" in turn.error and "/undo" in turn.error
    assert session.reload().moves == moves


def test_a_number_picks_the_suggestion_waiting() -> None:
    session = _session("starforged")
    offered = session.send("I strike the raider with my sword")
    assert len(offered.suggestions) >= 2 and not offered.results
    wrong = session.send("7")
    assert wrong.kind == "error" and f"1 to {len(offered.suggestions)}" in wrong.error
    assert session.reload().moves == 0
    picked = session.send("2")
    assert [r.move for r in picked.results] == [offered.suggestions[1].move]
    again = session.send("2")  # the action is spent: nothing waits to be picked
    assert again.kind == "error" and not again.results


def test_the_terminal_chat_with_auto_roll_reads_a_number_as_a_pick() -> None:
    from assistant.cli import app

    runner = CliRunner()
    args = ["chat", "-c", "term", "--new", "--system", "starforged", "--seed", "3", "--auto-roll"]
    out = runner.invoke(app, args, input="I strike the raider with my sword\n1\n").output
    # the "1" plays the next step the terminal numbered (this seed's miss: Pay the Price), never the words "1" as an action
    assert ("What comes next (type its number):\n  [1] Pay the Price" in out and "Pay the Price (rolled" in out) or (
        "! A number picks" in out
    ), out
    assert out.count("Action ") == 1  # one roll: the action's, none for the "1"


def test_burn_in_a_system_without_momentum_says_so_in_words() -> None:
    session = _session("blades")
    session.send("/dice 2d6")
    turn = session.send("/burn")
    assert turn.kind == "error"
    assert turn.error.startswith("Blades in the Dark has no momentum to burn")
    assert "2d6" not in turn.error


@pytest.mark.parametrize(("system", "meter"), [("starforged", "Momentum"), ("elegy", "Focus")])
def test_burn_after_a_roll_that_is_not_an_action_roll(system: str, meter: str) -> None:
    session = _session(system)
    session.send("/dice 2d6")
    turn = session.send("/burn")
    assert turn.error == f"{meter} burns on an action roll, and your last roll (2d6) was not one. Nothing was changed."


def test_burn_that_would_not_help_says_why() -> None:
    service.create_campaign("burning", "starforged", seed=3)
    dice = ScriptedDice()
    session = ChatSession.open("burning", rng=dice, embedder=get_embedder("hash"))
    dice.queue(6, 3, 10)
    weak = session.send("/roll face danger +edge")
    assert weak.results[0].outcome.value == "weak_hit"
    said = session.send("/burn").error
    assert said.startswith("Burning momentum would not improve Face Danger: momentum 2 would not beat")
    assert f"action score {weak.results[0].score}" in said
    dice.queue(6, 1, 1)
    session.send("/roll face danger +edge")
    assert session.send("/burn").error.endswith("it is already a strong hit. Nothing was changed.")


@pytest.mark.parametrize(("faces", "told"), [((6, 1, 1), "5 points"), ((6, 1, 9), "3 points")])
def test_repair_tells_its_points_table_as_lines_a_player_reads(faces: tuple[int, ...], told: str) -> None:
    service.create_campaign("repairs", "starforged", seed=3)
    dice = ScriptedDice()
    session = ChatSession.open("repairs", rng=dice, embedder=get_embedder("hash"))
    dice.queue(*faces)
    asked = session.send("/roll repair +wits")
    assert asked.kind == "question"
    labels = [a.label for a in asked.question.answers]
    assert labels[-1] == "Under fire (2 / 0)", labels
    turn = session.answer("facility")
    assert turn.results, turn.error
    text = turn.narration
    assert "|" not in text and "---" not in text, text
    assert f"- At a facility: {told}\n" in text


def test_a_move_the_words_name_is_offered_even_when_it_cannot_succeed() -> None:
    session = _session("elegy")  # intellect 1 against two d10s: Perform Ritual is a certain miss
    turn = session.send("I perform a ritual of blood to see through the Prince's eyes")
    assert turn.suggestions[0].move == "Perform Ritual"


def test_the_terminal_lists_a_choice_once_numbered_and_says_next_once(capsys: pytest.CaptureFixture[str]) -> None:
    from assistant.chat.cli import _print_turn

    service.create_campaign("course", "starforged", seed=3)
    dice = ScriptedDice()
    session = ChatSession.open("course", rng=dice, embedder=get_embedder("hash"))
    dice.queue(3, 3, 9)  # 3 + supply 5 = 8 against 3 and 9: a weak hit, choose one
    turn = session.send("/roll set a course +supply")
    assert turn.open_choices and turn.results[0].outcome.value == "weak_hit"
    _print_turn(turn, as_json=False)
    out = capsys.readouterr().out
    for number, option in enumerate(turn.open_choices[0].options, 1):
        assert out.count(option.label) == 1, out
        assert f"\n{number}. {option.label}" in out
    assert "(/choose <number or words>)" in out
    assert session.send("/choose 3").kind == "action"  # the cost or complication is required before the next move
    capsys.readouterr()
    dice.queue(1, 6, 6)
    missed = session.send("/roll face danger +edge")
    assert [f.move for f in missed.follow_ups] == ["Pay the Price"]
    _print_turn(missed, as_json=False)
    out = capsys.readouterr().out
    assert out.count("Pay the Price") == 1, out


def test_the_terminal_numbers_two_open_choices_on_as_choose_counts_them() -> None:
    from assistant.chat.cli import _numbered_choices
    from assistant.chat.turn import Turn
    from assistant.engine.model import Choice

    def choice(cid: str, *labels: str) -> Choice:
        return Choice.model_validate({"id": cid, "prompt": cid, "options": [{"id": x, "label": x} for x in labels]})

    narration = "You overindulge, your call:\n- Attract Trouble\n- Lost\n\nAnother costs, your call:\n- Pay 1 coin\n- Pay 1 rep"
    turn = Turn(
        kind="action",
        narration=narration,
        open_choices=[choice("a", "Attract Trouble", "Lost"), choice("b", "Pay 1 coin", "Pay 1 rep")],
    )
    text, listed = _numbered_choices(turn)
    assert listed
    assert text.endswith("1. Attract Trouble\n2. Lost\n\nAnother costs, your call:\n3. Pay 1 coin\n4. Pay 1 rep")
    unlisted = Turn(kind="action", narration="It goes wrong.", open_choices=[choice("a", "Lost")])
    assert _numbered_choices(unlisted) == ("It goes wrong.", False)


def test_blades_names_itself_and_a_healing_clock_once() -> None:
    service.create_campaign("crew", "blades", seed=3)
    dice = ScriptedDice()
    session = ChatSession.open("crew", rng=dice, embedder=get_embedder("hash"))
    assert session.send("/oracle Is the captain on the take?").error.startswith("Blades in the Dark has no yes/no oracle")
    dice.queue(5, 1)
    healed = session.send("/roll recover +tinker")
    assert healed.results, healed.error
    assert "Healing clock 0 → " in healed.narration and "clock clock" not in healed.narration


def test_the_city_game_reads_without_tier_numbers_or_ids() -> None:
    service.create_campaign("city", "city", seed=3)
    dice = ScriptedDice()
    session = ChatSession.open("city", rng=dice, embedder=get_embedder("hash"))
    assert session.send("/tables").narration == "The Magistrate's city (Powered by the Apocalypse) has no tables."
    dice.queue(4, 4)
    scheme = session.send("/roll set up a scheme +network")
    assert "Mark Heat or start Productivity at -1, your call:" in scheme.narration and "7-9" not in scheme.narration
    assert scheme.narration.count("Mark Heat or start Productivity") == 1  # asked once, by the choice
    assert session.send("/choose mark heat").kind == "action"  # the cost is picked before the next move
    dice.queue(1, 1)
    run = session.send("/roll run the scheme")
    assert "Once per session: you may not Run the Scheme again" in run.narration


def test_meter_names_of_two_words_and_as_the_sheet_writes_them() -> None:
    from assistant.chat.commands import parse_command

    assert parse_command("meter companion health -1 a hit").args == {
        "meter": "companion health",
        "delta": -1,
        "reason": "a hit",
    }
    session = _session("starforged")
    hurt = session.send("/meter companion health -1 a hit")
    assert hurt.narration.startswith("Companion health -1 for "), hurt.error
    knight = ChatSession.open(_new("duel", "dungeon-world"), embedder=get_embedder("hash"))
    assert knight.send("/meter hp -3 a hit").narration.startswith("HP -3 for ")


def _new(name: str, system: str) -> str:
    service.create_campaign(name, system, seed=3)
    return name


def test_a_rank_said_after_a_new_vow_changes_that_vow_with_the_same_dice() -> None:
    session = _session("starforged")
    offered = session.send("I swear a vow to find my missing sister on the derelict station Eidolon")
    sworn = session.confirm(offered.suggestions[0])
    assert "no rank in your words" in " ".join(sworn.notes)
    moves = session.reload().moves
    ranked = session.send("a dangerous vow")
    assert ranked.results and ranked.results[0].dice == sworn.results[0].dice
    assert "is now a dangerous vow: the same roll" in ranked.notes[0]
    tracks = list(session.reload().tracks.values())
    assert [t["rank"] for t in tracks] == ["dangerous"] and session.reload().moves == moves
    assert session.send("make it epic").results
    assert [t["rank"] for t in session.reload().tracks.values()] == ["epic"]
    session.send("/undo")
    assert session.reload().tracks == {}
    # a longer message naming a rank is a new action, not a change of rank
    assert not session.send("I face a dangerous storm").results


def test_the_oracle_comes_after_the_moves_that_act_when_the_words_are_an_action() -> None:
    from assistant.chat.fitting import fit_suggestions
    from assistant.suggest import SuggestContext, suggest

    session = _session("starforged")
    shortlist = suggest(
        "I ask the oracle about the ship", SuggestContext(system="starforged"), k=8, embedder=get_embedder("hash")
    )
    assert shortlist[0].move == "Ask the Oracle"
    acted = fit_suggestions(session.state, list(shortlist), "I scan the wreck of the ship", k=3)
    assert acted[0].move != "Ask the Oracle"
    asked = fit_suggestions(session.state, list(shortlist), "I ask the oracle about the ship", k=3)
    assert asked[0].move == "Ask the Oracle"


def test_a_sentence_the_card_says_is_not_said_again_in_the_story() -> None:
    service.create_campaign("schemes", "city", seed=3)
    dice = ScriptedDice()
    session = ChatSession.open("schemes", rng=dice, embedder=get_embedder("hash"))
    dice.queue(4, 4)
    turn = session.send("/roll set up a scheme +network")
    assert turn.narration.count("The scheme's Productivity starts at 0.") == 1, turn.narration


def test_progress_names_a_track_by_a_word_of_it_and_lists_boxes_in_words() -> None:
    session = _session("starforged")
    session.send("/track dangerous Find the lost beacon")
    session.send("/track formidable Find the lost ship")
    marked = session.send("/progress beacon")
    assert marked.narration.startswith("Mark progress on Find the lost beacon"), marked.error
    assert session.send("/progress lost").kind == "error"  # both tracks are lost things: say which
    ship = session.send("/progress ship")
    assert ship.narration.startswith("Mark progress on Find the lost ship (formidable: 0 → 4 ticks, 1 box filled)")
    listed = session.send("/progress").narration
    assert "- Find the lost beacon (dangerous vow): 2/10 boxes\n" in listed + "\n"
    assert "0 ticks" not in listed and "- Find the lost ship (formidable vow): 1/10 boxes" in listed
    session.send("/track epic Reach the core")
    session.send("/progress core")
    assert "- Reach the core (epic vow): 0/10 boxes and 1 tick" in session.send("/progress").narration


def test_undo_says_what_it_took_back_by_name() -> None:
    session = _session("starforged")
    session.send("/meter health -1 a cut")
    assert session.send("/undo").narration == "Undone: Adjust health -1 (a cut)."
    session.send("/clock 4 Alarm")
    session.send("/clock +1 alarm")
    assert session.send("/undo").narration == "Undone: Advance a Clock: Alarm."


@pytest.mark.parametrize("leave", ["/quit", "quit", "Exit"])
def test_quit_ends_a_terminal_session_and_nothing_after_it_is_played(leave: str) -> None:
    from typer.testing import CliRunner

    from assistant.cli import app

    args = ["chat", "-c", "leaving", "--new", "--system", "starforged", "--seed", "3", "--auto-roll"]
    out = CliRunner().invoke(app, args, input=f"I strike the raider with my sword\n{leave}\nI strike again\n").output
    assert out.count("Action ") == 1 and "Unknown command" not in out and "Moves that fit" not in out.split("Action ")[1]
