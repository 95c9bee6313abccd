"""A move the player saw, made again with its own dice and something changed: coin spent to raise a downtime roll,
the rank named for the track it started, a pick or a burn (one atomic undo + move)."""

from __future__ import annotations

import re
from typing import Any

from assistant.chat.acting import ActingMixin
from assistant.chat.told_words import words_before
from assistant.chat.turn import Turn, TurnStream, finish, with_notes
from assistant.engine import RulesError
from assistant.engine.outcomes import Outcome
from assistant.engine.tracks import kind_word

#: Words that may stand beside a rank in a message that only sets it ("make it a dangerous vow").
_RANK_ONLY = re.compile(
    r"\b(?:make|it|it's|its|is|a|an|the|one|rank|instead|no|actually|rather|please|vow|fight|combat|elegy|"
    r"expedition|connection|journey|quest|track|scene|challenge)\b"
)


class RedoingMixin(ActingMixin):
    """The last move again with its own dice: coin spent on it, its new track's rank, picks and burns."""

    def _coin_on_last(self, text: str) -> tuple[int, Any, int, bool] | None:
        """When ``text`` only spends coin on the last roll ("spend 2 coin to raise the result"): that move, its event
        and the coin spent on it in all; refused when the last move is no roll coin raises and the words name a
        result; None when they do not (the words are an action: "I spend 2 coin")."""
        from assistant.chat.coin_raise import OPTION, coin_in_words, system_takes_coin, takes_coin

        said = coin_in_words(text)
        if said is None:
            return None
        coins, names_result, crew = said
        seq = self._last_move_seq()  # under a sheet edit made since: the store carries it
        found = self.store.events(self.campaign, after=seq - 1, upto=seq) if seq else []
        event = found[0].event if found and found[0].event.type == "move_resolved" else None
        result = event.result if event is not None else {}
        if event is None or result.get("roll") != "pool" or not takes_coin(self.system, str(result.get("move") or "")):
            if not names_result and not system_takes_coin(self.system):
                return None
            last = f" (your last move, {result.get('move')}, was not one)" if event is not None else ""
            why = _no_coin_reading(self.system, str(result.get("move") or "")) if event is not None else ""
            if why:  # Indulge Vice: a downtime activity, whose data says why coin does not raise it
                raise RulesError(f"Coin does not raise {result.get('move')}: {why[:1].lower()}{why[1:]} Nothing was changed.")
            raise RulesError(
                "Coin raises the result of a downtime activity's roll, spent right after that roll" + last + ". "
                "Roll the activity first, then say “spend 1 coin”. Nothing was changed."
            )
        if result.get("outcome") == Outcome.CRITICAL.value:
            raise RulesError(f"{result.get('move')} is already a critical: coin cannot raise it further. Nothing was changed.")
        options = event.request.get("options") or {}
        spent = int(options.get(OPTION) or 0)
        if spent and crew != bool(options.get("pay_from_crew")):
            came, asked = ("the crew's coin", "your own") if options.get("pay_from_crew") else ("your coin", "the crew's")
            raise RulesError(
                f"The coin already spent on {result.get('move')} came from {came}: spend more from it, or undo and "
                f"spend {asked} instead. Nothing was changed."
            )
        crew = crew or bool(options.get("pay_from_crew"))
        whose = "the crew's coin" if crew else "your coin"
        held = (result.get("character_before") or {}).get("crew_coin" if crew else "coin")
        if isinstance(held, int) and spent + coins > held:
            left = held - spent
            raise RulesError(
                f"Not enough coin: {whose} is {left}, and you asked to spend {coins}. "
                + (f"Spend {left} at most." if left else "There is none left to spend on this roll.")
                + " Nothing was changed."
            )
        return found[0].seq, event, spent + coins, crew

    def _spend_coin(self, seq: int, event: Any, coins: int, crew: bool = False) -> TurnStream:
        """The last downtime roll again, the same dice, with ``coins`` spent in all (the crew's when ``crew``) to raise
        its result."""
        from assistant.chat.coin_raise import OPTION

        move = str(event.result.get("move") or "the roll")
        update: dict[str, Any] = {OPTION: coins, "pay_from_crew": True} if crew else {OPTION: coins}
        whose = "the crew's coin" if crew else "coin"
        return (yield from self._redo(seq, event, update, f"spend {coins} {whose} on {move}"))

    def _new_track_ranked(self, text: str) -> tuple[int, Any, dict[str, Any]] | None:
        """When ``text`` only names a rank ("a dangerous vow", "make it epic") and the last move started a track
        without one in the player's words: that move, and its new track at the rank named."""
        from assistant.chat.track_finder import rank_in

        rank = rank_in(text)
        if rank is None or _RANK_ONLY.sub(" ", text.lower()).replace(rank.value, " ").strip(" .!,"):
            return None
        seq = self._last_move_seq()  # under a sheet edit made since: the store carries it
        found = self.store.events(self.campaign, after=seq - 1, upto=seq) if seq else []
        if not found or found[0].event.type != "move_resolved":
            return None
        track = (found[0].event.request.get("options") or {}).get("track")
        if not isinstance(track, dict):
            return None
        return found[0].seq, found[0].event, {**track, "rank": rank.value}

    def _rerank(self, seq: int, event: Any, track: dict[str, Any]) -> TurnStream:
        """The last move again, the same dice, its new track at the rank the player named."""
        kind = str((event.result.get("track") or {}).get("kind") or track.get("kind") or "track")
        word = kind_word(kind)
        if ((event.request.get("options") or {}).get("track") or {}).get("rank") == track["rank"]:  # "formidable" again
            said = f"“{track.get('name')}” is already a {track['rank']} {word}: nothing changed."
            return (yield from finish(Turn(kind="meta", narration=said, narrator="template")))
        note = f"“{track.get('name')}” is now a {track['rank']} {word}: the same roll, the rank you named."
        redo = self._redo(seq, event, {"track": track}, f"make “{track.get('name')}” {track['rank']}")
        return (yield from with_notes(redo, [note]))

    def _redo(self, seq: int, event: Any, options_update: dict[str, Any], doing: str) -> TurnStream:
        """Replace move ``seq`` by itself with its own dice and updated options (one atomic undo + move, refused
        when ``seq`` is no longer the last action, or when the engine refuses the new request)."""
        # the words the move was told with (a move rolled by command is retold without words)
        move = str(event.result.get("move") or "")
        said = self._intents[seq] if seq in self._intents else words_before(self._state, self.store, self.campaign, seq, move)
        request = {**event.request, "character_id": event.state_change.character_id}  # whose move it is (Mara's?)
        return (yield from self._resolve(request, player_text=said, redo=(seq, options_update, doing)))


def _no_coin_reading(system: str, move_name: str) -> str:
    """The move's own reading of why coin does not raise its result ("Spending coin to raise the result level is not
    offered: a vice roll clears stress by its die, not by a result level."), or ""."""
    from assistant.engine import AssistantError, get_ruleset

    try:
        move = get_ruleset(system).find_move(move_name)
    except AssistantError:
        return ""
    return next((r.reading for r in move.readings if re.search(r"\bcoin\b", r.reading, re.I)), "")
