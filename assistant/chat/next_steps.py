"""What the rules say comes next after a move, numbered as the terminal lists them ("[1] Pay the Price"): the steps a
bare number (or "/choose 1" with no choice open) makes."""

from __future__ import annotations

from typing import Any


def next_steps(session: Any, follow_ups: Any) -> list[tuple[str, dict[str, Any]]]:
    """What the rules say comes next, each with the request that makes it, for the terminal to number ("[1] Deal
    Damage on Mara", "[1] Endure Harm (-1)"): a follow-up move or table roll, and each of the system's suffer moves
    with the cost a "make a suffer move (-1)" gives."""
    from assistant.chat.characters import shown_name
    from assistant.chat.unsheeted_damage import damage_roll_step
    from assistant.engine import get_ruleset

    steps: list[tuple[str, dict[str, Any]]] = []
    for fu in follow_ups:
        if fu.kind == "suffer" and fu.amount:
            amount = abs(int(fu.amount))
            for move in get_ruleset(session.system).moves:
                if move.category == "suffer" and "amount" in move.options and move.id != fu.other_than:
                    steps.append((f"{move.name} ({-amount:+d})", {"move": move.id, "options": {"amount": amount}}))
        elif step := damage_roll_step(fu, session.state.characters):  # "I hack at the orc": no sheet, the roll itself
            steps.append(step)
        elif fu.kind in ("move", "table") and fu.request:
            request, label = dict(fu.request), fu.move if fu.kind == "move" else f"Roll on {fu.move}"
            if fu.target and fu.target in session.state.characters:  # resolved on the sheet of the one it is aimed at
                request["character_id"] = fu.target
                who = shown_name(session.state, fu.target)
                label = f"{fu.move} on {'your character' if who == 'Your character' else who}"  # mid-sentence
            steps.append((label, request))
    unique = {label: request for label, request in steps}
    return list(unique.items())
