"""Passages are ordered by the ranking's weights; whether the texts cover a question is judged on the relevance
scale the "not covered" threshold was calibrated on, whatever the ranking weighs."""

from __future__ import annotations

from dataclasses import fields, replace

import pytest

from rules_index import rank as rank_module
from rules_index.coverage import judge
from rules_index.evidence import gather, other_result
from rules_index.index import RulesIndex
from rules_index.move_cues import cue_boosts, move_cues, move_key, named_moves, names_move, names_several_moves
from rules_index.rank import RELEVANCE_WEIGHTS, Weights, weigh
from rules_index.search import search_index
from tests.rules_index_fixtures import hash_index, tabletop_home  # noqa: F401

#: Weights that count BM25 alone.
BM25_ONLY = Weights(**{f.name: 0.0 for f in fields(Weights)} | {"bm25": 1.0})


def test_the_score_weighs_each_kind_of_evidence(hash_index: RulesIndex) -> None:  # noqa: F811
    evidence = gather(hash_index, "what happens when my heat reaches 9", "blades")
    assert evidence
    for e in evidence:
        assert weigh(e, BM25_ONLY) == pytest.approx(e.lexical)
        assert weigh(e, replace(BM25_ONLY, bm25=0.0, reading=1.0)) == (-1.0 if e.reading else 0.0)


def test_passages_are_ordered_by_the_rank_weights_and_carry_their_relevance(
    hash_index: RulesIndex,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(rank_module, "RANK_WEIGHTS", BM25_ONLY)
    question = "how do I reduce heat"
    ranked = rank_module.rank(hash_index, question, "blades", 5)
    evidence = {e.chunk.id: e for e in gather(hash_index, question, "blades")}
    assert [s.score for s in ranked] == sorted((s.score for s in ranked), reverse=True)
    best_bm25 = max(e.lexical for e in evidence.values())
    assert ranked[0].score >= best_bm25 - 1e-9  # the best BM25 passage leads (a copy of it at most)
    for s in ranked:
        assert s.relevance is not None and s.relevance >= weigh(evidence[s.chunk.id], RELEVANCE_WEIGHTS) - 1e-9


def test_not_covered_is_judged_on_relevance_not_on_the_rank_score(hash_index: RulesIndex) -> None:  # noqa: F811
    question = "what happens when my heat reaches 9"
    hits = search_index(hash_index, question, "blades", 5)
    assert judge(question, hits, hash_index, "blades").covered
    # the same passages with a low rank score but their relevance kept: still covered
    lowered = [replace(h, score=-5.0) for h in hits]
    assert judge(question, lowered, hash_index, "blades").covered
    # with no relevance the rank score is the relevance: a low one is not covered
    unweighed = [replace(h, score=-5.0, relevance=None) for h in hits]
    assert not judge(question, unweighed, hash_index, "blades").covered


def test_a_told_action_counts_the_suggestions_cue_words_for_the_move_it_names() -> None:
    boosts, unmet = move_cues("starforged", "they have the upper hand and are shooting at me, I dive for cover")
    assert boosts[move_key("React Under Fire")] > 0
    assert move_key("Hack & Slash") == "hackandslash"
    # a narrow move whose situation the question never names
    _, unmet = move_cues("city", "I watch the merchant closely")
    assert move_key("Meet Demand") in unmet


def test_the_evidence_marks_moves_told_actions_notes_and_cues(hash_index: RulesIndex) -> None:  # noqa: F811
    question = "they have the upper hand and are shooting at me, I dive for cover"
    evidence = {e.chunk.section_path[-1]: e for e in gather(hash_index, question, "starforged")}
    react = evidence["React Under Fire"]
    assert react.move and react.told_move and react.cue > 0 and not react.note
    asked = {e.chunk.section_path[-1]: e for e in gather(hash_index, "what does react under fire do", "starforged")}
    assert asked["React Under Fire"].move and not asked["React Under Fire"].told_move
    assert all(not e.move for e in asked.values() if not e.chunk.move)


def test_a_cue_whose_words_name_several_moves_tells_none_of_them_apart() -> None:
    assert names_several_moves("city", "scheme")  # Set Up a Scheme, Run the Scheme
    assert not names_several_moves("city", "racket")
    assert not names_several_moves("starforged", "danger")  # Face Danger and its scene-challenge form: one name
    assert move_key("Set Up a Scheme") not in cue_boosts("city", "how does my scheme produce assets")
    assert cue_boosts("city", "how does my protection racket produce assets")[move_key("Set Up a Scheme")] > 0
    assert cue_boosts("no-such-game", "i attack") == {}


def test_a_cue_counts_less_for_a_question_asked_than_for_one_told(hash_index: RulesIndex) -> None:  # noqa: F811
    question = "they have the upper hand and are shooting at me, I dive for cover"
    told = next(e for e in gather(hash_index, question, "starforged") if e.chunk.section_path[-1] == "React Under Fire")
    asked = replace(told, told_move=False)
    cue_only = Weights(**{f.name: 0.0 for f in fields(Weights)} | {"cue": 1.0, "asked_cue": 0.5})
    assert told.cue > 0
    assert weigh(told, cue_only) == pytest.approx(told.cue)
    assert weigh(asked, cue_only) == pytest.approx(0.5 * told.cue)
    assert 0 < rank_module.RANK_WEIGHTS.asked_cue < rank_module.RANK_WEIGHTS.cue


def test_a_titles_aside_is_not_part_of_the_name_a_question_uses() -> None:
    from rules_index.chunk import Chunk
    from rules_index.evidence import title_overlap
    from rules_index.terms import terms

    def titled(title: str) -> Chunk:
        return Chunk(title, "city", ["Basic Moves", title], title, "city.txt", 1, 2, title)

    asked = set(terms("what happens when my power backfires"))
    assert title_overlap(asked, titled("Backfire (lower is better)")) == 1.0
    assert title_overlap(asked, titled("Use Power")) == 0.5
    assert title_overlap(set(terms("network")), titled("(Network)")) == 1.0  # a title that is all aside keeps it


def test_another_results_outcome_line_is_not_what_a_rolled_total_is_closest_to(hash_index: RulesIndex) -> None:  # noqa: F811
    assert other_result("12+ The situation passes uneventfully.", {11})
    assert not other_result("10+ The situation passes but pick one.", {11})
    assert not other_result("12+ The situation passes uneventfully.", set())  # no total given
    assert not other_result("When you lay low, roll +Environs.", {11})  # not an outcome line
    question = "my tech went sideways and i'm rolling to see how bad, got an 11. is that good or bad"
    for e in gather(hash_index, question, "city"):
        assert not other_result(e.closest, {11}), e.chunk.section_path
    # a table's rows all say the question is about that table
    assert not other_result("63-68 | Your vehicle suffers damage", {12})


def test_a_faction_pushing_into_anothers_turf_points_at_overtake_neighborhood() -> None:
    boosts, _ = move_cues("city", "the gang that runs the tannery district is pushing into our turf, which side rolls")
    assert boosts[move_key("Overtake Neighborhood")] > 0


@pytest.mark.parametrize(
    ("system", "question", "move"),
    [
        ("starforged", "the pirate captain is on the ropes, I go for the finishing blow", "Take Decisive Action"),
        ("elegy", "the last hunter is bleeding by the altar and I move in for the finishing blow", "End the Fight"),
    ],
)
def test_a_cue_that_names_an_ing_word_with_its_noun_counts_after_a_determiner(system: str, question: str, move: str) -> None:
    """The words describing someone ("past the sleeping guards") drop an -ing word after "the"; a cue of several
    words with the -ing word in it ("finishing blow") still names the move, and the move's situation is named."""
    boosts, unmet = move_cues(system, question)
    assert boosts[move_key(move)] > 0
    assert move_key(move) not in unmet


def test_a_describing_ing_word_alone_still_points_at_no_move() -> None:
    boosts, _ = move_cues("elegy", "I sneak past the sleeping guards")
    assert move_key("Rest") not in boosts


@pytest.mark.parametrize(
    ("question", "move", "named"),
    [
        ("The paladin steps in, rolls Defend and gets an 8. What happens?", "Defend", True),
        ("i missed face danger and the challenge dice matched", "Face Danger (Scene Challenge)", True),
        ("rolled hack and slash on the orc", "Hack & Slash", True),
        ("he defended the gate all night", "Defend", False),
        ("how does healing work", "Heal", False),
    ],
)
def test_a_move_is_named_by_its_whole_name_only(question: str, move: str, named: bool) -> None:
    assert names_move(question, move) is named


def test_the_evidence_marks_the_move_the_question_names(hash_index: RulesIndex) -> None:  # noqa: F811
    evidence = gather(hash_index, "the fighter rolls Hack and Slash and gets a 7", "dungeon-world")
    named = {e.chunk.move for e in evidence if e.named}
    assert named and all(move and move.replace("&", "and").lower() == "hack and slash" for move in named)


def test_a_question_naming_two_moves_names_neither_alone() -> None:
    question = "i've got +1 forward to Last Gasp rolls, can i put it on my hack and slash instead"
    assert named_moves("dungeon-world", question) == {"last gasp", "hack and slash"}
    assert named_moves("dungeon-world", "the fighter rolls Hack & Slash") == {"hack and slash"}
    assert named_moves("no-such-game", "the fighter rolls Hack & Slash") == frozenset()
