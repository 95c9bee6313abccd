"""The chat's slash commands as turns: /set, /roll, /oracle, /clock, /track and the rest, each parsed before anything
is stored (a bad command changes nothing), and the answers that change nothing (/sheet, /clock, /help) kept in the
log as the chat's reply."""

from __future__ import annotations

import re

from assistant.chat.clock_finder import check_new_clock
from assistant.chat.commands import CHARACTER_USAGE, Command
from assistant.chat.lookups import LookupsMixin
from assistant.chat.roll_command import RollCommandMixin
from assistant.chat.sheet_view import clocks_text, info_text
from assistant.chat.track_finder import typed_track
from assistant.chat.turn import Turn, TurnStream
from assistant.chat.turn import finish as _finish
from assistant.engine import InputError

#: A message that is only a number ("1", "#2", "3."): a pick from a list, never an action.
PICK = re.compile(r"\s*#?\s*\d{1,2}\s*[.)]?\s*")


class CommandTurnsMixin(RollCommandMixin, LookupsMixin):
    """A parsed slash command run as a turn."""

    def _meter_on_another(self, typed: str) -> None:
        """ "/meter Mara: blood -1": /meter changes the one playing, so another's meter is set by name instead."""
        who, colon, meter = typed.partition(":")
        if colon and self._names_character(who):
            key = who.strip().lower()
            chars = self._state.characters.items()
            name = next((str(c["name"]) for cid, c in chars if key in (cid.lower(), str(c.get("name", "")).lower())), who)
            raise InputError(
                f"/meter changes the one playing. To change {name}'s {meter.strip()}, set it: "
                f"/set {name}: {meter.strip()} <value>."
            )

    def _command(self, command: Command) -> TurnStream:
        a = command.args
        name = command.name
        lists = (name == "progress" and not a.get("track") and a.get("times", 1) == 1) or (name == "track" and not a)
        if (name in ("set", "add", "remove", "meter", "progress", "track") or (name == "clock" and a)) and not lists:
            # a change stored over the roll would put its required pick out of reach
            self._refuse_pick_waiting(doing="changing the sheet, a track or a clock")
        if name in CHARACTER_USAGE:
            return (yield from self._character_command(name, a["value"], f"/{command.text}"))
        if name == "roll":
            return (yield from self._roll_command(a))
        if name == "oracle":
            return (yield from self._oracle(a["question"], a["odds"]))
        if name == "table":
            return (yield from self._table(a["value"]))
        if name == "price":
            return (yield from self._pay_the_price())
        if name == "dice":
            return (yield from self._dice(a["value"]))
        if name == "ask":
            return (yield from self._rules(a["value"], record_question=False))
        if name == "undo":
            return (yield from self._undo(None))
        offered = list(self._suggestions) if self._last_intent else []
        if name == "choose" and offered and PICK.fullmatch(" ".join(a["options"])):
            return (yield from self._choose_offered(int(" ".join(a["options"]).strip(" .)#")), offered))
        if name == "choose":
            return (yield from self._choose(a["options"], None))
        if name == "burn":
            return (yield from self._burn(None))
        if name == "progress":
            return (yield from self._progress(a["track"], a["times"]))
        if name == "meter":
            self._meter_on_another(a["meter"])
            return (
                yield from self._tool(
                    "adjust_meter", {"meter": a["meter"], "delta": a["delta"], "reason": a["reason"]}, f"/{command.text}"
                )
            )
        if name == "track" and not a:
            return (yield from self._progress(None, 1))
        if name == "track":
            track = {**typed_track(self.system, a["name"]), "rank": a["rank"]}  # "/track formidable fight The raider"
            return (yield from self._tool("start_track", track, f"/{command.text}"))
        if name == "clock" and "by" in a:
            return (yield from self._clock_step(a["name"], a["by"], f"/{command.text}"))
        if name == "clock" and not a:
            return (
                yield from self._shown(Turn(kind="command", player_text="/clock", narrator="template", narration=self._clocks()))
            )
        if name == "clock":
            check_new_clock(self._state, a["name"])
            return (yield from self._tool("start_clock", {"name": a["name"], "segments": a["segments"]}, f"/{command.text}"))
        return (
            yield from self._shown(
                Turn(kind="command", player_text=f"/{command.text}", narrator="template", narration=self._info(name))
            )
        )

    def _shown(self, turn: Turn) -> TurnStream:
        """A command's answer that changed nothing (/sheet, /clock, /help), kept in the log as the chat's reply: after
        a reload the player still sees what they typed and what it showed, as at the time."""
        self._say("assistant", turn.narration)
        return (yield from _finish(turn))

    def _clocks(self) -> str:
        return clocks_text(self._state)

    def _info(self, name: str) -> str:
        return info_text(name, self.system, self._state)
