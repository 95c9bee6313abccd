"""Round 26, a line that is no action, question or command ("banana", "asdf", "the door") was offered the nearest
moves and, confirmed, narrated "You set your sights on banana". It now gets a short reply saying what the player can
type, and changes, stores and narrates nothing; short real actions ("I hide", "attack", "run!") are still actions."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")

SYSTEMS = ["dungeon-world", "city", "blades", "starforged", "elegy"]


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("typed", ["banana", "asdf", "the door", "purple!", "qwerty uiop"])
def test_no_action_gets_a_short_reply_and_changes_nothing(system: str, typed: str) -> None:
    from assistant.store import service

    name = f"Nonsense {system} {typed}"
    session, _ = open_campaign(name, system)
    before = len(service.campaign_events(name))
    turn = session.send(typed)
    assert turn.kind == "meta" and not turn.suggestions and not turn.results, (turn.kind, turn.narration)
    said = turn.narration
    assert "is not something I can read as an action" in said and "/help" in said and "how does" in said, said
    assert "sights" not in said and "Moves that fit" not in said, said
    assert len(service.campaign_events(name)) == before
    assert session.send("1").kind == "error"  # no moves were offered for it


@pytest.mark.parametrize("system", ["dungeon-world", "blades", "city"])
@pytest.mark.parametrize("typed", ["I hide", "attack", "run!", "hide", "sneak past", "flee!", "ambushed!", "I wait"])
def test_short_real_actions_are_still_actions(system: str, typed: str) -> None:
    session, _ = open_campaign(f"Short {system} {typed}", system)
    turn = session.send(typed)
    assert turn.kind == "action" and turn.suggestions, (turn.kind, turn.narration)


@pytest.mark.parametrize(
    ("system", "typed"),
    [("dungeon-world", "sword!"), ("dungeon-world", "fireball"), ("dungeon-world", "Last Gasp"), ("blades", "heat"),
     ("blades", "vice"), ("city", "transit"), ("dungeon-world", "Mara?")],
)  # fmt: skip
def test_a_word_of_a_move_or_a_character_is_read_as_one(system: str, typed: str) -> None:
    from assistant.chat.chat_words import could_be_action

    assert could_be_action(typed, system, ("Mara",)), typed


def test_with_moves_waiting_the_reply_says_how_to_pick_them() -> None:
    session, _ = open_campaign("Waiting", "dungeon-world")
    assert session.send("I swing my axe at the bandit").suggestions
    turn = session.send("banana")
    assert "type its number (1 to 3)" in turn.narration, turn.narration


@pytest.mark.parametrize(
    ("system", "says", "not_said"),
    [
        ("blades", "how does acquire asset work?", ["momentum", "station", "oracle"]),
        ("city", "the Magistrate (the GM) answers questions", ["momentum", "station", "oracle"]),
        ("dungeon-world", "how does hack & slash work?", ["momentum", "station", "oracle"]),
        ("starforged", "(“Is the station abandoned?”) for the oracle", []),
        ("elegy", "(“Is the crypt guarded?”) for the oracle", ["station"]),
    ],
)
def test_hello_is_answered_with_the_game_s_own_examples(system: str, says: str, not_said: list[str]) -> None:
    session, _ = open_campaign("Hello " + system, system)
    turn = session.send("hello")
    assert turn.kind == "meta" and says in turn.narration, turn.narration
    intro = turn.narration.split("\n\n")[0]
    assert not [w for w in not_said if w in intro], intro
