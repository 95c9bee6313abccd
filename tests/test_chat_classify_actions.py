"""An action put as a question is an action; a question about what the rules allow stays a rules question."""

from __future__ import annotations

import pytest

from assistant.chat.classify import classify


@pytest.mark.parametrize(
    ("system", "text", "kind"),
    [
        ("starforged", "can I hack the door panel?", "action"),
        ("starforged", "could we sneak past the sentries?", "action"),
        ("elegy", "can I bite him?", "action"),
        ("elegy", "can I feed on the sleeping guard?", "action"),  # a one-word move name is an everyday verb
        ("dungeon-world", "can I shoot the goblin?", "action"),
        ("city", "can i hide in the crowd?", "action"),
        ("starforged", "do I have rope?", "action"),
        ("starforged", "hack the door?", "action"),  # the "can I" left out
        ("dungeon-world", "attack him?", "action"),
        ("starforged", "why is the hatch sealed?", "oracle"),  # Check Your Gear is the move for it
        # what the rules allow
        ("starforged", "can I burn momentum on a progress roll?", "rules"),
        ("starforged", "Can I attack twice?", "rules"),
        ("starforged", "can I use Face Danger to climb?", "rules"),
        ("starforged", "Can I roll +iron instead of +edge here?", "rules"),
        ("dungeon-world", "can I cast a spell with 0 mana?", "rules"),
        ("starforged", "can I reroll?", "rules"),
        ("elegy", "Can I Feed twice in one night?", "rules"),
        # a question about the story is still for the oracle
        ("elegy", "do I have a stake?", "oracle"),  # no move checks gear in Elegy
        ("starforged", "Is the station abandoned?", "oracle"),
    ],
)
def test_question_or_action(system: str, text: str, kind: str) -> None:
    assert classify(text, system).kind == kind
