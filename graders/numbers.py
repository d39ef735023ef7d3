"""The number an answer states (POLICY.md 3.3, 3.4 and section 5).

Place by place (spans.places), the claimed numbers of the place are read, and one is chosen: the one
after the last `=`, else one bound to what the question counts ("7 times" for "how many times", "a
change of +22"), else the one after the last copula ("there are 5"), else the first.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from functools import lru_cache
from itertools import pairwise
from typing import NamedTuple

from graders import normalize as N
from graders import spans

_IDIOMS = re.compile(r"\bone (?=at a time|by one|after (?:another|the other)|another|of (?:the|them|these))"
                     r"|\b(?:each|no|any|some) one\b")
_ONE = re.compile(r"\b(?:a single|a lone|just one|only one|exactly one)\b")
# 'no intersections' is 0; 'no es posible' (Spanish) is not: a plural is 3 letters or more
_NONE = re.compile(r"\bno(?=\s+(?:[a-z-]{1,20}\s+){0,2}?[a-z-]{2,20}s\b)|^\W*none\b")
# an operand of a written operation ('91 x 84', '2 * 3'), not a stated value
_OPERATOR_AFTER = re.compile(r"\s*[x*/÷^+]\s*[-+]?\d")
_OPERATOR_BEFORE = re.compile(r"\d\s*[x*/÷^+]\s*$")
_COPULA = re.compile(r"\b(?:is|are|was|were|equals?|equal to|gives|makes|comes to|yields|totals?|of)\b|[≈~]")
# (the lookahead holds the first letters of its words: the engine passes other positions without trying each word;
# tests/grading/test_matcher_fast_paths.py compares it with the pattern without the lookahead)
_CHANGE = re.compile(
    r"(?=[cdfgilrw])\b(?:(change|increase|decrease|difference|rise|drop|gain|loss|growth|decline|fall)s?\s+"
    r"(?:is\s+|was\s+)?(?:of|by|=|:)?|"
    r"(changed|increased|decreased|rose|fell|dropped|grew|declined|went up|went down)\s+by)"
    r"\s*(?:about|approximately|roughly|around|~)?\s*$")
_DOWN = ("decrease", "drop", "loss", "decline", "fall", "decreased", "fell", "dropped", "declined", "went down")
# every word of _DOWN holds one of these: a text with none has no change _bound reads as a fall
_DOWN_NEEDS = ("decrease", "drop", "loss", "decline", "fall", "fell", "went down")
_STOP = frozenset("are is does do did in on of appear appears can were was there will have has would could should "
                  "that which where the this these those".split())


_TOTAL_VALUE = re.compile(r"\btotal\b\s*(?:=|:|is|becomes|->|→)\s*(-?\d{1,18})\b")
_BARE = re.compile(r"[\s*_`$(\[]*([-+]?\d{1,15}(?:,\d{3})*(?:\.\d+)?)[\s*_`$)\].]*")


class Stated(NamedTuple):  # built for every numeric grade: a NamedTuple costs half a frozen dataclass
    value: float | None  # None: nothing stated
    place: str | None  # the kind of place it was found in
    hedge: tuple[float, ...] = ()  # two or more numbers offered as the answer


@lru_cache(maxsize=256)
def counted_noun(question: str) -> re.Pattern | None:
    """'How many different background colors appear' -> a pattern for 'colors' and 'color'."""
    m = re.search(r"\bhow many\b", question, re.IGNORECASE)
    if not m:
        return None
    head = None
    for word in re.findall(r"[a-z]+", question[m.end():m.end() + 80].lower())[:5]:
        if word in _STOP:
            break
        head = word
    if not head:
        return None
    stem = head[:-2] if head.endswith(("ses", "shes", "ches", "xes", "zes")) else head.rstrip("s") or head
    return re.compile(rf"\s*(?:[a-z-]+\s+){{0,3}}?{re.escape(stem)}(?:e?s)?\b")


@lru_cache(maxsize=256)
def _unit_noun(unit: str) -> re.Pattern | None:
    """A number followed by the truth's unit ('80 yen'), or None for a unit that is no plain word."""
    if not re.fullmatch(r"[\w/%]{1,12}", unit):
        return None
    return re.compile(rf"\s*{re.escape(unit.lower())}(?![\w/])")


def readable(text: str) -> str:
    """Cleaned text with number words as digits ('a single point' -> '1 point', 'no flashes' -> '0 flashes')."""
    text = N.clean(text)
    # each rule only when the text holds a word all its matches contain: most texts skip all three
    if "one" in text:
        text = _IDIOMS.sub("singly", text)
    if "one" in text or "single" in text:
        text = _ONE.sub("1", text)
    if "no" in text:
        text = _NONE.sub("0", text)
    return N.words_to_digits(text)


def _numbers(text: str) -> list[tuple[int, int, float]]:
    """(start, end, value) of every number token. A token is sign, digits (perhaps with thousands commas) and
    decimals, so its value is float() of the token without its commas: float('-5') is -float('5') exactly."""
    found = []
    for m in N.NUMBER_TOKEN.finditer(text):
        token = m.group()
        found.append((*m.span(), float(token if "," not in token else token.replace(",", ""))))
    return found


def _bare_value(number: str) -> float:
    """The value of a number _BARE matched: without a thousands comma its digits are the one NUMBER reads
    ('1234,567' is read as two numbers there, so a comma goes through NUMBER)."""
    return float(number) if "," not in number else _numbers(number)[0][2]


def _bound(text: str, claims, noun: re.Pattern | None):
    """Claims bound to what the question asks: followed by its counted noun, or a change ('rose by 22')."""
    bound = []
    for start, end, value in claims:
        change = _CHANGE.search(text, max(0, start - 40), start)
        if change:
            verb = change.group(1) or change.group(2)
            signed = text[start] in "+-"
            bound.append((start, end, -value if verb in _DOWN and not signed else value))
        elif noun and noun.match(text, end):
            bound.append((start, end, value))
    return bound


def _hedge(text: str, claims) -> tuple[float, ...]:
    """'5 or 6': distinct numbers joined by 'or' (or a range right before the counted thing)."""
    for (_, end, a), (start, _, b) in pairwise(claims):
        if a != b and _OR.fullmatch(text, end, start):
            return (a, b)
    return ()


_OR = re.compile(r"\s*(?:or|/)\s*")
_CONTRAST = re.compile(r"\b(?:but|however|yet|actually)\b")
_OPENS_CONTRAST = re.compile(r"\W*(?:but|however|yet|actually|on (?:a )?closer (?:look|count|inspection))\b")


def _committed(text: str, claims, noun=None):
    """(the claims to choose from, the hedge): a hedge resolved after a contrast ('6 or 7 at first glance, but
    counting carefully there are 6') is no hedge; the later clause decides (POLICY.md 3.5)."""
    hedge = _hedge(text, claims) if len(claims) > 1 else ()  # a hedge is two claims
    if hedge:
        cuts = [m.end() for m in _CONTRAST.finditer(text)]
        later = [c for c in claims if cuts and c[0] >= cuts[-1]]
        if _resolves(text, later, hedge, noun):
            return later, ()
    return claims, hedge


def _resolves(text: str, later, hedge, noun) -> bool:
    """Does a later clause settle a hedge? It states one value, which is one of those hedged or the count
    asked for ('…, but 2 of them overlap' settles nothing)."""
    return bool(later) and not _hedge(text, later) and (
        all(c[2] in hedge for c in later) or noun is None or bool(_bound(text, later, noun)))


def _choose(text: str, claims, noun, bound=None) -> float:
    """`bound`, where given, is _bound(text, claims, noun), already found."""
    if len(claims) == 1:  # one claim (most answers): _chosen chooses it, its sign read from a change if bound there
        # (after the last '=' it is chosen as it is; the last copula before it ends at or before its start, so
        # bisect_left gives index 0, as no copula does)
        if 0 <= text.rfind("=") < claims[0][0]:
            return claims[0][2]
        if not N.has_any(text, _DOWN_NEEDS):  # bound or not, only a fall ('dropped by 3') changes its sign: as it is
            return claims[0][2]  # (tests/grading/test_matcher_fast_paths.py compares it with _bound's reading)
        bound = _bound(text, claims, noun) if bound is None else bound
        return bound[0][2] if bound else claims[0][2]
    return _chosen(text, claims, noun, bound)


def _chosen(text: str, claims, noun, bound=None) -> float:
    """The claim chosen: the first after the last '=', else the first bound one, else the one after the last copula
    (else the first)."""
    equals = text.rfind("=")
    after = [c for c in claims if c[0] > equals] if equals >= 0 else []
    if after:
        return after[0][2]
    bound = _bound(text, claims, noun) if bound is None else bound
    if bound:
        return bound[0][2]
    starts = [c[0] for c in claims]
    last = None
    for m in _COPULA.finditer(text, 0, starts[-1]):  # the last copula before the last claim
        last = m.end()
    return claims[bisect_left(starts, last)][2] if last is not None else claims[0][2]


def _claims(text: str):
    found = _numbers(text)
    if not found:
        return found
    ranges = spans.blocked(text)
    if not ranges and not N.has_any(text, _OPERATORS):  # nothing blocked, and no operator to be an operand of
        return found
    return [c for c in found if not spans.is_blocked(c[0], ranges) and not _operand(text, c)]


_OPERATORS = ("x", "*", "/", "÷", "^", "+")  # what _OPERATOR_AFTER and _OPERATOR_BEFORE each need


def _operand(text: str, claim) -> bool:
    start, end, _ = claim
    return bool(_OPERATOR_AFTER.match(text, end) or _OPERATOR_BEFORE.search(text, max(0, start - 12), start))


def stated_number(answer: str, question: str = "", trace: bool = False, unit: str | None = None) -> Stated:
    """The number the answer states, where it states it. A trace's lines are not the answer: only an
    explicit answer counts, else the last number written (kind 'end'). Without a counted noun, a number
    followed by the truth's unit is bound ('One lime cost 80 yen' states 80)."""
    whole = _BARE.fullmatch(answer)
    if whole and not trace:  # '56', '**7,644**': nothing to look for
        return _new_stated(Stated, (_bare_value(whole.group(1)), "lead", ()))
    marked = _MARKED_NUMBER.fullmatch(answer) if len(answer) <= 64 and answer[:1] in _MARKER_FIRST else None
    if marked:  # 'Answer: 5', 'The answer is **7,644**.': the marker's place, first of the places, is the number alone
        return _new_stated(Stated, (_bare_value(marked.group(1)), "marker", ()))
    return stated_in_places(answer, question, trace, unit, whole)


# a whole answer that is a final-answer marker and a number _BARE reads: what stated_number finds in the marker's
# place, read without the places (tests/grading/test_fast_paths.py compares it with stated_in_places)
_MARKED_NUMBER = re.compile(spans.MARKER_LEAD + r" (?:\*\*)?([-+]?\d{1,15}(?:,\d{3})*(?:\.\d+)?)(?:\*\*)?\.?")
_MARKER_FIRST = frozenset("TtFfAa*")


def stated_in_places(answer: str, question: str, trace: bool, unit: str | None, whole: re.Match | None) -> Stated:
    """stated_number read from the answer's places (`whole`: _BARE's match of the whole answer, or None)."""
    noun = _noun(question, unit)
    sentence_claims = []
    for place in spans.first_places(answer):  # (most answers are settled by the first)
        kind, said = place
        if trace and kind not in ("boxed", "marker"):
            continue
        bare = _BARE.fullmatch(said) if said != answer else whole  # a one-sentence answer: already matched
        if bare and kind != "bold":
            return _new_stated(Stated, (_bare_value(bare.group(1)), kind, ()))
        text = readable(said)
        claims = _claims(text)
        if not claims:
            continue
        if kind in ("lead", "sentence"):
            sentence_claims.append((place, text, claims))
            continue
        claims, hedge = _committed(text, claims, noun)
        if kind == "bold" and len({c[2] for c in claims}) > 1:
            continue  # bold marks several things: it does not single out the answer
        return Stated(None if hedge else _choose(text, claims, noun), kind, hedge)
    if trace:  # no explicit answer: the last running total written, else the last number
        tail = readable(answer[-2000:])
        totals = _TOTAL_VALUE.findall(tail)
        if totals:
            return Stated(float(totals[-1]), "end")
        values = _numbers(tail)
        return Stated(values[-1][2], "end") if values else Stated(None, None)
    # the first sentence bound to what the question asks, else the first sentence with a number
    chosen, bound = (0, None) if sentence_claims else (None, None)
    # one sentence (most answers) is the one chosen, bound to the question or not: _choose reads its bound claims
    # where it needs them
    for k, (_, text, claims) in enumerate(sentence_claims if len(sentence_claims) > 1 else ()):
        found = _bound(text, claims, noun)
        if k == 0 or found:
            bound = found  # the chosen sentence's bound claims, read once (_choose reads them again otherwise)
        if found:
            chosen = k
            break
    if chosen is None:
        return _NOTHING
    place, text, read = sentence_claims[chosen]
    claims, hedge = _committed(text, read, noun)
    bound = bound if claims is read else None  # a hedge resolved: other claims
    if hedge:  # a hedge resolved by a later sentence that opens with a contrast ('…; however, there are 5')
        for later_place, later_text, later_claims in sentence_claims[chosen + 1:]:
            if _OPENS_CONTRAST.match(later_text) and _resolves(later_text, later_claims, hedge, noun):
                return Stated(_choose(later_text, later_claims, noun), later_place.kind)
        return Stated(None, place.kind, hedge)
    return _new_stated(Stated, (_choose(text, claims, noun, bound), place.kind, ()))


_new_stated = tuple.__new__  # Stated(value, place, hedge) without NamedTuple's Python-level __new__
_NOTHING = Stated(None, None)


@lru_cache(maxsize=256)  # per case: the same question and unit for every answer to it
def _noun(question: str, unit: str | None) -> re.Pattern | None:
    """What a number bound to the asked thing is followed by: the question's counted noun, else the truth's unit."""
    noun = counted_noun(question) if question else None
    return _unit_noun(unit) if noun is None and unit else noun
