"""The answer leads with the sentence that answers: the named move's own rule, a number for "how many",
the rules text before the engine's note on reading it, and no sentence that only repeats the question."""

from __future__ import annotations

import re

import pytest

from rules_index.chunk import Chunk
from rules_index.index import RulesIndex
from rules_index.lead import (
    _CASE,
    _DEFINING,
    CASE_PENALTY,
    DEFINING_BONUS,
    _steer,
    defining_pattern,
    definition_term,
    highlight_sentences,
    named_passages,
    names_in_other_words,
    text_first,
    without_restatements,
)
from rules_index.notes import all_notes
from rules_index.quoting import with_heading
from rules_index.results import names_the_row, result_range, rolled_numbers
from rules_index.search import Hit
from rules_index.sentences import split_sentences
from rules_index.terms import terms
from tests.rules_index_fixtures import hash_index, tabletop_home  # noqa: F401


def _hit(title: str, text: str, origin: str = "corpus", path: list[str] | None = None) -> Hit:
    chunk = Chunk(title, "elegy", path or ["Moves", title], title, "elegy.txt", 1, 2, f"{title}\n{text}", origin=origin)
    return Hit(chunk=chunk, score=1.0)


FEED = _hit("Feed", "When you attempt to drink blood from a living being, envision the scene.")
HUNGER = _hit("Endure Hunger", "You need to Feed within an hour or two, or Face Last Death.")
READING = _hit("How Retire is read", "The Magistrate sets it.", origin="note", path=["Rules notes", "Readings", "x"])


def test_the_passage_the_question_names_is_found_by_its_title() -> None:
    assert named_passages("how do I feed?", [HUNGER, FEED]) == {1: "feed"}
    assert named_passages("what's the conclusion roll?", [_hit("The Conclusion Roll", "This is it.")]) == {0: "conclusion roll"}
    assert named_passages("how do I feed?", [READING]) == {}  # a note is never the named rule
    assert named_passages("what does Feedback do?", [FEED]) == {}  # whole words only


def test_the_named_rule_beats_a_passing_reference_to_it() -> None:
    named = named_passages("how do I feed?", [FEED, HUNGER])
    own = _steer(0, "When you attempt to drink blood", set(terms("attempt drink blood")), set(terms("feed")), named, False)
    mention = "You need to Feed within an hour or two, or Face Last Death."
    other = _steer(1, mention, set(terms(mention)), set(terms("feed")), named, False)
    assert own > 0 > other


def test_how_many_prefers_a_sentence_with_a_number_and_nothing_new_is_penalised() -> None:
    q = set(terms("how many downtime activities"))
    two = "Each PC has time for two downtime activities."
    vague = "Activities on the downtime list are limited."
    assert _steer(0, two, set(terms(two)), q, {}, True) > _steer(0, vague, set(terms(vague)), q, {}, True)
    echo = "This is a Conclusion Roll."
    assert _steer(0, echo, set(terms(echo)), set(terms("what is a conclusion roll")), {}, False) < 0


def test_the_rules_text_leads_over_a_reading_note_when_nearly_as_close() -> None:
    retire = _hit("Retire", "When you meet the last Demand, describe your epilogue.")
    ranked = [(1.0, -1, "note sentence"), (0.9, 0, "When you meet the last Demand, describe your epilogue.")]
    assert text_first(ranked, [retire, READING])[0][2].startswith("When you meet the last Demand")
    far = [(1.0, -1, "note sentence"), (0.5, 0, "When you meet the last Demand, describe your epilogue.")]
    assert text_first(far, [retire, READING]) == far


def test_rules_notes_speak_the_players_words_not_the_engines_field_names() -> None:
    for note in all_notes():
        assert not re.search(r"\bcharacter\.[a-z_]+|\b[a-z]+_[a-z_]+\b|options\.[a-z]", note.text), (note.title, note.text)


def test_a_sentence_said_twice_leads_once() -> None:
    ranked = [
        (1.0, 0, "If your vice roll clears more stress levels than you had marked, you overindulge."),
        (0.9, -1, "If you clear more stress levels than you had marked, you overindulge."),
        (0.8, 0, "When you overindulge, you make a bad call because of your vice."),
    ]
    assert [row[0] for row in without_restatements(ranked)] == [1.0, 0.8]


def test_a_question_about_a_roll_result_finds_the_outcome_line_of_that_result() -> None:
    assert rolled_numbers("what happens if I roll a 6 or less on Use Power?") == {6}
    assert rolled_numbers("rolled a 12 on pay the price") == {12}
    assert rolled_numbers("what does 10+ do on Hack and Slash?") == {10}
    # a total at a sentence's end, and one told as a total that came out
    assert rolled_numbers("rolling to see how bad, got an 11. is that good or bad") == {11}
    assert rolled_numbers("the backfire total came out as a 5. good news?") == {5}
    assert rolled_numbers("it weighs 1.5 stone, roll for it") == set()
    # a level, a tier or a modifier is not a result
    assert rolled_numbers("level 3 harm, what now") == set()
    assert rolled_numbers("my momentum is -3 and I roll") == set()
    assert rolled_numbers("I roll 2d6+1") == set()
    assert 6 in result_range("6- The power backfires.") and 7 not in result_range("6- The power backfires.")
    assert list(result_range("7 - 9 Pick 2 Outcomes.")) == [7, 8, 9]
    assert 12 in result_range("10+ Pick 1 Consequence.")
    assert list(result_range("4/5: two segments")) == [4, 5]
    assert 12 in result_range("11-14 | You face a tough choice")
    assert not result_range("If the result doesn't fit the situation, roll again.")
    assert not result_range("-1 ongoing penalty to cast spells")
    # the Dungeon World moves print their outcomes as "On a 7-9, ..."
    assert list(result_range("✴On a 7–9, the spell is cast, but Choose One Penalty.")) == [7, 8, 9]
    assert 11 in result_range("On a 10+, the ally gets the selected effect.") and not result_range("On a miss, choose two.")
    # "got 11 on use power", "12 on transit": a result told without the word "roll"
    assert rolled_numbers("got 11 on use power, what now") == {11}
    assert rolled_numbers("12 on transit - can i get rid of heat?") == {12}
    assert rolled_numbers("what happens at wanted level 2") == set()


def test_a_table_row_the_question_names_by_its_first_cell_is_the_answer() -> None:
    assert names_the_row("yes/no oracle, unlikely odds", "| Unlikely | 76 or greater |")
    assert names_the_row("what are the odds if it's almost certain", "Almost Certain | 90 or less")
    assert not names_the_row("what are the odds", "| Odds are... | Yes on... |")
    assert not names_the_row("is it likely", "| Unlikely | 76 or greater |")  # a whole word, not a part of one
    assert not names_the_row("rolled 11", "11-14 | You face a tough choice")  # a result is matched by its range
    # a row keyed by a name and a number
    assert names_the_row("how long is the sentence at wanted level 2", "Wanted Level 2: Several months.")
    assert not names_the_row("how long is the sentence at wanted level 2", "Wanted Level 3: A year or two.")
    assert names_the_row("how far is range magnitude 3", "Magnitude 3: area several rooms; range down the road.")
    assert not names_the_row("what does a note say", "Note: Attacking a vulnerable target ignores armor.")


def test_a_definition_question_names_its_term_without_whose_it_is() -> None:
    assert definition_term("what does our wanted level do") == "wanted level"
    assert definition_term("what's a wanted level") == "wanted level"
    assert definition_term("How does burning momentum work?") == "burning momentum"
    assert definition_term("how do I roll for damage") is None  # how to do something, not what a term is
    assert definition_term("what happens when I'm vulnerable") == "vulnerable"
    assert definition_term("what happens when I roll a 10") is None


def test_what_a_term_does_is_steered_to_over_one_row_of_a_table_keyed_by_it() -> None:
    term = re.escape("wanted level")
    defining, case = re.compile(_DEFINING.format(term=term), re.I), re.compile(_CASE.format(term=term), re.I)
    assert defining.search("The higher your wanted level, the more serious the response.")
    assert not defining.search("The only way to reduce your crew's wanted level is through incarceration.")
    assert case.search("Wanted Level 4: Life or execution.")
    assert not case.search("The higher your wanted level, the more serious the response.")
    assert DEFINING_BONUS > 0 < CASE_PENALTY


def test_a_term_followed_by_its_explanation_defines_it() -> None:
    defining = defining_pattern("what does helpless mean")
    assert defining is not None
    assert defining.search("Some Control spells make you Helpless: The target becomes vulnerable.")
    assert not defining.search("Dealing damage to them removes this vulnerability unless the individual is also Helpless.")
    assert defining_pattern("how do I roll for damage") is None


def test_a_list_item_is_quoted_under_the_heading_of_its_list() -> None:
    text = "Sample Progress Tracks\nExtreme\n- Progress marked: 2 ticks\n- NPCs: Elder vampires and adult werewolves"
    assert with_heading(text, "NPCs: Elder vampires and adult werewolves") == "Extreme: NPCs: Elder vampires and adult werewolves"
    assert with_heading(text, "Sample Progress Tracks") == "Sample Progress Tracks"  # not a list item
    prose = "Heat\nWhen your heat level reaches 9, you gain a wanted level."
    assert with_heading(prose, "When your heat level reaches 9, you gain a wanted level.").startswith("When your heat")


def test_the_best_ranked_passage_is_kept_and_a_close_title_counts_as_relevant() -> None:
    from types import SimpleNamespace

    from rules_index.qa import relevant_hits

    index = SimpleNamespace(embedder=SimpleNamespace(min_similarity=0.3))
    best = Hit(chunk=FEED.chunk, score=1.1, vector_score=0.27, sentence_score=0.27, lead_score=0.25)
    titled = Hit(chunk=HUNGER.chunk, score=0.9, vector_score=0.2, sentence_score=0.1, lead_score=0.4)
    far = Hit(chunk=READING.chunk, score=0.8, vector_score=0.2, sentence_score=0.1, lead_score=0.2)
    assert relevant_hits([best, titled, far], index) == [best, titled]  # type: ignore[arg-type]


def test_a_label_of_the_kind_of_move_never_leads_but_a_short_list_item_can(hash_index: RulesIndex) -> None:  # noqa: F811
    spell = _hit("Cast a Spell (Wizard)", "Wizard Starting Move\nWhen you choose a spell to cast, roll+INT.")
    asset = _hit("Use Asset", "You may spend an asset to:\n- Avoid marking Heat\n- Repair an item")
    scored = highlight_sentences("wizard starting move, repair an item", [spell, asset], hash_index, per_passage=5)
    assert "Wizard Starting Move" not in [s for _, s in scored[0]]
    assert "Repair an item" in [s for _, s in scored[1]]


def test_a_sentence_a_pdf_broke_across_lines_is_read_whole() -> None:
    broken = "If you fail to score a hit when you *Sing an Elegy*, \nor refuse the quest, you are lost."
    assert split_sentences(broken) == ["If you fail to score a hit when you *Sing an Elegy*, or refuse the quest, you are lost."]
    assert split_sentences("**You are stressed, scared,**\nintimidated or despaired: lose spirit") == [
        "**You are stressed, scared,** intimidated or despaired: lose spirit"
    ]
    # two list items stay two: the first line ends a phrase
    items = split_sentences("you are left vulnerable\nyour magic reverberates")
    assert items == ["you are left vulnerable", "your magic reverberates"]


def test_a_spell_label_never_leads(hash_index: RulesIndex) -> None:  # noqa: F811
    missile = _hit(
        "Magic Missile",
        "Level 1 Evocation, Wizard Spell\nProjectiles of pure magic spring from your fingers. "
        "Deal 2d4 damage to one target, ignoring armor.",
    )
    scored = highlight_sentences("level 1 evocation wizard spell magic missile", [missile], hash_index, per_passage=5)
    assert "Level 1 Evocation, Wizard Spell" not in [s for _, s in scored[0]]
    assert scored[0][0][1].startswith(("Projectiles", "Deal 2d4"))


def test_a_worked_example_does_not_lead_over_the_rule_it_retells(hash_index: RulesIndex) -> None:  # noqa: F811
    secret = _hit(
        "Use a Secret",
        "When you use secret knowledge in your social interactions, roll with advantage.\n\n"
        "Example of Use a Secret\n\nMiabella uses her secret knowledge of Donatella "
        "in their social interactions and rolls with advantage.",
    )
    walkthrough = _hit(
        "Combat Walkthrough 2", "Hermione uses her secret knowledge and rolls with advantage in social interactions."
    )
    scored = highlight_sentences(
        "how do I use secret knowledge in social interactions", [secret, walkthrough], hash_index, per_passage=5
    )
    best = max((pair for group in scored for pair in group), key=lambda pair: pair[0])
    assert best[1].startswith("When you use secret knowledge")
    example_score = dict((s, v) for v, s in scored[0])[
        "Miabella uses her secret knowledge of Donatella in their social interactions and rolls with advantage."
    ]
    assert example_score < scored[0][0][0]


def test_only_the_part_after_an_example_line_is_the_example() -> None:
    from rules_index.rank import is_example
    from rules_index.sentences import example_part

    assert example_part("The rule.\n\nExample of Use a Secret\nMiabella rolls.") == "Example of Use a Secret\nMiabella rolls."
    assert example_part("The rule. An example follows nowhere.") == ""
    assert is_example(_hit("Combat Walkthrough 1", "x").chunk) and is_example(_hit("Example Ritual Answers", "x").chunk)
    assert not is_example(_hit("Hack & Slash", "x").chunk)


def test_the_answer_quotes_a_rule_without_the_note_label_the_text_puts_before_it() -> None:
    from rules_index.quoting import unlabelled

    assert unlabelled("Note: Attacking a vulnerable target ignores armor.") == "Attacking a vulnerable target ignores armor."
    assert unlabelled("NOTE:  Hold stacks.") == "Hold stacks."
    assert unlabelled("Example: Felix takes 5 damage.") == "Example: Felix takes 5 damage."  # an example says it is one
    assert unlabelled("Take a note: it helps.") == "Take a note: it helps."


def test_a_how_to_question_asks_for_the_moves_trigger_but_not_an_outcome_or_a_state() -> None:
    from rules_index.lead import asks_how_to

    assert asks_how_to("How do I hear rumors about a public figure or faction?")
    assert asks_how_to("What happens when my starship takes damage?")
    assert asks_how_to("what do I roll to sneak past the guards")
    assert not asks_how_to("What happens when a wizard fails to cast a spell?")  # an outcome
    assert not asks_how_to("What happens when my supply drops to zero?")  # a measure's state
    assert not asks_how_to("What happens when I'm vulnerable?")  # what being X does
    assert not asks_how_to("How much stress do I clear?")


def test_the_trigger_of_the_best_move_is_lifted_for_a_how_to_question(
    hash_index: RulesIndex,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from rules_index import lead

    chunk = Chunk(
        "ear",
        "city",
        ["Basic Moves", "Ear to the Ground (Lore)"],
        "Ear to the Ground (Lore)",
        "city.txt",
        1,
        4,
        "Ear to the Ground (Lore)\nWhen you listen out for interesting information, name a subject and roll +Lore.\n"
        "- 10+ You hear a rumor related to the named subject. You may write a new belief based on the rumor.",
    )
    hits = [Hit(chunk=chunk, score=1.0)]

    def trigger_score(question: str) -> float:
        scored = highlight_sentences(question, hits, hash_index, per_passage=5)
        return next(score for score, s in scored[0] if s.startswith("When you listen out"))

    lifted = trigger_score("How do I hear rumors about a faction?")
    monkeypatch.setattr(lead, "TRIGGER_BONUS", 0.0)
    assert lifted == pytest.approx(trigger_score("How do I hear rumors about a faction?") + 0.2)


def test_a_line_that_only_introduces_a_list_does_not_take_the_trigger_bonus(
    hash_index: RulesIndex,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from rules_index import lead

    chunk = Chunk(
        "transit",
        "city",
        ["Basic Moves", "Transit (Environs)"],
        "Transit (Environs)",
        "city.txt",
        1,
        4,
        "Transit (Environs)\nWhen you travel to another neighborhood:\n"
        "* If you need to get there unnoticed, describe how you keep a low profile\nThen, roll +Environs.",
    )

    def intro_score() -> float:
        scored = highlight_sentences("How do I travel to another neighborhood?", [Hit(chunk=chunk, score=1.0)], hash_index, 5)
        return next(score for score, s in scored[0] if s.endswith(":"))

    penalised = intro_score()
    monkeypatch.setattr(lead, "INTRO_PENALTY", 0.0)
    assert penalised == pytest.approx(intro_score() - 0.1)  # penalised, and no trigger bonus


def test_a_move_named_with_an_ampersand_is_the_move_named_with_and() -> None:
    hack = _hit("Hack and Slash", "When you make a concerted effort to attack an enemy, roll+Str.")
    assert named_passages("How does Hack & Slash work?", [hack]) == {0: "hack and slash"}
    assert named_passages("hack&slash?", [hack]) == {0: "hack and slash"}


RUN_SCHEME = _hit(
    "Run the Scheme",
    "When you check in on your scheme, answer one of the questions and roll +Productivity.\n\nQuestions\n"
    "- What aspect of the scheme produces the best results?\n- What aspect of the scheme do you check on first?",
)


def test_a_name_of_two_words_or_more_is_named_in_another_form() -> None:
    assert names_in_other_words("how does running a scheme work?", RUN_SCHEME)
    assert named_passages("how does running a scheme work?", [RUN_SCHEME]) == {}  # not word for word
    assert not names_in_other_words("how do I set up a scheme?", RUN_SCHEME)  # "run" is not asked
    assert not names_in_other_words("how do I feed?", FEED)  # a one-word name is named word for word only


def test_how_a_named_move_works_leads_with_its_trigger_not_the_questions_it_puts(hash_index: RulesIndex) -> None:  # noqa: F811
    scored = highlight_sentences("how does running a scheme work?", [RUN_SCHEME], hash_index, per_passage=5)
    assert scored[0][0][1].startswith("When you check in on your scheme")
    # asked for the questions, the questions may lead
    asked = highlight_sentences("which questions does running a scheme ask?", [RUN_SCHEME], hash_index, per_passage=5)
    assert any(s.endswith("?") for _, s in asked[0][:2])
