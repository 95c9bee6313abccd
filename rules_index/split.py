"""Splitting cleaned lines into chunks along the section hierarchy.

Rules: a move is one chunk with everything under it (outcomes, lists, tables); a section whose whole
subtree fits in ``max_tokens`` and holds no move becomes one chunk; otherwise the section's own text is
a chunk and its subsections are split in turn. A passage longer than the hard limit is cut between
paragraphs, never inside a list or table, and never between a table or list and the line that
introduces it; every part repeats the section title.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rules_index.chunk import Chunk, make_chunk_id
from rules_index.clean import Line
from rules_index.tokens import count_tokens

MAX_TOKENS = 360  #: a non-move subtree up to this size stays one chunk
SECTION_MAX_TOKENS = 450  #: above this a section's own text is cut between paragraphs
HARD_MAX_TOKENS = 900  #: above this even a move is cut between paragraphs
MIN_WORDS = 4  #: sections with less body text than this are not indexed on their own


@dataclass
class Section:
    """A heading and the lines under it (before its first subsection), with its subsections."""

    title: str | None
    level: int
    path: list[str]
    move: bool = False
    heading: Line | None = None
    body: list[Line] = field(default_factory=list)
    children: list[Section] = field(default_factory=list)

    def subtree_has_move(self) -> bool:
        return any(child.move or child.subtree_has_move() for child in self.children)

    def subtree_lines(self, include_heading: bool = True) -> list[Line]:
        lines: list[Line] = [self.heading] if include_heading and self.heading else []
        lines += self.body
        for child in self.children:
            lines += [Line(number=0, text="")] + child.subtree_lines()
        return lines


def build_tree(lines: list[Line], root_title: str) -> Section:
    """Nest the cleaned lines under their headings; text before the first heading goes to ``root_title``."""
    root = Section(title=None, level=0, path=[])
    stack = [root]
    for line in lines:
        if line.level:
            while len(stack) > 1 and stack[-1].level >= line.level:
                stack.pop()
            parent = stack[-1]
            section = Section(line.text, line.level, [*parent.path, line.text], line.move, heading=line)
            parent.children.append(section)
            stack.append(section)
        else:
            stack[-1].body.append(line)
    if any(ln.text for ln in root.body):
        intro = Section(root_title, 1, [root_title], body=root.body)
        root.children.insert(0, intro)
        root.body = []
    return root


def _render(lines: list[Line]) -> str:
    text = "\n".join(ln.text for ln in lines)
    return re.sub(r"\n{3,}", "\n\n", text).strip()


def _paragraphs(lines: list[Line]) -> list[list[Line]]:
    """Group lines into paragraphs; a list or table stays with the line that introduces it."""
    groups: list[list[Line]] = []
    current: list[Line] = []
    for line in lines:
        if not line.text:
            if current:
                groups.append(current)
                current = []
            continue
        current.append(line)
    if current:
        groups.append(current)
    merged: list[list[Line]] = []
    for group in groups:
        first = group[0].text
        is_block = first.startswith("- ") or "|" in first
        if merged and (is_block or merged[-1][-1].text.endswith(":")):
            merged[-1] = merged[-1] + group
        else:
            merged.append(group)
    return merged


def _pack(title_lines: list[Line], lines: list[Line], limit: int) -> list[list[Line]]:
    """Cut ``lines`` into parts of at most ``limit`` tokens at paragraph boundaries."""
    units: list[tuple[list[Line], bool]] = []  # (lines, is a single line of a cut paragraph)
    for para in _paragraphs(lines):  # a paragraph too long on its own is cut between its lines
        if count_tokens(_render(title_lines + para)) > limit:
            units += [([ln], True) for ln in para]
        else:
            units.append((para, False))
    total = count_tokens(_render(lines))
    target = total / max(1, -(-total // limit))  # balanced parts, not a full one and a scrap
    parts: list[list[Line]] = []
    current: list[Line] = []
    for unit, single in units:
        candidate = current + ([] if single else [Line(0, "")]) + unit if current else unit
        if current and count_tokens(_render(title_lines + candidate)) > limit:
            parts.append(current)
            current = list(unit)
        else:
            current = candidate
        if count_tokens(_render(current)) >= target:
            parts.append(current)
            current = []
    if current:
        parts.append(current)
    return [title_lines + [Line(0, "")] + part if title_lines else part for part in parts]


def _move_name(title: str) -> str:
    return re.sub(r"\s*\([^)]*\)$", "", title).strip() or title


@dataclass
class _Piece:
    path: list[str]
    move: str | None
    lines: list[Line]


def _pieces(section: Section) -> list[_Piece]:
    if section.level == 0:
        return [p for child in section.children for p in _pieces(child)]
    if section.move:
        return [_Piece(section.path, _move_name(section.title or ""), section.subtree_lines())]
    whole = section.subtree_lines()
    if not section.subtree_has_move() and count_tokens(_render(whole)) <= MAX_TOKENS:
        return [_Piece(section.path, None, whole)]
    own = [section.heading] if section.heading else []
    pieces = [_Piece(section.path, None, own + section.body)]
    for child in section.children:
        pieces += _pieces(child)
    return pieces


def split(lines: list[Line], system: str, source: str, origin: str = "corpus", root_title: str = "Introduction") -> list[Chunk]:
    """Split cleaned ``lines`` of one file into chunks with metadata and content-hash ids."""
    chunks: list[Chunk] = []
    seen: dict[str, int] = {}
    for piece in _pieces(build_tree(lines, root_title)):
        body_words = sum(len(ln.text.split()) for ln in piece.lines if not ln.level)
        if body_words < MIN_WORDS:
            continue
        title_lines = [ln for ln in piece.lines[:1] if ln.level]
        rest = piece.lines[len(title_lines) :]
        parts = [piece.lines]
        limit = HARD_MAX_TOKENS if piece.move else SECTION_MAX_TOKENS
        if count_tokens(_render(piece.lines)) > limit:
            parts = _pack(title_lines, rest, limit)
        for index, part in enumerate(parts):
            text = _render(part)
            cited = part[len(title_lines) :] if index else part  # a later part starts at its own text
            numbers = [ln.number for ln in cited if ln.number and ln.text] or [part[0].number]
            base = make_chunk_id(system, source, piece.path, text)
            occurrence = seen.get(base, 0)
            seen[base] = occurrence + 1
            chunks.append(
                Chunk(
                    id=make_chunk_id(system, source, piece.path, text, occurrence),
                    system=system,
                    section_path=list(piece.path),
                    move=piece.move,
                    source=source,
                    line_start=min(numbers),
                    line_end=max(numbers),
                    text=text,
                    origin=origin,
                )
            )
    return chunks
