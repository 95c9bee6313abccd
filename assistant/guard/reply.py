"""The player's answer given for them: "'You want the password?' the clerk asks. You nod, 'Yes.'"

Another character's question is put to the player; what the character answers (a nod, a shake of the head, "yes", an
agreement, a refusal) is the player's next decision, as any words in the character's mouth are. A sentence that has
you answer, right after a question someone put (in quotation marks, or told: "he asks whether you want it"), or that
has you give a bare answer in quotation marks ("You nod, 'Yes.'"), decides it. The player's own words told back ("I
nod and tell him yes"; "I tell the guard the Duke sent me" told "You answer, 'The Duke.'"; "I refuse the bribe" told
"You decline"), a reply still to come ("he waits for you to answer", "before you can answer") and one denied
("you do not answer") pass, and so does a nod that answers no one ("You nod to the dockhands and ask about the crew").
"""

from __future__ import annotations

import re

from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.text import HYPOTHETICAL, Sentence, negated, stem, words_before

#: You answering: a nod, a shake of the head, a reply, an agreement or a refusal.
_REPLY = re.compile(
    r"\byou\s+(?:[a-z]+ly\s+|simply\s+|just\s+|then\s+|only\s+)?(?P<verb>nod|nods|nodded|shake\s+your\s+head"
    r"|shook\s+your\s+head|reply|replies|replied|answer|answers|answered|respond|responds|responded|agree|agrees|agreed"
    r"|accept|accepts|accepted|decline|declines|declined|refuse|refuses|refused|consent|consents|consented"
    r"|say\s+(?:yes|no)|said\s+(?:yes|no))\b"
)
#: The player's words that give an answer, by what the answer is: spoken ("I tell him the Duke sent me"), a yes or a
#: no. "You reply" tells back any of them; "you nod" or "you agree" a yes; "you refuse" or "you shake your head" a no.
_SPOKEN = frozenset(
    re.findall(
        r"\S+",
        "tell tells say says answer answers reply replies respond responds explain explains insist insists claim claims "
        "lie lies admit admits confess confesses assure assures inform informs promise promises swear swears",
    )
)
_YES = frozenset(re.findall(r"\S+", "yes agree agrees accept accepts consent consents nod nods sure deal"))
_NO = frozenset(re.findall(r"\S+", "no refuse refuses decline declines reject rejects shake shakes never"))
_TOLD_BACK = {"yes": _YES, "no": _NO, "spoken": _SPOKEN | _YES | _NO}


def _kind(verb: str) -> str:
    """What answer a reply verb tells: "yes" (a nod, an agreement), "no" (a refusal, a shake of the head) or "spoken"."""
    if re.match(r"(?:nod|agree|accept|consent)|said?\s+yes", verb):
        return "yes"
    if re.match(r"(?:shake|shook|decline|refuse|say\s+no|said\s+no)", verb):
        return "no"
    return "spoken"


#: A bare answer in quotation marks: "Yes.", "No", "Of course", "I do", "Agreed".
_BARE_ANSWER = re.compile(
    r"^\s*[,:]?\s*\"\s*(?:yes|yeah|no|nope|of course|sure|certainly|indeed|agreed|deal|fine|very well|i do|i will"
    r"|please|absolutely|never)\b[^\"]{0,40}\""
)
#: Another's question put to you: a question in quotation marks, or told ("he asks if you want it").
_QUOTED_QUESTION = re.compile(r"\"[^\"]*\?\s*(?:\"|$)")
_TOLD_QUESTION = re.compile(
    r"\b(?:asks|asked|asking|inquires|inquired|wants\s+to\s+know|wanted\s+to\s+know|demands|demanded)\s+(?:you\s+)?"
    r"(?:if|whether|what|why|who|where|how)\b"
)
#: Where an answer is still to come: "before you can answer", "until you reply".
_NOT_YET = re.compile(r"\b(?:before|until|unless|if|when|whether|once|wait(?:s|ed|ing)?\s+for)\s+$")


def _asked(told: list[Sentence], at: int, upto: int) -> bool:
    """Whether someone put a question to you just before: in ``told[at]`` before ``upto`` or the sentence before."""
    here = told[at].text[:upto]
    if _QUOTED_QUESTION.search(here) or _TOLD_QUESTION.search(here):
        return True
    if at == 0:
        return False
    prev = told[at - 1]
    return bool(_QUOTED_QUESTION.search(prev.text) or _TOLD_QUESTION.search(prev.text)) and not prev.narr.lstrip(' "').startswith(
        "you "
    )


def check_reply_given(told: list[Sentence], facts: Facts, intent: str | None) -> list[Violation]:
    """You told answering another character's question (or giving a bare quoted answer) the player never gave."""
    if intent is None or not facts.results:
        return []
    words = set(re.findall(r"[a-z]+", intent.lower()))
    own = {stem(w) for w in words}
    for at, sentence in enumerate(told):
        text = sentence.text
        for m in _REPLY.finditer(text):
            verb = m.group("verb").split()[0]
            if stem(verb) in own or {"yes", "no"} & own or words & _TOLD_BACK[_kind(m.group("verb"))]:
                continue  # the player's own answer, told back ("I tell him the Duke sent me": "You reply that...")
            before = text[: m.start()]
            if _NOT_YET.search(before) or negated(text, m.start("verb"), 3):
                continue
            if HYPOTHETICAL & set(words_before(text, m.start("verb"), 4)):
                continue  # "you could nod", "you must answer"
            bare = _BARE_ANSWER.match(text[m.end() :])
            if not (bare or _asked(told, at, m.start())):
                continue  # a nod to no one's question: a gesture of the declared action
            raw = sentence.raw or sentence.original
            excerpt = " ".join(raw[m.start() : m.end() + (bare.end() if bare else 0)].split())
            detail = f"'{excerpt}' answers for the player; what the character replies to a question is the player's call"
            return [Violation(ViolationKind.DECISION, detail, excerpt)]
    return []
