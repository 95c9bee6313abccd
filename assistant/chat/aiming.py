"""Aiming a move at another character or combatant from the player's words ("I strike Mara", "Mara hits me")
without switching who plays, and whose move a stored one is when it is not the one playing's."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from typing import Any

from assistant.chat.characters import CharactersMixin, their_words
from assistant.chat.sheet_text import shown_name
from assistant.chat.their_moves import (
    aim_notes,
    as_giver,
    avoids,
    defends_against,
    ranked_for_them,
    refused_last,
    taken_first,
)
from assistant.engine import AssistantError, InputError, get_ruleset

#: Words that aim a move at someone: "I strike Mara", "against Mara", "at the guard".
_AIM = re.compile(
    r"\b(?:against|at|on|attack|attacks|strike|strikes|hit|hits|stab|stabs|shoot|shoots|target)\s+(?:the\s+)?([A-Z][\w'-]+)"
)


#: Where the words go on to what someone else is to do or where ("... into telling us", "... where we hide", "... so
#: that we pass"): a "me" or "us" past it is not the one the named character acts on ("Mara tries to stab me" is).
_FOR_ANOTHER = re.compile(r"\b(?:into|while|where|because|until|so that)\b|;")
#: The named character acting for the one playing ("Mara sings to inspire me", "Mara heals us"): her move, not one
#: made on the one playing (as "Mara hits me" is).
#: A foe the words name that is no campaign character ("I hack at the goblin archer"): the blow is not aimed at the
#: only other character, whose sheet would take damage meant for the goblin.
_FOE_NAMED = re.compile(
    r"\b(?:at|attack|attacks|hit|hits|strike|strikes|stab|stabs|shoot|shoots|hack|slash|charge|swing)\s+(?:at\s+)?"
    r"(?:the|a|an|that|this|those|these|two|three|some)\s+(?!(?:same|other)\b)[a-z]",
    re.IGNORECASE,
)
_FOR_ME = re.compile(
    r"\b(?:inspir|heal|help|aid|protect|shield|cover|bless|rescu|sav|support|encourag|bandag|patch|steady|steadi|buff|giv|grant|lend)\w*(?:\s+up)?\s+(?:me|us)\b"
    r"|\b(?:heal|bandag|patch|stitch|tend|treat|mend|dress)\w*(?:\s+up)?\s+(?:my|our)\s+(?:wounds?|injur\w*|cuts?|arm|leg|side|burns?)\b"
    r"|\bwatch\w*\s+(?:my|our)\s+backs?\b|\bback\w*\s+(?:me|us)\s+up\b|\bkeeps?\s+them\s+off\s+(?:me|us)\b"
)


class AimingMixin(CharactersMixin):
    """Aiming moves at another character; whose move it is."""

    def _aim(self, text: str, suggestions: list[Any], k: int = 3) -> tuple[list[Any], list[str]]:
        """The ``k`` best suggestions aimed at the character the player's words name ("I strike Mara"), or, in Dungeon
        World, at the only other character when the move attacks; the one playing stays the same. A move the named
        character makes on the one playing is ranked by their sheet, not the player's (Mara's spell, though the one
        playing has no mana)."""
        befallen = self._befallen(text)
        if befallen is not None:  # "the hunter stakes Mara": what befalls Mara is met with her moves, not aimed at her
            return self._met_by(suggestions, befallen, k)
        maker = self._maker_in(text)
        on_other = self._target_in(text, besides=maker) if maker is not None else None
        if maker is not None and on_other is not None and on_other in self._state.characters:
            return self._theirs_at(suggestions, maker, on_other, k)  # "Bart attacks Mia": Bart's move, at Mia
        target = self._target_in(text)
        if target is not None and (self._alongside(text, target) or self._asked_of(text, target)):
            # "Mara and I slip in", "I ask Mara to keep watch while I rest": the one playing acts, on their own sheet
            target = None
        # "Mara hits me for 5", "he cuts me, 4 damage": a blow on the one playing, whose sheet takes the damage
        by_them = (self._acts_on_me(text, target) if target is not None else bool(_BLOW_ON_ME.search(text))) or avoids(text)
        by_them = by_them or (target is None and _TAKEN_BY_ME.search(text) is not None)  # "i take the hit, 8 damage"
        # "Mara attacks the hunter": Mara's own move on someone else, rolled with her sheet, aimed at no one here
        theirs = not by_them and target in self._state.characters and self._leads(text, str(target))
        first = str((getattr(suggestions[0], "request", None) or {}).get("move", "")) if suggestions else ""
        struck = target is not None and not by_them and not theirs and self._attacks(first)  # "I hack at Mara": the foe
        aimed: dict[str, list[str]] = {}  # each note and the moves it is about
        made_by: list[str] = []  # the moves the named character makes on the one playing ("Mara casts a spell on me")
        out: list[Any] = []
        for s in suggestions:
            request = dict(getattr(s, "request", None) or {})
            options = dict(request.get("options") or {})
            attacks = self._attacks(str(request.get("move", "")))
            hurts = attacks or self._taken_by_target(str(request.get("move", "")))
            aim = target if (target in self._state.characters or attacks) else None
            if aim is not None and not attacks and (struck or self._opposed(text, str(target))):
                aim = None  # "I defend against Duke", "I hack at Duke": Duke is the foe, not the one defended
            unnamed_foe = target is None and _FOE_NAMED.search(text) is not None  # "the goblin archer": no sheet here
            if aim is None and hurts and not unnamed_foe and not self._unaimed_spell(text, str(request.get("move", ""))):
                # "deal the damage": on the one fought, not on the one playing
                others = [cid for cid in self._state.characters if cid != self._state.active_character]
                if len(others) == 1:
                    aim = others[0]
            taken = self._taken_by_target(str(request.get("move", "")))
            if (by_them and attacks or theirs) and target in self._state.characters and dataclasses.is_dataclass(s):
                # "Mara casts a spell on me": Mara's move, rolled with her sheet, aimed at the one playing
                # "Kira, cover me!": her move in support of the one playing, at them (Aid Your Ally's benefits are theirs)
                out.append(self._made_by(s, request, options, target, at_me=not theirs or bool(_FOR_ME.search(text))))
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
            made = s if taken else as_giver(self._state, s, request)  # "I bandage Kira's arm": I provide the care, +wits
            out.append(dataclasses.replace(made, request=request))  # type: ignore[type-var]
            who = self._who_is(aim)
            tail = f"at {who} (read from your words)." if aim == target else f"at {who}, the only other character."
            aimed.setdefault(tail, []).append(str(getattr(s, "move", "") or request.get("move", "")))
        if made_by:  # ranked again now that their moves are theirs (Mara's spell by her mana, not the player's) ...
            out = ranked_for_them(suggestions, out)
        out = out[:k]
        if made_by:  # ... and one her sheet refuses offered after the rest: "Suffer a Control Move" first
            out = refused_last(out)
        out = taken_first(text, out, self._taken_by_target)  # "duke swings at me, i take 7 damage": Deal Damage first
        shown = [str(getattr(s, "move", "")) for s in out]  # the notes name the moves in the order offered
        made_by = [m for m in shown if m in made_by]
        aimed = {tail: [m for m in shown if m in moves] for tail, moves in aimed.items()}
        notes = aim_notes(made_by, aimed, len(out), self._who_is(target) if target is not None else "", theirs)
        return out, notes

    def _theirs_at(self, suggestions: list[Any], maker: str, target: str, k: int) -> tuple[list[Any], list[str]]:
        """The suggestions for one campaign character acting on another, neither the one playing ("Bart attacks Mia"):
        ``maker``'s moves, rolled with their sheet and aimed at ``target``; a move resolved on the sheet of the one it
        hurts (Deal Damage) is resolved on ``target``'s."""
        from assistant.chat.chat_words import and_list

        out: list[Any] = []
        for s in suggestions:
            request = dict(getattr(s, "request", None) or {})
            if not dataclasses.is_dataclass(s):
                out.append(s)
            elif self._taken_by_target(str(request.get("move", ""))) or self._resisted(str(request.get("move", ""))):
                request.pop("character", None)
                request["options"] = {k: v for k, v in dict(request.get("options") or {}).items() if k != "target"}
                out.append(dataclasses.replace(s, request={**request, "character_id": target}))  # type: ignore[type-var]
            else:
                out.append(self._made_by(s, request, dict(request.get("options") or {}), maker, at=target))
        out = refused_last(sorted(out, key=lambda s: -float(getattr(s, "score", 0.0) or 0.0))[:k])
        who, whom = self._who_is(maker), self._who_is(target)
        names = [str(getattr(s, "move", "")) for s in out]
        on_target = [m for m in names if self._taken_by_target(m)]  # Deal Damage: resolved on the sheet it hurts
        resisted = [m for m in names if self._resisted(m)]  # a Saving Throw: made by the one the control acts on
        moves = [m for m in names if m not in on_target + resisted]

        def are(listed: list[str]) -> str:
            return f"{and_list(listed)} {'are' if len(listed) > 1 else 'is'}"

        said = [f"{are(moves)} {who}'s, rolled with {who}'s sheet, at {whom}"] if moves else []
        said += [f"{are(resisted)} {whom}'s, rolled with {whom}'s sheet"] if resisted else []
        said += [f"{are(on_target)} resolved on {whom}'s sheet"] if on_target else []
        return out, ["; ".join(said) + " (read from your words)."]

    def _befallen(self, text: str) -> str | None:
        """The campaign character, not the one playing, whom a deed of someone with no sheet here befalls ("the hunter
        stakes Mara", "a ghoul bites Mara in the arm"): the words begun by neither the one playing nor a character of
        the campaign, the name after the deed's verb; else None."""
        target = self._target_in(text)
        if target is None or target not in self._state.characters or self._maker_in(text) is not None:
            return None
        active = self._state.active_character
        if self._leads(text, target) or (active is not None and self._leads(text, active)):
            return None
        name = re.escape(str(self._state.characters[target].get("name") or target).strip())
        return target if re.search(_BEFALLS.format(name=name), text, re.IGNORECASE) else None

    def _met_by(self, suggestions: list[Any], who: str, k: int) -> tuple[list[Any], list[str]]:
        """The suggestions for what befalls ``who`` (ranked as if it befell the one playing, see ``_suggestions_for``)
        as ``who``'s moves, rolled with their sheet and aimed at no one: "the hunter stakes Mara" is Mara's Endure
        Harm, as "the hunter stakes me" is the one playing's."""
        out: list[Any] = []
        for s in suggestions:
            request = dict(getattr(s, "request", None) or {})
            made = dataclasses.is_dataclass(s)
            out.append(self._made_by(s, request, dict(request.get("options") or {}), who, at_me=False) if made else s)
        out = refused_last(ranked_for_them(suggestions, out)[:k])
        names = [str(getattr(s, "move", "")) for s in out]
        return out, aim_notes(names, {}, len(out), self._who_is(who), True)

    def _maker_in(self, text: str) -> str | None:
        """The campaign character, not the one playing, whose name leads the words ("Bart attacks Mia"), else None."""
        for cid in self._state.characters:
            if cid != self._state.active_character and self._leads(text, cid):
                return cid
        return None

    def _made_by(
        self, s: Any, request: dict[str, Any], options: dict[str, Any], maker: str, at_me: bool = True, at: str = ""
    ) -> Any:
        """Suggestion ``s`` as ``maker``'s move (their sheet's stat and odds), aimed at the one playing (``at_me``),
        at another campaign character (``at``) or at no one in the campaign ("Mara attacks the hunter")."""
        from assistant.chat.their_moves import NOT_NOW, their_odds

        request.pop("character", None)
        request["character_id"] = maker
        aim = at or (self._state.active_character if at_me else "")
        request["options"] = {**options, "target": aim} if aim else options
        sheet = self._state.characters.get(maker, {})
        s = as_giver(self._state, s, request) if aim and aim != maker else s  # "Kira bandages my arm": "+wits"
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
        if not maker or maker == active or maker not in self._state.characters or aimed == maker:
            return ""
        if aimed not in (active, None) and aimed not in self._state.characters:
            return ""
        if aimed is None and self._taken_by_target(str(request.get("move", ""))):
            return ""  # "I deal damage" on Mara: her sheet takes it, the move is the one playing's
        return shown_name(self._state, str(maker))

    def _aided(self, result: Any, request: Mapping[str, Any]) -> str | None:
        """Whom an Aid Your Ally aids, as its picks name them: "" for the one playing, their name for another; None
        for any other move, or an aid that names no one."""
        from assistant.narrate.aid_words import AID_MOVE

        target = (request.get("options") or {}).get("target")
        if result.move_id != AID_MOVE or not target:
            return None
        if target == self._state.active_character:
            return ""
        return shown_name(self._state, str(target)) if target in self._state.characters else str(target)

    def _price_payer(self) -> str:
        """The name of the one who pays the price of the last move when it was another character's (Mara's miss):
        the price's rows are told of her ("Mara is stressed"), not of the one playing; "" otherwise. The last move is
        the last roll that decided something: an oracle asked or a table rolled since Mara's miss leaves it hers."""
        from assistant.chat.followed_next import LOOK_BACK
        from assistant.store.no_move import decides_nothing

        top = self.known.top
        if not isinstance(top, int) or isinstance(top, bool) or top <= 0:
            return ""
        found = self.store.events(self.campaign, after=max(0, top - LOOK_BACK), upto=top)
        undone = {e.event.target_seq for e in found if e.event.type == "undo"}
        for stored in reversed(found):
            event = stored.event
            if stored.seq in undone or event.type != "move_resolved":
                continue  # the story's messages, a /set, an undo: no roll
            if decides_nothing(event.result):  # "/oracle is the priest awake?" after Mara's miss: still hers
                continue
            return self._actor_of(
                {**event.request, "character_id": event.state_change.character_id or event.request.get("character_id")}
            )
        return ""

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

    def _asked_of(self, text: str, target: str) -> bool:
        """The one playing asks the named character to do something ("I ask Mara to keep watch", "I tell Mara to
        wait"): what the player then does is not aimed at her."""
        name = re.escape(str(self._state.characters.get(target, {}).get("name") or target).strip())
        asked = rf"^\s*(?:i|we)\s+(?:ask|tell|beg|order|get|let|have|want)s?\s+{name}\s+to\b"
        return bool(name) and re.search(asked, text, re.I) is not None

    def _leads(self, text: str, target: str) -> bool:
        """The named character is the words' subject, first in them ("Mara attacks the hunter", "then Mara casts a
        spell"), not someone the one playing acts on ("I strike Mara")."""
        name = str(self._state.characters.get(target, {}).get("name") or target).strip()
        return bool(name) and re.match(rf"^\s*(?:(?:then|now|and|so)\s+)?{re.escape(name)}\b(?!')", text, re.I) is not None

    def _acts_on_me(self, text: str, target: str) -> bool:
        """The words tell the named character acting on the one playing ("Mara hits me", "Mara's blade cuts me"),
        not the one playing acting on them ("I hit Mara"), nor acting on someone else for them ("Mara charms the
        tavern keeper into telling us where the hunter sleeps": "us" is in what the keeper is to do)."""
        name = str(self._state.characters.get(target, {}).get("name") or target).strip().lower()
        low = text.lower()
        found = re.search(rf"\b{re.escape(name)}\b", low)
        if not name or found is None or re.search(r"\b(?:i|we)\b", low[: found.start()]):
            return False
        after = _FOR_ANOTHER.split(low[found.end() :], 1)[0]
        mine = str((self._state.active() or {}).get("name") or "").strip().lower()
        me = r"me|us|my|our" + (f"|{re.escape(mine)}" if mine else "")  # "Bart attacks Mia", Mia playing: at me
        return bool(re.search(rf"\b(?:{me})\b", after)) and not defends_against(after) and not _FOR_ME.search(after)

    def _target_in(self, text: str, besides: str | None = None) -> str | None:
        """The campaign character (not the one playing, nor ``besides``) the player's words name, else a capitalised
        name after "against", "strike", "at"... (a combatant without a sheet)."""
        low = f" {text.lower()} "
        for cid, character in self._state.characters.items():
            if cid in (self._state.active_character, besides):
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
        from assistant.chat.undone_words import taken_by_target

        return taken_by_target(self.system, move)

    def _resisted(self, move: str) -> bool:
        """A Dungeon World move made by the one another's move acts on, to resist it (a Saving Throw)."""
        if get_ruleset(self.system).system_id != "dungeon-world" or not move:
            return False
        try:
            return bool(re.search(r"\bresist it\b", get_ruleset(self.system).find_move(move).trigger or "", re.I))
        except InputError:
            return False

    def _unaimed_spell(self, text: str, move: str) -> bool:
        """A Dungeon World spell cast with no word of harm or aim ("I cast a spell", "I cast a spell to light the
        room"): not aimed at the only other character, as a blow would be (it was aimed at Duke)."""
        if _HOSTILE_SPELL.search(text):
            return False
        try:
            found = get_ruleset(self.system).find_move(move)
        except InputError:
            return False
        return found.id in {"cast_a_spell_wizard", "cast_a_spell_cleric"}

    def _attacks(self, move: str) -> bool:
        """A Dungeon World move whose hit deals damage to someone (Hack & Slash, Volley, a damage spell)."""
        if get_ruleset(self.system).system_id != "dungeon-world" or not move:
            return False
        try:
            found = get_ruleset(self.system).find_move(move)
        except InputError:
            return False
        return found.id in {"hack_and_slash", "volley", "magic_missile", "cast_a_spell_wizard", "cast_a_spell_cleric"}


#: A deed of someone else's on the named character: the words begun by another than "I" or "we", the name after a verb
#: ("the hunter stakes Mara", "a ghoul bit Mara", "the hunter fires at Mara").
_BEFALLS = r"^(?!\s*(?:i|we|my|our|me)\b)[^.!?;]*?\b[a-z]+(?:s|ed)\s+(?:at\s+|on\s+|into\s+|upon\s+)?{name}\b"


#: Someone else's blow on the one playing ("he hits me", "the orc slashed at me"), the sentence not begun by "I".
_BLOW_ON_ME = re.compile(r"^(?!\s*(?:i|we)\b)[^.!?]*?\b[a-z]+(?:s|ed)\s+(?:at\s+)?(?:me|us)\b", re.IGNORECASE)


#: Harm the one playing takes, told by them ("i take the hit, 8 damage", "I lose 5 hp", "I'm hit for 6"): a blow on
#: them, whose sheet takes the damage, not the only other character's.
_TAKEN_BY_ME = re.compile(
    r"^\s*(?:i|we)(?:'m|\s+am|\s+get|\s+got)?\s+(?:take|takes|took|taking|suffer|suffered|lose|lost|hit|struck)\b"
    r"[^.!?]*?\b(?:hit|blow|damage|dmg|hp|wound|wounds|for\s+\d+)\b",
    re.IGNORECASE,
)


#: Words that aim a spell at a foe ("I cast a spell at him", "I blast her with fire", "a curse on my opponent").
_HOSTILE_SPELL = re.compile(
    r"\b(?:at|on|against|into)\s+(?:him|her|them|my\s+(?:foe|enemy|opponent|rival)|the\s+(?:foe|enemy|opponent))\b|"
    r"\b(?:attack|attacks|blast|blasts|burn|burns|hurt|hurts|harm|harms|kill|kills|strike|strikes|smite|smites|hit|hits|"
    r"damage|curse|curses|zap|fry|scorch)\b",
    re.IGNORECASE,
)
