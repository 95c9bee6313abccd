"""An oracle's no to "Does he sense me?" hedged by a suspicion told in other words, and a foe put out of the scene
(in a coma, unconscious) on a roll that decided no fate for him; and the drafts that keep the answer."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, fix_sentence

NO = {"system": "elegy", "move": "Ask the Oracle", "options": {"odds": "unlikely"}, "dice": [10]}
QUESTION = "Does the priest sense me?"
STALK = {"system": "elegy", "move": "Face Danger", "stat": "dexterity", "dice": [1, 2]}
INTENT = "I stalk the priest through the rain-soaked cloister"


def hedged(text: str) -> list[str]:
    result = resolve(NO)
    assert result.outcome == "no"
    return [v.detail for v in check_narration(text, [result], question=QUESTION) if v.kind.value == "outcome"]


@pytest.mark.parametrize(
    "text",
    [
        "He doesn't notice you at first glance, but as he gets closer, the priest realizes something is off.",
        "The priest grows suspicious and glances around.",
        "The priest stops. He knows he is not alone.",
        "The priest feels eyes on him as he walks.",
        "The priest suspects someone is following him.",
        "The priest couldn't shake the feeling that something was wrong.",  # the double negative is a suspicion
        "The priest can't shake off the sense that someone is watching.",
        "The priest has a nagging feeling that someone is near.",
        # told of him in a later clause of a sentence about the scene
        "The priest glances around his room. The silence is deafening, and he can't shake the feeling that someone is near.",
        "The priest hesitates, unsure if he should continue to speak with you.",  # a talk already under way
        "The priest greets you with a thin smile.",
        "The priest nods to you and walks on.",
    ],
)
def test_a_suspicion_or_a_dealing_with_you_hedges_the_no(text: str) -> None:
    assert hedged(text)


@pytest.mark.parametrize(
    "text",
    [
        "The priest walks on, unaware of you.",
        "The priest hums to himself, suspecting nothing.",
        "If the priest grows suspicious, you will have to move fast.",
        "The priest does not realize that someone is behind him.",
        "Something is off about the priest's gait.",  # your reading of him, not his of you
        "If the priest speaks to you, answer softly.",
        "The priest speaks with the abbot, unaware of you.",
        "The priest prays. The candle gutters, and he keeps his eyes on the altar.",
        "The priest could never shake the feeling that something was wrong with the abbey's accounts, and he sighs.",
    ],
)
def test_the_no_kept_or_supposed_passes(text: str) -> None:
    assert not hedged(text)


def test_the_retry_line_names_the_answer() -> None:
    result = resolve(NO)
    (violation,) = [v for v in check_narration("The priest grows suspicious.", [result], question=QUESTION)]
    assert fix_sentence(violation).startswith('Change "the priest grows suspicious"')


def fates(text: str) -> list[str]:
    result = resolve(STALK)
    return [v.detail for v in check_narration(text, [result], intent=INTENT) if "no fate" in v.detail]


@pytest.mark.parametrize(
    "text",
    [
        "The priest is now in a coma, and you have to flee.",
        "The priest falls unconscious at your feet.",
        "The priest passes out in the rain.",
        "The priest is knocked out cold against the wall.",
    ],
)
def test_a_foe_put_out_of_the_scene_on_a_roll_that_decided_no_fate(text: str) -> None:
    assert fates(text)


@pytest.mark.parametrize(
    "text",
    [
        "The priest is not unconscious; he is praying.",
        "If the priest is knocked out, the cloister is yours.",
        "The priest passes out of sight behind a pillar.",
        "The priest kneels, deep in prayer.",
    ],
)
def test_a_foe_awake_or_a_fate_supposed_passes(text: str) -> None:
    assert not fates(text)
