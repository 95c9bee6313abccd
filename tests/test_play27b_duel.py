"""Round 27, Dungeon World PvP.

* Defend: "When you defend an object, a location or stand close and in defense of a person under attack ... On a 10+,
  you redirect damage meant for the person you defend onto yourself", and in the second worked combat "Duke ... uses
  his round's Interrupt to use the Defend move for Mia". The move's target is the one defended; "I raise my shield
  against Duke's blow" names the attacker, so Duke is not Defend's target (he was, read from "against Duke's").
* "Direct Damage spells can neither be avoided by Saving Throws, nor mitigated by armor": diving aside from a fireball
  was offered a Saving Throw first. The damage is taken (Deal Damage, on the sheet of the one playing); a control
  spell ("holds me in place") still offers the saving throw.
* Mara's (the opponent's) spell miss read "Your spell fails": the prompt of her pick is told of her.
"""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = [pytest.mark.filterwarnings("ignore::DeprecationWarning"), pytest.mark.usefixtures("hash_embedder")]


def _moves(turn) -> list[str]:
    return [s.move for s in turn.suggestions]


AGAINST_THE_ATTACKER = [
    "I raise my shield against Duke's blow",
    "I defend against Duke's next blow",
    "I brace against Duke's charge and defend",
    "I defend myself against Duke",
]


@pytest.mark.parametrize("typed", AGAINST_THE_ATTACKER)
def test_defend_against_the_attacker_does_not_make_him_the_one_defended(typed: str) -> None:
    session, dice = open_campaign("Shield " + typed, "dungeon-world")
    session.send("/character add Duke class=fighter")
    offered = session.send(typed)
    defend = next(s for s in offered.suggestions if s.move == "Defend")
    assert (defend.request.get("options") or {}).get("target") is None, defend.request
    dice.queue(6, 6)
    defended = session.confirm(defend)
    assert defended.kind == "action", defended.error
    assert not any("target Duke" in n for n in defended.notes), defended.notes


@pytest.mark.parametrize("typed", ["I defend Duke from the arrows", "I step in front of Duke to shield him"])
def test_defending_someone_still_makes_them_the_one_defended(typed: str) -> None:
    session, _dice = open_campaign("Guard " + typed, "dungeon-world")
    session.send("/character add Duke class=fighter")
    offered = session.send(typed)
    defend = next(s for s in offered.suggestions if s.move == "Defend")
    assert (defend.request.get("options") or {}).get("target") == "duke", defend.request


def test_a_typed_defend_against_a_named_attacker_reads_no_target() -> None:
    session, dice = open_campaign("Typed defend", "dungeon-world")
    session.send("/character add Duke class=fighter")
    dice.queue(3, 4)
    rolled = session.send("/roll defend +con against Duke")
    assert rolled.kind == "action", rolled.error
    assert not any("target" in n for n in rolled.notes), rolled.notes


DAMAGE_SPELL_DODGED = [
    "I dive aside from Mara's fireball",
    "I try to dodge Mara's magic missile",
    "I dodge the fireball",
    "I duck under the lightning bolt Mara hurls",
    "I throw myself out of the way of Mara's fireball",
]


@pytest.mark.parametrize("typed", DAMAGE_SPELL_DODGED)
def test_a_damage_spell_is_not_avoided_by_a_saving_throw(typed: str) -> None:
    session, _dice = open_campaign("Fireball " + typed, "dungeon-world")
    session.send("/character add Mara class=wizard")
    offered = session.send(typed)
    moves = _moves(offered)
    assert moves and moves[0] != "Saving Throw", moves
    assert "Deal Damage" in moves, moves
    damage = next(s for s in offered.suggestions if s.move == "Deal Damage")
    # the damage is on the sheet of the one playing, not on Mara's
    assert damage.request.get("character_id") in (None, session.reload().active_character), damage.request
    assert (damage.request.get("options") or {}).get("target") is None, damage.request


@pytest.mark.parametrize(
    "typed",
    ["The wizard's spell holds me in place, I try to break free", "I resist Mara's charm spell", "resist the charm spell"],
)
def test_a_control_spell_still_offers_the_saving_throw_first(typed: str) -> None:
    session, _dice = open_campaign("Control " + typed, "dungeon-world")
    session.send("/character add Mara class=wizard")
    assert _moves(session.send(typed))[0] == "Saving Throw"


@pytest.mark.parametrize("typed", ["I cast a fireball at Mara", "I fire a magic missile at Mara"])
def test_casting_my_own_damage_spell_is_not_taking_damage(typed: str) -> None:
    session, _dice = open_campaign("Cast " + typed, "dungeon-world")
    session.send("/character add Mara class=wizard")
    session.send("/set class wizard")
    session.send("/set mana 3")
    moves = _moves(session.send(typed))
    assert moves[0] in ("Cast a Spell (Wizard)", "Magic Missile"), moves


def test_mara_s_miss_is_told_as_her_spell_failing_and_her_call() -> None:
    # "On a miss, your spell fails. Take two penalties": on Mara's roll the spell that fails is hers
    session, dice = open_campaign("Mara fails", "dungeon-world")
    for line in ("/character add Mara class=wizard", "/set Mara: mana 3"):
        assert session.send(line).kind != "error", line
    dice.queue(1, 2)
    offered = session.send("Mara casts a spell at me")
    missed = session.confirm(next(s for s in offered.suggestions if s.move == "Cast a Spell (Wizard)"))
    assert missed.results[0].outcome == "miss", missed.narration
    assert "Mara's spell fails. Take two penalties, Mara's call:" in missed.narration, missed.narration
    assert "Your spell fails" not in missed.narration and "They are locked" in missed.narration, missed.narration


def _struck_with_damage_picked(name: str):
    session, dice = open_campaign(name, "dungeon-world")
    session.send("/character add Duke class=paladin")
    dice.queue(6, 5)  # 11 + str: a strong hit, choose two
    hit = session.send("/roll hack and slash +str target=Duke")
    assert hit.open_choices, hit.narration
    picked = session.send("/choose 1")  # deal damage: one of two picked, Deal Damage on Duke offered
    assert picked.kind == "action" and picked.open_choices, picked.error
    return session, dice


@pytest.mark.parametrize("typed", ["Duke hits me with his sword", "/roll defend +con"])
def test_a_move_over_damage_not_rolled_says_it_is_not_dealt_and_the_pick_made_stands(typed: str) -> None:
    session, dice = _struck_with_damage_picked("Not dealt " + typed)
    dice.queue(3, 3)
    turn = session.send(typed)
    if turn.suggestions:
        turn = session.confirm(turn.suggestions[0])
    said = " ".join(turn.notes)
    assert "what you picked stands, the rest was given up" in said, turn.notes
    assert "nothing from it was taken" not in said, turn.notes
    assert "Deal Damage on Duke was not rolled, so it is not dealt" in said and "/undo" in said, turn.notes
    assert session.reload().characters["duke"]["hp"] == 24


def test_rolling_the_damage_itself_says_nothing_was_left() -> None:
    session, dice = _struck_with_damage_picked("Dealt")
    dice.queue(7)
    offered = session.send("I deal my damage")  # the follow-up offered: Deal Damage on Duke
    assert offered.suggestions and offered.suggestions[0].move == "Deal Damage", offered.narration
    dealt = session.confirm(offered.suggestions[0])
    assert dealt.kind == "action", dealt.error
    assert not any("not rolled" in n for n in dealt.notes), dealt.notes
    assert session.reload().characters["duke"]["hp"] < 24


def test_mara_s_lost_spell_is_lost_until_she_rests() -> None:
    # "The spell and mana equal to the spell's level are lost and cannot be cast until you rest!": on Mara's sheet
    session, dice = open_campaign("Mara rests", "dungeon-world")
    for line in ("/character add Mara class=wizard", "/set Mara: mana 2"):
        assert session.send(line).kind != "error", line
    dice.queue(1, 2)
    offered = session.send("Mara casts magic missile at me")
    missed = session.confirm(next(s for s in offered.suggestions if s.move == "Magic Missile"))
    assert missed.results[0].outcome == "miss", missed.narration
    picked = session.send("/choose 1 2")
    assert picked.kind == "action", picked.error
    assert "Magic Missile can't be cast until Mara rests" in picked.narration, picked.narration
    assert "until you rest" not in picked.narration.split("\n\n")[1], picked.narration


def test_an_ongoing_penalty_is_told_in_words_not_the_rules_shorthand() -> None:
    # the card read "-n Ongoing: -1 to this roll." (the text's name for the rule, "-n Ongoing")
    session, dice = open_campaign("Ongoing", "dungeon-world")
    session.send("/character add Duke class=paladin")
    assert session.send("/meter ongoing penalty -1 the muses").kind != "error"
    dice.queue(3, 3)
    hit = session.send("/roll hack and slash +str target=Duke")
    told = hit.narration + " ".join(hit.notes)
    assert "Ongoing penalty: -1 to this roll." in told and "-n Ongoing" not in told, told
    assert hit.results[0].score == 3 + 3 + 2 - 1
