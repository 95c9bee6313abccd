"""Long sessions per game, played through the chat as a player types them, with the campaign reopened between most
turns (as a new ``assistant chat -c NAME`` opens it): after every turn, undo and reopen, the card, the saved sheet (a
reopened session's, the fold of the log alone, the snapshot's), the exports (imported back) and replay agree, and the
log as shown holds no store bookkeeping. Seeded: the same turns each run."""

from __future__ import annotations

import random
from typing import Any

import pytest

from assistant.chat.followed_next import open_follow_ups
from assistant.chat.next_steps import next_steps
from assistant.chat.session import ChatSession
from assistant.store import service
from assistant.store.access import get_store
from assistant.store.card_check import card_differences
from assistant.store.shown_log import played_lines
from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")

ACTS = {
    "starforged": [
        "I sneak past the patrol",
        "I strike at the raider with my blade",
        "I search the wreck for supplies",
        "I try to convince the captain",
        "I ask the oracle if the door is locked",
    ],
    "city": [
        "I watch the guard captain closely",
        "I ask around the market for rumors",
        "I threaten the fence to hand over the ledger",
        "I travel across the city to the docks",
    ],
    "blades": ["I indulge my vice at the tavern", "I work on a long-term project", "I recover from my wounds"],
    "elegy": ["I feed on the drunk in the alley", "I face danger climbing the tower", "I try to compel the servant"],
    "dungeon-world": ["I hack and slash at the goblin", "I defend the doorway", "I hack at Duke with my axe"],
}
EDITS = {
    "starforged": ["/set health 3", "/add impact shaken", "/add asset Starship", "/meter supply -1 spoiled", "/set spirit 4"],
    "city": ["/add secret The seal is forged", "/add tie Marlo", "/set heat 1", "/add belief The Magistrate lies"],
    "blades": ["/set stress 2", "/add harm Broken Arm (level 2)", "/set coin 2", "/set vice Gambling"],
    "elegy": ["/set health 3", "/set blood 2", "/set spirit 4"],
    "dungeon-world": ["/set hp 10", "/set armor 1", "/character add Duke class=fighter"],
}
OPS = ["act", "act", "act", "edit", "edit", "choose", "undo", "clock", "next"]


def _agree(name: str, turn: Any, said: str) -> None:
    """Everything a player can read the campaign through says the same."""
    state = service.load_campaign(name)
    alone = get_store().load(name, use_snapshot=False)  # the log folded from the start, as a reopened campaign is
    for part in ("characters", "tracks", "clocks", "undo_stack", "moves"):
        assert getattr(alone, part) == getattr(state, part), (said, part)
    reopened = ChatSession.open(name)
    assert reopened.state.characters == state.characters, said
    if turn.kind != "error" and turn.results:
        assert not card_differences(state, turn.results[-1]), (said, card_differences(state, turn.results[-1]))
    service.replay(name)
    for fmt in ("markdown", "ironvault"):
        back = service.load_campaign(service.import_journal(service.export(name, fmt), f"{name} {fmt} {state.last_seq}"))
        assert (back.characters, back.tracks, back.clocks) == (state.characters, state.tracks, state.clocks), (said, fmt)
    assert not [line.text for line in played_lines(service.campaign_events(name)) if "Undid event" in line.text], said
    assert reopened.send("/sheet").kind != "error", said


def _turn(session: ChatSession, op: str, rng: random.Random, system: str) -> tuple[str, Any]:
    if op == "act":
        line = rng.choice(ACTS[system])
        turn = session.send(line)
        if turn.suggestions and turn.kind != "error":
            turn = session.send("#1")
    elif op == "edit":
        line = rng.choice(EDITS[system])
        turn = session.send(line)
    elif op == "clock":
        line = "/clock +1 The alarm" if session.reload().clocks else "/clock 4 The alarm"
        turn = session.send(line)
    elif op == "next":
        steps = next_steps(session, open_follow_ups(session.store, session.campaign, session.known.top))
        line = steps[0][0] if steps else "/choose 1"
        turn = session.confirm(steps[0][1]) if steps else session.send(line)
    else:
        line = {"choose": "/choose 1", "undo": "/undo"}[op]
        turn = session.send(line)
    for _ in range(3):  # a question (which stat, how much harm): its first answer
        if turn.kind == "question":
            turn = session.send("1")
    assert "Traceback" not in (turn.error or "") and "_" not in (turn.error or "").replace("____", ""), (line, turn.error)
    return line, turn


@pytest.mark.parametrize("system", sorted(ACTS))
def test_a_long_session_with_reopens_agrees_everywhere_after_every_turn(system: str) -> None:
    rng = random.Random(f"store35:{system}")
    name = f"Long {system}"
    session, _dice = open_campaign(name, system, seed=11)
    done = 0
    for number in range(24):
        if rng.random() < 0.6:
            session = ChatSession.open(name)  # a new terminal on the same campaign
        line, turn = _turn(session, rng.choice(OPS), rng, system)
        done += turn.kind != "error"
        _agree(name, turn, f"turn {number}: {line}")
    assert done >= 16, done  # most turns did something (a refusal is a turn too, but not most of them)
