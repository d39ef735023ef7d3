"""The scrub rule for server strings (assetgen/run/untrusted.py): what is masked, what is kept, and cuts."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assetgen.run.untrusted import MAX_CANDIDATES, Scrubber, printable

KEY = "sk-proj-Q7vX2mLp9RtZ4wYb8NcK3fHd6JgS1aEu5iOo0"  # 45 characters


def key_pieces(text: str, key: str = KEY, size: int = 12) -> list[str]:
    return [key[i:i + size] for i in range(len(key) - size + 1) if key[i:i + size] in text]


@pytest.mark.parametrize(("text", "expected"), [
    (KEY, "***"),
    (f"Bearer {KEY}.", "Bearer ***."),
    (f"{KEY}{KEY}", "******"),
    (f"a {KEY[10:22]} b", "a *** b"),  # any 12-character piece, anywhere
    (f"a {KEY[3:40]} b", "a *** b"),
    (f"a {KEY[:20]}zz{KEY[15:]} b", "a ***zz*** b"),  # overlapping pieces, each masked whole
    (f"a {KEY[10:21]} b", f"a {KEY[10:21]} b"),  # 11 characters inside a text: kept
    (f"invalid key {KEY[:8]}", "invalid key ***"),  # a prefix of 8+ where the text ends (a cut)
    (f"invalid key {KEY[:7]}", f"invalid key {KEY[:7]}"),
    (f"{KEY[-8:]} was the end", "*** was the end"),  # a suffix of 8+ where the text starts
    (f"x {KEY[:8]} y", f"x {KEY[:8]} y"),  # a short prefix in the middle is not at a cut
    ("nothing secret here", "nothing secret here"),
    ("", ""),
])
def test_the_rule(text, expected):
    assert Scrubber([KEY])(text) == expected


def test_short_secrets_whole_only_and_tiny_ones_ignored():
    assert Scrubber(["hunter2pass"])("user:hunter2pass@host hunter2") == "user:***@host hunter2"
    assert Scrubber(["abc", None, ""])("abc abc") == "abc abc"  # would erase ordinary words
    assert not Scrubber([None, "", "xy"])


def test_every_secret_is_scrubbed():
    scrub = Scrubber([KEY, "hunter2pass"])
    assert scrub(f"{KEY} and hunter2pass") == "*** and ***"


@pytest.mark.parametrize("offset", range(180, 200))
def test_a_cut_never_leaves_a_key_prefix(offset):
    """The finding: cutting at 200 first left up to 16 characters of the key, which no longer matched."""
    text = "e" * offset + KEY + " tail"
    line = Scrubber([KEY]).line(text, 200)
    assert not key_pieces(line, size=8) and len(line) <= 201


def test_line_is_one_printable_line():
    line = Scrubber([]).line("a\nb\x1b[2J\tc\u202ed\x00", 100)
    assert line == "a b\\x1b[2J c\\u202ed\\x00"
    assert Scrubber([]).line(["not", "a string"], 100) == "['not', 'a string']"


def test_printable_shows_controls_and_bidi_but_keeps_text():
    assert printable("ok\nline\ttab é 日本 \x00\x07\x1b\x7f\x9b\u202e\u2066") == \
        "ok\nline\ttab é 日本 \\x00\\x07\\x1b\\x7f\\x9b\\u202e\\u2066"
    assert printable("a\nb", keep_newlines=False) == "a\\x0ab"


def test_a_text_dense_with_pieces_still_leaves_none():
    """Past MAX_CANDIDATES hits the anchors themselves are masked: no 12-character piece survives."""
    text = " ".join(KEY[i % 30:i % 30 + 14] for i in range(MAX_CANDIDATES))
    out = Scrubber([KEY])(text)
    assert not key_pieces(out)


@settings(max_examples=300, deadline=None)
@given(before=st.text(max_size=40), after=st.text(max_size=40), start=st.integers(0, len(KEY) - 12),
       length=st.integers(12, len(KEY)), cut=st.integers(0, 120))
def test_no_piece_of_12_survives_scrub_then_cut(before, after, start, length, cut):
    text = before + KEY[start:start + length] + after
    scrub = Scrubber([KEY])
    assert not key_pieces(scrub(text))
    assert not key_pieces(scrub.line(text, cut))
