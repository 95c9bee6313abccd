"""Round 29, the terminal session. A foe's deed on a companion ("the hunter stakes Mara") offered the player's Face
Danger aimed at Mara; it is met with Mara's moves, rolled with her sheet, as "the hunter stakes me" is met with the
player's. Naming a move the game has not ("spout lore about the ruined temple") offered Defend, Hack & Slash and
Arcane Art beside the note saying what to do instead; the note is the answer now. "could you set my coin to 2" was
answered as a rules question; it points to /set as "set my coin to 2" does, and a field only another game's sheet has
is refused naming this game's fields."""

from __future__ import annotations

import pytest

from tests.session_helpers import character_named, open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


# ---- what befalls a companion is met with the companion's moves ---------------------------------------------------
@pytest.mark.parametrize(
    ("typed", "first"),
    [("the hunter stakes Mara", "Endure Harm"), ("a ghoul bites Mara in the arm", "Endure Harm"),
     ("the old hunter stabs Mara", "Endure Harm"), ("then the hunter shoots at Mara", "Enter the Fray")],  # forced into a fight
)  # fmt: skip
def test_a_foe_s_deed_on_a_companion_is_met_with_her_moves(typed: str, first: str) -> None:
    session, _ = open_campaign("Befalls " + typed, "elegy")
    assert session.send("/character add Mara").kind != "error"
    turn = session.send(typed)
    assert turn.suggestions and turn.suggestions[0].move == first, [s.move for s in turn.suggestions]
    assert "Feed" not in [s.move for s in turn.suggestions]  # a bite taken is no feeding
    for s in turn.suggestions:
        assert s.request.get("character_id") == "mara" and "target" not in (s.request.get("options") or {}), s.request
    assert any("Mara's, rolled with Mara's sheet (read from your words)" in n for n in turn.notes), turn.notes
    assert not any("Aimed at Mara" in n for n in turn.notes), turn.notes


def test_confirming_it_asks_how_much_harm_mara_suffers_and_marks_her_sheet() -> None:
    session, dice = open_campaign("Befalls confirmed", "elegy")
    session.send("/character add Mara")
    turn = session.send("the hunter stakes Mara")
    asked = session.confirm(turn.suggestions[0])
    assert asked.kind == "question", asked.error
    said = asked.question.text
    assert "how much harm does Mara suffer" in said and "the foe's rank" in said, said
    assert any(a.label == "Dangerous (the foe's rank)" for a in asked.question.answers), [a.label for a in asked.question.answers]
    mine = session.reload().active()["health"]
    dice.queue(3, 2, 5)
    rolled = session.answer(2)
    assert rolled.kind == "action" and rolled.results, rolled.error
    assert rolled.narration.startswith("The hunter stakes Mara."), rolled.narration
    assert character_named(session, "Mara")["health"] == 3 and session.reload().active()["health"] == mine


@pytest.mark.parametrize(
    ("typed", "aimed"),
    [("I strike Mara", True), ("Mara attacks the hunter", False), ("the hunter stakes me", False)],
)  # fmt: skip
def test_other_deeds_keep_whose_they_are(typed: str, aimed: bool) -> None:
    session, _ = open_campaign("Keeps " + typed, "elegy")
    session.send("/character add Mara")
    turn = session.send(typed)
    if aimed:  # the one playing strikes Mara: aimed at her, rolled with the player's sheet
        assert any("Aimed at Mara" in n for n in turn.notes), turn.notes
        assert all(s.request.get("character_id") != "mara" for s in turn.suggestions)
    elif typed.startswith("Mara"):  # Mara's own deed: her moves at no one here
        assert all(s.request.get("character_id") == "mara" for s in turn.suggestions)
    else:  # a blow on the one playing: their own Endure Harm
        assert turn.suggestions[0].move == "Endure Harm" and "character_id" not in turn.suggestions[0].request


# ---- a move the game has not: the note is the answer --------------------------------------------------------------
@pytest.mark.parametrize(
    "typed", ["spout lore about the ruined temple", "I spout lore", "I parley with the knight", "I discern realities"]
)
def test_naming_an_absent_move_offers_no_unrelated_moves(typed: str) -> None:
    session, _ = open_campaign("Absent " + typed, "dungeon-world")
    turn = session.send(typed)
    assert not turn.suggestions, [s.move for s in turn.suggestions]
    assert "has no" in turn.narration and "move" in turn.narration, turn.narration  # the note is the answer, said once
    assert "No move fits" not in turn.narration and not any("has no" in n for n in turn.notes), turn.notes
    assert session.reload().moves == 0
    assert session.send("1").kind == "error"  # nothing waits to be picked


def test_an_absent_move_named_beside_a_deed_keeps_the_move_the_deed_calls_for() -> None:
    session, _ = open_campaign("Absent with a deed", "dungeon-world")
    turn = session.send("I defy danger by diving aside from the spell")
    assert turn.suggestions and turn.suggestions[0].move == "Saving Throw", [s.move for s in turn.suggestions]
    assert any("has no Defy Danger move" in n for n in turn.notes), turn.notes


# ---- a sheet change asked of the assistant ------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("typed", "command"),
    [("could you set my coin to 2", "/set coin 2"), ("can you set my stress to 3?", "/set stress 3"),
     ("would you please set my coin to 1 for me", "/set coin 1"), ("can I change my stash to 4?", "/set stash 4"),
     ("set my coin to 2", "/set coin 2")],
)  # fmt: skip
def test_asking_for_a_sheet_change_points_to_set(typed: str, command: str) -> None:
    session, _ = open_campaign("Set asked " + typed, "blades")
    before = session.reload().active()
    turn = session.send(typed)
    assert turn.kind == "meta" and f"type {command} " in turn.narration, (turn.kind, turn.narration)
    assert not turn.suggestions and session.reload().active() == before


@pytest.mark.parametrize(("system", "typed"), [("starforged", "could you set my coin to 2"), ("elegy", "set my coin to 2"),
                                               ("city", "please set my stress to 1")])  # fmt: skip
def test_a_field_of_another_game_s_sheet_is_refused_naming_this_game_s(system: str, typed: str) -> None:
    session, _ = open_campaign("Set elsewhere " + system, system)
    before = session.reload().active()
    turn = session.send(typed)
    assert turn.kind == "error" and "have no field called" in turn.error and "You can set:" in turn.error, turn.error
    assert "Nothing was changed" in turn.error and "/set <field> <value>" in turn.error
    assert session.reload().active() == before and session.reload().moves == 0


@pytest.mark.parametrize(
    ("typed", "kind"), [("could you tell me how coin works?", "rules"), ("I set the charge to 3 minutes", "action")]
)
def test_questions_and_deeds_are_no_sheet_change(typed: str, kind: str) -> None:
    from assistant.chat.classify import classify
    from assistant.chat.set_in_words import set_in_words

    assert set_in_words(typed, "blades") is None and classify(typed, "blades").kind == kind


# ---- an expedition under way goes on --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "typed",
    ["I make my way through the asteroid field", "I pilot the ship through the asteroid field",
     "we cross the ice plains toward the beacon"],
)  # fmt: skip
def test_moving_on_during_an_expedition_marks_the_one_under_way(typed: str) -> None:
    session, dice = open_campaign("Expedition " + typed, "starforged")
    assert session.send("/track dangerous expedition Cross the Ghost Belt").kind != "error"
    turn = session.send(typed)
    assert turn.suggestions[0].move == "Undertake an Expedition", [s.move for s in turn.suggestions]
    dice.queue(6, 1, 2)
    rolled = session.confirm(turn.suggestions[0])
    assert rolled.kind == "action" and rolled.results, rolled.error
    tracks = list(session.reload().tracks.values())
    assert len(tracks) == 1 and tracks[0]["name"] == "Cross the Ghost Belt" and tracks[0]["ticks"] == 8, tracks
    assert any("Continues your expedition “Cross the Ghost Belt”" in n for n in rolled.notes), rolled.notes


@pytest.mark.parametrize(
    "typed", ["we set out on a new expedition to survey the derelict", "I undertake a dangerous expedition to the ruins"]
)
def test_words_that_set_out_on_another_start_a_new_one(typed: str) -> None:
    session, dice = open_campaign("New expedition " + typed, "starforged")
    session.send("/track dangerous expedition Cross the Ghost Belt")
    turn = session.send(typed)
    offered = next(s for s in turn.suggestions if s.move == "Undertake an Expedition")
    dice.queue(6, 1, 2)
    assert session.confirm(offered).kind == "action"
    assert len(session.reload().tracks) == 2, session.reload().tracks
