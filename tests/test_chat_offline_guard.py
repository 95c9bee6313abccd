"""The offline narration under the guard: its text is shown whatever the guard finds, so the guard reads it once,
whole; a flag is logged for the maintainers and the engine's own narration shown."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from assistant.chat import narration as chat_narration
from assistant.chat import narration_draft
from assistant.chat.narration import guarded_narration
from assistant.engine import resolve
from assistant.narrate import NarrationRequest, TemplateNarrator

FDW = {"system": "starforged", "move": "Face Danger", "stat": "edge", "character": {"stats": {"edge": 2}}, "dice": [4, 2, 9]}


class FaultyTemplate:
    """An offline narrator (named ``template``) with a bug: it claims a roll the engine never made."""

    name = "template"

    def stream(self, request: NarrationRequest) -> Iterator[str]:
        yield "You leap the gap and catch the far ledge. "
        yield "You rolled a 12 against 3 and 5. "
        yield "The rail holds."


def run(narrator: Any, request: NarrationRequest, log_dir: Path | None = None) -> tuple[Any, list[Any]]:
    events: list[Any] = []
    gen = guarded_narration(request, narrator, log_dir=log_dir, campaign="c")
    try:
        while True:
            events.append(next(gen))
    except StopIteration as stop:
        return stop.value, events


def request() -> NarrationRequest:
    return NarrationRequest(task="narrate", system="starforged", player_text="I leap the gap", results=(resolve(FDW),))


@pytest.fixture
def checks(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts the guard was given to read."""
    seen: list[str] = []
    real = narration_draft.check_narration

    def counting(text: str, *args: Any, **kwargs: Any) -> Any:
        seen.append(text)
        return real(text, *args, **kwargs)

    monkeypatch.setattr(narration_draft, "check_narration", counting)
    return seen


def test_the_offline_narration_is_read_once_whole(checks: list[str]) -> None:
    outcome, events = run(TemplateNarrator(), request())
    assert outcome.narrator == "template" and not outcome.violations and not outcome.notes
    assert checks == [outcome.text]  # one reading, of the whole text
    assert "".join(e.text for e in events if e.kind == "narration").strip() == outcome.text
    assert outcome.text.count(". ") >= 1  # more than one sentence, each of which was not read on its own


def test_a_flag_on_the_offline_narration_shows_the_engines_narration_and_is_logged(checks: list[str], tmp_path: Path) -> None:
    outcome, events = run(FaultyTemplate(), request(), log_dir=tmp_path)
    expected = "".join(TemplateNarrator().stream(request())).strip()
    assert outcome.text == expected and "12" not in outcome.text
    assert events[-1].kind == "replace" and events[-1].text == expected
    assert outcome.violations and outcome.notes == []  # the flag is for the maintainers (the guard log), not the player
    logged = [json.loads(line) for line in (tmp_path / "guard.jsonl").read_text().splitlines()]
    assert len(logged) == 1 and logged[0]["narrator"] == "template" and logged[0]["violations"]
    assert len(checks) == 1


def test_a_models_draft_is_still_read_sentence_by_sentence(checks: list[str]) -> None:
    class Model(FaultyTemplate):
        name = "llm"

    outcome, _events = run(Model(), replace(request(), story_sentences=4))  # room for its second sentence
    assert checks[:2] == ["You leap the gap and catch the far ledge. ", "You rolled a 12 against 3 and 5. "]
    assert outcome.violations and "12" not in outcome.text


def test_warming_narrates_one_move_of_every_system_offline(monkeypatch: pytest.MonkeyPatch) -> None:
    from assistant.engine.registry import available_systems

    narrated: list[NarrationRequest] = []
    real = chat_narration.guarded_narration

    def recording(request: NarrationRequest, narrator: Any, **kwargs: Any) -> Any:
        narrated.append(request)
        assert narrator.name == "template"
        return real(request, narrator, **kwargs)

    monkeypatch.setattr(chat_narration, "guarded_narration", recording)
    systems = available_systems()
    for system in systems:
        chat_narration.warm.__wrapped__(system)  # type: ignore[attr-defined]
    assert [r.system for r in narrated] == list(systems)
    assert all(r.results and r.results[0].outcome for r in narrated)
