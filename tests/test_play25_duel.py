"""Round 25, Dungeon World PvP. "I swing my axe at Mara" offered a Saving Throw second: a saving throw answers a
control or a spell coming at you ("Control moves always allow for their target to make a saving throw to resist it"),
so words with none of that push it down and the attack moves come first. After diving aside from a fireball the
Saving Throw card asked "If the control move says you resisted it": the choice to end a control is offered only while
a control holds the character, and the card's words fit a save against any spell or move."""

from __future__ import annotations

import pytest

from assistant.suggest import SuggestContext, suggest
from tests.session_helpers import open_campaign

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(scope="module")
def embedder():
    from rules_index.embed import MiniLMEmbedder

    return MiniLMEmbedder()


@pytest.mark.parametrize(
    "typed",
    [
        "I swing my axe at Mara",
        "I cleave at Mara with my greataxe",
        "I hack at the fighter's shield arm",
        "I bash the paladin with my mace",
        "I charge at the bard and swing",
    ],
)
def test_an_attack_offers_no_saving_throw_before_the_attack_moves(embedder, typed: str) -> None:
    offered = [s.move for s in suggest(typed, SuggestContext(system="dungeon-world"), embedder=embedder)]
    assert offered[0] == "Hack & Slash", offered
    assert "Saving Throw" not in offered[:2], offered


@pytest.mark.parametrize(
    ("typed", "stat"),
    [
        ("I dive aside as the fireball streaks in", "dex"),
        ("I resist the charm spell", None),
        ("I try to break free of the paralysis", None),
        ("I make a saving throw against the hex", None),
    ],
)
def test_saving_from_a_spell_or_control_still_offers_the_saving_throw_first(embedder, typed: str, stat: str | None) -> None:
    offered = suggest(typed, SuggestContext(system="dungeon-world"), embedder=embedder)
    assert offered[0].move == "Saving Throw", [(s.move, s.stat) for s in offered]
    assert stat is None or offered[0].stat == stat


@pytest.mark.usefixtures("hash_embedder")
def test_a_save_with_no_control_on_you_asks_nothing_about_a_control() -> None:
    session, dice = open_campaign("Dive", "dungeon-world")
    dice.queue(3, 4)
    turn = session.send("/roll saving throw +dex")
    assert turn.kind == "action" and turn.results, turn.error
    assert not turn.open_choices, turn.open_choices
    assert "control" not in turn.narration.lower(), turn.narration
    assert "the spell or move you save against decides" in turn.narration.lower(), turn.narration


@pytest.mark.usefixtures("hash_embedder")
def test_a_save_while_controlled_offers_to_end_the_control() -> None:
    session, dice = open_campaign("Held", "dungeon-world")
    assert session.send("/roll suffer a control move control=control").kind != "error"
    assert "controlled" in next(iter(session.reload().characters.values()))["impacts"]
    dice.queue(5, 5)
    turn = session.send("/roll saving throw +wis")
    assert turn.open_choices, turn.narration
    assert "If you resist the control move you are under, it ends." in turn.narration, turn.narration
    picked = session.send("/choose 1")
    assert picked.kind != "error", picked.error
    assert "controlled" not in next(iter(session.reload().characters.values()))["impacts"]
