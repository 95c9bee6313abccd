# ruff: noqa: F811  (pytest fixtures imported from tests/rules_index_fixtures.py)
"""Rules notes: written notes, and notes generated from the engine's data (every reading, every table
filled from outside the shipped text), indexed beside the texts and cited as notes."""

from __future__ import annotations

import re
from types import SimpleNamespace
from typing import Any

import pytest

from assistant.engine import registry
from assistant.engine.registry import available_systems, get_ruleset
from rules_index import notes
from rules_index.index import RulesIndex
from tests.rules_index_fixtures import hash_index, tabletop_home  # noqa: F401


def test_every_reading_of_every_ruleset_has_a_note() -> None:
    readings = [(s, m.name, r) for s in available_systems() for m in get_ruleset(s).moves for r in m.readings]
    made = notes.reading_notes()
    assert len(made) == len(readings) > 50
    for (system, move, reading), note in zip(readings, made, strict=True):
        assert note.system == system and note.move == move
        assert notes._plain(reading.reading) in note.text and notes._plain(reading.sentence) in note.text
        assert not re.search(r"options\.[a-z]", note.text)  # engine wording is made readable


def test_a_new_reading_in_the_data_gets_a_note(monkeypatch: pytest.MonkeyPatch) -> None:
    reading = SimpleNamespace(reading="A brand-new reading of options.track.", sentence="The sentence it rests on.")
    move = SimpleNamespace(name="Made-Up Move", readings=[reading])
    fake = SimpleNamespace(moves=[move], table_specs=[])

    def fake_ruleset(system: str) -> Any:
        return fake

    monkeypatch.setattr(registry, "get_ruleset", fake_ruleset)
    (note,) = notes.reading_notes(["starforged"])
    assert note.title == "How Made-Up Move is read" and note.move == "Made-Up Move"
    assert "A brand-new reading of the track option." in note.text and "The sentence it rests on." in note.text


def test_tables_filled_from_the_srd_are_notes_naming_their_source() -> None:
    made = {n.title: n for n in notes.table_notes(["blades"])}
    specs = [t for t in get_ruleset("blades").table_specs if t.source_note]
    assert len(made) == len(specs) >= 4
    entanglements = made["Entanglements (Heat 0-3) table"]
    assert "1-3: Gang Trouble or The Usual Suspects" in entanglements.text and "SRD" in entanglements.text


def test_starforged_momentum_notes_cover_what_the_engine_applies() -> None:
    text = " ".join(n.text for n in notes.written_notes() if n.system == "starforged")
    for fact in ("-6 to +10", "reduced by 1 for each impact", "+2 with no impacts", "+1 with one impact", "0 with more than one"):
        assert fact in text
    assert "replaces your action score with your current momentum" in text and "cancelled" in text


def test_notes_are_indexed_once_and_cited_as_notes(hash_index: RulesIndex) -> None:
    first = notes.sync_notes(hash_index)
    assert first.embedded == len(notes.all_notes())
    assert notes.sync_notes(hash_index).embedded == 0  # unchanged notes are not embedded again
    chunks = [c for c in hash_index.chunks() if c.origin == "note"]
    assert len(chunks) == len(notes.all_notes())
    assert all(c.citation.startswith(f"Rules note: {c.system} › ") for c in chunks)
    assert hash_index.sync_corpus().embedded == 0 and len([c for c in hash_index.chunks() if c.origin == "note"]) == len(chunks)


def test_a_note_no_longer_in_the_data_leaves_the_index(hash_index: RulesIndex) -> None:
    notes.sync_notes(hash_index)
    only = [n for n in notes.all_notes() if n.system == "starforged"]
    report = notes.sync_notes(hash_index, only)
    assert report.deleted > 0
    assert {c.system for c in hash_index.chunks() if c.origin == "note"} == {"starforged"}


def test_the_blades_magnitude_table_the_chapter_leaves_out_is_a_note_naming_the_srd() -> None:
    by_title = {n.title: n for n in notes.all_notes() if n.system == "blades"}
    table = by_title["Magnitude table"]
    assert "SRD" in table.source
    for level in range(7):
        assert f"Magnitude {level}:" in table.text
    assert "range down the road" in table.text and "scale a colossal gang (160)" in table.text


def test_no_note_says_a_printed_miss_is_missing() -> None:
    """A move whose text prints its miss (Starforged Finish the Scene, Elegy Face Desolation) has it as its
    outcome, and no note on the move says the text gives none."""
    printed = {
        (s, m.name): m
        for s in available_systems()
        for m in get_ruleset(s).moves
        if m.roll is not None and re.search(r"\bOn a \**miss\b", m.text or "")
    }
    assert ("starforged", "Finish the Scene") in printed and ("elegy", "Face Desolation") in printed
    for (system, name), move in printed.items():
        miss = move.outcomes.get("miss")
        assert miss is not None and miss.text, (system, name)
    says_none = re.compile(r"\bno miss\b|(?:ends|stops) (?:after|before) the (?:weak hit|miss)|gives none", re.I)
    for note in notes.reading_notes():
        if (note.system, note.move) in printed:
            assert not says_none.search(note.text), note.text
