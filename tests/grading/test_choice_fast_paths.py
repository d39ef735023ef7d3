"""The choice grader's early exits on sentence answers (issue #36) decide what the long rules they skip decide: each
property compares the short path with the long one on texts built from the words and characters the rules look for."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from hypothesis import example, given, settings
from hypothesis import strategies as st

from graders import options as O
from graders import spans
from graders.choice_letters import (
    _ROLE_LABEL,
    _WORDLIKE,
    _capital,
    _may_name,
    letter_patterns,
    letters_named,
    scan_letters,
)
from graders.choice_places import _asides_differ

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import grading_agreement as ga

_PIECES = ["A", "B", "C", "D", "I", "L", "a", "b", "c", "i", "(", ")", "[", "]", ".", ":", ",", " ", " ", "\n", "-",
           "—", "**", "option", "Option", "OPTION", "choice", "letter", "the", "The", "is", "select", "Choose", "pick",
           "ball", "think", "top", "left", "right", "up", "down", "middle", "center", "centre", "bottom", "east",
           "north", "to", "from", "toward", "the first", "image", "video", "2", "3", "second", "not", "never",
           "no longer", "neither", "nor", "because", "which", "while", "than", "if", "given", "assuming", "of them",
           "wrong", "incorrect", "false", "be", "ſ", "K", "İ", "é", "答案是", "would", "as the", "with", "each", "'",
           "’", "∠", "A.M.", "correct", "best", "right", "I'm", "is the correct answer"]
texts = st.lists(st.sampled_from(_PIECES), max_size=14).map("".join)


@settings(max_examples=1500, deadline=None)
@given(text=texts, letters=st.sampled_from(["AB", "ABC", "ABCD", "ABCDEFGHI", "ABCDEFGHIJKL"]), shown=st.booleans(),
       own=st.sampled_from([frozenset(), frozenset({"A"}), frozenset({"B", "C"})]))
def test_letters_named_is_the_scan_of_every_pattern(text, letters, shown, own):
    """letters_named leaves out the patterns a text cannot match; scanning all of them finds the same letters."""
    every = scan_letters(text, letter_patterns(letters), shown, own, _ROLE_LABEL.match(text), (True,) * 8)
    assert letters_named(text, letters, shown, own) == every, text
    if letter_patterns(letters)[0].match(text) is None:  # as claims_of says, where it found so
        assert letters_named(text, letters, shown, own, not_whole=True) == every, text


@settings(max_examples=1500, deadline=None)
@given(text=texts, letters=st.sampled_from(["AB", "ABCD", "ABCDEFGHIJKL"]))
def test_a_pattern_said_not_to_match_does_not(text, letters):
    lowered = text.lower() if text.isascii() else None
    capital, letter = _capital(letters)
    may = _may_name(text, lowered, capital.search(text) is not None, letter.search(text) is not None)
    for pattern, possible in zip(letter_patterns(letters)[:-1], may[:-1], strict=True):
        assert possible or pattern.search(text) is None, (text, pattern.pattern)
    # 7: every capital it finds is a word ('I think'), or there is none
    assert may[-1] or all(_WORDLIKE.match(text, m.start()) for m in letter_patterns(letters)[-1].finditer(text))


def test_every_position_word_holds_a_needle():
    assert all(any(n in word for n in O.POSITION_NEEDLES) for word in O._UNIT)


@settings(max_examples=1500, deadline=None)
@given(text=texts)
def test_no_position_word_no_place_and_no_direction(text):
    """cells and directions return nothing at once where no position word is in the text: the patterns find none."""
    if not any(n in text for n in O.POSITION_NEEDLES):
        for pattern in (O._PLACE_RE, O._CELL_RE, O._FROM_TO, O._ORIGIN):
            assert pattern.search(text) is None, (text, pattern.pattern)
    assert O.cells(text) == [(at, (y, x)) for at, (x, y) in O._runs(text, O._CELL_RE, [], O._JOIN_CELL)]


_INDEXED = [("Image 1", "Image 2", "Image 3"), ("the first video", "the second video"),
            ("Figure 1", "Figure 2", "Figure 3", "Figure 4"), ("Option 1", "Option 2"), ("Panel 12", "Panel 13"),
            ("the 1st clip", "the 2nd clip", "the 3rd clip")]


@settings(max_examples=1500, deadline=None)
@given(text=texts.map(str.lower) | texts, choices=st.sampled_from(_INDEXED))
def test_indexed_options_are_named_only_with_one_of_their_needles(text, choices):
    """named() returns nothing at once for indexed options where the text holds none of their needles: no option's
    pattern matches there."""
    options = O.option_set(choices)
    assert options.kind == "indexed"
    if not any(n in text for n in options.needles.words):
        assert not any(p.search(text) for p in options.patterns), text


_WORD_OPTIONS = [("cyan star", "gray star", "pink diamond", "cyan square"), ("clockwise", "counterclockwise"),
                 ("a straight line", "bouncing off the walls", "a circle"), ("moving", "still"),
                 ("quarter", "quarter to", "quarter past"), ("Box A", "Box B", "About the same"),
                 ("(1, 0)", "(0, 1)"), ("4.5 m", "45 cm", "400rpm"), ("Seahorses would decrease",
                                                                    "Rotifers would decrease", "Nothing changes")]
_WORDS = ["cyan", "star", "stars", "gray", "pink", "diamond", "square", "squares", "clockwise", "counterclockwise",
          "clockwize", "straight", "line", "bouncing", "bounces", "off", "the", "walls", "circle", "round", "moving",
          "moves", "still", "quarter", "to", "past", "box", "a", "b", "about", "same", "(1, 0)", "(0, 1)", "4.5", "m",
          "45", "cm", "400rpm", "400", "rpm", "seahorses", "rotifers", "would", "decrease", "nothing", "changes", "it",
          "is", "not", "and", ",", ".", " "]
word_texts = st.lists(st.sampled_from(_WORDS), max_size=16).map(" ".join)


@settings(max_examples=1500, deadline=None)
@given(text=word_texts, choices=st.sampled_from(_WORD_OPTIONS),
       scenery=st.sampled_from([frozenset(), frozenset({"star"}), frozenset({"cyan", "decreas"})]))
def test_named_by_words_reads_the_options_every_option_loop_reads(text, choices, scenery):
    """_named_by_words reads only the candidate options (those whose first or own words the text holds): reading
    every option finds the same; and its words are _tokens' words, stemmed."""
    options = O.option_set(choices)
    if options.kind != "words":
        return
    words = [(at, O.stem(w)) for at, w in O._tokens(text, options.filler_stems)]
    assert O._stemmed_words(text, options.filler_stems) == words
    at = {}
    for k, (_, s) in enumerate(words):
        at.setdefault(s, []).append(k)
    own_words, wanted, needles = options.read_by(scenery)
    assert own_words == O._distinctive(options.stems, scenery)
    if needles is not None and not needles.found_in(text):
        assert not any(s in wanted for _, s in words), text  # the exit: no word has a stem the options are read by
    candidates = sorted({i for s in at if s in wanted for i in wanted[s]})
    assert O.option_mentions(options, words, at, own_words, candidates) == \
        O.option_mentions(options, words, at, own_words, range(len(options.stems)))


@settings(max_examples=2000, deadline=None)
@given(text=texts)
def test_no_ranges_with_asides_means_none_without(text):
    """Where negations count, what spans.blocked finds without asides it finds with them (_asides_differ's exit)."""
    if not spans.blocked(text, asides=True, negations=True):
        assert spans.blocked(text, asides=False, negations=True) == []
    for negations in (True, False):
        assert _asides_differ(text, negations) == (
            spans.blocked(text, asides=True, negations=negations) != spans.blocked(text, asides=False,
                                                                                   negations=negations))


_ASIDE_WORDS = ["than", "Than", "THAN", "compared", "unlike", "versus", "vs", "ahead of", "though", "Although",
                "whereas", "but", "However", "if", "IF", "unless", "whether", "either", "instead", "rather", "except",
                "or", "Or", "given", "assuming", "suppose", "for", "word", "thank", "butter", "ſ", "é", "K", "İ"]
aside_texts = st.lists(st.sampled_from(_ASIDE_WORDS + _PIECES), max_size=14).map("".join) | st.text(max_size=40)


@settings(max_examples=2000, deadline=None)
@given(text=aside_texts)
def test_sets_aside_is_the_pattern_s_search(text):
    from graders.choice_settle import _SETS_ASIDE, sets_aside
    assert sets_aside(text) == (_SETS_ASIDE.search(text) is not None), text


@settings(max_examples=1000, deadline=None)
@given(options=st.lists(st.text(max_size=60), min_size=1, max_size=6).map(tuple), size=st.integers(0, 200))
def test_near_sizes_are_the_lengths_near_some_option(options, size):
    near = not all(abs(size - len(o)) > 0.16 * max(size, len(o)) for o in options)
    assert (size in O._near_sizes(options)) == near


_INFLECTED = [*O._SYNONYMS, "rounded", "rounding", "rebounds", "rebounded", "ricochets", "flipped", "stopping",
              "equally", "linearly", "slightly", "simply", "21,000", "1,310,000", "4,870", "centimetres", "bouncing",
              "circular", "circles", "lines", "moving", "walls", "pounds", "kilograms", "straightly", "hopped"]


@settings(max_examples=3000, deadline=None)
@given(word=st.sampled_from(_INFLECTED) | st.from_regex(r"[a-z0-9√π]{1,14}(?:[.,/:][0-9]{1,4})?", fullmatch=True))
def test_every_word_holds_a_needle_of_its_stem(word):
    """_stem_needles(stems): every word whose stem is among `stems` holds one of them (named()'s exit for words)."""
    assert any(n in word for n in O._stem_needles(frozenset({O.stem(word)}))), word


_CHOICES = [("cyan star", "gray star", "pink diamond", "cyan square"), ("clockwise", "counterclockwise"),
            ("Image 1", "Image 2", "Image 3"), ("left to right", "right to left", "top to bottom", "bottom to top"),
            ("top left", "top center", "middle left", "bottom right"), ("yes", "no"), ("4", "12", "45°"),
            ("電力", "水力"), ("Insufficient information", "Red", "Blue")]
_ENDINGS = ["I think it is 4.", "The ball moves to the left", "It is the cyan square", "(C).", "(B)", " which is (A).",
            " is the correct answer.", "the second image", "clockwise", "square.", "stars", "電力 (electricity)",
            " but ", " than ", ", which ", "because it bounces", " not ", "red", " 12", " ", ".", "\n", "Image 2"]


@settings(max_examples=2000, deadline=None)
@given(parts=st.lists(st.sampled_from(_ENDINGS), min_size=1, max_size=5), choices=st.sampled_from(_CHOICES))
def test_an_answer_ending_on_no_option_names_none_in_an_aside(parts, choices):
    """_named_in_aside's exit (no bracketed letter at the end, no option's last word there) finds what reading the
    claims finds."""
    from graders.choice_options import read_case
    from graders.choice_settle import _ending_on_named, _named_in_aside, sets_aside

    answer = "".join(parts)
    c = read_case(choices, None)
    args = (answer, c.options, c.letters, c.shown, c.scenery, c.names, c.unknown, c.negative)
    full = None if len(answer) > 300 or sets_aside(answer) else _ending_on_named(*args)
    assert _named_in_aside(*args) == full, answer


_GATE_PIECES = ["if", "If", "IF", "suppose", "Suppose", "for example", "For instance", "e.g.", "on the other hand",
                "However", ",", " ", "  ", "the", "is the correct answer", "Is The Right Option", "none of the",
                "None Of them", "are", "is", "(", ")", "A", "ı", "ſ", "K", "İ", "..", "-", "whether",
                "the question is asking", "this question wants", "determine if", "tell if"]
gate_texts = st.lists(st.sampled_from(_GATE_PIECES + _PIECES), max_size=12).map("".join)


@settings(max_examples=3000, deadline=None)
@given(text=gate_texts)
def test_literal_gates_hold_what_their_patterns_need(text):
    """The literals looked for before a pattern: where the text lacks them, the pattern cannot match."""
    from graders.choice_places import _HYPOTHETICAL, _IF_OPENS
    from graders.choice_settle import _ENDS_ON_LETTER, _IS_THE_ANSWER, _NONE_OF_THEM

    low = text.lower()
    if text.isascii() and "if" not in low and "suppose" not in low:
        assert _HYPOTHETICAL.match(text) is None and _IF_OPENS.match(text) is None, text
    if text.isascii() and "none of" not in low:
        assert _NONE_OF_THEM.search(text) is None, text
    if "(" not in text:
        assert _ENDS_ON_LETTER.search(text) is None, text
    from graders.choice_relations import _ABOUT_THE_QUESTION, _EMBEDDED
    if "question" not in text:
        assert _ABOUT_THE_QUESTION.search(text) is None, text
    if "whether" not in text and "if" not in text:
        assert _EMBEDDED.search(text) is None, text
    canonical = O.canon(text)
    if "is the " not in canonical:
        assert _IS_THE_ANSWER.sub("", canonical) == canonical, text


_SENTENCES = ["If B eats C, C will decrease (A).", "If B feeds C, C will increase (B).",
              "The angle between FG and DE is 60°.", "The angle between AB and CB is 45°.",
              "The angle between AC and CD is 30°.", "I think it is 4.",
              "The ball moves from left to right.", "It is the cyan square.", "Image 2 has the most squares.",
              "Yes, they do.", "No.", "(C) clockwise", "Option A is not correct.", "It is not the gray star."]


@settings(max_examples=600, deadline=None)
@given(sentences=st.lists(st.sampled_from(_SENTENCES), min_size=1, max_size=6),
       choices=st.sampled_from(_CHOICES + [("60°", "45°", "30°"), ("decrease", "increase", "stay the same")]))
def test_claims_read_once_are_the_claims_read_afresh(sentences, choices):
    """A lead's claims are a sentence's (claims_of reads the two alike), and the case analysis and frame review found
    with the claims read once (AnswerPlaces) are those found reading them afresh."""
    from graders.choice_claims import claims_of
    from graders.choice_options import read_case
    from graders.choice_places import AnswerPlaces, _cases, _frame_reviews, committed_places

    answer = " ".join(sentences)
    c = read_case(choices, None)
    context = (c.shown, c.yes_no, c.scenery, c.names, c.unknown, c.negative)
    for text in sentences:
        assert claims_of(spans.Place("lead", text), c.options, c.letters, *context) == \
            claims_of(spans.Place("sentence", text), c.options, c.letters, *context)
    st_ = AnswerPlaces(answer, c, committed_places(answer, c.letters), None)
    for place in st_.places:
        st_.claims(place)  # as the stage reads them, before the reviews are looked for
    assert _cases(answer, c.options, c.letters, *context, read=st_.claims) == \
        _cases(answer, c.options, c.letters, *context)
    assert _frame_reviews(answer, c.options, c.letters, *context, read=st_.sentence_claims) == \
        _frame_reviews(answer, c.options, c.letters, *context)


# --- claims_of's exit for texts that name nothing (names_nothing) ------------------------------------------------

_NOTHING_CHOICES = _CHOICES + [
    ("60°", "45°", "30°"), ("decrease", "increase", "stay the same"), ("True", "False"), ("7:30", "half", "oclock"),
    ("half past", "quarter to", "seven oclock"), ("Aa", "aa", "AA"), ("0.0, 13.0", "4.6, 4.4"),
    ("MusicLDM (mix-up)", "AudioLDM", "Riffusion"), ("Box A", "Box B", "About the same"), ("(a)", "(b)", "(c)"),
    ("Neither set A nor set B", "Set A", "Set B"), ("None of the above", "A dog", "A cat"), ("1", "2", "3", "4"),
    ("A", "B", "C"), ("iv", "ii", "iii"), ("bouncing off the walls", "a straight line", "a circle"),
    ("top left", "top center", "top right", "middle left", "middle center", "middle right", "bottom left",
     "bottom center", "bottom right")]
_NOTHING_PIECES = [*_PIECES, *_WORDS, "yes", "No", "nothing", "half", "seven", "oclock", "o'clock", "7:30", ":", "4.6",
                   "13.0", "45", "30°", "insufficient information", "cannot be determined", "not enough", "set",
                   "neither", "E360", "_B5", "_C", "b.", "c)", "d:", "A2", "h", "e", "g ", "dog", "cat", "Riffusion",
                   "mix-up", "Aa", "AA", "aa", "iv", "4", "1st", "panel", "the last one", "former", "latter",
                   "two birds", "three cats", "8:30", "9:00", "ten", "not possible to determine which", "labeled a",
                   "marked b", "choice b", "letter c", "box"]
nothing_texts = st.lists(st.sampled_from(_NOTHING_PIECES), max_size=12).map("".join) | \
    st.lists(st.sampled_from(_NOTHING_PIECES), max_size=10).map(" ".join)
_KINDS = ("lead", "sentence", "marker", "conclusion", "bold", "boxed")


def _no_claim_anywhere(text, c) -> bool:
    """read_claims finds nothing in a place of `text` of any kind, letters shown or not, yes/no read or not (as
    the claims with asides read are), asides read or not, the question asking which is not so or not."""
    from graders.choice_claims import read_claims

    return not any(read_claims(spans.Place(kind, text), c.options, c.letters, shown, yes_no, c.scenery, frozenset(),
                               c.unknown, negative, asides)
                   for kind in _KINDS for shown in (True, False) for yes_no in {c.yes_no, False}
                   for negative in (False, True) for asides in (True, False))


@settings(max_examples=3000, deadline=None)
@given(text=nothing_texts, choices=st.sampled_from(_NOTHING_CHOICES),
       question=st.sampled_from([None, "Which star is cyan?", "Which is not a pet?", "Is it moving?"]))
# each of names_nothing's tests, where the others pass: a count in words, a clock time, 'cannot be determined', a
# label's letter in lowercase, a letter after 'choice'
@example(text="there are two birds", choices=("1", "2", "3", "4"), question=None)
@example(text="at 8:30", choices=("7:30", "half", "oclock"), question=None)
@example(text="it cannot be determined", choices=("Insufficient information", "Red", "Blue"), question=None)
@example(text="the one labeled a", choices=("Box A", "Box B", "About the same"), question=None)
@example(text="choice b", choices=("cyan star", "gray star", "pink diamond"), question=None)
@example(text="I think it is 4.", choices=(), question=None)  # no options, no letters: read, not an error
def test_a_text_said_to_name_nothing_has_no_claims(text, choices, question):
    """claims_of's exit (names_nothing) is taken only where every rule of claims, read in full, finds nothing."""
    from graders.choice_claims import claims_of, names_nothing
    from graders.choice_options import read_case

    c = read_case(choices, question)
    if names_nothing(text, c.options, c.letters, c.scenery, c.unknown):
        assert _no_claim_anywhere(text, c), (text, choices)
        assert claims_of(spans.Place("lead", text), c.options, c.letters, c.shown, c.yes_no, c.scenery) == []


@settings(max_examples=2000, deadline=None)
@given(text=nothing_texts.map(O.canon), choices=st.sampled_from(_NOTHING_CHOICES),
       cuts=st.lists(st.tuples(st.integers(0, 60), st.integers(0, 12)), max_size=3))
def test_options_name_nothing_in_a_blanked_text_where_they_name_nothing_in_it(text, choices, cuts):
    """options.names_nothing holds for the text with any stretches blanked (as claims_of reads it)."""
    from graders.choice_options import blanked

    options = O.option_set(choices)
    if O.names_nothing(options, text):
        cut = blanked(text, [(a, min(a + n, len(text))) for a, n in cuts if a < len(text)])
        assert O.named(options, cut) == [] and O.named_negative(options, cut) == [], (text, cut, choices)


def test_a_text_said_to_name_nothing_has_no_claims_on_the_corpus(monkeypatch):
    """The same on every text claims_of is asked about while the answers of the first two real multiple-choice draws
    are graded."""
    from types import SimpleNamespace

    from graders import choice_claims, grade
    from graders.records import CaseSpec

    asked = {}
    said = choice_claims.names_nothing

    def recording(text, options, letters, scenery, unknown):
        nothing = said(text, options, letters, scenery, unknown)
        if nothing:
            asked[text, options.options, letters, scenery, unknown] = options
        return nothing

    monkeypatch.setattr(choice_claims, "names_nothing", recording)
    for name in list(ga.REAL_MC)[:2]:
        for row in ga.real_mc_rows(name):
            case = CaseSpec.model_validate(ga.mc_case(row))
            grade(case, {"case_id": case.id, "content": row["answer"], "finish_reason": "stop"})
    assert len(asked) > 100  # sentences of reasoning that name nothing
    for (text, _, letters, scenery, unknown), options in asked.items():
        yes_no = set(options.options) == {"yes", "no"}
        c = SimpleNamespace(options=options, letters=letters, yes_no=yes_no, scenery=scenery, unknown=unknown)
        assert _no_claim_anywhere(text, c), text


@settings(max_examples=3000, deadline=None)
@given(text=st.text(alphabet="ab09Z é.\n-_ ", max_size=30) | st.text(max_size=30) | nothing_texts.map(O.canon))
def test_the_last_word_read_from_the_end_is_the_pattern_s(text):
    """last_word finds what a search of _LAST_WORD finds (the last run of lowercase ASCII letters and digits)."""
    from graders.choice_settle import _LAST_WORD, last_word

    m = _LAST_WORD.search(text)
    assert last_word(text) == (m.group(1) if m else None), text


_CHARS = "ABCDIL abc_09'’-,.()∠٣"


@settings(max_examples=3000, deadline=None)
@given(text=st.text(alphabet=_CHARS, max_size=24) | texts | st.text(max_size=24),
       letters=st.sampled_from(["AB", "ABCD", "ABCDEFGHI", "ABCDEFGHIJKL"]))
def test_patterns_opening_on_what_they_match_match_as_with_the_look_behind_first(text, letters):
    """A look behind moved after the character it precedes (so that the engine skips to that character) leaves the
    matches as they were: the standing capitals, and the thousands commas."""
    from graders.choice_letters import _standing_capital
    from graders.choice_options import GROUPED

    def spans_of(pattern, at):
        return [m.span() for m in pattern.finditer(at)]

    assert spans_of(_capital(letters)[0], text) == \
        spans_of(re.compile(f"(?<![A-Za-z0-9_])[{letters}](?![A-Za-z0-9_'’-])"), text), text
    assert spans_of(_standing_capital(letters), text) == \
        spans_of(re.compile(f"(?<![A-Za-z0-9])[{letters}](?![A-Za-z_'’-])"), text), text
    digits = text.replace("a", "1").replace("b", "2").replace("c", "3").replace("_", "4")  # commas between digits
    assert GROUPED.sub("", digits) == re.sub(r"(?<=\d),(?=\d{3}\b)", "", digits), digits
