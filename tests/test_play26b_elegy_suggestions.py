"""Round 26, Elegy's moves offered for a player's words: the second and third places were often moves whose trigger
the words never named. Swearing a vow ("I vow to protect Mara") offered Endure Harm second; "I spend the night with
Anna" put Rest beside Respite only by the embedding. Endure Harm ("When you face physical damage"), Endure Stress
("mental shock or despair") and Respite ("socialize, share intimacy, or find a moment of peace") now need a word of
their trigger, as Sing an Elegy needs a vow; and a blow taken ("the hunter stabs me", "I take a hit") is Endure Harm
first, before fighting back (Clash), while the character's own blow stays Clash."""

from __future__ import annotations

import pytest

from assistant.suggest import SuggestContext, suggest

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def _offered(embedder, typed: str) -> list[str]:
    return [s.move for s in suggest(typed, SuggestContext(system="elegy"), embedder=embedder)]


@pytest.mark.parametrize(
    "typed",
    [
        "I vow to protect Mara",
        "I swear a vow to destroy the hunter",
        "I swear to find my sire",
        "I swear an oath to avenge my sister",
        "I promise Anna I will bring her brother home",
    ],
)
def test_a_vow_sworn_is_sung_and_no_harm_is_offered_for_it(embedder, typed: str) -> None:
    offered = _offered(embedder, typed)
    assert offered[0] == "Sing an Elegy", offered
    assert not {"Endure Harm", "Endure Stress", "Respite"} & set(offered), offered


@pytest.mark.parametrize(
    "typed",
    [
        "the hunter stabs me",
        "the hunter shoots me in the chest",
        "the ghoul claws me",
        "he punches me in the face",
        "the priest stakes me",
        "I take a hit from the shotgun",
    ],
)
def test_a_blow_taken_is_endured_first(embedder, typed: str) -> None:
    offered = _offered(embedder, typed)
    assert offered[0] == "Endure Harm", offered


@pytest.mark.parametrize("typed", ["I stab the hunter", "I claw at the ghoul", "I shoot the hunter", "I punch him"])
def test_the_characters_own_blow_is_still_the_attack(embedder, typed: str) -> None:
    assert _offered(embedder, typed)[0] == "Clash"


@pytest.mark.parametrize(
    ("typed", "move"),
    [
        ("the sight of the bodies horrifies me", "Endure Stress"),
        ("I spend the night with Anna at the jazz club", "Respite"),
        ("I share a quiet moment of peace with Anna", "Respite"),
        ("the hunter's shotgun blast tears through my shoulder", "Endure Harm"),
    ],
)
def test_the_narrow_moves_still_come_first_for_their_own_words(embedder, typed: str, move: str) -> None:
    assert _offered(embedder, typed)[0] == move


@pytest.mark.parametrize("typed", ["the hunters find me", "the hunters find my haven", "I travel to the docks"])
def test_a_threat_or_a_journey_offers_no_rest_or_respite(embedder, typed: str) -> None:
    offered = _offered(embedder, typed)
    assert not {"Rest", "Respite", "Endure Harm"} & set(offered), offered
