"""Round 32: a clock named by a word of its name ("/clock +1 bells" for "the bells ring at dawn") is advanced when
only one clock holds the words (it said "There is no clock called “bells”"); a word two clocks share, or none holds,
is refused as before and changes nothing."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_a_word_of_the_only_clock_holding_it_advances_that_clock() -> None:
    session, _dice = open_campaign("Bells", "elegy")
    session.send("/clock 4 the bells ring at dawn")
    session.send("/clock 6 the guards notice")
    moved = session.send("/clock +1 bells")
    assert moved.kind != "error", moved.error
    clocks = {c["name"]: c["filled"] for c in session.reload().clocks.values()}
    assert clocks == {"the bells ring at dawn": 1, "the guards notice": 0}, clocks


@pytest.mark.parametrize("word", ["the", "dragons"])
def test_a_word_no_single_clock_holds_is_refused_and_changes_nothing(word: str) -> None:
    session, _dice = open_campaign(f"Bells {word}", "elegy")
    session.send("/clock 4 the bells ring at dawn")
    session.send("/clock 6 the guards notice")
    refused = session.send(f"/clock +1 {word}")
    assert refused.kind == "error" and "There is no clock called" in refused.error, refused.error
    assert all(c["filled"] == 0 for c in session.reload().clocks.values())


@pytest.mark.parametrize("line", ["/remove clock 1", "/add clock the guards notice"])
def test_a_clock_typed_as_a_list_of_the_sheet_says_the_clock_commands(line: str) -> None:
    session, _dice = open_campaign(f"Clock list {len(line)}", "blades")
    session.send("/clock 4 the bluecoats close in")
    refused = session.send(line)
    assert refused.kind == "error" and "/clock -1 <name>" in refused.error and "no field" not in refused.error, refused.error
    assert [c["name"] for c in session.reload().clocks.values() if c["name"] != "Healing clock"] == ["the bluecoats close in"]
