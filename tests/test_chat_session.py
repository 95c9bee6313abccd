"""One chat turn end to end: classify → suggest → confirm → engine → guarded narration → store."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from assistant.chat.session import ChatSession
from assistant.engine import resolve
from assistant.narrate import NarrationFailed, NarrationRequest
from assistant.store import service
from tests.scripted_narration import split_opening


@pytest.fixture(autouse=True)
def _hash_embedder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")


@pytest.fixture
def campaign() -> str:
    service.create_campaign("saga", "starforged", seed=42)
    yield "saga"
    service.close_stores()


def game_state(session: ChatSession) -> dict[str, Any]:
    """The parts of the campaign a turn may change (the transcript aside)."""
    s = session.reload()
    return {
        "characters": s.characters,
        "tracks": s.tracks,
        "clocks": s.clocks,
        "moves": s.moves,
        "undo_stack": list(s.undo_stack),
    }


class ScriptedNarrator:
    """A stand-in LLM narrator: returns its scripted texts in order and records the requests it got."""

    name = "llm"

    def __init__(self, *texts: str | Exception) -> None:
        self.texts = list(texts)
        self.requests: list[NarrationRequest] = []

    def stream(self, request: NarrationRequest) -> Iterator[str]:
        self.requests.append(request)
        item = self.texts.pop(0)
        if isinstance(item, Exception):
            raise item
        for word in item.split(" "):
            yield word + " "


def weak_hit_dice(stat_value: int) -> list[int]:
    """Action die + stat beats one challenge die and not the other."""
    return [1, max(1, stat_value), 10]


def test_action_suggests_then_confirm_rolls_and_narrates(campaign: str) -> None:
    session = ChatSession.open(campaign)
    before = game_state(session)
    turn = session.send("I slip past the sentry in the shadows")
    assert turn.kind == "action" and turn.suggestions and not turn.results
    assert game_state(session) == before  # nothing rolled before the player confirms
    rolled = session.confirm(turn.suggestions[0])
    assert rolled.kind == "action" and len(rolled.results) == 1
    assert rolled.narrator == "template" and rolled.narration
    assert rolled.results[0].move == turn.suggestions[0].move
    state = session.reload()
    assert state.moves == 1 and state.undo_stack[-1] == rolled.event_seq
    narrations = [e for e in state.transcript if e.kind == "narration"]
    assert narrations and narrations[-1].text == rolled.narration
    assert rolled.citations and "starforged" in rolled.citations[0]


def test_stream_emits_result_before_narration_and_done_last(campaign: str) -> None:
    session = ChatSession.open(campaign)
    events = list(session.stream("/roll face danger +edge"))
    kinds = [e.kind for e in events]
    assert kinds[0] == "result" and kinds[-1] == "done" and "narration" in kinds
    streamed = "".join(e.text for e in events if e.kind == "narration")
    assert streamed.strip() == events[-1].turn.narration


def test_a_lying_llm_is_retried_then_replaced_by_the_template(campaign: str, tmp_path: Path) -> None:
    character = service.load_campaign(campaign).active()
    edge = character["stats"]["edge"]
    liar = ScriptedNarrator("You rolled a 12 and score a strong hit!", "You miss badly, the roll fails.")
    session = ChatSession.open(campaign, narrator=liar)
    turn = session.confirm({"move": "Face Danger", "stat": "edge", "dice": weak_hit_dice(edge)})
    assert turn.results[0].outcome == "weak_hit"
    assert turn.narrator == "template-fallback"
    assert {v.kind for v in turn.violations} & {"number", "outcome"}
    assert len(liar.requests) == 2 and liar.requests[1].feedback  # the retry named the violations
    assert "12" not in turn.narration
    log = (session.settings.home / "logs" / "guard.jsonl").read_text().splitlines()
    assert len(log) == 2 and json.loads(log[0])["violations"]
    assert session.reload().moves == 1


def test_a_retry_that_tells_the_truth_is_shown(campaign: str) -> None:
    liar = ScriptedNarrator("You rolled a 12 and score a strong hit!", "The sentry turns away and you slip past.")
    session = ChatSession.open(campaign, narrator=liar)
    edge = session.state.active()["stats"]["edge"]
    turn = session.confirm({"move": "Face Danger", "stat": "edge", "dice": [6, 1, 1]})
    assert turn.results[0].outcome == "strong_hit" and edge >= 0
    assert turn.narrator == "llm-retry"
    assert split_opening(turn.narration, "strong")[1] == "The sentry turns away and you slip past."


@pytest.mark.parametrize(
    "failure", [NarrationFailed("timeout after 30 s"), RuntimeError("boom"), NarrationFailed("rate limited (429)")]
)
def test_llm_failure_falls_back_and_the_move_stands(campaign: str, failure: Exception) -> None:
    session = ChatSession.open(campaign, narrator=ScriptedNarrator(failure))
    turn = session.confirm({"move": "Face Danger", "stat": "edge", "dice": [6, 1, 1]})
    assert turn.kind == "action" and turn.narrator == "template-fallback" and turn.narration
    assert any("offline" in n for n in turn.notes)
    assert session.reload().moves == 1


def test_bad_inputs_are_error_turns_that_change_nothing(campaign: str) -> None:
    session = ChatSession.open(campaign)
    before = game_state(session)
    for text in [
        "/roll warp speed +edge",
        "/frobnicate",
        "/choose take_2_momentum",
        "/undo",
        "/table nope",
        "/dice 2d",
        "/meter health 0 x",
        "/progress nowhere 1",
    ]:
        turn = session.send(text)
        assert turn.kind == "error" and turn.error, text
        assert game_state(session) == before, text
    turn = session.send("/roll face danger +charisma")  # a value that won't do: asked for again, nothing rolled
    assert turn.kind == "question" and "not +charisma" in turn.narration and "which stat" in turn.narration
    assert game_state(session) == before


def test_undo_reverts_the_last_move(campaign: str) -> None:
    session = ChatSession.open(campaign)
    before = game_state(session)
    session.confirm({"move": "Face Danger", "stat": "edge", "dice": [6, 1, 1]})
    assert game_state(session) != before
    turn = session.undo()
    assert turn.kind == "command" and "Face Danger" in turn.narration
    assert game_state(session)["characters"] == before["characters"]
    assert session.reload().moves == 0


def test_choose_reresolves_with_the_same_dice(campaign: str) -> None:
    session = ChatSession.open(campaign)
    wits = session.state.active()["stats"]["wits"]
    turn = session.confirm({"move": "Secure an Advantage", "stat": "wits", "dice": weak_hit_dice(wits)})
    assert turn.open_choices and turn.results[0].outcome == "weak_hit"
    momentum = session.state.active()["momentum"]
    chosen = session.send("/choose take_2_momentum")
    assert chosen.kind == "action" and not chosen.open_choices
    assert chosen.results[0].dice == turn.results[0].dice
    assert session.reload().active()["momentum"] == min(momentum + 2, 10)
    assert session.state.moves == 1  # the first resolution was undone, the chosen one stands


def test_oracle_question_and_command(campaign: str) -> None:
    session = ChatSession.open(campaign)
    turn = session.send("Is the station abandoned?")
    assert turn.kind == "oracle" and turn.results[0].roll == "oracle"
    assert turn.results[0].outcome in {"yes", "no"}
    likely = session.send("/oracle likely Are there survivors?")
    assert likely.results[0].notes and "likely" in likely.results[0].notes[0].lower()
    open_question = session.send("What is behind the door?")
    assert open_question.kind == "oracle" and not open_question.results


def test_rules_question_gets_citations(campaign: str) -> None:
    session = ChatSession.open(campaign)
    turn = session.send("What happens when momentum is negative?")
    assert turn.kind == "rules" and turn.answer is not None
    assert turn.citations and all("starforged" in c for c in turn.citations)


def test_rules_question_answered_from_the_momentum_notes(campaign: str) -> None:
    turn = ChatSession.open(campaign).ask_rules("How does burning momentum work?")
    assert turn.kind == "rules" and turn.answer is not None and turn.answer.found
    assert turn.citations[0].startswith("[1] Rules note: starforged › Burning momentum")


def test_rules_question_the_texts_do_not_cover_says_so_in_chat(campaign: str) -> None:
    session = ChatSession.open(campaign)
    turn = session.ask_rules("How many experience points do I need to reach level 5?")
    assert turn.kind == "rules" and turn.answer is not None and not turn.answer.found
    assert turn.narration.startswith("The rules do not say.") and "nearest sections" in turn.narration
    assert turn.citations == []


def test_rules_question_over_all_systems_from_a_campaign(campaign: str) -> None:
    session = ChatSession.open(campaign)
    turn = session.ask_rules("What happens when my heat reaches 9?", system="all")
    assert turn.answer is not None and turn.answer.found and turn.answer.system is None
    assert turn.answer.passages[0].hit.system == "blades"


def test_pay_the_price_table_and_dice(campaign: str) -> None:
    session = ChatSession.open(campaign)
    owed = session.pay_the_price()  # nothing rolled yet: no price is owed, and nothing is rolled
    assert owed.kind == "meta" and not owed.results and "/roll pay the price" in owed.narration, owed.narration
    price = session.send("/roll pay the price")
    assert price.kind == "action" and price.results[0].table is not None and price.narration
    table = session.roll_table("make a discovery")
    assert table.results[0].roll == "table"
    dice = session.roll_dice("2d6+1")
    assert dice.results[0].score == sum(dice.results[0].dice) + 1


def test_tracks_progress_and_meters_through_commands(campaign: str) -> None:
    session = ChatSession.open(campaign)
    created = session.send("/track dangerous Find my sister")
    assert created.kind == "command"
    track_id = next(iter(session.state.tracks))
    marked = session.send(f"/progress {track_id} 1")
    assert marked.kind == "command", marked.error
    assert session.state.tracks[track_id]["ticks"] == 8  # dangerous: 2 boxes per mark
    health = session.state.active()["health"]
    hurt = session.send("/meter health -1 grazed by a shot")
    assert hurt.kind == "command", hurt.error
    assert session.state.active()["health"] == health - 1


def test_auto_roll_rolls_the_best_suggestion(campaign: str) -> None:
    session = ChatSession.open(campaign, auto_roll=True)
    turn = session.send("I slip past the sentry in the shadows")
    assert turn.results and turn.suggestions and turn.results[0].move == turn.suggestions[0].move


def test_meta_and_help(campaign: str) -> None:
    session = ChatSession.open(campaign)
    assert session.send("hello").kind == "meta"
    assert "/roll" in session.send("/help").narration


def test_template_narration_passes_the_guard_for_many_rolls() -> None:
    from assistant.guard import check_narration
    from assistant.narrate import TemplateNarrator

    narrator = TemplateNarrator()
    for a in range(1, 7):
        for c1, c2 in [(1, 1), (3, 8), (10, 10), (5, 5), (9, 2)]:
            result = resolve({"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [a, c1, c2]})
            request = NarrationRequest(task="narrate", system="starforged", player_text="I dodge", results=(result,))
            text = "".join(narrator.stream(request))
            assert check_narration(text, [result]) == [], text


def test_burn_momentum_after_the_roll_keeps_the_dice(campaign: str) -> None:
    session = ChatSession.open(campaign)
    assert session.send("/meter momentum +5 a string of good luck").kind == "command"
    momentum = session.state.active()["momentum"]
    edge = session.state.active()["stats"]["edge"]
    low = [1, edge + 2, edge + 3]  # a miss with these dice, while momentum beats both challenge dice
    turn = session.confirm({"move": "Face Danger", "stat": "edge", "dice": low})
    assert turn.results[0].outcome == "miss" and turn.results[0].burn and turn.results[0].burn.available
    assert momentum > edge + 3
    burned = session.send("/burn")
    assert burned.kind == "action", burned.error
    assert burned.results[0].outcome == "strong_hit" and burned.results[0].dice == turn.results[0].dice
    assert session.reload().moves == 2  # the /meter change (an engine resolution too) and the move, burned in place
    again = session.send("/burn")
    assert again.kind == "error" and session.reload().moves == 2


@pytest.mark.parametrize("text", ["x" * 4001, "I strike \ud800 the raider", "nul\x00byte"])
def test_an_oversized_or_broken_message_is_refused_in_words_and_changes_nothing(text: str) -> None:
    from assistant.store import service

    service.create_campaign("limits", "starforged", seed=2)
    session = ChatSession.open("limits")
    before = len(service.campaign_events("limits"))
    turn = session.send(text)
    assert turn.kind == "error" and "Your message" in turn.error and "Traceback" not in turn.error
    assert len(service.campaign_events("limits")) == before


def test_an_unknown_move_points_to_the_chats_own_command() -> None:
    service.create_campaign("hint-saga", "starforged", seed=1)
    session = ChatSession.open("hint-saga")
    turn = session.send("/roll frobnicate the widget +edge")
    assert turn.kind == "error" and "assistant moves" not in turn.error and "/moves" in turn.error


def test_rules_question_naming_another_game_is_answered_from_that_game_in_chat(campaign: str) -> None:
    turn = ChatSession.open(campaign).ask_rules("blades: what does the Train downtime action give")
    assert turn.kind == "rules" and turn.answer is not None and turn.answer.found
    assert turn.citations and all("blades" in c for c in turn.citations)
    assert ChatSession.open(campaign).system == "starforged"  # the campaign's game is left as it was


def test_rules_question_turning_to_another_game_says_which_game_answers_in_chat(campaign: str) -> None:
    session = ChatSession.open(campaign)
    turn = session.ask_rules("quick one about blades while our starforged crew is paused: how do we reduce heat?")
    assert turn.kind == "rules" and turn.answer is not None and turn.answer.system == "blades"
    assert turn.narration.startswith("From Blades in the Dark, the game the question names (not Ironsworn: Starforged):")
    assert turn.citations and all("blades" in c for c in turn.citations)
    compared = session.ask_rules("does momentum reset like heat in blades?")  # named only to compare: this game
    assert compared.answer is not None and compared.answer.system == "starforged"
    assert not compared.narration.startswith("From ")
