"""Stage 4 of the choice grader, yes/no: the leading yes or no, or the polarity of a restatement of the question
and its relation words ('left of', 'more … than'), and comparatives named by their opposite (POLICY.md 4.3)."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from graders import options as O

YES = re.compile(r"^\W*(?:yes|yeah|yep|yup|correct|true|indeed|affirmative)\b", re.IGNORECASE)
NO = re.compile(r"^\W*(?:no|nope|not really|false|incorrect|negative)\b", re.IGNORECASE)
_OPPOSITES = {
    "left": ("right",), "right": ("left",), "above": ("below", "under", "beneath"), "below": ("above", "over"),
    "top": ("bottom",), "bottom": ("top",), "over": ("under", "below"), "under": ("over", "above"),
    "same": ("different", "opposite", "differ"), "different": ("same",), "faster": ("slower",),
    "slower": ("faster",), "larger": ("smaller",), "bigger": ("smaller",), "smaller": ("larger", "bigger"),
    "more": ("fewer", "less"), "fewer": ("more",), "higher": ("lower",), "lower": ("higher",),
    "before": ("after",), "after": ("before",), "inside": ("outside",), "outside": ("inside",),
    "clockwise": ("counterclockwise",), "counterclockwise": ("clockwise",), "taller": ("shorter",),
    "longer": ("shorter",), "shorter": ("longer", "taller"), "up": ("down",), "down": ("up",),
    "closer": ("farther", "further"), "earlier": ("later",), "later": ("earlier",), "equal": ("unequal", "different"),
    "greater": ("less", "fewer", "smaller", "equal"), "less": ("greater", "more", "larger", "equal"),
}
_RELATION_WORDS = frozenset(w for k, v in _OPPOSITES.items() for w in (k, *v))
_NEGATED = re.compile(r"\b(?:not|never|neither|nor)\b|n't\b")
_BOTH = re.compile(r"\bboth\b")


_LATEX_COMMAND = re.compile(r"\\[A-Za-z]+")
_STOPWORDS = frozenset("a an the is are was were do does did to of in on at and or it its this that these those "
                       "than as by with be answer yes no image video she he they her his him them their have has "
                       "had".split())  # 'Erica has … not enough' restates 'Does she have enough'


_WORD = re.compile(r"[a-z]+")  # compiled once: the hot paths below would look it up in re's cache every time


def _content(text: str) -> set[str]:
    return {w for w in _WORD.findall(text) if w not in _STOPWORDS and w not in _OPPOSITES}


_EMBEDDED = re.compile(r"\bwhether\b|\b(?:determine|tell|know|say|sure|unclear|answer|decide|judge|confirm|verify)"
                       r"\s+if\b")
_ABOUT_THE_QUESTION = re.compile(r"\b(?:the|this) question\b(?:\s+\w+){0,2}\s+(?:ask|is asking|wants|refers)")


class _Relation(NamedTuple):
    """What a yes/no question turns on, read once per question."""

    question: str  # canonical
    relation: str | None  # 'left', 'same', …; None: the question has no relation word
    words: dict[str, bool]  # the relation (True) and its opposites (False)
    pattern: re.Pattern | None  # any of `words`
    content: frozenset[str]  # the question's content words, relations apart
    first: frozenset[str]  # content words only before the relation ('the red star' in 'is the red star left of …')
    second: frozenset[str]  # content words only after it
    compared: tuple[frozenset[str], frozenset[str]] | None  # 'more X than Y': words only of X, words only of Y


@lru_cache(maxsize=256)  # per question: asked again for every answer
def _relation(question: str) -> _Relation:
    q = O.canon(question)
    q = _LATEX_COMMAND.sub(" ", q) if "\\" in q else q  # '{1\\over x}' holds no relation 'over'
    relation = next((w for w in re.findall(r"[a-z]+", q) if w in _OPPOSITES), None)
    if relation is None:
        return _Relation(q, None, {}, None, frozenset(), frozenset(), frozenset(), None)
    words = {relation: True, **{w: False for w in _OPPOSITES[relation]}}
    at = q.find(relation)
    before_q, after_q = _content(q[:at]), _content(q[at + len(relation):])
    parts = _than_parts(q, at + len(relation))
    compared = (frozenset(parts[0] - parts[1]), frozenset(parts[1] - parts[0])) if parts else None
    return _Relation(q, relation, words, re.compile(r"\b(" + "|".join(words) + r")\b"),
                     frozenset(_content(q) - _RELATION_WORDS), frozenset(before_q - after_q),
                     frozenset(after_q - before_q), compared)


def _than_parts(text: str, start: int) -> tuple[set[str], set[str]] | None:
    """'more big green things than red buses' from after 'more': the content words of the two things compared."""
    than = text.find(" than ", start)
    if than < 0 or "?" in text[start:than]:
        return None
    end = min((i for i in (text.find(c, than + 6) for c in "?.;\n") if i >= 0), default=len(text))
    return _content(text[start:than]), _content(text[than + 6:end])


def polarity(question: str, text: str) -> bool | None:
    """Does a restatement of a yes/no question affirm it? None when it does not restate it."""
    # (each pattern is looked for only where its words stand: it matches them as written)
    if ("question" in text and _ABOUT_THE_QUESTION.search(text)) or (
            ("whether" in text or "if" in text) and _EMBEDDED.search(text)) or text.rstrip().endswith("?"):
        # 'the question is asking about …', 'impossible to determine whether South Dakota has the highest value',
        # the question itself echoed: none of them says yes or no
        return None
    q, relation, words, pattern, content, first, second, compared = _relation(question)
    text = _LATEX_COMMAND.sub(" ", text) if "\\" in text else text
    if relation is None:
        return restated(q, text)
    if not content & _content(text):
        return None  # 'The terms "less than" and "greater than" apply to numbers': about words, not the things asked
    m = pattern.search(text)
    if not m:
        if relation == "same" and _BOTH.search(text) and not _NEGATED.search(text):
            return True  # 'Both balls move to the right.' for 'Do they move in the same direction?'
        return None
    affirmed = words[m.group(1)]
    clause = _CLAUSE_STOP.split(text[:m.start()])[-1]
    if _NEGATED.search(clause):
        affirmed = not affirmed
    said = _than_parts(text, m.end()) if compared else None
    if said:
        # 'there are more big green things than red buses' for 'are there more red buses than big green things?'
        if compared[1] & said[0] and compared[0] & said[1] and not compared[1] & said[1]:
            affirmed = not affirmed
        return affirmed
    # 'the brown star is left of the red star' for 'is the red star left of the brown star?'
    before_a, after_a = _content(text[:m.start()]), _content(text[m.end():])
    if first & after_a and second & before_a and not first & before_a:
        affirmed = not affirmed
    return affirmed


_ASKED = re.compile(r"[^.?!\n]*\?")
_PREMISE_TAIL = re.compile(r",?\s+(?:assuming|provided)\b[^?]*")
_CLAUSE_STOP = re.compile(r"[,;.]")


@lru_cache(maxsize=256)  # per question
def _wanted(question: str) -> frozenset[str]:
    asked = _ASKED.search(question)
    asked_text = asked.group() if asked else question
    # 'Is the derivative positive between [1, 2] assuming that it's differentiable?': the premise is not restated
    asked_text = _PREMISE_TAIL.sub("", asked_text) if "assum" in asked_text or "provided" in asked_text else asked_text
    return frozenset(_content(asked_text))


def restated(question: str, text: str) -> bool | None:
    """A statement that repeats (nearly) every content word of the question affirms it, or denies it when
    negated: 'The white plate is half full.' is yes to 'Is the white plate half full?'."""
    wanted = _wanted(question)
    if len(wanted) < 2 or len(wanted & _content(text)) < 0.75 * len(wanted):
        return None
    return not _NEGATED.search(text)


_COMPARATIVES = frozenset({"faster", "slower", "larger", "bigger", "smaller", "taller", "shorter", "longer",
                           "higher", "lower", "more", "fewer", "earlier", "later", "closer"})


@lru_cache(maxsize=256)  # per question: asked again for every answer
def _comparative(question: str) -> str | None:
    """The comparative the question asks by ('faster'), if any."""
    asked = _ASKED.search(question)
    words = set(re.findall(r"[a-z]+", O.canon(asked.group() if asked else question)))
    return next((w for w in _COMPARATIVES if w in words), None)


def inverted(question: str, text: str) -> bool:
    """Does the text name an option by the opposite of the question's comparative ('slower' for 'faster')?"""
    relation = _comparative(question)
    if relation is None:
        return False
    text = O.canon(text)  # only now: most questions ask by no comparative
    said = set(_WORD.findall(text))
    return relation not in said and any(w in said for w in _OPPOSITES[relation]) and not _NEGATED.search(text)
