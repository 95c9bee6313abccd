"""Round 34: "/add impact" with nothing after it was told "Name the field and the value, e.g. /set edge 3." (the /set
usage, for an /add); it is told what to add and the impacts there are to mark. Nothing changes."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize(
    ("system", "line", "said"),
    [
        ("starforged", "/add impact", "Name what to add (wounded, shaken, unprepared, permanently harmed"),
        ("starforged", "/remove impact", "Name what to remove, e.g. /remove impact 1."),
        ("dungeon-world", "/add lost spells", "Name what to add, e.g. /add lost spells <entry>."),
    ],
)
def test_a_list_named_alone_asks_for_its_entry(system: str, line: str, said: str) -> None:
    session, _dice = open_campaign(f"Add {system} {len(line)}", system)
    before = session.reload().active()
    turn = session.send(line)
    assert turn.kind == "error" and (turn.error or "").startswith(said), turn.error
    assert "/set edge" not in (turn.error or "")
    assert session.reload().active() == before
