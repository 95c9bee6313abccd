"""British spellings read as the rules' own American ones: "rumour" is "rumor", "armour" "armor", "defence" "defense",
"neighbourhood" "neighborhood". A word is read so only when the American form is a word the rules use and the British
one is not ("your", "four" and "hour" are kept). Pure: no word list, no I/O."""

from __future__ import annotations

import re
from collections.abc import Collection

#: British endings and their American forms ("honour"/"honor", "defence"/"defense", "centre"/"center"...), each tried
#: on a word whose ending it is; the American form is kept only when the system's vocabulary holds it.
_BRITISH_ENDINGS = re.compile(
    r"^(?P<stem>[a-z]{3,}?)(?P<end>our|ence|ise|ised|ises|ising|isation|yse|ysed|ysing|tre|tres|lled|lling|ller|ogue)"
    r"(?P<tail>s|ed|ing|ite|ites|hood|hoods|able|er|ers|ful|less|y)?$"
)
_AMERICAN_ENDING = {
    "our": "or", "ence": "ense", "ise": "ize", "ised": "ized", "ises": "izes", "ising": "izing", "isation": "ization",
    "yse": "yze", "ysed": "yzed", "ysing": "yzing", "tre": "ter", "tres": "ters", "lled": "led", "lling": "ling",
    "ller": "ler", "ogue": "og",
}  # fmt: skip
#: Whole words whose British spelling no ending rule reaches.
_BRITISH_WORDS = {
    "grey": "gray", "greys": "grays", "manoeuvre": "maneuver", "manoeuvres": "maneuvers", "manoeuvring": "maneuvering",
    "manoeuvred": "maneuvered", "plough": "plow", "jewellery": "jewelry", "tyre": "tire", "tyres": "tires",
    "sceptic": "skeptic", "sceptical": "skeptical", "mould": "mold", "smoulder": "smolder", "practise": "practice",
    "storey": "story", "draught": "draft", "cheque": "check", "kerb": "curb", "pyjamas": "pajamas", "aeroplane": "airplane",
}  # fmt: skip
_SUFFIXES = ("", "s", "es", "ed", "d", "ing", "er", "ers", "hood", "ite", "able")


def _in_vocabulary(word: str, known: Collection[str]) -> bool:
    """Whether ``word``, or its stem before a common ending, is a word of the system's vocabulary."""
    return any(word.endswith(end) and word[: len(word) - len(end)] in known for end in _SUFFIXES if len(word) > len(end) + 2)


def american(word: str, known: Collection[str], rules: Collection[str] = ()) -> str | None:
    """The American spelling of the British ``word`` (lower case) when the system's vocabulary (``known``) holds it and
    its rules' words (``rules``) do not hold the British one; None otherwise ("rumour" -> "rumor" in the city game,
    "your", "four" and "hour" kept)."""
    if _in_vocabulary(word, rules):
        return None
    candidate = _BRITISH_WORDS.get(word)
    if candidate is None:
        found = _BRITISH_ENDINGS.match(word)
        if found is None:
            return None
        candidate = found["stem"] + _AMERICAN_ENDING[found["end"]] + (found["tail"] or "")
    return candidate if _in_vocabulary(candidate, known) else None


_WORD = re.compile(r"[A-Za-z]+")


def _with_case(typed: str, word: str) -> str:
    if typed.isupper() and len(typed) > 1:
        return word.upper()
    return word[0].upper() + word[1:] if typed[0].isupper() else word


def american_words(text: str, known: Collection[str], rules: Collection[str] = ()) -> str:
    """``text`` with each British word read as its American spelling (see :func:`american`), capitals kept."""

    def fix(match: re.Match[str]) -> str:
        word = match.group(0)
        said = american(word.lower(), known, rules)
        return _with_case(word, said) if said else word

    return _WORD.sub(fix, text)
