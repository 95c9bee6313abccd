"""Slash commands: parse ``/roll face danger +edge`` into a :class:`Command` the session runs.

Parsing is pure and raises :class:`InputError` with the usage line on a bad command; nothing runs until the
command parsed. The commands (``/help`` prints this list)::

    /roll <move> [+stat] [+N|-N] [burn] [key=value ...]   roll a move (e.g. /roll face danger +edge +1)
    /oracle [odds] <question>                             yes/no oracle (odds: small chance, unlikely, 50/50,
                                                          likely, almost certain; default 50/50)
    /table <name>                                         roll on one of the system's tables
    /price                                                Pay the Price
    /dice <notation>                                      free dice, e.g. /dice 2d6+1
    /progress [track] [times]                             list tracks, or mark progress on one
    /track [<rank> <name>]                                list tracks, or start one (a vow, an expedition...)
    /clock <segments> <name>                              start a clock
    /clock +N|-N <name>                                   advance a clock (or wind it back) by name
    /meter <name> <+N|-N> <reason>                        adjust a meter, with the reason
    /choose <number or option> [, ...]                    pick the open choices of the last move
    /burn                                                 burn momentum (Elegy: focus) on the last move, when it helps
    /undo                                                 undo the last action
    /ask <question>                                       a rules question, with citations
    /character [<name> | add <name> [field=value] | play <name>]   show, add or switch characters
    /set [<name>:] <field> <value>                        edit a sheet, e.g. /set edge 3, /set Mara: hp 12
    /add, /remove [<name>:] <list> <entry>                a belief, secret, asset, impact...
    /moves, /tables, /sheet, /help
"""

from __future__ import annotations

import difflib
import re
import shlex
from dataclasses import dataclass, field
from typing import Any

from assistant.chat.tool_models import MAX_PLAYER_MARKS
from assistant.engine.errors import InputError
from assistant.engine.oracle import Odds
from assistant.engine.tracks import Rank

CHARACTER_USAGE: dict[str, str] = {
    "character": "/character [<name> | add <name> [field=value ...] | play <name>]   e.g. /character add Mara class=bard",
    "set": "/set [<name>:] <field> <value>   e.g. /set edge 3, /set vice Gambling, /set Mara: hp 12",
    "add": "/add [<name>:] <list> <entry>   e.g. /add belief The Magistrate lies, /add impact wounded",
    "remove": "/remove [<name>:] <list> <number or words>   e.g. /remove secret 1",
}

USAGE: dict[str, str] = {
    "roll": "/roll <move> [+stat] [+N|-N] [burn] [key=value ...]   e.g. /roll face danger +edge",
    "oracle": "/oracle [odds] <question>   e.g. /oracle likely Is the station abandoned?",
    "table": "/table <name>   e.g. /table pay the price",
    "price": "/price   (Pay the Price)",
    "dice": "/dice <notation>   e.g. /dice 2d6+1",
    "progress": "/progress [track] [times]   e.g. /progress find the ship",
    "track": "/track <rank> [kind] <name>   e.g. /track dangerous Find the lost ship, /track formidable fight The raider",
    "clock": (
        "/clock <segments> <name> to start one, /clock +1 <name> to advance it, /clock alone lists them"
        "   e.g. /clock 6 The alarm is raised"
    ),
    "meter": "/meter <name> <+N|-N> <reason>   e.g. /meter health -1 grazed by a shot",
    "choose": "/choose <option> [option ...]   e.g. /choose 2, or /choose Take +2 momentum",
    "burn": "/burn   (burn momentum, or focus in Elegy, on the last move, when it helps)",
    "undo": "/undo",
    "ask": "/ask <question>   e.g. /ask what happens when momentum is negative?",
    **CHARACTER_USAGE,
    "moves": "/moves",
    "tables": "/tables",
    "sheet": "/sheet [<name>]",
    "help": "/help",
}
ALIASES = {
    "r": "dice",
    "d": "dice",
    "o": "oracle",
    "pay": "price",
    "paytheprice": "price",
    "t": "table",
    "q": "ask",
    "rules": "ask",
    "move": "roll",
    "vow": "track",
    "tracks": "track",
    "vows": "track",
    "clocks": "clock",
    "h": "help",
    "char": "character",
    "characters": "character",
    "?": "help",
}
ODDS = tuple(o.value for o in Odds)
RANKS = tuple(r.value for r in Rank)


@dataclass(frozen=True)
class Command:
    name: str
    args: dict[str, Any] = field(default_factory=dict)
    text: str = ""
    """The command as typed, without the slash."""


def help_text() -> str:
    return "Commands:\n" + "\n".join(f"  {line}" for line in USAGE.values())


#: What a command given without its words is missing, in the player's words.
#: Free dice notation typed after /roll ("2d6+1", "d100", "3d6kh2"): the dice, not a move.
_DICE_NOTATION = re.compile(r"\d*d\d+(?:[a-z]{1,2}\d*)?(?:[+-]\d+)?", re.IGNORECASE)
_MISSING = {"table": "Which table? (/tables lists them.)", "dice": "Which dice?", "ask": "What is your question?"}


def _usage_error(name: str, problem: str) -> InputError:
    return InputError(f"{problem} Usage: {USAGE[name]}")


def _rank_and_name(rest: str) -> dict[str, Any]:
    """``formidable fight The hunter`` (the rank first, after the kind, or last: "fight formidable The hunter", "fight
    The hunter formidable") -> its rank and the rest as the name; what is missing is said in words."""
    tokens = rest.split()
    at = next((i for i in (0, 1, len(tokens) - 1) if 0 <= i < len(tokens) and tokens[i].lower() in RANKS), None)
    if at is None:
        raise InputError(
            f"“{rest.strip()}” needs a rank: how hard it is, one of {', '.join(RANKS)}. "
            f"Put it first, e.g. /track formidable {rest.strip()}"
        )
    name = " ".join(tokens[:at] + tokens[at + 1 :])
    if not name:
        raise _usage_error("track", f"Give the {tokens[at].lower()} track a name.")
    return {"rank": tokens[at].lower(), "name": name}


def _int(token: str) -> int | None:
    return int(token) if re.fullmatch(r"[+-]?\d+", token) else None


def _value(raw: str) -> Any:
    low = raw.lower()
    if low in {"true", "yes", "on"}:
        return True
    if low in {"false", "no", "off"}:
        return False
    number = _int(raw)
    return number if number is not None else raw


def parse_roll(rest: str) -> dict[str, Any]:
    """``face danger +edge +1 burn track=find-the-ship`` -> move, stat, adds, options."""
    try:
        tokens = shlex.split(rest)
    except ValueError as exc:
        raise _usage_error("roll", f"Could not read the command ({exc}).") from None
    words: list[str] = []
    stat: str | None = None
    adds = 0
    options: dict[str, Any] = {}
    bare: int | None = None
    for token in tokens:
        number = _int(token)
        if number is not None and token[0] not in "+-" and words and bare is None:
            bare = number  # "/roll endure harm 2": the harm when the move takes an amount, else a bonus
        elif number is not None and (token[0] in "+-" or words):
            adds += number
        elif token.startswith("+") and len(token) > 1:
            if stat is not None:
                raise _usage_error("roll", f"Two stats given (+{stat} and {token}); pick one.")
            stat = token[1:].lower()
        elif token.lower() == "burn":
            options["burn"] = True
        elif "=" in token and not token.startswith("="):
            key, _, raw = token.partition("=")
            options[key.strip().lower()] = _value(raw.strip())
        else:
            words.append(token)
    if not words:
        raise _usage_error("roll", "Name the move to roll.")
    if not -MAX_ADDS <= adds <= MAX_ADDS:
        raise _usage_error("roll", f"A bonus is a whole number from -{MAX_ADDS} to +{MAX_ADDS}; {adds:+d} won't do.")
    return {"move": " ".join(words), "stat": stat, "adds": adds, "options": options, "bare": bare}


def with_bare_number(system: str, request: dict[str, Any], number: int) -> dict[str, Any]:
    """A number typed after a move's name without a sign ("/roll endure harm 2"): the amount, when the move takes one
    and none was given as ``amount=``; else a bonus, as "+2" would be."""
    from assistant.engine import AssistantError, get_ruleset

    try:
        takes = "amount" in get_ruleset(system).find_move(str(request["move"])).options
    except AssistantError:
        takes = False
    options = dict(request.get("options") or {})
    if takes and "amount" not in options:
        return {**request, "options": {**options, "amount": number}}
    adds = int(request.get("adds") or 0) + number
    if not -MAX_ADDS <= adds <= MAX_ADDS:  # "/roll hack and slash +str 99": a bonus, out of bounds
        raise _usage_error("roll", f"A bonus is a whole number from -{MAX_ADDS} to +{MAX_ADDS}; {adds:+d} won't do.")
    return {**request, "adds": adds}


MAX_ADDS = 10
"""The most a roll adds or takes away (the engine's bound on ``adds``)."""


#: Odds said in everyday words before the question ("/oracle maybe is it raining?"): the oracle's odds they mean. A
#: word the table would read as something else ("even" alone opens "even if…") is not here.
ODDS_SAID = {
    "maybe": "50/50",
    "even odds": "50/50",
    "50-50": "50/50",
    "fifty-fifty": "50/50",
    "fifty fifty": "50/50",
    "coin flip": "50/50",
    "toss-up": "50/50",
    "toss up": "50/50",
    "probably": "likely",
    "very likely": "almost certain",
    "almost sure": "almost certain",
    "doubtful": "unlikely",
    "slim chance": "small chance",
    "long shot": "small chance",
}


def _said_odds(text: str) -> tuple[str, str] | None:
    """The odds and the question when ``text`` opens with odds in everyday words followed by the question."""
    for said, odds in sorted(ODDS_SAID.items(), key=lambda kv: len(kv[0]), reverse=True):
        m = re.match(rf"{re.escape(said)}\b[\s:,\-]*(?P<question>\S.*)$", text, re.I)
        if m and len(m.group("question").split()) >= 2:
            question = m.group("question").strip()
            return odds, question[:1].upper() + question[1:]
    return None


def parse_oracle(rest: str) -> dict[str, Any]:
    text = rest.strip()
    odds = "50/50"
    said = _said_odds(text)
    if said is not None:
        return {"question": said[1], "odds": said[0]}
    low = text.lower()
    for choice in sorted(ODDS, key=len, reverse=True):
        if low.startswith(choice):
            odds, text = choice, text[len(choice) :].strip(" :,-")
            break
        # the odds said after the question: "Will the watch come? likely", "Is it locked, unlikely", "… (likely)"
        after = re.search(rf"(\?)?\s*[,;:(\-]?\s*\(?{re.escape(choice)}\)?[.!]?\s*$", text, re.I)
        if after and text[: after.start()].strip() and (after.group(1) or re.search(r"[,;:(\-]", after.group(0))):
            odds, text = choice, text[: after.start()].strip(" :,-") + (after.group(1) or "")
            break
    else:
        odds, text = _misspelt_odds(text)
    if not text:
        raise _usage_error("oracle", "Ask a yes/no question.")
    return {"question": text, "odds": odds}


def _misspelt_odds(text: str) -> tuple[str, str]:
    """The odds a question opens with when typed with a slip ("likly is the drone armed", "smal chance the hatch
    holds"): those odds and the question; else 50/50 and the words as they are. The card says the odds read."""
    words = text.split()
    for choice in sorted(ODDS, key=len, reverse=True):
        n = len(choice.split())
        lead = " ".join(words[:n]).lower().strip(" :,-")
        if len(words) > n and difflib.SequenceMatcher(None, lead, choice).ratio() >= 0.85:
            return choice, " ".join(words[n:]).strip(" :,-")
    return "50/50", text


#: Commands players reach for that this chat keeps elsewhere: where to look instead.
_ELSEWHERE = {
    "log": "/sheet shows the character, /track and /clock list what is under way",
    "journal": "/sheet shows the character, /track and /clock list what is under way",
    "history": "/sheet shows the character, /track and /clock list what is under way",
    "stats": "/sheet shows them",
    "status": "/sheet shows it",
    "inventory": "/sheet shows it",
}


def _unknown(head: str, rest: str) -> str:
    """A command this chat does not know, told in a line instead of the whole list when it can say more: the command
    meant when it was mistyped ("/shet": /sheet), where to look for what it is not kept as, or that an action is typed
    without "/"; else the list of commands."""
    said = f"Unknown command '/{head}'."
    known = [*USAGE, *ALIASES]
    near = difflib.get_close_matches(head.lower(), known, n=1, cutoff=0.75)
    if head.lower() in _ELSEWHERE:
        said += f" {_ELSEWHERE[head.lower()]}."
    elif near:
        said += f" Did you mean /{ALIASES.get(near[0], near[0])}?"
    elif rest.strip():  # "/look around the hold": an action, typed with a slash
        said += " To tell what your character does, type it without the “/”."
    else:  # nothing near it: the commands, to pick from
        return f"{said} {help_text()}"
    return said + " Type /help for the commands."


def parse_command(text: str) -> Command:
    """Parse a command typed after ``/`` (the slash may be included)."""
    body = text.strip().lstrip("/").strip()
    if not body:
        raise InputError("Type a command after '/'. " + help_text())
    head, _, rest = body.partition(" ")
    name = head.lower()
    name = ALIASES.get(name, name)
    rest = rest.strip()
    if name not in USAGE:
        raise InputError(_unknown(head, rest))
    if name == "sheet" and rest:  # "/sheet Mara": that character's sheet, as /character Mara shows it
        return Command("character", {"value": rest}, body)
    args: dict[str, Any]
    if name == "roll" and _DICE_NOTATION.fullmatch(rest.replace(" ", "")):
        return Command("dice", {"value": rest}, body)  # "/roll 2d6+1": free dice, as /dice rolls them
    if name == "roll":
        args = parse_roll(rest)
    elif name == "oracle":
        args = parse_oracle(rest)
    elif name in CHARACTER_USAGE:
        if name != "character" and not rest:
            raise _usage_error(name, "Name the field and the value.")
        if name in {"add", "remove"} and rest.split()[0].lower() in {"clock", "clocks"}:  # "/remove clock 1"
            raise InputError(
                "A clock is the campaign's, not a list on the sheet: /clock 6 <name> starts one, /clock -1 <name> winds "
                "one back, /clock lists them."
            )
        args = {"value": rest}
    elif name in {"table", "dice", "ask"}:
        if not rest:
            raise _usage_error(name, _MISSING[name])
        args = {"value": rest}
    elif name == "progress":
        parts = rest.rsplit(" ", 1)
        times = _int(parts[-1]) if len(parts) == 2 else None
        track = parts[0] if times is not None else rest
        lead = rest.split(" ", 1)
        if times is None and _int(lead[0]) is not None:  # "/progress 3 find my brother", "/progress 3"
            times, track = _int(lead[0]), (lead[1] if len(lead) == 2 else "")
        if times is not None and not 1 <= times <= MAX_PLAYER_MARKS:
            raise _usage_error(
                "progress", f"Mark progress 1 to {MAX_PLAYER_MARKS} times (a troublesome track fills in 4, an epic one in 40)."
            )
        args = {"track": track or None, "times": times or 1}
    elif name == "track" and not rest:  # "/track" alone lists the tracks, as "/clock" lists the clocks
        args = {}
    elif name == "track":
        args = _rank_and_name(rest)
    elif name == "clock" and not rest:  # the clocks there are: the campaign's and the character's own
        args = {}
    elif name == "clock":
        first, _, clock_name = rest.partition(" ")
        number = _int(first)
        if number is None or not clock_name.strip() or number == 0:
            raise _usage_error("clock", "Give the number of segments (or +1 / -1) and the clock's name.")
        if first.startswith(("+", "-")):
            args = {"by": number, "name": clock_name.strip()}
        else:
            args = {"segments": number, "name": clock_name.strip()}
    elif name == "meter":
        # the meter's name may be words ("companion health"): it runs up to the change
        found = re.match(r"(?P<meter>.+?)\s+(?P<delta>[+-]?\d+)\s+(?P<reason>\S.*)$", rest.strip())
        delta = _int(found["delta"]) if found else None
        if found is None or delta is None or delta == 0:
            raise _usage_error("meter", "Give the meter, a change like -1 or +2, and the reason.")
        args = {"meter": found["meter"].strip().lower(), "delta": delta, "reason": found["reason"].strip()}
    elif name == "choose":
        picks = [p.strip() for p in rest.split(",") if p.strip()]  # "Pay 1 rep, Lose status" or "2, 3"
        if not picks:
            raise _usage_error("choose", "Name at least one option.")
        args = {"options": picks}
    else:
        if rest and name not in {"help"}:
            raise _usage_error(name, f"/{name} takes nothing after it.")
        args = {}
    return Command(name=name, args=args, text=body)
