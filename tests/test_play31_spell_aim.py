"""Round 31: Dungeon World, "I cast a spell" with one other character in the campaign was aimed at that character
("Aimed at Duke, the only other character"), a light for the room too. A spell is aimed at the only other one when the
words speak of harm or aim ("at him", "blast"); a name still aims it; Magic Missile, a blow, is aimed as before."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def _wizard_beside_duke(name: str):
    session, dice = open_campaign(name, "dungeon-world")
    for line in ("/set class wizard", "/set mana 3", "/set int 1", "/character add Duke", "/character play"):
        assert session.send(line).kind != "error", line
    return session, dice


def _spell(turn):
    return next(s for s in turn.suggestions if s.move.startswith("Cast a Spell"))


@pytest.mark.parametrize(
    "words",
    [
        "i cast a spell",
        "I cast a spell to light the room so we can read the map",
        "i call on my god to heal my wounds after the fight",
    ],
)
def test_a_spell_without_a_foe_is_aimed_at_no_one(words: str) -> None:
    session, dice = _wizard_beside_duke("Spell unaimed " + words[:12])
    turn = session.send(words)
    spell = _spell(turn)
    assert "target" not in (spell.request.get("options") or {}), spell.request
    assert not any("Cast a Spell (Wizard)" in n and "Duke" in n for n in turn.notes), turn.notes
    assert not any(n.startswith("Aimed at Duke") for n in turn.notes), turn.notes
    others = {cid: sheet for cid, sheet in session.reload().characters.items() if cid != session.state.active_character}
    dice.queue(6, 6)  # 12 + int 1: the spell is cast, nothing on Duke
    cast = session.confirm(spell)
    assert cast.kind != "error" and cast.results, cast.error
    after = session.reload().characters
    assert all(after[cid] == sheet for cid, sheet in others.items())  # Duke's sheet untouched
    assert not [f for f in cast.follow_ups if f.target], cast.follow_ups


@pytest.mark.parametrize("words", ["I cast a spell at him", "I blast him with a spell", "I cast a spell at Duke"])
def test_a_spell_at_a_foe_is_aimed(words: str) -> None:
    session, _ = _wizard_beside_duke("Spell aimed " + words[-8:])
    spell = _spell(session.send(words))
    assert spell.request["options"]["target"] != session.state.active_character, spell.request
