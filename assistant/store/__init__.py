"""Campaigns that last: an event-sourced, append-only campaign log (SQLite or PostgreSQL).

Every change to a campaign is an event appended to its log; the state is the fold of the log
(cached in snapshots); undo appends a compensating event; replay re-resolves every move from the
log and checks the results and the state are identical.

Modules
-------
``events``        pydantic event types (``type`` discriminator, ``v`` payload version, ``at``):
                  campaign_created, character_added, character_updated, character_removed,
                  set_active, move_resolved (request, dice, dice_source, result dict, state_change,
                  narration), track_created/updated, clock_created/updated, slot_updated (crew,
                  factions, combatants...), chat_message (role, text), narration_recorded
                  (event_seq, text), question_asked (the chat's open question) and
                  question_settled (answered or set aside), undo (target_seq, restore patches), edits_carried
                  (edits made while a pick waited, made again over the pick). ``EVENT_SCHEMA_VERSION``,
                  ``upcast`` (older payloads are upgraded when read), ``StoredEvent(seq, event)``.
``state``         ``CampaignState`` (characters by id + active id, tracks, clocks, slots,
                  transcript, moves, undo_stack, pending_question), the pure ``fold(events, start=None)`` and
                  ``advance(state, events)`` (a new state, the events since folded on; the chat's reload).
``base``          the ``CampaignStore`` protocol and the shared SQL logic (``append``,
                  ``append_with(name, build)`` = read-decide-append under the campaign lock,
                  ``events``, ``load(name, upto=, use_snapshot=)``, ``snapshot``, ``info``,
                  ``list_campaigns``, ``create_campaign``, ``schema_version``).
``sqlite``        ``SQLiteStore(path)``: WAL, synchronous=NORMAL, BEGIN IMMEDIATE per append.
``sqlalchemy_store`` ``SQLAlchemyStore(url)`` for ``postgresql+psycopg://``: SELECT ... FOR UPDATE.
``factory``       ``open_store(settings | url | path | None)``: ``TABLETOP_DATABASE_URL`` /
                  ``DATABASE_URL`` if set, else ``load_settings().home / "campaigns.sqlite3"``.
``migrations``    schema versions (``SCHEMA_VERSION``) and their DDL for both databases.
``service``       what the CLI, chat and UI call (each is one atomic append):
                  ``create_campaign(name, system, character=None, seed=None) -> CampaignState``,
                  ``list_campaigns() -> list[CampaignInfo]``, ``load_campaign(name) -> CampaignState``,
                  ``campaign_events(name)``, ``resolve_in_campaign(name, request, rng=None, *,
                  narration=None) -> Result``, ``append_chat(name, role, text)``,
                  ``resolve_event(...) -> (Result, seq)``, ``redo_move(name, seq, options)``,
                  ``record_narration(name, event_seq, text)``, ``undo_last(name, expect=None)``,
                  ``replay(name) -> CampaignState`` (raises ``ReplayMismatch``),
                  ``export(name, format) -> str``, ``import_journal(text, name=None) -> str``,
                  ``add_character``, ``update_character``, ``set_active_character``,
                  ``create_track``/``update_track``, ``create_clock``/``update_clock``, ``set_slot``,
                  ``ask_question(name, question)``, ``settle_question(name, how)``;
                  all take ``store=`` to use a given store instead of the settings' one.
``access``        the store a process uses (``get_store``, ``close_stores``) and the shared checks
                  (campaign name, text size, a character sheet), ``append_one(name, build)``.
``records``       characters, tracks, clocks, slots, transcript and the open question (re-exported by
                  ``service``).
``moves``         how a request becomes a ``move_resolved`` event on a state (pure).
``followups``     choose/burn/undo on the event the player saw, refused when stale
                  (``StaleEventError``, kind ``conflict``).
``carried``       edits made while a move's pick waits survive the pick (and its undo): taken back with the roll,
                  made again on top; an edit the pick would change is refused, before and at the pick.
``recording``     one writer's view: ``RecordingStore`` (what it appended), ``KnownLog`` (its undo stack).
``replay``        ``replay_log``, ``check_move``, ``ReplayMismatch``.
``journal``       Markdown and Iron Vault export, and import of our own exports.
``cli``           ``register(app)``: ``assistant campaign new|list|show|export|import|undo|replay``.

Guarantees
----------
* Per-campaign sequence numbers 1, 2, 3... with no gaps, enforced by a unique
  ``(campaign_id, seq)``; concurrent appenders (threads or processes) serialise on the campaign
  row and retry on busy/conflict.
* One transaction per append: a process killed at any point leaves every committed event and
  nothing half-written.
* A bad request raises the engine's error (:mod:`assistant.errors`) and appends nothing.
* Moves without forced dice or a caller's RNG roll ``random.Random(f"{seed}:{seq}")``, so a
  campaign replays from its seed and log.
"""
