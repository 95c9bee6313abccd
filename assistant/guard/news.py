"""What a story tells as learned: news, gossip and rumour heard, and what the player's line sought.

Read by :mod:`assistant.guard.contrary` (what the player sought, told learned on a miss) and
:mod:`assistant.guard.learned` (a missed search told as the news found).
"""

from __future__ import annotations

import re

#: What makes a sentence tell information learned ("you notice that ...", "she tells you").
LEARNED = re.compile(
    r"\byou\s+(?:(?:finally|quickly|soon|now)\s+)*(?:learn|learns|learned|discover|discovers|discovered|find out|found out"
    r"|overhear|overheard|uncover|uncovered|notice that|noticed that|realize that|realized that|hear that|heard that"
    r"|work out|worked out|figure out|figured out)\b"
    r"|\b(?:tells you|told you|reveals|revealed|confides|confided|explains|explained)\b"
)
#: Gossip or a rumour told as heard ("The guild master is rumored to be planning…", "you hear the gossip about…"): at
#: a miss of an information move, about what the player sought, it is what they sought learned.
HEARSAY = re.compile(
    r"\b(?:is|are|was|were|(?:has|have|had)\s+(?:long\s+)?been)\s+(?:rumou?red|said|whispered)\s+to\b|\b(?:a|the)\s+rumou?r\s+(?:is\s+|has\s+it\s+)?that\b"
    r"|\bword\s+(?:[a-z']+\s+){0,4}?(?:is|has\s+it)\s+that\b|\b(?:it\s+is|it's)\s+(?:said|whispered|a\s+rumou?r)\s+that\b"
    r"|\byou\s+(?:hear|hears|heard|overhear|overheard)\s+(?:(?:the|some|a|many|several)\s+)?(?:gossip|rumou?rs?|talk|whispers?)\b"
    # someone passing it on: "The stallholders whisper that…", "People say the guild master…", "According to the
    # fishwives, …"
    r"|\b(?:whisper|whispers|whispered|murmur|murmurs|murmured|mutter|mutters|muttered|gossip|gossips|gossiped|claim"
    r"|claims|claimed|insist|insists|insisted)\s+(?:that|about\s+how)\b|\b(?:people|folk|everyone|they|some)\s+(?:say|said"
    r"|says|whisper|claim)\b|\baccording\s+to\b"
    # talk of someone's affairs: "the merchants talk about the guild master's new warehouse", "snippets about his debts"
    r"|\b(?:talk|talks|talked|talking|gossip|gossiping|whispers?|whispering|mutter|muttering|chatter|snippets?|rumou?rs?)"
    r"\s+(?:[a-z]+\s+){0,2}?(?:about|of|concerning|regarding)\s+(?:the\s+)?[a-z]+(?:\s+[a-z]+)?'s\s+[a-z]+"
    # the talk itself going round with what it says: "rumors are spreading that…", "whispers circulate about…",
    # "there is talk of…", "the gossip suggests…"
    r"|\b(?:rumou?rs?|whispers?|word|gossip|talk|tales|stories)\s+(?:[a-z']+\s+){0,3}?(?:spread|spreads|spreading"
    r"|circulate|circulates|circulating|swirl|swirls|swirling|fly|flies|flying|abound|abounds|travel|travels|travelling"
    r"|traveling)\s+(?:[a-z']+\s+){0,3}?(?:that|about|of)\b"
    r"|\bthere\s+(?:is|are|was|were)\s+(?:(?:much|some|a\s+lot\s+of|many)\s+)?(?:talk|rumou?rs?|whispers|gossip|word)"
    r"\s+(?:that|of|about)\b"
    r"|\b(?:rumou?rs?|whispers?|gossip|talk|word)\s+(?:has\s+it|have\s+it|suggests?|suggested|hints?|hinted|claims?"
    r"|claimed)\b"
    # what it was about, told: "It seems to be about a new guild opening up"
    r"|\b(?:it|the\s+(?:gossip|talk|rumou?r|whispers?))\s+(?:seems|seemed|appears|appeared)\s+to\s+be\s+about\b"
)
#: What was asked about, told busy at something as news ("The guild master is discussing a new project"): the gossip
#: itself, when the character is not in the sentence (with them in it, it is how the miss turns on them).
NEWS = re.compile(
    r"\b(?:is|are|was|were)\s+(?:now\s+|still\s+|secretly\s+|busy\s+|quietly\s+)?(?:discussing|planning|plotting"
    r"|scheming|recruiting|preparing|gathering|hoarding|hiding|meeting|building|working\s+on|trying\s+to|talking\s+about"
    r"|talking\s+of|considering|negotiating|arranging|gossiping\s+about|whispering\s+about|arguing\s+about"
    r"|embroiled\s+in|caught\s+up\s+in)\b|\b(?:plans|planned|intends|intended)\s+to\b"
    # a dealing of theirs told as known: "who has been involved in a major scandal", "was seen with the smugglers"
    r"|\b(?:has|have|had)\s+been\s+(?:involved\s+in|implicated\s+in|caught|accused\s+of|linked\s+to|tied\s+to"
    r"|seen\s+with|meeting\s+with|dealing\s+with|skimming|embezzling|smuggling)\b"
)
#: What is learned is a threat aimed at you ("the guild master is planning to attack you", "plotting against you"):
#: on a miss that is the situation getting worse, not the goal reached.
AGAINST_YOU = re.compile(
    r"\b(?:against|attack|attacks|kill|kills|hunt|hunts|hunting|ambush|betray|betrays|arrest|capture|frame|ruin"
    r"|expose|silence|eliminate|target|targets|targeting|after|coming\s+for)\s+you\b"
    # or news that makes you fear for yourself: "you start to worry about your own reputation"
    r"|\byou\s+(?:start\s+to\s+|begin\s+to\s+)?(?:worry|worries|fear|dread|fret)\s+(?:about|for)\s+your\b"
)
#: What is known of someone by everyone, not news: "the guild master is a powerful figure", "is known for his strict
#: rules"; a standing that common talk tells, not the gossip sought.
COMMON_TALK = re.compile(
    r"^\s*(?:that\s+)?(?:the\s+|a\s+|an\s+)?(?:[a-z']+\s+){1,3}?(?:is|are|was|were)\s+(?:(?:a|an|the)\s+"
    r"(?:[a-z]+\s+(?:and\s+)?){0,3}?(?:figure|man|woman|person|leader|presence|character|sort)\b|(?:well\s+)?(?:known"
    r"|famous|notorious|feared|respected|renowned)\s+(?:for|as|in|throughout)\b)"
)
#: Intent verbs that seek information: a miss at them learns nothing.
SEEKS = frozenset(
    re.findall(
        r"\S+",
        "listen ask asks search investigate gather study question eavesdrop research scan examine inspect read spy "
        "learn find probe interrogate gossip snoop check look",
    )
)
