"""``assistant chat``: the chat loop in a terminal (the same session the web app uses).

Type what your character does, a rules or oracle question, or a /command. After suggestions, type 1-3 to roll
one; when the chat asks a question (how much harm? which stat?), type the answer's number or words. Reads
stdin, so it also runs scripted: ``assistant chat -c saga --new < turns.txt``. ``--json`` prints one Turn as
JSON per line.
"""

from __future__ import annotations

import json
import re
import sys
from typing import Any

import typer

from assistant.chat.next_steps import next_steps
from assistant.chat.turn import Turn
from assistant.engine import AssistantError


def _numbered_choices(turn: Turn) -> tuple[str, bool]:
    """The narration with the open choices' options numbered where it lists them ("- Lose Momentum (-2)" becomes
    "1. Lose Momentum (-2)"), so the terminal does not list them twice; and whether it did. The numbers run on
    across choices, as /choose counts them."""
    labels = [o.label.strip() for c in turn.open_choices for o in c.options]
    if not labels:
        return turn.narration, False
    lines = turn.narration.split("\n")
    at: list[int] = []
    for label in labels:
        after = at[-1] + 1 if at else 0
        wanted = _anyone(f"- {label}")  # the narration writes a label with a capital ("- You take -1 Ongoing")
        found = next((i for i in range(after, len(lines)) if _anyone(lines[i]).startswith(wanted)), None)
        if found is None and " (" in label:  # its bracket told with the people named: "(on a hit, Kira takes ...)"
            head = _anyone(f"- {label.partition(' (')[0]} (")
            found = next((i for i in range(after, len(lines)) if _anyone(lines[i]).startswith(head)), None)
        if found is None:
            return turn.narration, False
        at.append(found)
    for number, i in enumerate(at, 1):
        lines[i] = f"{number}. {lines[i][2:]}"
    return "\n".join(lines), True


_PERSON = {"you": "p", "they": "p", "them": "p", "your": "ps", "their": "ps", "yourself": "px", "themselves": "px"}


def _anyone(line: str) -> str:
    """``line`` lower-cased with its person left out: an option told for another's call ("- They deal their combat
    damage") is the option labelled "You deal your combat damage"."""
    import re

    return re.sub(r"[a-z]+", lambda m: _PERSON.get(m.group(0), m.group(0)), line.lower())


def _card_lines(results: Any) -> list[str]:
    """Each Result's dice card in a line: the move, the roll and what changed ("Face Danger, +edge. Action 4 + edge 3
    = 7 against 2 and 9: a weak hit. Momentum 2 → 3.")."""
    from assistant.narrate import facts

    lines = []
    for result in results:
        odds = [n for n in result.notes if n.startswith("Odds ")] if result.roll == "oracle" else []  # the oracle's roll
        parts = [f"{facts.move_label(result)}.", *odds, facts.roll_line(result), *facts.effect_lines(result)]
        lines.append(" ".join(p for p in parts if p))
    return lines


def _turn_steps(session: Any, turn: Turn) -> list[tuple[str, dict[str, Any]]]:
    """The next steps of a turn just played; none while a choice is open (it comes first)."""
    if turn.open_choices or not turn.results or turn.kind == "error":
        return []
    return next_steps(session, turn.follow_ups)


def _resumed_steps(session: Any) -> list[dict[str, Any]]:
    """What a bare number picks on opening a campaign (or after bookkeeping: ``/set health 3``, a clock's step): the
    next steps of its last move (Deal Damage on the one hit), under the bookkeeping made since, when no choice of it is
    still open, so "1" after a restart plays what the last session offered."""
    from assistant.chat.followed_next import open_follow_ups
    from assistant.engine import AssistantError

    try:
        if session._open_choice() is not None:
            return []
        return [
            request
            for _label, request in next_steps(session, open_follow_ups(session.store, session.campaign, session.known.top))
        ]
    except (AssistantError, ValueError):
        return []


def _bookkeeping_done(session: Any, turn: Turn, top: int | None) -> bool:
    """Whether ``turn`` stored bookkeeping (a sheet edit, a record, a clock's or a meter's step) and nothing else: the
    pick still waiting, or the next steps of the move under it, are listed again after it."""
    from assistant.store.carried import is_door, is_edit

    now = session.known.top
    if turn.kind == "error" or now == top or not isinstance(now, int) or not all(is_door(r) for r in turn.results):
        return False
    found = session.store.events(session.campaign, after=now - 1, upto=now)
    return bool(found) and (is_edit(found[0]) or found[0].event.type == "set_active")


def resumed_lines(session: Any, steps: list[dict[str, Any]]) -> list[str]:
    """What a reopened campaign shows before the first line is typed: the question still open (which stat, how much
    harm...), else the last move's choice still waiting for a pick, else the next steps a bare number plays."""
    question = session.pending_question
    if question is not None:
        return ["Still waiting for your answer:", question.prompt()]
    waiting = session._choice_open_note()
    if waiting:
        return [f"  note: {waiting}"]
    if not steps:
        return []
    from assistant.chat.followed_next import open_follow_ups

    follow_ups = open_follow_ups(session.store, session.campaign, session.known.top)
    labels = [label for label, _request in next_steps(session, follow_ups)]
    return ["  What comes next (type its number):", *(f"  [{i}] {label}" for i, label in enumerate(labels, 1))]


def _print_turn(turn: Turn, as_json: bool, *, narration: bool = True) -> None:
    if as_json:
        typer.echo(json.dumps(turn.to_dict(), ensure_ascii=False))
        return
    if turn.kind == "error":
        typer.echo(f"! {turn.error}")
        return
    from assistant.chat.moves_info import no_roll_now
    from assistant.citation_words import shown_citation, shown_text

    text, listed = _numbered_choices(turn)
    if narration:
        typer.echo(shown_text(text))
        if turn.narrator.startswith("llm"):  # a model's story leaves the numbers to the card: the terminal's card
            for line in _card_lines(turn.results):
                typer.echo(f"  dice: {line}")
    for i, s in enumerate(turn.suggestions if not turn.results and turn.kind != "question" else [], 1):
        stat = f" +{s.stat.replace('_', ' ')}" if s.stat and not no_roll_now(s) else ""
        typer.echo(f"  [{i}] {s.move}{stat}")
    if listed and narration:
        typer.echo("  (/choose <number or words>)")
    else:
        number = 0
        for choice in turn.open_choices:
            labels = " | ".join(f"{number + i}. {o.label}" for i, o in enumerate(choice.options, 1))
            number += len(choice.options)
            typer.echo(f"  choose {choice.pick or 'any'}: {labels}  (/choose <number or words>)")
    told = text.lower() if narration else ""
    for follow in turn.follow_ups:
        said = follow.move if follow.reason.lower() in ("", follow.move.lower()) else f"{follow.move} — {follow.reason}"
        if follow.reason.lower() not in told and follow.move.lower() not in told:
            typer.echo(f"  next: {said}")
    for citation in turn.citations:
        typer.echo(f"  source: {shown_citation(citation)}")
    for note in turn.notes:
        typer.echo(f"  note: {shown_text(note)}")


def _log_to_file() -> None:
    """Warnings for the maintainers (a narration the guard rejected, an endpoint that failed) go to
    ``logs/chat.log`` under the app's home, not between the lines a player reads; without a writable home, nowhere."""
    import logging

    from assistant.config import load_settings

    logger = logging.getLogger("assistant")
    if logger.handlers:
        return
    handler: logging.Handler
    try:
        folder = load_settings().home / "logs"
        folder.mkdir(parents=True, exist_ok=True)
        handler = logging.FileHandler(folder / "chat.log", encoding="utf-8")
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    except OSError:
        handler = logging.NullHandler()
    logger.addHandler(handler)


def chat(
    campaign: str = typer.Option(..., "--campaign", "-c", help="The campaign to play."),
    new: bool = typer.Option(False, "--new", help="Create the campaign first if it does not exist."),
    system: str = typer.Option("starforged", "--system", "-s", help="System of a new campaign."),
    seed: int | None = typer.Option(None, "--seed", help="Dice seed of a new campaign."),
    auto_roll: bool = typer.Option(False, "--auto-roll", help="Roll the best-fitting move without asking."),
    style: str = typer.Option("vivid", "--style", help="Narration style: vivid or terse."),
    as_json: bool = typer.Option(False, "--json", help="Print each turn as JSON."),
) -> None:
    """Play a campaign in the terminal: free text, questions and /commands (type /help)."""
    from assistant.chat.session import ChatSession
    from assistant.store import service

    _log_to_file()
    try:
        created = new and campaign not in {c.name for c in service.list_campaigns()}
        if created:
            service.create_campaign(campaign, system, seed=seed)
        session = ChatSession.open(campaign, auto_roll=auto_roll, style=style)
    except AssistantError as exc:
        typer.echo(json.dumps({"error": exc.to_dict()}) if as_json else f"error: {exc}", err=True)
        raise typer.Exit(1) from None
    if sys.stdin.isatty() and not as_json:
        typer.echo(f"{campaign} ({session.system}). Type /help for commands, /quit or Ctrl-D to leave.")
    last: list[Any] = _resumed_steps(session)  # what a bare number picks: the suggested moves, else the next steps
    stepping = False  # the numbers are next steps with no choice open: "/choose 1" means the step, as "1" does
    if not created and not as_json:  # a reopened campaign: what still waits for the player, as they left it
        for line in resumed_lines(session, last):
            typer.echo(line)
    for raw in sys.stdin:
        line = raw.strip()
        if not line:
            continue
        if line.lower() in QUIT_WORDS:  # the campaign is saved turn by turn: leaving loses nothing
            break
        top = session.known.top
        number = _step_number(line, stepping)  # "/choose 1" for the step listed as [1]: no choice is open, the step is
        if number is not None and last and 1 <= number <= len(last) and session.pending_question is None:
            turn = session.confirm(last[number - 1])
        else:
            turn = session.send(line)
        _print_turn(turn, as_json)
        if _keeps_numbers(turn) and (session.known.top == top or _BOOKKEEPING.match(line)):
            if not as_json and _bookkeeping_done(session, turn, top):  # "/set health 3": what still waits, listed again
                last = list[Any](_resumed_steps(session)) or last
                stepping = bool(last)
                for shown in resumed_lines(session, last):
                    typer.echo(shown)
            continue  # "/sheet", "/add impact starving" or a note between a move and its next step
        last = list(turn.suggestions) if turn.suggestions and not turn.results else []
        steps = [] if last else _turn_steps(session, turn)
        stepping = bool(steps) and not turn.open_choices
        if steps and not as_json:
            typer.echo("  What comes next (type its number):")
            for i, (label, _request) in enumerate(steps, 1):
                typer.echo(f"  [{i}] {label}")
            last = [request for _label, request in steps]
        elif not last and not as_json and _bookkeeping_done(session, turn, top):  # what still waits, listed again
            last = list[Any](_resumed_steps(session))
            stepping = bool(last)
            for shown in resumed_lines(session, last):
                typer.echo(shown)
        if turn.refining:  # the offline suggestions are printed; the LLM's plan may reorder them
            refined = session.refine()
            if refined.kind == "error":
                continue
            changed = [s.move_id for s in refined.suggestions] != [s.move_id for s in last] or any(
                a.stat != b.stat for a, b in zip(refined.suggestions, last, strict=False)
            )
            if as_json:
                _print_turn(refined, as_json)
            elif changed:
                typer.echo("The LLM's plan, refined:")
                _print_turn(refined, as_json=False, narration=False)
            else:  # the same list: only what the plan adds is news (the list is not printed twice)
                for note in refined.notes:
                    typer.echo(f"  note: {note}")
            last = list(refined.suggestions) or last


def _step_number(line: str, stepping: bool) -> int | None:
    """The number ``line`` picks from the list printed last: a bare number, or "/choose N" while that list holds the
    next steps and no choice is open (the player read "type its number" as a pick); "#N" as a bare number; None
    otherwise."""
    bare = re.fullmatch(r"#?\s*(\d+)", line.strip())  # "#1", as a suggestion is picked in the chat, picks a step too
    if bare is not None:
        return int(bare.group(1))
    found = re.fullmatch(r"/choose\s+(\d+)", line.strip(), re.I)
    return int(found.group(1)) if found and stepping else None


def _keeps_numbers(turn: Turn) -> bool:
    """Whether the numbers printed before ``turn`` still pick what they picked: a turn that rolled, offered or asked
    nothing (the sheet, /help, a rules answer, a typo) leaves them, so "1" after "/sheet" still plays Pay the Price;
    new words of the player's with nothing to roll leave none.
    The caller also checks that nothing was done or undone."""
    return not (
        turn.results or turn.suggestions or turn.open_choices or turn.kind in ("question", "action") or turn.refining
    )  # an action with nothing to roll ("Nothing to roll for that now") leaves no moves on offer either


#: A line that only keeps the books (a sheet edit, a note): the next steps printed before it are still what a number
#: plays ("/add impact starving" after a Feed miss left "1" for Pay the Price a dead end).
_BOOKKEEPING = re.compile(r"^\s*(?:/(?:add|set|remove)\b|\(?\s*(?:note(?:\s+to\s+(?:self|me))?|nb|n\.b\.|memo)\s*[:\-–—])", re.I)


QUIT_WORDS = frozenset({"/quit", "/exit", "/q", "quit", "exit"})
"""What ends a terminal session besides the end of input ("quit" alone, as a shell takes it, is no story action)."""


def register(app: typer.Typer) -> None:
    app.command("chat")(chat)
