"""Blades in the Dark: the crew's standing with factions, and its claims.

The crew sheet keeps ``factions`` (``[{"name", "tier", "status"}]``, status -3 war .. +3 allies),
``claims`` (names) and ``prison_claims`` (the six prison claims by id). A move names the faction it deals
with in ``options.faction`` and the claim it gives up in ``options.claim``. The entanglements change status
(Cooperation, Rivals, Show of Force), the skipped tithe costs status when the boss's patience runs out, and a
good incarceration roll gains it.

Effects in ``moves.yaml`` reach here as meter effects on the pseudo-meters ``status`` (``delta``, or
``by: war`` to drop to -3), ``claims`` (``delta: -1`` gives one up) and ``prison_claims`` (``delta: 1``
takes the one in ``options.prison_claim``). Conditions read ``status`` (the named faction), ``top_status``
(the best status of any faction) and ``claims`` (how many the crew holds).
"""

from __future__ import annotations

import re
from typing import Any

from assistant.engine.context import Resolution
from assistant.engine.errors import InputError, RulesError
from assistant.engine.kinds import EffectKind

STATUS_MIN, STATUS_MAX = -3, 3
#: The pseudo-meters this module answers for.
METERS = frozenset({"status", "top_status", "claims", "prison_claims"})
#: The prison claims of the text, by id.
PRISON_CLAIMS = {
    "allied_claim": "Allied claim",
    "cell_block_control": "Cell block control",
    "guard_payoff": "Guard payoff",
    "hardcase": "Hardcase",
    "parole_influence": "Parole influence",
    "smuggling": "Smuggling",
}
#: Tier options a move may take, filled from the named faction's tier when the request leaves them out.
TIER_OPTIONS = ("faction_tier", "rival_tier", "enemy_tier")


_WRITTEN = re.compile(r"^(?P<name>[^()]+?)\s*(?:\((?P<attrs>[^()]*)\))?\s*$")
_ATTR = re.compile(r"^(?P<key>tier|status)\s*:?\s*(?P<value>[+-]?\d+)$", re.IGNORECASE)


def parse_faction(text: str) -> dict[str, Any]:
    """A faction as a player writes it on the sheet: ``Red Sashes (tier 2, status -1)``; tier and status default to 0."""
    found = _WRITTEN.match(text.strip())
    if found is None:
        raise InputError(
            f"Write a faction as its name, then its tier and status: “Red Sashes (tier 2, status -1)”, not {text!r}."
        )
    faction: dict[str, Any] = {"name": found["name"].strip(), "tier": 0, "status": 0}
    for part in filter(None, (p.strip() for p in (found["attrs"] or "").split(","))):
        attr = _ATTR.match(part)
        if attr is None:
            raise InputError(f"{faction['name']}: give its tier and status like “tier 2, status -1”, not {part!r}.")
        faction[attr["key"].lower()] = int(attr["value"])
    return faction


def check_sheet(ch: dict[str, Any]) -> None:
    """The factions, claims and prison claims on the crew sheet are well formed (refused in words); a faction written
    as text (``Red Sashes (tier 2, status -1)``) becomes its entry."""
    factions = ch.get("factions", [])
    example = '[{"name": "The Lampblacks", "tier": 2, "status": -1}]'
    if not isinstance(factions, list):
        raise InputError(f"The crew's factions are a list like {example}.", missing="factions")
    factions[:] = [parse_faction(f) if isinstance(f, str) else f for f in factions]
    seen: set[str] = set()
    for f in factions:
        if not isinstance(f, dict) or not isinstance(f.get("name"), str) or not f["name"].strip():
            raise InputError(f"Each faction has a name, like {example}.", missing="factions")
        if not set(f) <= {"name", "tier", "status"}:
            raise InputError(f"A faction has a name, a tier and a status, like {example}.", missing="factions")
        status, tier = f.get("status", 0), f.get("tier", 0)
        if isinstance(status, bool) or not isinstance(status, int) or not STATUS_MIN <= status <= STATUS_MAX:
            raise InputError(f"{f['name']}: a faction status is a whole number from -3 (war) to +3.", missing="factions")
        if isinstance(tier, bool) or not isinstance(tier, int) or not 0 <= tier <= 6:
            raise InputError(f"{f['name']}: a faction's Tier is a whole number from 0 to 6.", missing="factions")
        key = f["name"].strip().lower()
        if key in seen:
            raise InputError(f"The faction {f['name']!r} is on the crew sheet twice.", missing="factions")
        seen.add(key)
    for field, what in (("claims", "claims"), ("prison_claims", "prison claims")):
        value = ch.get(field, [])
        if not isinstance(value, list) or not all(isinstance(c, str) and c.strip() for c in value):
            raise InputError(f"The crew's {what} are a list of names.", missing=field)
    unknown = [c for c in ch.get("prison_claims", []) if _prison_claim_id(c) is None]
    if unknown:
        raise InputError(
            f"{unknown[0]!r} is not a prison claim: they are {', '.join(PRISON_CLAIMS.values())}.",
            missing="prison_claims",
            choices=list(PRISON_CLAIMS.values()),
        )


def _prison_claim_id(name: str) -> str | None:
    key = name.strip().lower().replace(" ", "_").replace("-", "_")
    return key if key in PRISON_CLAIMS else None


def has_prison_claim(ch: dict[str, Any], claim_id: str) -> int:
    """How many times the crew holds this prison claim (Smuggling counts twice when taken twice)."""
    return sum(1 for c in ch.get("prison_claims", []) if _prison_claim_id(c) == claim_id)


#: The factions a move can be about, by their status (offered first when the move asks which).
_FITS = {
    "cooperation": lambda status: status == STATUS_MAX,
    "show_of_force": lambda status: status < 0,
    "reprisals": lambda status: status < 0,
    "rivals": lambda status: status == 0,
}


def names(ch: dict[str, Any]) -> list[str]:
    return [str(f["name"]) for f in ch.get("factions", [])]


def named(ctx: Resolution, *, required: bool) -> dict[str, Any] | None:
    """The faction the request names in ``options.faction`` (None when it names none and none is required)."""
    name = ctx.options.get("faction")
    known = names(ctx.character)
    fits = _FITS.get(ctx.move.id)
    if name is None and fits is not None:
        known = [str(f["name"]) for f in ctx.character.get("factions", []) if fits(int(f.get("status", 0)))] or known
    if name is None:
        if not required:
            return None
        listed = f": {', '.join(known)}" if known else " (add it to the crew sheet with its tier and status)"
        raise InputError(f"Which faction? Name it{listed}.", missing="faction", choices=known)
    for f in ctx.character.get("factions", []):
        if str(f["name"]).strip().lower() == str(name).strip().lower():
            return f
    listed = f" The crew sheet has {', '.join(known)}." if known else ""
    raise InputError(
        f"There is no faction called {name!r} on the crew sheet: add it with its tier and status.{listed}",
        missing="faction",
        choices=known,
    )


def meter_value(ctx: Resolution, name: str) -> int:
    ch = ctx.character
    if name == "status":
        found = named(ctx, required=False)
        return int(found.get("status", 0)) if found else 0
    if name == "top_status":
        return max((int(f.get("status", 0)) for f in ch.get("factions", [])), default=0)
    if name == "claims":
        return len(ch.get("claims", []))
    return len(ch.get("prison_claims", []))


def fill_tiers(ctx: Resolution, takes: set[str]) -> None:
    """A faction named on the sheet gives its Tier to the move's tier option when the request leaves it out."""
    found = named(ctx, required=False) if "faction" in ctx.options else None
    if found is None or "tier" not in found:
        return
    for option in TIER_OPTIONS:
        if option in takes and option not in ctx.options:
            ctx.options[option] = int(found["tier"])


def change_status(ctx: Resolution, delta: int, reason: str, *, to: int | None = None) -> None:
    """Change the named faction's status within -3..+3; at -3 the crew is at war with it.

    With no faction on the crew sheet (and none named) there is no status to keep: a note says what changes, and
    going to war still marks the crew at war."""
    if "faction" not in ctx.options and not ctx.character.get("factions"):
        what = "drop to -3 status (war)" if to is not None else f"{delta:+d} status"
        ctx.notes.append(f"{reason[:1].upper() + reason[1:]}: {what} with that faction (add it to the crew sheet to keep it).")
        if to == STATUS_MIN and not ctx.character["at_war"]:
            ctx.character["at_war"] = True
            ctx.effect(EffectKind.FLAG, "at_war", before=False, after=True, reason="war with a faction")
        return
    faction = named(ctx, required=True)
    assert faction is not None
    before = int(faction.get("status", 0))
    after = max(STATUS_MIN, min(STATUS_MAX, before + delta if to is None else to))
    faction["status"] = after
    ctx.effect(EffectKind.STATUS, str(faction["name"]), before=before, after=after, delta=after - before, reason=reason)
    if before + delta != after and to is None:
        ctx.notes.append(f"Status with {faction['name']} stays within -3 and +3: it is {after:+d}.")
    if after == STATUS_MIN and not ctx.character["at_war"]:
        ctx.character["at_war"] = True
        ctx.effect(EffectKind.FLAG, "at_war", before=False, after=True, reason=f"at war with {faction['name']}")


def give_up_claim(ctx: Resolution, reason: str) -> None:
    """The crew gives up the claim named in ``options.claim`` (or its only claim)."""
    claims: list[str] = ctx.character.get("claims", [])
    if not claims:
        raise RulesError("The crew holds no claims to give up.")
    wanted = ctx.options.get("claim")
    if wanted is None and len(claims) > 1:
        raise InputError(f"Which claim does the crew give up? {', '.join(claims)}.", missing="claim", choices=list(claims))
    pick = claims[0] if wanted is None else next((c for c in claims if c.strip().lower() == str(wanted).strip().lower()), None)
    if pick is None:
        raise InputError(
            f"The crew holds no claim called {wanted!r}: it holds {', '.join(claims)}.", missing="claim", choices=list(claims)
        )
    after = [c for c in claims if c != pick]
    ctx.effect(EffectKind.CLAIM, "claims", before=list(claims), after=list(after), delta=-1, reason=f"{reason}: {pick}")
    ctx.character["claims"] = after


def take_prison_claim(ctx: Resolution, reason: str) -> None:
    """The crew takes the prison claim named in ``options.prison_claim``."""
    wanted = ctx.options.get("prison_claim")
    if wanted is None:
        ctx.notes.append(f"Choose the prison claim ({', '.join(PRISON_CLAIMS.values())}) and give it as the prison claim.")
        return
    claim_id = _prison_claim_id(str(wanted))
    assert claim_id is not None  # a one_of option
    before = list(ctx.character.get("prison_claims", []))
    after = [*before, PRISON_CLAIMS[claim_id]]
    ctx.character["prison_claims"] = after
    ctx.effect(
        EffectKind.CLAIM, "prison_claims", before=before, after=after, delta=1, reason=f"{reason}: {PRISON_CLAIMS[claim_id]}"
    )


def cooperation(ctx: Resolution) -> None:
    """Only a +3 status faction asks; with none, the crew avoids entanglements right now."""
    found = named(ctx, required=False)
    if found is not None and int(found.get("status", 0)) != STATUS_MAX:
        raise RulesError(
            f"{found['name']} is at status {int(found.get('status', 0)):+d}: only a +3 status faction asks for Cooperation."
        )
    if meter_value(ctx, "top_status") < STATUS_MAX:
        ctx.notes.append("The crew has no +3 faction status: it avoids entanglements right now.")


def show_of_force(ctx: Resolution) -> None:
    """The faction making the play is one with whom the crew has a negative status."""
    found = named(ctx, required=False)
    if found is not None and int(found.get("status", 0)) >= 0:
        raise RulesError(
            f"{found['name']} is at status {int(found.get('status', 0)):+d}: a Show of Force comes from a faction "
            "with whom the crew has a negative status."
        )


#: Prison claims that stand for a request option of the incarceration roll.
CLAIM_OPTIONS = ("guard_payoff", "parole_influence", "cell_block_control")


def apply_prison_claims(ctx: Resolution, takes: set[str]) -> None:
    """The crew's prison claims on the sheet count without being named again in the request."""
    for claim_id in CLAIM_OPTIONS:
        if claim_id in takes and claim_id not in ctx.options and has_prison_claim(ctx.character, claim_id):
            ctx.options[claim_id] = True
            ctx.notes.append(f"{PRISON_CLAIMS[claim_id]}: the crew holds this prison claim.")


def smuggling(ctx: Resolution) -> None:
    """Smuggling: +2 load while incarcerated (4 when taken twice), coin may stand in for load inside."""
    count = has_prison_claim(ctx.character, "smuggling")
    if not count or ctx.options.get("npc") or ctx.options.get("beating"):
        return
    ctx.notes.append(
        f"Smuggling: you have {min(4, 2 * count)} load while incarcerated (starting from zero as a prisoner); you may carry "
        "coin in place of load for bribes or acquiring assets in prison, and reset your prison loadout whenever the "
        "crew has downtime."
    )
