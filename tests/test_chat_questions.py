"""Questions instead of developer errors: a move missing a value asks for it in plain words, the next message
answers it (a number, a label, words), a reload keeps it; values already in the player's words are used; open
choices are picked by number or label and stay open when a pick fails."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from assistant.chat.choosing import resolve_picks
from assistant.chat.questions import Answer, Question, plain, read_answer
from assistant.chat.reading import read_words
from assistant.chat.session import ChatSession
from assistant.chat.turn import Turn
from assistant.engine import get_ruleset
from assistant.engine.model import ChoiceOption
from assistant.store import service
from assistant.store.state import CampaignState

SYSTEMS = ("starforged", "elegy", "blades", "city", "dungeon-world")
DEVELOPER = re.compile(r"options\.|\b[a-z]+_[a-z0-9_]+\b|\bevent \d+")


@pytest.fixture(autouse=True)
def _hash_embedder(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")
    yield
    service.close_stores()


def open_session(name: str, system: str) -> ChatSession:
    service.create_campaign(name, system, seed=7)
    return ChatSession.open(name, rng=random.Random(11))


def character(session: ChatSession) -> dict[str, Any]:
    return session.reload().active() or {}


def crew(session: ChatSession) -> dict[str, Any]:
    return character(session)


def assert_plain(text: str, where: str) -> None:
    assert not DEVELOPER.search(text), f"{where}: {text!r}"


# ---- every move of every system, with no options -------------------------------------------------------------


def _any_answer(question: Question) -> Any:
    if question.answers:
        return question.answers[0].value
    if question.kind == "number":
        return question.lo
    return "The old mill"


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_move_without_options_is_a_question_or_a_result(system: str) -> None:
    """No move ends in a developer error: a missing value is a question in plain words, answering it resolves
    the move, and what remains refused is a rule in the player's words (no mana, not at 0 HP...)."""
    refused = []
    for move in get_ruleset(system).moves:
        session = open_session(f"walk-{move.id}"[:60], system)
        turn = session.confirm({"move": move.name})
        for _ in range(6):
            if turn.kind != "question":
                break
            question = turn.question
            assert question is not None and question.move == move.name
            for text in [question.text, *(a.label for a in question.answers)]:
                assert_plain(text, f"{move.name} question")
            assert session.pending_question is not None
            turn = session.answer(_any_answer(question))
        assert turn.kind in ("action", "oracle", "error"), (move.name, turn.kind)
        if turn.kind == "error":
            assert turn.error and plain(turn.error), (move.name, turn.error)
            assert_plain(turn.error, move.name)
            if "there is no open" not in turn.error:  # a progress move with no track of its kind says how to start one
                refused.append(move.name)
        else:
            assert turn.results and session.pending_question is None, move.name
            shown = [turn.narration, *turn.notes, *(o.label for c in turn.open_choices for o in c.options)]
            for text in shown:
                assert_plain(text, f"{move.name} result")
    assert len(refused) <= 5, refused  # rule refusals only (spells without mana, Last Gasp above 0 HP...)


# ---- values read from the player's words -----------------------------------------------------------------------


def test_blades_heat_from_the_players_description_without_a_question() -> None:
    session = open_session("heat", "blades")
    turn = session.send("After the score we lie low: it was loud and a Bluecoat was killed")
    heat = next(s for s in turn.suggestions if s.move == "Heat")
    before = crew(session)["heat"]
    done = session.confirm(heat)
    assert done.kind == "action" and done.question is None
    assert crew(session)["heat"] == before + 4 + 2  # loud 4, killing +2
    assert any("loud" in n and "killed" in n for n in done.notes)


def test_endure_harm_amount_from_i_take_2_harm() -> None:
    session = open_session("harm", "starforged")
    session.send("I take 2 harm from the blast")
    health = character(session)["health"]
    turn = session.confirm({"move": "Endure Harm"})
    assert turn.kind == "action" and turn.results[0].move == "Endure Harm"
    assert character(session)["health"] == health - 2
    assert any("amount 2" in n for n in turn.notes)


def test_words_that_deny_are_not_read() -> None:
    state = CampaignState(system="blades")
    reading = read_words("it went smoothly and nobody was killed", "Heat", state)
    assert reading.options == {"exposure": "smooth"}


def test_the_readers_per_system() -> None:
    state = CampaignState(system="blades")
    assert read_words("6 coin from a Tier III target", "Payoff", state).options == {"coin": 6, "target_tier": 3}
    assert read_words("roll 3 dice", "Fortune Roll", state).options == {"dice": 3}
    assert read_words("I swing my d8 axe", "Deal Damage", CampaignState(system="dungeon-world")).options == {"grit": 8}
    assert read_words("a serious wound", "Endure Harm", CampaignState(system="starforged")).options == {"amount": 2}
    city = CampaignState(system="city")
    assert read_words("I turn the crowd against Mara Voss", "Reveal a Secret", city).options == {"target": "Mara Voss"}


def test_a_belief_named_in_the_words_is_used_on_a_city_move() -> None:
    session = open_session("belief", "city")
    cid = session.state.active_character
    assert cid is not None
    sheet = {**character(session), "beliefs": ["The city owes me a debt", "Family comes first"]}
    service.update_character("belief", cid, sheet)
    session.reload()
    reading = read_words("I lean on her because of my belief that family comes first", "Transit", session.state)
    assert reading.options.get("use_belief") == "Family comes first"


# ---- questions: answered by number, by words, after a reload; set aside --------------------------------------


def test_a_question_answered_by_a_number() -> None:
    session = open_session("num", "starforged")
    session.send("the shrapnel hits me")
    asked = session.confirm({"move": "Endure Harm"})
    assert asked.kind == "question" and asked.question is not None and asked.question.field == "amount"
    assert [a.value for a in asked.question.answers] == [1, 2, 3]
    assert_plain(asked.narration, "question")
    health = character(session)["health"]
    turn = session.send("3")
    assert turn.kind == "action" and turn.results[0].move == "Endure Harm"
    assert character(session)["health"] == health - 3 and session.pending_question is None


def test_a_question_answered_by_words_keeps_the_suggestions() -> None:
    session = open_session("words", "starforged")
    suggested = session.send("I sprint across the collapsing bridge")
    asked = session.confirm({"move": "Face Danger"})
    assert asked.kind == "question" and asked.question is not None and asked.question.field == "stat"
    assert [s.move for s in asked.suggestions] == [s.move for s in suggested.suggestions]
    turn = session.send("with edge")
    assert turn.kind == "action" and turn.results[0].stat == "edge"


def test_a_reload_between_question_and_answer_keeps_the_question() -> None:
    session = open_session("reload", "blades")
    asked = session.confirm({"move": "Heat"})
    assert asked.kind == "question" and asked.question is not None
    assert {a.value for a in asked.question.answers} == {"smooth", "contained", "loud", "wild"}
    service.close_stores()
    again = ChatSession.open("reload", rng=random.Random(1))
    assert again.pending_question is not None and again.pending_question.move == "Heat"
    before = crew(again)["heat"]
    turn = again.send("it got loud")
    assert turn.kind == "action" and crew(again)["heat"] == before + 4
    assert ChatSession.open("reload").pending_question is None


def test_a_button_answer_and_a_short_non_answer() -> None:
    session = open_session("button", "starforged")
    session.confirm({"move": "Endure Stress"})
    retry = session.send("hmm")
    assert retry.kind == "question" and "didn't catch" in retry.narration
    turn = session.answer(1)
    assert turn.kind == "action" and turn.results[0].move == "Endure Stress"


def test_something_else_sets_the_question_aside() -> None:
    session = open_session("aside", "starforged")
    session.confirm({"move": "Endure Harm"})
    turn = session.send("I slip past the sentry while the guards argue about the cargo")
    assert turn.kind == "action" and turn.suggestions and not turn.results
    assert session.pending_question is None
    assert any("set aside" in n for n in turn.notes)
    session.confirm({"move": "Endure Harm"})
    command = session.send("/sheet")  # a look at the sheet answers and leaves the question waiting
    assert command.kind == "command" and session.pending_question is not None
    assert any("Still waiting for your answer" in n for n in command.notes)


def test_payoff_asks_for_the_coin() -> None:
    session = open_session("payoff", "blades")
    asked = session.confirm({"move": "Payoff"})
    assert asked.kind == "question" and asked.question is not None and asked.question.field == "coin"
    assert "coin" in asked.narration.lower()
    turn = session.send("2")  # "2" is the answer worth 2 coin, not the second answer
    assert turn.kind == "action" and turn.results[0].move == "Payoff"


def test_read_answer_by_number_label_and_words() -> None:
    picks = Question(move="M", field="stat", text="Which?", answers=[Answer("Edge — fast", "edge"), Answer("Iron", "iron")])
    assert read_answer(picks, "2") == "iron"
    assert read_answer(picks, "Edge") == "edge"
    assert read_answer(picks, "I go in with iron") == "iron"
    amount = Question(move="M", field="amount", text="How much?", kind="number", lo=1, hi=3, answers=[Answer("2 (serious)", 2)])
    assert read_answer(amount, "serious") == 2
    assert read_answer(amount, "three") == 3


# ---- choices by number and label; a failed pick keeps the choice open ---------------------------------------


def _open_choice(session: ChatSession) -> Turn:
    turn = session.confirm({"move": "Rivals"})
    assert turn.open_choices
    return turn


def test_choices_by_number_and_by_label() -> None:
    options = [ChoiceOption(id="pay_rep", label="Pay 1 rep"), ChoiceOption(id="lose_status", label="Lose 1 status")]
    assert resolve_picks(["2"], options) == ["lose_status"]
    assert resolve_picks(["Pay 1 rep"], options) == ["pay_rep"]
    assert resolve_picks(["pay 1 rep", "lose 1 status"], options) == ["pay_rep", "lose_status"]
    assert resolve_picks(["pay_rep"], options) == ["pay_rep"]
    assert resolve_picks(["nonsense"], options) is None


def test_a_failed_choice_keeps_the_choice_open_then_a_label_picks_it() -> None:
    session = open_session("choice", "blades")
    shown = _open_choice(session)
    failed = session.send("/choose the moon")
    assert failed.kind == "error" and failed.open_choices == shown.open_choices
    assert failed.event_seq == shown.event_seq
    assert "1. Forfeit 1 rep" in (failed.error or "")
    assert_plain(failed.error or "", "failed choice")
    turn = session.send("/choose Stand up to them and lose 1 status with them")
    assert turn.kind == "action" and not turn.open_choices


def test_plain_words_pick_an_open_choice_and_a_needed_value_is_asked() -> None:
    session = open_session("words-choice", "blades")
    _open_choice(session)
    asked = session.send("forfeit 1 coin per tier of the rival")
    assert asked.kind == "question" and asked.question is not None and asked.question.field == "rival_tier"
    turn = session.send("2")
    assert turn.kind == "action" and "forfeit 1 coin" in turn.narration.lower() and not turn.open_choices


BAD_COMMANDS = (
    "/progress nowhere 1",
    "/meter health 0 x",
    "/meter foo +1 x",
    "/table nope",
    "/choose x",
    "/undo",
    "/burn",
    "/track bogus Name",
    "/clock 0 X",
    "/roll warp speed",
    "/dice 2d",
    "/frobnicate",
    "/oracle",
)


@pytest.mark.parametrize("system", SYSTEMS)
def test_error_turns_and_listings_name_no_options_ids_or_event_numbers(system: str) -> None:
    session = open_session(f"plain-{system}", system)
    for text in (*BAD_COMMANDS, "/moves", "/tables", "/sheet", "/progress", "/meter stress +1 strained"):
        turn = session.send(text)
        shown = turn.error if turn.kind == "error" else turn.narration
        assert shown, text
        assert_plain(shown, text)


@pytest.mark.parametrize("system", SYSTEMS)
def test_what_a_card_shows_names_no_request_fields(system: str) -> None:
    """Outcome texts, choice prompts and labels, follow-ups and stat approaches are read by players."""
    for move in get_ruleset(system).moves:
        texts = [s.when for s in move.roll.stats] + [f.text for f in move.follow_ups]
        for spec in [*move.outcomes.values()]:
            texts += [spec.text, *(f.text for f in spec.follow_ups)]
        for choice in [*move.choices, *(c for o in move.outcomes.values() for c in o.choices)]:
            texts += [choice.prompt, *(o.label for o in choice.options)]
        for text in texts:
            assert not re.search(r"options\.\w|character\.\w", text or ""), (move.name, text)


def test_a_suggestion_confirmed_later_acts_on_the_sheet_as_it_is_now() -> None:
    session = open_session("stale", "starforged")
    suggested = session.send("I take 2 harm as the hull buckles")
    endure = next(s for s in suggested.suggestions if s.move == "Endure Harm")
    session.send("/meter health -1 a scrape first")
    health = character(session)["health"]
    turn = session.confirm(endure)
    assert turn.kind == "action" and character(session)["health"] == health - 2


def test_a_rules_question_or_another_move_is_not_an_answer() -> None:
    session = open_session("not-answers", "starforged")
    session.confirm({"move": "Face Danger"})
    turn = session.send("what does iron do when I face danger?")  # answered; the question still waits
    assert turn.kind == "rules" and not turn.results and session.pending_question is not None
    session.confirm({"move": "Face Danger"})
    other = session.confirm({"move": "Endure Harm", "options": {"amount": 1}})
    assert other.kind == "action" and session.pending_question is None
    assert any("set aside" in n for n in other.notes)


def test_a_progress_move_uses_the_most_recent_track_and_a_misspelt_name_asks_which() -> None:
    session = open_session("tracks", "starforged")
    session.send("/track dangerous Find my sister")
    session.send("/track formidable Repair the ship")
    used = session.confirm({"move": "Fulfill Your Vow"})  # no track named: the most recent, said on the turn
    assert used.kind == "action" and any("Repair the ship" in n and "most recent" in n for n in used.notes)
    session.undo()
    again = session.send('/roll fulfill your vow track="find my sistr"')
    assert again.kind == "question" and again.question is not None and again.question.field == "track"
    assert "No track called" in again.narration and "find-my-sister" not in again.narration
    assert [a.value for a in again.question.answers] == ["Find my sister", "Repair the ship"]
    turn = session.send("1")
    assert turn.kind == "action" and "Find my sister" in turn.narration


def test_a_connection_move_acts_on_the_connection_named_in_the_words() -> None:
    session = open_session("rank", "starforged")
    service.create_track("rank", "Kira", rank="formidable", kind="connection")
    session.send("I share a quiet moment with Kira; we already share a bond")
    turn = session.confirm({"move": "Develop Your Relationship", "options": {"bond": True}})
    assert turn.kind == "action" and any("Kira" in n for n in turn.notes)


def test_a_refused_suggestion_keeps_the_others_on_offer() -> None:
    session = open_session("refused", "dungeon-world")
    suggested = session.send("I attack the ogre")  # a cast line with no mana is told at once (round 33)
    assert suggested.suggestions
    refused = session.confirm({"move": "Magic Missile"})  # no mana: the rules refuse it
    assert refused.kind == "error" and "mana" in (refused.error or "")
    assert [s.move for s in refused.suggestions] == [s.move for s in suggested.suggestions]
