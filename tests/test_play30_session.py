"""Round 30, things a player reads in the terminal session. Dungeon World: a spell cast without its name and the "lose
the spell" penalty picked asked "Name the spell you lose with Cast a Spell (Wizard)." and took the next line as the
name without saying so, "2" included; the question now says the next message is the answer and what to type, and an
answer with no words is an error that changes nothing. The rules text's "the the spell" was told as "The the spell".
A meter a change could not move (blood gained at full blood) was told "Blood: no change (5)" on the card and the
journal, "no change (still 5)" in the narration; each says now "already at its maximum (5)" (or minimum), as /meter does, the same
way."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.engine.change_words import change_line, unchanged_words
from assistant.engine.cue_words import load_cues, match_cues
from assistant.narrate.effect_lines import effect_line
from assistant.narrate.outcome_prose import strip_tier
from assistant.store.journal_words import effect_text
from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def _wizard_on_the_lose_the_spell_question(name: str):
    session, dice = open_campaign(name, "dungeon-world")
    for line in ("/set class wizard", "/set mana 3", "/set int 1"):
        assert session.send(line).kind != "error"
    dice.queue(6, 2)  # 6 + 2 + int 1 = 9: a weak hit, one penalty to pick
    rolled = session.confirm({"move": "Cast a Spell (Wizard)", "stat": "int"})
    assert rolled.kind != "error" and rolled.open_choices, rolled.error
    asked = session.send("/choose 1")  # the spell and its mana are lost: which spell?
    assert asked.kind == "question", (asked.kind, asked.narration)
    return session, asked


def test_the_spell_question_says_the_next_message_is_the_answer() -> None:
    session, asked = _wizard_on_the_lose_the_spell_question("Spell asked")
    assert "Name the spell you lose with Cast a Spell (Wizard)." in asked.narration
    assert "Your next message is the answer: type the spell's name in words." in asked.narration, asked.narration
    told = session.send("Fireball")
    assert told.kind == "action" and told.results, told.error
    sheet = session.reload().active()
    assert sheet["mana"] == 2 and sheet["lost_spells"] == ["Fireball"], sheet


@pytest.mark.parametrize("answer", ["2", "-1", "?!", "+1"])
def test_an_answer_with_no_words_is_an_error_that_changes_nothing(answer: str) -> None:
    session, _ = _wizard_on_the_lose_the_spell_question("Spell bad " + answer)
    before = session.reload()
    refused = session.send(answer)
    assert refused.kind == "error", (refused.kind, refused.narration)
    assert f"{answer} is not the spell's name: nothing was changed." in refused.error, refused.error
    after = session.reload()
    assert after.active() == before.active() and after.pending_question == before.pending_question
    told = session.send("Sleep")  # the question is still open: the name answers it
    assert told.kind == "action" and session.reload().active()["lost_spells"] == ["Sleep"], told.error


def test_an_absent_move_with_nothing_offered_is_said_once() -> None:
    session, _ = open_campaign("Absent once", "dungeon-world")
    turn = session.send("I discern realities")
    assert turn.narration.startswith("Dungeon World (PvP combat variant) has no Discern Realities move"), turn.narration
    assert "No move fits" not in turn.narration and not turn.notes, turn.notes


def test_no_move_at_all_still_says_how_to_go_on() -> None:
    from assistant.chat.no_fit import NO_FIT, nothing_offered

    assert nothing_offered("dungeon-world", "I hum", []) == (NO_FIT, [])


def test_a_word_the_rules_print_twice_is_told_once() -> None:
    assert strip_tier("On a 10+ the the spell is successfully cast") == "The spell is successfully cast"
    assert strip_tier("On a 10+, you deal your damage") == "You deal your damage"  # nothing doubled: as it was


# ---- a meter at its bound -----------------------------------------------------------------------------------------
def test_blood_gained_at_full_blood_is_already_at_its_maximum_everywhere() -> None:
    full = resolve(
        {"system": "elegy", "move": "Feed", "stat": "glamour", "dice": [1, 2], "character": {"blood": 5},
         "options": {"choose": ["keep_victim_alive"]}}
    )  # fmt: skip  # a weak hit: "Gain 2 blood and keep the victim alive" at full blood
    blood = [e for e in full.effects if e.target == "blood"]
    assert blood and blood[0].held == "max" and blood[0].before == blood[0].after == 5, full.effects
    assert change_line(blood[0]).startswith("Blood: already at its maximum (5)"), change_line(blood[0])
    assert effect_line(blood[0]) == "Blood: already at its maximum (5)."
    assert effect_text(blood[0].model_dump(mode="json")).startswith("blood: already at its maximum (5)")


def test_a_loss_at_zero_is_already_at_its_minimum_and_a_change_of_nothing_is_no_change() -> None:
    from assistant.engine.model import Effect

    least = Effect(kind="meter", target="heat", before=0, after=0, delta=0, reason="heat cleared", held="min")
    assert change_line(least) == "Heat: already at its minimum (0) — heat cleared"
    smooth = resolve({"system": "blades", "move": "Heat", "options": {"exposure": "smooth"}})  # heat +0
    heat = next(e for e in smooth.effects if e.target == "heat")
    assert heat.held is None and change_line(heat).startswith("Heat: no change (still 0)"), change_line(heat)
    assert unchanged_words(3, None) == "no change (still 3)"


def test_an_older_record_without_held_reads_as_no_change() -> None:
    record = {"kind": "meter", "target": "blood", "before": 5, "after": 5, "delta": 0, "reason": "Feed"}
    assert effect_text(record) == "blood: no change (still 5) (Feed)"


def test_the_engine_marks_a_loss_held_at_the_least() -> None:
    hurt = resolve({"system": "starforged", "move": "Endure Harm", "stat": "health", "dice": [1, 9, 9],
                    "character": {"health": 0}, "options": {"amount": 1}})  # fmt: skip
    health = [e for e in hurt.effects if e.target == "health"]
    assert not health or health[0].before != health[0].after or health[0].held == "min", hurt.effects


# ---- a cue's conditions -------------------------------------------------------------------------------------------
def test_a_cue_may_hold_only_while_no_track_of_a_kind_is_open() -> None:
    assert any(c.when == "no_fight, no expedition" for c in load_cues("starforged"))
    text = "we cross the asteroid field"
    calm = match_cues("starforged", text).move_boost
    under_way = match_cues("starforged", text, open_kinds=frozenset({"expedition"})).move_boost
    fighting = match_cues("starforged", text, fighting=True).move_boost
    assert calm.get("facedanger", 0) > under_way.get("facedanger", 0)  # the crossing cue holds only with none open
    assert fighting.get("undertakeanexpedition", 0) == 0


# ---- the terminal: "/choose 1" for the step listed as [1] ---------------------------------------------------------
def test_choose_with_the_number_of_a_next_step_makes_that_step() -> None:
    from typer.testing import CliRunner

    from assistant.cli import app

    args = ["chat", "-c", "steps", "--new", "--system", "starforged", "--seed", "12"]
    lines = "/set wits 2\nI look around the derelict for clues\n1\n/choose 1\n"
    out = CliRunner().invoke(app, args, input=lines).output
    assert "a miss" in out and "What comes next (type its number):\n  [1] Pay the Price" in out, out  # this seed's miss
    assert "Pay the Price (rolled" in out and "has no open choices" not in out, out


# ---- British spellings on the sheet and in rules questions --------------------------------------------------------
def test_a_british_field_or_meter_name_reaches_the_sheet_s_own() -> None:
    session, _ = open_campaign("Armour", "dungeon-world")
    assert session.send("/set armour 2").kind != "error"
    assert session.reload().active()["armor"] == 2
    assert session.send("/meter armour -1 dented").kind != "error"
    assert session.reload().active()["armor"] == 1
    refused = session.send("/set honour 2")  # no such field in any spelling: refused, naming the fields
    assert refused.kind == "error" and "no field called 'honour'" in refused.error, refused.error


def test_a_rules_question_in_british_spelling_finds_the_american_rules() -> None:
    from rules_index.qa import answer

    british, american = answer("how does armour work?", "dungeon-world"), answer("how does armor work?", "dungeon-world")
    assert british.found and british.text == american.text, british.text


# ---- Dungeon World: a spell lost until you rest -------------------------------------------------------------------
def test_a_lost_spell_is_on_the_sheet_refused_by_name_and_cleared_after_a_rest() -> None:
    session, _ = _wizard_on_the_lose_the_spell_question("Spell rest")
    assert session.send("Fireball").kind == "action"
    assert "Lost spells: Fireball" in session.send("/sheet").narration
    offered = session.send("I cast fireball at the orc")
    assert offered.suggestions and offered.suggestions[0].move == "Cast a Spell (Wizard)"
    refused = session.confirm(offered.suggestions[0])  # the name read from the words: the rules refuse it
    assert refused.kind == "error" and "Fireball is lost until you rest" in refused.error, refused.error
    assert "/remove lost spells" in refused.error
    rest = session.send("I rest for the night")  # no rest move in this text: what to do when the GM says you rested
    assert "has no Make Camp move" in rest.narration and "/remove lost spells" in rest.narration, rest.narration
    assert session.send("/remove lost spells 1").kind != "error"
    assert session.reload().active()["lost_spells"] == []


@pytest.mark.parametrize(
    ("typed", "spell"),
    [("I cast fireball at the orc", "Fireball"), ("cast Sleep on the guard", "Sleep"), ("I cast a spell at the orc", None),
     ("I cast my spell", None), ("I cast magic", None)],
)  # fmt: skip
def test_the_spell_named_in_the_words_is_read(typed: str, spell: str | None) -> None:
    from assistant.chat.reading import read_words

    session, _ = open_campaign("Spell read " + typed, "dungeon-world")
    assert read_words(typed, "Cast a Spell (Wizard)", session.state).options.get("spell") == spell


# ---- /undo while a question waits ---------------------------------------------------------------------------------
def test_undo_while_a_move_asks_its_question_takes_back_the_question_not_the_move_before() -> None:
    session, _ = open_campaign("Undo asked", "starforged")
    assert session.send("/track dangerous Find the lost crew").kind != "error"
    asked = session.confirm({"move": "Repair", "stat": "supply"})
    assert asked.kind == "question", (asked.kind, asked.narration)
    moves = session.reload().moves
    undone = session.send("/undo")
    assert undone.kind == "meta" and "Set aside the question about Repair" in undone.narration, undone.narration
    state = session.reload()
    assert state.moves == moves and state.pending_question is None and state.tracks, state.tracks  # the track stays
    again = session.send("/undo")  # now the last change: the vow's track
    assert again.kind != "error" and "Undone" in again.narration and not session.reload().tracks, again.narration
