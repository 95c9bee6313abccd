"""Journal export (Markdown, Iron Vault) and import of our own exports.

Both formats carry the complete event log as one invisible HTML comment per event, just before
the text it produced::

    <!-- tabletop-oracle:event {"seq": 7, "type": "move_resolved", ...} -->

(``<`` and ``>`` inside the JSON are written ``\\u003c``/``\\u003e``, so a comment can never end
early.) :func:`parse` reads those comments back, so an export imports into an identical
campaign. The visible text is for people:

``markdown``
    A title, the characters, tracks and clocks as they stand, then the session: chat as
    paragraphs (``**Player:** ...``), each move as a ``### Move (+stat) — outcome`` heading with
    the roll, the effects, the choices and follow-ups, and its narration as a quote.

``ironvault``
    Prose as plain paragraphs and the mechanics as Iron Vault (Obsidian plugin) blocks::

        ```iron-vault-mechanics
        move "[Face Danger](datasworn:move:starforged/adventure/face_danger)" {
            roll "edge" action=4 adds=0 stat=3 vs1=2 vs2=9
            meter "momentum" from=2 to=3
        }
        ```

    Nodes emitted: ``move "[Name](datasworn:move:<system>/<category>/<id>)" { ... }``;
    ``roll "<stat>" action= adds= stat= vs1= vs2=`` for action rolls; ``progress-roll
    name="<track>" score= vs1= vs2=`` for progress rolls; ``burn from= to=`` for a momentum burn;
    ``meter "<meter>" from= to=``; ``impact "<name>" "marked"|"unmarked"``; ``xp from= to=``;
    ``track "<name>" status="added"`` / ``track "<name>" from= to=`` (ticks) for track changes;
    ``clock "<name>" status="added"`` / ``clock "<name>" from= to= out-of=``; ``oracle
    name="<table>" roll= result="<row>"`` for table and yes/no oracle rolls; ``- "<text>"`` for
    anything else (follow-ups, choices, notes, undos).
"""

from __future__ import annotations

import json
import re
from typing import Any

from assistant.citation_words import shown_citation, shown_text
from assistant.engine.change_words import change_line, plain
from assistant.engine.doors import DOORS
from assistant.engine.model import Effect
from assistant.engine.registry import game_title
from assistant.engine.safe_json import loads
from assistant.engine.tracks import kind_word
from assistant.errors import InputError
from assistant.store.events import Event, StoredEvent, parse_event
from assistant.store.journal_words import change_lines, effect_text, redone, undo_words, what_it_did, who
from assistant.store.state import CampaignState, apply, move_summary, results_by_die

MARK = "tabletop-oracle:event"
_COMMENT = re.compile(r"<!-- " + re.escape(MARK) + r" (\{.*?\}) -->")
FORMATS = ("markdown", "ironvault")
ROLE_LABEL = {"user": "Player", "assistant": "Assistant", "narrator": "Narrator", "gm": "GM", "system": "System"}


def _comment(stored: StoredEvent) -> str:
    text = json.dumps(stored.to_dict(), ensure_ascii=False, separators=(",", ":"))
    safe = text.replace("<", "\\u003c").replace(">", "\\u003e")
    return f"<!-- {MARK} {safe} -->"


def _kdl(text: Any) -> str:
    s = str(text).replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\r", "")
    return f'"{s}"'


def _entries(n: int) -> str:
    """How long the campaign's log is, in a reader's words ("12 entries in its log")."""
    return f"{n} {'entry' if n == 1 else 'entries'} in its log"


def _words(text: str) -> str:
    return str(text).replace("_", " ")


# ---- rendering ---------------------------------------------------------------------------------------


def render(events: list[StoredEvent], state: CampaignState, fmt: str) -> str:
    if fmt not in FORMATS:
        raise InputError(f"Unknown export format {fmt!r}; use one of: {', '.join(FORMATS)}.")
    iron = fmt == "ironvault"
    out: list[str] = []
    if iron:
        out += [
            "---",
            f"campaign: {json.dumps(state.name, ensure_ascii=False)}",
            f"game: {json.dumps(game_title(state.system), ensure_ascii=False)}",
            f"seed: {state.seed}",
            "exported-by: tabletop-oracle",
            "---",
            "",
        ]
    out += [
        f"# {state.name}",
        "",
        f"*{game_title(state.system)}* campaign · seed {state.seed} · {_entries(state.last_seq)} · exported by tabletop-oracle",
        "",
    ]
    out += _overview(state)
    out += ["## Session", ""]
    running = CampaignState()
    done: dict[int, str] = {}  # what each event did, in words: an undo says what it took back
    for i, stored in enumerate(events):
        before = running.model_copy(deep=True) if stored.event.type in ("track_updated", "clock_updated") else running
        apply(running, stored)
        out.append(_comment(stored))
        if stored.event.type == "undo":
            out += _undone(stored.event, done, iron, redone(events, i))
        else:
            done[stored.seq] = what_it_did(stored, before)
            out += (_iron_event if iron else _md_event)(stored, before)
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def _character_line(cid: str, ch: dict[str, Any], active: bool) -> str:
    stats = " · ".join(f"{_words(k)} {v}" for k, v in (ch.get("stats") or {}).items())
    meters = " · ".join(
        f"{_words(k)} {v}"
        for k, v in ch.items()
        if isinstance(v, int) and not isinstance(v, bool) and k not in ("xp", "next_move_add")
    )
    impacts = ", ".join(_words(i) for i in ch.get("impacts") or [])
    bits = [b for b in (stats, meters, f"impacts: {impacts}" if impacts else "") if b]
    return f"- **{who(cid, ch, active)}**{' (playing)' if active else ''}: " + " — ".join(bits)


def _overview(state: CampaignState) -> list[str]:
    out = ["## Characters", ""]
    out += [_character_line(cid, ch, cid == state.active_character) for cid, ch in state.characters.items()] or ["- none"]
    out.append("")
    if state.tracks:
        out += ["## Progress tracks", ""]
        for tid, t in state.tracks.items():
            status = f", {t['status']}" if t.get("status") else ""
            out.append(
                f"- **{t.get('name') or tid}** ({kind_word(str(t.get('kind', 'vow')))}, {t.get('rank')}{status}): "
                f"{t.get('ticks', 0) // 4}/10 boxes ({t.get('ticks', 0)} ticks)"
            )
        out.append("")
    if state.clocks:
        out += ["## Clocks", ""]
        out += [f"- **{c.get('name') or cid}**: {c.get('filled')}/{c.get('segments')}" for cid, c in state.clocks.items()]
        out.append("")
    for slot, items in state.slots.items():
        if items:
            out += [f"## {slot.capitalize()}", ""]
            out += [f"- **{key}**: {plain(value)}" for key, value in items.items()]
            out.append("")
    return out


def _undone(ev: Any, done: dict[int, str], iron: bool, redone: str) -> list[str]:
    said = undo_words(ev, done, redone)
    return _mechanics([f"- {_kdl(said)}"]) if iron else [f"*{said}.*"]


def _md_move(r: dict[str, Any]) -> list[str]:
    outcome = "" if results_by_die(r) else _words(r.get("outcome", ""))
    title = f"### {r.get('move')}{' (+' + _words(r['stat']) + ')' if r.get('stat') else ''}"
    if outcome and outcome != "none":
        title += f" — {outcome}{' (match)' if r.get('match') else ''}"
    lines = [title, ""]
    if r.get("dice"):  # a move without dice (Reach a Milestone) has no roll to tell
        lines.append(
            f"- Roll: {move_summary(r).split(' — ', 1)[-1] if ' — ' in move_summary(r) else r.get('roll')} "
            f"(dice {', '.join(str(d) for d in r.get('dice', []))})"
        )
    if r.get("table"):
        for row in r["table"].get("rows", []):
            lines.append(f"- {r['table'].get('name')}: {row.get('text')}")
    lines += [f"- {line}" for line in change_lines(r)]
    for c in r.get("choices", []):
        opts = "; ".join(o.get("label", o.get("id", "")) for o in c.get("options", []))
        lines.append(f"- Choose: {c.get('prompt')} — {opts}")
    for f in r.get("follow_ups", []):
        lines.append(f"- Next: {f.get('reason') or f.get('move')}")
    for n in r.get("notes", []):
        lines.append(f"- Note: {n}")
    if r.get("text"):
        lines += ["", *[f"> {line}" if line else ">" for line in str(r["text"]).splitlines()]]
    return lines


def _md_event(stored: StoredEvent, before: CampaignState) -> list[str]:
    ev: Any = stored.event
    t = ev.type
    if t == "campaign_created":
        return [f"*Campaign **{ev.name}** begins ({game_title(ev.system)}).*"]
    if t == "character_added":
        return [f"*{who(ev.character_id, ev.character, ev.active or not before.characters)} joins the campaign.*"]
    if t in ("character_updated", "character_removed", "set_active"):
        cid = ev.character_id
        sheet = {**before.characters.get(cid, {}), **(getattr(ev, "character", None) or {})}
        name = who(cid, sheet, cid == before.active_character)
        if t == "character_updated":
            return [f"*{name}'s sheet is updated{': ' + ev.reason if ev.reason else ''}.*"]
        return [f"*{name} leaves the campaign.*" if t == "character_removed" else f"*{name} now plays.*"]
    if t == "move_resolved":
        lines = _md_move(ev.result)
        if ev.narration:
            lines += ["", ev.narration]
        return lines
    if t in ("track_created", "track_updated"):
        tr = ev.track
        return [
            f"*Track **{tr.get('name')}** ({tr.get('rank')}): {plain({'ticks': tr.get('ticks', 0)})}"
            f"{', ' + tr['status'] if tr.get('status') else ''}.*"
        ]
    if t in ("clock_created", "clock_updated"):
        c = ev.clock
        return [f"*Clock **{c.get('name')}**: {c.get('filled')}/{c.get('segments')}.*"]
    if t == "slot_updated":
        return [f"*{ev.slot.capitalize()}: {ev.key} — {'removed' if ev.value is None else plain(ev.value)}.*"]
    if t == "chat_message":
        return [f"**{ROLE_LABEL.get(ev.role, ev.role)}:** {_said(ev)}"]
    if t == "narration_recorded":
        return [ev.text]
    return []


def _said(ev: Any) -> str:
    """A chat line as the page shows it: the app's rules answers cite the game by its name and the lines in words
    ("Blades in the Dark › Heat (blades.txt, lines 48–67)", not "blades › Heat (blades.txt:L48-L67)"); the player's
    own words as typed."""
    if ev.role == "user":
        return str(ev.text)
    return "\n".join(
        shown_text(line) if shown_citation(line) == line else shown_citation(line) for line in str(ev.text).split("\n")
    )


def _mechanics(nodes: list[str]) -> list[str]:
    return ["```iron-vault-mechanics", *nodes, "```"]


def _datasworn_link(r: dict[str, Any], category: str | None) -> str:
    move_id = str(r.get("move_id", ""))
    if category:
        return f"[{r.get('move')}](datasworn:move:{r.get('system')}/{category}/{move_id})"
    return str(r.get("move"))


def _move_category(r: dict[str, Any]) -> str | None:
    try:
        from assistant.engine import get_ruleset

        return get_ruleset(str(r.get("system"))).find_move(str(r.get("move_id"))).category
    except Exception:  # noqa: BLE001 - an unknown or table move: no datasworn link
        return None


def _iron_effect(e: dict[str, Any]) -> str:
    kind, target, before, after = e.get("kind"), e.get("target", ""), e.get("before"), e.get("after")
    if kind in ("burn", "momentum_burn", "focus_burn"):  # the first contract's burn kinds, in older logs
        return f"burn from={before} to={after}"
    if kind in ("meter", "reset", "momentum_reset") and isinstance(before, int) and isinstance(after, int):
        return f"meter {_kdl(target)} from={before} to={after}"
    if kind == "impact":
        return f"impact {_kdl(_words(str(target or after)))} {_kdl('marked' if after else 'unmarked')}"
    if kind == "xp" and isinstance(before, int) and isinstance(after, int):
        return f"xp from={before} to={after}"
    if kind == "progress" and isinstance(before, int) and isinstance(after, int):
        return f"track {_kdl(target)} from={before} to={after}"
    if kind in ("progress", "clock") and before is None and isinstance(after, int):
        return f'{"track" if kind == "progress" else "clock"} {_kdl(target)} status="added"'
    if kind == "clock" and isinstance(before, int) and isinstance(after, int):
        return f"clock {_kdl(target)} from={before} to={after}"
    try:
        said = change_line(Effect.model_validate(e))
    except Exception:  # noqa: BLE001 - an old or foreign record: the effect as stored
        said = effect_text(e)
    return f"- {_kdl(said)}"


def _iron_move(r: dict[str, Any]) -> list[str]:
    inner: list[str] = []
    challenge = r.get("challenge") or []
    dice = r.get("dice") or []
    if r.get("roll") == "action" and len(challenge) == 2 and dice:
        stat = f"{_kdl(r['stat'])} " if r.get("stat") else ""
        inner.append(
            f"roll {stat}action={dice[0]} adds={r.get('adds', 0)} stat={r.get('stat_value', 0)} "
            f"vs1={challenge[0]} vs2={challenge[1]}"
        )
    elif r.get("roll") == "progress" and len(challenge) == 2:
        name = (r.get("track") or {}).get("name") or r.get("move")
        inner.append(f"progress-roll name={_kdl(name)} score={r.get('score')} vs1={challenge[0]} vs2={challenge[1]}")
    elif r.get("roll") == "oracle":
        inner.append(f"oracle name={_kdl(r.get('move'))} roll={r.get('score')} result={_kdl(_words(r.get('outcome', '')))}")
    elif r.get("roll") == "table" and r.get("table"):
        table = r["table"]
        for value, row in zip(table.get("rolls", []), table.get("rows", []), strict=False):
            inner.append(f"oracle name={_kdl(table.get('name'))} roll={value} result={_kdl(row.get('text'))}")
    elif dice:
        inner.append(f"- {_kdl(move_summary(r))}")
    inner += [_iron_effect(e) for e in r.get("effects", [])]
    for f in r.get("follow_ups", []):
        inner.append(f"- {_kdl('Next: ' + str(f.get('reason') or f.get('move')))}")
    for c in r.get("choices", []):
        inner.append(f"- {_kdl('Choose: ' + str(c.get('prompt')))}")
    if r.get("roll") == "table" or str(r.get("move_id", "")).partition(":")[0] in DOORS:
        return inner  # a table roll or a change to the sheet, a track or a clock: no move around it
    return [f"move {_kdl(_datasworn_link(r, _move_category(r)))} {{", *[f"    {n}" for n in inner], "}"]


def _iron_event(stored: StoredEvent, before: CampaignState) -> list[str]:
    ev: Any = stored.event
    t = ev.type
    if t == "move_resolved":
        lines = _mechanics(_iron_move(ev.result))
        if ev.narration:
            lines += ["", ev.narration]
        return lines
    if t == "track_created":
        return _mechanics([f'track {_kdl(ev.track.get("name"))} status="added"'])
    if t == "track_updated":
        old = before.tracks.get(ev.track_id, {})
        node = (
            f'track {_kdl(ev.track.get("name"))} status="removed"'
            if ev.track.get("status") in ("completed", "removed")
            else f"track {_kdl(ev.track.get('name'))} from={old.get('ticks', 0)} to={ev.track.get('ticks', 0)}"
        )
        return _mechanics([node])
    if t == "clock_created":
        return _mechanics([f'clock {_kdl(ev.clock.get("name"))} status="added"'])
    if t == "clock_updated":
        old = before.clocks.get(ev.clock_id, {})
        return _mechanics(
            [
                f"clock {_kdl(ev.clock.get('name'))} from={old.get('filled', 0)} to={ev.clock.get('filled')} "
                f"out-of={ev.clock.get('segments')}"
            ]
        )
    if t == "chat_message":
        return [
            _said(ev) if ev.role in ("assistant", "narrator", "gm") else f"**{ROLE_LABEL.get(ev.role, ev.role)}:** {_said(ev)}"
        ]
    return _md_event(stored, before)


# ---- import ------------------------------------------------------------------------------------------


def parse(text: str) -> list[Event]:
    """The events embedded in one of our exports, checked to be a whole log (1, 2, ... N)."""
    if not isinstance(text, str):
        raise InputError("A journal is text.")
    found = _COMMENT.findall(text)
    if not found:
        raise InputError(
            "This file has no tabletop-oracle event records: only journals written by "
            "`assistant campaign export` (markdown or ironvault) can be imported."
        )
    events: list[Event] = []
    for expected, blob in enumerate(found, 1):
        raw = loads(blob, f"Event record {expected} of the journal")  # with the limits: no 30-digit number reaches the store
        if not isinstance(raw, dict) or raw.pop("seq", None) != expected:
            raise InputError(f"The journal's event records are not a whole log: record {expected} is out of order or missing.")
        event = parse_event(raw)
        newest = type(event).model_fields["v"].default if "v" in type(event).model_fields else None
        if isinstance(newest, int) and not 1 <= event.v <= newest:
            raise InputError(
                f"Event record {expected} of the journal has a version this program does not know ({event.v}); "
                "import it with the version that exported it, or export it again."
            )
        events.append(event)
    if events[0].type != "campaign_created" or any(e.type == "campaign_created" for e in events[1:]):
        raise InputError("The journal's log must start with its campaign_created event (and have only one).")
    return events
