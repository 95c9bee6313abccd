"""The guard eval harness: output format, summary, bad lines, and the shipped sets' rates."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from evals import guard as harness

FDW = {
    "system": "starforged",
    "move": "Face Danger",
    "stat": "edge",
    "character": {"stats": {"edge": 2}, "momentum": 3},
    "dice": [4, 2, 9],
}
DATASETS = Path(harness.__file__).parent / "datasets"


def _write(tmp_path: Path, lines: list[object]) -> Path:
    path = tmp_path / "guard.jsonl"
    path.write_text("\n".join(x if isinstance(x, str) else json.dumps(x) for x in lines) + "\n", encoding="utf-8")
    return path


def test_output_lines_and_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(
        tmp_path,
        [
            {
                "id": "true",
                "request": FDW,
                "narration": "A weak hit: you make it, at a cost.",
                "expect": {"ok": True, "kinds": []},
            },
            {
                "id": "lie",
                "request": FDW,
                "narration": "A strong hit! Take +2 momentum.",
                "expect": {"ok": False, "kinds": ["outcome", "state"]},
            },
            {
                "id": "none",
                "request": None,
                "system": "starforged",
                "narration": "You roll the dice: a 6.",
                "expect": {"ok": False, "kinds": ["phantom_roll"]},
            },
            {"id": "odds", "request": FDW, "odds": True, "narration": "A weak hit.", "expect": {"ok": True, "kinds": []}},
            "this is not json",
            {
                "id": "engine-error",
                "request": {"system": "starforged", "move": "No Such Move"},
                "narration": "x",
                "expect": {"ok": True, "kinds": []},
            },
            {"id": "no-narration", "request": FDW},
        ],
    )
    assert harness.main(["--dataset", str(path)]) == 0
    out, err = capsys.readouterr()
    rows = [json.loads(line) for line in out.splitlines()]
    assert [r["id"] for r in rows] == ["true", "lie", "none", "odds", "line 5", "engine-error", "no-narration"]
    for row in rows[:4]:
        assert set(row) == {"id", "ok", "violations"}
        assert all(set(v) == {"kind", "detail"} for v in row["violations"])
    assert rows[0]["ok"] and rows[3]["ok"]
    assert {v["kind"] for v in rows[1]["violations"]} == {"outcome", "state"}
    assert [v["kind"] for v in rows[2]["violations"]] == ["phantom_roll"]
    assert all(set(r) == {"id", "error"} for r in rows[4:])
    assert "catch rate 100.0%" in err and "false-flag rate 0.0%" in err and "errors 3" in err


def test_json_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(
        tmp_path,
        [
            {"id": "a", "request": FDW, "narration": "You fail.", "expect": {"ok": True, "kinds": []}},
            {"id": "b", "request": FDW, "narration": "You rolled a 5.", "expect": {"ok": False, "kinds": ["outcome"]}},
        ],
    )
    harness.main(["--dataset", str(path), "--json-summary"])
    summary = json.loads(capsys.readouterr().err)
    assert summary["false_flag_rate"] == 1.0
    assert summary["catch_rate"] == 1.0 and summary["catch_rate_with_kind"] == 0.0
    assert summary["per_kind"]["outcome"] == {"lines": 1, "catch_rate": 1.0, "kind_found_rate": 0.0}
    assert summary["per_system"]["starforged"]["truthful"] == 1


def test_missing_dataset(tmp_path: Path) -> None:
    assert harness.main(["--dataset", str(tmp_path / "nope.jsonl")]) == 2


@pytest.mark.parametrize("name, catch, false_flags", [("guard_public.jsonl", 0.85, 0.03), ("guard_heldout.jsonl", 0.85, 0.05)])
def test_shipped_sets(name: str, catch: float, false_flags: float, capsys: pytest.CaptureFixture[str]) -> None:
    harness.main(["--dataset", str(DATASETS / name), "--json-summary"])
    summary = json.loads(capsys.readouterr().err)
    assert summary["errors"] == 0
    assert set(summary["per_system"]) <= {"blades", "city", "dungeon-world", "elegy", "starforged"}  # set 35: three games
    assert len(summary["per_system"]) >= 3
    assert set(summary["per_kind"]) == {"decision", "number", "outcome", "phantom_roll", "state"}
    assert summary["catch_rate"] >= catch
    assert summary["false_flag_rate"] <= false_flags


def test_labelled_drafts_are_read_against_their_own_facts(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from assistant.engine import resolve
    from assistant.narrate import NarrationRequest
    from evals.guard_facts import facts_record

    request = NarrationRequest(task="narrate", system="starforged", player_text="I run for the door", results=(resolve(FDW),))
    facts = json.loads(json.dumps(facts_record(request)))  # as stored in a JSONL line
    assert "a weak hit: it works, but at a cost" in facts["words"] and facts["follow_ups"]
    lines = [
        {"id": "ok", "text": "You reach the door, at a cost.", "facts": facts, "label": "ok", "kind": "", "why": "true"},
        {"id": "lie", "text": "They decide to flee.", "facts": facts, "label": "fault", "kind": "decision", "why": "x"},
        {"id": "bad", "text": "x", "facts": facts, "label": "maybe"},
    ]
    harness.main(["--dataset", str(_write(tmp_path, lines)), "--json-summary"])
    out, err = capsys.readouterr()
    rows = [json.loads(line) for line in out.splitlines()]
    assert rows[0]["ok"] and [v["kind"] for v in rows[1]["violations"]] == ["decision"] and "error" in rows[2]
    summary = json.loads(err)
    assert summary["catch_rate_with_kind"] == 1.0 and summary["false_flag_rate"] == 0.0 and summary["errors"] == 1


def test_misses_lists_each_fault_let_through_and_each_false_flag(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--misses names every lying line the guard let through, under its expected kind with the labeller's reason, and
    every truthful line it flagged with what the guard said."""
    path = _write(
        tmp_path,
        [
            {"id": "caught", "request": FDW, "narration": "A strong hit! Take +2 momentum.",
             "expect": {"ok": False, "kinds": ["outcome"]}},
            {"id": "missed", "request": FDW, "narration": "You reach the door.", "why": "the cost never told",
             "expect": {"ok": False, "kinds": ["outcome"]}},
            {"id": "flagged", "request": FDW, "narration": "You roll a 12.", "expect": {"ok": True, "kinds": []}},
        ],
    )  # fmt: skip
    harness.main(["--dataset", str(path), "--misses"])
    err = capsys.readouterr().err
    listed = err[err.index("missed outcome (1):") :]
    assert "missed: You reach the door." in listed and "why: the cost never told" in listed
    assert "false flags (1):" in listed and "flagged: You roll a 12." in listed and "number:" in listed
    assert "caught:" not in listed


def test_a_drafts_facts_carry_the_story_so_far(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """facts_record keeps the sentences earlier turns told (as the chat's filter collects them from the history), and
    a labelled draft that tells one again as this turn's is read against them."""
    from assistant.engine import resolve
    from assistant.narrate import NarrationRequest
    from evals.guard_facts import facts_record

    history = (("user", "I search the hold"), ("narrator", "You find a sealed crate stamped with the guild's mark."))
    request = NarrationRequest(
        task="narrate", system="starforged", player_text="I run for the door", results=(resolve(FDW),), history=history
    )
    facts = json.loads(json.dumps(facts_record(request)))
    assert " you find a sealed crate stamped with the guild's mark " in facts["earlier"]
    lines = [
        {"id": "again", "text": "You find a sealed crate stamped with the guild's mark.", "facts": facts,
         "label": "fault", "kind": "echo", "why": "the last turn's find told again"},
        {"id": "new", "text": "You reach the door, but the crate slips from your grip.", "facts": facts,
         "label": "ok", "kind": "", "why": "true"},
    ]  # fmt: skip
    harness.main(["--dataset", str(_write(tmp_path, lines)), "--json-summary"])
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [v["kind"] for v in rows[0]["violations"]] == ["echo"] and rows[1]["ok"]


@pytest.mark.parametrize(
    "name, catch, false_flags",
    [
        # since the screen (a model's sentence gives no number, game term, question, open pick or change of state): the
        # older sets' longer drafts of several sentences are flagged most (13 of 41 good drafts in the first set), held-out
        # set 31 19 of 33 faults caught and 5 of 78 good drafts flagged (9 and 1 before it)
        # seven good rows relabelled faults by the standard (a Tier read out, the offered move told as an order):
        # 43 of 51 caught since, where the guard caught 42 of 44; 14 of 41 good flagged since the rules' text told as the
        # story is read: "they hear a rumor related to the named subject" on Ear to the Ground's miss, the hit's line of
        # the rules (labelled ok before the labelling standard, which calls a lead gained on a miss a fault)
        ("guard_real_model.jsonl", 0.96, 0.342),
        ("guard_real_model_heldout.jsonl", 1.0, 0.201),
        ("guard_real_model_heldout5.jsonl", 0.78, 0.121),
        ("guard_real_model_heldout6.jsonl", 1.0, 0.168),
        # one good row flagged since set 23-24's reading: 'You are forced to retreat' on Pay the Price decides a deed
        ("guard_real_model_heldout7.jsonl", 1.0, 0.134),
        ("guard_real_model_heldout8.jsonl", 1.0, 0.144),
        ("guard_real_model_heldout9.jsonl", 1.0, 0.155),
        ("guard_real_model_heldout10.jsonl", 0.98, 0.072),
        # one row relabelled good (the vow's words are the player's own track): the roll named in it is still flagged
        ("guard_real_model_heldout11.jsonl", 0.93, 0.146),
        ("guard_real_model_heldout12.jsonl", 1.0, 0.112),
        ("guard_real_model_heldout13.jsonl", 0.93, 0.119),  # a reply in the character's mouth relabelled a fault
        ("guard_real_model_heldout14.jsonl", 1.0, 0.108),
        ("guard_real_model_heldout15.jsonl", 0.96, 0.189),
        ("guard_real_model_heldout16.jsonl", 1.0, 0.104),
        ("guard_real_model_heldout17.jsonl", 1.0, 0.129),
        ("guard_real_model_heldout18.jsonl", 1.0, 0.066),  # held out when measured (30 of 37); a development set since
        # held out when measured (28 of 36 caught, 2 of 33 flagged); a development set since
        ("guard_real_model_heldout19.jsonl", 1.0, 0.122),
        # held out when measured (23 of 35 faults caught, 4 of 36 good drafts flagged); a development set since: 31 of 35
        ("guard_real_model_heldout20.jsonl", 0.94, 0.056),
        # held out when measured (15 of 27 caught, 5 of 37 flagged); a development set since: 26 of 27
        ("guard_real_model_heldout21.jsonl", 0.96, 0.0),
        # held out when measured (28 of 47 faults caught, 2 of 78 good drafts flagged; before that round's guard: 27, 4);
        # a development set since: 42 of 47, 1 of the 2 still flagged
        ("guard_real_model_heldout22.jsonl", 0.91, 0.039),
        # held out when measured (33 of 51 faults caught, 1 of 115 good drafts flagged); a development set since: 44 of 51
        ("guard_real_model_heldout23.jsonl", 0.88, 0.053),
        # held out when measured (37 of 61 faults caught, 1 of 108 good drafts flagged; shown: 0 of 21 caught, 1 of 104);
        # a development set since: 52 of 61
        ("guard_real_model_heldout24.jsonl", 0.9, 0.065),
        # seven new scripts, held out when measured (17 of 35 faults caught; 7 of 110 good drafts flagged, 5 of them the
        # Blades clock told in the sheet's plain words, "The Forge bluecoats papers clock moves on.")
        ("guard_real_model_heldout25.jsonl", 0.74, 0.146),
        # held out when measured, from the seven new chat scripts (14 of 29 faults caught, 7 of 113 good drafts flagged;
        # shown: 0 of 10 caught, 0 of 102 flagged); 17 of 29 since the engine's opening telling the player's words back
        # ("You make your move to set out across the ice fields …") is read as context: 2 of the 19 it caught were
        # caught only for that opening's words, not for their own fault
        ("guard_real_model_heldout26.jsonl", 0.58, 0.151),
        # held out when measured, from seven newer chat scripts (7 of 24 faults caught; 12 of 102 good drafts flagged, 9 of
        # them the three drafts of one oracle turn whose question and answer say "shoot you"); 3 of 102 once the engine's
        # own opening was no longer checked as the model's claim
        ("guard_real_model_heldout27.jsonl", 0.5, 0.069),
        # held out when measured, from the held-out-3 chat scripts (4 of 17 faults caught; 8 of 55 good drafts flagged,
        # 4 of them a story cut at "You approach" inside the declared deed, 3 the fight's name "The lead razor-beast")
        ("guard_real_model_heldout28.jsonl", 0.58, 0.2),  # 9 of 17 and 5 of 55 once tuned on (next round)
        # held out when measured, the held-out-3 scripts on the next round's code (0 of 2 faults caught; 3 of 32 good
        # drafts flagged, all three drafts of one Enter the Fray turn, for the fight's name "The lead razor-beast")
        ("guard_real_model_heldout29.jsonl", 0.5, 0.125),  # 1 of 2, none of 32 once tuned on (the same round)
        # held out when measured, from the held-out-4 chat scripts (15 of 39 faults caught; 5 of 70 good drafts flagged,
        # 3 of them the guards agreeing to a bribe whose Reduce Heat roll was a bad outcome that still cooled the heat)
        ("guard_real_model_heldout30.jsonl", 0.64, 0.129),  # 25 of 39 with the set-30-33 families
        # seven new scripts (held-out 5), held out when measured: 9 of 33 faults caught, 1 of 78 good drafts flagged
        ("guard_real_model_heldout31.jsonl", 0.66, 0.065),  # 22 of 33 with the set-30-33 families
        # seven new scripts (held-out 6), held out when measured, on the guard with the screen: 8 of 18 faults caught,
        # 12 of 80 good drafts flagged (6 and 7 on the guard before the screen)
        ("guard_real_model_heldout32.jsonl", 0.5, 0.15),  # 9 of 18 with the set-30-33 families
        # the narrower retelling task on the held-out-6 scripts, held out when measured after the set-32 round's screen:
        # 17 of 34 faults caught, 20 of 96 good drafts flagged (most the engine's own outcome sentence retold)
        ("guard_real_model_heldout33.jsonl", 0.7, 0.209),  # 24 of 34 with the set-30-33 families
        # seven new scripts (held-out 7, run DI), labelled blind, held out when measured: 7 of 13 faults caught, 4 of 41
        # good drafts flagged (two 'now', two the entanglement roll named)
        ("guard_real_model_heldout34.jsonl", 0.76, 0.098),  # 10 of 13 with harm reaching you or yours (a tuning set since)
        # the six scripts of held-out 8 (run DJ: Elegy, Blades downtimes, the city game), labelled blind, held out when
        # measured: 12 of 19 faults caught, 4 of 22 good drafts flagged
        # 13 of 19 with harm reaching you or yours (claws in your side), 14 with the rules' text told as the story
        ("guard_real_model_heldout35.jsonl", 0.73, 0.182),
        # the six scripts of held-out 9 (run DK: three Starforged sessions, three Dungeon World duels), labelled blind, held
        # out when measured: 4 of 7 faults caught, 2 of 29 good drafts flagged (a shield deflecting the swing the player
        # named, 'With it, you are now vulnerable.')
        ("guard_real_model_heldout36.jsonl", 0.57, 0.069),
    ],
)
def test_real_model_sets(name: str, catch: float, false_flags: float, capsys: pytest.CaptureFixture[str]) -> None:
    """Drafts a 1.5B (tuned on) and a 0.5B model (held out) wrote, labelled by hand: at most the floor's truthful drafts
    are flagged (a flagged draft is retried, then the engine's opening is shown alone)."""
    harness.main(["--dataset", str(DATASETS / name), "--json-summary"])
    out, err = capsys.readouterr()
    summary = json.loads(err)
    assert summary["errors"] == 0
    assert set(summary["per_system"]) <= {"blades", "city", "dungeon-world", "elegy", "starforged"}
    assert len(summary["per_system"]) >= 2  # set 35: three games; set 36: Starforged and Dungeon World
    assert summary["catch_rate"] >= catch
    labels = {row["id"]: row["label"] for row in map(json.loads, (DATASETS / name).read_text().splitlines())}
    flagged = {row["id"] for row in map(json.loads, out.splitlines()) if not row["ok"] and labels[row["id"]] == "ok"}
    assert len(flagged) <= false_flags * summary["truthful"]


@pytest.mark.parametrize(
    "name, catch, false_flags",
    [
        # since the screen: 91 of the 149 faulty stories players read in sets 20-31 caught (71 before), 48 of the 837 good
        # ones flagged (4 before); held out on sets 29-31, 14 of 37 caught (1 before), 8 of 163 flagged (none before)
        ("guard_real_model_heldout6.jsonl", 0.85, 0.071),
        ("guard_real_model_heldout7.jsonl", 1.0, 0.065),  # the forced retreat on Pay the Price, as above
        ("guard_real_model_heldout8.jsonl", 1.0, 0.025),
        ("guard_real_model_heldout9.jsonl", 1.0, 0.023),
        ("guard_real_model_heldout10.jsonl", 0.93, 0.05),
        ("guard_real_model_heldout11.jsonl", 0.63, 0.062),
        ("guard_real_model_heldout12.jsonl", 0.81, 0.051),
        ("guard_real_model_heldout13.jsonl", 0.87, 0.048),
        ("guard_real_model_heldout14.jsonl", 0.7, 0.103),
        ("guard_real_model_heldout15.jsonl", 0.9, 0.128),
        ("guard_real_model_heldout16.jsonl", 0.9, 0.029),
        ("guard_real_model_heldout17.jsonl", 0.83, 0.091),
        ("guard_real_model_heldout18.jsonl", 1.0, 0.0),
        ("guard_real_model_heldout19.jsonl", 0.71, 0.07),
        # the faults a player read: 3 of 7, 6 of 10 and 0 of 15 caught before this round's checks
        ("guard_real_model_heldout20.jsonl", 0.71, 0.024),
        ("guard_real_model_heldout21.jsonl", 1.0, 0.0),
        ("guard_real_model_heldout22.jsonl", 0.93, 0.017),
        # 1 of 13 and 1 of 21 caught when held out; development sets since: 10 of 13, 14 of 21 (the one good story
        # flagged in set 24 is the offline narration's 'Your health is above 0 ...' line)
        ("guard_real_model_heldout23.jsonl", 0.84, 0.035),
        ("guard_real_model_heldout24.jsonl", 0.76, 0.049),
        # held out when measured: 0 of the 16 faulty stories players read caught, none of the 96 good ones flagged
        ("guard_real_model_heldout25.jsonl", 0.5, 0.105),
        # held out when measured: 0 of the 10 faulty stories players read caught; 3 of the 92 good ones flagged, the
        # offline narration of the oracle turn whose question and answer say "shoot you"
        ("guard_real_model_heldout27.jsonl", 0.5, 0.077),
        # held out when measured: 0 of the 10 faulty stories players read caught, none of the 50 good ones flagged
        ("guard_real_model_heldout28.jsonl", 0.6, 0.12),  # 5 of the 10 once tuned on (next round)
        # held out when measured: 0 of the 2 faulty stories players read caught, none of the 28 good ones flagged
        ("guard_real_model_heldout29.jsonl", 0.5, 0.036),  # 1 of the 2 once tuned on (the same round)
        # held out when measured: 0 of the 16 faulty stories players read caught, none of the 64 good ones flagged
        ("guard_real_model_heldout30.jsonl", 0.56, 0.047),  # 9 of 16 with the set-30-33 families
        # held out when measured: 0 of the 19 faulty stories players read caught, none of the 71 good ones flagged
        ("guard_real_model_heldout31.jsonl", 0.63, 0.057),  # 12 of 19 with the set-30-33 families
        # held out when measured, on the guard with the screen: 1 of the 11 faulty stories players read caught (the heat
        # told as 2), 4 of the 63 good ones flagged (0 of 11 and 0 of 63 on the guard before the screen)
        ("guard_real_model_heldout32.jsonl", 0.18, 0.064),  # 2 of 11 with the set-30-33 families
        # held out when measured: 3 of the 17 faulty stories players read caught, 11 of the 92 good ones flagged (the
        # engine's own outcome sentence read as a model's story)
        ("guard_real_model_heldout33.jsonl", 0.58, 0.12),  # 10 of 17 with the set-30-33 families
        # held out when measured (run DI, labelled blind): 0 of the 5 faulty stories players read caught, none of the 35
        # good ones flagged; 3 of 5 with harm reaching you or yours (a tuning set since)
        ("guard_real_model_heldout34.jsonl", 0.6, 0.0),
        # held out when measured (run DJ, labelled blind): 0 of the 7 faulty stories players read caught, none of the 20
        # good ones flagged; 1 of 7 with harm reaching you or yours, 2 of 7 with the rules' text told as the story (the
        # move's trigger read out), none of the 20 good ones flagged
        ("guard_real_model_heldout35.jsonl", 0.28, 0.0),
        # held out when measured (run DK, labelled blind): 0 of the 2 faulty stories players read caught, none of the 21
        # good ones flagged
        ("guard_real_model_heldout36.jsonl", 0.0, 0.0),
    ],
)
def test_real_model_sets_as_shown(name: str, catch: float, false_flags: float, capsys: pytest.CaptureFixture[str]) -> None:
    """What the player read of each draft (``--shown``): the faults caught there are the ones a retry replaces."""
    harness.main(["--dataset", str(DATASETS / name), "--json-summary", "--shown"])
    summary = json.loads(capsys.readouterr().err)
    assert summary["errors"] == 0
    assert summary["catch_rate"] >= catch
    assert summary["false_flag_rate"] <= false_flags


def test_shown_reads_what_the_player_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--shown reads a draft's shown text and label: a fault the chat's filter removed is no fault the player reads, and a
    draft no player read ("shown": null) is left out."""
    from assistant.engine import resolve
    from assistant.narrate import NarrationRequest
    from evals.guard_facts import facts_record

    request = NarrationRequest(task="narrate", system="starforged", player_text="I run for the door", results=(resolve(FDW),))
    facts = json.loads(json.dumps(facts_record(request)))
    lie = "You reach the door. They decide to flee."
    lines = [
        {"id": "cut", "text": lie, "facts": facts, "label": "fault", "kind": "decision", "why": "x",
         "shown": "You reach the door.", "shown_label": "ok"},
        {"id": "kept", "text": lie, "facts": facts, "label": "fault", "kind": "decision", "why": "x",
         "shown": lie, "shown_label": "fault"},
        {"id": "rejected", "text": lie, "facts": facts, "label": "fault", "kind": "decision", "why": "x",
         "shown": None},
    ]  # fmt: skip
    path = _write(tmp_path, lines)
    harness.main(["--dataset", str(path), "--json-summary", "--shown"])
    out, err = capsys.readouterr()
    rows = [json.loads(line) for line in out.splitlines()]
    assert [row["id"] for row in rows] == ["cut", "kept"]  # the rejected draft reached no player
    assert rows[0]["ok"] and not rows[1]["ok"]
    summary = json.loads(err)
    assert (summary["lying"], summary["truthful"], summary["catch_rate"]) == (1, 1, 1.0)
    harness.main(["--dataset", str(path), "--json-summary"])
    assert json.loads(capsys.readouterr().err)["lying"] == 3


def test_real_model_shown_texts_flag_no_good_story(capsys: pytest.CaptureFixture[str]) -> None:
    """What players read in set 23 (opening and sentence, or the offline narration): of the 87 good stories only three
    are flagged, each by the screen's change words ("The airlock remains jammed", "is now more cautious"), which the
    retry replaces or the opening alone tells (of the 13 faults the chat let through, 1 was caught when held out, 11
    since)."""
    name = "guard_real_model_heldout23.jsonl"
    harness.main(["--dataset", str(DATASETS / name), "--json-summary", "--shown"])
    out, err = capsys.readouterr()
    summary = json.loads(err)
    assert summary["errors"] == 0 and summary["lines"] == summary["lying"] + summary["truthful"] > 0
    labels = {row["id"]: row["shown_label"] for row in map(json.loads, (DATASETS / name).read_text().splitlines())}
    rows = [row for row in map(json.loads, out.splitlines()) if not row["ok"] and labels[row["id"]] == "ok"]
    assert sorted(row["id"] for row in rows) == ["BG2-1.5b:sf-fight:7:1", "BG3-1.5b:city-night:4:1", "BG3-1.5b:sf-derelict:6:1"]
    assert all("tells what changed" in v["detail"] for row in rows for v in row["violations"])


def test_shown_reads_the_offline_narration_without_the_models_fact_sheet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A rejected draft replaced by the offline narration: the player read the engine's own sentences (the choice's
    prompt and its options, with the dice card), which the chat never holds to the model's fact sheet; a draft's own
    copy of the prompt, shown, is still a copy."""
    from assistant.engine import resolve
    from assistant.narrate import NarrationRequest, TemplateNarrator
    from evals.guard_facts import facts_record

    result = resolve({"system": "blades", "move": "Indulge Vice", "stat": "insight", "dice": [2, 3]})
    request = NarrationRequest(task="narrate", system="blades", player_text="I spend the evening at the dens", results=(result,))
    facts = json.loads(json.dumps(facts_record(request)))
    offline = TemplateNarrator().narrate(request)
    assert "select an overindulgence" in offline
    copy = "You overindulge: select an overindulgence."
    lines = [
        {"id": "offline", "text": copy, "facts": facts, "label": "fault", "kind": "echo", "why": "x",
         "shown": offline, "shown_label": "ok"},
        {"id": "kept", "text": copy, "facts": facts, "label": "fault", "kind": "echo", "why": "x",
         "shown": f"{facts['opening']} {copy}", "shown_label": "fault"},
    ]  # fmt: skip
    harness.main(["--dataset", str(_write(tmp_path, lines)), "--json-summary", "--shown"])
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert rows[0]["ok"] and not rows[1]["ok"]
