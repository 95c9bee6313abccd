"""A question about the progress on the player's own tracks ("how much progress do i have on my vow?", "how far
along is the fight?") answered from the sheet, as ``/progress`` lists them: a model once answered it as a rules question
with "You have 1 tick of progress on your vow" for a vow at 0. A question about how progress works ("how much progress
does a milestone mark?") names no track of the player's and is left to the rules answer."""

from __future__ import annotations

import re

from assistant.chat.fitting import standing_position
from assistant.chat.sheet_view import track_line
from assistant.engine import AssistantError, get_ruleset
from assistant.store.state import CampaignState

#: The asking: "how much / how far / what's / where am i / how's … going".
_ASKING = re.compile(
    r"^\W*(?:how\s+(?:much|many|far|close)|what(?:'s|’s|\s+is|\s+s)?|whats|where\s+(?:am|are)\s+(?:i|we)|how(?:'s|’s|\s+is))\b",
    re.IGNORECASE,
)
#: The thing asked about: the progress itself, or a track by its kind.
_PROGRESS = re.compile(r"\b(?:progress|ticks?|boxes|along)\b", re.IGNORECASE)
#: Where a named track stands: "where am i on my vow?", "how's the vow going?", "how close is my quest?".
_STANDING = re.compile(
    r"^\W*(?:where\s+(?:am|are)\s+(?:i|we)\s+(?:on|with)\b|how\s+close\b|how(?:'s|’s|\s+is|\s+are)\b.*\b(?:going|coming)\b)",
    re.IGNORECASE,
)
#: A track's kind as players say it.
_KINDS = {
    "vow": r"vows?|quests?",
    "combat": r"fights?|combat|battles?|foes?",
    "expedition": r"expeditions?|journeys?",
    "connection": r"connections?|bonds?|relationships?",
    "elegy": r"elegy|elegies",
}
#: Whose track: the player's own ("my vow", "our expedition") or "the fight" (the one open).
_OWNED = re.compile(r"\b(?:my|our|the|this|i|we)\b", re.IGNORECASE)
#: A rule asked about: "how much progress does a milestone mark?", "how many ticks do i get for …".
_RULE_WORDS = re.compile(r"\b(?:does|do\s+(?:i|we|you)\s+(?:get|mark|need)|gives?|per|each|when|if)\b", re.IGNORECASE)


def _has_tracks(system: str) -> bool:
    try:
        return any(m.roll.type == "progress" for m in get_ruleset(system).moves)
    except AssistantError:
        return False


def _kinds(question: str) -> list[str]:
    """The kinds of track the question names ("my vow", "the fight"), in :data:`_KINDS`' order."""
    return [k for k, words in _KINDS.items() if re.search(rf"\b(?:{words})\b", question, re.IGNORECASE)]


def progress_question(question: str, system: str) -> bool:
    """Whether ``question`` asks the progress on the player's own tracks (in a game with progress tracks)."""
    if not _ASKING.search(question) or not _OWNED.search(question) or _RULE_WORDS.search(question):
        return False
    kinds = _kinds(question)
    asked = _PROGRESS.search(question) and (kinds or re.search(r"\bprogress\b", question, re.I))
    return bool(asked or (kinds and _STANDING.search(question))) and _has_tracks(system)


def progress_answer(question: str, system: str, state: CampaignState) -> str | None:
    """The tracks the question asks about, as ``/progress`` lists them, or what to do when there is none; None when
    it is not such a question."""
    if not progress_question(question, system):
        return None
    kinds = _kinds(question)
    tracks = [t for t in state.tracks.values() if not kinds or str(t.get("kind") or "vow") in kinds]
    open_now = [t for t in tracks if not t.get("status")] or tracks
    if not open_now:
        what = " or ".join(dict.fromkeys(kinds)) if kinds else "progress track"
        what = {"combat": "fight", "vow": "vow"}.get(what, what)
        return (
            f'You have no {what} on your sheet yet. Say what your character sets out to do ("I swear to find my '
            'sister", "I attack the raider") and the move that starts it will be offered; /progress lists your tracks.'
        )
    position = standing_position(state)
    lines = [f"- {track_line(t, position)}" for t in open_now]
    return "Your progress, from your sheet:\n" + "\n".join(lines) + "\nFor the rule, ask: /ask how does progress work?"
