"""What comes next stays listed after bookkeeping: a Starforged weak hit's "make a suffer move (-1)" is numbered again
after ``/set health 3``, a new clock, a clock's step and ``/meter supply -1`` (the number still plays it, in the same
terminal and after a restart), a pick still waiting is named again after an edit, and the app's next-step buttons read
the same moves from the campaign's log."""

from __future__ import annotations

import pytest

from assistant.chat.followed_next import open_follow_ups
from assistant.chat.session import ChatSession
from assistant.store import service
from tests.session_helpers import ScriptedDice

pytestmark = pytest.mark.usefixtures("hash_embedder")

EDITS = ["/set health 3", "/clock 4 The alarm", "/clock +1 The alarm", "/meter supply -1 spoiled"]


def _terminal(monkeypatch: pytest.MonkeyPatch, name: str, system: str = "starforged") -> ScriptedDice:
    dice = ScriptedDice(5)
    opened = ChatSession.open.__func__  # type: ignore[attr-defined]
    monkeypatch.setattr(ChatSession, "open", classmethod(lambda cls, n, **kw: opened(cls, n, rng=dice, **kw)))
    service.create_campaign(name, system, seed=3)
    return dice


def _chat(name: str, lines: list[str]) -> str:
    from typer.testing import CliRunner

    from assistant.cli import app

    return CliRunner().invoke(app, ["chat", "-c", name], input="".join(f"{line}\n" for line in lines)).output


def _after(out: str, marker: str) -> str:
    return out.split(marker, 1)[1].split("\n", 1)[1]


def test_the_next_steps_are_numbered_again_after_each_edit_and_a_number_plays_them(monkeypatch: pytest.MonkeyPatch) -> None:
    dice = _terminal(monkeypatch, "storm")
    dice.queue(2, 4, 6)  # Face Danger +edge: 2 + 3 = 5 against 4 and 6, a weak hit: make a suffer move (-1)
    out = _chat("storm", ["/roll face danger +edge", *EDITS])
    for said in ("Health 5 → 3", "New clock: The alarm", "The alarm”: 1/4", "Supply -1"):
        listed = _after(out, said)
        assert listed.startswith("  What comes next (type its number):\n  [1] Lose Momentum (-1)"), (said, listed)
    number = next(line.split("]")[0].strip(" [") for line in out.splitlines() if "Sacrifice Resources (-1)" in line)
    paid = _chat("storm", [number])  # a restart: still listed first, and the number plays it
    assert paid.startswith("  What comes next (type its number):"), paid
    assert "Supply 4 → 3" in paid, paid
    assert service.replay("storm")


def test_a_pick_still_waiting_is_named_again_after_an_edit(monkeypatch: pytest.MonkeyPatch) -> None:
    dice = _terminal(monkeypatch, "advantage")
    dice.queue(5, 4, 9)  # Secure an Advantage +edge: 8 against 4 and 9, a weak hit: +2 momentum or +1 next move
    out = _chat("advantage", ["/roll secure an advantage +edge", "/set health 3", "/choose 2"])
    listed = _after(out, "Health 5 → 3")
    assert listed.startswith("  note: Secure an Advantage still waits for your pick"), listed
    assert (service.load_campaign("advantage").active() or {})["next_move_add"] == 1


def test_the_terminal_and_the_apps_buttons_read_the_same_next_steps_after_bookkeeping() -> None:
    from assistant.ui import state as ui_state
    from assistant.ui.restored import restored_pending

    service.create_campaign("same", "starforged", seed=3)
    session = ChatSession.open("same", rng=ScriptedDice(5).queue(2, 4, 6))
    rolled = session.send("/roll face danger +edge")
    offered = [f.move for f in rolled.follow_ups]
    for line in EDITS:
        assert session.send(line).kind != "error", line
        waiting = open_follow_ups(session.store, session.campaign, session.known.top)
        assert [f.move for f in waiting] == offered, (line, waiting)
        ui_state.st.session_state.clear()  # the app reads the log afresh, as a reload does
        buttons = [s.label for s in restored_pending("same").next_steps]
        assert buttons[:1] == ["Lose Momentum (-1)"] and len(buttons) == 6, (line, buttons)
