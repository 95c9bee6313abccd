"""`python -m evals faithfulness --gguf MODEL.gguf`: the scorecard of a model run in this process (llama.cpp), here a
fake ``Llama`` that streams a scripted story; and the clear refusals when the model cannot run."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from evals import faithfulness

SCRIPT = {"id": "gguf", "system": "starforged", "seed": 3, "turns": ["I creep through the dark corridor", "#1"]}


class FakeLlama:
    """What ``llama_cpp.Llama.create_chat_completion(stream=True)`` yields, for a fixed story; records each call."""

    def __init__(self) -> None:
        self.calls: list[dict[str, Any]] = []

    def create_chat_completion(self, **kwargs: Any) -> Iterator[dict[str, Any]]:
        self.calls.append(kwargs)
        for word in ["The corridor", " hums", " around you.", " What do you do?"]:
            yield {"choices": [{"delta": {"content": word}}]}


@pytest.fixture(autouse=True)
def _index_without_a_model(hash_embedder: None) -> None:
    """The narration's rules passages come from the hash embedder: these tests check the harness, not retrieval."""


def test_a_local_model_file_plays_the_scripts_and_prints_a_scorecard(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    model = tmp_path / "tiny-model.gguf"
    model.write_bytes(b"GGUF")
    fake = FakeLlama()
    monkeypatch.setattr("assistant.llm_local.load_llama", lambda path: fake)
    scripts = tmp_path / "scripts.jsonl"
    scripts.write_text(json.dumps(SCRIPT) + "\n", encoding="utf-8")
    drafts = tmp_path / "drafts.jsonl"
    code = faithfulness.main(
        ["--gguf", str(model), "--scripts", str(scripts), "--drafts", str(drafts), "--max-tokens", "77", "--json"]
    )
    assert code == 0
    card = json.loads(capsys.readouterr().out)
    assert card["narrated_turns"] == 1 and card["fallback_rate"] == 0.0
    assert fake.calls and fake.calls[0]["max_tokens"] == 77  # the eval's cap reaches the in-process model
    rows = [json.loads(line) for line in drafts.read_text(encoding="utf-8").splitlines()]
    assert rows[0]["text"].startswith("The corridor hums around you.")


def test_a_missing_model_file_is_refused_in_plain_words(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = faithfulness.main(["--gguf", str(tmp_path / "nowhere.gguf"), "--drafts", str(tmp_path / "d.jsonl")])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("--gguf: ")
    assert "Traceback" not in err and ("not found" in err or "llama-cpp-python" in err)
    assert not (tmp_path / "d.jsonl").exists()


@pytest.mark.parametrize("extra", [[], ["--llm", "http://127.0.0.1:9/v1", "--gguf", "m.gguf"]])
def test_one_model_source_is_asked_for(extra: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert faithfulness.main(extra) == 2
    assert "either --llm URL" in capsys.readouterr().err
