"""A step on a sworn vow is Reach a Milestone, not the roll that ends the vow: "I mark progress on my vow" offered
Fulfill Your Vow first, and a player who confirmed it rolled the vow's end with three boxes of progress."""

from __future__ import annotations

import pytest

from assistant.suggest import SuggestContext, suggest


def _top(embedder, text: str) -> str:
    return suggest(text, SuggestContext(system="starforged"), k=3, embedder=embedder)[0].move


@pytest.mark.parametrize(
    "text", ["I mark progress on my vow", "I make progress on my vow", "marking progress on the vow to find Kira"]
)
def test_marking_progress_on_a_vow_is_a_milestone(embedder, text: str) -> None:
    assert _top(embedder, text) == "Reach a Milestone", text


@pytest.mark.parametrize("text", ["I fulfil my vow", "I complete my quest", "I fulfill my vow, I made progress enough"])
def test_ending_the_vow_is_still_fulfill_your_vow(embedder, text: str) -> None:
    assert _top(embedder, text) == "Fulfill Your Vow", text
