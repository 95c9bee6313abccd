# ruff: noqa: F811  (the openai_stub fixture is imported from tests/openai_stub.py)
"""Whatever the endpoint does, a turn ends by its deadline: an endpoint that accepts and never answers, one
that trickles tokens forever, one that never stops writing, and 401/429/500; and endpoint errors reach the
player once, scrubbed, naming the setting the player used. Elapsed times are only loose hang guards."""

from __future__ import annotations

import socket
import time
from pathlib import Path
from typing import Any

import pytest
from langchain_core.language_models.fake_chat_models import FakeListChatModel

from assistant.chat.session import ChatSession
from assistant.config import LLMSettings, Secret, Settings, visitor_llm
from assistant.llm import chat_model
from assistant.llm_calls import CallTimedOut, RunawayOutput, in_flight, invoke_within, limits_for, stream_within
from assistant.llm_errors import scrub
from assistant.store import service
from tests.openai_stub import OpenAIStub, openai_stub  # noqa: F401
from tests.scripted_narration import split_opening

KEY = "sk-test-deadline-0123456789abcdef"
SLACK = 5.0
"""How far past its timeout a turn may end (a hang guard, not a speed test)."""


@pytest.fixture(autouse=True)
def _hash_embedder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")


def _llm(url: str, timeout: float, **extra: Any) -> LLMSettings:
    extra.setdefault("story_sentences", 8)  # room for the stories these tests cut (the default adds one sentence)
    return LLMSettings(base_url=url, model="stub", api_key=Secret(KEY), timeout=timeout, planning="tools", **extra)


def _session(url: str, home: Path, timeout: float, **extra: Any) -> ChatSession:
    if "deadline-saga" not in {c.name for c in service.list_campaigns()}:
        service.create_campaign("deadline-saga", "starforged", seed=9)
    settings = Settings(home=home, llm=_llm(url, timeout, **extra))
    return ChatSession.open("deadline-saga", settings=settings, retrieve_rules=False)  # times the LLM, not the index


STRONG_HIT = {"move": "Face Danger", "stat": "edge", "dice": [6, 1, 1]}


def _settle(key: str | None, most: float = 120.0) -> None:
    """Wait for the calls this process gave up on at ``key`` to end (each at its own read timeout, later on a loaded
    machine); the assertions that follow say what must hold, this only gives them the time."""
    settle = time.monotonic() + most
    while in_flight(key) and time.monotonic() < settle:
        time.sleep(0.05)


def _timed(fn: Any) -> tuple[Any, float]:
    start = time.monotonic()
    out = fn()
    return out, time.monotonic() - start


# ---- the call layer -----------------------------------------------------------------------------


def test_each_task_sends_its_max_tokens_and_planning_runs_at_temperature_zero(openai_stub: OpenAIStub) -> None:
    settings = _llm(openai_stub.base_url, 5)
    openai_stub.add_text("ok")
    openai_stub.add_text("ok")
    invoke_within(chat_model(settings, task="plan"), [("human", "hi")], limits_for("plan", 5))
    list(stream_within(chat_model(settings, task="narrate"), [("human", "hi")], limits_for("narrate", 5)))
    plan, narrate = (r.body for r in openai_stub.requests)
    assert plan["max_tokens"] == 300 and plan["temperature"] == 0
    assert narrate["max_tokens"] == 250 and narrate["temperature"] == 0.3 and narrate["stream"] is True
    assert " decide to" in narrate["stop"] and len(narrate["stop"]) <= 4  # OpenAI takes at most four
    assert "stop" not in plan  # planning and rules answers write JSON and citations: nothing stops them early


def test_an_endpoint_that_never_answers_times_out_at_the_first_token(openai_stub: OpenAIStub) -> None:
    openai_stub.add_text("too late", delay=60)
    model = chat_model(_llm(openai_stub.base_url, 1.0), task="narrate")
    with pytest.raises(CallTimedOut) as info:
        list(stream_within(model, [("human", "hi")], limits_for("narrate", 1.0)))
    assert info.value.stage == "first_token"


def test_a_trickle_of_tokens_stops_at_the_total_deadline(openai_stub: OpenAIStub) -> None:
    words = " ".join(f"w{i}" for i in range(400))
    openai_stub.add_text(words, chunk_delay=0.05)  # 20 s of trickle; the first chunk has seconds of slack on a busy box
    model = chat_model(_llm(openai_stub.base_url, 3.0), task="narrate")
    got: list[str] = []
    with pytest.raises(CallTimedOut) as info:
        for chunk in stream_within(model, [("human", "hi")], limits_for("narrate", 3.0)):
            got.append(chunk.content)
    assert info.value.stage == "total" and got and len(got) < 400


def test_a_model_that_never_stops_writing_is_cut_off(openai_stub: OpenAIStub) -> None:
    openai_stub.add_text(" ".join(f"word{i}" for i in range(2000)))
    model = chat_model(_llm(openai_stub.base_url, 10), task="rules")
    with pytest.raises(RunawayOutput):
        invoke_within(model, [("human", "hi")], limits_for("rules", 10))


def test_a_fake_model_that_hangs_is_abandoned_by_the_deadline() -> None:
    class Hanging(FakeListChatModel):
        def _call(self, *args: Any, **kwargs: Any) -> str:
            time.sleep(30)
            return "late"

    with pytest.raises(CallTimedOut):
        _, took = _timed(lambda: invoke_within(Hanging(responses=["x"]), "hi", limits_for("plan", 0.5)))


# ---- a whole turn -------------------------------------------------------------------------------


@pytest.mark.parametrize("behaviour", ["silent", "trickle", "runaway", "401", "429", "500"])
def test_a_turn_never_waits_past_its_timeout(openai_stub: OpenAIStub, tmp_path: Path, behaviour: str) -> None:
    timeout = 2.0
    session = _session(openai_stub.base_url, tmp_path, timeout)
    for _ in range(2):  # the draft and (if there is time) its retry
        if behaviour == "silent":
            openai_stub.add_text("never sent", delay=60)
        elif behaviour == "trickle":
            openai_stub.add_text(" ".join(f"w{i}" for i in range(600)), chunk_delay=0.05)
        elif behaviour == "runaway":
            openai_stub.add_text(" ".join(f"word{i}" for i in range(3000)))
        else:
            openai_stub.add_error(int(behaviour), f"failed for key {KEY}")
    turn, took = _timed(lambda: session.confirm(STRONG_HIT))
    assert turn.kind == "action" and turn.results[0].outcome == "strong_hit"
    assert turn.narrator == "template-fallback" and turn.narration
    assert took < timeout + SLACK
    assert KEY not in str(turn.to_dict())
    assert session.reload().moves == 1


def test_a_story_the_deadline_cuts_short_ends_at_its_last_full_sentence(openai_stub: OpenAIStub, tmp_path: Path) -> None:
    """A slow model that had told some story when the turn's deadline came: the player keeps what the guard passed,
    ending at its last full sentence, told why; not the offline narration in its place."""
    timeout = 2.0
    session = _session(openai_stub.base_url, tmp_path, timeout)
    story = "The sentry looks the other way. You slip past the first door."
    trickle = " And then the corridor bends left where" + " and".join(f" w{i}" for i in range(300))
    openai_stub.add_text(story + trickle, chunks=[story, *(f" {w}" for w in trickle.split())], chunk_delay=0.05)
    events, took = _timed(lambda: list(session.stream_confirm(STRONG_HIT)))
    turn = events[-1].turn
    assert turn.narrator == "llm" and turn.narration.endswith(story) and "w299" not in turn.narration
    assert not [e for e in events if e.kind == "replace"]  # what the player read was never taken back
    assert any("ran out of time" in n and "TABLETOP_LLM_TIMEOUT" in n for n in turn.notes)
    assert took < timeout + SLACK
    assert session.reload().moves == 1


def test_a_deadline_before_any_story_still_falls_back_offline(openai_stub: OpenAIStub, tmp_path: Path) -> None:
    """Only the engine's opening shown, or half a sentence: the offline narration tells the turn."""
    session = _session(openai_stub.base_url, tmp_path, 2.0)
    trickle = "You creep" + "".join(f" w{i}" for i in range(300))
    for _ in range(2):
        openai_stub.add_text(trickle, chunk_delay=0.05)
    turn = session.confirm(STRONG_HIT)
    assert turn.narrator == "template-fallback" and "w1 " not in turn.narration
    assert not any("ran out of time" in n for n in turn.notes)


def test_an_unreachable_endpoint_is_said_once_and_names_the_variable(tmp_path: Path) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    session = _session(f"http://127.0.0.1:{port}/v1", tmp_path, 10.0)  # refused at once: the timeout never matters
    first = session.confirm(STRONG_HIT)
    second = session.confirm(STRONG_HIT)
    said = [n for n in first.notes if "could not be reached" in n]
    assert said and "TABLETOP_LLM_BASE_URL" in said[0] and "((" not in said[0] and "))" not in said[0]
    assert not [n for n in second.notes if "could not be reached" in n]
    assert first.narrator == second.narrator == "template-fallback"


def test_errors_name_the_apps_form_when_the_endpoint_came_from_it(openai_stub: OpenAIStub, tmp_path: Path) -> None:
    server = LLMSettings(base_url="http://127.0.0.1:9/v1", model="stub", timeout=2.0, planning="tools")
    llm = visitor_llm(server, base_url=openai_stub.base_url, api_key=Secret(KEY))
    assert llm.url_from == "app"
    service.create_campaign("form-saga", "starforged", seed=9)
    session = ChatSession.open("form-saga", settings=Settings(home=tmp_path, llm=llm))
    openai_stub.add_error(401, f"Incorrect API key provided: {KEY}")
    turn = session.confirm(STRONG_HIT)
    note = " ".join(turn.notes)
    assert "the API key in Settings" in note and "TABLETOP_LLM" not in note and KEY not in note


def test_scrub_removes_keys_bearer_tokens_and_the_secret() -> None:
    text = f"401: Bearer {KEY} rejected; api_key={KEY}; also sk-abcdef123456 and my-own-secret-token"
    out = scrub(text, ["my-own-secret-token"])
    assert KEY not in out and "sk-abcdef123456" not in out and "my-own-secret-token" not in out and "Bearer sk" not in out


# ---- loops and echoes ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("draft", "kept"),
    [
        (
            "The sentry looks the other way. Changes already applied: momentum 2 to 3. You are through.",
            "The sentry looks the other way.",
        ),
        (
            "The sentry never sees you. The sentry never sees you. The lamp sweeps the other way. Again.",
            "The sentry never sees you.",
        ),
        (
            "The guard turns and the guard turns and the guard turns and the guard turns and the guard turns "
            "and the guard turns and the guard turns",
            "",
        ),
    ],
    ids=["prompt-echo", "repeated-sentence", "loop"],
)
def test_a_loop_or_a_prompt_echo_is_never_shown_and_is_retried(
    openai_stub: OpenAIStub, tmp_path: Path, draft: str, kept: str
) -> None:
    """After the engine's opening and a sentence of story, the draft is cut at the echo; with nothing of the model's
    before it (the loop), it is retried with the fault said."""
    session = _session(openai_stub.base_url, tmp_path, 10.0)
    openai_stub.add_text(draft)
    openai_stub.add_text("The sentry's lamp sweeps past, and you are through before it turns back.")
    events = list(session.stream_confirm(STRONG_HIT))
    turn = events[-1].turn
    shown = " ".join(e.text for e in events if e.kind == "narration")
    assert "Changes already applied" not in shown and shown.count("The sentry never sees you") <= 1
    assert "guard turns and the guard turns and the guard turns" not in shown
    told = split_opening(turn.narration, "strong")[1]
    if kept:
        assert turn.narrator == "llm" and told == kept and len(openai_stub.requests) == 1
        return
    assert turn.narrator == "llm-retry"
    assert told == "The sentry's lamp sweeps past, and you are through before it turns back."
    retry = " ".join(str(m.get("content")) for m in openai_stub.requests[-1].messages)
    assert "was not used" in retry


def test_a_sentence_repeated_after_the_story_is_cut_there(openai_stub: OpenAIStub, tmp_path: Path) -> None:
    session = _session(openai_stub.base_url, tmp_path, 10.0)
    openai_stub.add_text("The sentry never sees you. The lamp sweeps the other way. The sentry never sees you.")
    turn = list(session.stream_confirm(STRONG_HIT))[-1].turn
    told = split_opening(turn.narration, "strong")[1]
    assert turn.narrator == "llm" and told == "The sentry never sees you. The lamp sweeps the other way."


def test_an_echo_of_the_guards_feedback_falls_back_offline(openai_stub: OpenAIStub, tmp_path: Path) -> None:
    session = _session(openai_stub.base_url, tmp_path, 10.0)
    openai_stub.add_text("You roll a 3 and miss. The sentry sees you.")
    openai_stub.add_text("Your narration contradicts the engine's result: you succeed.")
    turn = session.confirm(STRONG_HIT)
    assert turn.narrator == "template-fallback" and "contradicts" not in turn.narration


def test_a_retry_samples_wider_than_the_first_draft(openai_stub: OpenAIStub, tmp_path: Path) -> None:
    """A rejected draft is written again at a higher temperature: at the first draft's, a small model mostly wrote the
    same words again."""
    session = _session(openai_stub.base_url, tmp_path, 10.0)
    openai_stub.add_text("You roll a 3 and miss. The sentry sees you.")
    openai_stub.add_text("The sentry's lamp sweeps past, and you are through before it turns back.")
    turn = session.confirm(STRONG_HIT)
    assert turn.narrator == "llm-retry"
    assert [r.body["temperature"] for r in openai_stub.requests] == [0.3, 0.7]


def test_a_narration_that_echoes_the_key_is_never_shown_nor_stored(openai_stub: OpenAIStub, tmp_path: Path) -> None:
    session = _session(openai_stub.base_url, tmp_path, 10.0)
    openai_stub.add_text(f"The terminal flashes your access code {KEY} as the door opens.")
    openai_stub.add_text("The door opens onto a quiet corridor, and you slip through.")
    events = list(session.stream_confirm(STRONG_HIT))
    turn = events[-1].turn
    assert turn.narrator == "llm-retry" and KEY not in turn.narration
    assert all(KEY not in e.text for e in events if e.kind == "narration")
    assert KEY not in service.export("deadline-saga", "markdown")


# ---- back-off ------------------------------------------------------------------------------------


def test_a_silent_endpoint_costs_one_timeout_then_is_skipped_until_it_may_have_come_back(
    openai_stub: OpenAIStub, tmp_path: Path
) -> None:
    timeout = 1.5
    session = _session(openai_stub.base_url, tmp_path, timeout)
    for _ in range(6):
        openai_stub.add_text("never sent", delay=60)
    first, _ = _timed(lambda: session.confirm(STRONG_HIT))
    settle = time.monotonic() + 10  # on a busy machine the stub may log the request after the client gave up on it
    while not openai_stub.requests and time.monotonic() < settle:
        time.sleep(0.05)
    asked = len(openai_stub.requests)
    second, _ = _timed(lambda: session.confirm(STRONG_HIT))
    assert first.narrator == second.narrator == "template-fallback"
    assert asked >= 1 and len(openai_stub.requests) == asked  # the second turn did not call the endpoint at all
    notes = " ".join(first.notes + second.notes)
    assert "did not" in notes and KEY not in notes
    assert session.reload().moves == 2


def test_the_back_off_grows_while_the_endpoint_stays_silent_and_clears_on_an_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    from assistant import llm_backoff

    now = [1000.0]
    monkeypatch.setattr(llm_backoff.time, "monotonic", lambda: now[0])
    key = "http://127.0.0.1:1/v1"
    silent = CallTimedOut("first_token", 2.0)
    llm_backoff.failed(key, silent)
    with pytest.raises(llm_backoff.EndpointDown) as info:
        llm_backoff.check(key)
    assert info.value.retry_in == pytest.approx(llm_backoff.FIRST_BACKOFF)
    now[0] += llm_backoff.FIRST_BACKOFF + 0.1
    llm_backoff.check(key)  # time to try again
    llm_backoff.failed(key, silent)
    with pytest.raises(llm_backoff.EndpointDown) as info:
        llm_backoff.check(key)
    assert info.value.retry_in == pytest.approx(2 * llm_backoff.FIRST_BACKOFF)
    for _ in range(10):
        llm_backoff.failed(key, silent)
    with pytest.raises(llm_backoff.EndpointDown) as info:
        llm_backoff.check(key)
    assert info.value.retry_in == pytest.approx(llm_backoff.MAX_BACKOFF)
    llm_backoff.answered(key)
    llm_backoff.check(key)
    llm_backoff.failed(key, CallTimedOut("total", 9.0))  # a slow answer is an answer: no back-off
    llm_backoff.failed(key, RunawayOutput(100))
    llm_backoff.check(key)


def test_a_background_plan_that_runs_out_of_time_leaves_the_endpoint_to_the_narration(openai_stub: OpenAIStub) -> None:
    # a one-slot local server busy with the plan's long prompt is slow, not silent: marking it down threw away the
    # narration the player asked for next, on the first turns of a session
    from assistant import llm_backoff

    openai_stub.add_text("never sent", delay=60)
    planner = chat_model(_llm(openai_stub.base_url, 0.5), task="plan")
    with pytest.raises(CallTimedOut):
        invoke_within(planner, "hi", limits_for("plan", 0.5))
    llm_backoff.check(llm_backoff.endpoint_key(planner))  # not marked down
    _settle(llm_backoff.endpoint_key(planner))  # the abandoned call ends at its own read timeout
    openai_stub.add_text("never sent", delay=60)
    with pytest.raises(CallTimedOut):
        invoke_within(planner, "hi", limits_for("probe", 0.5))  # a call the player waits on still marks it down
    with pytest.raises(llm_backoff.EndpointDown):
        llm_backoff.check(llm_backoff.endpoint_key(planner))
    llm_backoff.answered(llm_backoff.endpoint_key(planner))


def test_a_narration_that_times_out_behind_our_own_abandoned_call_leaves_the_endpoint_up(openai_stub: OpenAIStub) -> None:
    # on a one-slot local server, the first turn's probe (given up on) held the server, the narration behind it ran
    # out of time and marked the endpoint down, and the next turn's narration was skipped without asking
    from assistant import llm_backoff

    # The abandoned call holds the server until the stub closes at the test's end (its read timeout is longer than
    # that): with a short delay it could end before the narration timed out on a loaded machine, and then the
    # narration rightly marked the endpoint down. Both answers wait, so it does not matter which call gets which.
    openai_stub.add_text('{"calls": []}', delay=600)  # the abandoned call: the server goes on with it
    openai_stub.add_text("never sent", delay=600)
    planner = chat_model(_llm(openai_stub.base_url, 600.0), task="plan")
    key = llm_backoff.endpoint_key(planner)
    _settle(key)  # calls earlier tests gave up on end at their own read timeouts
    assert in_flight(key) == 0
    with pytest.raises(CallTimedOut):
        invoke_within(planner, "hi", limits_for("plan", 600.0), until=time.monotonic() + 0.3)
    assert in_flight(key) == 1
    narrator = chat_model(_llm(openai_stub.base_url, 0.5), task="narrate")
    with pytest.raises(CallTimedOut):
        list(stream_within(narrator, "hi", limits_for("narrate", 0.5)))
    llm_backoff.check(key)  # busy with our own call, not silent: the next turn asks again


def test_a_settings_test_always_really_tries_the_endpoint(openai_stub: OpenAIStub) -> None:
    from assistant import llm_backoff

    llm_backoff.failed(openai_stub.base_url, CallTimedOut("first_token", 1.0))
    with pytest.raises(llm_backoff.EndpointDown):
        llm_backoff.check(llm_backoff.endpoint_key(chat_model(_llm(openai_stub.base_url, 2.0))))
    llm_backoff.answered(llm_backoff.endpoint_key(_llm(openai_stub.base_url, 2.0)))
    openai_stub.add_text("ok")
    assert invoke_within(chat_model(_llm(openai_stub.base_url, 2.0), task="plan"), "hi", limits_for("plan", 2.0)).content == "ok"


def test_a_call_stopped_on_purpose_logs_no_callback_error(caplog: pytest.LogCaptureFixture) -> None:
    import logging

    log = logging.getLogger("langchain_core.callbacks.manager")
    with caplog.at_level("WARNING"):
        log.warning("Error in %s.%s callback: %s", "_Watch", "on_llm_new_token", "_Cancelled()")  # our own stop
        log.warning("Error in %s.%s callback: %s", "SomeTracer", "on_llm_end", "KeyError()")  # anything else
    said = [r.getMessage() for r in caplog.records]
    assert not [m for m in said if "_Watch" in m] and [m for m in said if "SomeTracer" in m]


def test_the_narrations_deadline_counts_from_the_start_of_the_players_turn() -> None:
    from assistant.llm_calls import limits_of
    from assistant.narrate.llm import FALLBACK_RESERVE, LLMNarrator

    narrator = LLMNarrator(FakeListChatModel(responses=["x"]))
    total = limits_of(narrator.chat_model, "narrate").total
    began = time.monotonic() - 12  # the turn's work before the narration took 12 s
    narrator.begin_turn(began)
    assert narrator.turn_until == pytest.approx(began + total - min(FALLBACK_RESERVE, total / 10), abs=0.5)
    narrator.begin_turn(time.monotonic() - total)  # a turn whose own work took the whole timeout
    left = narrator.turn_until - time.monotonic()
    assert total / 2 - 1 < left <= total / 2  # the model still gets half of it


def test_a_turn_hands_its_start_to_the_narrator(tmp_path: Path) -> None:
    from assistant.narrate import TemplateNarrator

    class Recording(TemplateNarrator):
        name = "recording"
        started: list[float | None] = []

        def begin_turn(self, started: float | None = None) -> None:
            self.started.append(started)

    service.create_campaign("turn-start", "starforged", seed=9)
    before = time.monotonic()
    session = ChatSession.open(
        "turn-start", settings=Settings(home=tmp_path, llm=LLMSettings()), narrator=Recording(), retrieve_rules=False
    )
    session.confirm(STRONG_HIT)
    assert Recording.started and Recording.started[0] is not None and before <= Recording.started[0] <= time.monotonic()


def test_an_endpoint_left_alone_after_a_slow_start_is_not_called_gone(monkeypatch: pytest.MonkeyPatch) -> None:
    """A model too slow to start (a busy machine) marks the endpoint down for a while like a server that is gone,
    but the player is told what fits: a slow model, not "check that the server is running"."""
    from assistant import llm_backoff
    from assistant.llm_errors import describe

    key = "http://127.0.0.1:2/v1"
    llm_backoff.failed(key, CallTimedOut("first_token", 2.0))
    with pytest.raises(llm_backoff.EndpointDown) as slow:
        llm_backoff.check(key)
    said = describe(slow.value).words
    assert "did not start answering in time" in said and "TABLETOP_LLM_TIMEOUT" in said
    assert "server is running" not in said
    llm_backoff.reset()

    class ConnectError(Exception):
        pass

    llm_backoff.failed(key, ConnectError("refused"))
    with pytest.raises(llm_backoff.EndpointDown) as gone:
        llm_backoff.check(key)
    said = describe(gone.value).words
    assert "server is running" in said and "did not start answering" not in said
