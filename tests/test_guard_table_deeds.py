"""A table roll ("Make a Discovery") is the row's story, not the character's: a deed told on it (looking somewhere
too) is one the player never declared. On an oracle question the story may take the character to what the answer is
about, or on with the action the player declared earlier; a deed about anything else is new."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, describe_violations, prepare
from assistant.guard.model import ViolationKind

TABLE = {"system": "starforged", "move": "Make a Discovery", "dice": [89]}
ORACLE = {"system": "starforged", "move": "Ask the Oracle", "options": {"odds": "likely"}, "dice": [29]}


def deeds(text: str, request: dict, intent: str, question: str | None = None, earlier: tuple[str, ...] = ()) -> list[str]:
    result = resolve(request)
    facts = prepare([result], earlier=earlier)
    flags = check_narration(text, [result], intent=intent, question=question, facts=facts)
    return [v.detail for v in flags if v.kind is ViolationKind.DECISION and "declared no action" in v.detail]


@pytest.mark.parametrize(
    "text",
    [
        "You notice a strange light in the sky. You follow it and see a ship floating on the water.",
        "A shape stirs in the dark. You cautiously climb down into the pit.",
        # a 1.5B's draft on Make a Discovery (visions of the future): the character sent to look at the sky
        "> You look at the sky and see a bright star in the east. It looks like it's about to rise.",
    ],
)
def test_a_deed_told_on_a_table_roll_is_flagged(text: str) -> None:
    found = deeds(text, TABLE, "Make a Discovery")
    assert found and "rolled on the table" in found[0]


@pytest.mark.parametrize(
    "text",
    [
        "You notice a strange light in the sky. It pulses like a heartbeat.",
        "You suddenly see a shadow ahead. You learn that it was a message from your sister.",
        "You feel a chill as the vision fades.",
        "You look stunned as the vision fades.",
        "As you look out over the sea, visions of a shipwrecked crew come to you.",
    ],
)
def test_what_the_character_sees_or_learns_on_a_table_roll_passes(text: str) -> None:
    assert deeds(text, TABLE, "Make a Discovery") == []


REACTOR = "Is the reactor still running?"
CREPT = ("I creep through the derelict's dark corridor, scanner raised", "You notice a faint glow coming from a nearby door.")


@pytest.mark.parametrize(
    "text",
    [
        "You cautiously approach the reactor. Its lights are dark.",  # what the answer is about
        "You rush to the reactor room, looking for a way to restart it.",
        "You carefully search through the derelict's dark corridor, scanning for clues with your scanner.",
        "You turn around, the reactor's power flickering off.",
        "You look around the corridor, but nothing moves.",
        "You creep deeper into the dark corridor.",  # the action the player declared earlier goes on
    ],
)
def test_an_oracle_question_may_take_the_character_to_the_answer(text: str) -> None:
    assert deeds(text, ORACLE, REACTOR, question=REACTOR, earlier=CREPT) == []


@pytest.mark.parametrize(
    "text",
    [
        # a 1.5B's draft after "Is the reactor still running?" answered no: the door is the story's, not the question's
        "You cautiously approach the door, scanning its interior. The glow is faint but steady.",
        "You type in the code, but nothing happens.",
        "You agree to help them.",
    ],
)
def test_a_deed_about_something_else_on_an_oracle_question_is_the_players_call(text: str) -> None:
    found = deeds(text, ORACLE, REACTOR, question=REACTOR, earlier=CREPT)
    assert found and "a question to the oracle" in found[0]
    flags = check_narration(text, [resolve(ORACLE)], intent=REACTOR, question=REACTOR, facts=prepare([resolve(ORACLE)]))
    assert "the player only asked the oracle, so tell the answer, not a new deed" in describe_violations(flags)


def test_an_oracle_deed_is_only_read_when_the_question_is_known() -> None:
    assert deeds("You cautiously approach the door.", ORACLE, REACTOR) == []


def test_crying_out_at_the_answer_is_no_deed() -> None:
    text = 'You shout in surprise: "There are survivors aboard!"'
    assert deeds(text, ORACLE, "Are there survivors aboard?", question="Are there survivors aboard?") == []


def test_looking_where_a_price_befalls_the_character_is_no_deed() -> None:
    price = {"system": "starforged", "move": "Pay the Price", "dice": [17]}
    assert deeds("You look at your team, who are watching in shock.", price, "Pay the Price") == []
    assert deeds("You look at your team, who are watching in shock.", TABLE, "Make a Discovery")


def test_the_deed_is_quoted_from_its_subject_with_the_adverb() -> None:
    found = deeds("You cautiously approach the door, scanning its interior.", ORACLE, REACTOR, question=REACTOR)
    assert found and found[0].startswith("'You cautiously approach the door'")


FACE = {"system": "starforged", "move": "Face Danger", "stat": "edge", "character": {"stats": {"edge": 2}}, "dice": [3, 5, 4]}


@pytest.mark.parametrize(
    ("request_", "intent", "text"),
    [
        (TABLE, "Make a Discovery", "You find a hidden portal. As you step through, you feel the air change."),
        (TABLE, "Make a Discovery", "A door of light opens. Once you cross the threshold, the visions begin."),
        (TABLE, "Make a Discovery", "After you climb the ridge, the visions of the future come to you."),
        (FACE, "", "Before you open the hatch, the deck lurches under you."),
        (FACE, "", "While you pry the panel loose, sparks rain down."),
    ],
)
def test_a_deed_told_as_the_scenes_time_is_still_a_deed(request_: dict, intent: str, text: str) -> None:
    """'As you step through': a deed the player never declared, told in a clause of time, on a table or bare roll."""
    result = resolve(request_)
    flags = check_narration(text, [result], intent=intent, facts=prepare([result]))
    assert [v for v in flags if v.kind is ViolationKind.DECISION and "declared no action" in v.detail], text


@pytest.mark.parametrize(
    "text",
    [
        "As you look up, a swirling vortex of light pulls at you.",
        "As you feel the vision fade, a cold wind rises.",
        "When you enter a combat encounter, you always start with five ammunition.",
    ],
)
def test_a_look_a_feeling_or_the_rules_when_pass(text: str) -> None:
    assert deeds(text, TABLE, "Make a Discovery") == [], text


ENDURE = {"system": "starforged", "move": "Endure Harm", "character": {"health": 4}, "options": {"amount": 2}}


@pytest.mark.parametrize(
    ("request_", "text"),
    [
        (FACE, "You attempt to act quickly and move your sister out of the corridor."),
        (FACE, "You leap the gap and pull the survivor up after you."),
        (FACE, "You duck low and open the maintenance hatch."),
        (ENDURE, "You look around, trying to find something to help you."),
        (ENDURE, "You glance about, searching for a medkit."),
        (ENDURE, "You scan the bay, hoping to find a way out."),
    ],
)
def test_a_second_deed_or_a_search_on_a_bare_roll_is_caught(request_: dict, text: str) -> None:
    """'... and move your sister', 'You look around, trying to find something': deeds the player never declared."""
    result = resolve(request_)
    flags = check_narration(text, [result], intent="", facts=prepare([result]))
    assert [v for v in flags if v.kind is ViolationKind.DECISION and "declared no action" in v.detail], text


@pytest.mark.parametrize(
    ("request_", "text"),
    [
        (FACE, "You make it across, and your hands shake as you land."),
        (FACE, "You grit your teeth and steel your nerves."),
        (ENDURE, "You take a deep breath, feeling the pain in your body."),
        (ENDURE, "You look around, dazed, as the alarms wail."),
        (ENDURE, "You stagger and drop to one knee."),
    ],
)
def test_what_befalls_you_or_a_dazed_look_passes(request_: dict, text: str) -> None:
    result = resolve(request_)
    flags = check_narration(text, [result], intent="", facts=prepare([result]))
    assert [v for v in flags if v.kind is ViolationKind.DECISION] == [], text
