"""Words put in the character's mouth as reported speech: "You tell him that you need to access some important
documents related to a recent case", after "I press the clerk to open the archive for me".

Quoted words the player never declared are :mod:`assistant.guard.agency`'s. Reported speech says the same without
quotation marks: you (or your character) as the subject of a verb of saying (tell, explain, insist, claim, promise,
assure, warn, beg, lie, reveal...) followed by what was said. What the character says is the player's call, so the
content of that speech must be the player's own: when it holds :data:`NEW_WORDS` or more words of meaning that neither
the player's words nor the engine's text hold, the story has decided what the character says.

The declared action told back ("You ask the dockhands about the Wayfarer's last crew", "you tell him to open the
archive"), speech with no content of its own ("you plead with him", "you explain your situation"), what others say,
a supposed or negated saying ("you could tell him…", "you say nothing") and talking to oneself pass.
"""

from __future__ import annotations

import re

from assistant.guard.earlier import stems
from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.text import HYPOTHETICAL, Sentence, negated, words_before

#: Words of meaning past the player's own that make the speech the story's, not theirs.
NEW_WORDS = 2

_SAYING = (
    r"tell|tells|told|explain|explains|explained|insist|insists|insisted|say|says|said|claim|claims|claimed|promise"
    r"|promises|promised|assure|assures|assured|reply|replies|replied|answer|answers|answered|mention|mentions"
    r"|mentioned|inform|informs|informed|lie|lies|lied|plead|pleads|pleaded|beg|begs|begged|demand|demands|demanded"
    r"|warn|warns|warned|threaten|threatens|threatened|remind|reminds|reminded|ask|asks|asked|admit|admits|admitted"
    r"|confess|confesses|confessed|argue|argues|argued|suggest|suggests|suggested|reveal|reveals|revealed"
    r"|point\s+out|points\s+out|pointed\s+out|swear|swears|swore|whisper|whispers|whispered|shout|shouts|shouted"
    r"|mutter|mutters|muttered|announce|announces|announced|declare|declares|declared|lecture|lectures|lectured"
)
_REPORTED = re.compile(
    r"\b(?:you|your\s+character)\s+(?:[a-z]+ly\s+|then\s+|quickly\s+|finally\s+)*"
    rf"(?P<verb>{_SAYING})\b(?P<rest>[^.;!?\"]*)"
)
#: Where the reported words end: the next clause that is not the speech ("…, but he shakes his head").
_CLAUSE_END = re.compile(
    r"[,:;—()]|\s-\s|\b(?:but|while|though|although|as|when|before|after|until|and\s+(?:then|he|she|they|it|the|you))\b"
)
#: Words a reported speech uses whoever wrote it: the addressee, what saying is about, the sentence's glue.
_PLAIN = stems(
    "him her them they their his hers yourself himself herself themselves that this what about how why where when "
    "something anything nothing everything someone anyone everyone need needs want wants have know just some only "
    "please again also very really more much well will would could should must can cannot going come came"
)


def check_reported_speech(sentence: Sentence, facts: Facts, intent: str | None) -> list[Violation]:
    """The character made to say, in reported speech, something the player never declared."""
    if not facts.results or intent is None or sentence.question:
        return []
    text = sentence.narr
    own = stems(intent) | stems(facts.engine_text) | stems(" ".join(facts.told)) | _PLAIN
    for m in _REPORTED.finditer(text):
        rest = m.group("rest")
        if re.match(r"\s*(?:yourself|nothing|no\s+one|not\b)", rest):
            continue  # self-talk, or nothing said
        if negated(text, m.start("verb")) or HYPOTHETICAL & set(words_before(text, m.start("verb"), 5)):
            continue
        if re.search(r"\b(?:oracle|fates|dice|spirits)\b", rest):
            continue  # asking the oracle is a move the player made
        end = _CLAUSE_END.search(rest)
        said = rest[: end.start()] if end else rest
        new = stems(said) - own
        if len(new) < NEW_WORDS:
            continue
        excerpt = " ".join((m.group(0)[: m.start("rest") - m.start()] + said).split()[:14])
        detail = f"'{excerpt}' puts words in the character's mouth; what the character says is the player's call"
        return [Violation(ViolationKind.DECISION, detail, excerpt)]
    return []
