"""Round 34, the ninth held-out chat scripts' Starforged sessions played and read as the player: a companion named in
the player's words ("my drone Pip") not met by Companion Takes a Hit when hurt; a gift to a connection offered
Resupply and a quiet moment shared with them Face Danger; a rank said after the vow ("its a dangerous vow") left "its a
vow" in the story; a foe's deed with a long subject, or a name before a verb the verb list lacks, told as a thing to
turn to ("You turn your attention to a bounty hunter ... steps out")."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pytest

from assistant.chat.session import ChatSession
from assistant.narrate.opening import frame
from assistant.store import service
from tests.session_helpers import ScriptedDice, open_campaign

if TYPE_CHECKING:
    from rules_index.embed import MiniLMEmbedder


def _real(name: str, system: str, embedder: MiniLMEmbedder) -> tuple[ChatSession, ScriptedDice]:
    service.create_campaign(name, system, seed=7)
    dice = ScriptedDice()
    return ChatSession.open(name, rng=dice, embedder=embedder), dice


def test_a_companion_named_in_the_players_words_takes_the_hit(embedder: MiniLMEmbedder) -> None:
    session, dice = _real("Pip", "starforged", embedder)
    offered = session.send("I push on through the ion storm, my drone Pip scouting ahead")
    dice.queue(5, 2, 3)
    assert session.confirm(offered.suggestions[0]).kind != "error"
    hurt = session.send("pip gets clipped by a shard of debris")
    assert hurt.suggestions[0].move == "Companion Takes a Hit", [s.move for s in hurt.suggestions]
    foe = session.send("the pirate gets clipped by my shot")
    assert "Companion Takes a Hit" not in [s.move for s in foe.suggestions]
    service.close_stores()


@pytest.mark.parametrize(
    "said",
    [
        "i bring Juno a crate of spare parts from the salvage yard to show I care about her",
        "I share a quiet moment with Juno watching the gas giant rise",
    ],
)
def test_a_deed_develop_your_relationship_lists_is_that_move_with_a_connection(embedder: MiniLMEmbedder, said: str) -> None:
    session, _ = _real("Juno " + said.split()[1], "starforged", embedder)
    assert session.send("/track formidable connection Juno").kind != "error"
    assert session.send(said).suggestions[0].move == "Develop Your Relationship"
    service.close_stores()


def test_supplies_brought_back_are_still_a_resupply(embedder: MiniLMEmbedder) -> None:
    session, _ = _real("Supplies", "starforged", embedder)
    assert session.send("/track formidable connection Juno").kind != "error"
    assert session.send("I bring supplies back to the ship").suggestions[0].move == "Resupply"
    service.close_stores()


@pytest.mark.usefixtures("hash_embedder")
def test_a_rank_said_after_the_vow_leaves_no_its_a_vow_in_the_story() -> None:
    session, dice = open_campaign("Aurelia", "starforged")
    said = "i swear an iron vow to find the lost colony ship Aurelia before the Keepers claim her wreck, its a dangerous vow"
    offered = session.send(said)
    dice.queue(1, 5, 9)
    done = session.confirm(next(s for s in offered.suggestions if s.move == "Swear an Iron Vow"))
    story = done.narration.partition("\n\n")[0]
    assert "its a" not in story and "claim her wreck." in story, story


@pytest.mark.parametrize(
    ("said", "told"),
    [
        (
            "A bounty hunter in scarred red armor steps out of the smoke in the cantina and draws on me",
            "A bounty hunter in scarred red armor steps out of the smoke in the cantina and draws on you.",
        ),
        ("Maelis strums a chord and tries to charm Rook", "Maelis strums a chord and tries to charm Rook."),
        ("a man with a scar levels a rifle at me", "A man with a scar levels a rifle at you."),
    ],
)
def test_someone_elses_deed_is_told_as_the_player_put_it(said: str, told: str) -> None:
    assert frame(said, random.Random(1)) == told


@pytest.mark.parametrize("thing", ["a bribe for the guards at the gate", "a crate of parts for the engines in the hold"])
def test_a_thing_named_is_still_a_thing_to_turn_to(thing: str) -> None:
    assert not frame(thing, random.Random(1)).startswith(thing[:1].upper() + thing[1:])
