"""Round 23, Elegy (and Starforged): "banana" was offered Face Danger, Secure an Advantage and Endure Harm as "Moves
that fit" (Face Danger's catch-all prior lifted it over the weak-fit line); words with no deed now say no move closely
fits, while a declared deed ("I run", "Mara and I slip in") still lists moves that fit. "Mara and I slip in" was rolled
on Mara's sheet ("Mara's, rolled with Mara's sheet"): the one playing acts together with Mara, on their own sheet."""

from __future__ import annotations

import pytest

from assistant.suggest import SuggestContext, suggest
from assistant.suggest.core import WEAK_FIT_NOTE
from tests.session_helpers import open_campaign

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.mark.parametrize("system", ["elegy", "starforged"])
@pytest.mark.parametrize("typed", ["banana", "purple", "hello there"])
def test_words_with_no_deed_are_not_said_to_fit_a_move(embedder, system: str, typed: str) -> None:
    offered = suggest(typed, SuggestContext(system=system), embedder=embedder)
    assert offered and WEAK_FIT_NOTE in offered[0].notes, [(s.move, s.notes) for s in offered]


@pytest.mark.parametrize("system", ["elegy", "starforged"])
@pytest.mark.parametrize("typed", ["I run", "climb the wall", "Mara and I slip in", "I sneak past the guard"])
def test_a_declared_deed_still_fits_its_moves(embedder, system: str, typed: str) -> None:
    offered = suggest(typed, SuggestContext(system=system), embedder=embedder)
    assert offered and WEAK_FIT_NOTE not in offered[0].notes, [(s.move, s.notes) for s in offered]


@pytest.mark.usefixtures("hash_embedder")
@pytest.mark.parametrize("typed", ["Mara and I slip in", "me and Mara sneak past the hunters", "Then Mara and I climb"])
def test_acting_together_with_mara_is_rolled_on_the_players_own_sheet(typed: str) -> None:
    session, dice = open_campaign("Together", "elegy")
    assert session.send("/character add Mara dexterity=3").kind != "error"
    mine = session.state.active_character
    offered = session.send(typed)
    assert offered.suggestions, offered.narration
    for s in offered.suggestions:
        assert s.request.get("character_id") in (None, mine), s.request
        assert "target" not in (s.request.get("options") or {}), s.request
    assert not any("Mara's sheet" in n for n in offered.notes), offered.notes


@pytest.mark.usefixtures("hash_embedder")
@pytest.mark.parametrize("typed", ["Mara sneaks past the hunters", "Mara climbs the wall"])
def test_mara_acting_alone_is_still_rolled_on_her_sheet(typed: str) -> None:
    session, _ = open_campaign("Alone", "elegy")
    assert session.send("/character add Mara dexterity=3").kind != "error"
    offered = session.send(typed)
    assert any("Mara's sheet" in n for n in offered.notes), offered.notes


@pytest.mark.usefixtures("hash_embedder")
@pytest.mark.parametrize("typed", ["I reach a milestone on my elegy", "we reach a milestone on the elegy"])
def test_an_elegy_begun_from_words_of_another_move_asks_its_name(typed: str) -> None:
    session, dice = open_campaign("Milestone first", "elegy")
    offered = session.send(typed)
    sing = next((s for s in offered.suggestions if s.move == "Sing an Elegy"), None)
    assert sing is not None, [s.move for s in offered.suggestions]
    asked = session.confirm(sing)
    assert asked.kind == "question" and "What is the new elegy?" in asked.narration, (asked.kind, asked.narration)
    assert not session.state.tracks
    dice.queue(5, 1, 2)
    sung = session.send("for my sire, slain by the hunters")
    assert sung.kind == "action", sung.error
    assert [t["name"] for t in session.state.tracks.values()] == ["My sire, slain by the hunters"]


@pytest.mark.usefixtures("hash_embedder")
def test_an_elegy_sung_in_the_players_own_words_is_named_by_them() -> None:
    session, dice = open_campaign("Elegy words", "elegy")
    offered = session.send("I sing an elegy to avenge my sire")
    sing = next(s for s in offered.suggestions if s.move == "Sing an Elegy")
    dice.queue(5, 1, 2)
    sung = session.confirm(sing)
    assert sung.kind == "action", (sung.kind, sung.narration)
    assert [t["name"] for t in session.state.tracks.values()] == ["Avenge my sire"]
