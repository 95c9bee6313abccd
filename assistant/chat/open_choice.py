"""The last move's open choice as the session sees it: which one is open, and what a player who moves on from it is
told. A pick the rules require (a choice marked ``required`` in the rules data, or a price owed) holds the next move
until it is made or the roll undone; a benefit that may be given up is left by a new move, and the player is told so.
Bookkeeping while a pick waits (a secret added, a meter set, a clock ticked) is made and kept: the pick carries it
(:mod:`assistant.store.carried`), and only an edit of what the pick may change waits for the pick. Every system's
sessions go through here."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any

from assistant.chat.aiming import AimingMixin
from assistant.chat.sheet_text import shown_name
from assistant.engine import AssistantError, Result, RulesError, get_ruleset
from assistant.engine.model import ChoiceOption
from assistant.engine.word_lists import possessive
from assistant.narrate.their_words import of_someone, of_them
from assistant.store.carried import is_edit
from assistant.store.no_move import NO_MOVE_ROLLS, stored_decides_nothing
from assistant.suggest.catalog import normalize_name

#: The most options a "left open" or "still waits" note names one by one; past that (Use a Secret's twelve) it names
#: the choices, or counts the options the card above lists.
MAX_OPTIONS_NAMED = 4


#: A fight position as a player says it.
POSITION_WORDS = {"in_control": "in control", "bad_spot": "in a bad spot"}


def _position_of(option: ChoiceOption) -> str | None:
    """The position an option of a choice puts you in (Enter the Fray's "You are in control"), or None."""
    return next((str(e.get("value")) for e in option.effects if e.get("type") == "position"), None)


APP_UNDO = "↩ Undo last action"
"""The app's undo button, as a refusal there names it (the terminal names /undo)."""

#: Prompts that only say how many to pick: the options listed say the rest.
_BARE_PROMPTS = {"choose one", "pick one", "choose two", "select one", "choose one or more"}


def _menu(result: Result) -> str:
    """The required choices' options as /choose commands, numbered as the card numbers them: each by its head ("/choose
    3 (face a complication at the destination)"), or by what follows it when two share it ("/choose 1 (make a suffer
    move (-2)), /choose 2 (two suffer moves (-1))"); past :data:`MAX_OPTIONS_NAMED` options, the numbers' range."""
    from assistant.chat.choosing import open_options

    numbers = {id(o): n for n, o in enumerate(open_options(result.choices), 1)}
    wanted = [o for c in result.choices if c.required for o in c.options]
    if len(wanted) > MAX_OPTIONS_NAMED:  # the app lists them unnumbered: the count down each list, named by its prompt
        lists = [c for c in result.choices if c.required and c.options]
        spans = [
            f"{numbers[id(c.options[0])]} to {numbers[id(c.options[-1])]} for “{c.prompt.rstrip('.:')}”"
            if len(c.options) > 1
            else f"{numbers[id(c.options[0])]} for “{c.prompt.rstrip('.:')}”"
            for c in lists
        ]
        where = "the list under its card" if len(lists) == 1 else f"the {len(lists)} lists under its card, in order"
        return f"/choose the option's words, or its number counting down {where}: {'; '.join(spans)}"
    heads = [_short(o.label, result.system) for o in wanted]
    said = [
        h if heads.count(h) == 1 else _short(o.label.split(":", 1)[-1].strip(), result.system)
        for h, o in zip(heads, wanted, strict=True)
    ]
    return ", ".join(f"/choose {numbers[id(o)]} ({w})" for o, w in zip(wanted, said, strict=True))


def _no_move(system: str, request: dict[str, Any]) -> bool:
    """Whether ``request`` is a roll that is no move: free dice (``roll:2d6``), a table, the oracle."""
    name = str(request.get("move") or "")
    if name.partition(":")[0].strip().lower() in ("roll", "table"):
        return True
    try:
        return get_ruleset(system).find_move(name).roll.type in NO_MOVE_ROLLS
    except AssistantError:
        return False


#: Words a title leaves in lower case ("Show of Force").
_SMALL_WORDS = frozenset({"of", "the", "a", "an", "and", "or", "to", "in", "on", "for", "at", "by", "with"})


def _short(label: str, system: str = "") -> str:
    """An option's label up to its colon or the end of its first sentence, lowercased ("Give up on the quest: Forsake
    Your Vow." -> "give up on the quest"; "You find no relief, and the situation grows worse. Pay the Price." -> "you
    find no relief, and the situation grows worse"). A head in title case is lowered whole but for the game's own terms
    ("Attract Trouble" -> "attract trouble", "Lose Momentum (-2)" -> "lose Momentum (-2)"), not its first letter only."""
    head = label.split(":", 1)[0].split(". ", 1)[0].rstrip(".")
    words = re.findall(r"[A-Za-z][\w’']*", head)
    if len(words) > 1 and all(w[:1].isupper() or w in _SMALL_WORDS for w in words):  # "Show of Force" is title case
        terms = _game_terms(system)
        rest = head[len(words[0]) :]
        rest = re.sub(r"[A-Za-z][\w’']*", lambda m: m.group(0) if m.group(0).lower() in terms else m.group(0).lower(), rest)
        head = words[0] + rest
    return head[:1].lower() + head[1:]


@cache
def _game_terms(system: str) -> frozenset[str]:
    """The words of a system's stats and meters, lower case ("momentum", "heat", "edge")."""
    try:
        ruleset = get_ruleset(system)
    except AssistantError:
        return frozenset()
    return frozenset(w.lower() for n in [*ruleset.sheet.stats, *ruleset.sheet.meters] for w in str(n).split("_"))


class OpenChoiceMixin(AimingMixin):
    """The open choice of the last move this player knows of."""

    def _open_choice(self) -> tuple[int, Result] | None:
        """The last move of this session with open choices the player has not left, and its event. Rolls that are no
        move (the oracle asked, a table, free dice) lie over it and leave it open, and so does a change of who plays
        (``/character play Arden`` after Mara's spell failed: her penalties are still to be taken, not dropped) and
        bookkeeping (``/add secret ...``: the pick carries it)."""
        for seq in reversed(self.known.stack):
            found = self.store.events(self.campaign, after=seq - 1, upto=seq)
            if found and (found[0].event.type == "set_active" or is_edit(found[0])):
                continue
            if not found or found[0].event.type != "move_resolved":
                return None
            if stored_decides_nothing(found[0]):
                continue
            result = Result.model_validate(found[0].event.result)
            return (seq, result) if result.choices and seq != self._declined else None
        return None

    def _last_move_seq(self) -> int | None:
        """The last action this player knows of, under the bookkeeping made since (a sheet edit, a clock's step): what
        a burn, coin spent on the roll or a new track's rank acts on, the store carrying the edits over it."""
        for seq in reversed(self.known.stack):
            found = self.store.events(self.campaign, after=seq - 1, upto=seq)
            if not (found and is_edit(found[0])):
                return seq
        return self.known.top

    @contextmanager
    def _over_pick(self) -> Iterator[None]:
        """Bookkeeping made in this block while the last move's pick waits is kept, the pick carrying it; an edit of
        what the pick may change (/set momentum while "Take +2 momentum" is on offer) is refused in words, and nothing
        is stored (:func:`assistant.store.pick_guard.refuse_over_pick`)."""
        from assistant.store.pick_guard import refuse_over_pick

        opened = self._open_choice()
        if opened is None:
            yield
            return
        seq = opened[0]
        self.store.guard = lambda ctx, events: refuse_over_pick(ctx, events, seq)
        try:
            yield
        finally:
            self.store.guard = None

    def _choice_open_note(self) -> str:
        """What a player who moves on from an open choice is told while it can still be picked ("" when none is); the
        pick of another character's move (Mara's spell) is told as theirs."""
        from assistant.chat.choosing import open_options, options_in_words

        opened = self._open_choice()
        if opened is None:
            return ""
        seq, result = opened
        maker = self._maker_of(seq)
        whose = f"{possessive(maker)} " if maker else ""
        owed = [c for c in result.choices if get_ruleset(self.system).is_owed(c.id)]
        if owed:  # Blades' price for an additional activity: the next move is refused until it is paid
            numbers = {id(o): n for n, o in enumerate(open_options(result.choices), 1)}
            ways = " or ".join(f"/choose {numbers[id(o)]} ({o.label.rstrip('.').lower()})" for o in owed[0].options)
            return f"{whose}{result.move} is not paid for yet: pay with {ways} before your next move, or /undo it."
        if any(c.required for c in result.choices):  # the next move is refused until it is made
            menu = of_them(_menu(result)) if maker else _menu(result)
            stack = self._state.undo_stack  # the oracle asked since: /undo takes that back first
            since = len(stack) - 1 - stack.index(seq) if seq in stack else 0
            times = "twice" if since == 1 else f"{since + 1} times"
            undo = f"or /undo {times} for the roll (what you did since goes first)" if since else "or /undo the roll"
            required = f"still waits for a pick the rules require ({menu})"
            if getattr(self, "cards_shown", False):  # the app: the pick and the undo are buttons on the page
                required, undo = "still waits for a pick the rules require", f"or “{APP_UNDO}”"
                return f"{whose}{result.move} {required}: choose it in the box below the card before your next move, {undo}."
            return f"{whose}{result.move} {required}: make it before your next move, {undo}."
        options = open_options(result.choices)
        listed = (
            options_in_words(options)
            if len(options) <= MAX_OPTIONS_NAMED
            else f"one of the {len(options)} options under its card"
        )
        their = f"{possessive(maker)} pick" if maker else "your pick"
        listed = of_them(listed) if maker else listed
        return (
            f"{result.move} still waits for {their} ({listed}): /choose picks it; rolling another move instead gives it "
            "up, and nothing from it is taken."
        )

    def _choice_left(self) -> str:
        """The note for a new move rolled while the last one's choice is open: the choice is left, nothing taken."""
        from assistant.chat.choosing import open_options

        opened = self._open_choice()
        if opened is None:
            return ""
        result = opened[1]
        options = open_options(result.choices)
        whose = possessive(result.move)  # "Entanglements' choice"
        if len(result.choices) > 1 or len(options) > MAX_OPTIONS_NAMED:  # a dozen options joined by "or": the prompts
            prompts = "; ".join(c.prompt.rstrip(".") for c in result.choices)
            were, them = ("s were", "them") if len(result.choices) > 1 else (" was", "it")
            return f"{whose} choice{were} left open ({prompts}): nothing from {them} was taken."
        offer = " or ".join(o.label.rstrip(".") for o in options)
        maker = self._maker_of(opened[0])
        choice, picked = f"{whose} choice", "what you picked"
        if maker:  # Bart's Hack & Slash: his picks, told of him ("The attack does not leave them vulnerable")
            choice, picked, offer = f"{possessive(maker)} choice on {result.move}", f"what {maker} picked", of_them(offer)
        if any(e.kind == "choice" for e in result.effects):  # "Choose two", one picked: that one stands
            return f"{choice} was left open ({offer}): {picked} stands, the rest was given up."
        return f"{choice} was left open ({offer}): nothing from it was taken."

    def _follow_ups_left(self, request: dict[str, Any]) -> str:
        """The note for a new move rolled while the last move's effect on someone else is not rolled yet (Hack &
        Slash's damage on Duke, picked and offered as Deal Damage on his sheet): it is not dealt. "" when the new move is
        that follow-up, or when none waits."""
        from assistant.chat.followed_next import open_follow_ups

        if _no_move(self.system, request):
            return ""
        wanted = normalize_name(str(request.get("move") or ""))
        waiting = [
            fu
            for fu in open_follow_ups(self.store, self.campaign, self.known.top)
            if fu.target and fu.target in self._state.characters and normalize_name(fu.move) != wanted
        ]
        if not waiting:
            return ""
        told = " and ".join(f"{fu.move} on {self._on_whom(str(fu.target))}" for fu in waiting)
        return f"{told} was not rolled, so it is not dealt: to deal it, /undo this roll and roll it first."

    def _on_whom(self, cid: str) -> str:
        """Whom a move lands on, as the player says it: "you" for the one playing, else the character's name."""
        return "you" if cid == self._state.active_character else shown_name(self._state, cid)

    def _place_first(self, request: dict[str, Any]) -> str:
        """Make the pick the move's position needs when the last move's open choice still decides it: Strike ("When
        you are in control") rolled while Enter the Fray's weak-hit pick ("Take +2 momentum" or "You are in control")
        is open takes "You are in control"; Clash ("When you are in a bad spot") takes the +2 momentum. The note the
        card shows, or "" when nothing was picked."""
        from assistant.chat.choosing import open_options
        from assistant.store import service

        opened = self._open_choice()
        try:
            move = get_ruleset(self.system).find_move(str(request.get("move") or ""))
        except AssistantError:
            return ""
        wanted = move.requires.position if move.requires is not None else None
        if opened is None or not wanted:
            return ""
        if len(move.roll.stats) > 1 and not request.get("stat"):
            return ""  # the move asks which stat first: the pick is made with the answer, when the move is rolled
        seq, result = opened
        fits = [o for o in open_options(result.choices) if _position_of(o) == wanted]
        if len(fits) != 1:
            return ""
        event: Any = self.store.events(self.campaign, after=seq - 1, upto=seq)[0].event  # a move_resolved (see above)
        previous = (event.request.get("options") or {}).get("choose") or []
        chosen = ([previous] if isinstance(previous, str) else list(previous)) + [fits[0].id]
        _, picked = service.redo_move(
            self.campaign, seq, {"choose": chosen}, doing=f"choose for {result.move}", known=self.known.stack, store=self.store
        )
        self.known.observe(self.store.events(self.campaign, after=seq, upto=picked))  # the pick is the last move now
        self.reload()
        where = POSITION_WORDS.get(wanted, wanted)
        return (
            f"{move.name} is made when you are {where}: {result.move}'s pick is “{fits[0].label.rstrip('.')}” "
            "(undo twice to pick otherwise)."
        )

    def _refuse_rolled_again(self, request: dict[str, Any]) -> None:
        """Refuse a progress move rolled again on the track whose last roll of it waits for a pick (Fulfill Your Vow's
        miss: forsake the vow or recommit): rolling again would pass over the miss. Another track, or another move,
        may be rolled; the pick stays open. Nothing is stored."""
        from assistant.chat.choosing import open_options

        opened = self._open_choice()
        if opened is None:
            return
        result = opened[1]
        try:
            move = get_ruleset(self.system).find_move(str(request.get("move") or ""))
        except AssistantError:
            return
        progress = move.progress_move or move.roll.type == "progress"
        if move.id != result.move_id or not progress or not result.track:
            return
        named = str((request.get("options") or {}).get("track") or request.get("track") or "")
        track = str(result.track.get("name") or "")
        if named and track and normalize_name(named) != normalize_name(track):  # by its id or its name
            return
        numbers = ", ".join(
            f"/choose {n} ({_short(o.label, result.system)})" for n, o in enumerate(open_options(result.choices), 1)
        )
        on = f" on “{track}”" if track else ""
        raise RulesError(
            f"Your last {result.move}{on} was a {str(result.outcome).replace('_', ' ')} and waits for your choice: "
            f"{numbers}. Choose first; /undo takes the roll back."
        )

    def _refuse_pick_waiting(self, request: dict[str, Any] | None = None, doing: str = "your next move") -> None:
        """Refuse a new move while the last move waits for a pick the rules require: a price (Blades' coin or rep for
        an additional downtime activity: left, the activity would have been had for free) or a choice the rules make
        (an overindulgence, a spell's penalty, the Magistrate's reaction): moving on would drop it unseen. A benefit
        that may be given up (questions to ask, "you may...") does not stop the next move, nor does ``request`` when it
        is a roll that is no move (the oracle, a table, free dice: the pick stays open under it). Bookkeeping is not
        refused here: the pick carries it (:meth:`_over_pick`). ``doing``: what is refused, as the refusal says it
        ("your next move"). Nothing is stored."""
        from assistant.chat.choosing import open_options

        opened = self._open_choice()
        if opened is None or (request is not None and _no_move(self.system, request)):
            return
        seq, result = opened
        ruleset = get_ruleset(self.system)
        numbers = {id(o): n for n, o in enumerate(open_options(result.choices), 1)}
        owed = [c for c in result.choices if ruleset.is_owed(c.id)]
        if owed:
            ways = " or ".join(f"/choose {numbers[id(o)]} ({o.label.rstrip('.').lower()})" for o in owed[0].options)
            raise RulesError(
                f"{owed[0].prompt.rstrip('.')}, and {result.move} is not paid for yet: pay with {ways} first, "
                f"or take {result.move} back with /undo."
            )
        required = [c for c in result.choices if c.required]
        if not required:
            return
        maker = self._maker_of(seq)
        ways = _menu(result)
        prompts = "; ".join(c.prompt.rstrip(".") for c in required if c.prompt.lower().rstrip(".") not in _BARE_PROMPTS)
        if maker:  # Mara's spell: "Mara's spell fails", "they become vulnerable"
            prompts, ways = of_someone(prompts, maker), of_them(ways)
        whose = f"{possessive(maker)} " if maker else ""
        said = f" ({prompts})" if prompts else ""
        if getattr(self, "cards_shown", False):  # the app: the pick and the undo are buttons on the page
            raise RulesError(
                f"{whose}{result.move} still waits for a pick the rules require{said}: choose it in the box below the "
                f"card and confirm. Make it before {doing}, or take the roll back with “{APP_UNDO}”. Nothing was changed."
            )
        raise RulesError(
            f"{whose}{result.move} still waits for a pick the rules require{said}: {ways}. Make it before {doing}, or "
            "take the roll back with /undo. Nothing was changed."
        )

    def _maker_of(self, seq: int) -> str:
        """The name of the one who made move ``seq`` when not the one playing (Mara's spell), else ""."""
        found = self.store.events(self.campaign, after=seq - 1, upto=seq)
        event: Any = found[0].event if found else None
        maker = (event.state_change.character_id or event.request.get("character_id")) if event is not None else None
        if not maker or maker == self._state.active_character or maker not in self._state.characters:
            return ""
        return shown_name(self._state, str(maker))
