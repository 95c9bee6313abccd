"""Dungeon World words read as the move they are: a dive behind cover from a control spell is a Saving Throw (+dex),
from a damage spell no saving throw (the damage is dealt), and never the Volley its word "fire" called up; what is
hurled at the character is the foe's attack; a shield used to bash is Hack & Slash ("When you attack an enemy in
melee"), not Defend."""

from __future__ import annotations

import pytest

from assistant.suggest import SuggestContext, suggest


def _moves(embedder, text: str) -> list[str]:
    return [s.move for s in suggest(text, SuggestContext(system="dungeon-world"), k=3, embedder=embedder)]


@pytest.mark.parametrize(
    "text",
    [
        "I dive behind a pillar as the wizard hurls fire at me",
        "I duck behind the altar as the fireball comes",
        "I leap behind the pew as the lightning bolt strikes",
    ],
)
def test_diving_behind_cover_from_a_damage_spell_is_no_saving_throw(embedder, text: str) -> None:
    # "Direct Damage spells can neither be avoided by Saving Throws, nor mitigated by armor": the damage is dealt
    moves = _moves(embedder, text)
    assert moves[0] == "Deal Damage" and "Volley" not in moves, (text, moves)


@pytest.mark.parametrize(
    "text",
    [
        "I dive behind a pillar as the wizard's spell tries to hold me in place",
        "I duck behind the altar to break free of the charm",
    ],
)
def test_diving_behind_cover_from_a_control_spell_is_a_saving_throw(embedder, text: str) -> None:
    # "Control moves always allow for their target to make a saving throw to resist it, using the stat dictated"
    moves = _moves(embedder, text)
    assert moves[0] == "Saving Throw" and "Volley" not in moves, (text, moves)


def test_fire_hurled_at_the_character_is_not_their_volley(embedder) -> None:
    assert "Volley" not in _moves(embedder, "the wizard hurls fire at me")


@pytest.mark.parametrize("text", ["I bash the wizard with my shield", "I shield-bash Mara", "I slam my shield into his face"])
def test_a_shield_bash_is_an_attack(embedder, text: str) -> None:
    assert _moves(embedder, text)[0] == "Hack & Slash", text


@pytest.mark.parametrize("text", ["I raise my shield to protect the cleric", "I fire an arrow at the wizard", "I shoot at Mara"])
def test_guarding_and_shooting_are_unchanged(embedder, text: str) -> None:
    expected = "Defend" if "protect" in text else "Volley"
    assert _moves(embedder, text)[0] == expected, text
