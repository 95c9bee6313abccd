"""The last move's open choice as the session sees it: which one is open, and what a player who moves on from it is
told. A pick the rules require (a cost, or what the move comes to: ``required`` in the move's data) holds the next move
and any change on the sheet until it is made or the roll undone; a benefit not required is given up by moving on, and
the player is told so."""

from __future__ import annotations

from typing import Any

from assistant.chat.aiming import AimingMixin
from assistant.chat.sheet_text import shown_name
from assistant.engine import AssistantError, Result, RulesError, get_ruleset
from assistant.engine.model import ChoiceOption
from assistant.store.no_move import stored_decides_nothing
from assistant.suggest.catalog import normalize_name

#: The most options a "left open" or "still waits" note names one by one; past that (Use a Secret's twelve) it names
#: the choices, or counts the options the card above lists.
MAX_OPTIONS_NAMED = 4


#: A fight position as a player says it.
POSITION_WORDS = {"in_control": "in control", "bad_spot": "in a bad spot"}


def _position_of(option: ChoiceOption) -> str | None:
    """The position an option of a choice puts you in (Enter the Fray's "You are in control"), or None."""
    return next((str(e.get("value")) for e in option.effects if e.get("type") == "position"), None)


#: Prompts that only say how many to pick: the options listed say the rest.
_BARE_PROMPTS = {"choose one", "pick one", "choose two", "select one", "choose one or more"}


def _menu(result: Result) -> str:
    """The required choices' options as /choose commands, numbered as the card numbers them: each by its head ("/choose
    3 (face a complication at the destination)"), or by what follows it when two share it ("/choose 1 (make a suffer
    move (-2)), /choose 2 (two suffer moves (-1))")."""
    from assistant.chat.choosing import open_options

    numbers = {id(o): n for n, o in enumerate(open_options(result.choices), 1)}
    wanted = [o for c in result.choices if c.required for o in c.options]
    heads = [_short(o.label) for o in wanted]
    said = [h if heads.count(h) == 1 else _short(o.label.split(":", 1)[-1].strip()) for h, o in zip(heads, wanted, strict=True)]
    return ", ".join(f"/choose {numbers[id(o)]} ({w})" for o, w in zip(wanted, said, strict=True))


def _no_move(system: str, move: str) -> bool:
    """Whether a request's move is a roll that is no move: a table, free dice, the oracle."""
    if move.split(":", 1)[0] in ("table", "roll"):
        return True
    try:
        return get_ruleset(system).find_move(move).roll.type in ("oracle", "table")
    except AssistantError:
        return False


def _short(label: str) -> str:
    """An option's label up to its colon or the end of its first sentence, lowercased ("Give up on the quest: Forsake
    Your Vow." -> "give up on the quest"; "You find no relief, and the situation grows worse. Pay the Price." -> "you
    find no relief, and the situation grows worse")."""
    head = label.split(":", 1)[0].split(". ", 1)[0].rstrip(".")
    return head[:1].lower() + head[1:]


class OpenChoiceMixin(AimingMixin):
    """The open choice of the last move this player knows of."""

    def _open_choice(self) -> tuple[int, Result] | None:
        """The last move of this session with open choices the player has not left, and its event. Rolls that are no
        move (the oracle asked, a table, free dice) lie over it and leave it open."""
        for seq in reversed(self.known.stack):
            found = self.store.events(self.campaign, after=seq - 1, upto=seq)
            if not found or found[0].event.type != "move_resolved":
                return None
            if stored_decides_nothing(found[0]):
                continue
            result = Result.model_validate(found[0].event.result)
            return (seq, result) if result.choices and seq != self._declined else None
        return None

    def _choice_open_note(self) -> str:
        """What a player who moves on from an open choice is told while it can still be picked ("" when none is)."""
        from assistant.chat.choosing import open_options, options_in_words

        opened = self._open_choice()
        if opened is None:
            return ""
        result = opened[1]
        if any(c.required for c in result.choices):
            return (
                f"{self._whose_move(opened)} still waits for a pick the rules require ({_menu(result)}); make it "
                "before your next move, or /undo the roll."
            )
        options = open_options(result.choices)
        listed = (
            options_in_words(options)
            if len(options) <= MAX_OPTIONS_NAMED
            else f"one of the {len(options)} options under its card"
        )
        return (
            f"{result.move} still waits for your pick ({listed}): /choose picks it; rolling another move instead gives it "
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
        whose = f"{result.move}'" if result.move.endswith("s") else f"{result.move}'s"  # "Entanglements' choice"
        if len(result.choices) > 1 or len(options) > MAX_OPTIONS_NAMED:  # a dozen options joined by "or": the prompts
            prompts = "; ".join(c.prompt.rstrip(".") for c in result.choices)
            were, them = ("s were", "them") if len(result.choices) > 1 else (" was", "it")
            return f"{whose} choice{were} left open ({prompts}): nothing from {them} was taken."
        offer = " or ".join(o.label.rstrip(".") for o in options)
        return f"{whose} choice was left open ({offer}): nothing from it was taken."

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
        _, picked = service.redo_move(self.campaign, seq, {"choose": chosen}, doing=f"choose for {result.move}", store=self.store)
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
        numbers = ", ".join(f"/choose {n} ({_short(o.label)})" for n, o in enumerate(open_options(result.choices), 1))
        on = f" on “{track}”" if track else ""
        raise RulesError(
            f"Your last {result.move}{on} was a {str(result.outcome).replace('_', ' ')} and waits for your choice: "
            f"{numbers}. Choose first; /undo takes the roll back."
        )

    def _whose_move(self, opened: tuple[int, Result]) -> str:
        """ "Set a Course", or "Mara's Feed" when the move with the open pick was another character's."""
        seq, result = opened
        event: Any = self.store.events(self.campaign, after=seq - 1, upto=seq)[0].event
        maker = event.state_change.character_id
        if maker and maker != self._state.active_character and maker in self._state.characters:
            return f"{shown_name(self._state, maker)}'s {result.move}"
        return result.move

    def _refuse_required(self, request: dict[str, Any] | None = None, doing: str = "your next move") -> None:
        """Refuse ``doing`` (a new move, a mark of progress, a meter changed) while the last move waits for a pick the
        rules require (Set a Course's cost on a weak hit, Fulfill Your Vow's miss): moving on would drop it unmade.
        Nothing is stored; the pick stays open. A roll that is no move (the oracle, a table, free dice) may be made:
        it decides nothing, and the pick stays open under it."""
        if request is not None and _no_move(self.system, str(request.get("move") or "")):
            return
        opened = self._open_choice()
        if opened is None or not any(c.required for c in opened[1].choices):
            return
        result = opened[1]
        required = next(c for c in result.choices if c.required)
        outcome = str(result.outcome).replace("_", " ")
        said = f" ({required.prompt.rstrip('.')})" if required.prompt.lower().rstrip(".") not in _BARE_PROMPTS else ""
        raise RulesError(
            f"{self._whose_move(opened)}'s {outcome} waits for a pick the rules require{said}: {_menu(result)}. "
            f"Make it before {doing}, or take the roll back with /undo. Nothing was changed."
        )

    def _refuse_unpaid(self) -> None:
        """Refuse a new move while the last one's price is unpaid (Blades' coin or rep for an additional downtime
        activity): moving on would leave it, and the activity would have been had for free. Nothing is stored."""
        from assistant.chat.choosing import open_options

        opened = self._open_choice()
        if opened is None:
            return
        result = opened[1]
        ruleset = get_ruleset(self.system)
        owed = [c for c in result.choices if ruleset.is_owed(c.id)]
        if not owed:
            return
        numbers = {id(o): n for n, o in enumerate(open_options(result.choices), 1)}
        ways = " or ".join(f"/choose {numbers[id(o)]} ({o.label.rstrip('.').lower()})" for o in owed[0].options)
        raise RulesError(
            f"{owed[0].prompt.rstrip('.')}, and {result.move} is not paid for yet: pay with {ways} first, "
            f"or take {result.move} back with /undo."
        )
