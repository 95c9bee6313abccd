"""The last move's open choice as the session sees it: which one is open, and what a player who moves on from it is
told (it still waits for a pick; a new move leaves it, nothing taken)."""

from __future__ import annotations

from assistant.chat.characters import CharactersMixin
from assistant.engine import Result, RulesError, get_ruleset

#: The most options a "left open" or "still waits" note names one by one; past that (Use a Secret's twelve) it names
#: the choices, or counts the options the card above lists.
MAX_OPTIONS_NAMED = 4


class OpenChoiceMixin(CharactersMixin):
    """The open choice of the last move this player knows of."""

    def _open_choice(self) -> tuple[int, Result] | None:
        """The last move of this session with open choices the player has not left, and its event."""
        seq = self.known.top
        if not seq or seq == self._declined:
            return None
        found = self.store.events(self.campaign, after=seq - 1, upto=seq)
        if not found or found[0].event.type != "move_resolved":
            return None
        result = Result.model_validate(found[0].event.result)
        return (seq, result) if result.choices else None

    def _choice_open_note(self) -> str:
        """What a player who moves on from an open choice is told while it can still be picked ("" when none is)."""
        from assistant.chat.choosing import open_options, options_in_words

        opened = self._open_choice()
        if opened is None:
            return ""
        result = opened[1]
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
