"""The engine's doors (``meter:``, ``impact:``, ``progress:``, ``clock:``): every state change is a resolution,
so each system's knock-on rules apply however it is asked for (engine request, chat command, model tool)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from assistant.chat.session import ChatSession
from assistant.chat.tools import apply_action, validate_tool_call
from assistant.engine import AssistantError, InputError, Result, RulesError, UnknownNameError, resolve
from assistant.store import service
from assistant.store.base import CampaignStore


def door(system: str, move: str, character: dict[str, Any] | None = None, **options: Any) -> Result:
    request: dict[str, Any] = {"system": system, "move": move, "options": options}
    if character is not None:
        request["character"] = character
    return resolve(request)


def changes(result: Result) -> list[tuple[str, Any, Any]]:
    return [(e.target, e.before, e.after) for e in result.effects]


# ---- knock-on rules ------------------------------------------------------------------------------------


def test_blades_heat_rolls_over_into_a_wanted_level() -> None:
    """The text: "if your heat was 7 and you took 4 heat, you'd reset with 2 heat marked" (and gain a wanted level)."""
    r = door("blades", "meter:heat", {"heat": 7}, delta=4, reason="bodies in the canal")
    assert (r.character["heat"], r.character["wanted_level"]) == (2, 1)
    assert changes(r) == [("heat", 7, 2), ("wanted_level", 0, 1)]
    assert r.effects[0].reason == "bodies in the canal" and r.roll == "none" and r.outcome == "none"


def test_blades_heat_reaching_exactly_nine_clears_it() -> None:
    r = door("blades", "meter:heat", {"heat": 7, "wanted_level": 2}, delta=2)
    assert (r.character["heat"], r.character["wanted_level"]) == (0, 3)


def test_blades_stress_past_the_ninth_box_is_a_trauma() -> None:
    r = door("blades", "meter:stress", {"stress": 7, "trauma": 1}, delta=4)
    assert (r.character["stress"], r.character["trauma"]) == (0, 2)


def test_starforged_supply_reduced_to_zero_marks_unprepared() -> None:
    r = door("starforged", "meter:supply", {"supply": 1}, delta=-1)
    assert r.character["supply"] == 0 and "unprepared" in r.character["impacts"]


def test_starforged_momentum_at_its_minimum_opens_the_lose_momentum_choice() -> None:
    r = door("starforged", "meter:momentum", {"momentum": -6}, delta=-2)
    assert [c.id for c in r.choices] == ["lose_momentum_at_minimum"]


def test_starforged_marking_an_impact_lowers_max_momentum() -> None:
    r = door("starforged", "impact:wounded", {"momentum": 10})
    assert changes(r) == [("wounded", False, True), ("momentum", 10, 9)]
    cleared = door("starforged", "impact:wounded", r.character, mark=False)
    assert cleared.character["impacts"] == []


def test_elegy_losing_health_at_zero_marks_wounded_then_permanently_harmed() -> None:
    first = door("elegy", "meter:health", {"health": 0}, delta=-1)
    assert first.character["impacts"] == ["wounded"]
    second = door("elegy", "meter:health", first.character, delta=-1)
    assert second.character["impacts"] == ["wounded", "permanently_harmed"]
    third = door("elegy", "meter:health", second.character, delta=-1)
    assert [f.move for f in third.follow_ups] == ["Face Last Death"]


def test_dungeon_world_hp_is_bounded_by_max_hp() -> None:
    r = door("dungeon-world", "meter:hp", {"hp": 10, "max_hp": 12}, delta=5)
    assert r.character["hp"] == 12


def test_set_moves_a_meter_to_a_value() -> None:
    r = door("city", "meter:heat", {"heat": 1}, set=4)
    assert changes(r) == [("heat", 1, 4)]


# ---- tracks and clocks ---------------------------------------------------------------------------------


def test_progress_start_mark_and_clear() -> None:
    started = door("starforged", "progress:start", track={"name": "Find the ship", "rank": "dangerous"})
    assert started.track == {"name": "Find the ship", "kind": "vow", "rank": "dangerous", "ticks": 0, "boxes": 0}
    assert started.started == ["track"]
    marked = door("starforged", "progress:mark", track=started.track, times=2)
    assert marked.track is not None and (marked.track["ticks"], marked.started) == (16, [])
    cleared = door("starforged", "progress:clear", track=marked.track, boxes=1)
    assert cleared.track is not None and cleared.track["ticks"] == 12
    emptied = door("starforged", "progress:clear", track=cleared.track)
    assert emptied.track is not None and emptied.track["ticks"] == 0


def test_clock_start_advance_fill_and_clear() -> None:
    started = door("blades", "clock:start", clock={"name": "The alarm", "segments": 6})
    assert started.clock == {"name": "The alarm", "segments": 6, "filled": 0, "full": False} and started.started == ["clock"]
    advanced = door("blades", "clock:advance", clock=started.clock, by=2)
    assert advanced.clock is not None and advanced.clock["filled"] == 2
    full = door("blades", "clock:fill", clock=advanced.clock)
    assert full.clock is not None and full.clock["full"] and "The clock is full." in full.notes
    cleared = door("blades", "clock:clear", clock=full.clock, by=1)
    assert cleared.clock is not None and cleared.clock["filled"] == 5


# ---- refusals: plain words, the missing value named, nothing changed -----------------------------------


@pytest.mark.parametrize(
    ("request_", "error", "missing"),
    [
        ({"system": "blades", "move": "meter:heat"}, InputError, "delta"),
        ({"system": "blades", "move": "meter:heat", "options": {"delta": 0}}, InputError, "delta"),
        ({"system": "starforged", "move": "meter:edge", "options": {"delta": 1}}, UnknownNameError, "meter"),
        ({"system": "starforged", "move": "meter:sanity", "options": {"delta": 1}}, UnknownNameError, "meter"),
        ({"system": "starforged", "move": "progress:mark"}, InputError, "track"),
        ({"system": "starforged", "move": "progress:start", "options": {"track": {"name": "X"}}}, InputError, "rank"),
        ({"system": "starforged", "move": "clock:start", "options": {"clock": {"name": "X"}}}, InputError, "segments"),
        ({"system": "blades", "move": "clock:advance"}, InputError, "clock"),
        ({"system": "blades", "move": "clock:wind"}, UnknownNameError, "action"),
        ({"system": "blades", "move": "impact:wounded"}, UnknownNameError, "impact"),
    ],
)
def test_bad_door_requests_name_what_is_missing(request_: dict[str, Any], error: type, missing: str) -> None:
    with pytest.raises(error) as info:
        resolve(request_)
    assert info.value.missing == missing
    assert "options." not in info.value.message and "_" not in info.value.message.split(":")[-1]


@pytest.mark.parametrize(
    "request_",
    [
        {"system": "starforged", "move": "meter:health", "options": {"delta": 1}},
        {"system": "starforged", "move": "impact:wounded", "options": {"mark": False}},
        {"system": "blades", "move": "progress:mark", "options": {"track": {"rank": "epic"}}},
        {"system": "blades", "move": "clock:clear", "options": {"clock": {"segments": 4}}},
        {"system": "starforged", "move": "progress:mark", "options": {"track": {"rank": "epic", "ticks": 40}}},
    ],
)
def test_changes_that_change_nothing_are_refused(request_: dict[str, Any]) -> None:
    with pytest.raises(RulesError):
        resolve(request_)


def test_a_door_rolls_no_dice_and_takes_no_stat_or_unknown_options() -> None:
    for bad in (
        {"dice": [3]},
        {"stat": "edge"},
        {"options": {"delta": 1, "burn": True}},
    ):
        with pytest.raises(InputError):
            resolve({"system": "starforged", "move": "meter:momentum", "options": {"delta": 1}, **bad})


def test_the_missing_value_travels_in_the_json_error() -> None:
    with pytest.raises(AssistantError) as info:
        resolve({"system": "starforged", "move": "meter:edge", "options": {"delta": 1}})
    data = info.value.to_dict()
    assert data["type"] == "unknown_name" and data["missing"] == "meter" and "health" in data["choices"]


# ---- through a campaign: chat commands and model tools -------------------------------------------------


@pytest.fixture
def store(tmp_path: Path) -> Iterator[CampaignStore]:
    st = service.open_store(tmp_path / "campaigns.sqlite3")
    yield st
    st.close()


def test_blades_meter_command_and_tool_apply_the_roll_over(store: CampaignStore) -> None:
    service.create_campaign("Crows", "blades", {"name": "Vex", "heat": 7}, seed=1, store=store)
    session = ChatSession.open("Crows", store=store)
    turn = session.send("/meter heat +4 the Bluecoats found the bodies")
    assert turn.kind == "command", turn.error
    sheet = session.state.active() or {}
    assert (sheet["heat"], sheet["wanted_level"]) == (2, 1)
    assert "wanted level 0 → 1" in turn.narration
    session.send("/undo")
    state = service.load_campaign("Crows", store=store)
    action = validate_tool_call("adjust_meter", {"meter": "heat", "delta": 4, "reason": "bodies"}, system="blades", state=state)
    outcome = apply_action("Crows", action, store=store)
    sheet = service.load_campaign("Crows", store=store).active() or {}
    assert (sheet["heat"], sheet["wanted_level"]) == (2, 1) and outcome.result is not None
    assert service.replay("Crows", store=store).characters == service.load_campaign("Crows", store=store).characters


def test_track_and_clock_commands_start_them_through_the_engine(store: CampaignStore) -> None:
    service.create_campaign("Iron Road", "starforged", {"name": "Kira"}, seed=1, store=store)
    session = ChatSession.open("Iron Road", store=store)
    assert session.send("/track dangerous Find my sister").kind == "command"
    assert session.send("/clock 6 The alarm is raised").kind == "command"
    state = session.reload()
    assert state.tracks["find-my-sister"]["rank"] == "dangerous"
    assert state.clocks["the-alarm-is-raised"]["segments"] == 6
    assert session.send("/progress find my sister 2").kind == "command"
    assert session.reload().tracks["find-my-sister"]["ticks"] == 16
    moves = [e.event for e in service.campaign_events("Iron Road", store=store) if e.event.type == "move_resolved"]
    assert [m.request["move"] for m in moves] == ["progress:start", "clock:start", "progress:mark"]  # type: ignore[union-attr]
    session.send("/undo")
    session.send("/undo")
    assert session.reload().clocks == {} and session.state.tracks["find-my-sister"]["ticks"] == 0
    service.replay("Iron Road", store=store)


def test_a_move_that_starts_a_track_and_clock_adds_them_to_the_campaign(store: CampaignStore) -> None:
    service.create_campaign("Iron Road", "starforged", {"name": "Kira"}, seed=1, store=store)
    result = service.resolve_in_campaign("Iron Road", {"move": "Begin the Scene", "options": {"segments": 6}}, store=store)
    assert result.started == ["track", "clock"]
    state = service.load_campaign("Iron Road", store=store)
    assert state.tracks["objective"]["kind"] == "scene" and state.clocks["tension"]["segments"] == 6


def test_swearing_a_vow_in_a_campaign_starts_its_track(store: CampaignStore) -> None:
    service.create_campaign("Iron Road", "starforged", {"name": "Kira"}, seed=1, store=store)
    vow = {"move": "Swear an Iron Vow", "stat": "heart", "options": {"track": {"name": "Find my sister", "rank": "dangerous"}}}
    result = service.resolve_in_campaign("Iron Road", {**vow, "dice": [5, 1, 2]}, store=store)
    assert result.started == ["track"]
    state = service.load_campaign("Iron Road", store=store)
    assert state.tracks["find-my-sister"] == {
        "name": "Find my sister",
        "kind": "vow",
        "rank": "dangerous",
        "ticks": 0,
        "boxes": 0,
    }
    again = service.resolve_in_campaign(
        "Iron Road", {**vow, "options": {"track": "find my sister"}, "dice": [5, 1, 2]}, store=store
    )
    assert again.started == [] and len(service.load_campaign("Iron Road", store=store).tracks) == 1  # a running vow is not new
    service.undo_last("Iron Road", store=store)
    service.undo_last("Iron Road", store=store)
    assert service.load_campaign("Iron Road", store=store).tracks == {}
