"""Stage 4 of the choice grader, letters: which option letters a place names, and how explicitly (POLICY.md 4.1:
'(C)', 'C.', 'option C', a capital alone; not an article 'A ball' or a pronoun 'I think')."""

from __future__ import annotations

import re
from functools import lru_cache

# 'A: False', 'A:  The correct option letter is D': the label of an answer, as after 'Q:'
_ROLE_LABEL = re.compile(r"\s*(A):[ \t]+(?=\S)")
# a capital that is a word, not a letter: the article "A ball", the pronoun "I think"
_AFTER_WORD = re.compile(r"[a-z,]\s+$")
# 'A ball', 'I think' (an article, a pronoun); not 'A is', 'A would be most affected' (a verb: the letter)
_WORDLIKE = re.compile(r"A\s+(?!(?:is|was|seems|looks|appears|fits|matches|because|or|and|nor|would|will|should|"
                       r"could|must|might|has|had|does|did|are|were)\b)[a-z]|"
                       r"I\s+(?!(?:is|was|seems|looks|appears|fits|matches|because|or|and|nor)\b)[a-z]")  # 'I would'


@lru_cache(maxsize=64)
def letter_patterns(letters: str) -> tuple[re.Pattern, ...]:
    """Most explicit first. Lowercase letters only with the punctuation of a choice ('c.', '(c)', 'c)')."""
    low = letters.lower()
    return (
        re.compile(rf"^[\W_]*([{letters}{low}])[\W_]*$"),  # the whole place: 'c', 'e.', '**B**', '(d)'
        re.compile(rf"^\W*[(\[]?([{letters}])(?:[)\]]|[.:](?=\s|$)|\s+[-–—]\s|\s*\n)"),  # 'C. Image 3', 'C) …'
        re.compile(rf"^\W*[(\[]?([{low}])(?:[)\]]|[.:](?=\s|$))"),
        re.compile(rf"(?<![A-Za-z0-9_(\[])[(\[]([{letters}{low}])[)\]]"),  # '(c)' anywhere, '对应选项(D)' too
        re.compile(rf"\b(?:option|choice|letter)\s*[:\-]?\s*[(\[]?([{letters}{low}])\b(?![\w'’-])", re.IGNORECASE),
        re.compile(rf"\b([{letters}])\s+is\s+the\s+(?:correct|right|best)\s+(?:answer|option|choice)\b"),
        # 'Select A from the options …', 'I would choose B': the capital chosen is the letter, not an article
        re.compile(rf"\b(?i:select|choose|pick)\s+[(\[]?([{letters}])[)\]]?(?![\w'’-])"),
        # a standalone capital ('答案是B'); not an angle's or a triangle's name ('∠A = ∠C'), nor a clock's 'A.M.'
        re.compile(rf"(?<![A-Za-z0-9_'’∠△-])([{letters}])(?![A-Za-z0-9_'’-]|\.M\b)"),
    )


def _may_name(k: int, text: str, lowered: str | None, letters: str) -> bool:
    """Does the text hold what letter_patterns(letters)[k] (k >= 3) needs to match: a bracket, the word 'option',
    'choice' or 'letter' (ASCII text, lowered: the pattern ignores case), 'the', a verb of choosing, a capital of
    `letters`? (A cheap look before a scan of the whole place.)"""
    if k == 3:
        return "(" in text or "[" in text
    if k == 4:
        return lowered is None or "option" in lowered or "choice" in lowered or "letter" in lowered
    if k == 5:
        return "the" in text
    if k == 6:
        return lowered is None or "select" in lowered or "choose" in lowered or "pick" in lowered
    return any(letter in text for letter in letters)


def letters_named(text: str, letters: str, shown: bool,
                   own: frozenset[str] = frozenset()) -> tuple[list[tuple[int, str]], int]:
    """Letters a place names, and how many of them are written as letters ('(C)', 'C.', 'option C'), not
    just a capital standing alone. Letters the prompt never showed count only as '(A)' or the whole answer 'A'."""
    found = []
    patterns = letter_patterns(letters)
    explicit = 0
    role = _ROLE_LABEL.match(text)
    last = len(patterns) - 1
    lowered = text.lower() if text.isascii() else None
    for k, pattern in enumerate(patterns):
        if not shown and k not in (0, 3) and not (k == last and own):
            continue  # unshown, a capital alone is read only where it is an option's whole text ('A' … 'E')
        if k == last:
            explicit = len(found)
        if k >= 3 and not _may_name(k, text, lowered, letters):
            continue  # the words or characters the pattern needs are not in the text (found is unchanged)
        for m in pattern.finditer(text):
            if not shown and (m.group(1).islower() or (k == last and m.group(1) not in own)):
                continue
            if k == last and _WORDLIKE.match(text, m.start()) and (
                    m.group(1) not in own or not _AFTER_WORD.search(text, max(0, m.start() - 40), m.start())):
                continue  # 'A ball', 'I think'; but 'cog A will' names the option whose text is 'A'
            if role and m.start(1) == role.start(1):
                continue  # 'A: False' is the answer's 'A:' (as after a 'Q:'), not option A
            found.append((m.start(1), m.group(1).upper()))
        if found and k < 3:
            if k:  # the lead is a letter; another written out in the place makes it a hedge ('(A) … or (B) …')
                seen = {at for at, _ in found}
                found += [(m.start(1), m.group(1).upper()) for p in patterns[3:-1] for m in p.finditer(text)
                          if m.start(1) not in seen and (shown or m.group(1).isupper())]
            return sorted(found), len(found)  # the whole place, or its lead, is the letter
    return found, explicit if shown else len(found)  # unshown, only the explicit forms were read
