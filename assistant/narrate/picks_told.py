"""How a pick or a burn on a move the last narration told opens the next one ("You choose: gain 4 blood and kill the
victim.", "Mara picks: ..."), and the short card that follows it: the attempt is not told again as if made twice."""

from __future__ import annotations

import re

from assistant.engine.model import Result
from assistant.narrate import facts
from assistant.narrate.effect_lines import coin_spent
from assistant.narrate.line_grammar import is_verb, shape
from assistant.narrate.outcome_prose import move_choices
from assistant.narrate.request import NarrationRequest
from assistant.narrate.their_words import of_them, on_their_sheet
from assistant.narrate.tried import without_rank

#: A pick told before: "You choose: ...", "Mara picks: ...", or its card's "chosen: ...".
_TOLD_PICK = r"(?:you choose|\w+ picks|chosen): (.*?)[.!?](?:\s|$)"
#: A rules term in brackets inside an option's label ("you deal your combat damage (1dGrit) if ..."): the card's, not
#: the story's.
_RULES_BRACKET = re.compile(r"\s*\((?=[^)]*\b\d*d(?:\d+|[A-Z]\w*)\b)[^)]*\)")


def _as_told(label: str) -> str:
    """An option's label as the story tells it: without its rules terms ("you deal your combat damage if you have a
    weapon", not "... (1dGrit) ...")."""
    return _RULES_BRACKET.sub("", label)


def _told_before(label: str, told: str) -> bool:
    """Whether the pick ``label`` is in ``told`` (what the last narration said was picked), told with or without its
    rules terms."""
    low = " ".join(label.lower().split()).rstrip(".")
    return low in told or " ".join(_as_told(label).lower().split()).rstrip(".") in told


#: The engine's note on a change it could not write ("The belief was not named, so nothing is written yet: ...").
_UNWRITTEN = "so nothing is written yet"


def _picked_card(request: NarrationRequest, result: Result) -> str:
    """The card of a pick on a move the last narration told: the move and what the pick changed ("Indulge Vice. Heat
    6 → 8."), not the dice and the changes the card already showed (nor the pick, which the opening says)."""
    last = " ".join(request.recent[-1].lower().split()) if request.recent else ""
    picks = [n for n, e in enumerate(result.effects) if e.kind == "choice"]
    told_picks = " | ".join(re.findall(_TOLD_PICK, last))  # what was picked, not offered
    said = of_them if request.actor else str
    new = [n for n in picks if not _told_before(said(_pick_head(result.effects[n].reason)), told_picks)]
    start = (new or picks or [len(result.effects)])[0]
    picked = [e for e in result.effects[start:] if e.kind != "choice"]
    lines = [facts.effect_line(e, result.system) for e in picked if not facts.NOT_NAMED.search(e.reason or "")]
    lines = [line for line in lines if line]
    if len(lines) < len(picked):  # a change the engine could not write (no belief named): its note says what to do
        lines += [n for n in result.notes if _UNWRITTEN in n]
    if request.actor and lines:  # a pick on Mara's move changes Mara's sheet ("until Mara rests")
        lines = on_their_sheet(result, lines, request.actor)
    return " ".join(p for p in (f"{facts.move_label(result)}.", *lines, facts.burn_offer(result)) if p)


#: A sentence that asks for the pick ("Your spell still works, but (choose one):", "On a 10+ Choose Two."): once the
#: pick is made, the story does not ask it again.
_PROMPT = re.compile(r":\s*$|\(?\bchoose\s+(?:one|two|three|\d)\b\)?", re.IGNORECASE)


def without_prompt(prose: str) -> str:
    """``prose`` without the sentences that ask for a pick (the pick told, the prompt is answered)."""
    return " ".join(s for s in re.split(r"(?<=[.!?:])\s+", prose) if s and not _PROMPT.search(s))


def pick_opening(request: NarrationRequest, result: Result) -> str:
    """The opening of a pick or a burn on the move the last narration told ("You choose: gain 4 blood and kill the
    victim.", "Mara picks: ..."), or "" for a move told for the first time (the model's story goes on from it too)."""
    retold = _retold(request, result)
    if retold.startswith("You choose: ") and request.actor:  # Mara's picks on her own move are hers
        retold = f"{request.actor} picks: {retold.removeprefix('You choose: ')}"
    return retold


def _retold(request: NarrationRequest, result: Result) -> str:
    """The opening of a pick or a burn on the move the last narration told ("You choose: gain 4 blood and kill the
    victim."), or "" for a move told for the first time: the attempt is not told again as if made twice."""
    said = of_them if request.actor else str  # Mara's picks are told of her: "they deal their damage"
    picks = [said(e.reason.strip().removesuffix(".")) for e in result.effects if e.kind == "choice" and e.reason]
    theirs = {
        said(e.reason.strip().removesuffix(".")) for e in result.effects if e.kind == "choice" and _not_yours(result, e.target)
    }
    burned = bool(result.burn and result.burn.burned)
    if not (picks or burned) or not request.recent:
        return ""
    last = " ".join(" ".join(request.recent[-3:]).lower().split())  # a second pick follows the first pick's telling
    intent = re.sub(r"^you\s+", "", shape(without_rank(request.player_text))[1].lower())  # "You set out to" replaced its "you"
    if not (intent in last if intent else result.move.lower() in last):
        return ""
    if burned:
        return f"You burn your {facts.humanize(result.burn.meter)}."  # type: ignore[union-attr]
    if spent := coin_spent(result, request.recent):
        return f"You spend {spent} coin to raise the result."
    told_picks = " ".join(re.findall(_TOLD_PICK, last))  # a pick told before ("Mara picks: ..."), or its card's
    new = [p for p in picks if not _told_before(p, told_picks) and f"chosen: {p.lower()}" not in last] or picks
    if new and all(p in theirs for p in new):  # a Reaction the Magistrate picks, entered by the player for them
        told = "; ".join(_in_sentence(_as_told(_pick_head(p))) for p in new)
        return f"{_their_picker(result)} picks: {told}" + ("" if told.endswith(("?", "!")) else ".")
    asked = [p for p in new if p.endswith("?")]  # a question picked to answer ("How do you collect the revenue?")
    chosen = [_as_told(_pick_head(p)) for p in new if not p.endswith("?")]  # "recommit to the quest", not its rule
    left = [_left_to(p) for p in chosen]
    if chosen and all(left):  # "Ask the Magistrate how you were diverted": told as a beat, not read out as an order
        return "You leave it to " + " and ".join(left) + "."
    chosen = [_left_to(p, listed=True) or _with_asks_told(_chosen_named(p, result)) for p in chosen]
    parts = [f"You take up the question “{q}”" for q in asked]
    if chosen:
        told = "; ".join(_in_sentence(p, _move_names(result.system)) for p in chosen)
        parts.append(f"{'and choose' if asked else 'You choose'}: {told}")
    text = ", ".join(parts) if len(parts) == 2 and asked and chosen else "; ".join(parts)
    return text + ("" if text.endswith(("?", "!", "”")) else ".")


def _chosen_named(label: str, result: Result) -> str:
    """A pick "of your choice" with what was chosen named, as the move hands it on: "you cause a debility of your
    choice: shakey" (picked by its number, it was told without it); any other pick as it is."""
    if "of your choice" not in label.lower():
        return label
    for follow_up in result.follow_ups:
        named = ((follow_up.request or {}).get("options") or {}).get("debilities") or []
        if named and isinstance(named, list):
            return f"{label.rstrip('.!')}: {str(named[0]).replace('_', ' ')}"
    return label


#: An option that asks the GM to tell something ("Ask the Magistrate how you were diverted ...").
_ASK_THE_GM = re.compile(
    r"^ask\s+(?P<who>the\s+[A-Z][\w’']*(?:\s+[A-Z][\w’']*)?|the\s+GM|[A-Z][\w’']+)\s+"
    r"(?P<wh>how|what|who|whom|when|where|why|which|whether|if)(?:\s+(?P<rest>.+?))?[.!]?$",
    re.I,
)


def _left_to(label: str, *, listed: bool = False) -> str:
    """An option that asks the GM to tell something, as the story says it: "the Magistrate to say how you were
    diverted temporarily from your destination" (after "You leave it to"), or listed among other picks "the
    Magistrate says how ..."; "" for any other option."""
    asked = _ASK_THE_GM.match(label.strip())
    if not asked:
        return ""
    who, wh, rest = asked.group("who"), asked.group("wh").lower(), asked.group("rest") or ""
    return (f"{who} says {wh} {rest}" if listed else f"{who} to say {wh} {rest}").strip()


def _with_asks_told(label: str) -> str:
    """An option whose sentences end by asking the GM ("You need to provide collateral or materials. Ask the
    Magistrate what else they need."), told as one: "You need to provide collateral or materials, and the Magistrate
    says what else they need"; any other option as it is."""
    parts = re.split(r"(?<=[.!?])\s+(?=[A-Z(])", label.strip())
    if len(parts) < 2 or not any(_left_to(p) for p in parts):
        return label
    told = [_left_to(p, listed=True) or p.rstrip(".") for p in parts]
    return ", and ".join(told[:2]) + "".join(f" {t}" for t in told[2:])


def _in_sentence(label: str, moves: frozenset[str] = frozenset()) -> str:
    """An option's label inside a sentence: its first letter lowered ("brag about your exploits"), unless the label
    is a name in title case ("Gang Trouble", "The Usual Suspects")."""
    found = re.findall(r"[A-Za-z][\w’']*", label)
    small = {"of", "the", "a", "an", "and", "to", "in"}
    if label in moves:  # a move's name: "Gain Ground"
        return label
    if found and not is_verb(found[0]) and all(w[:1].isupper() or w.lower() in small for w in found):
        return label  # "Gang Trouble", "Arrest" (an entanglement's name), not "Mark Heat" or "Flee" (an instruction)
    return label[:1].lower() + label[1:]


def _move_names(system: str) -> frozenset[str]:
    from assistant.engine import get_ruleset

    return frozenset(m.name for m in get_ruleset(system).moves)


def _choice_prompts(result: Result) -> dict[str, str]:
    """Each choice of the move (whatever the outcome) by its id -> its prompt."""
    return {c.id: c.prompt for c in move_choices(result)}


def _not_yours(result: Result, choice_id: str) -> bool:
    prompt = _choice_prompts(result).get(choice_id, "")
    return bool(prompt) and bool(facts.NOT_YOURS.search(prompt))


def _their_picker(result: Result) -> str:
    """Who picks another's choice: the game's GM as its text calls them ("The Magistrate"), else "The GM"."""
    try:
        from assistant.engine import get_ruleset

        gm = get_ruleset(result.system).gm.split(" (")[0]
    except Exception:  # noqa: BLE001
        gm = "the GM"
    return gm[:1].upper() + gm[1:]


def _pick_head(label: str) -> str:
    """An option's name before the rule it carries ("Recommit to the quest: Roll both challenge dice, ..." ->
    "Recommit to the quest") or the move it leads to ("Give up on the quest: Forsake Your Vow.", told as "You choose:
    give up on the quest.", not with a second colon; the move is offered next); a label without one as it is."""
    named, bracket, _ = label.partition(" (")
    if bracket and ": " in label and label.index(": ") > len(named):  # "Gain Ground (strong hit: ...)": the move
        return named
    head, colon, rule = label.partition(": ")
    words = rule.rstrip(".").split()
    a_move = 1 < len(words) <= 5 and all(w[:1].isupper() or w in {"of", "the", "a", "an", "and", "to", "in"} for w in words)
    return head if colon and (len(rule) > 40 or a_move) and 2 <= len(head.split()) <= 8 else label
