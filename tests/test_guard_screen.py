"""The screen (:mod:`assistant.guard.screen`): structural rules on a model's sentence, read on the stories players read
in held-out set 31 (new scripts; none of these faults was caught by the word checks). Both kinds: the faults it
catches and the good sentences it keeps."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from assistant.guard.screen import check_screen
from assistant.guard.text import sentences
from evals.guard import as_shown
from evals.guard_facts import check_facts

SET31 = Path(__file__).resolve().parent.parent / "evals" / "datasets" / "guard_real_model_heldout31.jsonl"


def _shown(draft_id: str) -> dict:
    for raw in SET31.read_text(encoding="utf-8").splitlines():
        if json.loads(raw)["id"] == draft_id:
            return json.loads(as_shown(raw))
    raise AssertionError(draft_id)


@pytest.mark.parametrize(
    "draft_id, kind, said",
    [
        ("CG2-1.5b:dw-assassin:3:1", "number", "'13'"),  # "your number is 13": the engine set 14
        ("CG2-1.5b:bl-aftermath:8:1", "number", "'5'"),  # "the die that counts shows a 5": it rolled 3
        ("CG-1.5b:bl-aftermath:9:1", "echo", "'pcs'"),  # "The PCs flip a coin."
        ("CG-1.5b:el-tenement:11:2", "echo", "question"),  # "Now, what does it do in answer?": the prompt read out
        ("CG2-1.5b:dw-assassin:8:2", "echo", "question"),  # the reaction left to the player, asked of them
        ("CG2-1.5b:city-bridge:8:1", "decision", "reveal a secret"),  # told done while only offered next
        ("CG-1.5b:dw-assassin:11:1", "outcome", "'now'"),  # "now stands with a weakened body"
    ],
)
def test_a_shown_fault_the_word_checks_let_through_is_screened(draft_id: str, kind: str, said: str) -> None:
    item = _shown(draft_id)
    assert item["label"] == "fault"
    found = check_facts(item["text"], item["facts"])
    assert [v.kind.value for v in found] == [kind]
    assert said in found[0].detail


@pytest.mark.parametrize(
    "draft_id",
    [
        "CG-1.5b:sf-quarantine:6:1",  # "The miners' children are sick and weak, their parents unable to care for them."
        "CG-1.5b:sf-quarantine:9:1",  # "The foreman, his eyes fixed on the map, shakes his head."
        "CG-1.5b:sf-bounty:2:3",  # "The bounty hunter moves to the front of the cantina": "moves" is a story word too
        "CG2-1.5b:el-tenement:6:1",  # "The slumlord, still carrying the crucifix, looks at you": "still" is left alone
    ],
)
def test_a_good_model_sentence_is_kept(draft_id: str) -> None:
    item = _shown(draft_id)
    assert item["label"] == "ok"
    assert check_facts(item["text"], item["facts"]) == []


def test_the_engine_s_opening_and_the_offline_template_are_never_screened() -> None:
    item = _shown("CG2-1.5b:dw-assassin:3:1")
    from assistant.guard import prepare

    told = sentences("You roll initiative and see that your number is 13.")
    facts = prepare(item["facts"]["results"], system="dungeon-world")  # no sheet: the template's own sentences
    assert check_screen(told, facts) == []
    opening = prepare(item["facts"]["results"], system="dungeon-world", sheet="x", told=[told[0].original])
    assert check_screen(told, opening) == []  # the engine's own sentence, shown before the story
    assert check_screen(told, prepare(item["facts"]["results"], system="dungeon-world", sheet="x")) != []


@pytest.mark.parametrize(
    "text, screened",
    [
        ("The raider's eyes narrow. What do you do?", False),  # the turn handed over
        ("What happens because of it?", False),
        ("Will you trust her?", True),
        ("Choose two.", True),
        ("Envision what you discover.", True),
        ("The airlock finally gives way.", True),
        ("The reactor remains dark.", True),
        ("A clock ticks somewhere in the vestry.", False),
        ("The raider is a formidable foe.", False),  # rank words cost more good sentences than faults (sets 20-28)
        ("No one answers; the dice clatter in the next room.", False),
        ("Two guards wait at the gate.", True),
        ("You roll with it.", True),
    ],
)
def test_each_rule_on_a_single_sentence(text: str, screened: bool) -> None:
    from assistant.guard import prepare

    facts = prepare(None, system="starforged", sheet="What happened this turn")
    assert bool(check_screen(sentences(text), facts)) is screened
