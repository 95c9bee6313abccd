"""Characters in a chat: create and edit them within the text's bounds, switch who plays, and aim a move at
another character or combatant (``aiming.py``) without switching who plays.

The commands (listed by ``/help``)::

    /character                          the sheet of the one playing, its fields and what each takes
    /character <name>                   another character's sheet
    /character add <name> [field=value ...]   a new character (a companion, an opponent); who plays stays
    /character play <name>              switch who plays
    /set [<name>:] <field> <value>      set a field, e.g. /set edge 3, /set vice Gambling, /set Mara: hp 12
    /add [<name>:] <list> <entry>       add to a list, e.g. /add belief The Magistrate lies, /add impact wounded
    /remove [<name>:] <list> <entry>    remove from a list by its number or words, e.g. /remove secret 1
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterable, Mapping
from contextlib import AbstractContextManager, nullcontext
from typing import Any

from assistant.chat.class_words import class_change_note
from assistant.chat.commands import CHARACTER_USAGE
from assistant.chat.session_base import SessionBase
from assistant.chat.sheet_text import sheet_text, shown_name, value_text
from assistant.chat.turn import Turn, TurnStream
from assistant.chat.turn import finish as _finish
from assistant.engine import InputError
from assistant.engine.character_edit import Edit, character_rules
from assistant.store import characters as store_characters
from assistant.store import service

USAGE = CHARACTER_USAGE


def split_field_value(rules: Any, rest: str) -> tuple[str, str]:
    """``max hp 18`` -> (``max hp``, ``18``): the longest run of leading words that names a field."""
    tokens = rest.split()
    for n in range(min(3, len(tokens) - 1), 0, -1):
        head = " ".join(tokens[:n])
        try:
            rules.find(head)
        except InputError:
            continue
        return head, " ".join(tokens[n:])
    if len(tokens) >= 2:
        rules.find(tokens[0])  # raises: names the fields there are
    raise InputError("Name the field and the value, e.g. /set edge 3.")


def _number_for_a_list(rules: Any, f: Any, number: str, who: str | None) -> str:
    """What to say to "/set demands 3": a list holds words, so a bare number is no entry; how to add one, how to
    remove one by its number, and the number field the player may have meant ("Demands before retiring")."""
    label, whose = f.label.lower(), f"{who}: " if who else ""
    text = (
        f"{f.label} is a list of entries in words, so “{number}” alone is not one. To add an entry, type its words "
        f"(/add {whose}{label} <the words>); to remove the entry numbered {number.lstrip('+-')}, "
        f"/remove {whose}{label} {number.lstrip('+-')}."
    )
    meant = next(
        (g for g in rules.fields if g.kind in ("int", "meter", "stat") and g.label.lower().startswith(label + " ")),
        None,
    )
    if meant is not None:
        text += f" To set {meant.label} to {number}, /set {whose}{meant.label.lower()} {number}."
    return text


def _who(rest: str) -> tuple[str | None, str]:
    """``Mara: hp 12`` -> (``Mara``, ``hp 12``)."""
    head, sep, tail = rest.partition(":")
    if sep and head.strip() and len(head.split()) <= 4 and tail.strip():
        return head.strip(), tail.strip()
    return None, rest.strip()


def their_words(message: str, who: str) -> str:
    """An engine message about the sheet a move was rolled with, told of ``who`` when that is not the one playing:
    "you have 0" is Mara's 0, and the sheet to fix is hers ("/set Mara: mana 2", not "/set mana 2")."""
    message = re.sub(r"\bPut your (\w+) on your sheet\b", rf"Put {who}'s \1 on {who}'s sheet", message)
    message = re.sub(r"\(for example /set (?![^):]*:)", f"(for example /set {who}: ", message)
    message = re.sub(r"\byour character has\b", f"{who} has", message)
    message = re.sub(r"\bdo you (suffer|take|lose)\b", rf"does {who} \1", message)  # "how much harm does Mara suffer"
    message = re.sub(r"\byour foe's\b", "the foe's", message)
    message = re.sub(r"\b[Yy]ou (cannot|can't|can)\b", rf"{who} \1", message)  # "Mara cannot cast a spell unless ..."
    return re.sub(r"\byou have\b", f"{who} has", message)


class CharactersMixin(SessionBase):
    """Creating, editing and switching characters."""

    def _over_pick(self) -> AbstractContextManager[None]:
        """Where an edit is stored while a move's pick may wait: filled in by the open choice (the pick carries the
        edit, or the edit is refused when the pick may change it)."""
        return nullcontext()

    # ---- turns ------------------------------------------------------------------------------------
    def _create_character(
        self, character: Mapping[str, Any] | None, play: bool, typed: str = "", brought: list[str] | None = None
    ) -> TurnStream:
        brought = character_rules(self.system).brought(character or {}) if brought is None else brought
        cid = store_characters.create_character(self.campaign, character, active=play, store=self.store)
        self.reload()
        who = shown_name(self._state, cid)
        playing = self._state.active() or {}
        said = (
            f"{who} joins the campaign and is the one playing."
            if play
            else f"{who} joins the campaign; {playing.get('name') or 'your character'} is still the one playing."
        )
        if brought:
            said += " " + "; ".join(brought)[:1].upper() + "; ".join(brought)[1:] + "."
        said += f" What you did not give is the starting sheet's; change it with /set {who}: <field> <value>."
        return (yield from self._said(typed or f"/character add {who}", said + "\n\n" + sheet_text(self._state, cid)))

    def _edit_character(self, edits: Iterable[Edit] | Mapping[str, Any], who: str | None, typed: str = "") -> TurnStream:
        classes = {c: sheet.get("class") for c, sheet in self._state.characters.items()}
        with self._over_pick():  # kept over a pick still to make, unless the pick may change it
            stored, changes = store_characters.edit(self.campaign, edits, character=who, store=self.store)
        self.reload()
        cid = stored.event.character_id if stored is not None else store_characters.find_character(self._state, who)  # type: ignore[union-attr]
        sheet = self._state.characters.get(cid) or {}
        if cid in classes and sheet.get("class") != classes[cid] and (brings := class_change_note(self.system, sheet)):
            changes = [*changes, brings[:1].lower() + brings[1:].rstrip(".")]  # a Wizard's spells and mana, as the text says
            changes = [re.sub(r"^Class (\w+) → (\w+)", lambda m: f"Class {_named(m[1])} → {_named(m[2])}", c) for c in changes]
        name = shown_name(self._state, cid)
        mine = name if not name.startswith("Your ") else "your" + name[4:]  # "your character", never "ash"
        text = f"{name}: " + "; ".join(changes) + "." if changes else f"Nothing changed on {mine}'s sheet."
        if changes == [f"Name set to {name}"]:  # a first name: not "Kira: Name set to Kira."
            text = f"Your character is now called {name}."
        seq = stored.seq if stored is not None else None  # nothing changed: nothing stored, nothing to undo
        return (yield from self._said(typed or "/set", text, event_seq=seq, notes=self._brink_notes()))

    def _said(self, typed: str, text: str, event_seq: int | None = None, notes: list[str] | None = None) -> TurnStream:
        self._say("assistant", text)
        turn = Turn(kind="command", player_text=typed, narration=text, narrator="template", event_seq=event_seq)
        turn.notes = list(notes or [])  # "/set health 0": what the rules say at 0
        return (yield from _finish(turn))

    def _character_command(self, name: str, rest: str, typed: str) -> TurnStream:
        rules = character_rules(self.system)
        if name == "character":
            head, _, tail = rest.partition(" ")
            if head.lower() == "add":
                sheet, brought = _new_sheet(rules, tail)
                return (yield from self._create_character(sheet, False, typed, brought))
            if head.lower() == "play":
                cid = store_characters.find_character(self._state, tail)
                stored = service.set_active_character(self.campaign, cid, store=self.store)
                self.reload()
                playing = shown_name(self._state, cid)
                return (yield from self._said(typed, f"{playing} is now the one playing.", event_seq=stored.seq))
            cid = store_characters.find_character(self._state, rest or None)
            shown = sheet_text(self._state, cid)
            self._say("assistant", shown)  # kept in the log: a reload shows what was typed and what it showed
            return (yield from _finish(Turn(kind="command", player_text=typed, narration=shown, narrator="template")))
        who, body = _who(rest)
        if who is not None and not self._names_character(who):
            who, body = None, rest.strip()  # "/set belief Note: ..." is a belief, not a character called "belief Note"
        if not body:
            what = "the field and the value" if name == "set" else "the list and the entry"
            raise InputError(f"Name {what}. Usage: {USAGE[name]}")
        head, _, rest_words = body.partition(" ")
        if name == "set" and head.lower() == "name" and rest_words.strip():  # a name is no sheet field to find
            return (yield from self._edit_character([Edit("name", rest_words.strip(), "set")], who, typed))
        if name in ("add", "remove") and _names_a_field(rules, body):  # "/add impact": which one is not said
            raise InputError(_entry_missing(rules, name, body.strip()))
        field, value = split_field_value(rules, body)
        op = "set" if name == "set" else name
        f = rules.find(field)
        if f.kind == "list" and op in ("set", "add") and re.fullmatch(r"\s*[+-]?\d+\s*", value):
            raise InputError(_number_for_a_list(rules, f, value.strip(), who))
        if op == "set" and f.kind in ("list", "impacts"):
            op = "add"  # "/set belief The Magistrate lies" adds a belief
        return (yield from self._edit_character([Edit(field, value, op)], who, typed))  # type: ignore[arg-type]

    def _require_sheet(self, request: Mapping[str, Any]) -> None:
        """A move resolved for someone else needs their sheet in the campaign (Deal Damage on a combatant)."""
        ref = request.get("character_id")
        if ref is None or self._names_character(str(ref)):
            return
        move = str(request.get("move", "the move")).replace("_", " ")
        example = f" (e.g. /character add {ref} hp=10 armor=1)" if "dungeon" in self.system else ""
        raise InputError(
            f"{ref} has no sheet in this campaign, so {move} can't land on them yet. Add them with "
            f"/character add {ref}{example}, then confirm it again."
        )

    def _who_is(self, ref: str) -> str:
        """A character's name for the player (its id or the words as given when it has no sheet)."""
        return shown_name(self._state, ref) if ref in self._state.characters else ref

    def _names_character(self, ref: str) -> bool:
        key = ref.strip().lower()
        return any(key in (cid.lower(), str(c.get("name", "")).strip().lower()) for cid, c in self._state.characters.items())


def _field_name(rules: Any, word: str) -> str:
    try:
        return str(rules.find(word).name)
    except InputError:
        return word


def _new_sheet(rules: Any, text: str) -> tuple[dict[str, Any], list[str]]:
    """``Mara class=bard "max hp"=18`` -> a new sheet (name, then field=value pairs), and what the values given
    brought with them in words (a bard's HP and armor)."""
    try:
        tokens = shlex.split(text)
    except ValueError as exc:
        raise InputError(f"Could not read that ({exc}). Usage: {USAGE['character']}") from None
    name_words = [t for t in tokens if "=" not in t]
    if not name_words:
        raise InputError(f"Give the new character a name. Usage: {USAGE['character']}")
    sheet: dict[str, Any] = {"name": " ".join(name_words)}
    edits = [Edit(t.split("=", 1)[0], t.split("=", 1)[1]) for t in tokens if "=" in t]
    given = {_field_name(rules, e.field): e.value for e in edits}
    for f in rules.fields:  # "max_hp=18" alone: a new character starts at it (HP 18), not above it
        if f.max_field and f.max_field in given and f.name not in given:
            edits.append(Edit(f.name, given[f.max_field]))
    if not edits:
        return sheet, []
    sheet, changes = rules.apply(sheet, edits, creating=True)
    return sheet, changes[len(edits) :]  # one change per edit, then what the values brought


def _named(value: str) -> str:
    """A Dungeon World class as the text names it ("Wizard"), in a change said after /set class."""
    return value_text("dungeon-world", "class", value)


def _entry_missing(rules: Any, command: str, field: str) -> str:
    """What "/add impact" (no entry) is told: the entry to name and, for a list of set values, those values."""
    f = rules.find(field)
    listed = rules.sheet.impacts if f.kind == "impacts" else (getattr(f, "values", None) or [])
    values = [str(v).replace("_", " ") for v in listed]
    which = f" ({', '.join(values)})" if values and command == "add" else ""
    example = values[0] if values and command == "add" else ("1" if command == "remove" else "<entry>")
    return f"Name what to {command}{which}, e.g. /{command} {field} {example}."


def _names_a_field(rules: Any, body: str) -> bool:
    """The words are a field's name alone ("impact", "lost spells"), no entry after them."""
    try:
        rules.find(body.strip())
    except InputError:
        return False
    return True
