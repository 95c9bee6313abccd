"""Round 26, Dungeon World PvP. A character at 0 HP is "required to roll for [Last Gasp]" (the first worked combat):
Last Gasp is offered first, and told as Last Gasp whatever the words were. On a miss they lose consciousness and are
Helpless: they make no more moves in the fight (no Hack & Slash, no second Last Gasp), the player reads why and what
they can do, and the other characters still act. A survived Last Gasp is not asked for again."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = [pytest.mark.filterwarnings("ignore::DeprecationWarning"), pytest.mark.usefixtures("hash_embedder")]


def _down(name: str) -> tuple:
    session, dice = open_campaign(name, "dungeon-world")
    for line in ("/character add Mara class=wizard", "/set hp 0"):
        assert session.send(line).kind != "error", line
    return session, dice


def _moves(turn) -> list[str]:
    return [s.move for s in turn.suggestions]


@pytest.mark.parametrize("typed", ["I attack Mara", "I swing my axe at Mara", "I stagger up and run"])
def test_at_zero_hp_last_gasp_comes_first_and_is_told_by_its_name(typed: str) -> None:
    session, dice = _down("Door " + typed)
    turn = session.send(typed)
    assert _moves(turn)[0] == "Last Gasp", _moves(turn)
    dice.queue(5, 4)
    rolled = session.send("1")
    assert rolled.results and rolled.results[0].move == "Last Gasp", rolled.narration
    assert typed.split()[-1].lower() not in rolled.narration.split("\n")[0].lower(), rolled.narration


@pytest.mark.parametrize("typed", ["I attack Mara", "I hack at Mara", "I drink a healing potion", "I hide"])
def test_unconscious_no_move_of_theirs_is_offered_and_the_reply_says_why(typed: str) -> None:
    session, dice = _down("Out " + typed)
    dice.queue(2, 1)
    gasp = session.send("/roll last gasp +con")
    assert "out of this fight" in " ".join(gasp.notes), gasp.notes
    turn = session.send(typed)
    assert turn.kind == "action" and not turn.suggestions, _moves(turn)
    assert "lost consciousness" in turn.narration and "Helpless" in turn.narration, turn.narration
    assert "/undo" in turn.narration and "/character play" in turn.narration, turn.narration
    before = session.reload().characters
    assert not session.send("1").results  # "1" rolls nothing: no move was offered
    assert session.reload().characters == before


def test_unconscious_a_second_last_gasp_is_refused_in_words() -> None:
    session, dice = _down("Twice")
    dice.queue(2, 1)
    session.send("/roll last gasp +con")
    before = session.reload().characters
    again = session.send("/roll last gasp +con")
    assert again.kind == "error" and "lost consciousness" in (again.error or ""), (again.kind, again.error)
    assert session.reload().characters == before


def test_unconscious_the_opponent_still_acts() -> None:
    session, dice = _down("Her turn")
    dice.queue(2, 1)
    session.send("/roll last gasp +con")
    turn = session.send("Mara stabs me")
    assert turn.suggestions, turn.narration
    assert all(s.request.get("character_id") == "mara" for s in turn.suggestions), [
        (s.move, s.request.get("character_id")) for s in turn.suggestions
    ]


def test_undo_of_the_failed_last_gasp_brings_the_character_back() -> None:
    session, dice = _down("Undo gasp")
    dice.queue(2, 1)
    session.send("/roll last gasp +con")
    assert session.send("/undo").kind != "error"
    assert _moves(session.send("I attack Mara"))[0] == "Last Gasp"


def test_the_gm_who_removes_helpless_brings_them_back() -> None:
    session, dice = _down("Back up")
    dice.queue(2, 1)
    session.send("/roll last gasp +con")
    assert session.send("/remove impact helpless").kind != "error"
    assert session.send("/set hp 5").kind != "error"
    assert "Hack & Slash" in _moves(session.send("I attack Mara"))


@pytest.mark.parametrize("typed", ["I attack Mara", "I hack at Mara"])
def test_a_survived_last_gasp_is_not_asked_for_again(typed: str) -> None:
    session, dice = _down("Survived " + typed)
    dice.queue(4, 2)
    assert session.send("/roll last gasp +con").results[0].outcome == "weak_hit"
    offered = _moves(session.send(typed))
    assert offered[0] == "Hack & Slash" and "Last Gasp" not in offered, offered


# ---- a saving throw's stat is the control's, not the character's best ----------------------------------------------
def _duel(name: str) -> tuple:
    session, dice = open_campaign(name, "dungeon-world")
    for line in ("/character add Mara class=wizard", "/set Mara: mana 3"):
        assert session.send(line).kind != "error", line
    return session, dice


@pytest.mark.parametrize("typed", ["I resist the charm", "I try to shake off the hex", "I make a saving throw against the curse"])
def test_my_save_against_a_control_asks_the_stat_it_dictates(typed: str) -> None:
    session, dice = _duel("Save " + typed)
    turn = session.send(typed)
    save = next(s for s in turn.suggestions if s.move == "Saving Throw")
    assert save.stat is None and "the control move dictates" in str(save.odds_words), (save.stat, save.odds_words)
    asked = session.confirm(save)
    assert asked.question is not None and "which stat" in asked.narration.lower(), asked.narration
    dice.queue(3, 4)
    rolled = session.send("wis")
    assert rolled.results and rolled.results[0].move == "Saving Throw", rolled.narration
    assert "+wis" in rolled.narration, rolled.narration


@pytest.mark.parametrize(
    "typed", ["Mara resists my charm spell", "Mara tries to break free of the paralysis", "Mara shakes off my hex"]
)
def test_her_save_is_hers_and_asks_the_stat(typed: str) -> None:
    session, _ = _duel("Her save " + typed)
    turn = session.send(typed)
    top = turn.suggestions[0]
    assert top.move == "Saving Throw" and top.request.get("character_id") == "mara", [
        (s.move, s.request.get("character_id")) for s in turn.suggestions
    ]
    assert top.stat is None, top.stat
    assert "Mara" in session.confirm(top).narration


@pytest.mark.parametrize(("typed", "maker"), [("I dive aside", None), ("Mara tries to dive aside", "mara")])
def test_dodging_is_a_dex_save_by_the_one_who_dodges(typed: str, maker: str | None) -> None:
    session, _ = _duel("Dodge " + typed)
    top = session.send(typed).suggestions[0]
    assert (top.move, top.stat) == ("Saving Throw", "dex"), (top.move, top.stat)
    assert top.request.get("character_id") == maker, top.request


def test_an_arrow_dodged_is_no_save() -> None:
    # round 28: "Control moves always allow for their target to make a saving throw": an arrow is an attack, not control
    session, _ = _duel("Dodge arrow")
    moves = [s.move for s in session.send("I dodge her arrow").suggestions]
    assert moves[0] != "Saving Throw" and "Deal Damage" in moves, moves


def test_diving_aside_from_a_fireball_is_no_save_the_damage_is_on_the_one_who_dives() -> None:
    # "Direct Damage spells can neither be avoided by Saving Throws, nor mitigated by armor" (round 27)
    session, _ = _duel("Dodge fireball")
    turn = session.send("Mara dives aside from my fireball")
    moves = [(s.move, s.request.get("character_id")) for s in turn.suggestions]
    assert moves[0][0] != "Saving Throw" and ("Deal Damage", "mara") in moves, moves


@pytest.mark.parametrize("typed", ["Mara hits my shield", "Mara cuts my arm", "Mara hurls a fireball at me"])
def test_her_blow_on_me_is_still_hers_at_me(typed: str) -> None:
    session, _ = _duel("At me " + typed)
    made = [s for s in session.send(typed).suggestions if s.request.get("character_id") == "mara"]
    assert made and all((s.request.get("options") or {}).get("target") == session.reload().active_character for s in made)


# ---- a question whose answers are numbers says those numbers ---------------------------------------------------------
@pytest.mark.parametrize("typed", ["1", "13", "-2"])
def test_a_die_size_question_says_its_own_answers(typed: str) -> None:
    session, _ = open_campaign("Grit " + typed, "dungeon-world")
    asked = session.send("/roll deal damage")
    assert asked.question is not None, asked.narration
    before = session.reload().characters
    again = session.send(typed)
    said = " ".join([again.narration, again.error or ""])
    assert "4, 6, 8, 10 or 12" in said and "1 to 5" not in said, said
    assert session.reload().characters == before
    assert session.send("8").results, "a die's size still answers"


def test_a_numbered_list_still_says_its_numbers() -> None:
    session, _ = open_campaign("Which stat", "dungeon-world")
    assert session.send("/roll saving throw").question is not None
    said = session.send("9")
    assert "pick 1 to 6" in " ".join([said.narration, said.error or ""]), said.narration


def test_undoing_her_pick_says_it_was_hers() -> None:
    session, dice = _duel("Her pick undone")
    dice.queue(5, 1)
    offered = session.send("Mara stabs me with her dagger")
    hers = next(s for s in offered.suggestions if s.move == "Hack & Slash")
    assert hers.request.get("character_id") == "mara"
    assert session.confirm(hers).open_choices
    assert session.send("/choose 1").kind != "error"
    undone = session.send("/undo")
    assert undone.narration.startswith("Undone: the pick on Mara's Hack & Slash"), undone.narration
    assert "your pick" not in undone.narration, undone.narration


# ---- her 0 HP: her Last Gasp, on her sheet; out cold, her moves are refused --------------------------------------
def _her_down(name: str) -> tuple:
    session, dice = open_campaign(name, "dungeon-world")
    for line in ("/character add Mara class=bard", "/set Mara: hp 0"):
        assert session.send(line).kind != "error", line
    return session, dice


@pytest.mark.parametrize("typed", ["Mara makes her last gasp", "Mara rolls her Last Gasp", "Mara gasps for her last breath"])
def test_her_last_gasp_is_offered_for_her_sheet(typed: str) -> None:
    session, _ = _her_down("Her gasp " + typed)
    turn = session.send(typed)
    gasp = next((s for s in turn.suggestions if s.move == "Last Gasp"), None)
    assert gasp is not None and gasp.request.get("character_id") == "mara", [
        (s.move, s.request.get("character_id")) for s in turn.suggestions
    ]
    assert not any("you have 22" in n for n in turn.notes), turn.notes


@pytest.mark.parametrize("typed", ["Mara stabs me", "Mara drinks a potion", "Mara casts a spell at me"])
def test_her_moves_out_cold_are_refused_with_her_name(typed: str) -> None:
    session, dice = _her_down("Her out " + typed)
    gasp = next(s for s in session.send("Mara makes her last gasp").suggestions if s.move == "Last Gasp")
    dice.queue(2, 1)
    failed = session.confirm(gasp)
    assert any(n.startswith("Mara lost consciousness") for n in failed.notes), failed.notes
    before = session.reload().characters
    turn = session.send(typed)
    assert not turn.suggestions and turn.narration.startswith("Mara lost consciousness"), turn.narration
    assert session.reload().characters == before
    assert session.send("I attack Mara").suggestions[0].move == "Hack & Slash"  # the one playing still acts
