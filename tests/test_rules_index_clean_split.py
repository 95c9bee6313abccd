"""Cleaning and splitting of each shipped rules text, chunk metadata, token counting."""

from __future__ import annotations

import re

import pytest

from rules_index.chunk import Chunk
from rules_index.clean import clean, clean_inline
from rules_index.index import CORPUS_DIR, CORPUS_FILES, chunk_file
from rules_index.split import HARD_MAX_TOKENS, SECTION_MAX_TOKENS
from rules_index.tokens import count_tokens


def chunks_of(system: str) -> list[Chunk]:
    return chunk_file(CORPUS_DIR / CORPUS_FILES[system], system)


def by_move(chunks: list[Chunk], move: str) -> list[Chunk]:
    return [c for c in chunks if c.move == move]


def raw_lines(system: str) -> list[str]:
    return (CORPUS_DIR / CORPUS_FILES[system]).read_text(encoding="utf-8").splitlines()


# --- inline cleaning -----------------------------------------------------------------------------


def test_clean_inline_strips_html_entities_links_and_emphasis() -> None:
    line = '* <span class="game-term">4 heat: </span>Loud &amp; chaotic; **high** _exposure_ [Pay the Price](Moves/x).'
    assert clean_inline(line) == "* 4 heat: Loud & chaotic; high exposure Pay the Price."
    assert clean_inline("[[All_Moves#Face Danger|Face Danger]] and \\[name\\]") == "Face Danger and [name]"
    assert clean_inline("**+1 **<span>rep</span>** per Tier higher**") == "+1 rep per Tier higher"


# --- Blades --------------------------------------------------------------------------------------


def test_blades_chunks_have_no_html_entities_markdown_or_todos() -> None:
    chunks = chunks_of("blades")
    assert len(chunks) > 30
    for chunk in chunks:
        assert not re.search(r"</?[a-zA-Z][^>]*>", chunk.text), chunk.citation
        assert not re.search(r"&[a-z]+;|&#\d+;", chunk.text), chunk.citation
        assert "**" not in chunk.text and "@TODO" not in chunk.text
        assert "&amp;" not in chunk.section


def test_blades_heat_rule_is_one_chunk_with_its_lines() -> None:
    heat = [c for c in chunks_of("blades") if c.section_path == ["Heat"]]
    assert len(heat) == 1
    chunk = heat[0]
    assert "When your heat level reaches 9, you gain a wanted level" in chunk.text
    assert "4 heat: Loud & chaotic; high exposure." in chunk.text
    lines = raw_lines("blades")
    assert lines[chunk.line_start - 1] == "# Heat"
    assert "reaches 9" in "\n".join(lines[chunk.line_start - 1 : chunk.line_end])
    assert chunk.citation == f"blades › Heat (blades.txt:L{chunk.line_start}-L{chunk.line_end})"


def test_blades_ordered_list_items_become_list_lines() -> None:
    downtime = next(c for c in chunks_of("blades") if c.section_path == ["Downtime"])
    assert "- Payoff. The crew receives their rewards" in downtime.text


# --- City and Starforged (Markdown) ----------------------------------------------------------------


def test_city_moves_keep_outcomes_and_lists_together() -> None:
    chunks = chunks_of("city")
    transit = by_move(chunks, "Transit")
    assert len(transit) == 1
    text = transit[0].text
    assert text.startswith("Transit (Environs)")
    assert "12+ You arrive uneventfully" in text and "7 - 9 Pick 2 Consequences" in text
    assert "You needed to call in a favor to your faction" in text  # the Consequences list
    assert transit[0].section_path == ["Basic Moves", "City Moves", "Transit (Environs)"]
    assert not any("[" in c.section or "(#" in c.text for c in chunks)  # table-of-contents links dropped
    assert {c.move for c in chunks if c.move} >= {"Take a Big Risk", "Use a Secret", "Lose Cohesion"}


def test_starforged_tables_stay_with_their_move() -> None:
    chunks = chunks_of("starforged")
    discovery = by_move(chunks, "Make a Discovery")
    assert len(discovery) == 1
    assert "roll on the table below" in discovery[0].text
    assert "Roll | Result" in discovery[0].text and "91-100 | Roll twice" in discovery[0].text
    assert "-------" not in discovery[0].text
    oracle = by_move(chunks, "Ask the Oracle")[0]
    assert "Likely | 75 or less" in oracle.text
    assert not any("All_Moves#" in c.text or "](Moves/" in c.text for c in chunks)
    move_headings = [ln for ln in raw_lines("starforged") if ln.startswith("### ")]
    assert len([c for c in chunks if c.move]) == len(move_headings) == 56


# --- Elegy (PDF extraction) ------------------------------------------------------------------------


ELEGY_MOVES = [
    "Face Danger", "Secure An Advantage", "Gather Information", "Aid Your Ally", "Compel", "Use Power",
    "Perform Ritual", "Rest", "Advance", "Heal", "Respite", "Feed", "Sing An Elegy", "Reach A Milestone",
    "Fulfill Your Elegy", "Forsake Your Elegy", "Enter The Fray", "Clash", "End The Fight", "Battle",
    "Make A Connection", "Develop A Relationship", "Test Your Relationship", "Form A Bond", "Pay The Price",
    "Face A Setback", "Endure Harm", "Face Last Death", "Endure Hunger", "Face Starvation", "Endure Stress",
    "Face Desolation",
]  # fmt: skip


@pytest.mark.parametrize("move", ELEGY_MOVES)
def test_elegy_each_move_lands_in_its_own_chunk(move: str) -> None:
    chunks = by_move(chunks_of("elegy"), move)
    assert len(chunks) == 1, move
    chunk = chunks[0]
    assert chunk.text.splitlines()[0] == move
    others = [m for m in ELEGY_MOVES if m != move]
    assert not any(f"\n{other}\n" in f"\n{chunk.text}\n" for other in others)


def test_elegy_pdf_damage_is_repaired() -> None:
    chunks = chunks_of("elegy")
    text = "\n".join(c.text for c in chunks)
    assert not re.search(r"^(l l|l f|f f)\b", text, re.MULTILINE)  # dice icons turned into words
    assert "Strong hit: You succeed. Gain" in text and "Miss: You fail." in text
    assert ".png" not in text
    assert all(not re.match(r"^\d", c.section_path[-1]) for c in chunks)  # "#### 45 Use Power" -> "Use Power"
    assert chunks[0].section_path[0] == "Chapter III: Playing The Game"
    face_danger = by_move(chunks, "Face Danger")[0]  # recovered from "Face danger When you attempt ..."
    assert "When you attempt something risky" in face_danger.text
    flow = next(c for c in chunks if c.section_path[-1] == "The Flow Of Play")
    assert "right. When you are seeking inspiration" in flow.text  # sentence split by a stray heading
    benefits = next(c for c in chunks if c.section_path[-1] == "Benefits")
    assert "- You feed: gain +2 blood" in benefits.text  # lost bullets restored
    tracks = next(c for c in chunks if "Sample Progress Tracks" in c.text)
    assert "\nFormidable\n" in tracks.text and "Experience awarded: 2 points\n" in tracks.text


# --- Dungeon World (no headings) -------------------------------------------------------------------


def test_dungeon_world_sections_are_recovered() -> None:
    lines = clean("dungeon-world", "\n".join(raw_lines("dungeon-world")))
    headings = [ln.text for ln in lines if ln.level]
    for name in ("Hack & Slash", "Defend", "Cast a Spell (Wizard)", "Cast a Spell (Cleric)", "Damage Mitigation"):
        assert name in headings
    chunks = chunks_of("dungeon-world")
    sections = {c.section_path[-1] for c in chunks}
    assert {"Hack & Slash", "Defend", "Cast a Spell (Wizard)", "Spells", "Bonuses", "Combat Inventory"} <= sections
    defend = [c for c in chunks if c.section_path == ["Defend"]]
    assert len(defend) == 1 and defend[0].move == "Defend"
    assert defend[0].text.startswith("Defend\nBasic Combat Move\nInterrupt Move\nWhen you defend")
    assert (defend[0].line_start, defend[0].line_end) == (196, 201)
    hack = [c for c in chunks if c.move == "Hack & Slash"]
    assert len(hack) == 2 and len({c.id for c in hack}) == 2  # the repeated card keeps a distinct id
    assert "On a 10+ Choose Two." in hack[0].text and "ignores armor" in hack[0].text
    wizard = next(c for c in chunks if c.section_path == ["Cast a Spell (Wizard)"])
    assert wizard.move == "Cast a Spell" and "- On a miss, your spell fails." in wizard.text
    walkthrough = [c for c in chunks if c.section_path == ["Combat Walkthrough 1"]]
    assert any("Felix is a Fighter" in c.text for c in walkthrough)  # narrative resumes after the card
    assert not any("Felix is a Fighter" in c.text for c in hack)


# --- all systems ----------------------------------------------------------------------------------


@pytest.mark.parametrize("system", list(CORPUS_FILES))
def test_chunk_metadata_and_sizes(system: str) -> None:
    chunks = chunks_of(system)
    lines = raw_lines(system)
    assert len({c.id for c in chunks}) == len(chunks)
    for chunk in chunks:
        assert chunk.system == system and chunk.source == CORPUS_FILES[system]
        assert 1 <= chunk.line_start <= chunk.line_end <= len(lines)
        assert chunk.section_path and all(chunk.section_path)
        limit = HARD_MAX_TOKENS if chunk.move else SECTION_MAX_TOKENS
        assert count_tokens(chunk.text) <= limit + 40, chunk.citation
        first_words = chunk.text.splitlines()[-1].split()[:3]
        window = " ".join(lines[chunk.line_start - 1 : chunk.line_end])
        assert all(w.strip("*_-✴") in window for w in first_words if w.isalpha())
        meta = chunk.metadata()
        assert meta["section"] == " › ".join(chunk.section_path) and meta["hash"] == chunk.id
        assert Chunk.from_record(chunk.id, chunk.text, meta) == chunk


def test_chunk_ids_are_content_hashes() -> None:
    first = chunks_of("city")
    again = chunks_of("city")
    assert [c.id for c in first] == [c.id for c in again]
    assert all(re.fullmatch(r"[0-9a-f]{32}(-\d+)?", c.id) for c in first)


def test_count_tokens_works_offline() -> None:
    assert count_tokens("") == 0
    assert count_tokens("hello world") == 2
    assert count_tokens("When your heat level reaches 9") > 5
