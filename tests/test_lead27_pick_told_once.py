"""With a model narrating, a pick made on a roll the story already told opens with the pick ("You choose: gain 2 blood
and keep the victim alive."), as the offline story does, not with the attempt told again: after Feed's weak hit and
its pick, a 1.5B model's story read "You make your move to feed on the drunk sailor in the alley. You make headway,
and pay for it. The drunk sailor … suddenly woke up", the feeding told twice and differently."""

from __future__ import annotations

from pathlib import Path

import pytest

from assistant.chat.session import ChatSession
from assistant.config import LLMSettings, Settings
from assistant.narrate.story_facts import opening
from assistant.store import service
from tests.session_helpers import Capturing, ScriptedDice


@pytest.fixture(autouse=True)
def _hash(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")


def test_a_pick_opens_with_the_pick_not_the_attempt_again(tmp_path: Path) -> None:
    service.create_campaign("pick-saga", "elegy", seed=3)
    dice = ScriptedDice()
    narrator = Capturing()
    session = ChatSession.open("pick-saga", settings=Settings(home=tmp_path, llm=LLMSettings()), narrator=narrator, rng=dice)
    dice.queue(5, 1)  # a weak hit, and its pick (gain 2 blood, or 4 and kill the victim)
    offered = session.send("I feed on the drunk sailor in the alley")
    assert offered.suggestions[0].move == "Feed", [s.move for s in offered.suggestions]
    fed = session.confirm(offered.suggestions[0])
    assert fed.open_choices and "feed on the drunk sailor" in fed.narration, fed.narration
    first = fed.narration.split(". ")[0]
    picked = session.send("/choose 1")
    assert picked.kind == "action", picked.error
    assert opening(narrator.requests[-1]).startswith("You choose: gain 2 blood"), opening(narrator.requests[-1])
    assert picked.narrator == "llm" and picked.narration.startswith("You choose: "), (picked.narrator, picked.narration)
    assert first not in picked.narration  # the attempt is not told a second time
