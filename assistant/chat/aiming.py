"""Aiming a move at another character or combatant from the player's words ("I strike Mara", "Mara hits me")
without switching who plays. The words are read in ``aim_words``, the kinds of move in ``aim_moves``, whose move a
stored one is in ``whose_move``."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from assistant.chat.aim_words import FOR_ME, AimWordsMixin
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
from assistant.chat.whose_move import WhoseMoveMixin

#: A foe the words name that is no campaign character ("I hack at the goblin archer"): the blow is not aimed at the
#: only other character, whose sheet would take damage meant for the goblin.
_FOE_NAMED = re.compile(
    r"\b(?:at|attack|attacks|hit|hits|strike|strikes|stab|stabs|shoot|shoots|hack|slash|charge|swing)\s+(?:at\s+)?"
    r"(?:the|a|an|that|this|those|these|two|three|some)\s+(?!(?:same|other)\b)[a-z]",
    re.IGNORECASE,
)


class AimingMixin(AimWordsMixin, WhoseMoveMixin):
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
            if _I_ACT_TOO.search(text) and on_other != self._state.active_character:
                return self._stepping_in(suggestions, maker, on_other, k)  # "duke attacks mara and i step in"
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
            # "duke hits back with his mace": at the one playing; not "Mara dives aside from my fireball" (my damage on her)
            back = theirs and _FOE_NAMED.search(text) is None and not avoids(text) and not defends_against(text)
            if taken and back and dataclasses.is_dataclass(s):  # and his blow's damage comes off the player's sheet
                out.append(dataclasses.replace(s, request={**request, "character_id": self._state.active_character}))  # type: ignore[type-var]
                continue
            if (by_them and attacks or theirs) and target in self._state.characters and dataclasses.is_dataclass(s):
                # "Mara casts a spell on me": Mara's move, rolled with her sheet, aimed at the one playing
                # "Kira, cover me!": her move in support of the one playing, at them (Aid Your Ally's benefits are theirs)
                at_me = not theirs or bool(FOR_ME.search(text)) or (back and attacks)
                out.append(self._made_by(s, request, options, target, at_me=at_me))
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
        at_you = [str(getattr(s, "move", "")) for s in out if self._at_me_back(s, theirs, text)]
        if at_you:  # "duke hits back with his mace": his blow at the one playing, its damage on their sheet
            verb = "are" if len(at_you) > 1 else "is"
            notes.append(f"{' and '.join(at_you)} {verb} aimed at you, the only one named in the fight.")
        return out, notes

    def _at_me_back(self, s: Any, theirs: bool, text: str) -> bool:
        """A blow of the named character's aimed at the one playing though the words name no one ("Duke hits back")."""
        request = getattr(s, "request", None) or {}
        aimed = (request.get("options") or {}).get("target")
        return theirs and aimed == self._state.active_character and self._attacks(str(request.get("move", "")))

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

    def _stepping_in(self, suggestions: list[Any], maker: str, defended: str, k: int) -> tuple[list[Any], list[str]]:
        """The one playing's moves when the words tell another's deed on a third and then theirs ("duke attacks mara
        and i step in to defend her"): a blow at the one who made the deed, any other move (Defend) for the one it
        befell; damage the deed would deal is not the player's to roll here (Defend's hit hands it on)."""
        out: list[Any] = []
        for s in suggestions:
            request = dict(getattr(s, "request", None) or {})
            move = str(request.get("move", ""))
            if self._taken_by_target(move) or self._resisted(move) or not dataclasses.is_dataclass(s):
                continue
            request["options"] = {**dict(request.get("options") or {}), "target": maker if self._attacks(move) else defended}
            out.append(dataclasses.replace(s, request=request))  # type: ignore[type-var]
        out = out[:k]
        names = [str(getattr(s, "move", "")) for s in out]
        at = {m: self._who_is(maker if self._attacks(m) else defended) for m in names}
        said = "; ".join(f"{m} at {who}" for m, who in at.items())
        return out, [f"Yours, aimed from your words: {said}."] if said else []

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


#: The one playing acting after another's deed the words told first ("duke attacks mara and i step in", "..., so i
#: block it"): the player's move, not the first character's.
_I_ACT_TOO = re.compile(
    r"(?:\band|\bbut|\bso|\bthen|[,;])\s+(?:then\s+)?(?:i|we)\b(?!'m|\s+am\b|\s+see\b|\s+watch)", re.IGNORECASE
)


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
