"""Rules notes: the rules the engine applies that the shipped texts lack, indexed beside the texts.

Three kinds, every one cited as "Rules note: ..." and never as the rule text:

- written notes (``rules_index/notes/<system>.yaml``): e.g. Starforged momentum, which the shipped text
  never states (range, maximum, reset, burn, negative momentum cancelling the action die);
- the tables the engine fills from a public source where the text has a gap (each ruleset table with a
  ``source_note``, e.g. the Blades entanglements and incarceration rolls);
- every ``readings:`` entry of the rulesets' moves: how the engine reads an ambiguous sentence.

The last two are generated from the engine's data each time the index is synced, so a new reading or
table is covered without anyone writing a note.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import assistant.engine.yaml_load as yaml_load
from rules_index.chunk import Chunk, content_hash, make_chunk_id
from rules_index.index import RulesIndex, SyncReport

NOTES_DIR = Path(__file__).parent / "notes"
ROOT = "Rules notes"
ORIGIN = "note"


@dataclass(frozen=True)
class Note:
    """One rules note: where it belongs, what it says, and what it rests on."""

    system: str
    topic: str
    title: str
    text: str
    source: str
    move: str | None = None


_IDENT = r"(?:character\.[a-z_]+|\b[a-z]+(?:_[a-z]+)+_?\*?)"
#: A short aside that only names the engine's field: "(character.session_used)", "(the sheet's healing_clock)".
_ID_ASIDE = re.compile(rf"\s*\((?=[^()]*{_IDENT})[^()]{{0,60}}\)")


_FIELD_WORDS = frozenset(["the", "sheet's", "see", "table", "tables", "impact", "meter", "on", "this", "character"])


def _names_a_field_only(aside: str) -> bool:
    """Is the parenthesis only a pointer to an engine field ("(the sheet's healing_clock)", "(at_war)")?"""
    words = re.sub(_IDENT, " ", aside.strip(" ()")).split()
    return all(w.lower() in _FIELD_WORDS for w in words)


def _plain(text: str) -> str:
    """Engine wording made readable: ``options.track`` -> "the track option", asides that only name an
    engine field dropped, and any other field name written as words (``strong_hit`` -> "strong hit")."""
    text = re.sub(r"`?options\.([a-z_]+)`?", lambda m: f"the {m.group(1).replace('_', ' ')} option", text)
    text = _ID_ASIDE.sub(lambda m: "" if _names_a_field_only(m.group(0)) else m.group(0), text)
    text = re.sub(r"character\.([a-z_]+)", lambda m: f"the sheet's {m.group(1).replace('_', ' ')}", text)
    text = re.sub(r"\b([a-z]+(?:_[a-z]+)+)_?\*?", lambda m: m.group(1).replace("_", " "), text)
    return " ".join(text.replace("`", "").split())


def written_notes(notes_dir: Path = NOTES_DIR) -> list[Note]:
    """The hand-written notes of every ``<system>.yaml`` in ``notes_dir``."""
    out: list[Note] = []
    for path in sorted(notes_dir.glob("*.yaml")):
        data = yaml_load.safe_load(path.read_text(encoding="utf-8")) or {}
        system, source = str(data["system"]), str(data.get("source", path.name))
        for entry in data.get("notes", []):
            out.append(
                Note(system, str(data.get("topic", "Core rules")), str(entry["title"]), _plain(str(entry["text"])), source)
            )
    return out


def reading_notes(systems: list[str] | None = None) -> list[Note]:
    """One note per ``readings:`` entry of every move of every ruleset."""
    from assistant.engine.registry import available_systems, get_ruleset

    out: list[Note] = []
    for system in systems or available_systems():
        ruleset = get_ruleset(system)
        for move in ruleset.moves:
            for n, reading in enumerate(move.readings, start=1):
                title = f"How {move.name} is read" + (f" ({n})" if len(move.readings) > 1 else "")
                text = f"{_plain(reading.reading)} This reading rests on the sentence: “{_plain(reading.sentence)}”"
                out.append(Note(system, "Readings", title, text, f"the engine's {system} moves data", move.name))
    return out


def table_notes(systems: list[str] | None = None) -> list[Note]:
    """One note per ruleset table filled from a source other than the shipped text."""
    from assistant.engine.registry import available_systems, get_ruleset

    out: list[Note] = []
    for system in systems or available_systems():
        ruleset = get_ruleset(system)
        for spec in ruleset.table_specs:
            source_note = getattr(spec, "source_note", None)
            if not source_note:
                continue
            # one row a line, so an answer can quote the row of the result a GM rolled
            rows = [
                f"{r.range[0]}: {r.text}" if r.range[0] == r.range[1] else f"{r.range[0]}-{r.range[1]}: {r.text}"
                for r in spec.rows
            ]
            critical = getattr(spec, "critical", "")
            if critical:
                rows.append(f"critical (two sixes): {critical}")
            lines = [f"The {spec.name} table (d{spec.sides}):", *(f"- {_plain(row)}" for row in rows)]
            text = "\n".join([*lines, f"Source: {_plain(str(source_note))}"])
            out.append(Note(system, "Tables", f"{spec.name} table", text, f"the engine's {system} tables data"))
    return out


def all_notes() -> list[Note]:
    """Every note, written and generated."""
    return [*written_notes(), *table_notes(), *reading_notes()]


def note_chunks(notes: list[Note]) -> dict[str, list[Chunk]]:
    """The notes as index chunks, by system."""
    out: dict[str, list[Chunk]] = {}
    seen: dict[str, int] = {}
    for note in notes:
        path = [ROOT, note.topic, note.title]
        text = f"{note.title}\n{note.text}"
        base = make_chunk_id(note.system, note.source, path, text)
        occurrence = seen.get(base, 0)
        seen[base] = occurrence + 1
        chunk_id = make_chunk_id(note.system, note.source, path, text, occurrence)
        out.setdefault(note.system, []).append(
            Chunk(chunk_id, note.system, path, note.move, note.source, 0, 0, text, origin=ORIGIN)
        )
    return out


def sync_notes(index: RulesIndex, notes: list[Note] | None = None) -> SyncReport:
    """Bring the notes in ``index`` up to date (only changed notes are embedded)."""
    report = SyncReport()
    by_system = note_chunks(all_notes() if notes is None else notes)
    for system, chunks in sorted(by_system.items()):
        fingerprint = content_hash("notes", system, *(c.id for c in chunks))
        report += index.sync_source(f"notes:{system}", fingerprint, chunks)
    stored = {
        str(m.get("source_key")) for m in index.collection.get(where={"origin": ORIGIN}, include=["metadatas"])["metadatas"] or []
    }
    for key in stored - {f"notes:{s}" for s in by_system}:
        report.deleted += index.remove_source(key)
    return report
