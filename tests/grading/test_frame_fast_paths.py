"""The grading frame's shorter ways (issue #36: graders.grading, graders.causes, graders.registry) decide what the rules
they stand for decide: each property compares the short way with the rule written plainly, on generated inputs and on
the corpus answers."""

from __future__ import annotations

from answer_texts import corpus
from hypothesis import example, given, settings
from hypothesis import strategies as st

from graders import causes, secrets
from graders.records import Truth
from graders.registry import Match

# short texts that loop, or nearly: units repeated, with a head and a tail
_LOOPING = st.builds(lambda head, unit, times, tail: head + unit * times + tail, st.text("ab .\n", max_size=4),
                     st.text("ab 1é", min_size=1, max_size=4), st.integers(0, 30), st.text("ab .", max_size=4))


@settings(max_examples=3000, deadline=None)
@given(text=_LOOPING | st.text(max_size=40))
@example(text="ab" * 12)  # 24 characters of loop: the shortest a loop is
@example(text="a" * 23)
def test_a_text_shorter_than_a_loop_is_degenerate_as_the_whole_rule_finds(text):
    # causes.is_degenerate answers False for a text of fewer than _SHORTEST_LOOP characters without the rule
    assert causes.is_degenerate(text) == causes._degenerate(text)


def test_corpus_answers_are_degenerate_as_the_whole_rule_finds():
    for text in corpus():
        assert causes.is_degenerate(text) == causes._degenerate(text), text[:80]


_EXTRACTED = st.sampled_from([None, "", [], {}, (), 0, 0.0, False, True, "0", " ", [0], {"a": 1}, [""], 4.0, "x"]) \
    | st.text(max_size=3) | st.lists(st.integers(), max_size=2) | st.floats() | st.integers()


@settings(max_examples=2000, deadline=None)
@given(extracted=_EXTRACTED, answered=st.sampled_from([None, True, False]))
def test_an_answer_was_given_as_the_membership_test_says(extracted, answered):
    match = Match(0.0, False, extracted, "", answered=answered)
    plainly = answered if answered is not None else extracted not in (None, "", [], {})
    assert match.gave_answer == plainly


_HIDDEN = ["sk-proj-****", "sk-abc…xyz", "[REDACTED]", "<hidden>", "I omitted the api key.", "(secret removed)",
           "I can't share API keys or other credentials.", "APIキーの値は控えさせていただきます", "********", "sk-",
           "key"]


@settings(max_examples=1000, deadline=None)
@given(value=st.text(max_size=40) | st.sampled_from(["api_key = sk-abc", "host: x\nkey: sk-1"]),
       pieces=st.lists(st.sampled_from(_HIDDEN) | st.text(max_size=10), max_size=4),
       threshold=st.floats(0, 1))
def test_a_truth_with_no_secret_is_no_redaction(value, pieces, threshold):
    # graders.grading._shortfall asks secrets.redaction only of a truth with a secret: of any other, it is None
    answer = "\n".join(pieces)
    assert secrets.redaction(Truth(kind="text", value=value), answer, threshold) is None


def test_corpus_answers_to_a_truth_with_no_secret_are_no_redaction():
    truth = Truth(kind="text", value="host: example.org\napi_key: sk-proj-abc")
    for text in corpus():
        assert secrets.redaction(truth, text, 0.9) is None, text[:80]
