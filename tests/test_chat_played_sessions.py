"""Whole sessions played through the chat as a player types them: the words a player reads back (no question
asked back at them, no sentence said twice within ten turns, no words of another turn), and the rules of what is
suggested when."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from assistant.chat.session import ChatSession
from assistant.store import service
from rules_index.embed import get_embedder
from tests.session_helpers import ScriptedDice


@pytest.fixture(autouse=True)
def _hash_embedder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")


def _session(system: str, name: str = "night") -> tuple[ChatSession, ScriptedDice]:
    service.create_campaign(name, system, seed=3)
    dice = ScriptedDice(5)
    return ChatSession.open(name, rng=dice, embedder=get_embedder("hash")), dice


def _story(narration: str) -> list[str]:
    """The story's sentences: the first paragraph of a narration (the card and the next steps come after it)."""
    first = narration.split("\n\n", 1)[0]
    return [s for s in re.split(r"(?<=[.!?])\s+", first) if s]


def _act(session: ChatSession, dice: ScriptedDice, text: str, move: str, stat: str | None, *faces: int) -> str:
    offered = session.send(text)
    assert offered.kind == "action", offered.error
    dice.queue(*faces)
    request = {"move": move, **({"stat": stat} if stat else {})}
    turn = session.confirm(request)
    assert turn.kind == "action" and turn.results, turn.error
    return turn.narration


def test_a_question_that_declares_the_move_is_told_as_the_attempt() -> None:
    session, dice = _session("starforged")
    told = _act(session, dice, "Can I hack the door panel?", "Face Danger", "wits", 5, 2, 3)
    opening = _story(told)[0]
    assert opening.endswith("to hack the door panel.") and "?" not in told, told
    assert "Time to see" not in told and "find out" not in told
    told = _act(session, dice, "now i slip past the guard", "Face Danger", "shadow", 5, 2, 3)
    assert "now you" not in told.lower() and _story(told)[0].endswith("slip past the guard."), told


def test_a_dozen_turns_never_repeat_a_story_sentence_or_an_opening_within_ten_turns() -> None:
    session, dice = _session("starforged")
    actions = [
        "I sneak through the airlock",
        "I search the corridors for my sister",
        "I climb the maintenance shaft",
        "I hack the security terminal",
        "I sprint across the catwalk",
        "I talk the guard into letting me pass",
        "I hide from the patrol",
        "I pry open the cargo door",
        "I scan the wreckage for survivors",
        "I crawl through the vents",
        "I rewire the lift",
        "I leap onto the shuttle",
    ]
    stories: list[list[str]] = []
    for i, text in enumerate(actions):
        faces = (1, 9, 10) if i % 3 == 0 else (6, 1, 2) if i % 3 == 1 else (3, 2, 9)  # miss, strong, weak
        stories.append(_story(_act(session, dice, text, "Face Danger", "edge", *faces)))
    for i, story in enumerate(stories):
        window = [s for earlier in stories[max(0, i - 9) : i] for s in earlier]
        assert not set(story) & set(window), (i, story, window)
        openers = [" ".join(earlier[0].split()[:3]) for earlier in stories[max(0, i - 5) : i]]
        assert " ".join(story[0].split()[:3]) not in openers, (i, story[0], openers)


def test_a_pick_goes_on_from_the_move_told_and_never_retells_it_with_other_words() -> None:
    session, dice = _session("elegy")
    told = _act(session, dice, "I sink my fangs into the priest", "Feed", "glamour", 5, 1)  # score 2: a weak hit
    assert "same as above" not in told.lower() and "as above" not in told.lower(), told
    opening = _story(told)[0]
    assert session.send("I look around the cloister").kind == "action"  # typed before the pick: not the move's words
    picked = session.choose(["kill_victim"])
    assert picked.kind == "action", picked.error
    story = _story(picked.narration)
    assert story[0] == "You choose: gain 4 blood and kill the victim, but lose 3 spirit.", story
    assert opening not in picked.narration and "cloister" not in picked.narration
    assert not set(story) & set(_story(told)), (story, told)


def test_an_answer_to_a_question_is_not_told_as_the_players_action() -> None:
    session, dice = _session("elegy")
    session.edit_character({"blood": 0})
    session.send("I am starving, the hunger gnaws at me")
    asked = session.confirm({"move": "Endure Hunger", "stat": "intellect"})
    assert asked.kind == "question", asked.error
    dice.queue(9, 9)  # intellect 1 against 9 and 9: a miss
    rolled = session.send("just one")
    assert rolled.results and rolled.results[0].outcome == "miss", rolled.error
    assert "just one" not in rolled.narration.lower()
    picked = session.send("roll on the table")
    assert picked.kind == "action" and picked.results, picked.error
    assert "just one" not in picked.narration.lower()
    assert _story(picked.narration)[0] == "You choose: roll on the table.", picked.narration


def test_the_terminal_chat_keeps_maintainers_warnings_out_of_the_players_lines(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import logging

    from typer.testing import CliRunner

    from assistant.cli import app

    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    original = ChatSession.send

    def send(self: ChatSession, text: str) -> Any:
        logging.getLogger("assistant.chat.narration").warning("guard: template narration attempt 1 rejected: state")
        return original(self, text)

    monkeypatch.setattr(ChatSession, "send", send)
    logger = logging.getLogger("assistant")
    monkeypatch.setattr(logger, "handlers", [])
    args = ["chat", "-c", "term", "--new", "--system", "starforged", "--seed", "3"]
    out = CliRunner().invoke(app, args, input="I sneak past the sentry\n").output
    assert "Moves that fit" in out and "guard:" not in out and "rejected" not in out, out
    assert "attempt 1 rejected" in (tmp_path / "logs" / "chat.log").read_text(encoding="utf-8")


def test_dungeon_world_pvp_the_damage_a_player_asks_for_lands_on_the_one_fought() -> None:
    session, dice = _session("dungeon-world")
    added = session.send("/character add Mara class=bard max_hp=18")  # the README's example: HP starts at max HP
    assert added.kind == "command", added.error
    assert session.send("/set name Brakk").narration == "Your character is now called Brakk."
    mara = next(cid for cid, c in session.reload().characters.items() if c.get("name") == "Mara")
    assert session.state.characters[mara]["hp"] == 18
    session.send("I swing my axe at Mara")
    dice.queue(3, 2)  # 3 + 2 + STR 2 = 7: a weak hit
    hit = session.confirm({"move": "Hack & Slash", "stat": "str", "options": {"target": mara}})
    assert hit.results[0].outcome == "weak_hit" and hit.open_choices, hit.error
    dealt = session.choose(["1"])
    assert [f.move for f in dealt.follow_ups] == ["Deal Damage"], dealt.follow_ups
    offered = session.send("deal the damage")
    deal = next(s for s in offered.suggestions if s.move == "Deal Damage")
    dice.queue(9)  # the fighter's d10: 9 - Mara's leather armor 1 (a bard's) = 8
    done = session.confirm(deal)
    assert done.kind == "action" and done.results, (done.kind, done.error, done.question)
    after = session.reload().characters
    assert after[mara]["hp"] == 10, after[mara]
    me = after[session.state.active_character]
    assert me["hp"] == me["max_hp"], me


def test_a_suffer_move_the_last_move_offers_is_suggested_with_its_cost() -> None:
    session, dice = _session("starforged")
    _act(session, dice, "I race the storm to the landing pad", "Face Danger", "edge", 2, 4, 6)  # 5 vs 4, 6: weak
    offered = session.send("ok i sacrifice some supplies")
    sacrifice = next(s for s in offered.suggestions if s.move == "Sacrifice Resources")
    paid = session.confirm(sacrifice)
    assert paid.kind == "action", (paid.kind, paid.question)
    assert "When you lose or consume resources" not in paid.narration, paid.narration  # the rule: the card applied it
    assert session.reload().active()["supply"] == 4


@pytest.mark.parametrize(
    ("words", "move", "meter"),
    [
        ("I face desolation, my spirit breaks", "Face Desolation", "spirit"),
        ("I face death", "Face Death", "health"),
        ("my ship is destroyed, I overcome destruction", "Overcome Destruction", "integrity"),
    ],
)
def test_starforged_brink_moves_are_suggested_only_at_zero(words: str, move: str, meter: str) -> None:
    session, _dice = _session("starforged")
    full = session.send(words)
    assert move not in [s.move for s in full.suggestions], full.suggestions
    assert any(f"{move} is made when your {meter} is at 0" in n for n in full.notes), full.notes
    session.edit_character({meter: 0})
    brink = session.send(words)
    assert move in [s.move for s in brink.suggestions], brink.suggestions


@pytest.mark.parametrize(
    ("system", "words", "first", "absent"),
    [
        ("starforged", "I found my sisters trail, a milestone on my vow", "Reach a Milestone", ""),  # was Swear an Iron Vow
        ("starforged", "ok i'll take the hit to supply", "Sacrifice Resources", "Resupply"),
        ("starforged", "I dock at the station and sneak through the airlock", "Face Danger", "React Under Fire"),
        ("starforged", "I dock at the station and sneak through the airlock", "Face Danger", "Enter the Fray"),
        ("elegy", "I stalk the priest through the cloister", "Face Danger", "Perform Ritual"),
        ("starforged", "i attak the raidr with my swrod", "Enter the Fray", "Resupply"),  # typos: no fight yet
        ("elegy", "i feeed on the preist", "Feed", ""),
    ],
)
def test_words_seen_in_play_get_the_move_they_call_for(embedder: Any, system: str, words: str, first: str, absent: str) -> None:
    service.create_campaign("words", system, seed=3)
    session = ChatSession.open("words", rng=ScriptedDice(5), embedder=embedder)
    if system == "starforged":
        assert session.send("/track dangerous Find my sister").kind == "command"  # a vow sworn already
    offered = session.send(words)
    moves = [s.move for s in offered.suggestions]
    assert moves[0] == first and (not absent or absent not in moves), moves


def test_words_no_move_fits_are_offered_as_the_nearest_not_as_a_fit(embedder: Any) -> None:
    service.create_campaign("lock", "blades", seed=3)
    session = ChatSession.open("lock", rng=ScriptedDice(5), embedder=embedder)
    offered = session.send("the rain falls on the rooftops")
    assert offered.narration.startswith("None of the moves closely fits these words"), offered.narration
    assert "Demonic Notice" not in [s.move for s in offered.suggestions]
    lock = session.send("I pick the lock")  # an action outside the downtime list: Blades' free-play Action Roll
    assert lock.narration.startswith("Moves that fit:") and lock.suggestions[0].move == "Action Roll", lock.narration


def test_blades_a_move_without_a_roll_tells_what_happens_and_a_clause_reads_as_sentences() -> None:
    session, _dice = _session("blades")
    session.send("one of our contacts gets flipped by a rival")
    flipped = session.confirm({"move": "Flipped"})
    assert "loyal to another faction now" in flipped.narration, flipped.narration
    session.send("now the heat. it was loud, on hostile turf")
    heat = session.confirm({"move": "Heat"})
    assert "now the heat" not in heat.narration.lower() and ". it was" not in heat.narration, heat.narration


def test_pay_the_price_reads_its_row_once() -> None:
    session, dice = _session("starforged")
    _act(session, dice, "I duck his swing", "Face Danger", "edge", 1, 9, 10)  # a miss
    dice.queue(53)
    price = session.send("/price")
    row = "a friend, companion, or ally is in harm's way"
    assert price.narration.lower().count(row) == 1, price.narration


def test_a_table_named_by_part_of_its_name_is_rolled() -> None:
    session, dice = _session("starforged")
    dice.queue(92)
    rolled = session.send("/table weak hit cost")
    assert rolled.results and rolled.results[0].move == "Take Decisive Action: Weak Hit Cost", rolled.error
    unknown = session.send("/table at 0")  # words of several tables: the error lists them, nothing is rolled
    assert unknown.kind == "error" and "the tables are" in unknown.error


def test_a_short_message_naming_one_open_option_picks_it() -> None:
    session, dice = _session("elegy")
    _act(session, dice, "I sink my fangs into the priest", "Feed", "glamour", 5, 1)  # a weak hit: choose one
    picked = session.send("kill him")
    assert picked.results and any(e.kind == "choice" for e in picked.results[0].effects), (picked.kind, picked.error)
    assert session.reload().active()["spirit"] == 2


def test_words_that_only_ask_for_a_move_are_not_told_as_an_attempt() -> None:
    session, dice = _session("blades")
    session.edit_character({"heat": 7})
    told = _act(session, dice, "ok roll entanglements", "Entanglements", None, 1, 2)
    assert "roll entanglements" not in told.lower(), told
    assert "falls apart" not in told and "Trouble finds you" not in told, told  # no attempt failed: a column picked
    picked = session.send("flipped")
    assert picked.results and "Heat 0-3" not in picked.narration and "column" not in picked.narration, picked.narration


def test_a_tier_marker_of_the_rules_text_is_not_read_out() -> None:
    session, dice = _session("dungeon-world")
    told = _act(session, dice, "can I shoot him with my bow?", "Volley", "dex", 1, 1)
    assert "6-" not in told and "You miss" in told, told


def test_a_pick_on_a_first_person_action_is_told_as_the_pick() -> None:
    session, dice = _session("city")
    _act(session, dice, "i set up a scheme to smuggle wine past the customs house", "Set Up a Scheme", "network", 1, 6)
    picked = session.send("mark heat")
    assert picked.results, picked.error
    assert _story(picked.narration)[0] == "You choose: mark Heat.", picked.narration


def test_a_long_term_project_of_eight_segments_reads_an_8_segment_clock() -> None:
    session, dice = _session("blades")
    session.send("i start a long term project to dig a tunnel into the bank vault, 8 segments")
    dice.queue(2, 2)
    turn = session.confirm({"move": "Long-Term Project", "stat": "tinker"})
    assert any("an 8-segment clock" in n for n in turn.notes), turn.notes


def test_letters_that_are_no_action_get_a_word_of_help_not_moves() -> None:
    session, _dice = _session("starforged")
    for text in ("asdfgh", "lol"):
        turn = session.send(text)
        assert turn.kind == "meta" and not turn.suggestions and "Tell me what your character does" in turn.narration
    offered = session.send("I sneak past the guard")
    assert offered.suggestions
    waiting = session.send("hmm lol")
    assert waiting.kind == "meta" and "type its number (1 to" in waiting.narration, waiting.narration
    assert session.send("1").results  # the suggestions still wait for the number


def test_the_outcome_is_not_told_again_when_the_players_words_said_it() -> None:
    session, dice = _session("starforged")
    assert session.send("/track troublesome Find my sister").kind == "command"
    session.send("/progress sister 4")
    told = _act(session, dice, "i bring her home, my vow is fulfilled", "Fulfill Your Vow", None, 1, 2)
    assert told.lower().count("your vow is fulfilled") == 1, told  # the player's words said it: not told twice


def test_a_schemes_productivity_on_the_card_is_the_engines_own_change(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The city game's Set Up a Scheme, its miss taken at Productivity -2: "Scheme 1 productivity: 0 → -2" is the
    engine's change, not one the narration made up (the offline story is never flagged by the guard)."""
    import assistant.chat.narration as narration

    flagged: list[Any] = []
    monkeypatch.setattr(narration, "log_violations", lambda *args, **kw: flagged.append(args[4]))
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    service.create_campaign("scheming", "city", seed=3)
    session = ChatSession.open("scheming")
    assert session.confirm({"move": "Set Up a Scheme", "dice": [1, 1]}).results[0].outcome == "miss"
    picked = session.choose(["mark_heat_start_at_minus_2"])
    assert "productivity: 0 → -2" in picked.narration and not flagged, flagged
