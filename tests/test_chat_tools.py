"""The LLM's tools: argument checking (pure, engine messages, no dice from the model) and applying them
to a campaign (one event each, undoable)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assistant.chat.tools import (
    TOOL_MODELS,
    ToolAction,
    ToolCallError,
    apply_action,
    langchain_tools,
    validate_tool_call,
)
from assistant.engine import resolve
from assistant.store import service
from assistant.store.base import CampaignStore
from assistant.store.state import CampaignState

CAMPAIGN = "Iron Road"


@pytest.fixture
def store(tmp_path: Path) -> Iterator[CampaignStore]:
    st = service.open_store(tmp_path / "campaigns.sqlite3")
    yield st
    st.close()


@pytest.fixture
def state(store: CampaignStore) -> CampaignState:
    service.create_campaign(
        CAMPAIGN,
        "starforged",
        {"name": "Kira", "stats": {"edge": 3, "heart": 2, "iron": 2, "shadow": 1, "wits": 1}, "health": 3, "momentum": 4},
        seed=7,
        store=store,
    )
    service.create_track(CAMPAIGN, "Find the Ark", "dangerous", store=store)
    service.create_track(CAMPAIGN, "Epic Quest", "epic", ticks=38, store=store)
    return service.load_campaign(CAMPAIGN, store=store)


def check(name: str, args: object, state: CampaignState | None = None) -> ToolAction:
    return validate_tool_call(name, args, system="starforged", state=state)


def refused(name: str, args: object, state: CampaignState | None = None) -> str:
    with pytest.raises(ToolCallError) as info:
        check(name, args, state)
    return info.value.message


# ---- the schemas -----------------------------------------------------------------------------------


def test_the_five_tools_have_described_schemas_without_dice() -> None:
    assert set(TOOL_MODELS) == {"roll_move", "ask_oracle", "roll_table", "mark_progress", "adjust_meter"}
    tools = langchain_tools()
    assert [t["function"]["name"] for t in tools if isinstance(t, dict)] == list(TOOL_MODELS)
    for tool in tools:
        assert isinstance(tool, dict)
        params = tool["function"]["parameters"]
        assert tool["function"]["description"]
        assert params["additionalProperties"] is False
        assert not {"dice", "roll", "result", "outcome", "faces", "total"} & set(params["properties"])
        assert all(p.get("description") for p in params["properties"].values())


# ---- roll_move -------------------------------------------------------------------------------------


def test_roll_move_valid_builds_a_request_without_dice(state: CampaignState) -> None:
    action = check("roll_move", {"move": "face-danger", "stat": "+Edge", "adds": 1}, state)
    assert action.request == {"system": "starforged", "move": "Face Danger", "stat": "edge", "adds": 1}
    assert action.changes_state and action.summary == "Roll Face Danger +edge +1"
    assert "dice" not in action.request


@pytest.mark.parametrize("key", ["dice", "roll", "result", "outcome", "faces", "total", "Dice", "action_die"])
def test_dice_like_arguments_are_refused(key: str, state: CampaignState) -> None:
    message = refused("roll_move", {"move": "Face Danger", "stat": "edge", key: [6, 1, 1]}, state)
    assert "dice are rolled by the engine" in message


def test_dice_hidden_in_options_are_refused(state: CampaignState) -> None:
    assert "dice are rolled by the engine" in refused(
        "roll_move", {"move": "Face Danger", "stat": "edge", "options": {"dice": [6, 1, 1]}}, state
    )
    assert "dice are rolled by the engine" in refused(
        "ask_oracle", {"question": "Yes?", "odds": "likely", "result": "yes"}, state
    )


def test_unknown_move_and_stat_give_the_engines_messages(state: CampaignState) -> None:
    assert "no move called 'Teleport' in Ironsworn: Starforged" in refused("roll_move", {"move": "Teleport"}, state)
    message = refused("roll_move", {"move": "Face Danger", "stat": "charm"}, state)
    assert "charm" in message and "+edge" in message


def test_roll_move_checks_the_rules_with_the_campaign_character(store: CampaignStore, state: CampaignState) -> None:
    sheet = {**state.characters["kira"], "position": "bad_spot"}
    service.update_character(CAMPAIGN, "kira", sheet, store=store)
    bad_spot = service.load_campaign(CAMPAIGN, store=store)
    assert "Make Clash instead" in refused("roll_move", {"move": "Strike", "stat": "iron"}, bad_spot)


def test_roll_move_options_are_limited(state: CampaignState) -> None:
    assert "has no option 'teleport'" in refused(
        "roll_move", {"move": "Face Danger", "stat": "edge", "options": {"teleport": True}}, state
    )
    assert "progress comes from the campaign" in refused(
        "roll_move", {"move": "Fulfill Your Vow", "options": {"progress_ticks": 40}}, state
    )
    assert "player picks" in refused("roll_move", {"move": "Face Danger", "stat": "edge", "options": {"choose": ["x"]}}, state)
    assert "a name, not its numbers" in refused(
        "roll_move", {"move": "Fulfill Your Vow", "options": {"track": {"rank": "epic", "ticks": 40}}}, state
    )
    assert "name it in options.track" in refused("roll_move", {"move": "Fulfill Your Vow"}, state)
    assert "No track called 'Lost Vow'" in refused(
        "roll_move", {"move": "Fulfill Your Vow", "options": {"track": "Lost Vow"}}, state
    )
    action = check("roll_move", {"move": "Fulfill Your Vow", "options": {"track": "find the ark"}}, state)
    assert action.request == {"system": "starforged", "move": "Fulfill Your Vow", "options": {"track": "find the ark"}}


@pytest.mark.parametrize(
    "args, fragment",
    [
        ({"move": "Face Danger", "stat": "edge", "adds": 4}, "adds"),
        ({"move": "Face Danger", "stat": "edge", "momentum": 10}, "unknown argument 'momentum'"),
        ({"stat": "edge"}, "'move' is required"),
        ({"move": "roll:1d100"}, "use roll_table"),
        ({"move": "Face Danger", "stat": "edge", "burn": "maybe"}, "burn"),
    ],
)
def test_roll_move_schema_errors(args: dict[str, Any], fragment: str, state: CampaignState) -> None:
    assert fragment in refused("roll_move", args, state)


def test_burn_becomes_the_engine_option(state: CampaignState) -> None:
    action = check("roll_move", {"move": "Face Danger", "stat": "edge", "burn": True}, state)
    assert action.request is not None and action.request["options"] == {"burn": True}
    assert "burn" in refused("roll_move", {"move": "Face Danger", "stat": "edge", "options": {"burn": True}}, state)


# ---- arguments as text, unknown tools ----------------------------------------------------------------


def test_json_text_arguments_and_malformed_ones() -> None:
    assert check("roll_table", '{"table": "Pay the Price"}').args == {"table": "pay_the_price"}
    assert "not valid JSON" in refused("roll_table", '{"table": "Pay the')
    assert "must be a JSON object" in refused("roll_table", '["Pay the Price"]')
    assert "must be a JSON object" in refused("roll_table", 42)
    assert "Unknown tool 'roll_dice'" in refused("roll_dice", {"notation": "2d6"})


# ---- ask_oracle / roll_table -------------------------------------------------------------------------


def test_ask_oracle_needs_known_odds() -> None:
    action = check("ask_oracle", {"question": "Is the airlock sealed?", "odds": "Almost Certain"})
    assert action.request == {"system": "starforged", "move": "Ask the Oracle", "options": {"odds": "almost certain"}}
    assert not action.changes_state
    assert "give the odds" in refused("ask_oracle", {"question": "Is it?"})
    assert "odds" in refused("ask_oracle", {"question": "Is it?", "odds": "maybe"})
    assert "'question' is required" in refused("ask_oracle", {"odds": "likely"})


def test_roll_table_unknown_table_lists_the_tables() -> None:
    message = refused("roll_table", {"table": "Loot"})
    assert "no table called 'Loot'" in message and "Pay the Price" in message


# ---- mark_progress -----------------------------------------------------------------------------------


def test_mark_progress_uses_the_tracks_rank(state: CampaignState) -> None:
    action = check("mark_progress", {"track": "Find the Ark", "times": 2}, state)
    assert action.args == {"track": "find-the-ark", "times": 2, "reason": ""}
    assert "0 → 16 ticks" in action.summary  # dangerous: 2 boxes per mark
    assert "No track called 'Nope'" in refused("mark_progress", {"track": "Nope"}, state)
    assert "times" in refused("mark_progress", {"track": "Find the Ark", "times": 5}, state)
    assert "needs a campaign" in refused("mark_progress", {"track": "Find the Ark"}, None)


def test_mark_progress_on_a_full_track_is_refused(store: CampaignStore, state: CampaignState) -> None:
    service.update_track(CAMPAIGN, "epic-quest", {"ticks": 40}, store=store)
    full = service.load_campaign(CAMPAIGN, store=store)
    assert "is full" in refused("mark_progress", {"track": "epic quest"}, full)


# ---- adjust_meter ------------------------------------------------------------------------------------


def test_adjust_meter_checks_meter_delta_and_reason(state: CampaignState) -> None:
    action = check("adjust_meter", {"meter": "Health", "delta": 1, "reason": "patched up"}, state)
    assert action.args == {"meter": "health", "delta": 1, "reason": "patched up"}
    assert "(3 → 4)" in action.summary
    assert "no meter called 'sanity'" in refused("adjust_meter", {"meter": "sanity", "delta": 1, "reason": "x"}, state)
    assert "edge is a stat" in refused("adjust_meter", {"meter": "edge", "delta": 1, "reason": "x"}, state).lower()
    assert "changes nothing" in refused("adjust_meter", {"meter": "health", "delta": 0, "reason": "x"}, state)
    assert "delta" in refused("adjust_meter", {"meter": "health", "delta": -7, "reason": "x"}, state)
    assert "'reason' is required" in refused("adjust_meter", {"meter": "health", "delta": 1}, state)
    assert "reason" in refused("adjust_meter", {"meter": "health", "delta": 1, "reason": "  "}, state)
    assert "already at its maximum" in refused("adjust_meter", {"meter": "spirit", "delta": 2, "reason": "x"}, state)


# ---- nothing changes on any error --------------------------------------------------------------------


def test_validation_never_changes_the_campaign(store: CampaignStore, state: CampaignState) -> None:
    before = service.load_campaign(CAMPAIGN, store=store)
    events = len(service.campaign_events(CAMPAIGN, store=store))
    calls: list[tuple[str, object]] = [
        ("roll_move", {"move": "Face Danger", "stat": "edge"}),
        ("roll_move", {"move": "Face Danger", "dice": [6, 1, 1]}),
        ("adjust_meter", {"meter": "health", "delta": 2, "reason": "rest"}),
        ("mark_progress", {"track": "nope"}),
        ("ask_oracle", {"question": "?", "odds": "likely"}),
        ("roll_table", "{bad"),
    ]
    refusals = 0
    for name, args in calls:
        try:
            check(name, args, before)
        except ToolCallError:
            refusals += 1
    assert refusals == 3
    assert service.load_campaign(CAMPAIGN, store=store) == before == state
    assert len(service.campaign_events(CAMPAIGN, store=store)) == events


def test_apply_checks_again_and_appends_nothing_on_error(store: CampaignStore, state: CampaignState) -> None:
    forged = ToolAction(
        "roll_move",
        {"move": "Face Danger", "stat": "edge", "dice": [6, 1, 1]},
        "forged",
        True,
        {"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [6, 1, 1]},
    )
    stale = check("adjust_meter", {"meter": "health", "delta": 2, "reason": "rest"}, state)
    service.update_character(CAMPAIGN, "kira", {**state.characters["kira"], "health": 5}, store=store)
    before = service.load_campaign(CAMPAIGN, store=store)
    for action in (forged, stale):
        with pytest.raises(ToolCallError):
            apply_action(CAMPAIGN, action, store=store)
    assert service.load_campaign(CAMPAIGN, store=store) == before


# ---- applying ----------------------------------------------------------------------------------------


def test_roll_move_applies_with_engine_dice_and_undoes(store: CampaignStore, state: CampaignState) -> None:
    action = check("roll_move", {"move": "Face Danger", "stat": "edge"}, state)
    outcome = apply_action(CAMPAIGN, action, rng=random.Random(3), store=store)
    assert outcome.result is not None and outcome.event_seq is not None
    expected = resolve({**action.request, "character": state.characters["kira"]}, rng=random.Random(3))  # type: ignore[dict-item]
    assert outcome.result.dice == expected.dice and outcome.result.outcome == expected.outcome
    after = service.load_campaign(CAMPAIGN, store=store)
    assert after.last_seq == outcome.event_seq and after.moves == 1
    assert after.characters["kira"] == {**outcome.result.character, "id": "kira", "name": "Kira"}  # type: ignore[dict-item]
    service.undo_last(CAMPAIGN, store=store)
    undone = service.load_campaign(CAMPAIGN, store=store)
    assert undone.characters == state.characters and undone.moves == 0


def test_rolls_without_rng_use_the_campaign_seed(store: CampaignStore, state: CampaignState) -> None:
    action = check("ask_oracle", {"question": "Is the station abandoned?", "odds": "likely"}, state)
    outcome = apply_action(CAMPAIGN, action, store=store)
    seeded = resolve(action.request or {}, rng=service.campaign_rng(7, outcome.event_seq or 0))
    assert outcome.result is not None and outcome.result.dice == seeded.dice
    assert outcome.result.roll == "oracle" and outcome.result.outcome in ("yes", "no")
    event = service.campaign_events(CAMPAIGN, store=store)[-1].event
    assert event.type == "move_resolved" and event.dice_source == "campaign"


def test_roll_table_applies(store: CampaignStore, state: CampaignState) -> None:
    outcome = apply_action(CAMPAIGN, check("roll_table", {"table": "pay the price"}, state), rng=random.Random(5), store=store)
    assert outcome.result is not None and outcome.result.roll == "table"
    assert outcome.result.table is not None and outcome.result.table["table"] == "pay_the_price"
    assert service.load_campaign(CAMPAIGN, store=store).characters == state.characters


def test_mark_progress_applies_by_rank_and_undoes(store: CampaignStore, state: CampaignState) -> None:
    outcome = apply_action(CAMPAIGN, check("mark_progress", {"track": "find the ark", "reason": "clue"}, state), store=store)
    after = service.load_campaign(CAMPAIGN, store=store)
    assert after.tracks["find-the-ark"]["ticks"] == 8 and after.tracks["find-the-ark"]["boxes"] == 2
    assert outcome.result is not None and outcome.result.effects[0].before == 0 and outcome.result.effects[0].after == 8
    event = service.campaign_events(CAMPAIGN, store=store)[-1]
    assert event.seq == outcome.event_seq and event.event.type == "move_resolved"
    assert event.event.request["move"] == "progress:mark" and event.event.request["options"]["reason"] == "clue"  # type: ignore[union-attr]
    epic = apply_action(CAMPAIGN, check("mark_progress", {"track": "Epic Quest", "times": 4}, after), store=store)
    assert epic.result is not None and epic.result.track is not None and epic.result.track["ticks"] == 40  # capped
    service.undo_last(CAMPAIGN, store=store)
    service.undo_last(CAMPAIGN, store=store)
    assert service.load_campaign(CAMPAIGN, store=store).tracks == state.tracks


def test_adjust_meter_is_bounded_recorded_and_undoable(store: CampaignStore, state: CampaignState) -> None:
    outcome = apply_action(CAMPAIGN, check("adjust_meter", {"meter": "health", "delta": 5, "reason": "Heal"}, state), store=store)
    after = service.load_campaign(CAMPAIGN, store=store)
    assert after.characters["kira"]["health"] == 5  # 3 + 5, capped at the sheet's 5
    assert outcome.result is not None
    effect = outcome.result.effects[0]
    assert (effect.target, effect.before, effect.after, effect.delta) == ("health", 3, 5, 2)
    stored = service.campaign_events(CAMPAIGN, store=store)[-1]
    assert stored.seq == outcome.event_seq and stored.event.type == "move_resolved"
    assert stored.event.result["effects"][0]["reason"] == "Heal"  # type: ignore[union-attr]
    assert "(3 → 5)" in outcome.action.summary
    service.undo_last(CAMPAIGN, store=store)
    assert service.load_campaign(CAMPAIGN, store=store).characters == state.characters


def test_momentum_is_capped_by_impacts(store: CampaignStore, state: CampaignState) -> None:
    sheet = {**state.characters["kira"], "momentum": 5, "impacts": ["wounded", "shaken", "unprepared"]}
    service.update_character(CAMPAIGN, "kira", sheet, store=store)
    current = service.load_campaign(CAMPAIGN, store=store)
    apply_action(CAMPAIGN, check("adjust_meter", {"meter": "momentum", "delta": 3, "reason": "x"}, current), store=store)
    capped = service.load_campaign(CAMPAIGN, store=store)
    assert capped.characters["kira"]["momentum"] == 7  # max momentum is 10 - 3 impacts
    assert "already at its maximum (7)" in refused("adjust_meter", {"meter": "momentum", "delta": 1, "reason": "x"}, capped)


# ---- any input: a ToolAction or a ToolCallError, nothing else ------------------------------------------

_json = st.recursive(
    st.none() | st.booleans() | st.integers(-100, 100) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=8,
)
_keys = st.sampled_from(
    ["move", "stat", "adds", "burn", "options", "question", "odds", "table", "track", "times", "meter", "delta", "reason"]
)
_values = st.one_of(
    st.sampled_from(
        ["Face Danger", "edge", "health", "likely", "Pay the Price", "Find the Ark", "Strike", "momentum", "Fulfill Your Vow"]
    ),
    st.integers(-8, 8),
    _json,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from([*TOOL_MODELS, "roll_dice", ""]), args=st.dictionaries(_keys, _values, max_size=5) | _json)
def test_only_tool_call_errors_escape(name: str, args: object, state: CampaignState) -> None:
    try:
        action = check(name, args, state)
    except ToolCallError as exc:
        assert exc.message
    else:
        assert action.tool == name and (action.request is None or "dice" not in action.request)


def test_a_move_written_as_the_suggestion_list_shows_it_is_that_move_and_stat() -> None:
    """A model copies the list's labels into its calls: "Face Danger +iron (2)" is Face Danger rolled +iron."""
    from assistant.chat.tools import validate_tool_call

    for label, stat in (("Face Danger +iron (2)", "iron"), ("Face Danger (+edge)", "edge"), ("Face Danger +wits", "wits")):
        action = validate_tool_call("roll_move", {"move": label}, system="starforged", state=None)
        assert action.request == {"system": "starforged", "move": "Face Danger", "stat": stat}
    stated = validate_tool_call("roll_move", {"move": "Face Danger +iron (2)", "stat": "heart"}, system="starforged", state=None)
    assert stated.request["stat"] == "heart"  # a stat given on its own wins over the label's
