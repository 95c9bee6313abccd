"""plan_turn with scripted fake chat models: valid calls, lies about dice, unknown tools, one corrective
retry, model failures as PlanFailed, and no change to the game."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2
import openai
import pytest
from langchain_core.language_models.fake_chat_models import FakeListChatModel, GenericFakeChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage, ToolMessage
from langchain_core.outputs import ChatResult
from pydantic import Field

from assistant.chat.planner import MAX_ACTIONS, PlanFailed, plan_turn
from assistant.chat.tools import TOOL_MODELS
from assistant.engine.probability import odds_for_request
from assistant.store import service
from assistant.store.state import CampaignState
from assistant.suggest import Suggestion

KIRA = {
    "id": "kira",
    "name": "Kira",
    "stats": {"edge": 3, "heart": 2, "iron": 2, "shadow": 1, "wits": 1},
    "health": 4,
    "spirit": 5,
    "supply": 3,
    "momentum": 2,
    "integrity": 5,
    "companion_health": 5,
    "impacts": [],
    "position": None,
    "next_move_add": 0,
    "xp": 0,
}


@pytest.fixture
def state() -> CampaignState:
    return CampaignState(
        name="Iron Road",
        system="starforged",
        seed=1,
        characters={"kira": KIRA},
        active_character="kira",
        tracks={"find-the-ark": {"name": "Find the Ark", "kind": "vow", "rank": "dangerous", "ticks": 12, "boxes": 3}},
    )


class ScriptedModel(GenericFakeChatModel):
    """Answers from ``messages`` in order; records what it was sent and which tools were bound."""

    seen: list[list[BaseMessage]] = Field(default_factory=list)
    bound: list[Any] = Field(default_factory=list)

    def bind_tools(self, tools: Any, **kwargs: Any) -> Any:
        self.bound.append(list(tools))
        return self

    def _generate(
        self, messages: list[BaseMessage], stop: list[str] | None = None, run_manager: Any = None, **kwargs: Any
    ) -> ChatResult:
        self.seen.append(list(messages))
        return super()._generate(messages, stop=stop, run_manager=run_manager, **kwargs)


class FailingModel(GenericFakeChatModel):
    """Raises ``error`` on every call."""

    error: Any = None

    def _generate(
        self, messages: list[BaseMessage], stop: list[str] | None = None, run_manager: Any = None, **kwargs: Any
    ) -> ChatResult:
        raise self.error


def model(*replies: AIMessage) -> ScriptedModel:
    return ScriptedModel(messages=iter(replies))


def call(name: str, args: dict[str, Any], call_id: str) -> dict[str, Any]:
    return {"name": name, "args": args, "id": call_id, "type": "tool_call"}


def plan(chat_model: Any, state: CampaignState | None, text: str = "I dash across the catwalk", **kwargs: Any) -> Any:
    return plan_turn(chat_model, player_text=text, system="starforged", state=state, **kwargs)


def face_danger_suggestion() -> Suggestion:
    request = {"system": "starforged", "move": "Face Danger", "stat": "edge"}
    return Suggestion(
        move="Face Danger",
        move_id="face_danger",
        system="starforged",
        stat="edge",
        stat_value=3,
        score=0.9,
        why="When you attempt something risky",
        approach="With speed",
        burn_odds=None,
        request=request,
        odds=odds_for_request({**request, "character": KIRA}).to_dict(),
    )


def test_a_valid_call_becomes_an_action_with_the_context_in_the_prompt(state: CampaignState) -> None:
    fake = model(AIMessage("", tool_calls=[call("roll_move", {"move": "Face Danger", "stat": "edge"}, "c1")]))
    result = plan(fake, state, suggestions=[face_danger_suggestion()], history=[("user", "We land."), ("assistant", "Dust.")])
    assert [a.request for a in result.actions] == [{"system": "starforged", "move": "Face Danger", "stat": "edge"}]
    assert result.rejected == [] and result.attempts == 1 and result.prompt_tokens > 100
    assert [t["function"]["name"] for t in fake.bound[0]] == list(TOOL_MODELS)
    sent = fake.seen[0]
    assert isinstance(sent[0], SystemMessage) and isinstance(sent[-1], HumanMessage)
    turn = str(sent[-1].content)
    assert turn.endswith("The player's message:\nI dash across the catwalk")
    prompt = str(sent[0].content)
    assert "Never state, guess or invent dice" in prompt and "Kira" not in prompt  # the system message: ours only
    for fragment in (
        "Kira",
        "edge 3",
        "health 4 (0..5)",
        "Find the Ark (vow, dangerous): 3 boxes (12/40 ticks)",
        "Face Danger +edge (3): strong hit 33.17%",
    ):  # the sheet, tracks and moves: quoted data in the player's turn
        assert any(fragment in line and line.startswith("> ") for line in turn.splitlines()), fragment
    assert [m.content for m in sent[1:3]] == ["We land.", "Dust."] and isinstance(sent[2], AIMessage)


def test_text_only_answer_plans_nothing(state: CampaignState) -> None:
    result = plan(FakeListChatModel(responses=["Nothing to roll: you just look around."]), state)
    assert result.actions == [] and result.rejected == [] and result.text.startswith("Nothing to roll")


def test_a_model_that_states_dice_is_refused_and_told_why(state: CampaignState) -> None:
    fake = model(
        AIMessage(
            "You rolled a 6!", tool_calls=[call("roll_move", {"move": "Face Danger", "stat": "edge", "dice": [6, 1, 1]}, "c1")]
        ),
        AIMessage("Understood: the engine rolls."),
    )
    result = plan(fake, state)
    assert result.actions == [] and result.attempts == 2
    assert result.rejected[0][0]["args"]["dice"] == [6, 1, 1]
    assert "dice are rolled by the engine" in result.rejected[0][1]
    retry = fake.seen[1]
    assert isinstance(retry[-2], AIMessage) and isinstance(retry[-1], ToolMessage)
    assert retry[-1].tool_call_id == "c1" and "dice are rolled by the engine" in str(retry[-1].content)
    assert result.text == "Understood: the engine rolls."


def test_unknown_tool_then_corrected_on_retry(state: CampaignState) -> None:
    fake = model(
        AIMessage("", tool_calls=[call("roll_dice", {"notation": "2d6"}, "c1")]),
        AIMessage("", tool_calls=[call("roll_table", {"table": "Pay the Price"}, "c2")]),
    )
    result = plan(fake, state)
    assert [a.tool for a in result.actions] == ["roll_table"]
    assert "Unknown tool 'roll_dice'" in result.rejected[0][1] and result.attempts == 2


def test_bad_arguments_corrected_on_retry_without_duplicates(state: CampaignState) -> None:
    oracle = call("ask_oracle", {"question": "Is the hatch open?", "odds": "likely"}, "c1")
    fake = model(
        AIMessage("", tool_calls=[oracle, call("roll_move", {"move": "Face Danger", "stat": "charm"}, "c2")]),
        AIMessage("", tool_calls=[{**oracle, "id": "c3"}, call("roll_move", {"move": "Face Danger", "stat": "edge"}, "c4")]),
    )
    result = plan(fake, state)
    assert [a.tool for a in result.actions] == ["ask_oracle", "roll_move"]
    assert result.actions[1].request == {"system": "starforged", "move": "Face Danger", "stat": "edge"}
    answers = {m.tool_call_id: str(m.content) for m in fake.seen[1] if isinstance(m, ToolMessage)}
    assert answers["c1"].startswith("Accepted: Ask the Oracle (likely)")
    assert answers["c2"].startswith("Rejected:") and "+charm" in answers["c2"]
    assert len(result.rejected) == 1


def test_only_one_retry_then_what_is_valid(state: CampaignState) -> None:
    bad = call("adjust_meter", {"meter": "sanity", "delta": -1, "reason": "horror"}, "c1")
    fake = model(
        AIMessage("", tool_calls=[bad, call("mark_progress", {"track": "find the ark"}, "c2")]),
        AIMessage("", tool_calls=[{**bad, "id": "c3"}]),
    )
    result = plan(fake, state)
    assert result.attempts == 2 and len(fake.seen) == 2
    assert [a.tool for a in result.actions] == ["mark_progress"]
    assert [r[1] for r in result.rejected] == [result.rejected[0][1]] * 2 and "no meter called 'sanity'" in result.rejected[0][1]


def test_malformed_json_arguments_are_rejected(state: CampaignState) -> None:
    broken = AIMessage(
        "",
        invalid_tool_calls=[
            {"name": "roll_table", "args": '{"table": "Pay', "id": "c1", "error": "bad json", "type": "invalid_tool_call"}
        ],
    )
    fake = model(broken, AIMessage("Sorry."))
    result = plan(fake, state)
    assert result.actions == [] and "not valid JSON" in result.rejected[0][1]
    assert any(isinstance(m, ToolMessage) and m.tool_call_id == "c1" for m in fake.seen[1])


def test_at_most_max_actions_per_turn(state: CampaignState) -> None:
    calls = [call("ask_oracle", {"question": f"Question {i}?", "odds": "50/50"}, f"c{i}") for i in range(MAX_ACTIONS + 2)]
    fake = model(AIMessage("", tool_calls=calls), AIMessage("ok"))
    result = plan(fake, state)
    assert len(result.actions) == MAX_ACTIONS and len(result.rejected) == 2
    assert "At most" in result.rejected[0][1]


def _timeout() -> Exception:
    return openai.APITimeoutError(request=httpx2.Request("POST", "http://127.0.0.1:1/v1/chat/completions"))


def _rate_limited() -> Exception:
    request = httpx2.Request("POST", "http://127.0.0.1:1/v1/chat/completions")
    response = httpx2.Response(429, headers={"retry-after": "7"}, request=request, json={"error": {"message": "slow down"}})
    return openai.RateLimitError("Rate limit for key sk-test-supersecret123", response=response, body=None)


@pytest.mark.parametrize(
    "error, reason",
    [
        (_timeout(), "timeout"),
        (_rate_limited(), "rate_limit"),
        (ConnectionError("refused"), "connection"),
        (ValueError("Bearer sk-test-supersecret123 not valid JSON"), "bad_response"),
        (RuntimeError("boom"), "error"),
    ],
)
def test_model_failures_raise_plan_failed_without_secrets(
    error: Exception, reason: str, state: CampaignState, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    with pytest.raises(PlanFailed) as info:
        plan(FailingModel(messages=iter([]), error=error), state)
    assert info.value.reason == reason and "offline" in info.value.message
    assert info.value.__cause__ is None and info.value.__suppress_context__
    assert "supersecret" not in str(info.value) and "supersecret" not in caplog.text
    if reason == "rate_limit":
        assert info.value.retry_after == 7 and "7 s" in info.value.message


def test_a_failed_retry_is_a_failed_plan(state: CampaignState) -> None:
    fake = model(AIMessage("", tool_calls=[call("roll_move", {"move": "Teleport"}, "c1")]))  # nothing left for the retry
    with pytest.raises(PlanFailed):
        plan(fake, state)


def test_planning_changes_nothing(tmp_path: Path) -> None:
    store = service.open_store(tmp_path / "c.sqlite3")
    try:
        service.create_campaign("Quiet", "starforged", {"name": "Kira"}, seed=3, store=store)
        service.create_track("Quiet", "Find the Ark", "dangerous", store=store)
        before = service.load_campaign("Quiet", store=store)
        events = service.campaign_events("Quiet", store=store)
        fake = model(
            AIMessage(
                "",
                tool_calls=[
                    call("roll_move", {"move": "Face Danger", "stat": "edge"}, "c1"),
                    call("mark_progress", {"track": "Find the Ark"}, "c2"),
                    call("adjust_meter", {"meter": "health", "delta": -2, "reason": "hit"}, "c3"),
                    call("adjust_meter", {"meter": "health", "delta": 9, "reason": "x"}, "c4"),
                ],
            ),
            AIMessage("done"),
        )
        result = plan(fake, before)
        assert [a.tool for a in result.actions] == ["roll_move", "mark_progress", "adjust_meter"]
        assert service.load_campaign("Quiet", store=store) == before
        assert service.campaign_events("Quiet", store=store) == events
    finally:
        store.close()


def test_without_a_campaign_only_rules_lookups_validate() -> None:
    fake = model(
        AIMessage(
            "",
            tool_calls=[
                call("roll_table", {"table": "Pay the Price"}, "c1"),
                call("mark_progress", {"track": "Find the Ark"}, "c2"),
            ],
        ),
        AIMessage("ok"),
    )
    result = plan(fake, None)
    assert [a.tool for a in result.actions] == ["roll_table"]
    assert "needs a campaign" in result.rejected[0][1]
    assert "(no character in play)" in str(fake.seen[0][-1].content)


@pytest.fixture(autouse=True)
def _no_embedder(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")
    yield
