"""Round 35, the offline story's opening: a foe's sentence typed in lower case whose verb takes "open" ("a vampire
hunter with a crossbow kicks open the door of my haven") was told "You set your sights on a vampire hunter with a
crossbow kicks open the door of your haven."."""

from __future__ import annotations

import pytest

from assistant.narrate.long_subject import long_subject_clause
from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_a_foes_sentence_with_kicks_open_is_told_as_typed() -> None:
    session, dice = open_campaign("Haven", "elegy")
    turn = session.send("a vampire hunter with a crossbow kicks open the door of my haven")
    fray = next(s for s in turn.suggestions if s.move == "Enter the Fray")
    dice.queue(1, 1)
    rolled = session.confirm(fray)
    first = rolled.narration.split(". ")[0]
    assert first == "A vampire hunter with a crossbow kicks open the door of your haven", rolled.narration
    assert "set your sights" not in rolled.narration and "attention" not in rolled.narration


@pytest.mark.parametrize(
    ("words", "clause"),
    [
        ("a ghoul with a shovel pushes aside the coffin lid", True),
        ("a ghoul with a lantern kicks open the crypt door", True),
        ("the crypt of the old chapel", False),
    ],
)
def test_a_long_subject_then_a_verb_and_its_particle_is_a_sentence(words: str, clause: bool) -> None:
    assert long_subject_clause(words) is clause
