"""How the player's words name a campaign's track: the words that count (:func:`name_score`, :func:`named_track`), and
the finer matches :func:`assistant.chat.track_finder.find_track` tries after them (the one track some word names, an
expedition or fight by its proper name, the vow just set up with ``/track`` sworn in other words)."""

from __future__ import annotations

import re
from difflib import SequenceMatcher
from typing import Any

#: How closely the words must name a track to act on it, and to continue it instead of starting a new one.
NAMED = 0.5
SAME = 0.8

_STOP_WORDS = (
    "a an the my our your his her their its i we to of on in at for with and or is are be this that "
    "vow vows track quest fight battle combat expedition connection elegy progress milestone "
    "dr mr mrs ms mx capt cpt lt sgt prof"  # a title before a name: "Vale" names "Dr. Vale"
)
_STOP = frozenset(re.findall(r"\S+", _STOP_WORDS))


# ---- words ---------------------------------------------------------------------------------------------
def _words(text: str) -> list[str]:
    out = []
    for w in re.findall(r"[a-z0-9']+", text.lower()):
        w = w.removesuffix("'s").strip("'")
        if len(w) > 3 and w.endswith("s") and not w.endswith("ss"):
            w = w[:-1]
        if len(w) > 5 and w.endswith("ing"):  # "finding my sister" names "Find my lost sister"
            w = w[:-3]
        if w and w not in _STOP:
            out.append(w)
    return out


def name_score(name: str, text: str) -> float:
    """How well ``text`` names a track called ``name`` (0..1): the share of the name's words the text has, near
    spellings counted."""
    wanted, have = _words(name), _words(text)
    if not wanted or not have:
        return 0.0
    hits = sum(1 for w in wanted if any(w == h or SequenceMatcher(None, w, h).ratio() >= 0.85 for h in have))
    return hits / len(wanted)


def named_track(tracks: list[tuple[str, dict[str, Any]]], text: str, threshold: float = NAMED) -> str | None:
    """The track ``text`` names best, at ``threshold`` or better (None: none does)."""
    scored = [(name_score(str(t.get("name", "")), text), tid) for tid, t in tracks]
    scored = [s for s in scored if s[0] >= threshold]
    return max(scored, key=lambda s: s[0])[1] if scored else None


def _only_one_named(candidates: list[tuple[str, dict[str, Any]]], text: str) -> str | None:
    """The one open track some word of ``text`` names ("a milestone on my sister": “Find my lost sister”), when no
    other shares a word with it; None otherwise (the most recent is then taken, and the note says so)."""
    scored = [(name_score(str(t.get("name", "")), text), tid) for tid, t in candidates]
    hits = [tid for score, tid in scored if score > 0]
    return hits[0] if len(hits) == 1 and len(candidates) > 1 else None


def _proper_words(name: str) -> list[str]:
    """The capitalised words of a track's name that has a proper name in it ("hollow", "reach" of "The derelict station
    Hollow Reach"; "kraven", "red" of "Kraven the Red"), stop words left out; none when no word past the first is
    capitalised ("Explore the ruins": its first word is capitalised as any name's is)."""
    words = re.findall(r"[A-Za-z][\w'-]*", name)
    if not any(w[:1].isupper() for w in words[1:]):
        return []
    return [w.lower().removesuffix("'s") for w in words if w[:1].isupper() and w.lower() not in _STOP]


def _by_its_proper_name(candidates: list[tuple[str, dict[str, Any]]], text: str) -> str | None:
    """The one open track under way (an expedition, a fight) whose proper name the words hold whole ("I push deeper
    into Hollow Reach" names “The derelict station Hollow Reach”), when no other open one's does."""
    low = set(_words(text)) | {w.lower().removesuffix("'s") for w in re.findall(r"[A-Za-z][\w'-]*", text)}
    hits = [tid for tid, t in candidates if (proper := _proper_words(str(t.get("name", "")))) and set(proper) <= low]
    return hits[0] if len(hits) == 1 else None


def _set_up_for(candidates: list[tuple[str, dict[str, Any]]], name: str) -> str | None:
    """The open track with no progress yet whose name holds every word of ``name`` (the name the player's words give
    a new track): "/track dangerous Find my sister on the Wayfarer station", then "I swear an iron vow to find my
    sister", swears the vow set up for it rather than a second one. A track with progress is another, older one."""
    if len(_words(name)) < 2:
        return None
    fresh = [(tid, t) for tid, t in candidates if not int(t.get("ticks") or 0)]
    scored = [(name_score(name, str(t.get("name", ""))), tid) for tid, t in fresh]
    scored = [s for s in scored if s[0] >= 1.0]
    return scored[-1][1] if scored else None


def _set_up_sharing(candidates: list[tuple[str, dict[str, Any]]], text: str) -> str | None:
    """The one open track with no progress yet that the words share a proper name or two other words with: "/track
    troublesome Answer the distress beacon on the ice moon Veyra", then "I swear to find whoever set off the beacon on
    Veyra", swears the vow just set up (its rank the one given) rather than a second, formidable one. The name's first
    word is its verb and is not counted ("find" is in half of all vows)."""
    have = set(_words(text))
    proper = {w.lower() for w in re.findall(r"(?<=\w )[A-Z][\w'-]*", text)} - _STOP
    hits = []
    for tid, t in candidates:
        words = _words(str(t.get("name", "")))
        shared = set(words[1:]) & have
        if not int(t.get("ticks") or 0) and (len(shared) >= 2 or shared & proper):
            hits.append(tid)
    return hits[0] if len(hits) == 1 else None
