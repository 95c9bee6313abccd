# ruff: noqa: F811  (the openai_stub fixture is imported from tests/openai_stub.py)
"""Round 26, an LLM endpoint that accepts and never answers: the engine's opening shown while the model was awaited
("You make it look easy.") was replaced at the end by the offline narration's own, different opening ("The gamble
pays off in full."): two stories of one roll. The offline narration that replaces the drafts now opens with the
sentence the player already read, in Starforged and Elegy, on a hit and on a miss, with the player's words or a
move confirmed alone."""

from __future__ import annotations

from pathlib import Path

import pytest

from assistant.chat.session import ChatSession
from assistant.config import LLMSettings, Secret, Settings, visitor_llm
from assistant.store import service
from tests.openai_stub import OpenAIStub, openai_stub  # noqa: F401


@pytest.fixture(autouse=True)
def _hash_embedder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")


@pytest.mark.parametrize(
    ("system", "request_", "words"),
    [
        ("starforged", {"move": "Face Danger", "stat": "edge", "dice": [6, 1, 1]}, ""),
        ("starforged", {"move": "Face Danger", "stat": "edge", "dice": [1, 9, 9]}, "I leap across the chasm"),
        ("elegy", {"move": "Face Danger", "stat": "dexterity", "dice": [3, 4]}, "I slip past the guards"),
    ],
)
def test_the_offline_story_opens_with_the_sentence_shown_while_waiting(
    openai_stub: OpenAIStub, tmp_path: Path, system: str, request_: dict, words: str
) -> None:
    for _ in range(3):  # every draft accepted and never answered
        openai_stub.add_text("never sent", delay=60)
    server = LLMSettings(timeout=1.5, planning="off")
    llm = visitor_llm(server, base_url=openai_stub.base_url, model="stub", api_key=Secret("sk-never-answers-0123"))
    service.create_campaign(f"silent-{system}-{len(words)}", system, seed=3)
    session = ChatSession.open(f"silent-{system}-{len(words)}", settings=Settings(home=tmp_path, llm=llm), retrieve_rules=False)
    if words:  # the words the moves were offered for are the attempt the story opens with
        assert session.send(words).suggestions
    shown, final, turn = "", "", None
    for event in session.stream_confirm(request_):
        if event.kind == "narration" and not shown:
            shown = event.text.strip()
        elif event.kind == "replace":
            final = event.text
        elif event.kind == "done":
            turn = event.turn
    assert turn is not None and turn.narrator == "template-fallback", turn
    assert shown, "the engine's opening is shown while the model is awaited"
    assert final.startswith(shown) and turn.narration.startswith(shown), (shown, final)
    assert turn.narration.count(shown) == 1
