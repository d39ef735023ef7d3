"""Where the answer is stated, and which mentions in it are claims (POLICY.md sections 2 and 3).

A *place* is a stretch of the answer that may state it, most explicit first: a boxed value, the text
after a final-answer marker, a concluding clause, bold phrases, then the sentences in order. Graders
look for their values place by place and stop at the first place that holds one. Inside a place,
a mention is a *claim* unless it is negated or an aside (`blocked`).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator
from functools import partial
from itertools import repeat
from typing import NamedTuple

from graders.memo import per_text
from graders.normalize import WORD_BYTES, Needles, alternation, has_any

MAX_SENTENCES = 400  # sentences examined in order; a longer answer is reasoning, and its end is searched apart


class Place(NamedTuple):  # a NamedTuple: built several times per grade, at a third of a frozen dataclass's cost
    kind: str  # boxed, marker, total, conclusion, bold, lead (the answer's first sentence), sentence, end
    text: str

    @property
    def explicit(self) -> bool:
        """Stated as the answer, not just written on the way (a cut answer counts only these)."""
        return self.kind in ("boxed", "marker", "total", "conclusion", "bold", "lead")


# two levels of braces inside: '\\boxed{\\frac{3\\sqrt{5}}{2}}'
_BOXED = re.compile(r"\\boxed\{((?:[^{}]|\{(?:[^{}]|\{[^{}]*\}){0,100}\}){0,200})\}")
# emphasis, code ticks, LaTeX delimiters, headings and list bullets ("1. ", "- ") at a line's start
_MARKUP = re.compile(r"\*\*|__|`+|\\\(|\\\)|\$|^[ \t]*(?:#+|[-*•]|\d{1,2}[.)])[ \t]+(?=\S)", re.MULTILINE)
# _MARKUP's forms inside a line, each opening with its literal first character ('``*' is '`+'): the engine skips to
# those characters; and its line opening after a line break (the engine skips to the break) and at the text's start:
# where no line opens so, _INLINE_MARKUP matches as _MARKUP
_INLINE_MARKUP = re.compile(r"\*\*|__|``*|\\\(|\\\)|\$")
_LINE_MARKUP = re.compile(r"\n[ \t]*(?:#+|[-*•]|\d{1,2}[.)])[ \t]+(?=\S)")
_LINE_MARKUP_FIRST = re.compile(r"[ \t]*(?:#+|[-*•]|\d{1,2}[.)])[ \t]+(?=\S)")
# the lookahead holds each marker's first letter: the engine passes other positions without trying every branch
_MARKER = re.compile(
    r"(?=[fcoarsbmlvi答故应應选選正정о])(?:"
    # 'the best option is', 'The most logical choice, given the pattern …, is:'
    r"(?:\bfinal answer|\b(?:correct|best|most (?:logical|likely|appropriate|reasonable|plausible|suitable|fitting))"
    r" (?:answer|option|choice|caption|description|situation|scenario)(?: letter)?"
    # 'the correct choice from the options given is', 'the correct option based on standard solving processes is:'
    r"(?:,? (?:from|among|of|based on|for|according to|given|to)\b[^.:\n]{1,80}?(?=,? (?:is|would be)\b),?)?|"
    r"\boption letter|"
    # 'However, if I had to choose one, I would select:' / '(C) the third image': a guess that commits
    r"\bif I (?:had|have|were) to (?:choose|pick|guess|select)(?: one| an? (?:answer|option))?,? "
    r"I(?:'d| would) (?:choose|select|pick|go with|say)(?= *:)|"
    # 'The logical conclusion is: No pittbulls are dogs with long hairs.'
    r"\b(?:logical|valid) conclusion(?: (?:that )?(?:can|could) be drawn)?|"
    r"\banswer(?: to (?:this|the) question)?|\bresult|"
    r"\bsolutions?|\breturn value|\bchoice)"
    r"\s*(?:(?:is|are|would be|will be|should be|aligns with|corresponds to)\s*:?|:|=)\s*|\breturns\s+|"
    # a heading '[Answer]' on its own line, the answer under it
    r"\banswer\][ \t]*\n\s*|"
    # Chinese: '答案是A', '答案：B', '答案选项为(D)', '故选C', '选项为C' (an option named without 'is' is not one)
    # Japanese and Korean: '答え：B', '答えは5です', '正解は(C)', '정답: C'; and 'Respuesta:', 'Réponse :', 'Antwort:',
    # 'Resposta:', 'Ответ:' (a colon: 'la respuesta correcta es' is prose, read as a sentence)
    r"(?:答え|正解)\s*(?:は)?\s*[:：]?\s*|정답\s*(?:은|는)?\s*[:：]?\s*|"
    r"(?:respuesta|r[ée]ponse|antwort|resposta|ответ)(?: final)?\s*[:：]\s*|"
    r"答案\s*(?:选项|選項)?\s*(?:应该是|應該是|应为|應為|是|为|為)?\s*[:：]?\s*|(?<![对對])[故应應]选\s*|"
    r"(?:选项|選項)\s*(?:应该是|應該是|应为|應為|是|为|為)\s*[:：]?\s*)", re.IGNORECASE)
# A total: an answer for counts, but a trace's running total is not ("total = 8" on every line).
_TOTAL = re.compile(r"\b(?:in total|altogether|a total of|total(?: count| number)?\b(?:\s*(?:is|:|=))?)\s*",
                    re.IGNORECASE)
_CONCLUSION = re.compile(
    r"(?:^|(?<=[.;!?,:\n])[ \t]{0,4})(?:so|thus|therefore|hence|consequently|overall|in summary|"
    r"in conclusion|to summari[sz]e|to sum up|that gives|this gives|which gives|giving|that makes|this makes|"
    r"which makes|making|that means|this means|which means|this leaves(?: us with)?|that leaves(?: us with)?|"
    # 'Based on this analysis, …', 'Given these observations, …'
    # ('Given that CD is the diameter, …' is a premise, 3.2: 'given that' concludes only as 'Given that, …')
    r"(?:(?:based on|considering|from) (?:this|these|that|those|the above|all (?:of )?th\w+|my|our)\b"
    r"[^,.\n]{0,40}(?=,)|based on the\b[^,.\n]{0,40}(?=,)|"
    r"given (?:this|these|those|the above|all (?:of )?th\w+|my|our)\b[^,.\n]{0,40}(?=,)|"
    r"given that(?=\s*,)))"
    r"\b(?!\s+(?:that|far|on|much|many)\b)[,:]?\s*",
    re.IGNORECASE | re.MULTILINE)
# every English marker holds one of these (the Chinese ones are outside ASCII)
_MARKER_NEEDLES = ("answer", "option", "result", "solution", "return", "choice", "caption", "description",
                   "situation", "scenario", "conclusion", "if i ", "respuesta", "reponse", "antwort", "resposta")
# where in lowercased ASCII text an English marker can start: the engine skips to these, where _MARKER, under
# IGNORECASE, tries every position ('best option is' starts at 'best', 'most likely situation' at 'most')
_MARKER_START = re.compile(alternation((
    "final answer", "correct ", "best ", "most ", "option letter", "answer", "result", "solution", "return", "choice",
    "logical conclusion", "valid conclusion", "if i had to ", "if i have to ", "if i were to ", "respuesta", "reponse",
    "antwort", "resposta")))  # the words of one first character grouped: the engine tries one group a position
# every conclusion word holds one of these (places looks for _CONCLUSION_OPENERS instead)
_CONCLUSION_NEEDLES = ("so", "thus", "therefore", "hence", "consequently", "overall", "summar", "sum up", "giv", "mak",
                       "mean", "based on", "consider", "from", "conclu", "leaves")
# _CONCLUSION matches only where a text or line opens or after a stop ('.;!?,:'), and a few spaces or tabs: there, one
# of these opens it (in lowercased ASCII text). Far rarer than the words anywhere ('so' is in 'also', 'reason').
_CONCLUSION_OPENERS = ("so", "thus", "therefore", "hence", "consequently", "overall", "in summary", "in conclusion",
                       "to summari", "to sum up", "that ", "this ", "which ", "giving", "making", "based on",
                       "considering", "from", "given")
_CONCLUSION_AFTER = re.compile(r"[.;!?,:\n][ \t]{0,4}(?:" + alternation(_CONCLUSION_OPENERS) + ")")
_LAST_LETTER = re.compile(r"\n[ \t]*(\(?[A-L]\)?)[.:]?[ \t]*\s*$")
_GAP = re.compile(r"[\s:*]*")
_CLAUSE_START = re.compile(r"[.;:!?\n]|\s[—–]\s|,\s")
# greedy: only the end of a run of other characters can be followed by '**' (or '__'), so this matches as the lazy
# form does, and the engine takes the run in one step
_BOLD = re.compile(r"\*\*([^*\n]{1,120})\*\*|__([^_\n]{1,120})__")
_BOLD_STARS = re.compile(r"\*\*([^*\n]{1,120})\*\*")
# Chinese stops need no space; a line's option label ('A. False') ends no sentence
_SENTENCE_END = re.compile(r"(?<=[.!?;])(?<!^[A-L]\.)(?<!\n[A-L]\.)\s+|(?<=[。！？；])\s*|\n+")
# _SENTENCE_END in a text without a Chinese stop: its first form starts at a space after a stop, its last at a line
# break, so the pattern opens with that space ('\s', looking back past it for the stop): the engine then skips to
# spaces, where _SENTENCE_END's lookbehinds are tried at every position (the same matches, in a third of the time)
_SENTENCE_END_PLAIN = re.compile(r"\s(?:(?<=[.!?;]\s)(?<!^[A-L]\.\s)(?<!\n[A-L]\.\s)\s*|(?<=\n)\n*)")
# what every _SENTENCE_END needs: far cheaper to look for, and most short answers are one sentence ('[.!?;]\s' or
# '[。！？；\n]', written to open with one set of characters: the engine then skips to those)
_MAY_END = re.compile(r"[.!?;。！？；\n](?:(?<=[.!?;])\s|(?<=[。！？；\n]))")
# Where in a short lowered ASCII text a place other than its lead may be: a marker's needle, a total's word, a stop
# a conclusion may open after (_CONCLUSION_AFTER), a sentence's end (_MAY_END) or a line break (as _LAST_LETTER needs),
# all looked for in one pass (in a text of at most _SHORT characters that costs less than a pass per rule)
_MAY_PLACE = re.compile(r"[.;!?,:\n](?:[ \t]{0,4}(?:" + alternation(_CONCLUSION_OPENERS) + r")|(?<=[.!?;])\s|(?<=\n))|"
                        + alternation((*_MARKER_NEEDLES, "total", "altogether")))
_SHORT = 40
_new_place = tuple.__new__  # Place(kind, text) without NamedTuple's Python-level __new__ (built for every place)
_sentence_place = partial(_new_place, Place)  # of a (kind, text) pair: map builds a sentence's place without a loop


def _stripped(part: str) -> str:
    """Without surrounding whitespace, nor a zero-width space (MiniGPT-4 starts with one), which ASCII holds none of."""
    return part.strip() if part.isascii() else part.strip().strip("\u200b\ufeff").strip()


def _sentence_ends(text: str) -> re.Pattern:
    """_SENTENCE_END, or where no Chinese stop is written the faster pattern that matches as it does."""
    if text.isascii() or ("。" not in text and "！" not in text and "？" not in text and "；" not in text):
        return _SENTENCE_END_PLAIN
    return _SENTENCE_END


def sentences(text: str, limit: int = MAX_SENTENCES) -> list[str]:
    """Sentences (and lines) in order; decimal points and 'e.g.' do not end one."""
    if limit > 0 and not _MAY_END.search(text):  # one sentence
        part = _stripped(text)
        return [part] if part else []
    split = _sentence_ends(text).split(text, maxsplit=limit)
    if text.isascii():  # _stripped's ASCII form, without a call per part
        parts = [stripped for part in split if (stripped := part.strip())]
    else:
        parts = [stripped for part in split if (stripped := _stripped(part))]
    return parts[:limit]


def _gap_end(text: str, at: int) -> int:
    """Where _GAP from `at` ends: at `at` itself when what stands there is no space, ':' or '*' (most answers)."""
    if at < len(text) and text[at] not in ":*" and not text[at].isspace():
        return at
    return _GAP.match(text, at).end()


def _sentence_from(text: str, start: int) -> str:
    """The rest of the sentence that begins at `start`."""
    m = _sentence_ends(text).search(text, start) if _MAY_END.search(text, start - 1 if start else 0) else None
    return text[start:m.start() if m else len(text)].strip()


def plain(text: str) -> str:
    """Markdown emphasis, code ticks and LaTeX delimiters removed."""
    # most answers hold none, or only bold: one line with no other markup character, not opening as a heading,
    # bullet or number (where '**' is all the pattern can match)
    if "\n" not in text and "_" not in text and "`" not in text and "\\" not in text and "$" not in text:
        head = text.lstrip(" \t")[:1]
        if head not in ("#", "-", "•", "*") and not head.isdecimal():
            return text.replace("**", "") if "*" in text else text
    if _LINE_MARKUP.search(text) is None and _LINE_MARKUP_FIRST.match(text) is None:
        return _INLINE_MARKUP.sub("", text)  # no line opens as a heading, bullet or number: the rest of _MARKUP
    return _MARKUP.sub("", text)


_OPENS_IF = re.compile(r"[\s*\W]{0,4}if\b", re.IGNORECASE)


def _sentence_start(text: str, at: int) -> int:
    """Where the sentence holding `at` starts (just after the stop before it)."""
    return max(text.rfind(stop, 0, at) for stop in (". ", "\n", "? ", "! ")) + 1


def _conditional(text: str, marker: re.Match) -> bool:
    """'If the price is the same, then the answer would be A.': an answer under a premise left open, not given."""
    if "would" not in marker.group().lower():
        return False
    return _OPENS_IF.match(text, _sentence_start(text, marker.start())) is not None


def _markers(text: str, lowered: str) -> list[re.Match]:
    """The matches of _MARKER in `text` (`lowered` is text.lower()), as its finditer gives them; in ASCII text
    tried only where an English marker can start."""
    if not text.isascii():
        return list(_MARKER.finditer(text))
    found, at = [], 0
    while start := _MARKER_START.search(lowered, at):
        m = _MARKER.match(text, start.start())
        if m:
            found.append(m)
        at = m.end() if m else start.start() + 1
    return found


def _conclusions(text: str, lowered: str) -> list[re.Match]:
    """The matches of _CONCLUSION in ASCII `text` (`lowered` is text.lower()), as its finditer gives them: tried only
    where one can start, at the text's start or after a stop, and there only where an opener follows."""
    found, at = [], 0
    if lowered.startswith(_CONCLUSION_OPENERS) and (m := _CONCLUSION.match(text)):  # '^' allows no space before
        found.append(m)
        at = m.end()
    for after in _CONCLUSION_AFTER.finditer(lowered):
        start = after.start() + 1  # just after the stop (the spaces are the match's own)
        if start >= at and (m := _CONCLUSION.match(text, start)):
            found.append(m)
            at = m.end()
    return found


def states_answer(text: str) -> bool:
    """Does `text` hold a final-answer marker ('The answer is (C) 4cm.')?"""
    return any(not _conditional(text, m) for m in _markers(text, text.lower()))


_REASON = re.compile(r"[ \t*-]*(?:(?:this|that|it)(?: is|'s) (?:because|due to)|because)\b", re.IGNORECASE)


def _in_reason(text: str, at: int) -> bool:
    """Does the sentence holding `at` open as a reason ('This is because …', 'Because …')?"""
    start = _sentence_start(text, at)
    return _REASON.match(text, start) is not None and start < at


def _introduces(m: re.Match, lead_end: int) -> bool:
    """'Based on the image, we can see …' opening the answer introduces it; later ('Based on the puzzle, it
    appears that the missing piece is E') it concludes."""
    return m.start() < lead_end and m.group().lstrip()[:12].lower() == "based on the"


# a final-answer marker opening the whole answer, bold or not: 'Answer:', '**Answer:**', 'The answer is', '答案：'
ANSWER_MARKER = re.compile(r"^(?:(?:\*\*|__)?\s*(?:the\s+)?(?:final\s+)?answer(?:\s+is)?\s*:?\s*(?:\*\*|__)?|"
                           r"答案\s*[是为為:：]?|答え\s*(?:は)?\s*[:：]?|正解\s*(?:は)?\s*[:：]?|정답\s*[:：]|"
                           r"(?:respuesta|r[ée]ponse|antwort|resposta|ответ)\s*[:：])\s*", re.IGNORECASE)
_WHOLE_BOX = re.compile(r"\\boxed\s*\{([^{}\n]{1,200})\}|\*\*([^*\n]{1,200})\*\*|__([^_\n]{1,200})__")


def unwrapped(answer: str, markers: bool = True) -> str:
    """A whole answer that is one short value in a wrapper ('**B**', '\\boxed{左}', 'Answer: 16:00', '答え：a',
    '**Answer:** (C) 4cm'), as the value alone: the wrapper says where the answer is, and here it is all of it, so
    every rule reads it as it reads the value written bare (2.1). Any other answer is returned as it is."""
    text = answer.strip()
    if len(text) > 240 or "\n" in text:
        return answer
    inner = text
    for _ in range(4):  # wrappers in wrappers: '\\boxed{Answer: (A, B, C)}', 'Answer: The answer is (E).'
        before = inner
        marked = ANSWER_MARKER.sub("", inner, count=1).strip() if markers and not inner[:1].isdigit() else inner
        whole = _WHOLE_BOX.fullmatch(marked)
        inner = marked if markers else inner
        if whole:
            inner = next(g for g in whole.groups() if g is not None).strip()
        if inner == before or not inner:
            break
    return inner if inner and inner != text else answer


def boxed_values(answer: str) -> list[str]:
    """Every \\boxed{} value in the answer, in order (a list may box each of its items)."""
    return _BOXED.findall(answer) if "\\boxed{" in answer else []


@per_text(maxsize=512)
def places(answer: str) -> tuple[Place, ...]:
    """The places that may state the answer, most explicit first (POLICY.md 2.1-2.3)."""
    found: list[Place] = []
    # the literal each pattern needs is looked for first: most answers have no box, bold or total
    boxed = _BOXED.findall(answer) if "\\boxed{" in answer else ()
    if boxed:
        found.append(_new_place(Place, ("boxed", boxed[-1])))
    if "__" in answer:
        bolds = [a or b for a, b in _BOLD.findall(answer)]
    else:  # _BOLD's second form needs '__': its first alone, one group
        bolds = _BOLD_STARS.findall(answer) if "**" in answer else ()
    text = plain(answer)
    lowered, ascii_only = text.lower(), text.isascii()
    if ascii_only and len(lowered) <= _SHORT and not boxed and not bolds and _MAY_PLACE.search(lowered) is None \
            and not lowered.startswith(_CONCLUSION_OPENERS):
        # a short answer with no box, bold, marker, total, conclusion, line break nor sentence end (most short answers):
        # its one sentence is all its places, found without a pass per rule (tests/grading/test_spans_fast_paths.py
        # compares places with their long form)
        lead = text.strip()
        return (_new_place(Place, ("lead", lead)),) if lead else ()
    # outside ASCII, case folding could match without the needles ('ſolution')
    if not ascii_only or has_any(lowered, _MARKER_NEEDLES):
        markers = _markers(text, lowered)
        # a conditional marker holds 'would' (so does the lowered text then)
        markers = ([m.end() for m in markers if not _conditional(text, m)] if "would" in lowered
                   else [m.end() for m in markers])
        for end in reversed(markers[-3:]):  # the last marker that is followed by something
            # 'the correct answer is:\n\n(C) Point C': what follows the colon, on the next line if need be
            stated = _sentence_from(text, _gap_end(text, end))
            if stated:
                found.append(_new_place(Place, ("marker", stated)))
                break
    # a last line that is only a letter ('…is 70 degrees.\n\nD'): the option letter asked for at the end
    end_char = text.rstrip()[-1:] if "\n" in text else ""  # the pattern starts at a newline
    last = _LAST_LETTER.search(text) if end_char.isupper() or (end_char and end_char in ").*") else None
    if last:
        found.append(_new_place(Place, ("marker", last.group(1))))
    if "total" in lowered or "altogether" in lowered:
        totals = list(_TOTAL.finditer(text))
        for m in reversed(totals[-3:]):
            stated = _sentence_from(text, m.end())
            if not stated.strip(" .!?"):  # '… 5 bounces in total.': the total is the clause before the marker
                stated = _CLAUSE_START.split(text[max(0, m.start() - 200):m.start()])[-1].strip()
            if stated:
                found.append(_new_place(Place, ("total", stated)))
                break
    # where a conclusion can open (outside ASCII, case folding ('ſo') could match without the openers)
    if not ascii_only:
        conclusions = list(_CONCLUSION.finditer(text))
    elif lowered.startswith(_CONCLUSION_OPENERS) or _CONCLUSION_AFTER.search(lowered):
        conclusions = _conclusions(text, lowered)
    else:  # most answers: no opener where one can open
        conclusions = ()
    if conclusions:
        if "based on the" in lowered:
            first_end = _sentence_ends(text).search(text)
            lead_end = first_end.start() if first_end else len(text)
            conclusions = [m for m in conclusions if not _introduces(m, lead_end)]
        if conclusions and "because" in lowered:
            # 'This is because bass eat crayfish, so a decrease in bass …': a 'so' inside the reason is no conclusion
            conclusions = [m for m in conclusions if not _in_reason(text, m.start())]
        for end in reversed([m.end() for m in conclusions[-3:]]):
            stated = _sentence_from(text, end)
            if stated.endswith(":") and "\n" in text[end:end + len(stated) + 2]:
                # 'Therefore, the painting in the same style is:\n(A) the second image': answered on the next line
                after = text.find(":", end + len(stated) - 1) + 1
                following = _sentence_from(text, _GAP.match(text, after).end())
                stated = following if following and not following.endswith(":") else stated  # not a heading 'Sample A:'
            if stated:
                found.append(_new_place(Place, ("conclusion", stated)))
                break
    if bolds:
        found.append(_new_place(Place, ("bold", " | ".join(bolds[-8:]))))
    if _MAY_END.search(text) is None:  # one sentence (sentences' first test, inline)
        lead = text.strip() if ascii_only else _stripped(text)
        if lead:
            found.append(_new_place(Place, ("lead", lead)))
        return tuple(found)
    said = sentences(text)
    if said:
        found.append(_new_place(Place, ("lead", said[0])))
        found += map(_sentence_place, zip(repeat("sentence"), said[1:]))
    return tuple(found)


# --- claims ----------------------------------------------------------------------------------------------

# Negation: from the negator to the end of its clause ("not X but Y" claims Y).
_NEGATOR = re.compile(r"\b(?:not|never|no longer|neither|nor|rather than|instead of|other than|except|"
                      r"isn't|aren't|wasn't|weren't|doesn't|don't|didn't|won't|can't|cannot)\b|n't\b", re.IGNORECASE)
# Asides: a concession, a comparison, a relative clause; from the marker to the end of its clause.
_ASIDE = re.compile(
    r"\b(?:though|although|whereas|while|than|because|since|compared (?:to|with)|unlike|ahead of|followed by|versus|"
    r"vs\.?|before)\b|(?:^|(?<=[,;:]))[ \t]{0,4}after\b|"
    # 'as' opening a clause of reason or time: 'will increase as the grasshopper population decreases'
    r"\bas(?=\s+(?:the|there|it|they|this|these|those|its|their)\s)(?<!such as)(?<!well as)(?<!same as)|"
    # 'two of which', 'some of them'; 'of these' only after a count ('a group of these animals' is a subject)
    r"(?<![\w.+-])[\w.+-]{1,20}\s+of (?:which|them)\b|"
    r"\b(?:\d+|one|two|three|four|five|some|all|any|none|each|both|either|neither|many|most|few|several)\s+of "
    r"(?:these|those)\b|"
    r",[ \t]{0,4}(?=(?:which|where|who|whose|including|with|each|"
    r"(?:[\w.-]{1,20}\s+){0,2}of (?:which|them|these|those))\b)",
    re.IGNORECASE)
# the main clause's verb after a comparison inside its subject ('… darker than the other is a radish')
_MAIN_VERB = re.compile(r"\s(?:is|are|was|were)\s+(?:an?|the)\s", re.IGNORECASE)
# A premise opening a sentence: it runs to the comma before the main clause ('Given that CD is the diameter,
# DE ∥ OA, and ∠D is 50, we can deduce …'), else to the end of its own clause ('If caterpillars decrease, …').
_PREMISE = re.compile(r"(?:^|(?<=[.;:!?\n]))[ \t]{0,4}(?:if|given that|assuming(?: that)?)\b", re.IGNORECASE)
# a condition inside a sentence: 'spiders will most likely increase if the grasshoppers decrease' claims increase;
# it runs to its clause's end or to the main clause's modal ('the organism most affected if algae was eliminated
# would be the Tilapia')
_INNER_IF = re.compile(r"(?<=\w[ \t])if\b", re.IGNORECASE)
_MODAL = re.compile(r"\b(?:would|will|should|could|might|may|must)\b", re.IGNORECASE)
_MAIN_CLAUSE = re.compile(r",\s*(?:then|we|so|thus|therefore|hence|it follows)\b|[.!?](?=\s|$)|[;\n]", re.IGNORECASE)
# Rejected after the fact: 'A and C are wrong', 'option A is not correct', 'C is not the logical conclusion'.
_REJECTED = re.compile(r"(?:^|(?<=[,;.:\n]))[^,;.:\n]{0,120}?\b(?:(?:is|are|was|were|seems?|looks?)\s+"
                       r"(?:also\s+|therefore\s+|thus\s+|clearly\s+)?(?:wrong|untrue|inaccurate|"
                       r"incorrect|false|not\s+(?:correct|right|true|accurate|supported|the\s+case|(?:the|an?)\s+"
                       r"(?:(?:correct|right|logical|valid|best)\s+)?"
                       r"(?:answer|right one|conclusion|option|choice)))|"
                       # 'choices (B) and (C) can be eliminated'
                       r"(?:can|could|should|must|will)\s+be\s+(?:eliminated|ruled\s+out|excluded|discarded))\b",
                       re.IGNORECASE)
_WHICH_REJECTS = re.compile(r",\s*which\s+(?:is|was)\s+not\s+(?:the\s+|an?\s+)?(?:correct|right|valid)\b"
                            r"(?:\s+[a-z]+){0,3}", re.IGNORECASE)
_LIST_ITEM = re.compile(r"(?:,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+)[\"'“‘(]?[\w.-]{1,20}[\"'”’)]?"
                        r"(?=\s*(?:,|\.|;|$|\band\b|\bor\b)|\s+\w+ing\b)")
# a decimal point ends no clause: 'Since the angles are AOB = 100.0 and BAC = 80.0, we …'
_CLAUSE_END = re.compile(r"[,;!?:\n)]|\.(?!\d)|\s[—–-]\s|\b(?:but|however|instead|rather|yet)\b", re.IGNORECASE)
# A parenthetical or dashed aside with words in it; "(C)" and "(2, 3)" are not asides, "(or purple)" is a hedge.
_PAREN = re.compile(r"\(([^()]{0,200})\)|\s[—–]\s[^—–\n]{1,120}?(?:\s[—–]\s|$)")
_PAREN_HEDGE = re.compile(r"\s*(?:or|maybe|possibly|perhaps|probably|either)\b", re.IGNORECASE)
_WORDS = re.compile(r"[a-zA-Z]{2,}[^()]*\s|[a-zA-Z]{3,}")  # one word is enough: '"Gen" (know)' claims Gen


def _aside_paren(m: re.Match) -> bool:
    """A parenthetical with words in it; '(C)' and '(2, 3)' are not asides, and '(or purple)' is a hedge."""
    inner = m.group(1)
    return inner is None or (bool(_WORDS.search(inner)) and not _PAREN_HEDGE.match(inner))


_NO = re.compile(r"\b(?:no|zero)\s+(?:[a-z-]{1,30}\s+)?[a-z-]{1,30}", re.IGNORECASE)  # 'no green triangle'


def without_negated(text: str, asides: bool = False) -> str:
    """The text with negated stretches (and with `asides`, asides) blanked, positions kept: items there are
    not given."""
    ranges = blocked(text, asides=asides)
    low = text.lower()
    if "no " in low or "zero" in low:
        ranges += [m.span() for m in _NO.finditer(text)]
    if not ranges:
        return text
    chars = list(text)
    for a, b in ranges:
        chars[a:b] = " " * (b - a)
    return "".join(chars)


# Words any negation or aside needs: most answers have none, and a substring test is far cheaper than the
# patterns (grading is the hot loop).
_NEGATION_NEEDS = ("not", "n't", "never", "neither", "nor", "rather", "instead", "other", "except", "cannot", "wrong",
                   "incorrect", "false", "eliminated", "ruled out", "excluded", "discarded")
_ASIDE_NEEDS = (*_NEGATION_NEEDS, "though", "whereas", "while", "than", "because", "since", "compared", "unlike",
                "ahead", "followed", "versus", "vs", "before", "after", " of ", "which", "where", "who", "includ",
                "with", "each", "if ", "given", "assuming", "(", "—", "–", " as ")
# what each of the two patterns needs on its own: past the test above, one of them often cannot match
_NEGATOR_NEEDS = ("not", "n't", "never", "no longer", "neither", "nor", "rather", "instead", "other", "except")
_ASIDE_ONLY_NEEDS = ("though", "whereas", "while", "than", "because", "since", "compared", "unlike", "ahead",
                     "followed", "versus", "vs", "before", "after", "of ", "which", "where", "who", "includ", "with",
                     "each", " as ")


_ASIDE_WORDS, _NEGATION_WORDS = Needles(_ASIDE_NEEDS), Needles(_NEGATION_NEEDS)
# In ASCII text each match of a pattern below holds one of these as a whole word (a run of '\w' characters, 'n't'
# giving the word 't'), or a '(' (_PAREN): a text with none of them (most short answers) has nothing blocked. Its words
# are found in one pass over its bytes (lowercased, every other character a space), not a search per needle.
_NEGATION_TOKENS = frozenset(w.encode() for w in (
    "not", "never", "longer", "neither", "nor", "rather", "instead", "other", "except", "cannot", "t",  # _NEGATOR
    "wrong", "untrue", "inaccurate", "incorrect", "false", "eliminated", "ruled", "excluded", "discarded"))  # _REJECTED
_ASIDE_TOKENS = _NEGATION_TOKENS | frozenset(w.encode() for w in (
    "though", "although", "whereas", "while", "than", "because", "since", "compared", "unlike", "ahead", "followed",
    "versus", "vs", "before", "after", "as", "of", "which", "where", "who", "whose", "including", "with", "each",
    "if", "given", "assuming"))  # _ASIDE, _PREMISE, _INNER_IF


def blocked(text: str, asides: bool = True, negations: bool = True) -> list[tuple[int, int]]:
    """Character ranges of `text` whose mentions are not claims: negated (unless `negations` is off: the
    question asked for what is not so), and (with `asides`) asides. Sorted and merged, for `is_blocked`."""
    if text.isascii() and (_ASIDE_TOKENS if asides else _NEGATION_TOKENS).isdisjoint(
            text.encode().translate(WORD_BYTES).split()) and not (asides and "(" in text):
        return []
    return _blocked(text, asides, negations)


def _blocked(text: str, asides: bool, negations: bool) -> list[tuple[int, int]]:
    """blocked without its first test."""
    low = text.lower()
    if not (_ASIDE_WORDS if asides else _NEGATION_WORDS).found_in(low):
        return []
    ranges = []
    ends = None
    patterns = ((_NEGATOR, _ASIDE) if negations else (_ASIDE,)) if asides else (_NEGATOR,)
    if text.isascii():  # outside ASCII, case folding could match without the words
        patterns = tuple(p for p in patterns if has_any(low, _NEGATOR_NEEDS if p is _NEGATOR else _ASIDE_ONLY_NEEDS))
    for pattern in patterns:
        for m in pattern.finditer(text):
            if ends is None:  # clause ends found once: a scope ends at the first one after its start
                ends = [e.start() for e in _CLAUSE_END.finditer(text)]
            k = bisect_right(ends, m.end() - (m.end() > m.start()))
            end = ends[k] if k < len(ends) else len(text)
            while end < len(text) and (item := _LIST_ITEM.match(text, end)):
                end = item.end()  # a list runs on through its commas: 'followed by the arrows "A", "C", and "D"'
            if pattern is _ASIDE and m.group().lower() == "than" and (verb := _MAIN_VERB.search(text, m.end(), end)):
                end = verb.start()  # 'the fruit that is darker than the other is a radish': the comparison ends there
            ranges.append((m.start(), end))
    if asides and ("if" in low or "given" in low or "assuming" in low):
        for m in _PREMISE.finditer(text):
            main = _MAIN_CLAUSE.search(text, m.end())
            if main and main.group().startswith(","):
                ranges.append((m.start(), main.start()))
            else:
                if ends is None:
                    ends = [e.start() for e in _CLAUSE_END.finditer(text)]
                k = bisect_right(ends, m.end() - 1)
                ranges.append((m.start(), ends[k] if k < len(ends) else len(text)))
        modals = None
        for m in _INNER_IF.finditer(text) if "if" in low else ():
            if ends is None:
                ends = [e.start() for e in _CLAUSE_END.finditer(text)]
            if modals is None:  # found once: an answer may hold thousands of conditions
                modals = [e.start() for e in _MODAL.finditer(text)]
            k = bisect_right(ends, m.end() - 1)
            end = ends[k] if k < len(ends) else len(text)
            j = bisect_right(modals, m.end() - 1)
            ranges.append((m.start(), min(end, modals[j]) if j < len(modals) else end))
    if negations and ("wrong" in low or "incorrect" in low or "false" in low or "not " in low or "be " in low):
        ranges.extend(m.span() for m in _REJECTED.finditer(text))
        # 'Point A is on the left ear, which is not the correct corresponding point': the clause it follows
        for m in _WHICH_REJECTS.finditer(text) if "which" in low else ():
            start = max(text.rfind(c, 0, m.start()) for c in ".;:\n") + 1
            ranges.append((start, m.end()))
    if asides and ("(" in text or "—" in text or "–" in text):
        # after a negated clause a dash brings the correction ('Not a straight line — it bounces'), no aside
        ranges.extend(m.span() for m in _PAREN.finditer(text) if _aside_paren(m)
                      and not (m.group(1) is None and _NEGATOR.search(text, 0, m.start())))
    if len(ranges) < 2:
        return ranges
    ranges.sort()
    merged = [ranges[0]]
    for a, b in ranges[1:]:
        if a <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(b, merged[-1][1]))
        else:
            merged.append((a, b))
    return merged


def is_blocked(start: int, ranges: list[tuple[int, int]]) -> bool:
    """Is `start` inside one of the sorted, merged `ranges`?"""
    k = bisect_right(ranges, (start, float("inf"))) - 1
    return k >= 0 and ranges[k][0] <= start < ranges[k][1]


_CONTRAST = re.compile(r"\b(?:but|however|yet)\b", re.IGNORECASE)
_NEXT_CLAUSE = re.compile(r",\s*(?:and|then|so)\s|;\s|\band then\b|\bwhile\b", re.IGNORECASE)
_HEDGING = re.compile(r"\b(?:or|maybe|possibly|perhaps|might|could|probably)\b|/", re.IGNORECASE)


def claimed(text: str, mentions: list[tuple[int, object]]) -> list[tuple[int, object]]:
    """The mentions (position, value) of `text` that are claims."""
    if not mentions:
        return []
    ranges = blocked(text)
    return [m for m in mentions if not is_blocked(m[0], ranges)]


def distinct_claims(text: str, claims: list[tuple[int, object]]) -> list:
    """The distinct values claimed, in order. After a contrast the later clause wins ('the brown ball
    starts closer, but the pink ball reaches the line first' claims pink)."""
    if len(claims) == 1:  # the common case: one value claimed
        return [claims[0][1]]
    values = list(dict.fromkeys(v for _, v in claims))
    if len(values) > 1:
        cuts = [m.end() for m in _CONTRAST.finditer(text)]
        if cuts:
            later = list(dict.fromkeys(v for at, v in claims if at >= cuts[-1]))
            if len(later) == 1:
                return later
        # a second clause that goes on to something else ('…first, and the brown ball follows')
        joint = _NEXT_CLAUSE.search(text)
        if joint and not _HEDGING.search(text, joint.start()):
            first = list(dict.fromkeys(v for at, v in claims if at < joint.start()))
            if len(first) == 1:
                return first
    return values


# --- a value after a final-answer marker, without the places ----------------------------------------------------

# a whole answer that is one final-answer marker and a short value on one line, bold or not: 'Answer: Cherries', 'The
# answer is **brown, blue**.' (the forms most short answers take); the value holds no markup, no sentence's end and
# no second line, so the marker's place is the value (and its full stop)
# the final-answer markers a whole short answer most often opens with ('Answer:', 'The answer is', '**Answer:**'):
# the fast readings of such answers (marked_value, numbers.stated_number, choice_whole.lone_letter) look for these
MARKER_LEAD = r"(?:(?:The |the )?(?:final )?answer is:?|(?:Final |final )?[Aa]nswer:|\*\*Answer:\*\*)"
_MARKED_VALUE = re.compile(MARKER_LEAD + r" (\*\*)?([A-Za-z0-9(-](?:[A-Za-z0-9 ,()'-]{0,100}[A-Za-z0-9)'-])?)"
                           r"(?(1)\*\*)(\.?)")
# the same with full stops inside the value, each before a letter or a digit ('harbor-meadow.internal', '3.5 cm'): no
# sentence ends there, so the marker's place is still the whole value (tried after the plainer pattern, which is faster;
# tests/grading/test_matcher_fast_paths.py checks it is the first place)
_MARKED_DOTTED = re.compile(MARKER_LEAD + r" (\*\*)?([A-Za-z0-9(-](?:(?:[A-Za-z0-9 ,()'-]|\.(?=[A-Za-z0-9])){0,100}"
                            r"[A-Za-z0-9)'-])?)(?(1)\*\*)(\.?)")
_MARKED_FIRST = frozenset("TtFfAa*")


def marked_value(answer: str) -> str | None:
    """The text of the place `places(answer)` finds first, a 'marker' place, where the whole answer is a final-answer
    marker and a short value on one line ('Answer: Cherries' -> 'Cherries', 'The answer is **5 cm**.' -> '5 cm.'),
    found without reading the places; None for any other answer (whose places are read) and where the value holds a
    word a marker may hold ('answer', 'option', 'choice' …: the marker might be another). Graders that take the
    first place that holds their value read this first (tests/grading/test_fast_paths.py checks it is that place)."""
    if len(answer) > 130 or answer[:1] not in _MARKED_FIRST:
        return None
    m = _MARKED_VALUE.fullmatch(answer)
    if m is None and "." in answer[:-1]:
        m = _MARKED_DOTTED.fullmatch(answer)
    if m is None or has_any(m.group(2).lower(), _MARKER_NEEDLES):
        return None
    return m.group(2) + m.group(3)


def first_places(answer: str) -> Iterator[Place]:
    """places(answer) in order, the first found without the others where it is a marked value (marked_value): a
    reader that stops at the first place reads no other."""
    marked = marked_value(answer)
    if marked is None:
        yield from places(answer)
        return
    yield _new_place(Place, ("marker", marked))
    yield from places(answer)[1:]
