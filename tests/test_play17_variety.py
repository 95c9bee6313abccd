"""Round 17: a sentence the offline narrator tells is not told again word for word within ten turns of a session,
even when the player types the same words again: a move made without a roll ("The round ends") and a deed told as
done ("I reach a milestone on my vow") are told as another go the second time."""

from __future__ import annotations

import re

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def _sentences(text: str) -> list[str]:
    return [" ".join(s.lower().split()) for s in re.split(r"(?<=[.!?])\s+|\n+", text) if len(s.split()) >= 3]


@pytest.mark.parametrize(
    ("system", "typed"),
    [("dungeon-world", "/roll end of a combat round"), ("starforged", "/roll reach a milestone")],
)
def test_the_same_move_again_is_not_the_same_sentence(system: str, typed: str) -> None:
    session, _ = open_campaign(f"Again {system}", system)
    if system == "starforged":
        session.send("/track dangerous vow Find my lost sister")
    first = session.send(typed)
    second = session.send(typed)
    assert first.kind == second.kind == "action", (first.error, second.error)
    story = session.send(typed)
    told = [_sentences(t.narration.split("\n\n")[0]) for t in (first, second, story)]
    assert told[0] and told[1], told
    assert not set(told[0]) & set(told[1]) and not set(told[1]) & set(told[2]), told
