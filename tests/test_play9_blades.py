"""Round 9 of a Blades downtime played through the chat: a long-term project typed as key=value starts its clock
(project=Tunnel clock=8, or segments=8); a clock size without a project name, or a project the sheet lacks, says
exactly what to type (/table incarceration: see test_play10_blades)."""

from __future__ import annotations

import pytest

from tests.session_helpers import assert_store_matches_card, open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_a_long_term_project_given_as_key_value_starts_its_clock_and_the_next_roll_advances_it() -> None:
    session, dice = open_campaign("Project Crows", "blades")
    dice.queue(5)  # study 1: one die, a 5 marks two segments
    started = session.send("/roll long term project +study project=Tunnel clock=8")
    assert started.kind == "action", started.error
    assert "Tunnel clock 0 → 2" in started.narration, started.narration
    assert_store_matches_card(session, started)
    dice.queue(2)
    again = session.send("/roll long term project +study project=tunnel")
    assert "Tunnel clock 2 → 3" in again.narration, again.narration
    assert session.reload().characters["pc1"]["projects"] == [{"name": "Tunnel", "segments": 8, "filled": 3}]


def test_a_project_clock_given_as_segments_or_with_words_is_read_too() -> None:
    session, dice = open_campaign("Segment Crows", "blades")
    dice.queue(6)
    told = session.send('/roll long term project +study project="Bribe the warden" segments=6').narration
    assert "Bribe the warden clock 0 → 3" in told, told
    assert session.reload().characters["pc1"]["projects"] == [{"name": "Bribe the warden", "segments": 6, "filled": 3}]


def test_a_clock_size_without_a_project_or_a_project_not_on_the_sheet_says_what_to_type_and_changes_nothing() -> None:
    session, dice = open_campaign("Nameless Crows", "blades")
    before = session.reload().characters
    unnamed = session.send("/roll long term project +study clock=6")
    assert "Name the project the 6-segment clock is for" in (unnamed.error or unnamed.narration), unnamed
    assert "project=Tunnel clock=8" in (unnamed.error or unnamed.narration)
    dice.queue(4)
    unknown = session.send("/roll long term project +study project=Ghost")
    assert unknown.kind == "error", unknown.narration
    assert "no project called “Ghost”" in (unknown.error or "") and "project=Ghost clock=8" in (unknown.error or ""), unknown
    assert "'" not in (unknown.error or "").split("“Ghost”")[0][-3:]
    assert session.reload().characters == before


def test_a_beating_is_named_as_harm_and_says_why_nothing_rolls_and_remove_harm_1_is_the_first_shown() -> None:
    session, _ = open_campaign("Beaten Crows", "blades")
    session.send("/add harm Broken arm (level 2)")
    beaten = session.send("/roll incarceration beating=yes").narration
    assert "No roll: the constables' beating replaces the stay inside." in beaten, beaten
    assert "roll condition" not in beaten, beaten
    sheet = session.send("/sheet").narration
    harm_line = next(line for line in sheet.splitlines() if line.startswith("Harm:"))
    assert harm_line.startswith("Harm: Broken arm (level 2); Beaten by the constables (level 3)"), harm_line
    session.send("/remove harm 1")
    assert [h["name"] for h in session.reload().characters["pc1"]["harm"]] == ["Beaten by the constables"]


def test_each_downtime_activity_says_which_it_is_so_two_in_a_row_do_not_read_the_same() -> None:
    session, dice = open_campaign("Counting Crows", "blades")
    dice.queue(4)
    first = session.send("/roll reduce heat +consort").narration
    second = session.send("/roll train +prowess").narration
    assert "The 1st downtime activity this downtime (2 free)" in first, first
    assert "The 2nd downtime activity this downtime (2 free)" in second, second


def test_a_mistyped_exposure_says_what_was_wrong_once_and_asks_once() -> None:
    session, _ = open_campaign("Laud Crows", "blades")
    asked = session.send("/roll heat exposure=laud")
    text = asked.error or asked.narration
    assert "“laud” is not how loud an operation goes: smooth (0 heat), contained (2), loud (4) or wild (6)." in text, text
    assert text.count("How loud was the operation?") <= 1 and "'laud'" not in text, text
    assert session.reload().characters["pc1"]["heat"] == 0


def test_train_plus_playbook_after_saying_it_in_words_marks_playbook_xp() -> None:
    session, _ = open_campaign("Training Crows", "blades")
    session.send("i train my playbook xp")
    trained = session.send("/roll train +playbook")
    assert trained.kind == "action", trained.error or trained.narration
    assert "Playbook XP 0 → 1" in trained.narration, trained.narration
    assert session.reload().characters["pc1"]["xp"]["playbook"] == 1


def test_coin_past_what_the_vaults_hold_says_how_much_did_not_fit() -> None:
    """Crew coin is held within the vaults' capacity (4, 8 with one vault, 16 with two): the card says what is lost."""
    session, _ = open_campaign("Vault Crows", "blades")
    session.send("/set crew coin 3")
    told = session.send("/meter crew coin +4 payoff").narration
    assert "(3 → 4)" in told and "Crew coin is at its maximum (4); 3 did not fit" in told, told
    assert session.reload().characters["pc1"]["crew_coin"] == 4


def test_an_entanglement_left_open_reads_entanglements_choice_not_entanglementss() -> None:
    # the entanglement that manifests is picked before the next move (round 27): the refusal names it, and a second
    # pick reads "Entanglements' choice"
    session, dice = open_campaign("Open Crows", "blades")
    dice.queue(4, 5)
    session.send("/roll entanglements")
    dice.queue(4)
    refused = session.send("/roll reduce heat +consort")
    assert refused.kind == "error" and (refused.error or "").startswith("Entanglements still waits"), refused.error
    session.send("/choose 1")
    again = session.send("/choose 1")
    said = again.error or ""
    assert "Entanglements' choice" in said and "Entanglements's" not in said, said


def test_undoing_heat_that_rolled_over_names_what_moved_not_a_minus_one() -> None:
    session, _ = open_campaign("Undo Crows", "blades")
    session.send("/meter heat +3 a contained score")
    session.send("/meter heat +8 a loud score on hostile turf")
    undone = session.send("/undo").narration
    assert "heat 3 → 2, wanted level 0 → 1" in undone and "-1" not in undone, undone
    assert session.reload().characters["pc1"]["heat"] == 3
