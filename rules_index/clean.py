"""Cleaning rules texts for indexing: one cleaner per system, all producing the same ``Line`` stream.

A cleaner never edits the shipped files; it yields cleaned lines that keep the number of the original
line they came from (so citations point at the received wording), with headings marked by level. A
heading may be flagged as a move, which the splitter keeps whole with its outcomes and tables.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable

from rules_index import clean_text
from rules_index.clean_text import Line

__all__ = ["CLEANERS", "Line", "clean", "clean_inline"]


# --- inline cleaning ------------------------------------------------------------------------------

_IMAGE = re.compile(r"!\[[^\]]*\]\([^)]*\)")
_WIKILINK = re.compile(r"\[\[([^\]|]*?)(?:\|([^\]]*))?\]\]")
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_LI = re.compile(r"<li[^>]*>", re.IGNORECASE)
_TAG = re.compile(r"</?[A-Za-z][^>]*>")
_BOLD = re.compile(r"\*\*(.*?)\*\*|__(.+?)__")
_ITALIC_STAR = re.compile(r"(?<![\w*])\*(?=\S)([^*\n]*?\S)\*(?![\w*])")
_ITALIC_UNDERSCORE = re.compile(r"(?<![A-Za-z0-9_])_(?=[^_\s])([^_\n]*?[^_\s])_(?![A-Za-z0-9_])")
_ESCAPE = re.compile(r"\\([\\`*_{}\[\]()#+\-.!|>])")
_SPACES = re.compile(r"[ \t\u00a0]+")
_TOC_ONLY = re.compile(r"^[\s|*#>-]*$")


def clean_inline(text: str) -> str:
    """Strip HTML tags/entities, Markdown links, emphasis and escapes from one line of text."""
    text = _IMAGE.sub("", text)
    text = _WIKILINK.sub(lambda m: m.group(2) or m.group(1).split("#")[-1], text)
    text = _LINK.sub(r"\1", text)
    text = _LI.sub("- ", text)
    text = _TAG.sub("", text)
    text = html.unescape(text)
    text = _BOLD.sub(lambda m: m.group(1) if m.group(1) is not None else m.group(2), text)
    text = text.replace("**", "")
    text = _ITALIC_STAR.sub(r"\1", text)
    text = _ITALIC_UNDERSCORE.sub(r"\1", text)
    text = _ESCAPE.sub(r"\1", text)
    text = text.replace("`", "")
    return _SPACES.sub(" ", text).strip()


def is_link_only(raw: str) -> bool:
    """True for navigation/table-of-contents lines made only of links (and bullets or separators)."""
    if "[" not in raw:
        return False
    stripped = _WIKILINK.sub("", _LINK.sub("", raw))
    return bool(_TOC_ONLY.match(stripped))


# --- Markdown ---------------------------------------------------------------------------------------

_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_BULLET = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")
_QUOTE = re.compile(r"^\s*>\s?")


def markdown_lines(raw_lines: list[str], triggers: bool = False) -> list[Line]:
    """Generic Markdown cleaning: headings, bullets, tables and quotes kept as plain cleaned lines."""
    out: list[Line] = []
    for number, raw in enumerate(raw_lines, start=1):
        if raw.lstrip().startswith("@TODO") or is_link_only(raw) or _TABLE_RULE.match(raw):
            continue
        heading = _HEADING.match(raw)
        if heading:
            title = clean_inline(heading.group(2))
            if title:
                out.append(Line(number, title, level=len(heading.group(1))))
            continue
        body = _QUOTE.sub("", raw)
        bullet = _BULLET.match(body)
        text = clean_inline(body[bullet.end() :] if bullet else body)
        if not text:
            if out and out[-1].text and not out[-1].level:
                out.append(Line(number, ""))
            continue
        out.append(Line(number, f"- {text}" if bullet else text))
    return mark_moves(out, triggers)


_MOVE_TRIGGER = re.compile(r"^(?:- )?When (?:you|your|a faction)\b", re.IGNORECASE)


def mark_moves(lines: list[Line], triggers: bool = False) -> list[Line]:
    """Flag as moves the headings under a "... Moves" heading (already-flagged headings stay moves).

    With ``triggers`` (homebrew), a heading whose text opens with "When you ..." is a move too.
    """
    stack: list[Line] = []
    result = list(lines)
    for i, line in enumerate(lines):
        if not line.level:
            continue
        while stack and stack[-1].level >= line.level:
            stack.pop()
        parent_is_category = bool(stack) and stack[-1].text.lower().rstrip(":").endswith("moves")
        under_move = any(h.move for h in stack)
        first_body = next((ln.text for ln in lines[i + 1 :] if ln.level or ln.text), "")
        opens_with_trigger = triggers and bool(_MOVE_TRIGGER.match(first_body))
        is_move = not under_move and (parent_is_category or opens_with_trigger or line.move)
        if "moves" in line.text.lower().split():
            is_move = False
        result[i] = Line(line.number, line.text, line.level, is_move)
        stack.append(result[i])
    return result


# --- per-system cleaners ----------------------------------------------------------------------------


def clean_blades(raw_lines: list[str]) -> list[Line]:
    """Blades in the Dark: Markdown with HTML spans, ordered lists and entities."""
    return markdown_lines(raw_lines)


def clean_markdown(raw_lines: list[str]) -> list[Line]:
    """City and Starforged Markdown."""
    return markdown_lines(raw_lines)


def clean_homebrew_markdown(raw_lines: list[str]) -> list[Line]:
    """A user's Markdown rules: moves are also recognised by their "When you ..." trigger."""
    return markdown_lines(raw_lines, triggers=True)


_ICONS = {"l l": "Strong hit:", "l f": "Weak hit:", "f f": "Miss:"}
_ICON_LINE = re.compile(r"^(l l|l f|f f)(?:\s+(.*))?$")
_CHAPTER = re.compile(r"^CHAPTER\s+([IVXLC]+):?\s*$")
_PAGE_NUMBER_HEADING = re.compile(r"^(#{1,6})\s+\d{1,3}\s+(.*)$")
_RANKS = ("Troublesome", "Dangerous", "Formidable", "Extreme", "Epic")
_RUN_IN_RANK = re.compile(rf"^(.*\S)\s+({'|'.join(_RANKS)})$")
_RUN_IN_MOVE = re.compile(r"^([A-Z][A-Za-z' ]{2,40}?)\s+(When you\b.*)$")


def clean_elegy(raw_lines: list[str]) -> list[Line]:
    """Elegy: repair PDF-extraction damage before the Markdown pass.

    Joins the split chapter title, strips page numbers glued to headings, turns the dice icons
    ("l l", "l f", "f f") into words, restores lost bullets (lines indented by one space), moves a
    heading that landed mid-sentence after the sentence's end, and recovers move names run into the
    first line of their text ("Face danger When you ...").
    """
    fixed: list[str] = []
    i = 0
    while i < len(raw_lines):
        raw = raw_lines[i].rstrip("\n")
        chapter = _CHAPTER.match(raw.strip())
        if chapter:
            words = []
            j = i + 1
            while j < len(raw_lines) and raw_lines[j].strip() and raw_lines[j].strip().isupper():
                words.append(raw_lines[j].strip().title())
                j += 1
            fixed.append(f"# Chapter {chapter.group(1)}: {' '.join(words)}".rstrip())
            fixed.extend([""] * (j - i - 1))  # keep line numbers aligned
            i = j
            continue
        raw = _PAGE_NUMBER_HEADING.sub(r"\1 \2", raw)
        if raw.startswith("# "):  # only the chapter title is level 1; other "#" headings are sections
            raw = "#" + raw
        icon = _ICON_LINE.match(raw.strip())
        if icon:
            raw = f"{_ICONS[icon.group(1)]} {icon.group(2)}" if icon.group(2) else ""
        elif re.match(r"^ \S", raw):
            raw = "- " + raw[1:]
        fixed.append(raw)
        i += 1
    lines = markdown_lines(fixed)
    return _repair_elegy_structure(lines)


def _repair_elegy_structure(lines: list[Line]) -> list[Line]:
    out: list[Line] = []
    in_sample_tracks = False
    category_seen = False
    skip: set[int] = set()
    for idx, line in enumerate(lines):
        if idx in skip:
            continue
        if line.level:
            in_sample_tracks = in_sample_tracks and line.level >= 4 and line.text in _RANKS
            if line.text.startswith("Sample Progress Tracks"):
                rest = line.text[len("Sample Progress Tracks") :].strip()
                out.append(Line(line.number, "Sample Progress Tracks", line.level))
                if rest:
                    out.append(Line(line.number, rest))
                in_sample_tracks = True
                continue
            if in_sample_tracks:
                out.append(Line(line.number, line.text))
                continue
            category_seen = line.text.endswith("Moves") and line.level == 3
            # a heading dropped mid-sentence: previous text unfinished and next text starts lowercase
            nxt = next((j for j in range(idx + 1, len(lines)) if lines[j].text), None)
            prev = next((ln for ln in reversed(out) if ln.text), None)
            if (
                nxt is not None
                and prev is not None
                and not prev.level
                and not lines[nxt].level
                and lines[nxt].text[:1].islower()
                and not prev.text.rstrip().endswith((".", ":", "!", "?", ")"))
            ):
                out.append(lines[nxt])
                out.append(line)
                skip.add(nxt)
                continue
            out.append(line)
            continue
        if in_sample_tracks:
            run_in = _RUN_IN_RANK.match(line.text)
            if run_in:
                out.extend([Line(line.number, run_in.group(1)), Line(line.number, run_in.group(2))])
                continue
        if category_seen and line.text:
            run_in_move = _RUN_IN_MOVE.match(line.text)
            category_seen = False
            if run_in_move:
                out.append(Line(line.number, run_in_move.group(1).title(), level=4))
                out.append(Line(line.number, run_in_move.group(2)))
                continue
        out.append(line)
    return mark_moves(out)


def clean_dungeon_world(raw_lines: list[str]) -> list[Line]:
    """Dungeon World: plain text without headings; sections are recovered from the lines naming them."""
    return mark_moves(clean_text.recover_sections(raw_lines, lead_ins=clean_text.DUNGEON_WORLD_LEAD_INS))


def clean_plain_text(raw_lines: list[str]) -> list[Line]:
    """Homebrew plain text: Markdown if it has Markdown headings, else recovered sections."""
    if any(_HEADING.match(raw) for raw in raw_lines):
        return markdown_lines(raw_lines, triggers=True)
    return mark_moves(clean_text.recover_sections(raw_lines), triggers=True)


CLEANERS: dict[str, Callable[[list[str]], list[Line]]] = {
    "city": clean_markdown,
    "starforged": clean_markdown,
    "blades": clean_blades,
    "elegy": clean_elegy,
    "dungeon-world": clean_dungeon_world,
}


def clean(system: str, text: str, suffix: str = ".md") -> list[Line]:
    """Clean ``text`` of ``system`` with that system's cleaner (homebrew: by file type)."""
    raw_lines = text.splitlines()
    cleaner = CLEANERS.get(system)
    if cleaner is None:
        cleaner = clean_homebrew_markdown if suffix.lower() in {".md", ".markdown"} else clean_plain_text
    return cleaner(raw_lines)
