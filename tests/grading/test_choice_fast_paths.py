"""The choice grader's early exits on sentence answers (issue #36) decide what the long rules they skip decide: each
property compares the short path with the long one on texts built from the words and characters the rules look for."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from graders import options as O
from graders import spans
from graders.choice_letters import _ROLE_LABEL, _capital, _may_name, letter_patterns, letters_named, scan_letters
from graders.choice_places import _asides_differ

_PIECES = ["A", "B", "C", "D", "I", "L", "a", "b", "c", "i", "(", ")", "[", "]", ".", ":", ",", " ", " ", "\n", "-",
           "—", "**", "option", "Option", "OPTION", "choice", "letter", "the", "The", "is", "select", "Choose", "pick",
           "ball", "think", "top", "left", "right", "up", "down", "middle", "center", "centre", "bottom", "east",
           "north", "to", "from", "toward", "the first", "image", "video", "2", "3", "second", "not", "never",
           "no longer", "neither", "nor", "because", "which", "while", "than", "if", "given", "assuming", "of them",
           "wrong", "incorrect", "false", "be", "ſ", "K", "İ", "é", "答案是", "would", "as the", "with", "each"]
texts = st.lists(st.sampled_from(_PIECES), max_size=14).map("".join)


@settings(max_examples=1500, deadline=None)
@given(text=texts, letters=st.sampled_from(["AB", "ABC", "ABCD", "ABCDEFGHI", "ABCDEFGHIJKL"]), shown=st.booleans(),
       own=st.sampled_from([frozenset(), frozenset({"A"}), frozenset({"B", "C"})]))
def test_letters_named_is_the_scan_of_every_pattern(text, letters, shown, own):
    """letters_named leaves out the patterns a text cannot match; scanning all of them finds the same letters."""
    every = scan_letters(text, letter_patterns(letters), shown, own, _ROLE_LABEL.match(text), (True,) * 8)
    assert letters_named(text, letters, shown, own) == every, text


@settings(max_examples=1500, deadline=None)
@given(text=texts, letters=st.sampled_from(["AB", "ABCD", "ABCDEFGHIJKL"]))
def test_a_pattern_said_not_to_match_does_not(text, letters):
    lowered = text.lower() if text.isascii() else None
    may = _may_name(text, lowered, _capital(letters).search(text) is not None)
    for pattern, possible in zip(letter_patterns(letters), may, strict=True):
        assert possible or pattern.search(text) is None, (text, pattern.pattern)


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


_INDEXED = [("Image 1", "Image 2", "Image 3"), ("the first video", "the second video"), ("(a)", "(b)", "(c)"),
            ("Box A", "Box B", "Box C"), ("A is closer", "B is closer"),
            ("Figure 1", "Figure 2", "Figure 3", "Figure 4")]


@settings(max_examples=1500, deadline=None)
@given(text=texts.map(str.lower) | texts, choices=st.sampled_from(_INDEXED))
def test_the_options_alternation_matches_where_one_option_does(text, choices):
    options = O.option_set(choices)
    assert options.kind in ("indexed", "labelled") and options.any_pattern is not None
    assert (options.any_pattern.search(text) is not None) == any(p.search(text) for p in options.patterns), text


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
