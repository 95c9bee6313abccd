"""Round 23, the app: an open question's text was drawn twice, in the chat bubble of the turn that asked it and in the
question's panel with its answer buttons. It is drawn once, in the panel, while the question is open."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

APP = Path(__file__).resolve().parent.parent / "assistant" / "ui" / "app.py"


@pytest.fixture(autouse=True)
def _offline_fast(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")
    monkeypatch.setenv("OMP_NUM_THREADS", "1")


def _texts(at: AppTest) -> list[str]:
    out: list[str] = []

    def walk(node: Any) -> None:
        value = getattr(node, "value", None)
        if isinstance(value, str):
            out.append(value)
        for child in getattr(node, "children", {}).values() if isinstance(getattr(node, "children", None), dict) else []:
            walk(child)

    walk(at._tree)
    return out


@pytest.mark.parametrize(
    ("system", "typed", "asked"),
    [
        ("starforged", "/roll swear an iron vow +heart", "What is the new vow?"),
        ("blades", "/roll faction downtime", "how many dice"),
    ],
)
def test_an_open_questions_text_is_drawn_once(system: str, typed: str, asked: str) -> None:
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.run()
    at.text_input(key="new_campaign_name").set_value("Asked once")
    at.selectbox(key="new_campaign_system").set_value(system)
    at.text_input(key="new_campaign_seed").set_value("7")
    at.button(key="create_campaign").click().run()
    at.chat_input(key="chat_text").set_value(typed).run()
    assert not at.exception
    shown = [t for t in _texts(at) if asked in t]
    assert len(shown) == 1, shown
    at.run()  # drawn again (a rerun): still once
    shown = [t for t in _texts(at) if asked in t]
    assert len(shown) == 1, shown
