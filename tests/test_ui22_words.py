"""Words a player reads on the Blades downtime buttons: "Roll Entanglements +wanted level (1)" (the button read
"+wanted_level"), and a refusal that starts with the character's name keeps its capital ("not now: Vex has taken 2
downtime activities", not "vex has ...") while a common first word still goes on in lower case."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from assistant.engine.options import uncap
from tests.test_ui_app import APP, create_campaign, no_errors, play_action


@pytest.mark.parametrize(
    ("said", "reads"),
    [
        ("Vex has taken 2 downtime activities this downtime", "Vex has taken 2 downtime activities this downtime"),
        ("Mara is helpless", "Mara is helpless"),
        ("You have 0 mana", "you have 0 mana"),
        ("A new asset costs 3 experience", "a new asset costs 3 experience"),
        ("The crew has no coin", "the crew has no coin"),
        ("No belief is marked", "no belief is marked"),
    ],
)
def test_a_reason_goes_on_after_a_colon_without_lowering_a_name(said: str, reads: str) -> None:
    assert uncap(said) == reads


def test_the_blades_buttons_name_the_stat_and_the_character_as_the_sheet_does() -> None:
    app = AppTest.from_file(str(APP), default_timeout=90)
    app.run()
    create_campaign(app, "Grey Crows", "blades", seed="5")
    play_action(app, "/set name Vex")
    play_action(app, "/set wanted level 1")
    play_action(app, "We roll for entanglements")
    labels = [b.label for b in app.button if b.key and b.key.startswith("suggestion_")]
    assert "Roll Entanglements +wanted level (1)" in labels, labels
    assert not any("_" in label for label in labels), labels
    for words in ("/roll long term project +study project=Tunnel clock=8", "/roll train xp_track=insight"):
        play_action(app, words)
    play_action(app, "I acquire an asset: a fine carriage for the next score")
    captions = [str(c.value) for c in app.caption]
    refused = [c for c in captions if "not now:" in c]
    assert refused and all("not now: Vex has taken 2 downtime activities" in c for c in refused), captions
    no_errors(app)
