"""Option labels in any style, read as the canonical letters before the choice rules run (POLICY.md 4.6).

The choice rules read options labelled `(A) …`, `A. …` or `A) …` and answers that name them by those letters. A
prompt may label its options otherwise — `(a) …`, `a) …`, `1. …`, `i. …`, `Option A: …`, `A: …`, inline or one
per line — and the answers then name them in the same style (`c`, `(c)`, `Answer: c`, `2`, `Option 2`, `iii`) or
by their place ('the second one', 'the fourth option', 'the last one'). This stage reads the prompt's style from
the options it lists (each label must be followed by its own option's text, in order), writes the prompt's list
as `(A) …` and the answer's label mentions as letters; the existing rules then run on the result, so one rule
book serves every style. A prompt already in the canonical style, and an answer naming no label, are returned as
they are.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from graders.normalize import case_blind_key, has_any

LETTERS = "ABCDEFGHIJKL"
ROMAN = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii")
# the keys a prompt may label options with, by kind, and the frames around them
_KEYS = {"lower": tuple("abcdefghijkl"), "digit": tuple(str(n) for n in range(1, 13)), "roman": ROMAN,
         "upper": tuple(LETTERS)}
_FRAMES = {"paren": r"[(\[]\s*{}\s*[)\]]", "close": r"{}\)", "dot": r"{}\.", "colon": r"{}\s*:",
           "option": r"(?i:option|choice)\s+[(\[]?{}[)\]]?\s*[:.)]?"}
_CANONICAL = (("upper", "paren"), ("upper", "dot"), ("upper", "close"))  # what the choice rules already read


class Style(NamedTuple):
    """How a prompt labels its options: the keys as written (lowercased but for 'upper'), their kind and the
    prompt with its list relabelled (A), (B), …"""

    kind: str
    keys: tuple[str, ...]
    question: str


def _norm(text: str) -> str:
    return " ".join(text.split()).casefold()


def _find_listing(question: str, choices: tuple[str, ...], kind: str, frame: str) -> list[re.Match] | None:
    """The label of each option in order, each followed by its own option's text; None when the prompt has no such
    list."""
    keys = _KEYS[kind][: len(choices)]
    if len(keys) < len(choices):
        return None
    found, at = [], 0
    for key, text in zip(keys, choices, strict=True):
        label = re.compile(r"(?<![\w(\[])" + _FRAMES[frame].format(re.escape(key)) + r"(?=\s|$)")
        want = _norm(text)[:20]
        hit = None
        for m in label.finditer(question, at):
            if _norm(question[m.end():m.end() + 3 * len(want) + 10]).startswith(want):
                hit = m
                break
        if hit is None:
            return None
        found.append(hit)
        at = hit.end()
    return found


@lru_cache(maxsize=256)  # once per prompt: the same for every answer to it
def style(question: str | None, choices: tuple[str, ...]) -> Style | None:
    """The prompt's own label style when it is not the canonical one, else None."""
    if not question or len(choices) < 2 or not all(c.strip() for c in choices):
        return None
    for kind, frame in _CANONICAL:
        if _find_listing(question, choices, kind, frame):
            return None
    for kind in ("lower", "digit", "roman", "upper"):
        for frame in ("option", "paren", "close", "dot", "colon"):
            if (kind, frame) in _CANONICAL:
                continue
            found = _find_listing(question, choices, kind, frame)
            if found:
                parts, at = [], 0
                for i, m in enumerate(found):
                    parts += [question[at:m.start()], f"({LETTERS[i]})"]
                    at = m.end()
                keys = _KEYS[kind][: len(choices)]
                return Style(kind, keys, "".join(parts) + question[at:])
    return None


@lru_cache(maxsize=256)
def _patterns(kind: str, keys: tuple[str, ...], choices: tuple[str, ...]) -> tuple[re.Pattern, ...]:
    """Where an answer names a label of this style: bracketed, after 'option', opening a line, after a final-answer
    marker, or as the whole answer."""
    flags = re.IGNORECASE  # 'Answer: C' for option c is the same letter
    key = "(" + "|".join(re.escape(k) for k in sorted(keys, key=len, reverse=True)) + ")"
    end = r"(?![\w'’-])"
    return (
        re.compile(rf"(?<![\w)\]）])[(\[（]\s*{key}\s*[)\]）]", flags),  # '(c)', '[3]', '（c）'
        re.compile(rf"(\b(?:option|choice)\s*[:#]?\s*[(\[]?){key}(?=[)\]]?{end})", flags),
        re.compile(rf"^([ \t]*[*_]*[ \t]*){key}([.):])(?=[ \t*_]|$)", re.MULTILINE | flags),  # 'c) green', '2. dog'
        # after a final-answer marker: 'Answer: c', 'The answer is 2.', '答案：iii'
        # or after a verb of choosing: 'so I'd choose d.', 'I pick 2'
        re.compile(rf"((?:\banswer|\bcorrect (?:option|choice|answer))(?:\s+(?:is|would be|should be))?\s*:?"
                   rf"[ \t*_]*|答案\s*[是为為:：]?\s*|\b(?:choose|chose|pick|picked|select|selected|go with)\s+)"
                   rf"{key}(?=[\s*_.,;:!)]|$)", flags),
    )


_CHOOSING = re.compile(r"\b(?:choose|chose|pick|select|go with)\b")
_PLAIN = re.compile(r"[\s\u200b*_`#$\"'.:;!()\[\]（）]+")  # markup, quotes, LaTeX dollars, zero-width spaces
_NUMBERISH = re.compile(r"\d")


def _ambiguous(key: str, kind: str, choices: tuple[str, ...]) -> bool:
    """A number label that is also an option's own text ('3' where the options are 12, 3, 18): the text decides."""
    return kind == "digit" and any(_norm(c) == key for c in choices)


def _own_text_follows(answer: str, at: int, index: int, choices: tuple[str, ...]) -> bool:
    """Does the option's own text follow a label (or nothing but the line's end)?"""
    rest = _norm(answer[at:at + 200]).lstrip(" *_:.)-")
    return not rest or rest.startswith(_norm(choices[index])[:20]) or rest[:1] in "\n"


def relabel(answer: str, found: Style, choices: tuple[str, ...]) -> str:
    """The answer with the label mentions of the prompt's style written as the canonical letters (POLICY 4.6)."""
    kind, keys = found.kind, found.keys
    if kind == "upper":
        return answer  # 'Option D', 'A: …': the letters are already the choice rules' own
    index = {k: i for i, k in enumerate(keys)}
    plain = _PLAIN.sub(" ", answer).strip() if len(answer) <= 40 else ""
    opener = plain.lower().removeprefix("option ").removeprefix("choice ").strip()
    bare = opener == plain.lower() and not any(b in answer for b in "([（")  # '3', not '(3)' or 'Option 3'
    if plain and opener in index and not (bare and _ambiguous(opener, kind, choices)):
        return f"({LETTERS[index[opener]]})"  # the whole answer is the label: 'c', '(iii)', 'Option 2', '2.'
    bracketed, option, line, marker = _patterns(kind, keys, choices)

    def letter(key: str) -> str | None:
        key = key.lower() if kind != "digit" else key
        return None if key not in index or _ambiguous(key, kind, choices) else LETTERS[index[key]]

    def sub_bracketed(m: re.Match) -> str:  # '(3)' is the label even where 3 is also an option's text
        key = m.group(1).lower()
        got = LETTERS[index[key]] if key in index else None
        return f"({got})" if got else m.group(0)

    def sub_option(m: re.Match) -> str:  # 'Option 3' is the label even where 3 is also an option's text
        key = m.group(2).lower()
        return f"{m.group(1)}{LETTERS[index[key]]}" if key in index else m.group(0)  # 'Option (c)': 'Option (C)'

    def sub_line(m: re.Match) -> str:
        got = letter(m.group(2))
        if got is None or (kind != "lower" and not _own_text_follows(m.string, m.end(), index[m.group(2).lower()],
                                                                     choices)):
            return m.group(0)  # '1. First, …' is a numbered step, not option 1
        return f"{m.group(1)}{got}{m.group(3)}"  # 'c) green' is 'C) green', '2. dog' is 'B. dog'

    def sub_marker(m: re.Match) -> str:
        got = letter(m.group(2))
        key_index = index.get(m.group(2).lower() if kind != "digit" else m.group(2))
        after = m.string[m.end():m.end() + 2]  # m.string: the answer as the earlier forms left it
        if got is None or (after[:1].isspace() and after.strip() and after.strip()[:1].isalnum() and
                           not _own_text_follows(m.string, m.end(), key_index, choices)):
            return m.group(0)  # 'The answer is a dog': an article, not option a
        return f"{m.group(1)}({got})"

    text = answer
    if "(" in text or "[" in text or "（" in text:
        text = bracketed.sub(sub_bracketed, text)
    low = text.lower()
    if "option" in low or "choice" in low:
        text = option.sub(sub_option, text)
    text = line.sub(sub_line, text)
    if "answer" in low or "答案" in text or _CHOOSING.search(low):
        text = marker.sub(sub_marker, text)
    return text


_ORDINAL_WORDS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")
_ORDINAL = re.compile(r"\b(?:the\s+)?(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last)\s+"
                      r"(option|choice|answer|one)\b(?!\s+(?:of|is\s+(?:longer|shorter|larger|smaller|bigger)))",
                      re.IGNORECASE)
_OPTION_NUMBER = re.compile(r"\b(?:option|choice)\s+(one|two|three|four|five|six|seven|eight)\b", re.IGNORECASE)
_NUMBER_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight")
# 'the second one' is an option where the answer chooses it: a short answer, or after a verb of choosing
_CHOOSES = re.compile(r"(?:\b(?:choose|chose|pick|select|go with|say|answer is|answer would be|correct one is)"
                      r"\s+$)", re.IGNORECASE)
# a preposition before it: the option referred to, not chosen ('as stated in the third option', 'than the first one')
_REFERS = re.compile(r"\b(?:in|of|from|than|to|like|as|about|for|on|between|unlike)\s+$", re.IGNORECASE)
_ORDINAL_NEEDS = re.compile(r"option|choice|answer| one\b", re.IGNORECASE)
_ORDINAL_NEEDED = (*_ORDINAL_WORDS, "last")  # a word every _ORDINAL match holds (lowercased)


@lru_cache(maxsize=256)
def _ordinal_options(choices: tuple[str, ...]) -> bool:
    """Options that hold ordinals themselves ('the second image', 'the first video'), or options of their own
    ('Option A in the image'): 'the second one' may be one of them, whatever its place in the list."""
    return any(w in c.lower() for c in choices for w in (*_ORDINAL_WORDS, "last", "option", "choice"))


def _option_number(count: int):
    """'option two' as 'option B' where there are at least two options."""
    def sub(m: re.Match) -> str:
        place = _NUMBER_WORDS.index(case_blind_key(_NUMBER_WORDS, m.group(1)))  # 'option ſix' is 'option six'
        return f"option {LETTERS[place]}" if place < count else m.group(0)
    return sub


def ordinals(answer: str, choices: tuple[str, ...]) -> str:
    """'the second option', 'the fourth choice', 'option two', 'the last one' written as the option's letter
    ('option B'); 'the second one' only where it is chosen (a short answer, or after 'choose', 'pick', …)."""
    if len(choices) < 2 or _ordinal_options(choices) or not _ORDINAL_NEEDS.search(answer):
        return answer
    count = len(choices)

    def sub(m: re.Match) -> str:
        word, noun = case_blind_key(_ORDINAL_NEEDED, m.group(1)), m.group(2).lower()  # 'ſecond' is 'second'
        place = count if word == "last" else _ORDINAL_WORDS.index(word) + 1
        if place > count or _REFERS.search(answer, max(0, m.start() - 12), m.start()):
            return m.group(0)  # 'as stated in the third option': a reference on the way, not the choice
        if noun == "one" and len(answer) > 80 and not _CHOOSES.search(answer, max(0, m.start() - 20), m.start()):
            return m.group(0)  # 'the first one is longer': a thing of the scene, not a choice
        return f"option {LETTERS[place - 1]}"

    # outside ASCII, case folding could match without the words
    text = _ORDINAL.sub(sub, answer) if not answer.isascii() or has_any(answer.lower(), _ORDINAL_NEEDED) else answer
    if "ption" in text or "hoice" in text:
        text = _OPTION_NUMBER.sub(_option_number(count), text)
    return text


def canonical(question: str | None, choices: tuple[str, ...], answer: str) -> tuple[str | None, str]:
    """(the question with its options listed as '(A) …', the answer with their labels as letters)."""
    found = style(question, choices)
    if found is not None:
        question, answer = found.question, relabel(answer, found, choices)
    return question, ordinals(answer, choices)
