"""The state a chat session holds: its campaign, store, settings and narrator, the campaign as last loaded, and
what this player knows of the undo stack. The turn kinds build on it (acting, following, lookups)."""

from __future__ import annotations

import logging
import random
from typing import Any

from assistant.chat.brinks import brinks_of
from assistant.config import Settings, load_settings
from assistant.errors import AssistantError
from assistant.store import service
from assistant.store.followups import KnownLog, RecordingStore
from assistant.store.records import MAX_NOTES, chat_event
from assistant.store.state import CampaignState, advance

log = logging.getLogger(__name__)

HISTORY_TURNS = 8
RECENT_TURNS = 10  #: narrations the offline narrator does not repeat itself within


class SessionBase:
    """A session's state and the few helpers every kind of turn uses."""

    def __init__(
        self,
        campaign: str,
        *,
        settings: Settings | None = None,
        narrator: Any = None,
        store: Any = None,
        auto_roll: bool = False,
        style: str = "vivid",
        chat_model: Any = None,
        planner_model: Any = None,
        rules_model: Any = None,
        rng: random.Random | None = None,
        embedder: Any = None,
        budget_tokens: int = 1200,
        retrieve_rules: bool | None = None,
        cards_shown: bool = False,
    ) -> None:
        self.campaign = campaign
        self.settings = settings or load_settings()
        self.store = RecordingStore(store)
        """The campaign store, remembering what this session appended (for :attr:`known`)."""
        self.auto_roll = auto_roll
        self.style = style
        self.cards_shown = cards_shown
        """The front end draws each Result's dice card beside the narration: the offline narration leaves it out."""
        self.rng = rng
        self.embedder = embedder
        self.budget_tokens = budget_tokens
        self.chat_model = chat_model
        self.planner_model = planner_model
        if rules_model is None and getattr(self.settings.llm, "rules_answers", "model") == "model":
            rules_model = planner_model  # the planner's endpoint answers rules questions too, unless told to cite the text
        self.rules_model = rules_model
        self.narrator = narrator or self._default_narrator()
        self.retrieve_rules = (getattr(self.narrator, "name", "") != "template") if retrieve_rules is None else retrieve_rules
        self._state = service.load_campaign(campaign, store=self.store)
        self._created_at = self.store.info(campaign).created_at
        """Which campaign of that name :attr:`_state` is (see :meth:`reload`)."""
        self.known = KnownLog(self._state)
        """The undo stack as this player knows it: /choose, /burn and /undo act on its top."""
        self.appended: list[Any] = []
        """The events the last turn appended (``StoredEvent``s), in order."""
        self._last_intent = ""
        self._spent_on = ""
        """The move the player confirmed for their last words (Recover, which asked the healer's quality first): those
        words are that move's; another move rolled after its question is set aside is told on its own."""
        self._intents: dict[int, str] = {}
        """The player's words each move this session resolved was told with: a pick or a burn on it is told with the
        same words, not with whatever the player typed since (an answer, an action not yet rolled)."""
        self._pending_plan: Any = None
        """The LLM's plan of the last action, running in the background (:mod:`assistant.chat.refining`)."""
        self._notes_said: set[str] = set()
        self._declined: int | None = None
        """The move whose optional choice the player left ("no thanks"): its options are no longer read from words."""
        self._open_told: int | None = None
        """The move whose open pick the player was last reminded of under another line (said once, not every turn)."""
        self._brinks_said: set[str] = set()
        """The meters at 0 whose brink the player was told of (said again once the meter has left 0 and come back)."""
        self._suggestions: list[Any] = []
        """The moves suggested for the player's last action (kept while a question about one is open)."""
        self._then = ""
        """The second action of a line that held two ("... and then run for the airlock"), said again after the first."""
        self._untold: list[tuple[int, str, str]] = []
        """The stories of this turn's moves (the move, its story, who told it), written to the log as the turn ends with
        the notes the player reads under them (:meth:`_record_told`)."""

    def _end_turn(self, turn: Any, *, refused: bool) -> None:
        """Write what the turn still holds (a refused turn's lines are dropped: it changes nothing, not even the log)
        with the notes of the finished ``turn``; :attr:`appended` and :attr:`known` take in the turn's events."""
        if refused:
            self.store.drop_held()
        self._record_told(turn)
        self.store.release()
        self.appended = self.store.take()
        self.known.observe(self.appended)

    def _record_told(self, turn: Any) -> None:
        """Write the stories of the turn's moves to the log, with the notes of the finished ``turn`` under the move it
        made, or else under the chat's reply still held: a page drawn again from the log shows what the player read (a
        story is written even when the turn failed after its move)."""
        untold, self._untold = self._untold, []
        seq_shown = getattr(turn, "event_seq", None)
        if not untold and turn is not None and turn.kind != "error":
            self.store.note_held(self.campaign, [str(n) for n in turn.notes][:MAX_NOTES])
        for seq, text, narrator in untold:
            notes = list(turn.notes) if turn is not None and (seq == seq_shown or len(untold) == 1) else []
            try:
                service.record_narration(self.campaign, seq, text, notes=notes, narrator=narrator, store=self.store)
            except AssistantError:  # pragma: no cover - the campaign vanished under us: the move stands untold
                log.exception("could not record the narration of event %s", seq)

    def _once(self, notes: list[str]) -> list[str]:
        """``notes`` without those this session already showed (an unreachable endpoint is said once)."""
        fresh = [n for n in notes if n not in self._notes_said]
        self._notes_said.update(fresh)
        return fresh

    def _brink_notes(self) -> list[str]:
        """What the rules say of each brink the one playing has come to since it was last said (health at 0: Endure
        Harm, its table, Face Death); a brink left (health above 0 again) is said again when it comes back."""
        now = brinks_of(self.system).at(self._state.active())
        fresh = [b for b in now if b.meter not in self._brinks_said]
        self._brinks_said = {b.meter for b in now}
        return [b.says if b.move in b.says else f"{b.says} When you are brought to the brink: {b.move}." for b in fresh]

    @property
    def plan_ready(self) -> bool:
        """``refine()`` would return at once: the plan arrived, failed, or ran out of time."""
        from assistant.chat.refining import is_ready

        return self._pending_plan is None or is_ready(self._pending_plan)

    @property
    def refining(self) -> bool:
        """An LLM plan of the last action is on its way (call ``refine()``)."""
        return self._pending_plan is not None

    def _default_narrator(self) -> Any:
        from assistant.narrate import LLMNarrator, TemplateNarrator

        if self.chat_model is not None:
            return LLMNarrator(self.chat_model, budget_tokens=self.budget_tokens)
        return TemplateNarrator()

    # ---- state ----------------------------------------------------------------------------------
    @property
    def state(self) -> CampaignState:
        return self._state

    @property
    def system(self) -> str:
        return self._state.system

    def reload(self) -> CampaignState:
        """The campaign as the store has it now. Only the events appended since the last look (by this player or
        anyone else) are read and folded onto the state held (a new object; the old one is left as it was); the
        whole log is loaded again only when the store holds another campaign of that name."""
        info = self.store.info(self.campaign)
        if info.created_at != self._created_at or info.last_seq < self._state.last_seq:
            self._state = service.load_campaign(self.campaign, store=self.store)
            self._created_at = info.created_at
        elif info.last_seq > self._state.last_seq:
            self._state = advance(self._state, self.store.events(self.campaign, after=self._state.last_seq))
        return self._state

    def history(self, limit: int = HISTORY_TURNS) -> list[tuple[str, str]]:
        """The last ``limit`` chat lines, narrations and moves (not undone), oldest first."""
        lines = [
            (e.role if e.kind == "chat" else ("narrator" if e.kind == "narration" else "engine"), e.text)
            for e in self._state.transcript
            if e.kind in {"chat", "narration", "move"} and not e.undone
        ]
        return lines[-limit:]

    def recent_narrations(self, limit: int = RECENT_TURNS) -> tuple[str, ...]:
        """The narrations of the last ``limit`` turns, oldest first: the offline narrator varies from them. A move undone
        or replaced by a pick on it counts: the player read its story."""
        said = [e.text for e in self._state.transcript if e.kind == "narration"]
        return tuple(said[-limit:])

    def _say(self, role: str, text: str) -> None:
        """Log a line of the chat; the player's own line is held until the turn writes or ends well (a refused turn
        leaves no line of theirs without an answer in the log, the journal or the page after a reload), and the chat's
        reply until the turn writes or ends (it ends a turn: the notes shown under it are kept with it)."""
        if not text.strip():
            return
        if role in ("user", "assistant"):  # the chat's reply is held too: the turn's notes are written with it
            self.store.hold(self.campaign, [chat_event(role, text.strip())])
        else:
            service.append_chat(self.campaign, role, text.strip(), store=self.store)
