"""POLICY.md 2.7: a label the families draw, answered in another language with no English gloss, grades as the
English label, in a case about those labels; and each word names only its own label."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from graders import grade
from graders.languages import _LABEL_WORDS, LABELS, labels

WORDS = [(label, word) for label, words in _LABEL_WORDS.items() for word in words]
FRAMES = ("{}", "{}.", "**{}**", "Answer: {}", "最大的是 {}。", "Der größte Balken: {}", "La respuesta es {}.",
          "Ответ: {}")


def label_case(value: str) -> dict:
    return {"id": "t", "family": "bar_chart", "category": "c", "modality": "image",
            "prompt": "Which category has the largest value in this bar chart? Answer with its label.",
            "truth": {"kind": "text", "value": value}, "grader": {"name": "exact", "args": {}}}


def test_the_vocabulary_is_the_families_categories():
    from assetgen.generate.families.charts import CATEGORIES

    assert LABELS == set(CATEGORIES)


@settings(max_examples=300, deadline=None)
@given(pair=st.sampled_from(WORDS), frame=st.sampled_from(FRAMES), upper=st.booleans())
def test_a_translated_label_grades_as_the_english_label(pair, frame, upper):
    label, word = pair
    word = word.capitalize() if upper else word
    answer = frame.format(word)
    english = frame.format(label)
    right, wrong = label_case(label), label_case(next(x for x in sorted(LABELS) if x != label))
    for case in (right, wrong):
        said = grade(case, {"content": answer, "finish_reason": "stop"})
        meant = grade(case, {"content": english, "finish_reason": "stop"})
        assert said.verdict == meant.verdict, (answer, case["truth"]["value"], said.explanation)


@given(pair=st.sampled_from(WORDS))
def test_each_word_names_only_its_label(pair):
    label, word = pair
    assert labels(word).strip() == label


def test_nothing_is_translated_in_a_case_about_other_values():
    host = {**label_case("cerises-meadow.internal"),
            "prompt": "What is the value of host in this image? Answer with the value only."}
    assert grade(host, {"content": "cerises-meadow.internal", "finish_reason": "stop"}).verdict == "correct"
