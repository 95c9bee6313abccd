"""Round 25, Blades downtime as a player types it.

* Indulge Vice at 0 stress was offered first and always overindulged: "If your vice roll clears more stress levels than
  you had marked, you overindulge." With no stress it is not suggested, and the note says why (and that /roll still
  makes it); with stress marked its odds say how likely the die clears more than is marked.
* "I train my prowl" asked which xp track: Train marks "xp on the xp track for an attribute", and Prowl is a Prowess
  action, so an action rating trains its attribute's track (in words and with /roll train +prowl).
* "How loud was the operation?" answered "it went loud and there were bodies" took 4 heat, not the killing's +2: the
  answer's other words count too, the question says what else adds heat, and the card says how the heat adds up.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from assistant.engine import resolve
from assistant.engine.rulesets.blades.vice import die_chances, vice_odds_words
from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


# ---- Indulge Vice and the stress marked ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    "typed",
    [
        "I indulge my vice",
        "I visit my vice purveyor",
        "I spend the night drinking and gambling to relieve stress",
        "I go to the den to indulge my vice",
    ],
)
def test_with_no_stress_indulge_vice_is_not_offered_and_the_note_says_why(typed: str) -> None:
    session, _ = open_campaign("No stress " + typed, "blades")
    before = session.reload().model_dump(mode="json")
    turn = session.send(typed)
    assert "Indulge Vice" not in [s.move for s in turn.suggestions], [s.move for s in turn.suggestions]
    said = " ".join(turn.notes)
    assert "Indulge Vice is not suggested now: you have no stress to clear" in said, turn.notes
    assert "overindulge" in said and "/roll indulge vice" in said, said
    after = session.reload().model_dump(mode="json")
    assert after["characters"] == before["characters"]


@pytest.mark.parametrize("typed", ["I indulge my vice", "I spend the night drinking and gambling to relieve stress"])
def test_with_stress_marked_indulge_vice_leads_and_says_the_chance_to_overindulge(typed: str) -> None:
    session, _ = open_campaign("Stress " + typed, "blades")
    assert session.send("/set stress 3").kind != "error"
    turn = session.send(typed)
    top = turn.suggestions[0]
    assert top.move == "Indulge Vice", [s.move for s in turn.suggestions]
    pool = 2  # the default sheet: insight 2, prowess 2, resolve 3 -> the lowest, 2 dice
    over = sum(die_chances(pool)[k] for k in (4, 5, 6))
    assert top.odds_words and f"overindulge {round(float(over) * 100, 2):g}%" in top.odds_words, top.odds_words
    assert top.odds_words in turn.narration


def test_at_six_stress_or_more_no_die_overindulges_and_the_usual_odds_stay() -> None:
    session, _ = open_campaign("Six stress", "blades")
    assert session.send("/set stress 6").kind != "error"
    top = session.send("I indulge my vice").suggestions[0]
    assert top.move == "Indulge Vice" and top.odds_words is None
    assert "clear 6 stress" in session.send("I indulge my vice").narration


def test_rolled_anyway_at_no_stress_it_overindulges_as_the_rules_say() -> None:
    session, dice = open_campaign("Anyway", "blades")
    dice.queue(2, 5)
    turn = session.send("/roll indulge vice")
    assert turn.kind != "error", turn.error
    assert "You clear 5 stress, but none is marked: you overindulge." in turn.narration, turn.narration
    assert turn.open_choices


@pytest.mark.parametrize(
    ("pool", "stress", "words"),
    [
        (1, 3, "clear 1-2 stress 33%, clear all 3 stress 17%, clear all 3 and overindulge 50%"),
        (1, 1, "clear all 1 stress 17%, clear all 1 and overindulge 83%"),
        (0, 1, "clear all 1 stress 31%, clear all 1 and overindulge 69%"),  # the lower of two dice
        (2, 2, "clear 1 stress 3%, clear all 2 stress 8%, clear all 2 and overindulge 89%"),
        (3, 0, "overindulge 100%: no stress is marked, so any die clears more"),
        (3, 6, None),
    ],
)
def test_vice_odds_are_counted_exactly(pool: int, stress: int, words: str | None) -> None:
    assert vice_odds_words(pool, stress) == words


@pytest.mark.parametrize("pool", range(0, 5))
def test_the_die_that_counts_has_every_chance_once(pool: int) -> None:
    chances = die_chances(pool)
    assert sum(chances.values()) == 1
    faces = range(1, 7)
    if pool == 0:  # two dice, the lower counts: the same count by hand
        expected = {k: Fraction(sum(1 for a in faces for b in faces if min(a, b) == k), 36) for k in faces}
    else:
        expected = {k: Fraction(k**pool - (k - 1) ** pool, 6**pool) for k in faces}
    assert chances == expected


# ---- Train: an action rating trains its attribute ----------------------------------------------------------------
@pytest.mark.parametrize(
    ("typed", "track"),
    [
        ("I train my prowl", "prowess"),
        ("I spend the downtime practicing my skirmishing", "prowess"),
        ("I train my sway with the old orator", "resolve"),
        ("I train my study in the library", "insight"),
        ("I train my prowess", "prowess"),
        ("I train my playbook", "playbook"),
    ],
)
def test_training_an_action_marks_its_attribute_track(typed: str, track: str) -> None:
    session, _ = open_campaign("Train " + typed, "blades")
    turn = session.send(typed)
    train = next(s for s in turn.suggestions if s.move == "Train")
    rolled = session.confirm(train)
    assert rolled.kind == "action" and rolled.results, (rolled.kind, rolled.narration)
    xp = next(iter(session.reload().characters.values()))["xp"]
    assert xp[track] == 1 and sum(xp.values()) == 1, xp


def test_roll_train_with_an_action_names_its_attribute_on_the_card() -> None:
    result = resolve({"system": "blades", "move": "train", "stat": "prowl"})
    assert result.character["xp"]["prowess"] == 1
    assert any("Prowl is a Prowess action: training it marks prowess xp." in n for n in result.notes), result.notes


def test_an_action_and_another_track_named_together_is_refused_in_words() -> None:
    from assistant.engine import InputError

    with pytest.raises(InputError) as err:
        resolve({"system": "blades", "move": "train", "stat": "prowl", "options": {"xp_track": "insight"}})
    assert "you named insight and prowl" in err.value.message and "_" not in err.value.message


def test_training_what_is_no_track_nor_action_says_what_is() -> None:
    from assistant.engine import InputError

    with pytest.raises(InputError) as err:
        resolve({"system": "blades", "move": "train", "stat": "stress"})
    assert "/roll train +prowl marks prowess" in err.value.message, err.value.message


# ---- Heat after a score ------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("answer", "heat", "counted"),
    [
        ("it went loud and there were bodies", 6, "4 (loud) + 2 (killing) = 6"),
        ("loud, and two guards were killed", 6, "4 (loud) + 2 (killing) = 6"),
        ("contained, but on hostile turf", 3, "2 (contained) + 1 (hostile turf) = 3"),
        ("wild, a noble was murdered", 9, None),  # 6 + 1 + 2 = 9: a wanted level, heat rolls over to 0
        ("loud", 4, None),
        ("3", 4, None),
    ],
)
def test_the_answer_to_how_loud_counts_the_rest_of_its_words(answer: str, heat: int, counted: str | None) -> None:
    session, _ = open_campaign("Heat " + answer, "blades")
    offered = session.send("we take heat from the score")
    asked = session.confirm(next(s for s in offered.suggestions if s.move == "Heat"))
    assert asked.kind == "question", asked.narration
    assert "bodies (+2)" in asked.narration and "hostile turf (+1)" in asked.narration
    turn = session.send(answer)
    assert turn.kind == "action" and turn.results, (turn.kind, turn.error, turn.narration)
    sheet = next(iter(session.reload().characters.values()))
    assert sheet["heat"] + 9 * sheet["wanted_level"] == heat, sheet
    if counted:
        assert f"Heat from the operation: {counted}." in turn.narration, turn.narration


@pytest.mark.parametrize(
    "typed",
    ["it went loud and there were bodies", "the job was loud and we left bodies behind", "it got loud; someone was killed"],
)
def test_heat_told_in_one_sentence_counts_the_killing(typed: str) -> None:
    session, _ = open_campaign("Heat told " + typed, "blades")
    offered = session.send(typed)
    assert offered.suggestions[0].move == "Heat", [s.move for s in offered.suggestions]
    turn = session.confirm(offered.suggestions[0])
    assert next(iter(session.reload().characters.values()))["heat"] == 6
    assert "Heat from the operation: 4 (loud) + 2 (killing) = 6." in turn.narration, turn.narration


# ---- the after-the-score flow as a player types it ---------------------------------------------------------------
@pytest.mark.parametrize(
    ("answer", "coin", "rep"),
    [
        ("a standard score against a Tier II target", 6, 4),
        ("a big score, serious loot", 8, 2),
        ("decent loot from a Tier II target", 6, 4),
        ("6", 6, 2),
    ],
)
def test_the_coin_asked_is_read_from_the_moves_own_words(answer: str, coin: int, rep: int) -> None:
    session, _ = open_campaign("Payoff " + answer, "blades")
    offered = session.send("we collect our payoff")
    asked = session.confirm(next(s for s in offered.suggestions if s.move == "Payoff"))
    assert asked.kind == "question", asked.narration
    paid = session.send(answer)
    assert paid.kind == "action" and paid.results, (paid.kind, paid.error, paid.narration)
    sheet = next(iter(session.reload().characters.values()))
    kept = sheet["coin"] + sheet["crew_coin"] - 2 + sheet["stash"]  # crew coin starts at 2; coin past 4 goes to stash
    assert kept == coin and sheet["rep"] == rep, sheet


@pytest.mark.parametrize(
    "typed", ["we take the heat", "we took the heat for that job", "the crew takes the heat", "we take heat from the score"]
)
def test_taking_the_heat_after_a_score_offers_the_heat_move(typed: str) -> None:
    session, _ = open_campaign("Take the heat " + typed, "blades")
    moves = [s.move for s in session.send(typed).suggestions]
    assert moves[:1] == ["Heat"], moves


def test_in_the_terminal_a_number_after_nothing_to_roll_picks_no_older_move(tmp_path, monkeypatch) -> None:
    from typer.testing import CliRunner

    from assistant.cli import app

    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    lines = "we collect our payoff\nI visit the doctor to heal my wounds\n1\n/sheet\n"
    out = CliRunner().invoke(app, ["chat", "-c", "nothing", "--new", "--system", "blades"], input=lines)
    assert out.exit_code == 0, out.output
    assert "Nothing to roll for that now." in out.output, out.output
    assert "How much coin did the score bring in?" not in out.output, out.output  # "1" did not confirm Payoff
    assert "none is waiting" in out.output, out.output
