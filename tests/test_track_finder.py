"""Finding a move's track and clock from the campaign and the player's words, and the store-vs-card check."""

from __future__ import annotations

from typing import Any

import pytest

from assistant.chat.clock_finder import bind_clock, clock_step, project_name
from assistant.chat.fitting import bind, certain_miss
from assistant.chat.track_finder import find_track, name_from_words, name_score, rank_in, track_need
from assistant.engine import InputError, Result, get_ruleset
from assistant.engine.tracks import Rank
from assistant.store.card_check import card_differences
from assistant.store.state import CampaignState


def state(
    system: str = "starforged", tracks: dict[str, Any] | None = None, clocks: dict[str, Any] | None = None
) -> CampaignState:
    return CampaignState(name="t", system=system, tracks=tracks or {}, clocks=clocks or {})


def vow(name: str, ticks: int = 0, **more: Any) -> dict[str, Any]:
    return {"name": name, "kind": "vow", "rank": "dangerous", "ticks": ticks, **more}


@pytest.mark.parametrize(
    ("words", "kind", "name"),
    [
        ("I swear a dangerous iron vow to find my lost sister", "vow", "Find my lost sister"),
        ("I vow to avenge the miners of Tarsis.", "vow", "Avenge the miners of Tarsis"),
        ("I enter the fray against a dangerous raider gang", "combat", "Raider gang"),
        ("I make a connection with the dockmaster Vess", "connection", "The dockmaster Vess"),
        ("I undertake a formidable expedition across the ice fields", "expedition", "The ice fields"),
        ("I sing an epic elegy for the burned village of Vell", "elegy", "The burned village of Vell"),
        ("I leap into the fight", "combat", "The fight"),  # no foe in the words: not "Leap into the fight"
        ("i strike him with my blade", "combat", "The fight"),  # not "Strike him"
        ("I punch Kraven in the jaw", "combat", "Kraven"),  # a name before "the jaw"
    ],
)
def test_a_new_track_is_named_from_the_words(words: str, kind: str, name: str) -> None:
    assert name_from_words(words, kind) == name


def test_the_rank_comes_from_the_words() -> None:
    assert rank_in("a DANGEROUS vow") is Rank.DANGEROUS
    assert rank_in("an epic quest") is Rank.EPIC
    assert rank_in("a hard vow") is None


def test_a_track_is_named_loosely() -> None:
    assert name_score("Find my lost sister", "another milestone on my vow to find my sister's trail") >= 0.5
    assert name_score("Find my lost sister", "I reach a milestone on the raider vow") == 0


def test_named_then_only_then_most_recent() -> None:
    s = state(tracks={"a": vow("Find my lost sister"), "b": vow("Repair the ship"), "c": vow("Old", status="completed")})
    need = track_need(get_ruleset("starforged").find_move("Reach a Milestone"))
    assert need is not None and (need.kind, need.starts) == ("vow", False)
    named = find_track(s, need, "a milestone on my vow to find my sister")
    assert named.track_id == "a" and "named in your words" in named.note
    recent = find_track(s, need, "I reach a milestone")
    assert recent.track_id == "b" and "most recent" in recent.note and "Find my lost sister" in recent.note
    only = find_track(state(tracks={"a": vow("Find my lost sister"), "c": vow("Old", status="completed")}), need, "x")
    assert only.track_id == "a" and "only open vow" in only.note


def test_a_starting_move_makes_a_new_track_unless_the_words_name_one() -> None:
    s = state(tracks={"x": {"name": "The ice fields", "kind": "expedition", "rank": "formidable", "ticks": 8}})
    request, notes = bind(s, {"move": "Undertake an Expedition", "stat": "edge"}, "I press on across the ice fields")
    assert request["options"]["track"] == "x" and "Continues" in notes[0]
    request, notes = bind(s, {"move": "Swear an Iron Vow", "stat": "heart"}, "I swear to find the ice fields' maker")
    assert request["options"]["track"] == {"name": "Find the ice fields' maker", "rank": "formidable"}
    assert "no rank in your words" in notes[0]


def test_swearing_a_vow_set_up_with_track_swears_that_vow_not_a_second_one() -> None:
    s = state(tracks={"w": vow("Find my sister on the Wayfarer station"), "old": vow("Find my sister's killer", ticks=12)})
    request, notes = bind(s, {"move": "Swear an Iron Vow", "stat": "heart"}, "I swear an iron vow to find my sister")
    assert request["options"]["track"] == "w" and "Find my sister on the Wayfarer station" in notes[0]
    # a vow already under way is another one: the words' own vow is new
    s = state(tracks={"old": vow("Find my sister's killer", ticks=12)})
    request, _ = bind(s, {"move": "Swear an Iron Vow", "stat": "heart"}, "I swear an iron vow to find my sister")
    assert request["options"]["track"] == {"name": "Find my sister", "rank": "formidable"}
    # a name that only shares a word with the vow set up is new too
    s = state(tracks={"w": vow("Find my sister on the Wayfarer station")})
    request, _ = bind(s, {"move": "Swear an Iron Vow", "stat": "heart"}, "I swear to find the station's builder")
    assert isinstance(request["options"]["track"], dict)


def test_a_move_without_its_track_is_refused_in_words() -> None:
    with pytest.raises(InputError) as err:
        bind(state(), {"move": "Strike", "stat": "iron"}, "I strike", strict=True)
    assert "Enter the Fray" in str(err.value) and "options" not in str(err.value)
    request, notes = bind(state(), {"move": "Strike", "stat": "iron"}, "I strike")  # suggesting: a note only
    assert "options" not in request and "no open fight" in notes[0]


def test_every_move_that_touches_a_track_knows_its_kind() -> None:
    for system in ("starforged", "elegy"):
        for move in get_ruleset(system).moves:
            kinds = {e.type for o in move.outcomes.values() for e in o.effects} | {e.type for e in move.before_roll}
            if kinds & {"mark_progress", "clear_progress", "raise_rank", "clear_track"} or move.roll.type == "progress":
                assert track_need(move) is not None or "legacy" in str(move.roll.track), move.id


def test_blades_projects_and_campaign_clocks() -> None:
    blades = state("blades")
    request, notes = bind_clock(
        blades, {"move": "Long-Term Project", "stat": "study"}, "I research a 6-segment clock on the ghost door"
    )
    assert request["options"]["clock"]["segments"] == 6 and "6-segment" in notes[0]
    assert project_name("I work on a long-term project to get my family sword back") == "Get my family sword back"
    clocks = {"a": {"name": "The alarm", "segments": 4, "filled": 1}, "b": {"name": "Rivals", "segments": 6, "filled": 0}}
    assert clock_step(state(clocks=clocks), "the alarm", 2) == {"move": "clock:advance", "options": {"clock": "a", "by": 2}}
    assert clock_step(state(clocks=clocks), "rival", -1) == {"move": "clock:clear", "options": {"clock": "b", "by": 1}}
    with pytest.raises(InputError, match="/clock 6 The storm"):
        clock_step(state(clocks=clocks), "The storm", 1)


def test_certain_miss() -> None:
    assert certain_miss({"outcomes": {"strong_hit": 0, "weak_hit": 0.0, "miss": 100.0}})
    assert not certain_miss({"outcomes": {"strong_hit": 1, "weak_hit": 0, "miss": 99}})
    assert not certain_miss(None)


def test_the_card_check_finds_what_the_store_does_not_hold() -> None:
    s = state(tracks={"a": vow("Find my lost sister", 8)})
    s.characters = {"pc": {"id": "pc", "momentum": 3, "position": "in_control"}}
    s.active_character = "pc"
    result = Result.model_validate(
        {
            "system": "starforged",
            "move": "Reach a Milestone",
            "move_id": "reach_a_milestone",
            "roll": "none",
            "outcome": "none",
            "character": {"id": "pc"},
            "effects": [
                {"kind": "progress", "target": "Find my lost sister", "before": 0, "after": 8},
                {"kind": "meter", "target": "momentum", "before": 2, "after": 4},
                {"kind": "position", "target": "position", "before": None, "after": "bad_spot"},
            ],
        }
    )
    differences = card_differences(s, result)
    assert len(differences) == 2
    assert any("momentum" in d for d in differences) and any("position" in d for d in differences)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("I attack the raider with my blade", "The raider"),
        ("I ambush the convoy from the ridge", "The convoy"),
        ("I attack the man with the iron mask", "The man with the iron mask"),
        ("I confront the leader of the cult", "The leader of the cult"),
    ],
)
def test_a_fight_is_named_for_the_foe_not_the_weapon(text: str, name: str) -> None:
    from assistant.chat.track_finder import name_from_words

    assert name_from_words(text, "combat") == name


def test_a_fight_is_named_for_the_foe_not_for_how_it_is_fought() -> None:
    from assistant.chat.track_finder import name_from_words

    assert name_from_words("A raider lunges at me with a vibroblade; I fight back", "combat") == "The raider"
    assert name_from_words("We fight on against the Iron Legion", "combat") == "The Iron Legion"
    assert name_from_words("I fight back", "combat") == "The fight"  # no foe in the words: the kind's own name
    assert name_from_words("I fight the raider with my blade", "combat") == "The raider"
