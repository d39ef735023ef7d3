"""POLICY.md 7.1 on text whose case changes its length or crosses into ASCII: 'ſ' (long s) lowercases to itself
but casefolds to 's', 'İ' lowercases to two characters, 'ﬁ' and 'ß' casefold to two, the Kelvin sign 'K' and the
dotless 'ı' match 'k' and 'i' in a case-blind pattern. A rule that matches case-blind and then looks the match up
lowercased, or counts places in a lowercased copy of the text, must still give a grade: every such answer to every
golden choice case grades without a 'grader failed' error."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graders import grade
from graders.records import CaseSpec

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "cases.jsonl"
CHOICE_CASES = [c for c in (CaseSpec.model_validate_json(line) for line in GOLDEN.read_text().splitlines())
                if c.grader.name == "choice"]

# characters whose lower()/casefold() differs in length or lands on ASCII, each with the ASCII it stands in for
LOOKALIKES = {"s": ("ſ",), "k": ("K",), "i": ("ı", "İ"), "ss": ("ß", "ẞ"), "fi": ("ﬁ",), "fl": ("ﬂ",),
              "'n": ("ŉ",), "j": ("ǰ",), "I": ("İ",), "st": ("ﬆ",)}
WORDS = ["the ", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
         "last", " option", " choice", " one", " answer", "option ", "choice ", "one", "two", "three", "four",
         "five", "six", "seven", "eight", "Answer: ", "The answer is ", "I pick ", "I choose ", "(", ")", ". ",
         "\n", " ", "A", "B", "C", "D", "a", "b", "c", "d", "(a)", "(B)", "c)", "2.", "iii", "iv", "(ii)", "3",
         "Option ", "is ", "not ", "İ", "ſ", "ß", "ẞ", "ﬁ", "ŉ", "ǰ", "K", "ı", "ΐ", "ﬀ"]


@st.composite
def disguised(draw) -> str:
    """A word with some of its letters written as their look-alikes ('ſecond', 'Kı', 'ﬁrst')."""
    word = draw(st.sampled_from(WORDS))
    for plain, forms in LOOKALIKES.items():
        if plain in word and draw(st.booleans()):
            word = word.replace(plain, draw(st.sampled_from(forms)))
    return word


answers = st.lists(disguised(), min_size=1, max_size=8).map("".join)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(0, len(CHOICE_CASES) - 1), text=answers)
def test_case_changing_text_grades_without_error(index, text):
    case = CHOICE_CASES[index]
    result = grade(case, {"case_id": case.id, "content": text, "finish_reason": "stop"})
    assert result.verdict != "error", (text, result.explanation)


def test_long_s_ordinal_grades():
    """'the ſecond option' was a 'grader failed: ValueError' (the ordinal looked up lowercased, 'ſecond')."""
    for case in CHOICE_CASES:
        result = grade(case, {"case_id": case.id, "content": "the ſecond option", "finish_reason": "stop"})
        assert result.verdict != "error", (case.id, result.explanation)


def test_letter_folding_to_an_option_letter_grades():
    """'option İ and option a' for nine options (A-I): the case-blind 'option …' pattern took 'İ' for the letter I and
    it was looked up as 'İ' ('grader failed: ValueError', found by the property above). The letter is read as
    written: 'İ' is no option's label, and (a) is the one chosen."""
    nine = next(c for c in CHOICE_CASES if len(c.truth.choices or ()) == 9)
    for text in ("option İ and option a", " optionİ choose (a)", "I think option İ and option a."):
        result = grade(nine, {"case_id": nine.id, "content": text, "finish_reason": "stop"})
        assert result.verdict != "error", (text, result.explanation)
    result = grade(nine, {"case_id": nine.id, "content": "option İ and option a", "finish_reason": "stop"})
    assert result.extracted == "A", result.explanation
