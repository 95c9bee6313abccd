"""Moves made only in a narrow situation need the words of that situation (``needs`` in the cue files)."""

from __future__ import annotations

import pytest

from assistant.suggest import SuggestContext, moves_for, suggest
from assistant.suggest.catalog import normalize_name
from assistant.suggest.cues import load_needs, unmet_needs

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

SYSTEMS = ["starforged", "elegy", "blades", "city", "dungeon-world"]


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_need_names_a_move_of_its_system(system):
    keys = {name for m in moves_for(system) for name in m.names()}
    needs = load_needs(system)
    assert needs, f"{system} declares no narrow moves"
    assert set(needs) <= keys, set(needs) - keys


def test_a_need_is_met_by_any_of_its_words_in_any_inflection():
    assert "swearanironvow" in unmet_needs("starforged", "strike the raider!")
    assert "swearanironvow" not in unmet_needs("starforged", "I'm swearing on my mother's ring")
    assert "demonicnotice" in unmet_needs("blades", "pick the lock")
    assert "demonicnotice" not in unmet_needs("blades", "a demon turns up offering us a deal")


@pytest.mark.parametrize(
    ("system", "text", "never"),
    [
        ("elegy", "search the chapel for the relic", {"Sing an Elegy", "Perform Ritual"}),
        ("elegy", "stalk the priest", {"Sing an Elegy", "Perform Ritual"}),
        ("blades", "pick the lock", {"Demonic Notice"}),
        ("starforged", "strike the raider!", {"Swear an Iron Vow"}),
    ],
)
def test_narrow_moves_stay_out_of_everyday_actions(embedder, system, text, never):
    names = [s.move for s in suggest(text, SuggestContext(system=system), k=3, embedder=embedder)]
    assert not set(names) & never, names


@pytest.mark.parametrize(
    ("system", "text", "expected"),
    [
        ("starforged", "strike the raider!", "Strike"),
        ("elegy", "search the chapel for the relic", "Gather Information"),
        ("elegy", "stalk the priest", "Face Danger"),
        # the narrow move still comes first when its situation is said
        ("blades", "a demon turns up offering the crew a dark bargain", "Demonic Notice"),
        ("starforged", "I swear upon iron to find my sister", "Swear an Iron Vow"),
        ("elegy", "I swear to avenge my sire", "Sing an Elegy"),
    ],
)
def test_the_move_a_player_would_pick_comes_first(embedder, system, text, expected):
    top = suggest(text, SuggestContext(system=system), k=1, embedder=embedder)[0]
    assert normalize_name(top.move) == normalize_name(expected), top.move


def test_words_no_move_fits_are_told_the_moves_are_only_the_nearest(embedder):
    # the rain is no move of any game; picking a lock is Blades' free-play Action Roll ("During downtime, you can
    # still ... make action rolls")
    (first,) = suggest("the rain falls on the rooftops", SuggestContext(system="blades"), k=1, embedder=embedder)
    assert "closely fits" in first.notes[0]
    (lock,) = suggest("pick the lock", SuggestContext(system="blades"), k=1, embedder=embedder)
    assert (lock.move, lock.stat) == ("Action Roll", "finesse") and not lock.notes, (lock.move, lock.stat, lock.notes)
    (fits,) = suggest("get my broken ribs seen to by the physicker", SuggestContext(system="blades"), k=1, embedder=embedder)
    assert fits.move == "Recover" and not any("closely fits" in n for n in fits.notes)
