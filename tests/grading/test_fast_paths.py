"""The matchers' early exits and faster forms decide what the long rules they skip decide (graders.numbers,
graders.matchers, graders.normalize, graders.causes, graders.languages)."""

from __future__ import annotations

import re

from answer_texts import assert_marked_value_is_first_place
from hypothesis import example, given, settings
from hypothesis import strategies as st

from graders import normalize as N
from graders import numbers as NB
from graders import spans

# digits (also non-ASCII ones), signs, separators and the words the number rules read
_NUMBER_SOUP = st.text(alphabet="0123456789٣٤-+.,_ x*/=a\n", max_size=40)
_SENTENCE_WORDS = st.lists(st.sampled_from(
    ["there", "are", "is", "was", "=", "x", "*", "+", "/", "^", "-", "5", "-3", "+2", "1,234", "7.5", "12", "the",
     "change", "decrease", "of", "by", "fell", "rose", "not", "never", "than", "because", "(which", "is)", "circles",
     "times", "total", ":", ",", ";", "but", "or", "equals", "~", "if", "so", "it", "flashes"]), max_size=14)


def _long_numbers(text: str) -> list[tuple[int, int, float]]:
    """graders.numbers._numbers as NUMBER's groups give it."""
    found = []
    for m in N.NUMBER.finditer(text):
        sign, whole, frac = m.groups()
        value = float(whole.replace(",", "") + (frac or ""))
        found.append((m.start(), m.end(), -value if sign == "-" else value))
    return found


@settings(max_examples=1000, deadline=None)
@given(text=_NUMBER_SOUP)
def test_number_tokens_are_numbers_matches(text):
    assert [m.span() for m in N.NUMBER_TOKEN.finditer(text)] == [m.span() for m in N.NUMBER.finditer(text)]
    # values alike to the sign of zero
    assert [repr(v) for v in N.numbers_in_clean(text)] == [repr(v) for *_, v in _long_numbers(text)]
    assert [(a, b, repr(v)) for a, b, v in NB._numbers(text)] == [(a, b, repr(v)) for a, b, v in _long_numbers(text)]


@settings(max_examples=500, deadline=None)
@given(words=_SENTENCE_WORDS, noun=st.sampled_from([None, "circle", "time", "flash"]))
def test_one_claim_is_chosen_as_the_long_rule_chooses(words, noun):
    text = " ".join(words)
    pattern = NB.counted_noun(f"How many {noun}s are there?") if noun else None
    claims = NB._claims(text)
    # the claims: every number neither blocked nor an operand (the early return when nothing can be either)
    ranges = spans.blocked(text)
    assert claims == [c for c in NB._numbers(text) if not spans.is_blocked(c[0], ranges) and not NB._operand(text, c)]
    for some in [claims[:1], claims[-1:]] if claims else []:
        assert NB._choose(text, some, pattern) == NB._chosen(text, some, pattern)
        bound = NB._bound(text, some, pattern)
        assert NB._choose(text, some, pattern, bound) == NB._chosen(text, some, pattern, bound)


_ASCII_WORDS = st.lists(st.sampled_from(
    ["orange", "Orange", "ORANGE", "oranges", "red", "blue", "star", "circle", "the", "is", "it", "no", "No", "si",
     "Si,", "oui", "Nein.", "ja", "sim", "non", "nao", "mal", "fünfmal", "zweimal", "treinta", "y", "dos", "twenty",
     "et", "one", "e", "rojo", "rojas", "bleu", "blaues", "gauche", "droite", "links", "rechts", "de", "la", "a",
     "izquierda", "derecha", "hacia", "puedo", "violette", "rose", "lila", "grau", ",", ".", "!", "3", "_x", "it2"]),
    max_size=12)


def _english_steps(text: str) -> str:
    """graders.languages.english's steps for an ASCII text (of at most 200 characters) whose question asks no true
    or false, without its early exits: a yes or no lead read, then English text as it is, else _latin's reading."""
    from graders import languages as L

    lead = L._YES_NO_LEAD.match(text)
    if lead:
        said = lead.group(1).casefold()
        text = text[:lead.start(1)] + ("no" if said in L._NO_WORDS else "yes") + text[lead.end(1):]
    return text if L._ENGLISH_LOWER.search(text.lower()) else L._latin(text)


@settings(max_examples=1500, deadline=None)
@given(words=_ASCII_WORDS, joiner=st.sampled_from([" ", ", ", "\n", " - "]))
@example(words=["orange", "no", "puedo"], joiner=" ")  # a Spanish 'no' before a verb
@example(words=["Si,", "orange"], joiner=" ")  # a yes leading
@example(words=["orange", "zweimal"], joiner=" ")  # a German count
@example(words=["orange", "twenty", "y", "one"], joiner=" ")  # numbers joined
@example(words=["red", "orange", "blue", "orange"], joiner=", ")  # English words only, read as written
@example(words=["orange", "Orange"], joiner=", ")  # one of them not in lowercase: read by _latin
def test_english_early_exits_read_as_the_steps_do(words, joiner):
    from graders.languages import english

    text = joiner.join(words)
    assert english(text, "What color is it?") == _english_steps(text)


def test_english_early_exits_read_as_the_steps_do_on_the_corpus():
    """english's exits on the ASCII corpus answers (of at most 200 characters) and their lists of words."""
    import sys
    from pathlib import Path

    from graders.languages import english

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    import grading_agreement as ga

    texts = [r["response"].get("content") or "" for n in ("realistic.jsonl", "realistic_2.jsonl")
             for r in ga.realistic_rows(n)]
    texts = [t for t in texts if t.isascii() and len(t) <= 200]
    texts += [", ".join(t.split()[:12]) for t in texts]
    assert texts
    for text in texts:
        assert english(text, "What color is it?") == _english_steps(text), text


_ASCII_SOUP = st.text(alphabet=st.characters(max_codepoint=127), max_size=80) | _ASCII_WORDS.map(" ".join).filter(
    str.isascii) | st.text(alphabet="aAmMlLzZ@[`{ \t\n-'0.", max_size=30)


@settings(max_examples=2000, deadline=None)
@given(text=_ASCII_SOUP)
@example(text="Normal, MAL, Orange")
@example(text="a@b[c`d{e")  # the bytes beside the letters
def test_ascii_words_as_translated_bytes_are_the_words_a_pattern_finds(text):
    from graders import languages as L

    letters = text.encode().translate(L._LOWERCASE_LETTERS)
    assert letters.split() == [w.encode() for w in re.findall(r"[a-z]+", text.lower())]
    assert letters.decode().split() == L._TOKEN.findall(text.casefold())  # the words _latin reads
    assert (b"mal" in letters) == ("mal" in text.lower())


def _labels_long(text: str) -> str:
    """graders.languages.labels without its early exit for English words."""
    from graders import languages as L

    return L._LABEL_WORD.sub(lambda m: f" {L._LABEL_OF[N.case_blind_key(L._LABEL_OF, m.group())]} "
                             if L._HAS_CJK.match(m.group()) else L._LABEL_OF[N.case_blind_key(L._LABEL_OF, m.group())],
                             text)


@settings(max_examples=1500, deadline=None)
@given(text=_ASCII_SOUP | st.lists(st.sampled_from(["Trauben", "trauben", "CERISES", "citron vert", "Citrons",
                                                     "pommes", "Grapes", "the", "is", "uva", "uvas,", "Mango", "-",
                                                     "(", ")", "1", "lima"]), max_size=6).map(" ".join))
def test_labels_leave_as_written_only_texts_without_a_label_word(text):
    from graders.languages import labels

    assert labels(text) == _labels_long(text)


@settings(max_examples=1000, deadline=None)
@given(text=st.text(alphabet="ab c,'\n", min_size=40, max_size=300) | st.text(min_size=40, max_size=120),
       times=st.integers(2, 12))
@example(text="x" * 300, times=8)
@example(text="The answer is 5. " * 20, times=8)
def test_trigrams_as_ints_count_as_tuples(text, times):
    from graders.causes import _some_trigram_repeats, _trigram_counted

    assert _some_trigram_repeats(text, times) == _trigram_counted(text, times)


@settings(max_examples=1000, deadline=None)
@given(text=st.text(alphabet="{}[]:,' \t\n\r'ab1\\", max_size=60))
@example(text="{'color': 'pink', 'shape': 'hexagon'}")
@example(text="[1, 2] then { } and {'a': 1}")
def test_a_text_without_a_key_holds_only_empty_objects(text):
    from graders.jsonscan import MAX_SCAN, _decoded, first_object

    if "{" in text:  # no '"' in the alphabet: the early exit is tried on every text
        assert first_object(text) == _decoded(text[:MAX_SCAN])


@settings(max_examples=500, deadline=None)
@given(got=st.sampled_from(["pink", "Pink", "pink.", "grey", "gray", "light blue", "cyan", "", " left ", 5, None]),
       want=st.sampled_from(["pink", "gray", "grey", "cyan", "left", "5", ""]))
def test_the_same_value_text_is_the_same_value(got, want):
    from graders import normalize as N
    from graders.matchers import same_value

    assert same_value(got, want) == (N.normalize_text(str(got), "color") == N.normalize_truth(str(want), "color"))


def _plain(words) -> str:
    return "|".join(re.escape(w) for w in words)


_GROUPED = {  # each pattern built with normalize.alternation, and as a plain alternation of its words
    "colors": (N._COLOR_RE, re.compile(r"\b(" + _plain(N._COLOR_NAMES) + r")(?:ish)?\b")),
    "modified colors": (N._COLOR_WITH_MODIFIER, re.compile(N._MODIFIERS + r"\b(" + _plain(N._COLOR_NAMES) +
                                                           r")(?:ish)?\b")),
    "shapes": (N._SHAPE_RE, re.compile(r"\b(" + _plain(N.SHAPE_NAMES) + r")(?:e?s)?\b")),
    "number words": (N._WORDS_RUN, re.compile(rf"\b(?:{_plain(N._NUMBER_WORDS_SORTED)})"
                                              rf"(?:[\s-]+(?:{_plain(N._NUMBER_WORDS_SORTED)}))*\b")),
}


@settings(max_examples=600, deadline=None)
@given(words=st.lists(st.sampled_from([*N._COLOR_NAMES, *N.SHAPE_NAMES, *N._NUMBER_WORDS_SORTED, "light", "dark",
                                       "ish", "es", "s", "sky", "x", "2", "-", "blu", "tw"]), max_size=10),
       joiners=st.lists(st.sampled_from([" ", "", "-", ", ", "_", "\n"]), min_size=10, max_size=10))
def test_words_grouped_by_first_character_match_as_listed(words, joiners):
    from graders.matchers import _SHAPE_ITEM, SHAPE_WORDS

    text = "".join(w + j for w, j in zip(words, joiners, strict=False))
    patterns = [*_GROUPED.values(), (_SHAPE_ITEM, re.compile(rf"\b({_plain(N.BASE_COLORS)})\s+(?:[a-z]+\s+){{0,2}}?"
                                                             rf"({_plain(SHAPE_WORDS)})(?:e?s)?\b"))]
    for grouped, plain in patterns:
        assert [(m.span(), m.groups()) for m in grouped.finditer(text)] == \
            [(m.span(), m.groups()) for m in plain.finditer(text)]


@settings(max_examples=300, deadline=None)
@given(items=st.lists(st.sampled_from(["red", "blue", "(1, 2)", "", "star", "-2"]), max_size=20))
def test_the_same_items_are_wholly_similar(items):
    from rapidfuzz.distance import Levenshtein

    assert Levenshtein.normalized_similarity(items, list(items)) == 1.0


@settings(max_examples=1000, deadline=None)
@given(words=st.lists(st.sampled_from(["Answer", "ANSWER:", "answer is", "Final answer -", "result =", "Solution:",
                                       "solutions", "respuesta:", "Réponse :", "reponse:", "Antwort:", "RESPOSTA:",
                                       "Ответ:", "答案：", "答え は", "正解:", "정답:", "ſolution:", "\\boxed{4}",
                                       "\\boxed {4}", "**x**", "__y__", "*z*", "5", "the", "\n"]), max_size=8))
def test_candidates_skip_only_patterns_that_cannot_match(words):
    from graders import extract as E

    text = " ".join(words)
    if "\\boxed{" not in text:
        assert not E._BOXED.search(text)
    if text.isascii() and not N.has_any(text.lower(), E._EXPLICIT_NEEDS):
        assert not E._EXPLICIT.search(text)
    if "**" not in text and "__" not in text:
        assert not E._BOLD.search(text)


@given(start=st.integers(-5, 500))
def test_nothing_blocked_blocks_nothing(start):
    assert not spans.is_blocked(start, [])  # matchers._concept_present: with nothing negated, any mention counts


_LOOPY = st.lists(st.tuples(st.text(alphabet="ab c.\n1é中\ud800", min_size=1, max_size=13), st.integers(1, 11)),
                  max_size=6).map(lambda parts: "".join(unit * times for unit, times in parts))


@settings(max_examples=1500, deadline=None)
@given(text=_LOOPY | st.text(alphabet="ab \n1", max_size=200))
@example(text="ab" * 30 + " x " + "edg" * 20)
@example(text="single " * 12)
def test_loops_found_where_they_can_start_are_the_loops_finditer_finds(text):
    from graders.causes import _LOOP, _looped

    text = text[:4000]
    assert _looped(text) == sum(len(m.group(0)) for m in _LOOP.finditer(text) if any(c.isalnum() for c in m.group(1)))


def _degenerate_long(answer: str) -> bool:
    """graders.causes.is_degenerate as its rule reads: the trigram test, then the loops finditer finds, then zlib."""
    import zlib

    from graders.causes import _LOOP, _trigram_counted

    text = answer[:4000]
    if len(text) >= 24 and _trigram_counted(text, 8):
        looped = sum(len(m.group(0)) for m in _LOOP.finditer(text) if any(c.isalnum() for c in m.group(1)))
        if looped >= max(24, 0.3 * len(text.strip())):
            return True
    if len(answer) < 300:
        return False
    raw = answer.encode("utf-8", "replace")
    return len(zlib.compress(raw)) / len(raw) < 0.12


@settings(max_examples=1000, deadline=None)
@given(text=_LOOPY | st.text(alphabet="ab \n1", max_size=400), pad=st.sampled_from(["", " ", "x" * 300, "é"]))
@example(text="edg" * 40, pad="")
@example(text="6 " * 200, pad="")
def test_is_degenerate_decides_as_its_rule_reads(text, pad):
    from graders.causes import is_degenerate

    for answer in (text, pad + text, text + pad):
        assert is_degenerate(answer) == _degenerate_long(answer)


_MARKER_FORMS = st.sampled_from(["Answer: {}", "The answer is {}.", "The answer is **{}**.", "Answer: **{}**",
                                 "The final answer is {}", "Final answer: {}.", "**Answer:** {}", "the answer is: {}",
                                 "answer: {}", "Answer:  {}", "The answer is ({}).", "Answer: {} cm", "Answer: {}.."])


@settings(max_examples=1500, deadline=None)
@given(form=_MARKER_FORMS, number=st.from_regex(r"[-+]?(?:\d{1,4}(?:,\d{3}){0,2}|\d{1,7})(?:\.\d{1,3})?\.?",
                                                fullmatch=True) | _NUMBER_SOUP,
       question=st.sampled_from(["How many circles are there?", "What is the total?", "", "How far, in cm?"]),
       unit=st.sampled_from([None, "cm", "circles"]), trace=st.booleans())
def test_a_number_after_a_marker_is_what_the_places_state(form, number, question, unit, trace):
    """numbers.stated_number's stage 0 ('Answer: 5', 'The answer is **7,644**.') states what reading the places does."""
    answer = form.format(number)
    assert NB.stated_number(answer, question, trace, unit) == \
        NB.stated_in_places(answer, question, trace, unit, NB._BARE.fullmatch(answer))


_VALUE_WORDS = st.sampled_from(["red", "Cherries", "5", "-2", "7,644", "(1, 3)", "cyan circle", "so", "and", "total",
                                "most", "correct", "option", "B", "it's", "if", "I", "would", "x-y", "9", "answer",
                                "because", "not", "sk-proj-SA229j39"])


@settings(max_examples=2000, deadline=None)
@given(form=_MARKER_FORMS | st.sampled_from(["The answer is: **{}**", "Answer: {}!", "The answer is {} .",
                                             "Final answer: **{}**."]),
       words=st.lists(_VALUE_WORDS, min_size=1, max_size=5), joints=st.lists(st.sampled_from([" ", ", ", "  ", ""]),
                                                                              min_size=5, max_size=5))
def test_a_marked_value_is_the_first_of_the_places(form, words, joints):
    """spans.marked_value ('Answer: Cherries', 'The answer is **red, blue**.') is the text of the first place
    spans.places finds there, a marker's: the exact and collection graders read it before the places."""
    value = "".join(w + j for w, j in zip(words, joints, strict=False)).rstrip(",") or "red"
    answer = form.format(value)
    assert_marked_value_is_first_place(answer)


def test_a_marked_value_is_found_in_the_common_forms():
    """(so that the property above cannot hold by finding none)"""
    for answer, value in (("Answer: Cherries", "Cherries"), ("The answer is **brown star, cyan circle**.",
                                                             "brown star, cyan circle."), ("Answer: -2, 1", "-2, 1"),
                          ("The final answer is (1, 3), (4, 3).", "(1, 3), (4, 3)."), ("**Answer:** 5 cm", "5 cm")):
        assert spans.marked_value(answer) == value
    for answer in ("Answer: option B", "The answer is red. Then blue", "Answer: red\nblue", "I think red"):
        assert spans.marked_value(answer) is None


@settings(max_examples=500, deadline=None)
@given(form=_MARKER_FORMS, words=st.lists(_VALUE_WORDS, min_size=1, max_size=4))
def test_the_first_places_are_the_places(form, words):
    """spans.first_places yields what spans.places holds, in order."""
    answer = form.format(" ".join(words))
    assert tuple(spans.first_places(answer)) == spans.places.__wrapped__(answer)
