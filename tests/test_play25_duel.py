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
        ("I dive aside as the spell tries to hold me in place", "dex"),  # a fireball is no save (round 27)
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


# ---- Mara's moves on the one playing, and who a move is aimed at -------------------------------------------------
def _duel(name: str) -> tuple:
    session, dice = open_campaign(name, "dungeon-world")
    for line in ("/character add Mara class=wizard", "/set Mara: mana 3"):
        assert session.send(line).kind != "error", line
    return session, dice


def _target(s) -> object:
    return (s.request.get("options") or {}).get("target")


@pytest.mark.usefixtures("hash_embedder")
@pytest.mark.parametrize(
    "typed", ["Mara hurls a fireball at me", "Mara flings a fireball at me", "Mara throws a lightning bolt at me"]
)
def test_a_spell_thrown_at_me_is_her_spell_though_i_have_no_mana(typed: str) -> None:
    session, _ = _duel("Fireball " + typed)
    turn = session.send(typed)
    top = turn.suggestions[0]
    assert top.move == "Cast a Spell (Wizard)" and top.request.get("character_id") == "mara", [
        (s.move, s.request.get("character_id")) for s in turn.suggestions
    ]
    assert not str(top.odds_words or "").startswith("not now"), top.odds_words
    said = [n for n in turn.notes if "Mara's sheet" in n]
    assert said and said[0].startswith("Cast a Spell (Wizard)"), turn.notes  # told in the order offered


@pytest.mark.usefixtures("hash_embedder")
def test_her_spell_with_no_mana_of_hers_comes_after_what_can_be_made() -> None:
    session, _ = _duel("No mana")
    assert session.send("/set Mara: mana 0").kind != "error"
    moves = session.send("Mara hurls a fireball at me").suggestions
    refused = [s for s in moves if str(s.odds_words or "").startswith("not now")]
    assert all(moves.index(s) > moves.index(t) for s in refused for t in moves if t not in refused), [
        (s.move, s.odds_words) for s in moves
    ]


@pytest.mark.usefixtures("hash_embedder")
@pytest.mark.parametrize("typed", ["I hack at Mara", "I swing my axe at Mara", "I stab Mara"])
def test_attacking_her_aims_no_defence_at_her(typed: str) -> None:
    session, _ = _duel("Attack " + typed)
    turn = session.send(typed)
    assert turn.suggestions[0].move == "Hack & Slash" and _target(turn.suggestions[0]) == "mara"
    for s in turn.suggestions:
        if s.move == "Defend":
            assert _target(s) is None, s.request


@pytest.mark.usefixtures("hash_embedder")
@pytest.mark.parametrize("typed", ["I defend Mara from the arrows", "I shield Mara"])
def test_defending_her_still_aims_the_defence_at_her(typed: str) -> None:
    session, _ = _duel("Defend " + typed)
    top = session.send(typed).suggestions[0]
    assert top.move == "Defend" and _target(top) == "mara", (top.move, top.request)


@pytest.mark.usefixtures("hash_embedder")
@pytest.mark.parametrize("typed", ["Mara hurls a fireball at you", "Mara flings a dagger at you", "Duke lobs a bomb"])
def test_her_throw_is_told_as_her_deed(typed: str) -> None:
    from assistant.narrate.line_grammar import Shape, shape

    assert shape(typed)[0] is Shape.CLAUSE, shape(typed)


def _hp(session, cid: str) -> int:
    return int(session.reload().characters[cid]["hp"])


@pytest.mark.usefixtures("hash_embedder")
@pytest.mark.parametrize("typed", ["deal my damage", "I deal the damage", "roll my damage"])
def test_my_damage_after_my_hit_comes_off_her_hp_not_mine(typed: str) -> None:
    session, dice = _duel("My damage " + typed)
    me = session.reload().active_character
    dice.queue(4, 4)
    assert session.send("/roll hack & slash +str").open_choices
    assert session.send("/choose 1").kind != "error"
    offered = session.send(typed)
    assert offered.suggestions[0].move == "Deal Damage", [s.move for s in offered.suggestions]
    dice.queue(9)
    dealt = session.confirm(offered.suggestions[0])
    assert dealt.kind == "action", (dealt.kind, dealt.narration)
    assert _hp(session, "mara") < 22 and _hp(session, me) == 22, dealt.narration


@pytest.mark.usefixtures("hash_embedder")
@pytest.mark.parametrize("typed", ["Mara hits me for 8", "Mara cuts me for 8 damage"])
def test_her_blow_while_my_damage_is_open_comes_off_my_hp_with_its_amount(typed: str) -> None:
    session, dice = _duel("Her blow " + typed)
    me = session.reload().active_character
    dice.queue(4, 4)
    assert session.send("/roll hack & slash +str").open_choices
    assert session.send("/choose 1").kind != "error"
    offered = session.send(typed)
    top = offered.suggestions[0]
    assert top.move == "Deal Damage" and top.request.get("character_id") == me, (top.move, top.request)
    taken = session.confirm(top)
    assert taken.kind == "action" and taken.results, (taken.kind, taken.narration)
    assert _hp(session, me) == 22 - 8 and _hp(session, "mara") == 22, taken.narration  # vulnerable: no armor


@pytest.mark.usefixtures("hash_embedder")
@pytest.mark.parametrize("typed", ["I drink a healing potion", "the cleric heals me", "I heal myself with a potion"])
def test_unconscious_and_helpless_no_healing_is_offered_and_the_note_says_why(typed: str) -> None:
    """ "Mia is now considered Helpless, healing does not affect her any longer." (the Last Gasp example)."""
    session, dice = open_campaign("Out cold " + typed, "dungeon-world")
    assert session.send("/set hp 0").kind != "error"
    dice.queue(2, 1)
    assert "helpless" in session.send("/roll last gasp +con").narration.lower()
    turn = session.send(typed)
    assert "Heal" not in [s.move for s in turn.suggestions], [s.move for s in turn.suggestions]
    said = " ".join([turn.narration, *turn.notes])  # unconscious: out of the fight (round 26), the reply says why
    assert "Helpless" in said and "healing does not affect" in said, said


@pytest.mark.usefixtures("hash_embedder")
@pytest.mark.parametrize("typed", ["I drink a healing potion", "the cleric heals me"])
def test_hurt_but_awake_healing_is_offered(typed: str) -> None:
    session, _ = open_campaign("Hurt " + typed, "dungeon-world")
    assert session.send("/set hp 10").kind != "error"
    assert session.send(typed).suggestions[0].move == "Heal"
