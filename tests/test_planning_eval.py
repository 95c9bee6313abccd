# ruff: noqa: F811  (the openai_stub fixture is imported from tests/openai_stub.py)
"""The planning harness against the local stub (never a real model): a model that neither calls tools nor writes
usable JSON plans is found out, planning goes off, and the offline suggestions stand."""

from __future__ import annotations

import argparse

import pytest

from evals.planning import run
from tests.openai_stub import OpenAIStub, openai_stub  # noqa: F401


@pytest.fixture(autouse=True)
def _hash_embedder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")


def test_a_model_without_usable_plans_leaves_the_offline_suggestions(openai_stub: OpenAIStub) -> None:
    from assistant.chat import planning_mode

    planning_mode.forget()
    for _ in range(20):
        openai_stub.add_text("Sure! I think you should roll some dice.")
    args = argparse.Namespace(llm=openai_stub.base_url, model="stub", api_key_env="NO_SUCH_KEY", timeout=5.0, per_system=1)
    summary = run(args)
    assert summary["intents"] == 5
    assert set(summary["modes"]) <= {"json", "off"} and "off" in summary["modes"]
    assert summary["plans_that_changed_the_list"] == 0
    assert summary["refined_top1"] == summary["offline_top1"]
