"""Small facts about moves for chat turns: the system's oracle, its yes chance, odds in words, the narration
task of a result, and a suggestion for a move the LLM proposed."""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from typing import Any

from assistant.engine import AssistantError, Result, get_ruleset
from assistant.engine.registry import results_by_die
from assistant.narrate.odds_words import odds_by_effect, odds_by_faces, percent
from assistant.store.state import CampaignState


def oracle_move(system: str) -> Any | None:
    """The system's yes/no oracle move (Starforged and Elegy have one), or None."""
    return next((m for m in get_ruleset(system).moves if m.roll.type == "oracle"), None)


def yes_chance(system: str, odds: str) -> float | None:
    """The exact chance (percent) of a yes from the system's oracle at these odds, through the engine itself
    (Starforged says yes on N or less, Elegy on N or greater); None when the system has no oracle."""
    from assistant.engine.probability import odds_for_request

    move = oracle_move(system)
    if move is None:
        return None
    table = odds_for_request({"system": system, "move": move.id, "options": {"odds": odds}})
    return float(table.outcomes.get("yes", 0)) * 100


def _task_for(result: Result) -> str:
    if result.roll == "oracle":
        return "oracle"
    if result.move_id in {"pay_the_price", "table:pay_the_price"}:
        return "pay_the_price"
    if result.roll == "table":
        return "table"
    return "narrate"


def _odds_map(odds: Any) -> dict[str, float] | None:
    """The outcome percentages of an odds table (``{"strong_hit": 15.17, ...}``, as the player saw them) or None."""
    if not odds:
        return None
    if isinstance(odds, Mapping):
        source = odds.get("outcomes", odds)
        if isinstance(source, Mapping):
            out = {str(k): float(v) for k, v in source.items() if isinstance(v, (int, float)) and not isinstance(v, bool)}
            return out or None
    return None


def _odds_line(odds: Any, system: str = "", move_id: str = "") -> str:
    probabilities = _odds_map(odds)
    if not probabilities:
        return ""
    if set(probabilities) - {"match"} == {"none"}:  # Lose Cohesion with no aspects: not "none 100%"
        from assistant.suggest.odds_said import NO_ROLL_WORDS

        return f" — {NO_ROLL_WORDS}"
    by_effect = odds_by_effect(system, move_id, probabilities) if system and move_id else None
    if by_effect:  # "clear 6 stress 31%": what the dice do, where the results differ only by how much
        return " — " + ", ".join(f"{words} {percent(v)}" for words, v in by_effect)
    by_faces = odds_by_faces(probabilities) if results_by_die(system, move_id) else None
    if by_faces:  # "a 1-3 75%": an entanglement's roll picks a row, it does not succeed or fail
        return " — " + ", ".join(f"{words} {percent(v)}" for words, v in by_faces)
    parts = [f"{k.replace('_', ' ')} {percent(v)}" for k, v in probabilities.items() if k != "match"]
    return " — " + ", ".join(parts) if parts else ""


#: What an LLM-proposed move may keep of its request: the move, the stat, and which track, clock or target it
#: acts on. Anything else (adds, amounts, burning, picks, odds) would change the numbers, so it is dropped and
#: said to the player, who adds it themself if the fiction earns it.
LLM_KEEPS = frozenset({"move", "stat"})
LLM_KEEPS_OPTIONS = frozenset({"track", "clock", "target"})


def llm_extras(request: Mapping[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """``request`` without what the LLM may not decide, and those dropped extras in words."""
    kept = {k: v for k, v in request.items() if k in LLM_KEEPS}
    dropped: list[str] = []
    adds = request.get("adds")
    if adds not in (None, 0):
        dropped.append(f"{adds:+d} adds" if isinstance(adds, int) and not isinstance(adds, bool) else "adds")
    raw_options = request.get("options")
    options: Mapping[str, Any] = raw_options if isinstance(raw_options, Mapping) else {}
    kept_options = {k: v for k, v in options.items() if k in LLM_KEEPS_OPTIONS}
    for key, value in options.items():
        if key not in LLM_KEEPS_OPTIONS:
            dropped.append("burning momentum" if key == "burn" else f"{key.replace('_', ' ')} {value}")
    if kept_options:
        kept["options"] = kept_options
    return kept, dropped


def _suggestion_from_request(request: dict[str, Any], system: str, state: CampaignState, why: str) -> Any:
    """A Suggestion for a move the LLM proposed through its tools (validated by the tools layer). Only the move,
    its stat and the track, clock or target it acts on are kept (see :data:`LLM_KEEPS`); the rest is named in the
    suggestion's reason, not applied, with or without auto-roll."""
    from assistant.engine.probability import odds_for_request
    from assistant.suggest import Suggestion

    request, dropped = llm_extras(request)
    if dropped:
        why = f"{why or ''} (The narrator also proposed {', '.join(dropped)}; not applied: add it yourself if it fits.)"
    ruleset = get_ruleset(system)
    move = ruleset.find_move(str(request["move"]))
    character = state.active()
    stat = request.get("stat")
    stat_value = None
    if stat and character:
        stat_value = (character.get("stats") or {}).get(stat, character.get(stat))
    odds = None
    with contextlib.suppress(AssistantError):
        odds = odds_for_request({**request, "system": system, **({"character": character} if character else {})}).to_dict()
    return Suggestion(
        move=move.name,
        move_id=move.id,
        system=system,
        stat=stat,
        stat_value=stat_value,
        score=1.0,
        why=why or move.trigger,
        approach=None,
        odds=odds,
        burn_odds=None,
        request={k: v for k, v in request.items() if k != "dice"},
        from_ruleset=True,
        ranked_by="llm",
    )


def no_roll_now(suggestion: Any) -> bool:
    """Whether the suggested move makes no roll as the sheet stands (Develop Your Relationship without a bond,
    Withstand Damage above 0 integrity, Endure Harm that leaves health above 0): it is offered without a stat ("+rank"
    would name a roll it does not make; the app's button read "Roll Endure Harm +health (5)" over "no roll as the sheet
    stands")."""
    from assistant.suggest.odds_said import NO_ROLL_WORDS

    if getattr(suggestion, "odds_words", None) == NO_ROLL_WORDS:
        return True
    odds = getattr(suggestion, "odds", None)
    outcomes = odds.get("outcomes") if isinstance(odds, dict) else None
    return isinstance(outcomes, dict) and set(outcomes) == {"none"}


#: What a move the rules refuse for the reason told on a move above it says ("not now: your character has taken 2
#: downtime activities ..." was printed in full on each of them).
SAME_REFUSAL = "not now, for the same reason"


def moves_that_fit(suggestions: list[Any]) -> str:
    """The suggestions as the chat lists them, each with its odds, and how to go on."""
    from assistant.suggest.core import WEAK_FIT_NOTE

    weak = any(WEAK_FIT_NOTE in (getattr(s, "notes", None) or []) for s in suggestions[:1])
    lines = ["None of the moves closely fits these words; these are the nearest:" if weak else "Moves that fit:"]
    said: set[str] = set()
    for s in suggestions:
        stat = f" (+{s.stat.replace('_', ' ')})" if s.stat and not no_roll_now(s) else ""
        words = getattr(s, "odds_words", None)
        if isinstance(words, str) and words.startswith("not now: "):  # several downtime activities refused at once
            words = SAME_REFUSAL if words in said else words  # the reason is told once, on the first
            said.add(getattr(s, "odds_words", ""))
        odds = f" — {words}" if words else _odds_line(s.odds, getattr(s, "system", ""), getattr(s, "move_id", ""))
        lines.append(f"- {s.move}{stat}{odds}")
    return "\n".join(lines) + "\n\nConfirm one to roll it."
