"""A hit told as nothing learned (set 18: "You scrape through, but you can't find anyone who knows anything about it"
after "I ask the dockhands about the Wayfarer's last crew", a weak hit)."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, prepare
from assistant.guard.model import Violation

WEAK_HIT = {"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [4, 2, 9]}
MISS = {"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [1, 9, 9]}
ASK = "I ask the dockhands about the Wayfarer's last crew"


def check(text: str, request: dict[str, object] = WEAK_HIT, intent: str = ASK) -> list[Violation]:
    result = resolve(request)
    flags = check_narration(text, [result], intent=intent, facts=prepare([result]))
    return [v for v in flags if v.kind.value == "outcome"]  # told as getting nothing, failing or learning nothing


def test_the_requests_resolve_as_named() -> None:
    assert resolve(WEAK_HIT).outcome == "weak_hit"
    assert resolve(MISS).outcome == "miss"


@pytest.mark.parametrize(
    "text",
    [
        "You scrape through, but you can't find anyone who knows anything about it.",  # BA2-1.5b:sf-vow:5:1
        "No one on the docks can tell you anything about the Wayfarer.",
        "None of them has heard a thing about the crew.",
        "You learn nothing new from the dockhands.",
        "You come away empty-handed.",
        "You find no trace of the crew in the harbour logs.",
        "Nobody remembers anything about the Wayfarer's last voyage.",
        "The dockhands shrug and say they know nothing.",
        "None of them has any idea what became of the crew.",
    ],
)
def test_a_hit_told_as_nothing_learned_is_caught(text: str) -> None:
    assert check(text), text


@pytest.mark.parametrize(
    "text",
    [
        "No one knows where the ship went, but an old dockhand remembers its captain's name, for a price.",
        "The ship has been lost for years, they say, and no one knows what happened to it.",
        "At first nobody tells you anything, but then a welder mentions a berth on the lower ring.",
        "You might come away empty-handed if you push them any harder.",
        "The dockhands point you to a pilot who flew with the crew, though he wants paying.",
        "They claim to know nothing, but one of them slips you a berth number when the others look away.",
    ],
)
def test_a_hit_with_something_learned_passes(text: str) -> None:
    assert check(text) == [], text


def test_a_miss_may_come_up_empty() -> None:
    assert not [v for v in check("You come away empty-handed.", request=MISS) if "learning nothing" in v.detail]
    assert [v for v in check("You come away empty-handed.") if "learning nothing" in v.detail]


@pytest.mark.parametrize(
    "text",
    [
        "You walk away from the docks empty-handed.",
        "You're left empty-handed.",
        "Not one of them has heard a thing about the crew.",
    ],
)
def test_you_leaving_with_nothing_is_caught_in_more_words(text: str) -> None:
    assert [v for v in check(text) if "learning nothing" in v.detail], text


@pytest.mark.parametrize(
    "text",
    [
        "You tell them you know nothing of the ship's cargo, and the old hand laughs and names its captain.",
        "I know nothing of ships, you admit, and the old hand takes pity and names the crew.",
        "They shrug; the crew left empty-handed that night. A dockhand gives you the captain's name.",
        "The thieves went away empty-handed, the harbourmaster says, and he names the one who hired them.",
        "You had no idea the crew was so well known; every dockhand has a story of them.",
    ],
)
def test_your_own_ignorance_and_another_leaving_empty_handed_pass(text: str) -> None:
    assert [v for v in check(text) if "learning nothing" in v.detail] == [], text
