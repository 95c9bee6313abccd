"""Which clock a move fills, found from the campaign and the player's words (the clock-side twin of
:mod:`assistant.chat.track_finder`).

Two kinds of clock:

- a **project** kept on the character's sheet (Blades' long-term projects, rituals, inventions: moves that take
  ``options.project``): the project the words name, else a new one named from the words, with the segments the
  words give ("an 8-clock", "a 6-segment clock") or 8, as the rules' own example;
- a **campaign clock** (``/clock``; Starforged's tension clock, a Blades faction's clock: moves with a ``clock``
  effect that take ``options.clock``): the open clock the words name, else the only open one, else the most recent.

Pure: reads a :class:`CampaignState`, changes nothing.
"""

from __future__ import annotations

import re
from typing import Any

from assistant.chat.track_finder import NAMED, SAME, _words, name_from_words, named_track
from assistant.chat.track_names import spoken
from assistant.engine import InputError, get_ruleset
from assistant.engine.schema import MoveSpec
from assistant.store.state import CampaignState
from assistant.suggest.projects_named import names_project

DEFAULT_PROJECT_SEGMENTS = 8
_SEGMENTS = re.compile(r"\b(\d{1,2})[- ]?(?:segments?|clock|sections?)(?:\s+clock)?\b", re.IGNORECASE)
_PROJECT_NAME = (
    r"\bproject\s*:\s*(?P<n>.+)",  # "a new long-term project: earn the trust of the Grey Cloaks"
    r"\bproject\b.*?\b(?:to|on|for|about)\s+(?P<n>.+)",
    r"\b(?:work|works|working|keep working)\s+on\s+(?:(?:my|our|the)\s+)?(?:project\s+)?(?P<n>.+)",
)
_MY_PROJECT = re.compile(r"\b(?:my|our|the)\s+(?:long[- ]term\s+)?project\b", re.IGNORECASE)


def _effects(move: MoveSpec) -> list[Any]:
    out = list(move.before_roll)
    for outcome in move.outcomes.values():
        out += outcome.effects + [e for c in outcome.choices for o in c.options for e in o.effects]
    return out


def clock_need(state: CampaignState, move: MoveSpec) -> str | None:
    """``project`` (a clock on the sheet), ``clock`` (a campaign clock) or None: what clock ``move`` fills."""
    takes = get_ruleset(state.system).options_for(move)
    if "clock" not in takes:  # the city's Complete Project names its project, but keeps no clock
        return None
    if "project" in move.options:
        return "project"
    return "clock" if any(e.type == "clock" for e in _effects(move)) else None


def open_clocks(state: CampaignState) -> list[tuple[str, dict[str, Any]]]:
    """The campaign's clocks that are not full, oldest first."""
    return [(cid, c) for cid, c in state.clocks.items() if int(c.get("filled", 0)) < int(c.get("segments", 1))]


def segments_in(text: str) -> int | None:
    m = _SEGMENTS.search(text)
    return int(m.group(1)) if m else None


#: Words around a project's name that are not its name: "... as a long term project", "start a long-term project to".
_NOT_THE_NAME = (
    re.compile(r"\s*,?\s*\bas\s+(?:a|an|my|our)\s+(?:new\s+)?(?:long[- ]?term\s+)?project\b.*$", re.IGNORECASE),
    # "a new lockpick, it's a long term project": what it is, not its name
    re.compile(
        r"\s*[,;(-]\s*(?:(?:it|this|that)(?:'s|’s|\s+is|\s+will\s+be)\s+)?(?:a|an|my|our)\s+(?:new\s+)?"
        r"long[- ]?term\s+project\b.*$",
        re.IGNORECASE,
    ),
    re.compile(r"\s*,?\s*\b(?:for|with)\s+(?:a|an)\s+(?:clock|project)\s*$", re.IGNORECASE),
)


def _stem_score(name: str, text: str) -> float:
    """How many of a project's words the text has in any form ("courting" for "Court"): a word counts when the two
    share their first five letters (or the whole shorter word)."""
    wanted, have = _words(name), _words(text)
    if not wanted or not have:
        return 0.0

    def meets(w: str, h: str) -> bool:
        n = min(5, len(w), len(h))
        return w == h or (n >= 4 and w[:n] == h[:n])

    return sum(1 for w in wanted if any(meets(w, h) for h in have)) / len(wanted)


#: What is left before a clock's size taken out of the words ("..., an 8 clock" leaves ", an").
_LEFT_BEFORE_SIZE = re.compile(r"(?:[\s,;:-]+(?:a|an|as|with|on|for|in)\b)*[\s,;:-]*$", re.IGNORECASE)


def _without_size(text: str) -> str:
    """``text`` without the clock's size it gives and the words that led to it ("a better lockpick, an 8 clock")."""
    return _LEFT_BEFORE_SIZE.sub("", _SEGMENTS.sub("", text))


def project_name(text: str) -> str:
    clean = spoken(" ".join(text.strip().split())).rstrip(".!?")  # '"Let's build ...," I tell the crew': the words said
    clean = _without_size(clean).strip(" ,;:-")
    for around in _NOT_THE_NAME:
        clean = around.sub("", clean)
    for pattern in _PROJECT_NAME:
        m = re.search(pattern, clean, re.IGNORECASE)
        if m and m.group("n").strip() and not _SEGMENTS.fullmatch(m.group("n").strip()):
            name = _without_size(m.group("n")).strip(" ,;:-")
            if name:
                return name_from_words(name, "project")
    return name_from_words(_without_size(clean), "project")


def _names_its_own(text: str) -> bool:
    """The words name the project they mean ("... project to map the sewers", "project: a new lab")."""
    return any(re.search(p, text, re.IGNORECASE) for p in _PROJECT_NAME[:2])


#: Words after what is worked on that are not part of it ("the key again", "the vault key one more time, pushing").
_AFTER_OBJECT = re.compile(
    r"\s*(?:[,;.!(]|\b(?:again|one more time|once more|some more|until|till|for (?:a|the|another)|tonight|today|"
    r"this (?:week|time)|all (?:night|day|week)|through the (?:night|day|week)|overnight|into the night|while|"
    r"so that|because)\b).*$",
    re.IGNORECASE,
)
_GENERIC = frozenset({"project", "clock", "work", "thing", "job"})


def _object_names(projects: list[tuple[str, dict[str, Any]]], text: str) -> str | None:
    """The open project whose name holds every word of what the text works on, in any form ("I work on the
    duplicate key until it is done" for “Forge a duplicate key to the Bowmore vault”); None when that is not one
    project's alone (two share the words) or the text works on something else."""
    for found in (_OBJECT_PROJECT.search(text), re.search(_PROJECT_NAME[2], text, re.IGNORECASE)):
        if found is None:
            continue
        said = [w for w in _words(_AFTER_OBJECT.sub("", found.group("n"))) if w not in _GENERIC]
        hits = [i for i, p in projects if said and _stem_score(" ".join(said), str(p.get("name", ""))) == 1.0]
        if len(hits) == 1:
            return hits[0]
    return None


#: "the glider project", "my key project": the words before "project" are what is worked on ("I work on the glider
#: project through the night" for “Build a spark-craft glider in my workshop” started a new project).
_OBJECT_PROJECT = re.compile(r"\b(?:the|my|our)\s+(?P<n>(?:[\w'-]+\s+){0,3}?[\w'-]+)\s+project\b", re.IGNORECASE)


def _bind_project(state: CampaignState, options: dict[str, Any], text: str) -> tuple[dict[str, Any], str]:
    projects = [(str(i), p) for i, p in enumerate((state.active() or {}).get("projects") or [])]
    open_projects = [(i, p) for i, p in projects if int(p.get("filled", 0)) < int(p.get("segments", 1))]
    named = named_track(open_projects, text, NAMED)
    if named is None and open_projects and not re.search(r"\bnew\b", text, re.IGNORECASE):
        scored = [(_stem_score(str(p.get("name", "")), text), i) for i, p in open_projects]
        best = max(scored)
        named = best[1] if best[0] >= NAMED else None  # "I work on courting the secretary" for "Court the secretary"
    if named is None and open_projects and not re.search(r"\bnew\b", text, re.IGNORECASE) and not _names_its_own(text):
        named = _object_names(open_projects, text)  # "I keep working on the vault key project": “Forge ... vault key”
    if named is None and open_projects and not re.search(r"\bnew\b", text, re.IGNORECASE) and not _names_its_own(text):
        said = [i for i, p in open_projects if names_project(str(p.get("name", "")), text)]
        named = said[0] if len(said) == 1 else None  # "i keep tinkering on the gilder": “… spark-craft glider …”
    if (
        named is None
        and len(open_projects) == 1
        and _MY_PROJECT.search(text)
        and not named_track(projects, text, SAME)
        and not _names_its_own(text)  # "my long term project to map the sewers": another project than the one open
    ):
        named = open_projects[0][0]
    if named is None and len(open_projects) > 1 and _MY_PROJECT.search(text) and not _names_its_own(text):
        # "I work on my project" with two open: the most recent, and the note names the others (not a new "Project")
        project = open_projects[-1][1]
        others = ", ".join(f"“{p['name']}”" for _, p in open_projects[:-1])
        options["project"] = project["name"]
        return options, (
            f"On your project “{project['name']}” ({project.get('filled', 0)}/{project.get('segments')}), the most "
            f"recent; name {others} in your words for another."
        )
    if named is not None:
        project = dict(open_projects)[named]
        options["project"] = project["name"]
        return options, f"On your project “{project['name']}” ({project.get('filled', 0)}/{project.get('segments')})."
    name = project_name(text)
    segments = segments_in(text)
    options["project"] = name
    options["clock"] = {"name": name, "segments": segments or DEFAULT_PROJECT_SEGMENTS, "filled": 0}
    if segments:
        article = "an" if str(segments).startswith("8") or segments in (11, 18) else "a"  # "an 8-segment clock"
        return options, f"A new project: “{name}”, {article} {segments}-segment clock (from your words)."
    return options, (
        f"A new project: “{name}”, an {DEFAULT_PROJECT_SEGMENTS}-segment clock (no size in your words; "
        "say “a 6-segment clock”… for another, or undo)."
    )


def _bind_clock(state: CampaignState, options: dict[str, Any], text: str) -> tuple[dict[str, Any], str]:
    clocks = open_clocks(state)
    named = named_track(clocks, text, NAMED)
    if named is not None:
        why = "named in your words"
    elif len(clocks) == 1:
        named, why = clocks[0][0], "your only open clock"
    elif clocks:
        named, why = clocks[-1][0], "the most recent open clock"
    else:
        return options, "There is no open clock to fill (start one with /clock <segments> <name>)."
    clock = state.clocks[named]
    options["clock"] = named
    return options, f"On the clock “{clock.get('name')}” ({clock.get('filled', 0)}/{clock.get('segments')}, {why})."


def bind_clock(state: CampaignState, request: dict[str, Any], text: str) -> tuple[dict[str, Any], list[str]]:
    """``request`` with the clock its move fills filled in from the campaign and ``text``, and the sentence saying
    which; unchanged when the request gives a clock or a project, or the move fills none."""
    name = str(request.get("move") or "")
    if not name or ":" in name:
        return request, []
    try:
        move = get_ruleset(state.system).find_move(name)
    except Exception:  # noqa: BLE001 - an unknown move is the engine's error to word
        return request, []
    need = clock_need(state, move)
    options = dict(request.get("options") or {})
    if need is None or {"clock", "project"} & set(options):
        return request, []
    if need == "project":
        options, note = _bind_project(state, options, text)
    else:
        options, note = _bind_clock(state, options, text)
        if "clock" not in options:
            return request, [note]
    return {**request, "options": options}, [note]


# ---- the player's /clock commands -------------------------------------------------------------------
def clock_step(state: CampaignState, name: str, by: int) -> dict[str, Any]:
    """The engine request that advances (``by`` > 0) or winds back (``by`` < 0) the campaign clock ``name``
    names (exactly, else the best fuzzy match); refused in the player's words when there is none."""
    exact = [cid for cid, c in state.clocks.items() if str(c.get("name", "")).strip().lower() == name.strip().lower()]
    cid = exact[-1] if exact else named_track(list(state.clocks.items()), name, NAMED)
    if cid is None:  # "/clock +1 bells" for "the bells ring at dawn": the only clock holding every word typed
        said = set(_words(name))
        holding = [k for k, c in state.clocks.items() if said and said <= set(_words(str(c.get("name", ""))))]
        cid = holding[0] if len(holding) == 1 else None
    if cid is None:
        projects = [(str(i), p) for i, p in enumerate((state.active() or {}).get("projects") or []) if isinstance(p, dict)]
        inside = [i for i, p in projects if name.strip().lower() in str(p.get("name", "")).lower()]
        project = inside[-1] if inside else named_track(projects, name, NAMED) if projects else None
        if project is not None:  # a Blades project: its clock moves with the Long-Term Project roll
            p = dict(projects)[project]
            raise InputError(
                f"“{p.get('name')}” is a long-term project on your sheet ({p.get('filled', 0)}/{p.get('segments')}): "
                f"its clock moves when you work on it, e.g. “I work on {p.get('name')}” (a Long-Term Project roll)."
            )
        known = ", ".join(f"“{c.get('name')}”" for c in state.clocks.values())
        have = f" The campaign's clocks: {known}." if known else ""
        raise InputError(f"There is no clock called “{name}”; start one with /clock 6 {name}.{have}")
    if by > 0:
        return {"move": "clock:advance", "options": {"clock": cid, "by": by}}
    return {"move": "clock:clear", "options": {"clock": cid, "by": -by}}


def check_new_clock(state: CampaignState, name: str) -> None:
    """Refuse a second open clock of the same name (the player meant to advance it)."""
    for clock in state.clocks.values():
        if str(clock.get("name", "")).strip().lower() == name.strip().lower() and not clock.get("full"):
            raise InputError(
                f"There is already a clock called “{clock.get('name')}” ({clock.get('filled', 0)}/{clock.get('segments')}); "
                f"advance it with /clock +1 {clock.get('name')}."
            )
