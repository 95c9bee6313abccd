"""Round 24, moves offered for a player's words. Dungeon World: "I defy danger by diving aside" offered Defend, Hack &
Slash and a Saving Throw +str. The PvP combat text has no Defy Danger; a spell is avoided by a saving throw ("Direct
Damage spells can neither be avoided by Saving Throws"), and diving aside is DEX: the Saving Throw +dex comes first,
and naming a move of the published game the text has not says so. Blades: "we take heat from the score" offered
Reduce Heat (nothing to reduce at 0 heat) instead of Heat, the move that marks the heat a score brings."""

from __future__ import annotations

import pytest

from assistant.suggest import SuggestContext, suggest
from tests.session_helpers import open_campaign

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.mark.parametrize(
    "typed",
    [
        "I defy danger by diving aside",
        "I dodge the wizard's spell",
        "I leap aside from the lightning",
    ],
)
def test_dungeon_world_getting_out_of_the_way_is_a_dex_saving_throw(embedder, typed: str) -> None:
    offered = suggest(typed, SuggestContext(system="dungeon-world"), embedder=embedder)
    assert (offered[0].move, offered[0].stat) == ("Saving Throw", "dex"), [(s.move, s.stat) for s in offered]


@pytest.mark.parametrize("typed", ["I dive aside as the fireball streaks in", "I sidestep the bolt of fire"])
def test_dungeon_world_a_damage_spell_is_not_dodged_with_a_saving_throw(embedder, typed: str) -> None:
    # "Direct Damage spells can neither be avoided by Saving Throws, nor mitigated by armor" (round 27)
    offered = suggest(typed, SuggestContext(system="dungeon-world"), embedder=embedder)
    assert offered[0].move != "Saving Throw" and "Deal Damage" in [s.move for s in offered], [s.move for s in offered]


@pytest.mark.parametrize(
    ("typed", "move"),
    [
        ("I attack the bard with my sword", "Hack & Slash"),
        ("I shield my friend from the blow", "Defend"),
        ("I shoot an arrow at the fighter", "Volley"),
        ("I resist the charm spell", "Saving Throw"),
    ],
)
def test_dungeon_world_other_deeds_keep_their_moves(embedder, typed: str, move: str) -> None:
    offered = suggest(typed, SuggestContext(system="dungeon-world"), embedder=embedder)
    assert offered[0].move == move, [(s.move, s.stat) for s in offered]


@pytest.mark.usefixtures("hash_embedder")
@pytest.mark.parametrize(("typed", "absent"), [("I defy danger by diving aside", "Defy Danger"), ("I spout lore", "Spout Lore")])
def test_naming_a_move_the_text_has_not_says_so(typed: str, absent: str) -> None:
    session, _ = open_campaign("Absent " + absent, "dungeon-world")
    offered = session.send(typed)  # with no move offered, the note is the answer, said once
    said = [n for n in [offered.narration, *offered.notes] if f"has no {absent} move" in n]
    assert len(said) == 1 and "Dungeon World" in said[0], (offered.narration, offered.notes)
    assert "No move fits" not in offered.narration, offered.narration
    assert session.reload().moves == 0


@pytest.mark.usefixtures("hash_embedder")
def test_words_of_moves_the_game_has_say_nothing_of_absent_moves() -> None:
    session, _ = open_campaign("Present", "dungeon-world")
    offered = session.send("I dive aside from the spell")
    assert not [n for n in offered.notes if "has no" in n], offered.notes


@pytest.mark.parametrize(
    "typed",
    [
        "we take heat from the score",
        "how much heat do we take after the job?",
        "the crew took heat for the score",
        "we mark heat from the job",
    ],
)
def test_blades_taking_heat_after_a_score_is_the_heat_move(embedder, typed: str) -> None:
    offered = suggest(typed, SuggestContext(system="blades"), embedder=embedder)
    assert offered[0].move == "Heat", [s.move for s in offered]


@pytest.mark.parametrize("typed", ["I lie low to shake off the heat", "I bribe the watch to make the reports disappear"])
def test_blades_reducing_heat_is_still_reduce_heat(embedder, typed: str) -> None:
    character = {"stats": {"consort": 2}, "heat": 4}
    offered = suggest(typed, SuggestContext(system="blades", character=character), embedder=embedder)
    assert offered[0].move == "Reduce Heat", [s.move for s in offered]


@pytest.mark.usefixtures("hash_embedder")
@pytest.mark.parametrize("typed", ["/roll defy danger", "/roll defy danger +dex", "/roll Spout Lore"])
def test_rolling_a_move_the_text_has_not_says_what_to_make_instead(typed: str) -> None:
    session, _ = open_campaign("Roll absent " + typed, "dungeon-world")
    refused = session.send(typed)
    assert refused.kind == "error" and "has no" in refused.error and "/moves" in refused.error, refused.error
    assert session.reload().moves == 0
