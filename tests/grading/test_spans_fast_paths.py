"""The early exits of graders.spans and graders.refusal (issue #36) decide what the long forms they skip decide: each
property compares the short path with the long one, on the corpus answers and on texts built from the words and
characters the rules look for."""

from __future__ import annotations

import re
import sys
from functools import cache
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from graders import normalize as N
from graders import refusal, spans

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import grading_agreement as ga


@cache
def corpus() -> tuple[str, ...]:
    """Answers of the realistic corpora and of two real multiple-choice draws."""
    texts = [r["response"].get("content") or "" for n in ("realistic.jsonl", "realistic_2.jsonl")
             for r in ga.realistic_rows(n)]
    texts += [r["answer"] for n in list(ga.REAL_MC)[:2] for r in ga.real_mc_rows(n)]
    return tuple(dict.fromkeys(t for t in texts if t))


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
    words = text.encode().translate(spans._WORD_BYTES).split() if text.isascii() else None
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
