"""What a move did to the campaign's tracks, told after it: the tracks it closed ("Your vow “Find my lost sister” is
completed."), and a new track the suggestion promised that the outcome did not start (a miss on Make a Connection)."""

from __future__ import annotations

import re
from typing import Any

from assistant.chat.track_names import _kind_words

_NEW_NOTE = re.compile(r"^A new (?:\w+) (?P<word>[\w ]+?): “(?P<name>[^”]*)”")


def started_or_not(notes: list[str], before: dict[str, dict[str, Any]], after: dict[str, dict[str, Any]]) -> list[str]:
    """``notes`` with "A new formidable connection: “Mara”" told again when the move started no track after all (a
    miss on Make a Connection: "you don't make a connection"), so the card does not promise what the sheet lacks."""
    if set(after) - set(before):
        return notes
    out = []
    for note in notes:
        found = _NEW_NOTE.match(note)
        if found is None:
            out.append(note)
            continue
        word, name = found.group("word"), found.group("name")
        out.append(f"No {word} “{name}” is started on this outcome: nothing is added to your sheet.")
    return out


def closed_now(before: dict[str, dict[str, Any]], after: dict[str, dict[str, Any]]) -> list[str]:
    """Sentences for the tracks a move closed ("Your vow “Find my lost sister” is completed.")."""
    out = []
    for tid, track in after.items():
        status = track.get("status")
        if status and status != (before.get(tid) or {}).get("status"):
            out.append(f"Your {_kind_words(str(track.get('kind', 'vow')))} “{track.get('name')}” is {status}.")
    return out
