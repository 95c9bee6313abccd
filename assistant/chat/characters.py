"""Characters in a chat: create and edit them within the text's bounds, switch who plays, and aim a move at
another character or combatant from the player's words ("I strike Mara") without switching who plays.

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

import dataclasses
import re
import shlex
from collections.abc import Iterable, Mapping
from typing import Any

from assistant.chat.commands import CHARACTER_USAGE
from assistant.chat.session_base import SessionBase
from assistant.chat.sheet_text import sheet_text, shown_name
from assistant.chat.their_moves import aim_notes, avoids, defends_against, refused_last
from assistant.chat.turn import Turn, TurnStream
from assistant.chat.turn import finish as _finish
from assistant.engine import AssistantError, InputError, get_ruleset
from assistant.engine.character_edit import Edit, character_rules
from assistant.store import characters as store_characters
from assistant.store import service

USAGE = CHARACTER_USAGE
#: Words that aim a move at someone: "I strike Mara", "against Mara", "at the guard".
_AIM = re.compile(
    r"\b(?:against|at|on|attack|attacks|strike|strikes|hit|hits|stab|stabs|shoot|shoots|target)\s+(?:the\s+)?([A-Z][\w'-]+)"
)


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
    message = re.sub(r"\b[Yy]ou (cannot|can't|can)\b", rf"{who} \1", message)  # "Mara cannot cast a spell unless ..."
    return re.sub(r"\byou have\b", f"{who} has", message)


class CharactersMixin(SessionBase):
    """Creating, editing and switching characters; aiming moves at another one."""

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
        stored, changes = store_characters.edit(self.campaign, edits, character=who, store=self.store)
        self.reload()
        cid = stored.event.character_id if stored is not None else store_characters.find_character(self._state, who)  # type: ignore[union-attr]
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

    # ---- aiming a move at someone -----------------------------------------------------------------
    def _aim(self, text: str, suggestions: list[Any], k: int = 3) -> tuple[list[Any], list[str]]:
        """The ``k`` best suggestions aimed at the character the player's words name ("I strike Mara"), or, in Dungeon
        World, at the only other character when the move attacks; the one playing stays the same. A move the named
        character makes on the one playing is ranked by their sheet, not the player's (Mara's spell, though the one
        playing has no mana)."""
        target = self._target_in(text)
        if target is not None and self._alongside(text, target):
            target = None  # "Mara and I slip in": the one playing acts, with Mara, on their own sheet
        # "Mara hits me for 5", "he cuts me, 4 damage": a blow on the one playing, whose sheet takes the damage
        by_them = (self._acts_on_me(text, target) if target is not None else bool(_BLOW_ON_ME.search(text))) or avoids(text)
        # "Mara attacks the hunter": Mara's own move on someone else, rolled with her sheet, aimed at no one here
        theirs = not by_them and target in self._state.characters and self._leads(text, str(target))
        first = str((getattr(suggestions[0], "request", None) or {}).get("move", "")) if suggestions else ""
        struck = target is not None and not by_them and not theirs and self._attacks(first)  # "I hack at Mara": the foe
        aimed: dict[str, list[str]] = {}  # each note and the moves it is about
        made_by: list[str] = []  # the moves the named character makes on the one playing ("Mara casts a spell on me")
        out = []
        for s in suggestions:
            request = dict(getattr(s, "request", None) or {})
            options = dict(request.get("options") or {})
            attacks = self._attacks(str(request.get("move", "")))
            hurts = attacks or self._taken_by_target(str(request.get("move", "")))
            aim = target if (target in self._state.characters or attacks) else None
            if aim is not None and not attacks and (struck or self._opposed(text, str(target))):
                aim = None  # "I defend against Duke", "I hack at Duke": Duke is the foe, not the one defended
            if aim is None and hurts:  # "deal the damage": on the one fought, not on the one playing
                others = [cid for cid in self._state.characters if cid != self._state.active_character]
                if len(others) == 1:
                    aim = others[0]
            taken = self._taken_by_target(str(request.get("move", "")))
            if (by_them and attacks or theirs) and target in self._state.characters and dataclasses.is_dataclass(s):
                # "Mara casts a spell on me": Mara's move, rolled with her sheet, aimed at the one playing
                out.append(self._made_by(s, request, options, target, at_me=not theirs))
                made_by.append(str(getattr(s, "move", "")))
                continue
            if taken and by_them and dataclasses.is_dataclass(s):  # "Mara hits me for 8": my sheet, not a follow-up's
                out.append(dataclasses.replace(s, request={**request, "character_id": self._state.active_character}))  # type: ignore[type-var]
                continue
            if by_them and target in self._state.characters:
                out.append(s)  # "Mara attacks me": Defend is the one playing's, not aimed at Mara
                continue
            if aim is None or "target" in options or not dataclasses.is_dataclass(s):
                out.append(s)
                continue
            if taken:  # "deal damage to Duke": Duke's sheet takes it
                request.pop("character", None)
                request["character_id"] = aim
            else:
                options["target"] = aim
                request["options"] = options
            out.append(dataclasses.replace(s, request=request))  # type: ignore[type-var]
            who = self._who_is(aim)
            tail = f"at {who} (read from your words)." if aim == target else f"at {who}, the only other character."
            aimed.setdefault(tail, []).append(str(getattr(s, "move", "") or request.get("move", "")))
        if made_by:  # ranked again now that their moves are theirs (Mara's spell by her mana, not the player's) ...
            out = sorted(out, key=lambda s: -float(getattr(s, "score", 0.0) or 0.0))
        out = out[:k]
        if made_by:  # ... and one her sheet refuses offered after the rest: "Suffer a Control Move" first
            out = refused_last(out)
        shown = [str(getattr(s, "move", "")) for s in out]  # the notes name the moves in the order offered
        made_by = [m for m in shown if m in made_by]
        aimed = {tail: [m for m in shown if m in moves] for tail, moves in aimed.items()}
        notes = aim_notes(made_by, aimed, len(out), self._who_is(target) if target is not None else "", theirs)
        return out, notes

    def _made_by(self, s: Any, request: dict[str, Any], options: dict[str, Any], maker: str, at_me: bool = True) -> Any:
        """Suggestion ``s`` as ``maker``'s move (their sheet's stat and odds), aimed at the one playing (``at_me``)
        or at no one in the campaign ("Mara attacks the hunter")."""
        from assistant.chat.their_moves import NOT_NOW, their_odds

        request.pop("character", None)
        request["character_id"] = maker
        request["options"] = {**options, "target": self._state.active_character} if at_me else options
        sheet = self._state.characters.get(maker, {})
        stat = getattr(s, "stat", None)
        value = (sheet.get("stats") or {}).get(stat, sheet.get(stat)) if stat else None
        odds, refused = their_odds(self._state, request, shown_name(self._state, maker))
        words = getattr(s, "odds_words", None)  # the one playing's "not now" is not the maker's
        words = refused or (None if str(words or "").startswith(NOT_NOW) else words)
        return dataclasses.replace(s, request=request, stat_value=value, odds=odds, odds_words=words, alternatives=[])

    def _as_theirs(self, exc: AssistantError, request: Mapping[str, Any]) -> AssistantError:
        """``exc`` told of the character whose sheet the move was rolled with, when not the one playing."""
        maker = request.get("character_id")
        if not maker or maker == self._state.active_character or maker not in self._state.characters:
            return exc
        said = their_words(exc.message, shown_name(self._state, str(maker)))
        exc.message, exc.args = said, (said,)
        return exc

    def _actor_of(self, request: Mapping[str, Any]) -> str:
        """The name of the one who makes this move when it is not the one playing: another character's move rolled
        with their sheet at the one playing ("Mara attacks me"), so the story tells it as theirs; "" otherwise."""
        maker, active = request.get("character_id"), self._state.active_character
        aimed = (request.get("options") or {}).get("target")
        if not maker or maker == active or maker not in self._state.characters or aimed not in (active, None):
            return ""
        if aimed is None and self._taken_by_target(str(request.get("move", ""))):
            return ""  # "I deal damage" on Mara: her sheet takes it, the move is the one playing's
        return shown_name(self._state, str(maker))

    def _price_payer(self) -> str:
        """The name of the one who pays the price of the last move when it was another character's (Mara's miss):
        the price's rows are told of her ("Mara is stressed"), not of the one playing; "" otherwise."""
        top = self.known.top
        if not isinstance(top, int) or isinstance(top, bool) or top <= 0:
            return ""
        found = self.store.events(self.campaign, after=top - 1, upto=top)
        if not found or found[0].event.type != "move_resolved":
            return ""
        event = found[0].event
        return self._actor_of(
            {**event.request, "character_id": event.state_change.character_id or event.request.get("character_id")}
        )

    def _opposed(self, text: str, target: str) -> bool:
        """The words name the character as the one opposed ("against Duke", "from Duke's blade")."""
        name = str(self._state.characters.get(target, {}).get("name") or target).strip()
        return bool(name) and re.search(rf"\b(?:against|from|versus|vs\.?)\s+{re.escape(name)}\b", text, re.I) is not None

    def _alongside(self, text: str, target: str) -> bool:
        """The words have the named character acting together with the one playing ("Mara and I slip in", "me and
        Mara sneak past"), not on them nor alone."""
        name = re.escape(str(self._state.characters.get(target, {}).get("name") or target).strip())
        lead = r"^\s*(?:(?:then|now|and|so|ok|okay)[\s,]+)?"  # "I strike Mara and I run": Mara is struck
        together = (rf"{lead}{name}\s*,?\s+and\s+(?:i|we|me)\b", rf"{lead}(?:i|me|we)\s+and\s+{name}\b")
        return bool(name) and any(re.search(p, text, re.I) for p in together)

    def _leads(self, text: str, target: str) -> bool:
        """The named character is the words' subject, first in them ("Mara attacks the hunter", "then Mara casts a
        spell"), not someone the one playing acts on ("I strike Mara")."""
        name = str(self._state.characters.get(target, {}).get("name") or target).strip()
        return bool(name) and re.match(rf"^\s*(?:(?:then|now|and|so)\s+)?{re.escape(name)}\b(?!')", text, re.I) is not None

    def _acts_on_me(self, text: str, target: str) -> bool:
        """The words tell the named character acting on the one playing ("Mara hits me", "Mara's blade cuts me"),
        not the one playing acting on them ("I hit Mara")."""
        name = str(self._state.characters.get(target, {}).get("name") or target).strip().lower()
        low = text.lower()
        found = re.search(rf"\b{re.escape(name)}\b", low)
        if not name or found is None or re.search(r"\b(?:i|we)\b", low[: found.start()]):
            return False
        return bool(re.search(r"\b(?:me|us|my|our)\b", low[found.end() :])) and not defends_against(low[found.end() :])

    def _target_in(self, text: str) -> str | None:
        """The campaign character (not the one playing) the player's words name, else a capitalised name after
        "against", "strike", "at"... (a combatant without a sheet)."""
        low = f" {text.lower()} "
        for cid, character in self._state.characters.items():
            if cid == self._state.active_character:
                continue
            name = str(character.get("name") or "").strip().lower()
            if name and re.search(rf"\b{re.escape(name)}\b", low):
                return cid
        match = _AIM.search(text)
        if match and match.group(1).lower() not in {"i", "my", "me", "them", "him", "her", "it", "you"}:
            return match.group(1)  # only an attack takes it (see _aim): "on Monday" aims at no one
        return None

    def _taken_by_target(self, move: str) -> bool:
        """A Dungeon World move resolved on the sheet of the one it hurts (Deal Damage), not of the one playing."""
        if get_ruleset(self.system).system_id != "dungeon-world" or not move:
            return False
        try:
            return get_ruleset(self.system).find_move(move).id == "deal_damage"
        except InputError:
            return False

    def _attacks(self, move: str) -> bool:
        """A Dungeon World move whose hit deals damage to someone (Hack & Slash, Volley, a damage spell)."""
        if get_ruleset(self.system).system_id != "dungeon-world" or not move:
            return False
        try:
            found = get_ruleset(self.system).find_move(move)
        except InputError:
            return False
        return found.id in {"hack_and_slash", "volley", "magic_missile", "cast_a_spell_wizard", "cast_a_spell_cleric"}


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


#: Someone else's blow on the one playing ("he hits me", "the orc slashed at me"), the sentence not begun by "I".
_BLOW_ON_ME = re.compile(r"^(?!\s*(?:i|we)\b)[^.!?]*?\b[a-z]+(?:s|ed)\s+(?:at\s+)?(?:me|us)\b", re.IGNORECASE)
