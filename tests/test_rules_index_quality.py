"""Retrieval quality on the public eval set with the real all-MiniLM-L6-v2 model (loaded once)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from evals import retrieve
from rules_index.embed import MiniLMEmbedder
from rules_index.index import CORPUS_DIR, CORPUS_FILES, RulesIndex, chunk_file
from rules_index.notes import all_notes, note_chunks, sync_notes
from rules_index.qa import NOT_FOUND, answer
from rules_index.search import search_index
from rules_index.sentences import split_sentences

DATASET = Path(__file__).parents[1] / "evals" / "datasets" / "retrieve_public.jsonl"
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def minilm_index(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RulesIndex]:
    home = tmp_path_factory.mktemp("home")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("TABLETOP_HOME", str(home))
        mp.delenv("TABLETOP_CHROMA_URL", raising=False)
        index = RulesIndex(MiniLMEmbedder(), path=home / "index")
        index.sync_corpus()
        sync_notes(index)
        yield index


@pytest.fixture(scope="module")
def results(minilm_index: RulesIndex) -> dict[str, dict[str, float]]:
    rows = retrieve.load_dataset(DATASET)
    return {mode: retrieve.metrics([r["_hits"] for r in retrieve.run(rows, 5, mode, minilm_index)]) for mode in retrieve.MODES}


def test_dev_dataset_has_answerable_and_no_answer_questions_in_both_halves() -> None:
    rows = retrieve.load_dataset(retrieve.DEV)
    assert len({r["id"] for r in rows}) == len(rows)
    none = [r for r in rows if retrieve.is_no_answer(r)]
    assert len(rows) - len(none) >= 70 and len(none) >= 25
    assert {r["system"] for r in none} == set(CORPUS_FILES)
    for half in ("tune", "test"):
        assert sum(1 for r in none if retrieve.split_of(r["id"], r.get("split")) == half) >= 8
    chunks = {s: chunk_file(CORPUS_DIR / f, s) for s, f in CORPUS_FILES.items()}
    for system, notes in note_chunks(all_notes()).items():
        chunks[system] = [*chunks[system], *notes]  # a question may be answered by a rules note
    for row in rows:
        if not retrieve.is_no_answer(row):
            records = [{"system": c.system, "section": c.section, "move": c.move, "text": c.text} for c in chunks[row["system"]]]
            assert any(retrieve.is_hit(r, row["expected"], row["system"]) for r in records), row["id"]


#: Every held-out set, the ones read and worked on (now development sets) and the one that is not (once written).
HELDOUT_SETS = [*retrieve.DEVELOPMENT[1:], *([retrieve.HELDOUT] if retrieve.HELDOUT.is_file() else [])]


@pytest.mark.parametrize("path", HELDOUT_SETS, ids=[p.stem for p in HELDOUT_SETS])
def test_heldout_dataset_is_gm_phrased_over_every_system_with_findable_answers(path: Path) -> None:
    rows = retrieve.load_dataset(path)
    assert len(rows) >= 60 and len({r["id"] for r in rows}) == len(rows)
    none = [r for r in rows if retrieve.is_no_answer(r)]
    assert 0.2 <= len(none) / len(rows) <= 0.3 and {r["system"] for r in none} == set(CORPUS_FILES)
    assert {r["system"] for r in rows} == set(CORPUS_FILES)
    # cross-system questions: asked of every system, or of one system while another's campaign is open
    assert any(r.get("scope") == "all" or "campaign" in r for r in rows)
    chunks = {s: chunk_file(CORPUS_DIR / f, s) for s, f in CORPUS_FILES.items()}
    for system, notes in note_chunks(all_notes()).items():
        chunks[system] = [*chunks[system], *notes]
    for row in rows:
        if not retrieve.is_no_answer(row):
            records = [{"system": c.system, "section": c.section, "move": c.move, "text": c.text} for c in chunks[row["system"]]]
            assert any(retrieve.is_hit(r, row["expected"], row["system"]) for r in records), row["id"]


def test_not_covered_metrics() -> None:
    got = retrieve.coverage_metrics([(True, True), (True, False), (False, True), (False, False), (False, False)])
    assert got["not_covered_recall"] == 0.5 and got["not_covered_precision"] == 0.5
    assert got["wrongly_not_covered"] == pytest.approx(1 / 3)


def test_public_dataset_covers_every_system_with_findable_answers() -> None:
    rows = retrieve.load_dataset(DATASET)
    assert len(rows) >= 60 and len({r["id"] for r in rows}) == len(rows)
    assert {r["system"] for r in rows} == set(CORPUS_FILES)
    chunks = {s: [c for c in chunk_file(CORPUS_DIR / f, s)] for s, f in CORPUS_FILES.items()}
    for row in rows:
        records = [{"system": c.system, "section": c.section, "move": c.move, "text": c.text} for c in chunks[row["system"]]]
        expected = row["expected"]
        assert any(retrieve.is_hit(r, {"text": expected["text"]}, row["system"]) for r in records), row["id"]
        assert any(retrieve.is_hit(r, expected, row["system"]) for r in records), row["id"]


def test_hybrid_retrieval_quality_floor(results: dict[str, dict[str, float]]) -> None:
    hybrid = results["hybrid"]
    assert hybrid["hit@5"] >= 0.95
    assert hybrid["hit@1"] >= 0.80
    assert hybrid["mrr"] >= 0.87


def test_hybrid_beats_either_ranker_alone(results: dict[str, dict[str, float]]) -> None:
    for single in ("vector", "bm25"):
        assert results["hybrid"]["mrr"] > results[single]["mrr"], results
        assert results["hybrid"]["hit@5"] >= results[single]["hit@5"], results


def test_heat_question_answered_from_blades(minilm_index: RulesIndex) -> None:
    result = answer("what happens when my heat reaches 9?", index=minilm_index)
    assert result.found and result.passages[0].citation.startswith("blades › Heat (blades.txt:L48-")
    assert "When your heat level reaches 9, you gain a wanted level" in result.text


def test_the_answer_leads_with_the_sentence_that_answers_and_quotes_it_once(minilm_index: RulesIndex) -> None:
    result = answer("What does vulnerable do?", system="dungeon-world", index=minilm_index)
    sentences = [s.rsplit(" [", 1)[0] for s in split_sentences(result.text)]
    assert len(sentences) == len(set(sentences))
    assert "Attacking a vulnerable target ignores armor" in sentences[0]
    assert result.text.count("Attacking makes you vulnerable to counter-attacks.") <= 1


@pytest.mark.parametrize(
    ("question", "system", "lead"),
    [
        ("what happens if I roll a 6 or less on Use Power?", "city", "6- The power backfires."),
        ("rolled a 12 on pay the price, what happens", "starforged", "You face a tough choice"),
        ("yes/no oracle, unlikely odds", "elegy", "76 or greater"),
        ("what does helpless mean", "dungeon-world", "Some Control spells make you Helpless"),
        ("incarceration roll came up 6, what happens", "blades", "6: You find your place"),
        ("entanglements at heat 7, rolled a 2", "blades", "1-3: Flipped or Interrogation"),
    ],
)
def test_a_gm_question_is_answered_with_the_line_that_answers_it_first(
    minilm_index: RulesIndex, question: str, system: str, lead: str
) -> None:
    result = answer(question, system=system, index=minilm_index)
    assert result.found and lead in split_sentences(result.text)[0], result.text


def test_momentum_burn_is_answered_from_the_notes(minilm_index: RulesIndex) -> None:
    result = answer("How does burning momentum work?", system="starforged", index=minilm_index)
    assert result.found and result.passages[0].citation.startswith("Rules note: starforged › Burning momentum")
    assert "momentum" in result.text.split(" [")[0].lower()


def test_vulnerable_answer_says_what_vulnerable_does_once(minilm_index: RulesIndex) -> None:
    result = answer("What does vulnerable do?", system="dungeon-world", index=minilm_index)
    assert "Attacking a vulnerable target ignores armor" in result.text
    assert result.text.count("Attacking makes you vulnerable to counter-attacks.") <= 1


def test_experience_levels_in_blades_are_not_covered(minilm_index: RulesIndex) -> None:
    result = answer("How many experience points do I need to reach level 5?", system="blades", index=minilm_index)
    assert not result.found and result.text.startswith(NOT_FOUND) and result.nearest
    assert "incarcerat" not in result.text.split("nearest sections")[0].lower()
    assert "Nothing in the Blades in the Dark rules texts covers this" in result.text  # the game as players name it


def test_a_part_of_the_game_the_shipped_text_lacks_is_not_covered_and_the_answer_says_what_the_text_is(
    minilm_index: RulesIndex,
) -> None:
    result = answer("How do flashbacks work during a score?", system="blades", index=minilm_index)
    assert not result.found and result.text.startswith(NOT_FOUND)
    assert "downtime chapter" in result.text and "flashbacks" in result.text and result.nearest


def test_the_public_set_has_no_question_beyond_the_texts_scope(minilm_index: RulesIndex) -> None:
    from rules_index.coverage import MINILM
    from rules_index.scope import beyond_scope
    from rules_index.search import search_index

    assert MINILM.scope_margin is not None
    for row in retrieve.load_dataset(DATASET):
        hits = search_index(minilm_index, row["question"], row["system"], 3)
        assert beyond_scope(row["question"], hits, minilm_index, row["system"], MINILM.scope_margin) is None, row["id"]


@pytest.mark.parametrize("question", ["What is the capital of France?", "How do I bake sourdough bread?"])
def test_off_topic_questions_get_the_rules_do_not_say(minilm_index: RulesIndex, question: str) -> None:
    assert answer(question, index=minilm_index).text.startswith(NOT_FOUND)


def test_eval_harness_prints_one_json_line_per_question(
    minilm_index: RulesIndex, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(retrieve, "_open_index", lambda index_dir: minilm_index)
    assert retrieve.main(["--dataset", str(DATASET), "--k", "3", "--report"]) == 0
    out, err = capsys.readouterr()
    lines = [json.loads(line) for line in out.splitlines()]
    assert len(lines) == len(retrieve.load_dataset(DATASET))
    first = lines[0]
    assert set(first) == {"id", "results"} and len(first["results"]) == 3
    assert set(first["results"][0]) == {"system", "section", "text", "score"}
    scores = [r["score"] for r in first["results"]]
    assert scores == sorted(scores, reverse=True)
    summary = json.loads(err.strip().splitlines()[-1])
    assert summary["mode"] == "hybrid" and {"hit@1", "hit@5", "mrr"} <= set(summary)


@pytest.mark.parametrize(
    ("question", "system", "lead"),
    [
        ("how do I retire my character?", "city", "When you meet the last Demand, describe your epilogue."),
        ("what happens when I face last death?", "elegy", "When you are brought to the brink of your annihilation"),
        ("how do I sing an elegy?", "elegy", "When you swear to complete a quest, write your elegy"),
        ("how many downtime activities do I get?", "blades", "two"),
        ("how does Face Death work?", "starforged", "When you encounter a situation where death is an immediate"),
        # the outcome the question names: that outcome's line, not the move's trigger
        ("missed the roll to face desolation, what now", "elegy", "you succumb to despair or horror and are lost"),
    ],
)
def test_the_answer_leads_with_the_sentence_that_answers(minilm_index: RulesIndex, question: str, system: str, lead: str) -> None:
    result = answer(question, system=system, index=minilm_index)
    assert result.found and lead in result.text.split(" [")[0], result.text


def test_gm_shorthand_finds_the_rule(minilm_index: RulesIndex) -> None:
    result = answer("we ran outta supplies, whats the deal", system="starforged", index=minilm_index)
    assert result.found and any("Sacrifice Resources" in p.citation for p in result.passages), result.text


def test_a_not_covered_answer_names_the_missing_part_of_the_game_only_when_the_question_is_about_it(
    minilm_index: RulesIndex,
) -> None:
    flashbacks = answer("how do flashbacks work", system="blades", index=minilm_index)
    assert not flashbacks.found and "it has no rules on flashbacks" in flashbacks.text
    helping = answer("can two pcs help each other on a roll", system="city", index=minilm_index)
    assert not helping.found and "it has no rules on" not in helping.text  # not "character creation"


@pytest.mark.parametrize(
    ("question", "system", "lead"),
    [
        ("got 11 on use power, what now", "city", "10+ Pick 1 Consequence."),
        # told as an action, the question asks which move applies: the move's trigger leads
        ("i wanna crash the mayor's party uninvited", "city", "When you work your connections"),
        ("my cleric rolls 8 on cast a spell", "dungeon-world", "On a 7–9, the spell is cast"),
        ("elegy pay the price, rolled a 70", "all", "69–74. You waste blood"),  # a table printed as one line
        ("ritual flopped, rolled 45 on the list", "elegy", "41-60. It affects a different target"),
    ],
)
def test_the_outcome_line_of_the_result_a_gm_got_leads(minilm_index: RulesIndex, question: str, system: str, lead: str) -> None:
    result = answer(question, system=system, index=minilm_index)
    assert result.found and lead in split_sentences(result.text)[0], result.text


def test_a_move_is_found_by_the_words_other_passages_use_for_it(minilm_index: RulesIndex) -> None:
    result = answer("What happens when I give up on a vow I swore?", system="starforged", index=minilm_index)
    assert result.passages[0].hit.section.endswith("Forsake Your Vow")


def test_a_question_told_as_an_action_is_not_called_not_covered(minilm_index: RulesIndex) -> None:
    result = answer("sneaking past a sentry bot, what do i roll", system="starforged", index=minilm_index)
    assert result.found and result.passages[0].hit.section.endswith("Face Danger")


@pytest.mark.parametrize(
    ("question", "system", "section"),
    [
        ("The paladin steps in to defend the wizard and misses the roll, then what?", "dungeon-world", "Defend"),
        (
            "My crew's lookout got grabbed by the Bluecoats after the job and they want him to talk. What happens?",
            "blades",
            "Questioning",
        ),
    ],
)
def test_a_gm_question_that_tells_the_story_first_is_answered(
    minilm_index: RulesIndex, question: str, system: str, section: str
) -> None:
    result = answer(question, system=system, index=minilm_index)
    assert result.found and result.passages[0].hit.section.endswith(section), result.text


def test_a_story_told_first_does_not_make_a_rule_the_texts_lack_covered(minilm_index: RulesIndex) -> None:
    question = "The fighter swings at the orc and the player asks how much XP the kill is worth, what's the rule?"
    assert not answer(question, system="dungeon-world", index=minilm_index).found


@pytest.mark.parametrize(
    ("question", "system", "section"),
    [
        # the question names the move it rolled: that move, not a worked example of it or a move close in meaning
        ("the bard rolls Defend to cover the wizard and gets a 9, what now?", "dungeon-world", "Defend"),
        (
            "i missed face danger during the scene challenge, what happens to the clock",
            "starforged",
            "Face Danger (Scene Challenge)",
        ),
        # a cue that names an -ing word with its noun ("the finishing blow") points at the move
        ("the raider boss is reeling, my soldier goes for the finishing blow", "starforged", "Take Decisive Action"),
    ],
)
def test_a_move_named_or_cued_by_the_gm_ranks_first(minilm_index: RulesIndex, question: str, system: str, section: str) -> None:
    hits = search_index(minilm_index, question, system, 5)
    assert hits and hits[0].section.endswith(section), [h.section for h in hits]


@pytest.mark.parametrize(
    ("question", "system", "section"),
    [
        # the heat the crew is at, told in table talk, picks the table for its range (the 5 is the die)
        ("our heat's sitting at 1 and the entanglement roll is a 5, what do we get?", "blades", "Entanglements (Heat 0-3) table"),
        # the rules note holds the sentence that answers (the text never says a Helpless target takes more damage)
        ("the target's helpless and I hit it, do I deal extra damage?", "dungeon-world", "How Deal Damage is read (3)"),
        # the question says the text is silent on its point: the engine's reading of that sentence, not the text again
        (
            "my vampire wakes at sunset; the hunger section says it costs blood but not what stat I roll",
            "elegy",
            "How Awake at Sunset is read",
        ),
        # a question for an amount: the passage whose sentence gives the number
        ("what magnitude is a week on the duration scale?", "blades", "Magnitude table"),
    ],
)
def test_the_passage_for_the_gms_case_ranks_first(minilm_index: RulesIndex, question: str, system: str, section: str) -> None:
    hits = search_index(minilm_index, question, system, 5)
    assert hits and hits[0].section.endswith(section), [h.section for h in hits]


@pytest.mark.parametrize(
    ("question", "system"),
    [
        ("How many vampire clans are there and which one should I pick?", "elegy"),
        ("what is the maximum carrying weight of a cargo hauler in tons", "starforged"),
        # "is there a ...": a name the texts never use ("oxygen", "fatigue", "grapple"), less its kind ("clock")
        ("the hull is breached and we're venting, is there an oxygen clock for the crew?", "starforged"),
        ("our gang fought all night, is there a fatigue penalty when they go again?", "blades"),
        ("i want to grab his arm and pin him, is there a grapple option?", "dungeon-world"),
    ],
)
def test_a_question_the_texts_do_not_answer_is_not_covered(minilm_index: RulesIndex, question: str, system: str) -> None:
    result = answer(question, system=system, index=minilm_index)
    assert not result.found and result.text.startswith(NOT_FOUND) and result.nearest, result.text


@pytest.mark.parametrize(
    ("question", "system", "part"),
    [
        ("does the magistrate keep countdown clocks for the city's troubles?", "city", "countdown clocks"),
        ("how does zero gravity change a fight on the station?", "starforged", "zero gravity"),
        ("how many disciplines can my vampire know?", "elegy", "disciplines"),
    ],
)
def test_what_the_shipped_texts_lack_is_not_covered(minilm_index: RulesIndex, question: str, system: str, part: str) -> None:
    result = answer(question, system=system, index=minilm_index)
    assert not result.found and result.text.startswith(NOT_FOUND) and result.nearest, result.text
    assert f"it has no rules on {part}" in result.text


def test_a_game_named_only_to_compare_with_does_not_take_the_question(minilm_index: RulesIndex) -> None:
    result = answer(
        "with the adds that's 9 already, does the action score stop at 10 like in ironsworn?", system="elegy", index=minilm_index
    )
    assert result.system == "elegy" and result.passages and all(p.hit.system == "elegy" for p in result.passages)


def test_a_rule_asked_for_by_its_kind_alone_is_still_answered(minilm_index: RulesIndex) -> None:
    # "floor" is not a word of the text, but it only says what kind of rule is asked for
    result = answer(
        "our scheme is at -3 productivity and i reduce it again, does it go to -4 or is there a floor?",
        system="city",
        index=minilm_index,
    )
    assert result.found, result.text


def test_a_question_on_what_the_text_leaves_open_leads_with_the_reading(minilm_index: RulesIndex) -> None:
    # the GM has read the text and says what it leaves out: the engine's reading answers, so it leads and is cited first
    result = answer(
        "my vampire wakes at sunset; the hunger section says it costs blood but not what stat I roll",
        system="elegy",
        index=minilm_index,
    )
    assert result.found and result.passages[0].hit.section.endswith("How Awake at Sunset is read"), result.text
    assert "+heart" in result.text.split("[1]")[0], result.text
