"""Which suggestions fit the moment in play: a fight move with no fight gives its place to the move that starts one,
and a move the words call for stays (with its odds) even when only a miss is possible at this stat."""

from __future__ import annotations

from typing import Any

import pytest

from assistant.chat.fitting import fit_suggestions
from assistant.engine import get_ruleset
from assistant.store.state import CampaignState
from assistant.suggest import SuggestContext, suggest

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def _state(system: str, tracks: dict[str, Any] | None = None) -> CampaignState:
    character = get_ruleset(system).default_character()
    return CampaignState(name="t", system=system, tracks=tracks or {}, characters={"pc": character}, active_character="pc")


def _fit(embedder: Any, system: str, text: str, tracks: dict[str, Any] | None = None) -> list[str]:
    state = _state(system, tracks)
    context = SuggestContext(system=system, character=state.active())
    shortlist = suggest(text, context, k=8, embedder=embedder)
    return [s.move for s in fit_suggestions(state, shortlist, text, k=3)]


def test_a_blow_struck_with_no_fight_on_offers_enter_the_fray(embedder) -> None:
    moves = _fit(embedder, "elegy", "I break the hunter's arm")
    assert moves[0] == "Enter the Fray" and "Clash" not in moves, moves


def test_once_the_fight_is_on_the_blow_is_a_clash(embedder) -> None:
    fight = {"f": {"name": "The hunter", "kind": "combat", "rank": "dangerous", "ticks": 0}}
    moves = _fit(embedder, "elegy", "I break the hunter's arm", tracks=fight)
    assert moves[0] == "Clash", moves


def test_a_move_that_only_misses_at_this_stat_is_still_offered_after_those_that_can_hit_and_says_so(embedder) -> None:
    state = _state("elegy")  # intellect 1 against two d10s: Gather Information cannot hit
    text = "search the chapel for the relic"
    shortlist = suggest(text, SuggestContext(system="elegy", character=state.active()), k=8, embedder=embedder)
    fitted = fit_suggestions(state, shortlist, text, k=3)
    gather = next(s for s in fitted if s.move == "Gather Information")  # offered, but after moves that can hit (round 34)
    assert fitted[0] is not gather and gather.odds["outcomes"]["miss"] == 100, [s.move for s in fitted]
    assert any("only a miss is possible" in n for n in gather.notes)


def test_brink_moves_are_not_offered_with_full_meters(embedder) -> None:
    state = _state("elegy")
    for text in ("I am starving and face starvation", "I face desolation", "I face my last death"):
        context = SuggestContext(system="elegy", character=state.active())
        names = [s.move for s in suggest(text, context, k=8, embedder=embedder)]
        assert not {"Face Starvation", "Face Desolation", "Face Last Death"} & set(names), (text, names)
    at_zero = {**state.active(), "blood": 0}
    context = SuggestContext(system="elegy", character=at_zero)
    names = [s.move for s in suggest("I face starvation", context, k=3, embedder=embedder)]
    assert names[0] == "Face Starvation", names


def test_a_brink_move_named_with_full_meters_says_when_it_is_made_and_how_to_roll_it_anyway() -> None:
    from assistant.chat.refusals import why_not_now

    notes = why_not_now(_state("elegy"), [], "I face starvation")
    assert notes == [
        "Face Starvation is made when your blood is at 0 (it is 5 now), so it is not suggested now; if the story "
        "brings you there, roll it with /roll face starvation."
    ]
