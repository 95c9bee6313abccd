"""Fold, snapshots, undo and replay of campaigns, on SQLite and PostgreSQL."""

from __future__ import annotations

import contextlib
import random

import pytest

from assistant.engine import get_ruleset, resolve
from assistant.errors import InputError, UnknownNameError
from assistant.store import base as store_base
from assistant.store import service
from assistant.store.base import CampaignStore
from assistant.store.events import ChatMessage, MoveResolved
from assistant.store.state import CampaignState, advance, fold
from tests.store_fixtures import *  # noqa: F403
from tests.store_fixtures import FACE_DANGER_STRONG, FACE_DANGER_WEAK


def test_new_campaign_has_the_systems_default_character(store: CampaignStore) -> None:
    state = service.create_campaign("Iron Road", "starforged", seed=7)
    default = get_ruleset("starforged").default_character()
    assert state.name == "Iron Road" and state.system == "starforged" and state.seed == 7
    assert state.active_character == "pc1"
    assert state.characters["pc1"] == {**default, "id": "pc1"}
    assert [e.type for e in store.events("Iron Road")] == ["campaign_created", "character_added"]
    assert [c.name for c in service.list_campaigns()] == ["Iron Road"]
    with pytest.raises(InputError, match="already exists"):
        service.create_campaign("Iron Road", "starforged")


def test_a_move_uses_and_saves_the_active_character(store: CampaignStore) -> None:
    service.create_campaign("c", "starforged", {"name": "Kira", "momentum": 4}, seed=1)
    result = service.resolve_in_campaign("c", FACE_DANGER_STRONG)
    assert (result.outcome, result.dice) == ("strong_hit", [6, 1, 2])
    assert result.character is not None and result.character["momentum"] == 5
    state = service.load_campaign("c")
    assert state.characters["kira"]["momentum"] == 5 and state.characters["kira"]["name"] == "Kira"
    ev = store.events("c")[-1]
    assert isinstance(ev.event, MoveResolved) and ev.seq == 3
    assert ev.event.result == result.to_dict()
    assert ev.event.state_change.before["momentum"] == 4 and ev.event.state_change.after["momentum"] == 5
    assert ev.event.dice_source == "forced" and ev.event.character_source == "campaign"
    assert "character" not in ev.event.request and ev.event.request["system"] == "starforged"
    # the next move starts from the saved state
    again = service.resolve_in_campaign("c", {**FACE_DANGER_STRONG, "system": "starforged"})
    assert again.character_before is not None and again.character_before["momentum"] == 5
    assert service.load_campaign("c").characters["kira"]["momentum"] == 6


def test_bad_input_appends_nothing(store: CampaignStore) -> None:
    service.create_campaign("c", "starforged", seed=1)
    bad = [
        {"move": "No Such Move", "stat": "edge"},
        {"move": "Face Danger", "stat": "edge", "dice": [4, 2]},  # too few dice
        {"move": "Face Danger", "stat": "nope", "dice": [4, 2, 9]},
        {"move": "Face Danger", "stat": "edge", "bogus": 1},
        {"move": "Face Danger", "system": "nosuchsystem"},
        {"move": "Face Danger", "stat": "edge", "character_id": "ghost"},
        {"move": "Face Danger", "stat": "edge", "options": {"track": "no such track"}},
        "not json",
        [1, 2],
    ]
    for request in bad:
        with pytest.raises(InputError):
            service.resolve_in_campaign("c", request)  # type: ignore[arg-type]
    with pytest.raises(UnknownNameError):
        service.resolve_in_campaign("missing", FACE_DANGER_WEAK)
    assert store.info("c").last_seq == 2


def test_several_characters_and_character_id(store: CampaignStore) -> None:
    service.create_campaign("party", "starforged", {"name": "Kira"}, seed=3)
    second = service.add_character("party", {"name": "Ash", "stats": {"edge": 1}})
    assert second == "ash"
    service.resolve_in_campaign("party", {**FACE_DANGER_STRONG, "character_id": "Ash"})
    state = service.load_campaign("party")
    assert state.active_character == "kira"
    assert state.characters["ash"]["momentum"] == 3 and state.characters["kira"]["momentum"] == 2
    service.set_active_character("party", "ash")
    result = service.resolve_in_campaign("party", FACE_DANGER_WEAK)  # 4+1=5 vs 2, 9: weak hit
    assert result.stat_value == 1 and result.outcome == "weak_hit"
    assert service.load_campaign("party").active_character == "ash"


def test_tracks_and_clocks_named_in_a_move_are_saved(store: CampaignStore) -> None:
    service.create_campaign("c", "starforged", seed=1)
    tid = service.create_track("c", "Find the ship", rank="dangerous", ticks=8)
    cid = service.create_clock("c", "Storm", segments=6, filled=1)
    service.update_clock("c", "Storm", filled=3)
    service.update_track("c", tid, {"ticks": 12})
    result = service.resolve_in_campaign("c", {**FACE_DANGER_WEAK, "options": {"track": "find the ship", "clock": cid}})
    assert result.track is not None and result.track["ticks"] == 12 and result.track["name"] == "Find the ship"
    state = service.load_campaign("c")
    assert state.tracks[tid]["ticks"] == 12 and state.tracks[tid]["rank"] == "dangerous"
    assert state.clocks[cid] == {"name": "Storm", "segments": 6, "filled": 3, "full": False}
    service.set_slot("c", "factions", "Iron Syndicate", {"tier": 2})
    assert service.load_campaign("c").slots == {"factions": {"Iron Syndicate": {"tier": 2}}}


def _play(name: str, rng: random.Random, steps: int) -> None:
    """A seeded mix of every kind of event."""
    for i in range(steps):
        roll = rng.random()
        if roll < 0.35:
            request = dict(FACE_DANGER_STRONG if rng.random() < 0.5 else FACE_DANGER_WEAK)
            if rng.random() < 0.4:
                request.pop("dice")  # the campaign's seeded dice
                request["adds"] = rng.randint(0, 10)
            service.resolve_in_campaign(name, request)
        elif roll < 0.55:
            service.append_chat(name, rng.choice(["user", "assistant"]), f"message {i}")
        elif roll < 0.62:
            service.add_character(name, {"name": f"Hero {i}", "momentum": rng.randint(-6, 10)})
        elif roll < 0.70:
            service.create_track(name, f"Vow {i}", rank="formidable", ticks=rng.randint(0, 40))
        elif roll < 0.76:
            service.create_clock(name, f"Clock {i}", segments=6, filled=rng.randint(0, 6))
        elif roll < 0.82:
            state = service.load_campaign(name)
            service.set_active_character(name, rng.choice(sorted(state.characters)))
        elif roll < 0.88:
            service.record_narration(name, service.load_campaign(name).last_seq, f"narration {i}")
        else:
            with contextlib.suppress(InputError):
                service.undo_last(name)


def test_fold_snapshot_and_replay_agree(store: CampaignStore, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_base, "SNAPSHOT_EVERY", 7)
    service.create_campaign("long", "starforged", seed=99)
    _play("long", random.Random(5), 60)
    events = store.events("long")
    assert [e.seq for e in events] == list(range(1, len(events) + 1))
    from_scratch = fold(events)
    assert store.load("long", use_snapshot=False) == from_scratch
    assert store.load("long") == from_scratch  # from a snapshot plus the tail
    assert service.replay("long") == from_scratch
    # every prefix folds to the state loaded "as of" that event
    for upto in (1, 2, len(events) // 2, len(events) - 1):
        assert store.load("long", upto=upto) == fold(events[:upto])


def test_advancing_a_state_equals_the_fold_and_leaves_the_state_alone(store: CampaignStore) -> None:
    service.create_campaign("adv", "starforged", seed=3)
    rng = random.Random(8)
    for i in range(6):
        _play("adv", rng, 10)
        service.set_slot("adv", "factions", f"Guild {i % 3}", {"tier": i})  # slots are dicts in a dict
    service.resolve_in_campaign("adv", FACE_DANGER_WEAK)
    service.undo_last("adv")
    events = store.events("adv")
    assert {"undo", "slot_updated", "move_resolved", "character_added"} <= {e.type for e in events}
    start, done = fold(events[:2]), 2
    steps = [1, 3, 1, 7, 2, 11, 5] * 20
    undos = [e.seq for e in events if e.type == "undo"]
    while done < len(events):
        # an undo comes in a step of its own, after the event it takes back (an undo marks that event's lines)
        step = 1 if events[done].type == "undo" else min([steps.pop()] + [u - 1 - done for u in undos if u - 1 > done])
        chunk = events[done : done + step]
        before = start.model_copy(deep=True)
        # events decoded afresh, as a reload reads them (the fold may then share their values)
        fresh = store.events("adv", after=done, upto=done + step)
        advanced = advance(start, fresh)
        assert start == before  # the state a page may still hold is not changed under it
        done += len(chunk)
        assert advanced == fold(events[:done])
        start = advanced
    assert done == len(events) and start == store.load("adv", use_snapshot=False)
    assert advance(start, []) is start


def test_undo_compensates_and_keeps_history(store: CampaignStore) -> None:
    service.create_campaign("u", "starforged", seed=1)
    after_first = service.load_campaign("u")
    service.resolve_in_campaign("u", FACE_DANGER_STRONG)  # momentum 2 -> 3
    after_move = service.load_campaign("u")
    service.append_chat("u", "user", "I run.")
    added = service.add_character("u", {"name": "Ash"}, active=True)
    tid = service.create_track("u", "Vow", ticks=4)
    service.update_track("u", tid, {"ticks": 8})

    undo = service.undo_last("u")  # the track update
    assert undo.event.target_seq == 7  # type: ignore[union-attr]
    assert service.load_campaign("u").tracks[tid]["ticks"] == 4
    service.undo_last("u")  # track created
    service.undo_last("u")  # character added
    state = service.load_campaign("u")
    assert tid not in state.tracks and added not in state.characters and state.active_character == "pc1"
    assert state.characters == after_move.characters
    service.undo_last("u")  # the move (the chat message is not undoable: it stays)
    state = service.load_campaign("u")
    assert state.characters == after_first.characters and state.moves == 0
    assert [t.undone for t in state.transcript if t.kind == "move"] == [True]
    assert any(t.kind == "chat" and t.text == "I run." and not t.undone for t in state.transcript)
    service.undo_last("u")  # the starting character
    assert service.load_campaign("u").characters == {}
    with pytest.raises(InputError, match="Nothing to undo"):
        service.undo_last("u")
    # history is never rewritten: 8 events then 5 undos
    types = [e.type for e in store.events("u")]
    assert (
        types[:8]
        == [
            "campaign_created",
            "character_added",
            "move_resolved",
            "chat_message",
            "character_added",
            "track_created",
            "track_updated",
            "undo",
        ]
        and types.count("undo") == 5
    )
    assert service.replay("u") == service.load_campaign("u")


def test_undo_then_new_move_rolls_from_restored_state(store: CampaignStore) -> None:
    service.create_campaign("u2", "starforged", seed=1)
    service.resolve_in_campaign("u2", FACE_DANGER_STRONG)
    service.undo_last("u2")
    result = service.resolve_in_campaign("u2", FACE_DANGER_STRONG)
    assert result.character_before is not None and result.character_before["momentum"] == 2
    assert service.replay("u2").characters["pc1"]["momentum"] == 3


def test_campaign_seed_makes_unforced_moves_reproducible(store: CampaignStore) -> None:
    for name in ("a", "b"):
        service.create_campaign(name, "starforged", seed=2024)
        for _ in range(5):
            service.resolve_in_campaign(name, {"move": "Face Danger", "stat": "edge", "adds": 10})
    dice_a = [e.event.dice for e in store.events("a") if isinstance(e.event, MoveResolved)]
    dice_b = [e.event.dice for e in store.events("b") if isinstance(e.event, MoveResolved)]
    assert dice_a == dice_b and len({tuple(d) for d in dice_a}) > 1
    assert all(e.event.dice_source == "campaign" for e in store.events("a") if isinstance(e.event, MoveResolved))
    service.resolve_in_campaign("a", {"move": "Face Danger", "stat": "edge", "adds": 10}, rng=random.Random(1))
    assert store.events("a")[-1].event.dice_source == "caller"  # type: ignore[union-attr]
    service.replay("a")


def test_replay_detects_a_tampered_result(store: CampaignStore) -> None:
    service.create_campaign("t", "starforged", seed=1)
    service.resolve_in_campaign("t", FACE_DANGER_WEAK)
    good = store.events("t")[-1].event
    assert isinstance(good, MoveResolved)
    forged = good.model_copy(update={"result": {**good.result, "outcome": "strong_hit"}})
    store.append("t", [forged])
    with pytest.raises(service.ReplayMismatch, match="result.outcome"):
        service.replay("t")


def test_fold_is_pure() -> None:
    from assistant.store.events import CampaignCreated, StoredEvent

    events = [
        StoredEvent(seq=1, event=CampaignCreated(name="x", system="starforged", seed=1)),
        StoredEvent(seq=2, event=ChatMessage(role="user", text="hi")),
    ]
    start = CampaignState()
    a, b = fold(events, start=start), fold(events, start=start)
    assert a == b and start == CampaignState() and a.last_seq == 2 and a.transcript[0].text == "hi"


def test_results_equal_the_plain_engine(store: CampaignStore) -> None:
    service.create_campaign("e", "starforged", {"momentum": 3}, seed=1)
    result = service.resolve_in_campaign("e", FACE_DANGER_WEAK)
    plain = resolve({"system": "starforged", **FACE_DANGER_WEAK, "character": {"momentum": 3, "id": "pc1"}})
    assert result == plain
