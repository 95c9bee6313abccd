"""The city game's rules that span more than one move: what the text allows once per session, the count of
Demands before Retire, leaning on a belief (Use Belief before the roll it buffs), and the neighborhood a
faction controls counting as an aspect (Secure Resource).

Pure helpers called from the ruleset's hooks; each changes only the resolution's working character and
records an Effect, or refuses in the player's words before anything changed.
"""

from __future__ import annotations

from assistant.engine.context import Resolution, option_text
from assistant.engine.data import normalize_name
from assistant.engine.errors import InputError, RulesError
from assistant.engine.kinds import EffectKind
from assistant.engine.model import FollowUp
from assistant.engine.rulesets.city import sheet_lists

#: What the text allows once per session: the key kept in ``character.session_used`` -> how the player says it.
#: "Once per session, you may mark a History..."; "Once per session you may mark the next available Demand...";
#: Run the Scheme: "You may do this once per session."
ONCE_PER_SESSION: dict[str, str] = {
    "run_the_scheme": "Run the Scheme",
    "mark_history": "mark a History (Recall Neighborhood Connection)",
    "perceive_demand": "mark a Demand (Perceive Demand)",
}
#: Moves that are themselves a once-per-session use, and the key they use.
MOVE_USES = {
    "run_the_scheme": "run_the_scheme",
    "recall_neighborhood_connection": "mark_history",
    "perceive_demand": "perceive_demand",
}
#: Request options that use a once-per-session rule on the roll they bump.
OPTION_USES = ("mark_history", "perceive_demand")
#: The most Demands the Magistrate may set before a character retires (ours: the text gives no number).
MAX_DEMANDS = 20


def session_uses(ctx: Resolution) -> list[str]:
    """The once-per-session rules this request would use (none when the move makes no roll to bump)."""
    uses = [MOVE_USES[ctx.move.id]] if ctx.move.id in MOVE_USES else []
    return uses + [o for o in OPTION_USES if o in ctx.options and o not in uses]


def check_session_limits(ctx: Resolution) -> None:
    used = ctx.character.get("session_used")
    if not isinstance(used, list) or not all(isinstance(u, str) and u in ONCE_PER_SESSION for u in used):
        raise InputError(
            "The sheet's list of what you did this session holds only: " + ", ".join(ONCE_PER_SESSION.values()) + "."
        )
    for key in session_uses(ctx):
        if key in used:
            raise RulesError(
                f"You may {ONCE_PER_SESSION[key]} once per session, and you already did this session. "
                "When a new session begins, make the move New Session first."
            )


def record_session_uses(ctx: Resolution) -> None:
    used: list[str] = ctx.character["session_used"]
    for key in session_uses(ctx):
        if key in used:
            continue
        before = list(used)
        used.append(key)
        ctx.effect(
            EffectKind.NOTE,
            "once per session",
            before=before,
            after=list(used),
            reason=f"once per session: you may not {ONCE_PER_SESSION[key]} again until the next session",
        )


def new_session(ctx: Resolution) -> None:
    before = list(ctx.character["session_used"])
    ctx.character["session_used"] = []
    if before:
        ctx.effect(
            EffectKind.NOTE,
            "once per session",
            before=before,
            after=[],
            reason="a new session: what the text allows once per session is open again",
        )


def check_history(ctx: Resolution) -> None:
    """Recall Neighborhood Connection marks a History: which one (asked when not given), and there must be one."""
    open_ones = [h["neighborhood"] for h in ctx.character["histories"] if not h["marked"]]
    if not open_ones:
        raise RulesError("You have no unmarked History on your sheet to mark; add one (for example /add history The Docks).")
    if "neighborhood" not in ctx.options:
        raise InputError(
            "Recall Neighborhood Connection: which neighborhood's History do you mark?", missing="neighborhood", choices=open_ones
        )


# ---- Demands and Retire ---------------------------------------------------------------------------------


def _demand_counts(ctx: Resolution) -> tuple[int, int, int]:
    """(met, unmet, the number the Magistrate set before you retire; 0 = not set)."""
    demands = ctx.character["demands"]
    met = sum(1 for d in demands if d["met"])
    total = ctx.character.get("demands_to_retire", 0)
    if isinstance(total, bool) or not isinstance(total, int) or not 0 <= total <= MAX_DEMANDS:
        raise InputError(f"The number of Demands before you retire is a whole number from 0 to {MAX_DEMANDS} (0: not set).")
    return met, len(demands) - met, total


def check_retire(ctx: Resolution) -> None:
    met, unmet, total = _demand_counts(ctx)
    if unmet:
        raise RulesError("You retire when you meet the last Demand, and a Demand is still unmet: meet it first.")
    if total and met < total:
        raise RulesError(
            f"You retire when you meet the last Demand: you have met {met} of the {total} the Magistrate set "
            f"({total - met} still to come)."
        )
    if not met:
        raise RulesError("You retire when you meet the last Demand, and you have met none yet.")
    if not total:
        ctx.notes.append(
            "The Magistrate set no number of Demands on your sheet: you retire because this was the last one they make."
        )


def offer_retire(ctx: Resolution) -> None:
    """Meet Demand: meeting the last of the Demands the Magistrate set offers Retire."""
    met, unmet, total = _demand_counts(ctx)
    if total and met >= total and not unmet:
        ctx.follow_ups.append(
            FollowUp(
                kind="move",
                move="Retire",
                request={"system": ctx.ruleset.system_id, "move": "retire"},
                reason=f"You met the last of the {total} Demands: describe your epilogue",
            )
        )
    elif total:
        ctx.notes.append(f"Demands met: {met} of {total}.")


# ---- Use Belief before the roll -------------------------------------------------------------------------


def lean_on_belief(ctx: Resolution) -> None:
    """Use Belief as a move: which belief (asked when not given), kept on the sheet for the next roll."""
    beliefs = ctx.character["beliefs"]
    usable = [b["text"] for b in beliefs if not b["proven_wrong"]]
    if not beliefs:
        raise RulesError("You have no beliefs on your sheet yet: add one (for example /add belief The city owes me).")
    if "belief" not in ctx.options:
        raise InputError("Use Belief: which of your beliefs do you lean on?", missing="belief", choices=usable or None)
    belief = beliefs[sheet_lists.find(ctx.character, "beliefs", ctx.options["belief"], "belief")]
    if belief["proven_wrong"]:
        raise RulesError(
            f"The belief “{belief['text']}” was proven wrong: you may continue to hold it, "
            "but you may not use it to buff your rolls."
        )
    before = ctx.character["leaning_on"]
    ctx.character["leaning_on"] = belief["text"]
    ctx.effect(
        EffectKind.BELIEF,
        "belief leaned on",
        before=before,
        after=belief["text"],
        reason=f"your next roll leans on the belief “{belief['text']}”: it rolls with advantage",
    )


def take_leaned_belief(ctx: Resolution) -> None:
    """The roll after Use Belief rolls with that belief (as ``options.use_belief``) and spends it."""
    leaning = ctx.character.get("leaning_on") or ""
    if not isinstance(leaning, str):
        raise InputError("The belief you lean on is the text of one of your beliefs.")
    if not leaning or ctx.move.roll.type != "total" or "use_belief" in ctx.options:
        return
    ctx.character["leaning_on"] = ""
    held = [b for b in ctx.character["beliefs"] if normalize_name(b["text"]) == normalize_name(leaning)]
    if not held or held[0]["proven_wrong"]:
        why = "is no longer on your sheet" if not held else "was proven wrong"
        ctx.notes.append(f"The belief you leaned on, “{leaning}”, {why}: this roll does not lean on it.")
        ctx.effect(EffectKind.BELIEF, "belief leaned on", before=leaning, after="", reason=f"the belief {why}")
        return
    ctx.options["use_belief"] = held[0]["text"]
    ctx.effect(EffectKind.BELIEF, "belief leaned on", before=leaning, after="", reason=f"this roll leans on “{leaning}”")


# ---- Secure Resource in a neighborhood the faction controls ----------------------------------------------


def controlled_neighborhood_aspect(ctx: Resolution) -> int:
    """+1 when the faction operates in a neighborhood it controls ("it may include the neighborhood as an
    aspect when rolling"); the neighborhood must be one the sheet lists for the faction, when it lists any."""
    name = option_text(ctx, "controlled_neighborhood")
    if name is None:
        return 0
    controlled = ctx.character["faction"]["neighborhoods"]
    if controlled and normalize_name(name) not in {normalize_name(n) for n in controlled}:
        raise RulesError(
            f"The faction does not control {name!r} on your sheet; it controls {', '.join(controlled)}. "
            "Name one of those, or roll without the neighborhood."
        )
    ctx.notes.append(f"+1: the faction operates in {name}, a neighborhood it controls, and includes it as an aspect.")
    return 1
