"""Round 34, the ninth held-out chat scripts' Dungeon World duels played and read as the player: "who goes first in a
round?" sent to an oracle the game lacks; "Impact marked: vulnerable." where the sheet says conditions; a /choose in
the player's own words refused, and the pick told twice once taken; a caster with no mana told to make a Saving Throw
instead; a bard's strummed chord offered Hack & Slash."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from assistant.chat.choosing import resolve_picks
from assistant.chat.session import ChatSession
from assistant.store import service
from tests.session_helpers import ScriptedDice, open_campaign

if TYPE_CHECKING:
    from rules_index.embed import MiniLMEmbedder


def _real(name: str, system: str, embedder: MiniLMEmbedder) -> tuple[ChatSession, ScriptedDice]:
    service.create_campaign(name, system, seed=7)
    dice = ScriptedDice()
    return ChatSession.open(name, rng=dice, embedder=embedder), dice


def test_a_bards_chord_is_arcane_art(embedder: MiniLMEmbedder) -> None:
    session, _ = _real("Chord", "dungeon-world", embedder)
    for line in ("/set name Rook", "/character add Maelis class=bard", "/character play Maelis"):
        assert session.send(line).kind != "error"
    turn = session.send("maelis strums a chord and tries to charm Rook into dropping his blade")
    assert turn.suggestions[0].move == "Arcane Art", [s.move for s in turn.suggestions]
    service.close_stores()


@pytest.mark.usefixtures("hash_embedder")
@pytest.mark.parametrize("asked", ["who goes first in a round?", "who acts first, me or the orc?"])
def test_who_goes_first_is_a_rules_question(asked: str) -> None:
    session, _ = open_campaign("First " + asked.split()[1], "dungeon-world")
    turn = session.send(asked)
    assert turn.kind == "rules" and "no oracle" not in turn.narration, turn.narration


@pytest.mark.usefixtures("hash_embedder")
def test_dungeon_world_tells_a_condition_in_its_sheets_word() -> None:
    session, dice = open_campaign("Pit", "dungeon-world")
    assert session.send("/character add Vesna class=paladin").kind != "error"
    dice.queue(2, 1)  # a miss: the attack leaves you vulnerable
    missed = session.send("/roll hack and slash +str")
    assert "Condition marked: vulnerable." in missed.narration and "Impact" not in missed.narration, missed.narration
    fresh, dice = open_campaign("Pit again", "dungeon-world")
    assert fresh.send("/character add Vesna class=paladin").kind != "error"
    dice.queue(5, 5)
    assert fresh.send("/roll hack and slash +str").open_choices
    picked = fresh.send("/choose 2")  # "The attack does not leave you vulnerable."
    assert "Condition cleared: vulnerable." in picked.narration and "Impact" not in picked.narration, picked.narration


@pytest.mark.usefixtures("hash_embedder")
def test_a_pick_is_told_once_not_again_as_the_outcomes_sentence() -> None:
    session, dice = open_campaign("Hold", "dungeon-world")
    assert session.send("/character add Vesna class=paladin").kind != "error"
    dice.queue(5, 4)
    assert session.send("/roll defend +con").open_choices
    picked = session.send("/choose redirect an attack from the thing I defend to myself")
    assert picked.kind != "error", picked.error
    story = picked.narration.partition("\n\n")[0]
    assert story == "You choose: redirect damage meant for the person you defend onto yourself.", story


@pytest.mark.usefixtures("hash_embedder")
def test_a_caster_with_no_mana_is_not_told_to_make_a_saving_throw_instead() -> None:
    session, _ = open_campaign("No mana", "dungeon-world")
    for line in ("/set class wizard", "/character add Corvin class=cleric"):
        assert session.send(line).kind != "error"
    told = session.send("I cast a spell to bind Corvin in chains of force").narration
    assert "can't cast" in told and "Saving Throw" not in told, told


class _Option:
    def __init__(self, id_: str, label: str) -> None:
        self.id, self.label = id_, label


def test_a_choose_in_the_players_own_words_picks_the_option_they_mean() -> None:
    defend = [_Option("redirect", "Redirect damage meant for the person you defend onto yourself.")]
    assert resolve_picks(["redirect an attack from the thing I defend to myself"], defend) == ["redirect"]
    hack = [
        _Option("damage", "You deal your combat damage (1dGrit) if you have a weapon."),
        _Option("safe", "The attack does not leave you vulnerable."),
        _Option("opens", "The attack opens your opponent up, making them vulnerable after your turn!"),
    ]
    assert resolve_picks(["the attack wont leave me vulnerable"], hack) == ["safe"]
    assert resolve_picks(["banana split"], hack) is None
    assert resolve_picks(["the attack"], hack) is None  # words two options share: no pick
