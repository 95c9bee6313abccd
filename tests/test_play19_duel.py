"""Round 19 of the Dungeon World duel played through the chat: words that call only for a move that would change
nothing now ("the cleric heals me" at full HP) are answered with why, not with three moves they do not fit; hurt, the
same words offer Heal first."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize("words", ["The cleric heals me", "I drink a healing potion"])
def test_healing_at_full_hp_says_why_and_offers_no_unrelated_moves(words: str) -> None:
    session, _dice = open_campaign(f"Full {words}", "dungeon-world")
    events = len(session.store.events(f"Full {words}"))
    told = session.send(words)
    assert told.kind == "action" and not told.results, told.narration
    assert told.suggestions == [], [s.move for s in told.suggestions]
    assert told.narration == "Nothing to roll for that now.", told.narration
    assert any(n.startswith("Heal would change nothing now: your HP is 22, its most.") for n in told.notes), told.notes
    assert "Hack & Slash" not in told.narration and "Moves that fit" not in told.narration, told.narration
    assert not any(e.event.type == "move_resolved" for e in session.store.events(f"Full {words}")[events:])


def test_healing_when_hurt_offers_heal_first() -> None:
    session, _dice = open_campaign("Hurt", "dungeon-world")
    session.send("/set hp 10")
    offered = session.send("The cleric heals me")
    assert offered.suggestions and offered.suggestions[0].move == "Heal", [s.move for s in offered.suggestions]


def test_an_attack_at_full_hp_still_offers_its_moves() -> None:
    session, _dice = open_campaign("Attack", "dungeon-world")
    offered = session.send("I attack the orc with my axe")
    assert offered.suggestions and offered.suggestions[0].move == "Hack & Slash", [s.move for s in offered.suggestions]


def test_a_next_step_played_by_its_number_is_not_told_as_the_players_attempt(monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    from assistant.chat.session import ChatSession
    from assistant.cli import app
    from assistant.store import service
    from tests.session_helpers import ScriptedDice

    dice = ScriptedDice(5)
    opened = ChatSession.open.__func__  # type: ignore[attr-defined]
    monkeypatch.setattr(ChatSession, "open", classmethod(lambda cls, name, **kw: opened(cls, name, rng=dice, **kw)))
    service.create_campaign("axe", "dungeon-world", seed=3)
    dice.queue(3, 2, 9)  # Hack & Slash: 3 + 2 + STR 2 = 7, a weak hit; deal damage: the d10 shows 9
    lines = "/character add Mara class=bard max_hp=18\ni hack and slash at Mara\n1\n/choose 1\n1\n"
    out = CliRunner().invoke(app, ["chat", "-c", "axe"], input=lines).output
    assert "Damage to Mara: 1d10 (1dGrit) = 9, less 1 armor: 8 HP." in out, out
    assert "to Deal Damage on Mara" not in out and "on Deal Damage" not in out, out
