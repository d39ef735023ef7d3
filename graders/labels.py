"""The exact grader: a label, a color or a cell, claimed where the answer is stated (POLICY.md 3)."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from rapidfuzz import fuzz

from graders import normalize as N
from graders import spans
from graders.extract import candidates
from graders.records import Truth
from graders.registry import Match, grader


def _vocabulary_items(text: str, vocabulary: str | None) -> list[str] | None:
    if vocabulary == "color":
        return N.colors(text)
    if vocabulary == "position":
        return N.positions(text)
    return None

_LATIN_WORD = re.compile(r"[a-z]+")

@lru_cache(maxsize=4096)
def _case_items(text: str, vocabulary: str) -> tuple[str, ...]:
    """_vocabulary_items of a truth or a question: read again for every answer to a case, so cached."""
    return tuple(_vocabulary_items(text, vocabulary) or ())


def _vocabulary_at(text: str, vocabulary: str,
                   size: tuple[int, int] | None = None) -> tuple[str, list[tuple[int, str]]]:
    """(the text as read, its (position, value) mentions) for a color or position vocabulary (a grid position in
    words read on a grid of `size`, where the question gives it)."""
    if vocabulary == "color":
        text = N.clean(text)
        return text, N.colors_at(text)
    text = N.words_to_digits(N.clean(text))
    return text, N.positions_at(text, size)


@lru_cache(maxsize=1024)
def _case_reading(value: str, vocabulary: str, question: str) -> tuple[tuple[str, ...], frozenset[str],
                                                                      tuple[int, int] | None]:
    """(the truth's items, the question's items (scenery), the grid's size where a position is asked): the same for
    every answer to a case, so read once."""
    want = _case_items(value, vocabulary) or (N.normalize_truth(value, vocabulary),)
    size = N.grid_size(question) if vocabulary == "position" else None
    return want, frozenset(_case_items(question, vocabulary)), size


def _vocabulary_exact(truth: Truth, answer: str, vocabulary: str, question: str) -> Match:
    """One color (or cell) claimed where the answer is stated; two claimed are a hedge. A value the question
    itself names ('toward the black finish line') is scenery, unless nothing else is claimed."""
    want, scenery, size = _case_reading(str(truth.value), vocabulary, question)
    for place in spans.first_places(answer):  # (most answers are settled by the first)
        text, mentions = _vocabulary_at(place.text, vocabulary, size)
        claims = spans.claimed(text, mentions)
        if not claims:
            continue
        distinct = spans.distinct_claims(text, claims)
        if len(distinct) > 1 and scenery:
            distinct = [d for d in distinct if d not in scenery] or distinct
        detail = {"place": place.kind}
        if len(distinct) == 1:
            got = distinct[0]
            if got == want[0]:
                return Match(1.0, True, got, f"said {got}", details=detail)
            return Match(0.0, False, got, f"said {got}, truth {want[0]}", details=detail)
        if place.kind != "bold":  # several bold words do not single out the answer
            return Match(0.0, False, distinct, f"hedged between {', '.join(distinct[:4])}; truth {want[0]}",
                         details=detail)
    return Match(0.0, False, None, f"no {vocabulary} named; truth {want[0]}", details={"place": None})


_FILLER = frozenset("a an the is are was it its it's this that answer label value one final correct i think "
                    "believe would say be of in on with has have at for to and appears seems looks like named "
                    "called labelled labeled shown reads read text says".split())


def _question_words(args: dict[str, Any]) -> frozenset[str]:
    return _words_of(str(args.get("question", "")))


@lru_cache(maxsize=256)
def _words_of(text: str) -> frozenset[str]:
    return frozenset(_LATIN_WORD.findall(text.casefold()))


@lru_cache(maxsize=4096)
def _target_pattern(target: str) -> re.Pattern:
    forms = "|".join(re.escape(f) for f in sorted(_number_forms(target), key=len, reverse=True))
    return re.compile(r"(?<![\w-])(?:" + forms + r")(?![\w-])")


def _number_forms(word: str) -> set[str]:
    """A one-word label in the singular and the plural: 'Cherry' names the bar 'Cherries', 'Limes' the bar 'Lime'
    (POLICY 2.6: notation, not another value). Other targets (several words, digits, keys) only as written."""
    if not (word.isalpha() and word.isascii() and len(word) >= 4):
        return {word}
    if word.endswith("ies"):
        return {word, word[:-3] + "y"}
    if word.endswith(("ches", "shes", "xes", "sses")):
        return {word, word[:-2]}
    if word.endswith("s") and not word.endswith("ss"):
        return {word, word[:-1]}
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return {word, word[:-1] + "ies"}
    if word.endswith(("ch", "sh", "x", "ss")):
        return {word, word + "es"}
    return {word, word + "s"}


_OR_BEFORE = re.compile(r"(?:\bor|/)\s*$")
_OR_AFTER = re.compile(r"\s*(?:or\b|/)\s*\w")
_WORD_BEFORE = re.compile(r"(?<![\w-])([A-Za-z][\w-]{0,40})[\s,&]{0,4}(?:and\s+)?$")
_WORD_AFTER = re.compile(r"[\s,&]{0,4}(?:and\s+)?([A-Za-z][\w-]*)")


def _extra_claim(text: str, raw: str, span: tuple[int, int], asked: frozenset[str],
                 ranges: list[tuple[int, int]]) -> bool:
    """Is the target offered together with another answer: 'X or Y', 'X/Y', or, for a capitalised
    label, another capitalised word next to it ('Apples Cherries', 'Cherries and Apples')?"""
    start, end = span
    if _OR_BEFORE.search(text[:start]) or _OR_AFTER.match(text[end:]):
        return True
    if len(raw) != len(text) or not raw[start:start + 1].isupper():
        return False
    window = max(0, start - 60)
    before = _WORD_BEFORE.search(raw[window:start])
    after = _WORD_AFTER.match(raw[end:end + 60])
    for m, offset in ((before, window), (after, end)):
        if m and m.group(1)[0].isupper() and not spans.is_blocked(offset + m.start(1), ranges):
            word = m.group(1).casefold()
            if word not in _FILLER and word not in asked and word != text[start:end].casefold():
                return True
    return False


@grader("exact")
def exact(truth: Truth, answer: str, args: dict[str, Any]) -> Match:
    """The truth (or an alias) claimed where the answer is stated; a color or position answer is read by
    vocabulary. A rejected or aside mention is not a claim, and two claimed answers are a hedge."""
    vocabulary = args.get("vocabulary")
    if vocabulary in ("color", "position"):
        return _vocabulary_exact(truth, answer, vocabulary, str(args.get("question", "")))
    # A secret (an API key) is compared case-sensitively: 'SK-Proj' is another key.
    keep_case = args.get("case_sensitive", bool(truth.secrets) and truth.value in truth.secrets)
    norm = (lambda t: " ".join(t.split()).strip(" .*`'\"")) if keep_case else N.normalize_text
    targets = [t for t in ((norm(str(v)) if keep_case else N.normalize_truth(str(v)))
                           for v in [truth.value, *truth.aliases]) if t]
    marked = spans.marked_value(answer)  # 'Answer: Cherries': the first place, found without the others
    if marked is not None and norm(marked) in targets:
        said = marked.strip().strip("`")
        return Match(1.0, True, said, f"said {N.shorten(said)}", details={"place": "marker"})
    all_places = spans.places(answer)
    for place in all_places:
        if norm(place.text) in targets:
            said = place.text.strip().strip("`")  # '**`x`**': a code span in bold or a box is the value
            return Match(1.0, True, said, f"said {N.shorten(said)}", details={"place": place.kind})
    asked = _question_words(args)
    for place in all_places:
        raw = " ".join(place.text.split())
        text = raw if keep_case else N.clean(raw)
        hits = [(m.start(), m.end()) for t in targets for m in _target_pattern(t).finditer(text)]
        if not hits:
            if place.kind in ("boxed", "marker", "conclusion"):
                break  # an explicit answer that is something else
            continue
        ranges = spans.blocked(text)
        claimed = [(a, b) for a, b in hits if not spans.is_blocked(a, ranges)]
        detail = {"place": place.kind}
        if not claimed:
            said = _unblocked(text, ranges)
            return Match(0.0, False, N.shorten(said), f"said {N.shorten(said)!r}, truth {N.shorten(truth.value)!r}",
                         details=detail)
        if _extra_claim(text, raw, claimed[0], asked, ranges):
            return Match(0.0, False, N.shorten(raw), f"hedged: {N.shorten(raw)!r}; truth {N.shorten(truth.value)!r}",
                         details=detail)
        said = raw[slice(*claimed[0])] if len(raw) == len(text) else text[slice(*claimed[0])]
        return Match(1.0, True, said, f"said {N.shorten(said)}", details=detail)
    other_form = _other_form(targets, all_places)
    if other_form:  # 6.8: 'March' for the label 'Mar': the right month, not in the form the image shows
        return Match(1.0, True, other_form, f"said {other_form}, the label {truth.value!r} in another form",
                     format_ok=False)
    options = candidates(answer)
    best = options[0] if options else ""
    threshold = args.get("fuzzy")
    if threshold and best:
        ratio = max(fuzz.ratio(norm(best), t) for t in targets) / 100
        if ratio >= threshold:
            return Match(ratio, True, best, f"close to the truth ({ratio:.0%} similar)")
    shown = N.shorten(best) if best else None
    return Match(0.0, False, shown, f"said {shown!r}, truth {N.shorten(truth.value)!r}" if best else "empty answer")


_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
           "november", "december")
_MONTH_OF = {**{m: k for k, m in enumerate(_MONTHS)}, **{m[:3]: k for k, m in enumerate(_MONTHS)}, "sept": 8}


def _other_form(targets: list[str], places: list) -> str | None:
    """A month label ('Mar') said as the month's other form ('March'), or the reverse, as the one word of a place."""
    months = {_MONTH_OF[t.strip(" .")] for t in targets if t.strip(" .") in _MONTH_OF}
    if len(months) != 1:
        return None
    for place in places:
        words = _LATIN_WORD.findall(place.text.casefold())
        named = {_MONTH_OF[w] for w in words if w in _MONTH_OF}
        if named:
            return place.text.strip(" .*`'\"") if named == months and len(words) <= 6 else None
    return None


def _unblocked(text: str, ranges: list[tuple[int, int]]) -> str:
    """The text with negated and aside stretches removed: what the place does claim."""
    keep = [ch for k, ch in enumerate(text) if not spans.is_blocked(k, ranges)] if len(text) < 2000 else list(text)
    return " ".join("".join(keep).split()).strip(" .,;:()")
