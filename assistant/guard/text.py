"""Reading narration: normalising, splitting into sentences, setting quoted text aside, and telling
a claim from a negated, hypothetical or offered one."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

_QUOTES = str.maketrans({"“": '"', "”": '"', "„": '"', "«": '"', "»": '"', "‘": "'", "’": "'", "–": "—", "…": "..."})
_MARKUP = re.compile(r"\*\*|__|`|^#+\s*|(?<!\w)_(?=\w)|(?<=\w)_(?!\w)", re.M)
_QUOTED = re.compile(r'"[^"\n]{1,600}"')
_RULES_LABEL = re.compile(
    r"(?:^|(?<=[\s(]))(?:the\s+)?(?:rules?|rules text|move text|the move)(?:\s+(?:say|says|read|reads))?\s*:\s*", re.I
)
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]]*\s+(?=[\"'(\[*\-•]*[A-Z0-9+\-])|\n+")
_BULLET = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s+")
_WORD = re.compile(r"[a-z0-9]+|[+\-](?=\d)")
_FRAGMENT = re.compile(r"[^,;:()\[\]\n—→.!?]+")

#: Words that make a clause negated when they stand shortly before a claim.
NEGATORS = frozenset(
    {
        "not",
        "never",
        "no",
        "without",
        "nor",
        "hardly",
        "avoid",
        "avoids",
        "avoided",
        "avoiding",
        "escape",
        "escapes",
        "escaped",
        "instead",
        "neither",
        "nothing",
        "cannot",
    }
)
#: Words that make a claim conditional or uncertain ("if you miss", "you might fail", "perhaps").
_CONDITIONAL = frozenset(
    {
        "afraid",
        "can",
        "chance",
        "could",
        "fear",
        "fears",
        "had",
        "hope",
        "hopes",
        "hoping",
        "if",
        "imagine",
        "lest",
        "likely",
        "may",
        "might",
        "perhaps",
        "possible",
        "possibly",
        "risking",
        "should",
        "suppose",
        "threaten",
        "threatening",
        "threatens",
        "unless",
        "unlikely",
        "unsure",
        "were",
        "whether",
        "wonder",
        "would",
    }
)
#: For outcome claims: the conditional words and "risk" ("you risk a miss"). Narration states facts with "when",
#: "then" and "will" often enough that those do not count here.
OUTCOME_HYPOTHETICAL = _CONDITIONAL | {"risk", "risks"}
#: Words that make any clause hypothetical, conditional or an offer rather than a statement of fact: the conditional
#: words plus future, choice and offer words ("you will lose", "pick one", "the option to take +2"). Not "risk":
#: a move's name ("Take a Big Risk") must not excuse a claim.
HYPOTHETICAL = _CONDITIONAL | frozenset(
    {
        "choice",
        "choose",
        "decide",
        "either",
        "going",
        "later",
        "ll",
        "must",
        "need",
        "needs",
        "odds",
        "offer",
        "offered",
        "offers",
        "option",
        "options",
        "otherwise",
        "pick",
        "ready",
        "shall",
        "until",
        "want",
        "wants",
        "whatever",
        "whenever",
        "will",
    }
)
_CLAUSE_BREAK = re.compile(r"[,;:—()]|\s-\s|\bbut\b|\bwhile\b|\bthough\b|\balthough\b|\bwhereas\b|\bso\b|\band then\b")


#: Endings a word takes without becoming another word ("searching", "heated", "marks"), longest first.
_INFLECTIONS = ("ingly", "edly", "ings", "ing", "ies", "ied", "ed", "es", "ly", "s")
#: "-es" is an ending after these ("boxes", "wishes"); elsewhere only its "s" is ("flees", "senses").
_SIBILANT_ES = ("sses", "xes", "zes", "ches", "shes")


def stem(word: str) -> str:
    """A word's stem for matching the words of a question or a move's text in a story: without its inflection
    ("searching", "searched" -> "search"; "running", "runs" -> "run"), at most six letters ("survivors", "surviving" ->
    "surviv"). Unlike its first four letters it keeps another word apart: "heath" is not "heat", "market" not "mark",
    "steady" not "steal", "facility" not "facing"."""
    w = word.lower().removesuffix("'s")
    for ending in _INFLECTIONS:
        if not w.endswith(ending) or len(w) - len(ending) < (2 if ending in ("ies", "ied") else 3):
            continue
        if ending == "s" and w.endswith(("ss", "us", "is")) or ending == "es" and not w.endswith(_SIBILANT_ES):
            continue  # "boss", "flees" (its "s" alone)
        w = w[: -len(ending)] + ("y" if ending in ("ies", "ied") else "")
        if len(w) >= 4 and w[-1] == w[-2] and w[-1] not in "aeiouls":
            w = w[:-1]  # "runn" -> "run", "stopp" -> "stop"
        break
    if len(w) > 3 and w.endswith("e") and not w.endswith("ee"):
        w = w[:-1]  # "sense", "sensed" -> "sens"; "facing", "face" -> "fac"
    return w[:6]


def normalize(text: str) -> str:
    """Typographic quotes and dashes to plain ones, Markdown emphasis removed."""
    return _MARKUP.sub("", text.translate(_QUOTES))


def normalize_words(text: str) -> str:
    """Lower-case words (and signs before digits) joined by single spaces, for text comparison."""
    return " ".join(_WORD.findall(normalize(text).lower()))


@dataclass(frozen=True)
class Sentence:
    """One sentence, twice: ``text`` with only the engine's own quoted text blanked, and ``narr`` with
    dialogue in quotes blanked too (the narrator's voice only). Both lower-case, same length."""

    original: str
    text: str
    narr: str
    bullet: bool = False
    raw: str = ""
    """The sentence as written, same offsets as ``text`` (for letter case)."""

    @property
    def question(self) -> bool:
        return self.original.rstrip().rstrip("\"')").endswith("?")


def quotes_engine(fragment: str, engine_text: str, engine_bigrams: frozenset[tuple[str, str]]) -> bool:
    """Whether ``fragment`` restates the engine's own text (the outcome's rules text, choices, follow-ups)."""
    words = normalize_words(fragment).split()
    if not words or not engine_text:
        return False
    if " ".join(words) in engine_text:
        return True
    if len(words) < 4:
        return False
    padded = f" {engine_text} "
    if any(any(c.isdigit() for c in w) and f" {w} " not in padded for w in words):
        return False  # "You deal 2 damage, and you: choose one…": mostly the engine's words, but the 2 is the model's
    pairs = list(zip(words, words[1:], strict=False))
    return sum(p in engine_bigrams for p in pairs) >= 0.85 * len(pairs)


def _blank(text: str, start: int, end: int) -> str:
    return text[:start] + " " * (end - start) + text[end:]


def sentences(text: str, engine_text: str = "", engine_bigrams: frozenset[tuple[str, str]] = frozenset()) -> list[Sentence]:
    """Split narration into sentences; quoted or labelled rules text that restates the engine is set
    aside entirely, other quoted text (dialogue) is kept out of ``narr``."""
    plain = normalize(text)
    checked = plain
    narr = plain
    for m in _QUOTED.finditer(plain):
        if quotes_engine(m.group(0), engine_text, engine_bigrams):
            checked = _blank(checked, m.start(), m.end())
            narr = _blank(narr, m.start(), m.end())
        else:
            narr = _blank(narr, m.start(), m.end())
    for m in _RULES_LABEL.finditer(plain):
        line_end = plain.find("\n", m.end())
        line_end = len(plain) if line_end < 0 else line_end
        if quotes_engine(plain[m.end() : line_end], engine_text, engine_bigrams):
            checked = _blank(checked, m.start(), line_end)
            narr = _blank(narr, m.start(), line_end)
    out: list[Sentence] = []
    start = 0
    for brk in [*_SENTENCE_END.finditer(plain), None]:
        if brk is not None and "\n" not in brk.group(0) and plain.count('"', start, brk.end()) % 2:
            continue  # inside dialogue: the quote and who says it are one sentence ("Look! I see it," you say.)
        end = brk.start() if brk else len(plain)
        original = plain[start:end]
        if original.strip():
            bullet = bool(_BULLET.match(original))
            body = _BULLET.sub("", original) if bullet else original
            if not quotes_engine(body, engine_text, engine_bigrams):
                sent_checked, sent_narr = checked[start:end], narr[start:end]
                for frag in _FRAGMENT.finditer(original):
                    words = normalize_words(frag.group(0))
                    long_enough = words.count(" ") >= 2 or words.count(" ") == 1 and any(c.isdigit() for c in words)
                    if long_enough and f" {words} " in f" {engine_text} ":
                        sent_checked = _blank(sent_checked, frag.start(), frag.end())
                        sent_narr = _blank(sent_narr, frag.start(), frag.end())
                out.append(Sentence(original.strip(), sent_checked.lower(), sent_narr.lower(), bullet, original))
        start = brk.end() if brk else len(plain)
    return out


def clause_of(text: str, start: int, end: int) -> str:
    """The clause around ``text[start:end]``: from the last break before it to the next break after."""
    before = text[:start]
    breaks = list(_CLAUSE_BREAK.finditer(before))
    left = breaks[-1].end() if breaks else 0
    after = _CLAUSE_BREAK.search(text, end)
    right = after.start() if after else len(text)
    return text[left:right]


def words_before(text: str, start: int, n: int = 4) -> list[str]:
    """The ``n`` words before ``start`` within its clause (contractions split: "don't" -> "do", "not")."""
    clause_start = 0
    for m in _CLAUSE_BREAK.finditer(text[:start]):
        clause_start = m.end()
    chunk = text[clause_start:start].replace("n't", " not").replace("'", " ")
    return re.findall(r"[a-z]+", chunk)[-n:]


def negated(text: str, start: int, n: int = 4) -> bool:
    return any(w in NEGATORS for w in words_before(text, start, n))


def hypothetical(text: str, start: int, end: int, words: frozenset[str] = HYPOTHETICAL) -> bool:
    """Whether the claim at ``text[start:end]`` sits in a conditional, modal or offered clause."""
    clause = clause_of(text, start, end).replace("'", " ")
    return any(w in words for w in re.findall(r"[a-z]+", clause))


#: The player's pronouns as a narration tells them back ("I" -> "you"; "we" may stay "we").
_TOLD_BACK = {
    "i": "i|you",
    "i'm": "i'm|you're|you are",
    "me": "me|you",
    "my": "my|your",
    "mine": "mine|yours",
    "myself": "myself|yourself",
    "we": "we|you",
    "us": "us|you",
    "our": "our|your",
    "am": "am|are",
}


def own_words_blanked(text: str, intent: str | None) -> str:
    """``text`` with the player's declared action, told back word for word, blanked (offsets kept): "... so you take
    heat off the crew" restates what the player said they do; it is not the narrator's claim about the sheet."""
    words = re.findall(r"[A-Za-z0-9']+", intent or "")
    if len(words) < 3:
        return text
    if words[0].lower() in ("i", "we", "i'm") and len(words) > 3:
        words = words[1:]  # "I bribe the captain" is told back as "you bribe the captain" or "to bribe the captain"
    parts = [f"(?:{_TOLD_BACK[w.lower()]})" if w.lower() in _TOLD_BACK else re.escape(w) for w in words]
    pattern = re.compile(r"\b" + r"[^\w']+".join(parts) + r"\b", re.I)

    def blank(m: re.Match[str]) -> str:
        before = text[: m.start()]
        quoted = before.count('"') % 2 == 1 or before.count("“") > before.count("”")
        return m.group(0) if quoted else " " * len(m.group(0))  # a quotation is read as speech, with its own check

    return pattern.sub(blank, text)


def opening_read(told: Sequence[str], intent: str | None) -> set[str]:
    """The engine's opening sentences as the guard reads a story's sentences, lower case, spaces collapsed: as they are,
    and with the player's words they tell back blanked ("you make your move to ." of "You make your move to take
    decisive action and put him down for good."), so the opening is read as context in either form."""
    return {" ".join(said.split()).lower() for t in told for said in (t, own_words_blanked(t, intent))}
