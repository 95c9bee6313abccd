"""Another character's move offered to the player ("Mara casts a control spell on me"): its odds read from that
character's sheet, a refusal told of them ("not now: ... Mara has 0 mana", not "you have 0"), and a move their sheet
refuses offered after the ones that can be made."""

from __future__ import annotations

import dataclasses
import re
from functools import cache
from typing import Any

from assistant.engine import AssistantError
from assistant.engine.errors import RulesError
from assistant.engine.options import uncap
from assistant.store.state import CampaignState

NOT_NOW = "not now: "


def giver_stat(system: str, move_id: str) -> str | None:
    """The stat the one who gives rolls when a character makes ``move_id`` for another ("Kira bandages my arm": her
    Heal at you, "Provide care: Roll +wits"), from ``given_by:`` in ``words/<system>.yaml``; None: the move's own."""
    entry = _given_by(system).get(move_id) or {}
    return str(entry["stat"]) if entry.get("stat") else None


def as_giver(state: CampaignState, s: Any, request: dict[str, Any]) -> Any:
    """Suggestion ``s``, a move made for another (``request`` aimed already, on the sheet of its ``character_id`` or
    the one playing), rolled with the stat of the one who gives (Heal: "Provide care: Roll +wits"): ``request`` takes
    that stat and the odds are read again. As it was for a move with no such stat."""
    given = giver_stat(state.system, str(getattr(s, "move_id", "")))
    if given is None or given == getattr(s, "stat", None) or not dataclasses.is_dataclass(s):
        return s
    request["stat"] = given
    sheet = state.characters.get(str(request.get("character_id") or state.active_character), {}) or {}
    odds, _refused = their_odds(state, request, "")
    value = (sheet.get("stats") or {}).get(given)
    return dataclasses.replace(s, stat=given, stat_value=value, approach=None, odds=odds, alternatives=[])  # type: ignore[type-var]


@cache
def _given_by(system: str) -> dict[str, Any]:
    from assistant.chat.reading import WORDS_DIR
    from assistant.engine import get_ruleset, yaml_load

    path = WORDS_DIR / f"{get_ruleset(system).system_id}.yaml"
    data = yaml_load.safe_load(path.read_text(encoding="utf-8")) if path.exists() else None
    return dict((data or {}).get("given_by") or {})


def their_odds(state: CampaignState, request: dict[str, Any], who: str) -> tuple[dict[str, Any] | None, str | None]:
    """The odds of ``request`` rolled with its character's sheet, and the words said in their place when the rules
    refuse it now ("not now: ... Mara has 0"), else None."""
    from assistant.chat.characters import their_words
    from assistant.engine.probability import odds_for_request
    from assistant.store.moves import engine_request

    try:
        return odds_for_request(engine_request(state, request)).to_dict(), None
    except RulesError as exc:  # Mara has no mana for the spell: said of Mara
        said = re.split(r"(?<=[.!?])\s+", their_words(str(exc), who).strip())[0].rstrip(".")
        return None, NOT_NOW + uncap(said)
    except AssistantError:
        return None, None


def refused_last(suggestions: list[Any]) -> list[Any]:
    """``suggestions`` with the ones the sheets refuse now after the others (stable): "Suffer a Control Move" before
    Mara's Cast a Spell with no mana."""
    return sorted(suggestions, key=lambda s: str(getattr(s, "odds_words", "") or "").startswith(NOT_NOW))


def ranked_for_them(offered: list[Any], theirs: list[Any]) -> list[Any]:
    """``theirs`` (``offered`` made another's, one for one) in the order offered, but for the moves the one playing's
    sheet refused ("not now": pushed down for the player's mana): those take their place by score again, as the other
    character may make them ("Mara casts a spell on me"). "Mara attacks the hunter" keeps Enter the Fray first, as "I
    attack the hunter" does (a sort by score alone put Face Danger first)."""

    def score(s: Any) -> float:
        return float(getattr(s, "score", 0.0) or 0.0)

    pushed = [str(getattr(s, "odds_words", "") or "").startswith(NOT_NOW) for s in offered]
    out = [t for t, p in zip(theirs, pushed, strict=True) if not p]
    for t in sorted((t for t, p in zip(theirs, pushed, strict=True) if p), key=lambda t: -score(t)):
        out.insert(next((i for i, o in enumerate(out) if score(o) < score(t)), len(out)), t)
    return out


def aim_notes(made_by: list[str], aimed: dict[str, list[str]], shown: int, who: str, theirs: bool) -> list[str]:
    """What the suggestions say of whom they are aimed at: "Cast a Spell (Wizard) is Mara's, rolled with Mara's sheet, at
    you", "Aimed at Mara (read from your words).", "Hack & Slash is aimed at Mara, the only other character." (``aimed``:
    each tail and the moves it is about; ``shown``: how many moves are offered)."""
    from assistant.chat.chat_words import and_list

    notes = []
    if made_by and who:
        made = and_list(made_by)
        notes.append(
            f"{made} {'are' if len(made_by) > 1 else 'is'} {who}'s, rolled with {who}'s sheet"
            + (" (read from your words)." if theirs else ", at you (read from your words).")
        )
    for tail, moves in aimed.items():
        if not moves:
            continue
        if len(moves) == shown:
            notes.append(f"Aimed {tail}")
        else:  # "Hack & Slash is aimed at Mara": the other moves offered are not
            notes.append(f"{and_list(moves)} {'are' if len(moves) > 1 else 'is'} aimed {tail}")
    return notes


#: Words of a character getting out of the way of, or resisting, what comes at them: "Mara resists my charm spell",
#: "Mara dives aside from my fireball" tell her defence against the one playing's move, not her move on them.
_DEFENDS = re.compile(
    r"^\W*(?:\w+\s+){0,2}?(?:resist\w*|dodg\w*|div\w*\s+(?:aside|clear|away|for cover)|leap\w*\s+aside|jump\w*\s+(?:aside|clear)"
    r"|sidestep\w*|evad\w*|avoid\w*|duck\w*|shak\w*\s+off|break\w*\s+free|breaks?\s+out|sav\w*\s+against|fight\w*\s+off)\b",
    re.I,
)


def defends_against(after_name: str) -> bool:
    """The words after a character's name tell them defending against what comes at them ("resists my charm",
    "tries to dodge my arrow"): a "my" in them is the thing avoided, not the one playing being acted on."""
    return _DEFENDS.search(after_name) is not None


#: The one playing getting out of the way of what comes at them ("I dive aside from Mara's fireball", "I dodge the
#: bolt"): the thing avoided is someone else's attack on them, so the damage it deals is on their own sheet.
_I_AVOID = re.compile(
    r"\b(?:i|we)\s+(?:\w+\s+){0,3}?(?:dodg\w*|div\w*\s+(?:aside|clear|away|for cover|behind|out of)|leap\w*\s+aside"
    r"|jump\w*\s+(?:aside|clear)|sidestep\w*|evad\w*|duck\w*|roll\w*\s+aside|out\s+of\s+(?:the|its|his|her|their)\s+way)\b",
    re.I,
)


def avoids(text: str) -> bool:
    """The words tell the one playing getting out of the way of an attack ("I dive aside from Mara's fireball")."""
    return _I_AVOID.search(text) is not None


#: Damage the words say the one playing took, with its amount ("i take 7 damage", "i lose 5 hp"), wherever in the line:
#: the blow was struck already ("duke swings his mace at me, i take 7 damage").
_DAMAGE_TAKEN = re.compile(
    r"\b(?:i|we)(?:'ve|\s+have)?\s+(?:take|took|taken|suffer|suffered|lose|lost)\s+\d+\s+(?:points?\s+of\s+)?(?:damage|dmg|hp)\b",
    re.I,
)


def taken_first(text: str, offered: list[Any], taken: Any) -> list[Any]:
    """``offered`` with the move that takes damage on a sheet (``taken(move)``: Dungeon World's Deal Damage) first when
    the words say the one playing took an amount of it; as it is otherwise (or with no such move offered)."""
    if not _DAMAGE_TAKEN.search(text):
        return offered
    first = [s for s in offered if taken(str(getattr(s, "move", "")))]
    return first[:1] + [s for s in offered if s not in first[:1]]
