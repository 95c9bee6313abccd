"""Round 34, the export read by a player: its header said "*starforged* campaign · seed 7 · 3 events" and its first line
"begins (starforged)" — the game's id and the log's word. Both now name the game as the picker does, and the Iron Vault
journal's properties carry the game's name too; the event records an import reads are unchanged."""

from __future__ import annotations

import pytest

from assistant.engine import available_systems, game_title
from assistant.store import service
from assistant.store.journal import parse

pytestmark = pytest.mark.usefixtures("hash_embedder")


def _visible(journal: str) -> list[str]:
    return [ln for ln in journal.splitlines() if ln.strip() and not ln.startswith("<!--")]


@pytest.mark.parametrize("system", available_systems())
def test_the_journal_names_the_game_not_its_id(system: str) -> None:
    service.create_campaign("Told", system, seed=7)
    lines = _visible(service.export("Told"))
    title = game_title(system)
    assert title != system
    assert lines[1] == f"*{title}* campaign · seed 7 · 2 entries in its log · exported by tabletop-oracle", lines[:3]
    assert f"*Campaign **Told** begins ({title}).*" in lines
    assert not any(f"({system})" in ln or f"*{system}*" in ln for ln in lines), lines


def test_the_iron_vault_journal_names_the_game_and_imports_as_before() -> None:
    service.create_campaign("Vault", "dungeon-world", seed=3)
    text = service.export("Vault", "ironvault")
    front = text.split("---")[1]
    assert 'game: "Dungeon World (PvP combat variant)"' in front and "dungeon-world" not in front, front
    assert [e.type for e in parse(text)] == [e.event.type for e in service.get_store().events("Vault")]


def test_one_entry_is_told_as_one() -> None:
    from assistant.store.journal import _entries

    assert (_entries(1), _entries(12)) == ("1 entry in its log", "12 entries in its log")


def test_a_rules_answer_in_the_journal_cites_as_the_page_does() -> None:
    """A rules answer kept in the log cites "blades › Heat (blades.txt:L48-L67)"; the page shows it with the game's name
    and the lines in words, and so does the journal now (a section named with brackets too); the player's own line is
    kept as typed."""
    from assistant.store.events import ChatMessage

    service.create_campaign("Asked", "city", seed=1)
    store = service.get_store()
    answer = "Advantage is three dice. [1]\n[1] city › Basic Moves › City Moves › Observe Someone (Network) (city.txt:L112-L125)"
    store.append(
        "Asked", [ChatMessage(role="user", text="what is city › X (a.txt:L1-L2)?"), ChatMessage(role="assistant", text=answer)]
    )
    for fmt in ("markdown", "ironvault"):
        lines = _visible(service.export("Asked", fmt))
        assert (
            "[1] The Magistrate's city › Basic Moves › City Moves › Observe Someone (Network) (city.txt, lines 112–125)" in lines
        )
        assert "**Player:** what is city › X (a.txt:L1-L2)?" in lines
        assert not any(":L1" in ln and "Player" not in ln for ln in lines), lines
