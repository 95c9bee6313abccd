"""Checking a request's options against their declared types, before anything rolls.

Every option a move takes has a :class:`~assistant.engine.schema.RequestOption` (the core's or the system's
``options:`` in ``moves.yaml``). :func:`check_options` refuses an unknown option or a value of the wrong
kind with an :class:`InputError` in the player's words that names the option (``missing``) and, when
they are few, the values that would do (``choices``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from assistant.engine.errors import InputError
from assistant.engine.oracle import Odds
from assistant.engine.schema import RequestOption
from assistant.engine.tracks import Rank

#: A range of whole numbers short enough to offer as choices.
MAX_CHOICES = 12


def words(name: str) -> str:
    """``progress_ticks`` -> ``progress ticks``."""
    return name.replace("_", " ")


def cap(text: str) -> str:
    """The first letter upper case, the rest as it is (``str.capitalize`` lowers the rest)."""
    return text[:1].upper() + text[1:]


#: Words that start a sentence and read in lower case inside another one ("not now: you have 0 mana"); any other first
#: word may be a name ("not now: Vex has taken 2 downtime activities", not "vex has ...").
_LEAD_WORDS = frozenset(
    {
        "a", "an", "the", "this", "that", "these", "those", "it", "its", "you", "your", "there", "no", "not", "nothing",
        "none", "only", "each", "every", "one", "all", "both", "another", "some", "any", "more", "too", "at", "in", "on",
        "with", "without", "after", "before", "when", "while", "since", "until", "once", "as", "if", "to", "for", "can",
        "cannot", "may", "must", "needs", "need", "is", "are", "was", "were", "has", "have", "had",
    }
)  # fmt: skip


def uncap(text: str) -> str:
    """``text`` to go on after a colon: its first letter lower case when its first word is a common word, as it is
    when it may be a name."""
    first = text.split(" ", 1)[0].strip(",.;:").lower()
    return text[:1].lower() + text[1:] if first in _LEAD_WORDS else text


def _label(name: str, spec: RequestOption) -> str:
    return f"{words(name)} ({spec.help})" if spec.help else words(name)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def int_choices(lo: int, hi: int) -> list[int] | None:
    return list(range(lo, hi + 1)) if hi - lo < MAX_CHOICES else None


def bad_value(name: str, spec: RequestOption, value: object) -> InputError:
    """The error for a value of the wrong kind, saying what would do."""
    shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
    if spec.type == "bool":
        return InputError(f"{cap(words(name))} is yes or no (true or false), not {shown}.", missing=name, choices=[True, False])
    if spec.type == "int":
        assert spec.min is not None and spec.max is not None
        return InputError(
            f"{cap(_label(name, spec))} is a whole number from {spec.min} to {spec.max}, not {shown}.",
            missing=name,
            choices=int_choices(spec.min, spec.max),
        )
    if spec.type in ("one_of", "list_of"):
        listed = ", ".join(str(v) for v in spec.values or [])
        many = "one or more of" if spec.type == "list_of" else "one of"
        return InputError(f"{cap(_label(name, spec))} is {many}: {listed}; not {shown}.", missing=name, choices=spec.values)
    if spec.type == "rank":
        ranks = [r.value for r in Rank]
        return InputError(f"The rank is one of {', '.join(ranks)}; not {shown}.", missing=name, choices=ranks)
    if spec.type == "odds":
        odds = [o.value for o in Odds]
        return InputError(f"The odds are one of {', '.join(odds)}; not {shown}.", missing=name, choices=odds)
    if spec.type == "choose":
        return InputError('Say which options you pick by their ids, like ["take_2_momentum"].', missing=name)
    if spec.type in ("text", "name"):
        return InputError(f"{cap(_label(name, spec))} is a name (text), not {shown}.", missing=name)
    return InputError(f"{cap(_label(name, spec))}: {shown} won't do.", missing=name)


def value_ok(spec: RequestOption, value: object) -> bool:
    """Whether ``value`` has the option's declared kind (``any``, ``track`` and ``clock`` are read later)."""
    kind = spec.type
    if kind in _READ_LATER:
        return True
    if kind == "bool":
        return isinstance(value, bool)
    if kind == "int":
        return _is_int(value) and spec.min is not None and spec.max is not None and spec.min <= value <= spec.max  # type: ignore[operator]
    if kind == "text":
        return isinstance(value, str) and bool(value.strip())
    if kind == "name":
        return (isinstance(value, str) and bool(value.strip())) or _is_int(value)
    if kind == "one_of":
        return _canonical(spec, value) is not None
    if kind == "list_of":
        items = value if isinstance(value, list) else None
        return items is not None and all(_canonical(spec, v) is not None for v in items)
    if kind == "rank":
        return isinstance(value, str) and value.strip().lower() in {r.value for r in Rank}
    if kind == "odds":
        try:
            Odds.parse(value)
        except InputError:
            return False
        return isinstance(value, str)
    if kind == "choose":
        return isinstance(value, str) or (isinstance(value, list) and all(isinstance(v, str) for v in value))
    return True


#: The option types read later, by the code that uses them (any value passes here).
_READ_LATER = frozenset({"any", "track", "clock"})


def _canonical(spec: RequestOption, value: object) -> str | int | None:
    """The declared value ``value`` stands for (text compared without case or surrounding spaces), or None."""
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        return None
    for allowed in spec.values or []:
        if value == allowed or (isinstance(value, str) and isinstance(allowed, str) and value.strip().lower() == allowed.lower()):
            return allowed
    return None


def canonical_options(given: Mapping[str, Any], known: Mapping[str, RequestOption]) -> dict[str, Any]:
    """The options with ``one_of``/``list_of`` values spelled as declared (``"Stunned"`` -> ``"stunned"``)."""
    out = dict(given)
    for name, value in given.items():
        spec = known.get(name)
        if spec is not None and spec.type == "one_of":
            out[name] = _canonical(spec, value)
        elif spec is not None and spec.type == "list_of":
            out[name] = [_canonical(spec, v) for v in value]
    return out


def check_options(
    move_name: str,
    given: Mapping[str, Any],
    known: Mapping[str, RequestOption],
    required: Iterable[tuple[str, RequestOption]] | None = None,
) -> dict[str, Any]:
    """Refuse options the move does not take and values of the wrong kind; returns them as declared.

    ``required``: the known options that must be given, in their order (worked out from ``known`` if not given)."""
    unknown = [name for name in given if name not in known]
    if unknown:
        unknown.sort()
        takes = ", ".join(words(n) for n in sorted(known)) or "none"
        raise InputError(
            f"{move_name} does not take {', '.join(map(words, unknown))}; the options it takes are: {takes}.",
            missing=unknown[0],
            choices=sorted(known),
        )
    for name, value in given.items():
        if not value_ok(known[name], value):
            raise bad_value(name, known[name], value)
    for name, spec in known.items() if required is None else required:
        if spec.required and name not in given:
            ask = spec.question or f"{cap(_label(name, spec))}?"
            raise InputError(f"{move_name}: {ask}", missing=name, choices=spec.values)
    if all(known[name].type not in _SPELLED for name in given):  # nothing to spell as declared
        return dict(given)
    return canonical_options(given, known)


#: The option types whose values :func:`canonical_options` spells as declared.
_SPELLED = frozenset({"one_of", "list_of"})
