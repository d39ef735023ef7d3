"""Stage 3 of the choice grader: find the committed place (POLICY.md 2.1-2.3): a letter stated to be the answer,
the line a sentence leads in to, the places in order (boxed, marker, conclusion, lead, sentences), and the places
that describe rather than commit: reviews of the options, headings, case analyses, hypotheticals, lists (4.4, 4.5).
"""

from __future__ import annotations

import re
from typing import Any

from graders import options as O
from graders import spans
from graders.choice_claims import blocked_ranges, claims_of
from graders.choice_letters import letter_patterns
from graders.choice_options import GROUPED, Reading, option_texts, plain_option

# a lead-in that gives the answer's letter ('To answer your question, option C would be the best example:') is no
# heading: the letter written outranks the words on the line after it (4.1)
_GIVES_LETTER = re.compile(r"\b(?:option|choice|answer)\s+\(?[A-L]\)?\s+(?:is|would be|should be)\b")
# a sentence ending in 'is:' whose next line, a bracketed letter, ends the answer ('…, her phenotype is:' / '(A) light
# fur.'): that line is the answer
_IS_THEN_LAST_LINE = re.compile(r"\b(?:is|would be|will be)[ \t]*:[ \t]*\n\s*(\([A-L]\)[^\n]{0,120}?)\s*$")
# a sentence that gives its answer, then a colon before the reasons for it ('I believe image B is most likely to be
# a real photograph, for the following reasons:'): the colon leads in to reasons, the sentence still states its value
_REASONS_FOLLOW = re.compile(r"\b(?:for the following reasons?|for (?:these|several|a few|two|three) reasons|"
                             r"because of the following|here(?:'s| is) why)\s*:$", re.IGNORECASE)


def sentences_after(answer: str, place: spans.Place) -> list[str]:
    """The answer's sentences after the one holding the place (a conclusion is part of one)."""
    said = spans.sentences(answer)
    at = next((k for k, text in enumerate(said) if place.text in text), None)
    return said[at + 1:] if at is not None else []


def last_sentence_after(answer: str, place: spans.Place) -> str:
    """The one sentence after the place's, where it ends the answer ('Answer: (A), (B). The race ends at 1:50.')."""
    after = sentences_after(answer, place)
    return after[0] if len(after) == 1 else ""


def _subscript(answer: str, line: str) -> bool:
    """Is every line that is only `line` followed by a line opening with an operator ('KE' / 'A' / '=' / …)?"""
    after = [m.group(1) for m in re.finditer(rf"(?m)^[ \t]*{re.escape(line)}[ \t]*\n[ \t]*(\S?)", answer)]
    return bool(after) and all(c and c in "=×+-−*/^" for c in after)


_EVERY_OPTION_LINE = re.compile(r"\(([A-L])\)[ \t]")
_LETTERED_START = re.compile(r"^[ \t]*\(([A-L])\)[ \t]", re.MULTILINE)


def _every_option_lettered(answer: str, letters: str) -> bool:
    """Does every option (three or more) open a line of the answer by its bracketed letter, each once?"""
    found = _LETTERED_START.findall(answer)
    return len(letters) >= 3 and len(found) == len(letters) and set(found) == set(letters)

# a sentence about a case the question did not ask about ('For example, if …, option A would be …')
_HYPOTHETICAL = re.compile(r"\W{0,3}(?:(?:for example|for instance|e\.g\.),?\s*(?:if|suppose)|suppose)\b",
                           re.IGNORECASE)
# a letter stated to be the answer, wherever it stands: 'The answer (D) is the correct one.', '(B) is the correct
# option'
# a statement judged rather than an answer named: 'option (A) is correct' (not 'the correct answer')
_BARE_VERDICT = re.compile(r"(?:correct|right|true|正确|對|对)$")
_STATED = re.compile(r"\b(?i:answer|option|choice)\s*[(\[]([A-L])[)\]]\s+is\s+(?:the\s+)?(?:correct|right|best)\b"
                     r"|(?:[(\[]([A-L])[)\]]|(?<![\w'’(\[-])([A-L]))\s+is\s+the\s+(?:correct|right|best)\s+"
                     r"(?:answer|option|choice)\b"
                     r"|选项\s*[(（]?([A-L])[)）]?\s*(?:是)?(?:正确|對|对)"  # '选项C正确': option C is correct
                     # 'so answer B is true', 'option C is correct': the letter, not option True's text
                     r"|\b(?i:answer|option|choice)\s+([A-L])\s+is\s+(?:the\s+)?(?:correct|right|true)\b")
LETTERED_LINE = re.compile(r"[ \t]*(?:\(\w{1,2}\)|[A-Za-z][.)])[ \t]")
CUT = re.compile(r"[ \t]*\(?[\w.,%°-]{0,10}\)?[ \t]*")  # a line's cut end or start: '(AG', '.5', '(mix-up)


def lists_from(answer: str, line: str) -> bool:
    """Is `line` the first of two or more lettered lines in a row, each a different option?"""
    at = answer.rfind(line)  # the marker read is the last one: 'Answer: (G) Oriole' after the options listed
    if at < 0:
        return False
    run = []
    for following in answer[at:].splitlines():
        if not following.strip():
            break
        if not LETTERED_LINE.match(following):
            break
        run.append(following.strip()[:4])
    return len(set(run)) >= 2


_FIRST_LINE = re.compile(r"[ \t]*(?:\u200b\s*)?\(([A-L])\)(?:[ \t]+([^\n]{1,200}?))?[ \t.]*(?:\n|$)")


def answer_first(answer: str, options: O.OptionSet, letters: str) -> str | None:
    """A first line that is an option's letter in brackets and its own text ('(D) None of the above'), followed
    by prose, not by more lettered lines (a list): the answer, given first and explained after."""
    m = _FIRST_LINE.match(answer) if "(" in answer else None
    if not m or m.group(1) not in letters or "\n" not in answer[m.end(1):]:
        return None
    # the letter alone ('(D)' on its first line), or with its own text
    if m.group(2) and plain_option(m.group(2)) != GROUPED.sub("", options.options[letters.index(m.group(1))]):
        return None
    rest = [line for line in answer[m.end():].splitlines() if line.strip()]
    if not m.group(2) and any(LETTERED_LINE.match(line) for line in rest):
        return None  # '(A)' over its text, then '(C) …', '(D) …': options listed, not one given first
    return m.group(1) if rest and not LETTERED_LINE.match(rest[0]) else None


_LETTER_AND_TEXT = re.compile(r"\(([A-L])\)[ \t]+(.{1,200})")


def glossed_first(answer: str, options: O.OptionSet, letters: str) -> tuple[str, str] | None:
    """A first line that is a bracketed letter and another option's text ('(D) It will rise by 3 cubic metres'
    where (E) says that): (the letter written, the option its words name). A later place that restates those words
    chooses the written letter (4.1: a letter written as one outranks the words)."""
    first = spans.sentences(spans.plain(answer[:400]), limit=3)
    m = _LETTER_AND_TEXT.fullmatch(first[0]) if first else None
    if not m or m.group(1) not in letters:
        return None
    said = plain_option(m.group(2))
    hits = [k for k, o in zip(letters, option_texts(options.options), strict=False) if o == said]
    return (m.group(1), hits[0]) if len(hits) == 1 and hits[0] != m.group(1) else None


# a listed option marked right or wrong at its line's end: '(C) The force is smaller in Pair 1. (Correct)'
_MARKED_RIGHT = re.compile(r"^[ \t]*\(?([A-L])[).][^\n]*?[(\[:\-–—][ \t]*"
                           r"(correct|right|true|incorrect|wrong|false)[)\]]?[ \t.]*$", re.IGNORECASE | re.MULTILINE)
# 'A) …' and '(A), …', not '(A) …': those name options in running prose
_ITEM_LABEL = re.compile(r"(?:^|\s)(?:([A-L])\)|\(([A-L])\),)\s")


def marked_right(answer: str, start: str, letters: str) -> str | None:
    """The one option of a list after a marker that the list itself marks right ('(C) … (Correct)')."""
    at = answer.find(start)
    right = {m.group(1) for m in _MARKED_RIGHT.finditer(answer, max(at, 0))
             if m.group(2).lower() in ("correct", "right", "true") and m.group(1) in letters}
    return right.pop() if len(right) == 1 else None


def through_the_options(answer: str, start: str, letters: str) -> bool:
    """Does the answer, from the marker on, go through the options' labels in order, two or more ('A) … B) …
    C) …', '(A), … (B), …'), the first where the marker is?"""
    at = answer.rfind(start)  # the marker's own place: its text may also stand in a list before it
    if at < 0 or not _ITEM_LABEL.match(" " + start):
        return False
    labels = [m.group(1) or m.group(2) for m in _ITEM_LABEL.finditer(answer, max(at - 1, 0))][: len(letters)]
    return len(labels) >= 2 and "".join(labels) == letters[: len(labels)]


# a case opens with 'If', or with a connective before it ('On the other hand, if …', 'Alternatively, if …')
_IF_OPENS = re.compile(r"\W{0,3}(?:(?:on the other hand|alternatively|otherwise|conversely|in contrast|however|but|and|"
                       r"for example|for instance|similarly|likewise)"
                       r",?\s+)?if\b", re.IGNORECASE)


def _cases(answer: str, options: O.OptionSet, letters: str, *context, read=None) -> frozenset[str]:
    """Sentences of a case analysis: those that open with 'If' and claim options, two or more options in all
    ('If B preys on C, C will decrease (Option A). If B feeds C, C will increase (Option B).'). Each says
    what would follow from a premise the answer does not settle: none is chosen (POLICY 4.5). `read(place)`, where
    given, is the place's claims (AnswerPlaces.claims: the same, found once)."""
    found = []
    for place in spans.places(answer):
        if place.kind in ("lead", "sentence") and _IF_OPENS.match(place.text):
            claims = read(place) if read else claims_of(place, options, letters, *context)
            distinct = spans.distinct_claims(place.text, claims) if claims else []
            found += [(place.text, c) for c in distinct]
    sentences = frozenset(text for text, _ in found)
    # two or more such sentences: one 'If …' sentence naming three options is a hedge, not a case analysis
    return sentences if len({c for _, c in found}) >= 2 and len(sentences) >= 2 else frozenset()
_ASKED_IF = re.compile(r"\b(?:if|whether)\s+(?:\w+\s+){0,2}$", re.IGNORECASE)


def opens(answer: str, text: str) -> bool:
    """Is `text` in the answer's first sentence ('Based on the information provided, it is not possible …')?"""
    first = spans.sentences(answer[:400])
    return bool(first) and text in first[0]
_OPENS_AT = 4  # an option named this near a sentence's start is what the sentence is about


# a first sentence that ranks its option above the rest chooses it: 'Box A more accurately localizes the tray. Box
# B, on the other hand, only encloses the pizza.' is no review
_RANKS = re.compile(r"\b(?:better|best|closer|closest)\b|\w{3,}er than\b|"
                    r"\b(?:more|most)\s+(?:accurately|precisely|closely|completely|likely|similar|consistent)\b",
                    re.IGNORECASE)  # not 'more aligned with Realism': a description, not a ranking
# where the review concludes: 'Point D is the correct corresponding point (C) because …' (not 'is not the correct')
_JUDGED_RIGHT = re.compile(r"(?<!not )\b(?:is|are)\s+the\s+(?:correct|right|best)\b", re.IGNORECASE)
# '(A) The …', 'Option (A) picture A: …', and headings: 'Image (A): The first image …', 'Set B: 8 is in rows 2 and 3'
_LEAD_LABEL = re.compile(r"\W{0,3}(?:(?:option|image|picture|figure|set|choice)\s*)?[(\[]?([A-L])(?:[)\]]|[.:]\s)",
                         re.IGNORECASE)


def _text_opening(sentence: str, options: O.OptionSet, letters: str) -> tuple[str, bool] | None:
    """The option whose own whole text opens the sentence, and whether as a heading ('Burial Tomb: The beige part
    …') rather than as its subject ('A park is a location …')."""
    head = " ".join(O.canon(sentence[:120]).replace("- ", "-").replace("-", " ").split())
    found = [(letters[i], head[len(o)] == ":") for i, o in enumerate(options.options)
             if len(o) >= 3 and head.startswith(o) and head[len(o):len(o) + 1] in (":", " ")]
    return found[0] if len(found) == 1 else None


def reviewed(answer: str, options: O.OptionSet, letters: str, shown: bool) -> frozenset[str]:
    """Sentences of an option-by-option review: two or more sentences, each opening with a different option
    in the options' order ('(A) The first image shows …', '(B) The second image …'; 'Point A is on the
    head. Point B is on …'; 'Burial Tomb: … Pyramid: …'). Each describes its option; none chooses it (POLICY
    4.5). Only options that are things to describe (images, points), written with their letter or as headings open
    a review of two: 'True, …' / 'False, …' are verdicts; sentences that open with options' whole texts as their
    subjects ('A park is …', 'A school is …') make one from three."""
    few = answer.count("\n") + answer.count(". ") < 2
    if few and answer.count(": ") < 2:
        return frozenset()  # (the test below, in the order cheapest first)
    items = options.kind in ("indexed", "labelled")
    # options' own texts open a review unless they are verdicts ('True, …', 'Yes, …')
    words = options.kind == "words" and not set(options.options) & {"true", "false", "yes", "no"}
    if few and not (words and answer.count(": ") >= 2):
        return frozenset()
    review: list[str] = []
    run: list[tuple[str, str, bool, bool]] = []  # (sentence, letter, by a label or a heading, by an option's text)
    between: list[str] = []  # sentences after a run's item, before the next: they describe that item too

    def close(run: list[tuple[str, str, bool, bool]], after: list[str]) -> list[str]:
        enough = len(run) >= 2 if all(item[2] for item in run) else len(run) >= 3
        if not enough or _RANKS.search(run[0][0]):
            return []
        # sentences after the last item opened by an option's text go on describing it
        tail = after if run[-1][3] else []
        return [s for s in [item[0] for item in run] + tail if not _JUDGED_RIGHT.search(s)]

    for sentence in spans.sentences(spans.plain(answer)):
        label = _LEAD_LABEL.match(sentence) if shown and not few else None  # '(A) The …', 'Option (A) picture A: …'
        strong = True
        if label:
            opening = {label.group(1).upper()} & set(letters)
        elif items and not few:
            head = O.canon(sentence[:40])
            opening = {letters[i] for i, p in enumerate(options.patterns) if (m := p.search(head)) and
                       m.start() <= _OPENS_AT}
        elif words and (text := _text_opening(sentence, options, letters)):
            opening, strong = {text[0]}, text[1]
        elif words and run and run[-1][3]:
            opening = set()  # a sentence after an option's text opened one: it describes that option too
        else:
            continue
        if len(opening) != 1:
            if run:
                between.append(sentence)
            continue
        letter = opening.pop()
        if run and letter <= run[-1][1]:  # the order restarts: the review, if any, ended
            review += close(run, between)
            run = []
        if run:
            review += [s for s in between if shown and not _JUDGED_RIGHT.search(s)]  # within the review
        between = []
        run.append((sentence, letter, strong, not label and not items))
    if run:
        review += close(run, between)
    return frozenset(review)


def _frame_reviews(answer: str, options: O.OptionSet, letters: str, *context, read=None) -> frozenset[str]:
    """Sentences of runs of three or more in a row that open with the same three words and each state a different
    option, all the options or all but one ('The angle between FG and DE is 60°. The angle between AB and CB is
    45°. The angle between …'): they go through the options one by one, and none is chosen (POLICY 4.5).
    `read(sentence)`, where given, is the sentence's claims (AnswerPlaces.sentence_claims: the same, found once)."""
    found: list[str] = []
    run: list[tuple[str, str]] = []
    for sentence in [*spans.sentences(spans.plain(answer)), ""]:
        frame = sentence.lower().split()[:3]
        if run and frame != run[0][0].lower().split()[:3]:
            chosen = [c for _, c in run]
            if len(run) >= max(3, len(letters) - 1) and None not in chosen and len(set(chosen)) == len(chosen):
                found += [text for text, _ in run]
            run = []
        if len(frame) == 3:
            claims = read(sentence) if read else claims_of(spans.Place("sentence", sentence), options, letters,
                                                           *context)
            distinct = spans.distinct_claims(sentence, claims) if claims else []
            run.append((sentence, distinct[0] if len(distinct) == 1 else None))
    return frozenset(found)


# --- the stage -----------------------------------------------------------------------------------------


def stated_letter(answer: str, case: Reading) -> str | None:
    """A letter stated to be the answer wherever it stands: 'The answer (D) is the correct one.', '选项C正确' (2.1)."""
    if ") is " in answer or "] is " in answer or " is the " in answer or "选项" in answer or (
            " is correct" in answer or " is right" in answer or " is true" in answer):
        negated = spans.blocked(answer, asides=False)
        # where the question asks which is not so, 'option (A) is correct' judges the statement, it does not choose
        stated = {next(filter(None, m.groups())) for m in _STATED.finditer(answer)
                  if not spans.is_blocked(m.start(), negated)
                  and not (case.negative and _BARE_VERDICT.search(m.group()))
                  and not _ASKED_IF.search(answer, max(0, m.start() - 30), m.start())}  # 'to determine if option (A)
        # is the correct answer' asks it, it does not say it
        if len(stated) == 1 and all(letter in case.letters for letter in stated):  # 'The answer (D) is the correct
            return stated.pop()  # one.'
    return None


def led_in_line(answer: str, found_places: list[spans.Place], case: Reading) -> str | None:
    """'…, her phenotype for the fur color trait is:' / '(A) light fur.': the line the sentence leads in to, the
    answer's last, is the answer (2.2), whatever an earlier sentence passed on the way."""
    if ":" in answer and (last := _IS_THEN_LAST_LINE.search(answer)) and \
            not any(p.kind in ("marker", "boxed") for p in found_places) and \
            not _every_option_lettered(answer, case.letters):  # not the last of the options matched to things (4.4)
        line = spans.Place("conclusion", last.group(1))
        named = spans.distinct_claims(line.text, claims_of(line, case.options, case.letters, case.shown, case.yes_no,
                                                         case.scenery, case.names, case.unknown, case.negative))
        if len(named) == 1:
            return named[0]
    return None


def committed_places(answer: str, letters: str) -> list[spans.Place]:
    """Stage 3, the places where an answer may commit, most explicit first (POLICY 2.1-2.3): boxed values, final
    markers, conclusions, the lead, then each sentence (spans.places)."""
    found_places = spans.places(answer)
    if found_places and found_places[0].kind == "boxed" and any(
            p.kind == "marker" and letter_patterns(letters)[0].match(p.text) for p in found_places[1:3]):
        # 'The correct answer is (B).' … '\boxed{3π}': the letter written as the answer outranks a value boxed on
        # the way (2.1)
        found_places = found_places[1:]
    return found_places


class AnswerPlaces:
    """One answer being settled: the case's reading, its places, and what is found about it once, when needed."""

    __slots__ = ("answer", "case", "cases", "every_lettered", "first", "frames", "glossed", "places", "read", "review",
                 "subscripts")

    def __init__(self, answer: str, case: Reading, places: list[spans.Place], first: str | None) -> None:
        self.answer, self.case, self.places, self.first = answer, case, places, first
        self.review: frozenset[str] | None = None  # found when the sentences are reached: a marker usually decides
        self.cases: frozenset[str] | None = None  # likewise
        self.frames: frozenset[str] | None = None  # likewise
        self.glossed: Any = None  # likewise: (letter written, option its words name), () or None
        self.every_lettered: bool | None = None  # does every option open a line by its bracketed letter?
        self.subscripts: dict[str, bool] = {}  # per short line text: is it a subscript? (scanned for once each)
        self.read: dict[tuple[spans.Place, bool], list[tuple[int, str]]] = {}  # claims per (place, yes/no read)

    def claims(self, place: spans.Place, yes_no: bool | None = None) -> list[tuple[int, str]]:
        """The options the place claims (stage 4), read once per place."""
        c = self.case
        yes_no = c.yes_no if yes_no is None else yes_no
        found = self.read.get((place, yes_no))
        if found is None:
            found = self.read[place, yes_no] = claims_of(place, c.options, c.letters, c.shown, yes_no, c.scenery,
                                                         c.names, c.unknown, c.negative)
        return found

    def sentence_claims(self, text: str) -> list[tuple[int, str]]:
        """The claims of one of the answer's sentences (stage 4), read once: claims_of reads a lead and a sentence
        alike (it tells only markers, conclusions and bold apart), so where the sentence is the lead, the lead's."""
        found = self.read.get((spans.Place("lead", text), self.case.yes_no))
        return found if found is not None else self.claims(spans.Place("sentence", text))

    def claims_with_asides(self, place: spans.Place) -> list[tuple[int, str]]:
        """The options the place claims with its asides read too (yes/no not read): the claims already read where no
        stretch of it is an aside, since only the stretches blocked differ (3.2)."""
        c = self.case
        found = self.read.get((place, False))
        if found is not None and c.unknown is None and not self._has_aside(place.text):
            return found
        return claims_of(place, c.options, c.letters, c.shown, False, c.scenery, c.names, c.unknown, c.negative,
                         asides=False)

    def _has_aside(self, text: str) -> bool:
        """Does reading asides block other stretches of the text, or of its canonical form, than not reading them?"""
        negations = not self.case.negative
        return _asides_differ(text, negations) or (
            self.case.options.kind != "direction" and _asides_differ(O.canon(text), negations))

    def reviewed(self) -> frozenset[str]:
        if self.review is None:
            c = self.case
            self.review = reviewed(self.answer, c.options, c.letters, c.shown)
        return self.review


def _asides_differ(text: str, negations: bool) -> bool:
    """Does spans.blocked(text) with asides read give other ranges than without? Where negations count, every range
    found without asides is found with them too (the same negator scan and rejections, behind a wider pre-check),
    so where none is found with asides, none is without, and that second scan is left out (tests/grading/
    test_choice_fast_paths.py checks it)."""
    with_asides = blocked_ranges(text, True, negations)
    return bool(with_asides or not negations) and with_asides != blocked_ranges(text, False, negations)


def describes(place: spans.Place, st: AnswerPlaces) -> bool:
    """Stage 3: a place that describes rather than commits (POLICY 4.5): an option described in a review of them
    all, a lead-in or heading, options matched to things one line each, a hypothetical, a case of a case analysis."""
    if place.kind not in ("lead", "sentence"):
        return False  # (every rule below reads a lead or a sentence)
    answer, c = st.answer, st.case
    text = place.text
    if text in st.reviewed() or (text.endswith(":") and " " in text and not _GIVES_LETTER.search(text)
                                 and not _REASONS_FOLLOW.search(text)):
        return True  # an option described in a review of them all, or a lead-in ('Comparing the two images:',
        # a heading 'Sample A:')
    if text[:1] == "(" and _EVERY_OPTION_LINE.match(text):
        if st.every_lettered is None:
            st.every_lettered = _every_option_lettered(answer, c.letters)
        if st.every_lettered:
            return True  # '(C) Agalychnis callidryas' … '(A) Bufo bufo' … '(B) …': each option matched to a
            # thing, one line each, none chosen (4.4)
    if text.isascii() and "if" not in (low := text.lower()) and "suppose" not in low:
        return False  # both patterns below need 'if' or 'suppose' (in ASCII, ignoring case is lowering)
    if not c.asks_if and _HYPOTHETICAL.match(text):
        return True  # 'For example, if the surface is square, option A would be the correct choice.': not chosen
    if _IF_OPENS.match(text):
        if st.cases is None:
            st.cases = _cases(answer, c.options, c.letters, c.shown, c.yes_no, c.scenery, c.names, c.unknown,
                              c.negative, read=st.claims)
        if text in st.cases:
            return True  # 'If B eats C, C will decrease (A). If B feeds C, C will increase (B).': cases, none chosen
    return False


def subscript_line(place: spans.Place, st: AnswerPlaces) -> bool:
    """'KE\\nA\\n=\\n…': a formula broken over lines, its subscript alone on one, is no letter given."""
    if place.kind == "sentence" and len(place.text) <= 3 and "\n" in st.answer:
        if place.text not in st.subscripts:  # an answer may hold thousands of such lines
            st.subscripts[place.text] = _subscript(st.answer, place.text)
        return st.subscripts[place.text]
    return False


def in_frame_review(place: spans.Place, st: AnswerPlaces) -> bool:
    """The options gone through one by one, each in the same words: none chosen (4.5)."""
    if place.kind in ("lead", "sentence") and place.text.count(" ") >= 3:
        if st.frames is None:
            c = st.case
            st.frames = _frame_reviews(st.answer, c.options, c.letters, c.shown, c.yes_no, c.scenery, c.names,
                                       c.unknown, c.negative, read=st.sentence_claims)
        return place.text in st.frames
    return False
