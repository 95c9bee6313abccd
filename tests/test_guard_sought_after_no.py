"""An oracle "no" to "Does the priest sense me?" hedged back toward yes by the priest looking for you: one who searches
for you suspects you are there, whatever he finds ("trying to find any sign of you"). And a pronoun read across the
scene: "He knew that something was wrong" three sentences after the priest was named, with only the air and the
candles described between, is still the priest."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.engine.model import Result
from assistant.guard import check_narration, prepare
from assistant.guard.feedback import describe_violations
from assistant.guard.oracle_answer import lead_in
from assistant.guard.text import sentences

SENSE = "Does the priest sense me?"
ANYONE = "Is anyone else awake?"
EARLIER = ("The priest does not sense you.",)


def _no() -> Result:
    result = resolve({"system": "elegy", "move": "Ask the Oracle", "options": {"odds": "50/50"}, "dice": [20]})
    assert result.outcome == "no"
    return result


def kinds(text: str, question: str = SENSE, established: tuple[str, ...] = ()) -> list[str]:
    result = _no()
    facts = prepare([result], established=established)
    return [v.kind.value for v in check_narration(text, [result], intent=question, question=question, facts=facts)]


@pytest.mark.parametrize(
    "text",
    [
        # AU-1.5b:el-hunt:3:1
        "The priest looks around, but the air is still thick with the scent of incense. The priest's eyes dart back and "
        "forth, trying to find any sign of you. He feels a strange sensation in his chest, like something is not quite right.",
        "The priest lifts his lamp and searches the pews for you.",
        "The priest pauses. His eyes scan the shadows of the nave for any trace of you, then he shrugs.",
        "The priest peers into the dark, straining to catch sight of you.",
        "The priest turns slowly on the spot, hunting for you among the pillars, but finds no one.",
        "The priest pauses mid-prayer, head tilted, listening for you.",
        "The priest calls out into the dark, asking who is there.",
    ],
)
def test_the_one_the_oracle_left_unaware_looking_for_you_is_caught(text: str) -> None:
    assert "outcome" in kinds(text), text


@pytest.mark.parametrize(
    "text",
    [
        # AV-1.5b:el-hunt:4:2 (an earlier turn's no, read on this turn)
        "The priest, still awake, looked around the room, his eyes scanning the space. The air was thick with the scent "
        "of incense and smoke from the altar. He felt a strange sensation, but he couldn't quite place it. It wasn't fear "
        "or anxiety, nor was it anything physical. He knew that something was wrong, but he didn't know what.",
        "The priest looks up from his book. The candles were low. It was late. He knows that someone is watching him.",
    ],
)
def test_a_pronoun_after_a_described_scene_is_still_the_one_named(text: str) -> None:
    assert "outcome" in kinds(text, ANYONE, EARLIER), text


@pytest.mark.parametrize(
    "text",
    [
        "The priest kneels at the altar. The watchman wakes with a grunt. He knows that someone is watching him.",
        "The priest looks for his prayer book among the pews, then settles to read.",
        "The priest searches the shelves for a candle and lights it, unaware of you in the dark.",
        "The priest does not look for you; he murmurs his prayers with his back to the door.",
        "You watch the priest from the shadows as he trims the lamp.",
    ],
)
def test_the_priest_busy_with_his_own_things_or_someone_else_uneasy_passes(text: str) -> None:
    assert kinds(text) == [], text


def test_the_retry_message_says_the_answer_in_plain_words() -> None:
    result = _no()
    found = check_narration(
        "The priest searches the pews for you.", [result], intent=SENSE, question=SENSE, facts=prepare([result])
    )
    message = describe_violations(found)
    assert "the oracle answered no" in message and "_" not in message


def test_lead_in_stops_at_someone_else_acting() -> None:
    told = list(sentences("The priest prays. The air was cold. The watchman wakes. He turns.", "", frozenset()))
    assert lead_in(told, 3).startswith("the watchman")
    assert lead_in(told, 2).startswith("the priest")
    assert lead_in(told, 0) == ""
