"""Round 19 of the city game played through the chat: asking around about someone is listening out (Ear to the
Ground), asking around for someone is working connections (Get Something); every city move played to each of its
outcomes through the chat's offline narration passes the guard (the scheme's miss was once flagged)."""

from __future__ import annotations

import re

import pytest

from assistant.engine import get_ruleset
from assistant.engine.cue_words import _phrase_regex
from tests.session_helpers import assert_store_matches_card, open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize(
    ("words", "first"),
    [
        ("I ask around the docks about the smuggler", "Ear to the Ground"),
        ("I ask around about the Baron", "Ear to the Ground"),
        ("we nose around the Saltmarket about the missing barge", "Ear to the Ground"),
        ("I ask around the Saltmarket for a forger who can copy the Baron's seal", "Get Something"),
        ("I ask around the market for a fence who will buy the jewels", "Get Something"),
    ],
)
def test_asking_around_about_someone_listens_out_and_for_someone_works_connections(words: str, first: str) -> None:
    session, _dice = open_campaign(f"Docks {first} {len(words)}", "city")
    offered = session.send(words)
    assert offered.suggestions, offered.narration
    assert offered.suggestions[0].move == first, [s.move for s in offered.suggestions]


@pytest.mark.parametrize(
    ("phrase", "text", "found"),
    [
        ("ask around ... about", "I ask around the docks about the smuggler", True),
        ("ask around ... about", "I asked around about it", True),
        ("ask around ... about", "I ask around the docks for a boat", False),
        ("ask around ... about", "ask around the old fish market stalls by the river about it", False),
    ],
)
def test_a_cue_phrase_with_dots_takes_a_few_of_the_players_words_between(phrase: str, text: str, found: bool) -> None:
    assert bool(re.search(_phrase_regex(phrase), text, re.IGNORECASE)) is found


_FACES = {"miss": (1, 2), "weak_hit": (3, 4), "strong_hit": (5, 5), "critical": (6, 6)}


@pytest.mark.parametrize("outcome", list(_FACES))
def test_a_scheme_set_up_to_each_outcome_is_told_offline_without_a_guard_flag(outcome: str) -> None:
    session, dice = open_campaign(f"Racket {outcome}", "city")
    session.send("/set network 0")
    offered = session.send("I set up a protection racket among the fishmongers of the Saltmarket")
    scheme = next(s for s in offered.suggestions if s.move == "Set Up a Scheme")
    dice.queue(*_FACES[outcome])
    rolled = session.confirm(scheme)
    assert rolled.kind == "action", rolled.error
    assert rolled.violations == [], (rolled.violations, rolled.narration)
    assert rolled.narrator == "template", rolled.narrator
    if rolled.open_choices:
        picked = session.send("/choose 1")
        assert picked.violations == [], (picked.violations, picked.narration)
        assert_store_matches_card(session, picked)


_SETUP = {"Run the Scheme": "/add scheme Protection racket"}
_ARGS = {"Backfire": " complexity=3"}


def _rolled_moves() -> list[str]:
    return [m.name for m in get_ruleset("city").moves if m.roll.type != "none" and m.roll.stats]


@pytest.mark.parametrize("move", _rolled_moves())
def test_every_rolled_city_move_to_each_outcome_passes_the_guard_through_the_chat(move: str) -> None:
    session, dice = open_campaign(f"Every {move}", "city")
    session.send("I walk into the Saltmarket at dusk")
    if move in _SETUP:
        assert session.send(_SETUP[move]).kind != "error"
    seen = set()
    for faces in _FACES.values():
        dice.queue(*faces)
        stat = get_ruleset("city").find_move(move).roll.stats[0].stats[0]
        rolled = session.send(f"/roll {move} +{stat}{_ARGS.get(move, '')}")
        dice.faces.clear()
        if rolled.kind == "error":
            continue
        seen.add(rolled.results[0].outcome)
        assert rolled.violations == [], (move, faces, rolled.violations, rolled.narration)
        session.send("/undo")
    assert seen, f"{move} was never rolled"


def test_running_the_scheme_tells_its_productivity_by_its_numbers() -> None:
    session, dice = open_campaign("Racket Run", "city")
    session.send("/add scheme Protection racket")
    dice.queue(4, 6)  # 10 + productivity 0: a strong hit, collect 1 asset and increase productivity
    run = session.send("/roll run the scheme")
    assert run.kind == "action", run.error
    assert "Assets 0 → 1. Protection racket productivity: 0 → 1." in run.narration, run.narration
    assert "Increase productivity (max +3)." not in run.narration, run.narration
    assert_store_matches_card(session, run)


def test_completing_the_factions_project_asks_no_clock_it_does_not_keep() -> None:
    session, dice = open_campaign("Printing Press", "city")
    session.send("/add aspect Printers guild")
    dice.queue(3, 2)
    rolled = session.send("/roll complete project +aspects")
    assert rolled.kind == "action", rolled.narration
    assert "clock" not in rolled.narration.lower(), rolled.narration
    assert "Rolled 3 + 2 + aspects 1 = 6: a miss." in rolled.narration, rolled.narration
    assert_store_matches_card(session, rolled)


def test_a_scheme_set_up_by_what_it_is_is_named_after_it() -> None:
    session, dice = open_campaign("Fishmongers", "city")
    offered = session.send("I set up a protection racket among the fishmongers")
    scheme = next(s for s in offered.suggestions if s.move == "Set Up a Scheme")
    dice.queue(5, 5)
    set_up = session.confirm(scheme)
    assert set_up.kind == "action", set_up.error
    sheet = session.reload().active()
    assert sheet is not None
    assert [s["name"] for s in sheet["schemes"]] == ["Protection racket among the fishmongers"], sheet["schemes"]


def test_adding_to_a_single_value_says_to_set_it_with_the_words_given_and_changes_nothing() -> None:
    session, _dice = open_campaign("Saltmarket", "city")
    before = session.reload().active()
    refused = session.send("/add neighborhood Saltmarket")
    assert refused.kind == "error"
    assert refused.error == "Neighborhood is one value, not a list: set it instead (set neighborhood Saltmarket).", refused.error
    assert session.reload().active() == before


def test_our_faction_acting_is_told_as_the_player_put_it() -> None:
    from assistant.narrate.opening import frame

    told = frame("our faction spreads a rumor that the Baron is broke", seed=1)
    assert told == "Your faction spreads a rumor that the Baron is broke.", told
