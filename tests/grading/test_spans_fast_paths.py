"""The early exits of graders.spans and graders.refusal (issue #36) decide what the long forms they skip decide: each
property compares the short path with the long one, on the corpus answers and on texts built from the words and
characters the rules look for."""

from __future__ import annotations

import re

from answer_texts import corpus
from hypothesis import given, settings
from hypothesis import strategies as st

from graders import normalize as N
from graders import refusal, spans

_REFUSING = [
    "I can't", "I cannot", "can not", "I won't", "will not", "unable to", "not able to", "the ability to", "no way to",
    "capable of", "access to", "As an AI", "as a large language model", "as a text-based", "it is not possible to",
    "impossible", "feasible", "could not be", "couldn't be", "cannot be determined", "no image",
    "No video was provided",
    "without the picture", "no photo is", "no file", "no attachment", "no clip", "I don't see an image",
    "i do not see any video", "hard to tell", "difficult to", "too small to", "too blurry for me to", "illegible",
    "not legible", "unreadable", "I can only see one", "Sorry,", "I apologize", "unfortunately", "I don't know",
    "I'm not sure", "unknown", "N/A", "na", "n/a", "not applicable", "No answer", "cannot answer", "can't answer",
    "I can’t", "Je ne peux", "ich kann nicht", "no puedo", "lo siento, no", "non posso", "não posso", "抱歉",
    "determine", "help", "see", "answer", "read", "count", "identify", "be", "an", "ai", "model", "it", "is", "the",
    "image", "video", "I", "i", "'m", "am", " ", " ", "\n", "\t", ".", ",", "!", "?", "...", "-", "'", "’", "(", ")",
    "5", "circles", "K", "ı", "ſ", "İ", "I think it is 4.", "it's hard to tell", "It is difficult to see",
    "it was impossible to", "too dark to read", "I could only see one", "I'm sorry, but I can't",
    "Unfortunately it is not possible"]
_REFUSAL_TEXTS = st.lists(st.sampled_from(_REFUSING), max_size=10).map("".join)


def _refusal_long(answer: str) -> bool:
    """is_refusal without its one-pass exit for ASCII answers."""
    text = N.clean(answer[:600])
    if refusal._NEEDED.found_in(text) and refusal._REFUSAL.search(text):
        return True
    needed = refusal._FOREIGN_NEEDED.found_in(text) or (not text.isascii() and N.has_any(text, refusal._FOREIGN_OTHER))
    return needed and bool(refusal._FOREIGN.search(text))


def _no_anchor(text: str) -> bool:
    return refusal._ANCHORED.search(text) is None and text.strip(refusal._NOT_WORD) not in refusal._ALONE


def test_cleaned_text_has_no_whitespace_but_single_spaces():
    """The anchors ('no image', 'too') are written with the one space clean leaves where the pattern says '\\s+'."""
    spaces = [c for c in map(chr, range(0x110000)) if re.match(r"\s", c)]
    assert all(c.isspace() for c in spaces)  # so str.split (in clean) removes each
    assert all(N.clean(f"a{c}{c}b") == "a b" for c in spaces)


@settings(max_examples=3000, deadline=None)
@given(text=_REFUSAL_TEXTS)
def test_refusal_anchors_hold_every_match(text):
    """In cleaned ASCII text without an anchor neither pattern matches (so is_refusal may return at once)."""
    clean = N.clean(text)
    if clean.isascii() and _no_anchor(clean):
        assert refusal._REFUSAL.search(clean) is None, clean
        assert not refusal._FOREIGN_NEEDED.found_in(clean), clean
    assert refusal.is_refusal(text) == _refusal_long(text), text


def test_refusal_decides_as_its_long_form_on_the_corpus():
    for text in corpus():
        assert refusal.is_refusal(text) == _refusal_long(text), text
    for text in corpus():  # and every match of the pattern in them holds an anchor
        clean = N.clean(text[:600])
        if clean.isascii():
            for m in refusal._REFUSAL.finditer(clean):
                assert refusal._ANCHORED.search(m.group()) or clean.strip(refusal._NOT_WORD) in refusal._ALONE, text


_BLOCKING = ["not", "Not", "NOT", "never", "no longer", "neither", "nor", "rather than", "instead of", "other than",
             "except", "isn't", "can't", "cannot", "won’t", "n't", "though", "although", "whereas", "while", "than",
             "because", "since", "compared to", "compared with", "unlike", "ahead of", "followed by", "versus", "vs.",
             "vs", "before", "after", "as", "as the", "as it", "such as the", "two of which", "one of them",
             "some of these", "which", "where", "who", "whose", "including", "with", "each", "if", "If", "given that",
             "Given that", "assuming", "assuming that", "is wrong", "are untrue", "was inaccurate", "is incorrect",
             "is false", "is not correct", "is not the answer", "can be eliminated", "could be ruled out",
             "should be excluded", "must be discarded", ", which is not the correct", "(", ")", "(or red)",
             "(the big one)", "—", "–", " — an aside — ", "of", "of the", "would", "will", "then", "we", "so", "is",
             "are", "the", "a", "red", "circle", "B", "4", "4.5", "_", "-", "'", ".", ",", ";", ":", "!", "?", " ",
             " ", "\n", "\t", "**", "ſ", "K", "İ", "ı", "é", "答案", "x", "notable", "knot", "asked", "often",
             "theft", "Tom", "ifs", "wither", "therefore", "vs1", "t", "T"]
_BLOCKED_TEXTS = st.lists(st.sampled_from(_BLOCKING), max_size=12).map("".join) | st.text(max_size=30)
_FLAGS = st.sampled_from([(True, True), (False, True), (True, False), (False, False)])


@settings(max_examples=4000, deadline=None)
@given(text=_BLOCKED_TEXTS, flags=_FLAGS)
def test_blocked_decides_as_its_long_form(text, flags):
    """blocked's one-pass test over the text's words returns nothing only where the patterns find nothing."""
    asides, negations = flags
    assert spans.blocked(text, asides, negations) == spans._blocked(text, asides, negations), text


@settings(max_examples=3000, deadline=None)
@given(text=_BLOCKED_TEXTS)
def test_no_blocking_word_no_pattern_match(text):
    """Without one of the words (or a '('), no pattern blocked runs matches (not only the ranges come out empty)."""
    words = text.encode().translate(N.WORD_BYTES).split() if text.isascii() else None
    if words is not None and spans._ASIDE_TOKENS.isdisjoint(words) and "(" not in text:
        for pattern in (spans._NEGATOR, spans._ASIDE, spans._PREMISE, spans._INNER_IF, spans._REJECTED,
                        spans._WHICH_REJECTS, spans._PAREN):
            assert pattern.search(text) is None, (text, pattern.pattern)
    if words is not None and spans._NEGATION_TOKENS.isdisjoint(words):
        for pattern in (spans._NEGATOR, spans._REJECTED, spans._WHICH_REJECTS):
            assert pattern.search(text) is None, (text, pattern.pattern)


def test_blocked_decides_as_its_long_form_on_the_corpus():
    for text in corpus():
        for asides, negations in ((True, True), (False, True), (True, False)):
            assert spans.blocked(text, asides, negations) == spans._blocked(text, asides, negations), text


_PLACING = ["The answer is", "the answer is", "Answer:", "**Answer:**", "answer", "Final answer:",
            "The correct option is",
            "the best choice is", "The most likely scenario is", "If I had to choose, I would say:", "would", "Would",
            "If", "if", "So", "so", ", so", "Thus", "Therefore,", "therefore", "Hence", "In summary,", "To sum up",
            "That gives", "This means", "which makes", "making", "Based on the image,", "based on this", "Given that",
            "given these", "Considering this", "From this", "from the above", "overall", "also", "reason",
            "because", "total", "in total", "**", "__", "*", "_", "`", "``", "$", "\\(", "\\)", "\\boxed{3}", "#", "##",
            "- ", "* ", "• ", "1. ", "2) ", "12. ", "123. ", "A.", "B. ", "C.", "L.", "M.", "e.g.", ". ", "! ", "? ",
            "; ", "。", "！", "？", "；", "：", "\n", "\n\n", " ", "  ", "\t", "\u200b", "\u3000", "\x1c", "\x85",
            "\u2028", ".", ",", ":", ";", "!", "?", "(", ")", "red", "circle", "B", "(C)", "4", "3.5", "答案是",
            "ſo", "K", "İ", "ı", "é", "x", ", making", ". Giving", ", which means", "\nthat gives",
            ": this leaves", "; consequently", "! Overall", "? in conclusion", ",  to summarize", ", from these"]
_PLACE_TEXTS = st.lists(st.sampled_from(_PLACING), max_size=16).map("".join) | st.text(max_size=40)


@settings(max_examples=4000, deadline=None)
@given(text=_PLACE_TEXTS)
def test_the_faster_sentence_ends_split_as_sentence_end(text):
    """Where no Chinese stop is written, _SENTENCE_END_PLAIN matches where _SENTENCE_END does."""
    pattern = spans._sentence_ends(text)
    assert pattern.split(text) == spans._SENTENCE_END.split(text), text
    assert [m.span() for m in pattern.finditer(text)] == [m.span() for m in spans._SENTENCE_END.finditer(text)], text
    for start in range(len(text) + 1):
        assert spans._sentence_from(text, start) == _sentence_from_long(text, start), (text, start)


def _sentence_from_long(text: str, start: int) -> str:
    m = spans._SENTENCE_END.search(text, start)
    return text[start:m.start() if m else len(text)].strip()


@settings(max_examples=4000, deadline=None)
@given(text=_PLACE_TEXTS)
def test_plain_removes_what_markup_matches(text):
    assert spans.plain(text) == spans._MARKUP.sub("", text), text


@settings(max_examples=4000, deadline=None)
@given(text=_PLACE_TEXTS)
def test_places_skip_only_patterns_that_cannot_match(text):
    """The tests places runs before its patterns say no only where the pattern finds nothing."""
    plain = spans.plain(text)
    lowered = plain.lower()
    if plain.isascii() and not (lowered.lstrip(" \t").startswith(spans._CONCLUSION_OPENERS)
                                or spans._CONCLUSION_AFTER.search(lowered)):
        assert spans._CONCLUSION.search(plain) is None, plain
    if plain.isascii():
        assert ([m.span() for m in spans._conclusions(plain, lowered)]
                == [m.span() for m in spans._CONCLUSION.finditer(plain)]), plain
    if "__" not in text:
        assert spans._BOLD_STARS.findall(text) == [a or b for a, b in spans._BOLD.findall(text)], text
    markers = spans._markers(plain, lowered)
    assert [m.span() for m in markers] == [m.span() for m in spans._MARKER.finditer(plain)], plain
    if "would" not in lowered:
        assert not any(spans._conditional(plain, m) for m in markers), plain
    assert spans.sentences(plain) == _sentences_long(plain), plain


def _sentences_long(text: str) -> list[str]:
    parts = [spans._stripped(part) for part in spans._SENTENCE_END.split(text, maxsplit=spans.MAX_SENTENCES)]
    return [part for part in parts if part][:spans.MAX_SENTENCES]


def test_places_read_the_corpus_as_their_long_forms():
    for text in corpus():
        if text.isascii():
            assert ([m.span() for m in spans._conclusions(text, text.lower())]
                    == [m.span() for m in spans._CONCLUSION.finditer(text)]), text
        assert spans.plain(text) == spans._MARKUP.sub("", text), text
        plain = spans.plain(text)
        assert spans.sentences(plain) == _sentences_long(plain), text
        assert spans._sentence_ends(plain).split(plain) == spans._SENTENCE_END.split(plain), text


def _places_long(answer: str) -> tuple:
    """graders.spans.places as it read before its early exits (issue #36), each pattern run where its needle is."""
    S, found = spans, []
    boxed = S._BOXED.findall(answer) if "\\boxed{" in answer else ()
    if boxed:
        found.append(S.Place("boxed", boxed[-1]))
    bolds = [a or b for a, b in S._BOLD.findall(answer)] if "**" in answer or "__" in answer else ()
    text = S._MARKUP.sub("", answer)
    lowered, ascii_only = text.lower(), text.isascii()
    if not ascii_only or N.has_any(lowered, S._MARKER_NEEDLES):
        markers = [m.end() for m in S._MARKER.finditer(text) if not S._conditional(text, m)]
        for end in reversed(markers[-3:]):
            stated = _sentence_from_long(text, S._GAP.match(text, end).end())
            if stated:
                found.append(S.Place("marker", stated))
                break
    last = S._LAST_LETTER.search(text)
    if last:
        found.append(S.Place("marker", last.group(1)))
    if "total" in lowered or "altogether" in lowered:
        for m in reversed(list(S._TOTAL.finditer(text))[-3:]):
            stated = _sentence_from_long(text, m.end())
            if not stated.strip(" .!?"):
                stated = S._CLAUSE_START.split(text[max(0, m.start() - 200):m.start()])[-1].strip()
            if stated:
                found.append(S.Place("total", stated))
                break
    if not ascii_only or N.has_any(lowered, S._CONCLUSION_NEEDLES):
        conclusions = list(S._CONCLUSION.finditer(text))
        if conclusions and "based on the" in lowered:
            first_end = S._SENTENCE_END.search(text)
            lead_end = first_end.start() if first_end else len(text)
            conclusions = [m for m in conclusions if not S._introduces(m, lead_end)]
        if conclusions and "because" in lowered:
            conclusions = [m for m in conclusions if not S._in_reason(text, m.start())]
        for end in reversed([m.end() for m in conclusions[-3:]]):
            stated = _sentence_from_long(text, end)
            if stated.endswith(":") and "\n" in text[end:end + len(stated) + 2]:
                after = text.find(":", end + len(stated) - 1) + 1
                following = _sentence_from_long(text, S._GAP.match(text, after).end())
                stated = following if following and not following.endswith(":") else stated
            if stated:
                found.append(S.Place("conclusion", stated))
                break
    if bolds:
        found.append(S.Place("bold", " | ".join(bolds[-8:])))
    for k, sentence in enumerate(_sentences_long(text)):
        found.append(S.Place("lead" if k == 0 else "sentence", sentence))
    return tuple(found)


@settings(max_examples=4000, deadline=None)
@given(text=_PLACE_TEXTS)
def test_places_are_their_long_form(text):
    assert spans.places.__wrapped__(text) == _places_long(text), text


def test_places_are_their_long_form_on_the_corpus():
    for text in corpus():
        assert spans.places.__wrapped__(text) == _places_long(text), text
