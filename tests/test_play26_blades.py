"""Round 26, Blades downtime. An entanglement the GM picks was told in lower case ("The GM picks: flipped."): an
option whose label is a name (one word or several, in title case, not an instruction) keeps its own words."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize(("pick", "told"), [("1", "Flipped"), ("2", "Interrogation")])
def test_the_gm_s_entanglement_keeps_its_name(pick: str, told: str) -> None:
    session, dice = open_campaign("Entangled " + told, "blades")
    for line in ("/set heat 7", "/set wanted 1"):
        assert session.send(line).kind != "error", line
    dice.queue(3)
    assert session.send("/roll entanglement").open_choices
    turn = session.send(pick)
    assert f"The GM picks: {told}." in turn.narration, turn.narration


@pytest.mark.parametrize(
    ("label", "said"),
    [
        ("Arrest", "Arrest"),
        ("Cooperation", "Cooperation"),
        ("Gang Trouble", "Gang Trouble"),
        ("Flee", "flee"),
        ("Mark Heat", "mark Heat"),
        ("Brag about your exploits", "brag about your exploits"),
    ],
)
def test_a_label_in_a_sentence_is_lowered_only_when_it_is_an_instruction(label: str, said: str) -> None:
    from assistant.narrate.template import _in_sentence

    assert _in_sentence(label) == said
