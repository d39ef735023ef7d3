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
        # the words in any case, the letter as written: under IGNORECASE a class of ASCII letters also takes the
        # characters that fold to one ('İ' to 'i', the Kelvin sign to 'k'), which no option is labelled with
        re.compile(rf"\b(?:option|choice|letter)\s*[:\-]?\s*[(\[]?((?-i:[{letters}{low}]))\b(?![\w'’-])",
                   re.IGNORECASE),
        re.compile(rf"\b([{letters}])\s+is\s+the\s+(?:correct|right|best)\s+(?:answer|option|choice)\b"),
        # 'Select A from the options …', 'I would choose B': the capital chosen is the letter, not an article
        re.compile(rf"\b(?i:select|choose|pick)\s+[(\[]?([{letters}])[)\]]?(?![\w'’-])"),
        # a standalone capital ('答案是B'); not an angle's or a triangle's name ('∠A = ∠C'), nor a clock's 'A.M.'
        re.compile(rf"(?<![A-Za-z0-9_'’∠△-])([{letters}])(?![A-Za-z0-9_'’-]|\.M\b)"),
    )


@lru_cache(maxsize=64)
def _capital(letters: str) -> tuple[re.Pattern, re.Pattern]:
    """A capital of `letters` standing alone, no ASCII letter, digit or '_' before it, nor those or an apostrophe
    or a hyphen after it: what letter_patterns(letters)[1], [5], [6] and [7] need (their letter is matched
    case-sensitively, whatever the text, with a boundary, a bracket or a stop before it and a bracket, a space or a
    stop after it); and a match of [7] that is no word ('A ball', 'I think': _WORDLIKE), which is all letters_named
    reads of [7] when no option's text is a letter. (The first opens on the capital, its look behind after it, where
    '(?<![A-Za-z0-9_])' would open it: the engine then skips to the capitals; test_choice_fast_paths.py compares.)"""
    return (re.compile(f"[{letters}](?<![A-Za-z0-9_][{letters}])(?![A-Za-z0-9_'’-])"),
            re.compile(f"(?<![A-Za-z0-9_'’∠△-])(?!{_WORDLIKE.pattern})[{letters}](?![A-Za-z0-9_'’-]|\\.M\\b)"))


def _may_name(text: str, lowered: str | None, caps: bool, letter_caps: bool) -> tuple[bool, ...]:
    """For each of letter_patterns(letters), may it match the text at all (for 7: so as to count)? Patterns 1, 5, 6
    and 7 need a capital of `letters` (`caps`; for 7 `letter_caps`, one that is no word, where that is all that
    counts); 3 a bracket; 4 the word 'option', 'choice' or 'letter' (ASCII text, lowered: the pattern ignores case);
    5 'the' and 'correct', 'right' or 'best'; 6 a verb of choosing. (A cheap look before a scan of the whole place.)
    """
    return (True, caps, True, "(" in text or "[" in text,
            lowered is None or "option" in lowered or "choice" in lowered or "letter" in lowered,
            caps and "the" in text and ("correct" in text or "right" in text or "best" in text),
            caps and (lowered is None or "select" in lowered or "choose" in lowered or "pick" in lowered),
            letter_caps)


_NO_CAPITAL = (True, False, True, False, False, False, False, False)  # no capital, bracket or word: patterns 0 and 2


@lru_cache(maxsize=64)
def _standing_capital(letters: str) -> re.Pattern:
    """A capital of `letters` after no ASCII letter or digit and before no letter, '_', apostrophe or hyphen: every
    capital a pattern of letter_patterns(letters) reads but 4's ('option' before it) is one (their look-arounds are
    narrower), and so is one glued to a value after a marker ('E360', choice_claims._MARKED_GLUED). (As
    '(?<![A-Za-z0-9])[…]', the look behind after the capital: the engine skips to the capitals.)"""
    return re.compile(f"[{letters}](?<![A-Za-z0-9][{letters}])(?![A-Za-z_'’-])")


def names_no_letter(text: str, letters: str) -> bool:
    """True only where letters_named(text, letters, …) finds no letter however it is asked (shown or not, any `own`),
    nor could claims_of's own readings of a capital (a marker's first, one glued to a value): an ASCII text without
    brackets, without 'option', 'choice' or 'letter' in any case (patterns 3, 4), without a capital of `letters`
    standing alone (_standing_capital: 1, 5, 6, 7), that is not one letter alone (0) nor opens on a lowercase
    letter as a label ('b. …', 2). tests/grading/test_choice_fast_paths.py compares it with letters_named."""
    if not text.isascii() or "(" in text or "[" in text:
        return False
    lowered = text.lower()
    if "option" in lowered or "choice" in lowered or "letter" in lowered:
        return False
    patterns = letter_patterns(letters)
    return _standing_capital(letters).search(text) is None and patterns[0].match(text) is None and \
        patterns[2].match(text) is None


def letters_named(text: str, letters: str, shown: bool, own: frozenset[str] = frozenset(),
                  not_whole: bool = False) -> tuple[list[tuple[int, str]], int]:
    """Letters a place names, and how many of them are written as letters ('(C)', 'C.', 'option C'), not
    just a capital standing alone. Letters the prompt never showed count only as '(A)' or the whole answer 'A'.
    `not_whole`: the caller found the text is not a letter alone (letter_patterns(letters)[0] does not match)."""
    patterns = letter_patterns(letters)
    role = _ROLE_LABEL.match(text) if "A:" in text else None  # (the pattern needs it)
    lowered = text.lower() if text.isascii() else None
    capital, letter = _capital(letters)
    caps = capital.search(text) is not None
    if not caps and lowered is not None and "(" not in text and "[" not in text and "option" not in lowered and \
            "choice" not in lowered and "letter" not in lowered:
        may = _NO_CAPITAL  # _may_name(text, lowered, False, False), its tests made here (the common case)
    else:
        # unless an option's text is a letter, a capital that is a word ('I think') is never read as one by pattern 7
        may = _may_name(text, lowered, caps, caps and (own or letter.search(text) is not None))
    if not (may[3] or may[4] or may[5] or may[6] or may[7]):
        # only patterns 0 to 2 may match (the rest need a capital, a bracket or a word the text lacks, or find only
        # words), each at the start alone (anchored, so at most once): what scan_letters finds, without the others'
        # scans; what it adds after a lead letter (patterns 3 to 6) cannot match either
        for k in (0, 1, 2) if shown else (0,):
            if not may[k] or (k == 0 and not_whole):
                continue
            m = patterns[k].match(text)
            if m and (shown or not m.group(1).islower()) and not (role and m.start(1) == role.start(1)):
                return [(m.start(1), m.group(1).upper())], 1
        return [], 0
    return scan_letters(text, patterns, shown, own, role, may)


def scan_letters(text: str, patterns: tuple[re.Pattern, ...], shown: bool, own: frozenset[str],
                 role: re.Match | None, may: tuple[bool, ...]) -> tuple[list[tuple[int, str]], int]:
    """letters_named's scan, pattern by pattern, leaving out those that `may` says cannot match (with `may` all
    true, every pattern is scanned: tests/grading/test_choice_fast_paths.py compares the two)."""
    found = []
    explicit = 0
    last = len(patterns) - 1
    for k, pattern in enumerate(patterns):
        if not shown and k not in (0, 3) and not (k == last and own):
            continue  # unshown, a capital alone is read only where it is an option's whole text ('A' … 'E')
        if k == last:
            explicit = len(found)
        if not may[k]:
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
