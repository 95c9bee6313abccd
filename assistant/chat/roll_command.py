"""The /roll command: a move typed by name ("/roll clash +edge on the pirate cutter"), read with the player's last
words, and the new track's name asked first when nothing typed names it ("/roll swear an iron vow",
"/roll enter the fray" alone)."""

from __future__ import annotations

from typing import Any

from assistant.chat.asking import AskingMixin
from assistant.chat.commands import with_bare_number
from assistant.chat.game_lacks import absent_move_notes
from assistant.chat.questions import Question
from assistant.chat.track_finder import bind_named, missing_track, roll_on, track_need
from assistant.chat.track_question import FIELD, name_first
from assistant.chat.track_question import answered as name_answered
from assistant.chat.turn import TurnStream
from assistant.engine import AssistantError, InputError, get_ruleset


class RollCommandMixin(AskingMixin):
    """``/roll <move> [+stat] [adds] [on <track>]``."""

    def _roll_command(self, a: dict[str, Any]) -> TurnStream:
        move, on = roll_on(self.system, a["move"])  # "/roll clash +edge on the pirate cutter"
        if not on and not a["options"] and _move_spec(self.system, move) is None:
            # "/roll train insight": Train, on the words after it (not the rest of a key=value with spaces in it)
            move, on = _move_first(self.system, move)
        started: list[str] = []
        if _move_spec(self.system, move) is None and (only := _only_move_starting(self.system, move)):
            started, move = [f"Read as {only} (the only move whose name starts “{move}”)."], only  # "/roll resistance"
        lacking = absent_move_notes(self.system, move) if _move_spec(self.system, move) is None else []
        if lacking:  # "/roll defy danger" in Dungeon World's combat text: not here, and what to make instead
            raise InputError(f"{lacking[0]} List the moves it has with /moves.")
        request = {"move": move, "adds": a["adds"], "options": a["options"]}
        if a.get("bare") is not None:  # "/roll endure harm 2": the amount the move takes, else a bonus
            request = with_bare_number(self.system, request, a["bare"])
        if a["stat"]:
            request["stat"] = a["stat"]
        reading = self._read_words(self._last_intent, request)  # "I take 2 harm", then /roll endure harm
        typed = self._read_words(on, request) if on else None  # "/roll train insight": what the words after it say
        request["options"] = {**reading.options, **(typed.options if typed else {}), **(request.get("options") or {})}
        read = started + [r.note() for r in (reading, typed) if r is not None and r.notes]
        request, named = bind_named(self._state, request, on or self._last_intent)  # the track the words name
        spec = _move_spec(self.system, move)
        need = track_need(spec) if spec is not None else None
        if on and need is not None and need.starts and "track" not in request["options"]:
            # "/roll enter the fray +edge on Kraven": the new fight is Kraven, as the answer to its name would say
            asked = Question(move=spec.name, field=FIELD, text="", request=request)
            request, note = name_answered(asked, on, self.system, said_in="your words")
            named = [*named, note]
        typo = _stat_typo(spec, str(a["stat"])) if spec is not None and a["stat"] else ""
        if typo and (missing := missing_track(self.reload(), request)):
            # "/roll clash +forse" after the fight was lost: both what is wrong with the stat and with the fight
            raise InputError(f"{missing}{typo}")
        alone = not (a["stat"] or a["adds"] or a.get("bare") is not None)  # "/roll enter the fray": what the fight is
        question = None if on or self._last_intent else name_first(request, spec, fights=alone)
        if question is not None:  # "/roll swear an iron vow" alone: what the vow is, as the move's button asks
            return (yield from self._ask(question))
        return (yield from self._resolve(request, player_text=self._intent_for(move), read=read + named))

    def _intent_for(self, move_name: str) -> str:
        """The player's last words, to tell a /roll of ``move_name`` by, when that move was one offered for them: "I
        cast a missile", refused, then /roll volley is not told as casting a missile."""
        if not self._last_intent:
            return ""
        try:
            name = get_ruleset(self.system).find_move(move_name).name
        except AssistantError:
            return ""
        if self._spent_on and self._spent_on != name:  # "I recover…" went to Recover, whose question was set aside
            return ""
        return self._last_intent if name in {getattr(s, "move", "") for s in self._suggestions} else ""


def _move_spec(system: str, move: str) -> Any:
    """The move ``move`` names, or None for a table, a door or a name the ruleset does not know."""
    try:
        return get_ruleset(system).find_move(move)
    except AssistantError:
        return None


def _move_first(system: str, words: str) -> tuple[str, str]:
    """The longest first words of ``words`` that name a move, and the rest ("train insight" -> "train", "insight"); the
    words and "" when none do."""
    tokens = words.split()
    for end in range(len(tokens) - 1, 0, -1):
        if _move_spec(system, " ".join(tokens[:end])) is not None:
            return " ".join(tokens[:end]), " ".join(tokens[end:])
    return words, ""


def _only_move_starting(system: str, typed: str) -> str:
    """The one move whose name starts with what was typed ("resistance" for Resistance Roll, "strik" for Strike), or
    "" when none or several do ("face": Face Danger, Face Death ...) or fewer than four letters were typed."""
    low = " ".join(typed.lower().split())
    if len(low) < 4:
        return ""
    try:
        names = [m.name for m in get_ruleset(system).moves if m.name.lower().startswith(low)]
    except AssistantError:
        return ""
    return names[0] if len(names) == 1 else ""


def _stat_typo(spec: Any, typed: str) -> str:
    """What to say of a stat ``spec`` does not roll ("+forse": " Clash rolls +force or +dexterity, not +forse."), or ""."""
    import difflib

    key = typed.strip().lower().lstrip("+")
    stats = [str(st) for option in spec.roll.stats for st in option.stats]
    if not stats or key in stats:
        return ""
    close = difflib.get_close_matches(key, stats, n=1)
    meant = f" (did you mean +{close[0]}?)" if close else ""
    return f" {spec.name} rolls +{' or +'.join(dict.fromkeys(stats))}, not +{key}{meant}."
